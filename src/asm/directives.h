// Assembler directives (.text, .globl, .p2align, .type, .amdgcn_target, ...).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "asm/expr.h"

namespace gfxasm {
class Target;
}

namespace gfxasm::as {

struct DirectiveContext {
  SymbolTable &syms;
  std::vector<uint8_t> &code;
  std::string &out; // asm output stream
  bool asmOut;
  const Target &target;
  std::string &section; // the section last switched to, as name,flags,type ("" before any switch)
  std::vector<std::pair<uint32_t, std::string>> warnings{}; // (0-based column, message)
};

// An expression operand of a directive or symbol assignment: absolute (its value, printed in
// decimal), or relocatable (labels, names defined later), printed as llvm prints it back
// (parseExpr's text). ok is false with `err`/`errCol` set when it is neither.
struct ExprText {
  bool ok = false;
  bool absolute = false;
  int64_t value = 0;
  std::string text;
};
ExprText exprText(Cursor &c, SymbolTable &syms, std::string &err, uint32_t &errCol);

// Handles directive `name` with its operands at the cursor; false with `err`/`errCol` on error.
bool handleDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, std::string_view line,
                     std::string &err, uint32_t &errCol);

} // namespace gfxasm::as
