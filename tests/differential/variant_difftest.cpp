// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Spelling-variant differential test against llvm-mc-22: the canonical lines the difftest draws
// (gen_line) are rewritten into other spellings people write by hand (mnemonic case, register
// lists and bounds, integer bases and expressions, modifier order and values, aliases,
// separators, comments, ...). llvm-mc-22 decides which variants it takes; gfxasm must take the
// same ones with the same text and bytes, and reject the others on the same line.
//
// Every line is preceded by a label of its own so that each tool's output splits into one block
// per input line (an instruction's text, encoding and fixups) without counting lines.
//
// Environment: GFXASM_VARIANT_SAMPLES (canonical lines per table entry, default 2; each gives one
// variant per rewrite kind that applies to it), GFXASM_VARIANT_EXAMPLES (differences shown per
// kind, default 3), GFXASM_DIFF_SEED, GFXASM_DIFF_KEEP=dir,
// GFXASM_DIFF_FORMATS (as the difftest), LLVM_MC.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "../oracle_util.h"
#include "asm/mnemonics.h"
#include "configs.h"
#include "gfxasm/gfxasm.h"
#include "isa/arch_traits.h"
#include "isa/buffer_formats.h"
#include "isa/isa.h"
#include "llvm_read_back.h"
#include "operand_gen.h"

namespace gfxasm::difftest {
namespace {

using namespace isa;

// The rewrite kinds, each counted on its own.
#define VARIANT_KINDS(X)                                                                           \
  X(mnemonic_upper)     /* S_MOV_B32 */                                                            \
  X(mnemonic_mixed)     /* S_Mov_b32 */                                                            \
  X(word_upper)         /* one other word in upper case: GLC, VCC, DMASK:, SQ_rsrc.. */            \
  X(word_lower)         /* an upper-case name in lower or mixed case: dim:2d_array, hw_reg_mode */ \
  X(line_upper)         /* the whole line in upper case */                                         \
  X(register_single)    /* s5 -> s[5], s[5:5], [s5] */                                             \
  X(register_list)      /* s[4:7] -> [s4,s5,s6,s7], nested [s4,[s5],s[6:7]] */                     \
  X(register_bounds)    /* s[4:7] -> s[2+2:7], s[ 4 : 7 ], s[(4):(3+4)] */                         \
  X(special_halves)     /* vcc -> [vcc_lo,vcc_hi], vcc_lo -> [vcc_lo] */                           \
  X(integer_base)       /* 16 -> 0x10, 0b10000, 0X10; 0x10 -> 16 */                                \
  X(integer_expr)       /* 16 -> (16), 8+8, -(-16), ~(~16) */                                      \
  X(literal_forced)     /* 16 -> lit(16), lit64(16) (any immediate llvm's parser reads) */         \
  X(modifier_value)     /* offset:16 -> offset:(8+8), mul:2 -> mul:(1+1) */                        \
  X(modifier_order)     /* the modifiers in another order */                                       \
  X(modifier_names)     /* offset: -> inst_offset:, ... */                                         \
  X(source_modifiers)   /* |v1| <-> abs(v1), -v1 <-> neg(v1) */                                    \
  X(mnemonic_alternate) /* aliases, old names, _t_ <-> _tru_, mfma names, encoding suffixes */     \
  X(operand_dropped)    /* VOPC's vcc destination left out */                                      \
  X(format_before)      /* MTBUF: s1 format:[..] -> format:N, s1 (gfx9: dfmt:D nfmt:N s1) */       \
  X(separators)         /* tabs, spaces around commas and brackets, no space after commas */       \
  X(comments)           /* comments between tokens and after the statement */

enum class Kind : unsigned {
#define X(k) k,
  VARIANT_KINDS(X)
#undef X
      Count
};
constexpr const char *kKindNames[] = {
#define X(k) #k,
    VARIANT_KINDS(X)
#undef X
};
constexpr unsigned kKinds = static_cast<unsigned>(Kind::Count);

// ---------------------------------------------------------------------------------------------
// A canonical line in pieces: the mnemonic, then positional operands and modifiers in order.

struct Piece {
  std::string text;
  bool positional = false;
  bool noCommaBefore = false; // the generator wrote it after the previous one without a comma
  bool pairStart = false;     // VOPD: ":: name" (text is the second mnemonic)
};
struct Pieces {
  std::string mnemonic;
  std::vector<Piece> items;
};

Pieces genPieces(GenContext &g) {
  Pieces p;
  std::string_view name = g.desc.name;
  size_t pair = name.find("::");
  p.mnemonic = std::string(name.substr(0, pair));
  for (const OperandDesc &d : g.arch.operandsOf(g.desc)) {
    bool noComma = g.noCommaBefore;
    std::string t = genOperand(g, d);
    if (pair != std::string_view::npos && d.field == Field::vdsty)
      p.items.push_back({std::string(name.substr(pair + 2)), false, false, true});
    if (isPositional(d.cls)) {
      if (t.empty() && (d.flags & OF_Optional)) continue;
      p.items.push_back({t, true, g.noCommaBefore || noComma, false});
      g.noCommaBefore = false;
    } else if (!t.empty()) {
      p.items.push_back({t, false, false, false});
    }
  }
  return p;
}

// Joins pieces as gen_line does: ", " between positional operands, " " before modifiers.
std::string joinPieces(const Pieces &p, std::string_view comma = ", ", std::string_view sp = " ") {
  std::string line = p.mnemonic;
  bool first = true;
  for (const Piece &it : p.items) {
    if (it.pairStart) {
      line += fmt::format("{}::{}{}", sp, sp, it.text);
      first = true;
    } else if (it.positional) {
      line += first || it.noCommaBefore ? std::string(sp) : std::string(comma);
      line += it.text;
      first = false;
    } else {
      line += sp;
      line += it.text;
    }
  }
  return line;
}

// ---------------------------------------------------------------------------------------------
// Tokens of a line: words (letters, digits, '_', '.', '$'), and single punctuation characters.

struct Token {
  std::string text;
  bool spaceBefore = false;
};

bool wordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
}

std::vector<Token> tokenize(std::string_view line) {
  std::vector<Token> toks;
  bool space = false;
  for (size_t i = 0; i < line.size();) {
    char c = line[i];
    if (c == ' ' || c == '\t') {
      space = true;
      ++i;
      continue;
    }
    size_t j = i + 1;
    if (wordChar(c))
      while (j < line.size() && wordChar(line[j])) ++j;
    else if (c == ':' && j < line.size() && line[j] == ':')
      ++j;
    toks.push_back({std::string(line.substr(i, j - i)), space});
    space = false;
    i = j;
  }
  return toks;
}

std::string join(const std::vector<Token> &toks) {
  std::string s;
  for (size_t i = 0; i < toks.size(); ++i) {
    if (i && toks[i].spaceBefore) s += ' ';
    s += toks[i].text;
  }
  return s;
}

bool isDecimal(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}
bool isHex(std::string_view s) {
  return s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
         std::all_of(s.begin() + 2, s.end(),
                     [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}
bool isRegisterPrefix(std::string_view s) {
  return s == "v" || s == "s" || s == "a" || s == "ttmp";
}
// "s5" -> ("s", 5); false for other words.
bool splitSingleRegister(std::string_view s, std::string &prefix, unsigned &index) {
  for (std::string_view p : {"ttmp", "v", "s", "a"}) {
    if (s.size() > p.size() && s.starts_with(p) && isDecimal(s.substr(p.size())) &&
        s.size() - p.size() <= 3) {
      prefix = std::string(p);
      index = static_cast<unsigned>(std::stoul(std::string(s.substr(p.size()))));
      return true;
    }
  }
  return false;
}

// A register range written `p[a:b]` at tokens i..i+5.
bool rangeAt(const std::vector<Token> &t, size_t i) {
  return i + 5 < t.size() && isRegisterPrefix(t[i].text) && t[i + 1].text == "[" &&
         !t[i + 1].spaceBefore && isDecimal(t[i + 2].text) && t[i + 3].text == ":" &&
         isDecimal(t[i + 4].text) && t[i + 5].text == "]";
}

std::string toUpper(std::string s) {
  for (char &c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// ---------------------------------------------------------------------------------------------
// The rewrites. Each returns the variant, or nothing when the kind does not apply to the line.

class Rewriter {
public:
  Rewriter(std::mt19937_64 &rng, const ArchTables &arch) : rng_(rng), arch_(arch) {}

  std::optional<std::string> apply(Kind k, const Pieces &p, const std::string &line) {
    std::vector<Token> t = tokenize(line);
    switch (k) {
    case Kind::mnemonic_upper: return mnemonicCase(t, true);
    case Kind::mnemonic_mixed: return mnemonicCase(t, false);
    case Kind::word_upper: return wordUpper(t);
    case Kind::word_lower: return wordLower(t);
    case Kind::line_upper: return toUpper(line);
    case Kind::register_single: return registerSingle(t);
    case Kind::register_list: return registerList(t);
    case Kind::register_bounds: return registerBounds(t);
    case Kind::special_halves: return specialHalves(t);
    case Kind::integer_base: return integerBase(t);
    case Kind::integer_expr: return integerExpr(t);
    case Kind::literal_forced: return literalForced(t);
    case Kind::modifier_value: return modifierValue(t);
    case Kind::modifier_order: return modifierOrder(p);
    case Kind::modifier_names: return modifierNames(t);
    case Kind::source_modifiers: return sourceModifiers(t);
    case Kind::mnemonic_alternate: return mnemonicAlternate(t);
    case Kind::operand_dropped: return operandDropped(p);
    case Kind::format_before: return formatBefore(p);
    case Kind::separators: return separators(p, t);
    case Kind::comments: return comments(t);
    case Kind::Count: break;
    }
    return std::nullopt;
  }

private:
  unsigned below(size_t n) { return static_cast<unsigned>(rng_() % n); }
  bool coin() { return rng_() & 1; }

  // Indices of tokens satisfying `pred`; one at random, or npos.
  template <class Pred> size_t pickToken(const std::vector<Token> &t, Pred pred) {
    std::vector<size_t> at;
    for (size_t i = 0; i < t.size(); ++i)
      if (pred(i)) at.push_back(i);
    return at.empty() ? std::string::npos : at[below(at.size())];
  }

  // Whether token i is a number inside a register's brackets (s[4:7]).
  static bool inRegisterBrackets(const std::vector<Token> &t, size_t i) {
    for (size_t k = i; k-- > 0;) {
      if (t[k].text == "]") return false;
      if (t[k].text == "[") return k > 0 && isRegisterPrefix(t[k - 1].text) && !t[k].spaceBefore;
    }
    return false;
  }
  static bool isMnemonicAt(const std::vector<Token> &t, size_t i) {
    return i == 0 || (i > 0 && t[i - 1].text == "::");
  }

  std::optional<std::string> mnemonicCase(std::vector<Token> t, bool upper) {
    for (size_t i = 0; i < t.size(); ++i) {
      if (!isMnemonicAt(t, i)) continue;
      if (upper) {
        t[i].text = toUpper(t[i].text);
      } else {
        for (size_t c = 0; c < t[i].text.size(); ++c)
          if (c == 0 || t[i].text[c - 1] == '_' || below(4) == 0)
            t[i].text[c] =
                static_cast<char>(std::toupper(static_cast<unsigned char>(t[i].text[c])));
      }
    }
    return join(t);
  }

  std::optional<std::string> wordUpper(std::vector<Token> t) {
    size_t i = pickToken(t, [&](size_t k) {
      return !isMnemonicAt(t, k) && std::isalpha(static_cast<unsigned char>(t[k].text[0])) &&
             toUpper(t[k].text) != t[k].text;
    });
    if (i == std::string::npos) return std::nullopt;
    t[i].text = coin() ? toUpper(t[i].text)
                       : std::string(1, static_cast<char>(std::toupper(t[i].text[0]))) +
                             t[i].text.substr(1);
    return join(t);
  }

  std::optional<std::string> wordLower(std::vector<Token> t) {
    size_t i = pickToken(t, [&](size_t k) {
      return !isMnemonicAt(t, k) && std::any_of(t[k].text.begin(), t[k].text.end(), [](char c) {
        return std::isupper(static_cast<unsigned char>(c));
      });
    });
    if (i == std::string::npos) return std::nullopt;
    std::string &w = t[i].text;
    size_t from = 0, mode = below(3);
    if (mode == 1) from = w.find('_') == std::string::npos ? 0 : w.find('_') + 1; // after a prefix
    if (mode == 2) from = w.rfind('_') == std::string::npos ? 0 : w.rfind('_') + 1;
    for (size_t c = from; c < w.size(); ++c)
      if (mode != 2 || coin())
        w[c] = static_cast<char>(std::tolower(static_cast<unsigned char>(w[c])));
    return join(t);
  }

  std::optional<std::string> registerSingle(std::vector<Token> t) {
    std::string prefix;
    unsigned index = 0;
    size_t i = pickToken(t, [&](size_t k) {
      return !isMnemonicAt(t, k) && splitSingleRegister(t[k].text, prefix, index);
    });
    if (i == std::string::npos) return std::nullopt;
    splitSingleRegister(t[i].text, prefix, index);
    switch (below(4)) {
    case 0: t[i].text = fmt::format("{}[{}]", prefix, index); break;
    case 1: t[i].text = fmt::format("{}[{}:{}]", prefix, index, index); break;
    case 2: t[i].text = fmt::format("[{}{}]", prefix, index); break;
    default: t[i].text = fmt::format("[{}[{}]]", prefix, index); break;
    }
    return join(t);
  }

  // One element of a register list: sN, [sN], s[N], s[N:N] (llvm reads each as one register).
  std::string listElement(const std::string &prefix, unsigned r) {
    switch (below(6)) {
    case 0: return fmt::format("[{}{}]", prefix, r);
    case 1: return fmt::format("{}[{}]", prefix, r);
    case 2: return fmt::format("{}[{}:{}]", prefix, r, r);
    default: return fmt::format("{}{}", prefix, r);
    }
  }

  std::optional<std::string> registerList(std::vector<Token> t) {
    size_t i = pickToken(t, [&](size_t k) { return rangeAt(t, k); });
    if (i == std::string::npos) return std::nullopt;
    unsigned a = static_cast<unsigned>(std::stoul(t[i + 2].text)),
             b = static_cast<unsigned>(std::stoul(t[i + 4].text));
    if (b < a || b - a > 31) return std::nullopt;
    std::string list = "[";
    bool nested = coin();
    for (unsigned r = a; r <= b; ++r) {
      if (r > a) list += below(3) ? ", " : ",";
      list += nested ? listElement(t[i].text, r) : fmt::format("{}{}", t[i].text, r);
    }
    list += "]";
    t[i].text = list;
    t.erase(t.begin() + static_cast<std::ptrdiff_t>(i) + 1,
            t.begin() + static_cast<std::ptrdiff_t>(i) + 6);
    return join(t);
  }

  // An expression with value v: (v), a+b, v*1, (v-1)+1, ...
  std::string expressionOf(int64_t v) {
    switch (below(6)) {
    case 0: return fmt::format("({})", v);
    case 1: {
      int64_t a = v / 2;
      return fmt::format("{}+{}", a, v - a);
    }
    case 2: return fmt::format("{}*1", v);
    case 3: return fmt::format("({}-1)+1", v);
    case 4: return fmt::format("0x{:x}", v);
    default: return fmt::format("{}", v);
    }
  }

  std::optional<std::string> registerBounds(std::vector<Token> t) {
    size_t i = pickToken(t, [&](size_t k) { return rangeAt(t, k); });
    if (i == std::string::npos) return std::nullopt;
    int64_t a = std::stoll(t[i + 2].text), b = std::stoll(t[i + 4].text);
    std::string first = expressionOf(a), last = expressionOf(b);
    std::string sp = below(3) == 0 ? " " : "";
    t[i].text += fmt::format("[{}{}{}:{}{}{}]", sp, first, sp, sp, last, sp);
    t.erase(t.begin() + static_cast<std::ptrdiff_t>(i) + 1,
            t.begin() + static_cast<std::ptrdiff_t>(i) + 6);
    return join(t);
  }

  std::optional<std::string> specialHalves(std::vector<Token> t) {
    static const char *const kPairs[] = {"vcc", "exec", "flat_scratch", "xnack_mask", "tba", "tma"};
    size_t i = pickToken(t, [&](size_t k) {
      if (isMnemonicAt(t, k)) return false;
      for (const char *p : kPairs)
        if (t[k].text == p || t[k].text == std::string(p) + "_lo" ||
            t[k].text == std::string(p) + "_hi")
          return true;
      return false;
    });
    if (i == std::string::npos) return std::nullopt;
    const std::string &w = t[i].text;
    if (w.ends_with("_lo") || w.ends_with("_hi"))
      t[i].text = coin() ? "[" + w + "]"
                         : fmt::format("[{}_lo,{}_hi]", w.substr(0, w.size() - 3),
                                       w.substr(0, w.size() - 3));
    else
      t[i].text = fmt::format("[{}_lo,{}{}_hi]", w, coin() ? " " : "", w);
    return join(t);
  }

  // A number token that is an operand value (not inside a register's brackets).
  size_t pickNumber(const std::vector<Token> &t) {
    return pickToken(t, [&](size_t k) {
      return (isDecimal(t[k].text) || isHex(t[k].text)) && !inRegisterBrackets(t, k) &&
             !(k + 1 < t.size() && t[k + 1].text == "." && !t[k + 1].spaceBefore);
    });
  }

  std::optional<std::string> integerBase(std::vector<Token> t) {
    size_t i = pickNumber(t);
    if (i == std::string::npos) return std::nullopt;
    uint64_t v = std::stoull(t[i].text, nullptr, 0);
    switch (below(5)) {
    case 0: t[i].text = fmt::format("{}", v); break;
    case 1: t[i].text = fmt::format("0x{:X}", v); break;
    case 2: t[i].text = fmt::format("0X{:x}", v); break;
    case 3: t[i].text = fmt::format("0b{:b}", v); break;
    default: t[i].text = fmt::format("0x{:08x}", v); break;
    }
    return join(t);
  }

  std::optional<std::string> integerExpr(std::vector<Token> t) {
    size_t i = pickNumber(t);
    if (i == std::string::npos) return std::nullopt;
    int64_t v = static_cast<int64_t>(std::stoull(t[i].text, nullptr, 0));
    switch (below(5)) {
    case 0: t[i].text = fmt::format("({})", t[i].text); break;
    case 1: t[i].text = fmt::format("-(-{})", t[i].text); break;
    case 2: t[i].text = fmt::format("~(~{})", t[i].text); break;
    case 3: t[i].text = fmt::format("({}+0)", t[i].text); break;
    default: t[i].text = expressionOf(v); break;
    }
    return join(t);
  }

  // A number wrapped in lit(..) or lit64(..): llvm's immediate parser takes them wherever it reads
  // an immediate (sources keep them as forced literals, K constants print them, plain immediates
  // drop them; lit64 is refused where the operand takes float modifiers).
  std::optional<std::string> literalForced(std::vector<Token> t) {
    size_t i = pickNumber(t);
    if (i == std::string::npos) return std::nullopt;
    t[i].text = fmt::format("{}({})", coin() ? "lit" : "lit64", t[i].text);
    return join(t);
  }

  // word:value modifiers with a numeric value (offset:16, mul:2, dmask:0xf, row_shl:1).
  std::optional<std::string> modifierValue(std::vector<Token> t) {
    size_t i = pickToken(t, [&](size_t k) {
      return k >= 2 && t[k - 1].text == ":" && !t[k].spaceBefore &&
             std::isalpha(static_cast<unsigned char>(t[k - 2].text[0])) &&
             (isDecimal(t[k].text) || isHex(t[k].text));
    });
    if (i == std::string::npos) return std::nullopt;
    int64_t v = static_cast<int64_t>(std::stoull(t[i].text, nullptr, 0));
    switch (below(4)) {
    case 0: t[i].text = fmt::format("({})", t[i].text); break;
    case 1: t[i].text = fmt::format("({}|0)", t[i].text); break;
    case 2: t[i].text = fmt::format("({}-1+1)", v); break;
    default: t[i].text = "(" + expressionOf(v) + ")"; break;
    }
    return join(t);
  }

  std::optional<std::string> modifierOrder(Pieces p) {
    std::vector<size_t> mods;
    for (size_t i = 0; i < p.items.size(); ++i)
      if (!p.items[i].positional && !p.items[i].pairStart) mods.push_back(i);
    if (mods.size() < 2) return std::nullopt;
    std::vector<Piece> texts;
    for (size_t i : mods) texts.push_back(p.items[i]);
    std::reverse(texts.begin(), texts.end());
    if (coin()) std::shuffle(texts.begin(), texts.end(), rng_);
    for (size_t k = 0; k < mods.size(); ++k) p.items[mods[k]] = texts[k];
    return joinPieces(p);
  }

  std::optional<std::string> modifierNames(std::vector<Token> t) {
    static const std::pair<const char *, const char *> kNames[] = {
        {"offset", "inst_offset"}, {"offset0", "offset0"}, {"row_shl", "row_shl"}};
    size_t i = pickToken(t, [&](size_t k) {
      return k + 1 < t.size() && t[k + 1].text == ":" && t[k].text == "offset";
    });
    if (i == std::string::npos) return std::nullopt;
    t[i].text = kNames[0].second;
    return join(t);
  }

  std::optional<std::string> sourceModifiers(std::vector<Token> t) {
    // |x| -> abs(x), abs(x) -> |x|, -x (a register) -> neg(x).
    for (size_t tries = 0; tries < 4; ++tries) {
      size_t i = pickToken(t, [&](size_t k) {
        return t[k].text == "|" ||
               (t[k].text == "abs" && k + 1 < t.size() && t[k + 1].text == "(") ||
               (t[k].text == "-" && k + 1 < t.size() && k > 0 &&
                (t[k - 1].text == "," || t[k - 1].spaceBefore || t[k].spaceBefore) &&
                std::isalpha(static_cast<unsigned char>(t[k + 1].text[0])));
      });
      if (i == std::string::npos) return std::nullopt;
      if (t[i].text == "|") {
        size_t close = i + 1;
        while (close < t.size() && t[close].text != "|") ++close;
        if (close == t.size()) continue;
        t[i].text = "abs(";
        t[close].text = ")";
        t[i + 1].spaceBefore = false;
        t[close].spaceBefore = false;
        return join(t);
      }
      if (t[i].text == "abs") {
        size_t close = i + 2;
        int depth = 1;
        for (; close < t.size(); ++close) {
          if (t[close].text == "(") ++depth;
          if (t[close].text == ")" && --depth == 0) break;
        }
        if (close == t.size()) continue;
        t[i].text = "|";
        t[i + 1].text = "";
        t[close].text = "|";
        return join(t);
      }
      // -x -> neg(x), x being one token (or a range p[a:b])
      size_t end = rangeAt(t, i + 1) ? i + 6 : i + 1;
      t[i].text = "neg(";
      t[i + 1].spaceBefore = false;
      t[end].text += ")";
      return join(t);
    }
    return std::nullopt;
  }

  std::optional<std::string> mnemonicAlternate(std::vector<Token> t) {
    std::string &mn = t[0].text;
    std::vector<std::string> options;
    std::string_view base;
    int rank = as::suffixRank(mn, base);
    // the other encoding suffixes, and none
    for (std::string_view s : as::kEncodingSuffixes)
      if (rank < 0 || s != as::kEncodingSuffixes[rank])
        options.push_back(std::string(base) + std::string(s));
    if (rank >= 0) options.push_back(std::string(base));
    std::string suffix = mn.substr(base.size());
    // the data's old names of this mnemonic
    for (const MnemonicAlias &a : arch_.aliases)
      if (base == a.target) options.push_back(std::string(a.name) + suffix);
    // names llvm has in other spellings: v_cmp_t_* <-> v_cmp_tru_*, accvgpr without _b32,
    // MFMA names without the '_' before the type
    auto replaced = [&](std::string_view from, std::string_view to) {
      size_t at = mn.find(from);
      if (at != std::string::npos)
        options.push_back(mn.substr(0, at) + std::string(to) + mn.substr(at + from.size()));
    };
    replaced("_t_", "_tru_");
    replaced("_tru_", "_t_");
    replaced("accvgpr_read_b32", "accvgpr_read");
    replaced("accvgpr_write_b32", "accvgpr_write");
    if (mn.find("mfma") != std::string::npos || mn.find("smfmac") != std::string::npos) {
      size_t x = mn.rfind('x');
      size_t us = x == std::string::npos ? std::string::npos : mn.find('_', x);
      if (us != std::string::npos) options.push_back(mn.substr(0, us) + mn.substr(us + 1));
    }
    if (options.empty()) return std::nullopt;
    mn = options[below(options.size())];
    return join(t);
  }

  std::optional<std::string> operandDropped(Pieces p) {
    if (!p.mnemonic.starts_with("v_cmp") || p.items.empty() || !p.items[0].positional)
      return std::nullopt;
    const std::string &dst = p.items[0].text;
    if (dst != "vcc" && dst != "vcc_lo") return std::nullopt;
    p.items.erase(p.items.begin());
    return joinPieces(p);
  }

  // An MTBUF format after the soffset, moved before it in llvm's older numeric spelling.
  std::optional<std::string> formatBefore(Pieces p) {
    size_t f = 0, soffset = std::string::npos;
    for (; f < p.items.size() && !p.items[f].text.starts_with("format:"); ++f)
      if (p.items[f].positional) soffset = f;
    if (f == p.items.size() || soffset == std::string::npos) return std::nullopt;
    std::string_view text = std::string_view(p.items[f].text).substr(7);
    int unified = -1, data = 1, num = 0;
    if (isDecimal(text) || isHex(text)) {
      unified = static_cast<int>(std::stoul(std::string(text), nullptr, 0));
    } else if (text.starts_with("[") && text.ends_with("]")) {
      for (const Token &name : tokenize(text.substr(1, text.size() - 2))) {
        auto at = [&](std::string_view prefix, const auto &names) {
          if (!name.text.starts_with(prefix)) return -1;
          auto it = std::find(std::begin(names), std::end(names), name.text.substr(prefix.size()));
          return it == std::end(names) ? -1 : static_cast<int>(it - std::begin(names));
        };
        if (int u = at("BUF_FMT_", kBufFormatNames); u >= 0) unified = u;
        if (int d = at("BUF_DATA_FORMAT_", kBufDataFormats); d >= 0) data = d;
        if (int n = at("BUF_NUM_FORMAT_", kBufNumFormats); n >= 0) num = n;
      }
    } else {
      return std::nullopt;
    }
    const bool split = arch_.traits->splitBufferFormat;
    std::string before;
    if (split) {
      if (unified >= 0) data = unified & 15, num = unified >> kBufNumFormatShift;
      std::string d = fmt::format("dfmt:{}", data), n = fmt::format("nfmt:{}", num);
      const char *sep = coin() ? ", " : " ";
      before = coin() ? d + sep + n : n + sep + d;
      if (data == 1 && coin())
        before = n;
      else if (num == 0 && coin())
        before = d;
    } else {
      if (unified < 0) {
        std::string name = data == 0 && num == 0
                               ? std::string("INVALID")
                               : fmt::format("{}_{}", kBufDataFormats[data], kBufNumFormats[num]);
        auto it = std::find(std::begin(kBufFormatNames), std::end(kBufFormatNames), name);
        if (it == std::end(kBufFormatNames)) return std::nullopt;
        unified = static_cast<int>(it - std::begin(kBufFormatNames));
      }
      before = fmt::format("format:{}", unified);
    }
    p.items[soffset].text = before + (coin() ? ", " : " ") + p.items[soffset].text;
    p.items.erase(p.items.begin() + static_cast<std::ptrdiff_t>(f));
    return joinPieces(p);
  }

  std::optional<std::string> separators(const Pieces &p, std::vector<Token> t) {
    switch (below(4)) {
    case 0: return joinPieces(p, ",", " ");
    case 1: return joinPieces(p, " , ", "\t");
    case 2: return "\t" + joinPieces(p, ",\t", "  ") + " \t";
    default:
      for (size_t i = 1; i < t.size(); ++i)
        if (t[i].text == "[" || t[i].text == "]" || t[i].text == "(" || t[i].text == ")" ||
            t[i].text == ":" || t[i].text == "|")
          t[i].spaceBefore = t[i].spaceBefore || below(2) == 0;
      return join(t);
    }
  }

  std::optional<std::string> comments(std::vector<Token> t) {
    switch (below(3)) {
    case 0: return join(t) + (coin() ? " // trailing comment" : " ; trailing comment");
    case 1: {
      size_t i = 1 + below(t.size());
      if (i >= t.size()) return join(t) + " /* end */";
      // (llvm reads a register's prefix and its bracket as one: `s /* c */ [0:1]` is no register)
      if (t[i].text == "[" && isRegisterPrefix(t[i - 1].text) && !t[i].spaceBefore)
        return join(t) + " /* end */";
      t.insert(t.begin() + static_cast<std::ptrdiff_t>(i), Token{"/* c */", true});
      t[i + 1].spaceBefore = true;
      return join(t);
    }
    default: return "/* before */ " + join(t);
    }
  }

  std::mt19937_64 &rng_;
  const ArchTables &arch_;
};

// ---------------------------------------------------------------------------------------------
// Running both tools: the input's lines each after a label `L_vN:`; the outputs split by label.

struct ToolBlocks {
  std::vector<std::string> blocks; // per input line, the output between its label and the next
  std::set<uint32_t> errorLines;   // input line indices (0-based) with an error
};

std::string labelOf(size_t i) {
  return fmt::format("L_v{}:", i);
}

std::vector<std::string> splitByLabels(const std::string &out, size_t n) {
  std::vector<std::string> blocks(n);
  std::istringstream in(out);
  long cur = -1;
  for (std::string l; std::getline(in, l);) {
    if (l.starts_with("L_v") && l.back() == ':') {
      cur = std::stol(l.substr(3));
      continue;
    }
    if (cur >= 0 && static_cast<size_t>(cur) < n) blocks[static_cast<size_t>(cur)] += l + "\n";
  }
  return blocks;
}

// The file's line numbers are 1-based, the labels take the odd ones: line 2k+2 is input line k.
std::set<uint32_t> inputLinesWithErrors(const std::string &err) {
  std::set<uint32_t> lines;
  std::istringstream in(err);
  for (std::string l; std::getline(in, l);) {
    size_t p = l.find(": error: ");
    size_t c1 = l.find(':');
    if (p == std::string::npos || c1 == std::string::npos || c1 > p) continue;
    uint32_t fileLine = static_cast<uint32_t>(std::strtoul(l.c_str() + c1 + 1, nullptr, 10));
    if (fileLine >= 2 && fileLine % 2 == 0) lines.insert(fileLine / 2 - 1);
  }
  return lines;
}

struct Line {
  std::string text;
  int canonical = -1; // for a variant, the index of its canonical line
  Kind kind = Kind::Count;
};

struct KindCounts {
  unsigned variants = 0, llvmSame = 0, llvmOther = 0, llvmRejects = 0, llvmFault = 0;
  unsigned missed = 0, wronglyAccepted = 0, textDiffers = 0;
  std::vector<std::string> examples, faults;
};

class Variants : public ::testing::TestWithParam<Config> {};

TEST_P(Variants, MatchLlvmMc) {
  const Config &cfg = GetParam();
  std::string err;
  auto target = Target::create(cfg.cpu, cfg.mattr, &err);
  ASSERT_TRUE(target) << err;
  const ArchTables &arch = *static_cast<const ArchTables *>(target->arch());
  const unsigned samples =
      cfg.samples(static_cast<unsigned>(std::stoul(envOr("GFXASM_VARIANT_SAMPLES", "2"))), 2);
  std::mt19937_64 rng(std::stoull(envOr("GFXASM_DIFF_SEED", "12345")));
  std::string onlyFormats = envOr("GFXASM_DIFF_FORMATS", "");
  const size_t maxExamples = std::stoul(envOr("GFXASM_VARIANT_EXAMPLES", "3"));
  Rewriter rewriter(rng, arch);

  // Canonical lines first: twice as many as needed are drawn per entry and the first `samples`
  // both tools take alike are kept (the generator draws some lines llvm-mc rejects, as the
  // difftest wants: their variants would tell nothing).
  std::vector<Pieces> drawn;
  std::vector<size_t> drawnEntry;
  for (size_t e = 0; e < arch.instrs.size(); ++e) {
    const InstrDesc &d = arch.instrs[e];
    if (!(d.cpuMask & (1u << target->cpuIndex())) || (d.flags & IF_DisasmOnly) ||
        !availableInMode(d, target->realTrue16(), target->wave64()))
      continue;
    if (!onlyFormats.empty() &&
        ("," + onlyFormats + ",").find("," + std::string(arch.formatOf(d).name) + ",") ==
            std::string::npos)
      continue;
    for (unsigned s = 0; s < 2 * samples; ++s) {
      GenContext g{rng, arch, d, target->wave64(), target->realTrue16()};
      drawn.push_back(genPieces(g));
      drawnEntry.push_back(e);
    }
  }
  std::vector<bool> agreed(drawn.size());
  {
    std::string canonicalInput;
    for (size_t i = 0; i < drawn.size(); ++i)
      canonicalInput += labelOf(i) + "\n" + joinPieces(drawn[i]) + "\n";
    test::ToolRun llvm = test::runLlvmMc(canonicalInput, cfg.cpu, attrsOf(cfg.mattr));
    ASSERT_NE(llvm.out.find(".amdgcn_target"), std::string::npos)
        << "llvm-mc-22 did not run: " << llvm.err.substr(0, 500);
    AssembleOptions opts;
    opts.showEncoding = true;
    opts.fileName = test::kInputName;
    AssembleResult ours = assemble(*target, canonicalInput, opts);
    std::string ourErr;
    for (const auto &d : ours.diagnostics) ourErr += formatDiagnostic(d);
    std::vector<std::string> lb = splitByLabels(llvm.out, drawn.size()),
                             gb = splitByLabels(ours.text, drawn.size());
    std::set<uint32_t> le = inputLinesWithErrors(llvm.err), ge = inputLinesWithErrors(ourErr);
    for (size_t i = 0; i < drawn.size(); ++i)
      agreed[i] = !le.count(static_cast<uint32_t>(i)) && !ge.count(static_cast<uint32_t>(i)) &&
                  lb[i] == gb[i] && !lb[i].empty();
  }

  std::vector<Line> lines;
  std::map<size_t, unsigned> keptPerEntry;
  unsigned canonicalDropped = 0;
  for (size_t i = 0; i < drawn.size(); ++i) {
    if (!agreed[i] || keptPerEntry[drawnEntry[i]] >= samples) {
      canonicalDropped += !agreed[i];
      continue;
    }
    ++keptPerEntry[drawnEntry[i]];
    const Pieces &p = drawn[i];
    std::string canonical = joinPieces(p);
    int ci = static_cast<int>(lines.size());
    lines.push_back({canonical});
    for (unsigned k = 0; k < kKinds; ++k) {
      auto v = rewriter.apply(static_cast<Kind>(k), p, canonical);
      if (v && *v != canonical) lines.push_back({*v, ci, static_cast<Kind>(k)});
    }
  }
  std::string input;
  for (size_t i = 0; i < lines.size(); ++i) input += labelOf(i) + "\n" + lines[i].text + "\n";

  test::ToolRun llvm = test::runLlvmMc(input, cfg.cpu, attrsOf(cfg.mattr));
  ASSERT_NE(llvm.out.find(".amdgcn_target"), std::string::npos)
      << "llvm-mc-22 did not run: " << llvm.err.substr(0, 500);
  AssembleOptions opts;
  opts.showEncoding = true;
  opts.fileName = test::kInputName;
  AssembleResult ours = assemble(*target, input, opts);
  std::string ourErr;
  for (const auto &d : ours.diagnostics) ourErr += formatDiagnostic(d);

  std::vector<std::string> lb = splitByLabels(llvm.out, lines.size()),
                           gb = splitByLabels(ours.text, lines.size());
  std::set<uint32_t> le = inputLinesWithErrors(llvm.err), ge = inputLinesWithErrors(ourErr);

  std::array<KindCounts, kKinds> counts;
  unsigned canonicalSkipped = 0, failures = 0;
  // (one llvm-mc run per variant that differs: bounded, in case many do)
  unsigned readBackChecks = 0;
  constexpr unsigned kMaxReadBackChecks = 200;
  for (size_t i = 0; i < lines.size(); ++i) {
    const Line &ln = lines[i];
    if (ln.canonical < 0) continue;
    size_t c = static_cast<size_t>(ln.canonical);
    // Only variants of canonical lines both tools take alike: the difftest covers the others.
    if (le.count(static_cast<uint32_t>(c)) || ge.count(static_cast<uint32_t>(c)) ||
        lb[c] != gb[c]) {
      ++canonicalSkipped;
      continue;
    }
    KindCounts &kc = counts[static_cast<unsigned>(ln.kind)];
    ++kc.variants;
    bool llvmRejects = le.count(static_cast<uint32_t>(i)),
         weReject = ge.count(static_cast<uint32_t>(i));
    // llvm's faults, counted apart: it takes the line with bytes its own disassembler cannot
    // read back (gfxasm must reject it), or its output depends on the lines before (it carries
    // source modifiers of an earlier line's constant to a later symbolic source,
    // LlvmMcBugs.SymbolSourceTakesEarlierModifiers: gfxasm must give its answer for the line
    // alone).
    if (!llvmRejects && (weReject || lb[i] != gb[i]) && readBackChecks < kMaxReadBackChecks) {
      ++readBackChecks;
      bool fault;
      if (weReject) {
        fault = !llvmReadsBack(cfg, lb[i]);
      } else {
        test::ToolRun alone =
            test::runLlvmMc(labelOf(i) + "\n" + ln.text + "\n", cfg.cpu, attrsOf(cfg.mattr));
        fault = splitByLabels(alone.out, i + 1)[i] == gb[i];
      }
      if (fault) {
        ++kc.llvmFault;
        if (kc.faults.size() < maxExamples) kc.faults.push_back(ln.text);
        continue;
      }
    }
    if (llvmRejects)
      ++kc.llvmRejects;
    else if (lb[i] == lb[c])
      ++kc.llvmSame;
    else
      ++kc.llvmOther;
    std::string problem;
    unsigned *counter = nullptr;
    if (llvmRejects && !weReject) {
      counter = &kc.wronglyAccepted;
      problem = "llvm-mc rejects it, gfxasm accepts it";
    } else if (!llvmRejects && weReject) {
      counter = &kc.missed;
      problem = "llvm-mc accepts it, gfxasm rejects it";
    } else if (!llvmRejects && lb[i] != gb[i]) {
      counter = &kc.textDiffers;
      problem = fmt::format("output differs:\n  llvm-mc: {}  gfxasm:  {}", lb[i], gb[i]);
    }
    if (counter) ++*counter;
    if (!problem.empty()) {
      ++failures;
      if (kc.examples.size() < maxExamples)
        kc.examples.push_back(fmt::format("`{}` (from `{}`): {}", ln.text, lines[c].text, problem));
    }
  }
  std::printf("[variants %s%s] %zu entries, %zu lines (%u drawn canonical lines not both taken "
              "alike dropped, %u variants of lines that differed in context skipped)\n",
              cfg.cpu, attrsOf(cfg.mattr).c_str(), keptPerEntry.size(), lines.size(),
              canonicalDropped, canonicalSkipped);
  // same: llvm-mc takes it with the canonical line's bytes; other: with other bytes; rejected:
  // llvm-mc rejects it; llvm bug: llvm-mc takes it with an encoding its disassembler cannot read
  // back (llvmReadsBack) and gfxasm rejects it, or llvm-mc's output for it depends on the lines
  // before it and gfxasm's is llvm's for the line alone. Then gfxasm's differences: missed (llvm
  // takes it, gfxasm does not), wrongly (the reverse), text (both take it, other output).
  std::printf("%-20s %8s %8s %8s %8s %8s | %7s %7s %7s\n", "kind", "variants", "same", "other",
              "rejected", "llvm bug", "missed", "wrongly", "text");
  for (unsigned k = 0; k < kKinds; ++k) {
    const KindCounts &kc = counts[k];
    std::printf("%-20s %8u %8u %8u %8u %8u | %7u %7u %7u\n", kKindNames[k], kc.variants,
                kc.llvmSame, kc.llvmOther, kc.llvmRejects, kc.llvmFault, kc.missed,
                kc.wronglyAccepted, kc.textDiffers);
  }
  for (unsigned k = 0; k < kKinds; ++k)
    for (const std::string &f : counts[k].faults)
      std::printf("llvm bug [%s]: %s\n", kKindNames[k], f.c_str());
  for (unsigned k = 0; k < kKinds; ++k)
    for (const std::string &e : counts[k].examples)
      ADD_FAILURE() << "[" << kKindNames[k] << "] " << e;
  EXPECT_EQ(failures, 0u);
  keepOutputs(cfg, ".variants.s", input, llvm.out + llvm.err, ours.text + ourErr);
}

INSTANTIATE_TEST_SUITE_P(Gfx11, Variants, gfx11Configs(), configName);
INSTANTIATE_TEST_SUITE_P(Gfx9, Variants, gfx9Configs(), configName);

} // namespace
} // namespace gfxasm::difftest
