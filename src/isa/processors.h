// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The processors gfxasm knows, as data (isa/processors.def): architecture, ELF machine value,
// ISA version, the features that change what the assembler, the object writer and the analyzer
// do, and the limits the occupancy depends on.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace gfxasm::isa {

enum ProcessorFeature : uint32_t {
  Xnack = 1u << 0,
  Sramecc = 1u << 1,
  Agprs = 1u << 2,
  Gfx90aInsts = 1u << 3,
  Gfx940Insts = 1u << 4,
  ArchFlatScratch = 1u << 5,
  Generic = 1u << 6,
  Gfx950Insts = 1u << 7,
  ValuTransUseHazard = 1u << 8,
  BackOffBarrier = 1u << 9,
  RequiredExportPriority = 1u << 10,
};

// What the waves per SIMD of a processor depend on (processors.def's LIMITS column).
struct ProcessorLimits {
  unsigned maxWaves; // per SIMD
  unsigned vgprGranuleWave32, vgprsWave32, vgprGranuleWave64, vgprsWave64;
  unsigned generation; // llvm's AMDGPUSubtarget::Generation
  unsigned ldsBytesPerCu, ldsGranuleBytes, simdsPerCu;
};

struct Processor {
  std::string_view name;
  std::string_view arch; // "gfx9", "gfx11": the instruction tables' architecture
  uint32_t elfMach;      // EF_AMDGPU_MACH_*
  unsigned major, minor, stepping;
  uint32_t features;
  ProcessorLimits limits;
  bool has(ProcessorFeature f) const { return (features & f) != 0; }
};

// A set of processors by their data rather than their names, so that a new processor is one
// row of processors.def: those of `arch` with every feature of `all` and none of `none`.
struct ProcessorSet {
  std::string_view arch;
  uint32_t all = 0, none = 0;
  bool contains(const Processor &p) const {
    return p.arch == arch && (p.features & all) == all && (p.features & none) == 0;
  }
};

std::span<const Processor> processors();
// The row of `name` (llvm's spelling, e.g. "gfx90a", "gfx11-generic"); null if unknown.
const Processor *findProcessor(std::string_view name);
// Whether processor `cpu` has `feature` (false for an unknown name).
bool processorHas(std::string_view cpu, ProcessorFeature feature);
// The row whose EF_AMDGPU_MACH is `mach`; null if unknown.
const Processor *findProcessorByMach(uint32_t mach);
// Bit i: the i-th processor of `arch` (the order of its instruction tables' `cpus` line, which
// is the table's) has `feature`.
uint32_t processorMask(std::string_view arch, ProcessorFeature feature);

} // namespace gfxasm::isa
