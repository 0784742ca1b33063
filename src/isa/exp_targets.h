// EXP target names of gfx11, by target number (as llvm-mc-22 spells them).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gfxasm::isa::exp {

struct TargetRange {
  std::string_view prefix; // name, or name prefix followed by the index
  unsigned first, count;   // target numbers covered; count 1 = the name has no index
  bool onGfx11;            // false: llvm knows the name but gfx11 has no such target
};

constexpr TargetRange kTargets[] = {
    {"mrtz", 8, 1, true},     {"null", 9, 1, false}, {"prim", 20, 1, true},
    {"mrt", 0, 8, true},      {"pos", 12, 5, true},  {"dual_src_blend", 21, 2, true},
    {"param", 32, 32, false},
};

// The name of target `t` (empty if gfx11 has none).
inline std::string targetName(unsigned t) {
  for (const TargetRange &r : kTargets) {
    if (!r.onGfx11 || t < r.first || t >= r.first + r.count) continue;
    return r.count == 1 ? std::string(r.prefix)
                        : std::string(r.prefix) + std::to_string(t - r.first);
  }
  return {};
}

} // namespace gfxasm::isa::exp
