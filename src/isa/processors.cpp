// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "isa/processors.h"

namespace gfxasm::isa {

namespace {

constexpr Processor kProcessors[] = {
#define LIMITS(...)                                                                                \
  { __VA_ARGS__ }
#define PROCESSOR(name, arch, mach, major, minor, stepping, features, limits)                      \
  {name, arch, mach, major, minor, stepping, static_cast<uint32_t>(features), limits},
#include "isa/processors.def"
#undef PROCESSOR
#undef LIMITS
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

bool processorHas(std::string_view cpu, ProcessorFeature feature) {
  const Processor *p = findProcessor(cpu);
  return p && p->has(feature);
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
