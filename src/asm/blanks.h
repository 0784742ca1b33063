// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Skipping the blanks that indent a line.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace gfxasm::as {

// The first character from `p` that is no blank (' ' or '\t'), or `end`: spaces eight at a time
// (compiler output indents its comment lines by forty), then a character at a time.
inline const char *skipBlanks(const char *p, const char *end) {
  if constexpr (std::endian::native == std::endian::little) {
    while (end - p >= 8) {
      uint64_t w;
      std::memcpy(&w, p, 8);
      if (const uint64_t other = w ^ 0x2020202020202020; other) {
        p += std::countr_zero(other) / 8;
        break;
      }
      p += 8;
    }
  }
  while (p < end && (*p == ' ' || *p == '\t')) ++p;
  return p;
}

} // namespace gfxasm::as
