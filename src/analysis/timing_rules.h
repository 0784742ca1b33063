// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The timing models as data: per architecture family, the numbers of the GCN timing seed
// (../shared/seeds/004: 4-cycle issue, per-class cycle counts, 32-byte fetch block penalties,
// the VALU -> SALU delay, jump costs, the branch-after-flag-write penalty) or of RDNA3 (1-cycle
// issue, the dependency latencies s_delay_alu encodes); everything else comes from llvm-mca-22's
// per-instruction latencies (mca_latency.h) scaled to cycles. timing.cpp is the generic code.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace gfxasm::analysis {

// Name patterns: '*' stands for any run of characters (s_*_saveexec_b64).
bool namePatternMatches(std::string_view pattern, std::string_view name);
// Whether a space-separated processor list ("gfx90a gfx942") names `cpu`.
bool cpuListed(std::string_view list, std::string_view cpu);

// A per-class cycle count of the seed: instructions of `format` whose name matches `pattern`
// take `cycles` (0: no class count, the per-instruction latency applies); a jump takes
// `takenCycles` when it jumps. The first matching row wins.
struct ClassCycles {
  std::string_view format;
  std::string_view pattern;
  uint16_t cycles;
  uint16_t takenCycles;
};

// A conditional branch on a flag, and the registers whose write by the instruction right before
// it costs `penalty` cycles (seed: VCCZ/EXECZ after a VCC/EXEC write, SCC after SCC/EXEC/VCC).
enum FlagReg : uint8_t { Flag_Vcc = 1, Flag_Exec = 2, Flag_Scc = 4 };
struct FlagBranchRule {
  std::string_view branchPattern;
  uint8_t writtenFlags;
};

struct TimingModel {
  std::string_view name;
  unsigned issueCycles; // cycles one instruction of a wave occupies the issue (4 GCN, 1 RDNA3)
  unsigned mcaScale;    // llvm-mca model units -> cycles (gfx9 models count 4-cycle passes)
  unsigned wave64VectorPasses; // RDNA3 wave64: vector instructions issue twice
  // GCN: an ALU instruction keeps its SIMD for its whole latency (a quarter-rate VALU 16 cycles,
  // the seed's "delay"); RDNA3 issues the next one after its throughput and interlocks on results.
  bool aluBusyForLatency;
  std::span<const ClassCycles> classCycles;
  // Instruction fetch (seed, "Instruction alignment"; 0 = not modelled).
  unsigned fetchBlockBytes;        // 32
  unsigned freeDwords;             // a 2-dword instruction starting in dwords 0..2 costs nothing
  unsigned fetchPenalty;           // 4 cycles per penalty
  unsigned longCyclesPerFreeDword; // an instruction of C > issue cycles frees the block's last
                                   // C/4 dwords
  unsigned longPairCycles; // a 2-dword instruction of >= 16 cycles frees the next one in dword 3
  unsigned jumpTargetFreeDwords; // jump targets in dwords 0..4 cost nothing, dword N N-4 penalties
  unsigned condJumpFreeDwords;   // a conditional jump in dwords 0..3; dword N: N-3 penalties
  // The VALU -> SALU delay after the producers named (seed, "Instruction scheduling").
  unsigned valuToSaluDelay;
  std::span<const std::string_view> valuToSaluProducers;
  std::span<const FlagBranchRule> flagBranches;
  unsigned flagBranchPenalty;
};

// GCN (gfx9 and CDNA): every rule of the timing seed.
inline constexpr ClassCycles kGcnClassCycles[] = {
    {"SOPK", "s_setreg_b32", 8, 0},
    {"SOPK", "s_setreg_imm32_b32", 8, 0},
    {"SOP1", "s_*_saveexec_b64", 8, 0},
    // Not stated by the seed (its exceptions): their own latency.
    {"SOP1", "s_rfe_b64", 0, 0},
    {"SOP1", "s_mov_regrd_b32", 0, 0},
    {"SOP1", "s_cbranch_join", 0, 0},
    {"SOPP", "s_branch", 4, 20},
    {"SOPP", "s_cbranch_*", 4, 20},
    {"SOP1", "*", 4, 0},
    {"SOP2", "*", 4, 0},
    {"SOPK", "*", 4, 0},
    {"SOPC", "*", 4, 0},
};
inline constexpr std::string_view kGcnValuToSaluProducers[] = {
    "v_add*_u*", "v_add*_i*", "v_sub*_u*", "v_sub*_i*", "v_readlane_b32", "v_readfirstlane_b32",
};
inline constexpr FlagBranchRule kGcnFlagBranches[] = {
    {"s_cbranch_vcc*", Flag_Vcc},
    {"s_cbranch_exec*", Flag_Exec},
    {"s_cbranch_scc*", Flag_Scc | Flag_Exec | Flag_Vcc},
};
inline constexpr TimingModel kGcnModel = {
    "gcn",
    4,
    4,
    1,
    true,
    kGcnClassCycles,
    32,
    3,
    4,
    4,
    16,
    5,
    4,
    16,
    kGcnValuToSaluProducers,
    kGcnFlagBranches,
    4,
};

// RDNA3 (gfx11): 1-cycle issue, llvm-mca's (= s_delay_alu's) latencies: VALU 5, TRANS 10,
// SALU 2, and its memory latencies (SMEM/DS 20, VMEM 320). No fetch model.
inline constexpr ClassCycles kRdna3ClassCycles[] = {
    {"SOPP", "s_branch", 1, 1},
    {"SOPP", "s_cbranch_*", 1, 1},
};
inline constexpr TimingModel kRdna3Model = {
    "rdna3", 1, 1, 2, false, kRdna3ClassCycles, 0, 0, 0, 0, 0, 0, 0, 0, {}, {}, 0,
};

// (The waves per SIMD the registers and LDS allow are columns of the processor table:
// isa/processors.def's LIMITS.)
// The workgroup size assumed when the program does not say (llvm's default for kernels).
inline constexpr unsigned kDefaultWorkgroupSize = 256;

} // namespace gfxasm::analysis
