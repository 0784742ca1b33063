// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// What differs between architectures beyond their generated instruction tables: the register
// file of the source encoding and the special operands' layouts and names. Reached from any
// instruction through its tables (inst.arch->traits).
#pragma once

#include <span>

#include "isa/exp_targets.h"
#include "isa/isa.h"
#include "isa/operand_names.h"
#include "isa/registers.h"

namespace gfxasm::isa {

struct ArchTraits {
  const RegisterSet &registers;
  const WaitcntLayout &waitcnt;
  const HwregNames &hwregs;
  const MessageNames &messages;
  std::span<const exp::TargetRange> expTargets;
  // VALU rules: 16-bit VGPR halves (v1.l, v1.h), how many scalar values an instruction may read
  // (the constant bus), and whether VOP3 takes a literal.
  bool true16;
  unsigned constantBusLimit;
  bool vop3Literal;
  bool carryOmittable; // an e32 form's implicit vcc carry-in and carry-out may be left out
  bool vop3bAbs;       // VOP3SD sources take abs (gfx9: src1 alone, which llvm prints but drops)
  // gfx9: with an e32 form's implicit vcc left out, llvm reads the first operand written with its
  // plain parser (no modifiers: "not a valid operand."; abs/neg without '(' are symbols). gfx11
  // reads it as the source (see implicitOmissionRejected).
  bool plainOperandAfterOmittedVcc;
  // Memory: what a FLAT saddr of `off` encodes as (gfx11: null; gfx9, which has no null: 0x7f),
  // and whether MTBUF formats are split into data and numeric formats (gfx9:
  // format:[BUF_DATA_FORMAT_*,BUF_NUM_FORMAT_*], only after the soffset) or unified (gfx11).
  unsigned saddrOff;
  bool splitBufferFormat;
  // gfx9's DPP: the wave_shl/rol/shr/ror:1 and row_bcast:15/31 controls (gfx10+ has row_share
  // and row_xmask instead), bound_ctrl:0 sets the bit as bound_ctrl:1 does, and row_newbcast and
  // DPP on 64-bit operands where the target has them (Target::dpAluDpp).
  bool gfx9Dpp = false;
  // For an architecture whose tables hold only some families so far: which ("scalar
  // instructions (SOP1, ...)"), said in a note after an unknown mnemonic or encoding. Empty: all.
  std::string_view coverage = {};
};

inline const RegisterSet &registersOf(const ArchTables &arch) {
  return arch.traits->registers;
}

} // namespace gfxasm::isa
