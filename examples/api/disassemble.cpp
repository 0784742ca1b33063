// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Disassembles raw AMDGPU machine code (standard input) with the gfxasm library, one instruction
// a line as llvm-mc --disassemble prints them:
//   disassemble [CPU] < code.bin
#include <cstdint>
#include <iostream>
#include <iterator>
#include <vector>

#include "gfxasm/gfxasm.h"

int main(int argc, char **argv) {
  std::vector<uint8_t> code((std::istreambuf_iterator<char>(std::cin)),
                            std::istreambuf_iterator<char>());
  std::string error;
  auto target = gfxasm::Target::create(argc > 1 ? argv[1] : "gfx1100", {}, &error);
  if (!target) {
    std::cerr << error << "\n";
    return 1;
  }
  for (size_t at = 0; at < code.size();) {
    gfxasm::DecodedInstruction inst =
        gfxasm::disassembleInstruction(*target, code.data() + at, code.size() - at);
    if (inst.size == 0) { // not an instruction: llvm-mc warns and goes on 4 bytes later
      std::cerr << "invalid instruction encoding at offset " << at << "\n";
      at += 4;
      continue;
    }
    std::cout << '\t' << inst.text << '\n';
    at += inst.size;
  }
  return 0;
}
