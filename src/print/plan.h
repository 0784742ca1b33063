// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The printer's per-entry plans (printer.cpp builds them on first use) and their fast forms,
// shared with the decoder's direct path (src/decode/direct.cpp), which prints the commonest
// instructions from their bytes by the same forms without an isa::Inst.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "isa/constants.h"
#include "isa/inst.h"
#include "isa/registers.h"
#include "print/print_util.h"
#include "print/writer.h"

namespace gfxasm::print {

// How printInst prints an entry, found once per entry (and processor kind): its mnemonic, and
// per operand the function that prints it and how it is placed, so that printing an operand is
// one call, with no dispatch on its class. The commonest operands also get a `fast` form that
// printInst writes itself, with what the entry fixes worked out here (the register count, the
// modifier's text with its space and colon): a register (the function is called for what the
// form does not cover, e.g. a note or a modifier), a flag or a named decimal (always complete).
struct PrintOp {
  enum Placement : uint8_t {
    Positional = 1, // after " " (the first) or ", "
    Optional = 2,   // (Positional) left out with its separator when it prints nothing
    PairStart = 4,  // (Positional) the second half of a dual-issue pair starts here: " :: Y"
    Silent = 8,     // a modifier that prints nothing when its value and modifiers are 0
    Raw = 16,       // a modifier that writes its own space
  };
  enum Fast : uint8_t {
    None,
    Vgprs,       // (positional) the value is the first VGPR: v5, v[4:7]
    VgprSource,  // a 9-bit source encoding that prints here only as VGPRs (256 + n)
    Source,      // a 9-bit source encoding: VGPRs, SGPRs (below numSgprs) or an inline integer
    ScaledSgprs, // the value << `shift` is the first scalar register (srsrc, sbase)
    Sgprs,       // the value is the first SGPR, below the architecture's count (flat_saddr)
    Flag,        // (modifier) `text` when the value is not 0
    Decimal,     // (modifier) `text` and the value in decimal when it is not 0
    Signed13,    // Decimal of a 13-bit signed value
    Text,        // (modifier) `text`, always
    HexDigit,    // (modifier) `text` ("0x" at its end) and the value's hex digit, always
    // (`direct` only: printInst calls the printer, the decoder's direct path writes these)
    Nothing, // (modifier) nothing, whatever the value (bits its printer never shows)
    Word,    // (positional) `text` whatever the value ("off")
    Vcc,     // (positional) vcc_lo, vcc in wave64, whatever the value
  };
  PrintFn print;
  uint8_t placement; // Placement bits; none: a modifier after a space, dropped if it prints nothing
  Fast fast = None;
  Fast direct = None;   // (Nothing, Word, Vcc) the direct path's form where `fast` has none
  uint8_t dwords = 0;   // (registers) the operand's registers; 0: the wave size's lane mask
  bool oddNote = false; // (registers) an odd first register of a tuple may take llvm's note
  // (Source) every register the encoding names prints as isa::putRegister writes it (the VALU
  // sources and lane masks, whose printers add nothing to a register without modifiers), not
  // only VGPRs and SGPRs below numSgprs
  bool anyRegister = false;
  uint8_t shift = 0;       // (ScaledSgprs)
  uint8_t accIndex = 0xff; // (Vgprs) the entry's acc operand: the form holds while it is 0
  uint16_t vgprLimit = isa::src::kNumVgprs; // (Vgprs, VgprSource) VGPRs from here: the printer's
  uint8_t textSize = 0;
  char text[16] = {}; // (modifiers) " glc", " offset:" (read as 16 bytes)
};
struct PrintPlan {
  std::string_view mnemonic, second; // second: a dual-issue pair's (VOPD) Y half
  unsigned count;
  PrintOp ops[isa::kMaxOperands];
};

// The plan of entry `desc` of `arch` (built on first use, kept for the program's life).
const PrintPlan &planOf(const isa::ArchTables &arch, const isa::InstrDesc &desc,
                        bool alignedVgprTuples);

// The fast form of a register operand (PrintOp::fast) for encoding `enc` without modifiers, or
// false when the value needs the operand's printer (a constant or register the form does not
// cover, a note). (The caller checks the modifiers and the acc operand.)
[[gnu::always_inline]] inline bool printFastRegisters(const PrintOp &op, uint32_t enc,
                                                      const isa::RegisterSet &regs, bool wave64,
                                                      Writer &out) {
  namespace src = isa::src;
  unsigned dwords = op.dwords ? op.dwords : wave64 ? 2 : 1;
  char *p = out.room(isa::kMaxRegisterText);
  if (op.fast == PrintOp::ScaledSgprs || op.fast == PrintOp::Sgprs) {
    if (op.fast == PrintOp::Sgprs && enc >= regs.numSgprs) return false;
    char *end = isa::putRegister(regs, enc << op.shift, dwords, p);
    if (!end) return false;
    out.advance(end);
    return true;
  }
  if (op.fast != PrintOp::Vgprs) {
    if (enc >= src::kVgpr0) {
      enc -= src::kVgpr0;
    } else if (op.fast == PrintOp::VgprSource) {
      return false;
    } else if (enc < regs.numSgprs && dwords == 1) {
      *p = 's';
      out.advance(isa::putSmallDecimal(p + 1, enc));
      return true;
    } else if (enc >= src::kIntZero && enc <= src::kIntNegMin) {
      return printInlineConstant(enc, isa::OpType::b32, out);
    } else if (enc < regs.numSgprs || op.anyRegister) {
      char *end = isa::putRegister(regs, enc, dwords, p);
      if (!end) return false;
      out.advance(end);
      return true;
    } else {
      return false;
    }
  }
  if (enc >= op.vgprLimit || (op.oddNote && (enc & 1))) return false;
  if (dwords == 1) {
    *p = 'v';
    out.advance(isa::putSmallDecimal(p + 1, enc));
  } else {
    out.advance(isa::putVgprs(enc, dwords, p));
  }
  return true;
}

// The fast form of a modifier: its text, and for offsets the value.
// False: the value needs the operand's printer (HexDigit's above 15).
[[gnu::always_inline]] inline bool printFastModifier(const PrintOp &op, uint32_t v, Writer &out) {
  if (!v && op.fast != PrintOp::Text && op.fast != PrintOp::HexDigit) return true;
  if (op.fast == PrintOp::HexDigit && v > 15) return false;
  char *p = out.room(sizeof op.text + 24);
  std::memcpy(p, op.text, sizeof op.text);
  p += op.textSize;
  if (op.fast == PrintOp::HexDigit) *p++ = "0123456789abcdef"[v];
  out.advance(p);
  if (op.fast == PrintOp::Decimal) {
    appendDecimal(out, v);
  } else if (op.fast == PrintOp::Signed13) {
    appendSignedDecimal(out, signExtend(v, 13));
  }
  return true;
}

} // namespace gfxasm::print
