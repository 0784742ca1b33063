// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// libFuzzer harness of the disassembler: any byte string is both llvm-mc --disassemble input
// text and raw machine code (decoded instruction by instruction, as objdump does), for gfx1100
// in wave32 and wave64 and for gfx90a; none may crash, hang or trip a sanitizer.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gfxasm/gfxasm.h"

namespace {

// 0: gfx1100 (wave32), 1: gfx1100 with wave64, 2: gfx90a.
const gfxasm::Target &target(int which) {
  static const gfxasm::Target targets[] = {
      *gfxasm::Target::create("gfx1100", {}, nullptr),
      *gfxasm::Target::create("gfx1100", {"+wavefrontsize64"}, nullptr),
      *gfxasm::Target::create("gfx90a", {}, nullptr)};
  return targets[which];
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (int which : {0, 1, 2}) {
    gfxasm::DisassembleOptions options;
    options.fileName = "fuzz.txt";
    options.showEncoding = which != 0;
    // (both ways of delivering the text: whole, and in pieces)
    if (which == 1) options.output = [](std::string_view piece) { (void)piece.size(); };
    gfxasm::disassemble(target(which), std::string_view(reinterpret_cast<const char *>(data), size),
                        options);
    for (size_t at = 0; at < size;) {
      gfxasm::DecodedInstruction d =
          gfxasm::disassembleInstruction(target(which), data + at, size - at);
      at += d.size ? d.size : 4;
    }
  }
  return 0;
}
