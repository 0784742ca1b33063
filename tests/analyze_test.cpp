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
  auto r =
      run("gfx1100", "global_load_b32 v1, v[2:3], off\nv_add_f32_e32 v0, v1, v1\ns_endpgm\n", true);
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
  auto r = run("gfx900", "global_load_dword v1, v[2:3], off\nglobal_load_dword v4, v[2:3], off\n"
                         "v_add_f32_e32 v0, v1, v1\nv_add_f32_e32 v0, v4, v0\ns_endpgm\n");
  ASSERT_EQ(count(r, "waitcnt"), 2u);
  EXPECT_EQ(r.findings[0].fix, "s_waitcnt vmcnt(1)");
  EXPECT_EQ(r.findings[1].fix, "s_waitcnt vmcnt(0)");
}

TEST(AnalyzeWaitcnt, SmemOutOfOrder) {
  // SMEM returns out of order: any pending SMEM result needs lgkmcnt(0).
  auto r = run("gfx900", "s_load_dword s4, s[0:1], 0x0\ns_load_dword s5, s[0:1], 0x4\n"
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
  // A TRANS result, then two VALU consumers: one s_delay_alu with instskip (gfx11.5, which has
  // no TRANS-use hazard).
  const char *source =
      "v_exp_f32_e32 v0, v1\nv_add_f32_e32 v2, v0, v0\nv_mul_f32_e32 v3, v2, v2\ns_endpgm\n";
  auto r = run("gfx1151", source, true);
  EXPECT_NE(r.fixed.find("s_delay_alu instid0(TRANS32_DEP_1) | instskip(NEXT) | "
                         "instid1(VALU_DEP_1)"),
            std::string::npos)
      << r.fixed;
  // gfx1100: the TRANS-use hazard's wait for all VALU results comes first (as LLVM's hazard
  // recognizer places it), and only the second dependency needs a delay.
  r = run("gfx1100", source, true);
  EXPECT_NE(r.fixed.find("v_exp_f32_e32 v0, v1\n\ts_waitcnt_depctr depctr_va_vdst(0)\n"
                         "v_add_f32_e32 v2, v0, v0\n\ts_delay_alu instid0(VALU_DEP_1)\n"),
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

namespace {

TEST(AnalyzeObject, FindsTheSameAsTheText) {
  // The object of a kernel with a missing wait: the finding at the function and offset.
  std::string err;
  auto t = gfxasm::Target::create("gfx1100", {}, &err);
  ASSERT_TRUE(t) << err;
  const char *src = "\t.text\n\t.globl k\n\t.type k,@function\nk:\n"
                    "\tglobal_load_b32 v1, v[2:3], off\n\tv_add_f32_e32 v0, v1, v1\n\ts_endpgm\n"
                    ".Lend:\n\t.size k, .Lend-k\n";
  gfxasm::AssembleOptions a;
  a.output = gfxasm::OutputKind::Object;
  auto obj = gfxasm::assemble(*t, src, a);
  ASSERT_TRUE(obj.ok());
  gfxasm::AnalyzeOptions o;
  o.fileName = "k.o";
  auto r = gfxasm::analyzeObject(*t, obj.object, o);
  ASSERT_TRUE(r.ok());
  // (no k.kd: a callable function, whose entry waits for what its caller left in flight)
  ASSERT_EQ(r.findings.size(), 2u);
  EXPECT_EQ(r.findings[0].fix, "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)");
  EXPECT_EQ(r.findings[1].check, "waitcnt");
  EXPECT_EQ(r.findings[1].fix, "s_waitcnt vmcnt(0)");
  EXPECT_NE(r.findings[1].diagnostic.message.find("k+0x8"), std::string::npos)
      << r.findings[1].diagnostic.message;
}

TEST(AnalyzeObject, MalformedIsAnError) {
  std::string err;
  auto t = gfxasm::Target::create("gfx1100", {}, &err);
  const uint8_t junk[] = {0x7f, 'E', 'L', 'F', 1, 2, 3};
  auto r = gfxasm::analyzeObject(*t, junk, {});
  EXPECT_FALSE(r.ok());
}

TEST(AnalyzeDelayAlu, VopdAccumulatorHalves) {
  // v_dual_fmac's Y half reads its destination (v20) written by the VALU one back.
  auto r = run("gfx1100",
               "v_mov_b32_e32 v20, v58\n"
               "v_dual_mov_b32 v21, v57 :: v_dual_fmac_f32 v20, v0, v11\ns_endpgm\n",
               true);
  EXPECT_NE(r.fixed.find("s_delay_alu instid0(VALU_DEP_1)\nv_dual_mov_b32"), std::string::npos)
      << r.fixed;
}

TEST(AnalyzeDelayAlu, ValuSgprWriteInterlock) {
  // An SALU op reading an SGPR a VALU wrote needs no s_delay_alu (the hardware waits).
  auto r = run("gfx1100", "v_cmp_le_i32_e64 s1, s14, v4\ns_or_b32 s3, s1, s3\ns_endpgm\n");
  EXPECT_EQ(count(r, "delay_alu"), 0u);
}

TEST(AnalyzeDelayAlu, SaluDependency) {
  auto r = run("gfx1100",
               "s_and_b32 s2, s2, 0xffff\nv_mad_u64_u32 v[1:2], null, s15, s2, v[0:1]\n"
               "s_endpgm\n",
               true);
  EXPECT_NE(r.fixed.find("s_delay_alu instid0(SALU_CYCLE_1)\nv_mad_u64_u32"), std::string::npos)
      << r.fixed;
}

TEST(AnalyzeWaitcnt, FunctionEntryAndReturn) {
  // A callable function (no kernel descriptor): full wait at its entry, and before s_setpc_b64
  // for what it started.
  auto r = run("gfx1100",
               "\t.text\n\t.type f,@function\nf:\n\tv_mov_b32_e32 v0, 0\n"
               "\tglobal_load_b32 v1, v[2:3], off\n\ts_setpc_b64 s[30:31]\n",
               true);
  ASSERT_EQ(count(r, "waitcnt"), 2u);
  EXPECT_EQ(r.findings[0].fix, "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)");
  EXPECT_EQ(r.findings[1].fix, "s_waitcnt vmcnt(0)");
}

TEST(AnalyzeWaitcnt, BarrierWaitsForLds) {
  auto r = run("gfx1100", "ds_store_b32 v1, v2\ns_barrier\ns_endpgm\n");
  ASSERT_EQ(count(r, "waitcnt"), 1u);
  EXPECT_EQ(r.findings[0].fix, "s_waitcnt lgkmcnt(0)");
}

TEST(AnalyzeWaitcnt, ExistingWaitIsMerged) {
  // An s_waitcnt right before the instruction is replaced by the combined one.
  auto r = run("gfx900",
               "global_load_dword v1, v[2:3], off\ns_load_dword s4, s[0:1], 0x0\n"
               "s_waitcnt lgkmcnt(0)\nv_add_f32_e32 v0, s4, v1\ns_endpgm\n",
               true);
  EXPECT_NE(r.fixed.find("\ts_waitcnt vmcnt(0) lgkmcnt(0)\nv_add_f32"), std::string::npos)
      << r.fixed;
}

// The memory model's marks (waitcnt.cpp's kMemoryModelMarks, read from clang-22's output of
// tests/analyze/memory_model.cl): the waits below are the ones clang wrote there.
TEST(AnalyzeWaitcnt, MemoryModelMarks) {
  // gfx942 release at agent scope: buffer_wbl2 sc1, then the atomic waits for everything.
  auto r = run("gfx942",
               "global_store_dword v0, v1, s[2:3]\nbuffer_wbl2 sc1\n"
               "global_store_dword v1, v2, s[0:1] sc1\ns_endpgm\n",
               true);
  ASSERT_EQ(count(r, "waitcnt"), 1u);
  EXPECT_NE(r.fixed.find("buffer_wbl2 sc1\n\ts_waitcnt vmcnt(0)\nglobal_store_dword v1"),
            std::string::npos)
      << r.fixed;
  // Per case the wait findings and the first one's fix ("" for none).
  struct Case {
    const char *cpu, *text;
    unsigned waits;
    const char *fix;
  } cases[] = {
      // gfx90a at system scope the same with buffer_wbl2; no write-back: a relaxed store.
      {"gfx90a",
       "global_store_dword v0, v1, s[2:3]\nbuffer_wbl2\nglobal_store_dword v1, v2, s[0:1]\n", 1,
       "s_waitcnt vmcnt(0)"},
      {"gfx942", "global_store_dword v0, v1, s[2:3]\nglobal_store_dword v1, v2, s[0:1] sc1\n", 0,
       ""},
      // gfx942 acquire-only atomic (no write-back before it): only the invalidation waits.
      {"gfx942",
       "global_store_dword v0, v1, s[2:3]\nglobal_atomic_add v1, v1, v2, s[0:1] sc0\n"
       "buffer_inv sc1\n",
       1, "s_waitcnt vmcnt(0)"},
      // gfx900 (no mark for a release at agent scope): the same atomic is taken as acq_rel.
      {"gfx900",
       "global_store_dword v0, v1, s[2:3]\nglobal_atomic_add v1, v1, v2, s[0:1] glc\n"
       "buffer_wbinvl1_vol\n",
       2, "s_waitcnt vmcnt(0)"},
      // gfx1100: the acquire of a load waits for the load (vmcnt), not for the stores before
      // it; of an atomic without return for the stores (vscnt).
      {"gfx1100",
       "global_store_b32 v1, v0, s[2:3]\nglobal_load_b32 v0, v1, s[0:1] glc\nbuffer_gl0_inv\n", 1,
       "s_waitcnt vmcnt(0)"},
      {"gfx1100", "global_atomic_add_u32 v1, v2, s[0:1]\nbuffer_gl1_inv\nbuffer_gl0_inv\n", 1,
       "s_waitcnt_vscnt null, 0x0"},
  };
  for (const Case &c : cases) {
    auto w = run(c.cpu, std::string(c.text) + "s_endpgm\n");
    ASSERT_EQ(count(w, "waitcnt"), c.waits) << c.cpu << "\n" << c.text;
    if (c.waits) {
      EXPECT_EQ(w.findings[0].fix, c.fix) << c.cpu << "\n" << c.text;
    }
  }
}

// The timing estimate through the API and its text and JSON forms (the rules themselves are
// tests/timing_test.cpp's): the CFG, the seed's 4-cycle issue, registers and occupancy.
TEST(AnalyzeTiming, ListingCfgAndOccupancy) {
  std::string err;
  auto t = gfxasm::Target::create("gfx900", {}, &err);
  ASSERT_TRUE(t) << err;
  gfxasm::AnalyzeOptions o;
  o.fileName = "t.s";
  o.timing = true;
  auto r = gfxasm::analyze(*t,
                           "s_cbranch_scc0 .L1\nv_mov_b32 v0, 0\nv_mov_b32 v40, v0\n"
                           "v_mov_b32 v41, v40\n.L1:\ns_endpgm\n",
                           o);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.timingModel, "gcn");
  ASSERT_EQ(r.timing.size(), 1u);
  const gfxasm::TimedFunction &f = r.timing[0];
  ASSERT_EQ(f.blocks.size(), 3u);
  // The branch block goes to its target and the fall-through; the target ends the program.
  EXPECT_EQ(f.blocks[0].succs, (std::vector<unsigned>{2, 1}));
  EXPECT_EQ(f.blocks[1].succs, (std::vector<unsigned>{2}));
  EXPECT_TRUE(f.blocks[2].succs.empty());
  EXPECT_EQ(f.blocks[2].label, ".L1");
  ASSERT_EQ(f.blocks[1].instructions.size(), 3u);
  // One VALU instruction every 4 cycles, the listing in the text's words and lines.
  const auto &valu = f.blocks[1].instructions;
  EXPECT_EQ(valu[1].issue, valu[0].issue + 4);
  EXPECT_EQ(valu[2].issue, valu[1].issue + 4);
  EXPECT_EQ(valu[1].text, "v_mov_b32 v40, v0");
  EXPECT_EQ(valu[1].line, 3u);
  // v0..v41 used: 42 VGPRs, allocated in granules of 4 (44) of gfx900's 256: 5 waves per SIMD.
  EXPECT_EQ(f.vgprs, 42u);
  EXPECT_EQ(f.occupancy, 5u);
  std::string text = gfxasm::formatTimingText(r);
  EXPECT_NE(text.find("occupancy: 5 waves per SIMD"), std::string::npos) << text;
  EXPECT_NE(text.find("  block 0: "), std::string::npos) << text;
  EXPECT_NE(text.find("next: 2, 1"), std::string::npos) << text;
  std::string json = gfxasm::formatAnalysisJson(r);
  EXPECT_NE(json.find("\"timing_model\": \"gcn\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"occupancy\": 5"), std::string::npos) << json;
  EXPECT_NE(json.find("\"succs\": [2, 1]"), std::string::npos) << json;
  // Without the option, no timing (and the JSON as before).
  o.timing = false;
  auto plain = gfxasm::analyze(*t, "s_endpgm\n", o);
  EXPECT_TRUE(plain.timing.empty());
  EXPECT_EQ(gfxasm::formatAnalysisJson(plain).find("timing"), std::string::npos);
}

} // namespace
