// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the parser and the printer of the valu classes (operands_valu.cpp,
// print_valu.cpp).
//
// Inline constants and literals of VALU (VOP1/VOP2/VOPC/VOP3) sources, per operand type, as
// llvm-mc-22 encodes them (found by asking it):
//  - integers: 16-bit float types take -0x8000..0xffff (the low 16 bits), b16 the same range as a
//    32-bit value, 32-bit types -2^31..2^32-1; 64-bit types a full 64-bit value for the inline
//    check and a 32-bit one for the literal. A value is inline when it is -16..64 or the bits of
//    one of the type's inline floats (f64: also a 32-bit value as the high half).
//  - floats: rounded to the type (overflow and inexact subnormals rejected), then as above; f64
//    literals are the high 32 bits; b16 literals are f32 bits; b64 takes only inline floats.
#pragma once

#include <cstdint>

#include "asm/expr.h"
#include "isa/arch_traits.h"
#include "isa/inst.h"

namespace gfxasm::as {

struct ValuImmediate {
  bool ok = false;
  bool literal = false; // `value` is the literal dword, else the inline encoding
  uint32_t value = 0;
};

ValuImmediate valuIntImmediate(int64_t v, isa::OpType t);
ValuImmediate valuFloatImmediate(double v, isa::OpType t);
// lit(...): the same value always as a literal dword.
ValuImmediate valuForcedLiteral(bool isFloat, int64_t iv, double fv, isa::OpType t);

// Whether literal dword `lit` of type `t` is also an inline constant (llvm prints lit(0x..)).
bool valuLiteralLooksInline(uint32_t lit, isa::OpType t);
// The literal as llvm prints it: 16-bit types show the low half.
uint32_t valuLiteralPrintValue(uint32_t lit, isa::OpType t);

// (inline: the printer asks these per operand)
// A 16-bit operand written as a VGPR half (v1.l / v1.h): true16 entries only.
inline bool isTrue16Operand(const isa::Inst &inst, isa::OpType t) {
  using isa::OpType;
  return isa::typeBits(t) == 16 && (t == OpType::b16 || t == OpType::f16 || t == OpType::bf16) &&
         !(inst.desc->flags & isa::IF_Fake16) && inst.arch->traits->true16;
}
// The entry's format is a 32-bit (e32) one.
inline bool isE32(const isa::Inst &inst) {
  return inst.arch->formatOf(*inst.desc).sizeBytes == 4;
}
// A 16-bit operand of a fake16 e32 form: llvm's *_Lo128 register classes (v0-v127).
inline bool isFake16Lo128(const isa::Inst &inst, isa::OpType t) {
  return isa::typeBits(t) == 16 && (inst.desc->flags & isa::IF_Fake16) && isE32(inst) &&
         inst.arch->traits->true16;
}
// Bit of op_sel that selects the high half of the operand in field `f` (dst: bit 3).
inline unsigned opselSlot(isa::Field f) {
  switch (f) {
  case isa::Field::src1: return 1;
  case isa::Field::src2: return 2;
  case isa::Field::vdst: return 3;
  default: return 0;
  }
}
// Field `f` is a 9-bit source field (VGPRs encoded 256 + n) rather than an 8-bit VGPR field.
inline bool sourceField9Bits(const isa::Inst &inst, isa::Field f) {
  return inst.arch->formatOf(*inst.desc).layout(f).width() == 9;
}
// An implicit operand left out before operand `next`, written at `c`, that llvm fails to parse.
bool implicitOmissionRejected(const isa::Inst &inst, unsigned next, const Cursor &c);
// Whether, after implicit operand `idx` parsed, the text at `c` still holds the entry's other
// positional operands (else the register was the next operand: v_cmp_ge_f32_e32 vcc_lo, v1).
bool implicitLeavesEnough(const isa::Inst &inst, unsigned idx, const Cursor &c);
// The op_sel operand keeps, above its 4 field bits, the slots a .l/.h suffix decided.
constexpr unsigned kOpselSuffixShift = 8;

} // namespace gfxasm::as
