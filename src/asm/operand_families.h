// Per-family operand parsers, printers and defaults, dispatched by the family column of
// isa/classes.def. A family implements all three for its classes.
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
// Checks across a memory instruction's operands (see validateOperands).
bool validate_memory(ParseContext &ctx, isa::Inst &inst, uint32_t col);
bool validate_valu(ParseContext &ctx, isa::Inst &inst, uint32_t col); // VALU constant bus
bool validate_vext(ParseContext &ctx, isa::Inst &inst, uint32_t col); // DPP controls present
} // namespace gfxasm::as

namespace gfxasm::print {
struct PrintContext {
  bool wave64;
};
#define FAMILY(fam)                                                                                \
  void print_##fam(const PrintContext &pc, const isa::Inst &inst, unsigned idx, std::string &out);
#include "isa/families.def"
#undef FAMILY
} // namespace gfxasm::print
