// Operands of the scalar formats (SOP1/SOP2/SOPK/SOPC/SOPP, SMEM) and the generic classes.
#include "asm/operand_families.h"
#include "gfxasm/gfxasm.h"
#include "isa/constants.h"

namespace gfxasm::as {

using namespace isa;

namespace {

bool parseScalar(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v, Inst &inst) {
  const Token &start = c.peek();
  Reg r;
  unsigned dwords = typeDwords(d.type, ctx.target.wave64());
  if (parseRegister(ctx, c, r)) {
    if (!isScalarFile(r)) return ctx.fail(start.col, "invalid operand for instruction");
    if (d.cls != OpClass::ssrc && !isScalarDestination(r))
      return ctx.fail(start.col, "invalid operand for instruction");
    if (d.cls == OpClass::sreg_nonull && r.file == RegFile::Special && r.index == src::kNull)
      return ctx.fail(start.col, "invalid operand for instruction");
    if (!regWidthOk(r, dwords)) return ctx.fail(start.col, "invalid operand for instruction");
    v.value = sourceEncoding(r);
    return true;
  }
  if (ctx.err.set) return false;
  if (d.cls != OpClass::ssrc) return ctx.fail(start.col, "invalid operand for instruction");
  return parseSourceImmediate(ctx, c, d, v, inst);
}

bool parseImm16(ParseContext &ctx, Cursor &c, OperandValue &v) {
  const Token &start = c.peek();
  if (!startsExpr(start)) return ctx.fail(start.col, "invalid operand for instruction");
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  if (e.value < -32768 || e.value > 65535) return ctx.fail(start.col, "invalid operand for instruction");
  v.value = static_cast<uint32_t>(e.value) & 0xffff;
  return true;
}

bool parseLabel(ParseContext &ctx, Cursor &c, unsigned idx, OperandValue &v, Inst &inst) {
  const Token &start = c.peek();
  if (!startsExpr(start)) return ctx.fail(start.col, "invalid operand for instruction");
  ExprResult e = parseExpr(c, ctx.syms, /*allowSymbolic=*/true);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  if (e.kind == ExprResult::Kind::Symbolic) {
    inst.labelOperand = static_cast<int>(idx);
    inst.labelSymbol = e.symbol;
    v.value = 0;
    return true;
  }
  if (e.value < -32768 || e.value > 65535) return ctx.fail(start.col, "invalid operand for instruction");
  v.value = static_cast<uint32_t>(e.value) & 0xffff;
  return true;
}

bool parseSmemOffset(ParseContext &ctx, Cursor &c, OperandValue &v) {
  const Token &start = c.peek();
  if (!startsExpr(start)) return ctx.fail(start.col, "invalid operand for instruction");
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  if (e.value < -(1 << 20) || e.value >= (1 << 20))
    return ctx.fail(start.col, "expected a 21-bit signed offset");
  v.value = static_cast<uint32_t>(e.value) & 0x1fffff;
  v.present = true;
  return true;
}

} // namespace

uint32_t default_scalar(const OperandDesc &d) {
  return d.cls == OpClass::smem_soffset ? src::kNull : 0;
}

bool parse_scalar(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  switch (d.cls) {
  case OpClass::sreg:
  case OpClass::sreg_nonull:
  case OpClass::ssrc:
    return parseScalar(ctx, c, d, v, inst);
  case OpClass::sbase: {
    OperandDesc regDesc = d;
    regDesc.cls = OpClass::sreg_nonull;
    if (!parseScalar(ctx, c, regDesc, v, inst)) return false;
    v.value >>= 1;
    return true;
  }
  case OpClass::smem_soffset: {
    Reg r;
    const Token &start = c.peek();
    if (parseRegister(ctx, c, r)) {
      if (!isScalarDestination(r) || r.count != 1) return ctx.fail(start.col, "invalid operand for instruction");
      v.value = sourceEncoding(r);
      return true;
    }
    if (ctx.err.set) return false;
    // An immediate here is the offset field, with soffset null.
    int off = operandIndex(inst, Field::offset);
    if (off < 0) return ctx.fail(start.col, "invalid operand for instruction");
    v.value = src::kNull;
    return parseSmemOffset(ctx, c, inst.ops[off]);
  }
  case OpClass::smem_offset:
    c.next(); // `offset`
    if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
    return parseSmemOffset(ctx, c, v);
  case OpClass::imm16:
    return parseImm16(ctx, c, v);
  case OpClass::simm32: {
    const Token &start = c.peek();
    if (!startsExpr(start)) return ctx.fail(start.col, "invalid operand for instruction");
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    uint32_t lit;
    if (!literalOfInt(e.value, OpType::b32, lit)) return ctx.fail(start.col, "invalid operand for instruction");
    v.value = lit;
    inst.hasLiteral = true;
    inst.literal = lit;
    return true;
  }
  case OpClass::label:
    return parseLabel(ctx, c, idx, v, inst);
  case OpClass::flag:
    v.value = 1;
    c.next();
    return true;
  default:
    break;
  }
  return ctx.fail(c.peek().col, "invalid operand for instruction");
}

} // namespace gfxasm::as
