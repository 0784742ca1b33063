// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// -filetype=obj and -filetype=asm against llvm-mc-22: the hand-written inputs of tests/object/
// and clang-22's output for the OpenCL corpus (tests/object/kernels/, compiled when the test
// runs) give the same object bytes and the same printed text. A difference is shown as the diff
// of both objects' `llvm-readelf-22 -a` listings.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "oracle_util.h"

namespace {

namespace fs = std::filesystem;
using gfxasm::test::slurp;

int run(const std::string &cmd) {
  int st = std::system(cmd.c_str());
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

std::string workDir() {
  const char *tmp = std::getenv("TMPDIR");
  std::string dir = fmt::format("{}/gfxasm_object_{}", tmp && *tmp ? tmp : "/tmp", ::getpid());
  fs::create_directories(dir);
  return dir;
}

struct Case {
  std::string file, options; // llvm-mc's options: -triple, -mcpu, -mattr
};

// Assembles `c` with both tools to objects and to text; empty when they agree, else what differs.
std::string compareBoth(const Case &c, const std::string &dir) {
  const std::string &opts = c.options;
  std::string mc = gfxasm::test::llvmMcPath();
  std::string a = dir + "/llvm.o", b = dir + "/gfxasm.o";
  fs::remove(a);
  fs::remove(b);
  int sa = run(fmt::format("{} {} -filetype=obj {} -o {} 2>{}/llvm.err", mc, opts, c.file, a, dir));
  int sb = run(fmt::format("{} {} -filetype=obj {} -o {} 2>{}/gfxasm.err", GFXASM_CLI, opts, c.file,
                           b, dir));
  std::string problems;
  if (sa != sb)
    problems +=
        fmt::format("exit status llvm-mc {} gfxasm {}\n{}\n", sa, sb, slurp(dir + "/gfxasm.err"));
  if (sa == 0 && sb == 0 && slurp(a) != slurp(b)) {
    run(fmt::format("llvm-readelf-22 -a -x .text {} > {}/llvm.txt 2>&1", a, dir));
    run(fmt::format("llvm-readelf-22 -a -x .text {} > {}/gfxasm.txt 2>&1", b, dir));
    run(fmt::format("cd {} && diff llvm.txt gfxasm.txt | grep -v 'File:' | head -40 > diff.txt",
                    dir));
    problems += "object bytes differ:\n" + slurp(dir + "/diff.txt");
  }
  // The printed text.
  run(fmt::format("{} {} {} > {}/llvm.s 2>/dev/null", mc, opts, c.file, dir));
  run(fmt::format("{} {} {} > {}/gfxasm.s 2>/dev/null", GFXASM_CLI, opts, c.file, dir));
  if (slurp(dir + "/llvm.s") != slurp(dir + "/gfxasm.s")) {
    run(fmt::format("cd {} && diff llvm.s gfxasm.s | head -20 > diff.txt", dir));
    problems += "printed text differs:\n" + slurp(dir + "/diff.txt");
  }
  return problems;
}

TEST(Object, HandWrittenInputsMatchLlvmMc) {
  std::string dir = workDir();
  std::vector<std::string> files;
  for (const auto &e : fs::directory_iterator(GFXASM_OBJECT_TEST_DIR))
    if (e.path().extension() == ".s") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());
  for (const std::string &f : files)
    for (const char *cpu : {"gfx1100", "gfx1151", "gfx900", "gfx90a", "gfx942"}) {
      std::string problems = compareBoth(
          {f, fmt::format("-triple=amdgcn-amd-amdhsa -mcpu={} -I {}", cpu, GFXASM_OBJECT_TEST_DIR)},
          dir);
      EXPECT_EQ(problems, "") << f << " on " << cpu;
    }
  fs::remove_all(dir);
}

// The same inputs for the other OSes llvm-mc writes objects for (PAL, Mesa, none): .rel
// sections with the addends in the relocated bytes, no HSA directives.
TEST(Object, HandWrittenInputsOnOtherOsesMatchLlvmMc) {
  std::string dir = workDir();
  for (const char *name :
       {"alignment.s", "data.s", "relocations.s", "section_kinds.s", "sections.s", "symbols.s"})
    for (const char *triple : {"amdgcn-amd-amdpal", "amdgcn-mesa-mesa3d", "amdgcn--"})
      for (const char *cpu : {"gfx1100", "gfx900", "gfx90a"}) {
        std::string file = std::string(GFXASM_OBJECT_TEST_DIR) + "/" + name;
        std::string problems =
            compareBoth({file, fmt::format("-triple={} -mcpu={}", triple, cpu)}, dir);
        EXPECT_EQ(problems, "") << file << " on " << triple << " " << cpu;
      }
  fs::remove_all(dir);
}

// LLVM's code generator on IR beyond OpenCL (tests/object/codegen/*.ll, written for this test):
// graphics shaders for PAL and Mesa, calls, WMMA, MFMA, 16-bit code with true16 and wave64.
// clang-22 compiles each file for the `; gfxasm-test: TRIPLE CPU [FEATURE]` lines it names.
TEST(Object, CodeGeneratorOutputMatchesLlvmMc) {
  std::string dir = workDir();
  const std::string codegen = std::string(GFXASM_OBJECT_TEST_DIR) + "/codegen";
  std::vector<std::string> files;
  for (const auto &e : fs::directory_iterator(codegen))
    if (e.path().extension() == ".ll") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  unsigned compiled = 0;
  for (const std::string &file : files) {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
      const std::string tag = "; gfxasm-test: ";
      if (!line.starts_with(tag)) continue;
      std::istringstream words(line.substr(tag.size()));
      std::string triple, cpu, feature;
      words >> triple >> cpu >> feature;
      const std::string s = dir + "/codegen.s";
      fs::remove(s);
      ASSERT_EQ(
          run(fmt::format("clang-22 -nogpulib -Wno-override-module -target {} -mcpu={} {} -O2 "
                          "-S -o {} {} 2>{}/clang.err",
                          triple, cpu,
                          feature.empty() ? "" : "-Xclang -target-feature -Xclang " + feature, s,
                          file, dir)),
          0)
          << file << " " << line << "\n"
          << slurp(dir + "/clang.err");
      const std::string options = fmt::format("-triple={} -mcpu={}{}", triple, cpu,
                                              feature.empty() ? "" : " -mattr=" + feature);
      EXPECT_EQ(compareBoth({s, options}, dir), "") << file << " (" << options << ")";
      ++compiled;
    }
  }
  EXPECT_GE(compiled, 10u);
  fs::remove_all(dir);
}

// clang-22 kernels (tests/object/build_corpus.sh --quick: every kernel, processor and variant
// at least once; its manifest.tsv gives llvm-mc's options for each file), compared whole:
// sections, symbols, relocations, .set expressions, the kernel descriptors, the metadata note.
TEST(Object, CompilerOutputMatchesLlvmMc) {
  std::string dir = workDir();
  std::string corpus = dir + "/corpus";
  fs::create_directories(corpus);
  std::string script = std::string(GFXASM_OBJECT_TEST_DIR) + "/build_corpus.sh";
  ASSERT_TRUE(fs::exists(script)) << script;
  ASSERT_EQ(run(fmt::format("bash {} --quick {} > {}/build.log 2>&1", script, corpus, dir)), 0)
      << slurp(dir + "/build.log");
  std::ifstream manifest(corpus + "/manifest.tsv");
  std::string entry;
  unsigned files = 0, same = 0;
  while (std::getline(manifest, entry)) {
    size_t tab = entry.find('\t');
    ASSERT_NE(tab, std::string::npos) << entry;
    std::string name = entry.substr(0, tab), options = entry.substr(tab + 1);
    std::string input = corpus + "/" + name;
    std::string problems = compareBoth({input, options}, dir);
    EXPECT_EQ(problems, "") << name << " (" << options << ")";
    ++files;
    same += problems.empty();
  }
  EXPECT_GE(files, 50u);
  std::printf("compiler output: %u of %u files identical (object bytes and text)\n", same, files);
  fs::remove_all(dir);
}

} // namespace
