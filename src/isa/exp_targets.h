// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// EXP target names, by target number (as llvm-mc-22 spells them), per architecture.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace gfxasm::isa::exp {

struct TargetRange {
  std::string_view prefix; // name, or name prefix followed by the index
  unsigned first, count;   // target numbers covered; count 1 = the name has no index
};

// Every name llvm knows on some processor: one the architecture lacks is "not supported on this
// GPU", any other "invalid exp target".
constexpr TargetRange kKnownTargets[] = {
    {"mrtz", 8, 1}, {"null", 9, 1},    {"prim", 20, 1},           {"mrt", 0, 8},
    {"pos", 12, 5}, {"param", 32, 32}, {"dual_src_blend", 21, 2},
};
constexpr TargetRange kGfx11Targets[] = {
    {"mrtz", 8, 1}, {"prim", 20, 1}, {"mrt", 0, 8}, {"pos", 12, 5}, {"dual_src_blend", 21, 2},
};
constexpr TargetRange kGfx9Targets[] = {
    {"mrtz", 8, 1}, {"null", 9, 1}, {"mrt", 0, 8}, {"pos", 12, 4}, {"param", 32, 32},
};

// The name of target `t` among `targets` (empty if none).
inline std::string targetName(std::span<const TargetRange> targets, unsigned t) {
  for (const TargetRange &r : targets) {
    if (t < r.first || t >= r.first + r.count) continue;
    return r.count == 1 ? std::string(r.prefix)
                        : std::string(r.prefix) + std::to_string(t - r.first);
  }
  return {};
}

} // namespace gfxasm::isa::exp
