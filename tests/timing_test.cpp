// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The timing models' rules, each with the cycle counts its source states: every rule of the GCN
// timing seed (../shared/seeds/004: 4-cycle issue, class cycle counts, 2-dword alignment, jump
// targets and conditional jumps in their 32-byte block, the 16-cycle VALU -> SALU delay, 4 or 20
// cycles per jump, a branch on a flag right after its write), RDNA3's dependency latencies
// (VALU 5, TRANS 10, SALU 2) and memory latencies, occupancy, and the llvm-mca table lookup.
#include <algorithm>
#include <optional>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "analysis/hazard_rules.h"
#include "analysis/hazards.h"
#include "analysis/mca_latency.h"
#include "analysis/timing.h"
#include "gfxasm/analyze.h"

namespace gfxasm::analysis {
namespace {

struct Timed {
  std::unique_ptr<Program> program;
  ProgramTiming timing;
  const InstTiming &at(size_t i) const { return timing.functions[0].insts.at(i); }
  const Instruction &ins(size_t i) const { return program->functions[0].insts.at(i); }
};

Timed timed(const char *cpu, const std::string &text, std::vector<std::string> mattr = {}) {
  std::string err;
  auto target = Target::create(cpu, mattr, &err);
  EXPECT_TRUE(target) << err;
  static std::vector<std::unique_ptr<Target>> keep; // the program points at its target
  keep.push_back(std::make_unique<Target>(*target));
  Timed t;
  t.program = loadAssembly(*keep.back(), text, "t.s");
  EXPECT_EQ(t.program->errorCount, 0u);
  EXPECT_FALSE(t.program->functions.empty());
  t.timing = estimateTiming(*t.program);
  return t;
}

// Seed: "almost instructions are executed within 4 cycles (scalar and vector)".
TEST(GcnTiming, FourCycleIssue) {
  Timed t = timed("gfx900", "s_mov_b32 s0, s1\nv_mov_b32 v0, v1\ns_mov_b32 s2, s3\n");
  EXPECT_EQ(t.at(0).issue, 0u);
  EXPECT_EQ(t.at(1).issue, 4u);
  EXPECT_EQ(t.at(2).issue, 8u);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(t.at(i).cycles, 4u) << i;
  EXPECT_EQ(t.timing.functions[0].cycles, 12u);
}

// Seed: SOP2, SOPK, SOP1 and SOPC instructions take 4 cycles; S_SETREG_B32 and
// S_SETREG_IMM32_B32 8; S_*_SAVEEXEC_B64 8.
TEST(GcnTiming, ScalarClassCycles) {
  Timed t = timed("gfx900", "s_add_u32 s0, s1, s2\n"
                            "s_movk_i32 s0, 0x10\n"
                            "s_not_b32 s0, s1\n"
                            "s_cmp_eq_u32 s0, s1\n"
                            "s_setreg_b32 hwreg(HW_REG_MODE, 0, 1), s0\n"
                            "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 1), 1\n"
                            "s_and_saveexec_b64 s[0:1], s[2:3]\n"
                            "s_or_saveexec_b64 s[0:1], s[2:3]\n"
                            "s_andn2_saveexec_b64 s[0:1], s[2:3]\n");
  const unsigned expected[] = {4, 4, 4, 4, 8, 8, 8, 8, 8};
  for (size_t i = 0; i < std::size(expected); ++i) EXPECT_EQ(t.at(i).cycles, expected[i]) << i;
}

// Seed: "Jumps costs 4 (no jump) or 20 cycles if jump will performed".
TEST(GcnTiming, JumpCycles) {
  Timed t = timed("gfx900", "s_cbranch_scc0 L\ns_branch L\nL:\ns_endpgm\n");
  EXPECT_EQ(t.at(0).cycles, 4u);
  EXPECT_EQ(t.at(0).takenCycles, 20u);
  EXPECT_EQ(t.at(1).takenCycles, 20u);
  // The walk falls through the conditional jump (4) and takes the jump (20).
  EXPECT_EQ(t.at(1).issue, 4u);
  EXPECT_EQ(t.at(2).issue, 24u);
}

// Seed: only the first 3 dwords of a 32-byte block are free for 2-dword instructions; one
// outside them costs a penalty of 4 cycles.
TEST(GcnTiming, TwoDwordAlignment) {
  Timed free3 = timed("gfx900", "s_nop 0\ns_nop 0\ns_mov_b32 s0, 0x12345678\n");
  EXPECT_EQ(free3.ins(2).offset, 8u);
  EXPECT_EQ(free3.at(2).stall, 0u);
  Timed late = timed("gfx900", "s_nop 0\ns_nop 0\ns_nop 0\ns_mov_b32 s0, 0x12345678\n");
  EXPECT_EQ(late.ins(3).offset, 12u);
  EXPECT_EQ(late.at(3).stall, 4u);
  EXPECT_EQ(late.at(3).reasons, Stall_Alignment);
  // One-dword instructions there cost nothing.
  Timed one = timed("gfx900", "s_nop 0\ns_nop 0\ns_nop 0\ns_nop 0\ns_mov_b32 s0, 1\n");
  EXPECT_EQ(one.at(4).stall, 0u);
}

// Seed: "if instruction is longer (more than four cycles) then last cycles/4 dwords are free":
// s_setreg_imm32_b32 (2 dwords, 8 cycles) in the last 2 dwords of its block costs nothing, one
// dword earlier a penalty.
TEST(GcnTiming, LongInstructionLastDwordsFree) {
  std::string nops5 = "s_nop 0\ns_nop 0\ns_nop 0\ns_nop 0\ns_nop 0\n";
  Timed at6 = timed("gfx900", nops5 + "s_nop 0\ns_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 1), 1\n");
  EXPECT_EQ(at6.ins(6).offset, 24u);
  EXPECT_EQ(at6.at(6).stall, 0u);
  Timed at5 = timed("gfx900", nops5 + "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 1), 1\n");
  EXPECT_EQ(at5.ins(5).offset, 20u);
  EXPECT_EQ(at5.at(5).stall, 4u);
}

// Seed: "if 16 or more cycle 2-dword instruction and 2 dword instruction in 4 dword, then no
// penalty for second 2-dword instruction": v_mul_lo_u32 (VOP3, quarter rate: 16 cycles on
// gfx900) in dwords 1-2, then a 2-dword instruction in dword 3.
TEST(GcnTiming, LongPairFreesFourthDword) {
  Timed t = timed("gfx900", "s_nop 0\nv_mul_lo_u32 v0, v1, v2\nv_add_f32_e64 v3, v4, v5\n");
  EXPECT_EQ(t.at(1).cycles, 16u);
  EXPECT_EQ(t.ins(2).offset, 12u);
  EXPECT_EQ(t.at(2).stall, 0u);
  // After a 4-cycle 2-dword instruction the same place costs a penalty.
  Timed s = timed("gfx900", "s_nop 0\nv_add_f32_e64 v0, v1, v2\nv_add_f32_e64 v3, v4, v5\n");
  EXPECT_EQ(s.at(2).stall, 4u);
}

// Seed: jump targets in the first 5 dwords of a block cost nothing, in dword N (0-based) N-4
// penalties; backward jumps are not affected.
TEST(GcnTiming, JumpTargetPlace) {
  auto targetStall = [](unsigned nopsBefore) {
    std::string text = "s_branch L\n";
    for (unsigned i = 0; i < nopsBefore; ++i) text += "s_nop 0\n";
    Timed t = timed("gfx900", text + "L:\ns_endpgm\n");
    EXPECT_EQ(t.ins(nopsBefore + 1).offset, 4u * (nopsBefore + 1));
    return t.at(nopsBefore + 1).stall;
  };
  EXPECT_EQ(targetStall(3), 0u);  // dword 4
  EXPECT_EQ(targetStall(4), 4u);  // dword 5: 1 penalty
  EXPECT_EQ(targetStall(6), 12u); // dword 7: 3 penalties
  Timed back = timed("gfx900", "s_nop 0\ns_nop 0\ns_nop 0\ns_nop 0\ns_nop 0\nL:\ns_nop 0\n"
                               "s_cbranch_scc0 L\ns_endpgm\n");
  EXPECT_EQ(back.at(5).stall, 0u);
}

// Seed: a conditional jump in the second half of its block costs N-3 penalties when not taken.
TEST(GcnTiming, ConditionalJumpPlace) {
  auto jumpStall = [](unsigned nopsBefore) {
    std::string text;
    for (unsigned i = 0; i < nopsBefore; ++i) text += "s_nop 0\n";
    Timed t = timed("gfx900", text + "s_cbranch_scc0 L\nL:\ns_endpgm\n");
    return t.at(nopsBefore).stall;
  };
  EXPECT_EQ(jumpStall(3), 0u);  // dword 3
  EXPECT_EQ(jumpStall(4), 4u);  // dword 4: 1 penalty
  EXPECT_EQ(jumpStall(7), 16u); // dword 7: 4 penalties
}

// Seed: 16 cycles between an integer V_ADD*/V_SUB*/V_READLANE_B32/V_READFIRSTLANE_B32 and any
// scalar ALU instruction.
TEST(GcnTiming, ValuToSaluDelay) {
  const char *producers[] = {"v_add_u32_e32 v0, v1, v2",         "v_sub_u32_e32 v0, v1, v2",
                             "v_add_co_u32_e32 v0, vcc, v1, v2", "v_subrev_u16_e32 v0, v1, v2",
                             "v_readlane_b32 s4, v1, 0",         "v_readfirstlane_b32 s4, v1"};
  for (const char *p : producers) {
    Timed t = timed("gfx900", std::string(p) + "\ns_mov_b32 s0, s1\n");
    EXPECT_EQ(t.at(1).stall, 16u) << p;
    EXPECT_EQ(t.at(1).reasons, Stall_ValuToSalu) << p;
  }
  // Float adds and other VALU instructions do not delay; nor does a VALU after the add.
  Timed f = timed("gfx900", "v_add_f32_e32 v0, v1, v2\ns_mov_b32 s0, s1\n");
  EXPECT_EQ(f.at(1).stall, 0u);
  Timed v = timed("gfx900", "v_add_u32_e32 v0, v1, v2\nv_mov_b32 v3, v4\n");
  EXPECT_EQ(v.at(1).stall, 0u);
  // Instructions in between count towards the 16 cycles.
  Timed gap = timed("gfx900", "v_add_u32_e32 v0, v1, v2\nv_mov_b32 v3, v4\ns_mov_b32 s0, s1\n");
  EXPECT_EQ(gap.at(2).stall, 12u);
}

// Seed: a conditional jump on VCCZ/EXECZ right after an instruction that changes VCC/EXEC, or on
// SCC right after one that changes SCC, EXEC or VCC, costs a penalty (4 cycles).
TEST(GcnTiming, BranchRightAfterFlagWrite) {
  struct Case {
    const char *writer, *branch;
    unsigned stall;
  } cases[] = {
      {"v_cmp_eq_u32_e32 vcc, v0, v1", "s_cbranch_vccz", 4},
      {"s_mov_b64 vcc, s[0:1]", "s_cbranch_vccnz", 4},
      {"s_mov_b64 exec, s[0:1]", "s_cbranch_execz", 4},
      {"s_mov_b64 exec, s[0:1]", "s_cbranch_execnz", 4},
      {"s_cmp_eq_u32 s0, s1", "s_cbranch_scc0", 4},
      {"s_mov_b64 exec, s[0:1]", "s_cbranch_scc1", 4},
      {"v_cmp_eq_u32_e32 vcc, v0, v1", "s_cbranch_scc1", 4},
      {"s_cmp_eq_u32 s0, s1", "s_cbranch_vccz", 0}, // SCC does not matter to VCCZ
      {"s_mov_b32 s2, s3", "s_cbranch_scc0", 0},
  };
  for (const Case &c : cases) {
    Timed t = timed("gfx900", std::string(c.writer) + "\n" + c.branch + " L\nL:\ns_endpgm\n");
    EXPECT_EQ(t.at(1).stall, c.stall) << c.writer << " / " << c.branch;
  }
  // Not right after: no penalty.
  Timed gap = timed("gfx900", "s_cmp_eq_u32 s0, s1\ns_nop 0\ns_cbranch_scc0 L\nL:\ns_endpgm\n");
  EXPECT_EQ(gap.at(2).stall, 0u);
}

// Per-instruction latencies from llvm-mca's gfx9 models, in 4-cycle passes: quarter-rate
// v_mul_lo_u32 16 on gfx900, full rate on gfx90a; f64 FMA 32 on gfx900, 4 on gfx90a.
TEST(GcnTiming, McaLatencies) {
  Timed t900 =
      timed("gfx900", "v_mul_lo_u32 v0, v1, v2\nv_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]\n");
  EXPECT_EQ(t900.at(0).cycles, 16u);
  EXPECT_EQ(t900.at(1).cycles, 32u);
  Timed t90a =
      timed("gfx90a", "v_mul_lo_u32 v0, v1, v2\nv_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]\n");
  EXPECT_EQ(t90a.at(0).cycles, 4u);
  EXPECT_EQ(t90a.at(1).cycles, 4u);
}

// Memory: s_waitcnt waits for the operations it names (SMEM 20 cycles, VMEM 320 on gfx9).
TEST(GcnTiming, WaitcntStalls) {
  Timed t = timed("gfx900", "s_load_dword s0, s[0:1], 0x0\n"
                            "global_load_dword v0, v[2:3], off\n"
                            "s_waitcnt lgkmcnt(0)\n"
                            "s_waitcnt vmcnt(0)\n");
  EXPECT_EQ(t.at(0).latency, 20u);
  EXPECT_EQ(t.at(1).latency, 320u);
  EXPECT_EQ(t.at(1).issue, 4u);
  EXPECT_EQ(t.at(1).outstanding[Cnt_Vm], 1u);
  EXPECT_EQ(t.at(1).outstanding[Cnt_Lgkm], 1u);
  EXPECT_EQ(t.at(2).issue, 20u); // the load issued at 0 completes at 20
  EXPECT_EQ(t.at(2).reasons, Stall_Waitcnt);
  EXPECT_EQ(t.at(3).issue, 324u);
  // vmcnt(1) with two loads in flight waits for the first only.
  Timed two = timed("gfx900", "global_load_dword v0, v[2:3], off\n"
                              "global_load_dword v1, v[2:3], off\n"
                              "s_waitcnt vmcnt(1)\n");
  EXPECT_EQ(two.at(2).issue, 320u);
}

// RDNA3: 1-cycle issue; a dependent VALU waits for 5 cycles, TRANS 10, SALU 2 (what s_delay_alu
// encodes); memory latencies SMEM/DS 20, VMEM 320.
TEST(Rdna3Timing, DependencyLatencies) {
  Timed v = timed("gfx1100", "v_add_f32_e32 v0, v1, v2\nv_add_f32_e32 v3, v0, v1\n");
  EXPECT_EQ(v.at(0).cycles, 1u);
  EXPECT_EQ(v.at(1).issue, 5u);
  EXPECT_EQ(v.at(1).stall, 4u);
  EXPECT_EQ(v.at(1).reasons, Stall_Dependency);
  Timed tr = timed("gfx1100", "v_exp_f32_e32 v0, v1\nv_add_f32_e32 v3, v0, v1\n");
  EXPECT_EQ(tr.at(1).issue, 10u);
  Timed s = timed("gfx1100", "s_add_u32 s0, s1, s2\ns_add_u32 s3, s0, s1\n");
  EXPECT_EQ(s.at(1).issue, 2u);
  Timed indep = timed("gfx1100", "v_add_f32_e32 v0, v1, v2\nv_add_f32_e32 v3, v4, v1\n");
  EXPECT_EQ(indep.at(1).issue, 1u);
  Timed mem = timed("gfx1100", "s_load_b32 s0, s[0:1], 0x0\nglobal_load_b32 v0, v[2:3], off\n"
                               "ds_load_b32 v1, v2\ns_waitcnt lgkmcnt(0)\ns_waitcnt vmcnt(0)\n");
  EXPECT_EQ(mem.at(0).latency, 20u);
  EXPECT_EQ(mem.at(1).latency, 320u);
  EXPECT_EQ(mem.at(2).latency, 20u);
  EXPECT_EQ(mem.at(3).issue, 22u); // the DS load issued at 2
  EXPECT_EQ(mem.at(4).issue, 321u);
  // wave64: a VALU issues in two passes.
  Timed w64 = timed("gfx1100", "v_mov_b32 v0, v1\nv_mov_b32 v2, v3\n", {"+wavefrontsize64"});
  EXPECT_EQ(w64.at(1).issue, 2u);
}

TEST(Timing, NamePatterns) {
  EXPECT_TRUE(namePatternMatches("s_*_saveexec_b64", "s_and_saveexec_b64"));
  EXPECT_FALSE(namePatternMatches("s_*_saveexec_b64", "s_and_saveexec_b32"));
  EXPECT_TRUE(namePatternMatches("v_add*_u*", "v_add_co_u32_e32"));
  EXPECT_FALSE(namePatternMatches("v_add*_u*", "v_add_f32_e32"));
  EXPECT_TRUE(namePatternMatches("*", ""));
}

TEST(Timing, McaTable) {
  auto target = Target::create("gfx90a", {}, nullptr);
  const auto &arch = *static_cast<const isa::ArchTables *>(target->arch());
  auto entries = arch.lookup("v_mfma_f32_32x32x8f16");
  ASSERT_FALSE(entries.empty());
  auto m = mcaTiming(arch, entries[0], "gfx90a");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->rthroughputX100, 1600);                 // 16 passes on the XDL unit
  EXPECT_FALSE(mcaTiming(arch, entries[0], "gfx900")); // gfx900 has no MFMA
  EXPECT_NE(mcaModelOf(arch, "gfx90c").find("gfx900"), std::string_view::npos);
}

// Registers: allocated (highest + 1), live at once, and the waves they allow (llvm's rule).
TEST(Timing, RegistersAndOccupancy) {
  Timed t = timed("gfx900", "v_mov_b32 v0, 0\nv_mov_b32 v40, v0\nv_mov_b32 v41, v40\n"
                            "global_store_dword v[0:1], v41, off\ns_endpgm\n");
  const FunctionTiming &f = t.timing.functions[0];
  EXPECT_EQ(f.used.vgprs, 42u);
  EXPECT_LE(f.peakLive.vgprs, 4u);
  EXPECT_EQ(f.occupancy, 5u); // 42 VGPRs -> 44 allocated of 256: 5 waves
  auto target = Target::create("gfx90a", {}, nullptr);
  EXPECT_EQ(occupancyFor(*target, {16, 128, 0}), 4u);
  EXPECT_EQ(occupancyFor(*target, {16, 64, 64}), 4u);
  EXPECT_EQ(occupancyFor(*target, {16, 24, 0}), 8u);
  auto gfx1100 = Target::create("gfx1100", {}, nullptr);
  EXPECT_EQ(occupancyFor(*gfx1100, {16, 96, 0}), 16u);
  EXPECT_EQ(occupancyFor(*gfx1100, {16, 256, 0}), 5u); // 256 -> 264 (granule 24) of 1536
}

// LDS limits occupancy: whole LDS blocks per workgroup (512 bytes on gfx9, 1 KiB on gfx11), as
// many workgroups as fit in a CU's LDS (64 KiB; a gfx11 WGP's 128 KiB), their waves (256
// work-items) over 4 SIMDs. tests/hazard_corpus_test.cpp compares with clang-22's figures.
TEST(Timing, LdsOccupancy) {
  std::string kernel = ".text\n.globl k\n.p2align 8\n.type k,@function\nk:\n"
                       "v_mov_b32 v0, 0\ns_endpgm\n.rodata\n.p2align 6\n.amdhsa_kernel k\n"
                       "  .amdhsa_group_segment_fixed_size {}\n  .amdhsa_next_free_vgpr 1\n"
                       "  .amdhsa_next_free_sgpr 1\n.end_amdhsa_kernel\n";
  auto occupancyWith = [&](const char *cpu, const char *bytes) {
    std::string text = kernel;
    text.replace(text.find("{}"), 2, bytes);
    Timed t = timed(cpu, text);
    return t.timing.functions.at(0).occupancy;
  };
  EXPECT_EQ(occupancyWith("gfx900", "0"), 10u);
  EXPECT_EQ(occupancyWith("gfx900", "16384"), 4u); // 4 workgroups of 4 waves
  EXPECT_EQ(occupancyWith("gfx900", "32768"), 2u);
  // 21845 bytes: 3 fit in 64 KiB, but 22016 allocated (43 blocks of 512) only 2 (llvm says 3).
  EXPECT_EQ(occupancyWith("gfx900", "21845"), 2u);
  EXPECT_EQ(occupancyWith("gfx900", "0x10000"), 1u);
  EXPECT_EQ(occupancyWith("gfx1100", "32768"), 8u); // 4 workgroups of 8 waves (wave32)
  EXPECT_EQ(occupancyWith("gfx1100", "65537"), 2u); // does not fit twice: one workgroup
  auto gfx950 = Target::create("gfx950", {}, nullptr);
  EXPECT_EQ(ldsOccupancyFor(*gfx950, 40960), 4u); // 160 KiB: 4 workgroups
  EXPECT_EQ(ldsOccupancyFor(*gfx950, 40961), 3u); // 41 KiB in 1280-byte blocks: 3
}

} // namespace
} // namespace gfxasm::analysis

// Hazards (hazard_rules.h): per rule the wait states it asks for before the last instruction,
// with nothing in between, and a negative case (enough s_nops, other registers or processors).
namespace gfxasm::analysis {
namespace {

struct HazardCase {
  const char *cpu;
  const char *text; // the last line is the consumer
  unsigned missing;
  const char *rule; // expected rule ("" when none)
};

HazardNeed needOfLast(const char *cpu, const std::string &text,
                      std::vector<std::string> mattr = {}) {
  Timed t = timed(cpu, text, std::move(mattr));
  const Function &f = t.program->functions[0];
  return hazardNeedBefore(*t.program, f, static_cast<uint32_t>(f.insts.size() - 1));
}

TEST(Hazards, EachRule) {
  const HazardCase cases[] = {
      // gfx11 TRANS use (depctr va_vdst(0)): up to 5 VALU / 1 TRANS in between; not on gfx1151.
      {"gfx1100", "v_rcp_f32_e32 v2, v2\nv_sub_nc_u32_e32 v1, 0, v1\nv_mul_f32_e32 v3, v2, v1\n", 1,
       "valu-trans-use"},
      {"gfx1100",
       "v_rcp_f32_e32 v2, v2\nv_mov_b32_e32 v4, 0\nv_mov_b32_e32 v5, 0\nv_mov_b32_e32 v6, 0\n"
       "v_mov_b32_e32 v7, 0\nv_exp_f32_e32 v8, v8\nv_mul_f32_e32 v3, v2, v1\n",
       1, "valu-trans-use"},
      {"gfx1100",
       "v_rcp_f32_e32 v2, v2\nv_mov_b32_e32 v4, 0\nv_mov_b32_e32 v5, 0\nv_mov_b32_e32 v6, 0\n"
       "v_mov_b32_e32 v7, 0\nv_mov_b32_e32 v8, 0\nv_mov_b32_e32 v9, 0\nv_mul_f32_e32 v3, v2, v1\n",
       0, ""},
      {"gfx1100",
       "v_rcp_f32_e32 v2, v2\nv_exp_f32_e32 v4, v4\nv_exp_f32_e32 v5, v5\nv_mul_f32_e32 v3, v2, "
       "v1\n",
       0, ""},
      {"gfx1100",
       "v_rcp_f32_e32 v2, v2\ns_waitcnt_depctr depctr_va_vdst(0)\nv_mul_f32_e32 v3, v2, v1\n", 0,
       ""},
      {"gfx1100", "v_rcp_f32_e32 v2, v2\nv_mul_f32_e32 v3, v4, v1\n", 0, ""},
      {"gfx1151", "v_rcp_f32_e32 v2, v2\nv_mul_f32_e32 v3, v2, v1\n", 0, ""},
      {"gfx900", "v_readfirstlane_b32 s4, v0\nbuffer_load_dword v1, off, s[4:7], 0\n", 5,
       "valu-sgpr-vmem"},
      {"gfx900", "v_readfirstlane_b32 s4, v0\ns_nop 4\nbuffer_load_dword v1, off, s[4:7], 0\n", 0,
       ""},
      {"gfx900", "v_readfirstlane_b32 s4, v0\nbuffer_load_dword v1, off, s[8:11], 0\n", 0, ""},
      {"gfx900", "v_cmp_eq_u32_e32 vcc, v0, v1\nv_div_fmas_f32 v0, v1, v2, v3\n", 4,
       "valu-vcc-div-fmas"},
      {"gfx900", "v_cmp_eq_u32_e32 vcc, v0, v1\ns_nop 3\nv_div_fmas_f32 v0, v1, v2, v3\n", 0, ""},
      {"gfx900", "v_readfirstlane_b32 s4, v0\nv_readlane_b32 s5, v1, s4\n", 4,
       "valu-sgpr-lane-select"},
      {"gfx900", "v_readfirstlane_b32 s4, v0\nv_readlane_b32 s5, v1, 3\n", 0, ""},
      {"gfx900", "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_getreg_b32 s1, hwreg(HW_REG_MODE)\n", 2,
       "setreg-getreg"},
      {"gfx900", "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_getreg_b32 s1, hwreg(HW_REG_STATUS)\n", 0,
       ""},
      {"gfx900", "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_setreg_b32 hwreg(HW_REG_MODE), s1\n", 2,
       "setreg-setreg"},
      {"gfx900", "s_setreg_b32 hwreg(HW_REG_TRAPSTS), s0\ns_rfe_b64 s[0:1]\n", 1,
       "setreg-trapsts-rfe"},
      {"gfx900",
       "v_mov_b32 v1, v0\nv_mov_b32_dpp v2, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n", 2,
       "valu-vgpr-dpp"},
      {"gfx900",
       "v_mov_b32 v1, v0\nv_mov_b32_dpp v2, v3 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n", 0,
       ""},
      {"gfx900",
       "v_cmpx_eq_u32_e32 vcc, v0, v1\nv_mov_b32_dpp v2, v3 quad_perm:[1,0,3,2] row_mask:0xf "
       "bank_mask:0xf\n",
       5, "valu-exec-dpp"},
      {"gfx900", "s_mov_b32 m0, s0\ns_sendmsg sendmsg(MSG_INTERRUPT)\n", 1, "salu-m0-message"},
      {"gfx900", "s_mov_b32 m0, s0\ns_nop 0\ns_sendmsg sendmsg(MSG_INTERRUPT)\n", 0, ""},
      {"gfx900", "s_mov_b32 m0, s0\ns_movrels_b32 s1, s2\n", 1, "salu-m0-lds"},
      {"gfx900", "global_store_dwordx4 v[0:1], v[2:5], off\nv_mov_b32 v3, 0\n", 1,
       "wide-store-data"},
      {"gfx942", "global_store_dwordx4 v[0:1], v[2:5], off\nv_mov_b32 v3, 0\n", 2,
       "wide-store-data"},
      {"gfx900", "global_store_dwordx2 v[0:1], v[2:3], off\nv_mov_b32 v3, 0\n", 0, ""},
      {"gfx900", "buffer_store_dwordx4 v[2:5], off, s[0:3], s4\nv_mov_b32 v3, 0\n", 0, ""},
      {"gfx942", "v_cmp_eq_u32_e64 s[0:1], v0, v1\nv_cndmask_b32_e64 v2, v3, v4, s[0:1]\n", 2,
       "valu-sgpr-valu"},
      {"gfx900", "v_cmp_eq_u32_e64 s[0:1], v0, v1\nv_cndmask_b32_e64 v2, v3, v4, s[0:1]\n", 0, ""},
      {"gfx942", "v_cmpx_eq_u32_e32 vcc, v0, v1\nv_readlane_b32 s0, v1, 0\n", 4, "valu-exec-lane"},
      {"gfx942", "v_mov_b32 v1, v0\nv_readlane_b32 s0, v1, 0\n", 1, "valu-vgpr-readlane"},
      {"gfx942", "v_exp_f32 v1, v0\nv_add_f32 v2, v1, v1\n", 1, "trans-forwarding"},
      {"gfx942", "v_exp_f32 v1, v0\nv_exp_f32 v2, v1\n", 0, ""},
      {"gfx942", "v_pk_add_f16 v0, v1, v2\nv_add_f32 v3, v0, v0\n", 1, "dst-sel-forwarding"},
      {"gfx942", "v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,0]\nv_add_f32 v3, v0, v0\n", 0, ""},
      {"gfx90a", "v_cmpx_eq_u32_e32 vcc, v0, v1\nv_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\n", 4,
       "valu-exec-mfma"},
      {"gfx90a", "v_mov_b32 v0, 0\nv_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\n", 2,
       "valu-vgpr-mfma"},
      {"gfx90a", "v_mfma_f32_4x4x4f16 v[0:3], v[4:5], v[6:7], v[0:3]\nv_mov_b32 v20, v0\n", 5,
       "mfma-result-read"},
      {"gfx90a", "v_mfma_f32_16x16x16f16 v[0:3], v[4:5], v[6:7], v[0:3]\nv_mov_b32 v20, v0\n", 11,
       "mfma-result-read"},
      {"gfx90a", "v_mfma_f32_32x32x8f16 v[0:15], v[16:17], v[18:19], v[0:15]\nv_mov_b32 v20, v0\n",
       19, "mfma-result-read"},
      {"gfx90a", "v_mfma_f32_4x4x4f16 v[0:3], v[4:5], v[6:7], v[0:3]\nv_mov_b32 v0, 0\n", 5,
       "mfma-result-overwrite"},
      {"gfx90a",
       "v_mfma_f32_16x16x16f16 v[0:3], v[4:5], v[6:7], v[0:3]\nv_mfma_f32_16x16x16f16 v[8:11], "
       "v[4:5], v[6:7], v[2:5]\n",
       8, "mfma-srcc"},
      {"gfx90a",
       "v_mfma_f32_16x16x16f16 v[0:3], v[4:5], v[6:7], v[0:3]\nv_mfma_f32_16x16x16f16 v[0:3], "
       "v[4:5], v[6:7], v[0:3]\n",
       0, ""},
      {"gfx90a",
       "v_mfma_f32_4x4x4f16 v[0:3], v[4:5], v[6:7], v[0:3]\nv_mfma_f32_4x4x4f16 v[8:11], v[0:1], "
       "v[2:3], v[8:11]\n",
       5, "mfma-srcab"},
      {"gfx90a", "v_mfma_f32_16x16x16f16 v[0:3], v[4:5], v[6:7], v[8:11]\nv_mov_b32 v8, 0\n", 7,
       "mfma-srcc-war"},
      {"gfx900", "global_load_dword v0, v[2:3], off\nglobal_load_dword v2, v[4:5], off\n", 1,
       "soft-clause"},
      {"gfx900", "global_load_dword v0, v[2:3], off\nglobal_load_dword v6, v[4:5], off\n", 0, ""},
      {"gfx1100", "v_readfirstlane_b32 s4, v0\nbuffer_load_b32 v1, off, s[4:7], 0\n", 0, ""},
  };
  for (const HazardCase &c : cases) {
    HazardNeed n = needOfLast(c.cpu, c.text);
    EXPECT_EQ(n.missing, c.missing) << c.cpu << "\n" << c.text;
    EXPECT_EQ(n.rule, std::string_view(c.rule)) << c.cpu << "\n" << c.text;
  }
  // Soft clauses only with xnack on or any.
  EXPECT_EQ(needOfLast("gfx900",
                       "global_load_dword v0, v[2:3], off\nglobal_load_dword v2, v[4:5], off\n",
                       {"-xnack"})
                .missing,
            0u);
}

// Wait states through the CFG: a producer in a predecessor block counts with the instructions
// of both blocks between.
TEST(Hazards, AcrossBlocks) {
  HazardNeed n = needOfLast("gfx900", "v_readfirstlane_b32 s4, v0\ns_cbranch_scc0 L\ns_nop 0\nL:\n"
                                      "buffer_load_dword v1, off, s[4:7], 0\n");
  EXPECT_EQ(n.missing, 4u); // via the branch (1 wait state); the fall-through path has 2
}

// --fix: the s_nops go in, and the fixed text needs none.
TEST(Hazards, FixInsertsNops) {
  auto target = Target::create("gfx90a", {}, nullptr);
  AnalyzeOptions o;
  o.fix = true;
  AnalyzeResult r = analyze(*target,
                            "v_mfma_f32_32x32x8f16 v[0:15], v[16:17], v[18:19], v[0:15]\n"
                            "v_mov_b32 v20, v0\ns_endpgm\n",
                            o);
  EXPECT_NE(r.fixed.find("s_nop 15\n\ts_nop 2\n"), std::string::npos) << r.fixed;
  AnalyzeOptions check;
  EXPECT_TRUE(analyze(*target, r.fixed, check).findings.empty()) << r.fixed;
}

// gfx11's s_waitcnt_depctr rows (and the VALU / wait_vdst fixes), each positive and negative.
// The expectations were checked against llc-22 -run-pass post-RA-hazard-rec on the same code
// written as MIR (gfx1100, +wavefrontsize64 where the row is wave64-only).
struct DepctrCase {
  const char *cpu;
  bool wave64;
  const char *text;  // the last line is the consumer
  const char *rule;  // "" when none
  const char *fix;   // the depctr text, "" for none
  int waitVdst = -1; // the wait_vdst the LDS direct load may have
};

TEST(Hazards, Gfx11DepctrRows) {
  const DepctrCase cases[] = {
      // VALUPartialForwarding (wave64): Va, SALU writes EXEC, Vb, then a read of both.
      {"gfx1100", true,
       "v_mov_b32 v0, 1\ns_mov_b64 exec, -1\nv_mov_b32 v1, 2\nv_add_f32 v2, v0, v1\n",
       "valu-partial-forwarding", "s_waitcnt_depctr depctr_va_vdst(0)"},
      {"gfx1151", true,
       "v_mov_b32 v0, 1\ns_mov_b64 exec, -1\nv_mov_b32 v1, 2\nv_add_f32 v2, v0, v1\n",
       "valu-partial-forwarding", "s_waitcnt_depctr depctr_va_vdst(0)"},
      {"gfx1100", false,
       "v_mov_b32 v0, 1\ns_mov_b32 exec_lo, -1\nv_mov_b32 v1, 2\nv_add_f32 v2, v0, v1\n", "", ""},
      // 3 VALUs between Va and the EXEC write; 5 after Vb; one source register only.
      {"gfx1100", true,
       "v_mov_b32 v0, 1\nv_mov_b32 v5, 1\nv_mov_b32 v6, 1\nv_mov_b32 v7, 1\ns_mov_b64 exec, -1\n"
       "v_mov_b32 v1, 2\nv_add_f32 v2, v0, v1\n",
       "", ""},
      {"gfx1100", true,
       "v_mov_b32 v0, 1\ns_mov_b64 exec, -1\nv_mov_b32 v1, 2\nv_mov_b32 v5, 1\nv_mov_b32 v6, 1\n"
       "v_mov_b32 v7, 1\nv_mov_b32 v8, 1\nv_add_f32 v2, v0, v1\n",
       "valu-partial-forwarding", "s_waitcnt_depctr depctr_va_vdst(0)"},
      {"gfx1100", true,
       "v_mov_b32 v0, 1\ns_mov_b64 exec, -1\nv_mov_b32 v1, 2\nv_mov_b32 v5, 1\nv_mov_b32 v6, 1\n"
       "v_mov_b32 v7, 1\nv_mov_b32 v8, 1\nv_mov_b32 v9, 1\nv_add_f32 v2, v0, v1\n",
       "", ""},
      {"gfx1100", true,
       "v_mov_b32 v0, 1\ns_mov_b64 exec, -1\nv_mov_b32 v1, 2\nv_add_f32 v2, v1, v1\n", "", ""},
      // A memory instruction or a depctr va_vdst(0) in between ends it.
      {"gfx1100", true,
       "v_mov_b32 v0, 1\ns_mov_b64 exec, -1\nv_mov_b32 v1, 2\nds_nop\nv_add_f32 v2, v0, v1\n", "",
       ""},
      // TRANS use: a VMEM in between ends the window too.
      {"gfx1100", false,
       "v_rcp_f32_e32 v2, v2\nglobal_load_b32 v5, v[6:7], off\nv_mul_f32_e32 v3, v2, v1\n", "", ""},
      // LdsDirectVMEM: a VGPR written by an LDS direct load while a VMEM/DS accesses it.
      {"gfx1100", false, "global_load_b32 v1, v[2:3], off\nlds_direct_load v1 wait_vdst:15\n",
       "lds-direct-vmem", "s_waitcnt_depctr depctr_vm_vsrc(0)"},
      {"gfx1100", false, "ds_store_b32 v1, v2\nlds_param_load v2, attr0.x wait_vdst:15\n",
       "lds-direct-vmem", "s_waitcnt_depctr depctr_vm_vsrc(0)"},
      {"gfx1100", false,
       "global_load_b32 v1, v[2:3], off\nv_mov_b32 v9, 0\nlds_direct_load v1 wait_vdst:15\n", "",
       ""},
      {"gfx1100", false,
       "global_load_b32 v1, v[2:3], off\ns_waitcnt_depctr depctr_vm_vsrc(0)\n"
       "lds_direct_load v1 wait_vdst:15\n",
       "", ""},
      {"gfx1100", false, "global_load_b32 v4, v[2:3], off\nlds_direct_load v1 wait_vdst:15\n", "",
       ""},
      // LdsDirectVALU: wait_vdst at most the VALUs since one that accessed the vdst; 0 after a
      // TRANS.
      {"gfx1100", false, "v_add_f32 v1, v2, v3\nv_mov_b32 v5, 0\nlds_direct_load v1 wait_vdst:3\n",
       "lds-direct-valu", "", 1},
      {"gfx1100", false, "v_add_f32 v1, v2, v3\nv_exp_f32 v5, v6\nlds_direct_load v1 wait_vdst:3\n",
       "lds-direct-valu", "", 0},
      {"gfx1100", false, "v_add_f32 v4, v1, v3\nlds_direct_load v1 wait_vdst:1\n",
       "lds-direct-valu", "", 0},
      {"gfx1100", false, "v_add_f32 v1, v2, v3\nv_mov_b32 v5, 0\nlds_direct_load v1 wait_vdst:1\n",
       "", ""},
      {"gfx1100", false, "v_add_f32 v1, v2, v3\nlds_direct_load v1\n", "", ""},
      // VcmpxPermlane: a VALU must lie between (v_nop does not count).
      {"gfx1100", false, "v_cmpx_eq_u32 v0, v1\nv_permlane16_b32 v2, v3, s0, s1\n",
       "vcmpx-permlane", ""},
      {"gfx1151", false, "v_cmpx_eq_u32 v0, v1\nv_nop\nv_permlanex16_b32 v2, v3, s0, s1\n",
       "vcmpx-permlane", ""},
      {"gfx1100", false,
       "v_cmpx_eq_u32 v0, v1\nv_mov_b32 v3, v3\nv_permlane16_b32 v2, v3, s0, s1\n", "", ""},
      {"gfx1100", false, "v_cmp_eq_u32 vcc_lo, v0, v1\nv_permlane16_b32 v2, v3, s0, s1\n", "", ""},
  };
  for (const DepctrCase &c : cases) {
    std::vector<std::string> mattr;
    if (c.wave64) mattr.push_back("+wavefrontsize64");
    HazardNeed n = needOfLast(c.cpu, c.text, mattr);
    SCOPED_TRACE(std::string(c.cpu) + (c.wave64 ? " wave64\n" : "\n") + c.text);
    EXPECT_EQ(n.rule, std::string_view(c.rule));
    EXPECT_EQ(n.depctr ? depctrText(n.depctrFields) : std::string(), c.fix);
    EXPECT_EQ(n.valuFix, std::string_view(c.rule) == "vcmpx-permlane");
    EXPECT_EQ(n.waitVdst, c.waitVdst);
  }
}

// VALUMaskWrite (wave64): the wait goes right after the write of an SGPR a VALU read as lane
// mask, by the writer: SALU sa_sdst, VALU VCC va_vcc, VALU other SGPR va_sdst.
HazardNeed needAfterLast(const char *cpu, const std::string &text, bool wave64 = true) {
  std::vector<std::string> mattr;
  if (wave64) mattr.push_back("+wavefrontsize64");
  Timed t = timed(cpu, text, mattr);
  const Function &f = t.program->functions[0];
  return hazardNeedAfter(*t.program, f, static_cast<uint32_t>(f.insts.size() - 1));
}

TEST(Hazards, Gfx11MaskWrite) {
  struct Case {
    const char *text; // the last line is the write
    const char *fix;  // "" when none
  } cases[] = {
      {"v_cndmask_b32_e64 v1, v1, v2, s[2:3]\ns_cselect_b64 s[2:3], -1, 0\n",
       "s_waitcnt_depctr depctr_sa_sdst(0)"},
      {"v_cndmask_b32_e32 v1, v1, v2, vcc\ns_mov_b32 vcc_hi, 0\n",
       "s_waitcnt_depctr depctr_sa_sdst(0)"},
      {"v_add_co_ci_u32_e32 v1, vcc, 0, v1, vcc\nv_cmp_ne_u32_e32 vcc, 0, v5\n",
       "s_waitcnt_depctr depctr_va_vcc(0)"},
      {"v_div_fmas_f32 v0, v1, v2, v3\nv_cmp_ne_u32_e32 vcc, 0, v5\n",
       "s_waitcnt_depctr depctr_va_vcc(0)"},
      {"v_sub_co_ci_u32_e64 v1, s[4:5], v1, v2, s[2:3]\nv_readlane_b32 s3, v3, 1\n",
       "s_waitcnt_depctr depctr_va_sdst(0)"},
      {"v_cndmask_b32_e64 v1, v1, v2, s[2:3]\nv_cmp_eq_u32_e64 s[2:3], 3, v5\n",
       "s_waitcnt_depctr depctr_va_sdst(0)"},
      // Other SGPRs, or the SGPR written in between (its own wait comes after that write).
      {"v_cndmask_b32_e64 v1, v1, v2, s[2:3]\ns_mov_b32 s0, 0\n", ""},
      {"v_cndmask_b32_e32 v1, v1, v2, vcc\ns_mov_b64 s[0:1], vcc\n", ""},
      {"v_cndmask_b32_e64 v1, v1, v2, s[2:3]\ns_mov_b64 s[2:3], 0\ns_mov_b64 s[2:3], 1\n", ""},
      // Not a mask read: v_add_co_u32 writes vcc, v_cndmask's VGPR sources.
      {"v_add_co_u32 v1, vcc, v1, v2\ns_mov_b64 vcc, 0\n", ""},
      // The text already waits before the next SGPR read.
      {"v_cndmask_b32_e64 v1, v1, v2, s[2:3]\ns_cselect_b64 s[2:3], -1, 0\n"
       "s_waitcnt_depctr depctr_sa_sdst(0)\ns_mov_b32 s6, s2\n",
       ""},
  };
  for (const Case &c : cases) {
    std::string text = c.text;
    // The need is of the write: the last line, or the one before the wait and the read.
    bool waitFollows = text.find("s_waitcnt_depctr") != std::string::npos;
    Timed t = timed("gfx1100", text, {"+wavefrontsize64"});
    const Function &f = t.program->functions[0];
    uint32_t at = static_cast<uint32_t>(f.insts.size() - (waitFollows ? 3 : 1));
    HazardNeed n = hazardNeedAfter(*t.program, f, at);
    EXPECT_EQ(n.depctr ? depctrText(n.depctrFields) : std::string(), c.fix) << text;
  }
  // Wave32 has no such hazard.
  EXPECT_FALSE(
      needAfterLast("gfx1100", "v_cndmask_b32_e64 v1, v1, v2, s2\ns_mov_b32 s2, 0\n", false)
          .depctr);
  // Across a branch: the mask read in the predecessor.
  EXPECT_TRUE(needAfterLast("gfx1100", "v_cndmask_b32_e32 v1, v1, v2, vcc\ns_cbranch_scc0 L\n"
                                       "v_mov_b32 v0, 0\nL:\nv_cmp_ne_u32_e32 vcc, 0, v5\n")
                  .depctr);
}

// --fix against llc-22: consecutive writes with no SGPR read between get one merged wait after
// the last; a write that reads an SGPR keeps its own.
TEST(Hazards, Gfx11MaskWriteFixMerges) {
  auto target = Target::create("gfx1100", {"+wavefrontsize64"}, nullptr);
  AnalyzeOptions o;
  o.fix = true;
  o.checkDelayAlu = false;
  o.checkWaitcnt = false;
  const std::string prefix = "v_cndmask_b32_e32 v3, v1, v2, vcc\n"
                             "v_cndmask_b32_e64 v4, v1, v2, s[0:1]\n"
                             "v_cndmask_b32_e64 v5, v1, v2, s[2:3]\n"
                             "v_cmp_ne_u32_e32 vcc, 0, v5\n";
  AnalyzeResult merged = analyze(
      *target,
      prefix + "s_mov_b32 s0, 0\ns_mov_b32 s1, 0\nv_cmp_eq_u32_e64 s[2:3], 3, v5\ns_endpgm\n", o);
  EXPECT_EQ(merged.fixed, prefix +
                              "s_mov_b32 s0, 0\ns_mov_b32 s1, 0\nv_cmp_eq_u32_e64 s[2:3], 3, v5\n"
                              "\ts_waitcnt_depctr depctr_sa_sdst(0) depctr_va_sdst(0) "
                              "depctr_va_vcc(0)\ns_endpgm\n");
  AnalyzeResult separate = analyze(
      *target,
      prefix + "v_cmp_eq_u32_e64 s[0:1], 2, s10\nv_cmp_eq_u32_e64 s[2:3], 3, s10\ns_endpgm\n", o);
  EXPECT_EQ(separate.fixed,
            prefix + "\ts_waitcnt_depctr depctr_va_vcc(0)\nv_cmp_eq_u32_e64 s[0:1], 2, s10\n"
                     "\ts_waitcnt_depctr depctr_va_sdst(0)\nv_cmp_eq_u32_e64 s[2:3], 3, s10\n"
                     "\ts_waitcnt_depctr depctr_va_sdst(0)\ns_endpgm\n");
  AnalyzeOptions check;
  check.checkDelayAlu = false;
  check.checkWaitcnt = false;
  EXPECT_TRUE(analyze(*target, merged.fixed, check).findings.empty()) << merged.fixed;
  EXPECT_TRUE(analyze(*target, separate.fixed, check).findings.empty()) << separate.fixed;
}

// gfx90a's DGEMM bug row and gfx9's lds_direct operand as an M0 reader.
TEST(Hazards, DgemmAndLdsDirect) {
  HazardNeed n = needOfLast("gfx90a", "v_mov_b32 v0, 0\nv_mfma_f64_4x4x4f64 a[8:9], v[2:3], "
                                      "v[4:5], a[8:9]\nglobal_load_dword v1, v[0:1], off\n");
  EXPECT_EQ(n.rule, "valu-dgemm-vmem");
  EXPECT_EQ(n.missing, 1u);
  EXPECT_EQ(needOfLast("gfx90a", "v_mov_b32 v0, 0\nglobal_load_dword v1, v[0:1], off\n").missing,
            0u);
  EXPECT_EQ(needOfLast("gfx942", "v_mov_b32 v0, 0\nv_mfma_f64_4x4x4_4b_f64 a[8:9], v[2:3], "
                                 "v[4:5], a[8:9]\nglobal_load_dword v1, v[0:1], off\n")
                .rule,
            "");
  n = needOfLast("gfx900", "s_mov_b32 m0, s0\nv_mov_b32 v0, lds_direct\n");
  EXPECT_EQ(n.rule, "salu-m0-lds");
  EXPECT_EQ(n.missing, 1u);
  EXPECT_EQ(needOfLast("gfx900", "s_mov_b32 m0, s0\nv_mov_b32 v0, v1\n").missing, 0u);
}

// --fix of the gfx11 rows that rewrite or add a VALU: the text llc-22 produces.
TEST(Hazards, Gfx11FixText) {
  auto target = Target::create("gfx1100", {}, nullptr);
  AnalyzeOptions o;
  o.fix = true;
  o.checkDelayAlu = false;
  o.checkWaitcnt = false;
  EXPECT_EQ(analyze(*target,
                    "v_add_f32 v1, v2, v3\nv_mov_b32 v5, 0\nlds_direct_load v1 wait_vdst:3\n"
                    "s_endpgm\n",
                    o)
                .fixed,
            "v_add_f32 v1, v2, v3\nv_mov_b32 v5, 0\n\tlds_direct_load v1 wait_vdst:1\ns_endpgm\n");
  EXPECT_EQ(analyze(*target, "v_cmpx_eq_u32 v0, v1\nv_permlane16_b32 v2, v3, s0, s1\ns_endpgm\n", o)
                .fixed,
            "v_cmpx_eq_u32 v0, v1\n\tv_mov_b32_e32 v3, v3\nv_permlane16_b32 v2, v3, s0, s1\n"
            "s_endpgm\n");
}

// gfx11 WMMA (llvm's fixWMMAHazards): a WMMA reading as A or B the result of the WMMA before
// it, with no VALU between, needs a v_nop; C may overlap. Checked against llc-22 -run-pass
// post-RA-hazard-rec on the same code as MIR (gfx1100, gfx1151, gfx1153, gfx11-generic).
TEST(Hazards, Gfx11Wmma) {
  const std::string first = "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]\n";
  struct Case {
    const char *between, *consumer;
    bool vnop;
  } cases[] = {
      {"", "v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]\n", true}, // A
      {"", "v_wmma_f32_16x16x16_f16 v[24:31], v[0:7], v[16:23], v[24:31]\n", true},  // B
      {"", "v_wmma_f32_16x16x16_f16 v[24:31], v[20:27], v[8:15], v[24:31]\n", true}, // part of A
      {"", "v_wmma_f32_16x16x16_f16 v[24:31], v[0:7], v[8:15], v[16:23]\n", false},  // C only
      {"", "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[24:31]\n", false},  // D only
      {"s_mov_b32 s0, 0\n", "v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]\n",
       true},
      {"global_load_b32 v40, v[42:43], off\n",
       "v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]\n", true},
      {"v_mov_b32 v40, 0\n", "v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]\n",
       false},
      {"v_nop\n", "v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]\n", false},
      // Another WMMA in between is a VALU: it ends the hazard (its own result is unrelated).
      {"v_wmma_f32_16x16x16_f16 v[32:39], v[0:7], v[8:15], v[32:39]\n",
       "v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]\n", false},
      // A VALU reading the result is no WMMA: not this row.
      {"", "v_add_f32 v40, v16, v17\n", false},
  };
  for (const char *cpu : {"gfx1100", "gfx1151", "gfx1153", "gfx11-generic"})
    for (const Case &c : cases) {
      std::string text = first + c.between + c.consumer;
      HazardNeed n = needOfLast(cpu, text);
      SCOPED_TRACE(std::string(cpu) + "\n" + text);
      EXPECT_EQ(n.rule, c.vnop ? "wmma-srcab" : "");
      EXPECT_EQ(n.valuFix && n.vnop, c.vnop);
    }
  // Across a branch, and wave64's form.
  EXPECT_EQ(needOfLast("gfx1100", first + "s_cbranch_scc0 L\ns_mov_b32 s0, 0\nL:\n"
                                          "v_wmma_f32_16x16x16_f16 v[24:31], v[0:7], v[16:23], "
                                          "v[24:31]\n")
                .rule,
            "wmma-srcab");
  EXPECT_EQ(needOfLast("gfx1151",
                       "v_wmma_f32_16x16x16_f16 v[16:19], v[0:7], v[8:15], v[16:19]\n"
                       "v_wmma_f32_16x16x16_f16 v[24:27], v[16:23], v[8:15], v[24:27]\n",
                       {"+wavefrontsize64"})
                .rule,
            "wmma-srcab");
  // --fix: the v_nop right before the second WMMA (llc-22's text).
  auto target = Target::create("gfx1100", {}, nullptr);
  AnalyzeOptions o;
  o.fix = true;
  o.checkDelayAlu = o.checkWaitcnt = false;
  EXPECT_EQ(
      analyze(*target, first + "v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]\n", o)
          .fixed,
      first + "\tv_nop\nv_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]\n");
}

// gfx11.5's export priority (llvm's fixRequiredExportPriority; the texts are llc-22's for
// amdgpu_ps functions on gfx1150-gfx1153 and gfx11-generic): the workaround after the last
// export of a sequence, s_setprio 2 at the entry, a low s_setprio raised; not on gfx1100, not
// in functions without exports (llvm's kernels and compute shaders).
TEST(Hazards, Gfx11ExportPriority) {
  auto fixed = [](const char *cpu, const std::string &text) {
    auto target = Target::create(cpu, {}, nullptr);
    AnalyzeOptions o;
    o.fix = true;
    o.checkDelayAlu = o.checkWaitcnt = false;
    AnalyzeResult r = analyze(*target, text, o);
    EXPECT_TRUE(r.ok());
    return r.fixed;
  };
  const std::string done = "exp mrt0 v0, v1, v0, v1 done\ns_endpgm\n";
  for (const char *cpu : {"gfx1150", "gfx1151", "gfx1152", "gfx1153", "gfx11-generic"}) {
    SCOPED_TRACE(cpu);
    EXPECT_EQ(fixed(cpu, done), "\ts_setprio 2\nexp mrt0 v0, v1, v0, v1 done\n\ts_setprio 0\n"
                                "\ts_nop 0\n\ts_nop 0\ns_endpgm\n");
    // Not at the end of the shader: the wait and the priority back up; two exports in a row
    // get one workaround after the second.
    EXPECT_EQ(fixed(cpu, "s_setprio 2\nexp mrt0 v0, v0, v0, v0\nexp mrt1 v0, v0, v0, v0\n"
                         "v_add_f32 v0, v0, v1\ns_endpgm\n"),
              "s_setprio 2\nexp mrt0 v0, v0, v0, v0\nexp mrt1 v0, v0, v0, v0\n\ts_setprio 0\n"
              "\ts_waitcnt_expcnt null, 0x0\n\ts_nop 0\n\ts_nop 0\n\ts_setprio 2\n"
              "v_add_f32 v0, v0, v1\ns_endpgm\n");
    // A low s_setprio is raised by 2 (llc: s_setprio 1 -> 3), which is the entry's priority.
    EXPECT_EQ(fixed(cpu, "s_setprio 1\nexp mrt0 v0, v1, v0, v1 done\ns_setprio 0\ns_nop 0\n"
                         "s_nop 0\ns_endpgm\n"),
              "\ts_setprio 3\nexp mrt0 v0, v1, v0, v1 done\ns_setprio 0\ns_nop 0\ns_nop 0\n"
              "s_endpgm\n");
    // The workaround in place: nothing.
    const std::string ok = "s_setprio 2\nexp mrt0 v0, v1, v0, v1 done\ns_setprio 0\ns_nop 0\n"
                           "s_nop 0\ns_endpgm\n";
    EXPECT_EQ(fixed(cpu, ok), ok);
    // No export: nothing (an s_setprio 1 stays).
    EXPECT_EQ(fixed(cpu, "s_setprio 1\ns_endpgm\n"), "s_setprio 1\ns_endpgm\n");
    // An s_setprio 0 after an export of another block is no workaround: raised (0 -> 2); the
    // workaround after the export that ends its block goes after the label.
    EXPECT_NE(fixed(cpu, "s_setprio 2\nexp mrt0 v0, v1, v0, v1\ns_setprio 0\n"
                         "s_waitcnt_expcnt null, 0x0\ns_nop 0\ns_nop 0\ns_setprio 2\n"
                         "s_cbranch_scc0 L\nexp mrt1 v0, v1, v0, v1 done\nL:\ns_setprio 0\n"
                         "exp mrt2 v0, v1, v0, v1 done\ns_setprio 0\ns_nop 0\ns_nop 0\n"
                         "s_endpgm\n")
                  .find("L:\n\ts_setprio 0\n\ts_waitcnt_expcnt null, 0x0\n\ts_nop 0\n\ts_nop 0\n"
                        "\ts_setprio 2\n\ts_setprio 2\nexp mrt2"),
              std::string::npos);
  }
  EXPECT_EQ(fixed("gfx1100", done), done);
  EXPECT_EQ(fixed("gfx1101", done), done);
}

// Per processor (each of isa/processors.def's rows, gfx9 and gfx11): every hazard row that
// applies to it asked for by a positive sample and not by a negative one; every row of its
// architecture that does not apply to it not asked for by that row's positive sample; and the
// wait rows that differ between processors (s_barrier and stores, a release's write-back).
// The samples are hand-written (the rows' sources: hazard_rules.h; wait states per row).
struct RowSample {
  std::string_view rule;
  std::string_view arch;
  const char *positive, *negative; // the last instruction is where the row is reported
  const char *positive64 = nullptr, *negative64 = nullptr; // in wave64, where the text differs
};

const RowSample kRowSamples[] = {
    {"valu-sgpr-vmem", "gfx9", "v_readfirstlane_b32 s4, v0\nbuffer_load_dword v1, off, s[4:7], 0\n",
     "v_readfirstlane_b32 s4, v0\ns_nop 4\nbuffer_load_dword v1, off, s[4:7], 0\n"},
    {"valu-vcc-div-fmas", "gfx9", "v_cmp_eq_u32_e32 vcc, v0, v1\nv_div_fmas_f32 v0, v1, v2, v3\n",
     "v_cmp_eq_u32_e32 vcc, v0, v1\ns_nop 3\nv_div_fmas_f32 v0, v1, v2, v3\n"},
    {"valu-sgpr-lane-select", "gfx9", "v_readfirstlane_b32 s4, v0\nv_readlane_b32 s5, v1, s4\n",
     "v_readfirstlane_b32 s4, v0\nv_readlane_b32 s5, v1, 3\n"},
    {"setreg-getreg", "gfx9",
     "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_getreg_b32 s1, hwreg(HW_REG_MODE)\n",
     "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_getreg_b32 s1, hwreg(HW_REG_STATUS)\n"},
    {"setreg-setreg", "gfx9",
     "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_setreg_b32 hwreg(HW_REG_MODE), s1\n",
     "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_nop 1\ns_setreg_b32 hwreg(HW_REG_MODE), s1\n"},
    {"setreg-trapsts-rfe", "gfx9", "s_setreg_b32 hwreg(HW_REG_TRAPSTS), s0\ns_rfe_b64 s[0:1]\n",
     "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_rfe_b64 s[0:1]\n"},
    {"valu-vgpr-dpp", "gfx9",
     "v_mov_b32 v1, v0\nv_mov_b32_dpp v2, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n",
     "v_mov_b32 v1, v0\nv_mov_b32_dpp v2, v3 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n"},
    {"valu-exec-dpp", "gfx9",
     "v_cmpx_eq_u32_e32 vcc, v0, v1\nv_mov_b32_dpp v2, v3 quad_perm:[1,0,3,2] row_mask:0xf "
     "bank_mask:0xf\n",
     "v_cmp_eq_u32_e32 vcc, v0, v1\nv_mov_b32_dpp v2, v3 quad_perm:[1,0,3,2] row_mask:0xf "
     "bank_mask:0xf\n"},
    {"salu-m0-message", "gfx9", "s_mov_b32 m0, s0\ns_sendmsg sendmsg(MSG_INTERRUPT)\n",
     "s_mov_b32 m0, s0\ns_nop 0\ns_sendmsg sendmsg(MSG_INTERRUPT)\n"},
    {"salu-m0-lds", "gfx9", "s_mov_b32 m0, s0\ns_movrels_b32 s1, s2\n",
     "s_mov_b32 s3, s0\ns_movrels_b32 s1, s2\n"},
    {"wide-store-data", "gfx9", "global_store_dwordx4 v[0:1], v[2:5], off\nv_mov_b32 v3, 0\n",
     "global_store_dwordx2 v[0:1], v[2:3], off\nv_mov_b32 v3, 0\n"},
    {"valu-sgpr-valu", "gfx9",
     "v_cmp_eq_u32_e64 s[0:1], v0, v1\nv_cndmask_b32_e64 v2, v3, v4, s[0:1]\n",
     "v_cmp_eq_u32_e64 s[0:1], v0, v1\nv_cndmask_b32_e64 v2, v3, v4, s[2:3]\n"},
    {"valu-exec-lane", "gfx9", "v_cmpx_eq_u32_e32 vcc, v0, v1\nv_readlane_b32 s0, v1, 0\n",
     "v_cmp_eq_u32_e32 vcc, v0, v1\nv_readlane_b32 s0, v1, 0\n"},
    {"valu-vgpr-readlane", "gfx9", "v_mov_b32 v1, v0\nv_readlane_b32 s0, v1, 0\n",
     "v_mov_b32 v2, v0\nv_readlane_b32 s0, v1, 0\n"},
    {"trans-forwarding", "gfx9", "v_exp_f32 v1, v0\nv_add_f32 v2, v1, v1\n",
     "v_exp_f32 v1, v0\nv_exp_f32 v2, v1\n"},
    {"dst-sel-forwarding", "gfx9", "v_pk_add_f16 v0, v1, v2\nv_add_f32 v3, v0, v0\n",
     "v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,0]\nv_add_f32 v3, v0, v0\n"},
    {"vcmpx-permlane", "gfx9", "v_cmpx_eq_u32_e32 vcc, v0, v1\nv_permlane16_swap_b32 v2, v3\n",
     "v_cmp_eq_u32_e32 vcc, v0, v1\nv_permlane16_swap_b32 v2, v3\n"},
    {"valu-exec-mfma", "gfx9",
     "v_cmpx_eq_u32_e32 vcc, v0, v1\nv_mfma_f32_4x4x4f16 v[8:11], v[4:5], v[6:7], v[8:11]\n",
     "v_cmp_eq_u32_e32 vcc, v0, v1\nv_mfma_f32_4x4x4f16 v[8:11], v[4:5], v[6:7], v[8:11]\n"},
    {"valu-vgpr-mfma", "gfx9",
     "v_mov_b32 v4, 0\nv_mfma_f32_4x4x4f16 v[8:11], v[4:5], v[6:7], v[8:11]\n",
     "v_mov_b32 v20, 0\nv_mfma_f32_4x4x4f16 v[8:11], v[4:5], v[6:7], v[8:11]\n"},
    {"mfma-result-read", "gfx9",
     "v_mfma_f32_4x4x4f16 v[0:3], v[4:5], v[6:7], v[0:3]\nv_mov_b32 v20, v0\n",
     "v_mfma_f32_4x4x4f16 v[0:3], v[4:5], v[6:7], v[0:3]\nv_mov_b32 v20, v9\n"},
    {"mfma-result-overwrite", "gfx9",
     "v_mfma_f32_4x4x4f16 v[0:3], v[4:5], v[6:7], v[0:3]\nv_mov_b32 v0, 0\n",
     "v_mfma_f32_4x4x4f16 v[0:3], v[4:5], v[6:7], v[0:3]\nv_mov_b32 v9, 0\n"},
    {"mfma-srcc", "gfx9",
     "v_mfma_f32_16x16x16f16 v[0:3], v[4:5], v[6:7], v[0:3]\n"
     "v_mfma_f32_16x16x16f16 v[8:11], v[12:13], v[14:15], v[2:5]\n",
     "v_mfma_f32_16x16x16f16 v[0:3], v[4:5], v[6:7], v[0:3]\n"
     "v_mfma_f32_16x16x16f16 v[0:3], v[12:13], v[14:15], v[0:3]\n"},
    {"mfma-srcab", "gfx9",
     "v_mfma_f32_4x4x4f16 v[0:3], v[4:5], v[6:7], v[0:3]\n"
     "v_mfma_f32_4x4x4f16 v[8:11], v[0:1], v[2:3], v[8:11]\n",
     "v_mfma_f32_4x4x4f16 v[0:3], v[4:5], v[6:7], v[0:3]\n"
     "v_mfma_f32_4x4x4f16 v[8:11], v[12:13], v[14:15], v[8:11]\n"},
    {"mfma-srcc-war", "gfx9",
     "v_mfma_f32_16x16x16f16 v[0:3], v[4:5], v[6:7], v[8:11]\nv_mov_b32 v8, 0\n",
     "v_mfma_f32_16x16x16f16 v[0:3], v[4:5], v[6:7], v[8:11]\nv_mov_b32 v12, 0\n"},
    {"valu-dgemm-vmem", "gfx9",
     "v_mov_b32 v0, 0\nv_mfma_f64_4x4x4f64 a[8:9], v[2:3], v[4:5], a[8:9]\n"
     "global_load_dword v1, v[0:1], off\n",
     "v_mov_b32 v0, 0\nv_mfma_f64_4x4x4f64 a[8:9], v[2:3], v[4:5], a[8:9]\n"
     "global_load_dword v1, v[6:7], off\n"},
    // gfx908's MAI rows (AGPR results; the MFMA's srcs may be AGPRs).
    {"valu-exec-mai", "gfx9", "v_cmpx_eq_u32_e32 vcc, v0, v1\nv_accvgpr_write_b32 a0, v2\n",
     "v_cmp_eq_u32_e32 vcc, v0, v1\nv_accvgpr_write_b32 a0, v2\n"},
    {"valu-vgpr-mai", "gfx9", "v_mov_b32 v2, 0\nv_accvgpr_write_b32 a0, v2\n",
     "v_mov_b32 v3, 0\nv_accvgpr_write_b32 a0, v2\n"},
    {"mfma-srcab", "gfx9",
     "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\nv_mfma_f32_4x4x1f32 a[4:7], a1, v1, a[4:7]\n",
     "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\nv_mfma_f32_4x4x1f32 a[4:7], a9, v1, a[4:7]\n"},
    {"mfma-srcc", "gfx9",
     "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\nv_mfma_f32_4x4x1f32 a[4:7], v0, v1, a[2:5]\n",
     "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\nv_mfma_f32_4x4x1f32 a[4:7], v0, v1, a[4:7]\n"},
    {"mfma-accvgpr-read", "gfx9",
     "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\nv_accvgpr_read_b32 v2, a1\n",
     "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\nv_accvgpr_read_b32 v2, a5\n"},
    {"mfma-accvgpr-write", "gfx9",
     "v_mfma_f32_16x16x16f16 a[0:3], v[0:1], v[2:3], a[4:7]\nv_accvgpr_write_b32 a1, v2\n",
     "v_mfma_f32_16x16x16f16 a[0:3], v[0:1], v[2:3], a[4:7]\nv_accvgpr_write_b32 a9, v2\n"},
    {"mfma-srcc-accvgpr-write", "gfx9",
     "v_mfma_f32_16x16x16f16 a[0:3], v[0:1], v[2:3], a[4:7]\nv_accvgpr_write_b32 a5, v2\n",
     "v_mfma_f32_16x16x16f16 a[0:3], v[0:1], v[2:3], a[4:7]\nv_accvgpr_write_b32 a9, v2\n"},
    {"accvgpr-write-srcc", "gfx9",
     "v_accvgpr_write_b32 a1, v2\nv_mfma_f32_4x4x1f32 a[4:7], v0, v1, a[0:3]\n",
     "v_accvgpr_write_b32 a9, v2\nv_mfma_f32_4x4x1f32 a[4:7], v0, v1, a[0:3]\n"},
    {"accvgpr-write-srcab", "gfx9",
     "v_accvgpr_write_b32 a1, v2\nv_mfma_f32_4x4x1f32 a[4:7], a1, v1, a[4:7]\n",
     "v_accvgpr_write_b32 a2, v2\nv_mfma_f32_4x4x1f32 a[4:7], a1, v1, a[4:7]\n"},
    {"accvgpr-write-read", "gfx9", "v_accvgpr_write_b32 a1, v2\nv_accvgpr_read_b32 v3, a1\n",
     "v_accvgpr_write_b32 a1, v2\nv_accvgpr_read_b32 v3, a2\n"},
    {"accvgpr-read-mem", "gfx9", "v_accvgpr_read_b32 v2, a1\nglobal_store_dword v[0:1], v2, off\n",
     "v_accvgpr_read_b32 v3, a1\nglobal_store_dword v[0:1], v2, off\n"},
    {"valu-accvgpr-mem", "gfx9",
     "v_mov_b32 v2, 0\nv_accvgpr_write_b32 a0, v5\nglobal_store_dword v[0:1], v2, off\n",
     "v_mov_b32 v2, 0\nv_accvgpr_write_b32 a0, v5\ns_nop 0\nglobal_store_dword v[0:1], v2, off\n"},
    {"valu-trans-use", "gfx11", "v_rcp_f32_e32 v2, v2\nv_mul_f32_e32 v3, v2, v1\n",
     "v_rcp_f32_e32 v2, v2\nv_mul_f32_e32 v3, v4, v1\n"},
    {"valu-partial-forwarding", "gfx11",
     "v_mov_b32 v0, 1\ns_mov_b64 exec, -1\nv_mov_b32 v1, 2\nv_add_f32 v2, v0, v1\n",
     "v_mov_b32 v0, 1\ns_mov_b64 exec, -1\nv_mov_b32 v1, 2\nv_add_f32 v2, v1, v1\n"},
    {"valu-mask-write", "gfx11",
     "v_cndmask_b32_e64 v1, v1, v2, s[2:3]\ns_cselect_b64 s[2:3], -1, 0\ns_mov_b32 s4, s2\n",
     "v_cndmask_b32_e64 v1, v1, v2, s[2:3]\ns_cselect_b64 s[6:7], -1, 0\ns_mov_b32 s4, s6\n"},
    {"lds-direct-vmem", "gfx11",
     "global_load_b32 v1, v[2:3], off\nlds_direct_load v1 wait_vdst:15\n",
     "global_load_b32 v4, v[2:3], off\nlds_direct_load v1 wait_vdst:15\n"},
    {"lds-direct-valu", "gfx11",
     "v_add_f32 v1, v2, v3\nv_mov_b32 v5, 0\nlds_direct_load v1 wait_vdst:3\n",
     "v_add_f32 v1, v2, v3\nv_mov_b32 v5, 0\nlds_direct_load v1 wait_vdst:1\n"},
    {"vcmpx-permlane", "gfx11", "v_cmpx_eq_u32 v0, v1\nv_permlane16_b32 v2, v3, s0, s1\n",
     "v_cmpx_eq_u32 v0, v1\nv_mov_b32 v3, v3\nv_permlane16_b32 v2, v3, s0, s1\n"},
    {"wmma-srcab", "gfx11",
     "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]\n"
     "v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]\n",
     "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]\n"
     "v_wmma_f32_16x16x16_f16 v[24:31], v[0:7], v[8:15], v[16:23]\n",
     "v_wmma_f32_16x16x16_f16 v[16:19], v[0:7], v[8:15], v[16:19]\n"
     "v_wmma_f32_16x16x16_f16 v[24:27], v[16:23], v[8:15], v[24:27]\n",
     "v_wmma_f32_16x16x16_f16 v[16:19], v[0:7], v[8:15], v[16:19]\n"
     "v_wmma_f32_16x16x16_f16 v[24:27], v[0:7], v[8:15], v[16:19]\n"},
    {"export-priority", "gfx11", "s_setprio 2\nexp mrt0 v0, v1, v0, v1 done\ns_endpgm\n",
     "s_setprio 2\nexp mrt0 v0, v1, v0, v1 done\ns_setprio 0\ns_nop 0\ns_nop 0\ns_endpgm\n"},
    {"export-priority-entry", "gfx11",
     "exp mrt0 v0, v1, v0, v1 done\ns_setprio 0\ns_nop 0\ns_nop 0\ns_endpgm\n",
     "s_setprio 2\nexp mrt0 v0, v1, v0, v1 done\ns_setprio 0\ns_nop 0\ns_nop 0\ns_endpgm\n"},
    {"export-priority-setprio", "gfx11",
     "s_setprio 1\nexp mrt0 v0, v1, v0, v1 done\ns_setprio 0\ns_nop 0\ns_nop 0\ns_endpgm\n",
     "s_setprio 3\nexp mrt0 v0, v1, v0, v1 done\ns_setprio 0\ns_nop 0\ns_nop 0\ns_endpgm\n"},
};

// The hazard findings of `text` on `cpu` (their rule ids), or nullopt when it does not assemble
// there; with the wait states the last instruction needs.
struct RowRun {
  std::vector<std::string> rules;
  unsigned required = 0;
};
std::optional<RowRun> hazardRun(const isa::Processor &cpu, const std::string &text, bool wave64) {
  std::vector<std::string> mattr;
  if (wave64) mattr.push_back("+wavefrontsize64");
  auto target = Target::create(cpu.name, mattr, nullptr);
  if (!target) return std::nullopt;
  auto program = loadAssembly(*target, text, "t.s");
  if (program->errorCount || program->functions.empty()) return std::nullopt;
  PassResult out;
  HazardPass().run(*program, out);
  RowRun r;
  for (const Finding &f : out.findings) {
    // ("<what> (<rule>): ...": the rule is in the parentheses before the first "): ")
    size_t b = f.message.find("): "), a = f.message.rfind('(', b);
    if (b != std::string::npos && a != std::string::npos)
      r.rules.push_back(f.message.substr(a + 1, b - a - 1));
  }
  const Function &f = program->functions[0];
  r.required = hazardNeedBefore(*program, f, static_cast<uint32_t>(f.insts.size() - 1)).required;
  return r;
}

class PerProcessor : public ::testing::TestWithParam<std::string> {};

TEST_P(PerProcessor, HazardRowsPositiveAndNegative) {
  const isa::Processor *cpu = isa::findProcessor(GetParam());
  ASSERT_TRUE(cpu);
  unsigned positives = 0, negatives = 0;
  for (const HazardRule &rule : kHazardRules) {
    if (rule.cpus.arch != cpu->arch) continue;
    bool anySample = false;
    bool applies = rule.cpus.contains(*cpu);
    unsigned tested = 0; // samples that assemble here (a row's samples may be for some CPUs)
    for (const RowSample &sample : kRowSamples) {
      if (sample.rule != rule.id || sample.arch != cpu->arch) continue;
      anySample = true;
      // (a wave64 row: its samples in wave64; and in wave32 it never applies)
      for (bool wave64 : {false, true}) {
        if (wave64 && cpu->arch != "gfx11") continue;
        bool rowHere = applies && (!rule.wave64 || wave64);
        // Another row with the same id may apply here (wide-store-data's three, vcmpx-permlane).
        bool idHere = rowHere;
        for (const HazardRule &other : kHazardRules)
          if (other.id == rule.id && other.cpus.contains(*cpu) && (!other.wave64 || wave64))
            idHere = true;
        SCOPED_TRACE(fmt::format("{} {}{}", rule.id, cpu->name, wave64 ? " wave64" : ""));
        bool own64 = wave64 && sample.positive64;
        auto pos = hazardRun(*cpu, own64 ? sample.positive64 : sample.positive, wave64);
        auto neg = hazardRun(*cpu, own64 ? sample.negative64 : sample.negative, wave64);
        if (!pos || !neg) continue;
        ++tested;
        bool found = std::count(pos->rules.begin(), pos->rules.end(), rule.id) > 0;
        EXPECT_EQ(found, idHere);
        positives += found;
        EXPECT_EQ(std::count(neg->rules.begin(), neg->rules.end(), rule.id), 0);
        ++negatives;
        if (rowHere && rule.waitStates && rule.expiry == HazardExpiry::None) {
          EXPECT_EQ(pos->required, rule.waitStates);
        }
      }
    }
    EXPECT_TRUE(anySample) << "no sample for row " << rule.id;
    if (applies) {
      EXPECT_GE(tested, 1u) << "no sample of row " << rule.id << " assembles on " << cpu->name;
    }
  }
  // The wait rows that differ by processor: s_barrier waits for stores where the processor has
  // no back-off barrier (gfx900-gfx909, gfx90c, gfx9-generic: llvm's FeatureBackOffBarrier) and
  // on gfx11 in WGP mode (a workgroup spans two CUs); LDS always.
  static const std::vector<std::string_view> barrierWaitsForStores = {
      "gfx900",  "gfx902",       "gfx904",  "gfx906",  "gfx908",       "gfx909",
      "gfx90c",  "gfx9-generic", "gfx1100", "gfx1101", "gfx1102",      "gfx1103",
      "gfx1150", "gfx1151",      "gfx1152", "gfx1153", "gfx11-generic"};
  bool gfx11 = cpu->arch == "gfx11";
  auto waitFindings = [&](const std::string &text) {
    auto target = Target::create(cpu->name, {}, nullptr);
    AnalyzeOptions o;
    o.checkDelayAlu = o.checkHazards = false;
    return analyze(*target, text, o).findings.size();
  };
  bool waitsForStores = std::find(barrierWaitsForStores.begin(), barrierWaitsForStores.end(),
                                  cpu->name) != barrierWaitsForStores.end();
  EXPECT_EQ(waitFindings(gfx11 ? "global_store_b32 v[0:1], v2, off\ns_barrier\ns_endpgm\n"
                               : "global_store_dword v[0:1], v2, off\ns_barrier\ns_endpgm\n"),
            waitsForStores ? 1u : 0u);
  EXPECT_EQ(waitFindings(gfx11 ? "ds_store_b32 v1, v2\ns_barrier\ns_endpgm\n"
                               : "ds_write_b32 v1, v2\ns_barrier\ns_endpgm\n"),
            1u);
  ++positives;
  ++negatives;
  // A release's cache write-back (gfx90a and later): the next memory operation waits for all.
  if (cpu->has(isa::Gfx90aInsts)) {
    EXPECT_EQ(waitFindings("global_store_dword v[0:1], v2, off\nbuffer_wbl2\n"
                           "global_store_dword v[0:1], v3, off\ns_endpgm\n"),
              1u);
    EXPECT_EQ(waitFindings("global_store_dword v[0:1], v2, off\n"
                           "global_store_dword v[0:1], v3, off\ns_endpgm\n"),
              0u);
  }
  EXPECT_GE(positives, 1u);
  EXPECT_GE(negatives, 1u);
  std::printf("%s: %u positive and %u negative row checks\n", cpu->name.data(), positives,
              negatives);
}

std::vector<std::string> processorNames() {
  std::vector<std::string> names;
  for (const isa::Processor &p : isa::processors()) names.emplace_back(p.name);
  return names;
}
INSTANTIATE_TEST_SUITE_P(Each, PerProcessor, ::testing::ValuesIn(processorNames()),
                         [](const ::testing::TestParamInfo<std::string> &i) {
                           std::string n = i.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

} // namespace
} // namespace gfxasm::analysis
