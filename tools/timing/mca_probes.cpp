// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Prints a few valid-looking lines per instruction entry of a processor, for
// tools/timing/gen_mca_latency.py to feed to llvm-mca-22 (which decides what is valid and gives
// each its latency). Output lines: "<format>\t<name>\t<instruction text>". Built with the tests
// because it draws the lines with the differential tests' operand generators.
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "gfxasm/gfxasm.h"
#include "isa/isa.h"
#include "operand_gen.h"

using namespace gfxasm;
using namespace gfxasm::isa;

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CPU [SAMPLES [SEED]]\n", argv[0]);
    return 2;
  }
  unsigned samples = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 4;
  std::mt19937_64 rng(argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1);
  std::string err;
  auto target = Target::create(argv[1], {}, &err);
  if (!target) {
    std::fprintf(stderr, "%s\n", err.c_str());
    return 1;
  }
  const ArchTables &arch = *static_cast<const ArchTables *>(target->arch());
  for (const InstrDesc &d : arch.instrs) {
    if (!(d.cpuMask & (1u << target->cpuIndex())) || (d.flags & IF_DisasmOnly) ||
        !availableInMode(d, target->realTrue16(), target->wave64()))
      continue;
    for (unsigned i = 0; i < samples; ++i) {
      difftest::GenContext g{rng, arch, d, target->wave64(), target->realTrue16()};
      std::string line = difftest::genLine(g);
      std::printf("%.*s\t%.*s\t%s\n", static_cast<int>(arch.formatOf(d).name.size()),
                  arch.formatOf(d).name.data(), static_cast<int>(d.name.size()), d.name.data(),
                  line.c_str());
    }
  }
  return 0;
}
