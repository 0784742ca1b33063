// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// llvm-mc's macro and conditional language (AsmParser's .macro, .rept, .if, .include, ...), as a
// stage that hands the assembler its statement lines. The rules, messages and locations are
// llvm-mc-22's (tests/macro_test.cpp compares them); comments name llvm's behaviour where it is
// surprising.
#include "asm/preprocessor.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace gfxasm::as {

namespace {

// llvm's default -asm-macro-max-nesting-depth.
constexpr unsigned kMaxMacroDepth = 20;
// llvm has no limit on nested includes (a file that includes itself runs until memory is
// exhausted); gfxasm stops at this depth with an error.
constexpr unsigned kMaxIncludeDepth = 200;

char lowerChar(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// The directives of this stage, lower case (llvm looks directive names up in lower case).
bool isConditionalName(std::string_view w) {
  static constexpr std::string_view kNames[] = {
      ".if",     ".ifeq",     ".ifne", ".iflt",   ".ifle",  ".ifgt",  ".ifge",
      ".ifb",    ".ifnb",     ".ifc",  ".ifnc",   ".ifeqs", ".ifnes", ".ifdef",
      ".ifndef", ".ifnotdef", ".else", ".elseif", ".endif"};
  for (std::string_view n : kNames)
    if (n == w) return true;
  return false;
}
bool isOtherDirectiveName(std::string_view w) {
  static constexpr std::string_view kNames[] = {
      ".macro", ".endm", ".endmacro", ".exitm",     ".purgem",     ".rept",     ".rep",
      ".irp",   ".irpc", ".endr",     ".include",   ".err",        ".error",    ".warning",
      ".print", ".end",  ".abort",    ".macros_on", ".macros_off", ".altmacro", ".noaltmacro"};
  for (std::string_view n : kNames)
    if (n == w) return true;
  return false;
}

// A word lowered into `buf` (directive names are short: longer words are none of ours).
std::string_view lowered(std::string_view w, char (&buf)[16]) {
  if (w.size() > sizeof buf) return {};
  for (size_t i = 0; i < w.size(); ++i) buf[i] = lowerChar(w[i]);
  return std::string_view(buf, w.size());
}

// llvm's expandMacro reads parameter names with this class (no '@').
bool isMacroNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '.';
}

std::string_view trimmed(std::string_view s) {
  const char *ws = " \t\n\v\f\r";
  size_t b = s.find_first_not_of(ws);
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(ws);
  return s.substr(b, e - b + 1);
}

} // namespace

namespace detail {

// The tokens of macro arguments as llvm's lexer gives them with spaces kept: what an argument
// holds, where spaces separate arguments and which tokens are operators (a space before an
// operator does not end an argument).
enum class RawKind : uint8_t {
  Eos,
  Space,
  Identifier,
  Integer,
  String,
  Comma,
  Colon,
  Equal,
  LParen,
  RParen,
  Operator,
  Other
};
struct RawToken {
  RawKind kind = RawKind::Eos;
  uint32_t begin = 0, end = 0;
};

class RawLexer {
public:
  RawLexer(std::string_view line, size_t pos) : s_(line), pos_(pos) {}
  const RawToken &cur() const { return cur_; }
  std::string_view text(const RawToken &t) const { return s_.substr(t.begin, t.end - t.begin); }
  // The next token; spaces are skipped unless `keepSpace`.
  const RawToken &lex(bool keepSpace = false) {
    if (!keepSpace) skipSpace();
    cur_.begin = static_cast<uint32_t>(pos_);
    cur_.kind = scan();
    cur_.end = static_cast<uint32_t>(pos_);
    return cur_;
  }
  // Continues at `pos` (llvm's jumpToLoc) with the token there, spaces skipped.
  const RawToken &seek(size_t pos) {
    pos_ = pos;
    return lex();
  }
  // The token after the current one, spaces skipped (llvm's peekTok).
  RawToken peek() {
    RawLexer copy = *this;
    return copy.lex();
  }

private:
  void skipSpace() {
    for (;;) {
      while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t')) ++pos_;
      if (!blockComment()) return;
    }
  }
  // A /* */ comment closed on this line is skipped like a space (an open one ends the line).
  bool blockComment() {
    if (s_.compare(pos_, 2, "/*") != 0) return false;
    size_t close = s_.find("*/", pos_ + 2);
    if (close == std::string_view::npos) return false;
    pos_ = close + 2;
    return true;
  }
  RawKind scan() {
    if (pos_ >= s_.size()) return RawKind::Eos;
    const char c = s_[pos_], d = pos_ + 1 < s_.size() ? s_[pos_ + 1] : '\0';
    if (c == ' ' || c == '\t' || (c == '/' && d == '*' && blockComment())) {
      while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || blockComment()))
        if (s_[pos_] == ' ' || s_[pos_] == '\t') ++pos_;
      return RawKind::Space;
    }
    if (c == ';' || (c == '/' && (d == '/' || d == '*'))) return RawKind::Eos;
    if (c == '"') {
      ++pos_;
      while (pos_ < s_.size() && s_[pos_] != '"') pos_ += s_[pos_] == '\\' ? 2 : 1;
      pos_ = std::min(pos_ + 1, s_.size());
      return RawKind::String;
    }
    if (c >= '0' && c <= '9') {
      while (pos_ < s_.size() && (isIdentChar(s_[pos_]) && s_[pos_] != '@')) ++pos_;
      return RawKind::Integer;
    }
    if (c == '.' && !(d && isIdentChar(d))) {
      ++pos_;
      return RawKind::Operator; // a lone '.'
    }
    if (isIdentStart(c)) {
      ++pos_;
      while (pos_ < s_.size() && isIdentChar(s_[pos_])) ++pos_;
      return RawKind::Identifier;
    }
    ++pos_;
    switch (c) {
    case ',': return RawKind::Comma;
    case ':': return RawKind::Colon;
    case '(': return RawKind::LParen;
    case ')': return RawKind::RParen;
    case '=':
      if (d == '=') {
        ++pos_;
        return RawKind::Operator;
      }
      return RawKind::Equal;
    case '+':
    case '-':
    case '~':
    case '/':
    case '*':
    case '^': return RawKind::Operator;
    case '|':
    case '&':
      if (d == c) ++pos_;
      return RawKind::Operator;
    case '!':
      if (d == '=') ++pos_;
      return RawKind::Operator;
    case '<':
      if (d == '<' || d == '=' || d == '>') ++pos_;
      return RawKind::Operator;
    case '>':
      if (d == '>' || d == '=') ++pos_;
      return RawKind::Operator;
    default: return RawKind::Other;
    }
  }

  std::string_view s_;
  size_t pos_;
  RawToken cur_;
};

} // namespace detail

using detail::RawKind;
using detail::RawLexer;
using detail::RawToken;

// An argument token as llvm keeps it: its spelling and kind. A String is substituted without its
// quotes (llvm's getStringContents); a vararg's text is a String substituted as written. Under
// .altmacro, a String spelled `<...>` is substituted without its brackets and `!` escapes, and a
// Value (`%expr`, spelled with its '%') as its decimal value.
struct Preprocessor::ArgToken {
  enum Kind : uint8_t { Plain, String, Value };
  std::string text;
  Kind kind = Plain;
  int64_t value = 0;
  std::string_view contents() const {
    return text.size() >= 2 ? std::string_view(text).substr(1, text.size() - 2)
                            : std::string_view();
  }
};

struct Preprocessor::Macro {
  struct Parameter {
    std::string name;
    Argument value; // the default
    bool required = false, vararg = false;
  };
  std::string name;
  std::vector<Parameter> parameters;
  std::string body;
  unsigned count = 0; // expansions so far (\+)
};

Preprocessor::Preprocessor(std::string_view source, const AssembleOptions &opts,
                           PreprocessorHost &host, TextResult &result, std::string &printed,
                           bool &inBlockComment)
    : opts_(opts), host_(host), result_(result), printed_(printed),
      inBlockComment_(inBlockComment) {
  auto main = std::make_unique<Buffer>();
  main->text = source;
  main->name = opts.fileName;
  // (a carriage return that is not before a newline ends a statement: such text takes the slow
  // path, which splits lines there)
  main->carriageReturns = 1;
  for (size_t cr = source.find('\r'); cr != std::string_view::npos; cr = source.find('\r', cr + 1))
    if (cr + 1 < source.size() && source[cr + 1] != '\n') {
      main->carriageReturns = 2;
      break;
    }
  main_ = main.get();
  main->sourceId = 0;
  sourceNames_.push_back(main->name);
  buffers_.push_back(std::move(main));
}

Preprocessor::~Preprocessor() = default;

void Preprocessor::retire() {
  retired_.push_back(std::move(buffers_.back()));
  buffers_.pop_back();
}

bool Preprocessor::readLine() {
  while (!stopped_ && !buffers_.empty()) {
    Buffer &b = *buffers_.back();
    const std::string_view text = b.text;
    size_t &pos = b.pos;
    if (pos >= text.size()) {
      // llvm's lexer reads an instantiation to its end only after an unterminated definition
      // swallowed its closing line: it stops there, as at the end of the main file.
      if (b.kind == Buffer::Kind::Instantiation || buffers_.size() == 1) {
        stopped_ = true;
        return false;
      }
      const bool blank = b.blankOnReturn;
      retire();
      if (blank) {
        cur_ = {std::string_view(), std::string_view(), buffers_.back()->lineNo};
        return true;
      }
      continue;
    }
    size_t nl = findNewline(text, pos);
    std::string_view line =
        text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    const size_t start = pos;
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    if (!b.afterCarriageReturn) ++b.lineNo;
    b.afterCarriageReturn = false;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // A bare carriage return ends a statement, as in llvm's lexer; the rest of the line is read
    // next, on the same line number (searched for only in a text that has one).
    if (!b.carriageReturns) b.carriageReturns = b.text.find('\r') == std::string_view::npos ? 1 : 2;
    if (b.carriageReturns == 2) {
      if (size_t cr = line.find('\r'); cr != std::string_view::npos) {
        line = line.substr(0, cr);
        b.pos = start + cr + 1;
        b.afterCarriageReturn = true;
      }
    }
    cur_ = {line, line, b.lineNo};
    return true;
  }
  return false;
}

bool Preprocessor::nextSlow(SourceLine &out) {
  bool yield = false;
  for (;;) {
    if (pendingCol_) {
      if ((yield = handleLine(out))) break;
      continue;
    }
    // llvm skips the rest of a statement with an error by lexing past its end, which at the end
    // of an included file reads the .include line's end in the parent (no blank line then); a
    // parent that ends there too ends the assembly (its end is lexed without leaving it).
    if (buffers_.size() > 1 && result_.errorCount > errorsAtLine_) {
      const Buffer &b = *buffers_.back();
      if (b.kind == Buffer::Kind::File && b.pos >= b.text.size()) {
        retire();
        const Buffer &parent = *buffers_.back();
        if (parent.pos >= parent.text.size()) stopped_ = true;
      }
    }
    errorsAtLine_ = result_.errorCount;
    if (!readLine()) {
      finish();
      break;
    }
    if (cond_.ignore) {
      skippedLine();
      continue;
    }
    if (!inBlockComment_ && !mayBeMine(cur_.text)) {
      out = cur_;
      yield = true;
      break;
    }
    if ((yield = handleLine(out))) break;
  }
  updateSimple();
  return yield;
}

// The line next() read is ours (or may be): handled, then on to the next line.
bool Preprocessor::ours(SourceLine &out) {
  const bool yield = handleLine(out);
  updateSimple();
  return yield || nextSlow(out);
}

bool Preprocessor::isOurDirective(std::string_view word) {
  // Every line starting with '.' is asked: the names' lengths and second letters reject the
  // assembler's directives (.set, .section, .amdhsa_*, .p2align, ...) before any comparison.
  if (word.size() < 3 || word.size() > kLongestDirective) return false;
  switch (lowerChar(word[1])) {
  case 'a':
  case 'e':
  case 'i':
  case 'm':
  case 'n':
  case 'p':
  case 'r':
  case 'w': break;
  default: return false;
  }
  char buf[16];
  const std::string_view lower = lowered(word, buf);
  return isConditionalName(lower) || isOtherDirectiveName(lower);
}

bool Preprocessor::handleLine(SourceLine &out) {
  const std::string_view text = cur_.text;
  bool comment = inBlockComment_;
  LexResult lr = lexLine(text, toks_, comment);
  const bool resumed = pendingCol_ != 0;
  size_t at = 0;
  if (resumed)
    while (toks_[at].kind != Tok::Eol && toks_[at].col < pendingCol_) ++at;
  else
    while (toks_[at].kind == Tok::Identifier && toks_[at + 1].kind == Tok::Colon) at += 2;
  pendingCol_ = 0;
  const Token &first = toks_[at];
  char buf[16];
  std::string_view lower =
      first.kind == Tok::Identifier ? lowered(first.text, buf) : std::string_view();
  const bool conditional = isConditionalName(lower);
  Macro *macro = nullptr;
  // (.macros_off: names of macros are instructions again, until .macros_on)
  if (first.kind == Tok::Identifier && toks_[at + 1].kind != Tok::Equal && !conditional &&
      macrosEnabled_) {
    auto it = macros_.find(first.text);
    if (it != macros_.end()) macro = it->second.get();
  }
  if (!conditional && !macro && !isOtherDirectiveName(lower)) {
    out = cur_;
    if (resumed) out.text = text.substr(first.col); // (not reached: the labels told it was ours)
    return true;
  }
  if (at > 0 && !resumed) {
    // The labels are a statement of their own for the assembler; the rest is ours.
    out = cur_;
    out.text = text.substr(0, first.col);
    pendingCol_ = first.col;
    return true;
  }
  inBlockComment_ = comment;
  if (!lr.ok) {
    error(lr.errCol, lr.errMsg);
    return false;
  }
  if (conditional) {
    if (!this->conditional(lower, at)) return false;
    out = {std::string_view(), std::string_view(), cur_.number};
    return true;
  }
  if (macro) {
    callMacro(*macro, at);
    return false;
  }
  return directive(lower, at, out);
}

// A line of a region a false conditional skips: only conditionals that start it count (llvm
// does not look past labels there), but it is lexed, for the comments that span lines.
void Preprocessor::skippedLine() {
  const std::string_view text = cur_.text;
  lexLine(text, toks_, inBlockComment_);
  if (toks_[0].kind != Tok::Identifier) return;
  char buf[16];
  std::string_view lower = lowered(toks_[0].text, buf);
  if (isConditionalName(lower)) conditional(lower, 0);
}

bool Preprocessor::expectEndOfLine(size_t pos) {
  if (toks_[pos].kind == Tok::Eol) return true;
  error(toks_[pos].col, "expected newline");
  return false;
}

bool Preprocessor::conditional(std::string_view lower, size_t at) {
  const Token &dir = toks_[at];
  const Token &arg = toks_[at + 1];
  auto push = [&] {
    condStack_.push_back(cond_);
    cond_.kind = Cond::If;
  };
  auto decide = [&](bool met) {
    cond_.met = met;
    cond_.ignore = !met;
  };
  if (lower == ".if" || lower == ".ifeq" || lower == ".ifne" || lower == ".iflt" ||
      lower == ".ifle" || lower == ".ifgt" || lower == ".ifge") {
    push();
    if (cond_.ignore) return false;
    Cursor c{toks_, at + 1};
    ExprResult r = host_.evaluate(c);
    if (!r.ok()) {
      error(r.errCol, r.error);
      return false;
    }
    if (r.kind != ExprResult::Kind::Absolute) {
      error(arg.col, "expected absolute expression");
      return false;
    }
    if (!expectEndOfLine(c.pos)) return false;
    const int64_t v = r.value;
    decide(lower == ".ifeq"   ? v == 0
           : lower == ".iflt" ? v < 0
           : lower == ".ifle" ? v <= 0
           : lower == ".ifgt" ? v > 0
           : lower == ".ifge" ? v >= 0
                              : v != 0);
    return false;
  }
  if (lower == ".ifb" || lower == ".ifnb") {
    push();
    if (cond_.ignore) return false;
    decide((lower == ".ifb") == (arg.kind == Tok::Eol));
    return false;
  }
  if (lower == ".ifc" || lower == ".ifnc") {
    push();
    if (cond_.ignore) return false;
    size_t comma = at + 1;
    while (toks_[comma].kind != Tok::Eol && toks_[comma].kind != Tok::Comma) ++comma;
    if (toks_[comma].kind != Tok::Comma) {
      error(toks_[comma].col, "expected comma");
      return false;
    }
    size_t eol = comma + 1;
    while (toks_[eol].kind != Tok::Eol) ++eol;
    const std::string_view text = cur_.text;
    std::string_view s1 = text.substr(arg.col, toks_[comma].col - arg.col);
    const uint32_t s2at = toks_[comma + 1].col;
    std::string_view s2 = text.substr(s2at, toks_[eol].col - std::min(s2at, toks_[eol].col));
    decide((lower == ".ifc") == (trimmed(s1) == trimmed(s2)));
    return false;
  }
  if (lower == ".ifeqs" || lower == ".ifnes") {
    push();
    if (cond_.ignore) return false;
    const std::string which = lower == ".ifeqs" ? "'.ifeqs'" : "'.ifnes'";
    if (arg.kind != Tok::String) {
      error(arg.col, "expected string parameter for " + which + " directive");
      return false;
    }
    if (toks_[at + 2].kind != Tok::Comma) {
      error(toks_[at + 2].col, "expected comma after first string for " + which + " directive");
      return false;
    }
    if (toks_[at + 3].kind != Tok::String) {
      error(toks_[at + 3].col, "expected string parameter for " + which + " directive");
      return false;
    }
    decide((lower == ".ifeqs") == (arg.text == toks_[at + 3].text));
    // llvm leaves the line's end for the next statement: an empty one, a blank line unless a
    // comment ends the line.
    return toks_[at + 4].kind == Tok::Eol && toks_[at + 4].col == cur_.text.size();
  }
  if (lower == ".ifdef" || lower == ".ifndef" || lower == ".ifnotdef") {
    push();
    if (cond_.ignore) return false;
    if (arg.kind != Tok::Identifier && arg.kind != Tok::String) {
      error(arg.col, "expected identifier after '.ifdef'");
      return false;
    }
    if (!expectEndOfLine(at + 2)) return false;
    decide((lower == ".ifdef") == host_.symbolDefined(arg.text));
    return false;
  }
  const bool lastIgnored = !condStack_.empty() && condStack_.back().ignore;
  if (lower == ".elseif") {
    if (cond_.kind != Cond::If && cond_.kind != Cond::ElseIf) {
      error(dir.col, "Encountered a .elseif that doesn't follow an .if or  an .elseif");
      return false;
    }
    cond_.kind = Cond::ElseIf;
    if (lastIgnored || cond_.met) {
      cond_.ignore = true;
      return false;
    }
    Cursor c{toks_, at + 1};
    ExprResult r = host_.evaluate(c);
    if (!r.ok()) {
      error(r.errCol, r.error);
      return false;
    }
    if (r.kind != ExprResult::Kind::Absolute) {
      error(arg.col, "expected absolute expression");
      return false;
    }
    if (!expectEndOfLine(c.pos)) return false;
    decide(r.value != 0);
    return false;
  }
  if (lower == ".else") {
    if (!expectEndOfLine(at + 1)) return false;
    if (cond_.kind != Cond::If && cond_.kind != Cond::ElseIf) {
      error(dir.col, "Encountered a .else that doesn't follow  an .if or an .elseif");
      return false;
    }
    cond_.kind = Cond::Else;
    cond_.ignore = lastIgnored || cond_.met;
    return false;
  }
  // .endif
  if (!expectEndOfLine(at + 1)) return false;
  if (cond_.kind == Cond::None || condStack_.empty()) {
    error(dir.col, "Encountered a .endif that doesn't follow an .if or .else");
    return false;
  }
  cond_ = condStack_.back();
  condStack_.pop_back();
  return false;
}

bool Preprocessor::directive(std::string_view lower, size_t at, SourceLine &out) {
  const Token &dir = toks_[at];
  const Token &arg = toks_[at + 1];
  const std::string name(dir.text);
  if (lower == ".macro") {
    if (defineMacro(at)) {
      out = {std::string_view(), std::string_view(), cur_.number};
      return true;
    }
  } else if (lower == ".endm" || lower == ".endmacro") {
    if (arg.kind != Tok::Eol)
      error(arg.col, "unexpected token in '" + name + "' directive");
    else if (activeInstantiations_)
      exitInstantiation();
    else
      error(arg.col, "unexpected '" + name + "' in file, no current macro definition");
  } else if (lower == ".exitm") {
    if (!expectEndOfLine(at + 1)) return false;
    if (!activeInstantiations_) {
      // llvm reports it at the token after the line's end: the next line's first.
      const Buffer &b = *buffers_.back();
      std::string_view rest = b.text.substr(b.pos);
      std::string_view nextLine = rest.substr(0, rest.find('\n'));
      if (!nextLine.empty() && nextLine.back() == '\r') nextLine.remove_suffix(1);
      uint32_t col = 0;
      if (b.pos < b.text.size()) {
        bool comment = inBlockComment_;
        std::vector<Token> t;
        lexLine(nextLine, t, comment);
        col = t[0].col;
      }
      report(Severity::Error, cur_.number + 1, col,
             "unexpected '" + name + "' in file, no current macro definition", nextLine);
      return false;
    }
    while (condStack_.size() > buffers_.back()->condDepth) {
      cond_ = condStack_.back();
      condStack_.pop_back();
    }
    exitInstantiation();
  } else if (lower == ".purgem") {
    if (arg.kind != Tok::Identifier && arg.kind != Tok::String) {
      error(arg.col, "expected identifier in '.purgem' directive");
      return false;
    }
    if (!expectEndOfLine(at + 2)) return false;
    auto it = macros_.find(arg.text);
    if (it == macros_.end()) {
      error(dir.col, fmt::format("macro '{}' is not defined", arg.text));
      return false;
    }
    macros_.erase(it);
  } else if (lower == ".rept" || lower == ".rep") {
    repeat(at, name);
  } else if (lower == ".irp" || lower == ".irpc") {
    iterate(at, lower == ".irpc");
  } else if (lower == ".endr") {
    if (!activeInstantiations_)
      error(arg.col, "unmatched '.endr' directive");
    else
      exitInstantiation();
  } else if (lower == ".include") {
    return include(at, out);
  } else if (lower == ".err" || lower == ".error" || lower == ".warning") {
    if (!condStack_.empty() && condStack_.back().ignore) return false;
    if (lower == ".err") {
      error(dir.col, ".err encountered");
      return false;
    }
    const bool isError = lower == ".error";
    std::string message = isError ? ".error directive invoked in source file"
                                  : ".warning directive invoked in source file";
    if (arg.kind != Tok::Eol) {
      if (arg.kind != Tok::String) {
        error(arg.col,
              isError ? ".error argument must be a string" : ".warning argument must be a string");
        return false;
      }
      message = std::string(arg.text);
      if (!isError && !expectEndOfLine(at + 2)) return false;
    }
    report(isError ? Severity::Error : Severity::Warning, cur_.number, dir.col, message, cur_.echo);
  } else if (lower == ".print") {
    if (arg.kind != Tok::String) {
      error(dir.col, "expected double quoted string after .print");
      return false;
    }
    if (!expectEndOfLine(at + 2)) return false;
    printed_.append(arg.text).push_back('\n');
  } else if (lower == ".end") {
    if (!expectEndOfLine(at + 1)) return false;
    stopped_ = true;
  } else if (lower == ".macros_on" || lower == ".macros_off") {
    if (!expectEndOfLine(at + 1)) return false;
    macrosEnabled_ = lower == ".macros_on";
  } else if (lower == ".altmacro" || lower == ".noaltmacro") {
    if (!expectEndOfLine(at + 1)) return false;
    altMacro_ = dir.text == ".altmacro"; // (llvm compares the name as written: .ALTMACRO is off)
  } else if (lower == ".abort") {
    if (!condStack_.empty() && condStack_.back().ignore) return false;
    // llvm quotes the statement's text after the name, up to a comment, spaces and all.
    size_t end = at + 1;
    while (toks_[end].kind != Tok::Eol) ++end;
    const std::string_view rest =
        arg.kind == Tok::Eol
            ? std::string_view()
            : cur_.text.substr(arg.col,
                               std::min<size_t>(toks_[end].col, cur_.text.size()) - arg.col);
    error(dir.col, rest.empty() ? ".abort detected. Assembly stopping"
                                : fmt::format(".abort '{}' detected. Assembly stopping", rest));
    // (and llvm goes on all the same)
  }
  return false;
}

Preprocessor::Location Preprocessor::here(uint32_t col0) const {
  const Buffer &b = *buffers_.back();
  return {b.name, cur_.number, col0, std::string(cur_.echo), b.includedFrom};
}

void Preprocessor::errorAtNextLine(std::string message) {
  const Buffer &b = *buffers_.back();
  if (b.pos >= b.text.size()) {
    const EndOfInput end = endOfInput(b.text);
    reportWithNotes(Severity::Error, end.line, end.col, std::move(message), end.lastLine, false,
                    false);
    return;
  }
  std::string_view line = b.text.substr(b.pos, b.text.find('\n', b.pos) - b.pos);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const size_t col = std::min(line.find_first_not_of(" \t"), line.size());
  reportWithNotes(Severity::Error, b.lineNo + 1, static_cast<uint32_t>(col), std::move(message),
                  line, false, false);
}

void Preprocessor::report(Severity severity, uint32_t lineNumber, uint32_t col0,
                          std::string message, std::string_view lineText, bool extra) {
  reportWithNotes(severity, lineNumber, col0, std::move(message), lineText, extra, true);
}

void Preprocessor::reportWithNotes(Severity severity, uint32_t lineNumber, uint32_t col0,
                                   std::string message, std::string_view lineText, bool extra,
                                   bool notes) {
  Diagnostic d;
  d.extra = extra;
  d.severity = severity;
  d.line = lineNumber;
  d.column = col0 + 1;
  d.message = std::move(message);
  d.lineText = std::string(lineText);
  if (severity == Severity::Error) ++result_.errorCount;
  const Buffer &top = *buffers_.back();
  d.file = top.name;
  d.includedFrom = top.includedFrom;
  result_.diagnostics.push_back(std::move(d));
  if (!activeInstantiations_ || extra || !notes) return;
  appendInstantiationNotes();
}

void Preprocessor::reportDeferred(bool entered) {
  if (!deferred_.set) return;
  deferred_.set = false;
  const Buffer &b = *buffers_.back();
  Diagnostic d;
  d.severity = Severity::Error;
  d.file = entered ? b.callSite.file : b.name;
  d.includedFrom = entered ? b.callSite.includedFrom : b.includedFrom;
  d.line = cur_.number;
  d.column = deferred_.col + 1;
  d.message = std::move(deferred_.message);
  d.lineText = std::string(cur_.echo);
  ++result_.errorCount;
  result_.diagnostics.push_back(std::move(d));
  if (activeInstantiations_) appendInstantiationNotes();
}

// (each note counts against the expansion budget as what it costs to keep: a macro that calls
// itself twice makes a million errors at the nesting limit, each with twenty notes, which took
// minutes and gigabytes before the budget stopped it)
void Preprocessor::appendInstantiationNotes() {
  for (size_t i = buffers_.size(); i-- > 0;) {
    const Buffer &b = *buffers_[i];
    if (b.kind != Buffer::Kind::Instantiation) continue;
    Diagnostic note;
    note.severity = Severity::Note;
    note.file = b.callSite.file;
    note.line = b.callSite.line;
    note.column = b.callSite.col0 + 1;
    note.message = "while in macro instantiation";
    note.lineText = b.callSite.text;
    note.includedFrom = b.callSite.includedFrom;
    expandedBytes_ += sizeof(Diagnostic) + note.file.size() + note.lineText.size();
    result_.diagnostics.push_back(std::move(note));
  }
}

// Reads the lines of a macro's or a .rept's body up to its .endm (.endr), nested definitions
// included, as llvm does: by the first token of each statement.
bool Preprocessor::captureBody(uint32_t directiveCol, bool macro, std::string &body,
                               bool &blankAfter) {
  const SourceLine start = cur_;
  Buffer &b = *buffers_.back();
  size_t bodyStart = std::string_view::npos;
  unsigned depth = 0;
  std::vector<Token> t;
  LineJoin join; // (a line a string or character constant carries on starts no statement)
  for (;;) {
    const size_t lineStart = b.pos;
    if (lineStart >= b.text.size()) {
      report(Severity::Error, start.number, directiveCol,
             macro ? "no matching '.endmacro' in definition" : "no matching '.endr' in definition",
             start.echo);
      stopped_ = true; // (llvm's lexer is at the buffer's end: it stops there)
      return false;
    }
    readLine();
    const bool statementStart = !join.continues && !join.inString;
    join.inBlockComment = inBlockComment_;
    scanLineJoin(cur_.text, join);
    lexLine(cur_.text, t, inBlockComment_);
    if (bodyStart == std::string_view::npos) bodyStart = lineStart + t[0].col;
    if (!statementStart || t[0].kind != Tok::Identifier) continue;
    const std::string_view w = t[0].text;
    const bool isEnd = macro ? w == ".endm" || w == ".endmacro" : w == ".endr";
    if (isEnd && depth == 0) {
      if (t[1].kind != Tok::Eol) {
        error(t[1].col, macro ? fmt::format("unexpected token in '{}' directive", w)
                              : std::string("expected newline"));
        return false;
      }
      body.assign(b.text.substr(bodyStart, lineStart + t[0].col - bodyStart));
      blankAfter = t[1].col == cur_.text.size();
      return true;
    }
    if (isEnd) --depth;
    if (macro ? w == ".macro" : w == ".rep" || w == ".rept" || w == ".irp" || w == ".irpc") ++depth;
  }
}

bool Preprocessor::defineMacro(size_t at) {
  const Token &dir = toks_[at];
  detail::RawLexer lx(cur_.text, dir.col + dir.text.size());
  auto identifier = [&](std::string &name) {
    const RawToken &t = lx.cur();
    if (t.kind == RawKind::Identifier)
      name = lx.text(t);
    else if (t.kind == RawKind::String)
      name = lx.text(t).substr(1, t.end - t.begin >= 2 ? t.end - t.begin - 2 : 0);
    else
      return false;
    lx.lex();
    return true;
  };
  auto m = std::make_unique<Macro>();
  lx.lex();
  if (!identifier(m->name)) {
    error(lx.cur().begin, "expected identifier in '.macro' directive");
    return false;
  }
  if (lx.cur().kind == RawKind::Comma) lx.lex();
  while (lx.cur().kind != RawKind::Eos) {
    if (!m->parameters.empty() && m->parameters.back().vararg) {
      error(lx.cur().begin, fmt::format("vararg parameter '{}' should be the last parameter",
                                        m->parameters.back().name));
      return false;
    }
    Macro::Parameter p;
    if (!identifier(p.name)) {
      error(lx.cur().begin, "expected identifier in '.macro' directive");
      return false;
    }
    for (const Macro::Parameter &q : m->parameters)
      if (q.name == p.name) {
        error(lx.cur().begin,
              fmt::format("macro '{}' has multiple parameters named '{}'", m->name, p.name));
        return false;
      }
    if (lx.cur().kind == RawKind::Colon) {
      lx.lex();
      const uint32_t qualAt = lx.cur().begin;
      std::string qualifier;
      if (!identifier(qualifier)) {
        error(qualAt,
              fmt::format("missing parameter qualifier for '{}' in macro '{}'", p.name, m->name));
        return false;
      }
      if (qualifier == "req")
        p.required = true;
      else if (qualifier == "vararg")
        p.vararg = true;
      else {
        error(qualAt, fmt::format("{} is not a valid parameter qualifier for '{}' in macro '{}'",
                                  qualifier, p.name, m->name));
        return false;
      }
    }
    if (lx.cur().kind == RawKind::Equal) {
      lx.lex();
      const uint32_t valueAt = lx.cur().begin;
      if (!parseArgument(lx, p.value, false)) return false; // (read like an argument)
      if (p.required)
        report(Severity::Warning, cur_.number, valueAt,
               fmt::format("pointless default value for required parameter '{}' in macro '{}'",
                           p.name, m->name),
               cur_.echo);
    }
    m->parameters.push_back(std::move(p));
    if (lx.cur().kind == RawKind::Comma) lx.lex();
  }
  const SourceLine line = cur_;
  bool blank = false;
  if (!captureBody(dir.col, true, m->body, blank)) return false;
  if (macros_.count(m->name)) {
    report(Severity::Error, line.number, dir.col,
           fmt::format("macro '{}' is already defined", m->name), line.echo);
    return false;
  }
  warnUnusedParameters(*m, line, dir.col);
  std::string key = m->name;
  macros_.emplace(std::move(key), std::move(m));
  // llvm leaves the .endm line's end for the next statement: an empty one, echoed as a blank
  // line unless a comment ends the line.
  return blank;
}

// llvm warns when a macro with named parameters uses none of them but has what looks like a
// positional one ($1, $n): gas once ignored named parameters.
void Preprocessor::warnUnusedParameters(const Macro &m, const SourceLine &line, uint32_t col) {
  if (m.parameters.empty()) return;
  bool named = false, positional = false;
  std::string_view body = m.body;
  while (!body.empty()) {
    size_t end = body.size(), pos = 0;
    for (; pos != end; ++pos) {
      if (body[pos] == '\\' && pos + 1 != end) break;
      if (body[pos] != '$' || pos + 1 == end) continue;
      const char next = body[pos + 1];
      if (next == '$' || next == 'n' || (next >= '0' && next <= '9')) break;
    }
    if (pos == end) break;
    if (body[pos] == '$') {
      if (body[pos + 1] != '$') positional = true;
      pos += 2;
    } else {
      size_t i = pos + 1;
      while (isMacroNameChar(body[i]) && i + 1 != end) ++i;
      std::string_view argument = body.substr(pos + 1, i - (pos + 1));
      bool found = false;
      for (const Macro::Parameter &p : m.parameters) found = found || p.name == argument;
      if (found) {
        named = true;
        pos += 1 + argument.size();
      } else if (body[pos + 1] == '(' && pos + 2 < end && body[pos + 2] == ')') {
        pos += 3;
      } else {
        pos = i;
      }
    }
    body = body.substr(pos);
  }
  if (!named && positional)
    report(Severity::Warning, line.number, col,
           "macro defined with named parameters which are not used in macro body, possible "
           "positional parameter found in body which will have no effect",
           line.echo);
}

// llvm's isOperator (its '=' included).
static bool isArgumentOperator(const RawToken &t) {
  return t.kind == RawKind::Operator || t.kind == RawKind::Equal;
}

// llvm's parseMacroArgument: tokens up to a comma or (outside parentheses) a space that is not
// next to an operator; a vararg takes the rest of the statement as it is written.
bool Preprocessor::parseArgument(RawLexer &lx, Argument &arg, bool vararg) {
  if (vararg) {
    if (lx.cur().kind != RawKind::Eos) {
      const uint32_t from = lx.cur().begin;
      while (lx.cur().kind != RawKind::Eos) lx.lex();
      arg.push_back({std::string(cur_.text.substr(from, lx.cur().begin - from)), ArgToken::String});
    }
    return true;
  }
  unsigned parens = 0;
  for (;;) {
    bool spaceEaten = false;
    if (lx.cur().kind == RawKind::Equal) {
      error(lx.cur().begin, "unexpected token in macro instantiation");
      return false;
    }
    if (parens == 0) {
      if (lx.cur().kind == RawKind::Comma) break;
      if (lx.cur().kind == RawKind::Space) {
        spaceEaten = true;
        lx.lex(true);
      }
      // A space before an operator does not end the argument: the operator and what follows
      // it belong to it (spaces after the operator are dropped).
      if (isArgumentOperator(lx.cur())) {
        arg.push_back({std::string(lx.text(lx.cur()))});
        lx.lex(true);
        if (lx.cur().kind == RawKind::Space) lx.lex(true);
        continue;
      }
      if (spaceEaten) break;
    }
    if (lx.cur().kind == RawKind::Eos) break;
    if (lx.cur().kind == RawKind::LParen)
      ++parens;
    else if (lx.cur().kind == RawKind::RParen && parens)
      --parens;
    arg.push_back({std::string(lx.text(lx.cur())),
                   lx.cur().kind == RawKind::String ? ArgToken::String : ArgToken::Plain});
    lx.lex(true);
  }
  if (parens != 0) {
    error(lx.cur().begin, "unbalanced parentheses in macro argument");
    return false;
  }
  return true;
}

// .altmacro's `<...>` string at `at` (its '<'): the position after its '>', or 0 when the line
// has none ('!' escapes the character after it).
static size_t angleString(std::string_view line, size_t at) {
  for (size_t i = at; i < line.size(); ++i) {
    if (line[i] == '>') return i + 1;
    if (line[i] == '!') ++i;
  }
  return 0;
}

// The string a `<...>` argument stands for: without its brackets and '!' escapes.
static void appendAngleString(std::string &out, std::string_view contents) {
  for (size_t i = 0; i < contents.size(); ++i) {
    if (contents[i] == '!' && i + 1 < contents.size()) ++i;
    out += contents[i];
  }
}

bool Preprocessor::altValue(RawLexer &lx, Argument &arg) {
  const uint32_t percentAt = lx.cur().begin;
  size_t first = 0;
  while (toks_[first].kind != Tok::Eol && toks_[first].col <= percentAt) ++first;
  Cursor c{toks_, first};
  const ExprResult r = host_.evaluate(c);
  if (!r.ok()) {
    deferred_ = {true, r.errCol, r.error};
    lx.seek(toks_[c.pos].col); // (where llvm's lexer then is)
    return true;
  }
  if (r.kind != ExprResult::Kind::Absolute) {
    error(percentAt, "expected absolute expression");
    return false;
  }
  const uint32_t end = toks_[c.pos].col;
  std::string_view spelling = cur_.text.substr(percentAt, end - percentAt);
  while (!spelling.empty() && (spelling.back() == ' ' || spelling.back() == '\t'))
    spelling.remove_suffix(1);
  arg.push_back({std::string(spelling), ArgToken::Value, r.value});
  lx.seek(end);
  return true;
}

// llvm's parseMacroArguments: positional and name=value arguments, then the defaults.
bool Preprocessor::parseArguments(const Macro *m, RawLexer &lx, std::vector<Argument> &args) {
  const size_t count = m ? m->parameters.size() : 0;
  args.assign(count, {});
  bool namedFound = false;
  const bool hasVararg = count && m->parameters.back().vararg;
  for (size_t parameter = 0; !count || parameter < count; ++parameter) {
    const uint32_t argAt = lx.cur().begin;
    std::string name;
    if (lx.cur().kind == RawKind::Identifier && lx.peek().kind == RawKind::Equal) {
      name = lx.text(lx.cur());
      lx.lex();
      lx.lex();
      namedFound = true;
    }
    if (namedFound && name.empty()) {
      error(argAt, "cannot mix positional and keyword arguments");
      return false;
    }
    Argument value;
    if (altMacro_ && lx.cur().kind == RawKind::Other && lx.text(lx.cur()) == "%") {
      if (!altValue(lx, value)) return false;
      if (deferred_.set) return true; // (llvm goes on with the arguments read so far)
    } else if (const size_t end = altMacro_ && lx.text(lx.cur()) == "<"
                                      ? angleString(cur_.text, lx.cur().begin)
                                      : 0) {
      value.push_back(
          {std::string(cur_.text.substr(lx.cur().begin, end - lx.cur().begin)), ArgToken::String});
      lx.seek(end);
    } else if (!parseArgument(lx, value, hasVararg && parameter == count - 1)) {
      return false;
    }
    size_t index = parameter;
    if (!name.empty()) {
      index = 0;
      while (index < count && m->parameters[index].name != name) ++index;
      if (index >= count) {
        error(argAt, fmt::format("parameter named '{}' does not exist for macro '{}'", name,
                                 m ? m->name : std::string()));
        return false;
      }
    }
    if (!value.empty()) {
      if (args.size() <= index) args.resize(index + 1);
      args[index] = std::move(value);
    }
    if (lx.cur().kind == RawKind::Eos) {
      bool failed = false;
      for (size_t i = 0; i < count; ++i) {
        if (!args[i].empty()) continue;
        if (m->parameters[i].required) {
          error(lx.cur().begin,
                fmt::format("missing value for required parameter '{}' in macro '{}'",
                            m->parameters[i].name, m->name));
          failed = true;
        }
        if (!m->parameters[i].value.empty()) args[i] = m->parameters[i].value;
      }
      return !failed;
    }
    if (lx.cur().kind == RawKind::Comma) lx.lex();
  }
  error(lx.cur().begin, "too many positional arguments");
  return false;
}

// llvm's expandMacro: \name is the argument, \@ the count of macros instantiated before (when
// enabled), \+ the count of this body's expansions before, \() nothing; any other backslash
// stays. Under .altmacro a parameter's bare name is its argument too (also inside strings), and
// a '&' after a \name (any) or a bare name (a parameter's) is dropped.
bool Preprocessor::expand(std::string &out, std::string_view body, const Macro *m,
                          const std::vector<Argument> &args, bool enableAt, uint32_t errCol,
                          unsigned &count) {
  const size_t n = m ? m->parameters.size() : 0;
  if (n != args.size()) {
    error(errCol, "Wrong number of arguments");
    return false;
  }
  auto find = [&](std::string_view name) {
    size_t index = 0;
    while (index < n && m->parameters[index].name != name) ++index;
    return index;
  };
  auto expandArgument = [&](size_t index) {
    const bool vararg = index == n - 1 && m->parameters.back().vararg;
    for (const ArgToken &t : args[index])
      if (altMacro_ && t.kind == ArgToken::Value && t.text[0] == '%')
        out += std::to_string(t.value);
      else if (altMacro_ && t.kind == ArgToken::String && t.text[0] == '<')
        appendAngleString(out, t.contents());
      else if (t.kind != ArgToken::String || vararg)
        out += t.text;
      else
        out += t.contents();
  };
  const size_t end = body.size();
  size_t i = 0;
  while (i != end) {
    const char c = body[i];
    if (c == '\\' && i + 1 != end) {
      const char d = body[i + 1];
      if (enableAt && d == '@') {
        out += std::to_string(macroCount_);
        i += 2;
        continue;
      }
      if (d == '+') {
        out += std::to_string(count);
        i += 2;
        continue;
      }
      if (d == '(' && i + 2 != end && body[i + 2] == ')') {
        i += 3;
        continue;
      }
      const size_t from = ++i;
      while (i != end && isMacroNameChar(body[i])) ++i;
      const std::string_view name = body.substr(from, i - from);
      if (altMacro_ && i != end && body[i] == '&') ++i;
      if (const size_t index = find(name); index != n)
        expandArgument(index);
      else
        out.append("\\").append(name);
      continue;
    }
    if (!altMacro_ || !isMacroNameChar(c)) {
      // (outside .altmacro only a backslash substitutes: copied up to the next one)
      size_t next = i + 1;
      if (!altMacro_)
        next = std::min(body.find('\\', next), end);
      else
        while (next != end && body[next] != '\\' && !isMacroNameChar(body[next])) ++next;
      out.append(body.substr(i, next - i));
      i = next;
      continue;
    }
    const size_t from = i;
    while (++i != end && isMacroNameChar(body[i])) {
    }
    const std::string_view word = body.substr(from, i - from);
    if (const size_t index = find(word); index != n) {
      expandArgument(index);
      if (i != end && body[i] == '&') ++i;
      continue;
    }
    out.append(word);
  }
  ++count;
  return true;
}

bool Preprocessor::withinBudget(size_t bytes, uint32_t col) {
  const size_t limit = opts_.maxExpansionBytes;
  if (bytes <= limit && expandedBytes_ + bytes <= limit) {
    expandedBytes_ += bytes;
    return true;
  }
  error(col, fmt::format("macro expansion exceeds gfxasm's limit of {} bytes "
                         "(AssembleOptions::maxExpansionBytes)",
                         limit));
  return false;
}

void Preprocessor::instantiate(std::string text, uint32_t col) {
  auto b = std::make_unique<Buffer>();
  b->kind = Buffer::Kind::Instantiation;
  b->owned = std::move(text);
  b->text = b->owned;
  b->name = "<instantiation>";
  b->callSite = here(col);
  b->condDepth = condStack_.size();
  buffers_.push_back(std::move(b));
  ++activeInstantiations_;
}

// llvm's handleMacroExit: back to the line after the call, whatever the instantiation opened.
void Preprocessor::exitInstantiation() {
  while (buffers_.size() > 1) {
    const bool instantiation = buffers_.back()->kind == Buffer::Kind::Instantiation;
    retire();
    if (instantiation) break;
  }
  --activeInstantiations_;
}

void Preprocessor::callMacro(Macro &m, size_t at) {
  const Token &name = toks_[at];
  if (activeInstantiations_ == kMaxMacroDepth) {
    error(toks_[at + 1].col, fmt::format("macros cannot be nested more than {} levels deep. Use "
                                         "-asm-macro-max-nesting-depth to increase this limit.",
                                         kMaxMacroDepth));
    return;
  }
  RawLexer lx(cur_.text, name.col + name.text.size());
  lx.lex();
  std::vector<Argument> args;
  if (!parseArguments(&m, lx, args)) return;
  std::string text;
  const bool expanded = expand(text, m.body, &m, args, true, lx.cur().begin, m.count);
  text += ".endmacro\n";
  if (!expanded || !withinBudget(text.size(), name.col)) {
    reportDeferred(false);
    return;
  }
  instantiate(std::move(text), name.col);
  ++macroCount_;
  reportDeferred(true);
}

void Preprocessor::repeat(size_t at, const std::string &name) {
  const Token &dir = toks_[at];
  const uint32_t countAt = toks_[at + 1].col;
  Cursor c{toks_, at + 1};
  ExprResult r = host_.evaluate(c);
  if (!r.ok()) {
    error(r.errCol, r.error);
    return;
  }
  if (r.kind != ExprResult::Kind::Absolute) {
    error(countAt, fmt::format("unexpected token in '{}' directive", name));
    return;
  }
  if (r.value < 0) {
    error(countAt, "Count is negative");
    return;
  }
  if (!expectEndOfLine(c.pos)) return;
  const SourceLine line = cur_;
  std::string body;
  bool blank = false;
  if (!captureBody(dir.col, false, body, blank)) return;
  cur_ = line; // (the instantiation is called from the .rept line)
  std::string text;
  const auto times = static_cast<uint64_t>(r.value);
  // (checked before expanding: .rept 1000000000 runs llvm-mc for hours)
  const size_t budget = opts_.maxExpansionBytes - std::min(expandedBytes_, opts_.maxExpansionBytes);
  if (!body.empty() && times > budget / body.size()) {
    withinBudget(opts_.maxExpansionBytes + 1, dir.col);
    return;
  }
  unsigned count = 0;
  for (uint64_t i = 0; i < times; ++i) expand(text, body, nullptr, {}, false, 0, count);
  text += ".endr\n";
  if (!withinBudget(text.size(), dir.col)) return;
  instantiate(std::move(text), dir.col);
}

void Preprocessor::iterate(size_t at, bool perCharacter) {
  const Token &dir = toks_[at];
  const Token &param = toks_[at + 1];
  const char *which = perCharacter ? "'.irpc'" : "'.irp'";
  if (param.kind != Tok::Identifier && param.kind != Tok::String) {
    error(param.col, fmt::format("expected identifier in {} directive", which));
    return;
  }
  if (toks_[at + 2].kind != Tok::Comma) {
    error(toks_[at + 2].col, "expected comma");
    return;
  }
  RawLexer lx(cur_.text, toks_[at + 2].col + 1);
  lx.lex();
  std::vector<Argument> values;
  if (!parseArguments(nullptr, lx, values)) return;
  if (perCharacter && (values.size() != 1 || values[0].size() != 1)) {
    reportDeferred(false);
    error(lx.cur().begin, "unexpected token in '.irpc' directive");
    return;
  }
  if (lx.cur().kind != RawKind::Eos) {
    reportDeferred(false);
    error(lx.cur().begin, "expected newline");
    return;
  }
  Macro pseudo;
  pseudo.parameters.push_back({std::string(param.text), {}, false, false});
  const SourceLine line = cur_;
  std::string body;
  bool blank = false;
  if (!captureBody(dir.col, false, body, blank)) {
    reportDeferred(false);
    return;
  }
  cur_ = line;
  std::string text;
  std::vector<Argument> one(1);
  unsigned count = 0;
  if (perCharacter) {
    // (the characters of a string without its quotes, of anything else as written)
    const ArgToken &t = values[0][0];
    const std::string chars(t.kind == ArgToken::String ? t.contents() : t.text);
    for (char ch : chars) {
      one[0] = {{std::string(1, ch)}};
      expand(text, body, &pseudo, one, true, 0, count);
      if (text.size() > opts_.maxExpansionBytes) break;
    }
  } else {
    for (Argument &value : values) {
      one[0] = std::move(value);
      expand(text, body, &pseudo, one, true, 0, count);
      if (text.size() > opts_.maxExpansionBytes) break;
    }
  }
  text += ".endr\n";
  if (!withinBudget(text.size(), dir.col)) {
    reportDeferred(false);
    return;
  }
  instantiate(std::move(text), dir.col);
  reportDeferred(true);
}

bool unescapeFileName(std::string_view s, std::string &out, const char *&error) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\') {
      out += s[i];
      continue;
    }
    if (++i == s.size()) {
      error = "unexpected backslash at end of string";
      return false;
    }
    const char c = s[i];
    if (c == 'x' || c == 'X') {
      unsigned v = 0, n = 0;
      while (i + 1 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1]))) {
        const char h = s[++i];
        v = v * 16 + static_cast<unsigned>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
        ++n;
      }
      if (!n) {
        error = "invalid hexadecimal escape sequence";
        return false;
      }
      out += static_cast<char>(v & 0xff);
    } else if (c >= '0' && c <= '7') {
      unsigned v = static_cast<unsigned>(c - '0');
      for (int k = 0; k < 2 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7'; ++k)
        v = v * 8 + static_cast<unsigned>(s[++i] - '0');
      if (v > 255) {
        error = "invalid octal escape sequence (out of range)";
        return false;
      }
      out += static_cast<char>(v);
    } else {
      const char *from = "bfnrt\"\\", *to = "\b\f\n\r\t\"\\";
      const char *k = std::strchr(from, c);
      if (!k || !c) {
        error = "invalid escape sequence (unrecognized character)";
        return false;
      }
      out += to[k - from];
    }
  }
  return true;
}

namespace {

// Regular files only: a device or a pipe (/dev/zero) would be read without end.
bool readFile(const std::string &path, std::string &out) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = std::move(ss).str();
  return true;
}

} // namespace

bool readIncludedFile(const std::string &name, const std::vector<std::string> &dirs,
                      std::string &contents, std::string &path) {
  path = name;
  bool found = !name.empty() && readFile(path, contents);
  for (size_t i = 0; !found && !name.empty() && name[0] != '/' && i < dirs.size(); ++i) {
    path = dirs[i] + "/" + name;
    found = readFile(path, contents);
  }
  return found;
}

bool Preprocessor::include(size_t at, SourceLine &out) {
  const Token &file = toks_[at + 1];
  if (file.kind != Tok::String) {
    error(file.col, "expected string in '.include' directive");
    return false;
  }
  std::string name;
  const char *escapeError = nullptr;
  if (!unescapeFileName(file.text, name, escapeError)) {
    error(file.col, escapeError);
    return false;
  }
  if (toks_[at + 2].kind != Tok::Eol) {
    error(toks_[at + 2].col, "unexpected token in '.include' directive");
    return false;
  }
  size_t depth = 0;
  for (const auto &b : buffers_) depth += b->kind == Buffer::Kind::File;
  if (depth > kMaxIncludeDepth) {
    error(file.col,
          fmt::format("gfxasm: .include nested more than {} levels deep", kMaxIncludeDepth));
    return false;
  }
  auto b = std::make_unique<Buffer>();
  std::string path;
  if (!readIncludedFile(name, opts_.includeDirs, b->owned, path)) {
    error(file.col, fmt::format("Could not find include file '{}'", name));
    return false;
  }
  const Buffer &parent = *buffers_.back();
  b->text = b->owned;
  b->name = path;
  b->includedFrom = parent.includedFrom;
  b->includedFrom.push_back(fmt::format("{}:{}", parent.name, cur_.number));
  // llvm switches files before it reads the .include line's end, which it reads again when the
  // file ends: an empty statement each time (a blank line), unless a comment ends the line.
  const bool blank = toks_[at + 2].col == cur_.text.size();
  const bool newline =
      parent.pos <= parent.text.size() && parent.pos > 0 && parent.text[parent.pos - 1] == '\n';
  b->blankOnReturn = blank && newline;
  buffers_.push_back(std::move(b));
  errorsAtLine_ = result_.errorCount;
  if (!blank) return false;
  out = {std::string_view(), std::string_view(), cur_.number};
  return true;
}

// The end of the input: llvm reports conditionals left open at the end of the file.
void Preprocessor::finish() {
  if (finished_) return;
  finished_ = true;
  if (cond_.kind == Cond::None && !cond_.ignore) return;
  const EndOfInput end = endOfInput(buffers_.back()->text);
  report(Severity::Error, end.line, end.col, "unmatched .ifs or .elses", end.lastLine);
}

EndOfInput endOfInput(std::string_view text) {
  EndOfInput end;
  const size_t lastStart = text.rfind('\n') + 1; // (0 without a newline)
  end.line = static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  end.lastLine = text.substr(lastStart);
  if (!end.lastLine.empty() && end.lastLine.back() == '\r') end.lastLine.remove_suffix(1);
  end.col = static_cast<uint32_t>(end.lastLine.size());
  return end;
}

} // namespace gfxasm::as
