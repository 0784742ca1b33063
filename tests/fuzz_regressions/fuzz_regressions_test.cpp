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
