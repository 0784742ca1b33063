// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "isa/processors.h"

namespace gfxasm::isa {

namespace {

constexpr Processor kProcessors[] = {
#define PROCESSOR(name, arch, mach, major, minor, stepping, features)                              \
  {name, arch, mach, major, minor, stepping, static_cast<uint32_t>(features)},
#include "isa/processors.def"
#undef PROCESSOR
};

} // namespace

std::span<const Processor> processors() {
  return kProcessors;
}

const Processor *findProcessor(std::string_view name) {
  for (const Processor &p : kProcessors)
    if (p.name == name) return &p;
  return nullptr;
}

const Processor *findProcessorByMach(uint32_t mach) {
  for (const Processor &p : kProcessors)
    if (p.elfMach == mach) return &p;
  return nullptr;
}

uint32_t processorMask(std::string_view arch, ProcessorFeature feature) {
  uint32_t mask = 0;
  unsigned index = 0;
  for (const Processor &p : kProcessors) {
    if (p.arch != arch) continue;
    if (p.has(feature)) mask |= 1u << index;
    ++index;
  }
  return mask;
}

} // namespace gfxasm::isa
