// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "object/xxh3.h"

#include <cstring>

namespace gfxasm::object {
namespace {

constexpr uint64_t kPrime32_1 = 0x9E3779B1U, kPrime32_2 = 0x85EBCA77U, kPrime32_3 = 0xC2B2AE3DU;
constexpr uint64_t kPrime64_1 = 0x9E3779B185EBCA87ULL, kPrime64_2 = 0xC2B2AE3D27D4EB4FULL,
                   kPrime64_3 = 0x165667B19E3779F9ULL, kPrime64_4 = 0x85EBCA77C2B2AE63ULL,
                   kPrime64_5 = 0x27D4EB2F165667C5ULL;
constexpr uint64_t kPrimeMx1 = 0x165667919E3779F9ULL, kPrimeMx2 = 0x9FB21C651E98DF25ULL;

constexpr uint8_t kSecret[192] = {
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
    0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
    0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
    0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
    0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
    0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
    0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
    0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
    0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
    0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
};

uint64_t read64(const uint8_t *p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v; // little endian hosts only, as the rest of gfxasm
}
uint32_t read32(const uint8_t *p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
uint64_t rotl64(uint64_t v, int r) {
  return (v << r) | (v >> (64 - r));
}
uint64_t mulFold64(uint64_t a, uint64_t b) {
  unsigned __int128 product = static_cast<unsigned __int128>(a) * b;
  return static_cast<uint64_t>(product) ^ static_cast<uint64_t>(product >> 64);
}
uint64_t avalanche(uint64_t h) {
  h ^= h >> 37;
  h *= kPrimeMx1;
  return h ^ (h >> 32);
}
uint64_t xxh64Avalanche(uint64_t h) {
  h ^= h >> 33;
  h *= kPrime64_2;
  h ^= h >> 29;
  h *= kPrime64_3;
  return h ^ (h >> 32);
}
uint64_t rrmxmx(uint64_t h, uint64_t len) {
  h ^= rotl64(h, 49) ^ rotl64(h, 24);
  h *= kPrimeMx2;
  h ^= (h >> 35) + len;
  h *= kPrimeMx2;
  return h ^ (h >> 28);
}
uint64_t mix16(const uint8_t *in, const uint8_t *secret) {
  return mulFold64(read64(in) ^ read64(secret), read64(in + 8) ^ read64(secret + 8));
}

// Inputs longer than 240 bytes: 8 accumulators over 64-byte stripes, scrambled per block.
uint64_t hashLong(const uint8_t *in, size_t len) {
  constexpr size_t kStripe = 64, kSecretSize = sizeof(kSecret);
  constexpr size_t kStripesPerBlock = (kSecretSize - kStripe) / 8,
                   kBlock = kStripe * kStripesPerBlock;
  uint64_t acc[8] = {kPrime32_3, kPrime64_1, kPrime64_2, kPrime64_3,
                     kPrime64_4, kPrime32_2, kPrime64_5, kPrime32_1};
  auto accumulate512 = [&](const uint8_t *stripe, const uint8_t *secret) {
    for (int i = 0; i < 8; ++i) {
      uint64_t data = read64(stripe + 8 * i), key = data ^ read64(secret + 8 * i);
      acc[i ^ 1] += data;
      acc[i] += (key & 0xffffffffULL) * (key >> 32);
    }
  };
  auto scramble = [&](const uint8_t *secret) {
    for (int i = 0; i < 8; ++i) {
      uint64_t a = acc[i];
      a ^= a >> 47;
      a ^= read64(secret + 8 * i);
      acc[i] = a * kPrime32_1;
    }
  };
  size_t blocks = (len - 1) / kBlock;
  for (size_t b = 0; b < blocks; ++b) {
    for (size_t s = 0; s < kStripesPerBlock; ++s)
      accumulate512(in + b * kBlock + s * kStripe, kSecret + s * 8);
    scramble(kSecret + kSecretSize - kStripe);
  }
  size_t stripes = ((len - 1) - kBlock * blocks) / kStripe;
  for (size_t s = 0; s < stripes; ++s)
    accumulate512(in + blocks * kBlock + s * kStripe, kSecret + s * 8);
  accumulate512(in + len - kStripe, kSecret + kSecretSize - kStripe - 7);
  uint64_t result = len * kPrime64_1;
  for (int i = 0; i < 4; ++i)
    result += mulFold64(acc[2 * i] ^ read64(kSecret + 11 + 16 * i),
                        acc[2 * i + 1] ^ read64(kSecret + 11 + 16 * i + 8));
  return avalanche(result);
}

} // namespace

uint64_t xxh3_64(const uint8_t *in, size_t len) {
  const uint8_t *secret = kSecret;
  if (len == 0) return xxh64Avalanche(read64(secret + 56) ^ read64(secret + 64));
  if (len <= 3) {
    uint32_t combined = (uint32_t(in[0]) << 16) | (uint32_t(in[len >> 1]) << 24) |
                        uint32_t(in[len - 1]) | (uint32_t(len) << 8);
    uint64_t bitflip = read32(secret) ^ read32(secret + 4);
    return xxh64Avalanche(combined ^ bitflip);
  }
  if (len <= 8) {
    uint64_t input = read32(in + len - 4) + (uint64_t(read32(in)) << 32);
    uint64_t bitflip = read64(secret + 8) ^ read64(secret + 16);
    return rrmxmx(input ^ bitflip, len);
  }
  if (len <= 16) {
    uint64_t lo = read64(in) ^ (read64(secret + 24) ^ read64(secret + 32));
    uint64_t hi = read64(in + len - 8) ^ (read64(secret + 40) ^ read64(secret + 48));
    uint64_t acc = len + __builtin_bswap64(lo) + hi + mulFold64(lo, hi);
    return avalanche(acc);
  }
  if (len <= 128) {
    uint64_t acc = len * kPrime64_1;
    if (len > 32) {
      if (len > 64) {
        if (len > 96) {
          acc += mix16(in + 48, secret + 96);
          acc += mix16(in + len - 64, secret + 112);
        }
        acc += mix16(in + 32, secret + 64);
        acc += mix16(in + len - 48, secret + 80);
      }
      acc += mix16(in + 16, secret + 32);
      acc += mix16(in + len - 32, secret + 48);
    }
    acc += mix16(in, secret);
    acc += mix16(in + len - 16, secret + 16);
    return avalanche(acc);
  }
  if (len <= 240) {
    uint64_t acc = len * kPrime64_1;
    for (size_t i = 0; i < 8; ++i) acc += mix16(in + 16 * i, secret + 16 * i);
    acc = avalanche(acc);
    for (size_t i = 8; i < len / 16; ++i) acc += mix16(in + 16 * i, secret + 16 * (i - 8) + 3);
    acc += mix16(in + len - 16, secret + 136 - 17);
    return avalanche(acc);
  }
  return hashLong(in, len);
}

} // namespace gfxasm::object
