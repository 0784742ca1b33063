// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Expression evaluator with llvm-mc's GNU-mode operators and precedence:
//   || (1)  && (2)  == != <> < <= > >= (3)  + - (4)  | & ^ (5)  * / % << >> (6)
// Comparisons yield -1 for true, && and || yield 1; >> is a logical shift.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <memory_resource>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

#include "asm/lexer.h"
#include "asm/mcexpr.h"

namespace gfxasm::as {

// A symbol as llvm's MCSymbol holds it: a label (a section and an offset), a variable (set with
// .set / =: an absolute value, or an expression evaluated at the end), or undefined (external
// when referenced), plus the ELF attributes directives give it.
struct Symbol {
  enum class Kind : uint8_t {
    Undefined,
    Value,    // a variable whose value was absolute when it was set (substituted where read)
    Label,    // defined at `value` bytes into section `section`
    Variable, // a variable whose expression (`expr`) is not absolute yet
  } kind = Kind::Undefined;
  int64_t value = 0;
  uint32_t section = 0;  // Label: the assembler's section index
  ExprId expr = kNoExpr; // Value and Variable: the expression it was set to
  bool referenced = false;
  bool constant = false; // predefined by llvm-mc's AMDGPU assembler: not to be redefined
  // ELF attributes (.globl, .weak, .local, .hidden, .protected, .type, .size).
  enum class Binding : uint8_t { Default, Local, Global, Weak } binding = Binding::Default;
  uint8_t visibility = 0; // STV_*
  uint8_t type = 0;       // STT_*
  bool usedInReloc = false;
  bool noDeadStrip = false;
  ExprId size = kNoExpr;
  // Order in which llvm's assembler would register it (its symbol table order); 0: never.
  uint32_t order = 0;
  uint32_t commonAlign = 0; // .comm: the alignment (a common symbol when nonzero)
  uint64_t commonSize = 0;  // .comm and .amdgpu_lds: the size
  uint32_t ldsAlign = 0;    // .amdgpu_lds: the alignment (an LDS symbol when nonzero)
  // The name of a section: its begin symbol (llvm's section symbol), a label at its offset 0
  // that the symbol table does not list (relocations use the STT_SECTION symbol).
  bool sectionStart = false;
  bool signature = false; // names a section group (ELF: bound to its .group when undefined)
  uint32_t fragment = 0;  // Label: llvm's fragment of its section it is in (see newFragment)
};

class SymbolTable {
public:
  SymbolTable(); // with llvm-mc's predefined constants (UC_VERSION_*)
  Symbol *find(std::string_view name);
  Symbol &get(std::string_view name); // creates an Undefined entry on first use
  // Keeps `text` for the rest of the assembly (expression text an operand prints, e.g. foo+4).
  std::string_view intern(std::string text) { return interned_.emplace_back(std::move(text)); }
  ExprPool &pool() { return pool_; }
  // `.` in an expression (at column `col` of the statement): the assembler defines a new
  // temporary label at the current location and names it (llvm's createTempSymbol + emitLabel),
  // the same one when the statement's expression is read again; unset, `.` is an ordinary name.
  std::function<std::string_view(uint32_t col)> locationLabel;
  // A forward numeric label reference (`1f`) read at column `col`, to the temporary `name`:
  // llvm reports those still undefined at the end.
  std::function<void(std::string_view name, uint32_t col)> forwardLocalReference;
  // A new temporary label name (llvm's .Ltmp<N>, one counter for the whole assembly).
  std::string_view newTemporary() { return intern(".Ltmp" + std::to_string(temporaries_++)); }
  // GNU numeric local labels: `N:` defines the next instance of N, `Nb` names the last one,
  // `Nf` the next one (empty: `Nb` before any `N:`). As in llvm, N is taken modulo 2^32 (`1:`
  // and `4294967297:` define the same label).
  std::string_view defineLocalLabel(uint32_t n) {
    LocalLabel &l = localLabels_[n];
    l.current = l.next.empty() ? newTemporary() : l.next;
    l.next = {};
    return l.current;
  }
  std::string_view localLabel(uint32_t n, bool forward) {
    LocalLabel &l = localLabels_[n];
    if (forward && l.next.empty()) l.next = newTemporary();
    return forward ? l.next : l.current;
  }
  const ExprPool &pool() const { return pool_; }
  // The processor AMDGPU's expression functions are evaluated for while parsing (extrasgprs,
  // totalnumvgprs): set by the assembler (as::targetInfoFor).
  TargetInfo &targetInfo() { return targetInfo_; }
  const TargetInfo &targetInfo() const { return targetInfo_; }
  // Every symbol, in no particular order (the object writer sorts by Symbol::order).
  template <class F> void forEach(F &&f) {
    for (auto &[name, sym] : map_) f(name, sym);
  }
  // The name a symbol is kept under (stable for the table's life).
  std::string_view nameOf(std::string_view name) const;
  // Room for about `n` symbols (rehashing a large table is slow).
  void reserve(size_t n) { map_.reserve(n); }

private:
  // Transparent hashing: lookups by string_view do not build a std::string.
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  // Names and map nodes live in one arena: symbols are never removed, and a large file has
  // hundreds of thousands of them, which freeing one by one took several percent of the run.
  std::unique_ptr<std::pmr::monotonic_buffer_resource> arena_ =
      std::make_unique<std::pmr::monotonic_buffer_resource>();
  std::pmr::unordered_map<std::string_view, Symbol, Hash, std::equal_to<>> map_{arena_.get()};
  std::string_view keep(std::string_view name); // the name, copied into the arena
  std::deque<std::string> interned_;
  ExprPool pool_;
  TargetInfo targetInfo_;
  uint32_t temporaries_ = 0;
  struct LocalLabel {
    std::string_view current, next;
  };
  std::unordered_map<uint32_t, LocalLabel> localLabels_;
};

struct ExprResult {
  enum class Kind : uint8_t { Error, Absolute, Relocatable } kind = Kind::Error;
  int64_t value = 0; // Absolute: the value
  // Relocatable (it names a label or a symbol not defined yet, or cannot be evaluated now): the
  // expression as llvm prints it, kept by the symbol table; whether it is one symbol reference
  // (a branch target) and whether llvm gives a literal holding it a pc-relative fixup.
  std::string_view text;
  ExprId expr = kNoExpr; // Relocatable: its tree in the symbol table's pool
  bool symbolRef = false;
  bool pcRel = false;
  uint32_t errCol = 0;
  const char *error = ""; // a fixed message: expressions are parsed per operand, often
  bool ok() const { return kind != Kind::Error; }
};

// Token cursor shared by the expression and operand parsers.
struct Cursor {
  std::span<const Token> toks;
  size_t pos = 0;
  const Token &peek(size_t ahead = 0) const {
    size_t i = pos + ahead;
    return i < toks.size() ? toks[i] : toks.back();
  }
  const Token &next() { return toks[pos < toks.size() - 1 ? pos++ : pos]; }
  bool is(Tok k) const { return peek().kind == k; }
  bool accept(Tok k) {
    if (!is(k)) return false;
    next();
    return true;
  }
  bool atEnd() const { return is(Tok::Eol); }
  // How many tokens at the cursor make one name where llvm's parseIdentifier reads one: 2 for an
  // '@' right before an identifier or an integer (`@foo`, `@1`), else 1.
  // (in line: every statement asks, and out of line the call cost more than the question)
  [[gnu::always_inline]] size_t nameWidth() const {
    const Token &t = peek();
    if (t.kind != Tok::Error || t.text.size() != 1 || t.text[0] != '@') [[likely]]
      return 1;
    const Token &n = peek(1);
    return (n.kind == Tok::Identifier || n.kind == Tok::Integer) && n.col == t.col + 1 ? 2 : 1;
  }
  // That name as one token (`@foo` an identifier).
  [[gnu::always_inline]] Token peekName() const {
    if (nameWidth() == 1) return peek();
    const Token &n = peek(1);
    return Token(Tok::Identifier, peek().col,
                 std::string_view(peek().text.data(), n.text.size() + 1));
  }
  void skipName() { pos = std::min(pos + nameWidth(), toks.size() - 1); }
};

namespace expr_detail {
using as::BinOp;

constexpr int precedence(Tok k, BinOp &op) {
  switch (k) {
  case Tok::PipePipe: op = BinOp::LOr; return 1;
  case Tok::AmpAmp: op = BinOp::LAnd; return 2;
  case Tok::EqualEqual: op = BinOp::Eq; return 3;
  case Tok::ExclaimEqual:
  case Tok::LessGreater: op = BinOp::Ne; return 3;
  case Tok::Less: op = BinOp::Lt; return 3;
  case Tok::LessEq: op = BinOp::Le; return 3;
  case Tok::Greater: op = BinOp::Gt; return 3;
  case Tok::GreaterEq: op = BinOp::Ge; return 3;
  case Tok::Plus: op = BinOp::Add; return 4;
  case Tok::Minus: op = BinOp::Sub; return 4;
  case Tok::Pipe: op = BinOp::Or; return 5;
  case Tok::Exclaim: op = BinOp::OrNot; return 5;
  case Tok::Amp: op = BinOp::And; return 5;
  case Tok::Caret: op = BinOp::Xor; return 5;
  case Tok::Star: op = BinOp::Mul; return 6;
  case Tok::Slash: op = BinOp::Div; return 6;
  case Tok::Percent: op = BinOp::Mod; return 6;
  case Tok::LessLess: op = BinOp::Shl; return 6;
  case Tok::GreaterGreater: op = BinOp::Shr; return 6;
  default: op = BinOp::None; return 0;
  }
}

} // namespace expr_detail

// Where llvm locates the expression `toks` holds (MCExpr::getLoc: where the errors of a fixup
// made from it point): a binary expression at the first operator after its first operand (the
// StartLoc of llvm's parseBinOpRHS), a parenthesized one where what it holds is, anything else
// at its first token. A column, as Token::col.
uint32_t expressionLocation(std::span<const Token> toks);

// parseExpr's evaluator, for what is not one integer.
ExprResult parseExprTree(Cursor &c, SymbolTable &syms, bool relocatable, bool primary);

// Parses and evaluates an expression at the cursor, like llvm's AsmParser::parseExpression.
// With `relocatable`, an expression llvm cannot evaluate when it reads it (a label, a name not
// defined yet, a division by zero) is a Relocatable result; otherwise it is an error. With
// `primary`, only a primary expression with its unary operators is read (llvm's reading of a
// value between |bars|).
// `b` or `f` after an integer: llvm's parser reads the two as a local label reference (`1 b`).
inline bool isLocalLabelDirection(const Token &t) {
  return t.kind == Tok::Identifier && (t.text == "b" || t.text == "f");
}

inline ExprResult parseExpr(Cursor &c, SymbolTable &syms, bool relocatable = false,
                            bool primary = false) {
  // Most expressions are one integer (register indices, offsets, lane selects): read inline,
  // without the evaluator.
  if (c.is(Tok::Integer) && !c.peek().overflow) {
    expr_detail::BinOp op;
    // (an Error token after it may be `@specifier`, and `b` or `f` make a local label
    // reference: for the evaluator)
    const Token &after = c.peek(1);
    if (primary || (expr_detail::precedence(after.kind, op) == 0 && after.kind != Tok::Error &&
                    !isLocalLabelDirection(after))) {
      ExprResult r;
      r.kind = ExprResult::Kind::Absolute;
      r.value = c.next().ival;
      return r;
    }
  }
  return parseExprTree(c, syms, relocatable, primary);
}

// True if the token can start an expression.
bool startsExpr(const Token &t);
// The same where llvm's own parser of an operand reads an absolute expression (a modifier's value,
// an entry of its list, an argument of sendmsg/hwreg/swizzle/..., s_waitcnt's number), which also
// takes a bracket expression: [4] is 4. (Where its generic operand parser reads, `[` starts a
// register list instead.)
inline bool startsValueExpr(const Token &t) {
  return t.kind == Tok::LBrac || startsExpr(t);
}
// A GNU local label reference (1b, 2f): the lexer's Error token of digits and b or f.
bool isLocalLabelRef(const Token &t);

} // namespace gfxasm::as
