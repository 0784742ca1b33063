// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Assembles AMDGPU assembly text (standard input) with the gfxasm library and writes the machine
// code of its .text section (standard output), as the bytes llvm-mc -filetype=obj puts there:
//   assemble [CPU] < kernel.s > code.bin
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

#include "gfxasm/gfxasm.h"

int main(int argc, char **argv) {
  std::string source((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  std::string error;
  auto target = gfxasm::Target::create(argc > 1 ? argv[1] : "gfx1100", {}, &error);
  if (!target) {
    std::cerr << error << "\n";
    return 1;
  }
  gfxasm::AssembleOptions options;
  options.output = gfxasm::OutputKind::Null; // no text: only the bytes (AssembleResult::code)
  options.keepCode = true;
  gfxasm::AssembleResult result = gfxasm::assemble(*target, source, options);
  // Errors and warnings, as llvm-mc prints them (file:line:col: error: ..., the line, a caret).
  for (const gfxasm::Diagnostic &d : result.diagnostics) std::cerr << gfxasm::formatDiagnostic(d);
  if (!result.ok()) return 1;
  std::fwrite(result.code.data(), 1, result.code.size(), stdout);
  return 0;
}
