// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Inline constants and literals of the operand types whose rules differ from the 32-bit ones in
// isa/constants.h: packed 16-bit pairs (v2f16, v2bf16, v2b16), 16-bit floats, and the inline-only
// 64-bit constants of the WMMA accumulator. The rules are llvm-mc-22's (AMDGPUAsmParser), found by
// asking it: integers are 32-bit values (16-bit for f16), floats are rounded to the operand's
// format (overflow and underflow rejected), and a value is inline when its bits match an inline
// integer (-16..64) or one of the format's inline floats.
#pragma once

#include <cstdint>

#include "isa/isa.h"
#include "isa/registers.h"

namespace gfxasm::as {

struct NumberToken {
  bool isFloat = false;
  int64_t ival = 0;
  double fval = 0;
};

constexpr int kConstantInvalid = -1; // the value does not fit the operand
constexpr int kConstantLiteral = -2; // needs a literal dword

// The source encoding (128..208, 240..248) of number `n` in an operand of type `t`
// (v2f16, v2bf16, v2b16, f16, b32, f32), kConstantLiteral with `lit` set, or kConstantInvalid.
// literalOk: false where the operand takes no literal (DPP forms), where llvm judges a float by
// its rounded bits alone.
int packedConstantEncoding(isa::OpType t, const NumberToken &n, uint32_t &lit,
                           bool literalOk = true);

// lit(n) in a source of type `t`: the literal dword (floats rounded to the type's format, integers
// as 32-bit values, 16-bit ones in f16); false where llvm rejects the number.
bool packedForcedLiteral(isa::OpType t, const NumberToken &n, uint32_t &lit);

// Whether literal dword `lit` of a source of type `t` reads back as an inline constant, which llvm
// then prints as lit(...) (an f16 source's literal by its low half).
bool packedLiteralLooksInline(uint32_t lit, isa::OpType t);

// The inline encoding of `n` as a 64-bit floating constant, or -1 (no literal allowed).
int inline64Encoding(const NumberToken &n);

// Whether a WMMA accumulator of type `t` takes 64-bit inline constants (8-register tuples).
inline bool wmmaAccumulatorIs64(isa::OpType t) {
  return isa::typeBits(t) == 256;
}

// The bits of `v` (a double as the lexer read it) rounded to a binary float with
// `expBits`/`mantBits` as llvm's APFloat::convert rounds: to nearest, ties to even, beyond the
// largest finite value infinity, below the denormals zero; `exact` (if given): nothing was lost.
uint32_t convertToFloat(double v, int expBits, int mantBits, bool *exact);
// Whether llvm takes floating literal `v` for that format (canLosslesslyConvertToFPType): a lost
// precision is fine, an overflow or an inexact result below the normal range is not.
bool fitsFloat(double v, int expBits, int mantBits);
// Both: false where llvm rejects `v`, else its bits.
bool roundToFloat(double v, int expBits, int mantBits, uint32_t &bits);

// Whether source encoding `enc` reads a scalar value over the constant bus (SGPRs, vcc, ttmp, m0,
// exec, src_* registers; not null, inline constants, VGPRs or the literal itself).
bool readsConstantBus(const isa::RegisterSet &rs, unsigned enc);

} // namespace gfxasm::as
