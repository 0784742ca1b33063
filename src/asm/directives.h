// Assembler directives (.text, .globl, .p2align, .type, .amdgcn_target, ...).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
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
};

// Handles directive `name` with its operands at the cursor; false with `err`/`errCol` on error.
bool handleDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, std::string_view line,
                     std::string &err, uint32_t &errCol);

} // namespace gfxasm::as
