// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Inputs the fuzzers once crashed or hung on, kept in this directory: *.s files
// (fuzz/fuzz_assembler.cpp) must assemble (or be rejected) without crashing, in every output
// mode; *.elf files (fuzz/fuzz_objdump.cpp) must be listed (or rejected) by gfxasm::objdump.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "gfxasm/gfxasm.h"

namespace {

std::vector<std::filesystem::path> regressionInputs(const char *extension = ".s") {
  std::vector<std::filesystem::path> files;
  for (const auto &e : std::filesystem::directory_iterator(GFXASM_FUZZ_REGRESSIONS_DIR))
    if (e.path().extension() == extension) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(FuzzRegressions, AssembleWithoutCrashing) {
  auto target = gfxasm::Target::create("gfx1100", {}, nullptr);
  ASSERT_TRUE(target);
  auto files = regressionInputs();
  ASSERT_FALSE(files.empty()) << "no inputs in " << GFXASM_FUZZ_REGRESSIONS_DIR;
  for (const auto &path : files) {
    SCOPED_TRACE(path.string());
    std::ifstream in(path, std::ios::binary);
    std::stringstream source;
    source << in.rdbuf();
    gfxasm::AssembleOptions options;
    options.maxExpansionBytes = 16 << 10; // (fuzz/fuzz_assembler.cpp's limits)
    options.maxSectionBytes = 16 << 20;
    for (bool showEncoding : {false, true}) {
      options.showEncoding = showEncoding;
      gfxasm::AssembleResult r = gfxasm::assemble(*target, source.str(), options);
      EXPECT_EQ(r.errorCount == 0, r.ok());
    }
    options.output = gfxasm::OutputKind::Object;
    gfxasm::AssembleResult o = gfxasm::assemble(*target, source.str(), options);
    EXPECT_EQ(o.errorCount == 0, o.ok());
    options.output = gfxasm::OutputKind::Null;
    gfxasm::AssembleResult r = gfxasm::assemble(*target, source.str(), options);
    EXPECT_TRUE(r.text.empty());
  }
}

// Repeating and padding directives stop at AssembleOptions::maxSectionBytes in all (each at
// 256 MiB), with an error at the directive that would pass it; in an object, the sections'
// alignments count (the file is padded to them).
TEST(FuzzRegressions, SectionBytesLimit) {
  auto target = gfxasm::Target::create("gfx1100", {}, nullptr);
  ASSERT_TRUE(target);
  gfxasm::AssembleOptions options;
  options.maxSectionBytes = 1 << 20;
  const std::string limit =
      "gfxasm: more than 1048576 bytes in the sections (AssembleOptions::maxSectionBytes)";
  struct Case {
    const char *source;
    uint32_t line, column;
  };
  for (gfxasm::OutputKind output : {gfxasm::OutputKind::Asm, gfxasm::OutputKind::Object}) {
    options.output = output;
    for (const Case &c :
         {Case{".zero 1000000\n.byte 1\n.fill 30000, 2, 7\n", 3, 1},
          Case{".zero 1000000\n.org . + 50000, 1\n", 2, 6},
          Case{".zero 1000000\n.byte 1\n.p2align 21\n", 3, 1},
          Case{".space 1048576\n.lcomm x, 1\n", 2, 1}, Case{"\t.zero 300000000\n", 1, 2}}) {
      SCOPED_TRACE(c.source);
      gfxasm::AssembleResult r = gfxasm::assemble(*target, c.source, options);
      ASSERT_EQ(r.errorCount, 1u);
      EXPECT_EQ(r.diagnostics[0].line, c.line);
      EXPECT_EQ(r.diagnostics[0].column, c.column);
      EXPECT_EQ(r.diagnostics[0].message,
                c.line == 1 ? "gfxasm: too many bytes for one directive" : limit);
    }
  }
  // (an object's file padding: only there)
  const char *aligned = ".section .a,\"a\"\n.p2align 19\n.section .b,\"a\"\n.p2align 18\n"
                        ".section .c,\"a\"\n.p2align 19\n";
  options.output = gfxasm::OutputKind::Asm;
  EXPECT_EQ(gfxasm::assemble(*target, aligned, options).errorCount, 0u);
  options.output = gfxasm::OutputKind::Object;
  gfxasm::AssembleResult r = gfxasm::assemble(*target, aligned, options);
  ASSERT_EQ(r.errorCount, 1u);
  EXPECT_EQ(r.diagnostics[0].line, 6u);
  EXPECT_EQ(r.diagnostics[0].message, limit);
}

// A macro that calls itself twice reaches the nesting limit 2^20 times; the errors' "while in
// macro instantiation" notes count against the expansion budget, which ends it after a few
// hundred errors here (llvm-mc-22 prints all of them, for minutes).
TEST(FuzzRegressions, MacroNotesCountAgainstExpansionBudget) {
  auto target = gfxasm::Target::create("gfx1100", {}, nullptr);
  ASSERT_TRUE(target);
  gfxasm::AssembleOptions options;
  options.maxExpansionBytes = 1 << 20;
  gfxasm::AssembleResult r = gfxasm::assemble(*target, ".macro m\nm\nm\n.endm\nm\n", options);
  EXPECT_GT(r.errorCount, 10u);
  EXPECT_LT(r.errorCount, 2000u);
  bool budget = false;
  for (const gfxasm::Diagnostic &d : r.diagnostics)
    budget |= d.message.starts_with("macro expansion exceeds gfxasm's limit of 1048576 bytes");
  EXPECT_TRUE(budget);
}

TEST(FuzzRegressions, ObjdumpWithoutCrashing) {
  for (const auto &path : regressionInputs(".elf")) {
    SCOPED_TRACE(path.string());
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    gfxasm::ObjdumpResult r =
        gfxasm::objdump(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
    EXPECT_TRUE(r.ok() || !r.text.empty() || !r.error.empty());
  }
}

} // namespace
