// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Inline constants and literals of source operands (the 128-208 and 240-248 encodings).
#pragma once

#include <cstdint>
#include <string>

#include "isa/isa.h"

namespace gfxasm::isa {

// Bits of the inline floats 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 1/(2*pi) (encodings
// 240..248) in each float format.
inline constexpr uint32_t kF32Bits[9] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                         0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
inline constexpr uint64_t kF64Bits[9] = {
    0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000,
    0xbff0000000000000, 0x4000000000000000, 0xc000000000000000,
    0x4010000000000000, 0xc010000000000000, 0x3fc45f306dc9c882};
inline constexpr uint16_t kF16Bits[9] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                         0xc000, 0x4400, 0xc400, 0x3118};
inline constexpr uint16_t kBF16Bits[9] = {0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000,
                                          0xc000, 0x4080, 0xc080, 0x3e22};

// The inline encoding of integer `v` for an operand of type `t`, or -1 if `v` needs a literal.
int inlineEncodingOfInt(int64_t v, OpType t);
// The inline encoding of floating `v` for an operand of type `t`, or -1.
int inlineEncodingOfFloat(double v, OpType t);

// The 32-bit literal for integer `v` / floating `v` in an operand of type `t`; false if it does
// not fit.
bool literalOfInt(int64_t v, OpType t, uint32_t &lit);
bool literalOfFloat(double v, OpType t, uint32_t &lit);

// Prints an inline constant encoding (128-208, 240-248) as llvm does for type `t`.
bool printInlineConstant(unsigned enc, OpType t, std::string &out);

} // namespace gfxasm::isa
