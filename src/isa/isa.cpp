// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "isa/isa.h"

#include <algorithm>

namespace gfxasm::isa {

std::span<const InstrDesc> ArchTables::lookup(std::string_view name) const {
  auto lo = std::lower_bound(instrs.begin(), instrs.end(), name,
                             [](const InstrDesc &d, std::string_view n) { return d.name < n; });
  auto hi = lo;
  while (hi != instrs.end() && hi->name == name) ++hi;
  return {lo, hi};
}

} // namespace gfxasm::isa
