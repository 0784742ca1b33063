// Operands of the VOP3P, WMMA, VOPD, DPP16 and DPP8 formats.
#include "asm/operand_families.h"

namespace gfxasm::as {

using namespace isa;

uint32_t default_vext(const OperandDesc &) { return 0; }

bool parse_vext(ParseContext &ctx, Cursor &c, const OperandDesc &, unsigned, Inst &) {
  return ctx.fail(c.peek().col, "invalid operand for instruction");
}

} // namespace gfxasm::as
