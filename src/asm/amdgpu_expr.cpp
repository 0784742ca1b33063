// AMDGPU's expression functions (llvm's AMDGPUMCExpr) evaluated on absolute arguments.
#include <algorithm>

#include "asm/mcexpr.h"

namespace gfxasm::as {

bool applyTargetFn(TargetFn fn, std::span<const int64_t> args, const TargetInfo &target,
                   int64_t &out) {
  (void)target;
  switch (fn) {
  case TargetFn::Or:
    out = 0;
    for (int64_t a : args) out |= a;
    return true;
  case TargetFn::Max:
    if (args.empty()) return false;
    out = args[0];
    for (int64_t a : args) out = static_cast<int64_t>(std::max<uint64_t>(out, a));
    return true;
  case TargetFn::AlignTo:
    if (args.size() != 2 || args[1] == 0) return false;
    out = static_cast<int64_t>((static_cast<uint64_t>(args[0]) + args[1] - 1) /
                               static_cast<uint64_t>(args[1]) * static_cast<uint64_t>(args[1]));
    return true;
  case TargetFn::ExtraSGPRs:
  case TargetFn::TotalNumVGPRs:
  case TargetFn::Occupancy: return false;
  }
  return false;
}

} // namespace gfxasm::as
