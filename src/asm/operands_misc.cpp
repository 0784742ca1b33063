// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Operands of the EXP, VINTERP, LDSDIR formats.
#include "asm/misc_operands.h"
#include "asm/operand_families.h"
#include "isa/arch_traits.h"
#include "isa/exp_targets.h"

namespace gfxasm::as {

using namespace isa;

namespace {

bool invalid(ParseContext &ctx, uint32_t col) {
  return ctx.fail(col, "invalid operand for instruction");
}

// Decimal digits without a leading zero, as llvm reads export target indices.
bool parseIndex(std::string_view s, unsigned &v) {
  if (s.empty() || s.size() > 3 || (s.size() > 1 && s[0] == '0')) return false;
  v = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return false;
    v = v * 10 + static_cast<unsigned>(ch - '0');
  }
  return true;
}

bool parseExpTarget(ParseContext &ctx, Cursor &c, OperandValue &v, const Inst &inst) {
  const Token &t = c.peek();
  if (t.kind != Tok::Identifier) return invalid(ctx, t.col);
  for (const exp::TargetRange &r : exp::kKnownTargets) {
    unsigned index = 0;
    if (r.count == 1 ? t.text != r.prefix
                     : t.text.substr(0, r.prefix.size()) != r.prefix ||
                           !parseIndex(t.text.substr(r.prefix.size()), index) || index >= r.count)
      continue;
    v.value = r.first + index;
    if (exp::targetName(inst.arch->traits->expTargets, v.value).empty())
      return ctx.fail(t.col, "exp target is not supported on this GPU");
    c.next();
    return true;
  }
  return ctx.fail(t.col, "invalid exp target");
}

// A single 32-bit VGPR, or with `half16` a true16 half vN.l / vN.h (reported in `high`).
bool parseVgpr(ParseContext &ctx, Cursor &c, bool half16, unsigned &index, bool &high) {
  const Token &start = c.peek();
  Reg r;
  if (!parseRegister(ctx, c, r)) return ctx.err.set ? false : invalid(ctx, start.col);
  if (r.file != RegFile::VGPR || r.count != 1 || (r.half != 0) != half16)
    return invalid(ctx, start.col);
  index = r.index;
  high = r.half == 2;
  return true;
}

// A .h operand sets its op_sel bit (the op_sel operand, if any, checks and adds its own later).
bool setHighHalf(ParseContext &ctx, uint32_t col, const OperandDesc &d, Inst &inst) {
  int sel = operandIndex(inst, Field::op_sel);
  if (sel < 0) return invalid(ctx, col);
  inst.ops[sel].value |= 1u << opSelBit(d.field);
  return true;
}

bool parseVgprOperand(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
                      Inst &inst) {
  uint32_t col = c.peek().col;
  unsigned index = 0;
  bool high = false;
  if (!parseVgpr(ctx, c, d.type == OpType::f16, index, high)) return false;
  v.value = d.cls == OpClass::mvgpr ? index : src::kVgpr0 + index;
  return !high || setHighHalf(ctx, col, d, inst);
}

bool acceptFunction(Cursor &c, std::string_view name) {
  if (!c.is(Tok::Identifier) || c.peek().text != name || c.peek(1).kind != Tok::LParen)
    return false;
  c.next();
  c.next();
  return true;
}

// A VGPR source with the float modifiers llvm accepts: -x, |x|, -|x|, neg(x), abs(x), neg(abs(x)).
bool parseModSource(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
                    Inst &inst) {
  const Token &start = c.peek();
  bool negFn = false, absBars = false, absFn = false;
  if (c.is(Tok::Minus) && c.peek(1).kind == Tok::Minus)
    return ctx.fail(start.col, "invalid syntax, expected 'neg' modifier");
  // (a minus before a comment is no neg modifier: see minusIsNegModifier)
  if (c.is(Tok::Minus) && !c.peek().commentAfter) {
    c.next();
    v.mods |= Mod_Neg;
  } else if (acceptFunction(c, "neg")) {
    negFn = true;
    v.mods |= Mod_Neg;
  }
  if (c.accept(Tok::Pipe))
    absBars = true;
  else
    absFn = acceptFunction(c, "abs");
  if (absBars || absFn) v.mods |= Mod_Abs;
  if ((v.mods & Mod_Neg) && c.is(Tok::Minus))
    return ctx.fail(c.peek().col, "failed parsing operand.");
  if (!parseVgprOperand(ctx, c, d, v, inst)) {
    // llvm reports an operand of the wrong kind at its first modifier.
    bool kindError =
        ctx.err.fixed && std::string_view(ctx.err.fixed) == "invalid operand for instruction";
    if (!kindError || ctx.err.col == start.col) return false;
    ctx.err = {};
    return invalid(ctx, start.col);
  }
  if (absBars && !c.accept(Tok::Pipe)) return ctx.fail(c.peek().col, "expected vertical bar");
  if (absFn && !c.accept(Tok::RParen))
    return ctx.fail(c.peek().col, "expected closing parentheses");
  if (negFn && !c.accept(Tok::RParen))
    return ctx.fail(c.peek().col, "expected closing parentheses");
  return true;
}

// llvm takes the modifiers of these formats only in the order it prints them, each once.
bool inPrintedOrder(ParseContext &ctx, const Token &name, unsigned idx, const Inst &inst) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t j = idx + 1; j < ops.size(); ++j)
    if (inst.ops[j].present && !isPositional(ops[j].cls)) return invalid(ctx, name.col);
  return true;
}

// name:N with N in the field's range (wait_exp:0..7, wait_vdst:0..15).
bool parseWait(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
               const Inst &inst) {
  const Token &name = c.next();
  if (!c.accept(Tok::Colon)) return invalid(ctx, name.col);
  const Token &t = c.peek();
  if (!startsValueExpr(t)) return ctx.fail(t.col, "unknown token in expression");
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  unsigned width = inst.arch->formatOf(*inst.desc).layout(d.field).width();
  if (e.value < 0 || e.value >= (int64_t{1} << width))
    return ctx.fail(name.col, "invalid " + std::string(name.text) + " value.");
  v.value = static_cast<uint32_t>(e.value);
  return true;
}

// op_sel:[b0,b1,b2,b3]. With true16 operands, a nonzero op_sel must agree with their .l/.h.
bool parseOpSel(ParseContext &ctx, Cursor &c, OperandValue &v, const Inst &inst) {
  const Token &name = c.next();
  if (!c.accept(Tok::Colon)) return invalid(ctx, name.col);
  if (!c.accept(Tok::LBrac)) return ctx.fail(c.peek().col, "expected a left square bracket");
  uint32_t bits = 0;
  for (unsigned k = 0;; ++k) {
    const Token &t = c.peek();
    if (!startsValueExpr(t)) return ctx.fail(t.col, "unknown token in expression");
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    if (e.value != 0 && e.value != 1)
      return ctx.fail(t.col, "invalid " + std::string(name.text) + " value.");
    bits |= static_cast<uint32_t>(e.value) << k;
    if (c.accept(Tok::RBrac)) break;
    if (k + 1 == kOpSelBits) return ctx.fail(c.peek().col, "expected a closing square bracket");
    if (!c.accept(Tok::Comma))
      return ctx.fail(c.peek().col, "expected a comma or a closing square bracket");
  }
  if (bits) {
    for (const OperandDesc &o : inst.arch->operandsOf(*inst.desc)) {
      uint32_t bit = 1u << opSelBit(o.field);
      if (o.type == OpType::f16 && (bits & bit) != (v.value & bit)) {
        ctx.deferCheck(name.col, "op_sel operand conflicts with 16-bit operand suffix", 0);
        break;
      }
    }
    v.mods |= kOpSelWritten;
  }
  v.value |= bits;
  return true;
}

// attrN.c: N in 0..32, c one of x y z w.
bool parseAttr(ParseContext &ctx, Cursor &c, OperandValue &v) {
  const Token &t = c.peek();
  if (t.kind != Tok::Identifier) return invalid(ctx, t.col);
  std::string_view s = t.text;
  if (s.substr(0, 4) != "attr") return ctx.fail(t.col, "invalid interpolation attribute");
  static constexpr std::string_view kChannels = "xyzw";
  size_t chan =
      s.size() >= 6 && s[s.size() - 2] == '.' ? kChannels.find(s.back()) : std::string_view::npos;
  if (chan == std::string_view::npos)
    return ctx.fail(t.col, "invalid or missing interpolation attribute channel");
  std::string_view num = s.substr(4, s.size() - 6);
  unsigned attr = 0;
  bool ok = !num.empty();
  for (char ch : num) {
    ok = ok && ch >= '0' && ch <= '9';
    attr = attr * 10 + static_cast<unsigned>(ch - '0');
    ok = ok && attr <= 255;
  }
  if (!ok) return ctx.fail(t.col, "invalid or missing interpolation attribute number");
  if (attr > kMaxAttribute) return ctx.fail(t.col, "out of bounds interpolation attribute number");
  v.value = attr * 4 + static_cast<unsigned>(chan);
  c.next();
  return true;
}

// `off` or a VGPR; a VGPR enables its source in the en mask. The export target comes before the
// first source (llvm prints it as part of the mnemonic; a comma after it is optional).
bool parseExpSource(ParseContext &ctx, Cursor &c, unsigned idx, Inst &inst) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  int en = operandIndex(inst, Field::en);
  int target = operandIndex(inst, Field::target);
  if (en < 0 || target < 0) return invalid(ctx, c.peek().col);
  if (!inst.ops[target].present) {
    inst.ops[target].present = true;
    if (!parseExpTarget(ctx, c, inst.ops[target], inst)) return false;
    c.accept(Tok::Comma);
  }
  if (c.is(Tok::Identifier) && c.peek().text == "off") {
    c.next();
    inst.ops[idx].value = 0;
    return true;
  }
  unsigned index = 0;
  bool high = false;
  if (!parseVgpr(ctx, c, false, index, high)) return false;
  inst.ops[idx].value = index;
  inst.ops[en].value |= 1u << expSourceSlot(ops, idx);
  return true;
}

// `compr`: llvm moves the third source written to the second (vsrc1) and drops the last two;
// each source left enables two bits of en (its packed halves).
bool parseCompr(Cursor &c, OperandValue &v, Inst &inst) {
  c.next();
  v.value = 1;
  int en = operandIndex(inst, Field::en), src1 = operandIndex(inst, Field::vsrc1),
      src2 = operandIndex(inst, Field::vsrc2), src3 = operandIndex(inst, Field::vsrc3);
  uint32_t written = inst.ops[en].value;
  inst.ops[src1].value = inst.ops[src2].value;
  inst.ops[src2].value = inst.ops[src3].value = 0;
  inst.ops[en].value = (written & 1 ? 0b0011 : 0) | (written & 4 ? 0b1100 : 0);
  return true;
}

// v_interp_mov's parameter: p10, p20 or p0; any other name is an invalid slot.
bool parseInterpParam(ParseContext &ctx, Cursor &c, OperandValue &v) {
  const Token &t = c.peek();
  if (t.kind != Tok::Identifier) return invalid(ctx, t.col);
  for (unsigned k = 0; k < kInterpParams.size(); ++k) {
    if (t.text != kInterpParams[k]) continue;
    v.value = k;
    c.next();
    return true;
  }
  return ctx.fail(t.col, "invalid interpolation slot");
}

} // namespace

unsigned expSourceSlot(std::span<const OperandDesc> ops, unsigned idx) {
  unsigned slot = 0;
  for (unsigned j = 0; j < idx; ++j) slot += ops[j].cls == OpClass::exp_src;
  return slot;
}

uint32_t default_misc(const OperandDesc &) {
  return 0;
}

bool parse_misc(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  if (d.cls == OpClass::mhidden) return ctx.fail(c.peek().col, "not a valid operand.");
  if (!isPositional(d.cls) && !inPrintedOrder(ctx, c.peek(), idx, inst)) return false;
  switch (d.cls) {
  case OpClass::exp_src: return parseExpSource(ctx, c, idx, inst);
  case OpClass::mvgpr: return parseVgprOperand(ctx, c, d, v, inst);
  case OpClass::msrc: return parseModSource(ctx, c, d, v, inst);
  case OpClass::mop_sel: return parseOpSel(ctx, c, v, inst);
  case OpClass::mwait: return parseWait(ctx, c, d, v, inst);
  case OpClass::mflag:
    v.value = c.peek().text == isa::fieldName(d.field); // (0 for noNAME)
    c.next();
    return true;
  case OpClass::lds_attr: return parseAttr(ctx, c, v);
  case OpClass::exp_compr: return parseCompr(c, v, inst);
  case OpClass::interp_param: return parseInterpParam(ctx, c, v);
  case OpClass::interp_op_sel:
    if (!parseOpSel(ctx, c, v, inst)) return false;
    v.value &= ~kInterpOpSelDropped;
    if (!v.value) v.mods &= static_cast<uint8_t>(~kOpSelWritten);
    return true;
  default: // exp_en is never written
    break;
  }
  return invalid(ctx, c.peek().col);
}

} // namespace gfxasm::as
