// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Compiled twice: into gfxasm_tests (LEXDUMP_NS=lexdump_real) and, with src/asm/lexer.cpp, into
// gfxasm_lexer_portable (LEXDUMP_NS=lexdump_portable, GFXASM_LEXER_PORTABLE and the namespace
// gfxasm renamed, so that both lexers link into one program).
#include "asm/lexer.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace LEXDUMP_NS {

std::string lexDump(std::string_view line, bool &inBlockComment) {
  std::vector<gfxasm::as::Token> tokens(line.size() + 1);
  size_t count = 0;
  const gfxasm::as::LexResult res = gfxasm::as::lexLine(line, tokens.data(), count, inBlockComment);
  std::string out = std::to_string(res.ok) + " " + std::to_string(res.errCol) + " " +
                    (res.errMsg ? res.errMsg : "-") + " " + std::to_string(res.hasColonColon) +
                    " " + std::to_string(inBlockComment) + "\n";
  for (size_t i = 0; i < count; ++i) {
    const gfxasm::as::Token &t = tokens[i];
    uint64_t value;
    std::memcpy(&value, &t.ival, sizeof value); // ival or fval
    const long offset = t.text.data() ? static_cast<long>(t.text.data() - line.data()) : -1;
    out += std::to_string(static_cast<int>(t.kind)) + " " + std::to_string(t.overflow) + " " +
           std::to_string(t.col) + " " + std::to_string(offset) + " " +
           std::to_string(t.text.size()) + " " + std::to_string(value) + "\n";
  }
  return out;
}

} // namespace LEXDUMP_NS
