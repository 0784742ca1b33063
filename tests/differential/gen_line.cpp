// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// One random line per instruction entry: the mnemonic and generated operands (shared by the
// assembler's and the disassembler's differential tests).
#include <fmt/format.h>

#include "operand_gen.h"

namespace gfxasm::difftest {

using namespace isa;

// One random line for `desc`: its mnemonic with generated operands.
std::string genLine(GenContext &g) {
  // A dual-issue pair (VOPD) is one entry named `X::Y`; Y's operands start at its vdsty.
  std::string_view name = g.desc.name;
  size_t pair = name.find("::");
  std::string line(name.substr(0, pair));
  bool first = true;
  for (const OperandDesc &d : g.arch.operandsOf(g.desc)) {
    std::string t = genOperand(g, d);
    if (pair != std::string_view::npos && d.field == Field::vdsty) {
      line += fmt::format(" :: {}", name.substr(pair + 2));
      first = true;
    }
    if (isPositional(d.cls)) {
      if (t.empty() && (d.flags & OF_Optional)) continue;
      line += first || g.noCommaBefore ? " " : ", ";
      first = g.noCommaBefore = false;
      line += t;
    } else if (!t.empty()) {
      line += " " + t;
    }
  }
  return line;
}

} // namespace gfxasm::difftest
