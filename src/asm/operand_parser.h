// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Operand parsing, directed by the operand class the instruction's table entry expects.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "asm/expr.h"
#include "asm/text.h"
#include "gfxasm/gfxasm.h"
#include "isa/arch_traits.h"
#include "isa/inst.h"
#include "isa/registers.h"

namespace gfxasm {
class Target;
}

namespace gfxasm::isa {
struct ArchTraits;
struct RegisterSet;
} // namespace gfxasm::isa

namespace gfxasm::as {

// lit(..) and lit64(..) force a literal alike (and print as written, Mod_Lit64).
inline bool isLitWord(std::string_view w) {
  return w == "lit" || w == "lit64";
}

struct ParseError {
  uint32_t col = 0;
  // Fixed messages are kept as pointers: candidates that fail are common (e32 before e64) and
  // must not allocate.
  const char *fixed = nullptr;
  std::string dynamic;
  bool set = false;
  // An error of llvm's checks after matching whose message is also one of its matcher's.
  bool afterMatch = false;
  // Warnings of the reading (llvm gives them at the instruction once an entry matched, also
  // before the errors of its checks after matching, see failedAfterMatch).
  std::array<const char *, 2> warnings{};
  uint8_t numWarnings = 0;
  std::string_view text() const { return fixed ? std::string_view(fixed) : dynamic; }
  std::string message() const { return std::string(text()); }
  // Where llvm's matcher would place the failure among the candidates' (it reports the one that
  // failed furthest into the statement's operands): the column, except that running out of
  // operands is past every operand.
  uint32_t reach() const {
    return fixed && std::string_view(fixed) == "too few operands for instruction" ? ~0u : col;
  }
  // The error is one llvm reports after it matched the entry (and gave its warnings).
  bool failedAfterMatch() const {
    const std::string_view m = text();
    return afterMatch || m == "only one unique literal operand is allowed" ||
           m == "lds_direct is not supported on this GPU" ||
           m == "lds_direct may be used as src0 only" ||
           m == "lds_direct cannot be used with this instruction" ||
           m == "invalid operand (violates constant bus restrictions)" ||
           m == "vgpr must be even aligned" ||
           m == "invalid register class: vgpr tuples must be 64 bit aligned" ||
           m == "literal operands are not supported" ||
           m == "DP ALU dpp only supports row_newbcast" || m == "instruction must use glc" ||
           m == "instruction must use sc0" || m == "instruction must not use glc" ||
           m == "instruction must not use sc0" || m == "missing dim operand" ||
           m == "invalid dim; must be MSAA type" || m.starts_with("image data size does not") ||
           m.starts_with("image address size does not") || m == "invalid atomic image dmask" ||
           m == "invalid image_gather dmask: only one bit must be set" ||
           m == "op_sel operand conflicts with 16-bit operand suffix" ||
           m == "src1 immediate operand invalid for instruction" || m == "invalid op_sel operand" ||
           m == "expected a 16-bit unsigned offset" || m == "expected a 12-bit unsigned offset" ||
           m == "expected a 13-bit signed offset";
  }
};

// Operand families (isa/families.def) as bits, by class: ParseContext::families.
namespace detail {
enum FamilyIndex : uint8_t {
#define FAMILY(fam) kFamily_##fam,
#include "isa/families.def"
#undef FAMILY
};
inline constexpr uint8_t kClassFamily[] = {
#define CLASS(n, positional, fam) kFamily_##fam,
#include "isa/classes.def"
#undef CLASS
};
} // namespace detail
inline unsigned familyBit(isa::OpClass c) {
  return 1u << detail::kClassFamily[static_cast<unsigned>(c)];
}

struct MemoryEntryFacts; // operand_families.h

struct ParseContext {
  // (a constructor, not aggregate initialization: that would zero the whole context with a
  // memset before setting the members, for every candidate entry of every statement)
  [[gnu::always_inline]] ParseContext(const Target &t, SymbolTable &s) : target(t), syms(s) {}
  const Target &target;
  SymbolTable &syms;
  ParseError err;
  // The families of the entry's operands (familyBit): a family's checks after parsing
  // (validate_<family>) have nothing to check in an entry without its operands. All by default.
  unsigned families = ~0u;
  // valuEntryFacts of the entry, when the caller has them (0: validate_valu computes them).
  uint32_t valuFacts = 0;
  // memoryEntryFacts of the entry, when the caller has them (null: validate_memory computes them).
  const MemoryEntryFacts *memoryFacts = nullptr;
  // Where lds_direct was first read as a source, and first read as a source other than src0
  // (validate_valu checks where it may stand and reports llvm's column: noteLdsDirect).
  uint32_t ldsDirectCol = 0;
  uint32_t ldsDirectNotSrc0Col = 0;
  void noteLdsDirect(uint32_t col, isa::Field field) {
    inOrder = true;
    if (!ldsDirectCol) ldsDirectCol = col;
    if (field != isa::Field::src0 && !ldsDirectNotSrc0Col) ldsDirectNotSrc0Col = col;
  }
  // The entry stands for gfx10's form of the instruction (see gfx10FormTakes in assembler.cpp):
  // its 16-bit operands take v0-v255, not only the v0-v127 of gfx11's fake16 e32 and DPP forms.
  bool fullRangeVgprs = false;
  // The entry stands for llvm's image store or atomic of the processors before gfx90a, whose
  // address tuples need no alignment (see unalignedImageFormTakes in assembler.cpp).
  bool unalignedImageAddress = false;
  // Where a VOP3P source read a literal the architecture's VOP3P takes none of (gfx9): llvm
  // reports it after the line parsed, before its other checks (validate_vext).
  uint32_t vop3pLiteralCol = 0;
  // Where a VOP3P source went over gfx9's constant bus (reported after the literal check).
  uint32_t vop3pBusCol = 0;
  // The entry, a VOP3 form, stands for another processor's VOP3 DPP form of its name (see
  // otherVop3DppError in assembler.cpp): src0 a VGPR (1: a pair only with DP ALU DPP, 2: a pair
  // only), no literal and no lds_direct in a source; 0 otherwise.
  uint8_t vop3DppModel = 0;
  // A source began with the word `sext`: whether llvm's parsers read it there is a question of
  // all the name's forms (the assembler asks it on success, see misplacedSext).
  bool sextSeen = false;
  // A lit64(..) was read: where llvm's parsers refuse it is a question of all the name's forms
  // too (the assembler asks it on success, see misplacedLit64).
  bool lit64Seen = false;
  // A VOPD pair's destinations of the same parity and its literals (by operand): llvm checks its
  // literals, constant bus and register banks after the whole pair parsed (validate_vext).
  bool vopdSameParity = false;
  struct VopdLiteral {
    uint8_t operand;
    bool expression; // (a symbol's value: never the same as another literal)
    bool negative;   // (written as a negative integer: llvm's value is sign-extended)
    uint32_t value;
    bool sameValue(const VopdLiteral &o) const {
      return !expression && !o.expression && value == o.value && negative == o.negative;
    }
  };
  std::array<VopdLiteral, 4> vopdLiterals;
  uint8_t numVopdLiterals = 0;
  void noteVopdLiteral(unsigned operand, bool expression, uint32_t value, bool negative) {
    if (numVopdLiterals < vopdLiterals.size())
      vopdLiterals[numVopdLiterals++] = {static_cast<uint8_t>(operand), expression, negative,
                                         value};
  }
  // One past the highest VGPR and SGPR the operands name (llvm's .amdgcn.next_free_{v,s}gpr).
  uint16_t vgprEnd = 0;
  uint16_t sgprEnd = 0;
  uint16_t agprEnd = 0; // (llvm's .kernel.agpr_count, outside HSA)
  // The column after the first VGPR and SGPR (where llvm reports a counter it cannot raise).
  uint32_t firstVgprNextCol = 0;
  uint32_t firstSgprNextCol = 0;
  // Where each written operand starts (its value, inside lit(...)), for the checks after
  // matching, which llvm reports at the operand (a modifier at its name): operandCol[i] is set
  // when bit i of operandColsSet is (the array is not cleared per candidate).
  // (the first token of each written operand is kept, a store per operand: the column is found
  // only for an error)
  uint32_t operandColsSet = 0;
  const Token *operandTok[isa::kMaxOperands];
  uint32_t colOf(size_t i, uint32_t fallback) const {
    return operandColsSet >> i & 1 ? valueColumn(operandTok[i]) : fallback;
  }
  // The column of the value an operand starting at `t` holds, inside its modifiers (x of -|x|,
  // neg(lit(x)); a number's sign is the number's). A minus is llvm's neg modifier only before a
  // register, `|` or abs: else it starts the value (-(2), -foo, -lit(1) are expressions). The
  // tokens end with Eol.
  uint32_t valueColumn(const Token *t) const {
    for (;;) {
      const bool call = t->kind == Tok::Identifier && t[1].kind == Tok::LParen;
      if (t->kind == Tok::Pipe ||
          (t->kind == Tok::Minus &&
           (t[1].kind == Tok::Pipe || t[1].kind == Tok::LBrac ||
            (t[1].kind == Tok::Identifier && (t[1].text == "abs" || startsRegister(t + 1)))))) {
        ++t;
      } else if (call && (t->text == "neg" || t->text == "abs" || t->text == "sext")) {
        t += 2;
      } else if (call && isLitWord(t->text)) {
        return t[2].col; // (a sign inside is the value's)
      } else {
        return t->col;
      }
    }
  }
  // Whether a register starts at `t` (tokens ending with Eol).
  bool startsRegister(const Token *t) const;
  // Where the first literal was read (llvm reports a literal the form takes none of there).
  uint32_t firstLiteralCol = 0;
  // An error llvm reports once the entry matched (MAI operand rules, validate_mai), at
  // afterMatchCol or (0) the mnemonic.
  const char *afterMatchError = nullptr;
  uint32_t afterMatchCol = 0;
  // The first error of llvm's checks after matching that come after its lds_direct check (an
  // op_sel conflicting with a .l/.h suffix, a DPP form's scalar src1, a second literal value, an
  // offset out of range; from kLateCheck on, after all of validateOperands' own checks: v_dot2's
  // op_sel), at earlyCheckCol: the parse goes on (a later operand no entry takes is llvm's error)
  // and validateOperands reports it after the checks before it.
  const char *earlyCheckError = nullptr;
  uint32_t earlyCheckCol = 0;
  uint8_t earlyCheckRank = 0;
  static constexpr uint8_t kLateCheck = 8;
  // lds_direct was read or a check kept: validateOperands takes llvm's order.
  bool inOrder = false;
  // Keeps `msg` at `col` for validateOperands (of several, the lowest `rank`, llvm's order of its
  // checks, then the first); the parse goes on.
  bool deferCheck(uint32_t col, const char *msg, uint8_t rank) {
    inOrder = true;
    if (!earlyCheckError || rank < earlyCheckRank) {
      earlyCheckError = msg;
      earlyCheckCol = col;
      earlyCheckRank = rank;
    }
    return true;
  }
  // A cache-policy word taken for the check after matching (takesReturnBitOfNonReturning): a
  // later modifier llvm's entries spell before the cache bits matches nothing.
  bool cacheWordTaken = false;
  // The first token after the positional operands (null at the end of the statement): where
  // llvm's entries expect a required word (offen, idxen, ...).
  const Token *afterPositional = nullptr;
  // Where the f8f6f4 MFMAs' src0/src1 stand (validate_mai checks their widths against the formats
  // cbsz/blgp give, which come after them).
  uint32_t maiFactorCol[2] = {};
  // Fails the current parse with `msg` at `col` (the first failure is kept).
  bool fail(uint32_t col, const char *msg) {
    if (!err.set) setError(col, msg, {});
    return false;
  }
  bool fail(uint32_t col, std::string msg) {
    if (!err.set) setError(col, nullptr, std::move(msg));
    return false;
  }
  void warn(const char *msg) {
    if (err.numWarnings < err.warnings.size()) err.warnings[err.numWarnings++] = msg;
  }

private:
  void setError(uint32_t col, const char *fixed, std::string dynamic) {
    err.col = col;
    err.fixed = fixed;
    err.dynamic = std::move(dynamic);
    err.set = true;
  }
};

// Sources that take neg/abs (llvm's float input modifiers, which its parser reads with their own
// rules: lit64 is not supported there on these GPUs).
constexpr bool takesFloatModifiers(isa::OpClass c) {
  using isa::OpClass;
  switch (c) {
  case OpClass::vsrc_mod:
  case OpClass::vsrc_neg:
  case OpClass::vgpr_mod:
  case OpClass::psrc_mods:
  case OpClass::pdpp_vgpr_mods:
  case OpClass::dpp_vreg_mod:
  case OpClass::dpp_vreg_neg:
  case OpClass::dpp_vreg_abs:
  case OpClass::dpp_vreg_lo_mod:
  case OpClass::dpp_vreg_lo_neg:
  case OpClass::dpp_vreg_lo_abs:
  case OpClass::dpp3_vgpr_mod:
  case OpClass::dpp3_vgpr_neg:
  case OpClass::sdwa_src_mod:
  case OpClass::msrc: return true;
  default: return false;
  }
}

// lit(..) or lit64(..) around a value llvm's immediate parser reads: it takes them wherever it
// reads an immediate (the K constants print them, plain immediates drop them). openLit consumes
// `lit(` or `lit64(` and returns the mods they stand for (Mod_Lit, Mod_Lit64; 0 when not
// written); closeLit wants the `)` after the value.
uint16_t openLit(ParseContext &ctx, Cursor &c);
bool closeLit(ParseContext &ctx, Cursor &c, uint16_t lit);

// Parses a register at the cursor (s0, s[0:1], v[2:3], ttmp4, vcc, exec_lo, m0, null, src_scc,
// [s0, s1], v1.l ...). Returns false without consuming anything when the text is not a register;
// sets ctx.err when it is a malformed one.
inline bool parseRegister(ParseContext &ctx, Cursor &c, isa::Reg &reg);

// The register file's prefix `name` starts with (ttmp, s, v, acc, a; "" when none): how llvm's
// register parser reads a name that is no register (s_x: an SGPR with a bad index).
std::string_view registerFilePrefix(std::string_view name);
// parseRegister for any register (out of line; parseRegister reads s<N> and v<N> itself).
bool parseRegisterInGeneral(ParseContext &ctx, Cursor &c, isa::Reg &reg);

// Whether the token at the cursor is spelled as a numbered SGPR or VGPR, s<N> or v<N> (N of one
// to three digits), followed by a plain comma or the end of the statement: an operand that is
// that token alone, which the parsers of sources read without looking for modifiers around it.
inline bool isLoneNumberedRegister(const Cursor &c) {
  const Token &t = c.peek();
  const std::string_view s = t.text;
  if (t.kind != Tok::Identifier || s.size() < 2 || s.size() > 4 || (s[0] != 's' && s[0] != 'v'))
    return false;
  for (size_t i = 1; i < s.size(); ++i)
    if (static_cast<unsigned>(static_cast<unsigned char>(s[i]) - '0') > 9u) return false;
  const Token &next = c.peek(1);
  return next.kind == Tok::Eol || (next.kind == Tok::Comma && next.text == ",");
}

// The target's architecture's traits and register file (in line: asked for every register).
inline const isa::ArchTraits &targetTraits(const ParseContext &ctx) {
  return *static_cast<const isa::ArchTables *>(ctx.target.arch())->traits;
}
inline const isa::RegisterSet &targetRegisters(const ParseContext &ctx) {
  return targetTraits(ctx).registers;
}

// Most registers are written s<N> or v<N> (N of up to three digits) and name one the target has:
// read in line, with the Reg parseRegisterInGeneral makes of them (out of range, halves, ranges
// and named registers go there).
inline bool parseRegister(ParseContext &ctx, Cursor &c, isa::Reg &reg) {
  const Token &t = c.peek();
  const std::string_view s = t.text;
  if (t.kind != Tok::Identifier || s.size() < 2 || s.size() > 4 || (s[0] != 's' && s[0] != 'v'))
    return parseRegisterInGeneral(ctx, c, reg);
  unsigned n = 0;
  for (size_t i = 1; i < s.size(); ++i) {
    const unsigned d = static_cast<unsigned>(static_cast<unsigned char>(s[i]) - '0');
    if (d > 9) return parseRegisterInGeneral(ctx, c, reg);
    n = n * 10 + d;
  }
  const bool sgpr = s[0] == 's';
  if (sgpr ? n >= isa::src::kNumSgprs || n >= targetRegisters(ctx).numSgprs
           : n >= isa::src::kNumVgprs)
    return parseRegisterInGeneral(ctx, c, reg);
  c.next();
  reg.file = sgpr ? isa::RegFile::SGPR : isa::RegFile::VGPR;
  reg.index = static_cast<uint16_t>(n);
  reg.count = 1;
  reg.half = 0;
  // (the counters, as parseRegisterInGeneral raises them)
  const uint16_t end = static_cast<uint16_t>(n + 1);
  uint32_t &nextCol = sgpr ? ctx.firstSgprNextCol : ctx.firstVgprNextCol;
  uint16_t &counter = sgpr ? ctx.sgprEnd : ctx.vgprEnd;
  if (!nextCol) nextCol = c.peek().col;
  if (end > counter) counter = end;
  return true;
}

// Register kinds: any scalar register file; registers a scalar destination may name (no src_*
// constants); whether a register covers `dwords` 32-bit registers (null and src_* serve any width).
bool isScalarFile(const isa::Reg &r);
bool isScalarDestination(const isa::Reg &r);
bool regWidthOk(const isa::Reg &r, unsigned dwords);

// An inline constant or literal source (integer or floating expression) for an operand of type
// d.type; the literal, if any, goes to inst.literal (one unique literal per instruction).
bool parseSourceImmediate(ParseContext &ctx, Cursor &c, const isa::OperandDesc &d,
                          isa::OperandValue &v, isa::Inst &inst);
// `negative`: the literal was written as a negative integer. llvm-mc compares literals as written,
// so -0x12345 and 0xfffedcbb (or -0.0 and -0x80000000) are two literals.
bool setLiteral(ParseContext &ctx, uint32_t col, uint32_t lit, isa::OperandValue &v,
                isa::Inst &inst, bool negative = false);
// A relocatable expression `e` (parseExpr with `relocatable`), written at `col`, as the literal of
// source `d` (index `idx`): llvm takes one only in 32-bit sources without modifiers (its SSrc_b32,
// VSrc_f32 ... classes; the caller rules out modifiers). It prints as written and leaves the
// literal dword to a fixup.
bool setSymbolicLiteral(ParseContext &ctx, uint32_t col, const ExprResult &e,
                        const isa::OperandDesc &d, unsigned idx, isa::OperandValue &v,
                        isa::Inst &inst);

// Whether the `-` at the cursor is a neg modifier rather than the sign of an expression: llvm
// reads it so before a register, `|` or `abs` (and before the other modifier words or a second
// `-`, which are errors either way). `-foo`, `-(1)` and `-x` are expressions.
bool minusIsNegModifier(ParseContext &ctx, const Cursor &c);

// Whether the minus at `c` is llvm's neg modifier of a source with float modifiers: before a
// register, `|` or abs only; else it starts the value (-2.5, -(2), -foo are the operand's).
bool minusIsSp3Neg(ParseContext &ctx, const Cursor &c);

// Fails with llvm's "not a valid operand." at a source modifier (|s1|, abs(..), neg(..), sext(..),
// -s1, -|..|) or lit(register) in an operand that takes none (lit(reg): at the register).
bool failAtSourceModifier(ParseContext &ctx, const Cursor &c);

// Fails with llvm's error where a source's value would start with a word it reads as a modifier:
// `name:` (a modifier with a value, also `foo ::`) is "not a valid operand."; `lit` (and, where
// the operand takes modifiers, `neg` and `abs`) without a parenthesis is "expected left paren
// after ...". Other names are symbols.
bool failAtModifierWord(ParseContext &ctx, const Cursor &c, bool modifiers);

// Parses the operand `desc` (index `idx` in the entry) into `inst.ops[idx]`.
bool parseOperand(ParseContext &ctx, Cursor &c, const isa::OperandDesc &desc, unsigned idx,
                  isa::Inst &inst);

// Checks that need all operands (register widths that depend on modifiers, required modifiers),
// after the whole operand list parsed; `col` is where to report.
bool validateOperands(ParseContext &ctx, isa::Inst &inst, uint32_t col);

// Whether modifier `d` is one of llvm's named bits, which its parser also reads as noNAME (0).
inline bool isNegatableBit(const isa::OperandDesc &d) {
  using isa::OpClass;
  switch (d.cls) {
  case OpClass::mem_flag:
  case OpClass::mem_flag_vgpr:
  case OpClass::mem_ignored:
  case OpClass::flag:
  case OpClass::vop_clamp: return true;
  case OpClass::mflag: return d.field != isa::Field::done && d.field != isa::Field::row_en;
  default: return false;
  }
}

// Whether `word` is `name` with llvm's `no` in front (noglc, noclamp: the named bit cleared).
// (in line: isModifierWord asks it for every modifier word against every modifier of an entry)
[[gnu::always_inline]] inline bool isNegatedName(std::string_view word, std::string_view name) {
  return word.size() == name.size() + 2 && startsWith(word, "no") &&
         sameText(std::string_view(word.data() + 2, name.size()), name);
}

// Whether `word` starts modifier `d`: its field's name (omod is written mul:N / div:N).
// Inline: the assembler asks it for every modifier word against every modifier of an entry.
[[gnu::always_inline]] inline bool isModifierWord(const isa::OperandDesc &d,
                                                  std::string_view word) {
  using isa::Field;
  if (d.field == Field::omod) return word == "mul" || word == "div";
  // (gfx942's f64 MFMA: the blgp bits, which llvm reads as blgp:N too and refuses after matching)
  if (d.cls == isa::OpClass::mai_neg) return word == "neg" || word == "blgp";
  // (llvm reads neg:[..] in blgp's place on every MFMA, and refuses it after matching)
  if (d.cls == isa::OpClass::mai_mod && d.field == Field::blgp && word == "neg") return true;
  // dpp_ctrl is written quad_perm:[..], row_shl:N, row_mirror, wave_shl:1 ... (row_mask is its
  // own field).
  if (d.field == Field::dpp_ctrl)
    return sameText(word, "quad_perm") ||
           (startsWith(word, "row_") && !sameText(word, "row_mask")) || startsWith(word, "wave_");
  std::string_view name = isa::fieldName(d.field);
  if (name.size() == word.size()) return sameText(name, word);
  // FLAT, GLOBAL and SCRATCH offsets are also written inst_offset:N (only these, in llvm)
  if ((d.cls == isa::OpClass::mem_offset_u12 || d.cls == isa::OpClass::mem_offset_s13) &&
      sameText(word, "inst_offset"))
    return true;
  // llvm's named bits (memory flags, clamp, high, SMEM's glc, exp's vm, gfx90a's ignored gds) are
  // also written noNAME, which clears them (not exp's done and row_en)
  return isNegatableBit(d) && isNegatedName(word, name);
}

// At a modifier word no operand of the entry takes (left): llvm's errors for a cache-policy bit
// written twice (also as noNAME: "duplicate cache policy modifier"), for a cache-policy word of
// other processors (dlc: gfx10 and later; scc: gfx90a) or MIMG's r128 where the entry has no
// such bit ("... modifier is not supported on this GPU"; on gfx940, whose vector memory takes
// sc0/sc1/nt, such words are no operand at all), and for a DPP modifier written twice ("not a
// valid operand."). True: failed.
bool failAtUnmatchedModifier(ParseContext &ctx, const isa::Inst &inst, const Token &word);

// At a modifier word no operand of the entry takes: the return bit (glc, sc0 on gfx940) of a
// FLAT, GLOBAL or SCRATCH atomic without return, which llvm's cache-policy operand takes and its
// check after matching refuses ("instruction must not use glc"; noglc is fine). True: the word
// is taken (the error, if any, kept for after the match).
bool takesReturnBitOfNonReturning(ParseContext &ctx, const isa::Inst &inst, const Token &word);

// Index of the operand writing field `f` in the instruction's entry, or -1.
int operandIndex(const isa::Inst &inst, isa::Field f);

// The field value of an operand left out (optional positional operands and modifiers).
uint32_t defaultValue(const isa::OperandDesc &d);

// Number of 32-bit registers an operand of type `t` spans (lane masks follow the wave size).
// Inline: asked for every register operand.
inline unsigned typeDwords(isa::OpType t, bool wave64) {
  if (t == isa::OpType::b1) return wave64 ? 2 : 1;
  const unsigned bits = isa::typeBits(t);
  return bits <= 32 ? 1 : bits / 32;
}

} // namespace gfxasm::as
