// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// gfx950's VALU forms whose modifier bits hold other operands, against llvm-mc-22 run at test time:
// v_bitop3's bitop3:N (in neg, abs and omod; printed decimal up to 10), the permlane swaps'
// bound_ctrl/fi (op_sel bits 0-1), op_sel picking a destination byte or half (with the kept neg/abs
// bits of llvm's hidden src2) and v_cvt_scalef32_sr_pk_fp4_f32's VGPR pair with neg/abs.
#include <gtest/gtest.h>

#include "oracle_util.h"

namespace {

using namespace gfxasm::test;

std::string joinLines(std::initializer_list<const char *> lines) {
  std::string s;
  for (const char *l : lines) s += std::string(l) + "\n";
  return s;
}

TEST(Gfx950Valu, AssemblesAsLlvmMc) {
  expectSameOutput(joinLines({
                       "v_bitop3_b32 v1, v2, v3, v4 bitop3:10",
                       "v_bitop3_b32 v1, s2, 1.0, v4 bitop3:0xb",
                       "v_bitop3_b32 v1, v2, v3, v4 bitop3:0x1ff", // (the low 8 bits)
                       "v_bitop3_b32 v1, v2, v3, v4 bitop3:-129",
                       "v_bitop3_b32 v1, v2, v3, v4 bitop3:1.0", // (a double's bits)
                       "v_bitop3_b32 v1, v2, v3, v4 bitop3:[3]",
                       "v_bitop3_b16 v1, v2, v3, 0.5 bitop3:0x80 op_sel:[1,0,1,1]",
                       "v_permlane16_swap_b32 v1, v2 bound_ctrl:0 fi:1",
                       "v_permlane32_swap_b32_e64 v1, v2 fi:3", // (bit 0 encoded, not printed)
                       "v_permlane16_swap_b32_e64 v1, v2 fi:0x100000001",
                       "v_cvt_sr_fp8_f32 v1, -v2, s3 op_sel:[0,0,1,1]",
                       "v_cvt_sr_bf8_f32 v1, v2, v3 op_sel:[0,0,1]",
                       "v_cvt_scalef32_pk_fp4_f16 v1, -v2, |v3| op_sel:[1,1,0,1]",
                       "v_cvt_scalef32_sr_pk_fp4_f32 v1, -|v[2:3]|, v3, -v4 op_sel:[0,0,1,1]",
                   }),
                   "gfx950");
  expectSameOutput("v_cvt_sr_fp8_f32 v1, v2, v3 op_sel:[0,0,0,1]\n", "gfx942");
}

TEST(Gfx950Valu, RejectsAsLlvmMc) {
  const char *const kBad[] = {
      "v_bitop3_b16 v1, v2, v3, v4 op_sel:[1,0,0,0] bitop3:3", // bitop3 first
      "v_bitop3_b32 v1, v2, v3, v4 bitop3:1 clamp",
      "v_bitop3_b16 v1, -v2, v3, v4 bitop3:3",
      "v_permlane16_swap_b32_e64 v1, v2 fi:1 bound_ctrl:1", // bound_ctrl first
      "v_permlane16_swap_b32_e64 v1, v2 bound_ctrl:2",
      "v_permlane16_swap_b32_e64 v1, s2",
      "v_cvt_sr_fp8_f32 v1, v2, v3 mul:2",
      "v_cvt_sr_fp8_f32 v1, v2, v3 op_sel:[0,0,1,1,0]",
      "v_cvt_scalef32_sr_pk_fp4_f32 v1, s[2:3], v3, v4",
      "v_cvt_scalef32_sr_pk_fp4_f32 v1, |v[2:3]|, |v3|, v4",
  };
  for (const char *line : kBad) {
    ToolRun llvm = runLlvmMc(std::string(line) + "\n", "gfx950");
    auto expected = parseDiagnostics(llvm.err);
    ASSERT_EQ(expected.size(), 1u) << line << ": " << llvm.err;
    auto r = assembleLikeCli(std::string(line) + "\n", "gfx950");
    auto got = parseDiagnostics(formatAll(r.diagnostics));
    ASSERT_EQ(got.size(), 1u) << line;
    EXPECT_EQ(got[0].col, expected[0].col) << line;
    EXPECT_EQ(got[0].message, expected[0].message) << line;
  }
}

// Decoded: the same text and encodings (the neg/abs bits of v_cvt_sr_fp8_f32's hidden src2 kept,
// the swaps' op_sel bits 2-3 dropped, a register of the wrong file noted inside |...|).
TEST(Gfx950Valu, DisassemblesAsLlvmMc) {
  const std::string bytes = joinLines({
      "0x01,0x07,0x34,0xd2,0x02,0x07,0x12,0xfc", // v_bitop3_b32 ... bitop3:0xff
      "0x01,0x7a,0x33,0xd2,0x02,0x07,0x12,0x44", // v_bitop3_b16 ... op_sel:[1,1,1,1]
      "0x01,0x78,0x99,0xd1,0x02,0x01,0x00,0x00", // v_permlane16_swap_b32_e64 ... bound_ctrl:1 fi:1
      "0x1c,0x47,0xa4,0xd2,0x0a,0x50,0xd9,0xe5", // v_cvt_sr_fp8_f32, src2's neg/abs set
      "0x80,0x27,0x4c,0xd2,0x42,0x0a,0xf5,0x22", // v_cvt_scalef32_pk_fp4_f16, the same
      "0x01,0x01,0x3e,0xd2,0x02,0x06,0x12,0x24", // -|s[2:3]| with llvm's note
      "0x01,0x01,0x3e,0xd2,0x03,0x07,0x12,0x24", // -|v[3:4]| (odd pair) with llvm's note
  });
  ToolRun llvm = runLlvmMc(bytes, "gfx950", "", "--disassemble");
  ToolRun ours = runAssembler(GFXASM_CLI, bytes, "gfx950", "", "--disassemble");
  ASSERT_NE(llvm.out.find("v_cvt_sr_fp8_f32"), std::string::npos) << llvm.err;
  EXPECT_EQ(ours.out, llvm.out);
  EXPECT_EQ(ours.err, llvm.err);
}

} // namespace
