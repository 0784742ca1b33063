// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Comparison of the short strings the assembler matches words against (mnemonics, modifier and
// register names).
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace gfxasm::as {

// Equal strings, compared 8 bytes at a time in line: a library memcmp call costs more than the
// comparison of a word of a few characters, and these comparisons run for every statement.
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
