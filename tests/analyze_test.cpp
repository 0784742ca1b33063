// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The analyzer's rules on hand-written code, positive and negative.
#include <string>

#include <gtest/gtest.h>

#include "gfxasm/analyze.h"

namespace {

gfxasm::AnalyzeResult run(const std::string &cpu, const std::string &src, bool fix = false) {
  std::string err;
  auto t = gfxasm::Target::create(cpu, {}, &err);
  EXPECT_TRUE(t) << err;
  gfxasm::AnalyzeOptions o;
  o.fileName = "t.s";
  o.fix = fix;
  return gfxasm::analyze(*t, src, o);
}

unsigned count(const gfxasm::AnalyzeResult &r, const std::string &check) {
  unsigned n = 0;
  for (const auto &f : r.findings) n += f.check == check;
  return n;
}

TEST(AnalyzeWaitcnt, LoadReadWithoutWait) {
  auto r = run("gfx1100", "global_load_b32 v1, v[2:3], off\nv_add_f32_e32 v0, v1, v1\ns_endpgm\n",
               true);
  ASSERT_EQ(count(r, "waitcnt"), 1u);
  EXPECT_EQ(r.findings[0].diagnostic.line, 2u);
  EXPECT_EQ(r.findings[0].fix, "s_waitcnt vmcnt(0)");
  EXPECT_NE(r.fixed.find("s_waitcnt vmcnt(0)\nv_add_f32_e32"), std::string::npos) << r.fixed;
}

TEST(AnalyzeWaitcnt, CoveredLoadIsFine) {
  auto r = run("gfx1100",
               "global_load_b32 v1, v[2:3], off\ns_waitcnt vmcnt(0)\nv_add_f32_e32 v0, v1, v1\n"
               "s_endpgm\n");
  EXPECT_EQ(count(r, "waitcnt"), 0u);
}

TEST(AnalyzeWaitcnt, InOrderCountsLaterLoads) {
  // Two loads in flight: reading the first needs vmcnt(1) (in order), the second vmcnt(0).
  auto r = run("gfx900",
               "global_load_dword v1, v[2:3], off\nglobal_load_dword v4, v[2:3], off\n"
               "v_add_f32_e32 v0, v1, v1\nv_add_f32_e32 v0, v4, v0\ns_endpgm\n");
  ASSERT_EQ(count(r, "waitcnt"), 2u);
  EXPECT_EQ(r.findings[0].fix, "s_waitcnt vmcnt(1)");
  EXPECT_EQ(r.findings[1].fix, "s_waitcnt vmcnt(0)");
}

TEST(AnalyzeWaitcnt, SmemOutOfOrder) {
  // SMEM returns out of order: any pending SMEM result needs lgkmcnt(0).
  auto r = run("gfx900",
               "s_load_dword s4, s[0:1], 0x0\ns_load_dword s5, s[0:1], 0x4\n"
               "s_add_u32 s6, s4, 1\ns_endpgm\n");
  ASSERT_EQ(count(r, "waitcnt"), 1u);
  EXPECT_EQ(r.findings[0].fix, "s_waitcnt lgkmcnt(0)");
}

TEST(AnalyzeWaitcnt, AcrossLoopBackEdge) {
  // The load at the loop's end is read at its start on the next iteration.
  auto r = run("gfx1100",
               "s_mov_b32 s0, 4\n.Lloop:\nv_add_f32_e32 v0, v1, v0\nglobal_load_b32 v1, v[2:3], "
               "off\ns_sub_u32 s0, s0, 1\ns_cbranch_scc1 .Lloop\ns_endpgm\n");
  ASSERT_EQ(count(r, "waitcnt"), 1u);
  EXPECT_EQ(r.findings[0].diagnostic.line, 3u);
}

TEST(AnalyzeWaitcnt, StoreDataNeedsNoWait) {
  auto r = run("gfx1100", "global_store_b32 v[2:3], v1, off\nv_mov_b32_e32 v1, 0\ns_endpgm\n");
  EXPECT_EQ(count(r, "waitcnt"), 0u);
}

TEST(AnalyzeDelayAlu, ValuDependency) {
  auto r = run("gfx1100", "v_add_f32_e32 v0, v1, v2\nv_mul_f32_e32 v3, v0, v0\ns_endpgm\n", true);
  ASSERT_EQ(count(r, "delay_alu"), 1u);
  EXPECT_EQ(r.findings[0].fix, "s_delay_alu instid0(VALU_DEP_1)");
  EXPECT_NE(r.fixed.find("s_delay_alu instid0(VALU_DEP_1)\nv_mul_f32"), std::string::npos);
}

TEST(AnalyzeDelayAlu, CorrectDelayIsFine) {
  auto r = run("gfx1100", "v_add_f32_e32 v0, v1, v2\ns_delay_alu instid0(VALU_DEP_1)\n"
                          "v_mul_f32_e32 v3, v0, v0\ns_endpgm\n");
  EXPECT_EQ(count(r, "delay_alu"), 0u);
}

TEST(AnalyzeDelayAlu, WrongDistance) {
  auto r = run("gfx1100", "v_add_f32_e32 v0, v1, v2\ns_delay_alu instid0(VALU_DEP_2)\n"
                          "v_mul_f32_e32 v3, v0, v0\ns_endpgm\n");
  ASSERT_EQ(count(r, "delay_alu"), 1u);
  EXPECT_NE(r.findings[0].diagnostic.message.find("not ready"), std::string::npos);
}

TEST(AnalyzeDelayAlu, TransAndCombined) {
  // A TRANS result, then two VALU consumers: one s_delay_alu with instskip.
  auto r = run("gfx1100",
               "v_exp_f32_e32 v0, v1\nv_add_f32_e32 v2, v0, v0\nv_mul_f32_e32 v3, v2, v2\n"
               "s_endpgm\n",
               true);
  EXPECT_NE(r.fixed.find("s_delay_alu instid0(TRANS32_DEP_1) | instskip(NEXT) | "
                         "instid1(VALU_DEP_1)"),
            std::string::npos)
      << r.fixed;
}

TEST(AnalyzeDelayAlu, IndependentNeedsNone) {
  auto r = run("gfx1100", "v_add_f32_e32 v0, v1, v2\nv_mul_f32_e32 v3, v4, v4\ns_endpgm\n");
  EXPECT_EQ(count(r, "delay_alu"), 0u);
}

TEST(AnalyzeDelayAlu, NotOnGfx9) {
  auto r = run("gfx900", "v_add_f32_e32 v0, v1, v2\nv_mul_f32_e32 v3, v0, v0\ns_endpgm\n");
  EXPECT_EQ(count(r, "delay_alu"), 0u);
}

TEST(Analyze, BadInputIsAnError) {
  auto r = run("gfx1100", "v_bogus v0\n");
  EXPECT_FALSE(r.ok());
}

} // namespace
