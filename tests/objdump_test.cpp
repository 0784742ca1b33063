// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// gfxasm objdump against llvm-objdump-22 -d on objects built when the test runs: the OpenCL
// kernels of tests/objdump/kernels.cl compiled by clang-22 for every gfx11 processor (wave32 and
// wave64), a code object linked by ld.lld-22 (with its .symtab and stripped), the layout cases of
// tests/objdump/layout.s and random kernel descriptors assembled by llvm-mc-22. The listings must
// be identical, line for line.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gfxasm/gfxasm.h"
#include "oracle_util.h"

namespace {

namespace fs = std::filesystem;

using gfxasm::test::runShell;
using gfxasm::test::slurp;
using gfxasm::test::ToolRun;

std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// An instruction line of an AMDGPU listing: "\t<text><padding>// <address>: <dwords>[ <label>]"
// (or bytes); `text` without its padding.
class ObjdumpVsLlvm : public ::testing::Test {
protected:
  static fs::path dir_;
  static std::string setupError_;

  static ToolRun shell(const std::string &cmd) { return runShell(dir_.string(), cmd); }

  static bool build(const std::string &cmd) {
    ToolRun r = shell(cmd);
    if (r.status != 0) setupError_ += fmt::format("`{}` failed: {}\n", cmd, r.err);
    return r.status == 0;
  }

  static void SetUpTestSuite() {
    const char *tmp = std::getenv("TMPDIR");
    dir_ = fs::path(tmp && *tmp ? tmp : "/tmp") / fmt::format("gfxasm_objdump_{}", ::getpid());
    fs::create_directories(dir_);
  }

  // Builds the named input once (ctest runs each test in its own process: only what it needs).
  static void need(const std::string &name) {
    if (fs::exists(dir_ / name)) return;
    std::string src = GFXASM_OBJDUMP_TEST_DIR;
    std::string cl = fmt::format("clang-22 -x cl -cl-std=CL2.0 --target=amdgcn-amd-amdhsa "
                                 "-nogpulib -O2 -c {}/kernels.cl",
                                 src);
    std::string mc = "llvm-mc-22 -triple=amdgcn-amd-amdhsa -filetype=obj";
    std::string stem = name.substr(0, name.find('.'));
    if (name == "kernels_w64.o") {
      build(fmt::format("{} -mcpu=gfx1100 -mwavefrontsize64 -o {}", cl, name));
    } else if (name == "kernels_gfx1151_w64.o") {
      build(fmt::format("{} -mcpu=gfx1151 -mwavefrontsize64 -o {}", cl, name));
    } else if (name.starts_with("kernels9_") && name.ends_with(".o")) {
      // gfx9: its own kernels (DPP controls, SDWA, packed math); MFMA from gfx908 on.
      std::string cpu = stem.substr(9);
      bool mfma = cpu >= "gfx908" && cpu != "gfx909" && cpu != "gfx90c";
      build(fmt::format("{} -mcpu={} -DGFX9{}{} -o {}", cl, cpu, mfma ? " -DMFMA" : "",
                        cpu == "gfx900" ? " -DNO_FDOT2" : "", name));
    } else if (name.starts_with("kernels_") && name.ends_with(".o")) {
      build(fmt::format("{} -mcpu={} -DWAVE32 -o {}", cl, stem.substr(8), name));
    } else if (name == "kernels.so") {
      need("kernels_gfx1100.o");
      build("ld.lld-22 -shared kernels_gfx1100.o -o kernels.so");
    } else if (name == "kernels_stripped.so") {
      need("kernels_gfx1150.o");
      build("ld.lld-22 -shared --strip-all kernels_gfx1150.o -o kernels_stripped.so");
    } else if (name == "layout.o") {
      build(fmt::format("{} -mcpu=gfx1100 {}/layout.s -o layout.o", mc, src));
    } else if (name == "layout_gfx1151.o") {
      build(fmt::format("{} -mcpu=gfx1151 {}/layout.s -o layout_gfx1151.o", mc, src));
    } else if (name.starts_with("unaligned_tuples_") && name.ends_with(".o")) {
      // unaligned_tuples_<source>_<cpu>.o: tests/objdump/unaligned_tuples_<source>.s for <cpu>
      std::string rest = stem.substr(17), source = rest.substr(0, rest.find('_'));
      build(fmt::format("{} -mcpu={} {}/unaligned_tuples_{}.s -o {}", mc,
                        rest.substr(source.size() + 1), src, source, name));
    } else if (name == "large.o") {
      // Two code sections of more than 2 MiB each, branches to labels at both ends: objdump's
      // command line lets go of the pages it has read (ObjdumpOptions::inputRead) and maps names
      // and bytes again where they are read after.
      std::string s;
      for (const char *sec : {".text", ".section .text.second,\"ax\",@progbits"}) {
        std::string id = s.empty() ? "a" : "b";
        s += fmt::format("{}\n.globl {}_start\n{}_start:\ns_branch {}_start\n", sec, id, id, id);
        s += ".rept 140000\nv_add_f32 v1, v2, v3\ns_mov_b32 s0, 0x12345678\nv_mov_b32 v0, v1\n"
             ".endr\n";
        s += fmt::format("{0}_end:\ns_branch {0}_end\ns_cbranch_scc0 {0}_end\ns_endpgm\n", id);
      }
      std::ofstream(dir_ / "large.s") << s;
      build(fmt::format("{} -mcpu=gfx1100 large.s -o large.o", mc));
    } else if (name == "descriptors.o") {
      std::ofstream(dir_ / "descriptors.s") << randomKernelDescriptors();
      build(fmt::format("{} -mcpu=gfx1100 descriptors.s -o descriptors.o", mc));
    } else if (name == "descriptors_v4.o") {
      // The same descriptors in a code object v4 file (no .amdhsa_uses_dynamic_stack).
      need("descriptors.o");
      std::string v4 = slurp(dir_ / "descriptors.o");
      if (v4.size() > 8) v4[8] = 2; // EI_ABIVERSION
      std::ofstream(dir_ / name, std::ios::binary) << v4;
    }
    ASSERT_TRUE(fs::exists(dir_ / name)) << setupError_;
  }

  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  // Kernel descriptors of random fields, reserved bits and bytes set now and then (64-byte
  // aligned, one symbol each, in a code section as llvm-objdump decodes them).
  static std::string randomKernelDescriptors() {
    std::mt19937 rng(gfxasm::test::testSeed(12345));
    auto chance = [&](unsigned percent) { return rng() % 100 < percent; };
    // Reserved bit ranges of COMPUTE_PGM_RSRC3/1/2 and the kernel code properties on gfx11.
    const std::vector<std::vector<std::pair<int, int>>> reserved = {
        {{12, 12}, {13, 13}, {14, 21}, {22, 30}},
        {{6, 9}, {10, 11}, {20, 20}, {22, 22}, {24, 24}, {25, 25}, {27, 27}, {28, 28}},
        {{13, 13}, {14, 14}, {15, 23}, {31, 31}},
        {{7, 9}, {12, 15}}};
    std::string s = ".text\n";
    for (int k = 0; k < 80; ++k) {
      uint32_t w[16] = {};
      for (int i = 0; i < 3; ++i) w[i] = chance(50) ? 0 : (chance(50) ? rng() : rng() % 4096);
      w[4] = rng(), w[5] = rng();
      for (int field = 0; field < 4; ++field) {
        uint32_t v = rng();
        for (auto [lo, hi] : reserved[field])
          if (!chance(3)) v &= ~static_cast<uint32_t>(((uint64_t(1) << (hi - lo + 1)) - 1) << lo);
        if (field < 3)
          w[11 + field] = v;
        else
          w[14] = (v & 0xffff) | (chance(50) ? rng() & 0xffff0000 : 0);
      }
      if (chance(2)) w[3] = 1u << (rng() % 32);
      if (chance(2)) w[6 + rng() % 5] = 1u << (rng() % 32);
      if (chance(2)) w[15] = 1u << (rng() % 32);
      s += fmt::format(".p2align 6\n.type k{0}.kd,@object\nk{0}.kd:\n.long ", k);
      for (int i = 0; i < 16; ++i) s += fmt::format("{}{:#x}", i ? ", " : "", w[i]);
      s += '\n';
    }
    return s;
  }

  // Runs both tools with `args` (options and files, in the work directory) and compares their
  // listings, errors and exit status. `cpu` and `mattr` are what the instructions decode for.
  void compare(const std::string &args, const std::string &cpu, const std::string &mattr = "") {
    SCOPED_TRACE(args);
    std::istringstream words(args);
    for (std::string w; words >> w;)
      if (w[0] != '-') need(w);
    if (HasFatalFailure()) return;
    ToolRun llvm = shell("llvm-objdump-22 -d " + args);
    ToolRun ours = shell(std::string(GFXASM_CLI) + " objdump -d " + args);
    ASSERT_EQ(llvm.status, 0) << llvm.err;
    EXPECT_EQ(ours.status, 0) << ours.err;
    EXPECT_EQ(ours.err, llvm.err);
    auto a = splitLines(llvm.out), b = splitLines(ours.out);
    size_t reported = 0;
    for (size_t i = 0; i < a.size() || i < b.size(); ++i) {
      if (i < a.size() && i < b.size() && a[i] == b[i]) continue;
      if (reported++ < 20)
        ADD_FAILURE() << fmt::format(
            "listings differ at line {} ({} on {}{})\n  llvm:   {}\n  gfxasm: {}", i + 1, args, cpu,
            mattr.empty() ? "" : " " + mattr, i < a.size() ? a[i] : "(end)",
            i < b.size() ? b[i] : "(end)");
      if (i >= a.size() || i >= b.size()) break;
    }
  }
};

fs::path ObjdumpVsLlvm::dir_;
std::string ObjdumpVsLlvm::setupError_;

TEST_F(ObjdumpVsLlvm, KernelsForEveryProcessor) {
  for (const char *cpu :
       {"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1153"})
    compare(fmt::format("kernels_{}.o", cpu), cpu);
}

// gfx9 (GCN5 and CDNA) code objects: the processor from the ELF header's EF_AMDGPU_MACH.
// (gfx950: clang-22 emits v_bitop3 there)
TEST_F(ObjdumpVsLlvm, Gfx9Kernels) {
  for (const char *cpu : {"gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx950"})
    compare(fmt::format("kernels9_{}.o", cpu), cpu);
}

// llvm-objdump takes no wave size from the file: wave64 code lists as wave32 without --mattr.
TEST_F(ObjdumpVsLlvm, Wave64Kernels) {
  compare("kernels_w64.o", "gfx1100");
  compare("--mattr=+wavefrontsize64 kernels_w64.o", "gfx1100", "+wavefrontsize64");
  compare("--mattr=+wavefrontsize64 kernels_gfx1151_w64.o", "gfx1151", "+wavefrontsize64");
}

TEST_F(ObjdumpVsLlvm, LinkedCodeObjects) {
  compare("kernels.so", "gfx1100");
  compare("kernels_stripped.so", "gfx1150"); // .dynsym's symbols only
}

TEST_F(ObjdumpVsLlvm, Options) {
  compare("--no-show-raw-insn kernels_gfx1100.o", "gfx1100");
  compare("--no-leading-addr kernels_gfx1100.o", "gfx1100");
  compare("-z layout.o", "gfx1100");
  compare("--disassemble-zeroes --no-leading-addr kernels.so", "gfx1100");
  compare("--mcpu=gfx1150 kernels_gfx1100.o", "gfx1150");
  compare("--mattr=-real-true16 kernels_gfx1100.o", "gfx1100", "-real-true16");
}

TEST_F(ObjdumpVsLlvm, Layout) {
  compare("layout.o", "gfx1100");
  compare("layout_gfx1151.o", "gfx1151");
  compare("layout.o kernels_gfx1103.o layout_gfx1151.o", "gfx1100");
}

// Odd SGPR and TTMP tuples (raw encodings): llvm-objdump's decoder comments after the dwords
// (' ; Warning: SGPR_64: scalar reg isn't aligned 19'), one per such operand, run together; and
// the branch target of the branches whose register llvm lists first (not printed).
TEST_F(ObjdumpVsLlvm, UnalignedScalarTuples) {
  for (const char *cpu : {"gfx900", "gfx90a", "gfx942", "gfx950"})
    compare(fmt::format("unaligned_tuples_gfx9_{}.o", cpu), cpu);
  for (const char *cpu : {"gfx1100", "gfx1151"}) {
    compare(fmt::format("unaligned_tuples_gfx11_{}.o", cpu), cpu);
    compare(fmt::format("--mattr=+wavefrontsize64 unaligned_tuples_gfx11_{}.o", cpu), cpu,
            "+wavefrontsize64");
  }
  // wave32 code listed as wave64: its odd lane-mask registers
  compare("--mattr=+wavefrontsize64 kernels_gfx1100.o", "gfx1100", "+wavefrontsize64");
}

TEST_F(ObjdumpVsLlvm, LargeSections) {
  compare("large.o", "gfx1100");
}

TEST_F(ObjdumpVsLlvm, KernelDescriptors) {
  compare("descriptors.o", "gfx1100");
  compare("descriptors_v4.o", "gfx1100");
}

// Errors whose message gfxasm words as llvm-objdump does.
TEST_F(ObjdumpVsLlvm, Errors) {
  need("layout.o");
  std::string truncated = slurp(dir_ / "layout.o").substr(0, 200);
  std::ofstream(dir_ / "truncated.o", std::ios::binary) << truncated;
  std::ofstream(dir_ / "text.o") << "not an object\n";
  for (const char *file : {"missing.o", "truncated.o", "text.o", "layout.o missing.o"}) {
    SCOPED_TRACE(file);
    ToolRun llvm = shell(fmt::format("llvm-objdump-22 -d {}", file));
    ToolRun ours = shell(fmt::format("{} objdump -d {}", GFXASM_CLI, file));
    EXPECT_EQ(llvm.status, 1);
    EXPECT_EQ(ours.status, 1);
    EXPECT_EQ(ours.out, llvm.out);
    std::string expected = llvm.err;
    size_t tool = expected.find("llvm-objdump-22:");
    ASSERT_NE(tool, std::string::npos) << expected;
    expected.replace(tool, 16, "gfxasm objdump:");
    EXPECT_EQ(ours.err, expected);
  }
}

} // namespace
