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

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "asm/expr.h"
#include "gfxasm/gfxasm.h"

namespace gfxasm::as {

namespace detail {
class RawLexer;
}

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

  // The next statement line; false at the end of the input.
  bool next(SourceLine &line);

  // A diagnostic at `col0` of the line last returned (in its buffer, with llvm's notes for the
  // macro instantiations it is in and the files that include it).
  void report(Severity severity, uint32_t lineNumber, uint32_t col0, std::string message,
              std::string_view lineText);

private:
  struct Buffer;
  struct Macro;
  struct ArgToken;
  struct Location;
  using Argument = std::vector<ArgToken>;

  bool readLine();
  bool mayBeMine(std::string_view text) const;
  bool isMacro(std::string_view name) const { return !macros_.empty() && macros_.count(name); }
  bool handleLine(SourceLine &out);
  void skippedLine();
  bool conditional(std::string_view lower, size_t at);
  bool directive(std::string_view lower, size_t at, SourceLine &out);
  bool defineMacro(size_t at);
  void warnUnusedParameters(const Macro &m, const SourceLine &line, uint32_t col);
  void callMacro(const Macro &m, size_t at);
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
  bool expand(std::string &out, std::string_view body, const Macro *m,
              const std::vector<Argument> &args, bool enableAt, uint32_t errCol);
  void instantiate(std::string text, uint32_t col);
  bool withinBudget(size_t bytes, uint32_t col);
  bool expectEndOfLine(size_t pos);
  void error(uint32_t col0, std::string message) {
    report(Severity::Error, cur_.number, col0, std::move(message), cur_.echo);
  }
  Location here(uint32_t col0) const;
  void finish();

  const AssembleOptions &opts_;
  PreprocessorHost &host_;
  TextResult &result_;
  std::string &printed_;
  bool &inBlockComment_;
  std::vector<std::unique_ptr<Buffer>> buffers_, retired_;
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
  SourceLine cur_;                // the line being read
  size_t pendingAfterLabels_ = 0; // the labels of cur_ went to the assembler; its rest is next
  bool stopped_ = false;          // llvm stops reading (.end, the end of a buffer it lexed into)
  bool finished_ = false;
  unsigned errorsAtLine_ = 0; // errors before cur_ (an error in a file's last line stops)
  std::vector<Token> toks_;
};

} // namespace gfxasm::as
