// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Operands of the VOP3P, WMMA, VOPD, DPP16 and DPP8 formats.
#include <bit>
#include <span>
#include <string>

#include <fmt/format.h>

#include "asm/operand_families.h"
#include "asm/packed_constants.h"
#include "asm/valu_operands.h"
#include "asm/vext_operands.h"
#include "gfxasm/gfxasm.h"

namespace gfxasm::as {

using namespace isa;

namespace {

constexpr unsigned kMaxSources = 3;

bool invalid(ParseContext &ctx, uint32_t col) {
  return ctx.fail(col, "invalid operand for instruction");
}

// A VGPR (tuple) of exactly `dwords` registers; its source encoding into v.
bool parseVgpr(ParseContext &ctx, Cursor &c, unsigned dwords, OperandValue &v) {
  const Token &start = c.peek();
  Reg r;
  if (!parseRegister(ctx, c, r)) return ctx.err.set ? false : invalid(ctx, start.col);
  if (r.file != RegFile::VGPR || r.count != dwords || r.half) return invalid(ctx, start.col);
  v.value = sourceEncoding(r);
  return true;
}

// A number at the cursor: a real (with its sign) or an integer expression; between |..| only a
// primary expression (llvm reads no operators there). A relocatable expression fills `reloc`
// (an error where none is passed).
bool parseNumber(ParseContext &ctx, Cursor &c, NumberToken &n, bool inAbs = false,
                 ExprResult *reloc = nullptr) {
  const Token &start = c.peek();
  bool neg = c.is(Tok::Minus) && !c.peek().commentAfter && c.peek(1).kind == Tok::Real;
  if (neg) c.next();
  if (c.is(Tok::Real)) {
    n.isFloat = true;
    n.fval = neg ? -c.next().fval : c.next().fval;
    return true;
  }
  if (!startsExpr(start)) return invalid(ctx, start.col);
  ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true, /*primary=*/inAbs);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  if (e.kind == ExprResult::Kind::Relocatable) {
    if (!reloc) return invalid(ctx, start.col);
    *reloc = std::move(e);
  }
  n.isFloat = false;
  n.ival = e.value;
  return true;
}

// A VALU source register of `dwords` registers: VGPRs or scalar ones; VALU sources cannot read
// vccz, execz and pops_exiting_wave_id.
// (gfx9's VOP3P takes them: only the architecture's Reg_NotInScalar ones are refused)
bool valuScalarOrVgpr(const Reg &r, unsigned dwords = 1) {
  // (the source-only registers, src_* to src_scc, stand in pairs too: v_pk_*_f32)
  bool anyWidth = r.file == RegFile::Special && r.count == 1 && r.index >= src::kSharedBase;
  if (r.half || (!anyWidth && (r.count != dwords || !regWidthOk(r, dwords)))) return false;
  if (r.file == RegFile::VGPR) return true;
  if (!isScalarFile(r)) return false;
  return !(r.file == RegFile::Special && (r.flags & Reg_NotInScalar) &&
           (r.index == src::kVccz || r.index == src::kExecz || r.index == src::kPopsExitingWaveId));
}

// Scalar values read through the constant bus by the sources parsed so far: at most the
// architecture's limit of distinct scalar registers and literals (gfx11: two, gfx9: one). A
// literal gfx9 refuses is reported instead (validate_vext).
bool constantBusOk(const ParseContext &ctx, const Inst &inst) {
  if (ctx.vop3pLiteralCol) return true;
  auto ops = inst.arch->operandsOf(*inst.desc);
  unsigned seen[kMaxSources + 1];
  unsigned n = inst.hasLiteral ? 1 : 0;
  unsigned distinct = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    if (!inst.ops[i].present || !(ops[i].cls == OpClass::psrc || ops[i].cls == OpClass::psrc_mods))
      continue;
    unsigned enc = inst.ops[i].value;
    if (!readsConstantBus(isa::registersOf(*inst.arch), enc)) continue;
    bool dup = false;
    for (unsigned k = 0; k < distinct; ++k) dup |= seen[k] == enc;
    if (!dup && distinct <= kMaxSources) seen[distinct++] = enc;
  }
  return n + distinct <= inst.arch->traits->constantBusLimit;
}

// A literal read by a VOP3P source where the architecture's VOP3P takes none (gfx9): noted for
// validate_vext, except lit(x) of an inline value, which llvm-mc-22 takes and encodes as the
// literal marker without its dword (as in gfx9's VOP3).
void noteRefusedLiteral(ParseContext &ctx, const OperandDesc &d, const OperandValue &v,
                        const Inst &inst, uint32_t col) {
  if (inst.arch->traits->vop3Literal || ctx.vop3pLiteralCol) return;
  if ((v.mods & Mod_Lit) && packedLiteralLooksInline(inst.literal, d.type)) return;
  ctx.vop3pLiteralCol = col;
}

bool atLit(const Cursor &c) {
  return c.is(Tok::Identifier) && isLitWord(c.peek().text) && c.peek(1).kind == Tok::LParen;
}

// lit(number) at the cursor: the number as the literal dword, even where it is an inline
// constant (a negative integer noted: llvm prints it sign-extended to 64 bits).
bool parseForcedLiteral(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
                        Inst &inst) {
  const bool lit64 = c.next().text == "lit64";
  ctx.lit64Seen |= lit64;
  c.next();
  const Token &start = c.peek();
  NumberToken n;
  ExprResult reloc;
  if (!parseNumber(ctx, c, n, false, &reloc)) return false;
  // (llvm fails lit(expr) at the closing parenthesis)
  if (reloc.ok()) return ctx.fail(c.peek().col, "not a valid operand.");
  if (!c.accept(Tok::RParen)) return ctx.fail(c.peek().col, "expected closing parentheses");
  uint32_t lit;
  if (!packedForcedLiteral(d.type, n, lit)) return invalid(ctx, start.col);
  v.mods |= Mod_Lit | (lit64 ? Mod_Lit64 : 0);
  if (!n.isFloat && n.ival < 0) v.mods |= Mod_LitNegative;
  ctx.noteVopdLiteral(static_cast<unsigned>(&v - inst.ops.data()), false, lit,
                      !n.isFloat && n.ival < 0);
  if (!setLiteral(ctx, start.col, lit, v, inst, !n.isFloat && n.ival < 0)) return false;
  noteRefusedLiteral(ctx, d, v, inst, start.col);
  return true;
}

bool parsePackedSource(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx,
                       OperandValue &v, Inst &inst) {
  const Token &start = c.peek();
  bool closeAbs = false, closeNeg = false, closeAbsFn = false;
  // DPP forms: src0 (in the DPP dword) and at times src1 take only a VGPR.
  bool vgprOnly = d.cls == OpClass::pdpp_vgpr || d.cls == OpClass::pdpp_vgpr_mods;
  if (d.cls == OpClass::psrc_mods || d.cls == OpClass::pdpp_vgpr_mods) {
    // `-` before a number is the number's sign; before anything else it is the neg modifier.
    if (c.is(Tok::Identifier) && c.peek().text == "neg" && c.peek(1).kind == Tok::LParen) {
      c.next();
      c.next();
      closeNeg = true;
      v.mods |= Mod_Neg;
    } else if (c.is(Tok::Minus) && minusIsNegModifier(ctx, c)) {
      c.next();
      v.mods |= Mod_Neg;
      if (c.is(Tok::Minus))
        return ctx.fail(c.peek().col, "invalid syntax, expected 'neg' modifier");
    }
    if (c.is(Tok::Pipe)) {
      c.next();
      closeAbs = true;
      v.mods |= Mod_Abs;
    } else if (c.is(Tok::Identifier) && c.peek().text == "abs" && c.peek(1).kind == Tok::LParen) {
      c.next();
      c.next();
      closeAbsFn = true;
      v.mods |= Mod_Abs;
    }
  }
  const Token &valueTok = c.peek();
  if (failAtModifierWord(ctx, c, false)) return false;
  // lit(...) but not in DPP forms nor after a minus; between |bars| llvm drops it.
  bool litInBars = false;
  uint32_t busCol = start.col; // (llvm reports a lit(...) on the bus at its value)
  if (atLit(c) && !closeAbs) {
    if ((v.mods & Mod_Neg) && !closeNeg) return invalid(ctx, start.col);
    if (vgprOnly || isDppForm(inst)) return invalid(ctx, c.peek(2).col);
    busCol = c.peek(2).col;
    if (!parseForcedLiteral(ctx, c, d, v, inst)) return false;
  } else if (atLit(c)) {
    c.next();
    c.next();
    litInBars = true;
  }
  if ((d.cls == OpClass::psrc || d.cls == OpClass::pdpp_vgpr) && failAtSourceModifier(ctx, c))
    return false;
  if (c.is(Tok::Minus)) {
    Cursor probe = c;
    probe.next();
    if (atLit(probe)) return invalid(ctx, valueTok.col); // -lit(...)
  }
  Reg r;
  if (v.mods & Mod_Lit) {
  } else if (parseRegister(ctx, c, r)) {
    bool ldsDirect = r.file == RegFile::Special && r.index == src::kLdsDirect;
    // (llvm's classes take lds_direct and, in a DPP form's src1, a scalar register, which its
    // checks after matching refuse; a DPP form's src0 is a VGPR)
    const bool dppSrc0 = vgprOnly && d.field == Field::src0;
    if (!valuScalarOrVgpr(r, typeDwords(d.type, false)) ||
        (ldsDirect && inst.arch->traits->true16 && dppSrc0) ||
        (vgprOnly && r.file != RegFile::VGPR && (dppSrc0 || !inst.arch->traits->true16)))
      return invalid(ctx, valueTok.col);
    if (vgprOnly && r.file != RegFile::VGPR && !ldsDirect) [[unlikely]]
      ctx.deferCheck(valueTok.col, "invalid operand for instruction", 1);
    if (ldsDirect) ctx.noteLdsDirect(valueTok.col, d.field); // (gfx9: checked in validate_valu)
    v.value = sourceEncoding(r);
  } else if (!ctx.err.set && vgprOnly) {
    return invalid(ctx, valueTok.col);
  } else {
    if (ctx.err.set) return false;
    NumberToken n;
    ExprResult reloc;
    if (!parseNumber(ctx, c, n, closeAbs, &reloc)) return false;
    if (reloc.kind == ExprResult::Kind::Relocatable) {
      if (v.mods) return ctx.fail(valueTok.col, "expected an absolute expression");
      // (DPP forms take no literal; gfx9's VOP3P takes one only to refuse it after matching,
      // in a 32-bit source: llvm's classes of the others take no expression)
      if (d.cls != OpClass::psrc || isDppForm(inst)) return invalid(ctx, valueTok.col);
      if (!setSymbolicLiteral(ctx, valueTok.col, reloc, d, idx, v, inst)) return false;
      noteRefusedLiteral(ctx, d, v, inst, valueTok.col);
      if (!constantBusOk(ctx, inst))
        return ctx.fail(start.col, "invalid operand (violates constant bus restrictions)");
      return true;
    }
    uint32_t lit = 0;
    bool dpp = isDppForm(inst);
    int enc = packedConstantEncoding(d.type, n, lit, !dpp);
    if (enc == kConstantInvalid || (dpp && enc == kConstantLiteral))
      return invalid(ctx, valueTok.col);
    if (enc == kConstantLiteral) {
      if (!setLiteral(ctx, valueTok.col, lit, v, inst, !n.isFloat && n.ival < 0)) return false;
      noteRefusedLiteral(ctx, d, v, inst, valueTok.col);
    } else {
      v.value = static_cast<uint32_t>(enc);
    }
  }
  if (litInBars && !c.accept(Tok::RParen))
    return ctx.fail(c.peek().col, "expected closing parentheses");
  if (closeAbs && !c.accept(Tok::Pipe)) return ctx.fail(c.peek().col, "expected vertical bar");
  if ((closeAbsFn && !c.accept(Tok::RParen)) || (closeNeg && !c.accept(Tok::RParen)))
    return ctx.fail(c.peek().col, "expected closing parentheses");
  if (!constantBusOk(ctx, inst)) {
    // (gfx9: llvm checks the literals first, a later one too: validate_vext reports it)
    if (inst.arch->traits->vop3Literal)
      return ctx.fail(busCol, "invalid operand (violates constant bus restrictions)");
    if (!ctx.vop3pBusCol) ctx.vop3pBusCol = busCol;
  }
  return true;
}

// The WMMA accumulator: a VGPR tuple or an inline constant, which llvm reads as a 64-bit value
// when the tuple is 8 registers (wave32) and as a 32-bit one when it is 4 (wave64).
bool parseWmmaAccumulator(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v) {
  const Token &start = c.peek();
  if (failAtModifierWord(ctx, c, false)) return false;
  if (c.is(Tok::Identifier) || c.is(Tok::LBrac))
    return parseVgpr(ctx, c, typeDwords(d.type, false), v);
  NumberToken n;
  ExprResult reloc;
  if (!parseNumber(ctx, c, n, false, &reloc)) return false;
  if (reloc.ok()) return invalid(ctx, start.col);
  uint32_t lit;
  int enc = wmmaAccumulatorIs64(d.type) ? inline64Encoding(n)
                                        : packedConstantEncoding(OpType::f32, n, lit);
  // llvm-mc-22 also takes a float whose double's bits are an inline integer (the smallest
  // denormals: 4.9e-324 is 1, up to 64), as that integer.
  if (enc < 0 && n.isFloat) {
    const uint64_t bits = std::bit_cast<uint64_t>(n.fval);
    if (bits <= 64) enc = static_cast<int>(src::kIntZero + bits);
  }
  if (enc < 0) return invalid(ctx, start.col);
  v.value = static_cast<uint32_t>(enc);
  return true;
}

// name:[b0,b1,...]: up to four 0/1 entries, one per source; entries past the sources are ignored.
// llvm takes these modifiers only in the order it prints them.
bool parseSelArray(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  const Token &name = c.next();
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t j = idx + 1; j < ops.size(); ++j)
    if (inst.ops[j].present && !isPositional(ops[j].cls))
      return ctx.fail(name.col, "not a valid operand.");
  if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
  if (!c.accept(Tok::LBrac)) return ctx.fail(c.peek().col, "expected a left square bracket");
  unsigned nsrc = sourceCount(inst), bits = 0, written = 0; // (written: every entry's bit)
  for (unsigned k = 0;; ++k) {
    if (k == 4) return ctx.fail(c.peek().col, "expected a closing square bracket");
    const Token &t = c.peek();
    if (!startsValueExpr(t)) return ctx.fail(t.col, "expected an absolute expression");
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    if (e.value != 0 && e.value != 1)
      return ctx.fail(t.col, "invalid " + std::string(name.text) + " value.");
    if (k < nsrc) bits |= static_cast<uint32_t>(e.value) << k;
    written |= static_cast<uint32_t>(e.value) << k;
    if (c.accept(Tok::RBrac)) break;
    if (!c.accept(Tok::Comma))
      return ctx.fail(c.peek().col, "expected a comma or a closing square bracket");
  }
  // Bits of sources the instruction lacks keep their default (op_sel_hi of src2 stays set).
  uint32_t mask = (1u << nsrc) - 1;
  inst.ops[idx].value = bits | (default_vext(d) & ~mask);
  // gfx940's v_dot*: llvm wants op_sel 0 and op_sel_hi unwritten (its -1, which no array
  // spells), and reports either after matching at op_sel if written (before op_sel_hi: the
  // order is checked above; its column is kept for that), else at the mnemonic.
  if ((inst.desc->flags & IF_DotOpselFixed) && !ctx.afterMatchError) {
    if (d.field == Field::op_sel) ctx.afterMatchCol = name.col;
    if ((d.field == Field::op_sel && written) || d.field == Field::op_sel_hi) {
      int opsel = operandIndex(inst, Field::op_sel);
      if (opsel < 0 || !inst.ops[opsel].present) ctx.afterMatchCol = 0;
      ctx.afterMatchError = "invalid op_sel operand";
    }
  }
  return true;
}

// --- VOPD: each half's operands are checked against the other half's, as llvm does: destinations
// one even and one odd, the halves' src0 and src1 VGPRs in different banks (v % 4), their src2
// VGPRs of different parity, and at most two scalar values (SGPRs, the literal, cndmask's vcc_lo,
// counted apart from an explicit vcc_lo) over the constant bus.

bool isYField(Field f) {
  return f == Field::vdsty || f == Field::srcy0 || f == Field::vsrcy1;
}

bool isVopdSource(OpClass c) {
  return c == OpClass::vopd_src || c == OpClass::vopd_src_vcc;
}

// The VGPR a src0 encoding names for the bank check, or -1; llvm takes lds_direct as one of bank 1.
int vopdSourceVgpr(uint32_t enc) {
  if (enc == src::kLdsDirect) return 1;
  return enc >= src::kVgpr0 ? static_cast<int>(enc - src::kVgpr0) : -1;
}

// The operand of half `y` that plays src `slot` (0..2) in llvm's bank check, or -1.
int vopdSlotOperand(const Inst &inst, bool y, unsigned slot) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    if (isYField(ops[i].field) != y || !inst.ops[i].present) continue;
    const OpClass cls = ops[i].cls;
    if ((slot == 0 && isVopdSource(cls)) || (slot == 1 && cls == OpClass::vopd_vsrc) ||
        (slot == 2 && (cls == OpClass::vopd_vsrc2 || cls == OpClass::vopd_vdst_acc)))
      return static_cast<int>(i);
  }
  return -1;
}

// The VGPR number operand `i` holds for the bank check of `slot`, or -1 (a Y destination's field
// holds v/2: its low bit is the complement of vdstx's).
int vopdSlotVgpr(const Inst &inst, int i, unsigned slot) {
  if (i < 0) return -1;
  const size_t k = static_cast<size_t>(i);
  const uint32_t v = inst.ops[k].value;
  if (slot == 0) return vopdSourceVgpr(v);
  if (inst.arch->operandsOf(*inst.desc)[k].field == Field::vdsty) {
    const int x = operandIndex(inst, Field::vdstx);
    const uint32_t low = x >= 0 ? (~inst.ops[static_cast<size_t>(x)].value & 1) : 0;
    return static_cast<int>(v << 1 | low);
  }
  return static_cast<int>(v);
}

// llvm's checks of a VOPD pair after matching, in its order: one literal value; at most two
// scalar values over the constant bus (SGPRs, the literal, cndmask's vcc_lo); destinations of
// different parity; sources in different VGPR banks. A literal error is reported at the last
// literal that is no fmaak/fmamk constant (else at the last constant), a bus error at the later
// of that literal and the last reading of the last SGPR, a bank error at the Y half's operand
// (at the X half's where Y's is fmac's accumulator, which has no operand of its own).
bool validateVopd(ParseContext &ctx, const Inst &inst, uint32_t col) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  int lastLiteral = -1, lastScalar = -1;
  unsigned seen[4], distinct = 0;
  bool readsVcc = false;
  for (size_t i = 0; i < ops.size(); ++i) {
    readsVcc |= ops[i].cls == OpClass::vopd_src_vcc;
    if (!inst.ops[i].present) continue;
    if (!isVopdSource(ops[i].cls)) continue;
    const uint32_t enc = inst.ops[i].value;
    if (enc == src::kLiteral) lastLiteral = static_cast<int>(i);
    if (enc == src::kLiteral || !readsConstantBus(isa::registersOf(*inst.arch), enc)) continue;
    lastScalar = static_cast<int>(i);
    bool dup = false;
    for (unsigned k = 0; k < distinct; ++k) dup |= seen[k] == enc;
    if (!dup && distinct < 4) seen[distinct++] = enc;
  }
  auto colAt = [&](int i) { return i >= 0 ? ctx.colOf(static_cast<size_t>(i), col) : col; };
  // (llvm compares the sources' literals, then the constants': a value other than the first one
  // is reported at the later of the two)
  const ParseContext::VopdLiteral *firstLiteral = nullptr;
  for (bool constants : {false, true})
    for (unsigned k = 0; k < ctx.numVopdLiterals; ++k) {
      const ParseContext::VopdLiteral &l = ctx.vopdLiterals[k];
      if ((ops[l.operand].cls == OpClass::vopd_k) != constants) continue;
      if (!firstLiteral) {
        firstLiteral = &l;
      } else if (!l.sameValue(*firstLiteral)) {
        return ctx.fail(std::max(colAt(firstLiteral->operand), colAt(l.operand)),
                        "only one unique literal operand is allowed");
      }
    }
  if (distinct + (readsVcc ? 1 : 0) + (inst.hasLiteral ? 1 : 0) > 2) {
    int scalarAt = lastScalar; // (llvm looks the register up from the end of the statement)
    for (size_t i = ops.size(); lastScalar >= 0 && i-- > 0;)
      if (inst.ops[i].present && isVopdSource(ops[i].cls) &&
          inst.ops[i].value == inst.ops[static_cast<size_t>(lastScalar)].value) {
        scalarAt = static_cast<int>(i);
        break;
      }
    return ctx.fail(std::max(colAt(lastLiteral), colAt(scalarAt)),
                    "invalid operand (violates constant bus restrictions)");
  }
  if (ctx.vopdSameParity)
    return ctx.fail(colAt(operandIndex(inst, Field::vdsty)),
                    "one dst register must be even and the other odd");
  for (unsigned slot = 0; slot < 3; ++slot) {
    const int xi = vopdSlotOperand(inst, false, slot), yi = vopdSlotOperand(inst, true, slot);
    const int xv = vopdSlotVgpr(inst, xi, slot), yv = vopdSlotVgpr(inst, yi, slot);
    const int banks = slot == 2 ? 2 : 4;
    if (xv < 0 || yv < 0 || xv % banks != yv % banks) continue;
    const bool yAcc = ops[static_cast<size_t>(yi)].cls == OpClass::vopd_vdst_acc;
    const bool xAcc = ops[static_cast<size_t>(xi)].cls == OpClass::vopd_vdst_acc;
    return ctx.fail(colAt(yAcc && !xAcc ? xi : yi),
                    fmt::format("src{} operands must use different VGPR banks", slot));
  }
  return true;
}

// A second literal value in a VOPD pair: noted for validateVopd, which reports it where llvm does.
bool vopdLiteralConflict(ParseContext &ctx, OperandValue &v) {
  if (ctx.err.text() != "only one unique literal operand is allowed") return false;
  ctx.err = {};
  v.value = src::kLiteral;
  return true;
}

bool parseVopdDestination(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
                          Inst &inst) {
  if (!parseVgpr(ctx, c, 1, v)) return false;
  unsigned n = v.value - src::kVgpr0;
  v.value = n;
  if (d.field != Field::vdsty) return true;
  int x = operandIndex(inst, Field::vdstx);
  if (x >= 0 && (inst.ops[x].value & 1) == (n & 1)) ctx.vopdSameParity = true;
  v.value = n >> 1; // the field holds v/2; the low bit is the complement of vdstx's
  return true;
}

bool parseVopdSource(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx,
                     OperandValue &v, Inst &inst) {
  const Token &start = c.peek();
  if (failAtModifierWord(ctx, c, false)) return false;
  bool forced = atLit(c);
  if (forced && !parseForcedLiteral(ctx, c, d, v, inst)) return vopdLiteralConflict(ctx, v);
  if (!forced && failAtSourceModifier(ctx, c)) return false;
  Reg r;
  if (forced) {
  } else if (parseRegister(ctx, c, r)) {
    if (!valuScalarOrVgpr(r)) return invalid(ctx, start.col);
    v.value = sourceEncoding(r);
  } else {
    if (ctx.err.set) return false;
    NumberToken n;
    ExprResult reloc;
    if (!parseNumber(ctx, c, n, false, &reloc)) return false;
    uint32_t lit = 0;
    int enc = reloc.ok() ? kConstantLiteral : packedConstantEncoding(d.type, n, lit);
    if (enc == kConstantInvalid) return invalid(ctx, start.col);
    if (reloc.ok()) {
      ctx.noteVopdLiteral(idx, true, 0, false);
      if (!setSymbolicLiteral(ctx, start.col, reloc, d, idx, v, inst))
        return vopdLiteralConflict(ctx, v);
    } else if (enc == kConstantLiteral) {
      ctx.noteVopdLiteral(idx, false, lit, !n.isFloat && n.ival < 0);
      if (!setLiteral(ctx, start.col, lit, v, inst, !n.isFloat && n.ival < 0))
        return vopdLiteralConflict(ctx, v);
    } else {
      v.value = static_cast<uint32_t>(enc);
    }
  }
  return true;
}

bool parseVopdVgprSource(ParseContext &ctx, Cursor &c, OperandValue &v) {
  if (failAtModifierWord(ctx, c, false)) return false;
  if (!parseVgpr(ctx, c, 1, v)) return false;
  v.value -= src::kVgpr0;
  return true;
}

// The K constant of fmaak/fmamk: a 32-bit integer or an f32, always a literal dword.
bool parseVopdConstant(ParseContext &ctx, Cursor &c, OperandValue &v, Inst &inst) {
  if (failAtModifierWord(ctx, c, false)) return false;
  const uint16_t forced = openLit(ctx, c); // (kept: printed)
  const Token &start = c.peek();
  NumberToken n;
  if (!parseNumber(ctx, c, n)) return false;
  if (!closeLit(ctx, c, forced)) return false;
  v.mods |= forced | (forced && !n.isFloat && n.ival < 0 ? Mod_LitNegative : 0);
  uint32_t lit;
  if (n.isFloat) {
    if (!roundToFloat(n.fval, 8, 23, lit)) return invalid(ctx, start.col);
  } else {
    if (n.ival < INT32_MIN || n.ival > int64_t{UINT32_MAX}) return invalid(ctx, start.col);
    lit = static_cast<uint32_t>(n.ival);
  }
  ctx.noteVopdLiteral(static_cast<unsigned>(&v - inst.ops.data()), false, lit,
                      !n.isFloat && n.ival < 0);
  if (!setLiteral(ctx, start.col, lit, v, inst, !n.isFloat && n.ival < 0))
    return vopdLiteralConflict(ctx, v);
  return true;
}

// --- DPP16 / DPP8 operands.

// Whether a later modifier of the entry was written already: llvm takes the DPP controls only in
// the order it prints them.
bool laterModifierPresent(const Inst &inst, unsigned idx) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t j = idx + 1; j < ops.size(); ++j)
    if (inst.ops[j].present && !isPositional(ops[j].cls)) return true;
  return false;
}

// The index of the entry's DPP control (dpp_ctrl, or DPP8's lane selects), or -1.
int dppControlIndex(const Inst &inst) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t j = 0; j < ops.size(); ++j)
    if (ops[j].cls == OpClass::dpp_ctrl || ops[j].cls == OpClass::dpp8_sel)
      return static_cast<int>(j);
  return -1;
}
bool hasDppControl(const Inst &inst) {
  return dppControlIndex(inst) >= 0;
}
// Whether the entry's DPP control was written, if it has one.
bool dppControlWritten(const Inst &inst) {
  int i = dppControlIndex(inst);
  return i < 0 || inst.ops[i].present;
}

// The modifiers llvm parses only in their place (out of order or twice, no operand it can parse:
// "not a valid operand."): a DPP control, row_mask, bound_ctrl where there is no control (the
// permlane swaps), gfx950's bitop3. (The others, there, are operands no form takes.)
bool readInPlaceOnly(const Inst &inst, const OperandDesc &d) {
  switch (d.cls) {
  case OpClass::dpp_ctrl:
  case OpClass::dpp8_sel:
  case OpClass::vop_bitop3: return true;
  case OpClass::dpp_mask: return d.field == Field::row_mask;
  case OpClass::dpp_bound: return !hasDppControl(inst);
  default: return false;
  }
}

// A VOP3 DPP source VGPR: parsed as the valu family's `vgpr` class (true16 halves set op_sel),
// with the source modifiers its class allows around it.
bool parseDpp3Vgpr(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  bool negOk = dppSourceMods(d.cls) & Mod_Neg;
  bool absOk = dppSourceMods(d.cls) & Mod_Abs;
  uint8_t mods = 0;
  bool closeNeg = false, closeAbs = false, closeAbsFn = false;
  auto isFn = [&](std::string_view name) {
    return c.is(Tok::Identifier) && c.peek().text == name && c.peek(1).kind == Tok::LParen;
  };
  // (sext(..) reaches a DPP source where another form of the name, SDWA, reads it: llvm's
  // matcher refuses the operand inside)
  if (isFn("sext")) [[unlikely]] {
    ctx.sextSeen = true;
    return ctx.fail(c.peek(2).col, "invalid operand for instruction");
  }
  if (negOk && isFn("neg")) {
    c.pos += 2;
    closeNeg = true;
    mods |= Mod_Neg;
  } else if (negOk && minusIsSp3Neg(ctx, c)) {
    c.next();
    mods |= Mod_Neg;
  }
  if (absOk && c.is(Tok::Pipe)) {
    c.next();
    closeAbs = true;
    mods |= Mod_Abs;
  } else if (absOk && isFn("abs")) {
    c.pos += 2;
    closeAbsFn = true;
    mods |= Mod_Abs;
  }
  // (an inline constant as src1, which gfx1150's forms take: llvm's class takes it too, and its
  // check after matching refuses it where the processor lacks them)
  const bool number =
      c.is(Tok::Integer) || c.is(Tok::Real) ||
      (c.is(Tok::Minus) && (c.peek(1).kind == Tok::Integer || c.peek(1).kind == Tok::Real));
  if (d.field == Field::src1 && number && !ctx.afterMatchError) [[unlikely]] {
    const Inst saved = inst;
    Cursor probe = c;
    ParseContext quiet{ctx.target, ctx.syms};
    OperandDesc source = d;
    source.cls = OpClass::vsrc_mod;
    if (parse_valu(quiet, probe, source, idx, inst) && !quiet.err.set &&
        inst.ops[idx].value != src::kLiteral && !inst.hasLiteral) {
      c = probe;
      inst.ops[idx].mods = mods;
      ctx.afterMatchError = "src1 immediate operand invalid for instruction";
      ctx.afterMatchCol = 0;
      return true;
    }
    inst = saved;
  }
  // (likewise a 32-bit scalar register as src1: llvm's check after matching refuses it at the
  // register, after its lds_direct check)
  const std::string_view word = c.peek().text;
  const bool vgprName = word.size() > 1 && word[0] == 'v' && (word[1] >= '0' && word[1] <= '9');
  if (d.field == Field::src1 && c.is(Tok::Identifier) && !vgprName && !ctx.earlyCheckError)
      [[unlikely]] {
    const Inst saved = inst;
    Cursor probe = c;
    ParseContext quiet{ctx.target, ctx.syms};
    OperandDesc source = d;
    source.cls = OpClass::vsrc;
    const uint32_t at = c.peek().col;
    if (parse_valu(quiet, probe, source, idx, inst) && !quiet.err.set) {
      const uint32_t v = inst.ops[idx].value;
      const bool scalar = v < src::kIntZero ||
                          (v >= src::kSharedBase && v <= src::kPopsExitingWaveId) ||
                          v == src::kScc || v == src::kLdsDirect;
      if (scalar && !inst.hasLiteral && (!closeAbs || probe.accept(Tok::Pipe)) &&
          (!closeAbsFn || probe.accept(Tok::RParen)) && (!closeNeg || probe.accept(Tok::RParen))) {
        c = probe;
        inst.ops[idx].mods = mods;
        if (quiet.ldsDirectCol) ctx.noteLdsDirect(quiet.ldsDirectCol, Field::src1);
        ctx.deferCheck(at, "invalid operand for instruction", 1);
        return true;
      }
    }
    inst = saved;
  }
  OperandDesc asVgpr = d;
  asVgpr.cls = OpClass::vgpr;
  if (!parseOperand(ctx, c, asVgpr, idx, inst)) return false;
  inst.ops[idx].mods = mods;
  // src0's 8-bit field keeps the VGPR number; held as its source encoding (256 + n), it reads as
  // a VGPR to the VALU constant bus check.
  if (inst.ops[idx].value < src::kVgpr0) inst.ops[idx].value += src::kVgpr0;
  if ((closeAbs && !c.accept(Tok::Pipe)) || (closeAbsFn && !c.accept(Tok::RParen)) ||
      (closeNeg && !c.accept(Tok::RParen)))
    return invalid(ctx, c.peek().col);
  return true;
}

// A DPP VGPR operand with the modifiers its class allows. True16 halves (v0..v127 .l/.h) encode as
// n | hi << 7 in the 8-bit fields.
bool parseDppVreg(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v, Inst &inst) {
  bool negOk = dppSourceMods(d.cls) & Mod_Neg;
  bool absOk = dppSourceMods(d.cls) & Mod_Abs;
  bool lo128 = isDppVregLo128(d.cls) && !ctx.fullRangeVgprs;
  bool closeNeg = false, closeAbs = false, closeAbsFn = false;
  auto isFn = [&](std::string_view name) {
    return c.is(Tok::Identifier) && c.peek().text == name && c.peek(1).kind == Tok::LParen;
  };
  // (sext(..) reaches a DPP source where another form of the name, SDWA, reads it: llvm's
  // matcher refuses the operand inside)
  if (isFn("sext")) [[unlikely]] {
    ctx.sextSeen = true;
    return ctx.fail(c.peek(2).col, "invalid operand for instruction");
  }
  if (negOk && isFn("neg")) {
    c.next();
    c.next();
    closeNeg = true;
    v.mods |= Mod_Neg;
  } else if (negOk && minusIsSp3Neg(ctx, c)) {
    c.next();
    v.mods |= Mod_Neg;
  }
  if (absOk && c.is(Tok::Pipe)) {
    c.next();
    closeAbs = true;
    v.mods |= Mod_Abs;
  } else if (absOk && isFn("abs")) {
    c.next();
    c.next();
    closeAbsFn = true;
    v.mods |= Mod_Abs;
  }
  const Token &start = c.peek();
  Reg r;
  if (!parseRegister(ctx, c, r)) return ctx.err.set ? false : invalid(ctx, start.col);
  if (r.file != RegFile::VGPR) return invalid(ctx, start.col);
  // gfx9: a source with modifiers takes one VGPR or, where the target has DP ALU DPP, a pair,
  // whatever its type (llvm's matcher does).
  unsigned dwords = typeBits(d.type) == 64 ? 2 : 1;
  bool source = d.field != Field::vdst;
  bool anyWidth = source && dppSourceMods(d.cls) && inst.arch->traits->gfx9Dpp;
  if (anyWidth ? !(r.count == 1 || (r.count == 2 && ctx.target.dpAluDpp())) : r.count != dwords)
    return invalid(ctx, start.col);
  if (r.count != dwords) v.mods |= Mod_OtherWidth;
  if (r.count == 2) {
    // (llvm's class of a source with modifiers takes any pair, and its check after matching,
    // after the DPP control's, refuses it at the mnemonic; its other classes are aligned)
    if ((r.index & 1) && ctx.target.alignedVgprTuples()) {
      if (!source || !dppSourceMods(d.cls)) return invalid(ctx, start.col);
      if (!ctx.afterMatchError)
        ctx.afterMatchError = "invalid register class: vgpr tuples must be 64 bit aligned";
    }
    v.value = r.index;
  } else if (isTrue16Operand(inst, d.type)) {
    if (!r.half || r.index >= 128) return invalid(ctx, start.col);
    v.value = r.index | (r.half == 2 ? 128u : 0u);
  } else {
    if (r.half || (lo128 && r.index >= 128)) return invalid(ctx, start.col);
    v.value = r.index;
  }
  if ((closeAbs && !c.accept(Tok::Pipe)) || (closeAbsFn && !c.accept(Tok::RParen)) ||
      (closeNeg && !c.accept(Tok::RParen)))
    return invalid(ctx, c.peek().col);
  return true;
}

} // namespace

// (as llvm-mc reads them: a float as its double's bits, an expression in brackets, [N])
bool parseColonValue(ParseContext &ctx, Cursor &c, int64_t &value) {
  if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
  const Token &t = c.peek();
  if (t.kind == Tok::Real) {
    c.next();
    value = std::bit_cast<int64_t>(t.fval);
    return true;
  }
  if (!startsValueExpr(t)) return ctx.fail(t.col, "expected an absolute expression");
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  value = e.value;
  return true;
}

namespace {

// `:[a, b, ...]`: `count` entries of `bits` bits each, the first in the lowest bits.
bool parseLaneList(ParseContext &ctx, Cursor &c, unsigned count, unsigned bits, uint32_t &value) {
  if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
  if (!c.accept(Tok::LBrac)) return ctx.fail(c.peek().col, "expected a left square bracket");
  value = 0;
  for (unsigned k = 0; k < count; ++k) {
    if (k && !c.accept(Tok::Comma)) return ctx.fail(c.peek().col, "expected a comma");
    const Token &t = c.peek();
    if (!startsValueExpr(t)) return ctx.fail(t.col, "expected an absolute expression");
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    if (e.value < 0 || e.value >= (1 << bits))
      return ctx.fail(t.col, fmt::format("expected a {}-bit value", bits));
    value |= static_cast<uint32_t>(e.value) << (k * bits);
  }
  if (!c.accept(Tok::RBrac)) return ctx.fail(c.peek().col, "expected a closing square bracket");
  return true;
}

// The lane controls but quad_perm: `name:N` for N in min..max is base + N - min (min > max:
// written without a value), on the architectures `on` names.
struct DppRowControl {
  enum On : uint8_t { All, Gfx9, Gfx9DpAlu, Gfx10Plus };
  std::string_view name;
  uint32_t base;
  int64_t min, max;
  On on;
};
constexpr DppRowControl kDppRowControls[] = {
    {"row_shl", 0x101, 1, 15, DppRowControl::All},
    {"row_shr", 0x111, 1, 15, DppRowControl::All},
    {"row_ror", 0x121, 1, 15, DppRowControl::All},
    {"row_mirror", 0x140, 1, 0, DppRowControl::All},
    {"row_half_mirror", 0x141, 1, 0, DppRowControl::All},
    {"row_share", 0x150, 0, 15, DppRowControl::Gfx10Plus},
    {"row_xmask", 0x160, 0, 15, DppRowControl::Gfx10Plus},
    {"wave_shl", 0x130, 1, 1, DppRowControl::Gfx9},
    {"wave_rol", 0x134, 1, 1, DppRowControl::Gfx9},
    {"wave_shr", 0x138, 1, 1, DppRowControl::Gfx9},
    {"wave_ror", 0x13c, 1, 1, DppRowControl::Gfx9},
    {"row_bcast", 0x142, 15, 15, DppRowControl::Gfx9},
    {"row_bcast", 0x143, 31, 31, DppRowControl::Gfx9},
    {"row_newbcast", kDppRowNewBcastFirst, 0, 15, DppRowControl::Gfx9DpAlu},
};

bool dppControlAvailable(bool gfx9, bool dpAluDpp, DppRowControl::On on) {
  switch (on) {
  case DppRowControl::Gfx9: return gfx9;
  case DppRowControl::Gfx9DpAlu: return gfx9 && dpAluDpp;
  case DppRowControl::Gfx10Plus: return !gfx9;
  default: return true;
  }
}
bool dppControlAvailable(const ParseContext &ctx, const Inst &inst, DppRowControl::On on) {
  return dppControlAvailable(inst.arch->traits->gfx9Dpp, ctx.target.dpAluDpp(), on);
}

} // namespace

bool isDppControlWord(const isa::ArchTables &arch, bool dpAluDpp, std::string_view word) {
  if (word == "quad_perm") return true;
  for (const DppRowControl &rc : kDppRowControls)
    if (word == rc.name && dppControlAvailable(arch.traits->gfx9Dpp, dpAluDpp, rc.on)) return true;
  return false;
}

namespace {

bool parseDppControl(ParseContext &ctx, Cursor &c, OperandValue &v, const Inst &inst) {
  const Token &word = c.next();
  if (word.text == "quad_perm") return parseLaneList(ctx, c, 4, 2, v.value);
  bool valueRead = false;
  int64_t n = 0;
  uint32_t valueCol = 0;
  for (const DppRowControl &rc : kDppRowControls) {
    if (word.text != rc.name || !dppControlAvailable(ctx, inst, rc.on)) continue;
    v.value = rc.base;
    if (rc.min > rc.max) return true;
    if (!valueRead) {
      if (c.is(Tok::Colon)) valueCol = c.peek(1).col;
      if (!parseColonValue(ctx, c, n)) return false;
      valueRead = true;
    }
    if (n < rc.min || n > rc.max) continue; // (row_bcast: another row may take it)
    v.value = rc.base + static_cast<uint32_t>(n - rc.min);
    return true;
  }
  if (valueRead) return ctx.fail(valueCol, fmt::format("invalid {} value", word.text));
  return ctx.fail(word.col, "not a valid operand.");
}

// Whether `bound_ctrl:N` at `c` has a value N other than 0 and 1.
[[gnu::noinline]] bool boundCtrlValueRefused(const ParseContext &ctx, const Cursor &c) {
  if (c.peek(2).kind == Tok::Integer && (c.peek(2).text == "0" || c.peek(2).text == "1"))
    return false;
  Cursor probe = c;
  probe.next();
  ParseContext quiet{ctx.target, ctx.syms};
  int64_t n;
  return parseColonValue(quiet, probe, n) && n != 0 && n != 1;
}

bool parseDppModifier(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx,
                      OperandValue &v, Inst &inst) {
  const Token &word = c.peek();
  // (llvm's parser refuses a bound_ctrl value other than 0 or 1 wherever it reads the word)
  if (d.cls == OpClass::dpp_bound && boundCtrlValueRefused(ctx, c)) [[unlikely]]
    return ctx.fail(word.col, "invalid bound_ctrl value.");
  // (before the control, no entry of this form takes the masks, bound_ctrl and fi: whether
  // llvm's parser reads them there is decided by the operand positions of all the name's forms,
  // see dppWordUnread in assembler.cpp; out of their order, or twice (unmatched_vext), the
  // control and row_mask are no operand it can parse, the others operands no form takes)
  if (d.cls != OpClass::dpp_ctrl && d.cls != OpClass::dpp8_sel && !dppControlWritten(inst))
    return invalid(ctx, word.col);
  if (laterModifierPresent(inst, idx) && readInPlaceOnly(inst, d))
    return ctx.fail(word.col, "not a valid operand.");
  if (laterModifierPresent(inst, idx)) return invalid(ctx, word.col);
  if (d.cls == OpClass::dpp_ctrl) {
    if (!parseDppControl(ctx, c, v, inst)) return false;
    if (ctx.target.dpAluDpp() && isDpAluDpp(inst) &&
        (v.value < kDppRowNewBcastFirst || v.value > kDppRowNewBcastLast))
      return ctx.fail(word.col, "DP ALU dpp only supports row_newbcast");
    return true;
  }
  c.next();
  if (d.cls == OpClass::dpp8_sel) return parseLaneList(ctx, c, 8, 3, v.value);
  int64_t n;
  if (!parseColonValue(ctx, c, n)) return false;
  switch (d.cls) {
  case OpClass::dpp_mask:
    v.value = static_cast<uint32_t>(n);
    break; // printed as written, low 4 bits encoded
  case OpClass::dpp_fi: v.value = static_cast<uint32_t>(n); break; // encodes n & 1
  case OpClass::dpp8_fi: v.value = n ? src::kDpp8Fi : src::kDpp8; break;
  case OpClass::dpp_bound:
    if (n != 0 && n != 1) return ctx.fail(word.col, "invalid bound_ctrl value.");
    v.value = inst.arch->traits->gfx9Dpp ? 1 : static_cast<uint32_t>(n); // (gfx9: both set it)
    break;
  default: return invalid(ctx, word.col);
  }
  return true;
}

// --- gfx9 SDWA operands.

// A source: the valu family's plain or modified source (sext(x) around a plain one); no literal.
// The field keeps the encoding with bit 8 flipped.
bool parseSdwaSource(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  const Token &start = c.peek();
  OperandDesc valu = d;
  valu.cls = d.cls == OpClass::sdwa_src_mod ? OpClass::vsrc_mod : OpClass::vsrc;
  bool sext = d.cls == OpClass::sdwa_src_sext && c.is(Tok::Identifier) && c.peek().text == "sext" &&
              c.peek(1).kind == Tok::LParen;
  if (sext) {
    c.next();
    c.next();
    // (llvm-mc-22 takes no constant in sext(..) of a float-typed source: v_ldexp_f16's src1)
    if (typeKind(d.type) == 'F' && !c.is(Tok::Identifier))
      return ctx.fail(c.peek().col, "failed parsing operand.");
  }
  // (inside sext(..), llvm's immediate parser reads lit(x) as x)
  const uint16_t lit = sext ? openLit(ctx, c) : 0;
  bool integer = c.is(Tok::Integer) || (c.is(Tok::Minus) && c.peek(1).kind == Tok::Integer);
  if (!parse_valu(ctx, c, valu, idx, inst)) return false;
  if (v.value == src::kLiteral) return invalid(ctx, start.col);
  if (d.type == OpType::b32lo16 && integer && v.value >= src::kFloatFirst &&
      v.value <= src::kInvPi) {
    // The float constants' bits end in 16 zeros, which llvm encodes as 0; 1/(2*pi)'s end in
    // 0xf983, which it encodes as a literal SDWA has no room for (LlvmMcBugs): refused.
    if (v.value == src::kInvPi) return invalid(ctx, start.col);
    v.value = src::kIntZero;
  }
  // (as in DPP: llvm-mc-22 takes no inline 1/(2*pi) in a 16-bit integer source)
  if (typeBits(d.type) == 16 && typeKind(d.type) == 'I' && v.value == src::kInvPi)
    return invalid(ctx, start.col);
  // A float-typed source that takes sext(..), v_ldexp_f16's exponent: llvm takes no float
  // constant's bits written as an integer (0x3800), nor 1/(2*pi).
  if (d.cls == OpClass::sdwa_src_sext && typeKind(d.type) == 'F' && v.value >= src::kFloatFirst &&
      v.value <= src::kInvPi && (integer || v.value == src::kInvPi))
    return invalid(ctx, start.col);
  if (!closeLit(ctx, c, lit)) return false;
  if (sext) {
    if (!c.accept(Tok::RParen)) return ctx.fail(c.peek().col, "expected closing parentheses");
    v.mods |= Mod_Sext;
  }
  v.value ^= kSdwaScalarBit;
  return true;
}

// VOPC SDWA's destination: vcc (0), or a 64-bit scalar register with bit 7 set.
bool parseSdwaSdst(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  const Token &start = c.peek();
  OperandDesc scalar = d;
  scalar.cls = OpClass::sreg;
  scalar.type = OpType::b64;
  if (!parse_scalar(ctx, c, scalar, idx, inst)) return false;
  OperandValue &v = inst.ops[idx];
  if (v.value >= kSdwaSdstScalar) return invalid(ctx, start.col);
  v.value = v.value == src::kVccLo ? 0 : v.value | kSdwaSdstScalar;
  return true;
}

// dst_sel:NAME, dst_unused:NAME, src0_sel:NAME ... (or the value as a number), in llvm's order.
bool parseSdwaModifier(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx,
                       Inst &inst) {
  const Token &word = c.peek();
  if (laterModifierPresent(inst, idx))
    return inst.arch->formatOf(*inst.desc).name == "VOPC_SDWA"
               ? ctx.fail(word.col, "not a valid operand.")
               : invalid(ctx, word.col);
  c.next();
  if (!c.is(Tok::Colon)) return invalid(ctx, word.col);
  c.next();
  const Token &value = c.peek();
  std::span<const std::string_view> names = kSdwaSelNames;
  if (d.cls == OpClass::sdwa_unused) names = kSdwaUnusedNames;
  // (formatted only on failure: SDWA lines carry several of these modifiers)
  auto fail = [&] { return ctx.fail(value.col, fmt::format("invalid {} value", word.text)); };
  // (a value that is no name is an absolute expression to llvm: dst_sel:1+1, src0_sel:[2])
  if (value.kind != Tok::Identifier && startsValueExpr(value)) {
    ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    if (e.kind != ExprResult::Kind::Absolute)
      return ctx.fail(value.col, "expected absolute expression");
    if (e.value < 0 || static_cast<uint64_t>(e.value) >= names.size()) return fail();
    inst.ops[idx].value = static_cast<uint32_t>(e.value);
    return true;
  }
  for (size_t k = 0; k < names.size(); ++k) {
    if (value.kind != Tok::Identifier || !sameText(value.text, names[k])) continue;
    c.next();
    inst.ops[idx].value = static_cast<uint32_t>(k);
    return true;
  }
  return fail();
}

} // namespace

bool unmatched_vext(ParseContext &ctx, const Inst &inst, const Token &word) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    if (inst.ops[i].present && readInPlaceOnly(inst, ops[i]) && isModifierWord(ops[i], word.text)) {
      ctx.fail(word.col, "not a valid operand.");
      return true;
    }
  }
  return false;
}

// llvm's matcher's part of validate_vext: a DPP form takes no literal (the error at the literal)
// and wants its control (too few operands).
bool dppOperandsMatch(ParseContext &ctx, const Inst &inst, uint32_t col) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  bool dpp = false, missing = false;
  size_t literalAt = ops.size();
  for (size_t i = 0; i < ops.size(); ++i) {
    if (inst.hasLiteral && literalAt == ops.size() && inst.ops[i].present &&
        inst.ops[i].value == src::kLiteral && isPositional(ops[i].cls))
      literalAt = i;
    if (ops[i].cls == OpClass::dpp_ctrl || ops[i].cls == OpClass::dpp8_sel) {
      dpp = true;
      missing |= !inst.ops[i].present;
    }
  }
  if (dpp && inst.hasLiteral)
    return ctx.fail(ctx.colOf(literalAt, col), "invalid operand for instruction");
  if (missing) return ctx.fail(col, "too few operands for instruction");
  return true;
}

// DPP controls are required, and DPP forms take no literal. Nor do they take the inline
// 1/(2*pi) in a 16-bit integer source (llvm-mc-22 rejects it there, and only there).
bool validate_vext(ParseContext &ctx, Inst &inst, uint32_t col) {
  if (ctx.vop3pLiteralCol)
    return ctx.fail(ctx.vop3pLiteralCol, "literal operands are not supported");
  if (ctx.vop3pBusCol)
    return ctx.fail(ctx.vop3pBusCol, "invalid operand (violates constant bus restrictions)");
  if (ctx.afterMatchError && std::string_view(ctx.afterMatchError).starts_with("src1 immediate"))
    return ctx.fail(ctx.afterMatchCol ? ctx.afterMatchCol : col, ctx.afterMatchError);
  // (what follows checks VOP3P sources and DPP controls, which are vext operands)
  if (!(ctx.families & (1u << detail::kFamily_vext))) return true;
  auto ops = inst.arch->operandsOf(*inst.desc);
  if (!ops.empty() && (ops[0].cls == OpClass::vopd_vdst || ops[0].cls == OpClass::vopd_vdst_acc))
    return validateVopd(ctx, inst, col);
  // One pass (this runs for every instruction): the alignment error comes first wherever it is.
  bool dpp = false;
  const char *dppError = nullptr;
  size_t literalAt = ops.size();
  for (size_t i = 0; i < ops.size(); ++i) {
    if (inst.hasLiteral && literalAt == ops.size() && inst.ops[i].present &&
        inst.ops[i].value == src::kLiteral && isPositional(ops[i].cls))
      literalAt = i;
    const OpClass cls = ops[i].cls;
    // gfx90a+'s 64-bit VOP3P sources (v_pk_*_f32) start at an even VGPR; llvm checks that after
    // matching.
    if (cls == OpClass::psrc || cls == OpClass::psrc_mods) {
      uint32_t v = inst.ops[i].value;
      if (typeBits(ops[i].type) == 64 && v >= src::kVgpr0 && (v & 1) &&
          ctx.target.alignedVgprTuples())
        return ctx.fail(col, "invalid register class: vgpr tuples must be 64 bit aligned");
    } else if (cls == OpClass::dpp_ctrl || cls == OpClass::dpp8_sel) {
      dpp = true;
      if (!dppError && !inst.ops[i].present) dppError = "too few operands for instruction";
    }
  }
  // (llvm's DPP source classes take no literal: its matcher fails at the literal, before it
  // finds a control missing)
  if (dpp && inst.hasLiteral)
    return ctx.fail(ctx.colOf(literalAt, col), "invalid operand for instruction");
  if (dppError) return ctx.fail(col, dppError);
  if (!dpp) return true;
  // A VOPC DPP form with its vcc left out, where llvm-mc-22 rejects what it takes with vcc
  // written (found by the variant difftest, then asked of llvm-mc-22 for every gfx11 compare,
  // DPP control and source spelling, wave32/wave64, true16 or not): DPP8 with source modifiers;
  // row_mirror or row_half_mirror where the compare's VOP3 form reads src1 with float modifiers
  // (the float compares and v_cmp_class_f16, not v_cmp_class_f32 nor the integer compares).
  if (!ops.empty() && ops[0].cls == OpClass::dpp_vcc && !inst.ops[0].present) [[unlikely]] {
    constexpr uint32_t kRowMirror = 0x140, kRowHalfMirror = 0x141;
    auto vop3Src1TakesFloatModifiers = [&] {
      const std::string e64 = std::string(inst.desc->name) + "_e64";
      for (const InstrDesc &e : inst.arch->lookup(e64))
        for (const OperandDesc &o : inst.arch->operandsOf(e))
          if (o.field == Field::src1 && takesFloatModifiers(o.cls)) return true;
      return false;
    };
    for (size_t i = 1; i < ops.size(); ++i) {
      if (ops[i].cls == OpClass::dpp8_sel)
        for (size_t j = 1; j < ops.size(); ++j)
          if (inst.ops[j].mods & (Mod_Neg | Mod_Abs))
            return ctx.fail(col, "invalid operand for instruction");
      if (ops[i].cls == OpClass::dpp_ctrl &&
          (inst.ops[i].value == kRowMirror || inst.ops[i].value == kRowHalfMirror) &&
          vop3Src1TakesFloatModifiers())
        return ctx.fail(col, "invalid operand for instruction");
    }
  }
  for (size_t i = 0; i < ops.size(); ++i) {
    // Only 9-bit VALU sources (src1/src2 of VOP3 DPP) can hold the constant; the DPP VGPR fields
    // hold register numbers (v120.h is 248 there).
    bool source = (ops[i].field == Field::src1 || ops[i].field == Field::src2) &&
                  (ops[i].cls == OpClass::vsrc || ops[i].cls == OpClass::vsrc_mod ||
                   ops[i].cls == OpClass::vsrc_neg);
    if (source && typeBits(ops[i].type) == 16 && typeKind(ops[i].type) == 'I' &&
        inst.ops[i].value == src::kInvPi)
      return ctx.fail(col, "invalid operand for instruction");
  }
  return true;
}

uint32_t default_vext(const OperandDesc &d) {
  switch (d.cls) {
  case OpClass::sel_ones: return 7;
  case OpClass::sdwa_sel: return kSdwaSelDword;
  case OpClass::sdwa_unused: return kSdwaUnusedPreserve;
  case OpClass::sdwa_sel_dword: return kSdwaSelDword;
  case OpClass::dpp_mask: return 0xf;
  case OpClass::dpp8_fi: return src::kDpp8;
  default: return 0;
  }
}

bool parse_vext(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  switch (d.cls) {
  case OpClass::pvdst: {
    uint32_t col = c.peek().col;
    unsigned dwords = typeDwords(d.type, ctx.target.wave64());
    if (!parseVgpr(ctx, c, dwords, v)) return false;
    v.value -= src::kVgpr0; // the destination field holds the VGPR number
    // (gfx90a+: tuples start at an even VGPR)
    if (dwords > 1 && (v.value & 1) && ctx.target.alignedVgprTuples()) return invalid(ctx, col);
    return true;
  }
  case OpClass::pvreg: return parseVgpr(ctx, c, typeDwords(d.type, ctx.target.wave64()), v);
  case OpClass::psrc:
  case OpClass::psrc_mods:
  case OpClass::pdpp_vgpr:
  case OpClass::pdpp_vgpr_mods: return parsePackedSource(ctx, c, d, idx, v, inst);
  case OpClass::wmma_c: return parseWmmaAccumulator(ctx, c, d, v);
  case OpClass::sel:
  case OpClass::sel_ones: return parseSelArray(ctx, c, d, idx, inst);
  case OpClass::vopd_vdst:
  case OpClass::vopd_vdst_acc: return parseVopdDestination(ctx, c, d, v, inst);
  case OpClass::vopd_src:
  case OpClass::vopd_src_vcc: return parseVopdSource(ctx, c, d, idx, v, inst);
  case OpClass::vopd_vsrc:
  case OpClass::vopd_vsrc2: return parseVopdVgprSource(ctx, c, v);
  case OpClass::vopd_k: return parseVopdConstant(ctx, c, v, inst);
  case OpClass::dpp_vreg:
  case OpClass::dpp_vreg_mod:
  case OpClass::dpp_vreg_neg:
  case OpClass::dpp_vreg_abs:
  case OpClass::dpp_vreg_lo:
  case OpClass::dpp_vreg_lo_mod:
  case OpClass::dpp_vreg_lo_neg:
  case OpClass::dpp_vreg_lo_abs: return parseDppVreg(ctx, c, d, v, inst);
  case OpClass::dpp3_vgpr:
  case OpClass::dpp3_vgpr_mod:
  case OpClass::dpp3_vgpr_neg: return parseDpp3Vgpr(ctx, c, d, idx, inst);
  case OpClass::dpp_vcc: {
    const Token &start = c.peek();
    Reg r;
    if (!parseRegister(ctx, c, r) || r.file != RegFile::Special || r.index != src::kVccLo ||
        r.count != (ctx.target.wave64() ? 2 : 1))
      return ctx.err.set ? false : invalid(ctx, start.col);
    return true;
  }
  case OpClass::dpp_ctrl:
  case OpClass::dpp_mask:
  case OpClass::dpp_bound:
  case OpClass::dpp_fi:
  case OpClass::dpp8_sel:
  case OpClass::dpp8_fi: return parseDppModifier(ctx, c, d, idx, v, inst);
  case OpClass::sdwa_src:
  case OpClass::sdwa_src_mod:
  case OpClass::sdwa_src_sext: return parseSdwaSource(ctx, c, d, idx, inst);
  case OpClass::sdwa_sdst: return parseSdwaSdst(ctx, c, d, idx, inst);
  case OpClass::sdwa_sel:
  case OpClass::sdwa_unused: return parseSdwaModifier(ctx, c, d, idx, inst);
  case OpClass::sdwa_sel_dword:
  case OpClass::sdwa_unused_ignored: return ctx.fail(c.peek().col, "not a valid operand.");
  default: break;
  }
  return invalid(ctx, c.peek().col);
}

} // namespace gfxasm::as
