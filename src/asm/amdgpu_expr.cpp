// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// AMDGPU's expression functions (llvm's AMDGPUMCExpr) evaluated on absolute arguments, as
// llvm 22 evaluates them (AMDGPUMCExpr::evaluateAsRelocatableImpl and the IsaInfo helpers of
// AMDGPUBaseInfo it calls); each checked against llvm-mc-22 (`.long f(...)`, -filetype=obj) in
// tests/amdhsa_kernel_test.cpp.
#include <algorithm>

#include "asm/mcexpr.h"
#include "gfxasm/gfxasm.h"
#include "isa/processors.h"

namespace gfxasm::as {

TargetInfo targetInfoFor(const Target &target) {
  TargetInfo t;
  const isa::Processor *p = isa::findProcessor(target.cpuName());
  if (!p) return t;
  t.generation = p->major;
  t.gfx90aAgprs = p->has(isa::Gfx90aInsts);
  t.architectedFlatScratch = p->has(isa::ArchFlatScratch);
  return t;
}

namespace {

// llvm's IsaInfo::getNumWavesPerEUWithNumVGPRs (its unsigned arguments).
uint64_t wavesWithVgprs(uint32_t vgprs, uint32_t granule, uint32_t maxWaves, uint32_t total,
                        bool &ok) {
  if (vgprs < granule) return maxWaves;
  uint32_t rounded = (vgprs + granule - 1) / granule * granule;
  if (rounded == 0) { // a granule of 0 (llvm divides by zero)
    ok = false;
    return 0;
  }
  return std::min(std::max(total / rounded, 1u), maxWaves);
}

// llvm's IsaInfo::getOccupancyWithNumSGPRs; `generation` is AMDGPUSubtarget::Generation
// (VOLCANIC_ISLANDS 6, GFX9 7, GFX10 8, GFX11 9).
uint32_t wavesWithSgprs(uint32_t sgprs, uint32_t maxWaves, uint64_t generation) {
  if (generation >= 8) return maxWaves;
  if (generation >= 6) return sgprs <= 80 ? 10 : sgprs <= 88 ? 9 : sgprs <= 100 ? 8 : 7;
  return sgprs <= 48   ? 10
         : sgprs <= 56 ? 9
         : sgprs <= 64 ? 8
         : sgprs <= 72 ? 7
         : sgprs <= 80 ? 6
                       : 5;
}

} // namespace

// A function given fewer arguments than it reads makes llvm-mc crash; here it is not evaluable.
// Extra arguments are ignored, as llvm ignores them.
bool applyTargetFn(TargetFn fn, std::span<const int64_t> args, const TargetInfo &target,
                   int64_t &out) {
  auto u = [&](size_t i) { return static_cast<uint64_t>(args[i]); };
  switch (fn) {
  case TargetFn::Or:
    if (args.empty()) return false;
    out = 0;
    for (int64_t a : args) out |= a;
    return true;
  case TargetFn::Max: // signed, as llvm's std::max of int64_t
    if (args.empty()) return false;
    out = *std::max_element(args.begin(), args.end());
    return true;
  case TargetFn::AlignTo:
    if (args.size() < 2 || args[1] == 0) return false; // llvm divides by zero
    out = static_cast<int64_t>((u(0) + u(1) - 1) / u(1) * u(1));
    return true;
  case TargetFn::ExtraSGPRs: {
    // extrasgprs(vcc used, flat scratch used, xnack used): IsaInfo::getNumExtraSGPRs.
    if (args.size() < 3) return false;
    int64_t extra = args[0] ? 2 : 0;
    if (target.generation < 10) {
      if (args[2]) extra = 4;
      if (args[1] || target.architectedFlatScratch) extra = 6;
    }
    out = extra;
    return true;
  }
  case TargetFn::TotalNumVGPRs: {
    // totalnumvgprs(agprs, vgprs): on gfx90a+ the AGPRs follow the VGPRs aligned to 4.
    if (args.size() < 2) return false;
    uint64_t agprs = u(0), vgprs = u(1);
    out = static_cast<int64_t>(target.gfx90aAgprs && agprs ? (vgprs + 3) / 4 * 4 + agprs
                                                           : std::max(vgprs, agprs));
    return true;
  }
  case TargetFn::Occupancy: {
    // occupancy(max waves, granule, total VGPRs, generation, initial occupancy, SGPRs, VGPRs)
    if (args.size() < 7) return false;
    uint32_t maxWaves = static_cast<uint32_t>(u(0));
    uint32_t occupancy = static_cast<uint32_t>(u(4));
    uint32_t sgprs = static_cast<uint32_t>(u(5)), vgprs = static_cast<uint32_t>(u(6));
    if (sgprs) occupancy = std::min(occupancy, wavesWithSgprs(sgprs, maxWaves, u(3)));
    if (vgprs) {
      bool ok = true;
      uint64_t w = wavesWithVgprs(vgprs, static_cast<uint32_t>(u(1)), maxWaves,
                                  static_cast<uint32_t>(u(2)), ok);
      if (!ok) return false;
      occupancy = static_cast<uint32_t>(std::min<uint64_t>(occupancy, w));
    }
    out = occupancy;
    return true;
  }
  }
  return false;
}

} // namespace gfxasm::as
