// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the parser, printer and decoder of the vext classes.
#pragma once

#include <cstdint>
#include <string_view>

#include "isa/arch_traits.h"
#include "isa/inst.h"
#include "isa/isa.h"

namespace gfxasm::as {

struct ParseContext;
struct Cursor;

// `:` and an absolute expression (the value of a `name:N` modifier).
bool parseColonValue(ParseContext &ctx, Cursor &c, int64_t &value);

// The source modifiers (Mod_Neg, Mod_Abs) a DPP VGPR class takes.
constexpr uint8_t dppSourceMods(isa::OpClass c) {
  using isa::OpClass;
  switch (c) {
  case OpClass::dpp_vreg_mod:
  case OpClass::dpp_vreg_lo_mod:
  case OpClass::dpp3_vgpr_mod: return isa::Mod_Neg | isa::Mod_Abs;
  case OpClass::dpp_vreg_neg:
  case OpClass::dpp_vreg_lo_neg:
  case OpClass::dpp3_vgpr_neg: return isa::Mod_Neg;
  case OpClass::dpp_vreg_abs:
  case OpClass::dpp_vreg_lo_abs: return isa::Mod_Abs;
  default: return 0;
  }
}

// Number of source operands (src0..src2) of the instruction: the width of its op_sel arrays.
inline unsigned sourceCount(const isa::Inst &inst) {
  unsigned n = 0;
  for (const isa::OperandDesc &o : inst.arch->operandsOf(*inst.desc))
    n += o.field == isa::Field::src0 || o.field == isa::Field::src1 || o.field == isa::Field::src2;
  return n;
}

// The classes of a DPP VGPR operand in an 8-bit field (VOP1/VOP2/VOPC DPP forms), and those of
// them that hold only v0-v127 (fake16 16-bit operands: llvm's VGPR_32_Lo128).
constexpr bool isDppVregLo128(isa::OpClass c) {
  using isa::OpClass;
  return c == OpClass::dpp_vreg_lo || c == OpClass::dpp_vreg_lo_mod ||
         c == OpClass::dpp_vreg_lo_neg || c == OpClass::dpp_vreg_lo_abs;
}
constexpr bool isDppVreg(isa::OpClass c) {
  using isa::OpClass;
  return isDppVregLo128(c) || c == OpClass::dpp_vreg || c == OpClass::dpp_vreg_mod ||
         c == OpClass::dpp_vreg_neg || c == OpClass::dpp_vreg_abs;
}

// llvm's DP ALU DPP forms: a DPP form with a 64-bit VGPR operand (gfx9), which gfx90a and later
// take with row_newbcast only.
inline bool isDpAluDpp(const isa::Inst &inst) {
  if (!inst.arch->traits->gfx9Dpp) return false;
  for (const isa::OperandDesc &o : inst.arch->operandsOf(*inst.desc))
    if (isDppVreg(o.cls) && isa::typeBits(o.type) == 64) return true;
  return false;
}
// DPP16 / DPP8 forms: their formats have the lane control fields.
inline bool isDppForm(const isa::Inst &inst) {
  const isa::FormatDesc &f = inst.arch->formatOf(*inst.desc);
  return f.layout(isa::Field::dpp_ctrl).count || f.layout(isa::Field::dpp8).count;
}
constexpr uint32_t kDppRowNewBcastFirst = 0x150, kDppRowNewBcastLast = 0x15f;

// Whether `word` names a DPP control (quad_perm, row_shl, ...) of the architecture and target:
// llvm's parser takes no other (row_share on gfx9, row_newbcast before gfx90a).
bool isDppControlWord(const isa::ArchTables &arch, bool dpAluDpp, std::string_view word);

// gfx9 SDWA: a source's 9-bit field holds its encoding with bit 8 flipped (set: not a VGPR);
// the Inst keeps the field's value, which these flip back.
constexpr uint32_t kSdwaScalarBit = 0x100;
constexpr bool isSdwaSource(isa::OpClass c) {
  return c == isa::OpClass::sdwa_src || c == isa::OpClass::sdwa_src_mod ||
         c == isa::OpClass::sdwa_src_sext;
}
// VOPC SDWA's sdst: bit 7 set for an SGPR pair (its encoding below), clear for vcc.
constexpr uint32_t kSdwaSdstScalar = 0x80;
// The select and unused-bits names, by value (a select's default is DWORD, 6; dst_unused's is
// UNUSED_PRESERVE, 2).
inline constexpr std::string_view kSdwaSelNames[] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                                     "WORD_0", "WORD_1", "DWORD"};
inline constexpr std::string_view kSdwaUnusedNames[] = {"UNUSED_PAD", "UNUSED_SEXT",
                                                        "UNUSED_PRESERVE"};
constexpr uint32_t kSdwaSelDword = 6, kSdwaUnusedPreserve = 2;

} // namespace gfxasm::as
