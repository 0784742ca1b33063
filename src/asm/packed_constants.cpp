// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "asm/packed_constants.h"

#include <bit>
#include <cmath>

#include "isa/constants.h"
#include "isa/registers.h"

namespace gfxasm::as {

using namespace isa;

namespace {

// Bits of 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 1/(2*pi): encodings 240..248.
constexpr uint32_t kF32Inline[9] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                    0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
constexpr uint32_t kF16Inline[9] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                    0xc000, 0x4400, 0xc400, 0x3118};
constexpr uint32_t kBF16Inline[9] = {0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000,
                                     0xc000, 0x4080, 0xc080, 0x3e22};
constexpr uint64_t kF64Inline[9] = {0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000,
                                    0xbff0000000000000, 0x4000000000000000, 0xc000000000000000,
                                    0x4010000000000000, 0xc010000000000000, 0x3fc45f306dc9c882};

int inlineInt(int64_t v) {
  if (v >= 0 && v <= 64) return static_cast<int>(src::kIntZero + v);
  if (v >= -16 && v < 0) return static_cast<int>(src::kIntMax - v);
  return -1;
}

int inlineFloat(const uint32_t (&table)[9], uint32_t bits) {
  for (unsigned i = 0; i < 9; ++i)
    if (table[i] == bits) return static_cast<int>(src::kFloatFirst + i);
  return -1;
}

// A float type's format, and the format llvm checks a floating literal against before converting
// it (canLosslesslyConvertToFPType, which picks the format by the type's size: a bf16 by IEEE
// half's range, a v2bf16 pair by single precision's, a v2f32 pair by double's: any value).
struct FloatFormat {
  int expBits, mantBits;
  const uint32_t (&inlineBits)[9];
  int checkExpBits, checkMantBits;
};

const FloatFormat *formatOf(OpType t) {
  static const FloatFormat f32{8, 23, kF32Inline, 8, 23}, f16{5, 10, kF16Inline, 5, 10},
      bf16{8, 7, kBF16Inline, 5, 10}, v2bf16{8, 7, kBF16Inline, 8, 23},
      v2f32{8, 23, kF32Inline, 11, 52};
  switch (t) {
  case OpType::v2f32: return &v2f32;
  case OpType::v2f16:
  case OpType::f16: return &f16;
  case OpType::v2bf16: return &v2bf16;
  case OpType::bf16: return &bf16;
  default: return &f32;
  }
}

} // namespace

uint32_t convertToFloat(double v, int expBits, int mantBits, bool *exact) {
  const uint32_t sign = std::signbit(v) ? 1u << (expBits + mantBits) : 0;
  const int bias = (1 << (expBits - 1)) - 1, minExp = 1 - bias;
  const uint32_t infinity = sign | static_cast<uint32_t>(2 * bias + 1) << mantBits;
  const double a = std::fabs(v);
  if (exact) *exact = true;
  if (a == 0) return sign;
  if (std::isinf(a)) return infinity;
  int e;
  std::frexp(a, &e);
  int exp = e - 1; // a = 1.f * 2^exp
  if (exp < minExp) {
    // Subnormal (rounding up to the smallest normal gives its bits too).
    const double units = std::ldexp(a, mantBits - minExp), r = std::nearbyint(units);
    if (exact) *exact = r == units;
    return sign | static_cast<uint32_t>(r);
  }
  double r = std::nearbyint(std::ldexp(a, mantBits - exp));
  if (r == std::ldexp(1.0, mantBits + 1)) {
    r /= 2;
    ++exp;
  }
  if (exp > bias) {
    if (exact) *exact = false;
    return infinity;
  }
  return sign | static_cast<uint32_t>(exp + bias) << mantBits |
         (static_cast<uint32_t>(r) - (1u << mantBits));
}

bool fitsFloat(double v, int expBits, int mantBits) {
  if (std::isnan(v)) return false;
  if (std::isinf(v) || expBits + mantBits == 63) return true; // (a double, or exact)
  bool exact;
  const uint32_t bits = convertToFloat(v, expBits, mantBits, &exact);
  const uint32_t magnitude = bits & ~(1u << (expBits + mantBits));
  const uint32_t infinity = ((1u << expBits) - 1) << mantBits, smallestNormal = 1u << mantBits;
  // (llvm allows a lost precision, not an overflow or an inexact result below the normal range)
  return magnitude != infinity && (exact || magnitude >= smallestNormal);
}

bool roundToFloat(double v, int expBits, int mantBits, uint32_t &bits) {
  if (!fitsFloat(v, expBits, mantBits)) return false;
  bits = convertToFloat(v, expBits, mantBits, nullptr);
  return true;
}

int packedConstantEncoding(OpType t, const NumberToken &n, uint32_t &lit, bool literalOk) {
  const FloatFormat &fmt = *formatOf(t);
  bool half = t == OpType::f16; // a single 16-bit value: integers are 16-bit
  uint32_t bits;
  if (n.isFloat) {
    if (!fitsFloat(n.fval, fmt.checkExpBits, fmt.checkMantBits)) return kConstantInvalid;
    bits = convertToFloat(n.fval, fmt.expBits, fmt.mantBits, nullptr);
    // (llvm compares the converted bits with the integer constants too: the smallest half
    // denormals are the inline 1..64)
    const bool bits16 = fmt.expBits + fmt.mantBits == 15;
    int enc = inlineInt(bits16 ? static_cast<int16_t>(bits) : static_cast<int32_t>(bits));
    if (enc < 0) enc = inlineFloat(fmt.inlineBits, bits);
    // llvm takes the exact text 0.15915494 as bf16's 1/(2*pi) although it rounds to 0x3e23
    // (not where a literal is not allowed).
    if (enc < 0 && literalOk && &fmt.inlineBits == &kBF16Inline && n.fval == 0.15915494)
      enc = src::kInvPi;
    if (enc >= 0) return enc;
    lit = bits;
    return kConstantLiteral;
  }
  // llvm takes in a v2f32 pair the bits of a double's inline constant (not 1/(2*pi)) and
  // encodes their low dword, the inline 0.
  if (t == OpType::v2f32)
    for (unsigned k = 0; k < 8; ++k)
      if (static_cast<uint64_t>(n.ival) == isa::kF64Bits[k]) return static_cast<int>(src::kIntZero);
  if (half ? (n.ival < -32768 || n.ival > 65535)
           : (n.ival < INT32_MIN || n.ival > int64_t{UINT32_MAX}))
    return kConstantInvalid;
  bits = static_cast<uint32_t>(n.ival) & (half ? 0xffffu : 0xffffffffu);
  int enc = inlineInt(half ? static_cast<int16_t>(bits) : static_cast<int32_t>(bits));
  if (enc < 0) enc = inlineFloat(fmt.inlineBits, bits);
  if (enc >= 0) return enc;
  lit = bits;
  return kConstantLiteral;
}

bool packedForcedLiteral(OpType t, const NumberToken &n, uint32_t &lit) {
  const FloatFormat &fmt = *formatOf(t);
  if (n.isFloat) {
    if (!fitsFloat(n.fval, fmt.checkExpBits, fmt.checkMantBits)) return false;
    lit = convertToFloat(n.fval, fmt.expBits, fmt.mantBits, nullptr);
    return true;
  }
  bool half = t == OpType::f16;
  if (half ? (n.ival < -32768 || n.ival > 65535)
           : (n.ival < INT32_MIN || n.ival > int64_t{UINT32_MAX}))
    return false;
  lit = static_cast<uint32_t>(n.ival) & (half ? 0xffffu : 0xffffffffu);
  return true;
}

bool packedLiteralLooksInline(uint32_t lit, OpType t) {
  NumberToken n;
  n.ival = t == OpType::f16 ? lit & 0xffff : lit;
  uint32_t bits;
  return packedConstantEncoding(t, n, bits) >= 0;
}

int inline64Encoding(const NumberToken &n) {
  uint64_t bits;
  if (n.isFloat) {
    if (n.fval == 0 && !std::signbit(n.fval)) return static_cast<int>(src::kIntZero);
    bits = std::bit_cast<uint64_t>(n.fval);
  } else {
    int enc = inlineInt(n.ival);
    if (enc >= 0) return enc;
    bits = static_cast<uint64_t>(n.ival);
  }
  for (unsigned i = 0; i < 9; ++i)
    if (kF64Inline[i] == bits) return static_cast<int>(src::kFloatFirst + i);
  return -1;
}

bool readsConstantBus(const RegisterSet &rs, unsigned enc) {
  if (enc <= src::kExecHi) return enc != rs.null; // SGPRs, vcc, ttmp, m0, exec (gfx9's 102-105)
  return (enc >= src::kSharedBase && enc <= src::kPopsExitingWaveId) ||
         (enc >= src::kVccz && enc <= src::kScc);
}

} // namespace gfxasm::as
