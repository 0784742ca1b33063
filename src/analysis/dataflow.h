// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// A generic forward dataflow solver over a function's CFG: per block, the state at its entry is
// the merge of its predecessors' exit states; blocks are visited in reverse post-order from a
// worklist until no entry state changes (loops iterate to the fixpoint).
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "analysis/program.h"

namespace gfxasm::analysis {

// Reverse post-order of the blocks reachable from the entry, then the unreachable ones.
std::vector<uint32_t> reversePostOrder(const Function &f);

// State: copyable. transfer(block, state&): runs the block on its entry state (in place).
// merge(into&, from): joins `from` into `into`, returns whether `into` changed.
// Returns the entry state of every block (the given `entry` for block 0; blocks no path reaches
// keep `entry` too, so that they are still checked). `maxRounds` bounds the work on a lattice
// that climbs slowly (each block visited at most that many times; a merge must be monotone).
template <class State, class Transfer, class Merge>
std::vector<State> solveForward(const Function &f, const State &entry, Transfer &&transfer,
                                Merge &&merge, unsigned maxRounds = 64) {
  const size_t n = f.blocks.size();
  std::vector<std::optional<State>> in(n);
  if (n == 0) return {};
  in[0] = entry;
  std::vector<uint32_t> order = reversePostOrder(f);
  std::vector<uint32_t> rank(n);
  for (uint32_t i = 0; i < order.size(); ++i) rank[order[i]] = i;
  for (uint32_t b = 0; b < n; ++b)
    if (f.blocks[b].preds.empty() && b != 0) in[b] = entry;
  // Worklist ordered by rank: a bitset and a scan pointer (small functions; fine for large).
  std::vector<char> queued(n, 0);
  std::vector<unsigned> visits(n, 0);
  for (uint32_t b = 0; b < n; ++b) queued[b] = in[b].has_value();
  bool any = true;
  while (any) {
    any = false;
    for (uint32_t r = 0; r < order.size(); ++r) {
      uint32_t b = order[r];
      if (!queued[b]) continue;
      queued[b] = 0;
      if (++visits[b] > maxRounds) continue;
      State s = *in[b];
      transfer(b, s);
      for (uint32_t succ : f.blocks[b].succs) {
        bool changed;
        if (!in[succ]) {
          in[succ] = s;
          changed = true;
        } else {
          changed = merge(*in[succ], s);
        }
        if (changed) {
          queued[succ] = 1;
          any = true;
        }
      }
    }
  }
  std::vector<State> result;
  result.reserve(n);
  for (uint32_t b = 0; b < n; ++b) result.push_back(in[b] ? std::move(*in[b]) : entry);
  return result;
}

} // namespace gfxasm::analysis
