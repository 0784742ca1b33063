// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Assembles a kernel's assembly text to an ELF object and links it into a code object that the
// ROCm runtime loads, in-process, with the gfxasm library:
//   code_object KERNEL.s OUT.hsaco [CPU]
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "gfxasm/gfxasm.h"

int main(int argc, char **argv) {
  if (argc < 3) {
    std::cerr << "usage: code_object KERNEL.s OUT.hsaco [CPU]\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in) {
    std::cerr << "cannot read " << argv[1] << "\n";
    return 1;
  }
  std::string error;
  auto target = gfxasm::Target::create(argc > 3 ? argv[3] : "gfx1100", {}, &error);
  if (!target) {
    std::cerr << error << "\n";
    return 1;
  }
  gfxasm::AssembleOptions options;
  options.fileName = argv[1];
  options.output = gfxasm::OutputKind::Object; // an ELF relocatable object, as llvm-mc writes it
  gfxasm::AssembleResult object = gfxasm::assemble(*target, source, options);
  for (const gfxasm::Diagnostic &d : object.diagnostics) std::cerr << gfxasm::formatDiagnostic(d);
  if (!object.ok()) return 1;

  // The code object ld.lld -shared would make of it.
  gfxasm::LinkResult linked = gfxasm::link({{"kernel.o", object.object}});
  if (!linked.errors.empty()) {
    std::cerr << gfxasm::formatLinkErrors(linked.errors, "code_object");
    return 1;
  }
  std::ofstream out(argv[2], std::ios::binary);
  out.write(reinterpret_cast<const char *>(linked.output.data()),
            static_cast<std::streamsize>(linked.output.size()));
  std::printf("%s: %zu bytes of object, %zu bytes of code object\n", argv[2],
              object.object.size(), linked.output.size());
  return out ? 0 : 1;
}
