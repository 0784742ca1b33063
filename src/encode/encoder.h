// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Generic table-driven encoder: places each operand value into its field's bit ranges.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "isa/inst.h"

namespace gfxasm::enc {

constexpr size_t kMaxInstBytes = 24;

// Whether a literal dword follows an instruction of format `fmt` that has one.
bool takesLiteral(const isa::ArchTables &arch, const isa::FormatDesc &fmt);
// The instruction's size: its format's, plus the literal dword where the format takes one.
inline size_t encodedSize(const isa::FormatDesc &fmt, const isa::Inst &inst, bool takesLiteral) {
  return fmt.sizeBytes + (inst.hasLiteral && takesLiteral ? 4 : 0);
}

// Writes the instruction's bytes to `out` (at least kMaxInstBytes long) and returns how many
// (base format plus literal).
size_t encode(const isa::Inst &inst, uint8_t *out);

// An entry's encoding worked out once (an assembler encodes many instructions of few entries):
// its fixed bits and opcode, and where each operand's value goes when every operand's field is
// one bit range in the low 64 bits (`direct`; else encode() places the fields itself).
struct EncodePlan {
  unsigned __int128 base = 0;
  bool literal = false; // a literal dword follows (not in DPP, SDWA, gfx9's VOP3)
  bool direct = false;
  uint8_t lo[isa::kMaxOperands] = {}, width[isa::kMaxOperands] = {};
};
EncodePlan planEncoding(const isa::ArchTables &arch, const isa::InstrDesc &desc);
// encode() with the plan of the instruction's entry: the same bytes.
size_t encode(const isa::Inst &inst, const EncodePlan &plan, uint8_t *out);

// Writes `value` into `field` of an instruction buffer laid out as `fmt` (bits beyond the field's
// width are dropped).
void setField(const isa::FormatDesc &fmt, isa::Field field, uint64_t value, uint8_t *buf);
// Which modifier bit (neg/abs/sext) belongs to a source field: src0 -> 0, src1 -> 1, src2 -> 2.
inline unsigned sourceSlot(isa::Field f) {
  switch (f) {
  case isa::Field::src1:
  case isa::Field::vsrc1: return 1;
  case isa::Field::src2:
  case isa::Field::vsrc2: return 2;
  default: return 0;
  }
}
uint64_t getField(const isa::FormatDesc &fmt, isa::Field field, const uint8_t *buf);

// Instructions are at most 16 bytes before the literal: the bit operations work on one 128-bit
// little-endian integer instead of bit by bit.
using Word = unsigned __int128;
inline Word loadWord(const uint8_t *buf) {
  Word v;
  std::memcpy(&v, buf, sizeof v);
  return v;
}
// The bits of `field` in a format's word.
Word fieldMask(const isa::FormatDesc &fmt, isa::Field field);

} // namespace gfxasm::enc
