// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Comparison of the short strings the assembler matches words against (mnemonics, modifier and
// register names).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace gfxasm::as {

// The last `n` (below 8) of the `size` characters at `s` as a word, the first in the lowest byte
// and zeros above: one load of the last eight, shifted, when there are eight; else loads of 4, 2
// and 1 (no loop per character).
inline uint64_t tailWord(const char *s, size_t size, size_t n) {
  if constexpr (std::endian::native == std::endian::little) {
    if (n == 0) return 0;
    uint64_t w = 0;
    if (size >= 8) {
      std::memcpy(&w, s + size - 8, 8);
      return w >> (8 * (8 - n));
    }
    const char *p = s + size - n;
    size_t at = 0;
    if (n & 4) {
      uint32_t x;
      std::memcpy(&x, p, 4);
      w = x;
      at = 4;
    }
    if (n & 2) {
      uint16_t x;
      std::memcpy(&x, p + at, 2);
      w |= static_cast<uint64_t>(x) << (8 * at);
      at += 2;
    }
    if (n & 1) w |= static_cast<uint64_t>(static_cast<uint8_t>(p[at])) << (8 * at);
    return w;
  }
  uint64_t w = 0;
  for (size_t i = 0; i < n; ++i)
    w |= static_cast<uint64_t>(static_cast<uint8_t>(s[size - n + i])) << (8 * i);
  return w;
}

// Equal strings, compared 8 bytes at a time in line: a library memcmp call costs more than the
// comparison of a word of a few characters, and these comparisons run for every statement. (The
// tail a character at a time: tailWord's loads made the function larger and the instruction path
// 2% slower, callgrind, with no gain for objects.)
inline bool sameText(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  const size_t n = a.size();
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x, y;
    std::memcpy(&x, a.data() + i, 8);
    std::memcpy(&y, b.data() + i, 8);
    if (x != y) return false;
  }
  for (; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// `s` starts with `prefix` (in line, as sameText).
inline bool startsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && sameText(s.substr(0, prefix.size()), prefix);
}

inline bool hasUpperCase(std::string_view s) {
  for (char c : s)
    if (c >= 'A' && c <= 'Z') return true;
  return false;
}

// ASCII case-insensitive equality (llvm's StringRef::equals_insensitive).
inline bool sameTextIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

inline void toLowerAscii(std::string &s) {
  for (char &c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
}

} // namespace gfxasm::as
