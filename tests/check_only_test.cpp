// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// AssembleOptions::keepCode: a Null assembly without the code bytes (gfxasm -filetype=null)
// checks the same and reports the same as one with them.
#include <gtest/gtest.h>

#include "test_util.h"

namespace {

using namespace gfxasm;

std::string diagnosticsOf(const AssembleResult &r) {
  std::string s;
  for (const Diagnostic &d : r.diagnostics) s += formatDiagnostic(d);
  return s;
}

TEST(CheckOnly, SameDiagnosticsNoCode) {
  const char *source = "L1:\n"
                       "  v_add_f32 v0, 0x12345, v1\n"
                       "  v_bogus v1\n"
                       "  s_mov_b32 s0, s1 glc\n"
                       ".p2align 6\n"
                       "L2:\n"
                       "  s_branch L2\n"
                       "  s_branch L_undefined\n"
                       "  v_ceil_f64 v[0:1], 0.1\n"
                       "  buffer_load_dword v1, v2, s[4:7], s1 offen offset:4095 glc\n"
                       "  buffer_load_dword v1, v2, s[4:7], s1 offset:4096\n";
  for (const char *cpu : {"gfx1100", "gfx90a"}) {
    AssembleOptions withCode;
    withCode.output = OutputKind::Null;
    AssembleOptions checkOnly = withCode;
    checkOnly.keepCode = false;
    const AssembleResult a = assemble(test::target(cpu), source, withCode);
    const AssembleResult b = assemble(test::target(cpu), source, checkOnly);
    EXPECT_FALSE(a.diagnostics.empty()) << cpu;
    EXPECT_EQ(diagnosticsOf(a), diagnosticsOf(b)) << cpu;
    EXPECT_EQ(a.errorCount, b.errorCount) << cpu;
    EXPECT_FALSE(a.code.empty()) << cpu;
    EXPECT_TRUE(b.code.empty()) << cpu;
    EXPECT_TRUE(b.text.empty()) << cpu;
  }
}

// keepCode only matters for Null output: the text output is the same either way.
TEST(CheckOnly, TextOutputIgnoresIt) {
  AssembleOptions a;
  a.showEncoding = true;
  AssembleOptions b = a;
  b.keepCode = false;
  const char *source = "s_mov_b32 s0, 0x12345\ns_endpgm\n";
  const AssembleResult ra = assemble(test::target(), source, a);
  const AssembleResult rb = assemble(test::target(), source, b);
  EXPECT_EQ(ra.text, rb.text);
  EXPECT_EQ(ra.code, rb.code);
  EXPECT_EQ(ra.code.size(), 12u);
}

} // namespace
