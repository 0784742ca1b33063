// Operands of the VOP1/VOP2/VOPC/VOP3/VOP3SD/VOP3P/WMMA/DPP/VOPD formats.
#include "asm/operand_families.h"

namespace gfxasm::as {

using namespace isa;

uint32_t default_valu(const OperandDesc &) { return 0; }

bool parse_valu(ParseContext &ctx, Cursor &c, const OperandDesc &, unsigned, Inst &) {
  return ctx.fail(c.peek().col, "invalid operand for instruction");
}

} // namespace gfxasm::as
