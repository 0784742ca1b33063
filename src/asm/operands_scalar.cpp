// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Operands of the scalar formats (SOP1/SOP2/SOPK/SOPC/SOPP, SMEM) and the generic classes.
#include <bit>

#include <fmt/format.h>

#include "asm/operand_families.h"
#include "asm/valu_operands.h"
#include "gfxasm/gfxasm.h"
#include "isa/arch_traits.h"
#include "isa/constants.h"

namespace gfxasm::as {

using namespace isa;

namespace {

constexpr const char *kInvalid = "invalid operand for instruction";

bool isSpecial(const Reg &r, unsigned encoding) {
  return r.file == RegFile::Special && r.index == encoding;
}

// Registers llvm names everywhere that the architecture lacks: an error of their own in scalar
// operands.
bool checkAvailable(ParseContext &ctx, uint32_t col, const Reg &r) {
  if (r.file != RegFile::Special || !(r.flags & Reg_NotInScalar)) return true;
  std::string name;
  printRegister(targetRegisters(ctx), r.index, 1, name);
  return ctx.fail(col, name + " register not available on this GPU");
}

// Whether register `r` may stand in an operand of class `cls` (width checked separately).
bool registerFitsClass(const RegisterSet &rs, const Reg &r, OpClass cls, unsigned dwords) {
  // src_scc counts as a 32-bit scalar register wherever one is written (llvm's SReg_32 has it).
  bool scc32 = dwords == 1 && isSpecial(r, src::kScc);
  bool writable = isScalarDestination(r) && (dwords == 1 || !(r.flags & Reg_Writable32));
  switch (cls) {
  case OpClass::ssrc:
  case OpClass::ssrc_inline: return isScalarFile(r) && !isSpecial(r, src::kLdsDirect);
  case OpClass::sreg: return writable || scc32;
  case OpClass::sreg_nonull: return writable && !isSpecial(r, rs.null);
  case OpClass::smem_sdata: // (no m0 or exec)
    return scc32 || (writable && !isSpecial(r, rs.m0) && !isSpecial(r, src::kExecLo) &&
                     !isSpecial(r, src::kExecHi));
  default: return false;
  }
}

// A number or lit(number) in a scalar source: inline constant or literal by the operand's type,
// with the VALU's rules (the same in llvm), except that a 64-bit integer source takes only the
// exact double inline floats.
bool parseSourceConstant(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx,
                         OperandValue &v, Inst &inst) {
  const Token &start = c.peek();
  bool forced =
      start.kind == Tok::Identifier && isLitWord(start.text) && c.peek(1).kind == Tok::LParen;
  if (forced) {
    c.next();
    c.next();
  }
  uint32_t col = c.peek().col; // errors point at the value, inside lit(...)
  ValuImmediate imm;
  bool negative = false;
  if (c.is(Tok::Real) ||
      (c.is(Tok::Minus) && !c.peek().commentAfter && c.peek(1).kind == Tok::Real)) {
    bool neg = c.accept(Tok::Minus);
    double f = c.next().fval;
    if (neg) f = -f;
    if (forced) {
      // A 16-bit integer source (the gfx1150 f16 compares) takes lit(float) as single precision.
      imm = valuForcedLiteral(true, 0, f, d.type == OpType::b16 ? OpType::f32 : d.type);
    } else {
      imm = valuFloatImmediate(f, d.type);
    }
  } else {
    if (!startsExpr(c.peek())) return ctx.fail(col, kInvalid);
    ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    if (e.kind == ExprResult::Kind::Relocatable) {
      // (llvm fails lit(expr) at the closing parenthesis)
      if (forced) return ctx.fail(c.peek().col, "not a valid operand.");
      return setSymbolicLiteral(ctx, col, e, d, idx, v, inst);
    }
    imm = forced ? valuForcedLiteral(false, e.value, 0, d.type) : valuIntImmediate(e.value, d.type);
    // SALU literals compare by their 32 bits, except beside a constant (s_fmaak_f32), where llvm
    // compares them as written, as for VALU ones
    negative = e.value < 0 && operandIndex(inst, Field::lit) >= 0;
    if (forced && e.value < 0 && typeBits(d.type) != 64) v.mods |= Mod_LitNegative; // b64: 32 bits
  }
  if (forced) {
    if (!c.accept(Tok::RParen)) return ctx.fail(c.peek().col, "expected closing parentheses");
    v.mods |= Mod_Lit | (start.text == "lit64" ? Mod_Lit64 : 0);
    ctx.lit64Seen |= start.text == "lit64";
  }
  if (!imm.ok) return ctx.fail(col, kInvalid);
  if (!imm.literal) {
    v.value = imm.value;
    return true;
  }
  return setLiteral(ctx, col, imm.value, v, inst, negative);
}

} // namespace

bool takeScalarRegister(ParseContext &ctx, uint32_t col, const OperandDesc &d, const Reg &r,
                        OperandValue &v) {
  unsigned dwords = typeDwords(d.type, ctx.target.wave64());
  // SGPRs and TTMPs (most scalar operands): every register class but sreg_null takes them, at
  // their width (registerFitsClass and checkAvailable have nothing else to say of them).
  if (r.file == RegFile::SGPR || r.file == RegFile::TTMP) [[likely]] {
    switch (d.cls) {
    case OpClass::ssrc:
    case OpClass::ssrc_inline:
    case OpClass::sreg:
    case OpClass::sreg_nonull:
    case OpClass::smem_sdata:
      if (r.count != dwords || (r.flags & Reg_Writable32)) break;
      v.value = r.file == RegFile::SGPR ? r.index : src::kTtmp0 + r.index;
      return true;
    default: break;
    }
  }
  if (!checkAvailable(ctx, col, r)) return false;
  if (d.cls == OpClass::sreg_null) {
    if (!isScalarFile(r)) return ctx.fail(col, kInvalid);
    if (!isSpecial(r, targetRegisters(ctx).null)) return ctx.fail(col, "src0 must be null");
  } else if (!registerFitsClass(targetRegisters(ctx), r, d.cls, dwords) || !regWidthOk(r, dwords)) {
    return ctx.fail(col, kInvalid);
  }
  v.value = sourceEncoding(r);
  return true;
}

namespace {

// Register operands and scalar sources (sreg, sreg_nonull, sreg_null, smem_sdata, ssrc).
bool parseScalar(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, OperandValue &v,
                 Inst &inst) {
  const Token &start = c.peek();
  Reg r;
  if (parseRegister(ctx, c, r)) return takeScalarRegister(ctx, start.col, d, r, v);
  if (ctx.err.set) return false;
  if (failAtSourceModifier(ctx, c)) return false;
  if (d.cls != OpClass::ssrc && d.cls != OpClass::ssrc_inline) return ctx.fail(start.col, kInvalid);
  if (failAtModifierWord(ctx, c, false)) return false;
  if (!parseSourceConstant(ctx, c, d, idx, v, inst)) return false;
  if (d.cls == OpClass::ssrc_inline && v.value == src::kLiteral)
    return ctx.fail(start.col, kInvalid);
  return true;
}

// An absolute integer expression, or a floating number taken as the low 32 bits of its double
// (llvm's reading of a float where an integer immediate goes).
bool parseRawImmediate(ParseContext &ctx, Cursor &c, int64_t &value) {
  const uint16_t lit = openLit(ctx, c); // (read as the value inside)
  const Token &start = c.peek();
  bool neg = c.is(Tok::Minus) && !c.peek().commentAfter && c.peek(1).kind == Tok::Real;
  if (neg || c.is(Tok::Real)) {
    if (neg) c.next();
    double f = c.next().fval;
    value = static_cast<int64_t>(std::bit_cast<uint64_t>(neg ? -f : f));
    return closeLit(ctx, c, lit);
  }
  if (!startsExpr(start)) return ctx.fail(start.col, kInvalid);
  ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  // An expression naming a register or a label is not an immediate at all (llvm fails lit(expr)
  // at the closing parenthesis).
  if (e.kind == ExprResult::Kind::Relocatable)
    return lit ? ctx.fail(c.peek().col, "not a valid operand.") : ctx.fail(start.col, kInvalid);
  value = e.value;
  return closeLit(ctx, c, lit);
}

// A 16-bit immediate: signed or unsigned for imm16, unsigned for uimm16 and decimal imm16.
bool parseImm16(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v) {
  const Token &start = c.peek();
  bool isUnsigned = d.cls == OpClass::uimm16 || d.type == OpType::dec;
  const char *rangeError = d.type == OpType::dec ? "expected a 16-bit value" : kInvalid;
  int64_t value; // (a float: its double's bits, 0.0 and the smallest denormals fit)
  // (an optional immediate, s_endpgm's, is read by llvm's parser of that operand, which takes an
  // absolute expression only)
  if ((d.flags & OF_Optional) && c.is(Tok::Identifier) && isLitWord(start.text))
    return ctx.fail(start.col, "expected absolute expression");
  if ((d.flags & OF_Optional) && c.is(Tok::LBrac)) { // (a bracket expression there: [1])
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    value = e.value;
  } else if (!parseRawImmediate(ctx, c, value)) {
    return false;
  }
  if (value < (isUnsigned ? 0 : -32768) || value > 65535)
    return ctx.fail(ctx.valueColumn(&start), rangeError); // (inside lit(..))
  v.value = static_cast<uint32_t>(value) & 0xffff;
  return true;
}

// The literal K of s_fmaak/s_fmamk (type f32) or the value of s_setreg_imm32_b32 (any bits).
bool parseLiteral32(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
                    Inst &inst) {
  uint32_t lit;
  bool negative = false;
  if (d.type == OpType::none) {
    const Token &start = c.peek();
    int64_t value;
    if (!parseRawImmediate(ctx, c, value)) return false; // (lit(..) dropped)
    if (!setLiteral(ctx, start.col, static_cast<uint32_t>(value), v, inst)) return false;
    v.value = static_cast<uint32_t>(value);
    return true;
  }
  // s_fmaak/s_fmamk's K keeps lit(..) (printed)
  const uint16_t forced = openLit(ctx, c);
  const Token &start = c.peek();
  if (c.is(Tok::Real) ||
      (c.is(Tok::Minus) && !c.peek().commentAfter && c.peek(1).kind == Tok::Real)) {
    bool neg = c.accept(Tok::Minus);
    double f = c.next().fval;
    if (!literalOfFloat(neg ? -f : f, d.type, lit)) return ctx.fail(start.col, kInvalid);
  } else {
    if (!startsExpr(start)) return ctx.fail(start.col, kInvalid);
    ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    if (e.kind == ExprResult::Kind::Relocatable && forced)
      return ctx.fail(c.peek().col, "not a valid operand.");
    if (e.kind == ExprResult::Kind::Relocatable || !literalOfInt(e.value, OpType::b32, lit))
      return ctx.fail(start.col, kInvalid);
    negative = e.value < 0;
  }
  if (!closeLit(ctx, c, forced)) return false;
  v.mods |= forced | (forced && negative ? Mod_LitNegative : 0);
  if (!setLiteral(ctx, start.col, lit, v, inst, negative)) return false;
  v.value = lit;
  return true;
}

bool parseLabel(ParseContext &ctx, Cursor &c, unsigned idx, OperandValue &v, Inst &inst) {
  const Token &start = c.peek();
  constexpr const char *kRange = "expected a 16-bit signed jump offset";
  if (!startsExpr(start)) return ctx.fail(start.col, c.is(Tok::Real) ? kRange : kInvalid);
  // A register name (even an out-of-range one) is no label.
  Cursor probe = c;
  Reg r;
  if (parseRegister(ctx, probe, r)) return ctx.fail(start.col, kInvalid);
  if (ctx.err.set) return false;
  ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  if (e.kind == ExprResult::Kind::Relocatable) {
    // Only a symbol reference is a label (also (L) or L@abs32@lo; not -L or L+1).
    if (!e.symbolRef) return ctx.fail(start.col, "expected an absolute expression or a label");
    inst.labelOperand = static_cast<int>(idx);
    inst.labelSymbol = e.text;
    inst.labelExpr = e.expr;
    v.value = 0;
    return true;
  }
  if (e.value < -32768 || e.value > 65535) return ctx.fail(start.col, kRange);
  // The value as written (printed so); the field keeps its low 16 bits.
  v.value = static_cast<uint32_t>(e.value);
  return true;
}

// The offset value at the cursor; a range error points at `errCol` (the `offset:` modifier's).
// Written alone (no `offset:`), llvm reads it as any operand: a relocatable expression is no
// offset.
bool parseSmemOffset(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
                     uint32_t errCol, bool alone) {
  // (written alone, llvm's immediate parser reads it: lit(..) dropped)
  if (alone && c.is(Tok::Identifier) && isLitWord(c.peek().text) && failAtSourceModifier(ctx, c))
    return false;
  const uint16_t lit = alone ? openLit(ctx, c) : 0;
  if (lit) errCol = c.peek().col;
  const Token &start = c.peek();
  ExprResult e;
  if (c.is(Tok::Real) || (c.is(Tok::Minus) && !start.commentAfter && c.peek(1).kind == Tok::Real)) {
    // (a float: its double's bits, as llvm's immediate parser reads it; 0.0 and the smallest
    // denormals fit)
    int64_t bits;
    if (!parseRawImmediate(ctx, c, bits)) return false;
    e.kind = ExprResult::Kind::Absolute;
    e.value = bits;
  } else {
    if (!startsExpr(start)) return ctx.fail(start.col, kInvalid);
    e = parseExpr(c, ctx.syms, /*relocatable=*/alone);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    if (e.kind == ExprResult::Kind::Relocatable)
      return lit ? ctx.fail(c.peek().col, "not a valid operand.") : ctx.fail(start.col, kInvalid);
  }
  if (d.type == OpType::dec) {
    if (e.value < 0 || e.value >= (1 << 20))
      return ctx.fail(errCol, "expected a 20-bit unsigned offset");
  } else if (e.value < -(1 << 20) || e.value >= (1 << 20)) {
    return ctx.fail(errCol, "expected a 21-bit signed offset");
  }
  v.value = static_cast<uint32_t>(e.value) & 0x1fffff;
  return closeLit(ctx, c, lit);
}

// gfx9 SMEM keeps the offset's form in bits of its own (imm: an immediate offset; soe: an SGPR
// in soffset, beside it): their hidden operands, where the entry has them.
void setSmemOffsetForm(Inst &inst, bool imm, bool soe) {
  int i = operandIndex(inst, Field::imm), s = operandIndex(inst, Field::soe);
  if (i >= 0) inst.ops[i].value = imm;
  if (s >= 0) inst.ops[s].value = soe;
}

// SMEM's third operand: an SGPR offset (then `offset:` may follow), or the immediate offset
// alone. The immediate form leaves soffset null and marks the operand not present, which is how
// the printer tells `s[2:3], 0x0` from `s[2:3], null`.
bool parseSmemSoffset(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
                      Inst &inst) {
  Reg r;
  const Token &start = c.peek();
  if (parseRegister(ctx, c, r)) {
    if (!checkAvailable(ctx, start.col, r)) return false;
    if (!(isScalarDestination(r) || isSpecial(r, src::kScc)) || r.count != 1)
      return ctx.fail(start.col, kInvalid);
    v.value = sourceEncoding(r);
    return true;
  }
  if (ctx.err.set) return false;
  // `offset:` needs an SGPR offset before it.
  if (start.kind == Tok::Identifier && start.text == "offset" && c.peek(1).kind == Tok::Colon)
    return ctx.fail(start.col, "not a valid operand.");
  int off = operandIndex(inst, Field::offset);
  if (off < 0) return ctx.fail(start.col, kInvalid);
  const RegisterSet &rs = targetRegisters(ctx);
  v.value = rs.null == kNoRegister ? 0 : rs.null;
  v.present = false;
  setSmemOffsetForm(inst, true, false);
  return parseSmemOffset(ctx, c, d, inst.ops[off], start.col, true);
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
  case OpClass::sreg_null:
  case OpClass::smem_sdata:
  case OpClass::ssrc:
  case OpClass::ssrc_inline: return parseScalar(ctx, c, d, idx, v, inst);
  case OpClass::sbase: {
    OperandDesc regDesc = d;
    regDesc.cls = d.type == OpType::b64 ? OpClass::sreg : OpClass::sreg_nonull;
    if (!parseScalar(ctx, c, regDesc, idx, v, inst)) return false;
    v.value >>= 1;
    return true;
  }
  case OpClass::smem_soffset: return parseSmemSoffset(ctx, c, d, v, inst);
  case OpClass::smem_offset: {
    int soff = operandIndex(inst, Field::soffset);
    // `offset:` goes only with an SGPR offset written before it (llvm reads the modifier, then
    // finds no entry with it there: a match failure, not a parse failure).
    if (soff < 0 || !inst.ops[soff].present) return ctx.fail(c.peek().col, kInvalid);
    // llvm reads `offset:` right after the SGPR offset, before the cache-policy flags.
    auto ops = inst.arch->operandsOf(*inst.desc);
    for (size_t j = 0; j < ops.size(); ++j)
      if (ops[j].cls == OpClass::flag && inst.ops[j].present)
        return ctx.fail(c.peek().col, "not a valid operand."); // (after a flag: llvm's parser)
    uint32_t col = c.next().col;                               // `offset`
    if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
    setSmemOffsetForm(inst, true, true);
    return parseSmemOffset(ctx, c, d, v, col, false);
  }
  case OpClass::imm16:
  case OpClass::uimm16:
  case OpClass::version:
    if (failAtSourceModifier(ctx, c)) return false;
    return parseImm16(ctx, c, d, v);
  case OpClass::imm: {
    if (failAtSourceModifier(ctx, c)) return false;
    int64_t value;
    if (!parseRawImmediate(ctx, c, value)) return false;
    v.value = static_cast<uint32_t>(value);
    return true;
  }
  case OpClass::simm32: return parseLiteral32(ctx, c, d, v, inst);
  case OpClass::label: return parseLabel(ctx, c, idx, v, inst);
  case OpClass::flag:
    v.value = c.peek().text == isa::fieldName(d.field); // (0 for noNAME)
    c.next();
    return true;
  default: break;
  }
  return ctx.fail(c.peek().col, kInvalid);
}

} // namespace gfxasm::as
