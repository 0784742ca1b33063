// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The processor table (src/isa/processors.def) against the instruction tables and llvm-mc-22:
// per processor, the ELF header's flags for each code object version and xnack/sramecc
// setting, the predefined version symbols and a kernel descriptor's defaults.
#include <set>

#include "isa/isa.h"
#include "isa/processors.h"
#include "oracle_util.h"

namespace gfxasm::test {
namespace {

TEST(Processors, TableNamesEveryProcessorOfTheInstructionTables) {
  std::set<std::string> table, tables;
  for (const isa::Processor &p : isa::processors()) {
    table.insert(std::string(p.name));
    std::string error;
    auto t = Target::create(p.name, {}, &error);
    ASSERT_TRUE(t) << p.name << ": " << error;
    EXPECT_EQ(static_cast<const isa::ArchTables *>(t->arch())->name, p.arch) << p.name;
  }
  for (const std::string &cpu : Target::supportedCpus()) tables.insert(cpu);
  EXPECT_EQ(table, tables);
  // (isa::processorMask counts on the same order)
  for (const isa::Processor &p : isa::processors()) {
    auto t = Target::create(p.name, {}, nullptr);
    unsigned index = 0;
    for (const isa::Processor &q : isa::processors())
      if (q.arch == p.arch && &q != &p) index += &q < &p;
    EXPECT_EQ(t->cpuIndex(), index) << p.name;
  }
}

// One object per processor, code object version and feature setting, through both command
// lines: the same bytes (e_flags, the version symbols' values, the kernel descriptor) and the
// same warnings.
TEST(Processors, ObjectsAsLlvmWritesThem) {
  for (const isa::Processor &p : isa::processors()) {
    for (int cov : {4, 5, 6}) {
      std::string input =
          fmt::format(".amdhsa_code_object_version {}\n.text\n.p2align 8\nk:\n  s_endpgm\n"
                      ".long .amdgcn.gfx_generation_number, .amdgcn.gfx_generation_minor, "
                      ".amdgcn.gfx_generation_stepping\n"
                      ".rodata\n.p2align 6\n.amdhsa_kernel k\n  .amdhsa_next_free_vgpr 1\n"
                      "  .amdhsa_next_free_sgpr 1\n{}.end_amdhsa_kernel\n",
                      cov, p.has(isa::Gfx90aInsts) ? "  .amdhsa_accum_offset 4\n" : "");
      for (const char *mattr : {"", "+xnack", "-xnack,+sramecc", "-sramecc"}) {
        const std::string where = fmt::format("{} v{} {}", p.name, cov, mattr);
        const std::string options = "-filetype=obj -o -";
        ToolRun llvm = runLlvmMc(input, std::string(p.name), mattr, options);
        ASSERT_EQ(llvm.status, 0) << where << "\n" << llvm.err;
        ToolRun ours = runAssembler(GFXASM_CLI, input, std::string(p.name), mattr, options);
        EXPECT_EQ(ours.status, 0) << where << "\n" << ours.err;
        EXPECT_TRUE(ours.out == llvm.out) << where << ": objects differ";
        EXPECT_EQ(ours.err, llvm.err) << where;
      }
    }
    // Outside HSA: the `.option.machine_version_*` symbols.
    const std::string input = ".long .option.machine_version_major, "
                              ".option.machine_version_minor, .option.machine_version_stepping\n";
    expectSameOnTargets(input, "version symbols", {"amdgcn--amdpal", "amdgcn-mesa-mesa3d"},
                        {std::string(p.name)});
  }
}

} // namespace
} // namespace gfxasm::test
