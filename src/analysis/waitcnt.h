// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Check 1: registers written (or, for exports, read) by memory instructions used before an
// s_waitcnt that covers them. A scoreboard per counter (vmcnt, expcnt, lgkmcnt, vscnt) and
// register, run over the CFG to a fixpoint; in-order counters wait for the number of operations
// issued after the producer, counters with several kinds of operation in flight (SMEM, FLAT
// mixing LDS and memory) wait for zero. The rules and their sources: docs/architecture.md.
#pragma once

#include <array>
#include <cstdint>

#include "analysis/program.h"

namespace gfxasm::analysis {

enum Counter : uint8_t { VmCnt, ExpCnt, LgkmCnt, VsCnt, kNumCounters };

// A wait: per counter, the most operations that may stay outstanding (kNoWait: no limit).
struct WaitNeed {
  static constexpr uint32_t kNoWait = ~0u;
  std::array<uint32_t, kNumCounters> count{kNoWait, kNoWait, kNoWait, kNoWait};
  bool any() const {
    for (uint32_t c : count)
      if (c != kNoWait) return true;
    return false;
  }
  void combine(const WaitNeed &o) {
    for (unsigned i = 0; i < kNumCounters; ++i) count[i] = std::min(count[i], o.count[i]);
  }
};

// The counters' limits and encodings of a target.
struct CounterInfo {
  bool hasVscnt = false;                    // gfx10+: stores on their own counter
  bool flatInOrder = false;                 // gfx10+: FLAT returns in order on both counters
  std::array<uint32_t, kNumCounters> max{}; // largest encodable count
  // What s_barrier waits for besides LDS: every counter where the processor has no back-off
  // barrier (gfx900-gfx908) or a workgroup spans two CUs' caches (gfx11 in WGP mode).
  bool barrierWaitsAll = false;
  // Every release the memory legalizer writes where an acquire invalidates a cache starts with
  // a cache write-back (gfx940+: buffer_wbl2 at agent and system scope), so an atomic followed
  // by an invalidation is acquire-release only when a write-back comes before it; elsewhere
  // (gfx9 before gfx940's agent scope, gfx11) it is taken as one (kMemoryModelMarks).
  bool releaseMarked = false;
};
CounterInfo counterInfo(const Program &p);

// The instructions that make `need` hold, as llvm prints them: "s_waitcnt vmcnt(0) lgkmcnt(1)"
// and/or "s_waitcnt_vscnt null, 0x0".
std::vector<std::string> waitText(const CounterInfo &info, const WaitNeed &need);
// The wait an s_waitcnt* instruction makes.
WaitNeed waitOf(const Program &p, const Instruction &ins);

// The counters an instruction's memory operations increment (one each), for tools that measure
// waits.
std::array<uint8_t, kNumCounters> countersIncremented(const CounterInfo &info,
                                                      const Instruction &ins);

struct WaitcntOptions {
  // Fix mode: existing s_waitcnt* are ignored and the needed ones computed; check mode (false):
  // existing waits are applied and a finding made where they fall short.
  bool ignoreExistingWaits = false;
};

class WaitcntPass final : public Pass {
public:
  explicit WaitcntPass(WaitcntOptions o = {}) : opts_(o) {}
  std::string_view name() const override { return "waitcnt"; }
  void run(const Program &program, PassResult &out) override;

private:
  WaitcntOptions opts_;
};

} // namespace gfxasm::analysis
