// Per-family operand parsers, printers and defaults, dispatched by the family column of
// isa/classes.def. A family implements all three for its classes.
#pragma once

#include <string>

#include "asm/operand_parser.h"

namespace gfxasm::as {
#define GFXASM_FAMILY(fam)                                                                         \
  bool parse_##fam(ParseContext &ctx, Cursor &c, const isa::OperandDesc &d, unsigned idx,          \
                   isa::Inst &inst);                                                               \
  uint32_t default_##fam(const isa::OperandDesc &d);
GFXASM_FAMILY(scalar)
GFXASM_FAMILY(special)
GFXASM_FAMILY(valu)
GFXASM_FAMILY(vext)
GFXASM_FAMILY(memory)
GFXASM_FAMILY(misc)
#undef GFXASM_FAMILY
// Checks across a memory instruction's operands (see validateOperands).
bool validate_memory(ParseContext &ctx, isa::Inst &inst, uint32_t col);
bool validate_valu(ParseContext &ctx, isa::Inst &inst, uint32_t col); // VALU constant bus
bool validate_vext(ParseContext &ctx, isa::Inst &inst, uint32_t col); // DPP controls present
} // namespace gfxasm::as

namespace gfxasm::print {
struct PrintContext {
  bool wave64;
};
#define GFXASM_FAMILY(fam)                                                                         \
  void print_##fam(const PrintContext &pc, const isa::Inst &inst, unsigned idx, std::string &out);
GFXASM_FAMILY(scalar)
GFXASM_FAMILY(special)
GFXASM_FAMILY(valu)
GFXASM_FAMILY(vext)
GFXASM_FAMILY(memory)
GFXASM_FAMILY(misc)
#undef GFXASM_FAMILY
} // namespace gfxasm::print
