// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "asm/operand_parser.h"

#include "asm/operand_families.h"
#include "gfxasm/gfxasm.h"
#include "isa/arch_traits.h"
#include "isa/constants.h"

#include <fmt/format.h>

#include <algorithm>

namespace gfxasm::as {

using namespace isa;

namespace {

struct Prefix {
  std::string_view name;
  RegFile file;
  unsigned limit;
};
// (llvm reads AGPRs, `a5` or `acc5`, on every processor; operands take them only on gfx908+)
constexpr Prefix kPrefixes[] = {
    {"ttmp", RegFile::TTMP, src::kNumTtmps},
    {"s", RegFile::SGPR, src::kNumSgprs}, // (the most llvm knows: RegisterSet::numSgprs exist)
    {"v", RegFile::VGPR, src::kNumVgprs},
    {"acc", RegFile::AGPR, src::kNumAgprs},
    {"a", RegFile::AGPR, src::kNumAgprs},
};

bool isVectorFile(RegFile f) {
  return f == RegFile::VGPR || f == RegFile::AGPR;
}

// `single`: written as one register (s102), else as a range (s[100:103]), for the message about
// SGPRs the architecture lacks.
[[gnu::noinline]] bool failSgprNotAvailable(ParseContext &ctx, uint32_t col, const Prefix &p,
                                            unsigned first, unsigned count, bool single) {
  return ctx.fail(col, (single ? fmt::format("{}{}", p.name, first)
                               : fmt::format("{}[{}:{}]", p.name, first, first + count - 1)) +
                           " register not available on this GPU");
}

// The register tuple widths llvm has classes for (dwords): 1 to 12, 16 and 32.
inline bool supportedTupleWidth(uint64_t count) {
  return (count >= 1 && count <= 12) || count == 16 || count == 32;
}

// In llvm's order: alignment, width, range.
inline bool checkRange(ParseContext &ctx, uint32_t col, const Prefix &p, uint64_t first,
                       uint64_t count, bool single = false) {
  if (!isVectorFile(p.file) && count > 1 && first % (count == 2 ? 2 : 4) != 0)
    return ctx.fail(col, "invalid register alignment");
  if (!supportedTupleWidth(count)) [[unlikely]]
    return ctx.fail(col, "invalid or unsupported register size");
  if (first + count > p.limit) return ctx.fail(col, "register index is out of range");
  // (the message is formatted out of line: every register read passes here)
  if (p.file == RegFile::SGPR && first + count > targetRegisters(ctx).numSgprs)
    return failSgprNotAvailable(ctx, col, p, static_cast<unsigned>(first),
                                static_cast<unsigned>(count), single);
  return true;
}

// `s[lo:hi]` / `s[lo]` after the prefix identifier.
bool parseBracketRange(ParseContext &ctx, Cursor &c, const Prefix &p, uint32_t col, Reg &reg) {
  c.next(); // '['
  // (each index is an absolute expression that must fit in 32 bits unsigned, as in llvm)
  // (an index written as a plain number before `:` or `]`, as nearly all are, is that number:
  // parseExpr would read it so)
  auto index = [&](int64_t &value) {
    const Token &t = c.peek();
    const Tok after = c.peek(1).kind;
    if (t.kind == Tok::Integer && !t.overflow && t.lexError == LexError::None &&
        (after == Tok::Colon || after == Tok::RBrac)) [[likely]] {
      c.next();
      value = t.ival;
      return true;
    }
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    value = e.value;
    return true;
  };
  uint32_t loCol = c.peek().col;
  int64_t lov;
  if (!index(lov)) return false;
  if (lov < 0 || lov > int64_t{UINT32_MAX}) return ctx.fail(loCol, "invalid register index");
  int64_t hiv = lov;
  if (c.accept(Tok::Colon)) {
    uint32_t hiCol = c.peek().col;
    if (!index(hiv)) return false;
    if (hiv < 0 || hiv > int64_t{UINT32_MAX}) return ctx.fail(hiCol, "invalid register index");
  }
  if (!c.accept(Tok::RBrac)) return ctx.fail(c.peek().col, "expected a closing square bracket");
  // llvm reports a bad index pair at the first index.
  if (hiv < lov) return ctx.fail(loCol, "first register index should not exceed second index");
  const uint64_t first = static_cast<uint64_t>(lov), count = static_cast<uint64_t>(hiv - lov) + 1;
  if (!checkRange(ctx, col, p, first, count)) return false;
  reg.file = p.file;
  reg.index = static_cast<uint16_t>(first);
  reg.count = static_cast<uint16_t>(count);
  return true;
}

// Digits only (register numbers; the range check comes later). As in llvm, any number that fits
// in 32 bits names a register (s2147483648 is an index out of range), a larger one does not
// (v99999999999 is a symbol).
bool parseIndex(std::string_view s, uint64_t &v) {
  if (s.empty()) return false;
  v = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return false;
    v = v * 10 + static_cast<unsigned>(ch - '0');
    if (v > UINT32_MAX) return false;
  }
  return true;
}

// A numbered register token (s5, v7, v7.l, a3, acc3, ttmp3): its prefix, number and half.
// Inline: most operands are such registers, read once per candidate entry.
inline bool numberedRegister(std::string_view text, const Prefix *&p, uint64_t &idx,
                             uint8_t &half) {
  switch (text[0]) {
  case 's': p = &kPrefixes[1]; break;
  case 'v': p = &kPrefixes[2]; break;
  case 'a': p = &kPrefixes[text.starts_with("acc") ? 3 : 4]; break;
  case 't':
    if (text.substr(0, 4) != "ttmp") return false;
    p = &kPrefixes[0];
    break;
  default: return false;
  }
  if (text.size() <= p->name.size()) return false;
  std::string_view num = text.substr(p->name.size());
  half = 0;
  // (an AGPR half, a1.l, reads as a register no operand takes)
  if (isVectorFile(p->file) && num.size() > 2 && num[num.size() - 2] == '.') {
    char h = num.back();
    if (h == 'l' || h == 'h') {
      half = h == 'l' ? 1 : 2;
      num.remove_suffix(2);
    }
  }
  return parseIndex(num, idx);
}

// A register token that is no numbered register: vcc_lo, m0, null, src_scc ... (0: none).
[[gnu::noinline]] int parseNamedRegister(ParseContext &ctx, const Token &t, Reg &reg) {
  std::string_view text = t.text;
  const RegisterSet &rs = targetRegisters(ctx);
  if (const SpecialRegister *special = lookupSpecialRegister(rs, text)) {
    reg.file = RegFile::Special;
    reg.index = special->encoding;
    reg.count = special->dwords;
    reg.flags = specialRegisterFlags(rs, *special);
    return 1;
  }
  if (isUnavailableRegister(rs, text)) {
    ctx.fail(t.col, std::string(text) + " register not available on this GPU");
    return -1;
  }
  if (text == "null" && rs.null == kNoRegister) {
    ctx.fail(t.col, "'null' operand is not supported on this GPU");
    return -1;
  }
  return 0;
}

// A single named register token: s5, v7, v7.l, ttmp3, vcc_lo, m0 ...
inline int parseSingle(ParseContext &ctx, const Token &t, Reg &reg) {
  const Prefix *p = nullptr;
  uint64_t idx;
  uint8_t half;
  if (!numberedRegister(t.text, p, idx, half)) return parseNamedRegister(ctx, t, reg);
  reg.file = p->file;
  reg.index = static_cast<uint16_t>(idx);
  reg.count = 1;
  reg.half = half;
  return checkRange(ctx, t.col, *p, idx, 1, true) ? 1 : -1;
}

} // namespace

std::string_view registerFilePrefix(std::string_view name) {
  for (const Prefix &p : kPrefixes)
    if (name.starts_with(p.name)) return p.name;
  return {};
}

namespace {

// How deeply register lists may nest ([[[s0]]]): llvm has no limit (it recurses until its stack
// runs out); deeper lists are rejected here before ours does.
constexpr unsigned kMaxRegisterListDepth = 64;

bool parseRegisterList(ParseContext &ctx, Cursor &c, Reg &reg, unsigned depth);

// One element of a register list, as llvm reads any register there: s5, s[5], s[5:5], vcc_lo,
// or a list itself ([s5]). 1: read; 0: no register (nothing consumed); -1: an error.
int parseListElement(ParseContext &ctx, Cursor &c, Reg &reg, unsigned depth) {
  const Token &t = c.peek();
  if (t.kind == Tok::LBrac) {
    if (depth >= kMaxRegisterListDepth) {
      ctx.fail(t.col, "register lists are nested too deeply");
      return -1;
    }
    size_t save = c.pos;
    if (parseRegisterList(ctx, c, reg, depth + 1)) return 1;
    if (ctx.err.set) return -1;
    c.pos = save;
    return 0;
  }
  if (t.kind != Tok::Identifier) return 0;
  if (c.peek(1).kind == Tok::LBrac && !t.commentAfter) {
    for (const auto &p : kPrefixes) {
      if (t.text == p.name) {
        c.next();
        return parseBracketRange(ctx, c, p, t.col, reg) ? 1 : -1;
      }
    }
  }
  int r = parseSingle(ctx, t, reg);
  if (r > 0) c.next();
  return r;
}

// [s0, s1, s2]: consecutive 32-bit registers of one file, or the two halves of a 64-bit special
// register ([vcc_lo, vcc_hi] is vcc). False without an error when the first element is no
// register (the caller says what it expected: llvm's "expected a register or a list of
// registers" where only a register may stand, as in `.cfi_*`; in an instruction the entry
// search decides which error is reported).
bool parseRegisterList(ParseContext &ctx, Cursor &c, Reg &reg, unsigned depth) {
  const Token &open = c.peek();
  size_t save = c.pos;
  c.next();
  const Token &firstToken = c.peek();
  Reg acc;
  int r = parseListElement(ctx, c, acc, depth);
  if (r <= 0) {
    if (r == 0) c.pos = save;
    return false;
  }
  if (acc.file != RegFile::Special && acc.count != 1)
    return ctx.fail(firstToken.col, "expected a single 32-bit register");
  acc.half = 0;
  while (c.accept(Tok::Comma)) {
    const Token &nt = c.peek();
    Reg next;
    r = parseListElement(ctx, c, next, depth);
    if (r < 0) return false;
    if (r == 0) return ctx.fail(nt.col, "expected a register or a list of registers");
    if (next.file != RegFile::Special && next.count != 1)
      return ctx.fail(nt.col, "expected a single 32-bit register");
    if (next.file != acc.file)
      return ctx.fail(nt.col, "registers in a list must be of the same kind");
    if (acc.file == RegFile::Special) {
      const SpecialRegister *pair = acc.count == 1 && next.count == 1 && next.index == acc.index + 1
                                        ? specialRegisterPairAt(targetRegisters(ctx), acc.index)
                                        : nullptr;
      if (!pair) return ctx.fail(nt.col, "register does not fit in the list");
      acc.count = 2;
      acc.flags = specialRegisterFlags(targetRegisters(ctx), *pair);
      continue;
    }
    if (next.index != acc.index + acc.count)
      return ctx.fail(nt.col, "registers in a list must have consecutive indices");
    ++acc.count;
  }
  if (!c.accept(Tok::RBrac))
    return ctx.fail(c.peek().col, "expected a comma or a closing square bracket");
  reg = acc;
  for (const auto &p : kPrefixes)
    if (p.file == reg.file) return checkRange(ctx, open.col, p, reg.index, reg.count);
  return true;
}

} // namespace

namespace {
bool parseAnyRegister(ParseContext &ctx, Cursor &c, Reg &reg) {
  const Token &t = c.peek();
  if (t.kind == Tok::LBrac) return parseRegisterList(ctx, c, reg, 0);
  if (t.kind != Tok::Identifier) return false;
  if (c.peek(1).kind == Tok::LBrac && !t.commentAfter) {
    for (const auto &p : kPrefixes) {
      if (t.text == p.name) {
        c.next();
        return parseBracketRange(ctx, c, p, t.col, reg);
      }
    }
  }
  int r = parseSingle(ctx, t, reg);
  if (r <= 0) return false;
  c.next();
  return true;
}
} // namespace

bool parseRegisterInGeneral(ParseContext &ctx, Cursor &c, Reg &reg) {
  if (!parseAnyRegister(ctx, c, reg)) return false;
  const uint16_t end = static_cast<uint16_t>(reg.index + reg.count);
  if (reg.file == RegFile::VGPR) {
    if (!ctx.firstVgprNextCol) ctx.firstVgprNextCol = c.peek().col;
    if (end > ctx.vgprEnd) ctx.vgprEnd = end;
  } else if (reg.file == RegFile::SGPR) {
    if (!ctx.firstSgprNextCol) ctx.firstSgprNextCol = c.peek().col;
    if (end > ctx.sgprEnd) ctx.sgprEnd = end;
  } else if (reg.file == RegFile::AGPR && end > ctx.agprEnd) {
    ctx.agprEnd = end;
  }
  return true;
}

bool isScalarFile(const Reg &r) {
  return r.file == RegFile::SGPR || r.file == RegFile::TTMP || r.file == RegFile::Special;
}

bool isScalarDestination(const Reg &r) {
  if (r.file == RegFile::SGPR || r.file == RegFile::TTMP) return true;
  return r.file == RegFile::Special && (r.flags & (Reg_Writable | Reg_Writable32));
}

bool regWidthOk(const Reg &r, unsigned dwords) {
  // null and the src_* registers serve any width; vcc_lo/exec_lo and m0 do not.
  if (r.file == RegFile::Special && r.count == 1 && dwords != 1) return r.flags & Reg_AnyWidth;
  return r.count == dwords;
}

bool parseSourceImmediate(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v,
                          Inst &inst) {
  const Token &start = c.peek();
  bool neg = false;
  size_t save = c.pos;
  if (c.is(Tok::Minus) && !c.peek().commentAfter && c.peek(1).kind == Tok::Real) {
    neg = true;
    c.next();
  }
  int enc = -1;
  uint32_t lit = 0;
  bool negative = false;
  if (c.is(Tok::Real)) {
    double f = c.next().fval;
    if (neg) f = -f;
    enc = inlineEncodingOfFloat(f, d.type);
    if (enc < 0 && !literalOfFloat(f, d.type, lit))
      return ctx.fail(start.col, "invalid operand for instruction");
  } else {
    c.pos = save;
    if (!startsExpr(c.peek())) return ctx.fail(start.col, "invalid operand for instruction");
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    enc = inlineEncodingOfInt(e.value, d.type);
    if (enc < 0 && !literalOfInt(e.value, d.type, lit))
      return ctx.fail(start.col, "invalid operand for instruction");
    negative = e.value < 0;
  }
  if (enc >= 0) {
    v.value = static_cast<uint32_t>(enc);
    return true;
  }
  return setLiteral(ctx, start.col, lit, v, inst, negative);
}

namespace {

// A second literal of another value (at `col`): llvm's check of the literals first says whether
// the form takes one at all (gfx9's VOP3 and VOP3P take none), at the first.
bool failSecondLiteral(ParseContext &ctx, const Inst &inst, uint32_t col) {
  // (after lds_direct's check: validate_valu reports it; the parse goes on)
  if (ctx.firstLiteralCol && !inst.arch->traits->vop3Literal &&
      (valuEntryFacts(*inst.arch, *inst.desc) & kValuVop3)) {
    if (!ctx.vop3pLiteralCol) ctx.vop3pLiteralCol = ctx.firstLiteralCol;
    return true;
  }
  if (ctx.vop3pLiteralCol) return true;
  // (a VOPD pair compares its literals itself, see vopdLiteralConflict)
  if (inst.arch->formatOf(*inst.desc).name == "VOPD")
    return ctx.fail(col, "only one unique literal operand is allowed");
  return ctx.deferCheck(col, "only one unique literal operand is allowed", 2);
}

} // namespace

bool setLiteral(ParseContext &ctx, uint32_t col, uint32_t lit, OperandValue &v, Inst &inst,
                bool negative) {
  // (a relocatable expression's literal is never known to be the same value)
  if (inst.hasLiteral &&
      (inst.literal != lit || inst.labelOperand >= 0 || inst.literalNegative != negative))
    return failSecondLiteral(ctx, inst,
                             ctx.colOf(static_cast<size_t>(&v - inst.ops.data()), col)) &&
           (v.value = src::kLiteral, true);
  if (!inst.hasLiteral)
    ctx.firstLiteralCol = ctx.colOf(static_cast<size_t>(&v - inst.ops.data()), col);
  inst.hasLiteral = true;
  inst.literal = lit;
  inst.literalNegative = negative;
  v.value = src::kLiteral;
  return true;
}

bool setSymbolicLiteral(ParseContext &ctx, uint32_t col, const ExprResult &e, const OperandDesc &d,
                        unsigned idx, OperandValue &v, Inst &inst) {
  if (d.type != OpType::b32 && d.type != OpType::f32)
    return ctx.fail(col, "invalid operand for instruction");
  // Two expressions are never known to be the same literal.
  if (inst.hasLiteral)
    return failSecondLiteral(ctx, inst, ctx.colOf(idx, col)) && (v.value = src::kLiteral, true);
  ctx.firstLiteralCol = ctx.colOf(idx, col);
  inst.hasLiteral = true;
  inst.literal = 0;
  inst.labelOperand = static_cast<int>(idx);
  inst.labelSymbol = e.text;
  inst.labelExpr = e.expr;
  inst.labelPcRel = e.pcRel;
  v.value = src::kLiteral;
  return true;
}

uint16_t openLit(ParseContext &ctx, Cursor &c) {
  if (!c.is(Tok::Identifier) || !isLitWord(c.peek().text) || c.peek(1).kind != Tok::LParen)
    return 0;
  const bool lit64 = c.next().text == "lit64";
  ctx.lit64Seen |= lit64;
  c.next();
  return Mod_Lit | (lit64 ? Mod_Lit64 : 0);
}

bool closeLit(ParseContext &ctx, Cursor &c, uint16_t lit) {
  return !lit || c.accept(Tok::RParen) || ctx.fail(c.peek().col, "expected closing parentheses");
}

bool ParseContext::startsRegister(const Token *t) const {
  size_t n = 1;
  while (t[n - 1].kind != Tok::Eol) ++n;
  Cursor probe{std::span<const Token>(t, n), 0};
  ParseContext quiet{target, syms};
  Reg r;
  return parseRegister(quiet, probe, r) || quiet.err.set;
}

bool minusIsSp3Neg(ParseContext &ctx, const Cursor &c) {
  if (!c.is(Tok::Minus) || c.peek().commentAfter) return false;
  const Token &n = c.peek(1);
  if (n.kind == Tok::Pipe || n.kind == Tok::LBrac) return true;
  if (n.kind != Tok::Identifier) return false;
  Cursor probe = c;
  probe.next();
  return n.text == "abs" || ctx.startsRegister(&probe.peek());
}

bool minusIsNegModifier(ParseContext &ctx, const Cursor &c) {
  if (c.peek().commentAfter) [[unlikely]]
    return false; // (llvm's lookahead stops at a comment)
  const Token &n = c.peek(1);
  switch (n.kind) {
  case Tok::Pipe:
  case Tok::Minus:
  case Tok::LBrac: return true;
  case Tok::Identifier: {
    if (n.text == "abs" || n.text == "neg" || n.text == "sext") return true;
    Cursor probe = c;
    probe.next();
    ParseContext quiet{ctx.target, ctx.syms};
    Reg r;
    return parseRegister(quiet, probe, r) || quiet.err.set;
  }
  default: return false;
  }
}

namespace {

// A source modifier (abs(s1), |s1|, -s1, -|..|, neg(..), sext(..)) or lit(register), in an operand
// that takes none: llvm stops reading the operand there.
bool atSourceModifier(ParseContext &ctx, const Cursor &c) {
  const Token &t = c.peek();
  if (t.kind == Tok::Pipe) return true;
  auto namedModifier = [](const Token &w, const Token &next) {
    return w.kind == Tok::Identifier && next.kind == Tok::LParen &&
           (w.text == "abs" || w.text == "neg" || w.text == "sext");
  };
  if (t.kind == Tok::Identifier && c.peek(1).kind == Tok::LParen) {
    if (namedModifier(t, c.peek(1))) return true;
    if (!isLitWord(t.text)) return false;
  } else if (t.kind != Tok::Minus) {
    return false;
  } else if (c.peek(1).kind == Tok::Pipe || namedModifier(c.peek(1), c.peek(2))) {
    return true;
  }
  // -reg, lit(reg): a register right after the sign or the parenthesis.
  Cursor probe = c;
  probe.next();
  if (t.kind == Tok::Identifier) probe.next();
  ParseContext quiet{ctx.target, ctx.syms};
  Reg r;
  return parseRegister(quiet, probe, r) || quiet.err.set;
}

} // namespace

bool failAtSourceModifier(ParseContext &ctx, const Cursor &c) {
  if (!atSourceModifier(ctx, c)) return false;
  bool lit = c.peek().kind == Tok::Identifier && isLitWord(c.peek().text);
  ctx.fail(c.peek(lit ? 2 : 0).col, "not a valid operand.");
  return true;
}

bool failAtModifierWord(ParseContext &ctx, const Cursor &c, bool modifiers) {
  const Token &t = c.peek();
  if (t.kind != Tok::Identifier) return false;
  // (a VOPD pair's `::` reads as a comma spelled "::", see the assembler)
  const Token &next = c.peek(1);
  if (next.kind == Tok::Colon || (next.kind == Tok::Comma && next.text == "::")) {
    Cursor probe = c;
    ParseContext quiet{ctx.target, ctx.syms};
    Reg r;
    if (parseRegister(quiet, probe, r) || quiet.err.set) return false;
    return !ctx.fail(t.col, "not a valid operand.");
  }
  if (next.kind == Tok::LParen) return false;
  if (!isLitWord(t.text) && !(modifiers && (t.text == "neg" || t.text == "abs"))) return false;
  // (lit64: the parser of sources without float modifiers reads it as lit)
  return !ctx.fail(c.peek(1).col,
                   "expected left paren after " + std::string(isLitWord(t.text) ? "lit" : t.text));
}

int operandIndex(const Inst &inst, Field f) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == f) return static_cast<int>(i);
  return -1;
}

bool parseOperand(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  inst.ops[idx].present = true;
  switch (d.cls) {
#define CLASS(n, positional, fam)                                                                  \
  case OpClass::n:                                                                                 \
    return parse_##fam(ctx, c, d, idx, inst);
#include "isa/classes.def"
#undef CLASS
  case OpClass::Count: break;
  }
  return ctx.fail(c.peek().col, "invalid operand for instruction");
}

namespace {

// validateOperands where a check after matching was kept while parsing, or lds_direct read:
// llvm's matcher's DPP checks, then its checks in their order.
[[gnu::noinline]] bool validateInLlvmOrder(ParseContext &ctx, Inst &inst, uint32_t col) {
  if (!validate_memory(ctx, inst, col)) return false;
  if ((ctx.families & (1u << detail::kFamily_vext)) && !dppOperandsMatch(ctx, inst, col))
    return false;
  if (!validateLdsDirect(ctx, inst)) return false;
  auto kept = [&] {
    ctx.fail(ctx.earlyCheckCol, ctx.earlyCheckError);
    ctx.err.afterMatch = true;
    return false;
  };
  if (ctx.earlyCheckError && ctx.earlyCheckRank < ParseContext::kLateCheck) return kept();
  if (!validate_valu(ctx, inst, col) || !validate_vext(ctx, inst, col) ||
      !validate_mai(ctx, inst, col))
    return false;
  return !ctx.earlyCheckError || kept();
}

} // namespace

bool validateOperands(ParseContext &ctx, Inst &inst, uint32_t col) {
  if (ctx.inOrder) [[unlikely]]
    return validateInLlvmOrder(ctx, inst, col);
  // validate_valu checks VOP forms' sources: the entries of VOP formats with operands have VALU,
  // VOP3P/DPP or MFMA ones (scalar and memory entries skip it).
  constexpr unsigned kVectorFamilies =
      1u << detail::kFamily_valu | 1u << detail::kFamily_vext | 1u << detail::kFamily_mai;
  const bool valu = ctx.families & kVectorFamilies;
  // (validate_vext and validate_mai check nothing but the errors kept for them in an entry
  // without their operands)
  constexpr unsigned kExtFamilies = 1u << detail::kFamily_vext | 1u << detail::kFamily_mai;
  if (!(ctx.families & kExtFamilies) && !ctx.afterMatchError && !ctx.vop3pLiteralCol &&
      !ctx.vop3pBusCol)
    return validate_memory(ctx, inst, col) && (!valu || validate_valu(ctx, inst, col));
  return validate_memory(ctx, inst, col) && (!valu || validate_valu(ctx, inst, col)) &&
         validate_vext(ctx, inst, col) && validate_mai(ctx, inst, col);
}

bool failAtUnmatchedModifier(ParseContext &ctx, const Inst &inst, const Token &word) {
  return word.kind == Tok::Identifier &&
         (unmatched_memory(ctx, inst, word) || unmatched_vext(ctx, inst, word));
}

uint32_t defaultValue(const OperandDesc &d) {
  switch (d.cls) {
#define CLASS(n, positional, fam)                                                                  \
  case OpClass::n:                                                                                 \
    return default_##fam(d);
#include "isa/classes.def"
#undef CLASS
  case OpClass::Count: break;
  }
  return 0;
}

} // namespace gfxasm::as
