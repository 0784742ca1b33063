// Expression evaluator with llvm-mc's GNU-mode operators and precedence:
//   || (1)  && (2)  == != <> < <= > >= (3)  + - (4)  | & ^ (5)  * / % << >> (6)
// Comparisons yield -1 for true, && and || yield 1; >> is a logical shift.
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

#include "asm/lexer.h"

namespace gfxasm::as {

struct Symbol {
  enum class Kind : uint8_t { Undefined, Value, Label } kind = Kind::Undefined;
  int64_t value = 0; // Value: the value; Label: byte offset in .text
  bool referenced = false;
  bool constant = false; // predefined by llvm-mc's AMDGPU assembler: not to be redefined
};

class SymbolTable {
public:
  SymbolTable(); // with llvm-mc's predefined constants (UC_VERSION_*)
  Symbol *find(std::string_view name);
  Symbol &get(std::string_view name); // creates an Undefined entry on first use
  // Keeps `text` for the rest of the assembly (expression text an operand prints, e.g. foo+4).
  std::string_view intern(std::string text) { return interned_.emplace_back(std::move(text)); }

private:
  // Transparent hashing: lookups by string_view do not build a std::string.
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, Symbol, Hash, std::equal_to<>> map_;
  std::deque<std::string> interned_;
};

struct ExprResult {
  enum class Kind : uint8_t { Error, Absolute, Relocatable } kind = Kind::Error;
  int64_t value = 0; // Absolute: the value
  // Relocatable (it names a label or a symbol not defined yet, or cannot be evaluated now): the
  // expression as llvm prints it, kept by the symbol table; whether it is one symbol reference
  // (a branch target) and whether llvm gives a literal holding it a pc-relative fixup.
  std::string_view text;
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
};

// Parses and evaluates an expression at the cursor, like llvm's AsmParser::parseExpression.
// With `relocatable`, an expression llvm cannot evaluate when it reads it (a label, a name not
// defined yet, a division by zero) is a Relocatable result; otherwise it is an error. With
// `primary`, only a primary expression with its unary operators is read (llvm's reading of a
// value between |bars|).
ExprResult parseExpr(Cursor &c, SymbolTable &syms, bool relocatable = false, bool primary = false);

// True if the token can start an expression.
bool startsExpr(const Token &t);

} // namespace gfxasm::as
