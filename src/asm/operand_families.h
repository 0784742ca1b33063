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
// Checks across a memory instruction's operands (see validateOperands).
bool validate_memory(ParseContext &ctx, isa::Inst &inst, uint32_t col);
bool validate_valu(ParseContext &ctx, isa::Inst &inst, uint32_t col); // VALU constant bus
bool validate_vext(ParseContext &ctx, isa::Inst &inst, uint32_t col); // DPP controls present
bool validate_mai(ParseContext &ctx, isa::Inst &inst, uint32_t col);  // MFMA register files
// A modifier word no operand of the entry took (see failAtUnmatchedModifier): true if the family
// reported llvm's error for it.
bool unmatched_memory(ParseContext &ctx, const isa::Inst &inst, const Token &word); // cache bits
bool unmatched_vext(ParseContext &ctx, const isa::Inst &inst, const Token &word);   // DPP, bitop3
} // namespace gfxasm::as
