// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Appending numbers to text (a string or a print::Writer) without a formatting call: the printer
// writes several per instruction, and fmt's back-insert path costs more than the rest of printing.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gfxasm::print {

// Every number below 1000 as three digits with leading zeros, then its own length (1-3).
inline constexpr auto kThreeDigits = [] {
  std::array<std::array<char, 4>, 1000> t{};
  for (unsigned n = 0; n < t.size(); ++n) {
    char len = n >= 100 ? 3 : n >= 10 ? 2 : 1;
    t[n] = {static_cast<char>('0' + n / 100), static_cast<char>('0' + n / 10 % 10),
            static_cast<char>('0' + n % 10), len};
  }
  return t;
}();

// (three digits a step, from a table: most numbers printed are below 1000, one lookup)
template <class Out> void appendDecimal(Out &out, uint64_t v) {
  if (v < 1000) {
    const auto &d = kThreeDigits[v];
    unsigned len = static_cast<unsigned char>(d[3]);
    out.append(d.data() + 3 - len, len);
    return;
  }
  char buf[24];
  char *end = buf + sizeof buf, *p = end;
  while (v >= 1000) {
    p -= 3;
    std::memcpy(p, kThreeDigits[v % 1000].data(), 3);
    v /= 1000;
  }
  const auto &d = kThreeDigits[v];
  unsigned len = static_cast<unsigned char>(d[3]);
  p -= len;
  std::memcpy(p, d.data() + 3 - len, len);
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
// The eight hexadecimal digits of `v` (as the 8 bytes of a little-endian word; putHexWord: at
// p, returning their end). Computed on all eight at once
// (each nibble moved into a byte of its own, then '0' or 'a' - 10 added by a mask of the
// nibbles above 9) rather than looked up by pairs: the objdump listing writes three per line.
inline uint64_t hexWord(uint32_t v, bool upper) {
  uint64_t x = v;
  x = ((x & 0xffff0000u) << 16) | (x & 0xffffu);
  x = ((x & 0x0000ff000000ff00u) << 8) | (x & 0x000000ff000000ffu);
  x = ((x & 0x00f000f000f000f0u) << 4) | (x & 0x000f000f000f000fu);
  // (byte 0 holds the lowest nibble: reversed so the highest comes first)
  x = __builtin_bswap64(x);
  uint64_t letters = ((x + 0x0606060606060606u) >> 4) & 0x0101010101010101u;
  return x + 0x3030303030303030u + letters * (upper ? 7 : 39);
}
// hexWord of two words at once (SSE2: the 16 nibbles spread to bytes by one unpack, the letters
// added by a compare), for the objdump listing's address and dword columns.
struct HexWords {
  uint64_t first, second;
};
inline HexWords hexWords(uint32_t first, uint32_t second, bool upper) {
#if defined(__SSE2__)
  // (each word's bytes most significant first, so that its digits come out in order)
  uint64_t bytes = uint64_t{__builtin_bswap32(second)} << 32 | __builtin_bswap32(first);
  __m128i x = _mm_cvtsi64_si128(static_cast<long long>(bytes));
  __m128i low4 = _mm_set1_epi8(0x0f);
  __m128i nibbles =
      _mm_unpacklo_epi8(_mm_and_si128(_mm_srli_epi16(x, 4), low4), _mm_and_si128(x, low4));
  __m128i letters = _mm_and_si128(_mm_cmpgt_epi8(nibbles, _mm_set1_epi8(9)),
                                  _mm_set1_epi8(static_cast<char>(upper ? 7 : 39)));
  __m128i digits = _mm_add_epi8(_mm_add_epi8(nibbles, _mm_set1_epi8('0')), letters);
  return {static_cast<uint64_t>(_mm_cvtsi128_si64(digits)),
          static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(digits, digits)))};
#else
  return {hexWord(first, upper), hexWord(second, upper)};
#endif
}
inline char *putHexWord(char *p, uint32_t v, bool upper) {
  uint64_t x = hexWord(v, upper);
  std::memcpy(p, &x, 8);
  return p + 8;
}

} // namespace gfxasm::print
