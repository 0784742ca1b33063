// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "isa/constants.h"
#include "print/append.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <fmt/format.h>

#include "isa/registers.h"

namespace gfxasm::isa {

namespace {
constexpr const char *kFloatText[8] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"};
constexpr double kFloatValues[8] = {0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0}; // kFloatText

bool is64(OpType t) {
  return typeBits(t) == 64;
}
bool is16(OpType t) {
  return typeBits(t) == 16 && t != OpType::dec && t != OpType::hex && t != OpType::sdec;
}
} // namespace

int inlineEncodingOfInt(int64_t v, OpType t) {
  if (v >= 0 && v <= 64) return static_cast<int>(src::kIntZero + v);
  if (v >= -16 && v < 0) return static_cast<int>(src::kIntMax - v);
  // Bit patterns of the float constants also encode inline.
  for (unsigned i = 0; i < 9; ++i) {
    if (is64(t) ? static_cast<uint64_t>(v) == kF64Bits[i]
        : t == OpType::f16 || t == OpType::b16
            ? (static_cast<uint64_t>(v) & 0xffff) == kF16Bits[i] &&
                  static_cast<uint64_t>(v) <= 0xffff
        : t == OpType::bf16 ? static_cast<uint64_t>(v) == kBF16Bits[i]
                            : (static_cast<uint64_t>(v) & 0xffffffffu) == kF32Bits[i] &&
                                  (static_cast<uint64_t>(v) >> 32 == 0))
      return static_cast<int>(src::kFloatFirst + i);
  }
  return -1;
}

int inlineEncodingOfFloat(double v, OpType t) {
  for (unsigned i = 0; i < 8; ++i)
    if (v == kFloatValues[i]) return static_cast<int>(src::kFloatFirst + i);
  if (is64(t)) {
    if (std::bit_cast<uint64_t>(v) == kF64Bits[8]) return static_cast<int>(src::kInvPi);
    return -1;
  }
  if (is16(t)) return -1; // TODO(16-bit): 1/(2*pi) rounding for half types
  float f = static_cast<float>(v);
  if (std::bit_cast<uint32_t>(f) == kF32Bits[8]) return static_cast<int>(src::kInvPi);
  return -1;
}

bool literalOfInt(int64_t v, OpType t, uint32_t &lit) {
  if (v < INT32_MIN || v > static_cast<int64_t>(UINT32_MAX)) return false;
  (void)t;
  lit = static_cast<uint32_t>(v);
  return true;
}

bool literalOfFloat(double v, OpType t, uint32_t &lit) {
  if (typeKind(t) == 'I' && is64(t)) return false;
  if (is64(t)) {
    uint64_t bits = std::bit_cast<uint64_t>(v);
    lit = static_cast<uint32_t>(bits >> 32);
    return true;
  }
  float f = static_cast<float>(v);
  if (std::isinf(f) && !std::isinf(v)) return false;
  lit = std::bit_cast<uint32_t>(f);
  return true;
}

bool printInlineConstant(unsigned enc, OpType t, std::string &out) {
  if (enc >= src::kIntZero && enc <= src::kIntMax) {
    print::appendDecimal(out, enc - src::kIntZero);
    return true;
  }
  if (enc > src::kIntMax && enc <= src::kIntNegMin) {
    out += '-';
    print::appendDecimal(out, enc - src::kIntMax);
    return true;
  }
  if (enc >= src::kFloatFirst && enc < src::kInvPi) {
    out += kFloatText[enc - src::kFloatFirst];
    return true;
  }
  if (enc == src::kInvPi) {
    // (a v2f32 pair's constant is an f32's)
    out += is64(t) && t != OpType::v2f32 ? "0.15915494309189532" : "0.15915494";
    return true;
  }
  return false;
}

} // namespace gfxasm::isa
