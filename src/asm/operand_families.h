// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Per-family operand parsers and defaults, dispatched by the family column of
// isa/classes.def (the printers: print/print_util.h). A family implements all for its classes.
#pragma once

#include <string>

#include "asm/operand_parser.h"

namespace gfxasm::as {
#define FAMILY(fam)                                                                                \
  bool parse_##fam(ParseContext &ctx, Cursor &c, const isa::OperandDesc &d, unsigned idx,          \
                   isa::Inst &inst);                                                               \
  uint32_t default_##fam(const isa::OperandDesc &d);
#include "isa/families.def"
#undef FAMILY
// A register already read where scalar operand `d` stands (sreg, sreg_nonull, sreg_null,
// smem_sdata, ssrc): parse_scalar's checks and encoding, for the families that read the register
// themselves first (VALU sources and lane masks).
bool takeScalarRegister(ParseContext &ctx, uint32_t col, const isa::OperandDesc &d,
                        const isa::Reg &r, isa::OperandValue &v);
// gfx9's split MTBUF format before the soffset (dfmt:D, nfmt:N) read as llvm's parser reads it
// (its errors are the parser's: "out of range dfmt", ...), the value dropped.
bool parseSplitFormatWords(ParseContext &ctx, Cursor &c);
// Checks across a memory instruction's operands (see validateOperands).
bool validate_memory(ParseContext &ctx, isa::Inst &inst, uint32_t col);
// What validate_memory reads of an entry's operand list; the assembler computes it once per
// entry (ParseContext::memoryFacts).
struct MemoryEntryFacts {
  bool memory = false;   // a VMEM or DS entry (the others have nothing to check)
  bool image = false;    // it has an image address (validateImage)
  int8_t acc = -1;       // its acc operand (set by the data registers), or -1
  uint32_t required = 0; // operands that must be present: required flags, a buffer soffset
  uint32_t flagVgpr = 0; // mem_flag_vgpr operands (0 with AGPR data)
};
MemoryEntryFacts memoryEntryFacts(const isa::ArchTables &arch, const isa::InstrDesc &desc);
bool validate_valu(ParseContext &ctx, isa::Inst &inst, uint32_t col); // VALU constant bus
// llvm's first check after matching: where lds_direct was read (validate_valu's start).
bool validateLdsDirect(ParseContext &ctx, const isa::Inst &inst);
// What validate_valu reads of an entry besides its operands (its format's and name's kind), as
// bits; the assembler computes it once per entry (ParseContext::valuFacts).
enum ValuFacts : uint32_t {
  kValuFactsComputed = 1,
  kValuBus = 2,          // a VOP form whose constant bus is checked (not VOP3P, VOPD)
  kValuVop3 = 4,         // VOP3 and its variants, not VOP3P
  kValuVop2 = 8,         // (VOP2's last operand may be its implicit carry in)
  kValuVop2Sdwa = 16,    // (VOP2_SDWA's one after src1 too)
  kValuVop3sd = 32,      // (takes no abs outside src1 on some architectures)
  kValuSdwa = 64,        // (takes no lds_direct)
  kValuReversed = 128,   // *rev* instructions (take no lds_direct)
  kValuDivFmas = 256,    // v_div_fmas_*: reads vcc without naming it
  kValuBusOfOne = 512,   // the 64-bit shifts: a constant bus of one value
  kValuWritelane = 1024, // v_writelane_b32: its m0 lane select takes no place on the bus
};
uint32_t valuEntryFacts(const isa::ArchTables &arch, const isa::InstrDesc &desc);
bool validate_vext(ParseContext &ctx, isa::Inst &inst, uint32_t col); // DPP controls present
// The part of validate_vext llvm's matcher does (a DPP form's literal, its control left out).
bool dppOperandsMatch(ParseContext &ctx, const isa::Inst &inst, uint32_t col);
bool validate_mai(ParseContext &ctx, isa::Inst &inst, uint32_t col); // MFMA register files
// A modifier word no operand of the entry took (see failAtUnmatchedModifier): true if the family
// reported llvm's error for it.
bool unmatched_memory(ParseContext &ctx, const isa::Inst &inst, const Token &word); // cache bits
// Whether a field is a cache-policy bit (glc, slc, dlc, scc; gfx940's sc0, sc1, nt).
bool isCachePolicy(isa::Field f);
bool unmatched_vext(ParseContext &ctx, const isa::Inst &inst, const Token &word); // DPP, bitop3
} // namespace gfxasm::as
