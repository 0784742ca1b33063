// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The static timing estimate: per instruction its issue cycle, the cycles it occupies the issue,
// its result latency and the stall before it (and why); per block and function the cycles; the
// registers used, the peak of live registers and the waves per SIMD they allow. The rules are the
// data of timing_rules.h; one in-order walk per function in layout order (loops counted once).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/program.h"
#include "analysis/timing_rules.h"

namespace gfxasm::analysis {

// Why an instruction waited (bits; several may add up).
enum StallReason : uint16_t {
  Stall_Dependency = 1,     // a register an ALU instruction writes is not ready yet
  Stall_Waitcnt = 2,        // s_waitcnt: outstanding memory operations
  Stall_Alignment = 4,      // a 2-dword instruction outside the free dwords of its fetch block
  Stall_JumpTarget = 8,     // a jump target late in its fetch block
  Stall_CondJumpPlace = 16, // a conditional jump in the second half of its block (not taken)
  Stall_ValuToSalu = 32,    // an SALU after V_ADD*/V_SUB*/V_READLANE/V_READFIRSTLANE
  Stall_FlagBranch = 64,    // a branch on VCCZ/EXECZ/SCC right after the flag's write
};
std::string stallReasonNames(uint16_t reasons); // "waitcnt+alignment"

// Memory counters an instruction counts on (and the s_waitcnt fields).
enum Counter : uint8_t { Cnt_Vm, Cnt_Exp, Cnt_Lgkm, Cnt_Vs, Cnt_Count };

struct InstTiming {
  uint64_t issue = 0;       // cycle it issues (after the stall)
  uint32_t stall = 0;       // cycles waited before it
  uint32_t cycles = 0;      // cycles it occupies the issue (the next one issues after them)
  uint32_t latency = 0;     // cycles until its result is there (memory: until it completes)
  uint32_t takenCycles = 0; // a jump: its cycles when it jumps (the walk takes s_branch only)
  uint16_t reasons = 0;     // StallReason bits
  std::array<uint8_t, Cnt_Count> outstanding{}; // memory operations in flight after it issues
};

struct BlockTiming {
  uint64_t start = 0;  // issue cycle of its first instruction (before its stall)
  uint64_t cycles = 0; // to the end of its last instruction
  uint64_t stalls = 0;
};

struct RegisterCounts {
  unsigned sgprs = 0, vgprs = 0, agprs = 0;
};

struct FunctionTiming {
  std::vector<InstTiming> insts;
  std::vector<BlockTiming> blocks;
  uint64_t cycles = 0;     // every block once, in layout order
  RegisterCounts used;     // highest register written or read + 1 (what is allocated)
  RegisterCounts peakLive; // most registers live at one point (CFG liveness)
  unsigned occupancy = 0;  // waves per SIMD the used registers and LDS allow (0: processor unknown)
};

struct ProgramTiming {
  const TimingModel *model = nullptr;
  std::vector<FunctionTiming> functions;
};

// The model of a processor's architecture.
const TimingModel &timingModelFor(const Program &program);

// Per-instruction cycles and latency before stalls (exposed for the unit tests).
struct InstCost {
  uint32_t cycles = 0, latency = 0, takenCycles = 0;
};
InstCost instCost(const Program &program, const TimingModel &model, const Instruction &ins);

ProgramTiming estimateTiming(const Program &program);

// Waves per SIMD with these registers on `cpu` (llvm's rule; 0 if the processor is unknown).
unsigned occupancyFor(const Target &target, const RegisterCounts &regs);

// Waves per SIMD that workgroups of `workgroupSize` work-items using `ldsBytes` of LDS each allow
// (0 if the processor is unknown): as many workgroups as their LDS blocks fit in a CU, their
// waves spread over its SIMDs. llvm's rule, plus the rounding up to whole LDS blocks the hardware
// allocates (a FIXME in llvm: its figure is higher where the blocks leave a gap).
unsigned ldsOccupancyFor(const Target &target, uint64_t ldsBytes,
                         unsigned workgroupSize = kDefaultWorkgroupSize);

} // namespace gfxasm::analysis
