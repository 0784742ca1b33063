// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The processors gfxasm knows, as data (isa/processors.def): architecture, ELF machine value,
// ISA version and the features that change what the assembler and object writer do.
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
};

struct Processor {
  std::string_view name;
  std::string_view arch; // "gfx9", "gfx11": the instruction tables' architecture
  uint32_t elfMach;      // EF_AMDGPU_MACH_*
  unsigned major, minor, stepping;
  uint32_t features;
  bool has(ProcessorFeature f) const { return (features & f) != 0; }
};

std::span<const Processor> processors();
// The row of `name` (llvm's spelling, e.g. "gfx90a", "gfx11-generic"); null if unknown.
const Processor *findProcessor(std::string_view name);
// The row whose EF_AMDGPU_MACH is `mach`; null if unknown.
const Processor *findProcessorByMach(uint32_t mach);
// Bit i: the i-th processor of `arch` (the order of its instruction tables' `cpus` line, which
// is the table's) has `feature`.
uint32_t processorMask(std::string_view arch, ProcessorFeature feature);

} // namespace gfxasm::isa
