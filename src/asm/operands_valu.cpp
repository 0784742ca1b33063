// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Operands of the VOP1/VOP2/VOPC/VOP3/VOP3SD formats: VGPRs (with true16 halves), sources with
// neg/abs modifiers, inline constants and literals per type, op_sel, clamp and omod.
#include <bit>
#include <cmath>
#include <vector>

#include "asm/operand_families.h"
#include "asm/packed_constants.h"
#include "asm/valu_operands.h"
#include "asm/vext_operands.h"
#include "gfxasm/gfxasm.h"
#include "isa/constants.h"

namespace gfxasm::as {

using namespace isa;

// --- constants ----------------------------------------------------------------------------------

namespace {

bool isHalfFloat(OpType t) {
  return t == OpType::f16 || t == OpType::bf16;
}

int inlineInteger(int64_t v) {
  if (v >= 0 && v <= 64) return static_cast<int>(src::kIntZero + v);
  if (v >= -16 && v < 0) return static_cast<int>(src::kIntMax - v);
  return -1;
}

template <typename T> int inlineFloatBits(const T (&table)[9], uint64_t bits) {
  for (unsigned i = 0; i < 9; ++i)
    if (table[i] == bits) return static_cast<int>(src::kFloatFirst + i);
  return -1;
}

ValuImmediate inlineOrLiteral(int enc, uint32_t lit) {
  if (enc >= 0) return {true, false, static_cast<uint32_t>(enc)};
  return {true, true, lit};
}

bool fits32(int64_t v) {
  return v >= INT32_MIN && v <= static_cast<int64_t>(UINT32_MAX);
}

// Inline check and literal of 32-bit pattern `bits` in a 32-bit operand.
ValuImmediate bits32(uint32_t bits) {
  int enc = inlineInteger(static_cast<int32_t>(bits));
  if (enc < 0) enc = inlineFloatBits(kF32Bits, bits);
  return inlineOrLiteral(enc, bits);
}

// 16-bit float pattern in an f16/bf16 operand (also the halves of packed types).
ValuImmediate bits16(uint32_t bits, OpType t) {
  int enc = inlineInteger(static_cast<int16_t>(bits));
  if (enc < 0)
    enc = t == OpType::bf16 || t == OpType::v2bf16 ? inlineFloatBits(kBF16Bits, bits)
                                                   : inlineFloatBits(kF16Bits, bits);
  return inlineOrLiteral(enc, bits);
}

bool roundTo(double v, OpType t, uint32_t &bits) {
  if (t == OpType::f16 || t == OpType::v2f16 || t == OpType::b16)
    return roundToFloat(v, 5, 10, bits);
  if (t == OpType::bf16 || t == OpType::v2bf16) return roundToFloat(v, 8, 7, bits);
  return roundToFloat(v, 8, 23, bits);
}

} // namespace

// Packed 16-bit pairs follow the VOP3P rules (packed_constants.h).
ValuImmediate packedImmediate(OpType t, const NumberToken &n) {
  uint32_t lit = 0;
  int enc = packedConstantEncoding(t, n, lit);
  if (enc == kConstantInvalid) return {};
  if (enc == kConstantLiteral) return {true, true, lit};
  return {true, false, static_cast<uint32_t>(enc)};
}

bool isPacked(OpType t) {
  return t == OpType::v2f16 || t == OpType::v2bf16 || t == OpType::v2b16;
}

ValuImmediate valuIntImmediate(int64_t v, OpType t) {
  if (isPacked(t)) return packedImmediate(t, {false, v, 0});
  switch (t) {
  case OpType::b16:
    if (v < -0x8000 || v > 0xffff) return {};
    return inlineOrLiteral(inlineInteger(v), static_cast<uint32_t>(v));
  case OpType::f16:
  case OpType::bf16:
    if (v < -0x8000 || v > 0xffff) return {};
    return bits16(static_cast<uint32_t>(v) & 0xffff, t);
  case OpType::b64:
  case OpType::f64: {
    int enc = inlineInteger(v);
    if (enc < 0) enc = inlineFloatBits(kF64Bits, static_cast<uint64_t>(v));
    if (enc >= 0) return {true, false, static_cast<uint32_t>(enc)};
    if (!fits32(v)) return {};
    uint32_t lit = static_cast<uint32_t>(v);
    // A 32-bit value in a double operand is its high half.
    if (t == OpType::f64) enc = inlineFloatBits(kF64Bits, static_cast<uint64_t>(lit) << 32);
    return inlineOrLiteral(enc, lit);
  }
  default:
    if (!fits32(v)) return {};
    return bits32(static_cast<uint32_t>(v));
  }
}

ValuImmediate valuFloatImmediate(double v, OpType t) {
  // (bf16: llvm's reading of 0.15915494 as 1/(2*pi) lives there too)
  if (isPacked(t) || t == OpType::bf16) return packedImmediate(t, {true, 0, v});
  uint32_t bits;
  switch (t) {
  case OpType::f64: {
    uint64_t b = std::bit_cast<uint64_t>(v);
    int enc = b <= 64 ? inlineInteger(static_cast<int64_t>(b)) : inlineFloatBits(kF64Bits, b);
    // A literal keeps the high half only (llvm warns when the low half is lost), and llvm's
    // encoder takes what is left for an inline constant when it is one (1.0 for 1 + 2^-52).
    const uint64_t high = b & 0xffffffff00000000u;
    if (enc < 0) enc = high == 0 ? inlineInteger(0) : inlineFloatBits(kF64Bits, high);
    return inlineOrLiteral(enc, static_cast<uint32_t>(b >> 32));
  }
  case OpType::b64: {
    // Only the inline floats, exactly.
    uint64_t b = std::bit_cast<uint64_t>(v);
    int enc = b <= 64 ? inlineInteger(static_cast<int64_t>(b)) : inlineFloatBits(kF64Bits, b);
    if (enc < 0) return {};
    return {true, false, static_cast<uint32_t>(enc)};
  }
  case OpType::b16: {
    // llvm: the value must fit a half (no overflow, no inexact denormal), and then it is its
    // single-precision bits, inline when they are a 32-bit inline constant.
    if (!roundTo(v, OpType::f16, bits) || !roundTo(v, OpType::f32, bits)) return {};
    return bits32(bits);
  }
  case OpType::f16:
  case OpType::bf16:
  case OpType::v2f16:
  case OpType::v2bf16:
    if (!roundTo(v, t, bits)) return {};
    return bits16(bits, t);
  default:
    if (!roundTo(v, OpType::f32, bits)) return {};
    return bits32(bits);
  }
}

ValuImmediate valuForcedLiteral(bool isFloat, int64_t iv, double fv, OpType t) {
  uint32_t bits;
  if (isFloat) {
    if (t == OpType::f64)
      return {true, true, static_cast<uint32_t>(std::bit_cast<uint64_t>(fv) >> 32)};
    if (t == OpType::b64) return {};
    // b16 literals of floats hold f32 bits.
    if (!roundTo(fv, t == OpType::b16 ? OpType::f32 : t, bits)) return {};
    return {true, true, bits};
  }
  if (typeBits(t) == 16 && (iv < -0x8000 || iv > 0xffff)) return {};
  if (!fits32(iv)) return {};
  uint32_t lit = static_cast<uint32_t>(iv);
  return {true, true, isHalfFloat(t) ? lit & 0xffff : lit};
}

bool valuLiteralLooksInline(uint32_t lit, OpType t) {
  int64_t v = lit;
  if (t == OpType::b16) v = static_cast<int32_t>(lit);
  ValuImmediate imm = valuIntImmediate(v, t);
  return imm.ok && !imm.literal;
}

uint32_t valuLiteralPrintValue(uint32_t lit, OpType t) {
  return typeBits(t) == 16 ? lit & 0xffff : lit;
}

// --- registers ----------------------------------------------------------------------------------

namespace {

int opselIndex(const Inst &inst) {
  return operandIndex(inst, Field::op_sel);
}

// A VGPR (tuple) of operand `d` into its field value. true16 halves: e32 fields hold n | hi << 7
// (n < 128); VOP3 sets the op_sel bit of the operand's slot. 9-bit source fields add 256.
bool encodeVgpr(ParseContext &ctx, uint32_t col, const OperandDesc &d, const Reg &r, Inst &inst,
                uint32_t &value) {
  if (r.file != RegFile::VGPR) return ctx.fail(col, "invalid operand for instruction");
  unsigned n = r.index;
  if (isTrue16Operand(inst, d.type)) {
    if (r.count != 1 || r.half == 0) return ctx.fail(col, "invalid operand for instruction");
    bool hi = r.half == 2;
    if (isE32(inst)) {
      if (n >= 128) return ctx.fail(col, "invalid operand for instruction");
      n |= hi ? 128 : 0;
    } else if (int os = opselIndex(inst); os >= 0) {
      unsigned bit = 1u << opselSlot(d.field);
      OperandValue &sel = inst.ops[os];
      if (hi) sel.value |= bit;
      sel.value |= bit << kOpselSuffixShift; // the slots a suffix decided (see parseOpsel)
    } else if (hi) {
      return ctx.fail(col, "invalid operand for instruction");
    }
  } else {
    if (r.half) return ctx.fail(col, "invalid operand for instruction");
    // e32 fields of 16-bit operands keep bit 7 for the half: v0..v127 also under fake16.
    if (typeBits(d.type) == 16 && isE32(inst) && n >= 128 && inst.arch->traits->true16 &&
        !ctx.fullRangeVgprs)
      return ctx.fail(col, "invalid operand for instruction");
    if (r.count != typeDwords(d.type, ctx.target.wave64()))
      return ctx.fail(col, "invalid operand for instruction");
    if (n + r.count > src::kNumVgprs) return ctx.fail(col, "register index is out of range");
    // (llvm's VGPR-only classes, vdst, vsrc1 and VGPR-only sources, are aligned: "invalid
    // operand" there; the alignment of a source that takes any kind is checked once the
    // instruction matched, and reported at the mnemonic)
    if (r.count > 1 && (n & 1) && ctx.target.alignedVgprTuples()) {
      if ((d.field != Field::src0 && d.field != Field::src1 && d.field != Field::src2) ||
          d.cls == OpClass::vgpr)
        return ctx.fail(col, "invalid operand for instruction");
      if (!ctx.afterMatchError)
        ctx.afterMatchError = "invalid register class: vgpr tuples must be 64 bit aligned";
    }
  }
  value = (sourceField9Bits(inst, d.field) ? src::kVgpr0 : 0) + n;
  return true;
}

// lds_direct in a VALU source of at most 32 bits (gfx9), kept with its place for validate_valu,
// which checks it after matching as llvm does.
bool takeLdsDirect(ParseContext &ctx, uint32_t col, const OperandDesc &d, OperandValue &v) {
  if (typeBits(d.type) > 32) return ctx.fail(col, "invalid operand for instruction");
  v.value = src::kLdsDirect;
  ctx.noteLdsDirect(col, d.field);
  return true;
}

bool isLdsDirect(const Reg &r) {
  return r.file == RegFile::Special && r.index == src::kLdsDirect;
}

bool parseVgpr(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v, Inst &inst) {
  const Token &start = c.peek();
  Reg r;
  if (!parseRegister(ctx, c, r)) {
    if (ctx.err.set || failAtModifierWord(ctx, c, false)) return false;
    return ctx.fail(start.col, "invalid operand for instruction");
  }
  // (the VGPR-only src0 of v_readfirstlane and v_readlane: llvm's class holds lds_direct)
  if (isLdsDirect(r) && d.field == Field::src0 && (inst.desc->flags & IF_LdsSrc0))
    return takeLdsDirect(ctx, start.col, d, v);
  return encodeVgpr(ctx, start.col, d, r, inst, v.value);
}

bool isWord(const Cursor &c, std::string_view w) {
  return c.peek().kind == Tok::Identifier && c.peek().text == w && c.peek(1).kind == Tok::LParen;
}
bool isLitCall(const Cursor &c) {
  return c.peek().kind == Tok::Identifier && isLitWord(c.peek().text) &&
         c.peek(1).kind == Tok::LParen;
}

bool setValuLiteral(ParseContext &ctx, uint32_t col, const ValuImmediate &imm, OperandValue &v,
                    Inst &inst, bool negative) {
  if (!imm.ok) return ctx.fail(col, "invalid operand for instruction");
  if (!imm.literal) {
    v.value = imm.value;
    return true;
  }
  return setLiteral(ctx, col, imm.value, v, inst, negative);
}

// An integer expression, absolute or relocatable; inside |...| only a primary expression (llvm
// reads no operators there, `|` would be one).
bool parseInteger(ParseContext &ctx, Cursor &c, bool inBars, ExprResult &e) {
  const Token &start = c.peek();
  if (!startsExpr(start)) return ctx.fail(start.col, "invalid operand for instruction");
  e = parseExpr(c, ctx.syms, /*relocatable=*/true, /*primary=*/inBars);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  return true;
}

// The sign bit of a value of type `t` as an integer token gives it (f64: a 32-bit value is the
// high half).
uint64_t signBitOf(OpType t, int64_t v) {
  if (typeBits(t) == 16 || typeKind(t) == 'V') return 0x8000; // (a pair's: its low half's)
  if (typeBits(t) == 64 && (v < INT32_MIN || v > static_cast<int64_t>(UINT32_MAX)))
    return 1ull << 63;
  return 0x80000000;
}

struct SourceKinds {
  bool vgpr, scalar, constant, neg, abs, literal = true;
};

// A number (integer expression or float) or lit(number) in a source of type d.type, or a
// relocatable expression as its literal. `fold`: neg/abs the encoding has no bits for, applied to
// the constant's sign (e32 float sources).
bool parseImmediate(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx,
                    const SourceKinds &k, OperandValue &v, Inst &inst, bool inBars, uint8_t fold) {
  const Token &start = c.peek();
  bool forced = isLitCall(c);
  // (lit64 in a double source: llvm-mc-22 prints the 64-bit value but encodes its low dword, which
  // reads back as another constant; LlvmMcBugs.Lit64DoubleLowDword)
  if (forced && !inBars && start.text == "lit64" && d.type == OpType::f64)
    return ctx.fail(start.col, "lit64 is not supported on this GPU");
  if (forced) {
    c.next();
    c.next();
    if (d.field == Field::src0 && (inst.desc->flags & IF_NoLitSrc0))
      return ctx.fail(c.peek().col, "failed parsing operand.");
  }
  bool isFloat = false;
  double fv = 0;
  int64_t iv = 0;
  if (c.is(Tok::Real) ||
      (c.is(Tok::Minus) && !c.peek().commentAfter && c.peek(1).kind == Tok::Real)) {
    bool neg = c.accept(Tok::Minus);
    fv = c.next().fval;
    if (neg) fv = -fv;
    isFloat = true;
    if (fold & Mod_Abs) fv = std::fabs(fv);
    if (fold & Mod_Neg) fv = -fv;
  } else {
    ExprResult e;
    if (!parseInteger(ctx, c, inBars, e)) return false; // (lit(..) between bars too)
    if (e.kind == ExprResult::Kind::Relocatable) {
      // (llvm fails lit(expr) at the closing parenthesis)
      if (forced) return ctx.fail(c.peek().col, "not a valid operand.");
      if (fold || (v.mods & (Mod_Neg | Mod_Abs)))
        return ctx.fail(start.col, "expected an absolute expression");
      if (!k.literal || k.neg || k.abs)
        return ctx.fail(start.col, "invalid operand for instruction");
      return setSymbolicLiteral(ctx, start.col, e, d, idx, v, inst);
    }
    iv = e.value;
    if (fold) {
      if (typeBits(d.type) == 16 && (iv < -0x8000 || iv > 0xffff))
        return ctx.fail(start.col, "invalid operand for instruction");
      if (typeBits(d.type) == 32 && (iv < INT32_MIN || iv > static_cast<int64_t>(UINT32_MAX)))
        return ctx.fail(start.col, "invalid operand for instruction");
      int64_t w = typeBits(d.type) == 16   ? iv & 0xffff
                  : typeBits(d.type) == 64 ? iv
                                           : iv & 0xffffffff;
      uint64_t sign = signBitOf(d.type, iv);
      if (fold & Mod_Abs) w = static_cast<int64_t>(static_cast<uint64_t>(w) & ~sign);
      if (fold & Mod_Neg) w = static_cast<int64_t>(static_cast<uint64_t>(w) ^ sign);
      iv = w;
    }
  }
  if (forced && !c.accept(Tok::RParen))
    return ctx.fail(c.peek().col, "expected closing parentheses");
  bool mods = fold || (v.mods & (Mod_Neg | Mod_Abs));
  // A double source takes neg/abs on an integer only when it is an inline integer.
  if (!isFloat && d.type == OpType::f64 && mods &&
      ((forced && !inBars) || fold ||
       (inlineInteger(iv) < 0 && inlineFloatBits(kF64Bits, static_cast<uint64_t>(iv)) < 0)))
    return ctx.fail(start.col, "invalid operand for instruction");
  // llvm reads an integer in an f16 source as its disassembler types the operand: in
  // v_cndmask_b16_e64_dpp's src1 (IF_Src1KindSwapped) as a 16-bit integer, 0x3800 no inline 0.5.
  OpType intType = d.type == OpType::f16 ? disassemblerType(inst, d) : d.type;
  ValuImmediate imm = isFloat ? valuFloatImmediate(fv, d.type) : valuIntImmediate(iv, intType);
  // lit(...) forces a literal, but not between |bars| (llvm-mc-22 drops it there).
  if (forced && !inBars) {
    v.mods |= Mod_Lit | (start.text == "lit64" ? Mod_Lit64 : 0);
    ctx.lit64Seen |= start.text == "lit64";
    if (!isFloat && iv < 0 && typeBits(d.type) != 64) v.mods |= Mod_LitNegative;
    imm = valuForcedLiteral(isFloat, iv, fv, d.type);
  }
  if (!isFloat && !forced && d.type == OpType::bf16 && iv < 0 && imm.ok && imm.literal)
    v.mods |= Mod_Bf16Negative;
  // A double's literal is its high half: llvm warns when that drops bits.
  if (isFloat && d.type == OpType::f64 && imm.ok && (std::bit_cast<uint64_t>(fv) & 0xffffffffu) &&
      std::bit_cast<uint64_t>(fv) > 64 &&
      inlineFloatBits(kF64Bits, std::bit_cast<uint64_t>(fv)) < 0)
    ctx.warn("Can't encode literal as exact 64-bit floating-point operand. Low 32-bits will be "
             "set to zero");
  // (llvm's DPP source classes take no inline 1/(2*pi) in a 16-bit integer source: its matcher
  // fails at the operand, in the DPP16 and DPP8 forms alike)
  if (imm.ok && !imm.literal && imm.value == src::kInvPi && typeBits(d.type) == 16 &&
      typeKind(d.type) == 'I' && (d.field == Field::src1 || d.field == Field::src2)) {
    const auto ops = inst.arch->operandsOf(*inst.desc);
    if (std::any_of(ops.begin(), ops.end(), [](const OperandDesc &o) {
          return o.cls == OpClass::dpp_ctrl || o.cls == OpClass::dpp8_sel;
        }))
      return ctx.fail(start.col, "invalid operand for instruction");
  }
  return setValuLiteral(ctx, start.col, imm, v, inst, !isFloat && iv < 0);
}

SourceKinds kindsOf(OpClass cls) {
  switch (cls) {
  case OpClass::vsrc_mod: return {true, true, true, true, true};
  case OpClass::vsrc_neg: return {true, true, true, true, false};
  case OpClass::vssrc: return {false, true, true, false, false};
  case OpClass::vssrc_inline: return {false, true, true, false, false, false};
  // (llvm-mc-22 also takes constants there, which it cannot encode: tests/llvm_bugs_test.cpp)
  case OpClass::vgpr_mod: return {true, false, false, true, true};
  default: return {true, true, true, false, false};
  }
}

bool parseSourceValue(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx,
                      const SourceKinds &k, OperandValue &v, Inst &inst, bool inBars,
                      uint8_t fold) {
  const Token &start = c.peek();
  Reg r;
  bool isReg = parseRegister(ctx, c, r);
  if (ctx.err.set) return false;
  if (isReg && r.file == RegFile::VGPR) {
    if (!k.vgpr || fold) return ctx.fail(start.col, "invalid operand for instruction");
    return encodeVgpr(ctx, start.col, d, r, inst, v.value);
  }
  if (isReg && isLdsDirect(r) && k.vgpr && !fold) return takeLdsDirect(ctx, start.col, d, v);
  if (isReg) {
    // Scalar registers read as in a scalar source.
    if (fold || !k.scalar) return ctx.fail(start.col, "invalid operand for instruction");
    OperandDesc scalar = d;
    scalar.cls = OpClass::ssrc;
    return takeScalarRegister(ctx, start.col, scalar, r, v);
  }
  if (!k.constant) return ctx.fail(start.col, "invalid operand for instruction");
  if (!parseImmediate(ctx, c, d, idx, k, v, inst, inBars, fold)) return false;
  if (!k.literal && v.value == src::kLiteral)
    return ctx.fail(start.col, "invalid operand for instruction");
  return true;
}

// Whether source `idx` is written first with an e32 form's implicit vcc left out before it: llvm's
// operand list starts with that vcc, and it reads the first operand written with its plain
// parser, which takes no modifiers and reads abs/neg without a parenthesis as symbols.
bool firstAfterOmittedVcc(const Inst &inst, unsigned idx) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  bool omitted = false;
  for (unsigned j = 0; j < idx; ++j) {
    if (!isPositional(ops[j].cls)) continue;
    if (inst.ops[j].present) return false;
    omitted |= ops[j].cls == OpClass::vcc;
  }
  return omitted;
}

// A source of an entry read as another processor's VOP3 DPP form (ParseContext::vop3DppModel),
// whose operand classes llvm's matcher applies: src0 a VGPR (llvm's VRegWithInputMods: 32 bits,
// or 64 with DP ALU DPP; a few forms' src0 takes a pair only), no lds_direct. False (failed) where
// the source is not one; else `narrowed` is the operand as read (a 64-bit src0 read as a 32-bit
// VGPR).
[[gnu::noinline]] bool vop3DppModelSource(ParseContext &ctx, const Cursor &c, const OperandDesc &d,
                                          OperandDesc &narrowed) {
  narrowed = d;
  const uint32_t col = ctx.valueColumn(&c.peek());
  Cursor probe = c;
  while (probe.peek().col < col) probe.next();
  ParseContext quiet{ctx.target, ctx.syms};
  Reg r;
  const bool isReg = parseRegister(quiet, probe, r);
  if (isReg && isLdsDirect(r)) return ctx.fail(col, "invalid operand for instruction");
  if (d.field != Field::src0) return true;
  if (!isReg || r.file != RegFile::VGPR ||
      (ctx.vop3DppModel == 2 ? r.count != 2
                             : !(r.count == 1 || (r.count == 2 && ctx.target.dpAluDpp()))))
    return ctx.fail(col, "invalid operand for instruction");
  if (r.count == 1 && typeBits(d.type) == 64)
    narrowed.type = typeKind(d.type) == 'F' ? OpType::f32 : OpType::b32;
  return true;
}

// [-|neg(] [|abs(] value [|)] [)]
bool parseSourceAs(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx,
                   OperandValue &v, Inst &inst) {
  SourceKinds k = kindsOf(d.cls);
  // (a lone s<N>/v<N>: no modifier word, sign or bar to look for, whatever the form)
  if (isLoneNumberedRegister(c)) return parseSourceValue(ctx, c, d, idx, k, v, inst, false, 0);
  // (llvm's DPP source classes take no literal: its matcher fails there, before the controls)
  if (isDppForm(inst) || ctx.vop3DppModel) k.literal = false;
  // A source llvm reads without modifiers takes `--x` as an expression (-(-x)); one with neg
  // (or an e32 float source, which folds them) rejects it below.
  const bool doubleMinus = c.is(Tok::Minus) && c.peek(1).kind == Tok::Minus;
  // (gfx11: also a 64-bit first source after an omitted vcc, which no DPP form of the compare
  // reads with modifiers: `v_cmp_nlg_f64_e32 --(-20), v[2:3]` is -(-20) to llvm, `-v[0:1]` no
  // valid operand)
  if ((inst.arch->traits->plainOperandAfterOmittedVcc || (isE32(inst) && typeBits(d.type) == 64)) &&
      firstAfterOmittedVcc(inst, idx)) {
    if (c.is(Tok::Pipe) || isWord(c, "neg") || isWord(c, "abs") ||
        (c.is(Tok::Minus) && !doubleMinus && minusIsNegModifier(ctx, c)))
      return ctx.fail(c.peek().col, "not a valid operand.");
    return parseSourceValue(ctx, c, d, idx, k, v, inst, false, 0);
  }
  // e32 float sources take neg/abs of a constant by changing its sign bit (not fmaak/fmamk,
  // which have no VOP3 form with modifiers).
  // Packed float pairs fold into bit 15 where the entry has an e64 twin with modifiers (gfx9's
  // v_pk_fmac_f16_e32, v_dot2c_*_e32; gfx11's have none).
  char kind = typeKind(d.type);
  bool foldable = isE32(inst) && operandIndex(inst, Field::lit) < 0 &&
                  (kind == 'F' ||
                   (kind == 'V' && d.type != OpType::v2b16 && inst.desc->name.ends_with("_e32")));
  const bool doubleMinusExpression = doubleMinus && !k.neg && !foldable;
  uint8_t mods = 0;
  const Token &start = c.peek();
  bool negParen = false, absParen = false, absBar = false;
  if (failAtModifierWord(ctx, c, k.neg || k.abs || foldable)) return false;
  if (c.is(Tok::Identifier) && c.peek().text == "sext") [[unlikely]] {
    ctx.sextSeen = true;
    // (sext(..) reaches a source without it where another form of the name takes it, whose
    // parser reads it: llvm's matcher then refuses a register inside, and takes a constant as
    // if it had no sext)
    if (isWord(c, "sext")) {
      Cursor probe = c;
      probe.next();
      probe.next();
      const Token &inner = probe.peek();
      ParseContext quiet{ctx.target, ctx.syms};
      Reg r;
      if (parseRegister(quiet, probe, r) || quiet.err.set)
        return ctx.fail(inner.col, "invalid operand for instruction");
      c.next();
      c.next();
      if (!parseSourceValue(ctx, c, d, idx, k, v, inst, false, 0)) return false;
      if (!c.accept(Tok::RParen)) return ctx.fail(c.peek().col, "expected closing parentheses");
      return true;
    }
  }
  if (c.is(Tok::Minus) && !doubleMinusExpression && minusIsNegModifier(ctx, c)) {
    if (!k.neg && !foldable) return ctx.fail(start.col, "not a valid operand.");
    c.next();
    if (c.is(Tok::Minus)) return ctx.fail(start.col, "invalid syntax, expected 'neg' modifier");
    if (isLitCall(c)) return ctx.fail(start.col, "invalid operand for instruction");
    mods |= Mod_Neg;
  } else if (isWord(c, "neg")) {
    if (!k.neg && !foldable) return ctx.fail(start.col, "not a valid operand.");
    c.next();
    c.next();
    negParen = true;
    mods |= Mod_Neg;
  }
  if (c.is(Tok::Pipe)) {
    if (!k.abs && !foldable) return ctx.fail(start.col, "not a valid operand.");
    c.next();
    absBar = true;
  } else if (isWord(c, "abs")) {
    if (!k.abs && !foldable) return ctx.fail(start.col, "not a valid operand.");
    c.next();
    c.next();
    absParen = true;
  }
  if (absBar || absParen) {
    mods |= Mod_Abs;
    // (`--x` there is an expression, -(-x): llvm's check for a neg modifier wants a register or
    // a modifier after the minus)
    if (c.is(Tok::Minus) && c.peek(1).kind != Tok::Minus && minusIsNegModifier(ctx, c))
      return ctx.fail(c.peek().col, "failed parsing operand.");
    if (isWord(c, "neg")) return ctx.fail(c.peek().col, "failed parsing operand.");
  }
  bool fold = mods && !(k.neg || k.abs);
  if (!fold) v.mods |= mods;
  if (!parseSourceValue(ctx, c, d, idx, k, v, inst, absBar, fold ? mods : 0)) return false;
  if (absBar && !c.accept(Tok::Pipe)) return ctx.fail(c.peek().col, "expected vertical bar");
  if (absParen && !c.accept(Tok::RParen))
    return ctx.fail(c.peek().col, "expected closing parentheses");
  if (negParen && !c.accept(Tok::RParen))
    return ctx.fail(c.peek().col, "expected closing parentheses");
  return true;
}

// A source read as another processor's VOP3 DPP form's (vop3DppModelSource).
[[gnu::noinline]] bool parseModelSource(ParseContext &ctx, Cursor &c, const OperandDesc &written,
                                        unsigned idx, OperandValue &v, Inst &inst) {
  OperandDesc narrowed;
  return vop3DppModelSource(ctx, c, written, narrowed) &&
         parseSourceAs(ctx, c, narrowed, idx, v, inst);
}

bool parseSource(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, OperandValue &v,
                 Inst &inst) {
  if (ctx.vop3DppModel) [[unlikely]]
    return parseModelSource(ctx, c, d, idx, v, inst);
  return parseSourceAs(ctx, c, d, idx, v, inst);
}

// Modifiers come in llvm's order (op_sel, clamp, omod): one after a later one is an error.
bool laterModifierPresent(const Inst &inst, unsigned idx) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (unsigned i = idx + 1; i < ops.size(); ++i)
    if (!isPositional(ops[i].cls) && inst.ops[i].present && ops[i].cls != OpClass::vop_exec_dst)
      return true;
  return false;
}

unsigned opselEntries(OpClass cls) {
  switch (cls) {
  case OpClass::vop_opsel3: return 3;
  case OpClass::vop_opsel4:
  case OpClass::vop_opsel_dot2:
  case OpClass::vop_opsel_byte: return 4;
  default: return 2;
  }
}

// op_sel:[a,b,...]: entry k is bit k, the last one (of vop_opselN) the destination's bit 3.
bool parseOpsel(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
                const Inst &inst) {
  const Token &start = c.next(); // op_sel
  if (!c.accept(Tok::Colon) || !c.accept(Tok::LBrac))
    return ctx.fail(start.col, "invalid op_sel value.");
  unsigned n = opselEntries(d.cls), bits = 0, k = 0;
  // v_fmac_*: src2 is the destination, its entry shows the destination's bit (not encoded).
  bool tied = d.cls == OpClass::vop_opsel4 && operandIndex(inst, Field::src2) < 0;
  // Without a VGPR destination (VOPC) the last entry is accepted and ignored.
  int dst = operandIndex(inst, Field::vdst);
  bool noDst = d.cls != OpClass::vop_opsel_pair &&
               (dst < 0 || inst.arch->operandsOf(*inst.desc)[dst].cls != OpClass::vgpr);
  int tiedEntry = -1;
  bool anySet = false, pairBeyond = false;
  do {
    const Token &t = c.peek();
    // (llvm reads at most 4 entries, whatever the class)
    if (k == 4) return ctx.fail(c.toks[c.pos - 1].col, "expected a closing square bracket");
    // (each entry is an absolute expression, as llvm reads it: op_sel:[0,1+0])
    if (!startsValueExpr(t)) return ctx.fail(t.col, "invalid op_sel value.");
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    if (e.value != 0 && e.value != 1) return ctx.fail(t.col, "invalid op_sel value.");
    // llvm reads the entries as bits src0, src1, src2, dst of every form and takes the
    // destination's from the entry after the last source: the entries after that one are
    // ignored (v_add_nc_u16 op_sel:[0,0,1,1] is op_sel:[0,0,1]); v_permlane*'s check after
    // matching wants them 0.
    if (k >= n) {
      pairBeyond |= d.cls == OpClass::vop_opsel_pair && e.value;
      ++k;
      continue;
    }
    unsigned bit = d.cls == OpClass::vop_opsel_pair || k < n - 1 ? k : 3;
    anySet |= e.value != 0;
    if (tied && k == 2)
      tiedEntry = static_cast<int>(e.value);
    else if (e.value && !(noDst && bit == 3))
      bits |= 1u << bit;
    ++k;
  } while (c.accept(Tok::Comma));
  if (!c.accept(Tok::RBrac)) return ctx.fail(c.peek().col, "expected a closing square bracket");
  if (pairBeyond) return ctx.fail(start.col, "invalid op_sel operand");
  // Slots a .l/.h suffix already decided must agree.
  // A nonzero op_sel must agree with every .l/.h suffix; all zeros leaves them to the suffixes.
  unsigned decided = v.value >> kOpselSuffixShift, implied = v.value & 0xf;
  bool nonzero = anySet;
  if ((nonzero && ((bits ^ implied) & decided)) ||
      (nonzero && tiedEntry >= 0 && (decided & 8) &&
       static_cast<unsigned>(tiedEntry) != (implied >> 3 & 1))) [[unlikely]]
    ctx.deferCheck(start.col, "op_sel operand conflicts with 16-bit operand suffix", 0);
  if (d.cls == OpClass::vop_opsel_dot2 && (bits & 3))
    ctx.deferCheck(start.col, "invalid op_sel operand", ParseContext::kLateCheck);
  v.value = bits | implied | decided << kOpselSuffixShift;
  return true;
}

bool parseOmod(ParseContext &ctx, Cursor &c, OperandValue &v) {
  const Token &word = c.next();
  bool mul = word.text == "mul";
  if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
  // The value is an absolute expression (mul:(1+1)), as llvm reads it.
  const Token &t = c.peek();
  if (t.kind == Tok::Real ||
      (t.kind == Tok::Minus && !t.commentAfter && c.peek(1).kind == Tok::Real))
    return ctx.fail(word.col, mul ? "invalid mul value." : "invalid div value.");
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  const int64_t n = e.value;
  if (mul && (n == 1 || n == 2 || n == 4))
    v.value = n == 1 ? 0 : n == 2 ? 1 : 2;
  else if (!mul && (n == 1 || n == 2))
    v.value = n == 1 ? 0 : 3;
  else
    return ctx.fail(word.col, mul ? "invalid mul value." : "invalid div value.");
  return true;
}

bool parseK(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v, Inst &inst) {
  const uint16_t forced = openLit(ctx, c); // (kept: printed)
  const Token &start = c.peek();
  ValuImmediate imm;
  bool negative = false;
  if (c.is(Tok::Real) ||
      (c.is(Tok::Minus) && !c.peek().commentAfter && c.peek(1).kind == Tok::Real)) {
    bool neg = c.accept(Tok::Minus);
    double f = c.next().fval;
    imm = valuForcedLiteral(true, 0, neg ? -f : f, d.type);
  } else {
    if (!startsExpr(start)) return ctx.fail(start.col, "invalid operand for instruction");
    ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    if (e.kind == ExprResult::Kind::Relocatable)
      return forced ? ctx.fail(c.peek().col, "not a valid operand.")
                    : ctx.fail(start.col, "invalid operand for instruction");
    imm = valuForcedLiteral(false, e.value, 0, d.type);
    negative = e.value < 0;
  }
  if (!imm.ok) return ctx.fail(start.col, "invalid operand for instruction");
  if (!closeLit(ctx, c, forced)) return false;
  v.mods |= forced | (forced && negative ? Mod_LitNegative : 0);
  if (!setLiteral(ctx, start.col, imm.value, v, inst, negative)) return false;
  // A 16-bit constant written as a negative integer fills the dword sign-extended (llvm-mc; it
  // prints the low half). The constant is the instruction's last literal.
  if (negative && typeBits(d.type) == 16)
    imm.value = inst.literal = static_cast<uint32_t>(static_cast<int16_t>(imm.value));
  v.value = imm.value;
  return true;
}

} // namespace

uint32_t default_valu(const OperandDesc &d) {
  return d.cls == OpClass::vop_exec_dst ? src::kExecLo : 0;
}

bool parse_valu(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  const Token &start = c.peek();
  switch (d.cls) {
  case OpClass::vgpr: return parseVgpr(ctx, c, d, v, inst);
  case OpClass::vsrc:
  case OpClass::vsrc_mod:
  case OpClass::vsrc_neg:
  case OpClass::vssrc:
  case OpClass::vssrc_inline:
  case OpClass::vgpr_mod: return parseSource(ctx, c, d, idx, v, inst);
  case OpClass::vmask: {
    // Any scalar register of the lane mask's width (also null, m0, src_*), as a scalar source.
    Reg r;
    if (!parseRegister(ctx, c, r)) {
      if (ctx.err.set) return false;
      return ctx.fail(start.col, "invalid operand for instruction");
    }
    if (r.file == RegFile::VGPR) return ctx.fail(start.col, "invalid operand for instruction");
    OperandDesc scalar = d;
    scalar.cls = OpClass::ssrc;
    return takeScalarRegister(ctx, start.col, scalar, r, v);
  }
  case OpClass::vsdst_nom0: {
    OperandDesc scalar = d;
    scalar.cls = OpClass::sreg;
    if (!parse_scalar(ctx, c, scalar, idx, inst)) return false;
    if (v.value == targetRegisters(ctx).m0)
      return ctx.fail(start.col, "invalid operand for instruction");
    return true;
  }
  case OpClass::vcc: {
    Reg r;
    if (!parseRegister(ctx, c, r) || r.file != RegFile::Special || r.index != src::kVccLo ||
        r.count != (ctx.target.wave64() ? 2 : 1))
      return ctx.fail(start.col, "invalid operand for instruction");
    return true;
  }
  case OpClass::vk: return parseK(ctx, c, d, v, inst);
  case OpClass::vop_opsel2:
  case OpClass::vop_opsel3:
  case OpClass::vop_opsel4:
  case OpClass::vop_opsel_dot2:
  case OpClass::vop_opsel_pair:
  case OpClass::vop_opsel_byte:
    if (laterModifierPresent(inst, idx)) return ctx.fail(start.col, "not a valid operand.");
    return parseOpsel(ctx, c, d, v, inst);
  case OpClass::vop_bitop3: {
    if (laterModifierPresent(inst, idx)) return ctx.fail(start.col, "not a valid operand.");
    c.next();
    int64_t n;
    if (!parseColonValue(ctx, c, n)) return false;
    v.value = static_cast<uint32_t>(n) & 0xff; // (llvm-mc-22 keeps the low 8 bits of any value)
    return true;
  }
  case OpClass::vop_clamp:
    if (laterModifierPresent(inst, idx))
      return ctx.fail(start.col, "invalid operand for instruction");
    v.value = c.next().text == isa::fieldName(d.field); // (0 for noclamp)
    return true;
  case OpClass::vop_omod:
    if (laterModifierPresent(inst, idx))
      return ctx.fail(start.col, "invalid operand for instruction");
    return parseOmod(ctx, c, v);
  default: break;
  }
  return ctx.fail(start.col, "not a valid operand.");
}

bool implicitOmissionRejected(const Inst &inst, unsigned next, const Cursor &c) {
  // llvm-mc-22 fails to parse a VOPC float src0 written neg(..), abs(..) or |..| (f16/f32: also
  // lit(..)) right after the mnemonic when vcc_lo is left out.
  auto ops = inst.arch->operandsOf(*inst.desc);
  if (next >= ops.size() || ops[next].field != Field::src0 || !isE32(inst) ||
      inst.arch->traits->plainOperandAfterOmittedVcc)
    return false;
  OpType t = ops[next].type;
  if (t != OpType::f16 && t != OpType::f32 && t != OpType::f64) return false;
  if (c.is(Tok::Pipe) || isWord(c, "neg") || isWord(c, "abs")) return true;
  if (c.is(Tok::Minus)) {
    Cursor after = c;
    after.next();
    if (after.is(Tok::Pipe) || isWord(after, "abs")) return true;
  }
  // (lit(..) only where sources may be true16 halves, which llvm tries first: gfx11)
  return t != OpType::f64 && isLitCall(c) && inst.arch->traits->true16;
}

bool implicitLeavesEnough(const Inst &inst, unsigned idx, const Cursor &c) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  unsigned need = 0, have = 0;
  for (size_t j = idx + 1; j < ops.size(); ++j)
    need += isPositional(ops[j].cls) && !(ops[j].flags & OF_Optional);
  int depth = 0;
  for (size_t k = c.pos; k < c.toks.size() && c.toks[k].kind != Tok::Eol; ++k) {
    Tok t = c.toks[k].kind;
    depth += (t == Tok::LParen || t == Tok::LBrac) - (t == Tok::RParen || t == Tok::RBrac);
    have += t == Tok::Comma && depth == 0;
  }
  return have >= need;
}

namespace {
// Whether operand `i`'s literal holds an inline value of its type (llvm takes lit(1.0) in a VOP3
// form where the architecture has no VOP3 literal, and encodes the literal marker alone).
bool inlineLiteral(const Inst &inst, int i, OpType type) {
  if (inst.labelOperand == i) return false; // (a relocatable expression)
  // (a 64-bit operand's literal is its low dword, zero-extended)
  // (16-bit integer operands keep lit(float) as single precision: 32 bits, inline as an f32;
  // their integers are inline from -16 to 64 only)
  bool half = type == OpType::f16 || type == OpType::bf16;
  if (typeBits(type) == 16 && !half) {
    int32_t i = static_cast<int32_t>(inst.literal);
    return (i >= -16 && i <= 64) || inlineEncodingOfInt(inst.literal, OpType::f32) >= 0;
  }
  int64_t v = half                   ? int64_t{static_cast<int16_t>(inst.literal)}
              : typeBits(type) <= 32 ? int64_t{static_cast<int32_t>(inst.literal)}
                                     : int64_t{inst.literal};
  return inlineEncodingOfInt(v, type) >= 0 || inlineEncodingOfInt(inst.literal, type) >= 0;
}
} // namespace

uint32_t valuEntryFacts(const isa::ArchTables &arch, const isa::InstrDesc &desc) {
  const std::string_view fmt = arch.formatOf(desc).name, name = desc.name;
  uint32_t facts = kValuFactsComputed;
  // (llvm: lds_direct not where the operands are swapped, the *rev* instructions)
  for (std::string_view rev : {"_subrev", "_subbrev", "_lshlrev", "_lshrrev", "_ashrrev"})
    if (name.find(rev) != std::string_view::npos) facts |= kValuReversed;
  if (fmt.ends_with("_SDWA")) facts |= kValuSdwa;
  if (fmt.substr(0, 3) == "VOP" && fmt != "VOP3P" && fmt != "VOPD") facts |= kValuBus;
  // (and the formats of gfx950's VOP3 forms with other modifier bits: VOP3_BITOP3, ...)
  if (fmt.starts_with("VOP3") && !fmt.starts_with("VOP3P")) facts |= kValuVop3;
  if (fmt == "VOP2") facts |= kValuVop2;
  if (fmt == "VOP2_SDWA") facts |= kValuVop2Sdwa;
  if (fmt == "VOP3SD") facts |= kValuVop3sd;
  // v_div_fmas_* reads vcc without naming it; the 64-bit shifts have a bus of one value.
  if (name.starts_with("v_div_fmas_")) facts |= kValuDivFmas;
  if (name == "v_lshlrev_b64" || name == "v_lshrrev_b64" || name == "v_ashrrev_i64")
    facts |= kValuBusOfOne;
  if (name == "v_writelane_b32") facts |= kValuWritelane;
  return facts;
}

bool validateLdsDirect(ParseContext &ctx, const Inst &inst) {
  if (!ctx.ldsDirectCol) return true;
  const uint32_t facts = ctx.valuFacts ? ctx.valuFacts : valuEntryFacts(*inst.arch, *inst.desc);
  if (!ctx.target.ldsDirect())
    return ctx.fail(ctx.ldsDirectCol, "lds_direct is not supported on this GPU");
  if (facts & (kValuReversed | kValuSdwa))
    return ctx.fail(ctx.ldsDirectCol, "lds_direct cannot be used with this instruction");
  if (ctx.ldsDirectNotSrc0Col)
    return ctx.fail(ctx.ldsDirectNotSrc0Col, "lds_direct may be used as src0 only");
  return true;
}

// A literal noted while parsing that gfx9's VOP3 or VOP3P refuses (ParseContext::vop3pLiteralCol):
// llvm reports the first literal operand that is not lit(x) of an inline value.
[[gnu::noinline]] static bool failRefusedLiteral(ParseContext &ctx, const Inst &inst,
                                                 uint32_t facts) {
  const auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; (facts & kValuVop3) && i < ops.size(); ++i)
    if ((ops[i].field == Field::src0 || ops[i].field == Field::src1 ||
         ops[i].field == Field::src2) &&
        inst.ops[i].value == src::kLiteral &&
        (!(inst.ops[i].mods & Mod_Lit) || !inlineLiteral(inst, static_cast<int>(i), ops[i].type)))
      return ctx.fail(ctx.colOf(i, ctx.vop3pLiteralCol), "literal operands are not supported");
  return ctx.fail(ctx.vop3pLiteralCol, "literal operands are not supported");
}

bool validate_valu(ParseContext &ctx, Inst &inst, uint32_t col) {
  const uint32_t facts = ctx.valuFacts ? ctx.valuFacts : valuEntryFacts(*inst.arch, *inst.desc);
  if (ctx.ldsDirectCol && !validateLdsDirect(ctx, inst)) return false;
  // (then a literal gfx9's VOP3 and VOP3P refuse, noted while parsing: a second one, a VOP3P one)
  if (ctx.vop3pLiteralCol) [[unlikely]]
    return failRefusedLiteral(ctx, inst, facts);
  if (!(facts & kValuBus)) return true;
  // Constant bus: at most two distinct scalar values (SGPRs, vcc, literal) per instruction.
  auto ops = inst.arch->operandsOf(*inst.desc);
  // The implicit vcc operands of an e32 form are all written or all left out.
  // (gfx9 has them written where there are two, a carry in and out)
  // (there llvm's form spells the carry out as a word after vdst: with it left out, the operand
  // written in its place is the wrong one)
  int implicitWritten = -1;
  size_t firstImplicit = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    if (ops[i].cls != OpClass::vcc) continue;
    int w = inst.ops[i].present ? 1 : 0;
    if (implicitWritten == 0 && !inst.arch->traits->carryOmittable)
      return ctx.fail(ctx.colOf(firstImplicit + 1, col), "invalid operand for instruction");
    if (implicitWritten >= 0 && w != implicitWritten)
      return ctx.fail(col, "too few operands for instruction");
    if (implicitWritten < 0) firstImplicit = i;
    implicitWritten = w;
  }
  // (llvm checks the literals before the constant bus: a VOP3 literal where the architecture
  // takes none is the error, at the first literal)
  if ((facts & kValuVop3) && !inst.arch->traits->vop3Literal)
    for (size_t i = 0; i < ops.size(); ++i) {
      const Field f = ops[i].field;
      if ((f == Field::src0 || f == Field::src1 || f == Field::src2) &&
          ops[i].cls != OpClass::vop_src2_mods && !isSdwaSource(ops[i].cls) &&
          inst.ops[i].value == src::kLiteral &&
          !inlineLiteral(inst, static_cast<int>(i), ops[i].type))
        return ctx.fail(ctx.colOf(i, col), "literal operands are not supported");
    }
  unsigned seen[2], n = 0;
  // (an implicit read is not the same value as a written vcc_lo for llvm-mc-22)
  constexpr unsigned kImplicitVcc = 0x20000;
  if (facts & kValuDivFmas) seen[n++] = kImplicitVcc;
  unsigned limit = facts & kValuBusOfOne ? 1 : inst.arch->traits->constantBusLimit;
  const bool vop3 = facts & kValuVop3;
  // (the carry in: VOP2's last operand; in SDWA, the one after src1, modifiers following)
  auto isImplicitVcc = [&](size_t i) {
    return ops[i].cls == OpClass::vcc &&
           ((i + 1 == ops.size() && (facts & kValuVop2)) ||
            (i > 0 && ops[i - 1].field == Field::src1 && (facts & kValuVop2Sdwa)));
  };
  // llvm counts the implicit read first, written or not: a source is what goes over the limit.
  for (size_t i = 0; i < ops.size(); ++i)
    if (isImplicitVcc(i) && n < limit && (n == 0 || seen[0] != kImplicitVcc))
      seen[n++] = kImplicitVcc;
  uint32_t lastScalarCol = 0; // (of the last register counted)
  for (size_t i = 0; i < ops.size(); ++i) {
    Field f = ops[i].field;
    bool isSource = f == Field::src0 || f == Field::src1 || f == Field::src2;
    if (isImplicitVcc(i)) continue;
    bool constantK = ops[i].cls == OpClass::vk; // (madak/fmaak's K: a literal)
    if ((!isSource || ops[i].cls == OpClass::vop_src2_mods) && !constantK) continue;
    unsigned enc = constantK ? src::kLiteral : inst.ops[i].value;
    if (isSdwaSource(ops[i].cls)) enc ^= kSdwaScalarBit; // (the field's S bit, flipped)
    if (enc == src::kLiteral && vop3 && !inst.arch->traits->vop3Literal &&
        !inlineLiteral(inst, static_cast<int>(i), ops[i].type))
      return ctx.fail(ctx.colOf(i, col), "literal operands are not supported");
    // (llvm keeps src1's: it prints |v1| and encodes nothing, the field being sdst's)
    if ((facts & kValuVop3sd) && (inst.ops[i].mods & Mod_Abs) && !inst.arch->traits->vop3bAbs &&
        f != Field::src1)
      return ctx.fail(col, "ABS not allowed in VOP3B instructions");
    if (enc != src::kLiteral && !readsConstantBus(targetRegisters(ctx), enc)) continue;
    // (v_writelane_b32's lane select in m0 takes no place on the bus)
    if (f == Field::src1 && enc == targetRegisters(ctx).m0 && (facts & kValuWritelane)) continue;
    // A register is one value at one width (exec_lo and exec are two); vcc written as a 64-bit
    // operand is the register v_div_fmas_* reads implicitly.
    unsigned dwords = typeDwords(ops[i].type, ctx.target.wave64());
    bool vcc64 = enc == src::kVccLo && dwords == 2;
    // (the literal, too, is one value per operand width)
    // (src_* registers have no width: one value however written)
    unsigned width = enc >= src::kSharedBase && enc != src::kLiteral ? 0 : dwords << 12;
    unsigned key = vcc64 ? kImplicitVcc : (enc == src::kLiteral ? 0x10000 : enc) | width;
    bool dup = false;
    for (unsigned k = 0; k < n; ++k) dup |= seen[k] == key;
    if (dup) continue;
    // (llvm reports at the later of the literal and the last SGPR; madak/madmk's K is no literal
    // to its locator, so there it is the SGPR)
    if (n == limit)
      return ctx.fail(constantK && lastScalarCol ? lastScalarCol : ctx.colOf(i, col),
                      "invalid operand (violates constant bus restrictions)");
    if (enc != src::kLiteral) lastScalarCol = ctx.colOf(i, col);
    seen[n++] = key;
  }
  return true;
}

} // namespace gfxasm::as
