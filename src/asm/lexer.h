// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Lexer: splits one statement of assembly into tokens, as llvm-mc's AsmLexer does for AMDGPU.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace gfxasm::as {

enum class Tok : uint8_t {
  Eol,        // end of statement
  Identifier, // names, registers, mnemonics: [A-Za-z_.$][A-Za-z0-9_.$@]*
  Integer,    // value in Token::ival (wrapped to 64 bits, like llvm's APInt truncation)
  Real,       // floating literal, value in Token::fval
  String,     // "..." (text without the quotes)
  Comma,
  Colon,
  ColonColon,
  LBrac,
  RBrac,
  LParen,
  RParen,
  LCurly,
  RCurly,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Tilde,
  Exclaim,
  Amp,
  AmpAmp,
  Pipe,
  PipePipe,
  Caret,
  Less,
  LessEq,
  LessLess,
  LessGreater,
  Greater,
  GreaterEq,
  GreaterGreater,
  Equal,
  EqualEqual,
  ExclaimEqual,
  Hash,
  Error, // unlexable text; Token::text holds it
};

// Numbers llvm's lexer rejects with a message of its own (an Error token's `lexError`): the
// message is printed where the generic parser reads the token (a directive's expression); an
// instruction's operand parser reports "failed parsing operand." there instead.
enum class LexError : uint8_t {
  None,
  FloatSign,          // 1.5+1: a sign right after a float's fraction
  HexFloatNoDigits,   // 0xp1, 0x.p1
  HexFloatNoP,        // 0x1.8
  HexFloatNoExpDigit, // 0x1p, 0x1p+
  BadBinary,          // 0b2
  BadHex,             // 0x, 0xg
  BadOctal,           // 08, 09.5
};
const char *lexErrorMessage(LexError e);

struct Token {
  Tok kind = Tok::Eol;
  bool overflow = false; // integer literal did not fit in 64 bits
  // A block comment follows (before the next token): llvm's parser does not see the two as one
  // construct there (`offset /* */ :8`, `s /* */ [0:1]`), its lookahead stopping at the comment.
  bool commentAfter = false;
  LexError lexError = LexError::None; // an Error token llvm's lexer has a message for
  uint32_t col = 0;                   // 0-based column in the line
  std::string_view text;
  union {
    int64_t ival = 0; // Integer
    double fval;      // Real
  };
  Token() = default;
  Token(Tok k, uint32_t c, std::string_view t) : kind(k), col(c), text(t) {}
};
static_assert(sizeof(Token) == 32, "tokens are copied per line: keep them small");

// Lexes `line` (one source line without its newline) into tokens; the last token is Eol at the
// first comment or the end. Returns false with `errCol`/`errMsg` set on an unterminated comment
// or string; block comments spanning lines are handled by the caller via `inBlockComment`.
struct LexResult {
  bool ok = true;
  uint32_t errCol = 0;
  const char *errMsg = nullptr;
  bool hasColonColon = false; // a `::` token (VOPD pairs): the assembler looks for it only then
};
LexResult lexLine(std::string_view line, std::vector<Token> &out, bool &inBlockComment);
// The same into `out`, which has room for line.size() + 1 tokens (a line has at most one token
// per character, and Eol): no per-token capacity checks. `count` is set to the number written.
LexResult lexLine(std::string_view line, Token *out, size_t &count, bool &inBlockComment);

// The same into `room`, grown as needed (a token per character for lines up to 64 KiB, as many
// as a longer line has beyond: memory follows the tokens, not the line's length). Returns the
// number of tokens written; `room` keeps its size for the next line.
size_t lexLine(std::string_view line, std::vector<Token> &room, LexResult &res,
               bool &inBlockComment);

// The value of a floating literal's text (decimal, or hexadecimal after 0x) as llvm's APFloat
// reads it into a double: rounded to nearest even, +infinity beyond the largest double, 0 below
// the smallest denormal; an exponent without digits ("1e", "1e+") counts as none.
double realLiteralValue(std::string_view text);

// How llvm's lexer, reading line after line without a parser (the bodies of .macro/.rept and
// the .amdgpu_metadata block), carries a statement over a line break: a `"` string runs to its
// closing quote, and a `'` takes the two characters after it (three after a backslash) whatever
// they are, the line break too, which makes the next line part of the same statement.
struct LineJoin {
  bool inString = false; // in a string that started on an earlier line
  bool inBlockComment = false;
  bool continues = false; // this line continues the statement of the line before
  size_t skip = 0;        // characters of this line a character constant took
};
// Scans `line` with the state the line before left; returns where a comment starts (the line's
// size when none), and leaves in `join` the state for the next line.
size_t scanLineJoin(std::string_view line, LineJoin &join);

bool isIdentStart(char c);
bool isIdentChar(char c);

// Whether `t` names a symbol where llvm's parseIdentifier reads one: an identifier, or a quoted
// name ("foo bar").
inline bool namesSymbol(const Token &t) {
  return t.kind == Tok::Identifier || t.kind == Tok::String;
}

// Whether the statement at `eol` ends with its line rather than a comment. llvm prints a blank
// line after a directive that leaves the line's end to the next statement (an empty statement)
// only when that end is a newline token, not a comment.
inline bool endsWithPlainNewline(const Token &eol, std::string_view line) {
  return eol.kind == Tok::Eol && line.find_first_not_of(" \t\r", eol.col) == std::string_view::npos;
}

} // namespace gfxasm::as
