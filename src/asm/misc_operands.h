// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Facts the misc-family parser (operands_misc.cpp) and printer (print_misc.cpp) share.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "isa/inst.h"

namespace gfxasm::as {

constexpr unsigned kOpSelBits = 4;     // VINTERP op_sel: src0, src1, src2, vdst
constexpr unsigned kMaxAttribute = 32; // lds_param_load attrN
// gfx9 v_interp_p2_f16: op_sel bit 1 is of no operand (its op_sel names src0, src2 and vdst).
constexpr uint32_t kInterpOpSelDropped = 0b0010;
// gfx9 v_interp_mov's parameters, by encoding.
constexpr std::array<std::string_view, 3> kInterpParams = {"p10", "p20", "p0"};
// Marks an op_sel operand written with a nonzero value (llvm prints op_sel only then; the field
// may also hold bits set by .h operands). Outside the neg/abs/sext bits the encoder places.
constexpr uint8_t kOpSelWritten = 0x80;

// op_sel bit of an operand: src0..src2 are bits 0..2, the destination bit 3.
inline unsigned opSelBit(isa::Field f) {
  switch (f) {
  case isa::Field::src0: return 0;
  case isa::Field::src1: return 1;
  case isa::Field::src2: return 2;
  default: return 3;
  }
}

// The en bit of the EXP source at operand index `idx` (its position among the exp_src operands).
unsigned expSourceSlot(std::span<const isa::OperandDesc> ops, unsigned idx);

} // namespace gfxasm::as
