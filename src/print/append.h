// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Appending numbers to text (a string or a print::Writer) without a formatting call: the printer
// writes several per instruction, and fmt's back-insert path costs more than the rest of printing.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>

namespace gfxasm::print {

template <class Out> void appendDecimal(Out &out, uint64_t v) {
  char buf[20];
  char *end = buf + sizeof buf, *p = end;
  do {
    *--p = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
  out.append(p, static_cast<size_t>(end - p));
}

template <class Out> void appendSignedDecimal(Out &out, int64_t v) {
  if (v < 0) out += '-';
  appendDecimal(out, v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v));
}

// Lowercase hexadecimal digits without a prefix.
template <class Out> void appendHexDigits(Out &out, uint64_t v) {
  char buf[16];
  char *end = buf + sizeof buf, *p = end;
  do {
    *--p = "0123456789abcdef"[v & 15];
    v >>= 4;
  } while (v);
  out.append(p, static_cast<size_t>(end - p));
}

// Exactly `digits` hexadecimal digits (leading zeros kept), lowercase or uppercase.
template <class Out>
void appendHexFixed(Out &out, uint64_t v, unsigned digits, bool upper = false) {
  const char *set = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  char buf[16];
  for (unsigned i = digits; i-- > 0; v >>= 4) buf[i] = set[v & 15];
  out.append(buf, digits);
}

// "0x1f"
template <class Out> void appendHex(Out &out, uint64_t v) {
  out += "0x";
  appendHexDigits(out, v);
}

// Each byte's two hexadecimal digits, for writing many (listing columns, encodings) by table.
using HexPairs = std::array<std::array<char, 2>, 256>;
constexpr HexPairs hexPairs(const char *digits) {
  HexPairs t{};
  for (unsigned b = 0; b < 256; ++b) t[b] = {digits[b >> 4], digits[b & 15]};
  return t;
}
inline constexpr HexPairs kLowerHexPairs = hexPairs("0123456789abcdef");
inline constexpr HexPairs kUpperHexPairs = hexPairs("0123456789ABCDEF");
// The eight hexadecimal digits of `v` at p; returns their end.
inline char *putHexWord(char *p, uint32_t v, const HexPairs &pairs) {
  for (int shift = 24; shift >= 0; shift -= 8, p += 2)
    std::memcpy(p, pairs[(v >> shift) & 0xff].data(), 2);
  return p;
}

} // namespace gfxasm::print
