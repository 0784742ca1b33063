// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Whether llvm-mc-22's own disassembler reads back what its assembler wrote: a line llvm-mc takes
// with an encoding its disassembler rejects, crashes on or reads as another instruction is llvm's
// fault (a literal marker without its dword, a register number cut to the field's width, a
// modifier printed but not encoded), which gfxasm rejects; tests/llvm_bugs_test.cpp shows each
// kind. The differential tests count such lines apart.
#pragma once

#include <sstream>
#include <string>
#include <string_view>

#include "../oracle_util.h"
#include "configs.h"

namespace gfxasm::difftest {

// `listing`: llvm-mc's -show-encoding output holding the instruction (directives and labels
// around it are skipped; its first instruction line is judged). Listings without an encoding, or
// with fixups over bytes it leaves zero (not all known), count as read back.
inline bool llvmReadsBack(const Config &cfg, const std::string &listing) {
  // The first instruction line of a listing, and its text without the encoding comment.
  auto firstInstruction = [](const std::string &out) {
    std::istringstream in(out);
    for (std::string l; std::getline(in, l);)
      if (l.starts_with("\t") && l.find("; encoding: [") != std::string::npos) return l;
    return std::string();
  };
  auto textOf = [](const std::string &line) {
    std::string t = line.substr(0, line.find(" ;"));
    while (!t.empty() && t.back() == ' ') t.pop_back();
    return t;
  };
  constexpr std::string_view kEncoding = "; encoding: [";
  const std::string written = firstInstruction(listing);
  const size_t at = written.find(kEncoding);
  if (at == std::string::npos) return true;
  const size_t from = at + kEncoding.size();
  const std::string bytes = written.substr(from, written.find(']', from) - from);
  // (a byte shown with both a value and a fixup, 0xff'A': two literals in one dword, the second
  // a symbol's; llvm-mc-22 does not count lit(..) as one: LlvmMcBugs.LitBesideSymbolicLiteral)
  if (bytes.find('\'') != std::string::npos) return false;
  // (the same with the symbol written first: the fixup is shown over the whole dword, A,A,A,A, and
  // the lit(..) constant's value is lost: any lit(..) printed beside a fixup is one)
  if (bytes.find('A') != std::string::npos) {
    const std::string text = textOf(written);
    return text.find("lit(") == std::string::npos && text.find("lit64(") == std::string::npos;
  }
  test::ToolRun back = test::runLlvmMc(bytes + "\n", cfg.cpu, attrsOf(cfg.mattr), "--disassemble");
  const std::string read = firstInstruction(back.out);
  return back.status == 0 && back.err.find("invalid instruction encoding") == std::string::npos &&
         textOf(read) == textOf(written) &&
         read.find(std::string(kEncoding) + bytes + "]") != std::string::npos;
}

} // namespace gfxasm::difftest
