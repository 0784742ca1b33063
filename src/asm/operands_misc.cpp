// Operands of the EXP, VINTERP, LDSDIR formats.
#include "asm/operand_families.h"

namespace gfxasm::as {

using namespace isa;

uint32_t default_misc(const OperandDesc &) { return 0; }

bool parse_misc(ParseContext &ctx, Cursor &c, const OperandDesc &, unsigned, Inst &) {
  return ctx.fail(c.peek().col, "invalid operand for instruction");
}

} // namespace gfxasm::as
