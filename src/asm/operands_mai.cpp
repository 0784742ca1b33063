// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Operands of the MAI instructions (gfx908+: v_mfma_*, v_accvgpr_read/write/mov_b32): AGPR and
// VGPR tuples whose file the acc bits (src0/src1) and acc_cd (vdst/src2, gfx90a+) record, and the
// cbsz/abid/blgp modifiers.
#include <fmt/format.h>

#include "asm/mai_operands.h"
#include "asm/operand_families.h"
#include "asm/packed_constants.h"
#include "gfxasm/gfxasm.h"

namespace gfxasm::as {

using namespace isa;

namespace {

bool invalid(ParseContext &ctx, uint32_t col) {
  return ctx.fail(col, "invalid operand for instruction");
}

// A VGPR or AGPR tuple of the operand's width at the cursor (no modifiers: llvm stops there); an
// f8f6f4 source's of any width a format gives (checked against its format after matching).
bool parseVectorTuple(ParseContext &ctx, Cursor &c, const OperandDesc &d, Reg &r) {
  const Token &start = c.peek();
  if (failAtModifierWord(ctx, c, false) || failAtSourceModifier(ctx, c)) return false;
  if (!parseRegister(ctx, c, r)) return ctx.err.set ? false : invalid(ctx, start.col);
  bool width = d.cls == OpClass::mai_ab_fmt ? r.count == 4 || r.count == 6 || r.count == 8
                                            : r.count == typeDwords(d.type, false);
  if ((r.file != RegFile::VGPR && r.file != RegFile::AGPR) || r.half || !width)
    return invalid(ctx, start.col);
  return true;
}

// Whether the entry is an f8f6f4 MFMA (its sources sized by their formats).
bool hasFormatFactors(const Inst &inst) {
  for (const OperandDesc &o : inst.arch->operandsOf(*inst.desc))
    if (o.cls == OpClass::mai_ab_fmt) return true;
  return false;
}

// A number at the cursor: a real with its sign, or an absolute integer expression.
bool parseNumber(ParseContext &ctx, Cursor &c, NumberToken &n) {
  const Token &start = c.peek();
  if (c.is(Tok::Real) ||
      (c.is(Tok::Minus) && !c.peek().commentAfter && c.peek(1).kind == Tok::Real)) {
    bool neg = c.accept(Tok::Minus);
    n.isFloat = true;
    n.fval = neg ? -c.next().fval : c.next().fval;
    return true;
  }
  if (!startsExpr(start)) return invalid(ctx, start.col);
  ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  if (e.kind == ExprResult::Kind::Relocatable) return invalid(ctx, start.col);
  n.ival = e.value;
  return true;
}

void setHidden(Inst &inst, Field f, uint32_t bits) {
  int i = operandIndex(inst, f);
  if (i >= 0) inst.ops[i].value |= bits;
}

// The MFMA destination: gfx908's are AGPRs; gfx90a+ take either file (acc_cd), tuples aligned.
bool parseDestination(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
                      Inst &inst) {
  uint32_t col = c.peek().col;
  Reg r;
  if (!parseVectorTuple(ctx, c, d, r)) return false;
  if (r.count > 1 && (r.index & 1) && ctx.target.alignedVgprTuples()) return invalid(ctx, col);
  v.value = r.index;
  // (gfx908's acc_cd bit stays 0: set while parsing, for src2's check, and cleared after)
  if (r.file == RegFile::AGPR) setHidden(inst, Field::acc_cd, 1);
  if (r.file == RegFile::VGPR && !ctx.target.alignedVgprTuples() && !ctx.afterMatchError)
    ctx.afterMatchError = "operands are not valid for this GPU or mode";
  return true;
}

// src0/src1: either file (the acc bit of the slot), tuples aligned on gfx90a+.
bool parseFactor(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v, Inst &inst) {
  uint32_t col = c.peek().col;
  Reg r;
  if (!parseVectorTuple(ctx, c, d, r)) return false;
  if (r.count > 1 && (r.index & 1) && ctx.target.alignedVgprTuples()) return invalid(ctx, col);
  v.value = src::kVgpr0 + r.index;
  v.regCount = static_cast<uint8_t>(r.count);
  if (d.cls == OpClass::mai_ab_fmt) ctx.maiFactorCol[d.field == Field::src0 ? 0 : 1] = col;
  if (r.file == RegFile::AGPR) setHidden(inst, Field::acc, d.field == Field::src0 ? 1 : 2);
  return true;
}

// src2: a tuple of the destination's file, or (gfx90a+) an inline constant.
bool parseAccumulator(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
                      Inst &inst) {
  const Token &start = c.peek();
  bool agprResult = maiResultIsAgpr(true, inst);
  if (c.is(Tok::Identifier) || c.is(Tok::LBrac)) {
    Reg r;
    if (!parseVectorTuple(ctx, c, d, r)) return false;
    if ((r.file == RegFile::AGPR) != agprResult) return invalid(ctx, start.col);
    v.value = src::kVgpr0 + r.index;
    // Results wider than 4 registers are the accumulator's or apart from it (llvm does not look
    // at the f8f6f4 MFMAs').
    int dst = operandIndex(inst, Field::vdst);
    unsigned n = dst >= 0 ? inst.ops[dst].value : r.index;
    if (r.count > 4 && !hasFormatFactors(inst) && n != r.index && n < r.index + r.count &&
        r.index < n + r.count && !ctx.afterMatchError) {
      ctx.afterMatchError = "source 2 operand must not partially overlap with dst";
      ctx.afterMatchCol = start.col;
    }
    if (r.count > 1 && (r.index & 1) && ctx.target.alignedVgprTuples() && !ctx.afterMatchError)
      ctx.afterMatchError = "invalid register class: vgpr tuples must be 64 bit aligned";
    return true;
  }
  if (failAtSourceModifier(ctx, c)) return false;
  NumberToken n;
  if (!parseNumber(ctx, c, n)) return false;
  uint32_t lit;
  int enc =
      maiAccumulatorIs64(inst) ? inline64Encoding(n) : packedConstantEncoding(OpType::f32, n, lit);
  // (a literal fails llvm's matcher; an inline constant its check after matching, on gfx908)
  if (enc < 0) return invalid(ctx, start.col);
  if (!ctx.target.alignedVgprTuples())
    return ctx.fail(start.col, "inline constants are not allowed for this operand");
  v.value = static_cast<uint32_t>(enc);
  return true;
}

// One VGPR (v_smfmac_*'s sparse index, a scaled MFMA's scales): llvm takes no AGPR, scalar or
// constant there.
bool parseVgpr(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v) {
  uint32_t col = c.peek().col;
  Reg r;
  if (!parseVectorTuple(ctx, c, d, r)) return false;
  if (r.file != RegFile::VGPR) return invalid(ctx, col);
  v.value = src::kVgpr0 + r.index;
  return true;
}

// cbsz:N, abid:N, blgp:N: values of the field's width, in this order (neg:[..], which takes
// blgp's place, last too).
bool parseBitArray(ParseContext &ctx, Cursor &c, unsigned entries, unsigned kept, OperandValue &v);

// Whether the `neg` at the cursor has its colon apart (`neg :[..]`): llvm's neg operand takes
// only an adjacent colon, so that one reaches its blgp parser, which reads it as blgp's bits.
bool negApartFromColon(const Cursor &c) {
  return c.peek(1).kind == Tok::Colon && c.peek(1).col != c.peek().col + 3;
}

bool parseModifier(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx,
                   OperandValue &v, Inst &inst) {
  // neg:[a,b,c] where the MFMA has blgp (all but gfx942's f64 ones): llvm reads the array, then
  // refuses it after matching; `neg :[a,b,c]` is blgp's value (gfx940's spelling of blgp).
  if (c.peek().text == "neg") {
    const uint32_t col = c.peek().col;
    if (negApartFromColon(c)) return parseBitArray(ctx, c, 3, 3, v);
    OperandValue unused;
    if (!parseBitArray(ctx, c, 3, 3, unused)) return false;
    if (!ctx.afterMatchError) {
      ctx.afterMatchError = "invalid modifier: neg is not supported";
      ctx.afterMatchCol = col;
    }
    return true;
  }
  const Token &word = c.next();
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t j = idx + 1; j < ops.size(); ++j)
    if (inst.ops[j].present && (ops[j].cls == OpClass::mai_mod || ops[j].cls == OpClass::mai_neg))
      return ctx.fail(word.col, "not a valid operand.");
  if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
  const Token &t = c.peek();
  if (!startsValueExpr(t)) return ctx.fail(t.col, "expected absolute expression");
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  unsigned bits = d.field == Field::abid ? 4 : 3;
  // (llvm has no message of its own for blgp)
  if ((e.value < 0 || e.value >= (int64_t{1} << bits)) && d.field == Field::blgp)
    return invalid(ctx, word.col);
  if (e.value < 0 || e.value >= (int64_t{1} << bits))
    return ctx.fail(word.col, fmt::format("invalid {} value.", word.text));
  v.value = static_cast<uint32_t>(e.value);
  return true;
}

// NAME:[a,b,...]: 0/1 entries, at most `entries`, of which the first `kept` are the value's bits.
// neg:[a,b,c] of gfx942's f64 MFMA (one per source, in the blgp bits); a scaled MFMA's
// op_sel/op_sel_hi, whose entries past the two scales llvm takes and drops.
bool parseBitArray(ParseContext &ctx, Cursor &c, unsigned entries, unsigned kept, OperandValue &v) {
  const Token &word = c.next();
  if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
  if (!c.accept(Tok::LBrac)) return ctx.fail(c.peek().col, "expected a left square bracket");
  uint32_t bits = 0;
  for (unsigned k = 0;; ++k) {
    const Token &t = c.peek();
    if (k == entries) return ctx.fail(t.col, "expected a closing square bracket");
    if (!startsValueExpr(t)) return ctx.fail(t.col, "expected an absolute expression");
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    if (e.value != 0 && e.value != 1)
      return ctx.fail(t.col, fmt::format("invalid {} value.", word.text));
    if (k < kept) bits |= static_cast<uint32_t>(e.value) << k;
    if (c.accept(Tok::RBrac)) break;
    if (!c.accept(Tok::Comma))
      return ctx.fail(c.peek().col, "expected a comma or a closing square bracket");
  }
  v.value = bits;
  return true;
}

// One AGPR: a source (9-bit field: 256 + n) or a destination (the number).
bool parseAgpr(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v) {
  const Token &start = c.peek();
  if (failAtModifierWord(ctx, c, false) || failAtSourceModifier(ctx, c)) return false;
  Reg r;
  if (!parseRegister(ctx, c, r)) return ctx.err.set ? false : invalid(ctx, start.col);
  if (r.file != RegFile::AGPR || r.count != 1 || r.half) return invalid(ctx, start.col);
  v.value = (d.field == Field::vdst ? 0 : src::kVgpr0) + r.index;
  return true;
}

// v_accvgpr_write_b32's source: a VGPR or an inline constant, and on gfx90a+ a scalar register.
bool parseWriteSource(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx,
                      OperandValue &v, Inst &inst) {
  const Token &start = c.peek();
  if (failAtModifierWord(ctx, c, false) || failAtSourceModifier(ctx, c)) return false;
  Cursor probe = c;
  Reg r;
  if (parseRegister(ctx, probe, r)) {
    if (r.file == RegFile::VGPR && r.count == 1 && !r.half) {
      c = probe;
      v.value = sourceEncoding(r);
      return true;
    }
    if (r.file == RegFile::VGPR || r.file == RegFile::AGPR) return invalid(ctx, start.col);
    if (!ctx.target.alignedVgprTuples())
      return ctx.fail(start.col, "source operand must be either a VGPR or an inline constant");
    OperandDesc scalar = d;
    scalar.cls = OpClass::ssrc;
    return parse_scalar(ctx, c, scalar, idx, inst);
  }
  if (ctx.err.set) return false;
  NumberToken n;
  if (!parseNumber(ctx, c, n)) return false;
  uint32_t lit;
  int enc = packedConstantEncoding(d.type, n, lit);
  if (enc < 0) return invalid(ctx, start.col);
  v.value = static_cast<uint32_t>(enc);
  return true;
}

} // namespace

bool maiResultIsAgpr(bool accCd, const Inst &inst) {
  if (!accCd) return true;
  int i = operandIndex(inst, Field::acc_cd);
  return i >= 0 && inst.ops[i].value;
}

bool maiSparse(const Inst &inst) {
  return inst.desc->name.starts_with("v_smfmac_");
}

unsigned maiFormatDwords(uint32_t format) {
  return format == 2 || format == 3 ? 6 : format == 4 ? 4 : 8;
}

unsigned maiFactorDwords(const Inst &inst, unsigned i) {
  int f = operandIndex(
      inst, inst.arch->operandsOf(*inst.desc)[i].field == Field::src0 ? Field::cbsz : Field::blgp);
  return maiFormatDwords(f >= 0 ? inst.ops[f].value : 0);
}

bool maiAccumulatorIs64(const Inst &inst) {
  std::string_view name = inst.desc->name;
  return name.starts_with("v_mfma_f64");
}

uint32_t default_mai(const OperandDesc &) {
  return 0;
}

bool parse_mai(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  switch (d.cls) {
  case OpClass::mai_dst: return parseDestination(ctx, c, d, v, inst);
  case OpClass::mai_ab:
  case OpClass::mai_ab_fmt: return parseFactor(ctx, c, d, v, inst);
  case OpClass::mai_c:
  case OpClass::mai_c_lit: return parseAccumulator(ctx, c, d, v, inst);
  case OpClass::mai_vgpr: return parseVgpr(ctx, c, d, v);
  case OpClass::mai_mod: return parseModifier(ctx, c, d, idx, v, inst);
  case OpClass::mai_neg:
    if (c.peek().text == "blgp") { // (llvm parses blgp:N here, then refuses it after matching)
      const uint32_t col = c.peek().col;
      if (!parseModifier(ctx, c, d, idx, v, inst)) return false;
      if (!ctx.afterMatchError) {
        ctx.afterMatchError = "invalid modifier: blgp is not supported";
        ctx.afterMatchCol = col;
      }
      return true;
    }
    // (`neg :[..]` is blgp's spelling to llvm, which this MFMA has not)
    if (negApartFromColon(c))
      return ctx.fail(c.peek().col, "invalid modifier: blgp is not supported");
    return parseBitArray(ctx, c, 3, 3, v);
  case OpClass::mai_scale_sel:
    // (in llvm's order: op_sel, op_sel_hi, then cbsz and blgp)
    for (size_t j = idx + 1; j < inst.arch->operandsOf(*inst.desc).size(); ++j)
      if (inst.ops[j].present && !isPositional(inst.arch->operandsOf(*inst.desc)[j].cls))
        return ctx.fail(c.peek().col, "not a valid operand.");
    return parseBitArray(ctx, c, 4, 2, v);
  case OpClass::mai_kept: return ctx.fail(c.peek().col, "not a valid operand.");
  case OpClass::mai_agpr:
  case OpClass::mai_adst: return parseAgpr(ctx, c, d, v);
  case OpClass::mai_write_src: return parseWriteSource(ctx, c, d, idx, v, inst);
  default: break;
  }
  return invalid(ctx, c.peek().col);
}

// After matching, as llvm checks them: the f8f6f4 MFMAs' sources have their formats' widths;
// gfx908's results are AGPRs; gfx90a+'s accumulator tuple is aligned.
bool validate_mai(ParseContext &ctx, Inst &inst, uint32_t col) {
  // (this runs for every instruction: an entry without MAI operands has only the error to check)
  const bool mai = ctx.families & (1u << detail::kFamily_mai);
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (unsigned i = 0; mai && i < ops.size(); ++i) {
    if (ops[i].cls != OpClass::mai_ab_fmt || inst.ops[i].regCount == maiFactorDwords(inst, i))
      continue;
    // (llvm reports src1's too when both are wrong; the first is enough to reject the line)
    bool a = ops[i].field == Field::src0;
    int f = operandIndex(inst, a ? Field::cbsz : Field::blgp);
    return ctx.fail(ctx.maiFactorCol[a ? 0 : 1],
                    fmt::format("wrong register tuple size for {} value {}", a ? "cbsz" : "blgp",
                                f >= 0 ? inst.ops[f].value : 0));
  }
  if (ctx.afterMatchError)
    return ctx.fail(ctx.afterMatchCol ? ctx.afterMatchCol : col, ctx.afterMatchError);
  if (!mai) return true;
  int accCd = operandIndex(inst, Field::acc_cd);
  if (accCd >= 0 && !ctx.target.alignedVgprTuples()) inst.ops[accCd].value = 0;
  return true;
}

} // namespace gfxasm::as
