// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The stage before the statement parser: llvm-mc's (GNU as) macro and conditional language.
// It reads the source line by line and hands the assembler the statements to assemble; the lines
// it owns (.macro/.endm, .rept/.irp/.irpc/.endr, .if*/.else/.elseif/.endif, .include, .err,
// .error, .warning, .print, .end and macro calls) never reach the assembler. Expansions are
// llvm's: a macro call or a .rept becomes a new buffer named "<instantiation>" whose lines the
// assembler reads like any others, and diagnostics inside it get llvm's notes ("while in macro
// instantiation") and include stacks ("Included from FILE:LINE:").
//
// It is a pull model: the assembler asks for the next statement only once it has assembled the
// previous one, so `.if` sees every symbol set before it (PreprocessorHost).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "asm/blanks.h"
#include "asm/expr.h"
#include "gfxasm/gfxasm.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gfxasm::as {

namespace detail {
class RawLexer;
}

// The next '\n' of `s` from `pos` (npos if none): 16 bytes at a time while 16 remain (SSE2, the
// x86-64 baseline); a library call per line costs more than the search of a line.
inline size_t findNewline(std::string_view s, size_t pos) {
#if defined(__SSE2__)
  const __m128i newline = _mm_set1_epi8('\n');
  for (; pos + 16 <= s.size(); pos += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s.data() + pos));
    if (const unsigned hits =
            static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, newline))))
      return pos + static_cast<size_t>(std::countr_zero(hits));
  }
#endif
  return s.find('\n', pos);
}

// The file name of .include and .incbin, its escapes read as llvm's parseEscapedString reads
// them: false with `error` set.
bool unescapeFileName(std::string_view s, std::string &out, const char *&error);
// The file an .include or .incbin names, found as llvm's SourceMgr finds it: the name as it is
// (from the working directory), then in each -I directory. `path`: where it was found.
bool readIncludedFile(const std::string &name, const std::vector<std::string> &dirs,
                      std::string &contents, std::string &path);

// Where llvm reports what it finds missing at the end of `text`: the line after a final newline
// (column 0, empty), or the end of an unterminated last line (its '\r' aside).
struct EndOfInput {
  uint32_t line = 1, col = 0;
  std::string_view lastLine;
};
EndOfInput endOfInput(std::string_view text);

// One statement line for the assembler.
struct SourceLine {
  std::string_view text; // what to assemble (a line, or the labels that start one)
  std::string_view echo; // the whole line, echoed under a diagnostic
  uint32_t number = 0;   // 1-based, in its buffer
};

// What the preprocessor needs from the assembler.
class PreprocessorHost {
public:
  virtual ~PreprocessorHost() = default;
  // An expression at the cursor with the symbols set so far (Absolute, Relocatable or Error).
  virtual ExprResult evaluate(Cursor &c) = 0;
  // `.ifdef`: the symbol is defined (a label or a value).
  virtual bool symbolDefined(std::string_view name) = 0;
};

class Preprocessor {
public:
  // `inBlockComment` is the assembler's lexer state: lines the preprocessor reads itself (its
  // directives, skipped regions, macro bodies) move it on as the assembler's lexing would.
  Preprocessor(std::string_view source, const AssembleOptions &opts, PreprocessorHost &host,
               TextResult &result, std::string &printed, bool &inBlockComment);
  ~Preprocessor();

  // The next statement line; false at the end of the input. Most lines are read here, in line:
  // while only the main file is open and nothing is skipped, a line whose first word (after
  // labels) is none of ours goes straight to the assembler.
  bool next(SourceLine &line) {
    Buffer &m = *main_;
    if (simple_ && !inBlockComment_ && m.pos < m.text.size() && m.carriageReturns == 1) {
      const size_t nl = findNewline(m.text, m.pos);
      const size_t end = nl == std::string_view::npos ? m.text.size() : nl;
      // (no substr: its bounds check, out of line where the caller grew large, on every line)
      std::string_view text(m.text.data() + m.pos, end - m.pos);
      m.pos = nl == std::string_view::npos ? m.text.size() : nl + 1;
      if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      line = {text, text, ++m.lineNo};
      if (!mayBeMine(text)) return true;
      cur_ = line;
      return ours(line);
    }
    return nextSlow(line);
  }

  // Lines the statement loop would get from next() one by one, taken here at once (the YAML of
  // an .amdgpu_metadata block): from the next line on, while next() would return the line on
  // its inline path (the main file, no line of ours, no carriage return) and `take(line)`
  // accepts it. Returns the text of the lines taken, each with its newline (empty when next()
  // is not on its inline path), the last one in `last`.
  template <class Take> std::string_view takeLines(Take &&take, SourceLine &last) {
    Buffer &m = *main_;
    if (!simple_ || inBlockComment_ || m.carriageReturns != 1) return {};
    const size_t start = m.pos;
    while (m.pos < m.text.size()) {
      const size_t nl = findNewline(m.text, m.pos);
      if (nl == std::string_view::npos) break; // (a last line without its newline: next()'s)
      const std::string_view text(m.text.data() + m.pos, nl - m.pos);
      if (mayBeMine(text) || !take(text)) break;
      m.pos = nl + 1;
      last = {text, text, ++m.lineNo};
    }
    return std::string_view(m.text.data() + start, m.pos - start);
  }

  // After the labels of `line` (the line last returned): whether the statement that follows
  // them (its first two tokens) is ours; then it is read on the next call instead of assembled.
  bool claimRest(const SourceLine &line, const Token &first, const Token &second) {
    if (first.kind != Tok::Identifier || second.kind == Tok::Equal) return false;
    if (!(first.text[0] == '.' && isOurDirective(first.text)) && !isMacro(first.text)) return false;
    cur_ = line;
    pendingCol_ = first.col;
    simple_ = false;
    return true;
  }

  // A diagnostic at `col0` of the line last returned (in its buffer, with llvm's notes for the
  // macro instantiations it is in and the files that include it). `extra`: gfxasm's own note
  // after llvm's message (Diagnostic::extra), without the instantiation notes.
  void report(Severity severity, uint32_t lineNumber, uint32_t col0, std::string message,
              std::string_view lineText, bool extra = false);
  // The buffer the line last returned is in, as a number (0: the main file) whose name
  // sourceNames() keeps: where errors reported once the object is laid out point.
  uint32_t sourceId() {
    Buffer &b = *buffers_.back();
    if (b.sourceId == kNoSource) {
      b.sourceId = static_cast<uint32_t>(sourceNames_.size());
      sourceNames_.push_back(b.name);
    }
    return b.sourceId;
  }
  std::vector<std::string> takeSourceNames() { return std::move(sourceNames_); }

  // An error llvm's context reports (MCContext::reportError): without the instantiation notes.
  void reportWithoutNotes(Severity severity, uint32_t lineNumber, uint32_t col0,
                          std::string message, std::string_view lineText) {
    reportWithNotes(severity, lineNumber, col0, std::move(message), lineText, false, false);
  }
  // An error of llvm's streamer where its lexer is after the line last returned: the first
  // character of the next line that is no blank, or the end of the buffer (llvm's streamer
  // names no macro instantiation).
  void errorAtNextLine(std::string message);

private:
  struct Macro;
  struct ArgToken;
  struct Location {
    std::string file;
    uint32_t line = 0, col0 = 0;
    std::string text;
    std::vector<std::string> includedFrom;
  };

  struct Buffer {
    enum class Kind : uint8_t { File, Instantiation } kind = Kind::File;
    std::string owned; // an included file's or an instantiation's text
    std::string_view text;
    size_t pos = 0;
    uint32_t lineNo = 0;
    std::string name;
    std::vector<std::string> includedFrom; // "FILE:LINE" of the including lines, outermost first
    // Instantiation: the call (llvm's note "while in macro instantiation") and llvm's
    // TheCondStack depth then (.exitm leaves the conditionals opened since).
    Location callSite;
    size_t condDepth = 0;
    // An included file: its .include line echoes a blank line when the file ends.
    bool blankOnReturn = false;
    // Whether the text has a carriage return (0: not looked yet, 1: no, 2: yes), and whether the
    // line being read continues after a bare one (a statement end in llvm's lexer).
    uint8_t carriageReturns = 0;
    bool afterCarriageReturn = false;
    uint32_t sourceId = kNoSource; // (sourceId())
  };
  static constexpr uint32_t kNoSource = ~0u;
  std::vector<std::string> sourceNames_;

  using Argument = std::vector<ArgToken>;

  bool nextSlow(SourceLine &line);
  bool ours(SourceLine &line);
  bool readLine();
  // Cheap: the first word of the line (after any labels) is one of this stage's directives or
  // a macro's name. (The lexer's identifier characters.)
  static constexpr std::array<uint8_t, 256> kWordChar = [] {
    std::array<uint8_t, 256> t{};
    for (int c = 'a'; c <= 'z'; ++c) t[c] = 3;
    for (int c = 'A'; c <= 'Z'; ++c) t[c] = 3;
    for (int c = '0'; c <= '9'; ++c) t[c] = 2;
    t['_'] = t['.'] = t['$'] = 3;
    t['@'] = 2;
    return t;
  }();
  static bool wordStart(char c) { return kWordChar[static_cast<unsigned char>(c)] & 1; }
  static bool wordChar(char c) { return kWordChar[static_cast<unsigned char>(c)] & 2; }
  // (Labels before one of ours are the assembler's to see: claimRest.)
  [[gnu::always_inline]] bool mayBeMine(std::string_view text) const {
    if (text.empty()) return false;
    // (most lines: an instruction at the start of the line, and no macro defined)
    if (text[0] != '.' && text[0] != ' ' && text[0] != '\t' && macros_.empty()) return false;
    // (the next most: an instruction after one tab)
    if (text.size() > 1 && text[0] == '\t' && text[1] != '.' && text[1] != ' ' && text[1] != '\t' &&
        macros_.empty())
      return false;
    const size_t p =
        static_cast<size_t>(skipBlanks(text.data(), text.data() + text.size()) - text.data());
    if (p == text.size() || (text[p] != '.' && macros_.empty()) || !wordStart(text[p]))
      return false;
    // (without macros, a word longer than any of this stage's directives is none of them: one
    // character more tells; `.amdhsa_user_sgpr_dispatch_ptr` is not read to its end)
    const size_t limit =
        macros_.empty() ? std::min(text.size(), p + kLongestDirective + 1) : text.size();
    size_t e = p + 1;
    while (e < limit && wordChar(text[e])) ++e;
    const std::string_view word = text.substr(p, e - p);
    return (word[0] == '.' && isOurDirective(word)) || isMacro(word);
  }
  static bool isOurDirective(std::string_view word);
  static constexpr size_t kLongestDirective = 11; // (.macros_off, .noaltmacro)
  bool isMacro(std::string_view name) const {
    return macrosEnabled_ && !macros_.empty() && macros_.count(name);
  }
  bool handleLine(SourceLine &out);
  void skippedLine();
  bool conditional(std::string_view lower, size_t at);
  bool directive(std::string_view lower, size_t at, SourceLine &out);
  bool defineMacro(size_t at);
  void warnUnusedParameters(const Macro &m, const SourceLine &line, uint32_t col);
  void callMacro(Macro &m, size_t at);
  void repeat(size_t at, const std::string &name);
  void iterate(size_t at, bool perCharacter);
  bool include(size_t at, SourceLine &out);
  void exitInstantiation();
  // Pops the current buffer but keeps its text: the assembler keeps views of the lines it read
  // (symbol names in fixups), as llvm's SourceMgr keeps every buffer.
  void retire();
  bool captureBody(uint32_t directiveCol, bool macro, std::string &body, bool &blankAfter);
  bool parseArgument(detail::RawLexer &lx, Argument &arg, bool vararg);
  bool parseArguments(const Macro *m, detail::RawLexer &lx, std::vector<Argument> &args);
  // .altmacro's `%expr` argument (the lexer at the '%'): false after an error reported here;
  // true with the value, or with `deferred_` set (llvm's parse error, reported once the
  // instantiation is entered, the arguments read so far used).
  bool altValue(detail::RawLexer &lx, Argument &arg);
  // `count`: the expansions of this body so far (\+).
  bool expand(std::string &out, std::string_view body, const Macro *m,
              const std::vector<Argument> &args, bool enableAt, uint32_t errCol, unsigned &count);
  // The error llvm's expression parser left pending while it read an altmacro argument: reported
  // with the instantiation's notes after the instantiation is entered.
  struct Deferred {
    bool set = false;
    uint32_t col = 0;
    std::string message;
  } deferred_;
  void reportDeferred(bool entered);
  void appendInstantiationNotes();
  void instantiate(std::string text, uint32_t col);
  bool withinBudget(size_t bytes, uint32_t col);
  bool expectEndOfLine(size_t pos);
  void error(uint32_t col0, std::string message) {
    report(Severity::Error, cur_.number, col0, std::move(message), cur_.echo);
  }
  Location here(uint32_t col0) const;
  // report(), with the macro instantiation notes or without them.
  void reportWithNotes(Severity severity, uint32_t lineNumber, uint32_t col0, std::string message,
                       std::string_view lineText, bool extra, bool notes);
  void finish();

  const AssembleOptions &opts_;
  PreprocessorHost &host_;
  TextResult &result_;
  std::string &printed_;
  bool &inBlockComment_;
  std::vector<std::unique_ptr<Buffer>> buffers_, retired_;
  Buffer *main_ = nullptr; // buffers_[0]
  // Only the main file is open, nothing skipped nor pending: next()'s inline path applies.
  bool simple_ = true;
  void updateSimple() {
    simple_ = buffers_.size() == 1 && !cond_.ignore && !pendingCol_ && !stopped_;
  }
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, std::unique_ptr<Macro>, NameHash, std::equal_to<>> macros_;
  // llvm's AsmCond: the innermost conditional and the enclosing ones.
  struct Cond {
    enum Kind : uint8_t { None, If, ElseIf, Else } kind = None;
    bool met = false, ignore = false;
  };
  Cond cond_;
  std::vector<Cond> condStack_;
  unsigned activeInstantiations_ = 0; // llvm's ActiveMacros (macros, .rept, .irp, .irpc)
  unsigned macroCount_ = 0;           // \@: macros instantiated so far
  size_t expandedBytes_ = 0;
  SourceLine cur_;            // the line being read
  uint32_t pendingCol_ = 0;   // the labels of cur_ went to the assembler; its rest (here) is next
  bool macrosEnabled_ = true; // .macros_on / .macros_off
  bool altMacro_ = false;     // .altmacro / .noaltmacro
  bool stopped_ = false;      // llvm stops reading (.end, the end of a buffer it lexed into)
  bool finished_ = false;
  unsigned errorsAtLine_ = 0; // errors before cur_ (an error in a file's last line stops)
  std::vector<Token> toks_;
};

} // namespace gfxasm::as
