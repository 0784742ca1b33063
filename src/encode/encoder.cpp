// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "encode/encoder.h"
#include "isa/arch_traits.h"

#include <cstring>

namespace gfxasm::enc {

using namespace isa;

namespace {
using u128 = Word;

u128 load(const uint8_t *buf) {
  return loadWord(buf);
}
void store(uint8_t *buf, u128 v) {
  std::memcpy(buf, &v, sizeof v);
}
u128 lowMask(unsigned width) {
  return width >= 128 ? ~u128{0} : (u128{1} << width) - 1;
}
} // namespace

Word fieldMask(const FormatDesc &fmt, Field f) {
  Word m = 0;
  const FieldLayout &l = fmt.layout(f);
  for (unsigned i = 0; i < l.count; ++i) m |= lowMask(l.ranges[i].width) << l.ranges[i].lo;
  return m;
}

namespace {
// Writes `value` into `field` of the 128-bit instruction word `w`. Most ranges lie within one
// 64-bit half, where plain 64-bit operations do.
inline void place(const FormatDesc &fmt, Field field, uint64_t value, u128 &w) {
  const FieldLayout &l = fmt.layout(field);
  for (unsigned i = 0; i < l.count; ++i) {
    unsigned lo = l.ranges[i].lo, width = l.ranges[i].width;
    uint64_t bits = value & ((uint64_t{1} << width) - 1);
    if (lo + width <= 64) {
      uint64_t half = static_cast<uint64_t>(w);
      uint64_t m = ((uint64_t{1} << width) - 1) << lo;
      w = (w & ~static_cast<u128>(~uint64_t{0})) | ((half & ~m) | (bits << lo));
    } else {
      u128 m = lowMask(width) << lo;
      w = (w & ~m) | (static_cast<u128>(bits) << lo);
    }
    value >>= width;
  }
}
// ORs `bits` (no wider than `r`) into range `r` of `w`. A shift by a variable 128-bit amount is
// many instructions: ranges within one 64-bit half (all but a few) shift as 64 bits.
inline void orAt(u128 &w, uint64_t bits, BitRange r) {
  if (r.lo + r.width <= 64)
    w |= bits << r.lo;
  else if (r.lo >= 64)
    w |= static_cast<u128>(bits << (r.lo - 64)) << 64;
  else
    w |= static_cast<u128>(bits) << r.lo;
}
// ORs `value` into `field` of `w`, whose field bits are still zero (encode starts from zeros and
// each field has one operand): no masking needed.
inline void orInto(const FormatDesc &fmt, Field field, uint64_t value, u128 &w) {
  const FieldLayout &l = fmt.layout(field);
  for (unsigned i = 0; i < l.count; ++i) {
    unsigned width = l.ranges[i].width;
    orAt(w, value & ((uint64_t{1} << width) - 1), l.ranges[i]);
    value >>= width;
  }
}
inline uint64_t extract(const FormatDesc &fmt, Field field, u128 w) {
  const FieldLayout &l = fmt.layout(field);
  uint64_t v = 0;
  unsigned shift = 0;
  for (unsigned i = 0; i < l.count; ++i) {
    v |= static_cast<uint64_t>((w >> l.ranges[i].lo) & lowMask(l.ranges[i].width)) << shift;
    shift += l.ranges[i].width;
  }
  return v;
}
} // namespace

void setField(const FormatDesc &fmt, Field field, uint64_t value, uint8_t *buf) {
  if (!fmt.layout(field).count) return;
  u128 w = load(buf);
  place(fmt, field, value, w);
  store(buf, w);
}

uint64_t getField(const FormatDesc &fmt, Field field, const uint8_t *buf) {
  return extract(fmt, field, load(buf));
}

namespace {
// gfx9 SMEM: the soffset field holds an SGPR only with soe set; without imm or soe, the SGPR offset
// goes in the offset field instead (the operands keep it in soffset).
void encodeSmemOffsetForm(const FormatDesc &fmt, u128 &w) {
  if (extract(fmt, Field::soe, w)) return;
  uint64_t sgpr = extract(fmt, Field::soffset, w);
  place(fmt, Field::soffset, 0, w);
  if (!extract(fmt, Field::imm, w)) place(fmt, Field::offset, sgpr, w);
}
} // namespace

namespace {
// The fixed bits and the opcode of an entry's word.
u128 baseWord(const FormatDesc &fmt, const InstrDesc &desc) {
  u128 w = 0;
  for (unsigned i = 0; i < fmt.numFixed; ++i) orAt(w, fmt.fixed[i].value, fmt.fixed[i].range);
  orInto(fmt, Field::op, desc.opcode, w);
  return w;
}

// Source modifiers live in per-slot bit fields (neg/abs/sext bit N for srcN).
void orModifiers(const FormatDesc &fmt, Field source, uint8_t mods, u128 &w) {
  uint64_t bit = uint64_t{1} << sourceSlot(source);
  if (mods & Mod_Neg) orInto(fmt, Field::neg, bit, w);
  if (mods & Mod_Abs) orInto(fmt, Field::abs, bit, w);
  if (mods & Mod_Sext) orInto(fmt, Field::sext, bit, w);
}

// Stores the word `w` of `inst` (operands placed) and its literal where the format takes one;
// returns the size.
size_t finish(const Inst &inst, const FormatDesc &fmt, u128 w, bool literal, uint8_t *out) {
  if (fmt.has(Field::soe)) encodeSmemOffsetForm(fmt, w);
  // `out` holds kMaxInstBytes, so the 16-byte store is in bounds whatever the format's size.
  store(out, w);
  // (the literal dword: little-endian hosts only, x86-64 and aarch64)
  if (inst.hasLiteral && literal) std::memcpy(out + fmt.sizeBytes, &inst.literal, 4);
  return encodedSize(fmt, inst, literal);
}
} // namespace

bool takesLiteral(const ArchTables &arch, const FormatDesc &fmt) {
  // llvm's encoder writes no literal after a DPP form (its disassembler reads one: the assembler
  // takes none there).
  // (nor after SDWA, which has no literal; llvm decodes an inline float in a 16-bit integer
  // source as a literal of its f16 bits, and encodes the marker alone)
  bool dpp = fmt.has(Field::dpp_ctrl) || fmt.has(Field::dpp8) || fmt.has(Field::src0_sel);
  // (nor after a VOP3 or VOP3P form, which have clamp, where the architecture has no VOP3
  // literal: gfx9's lit(1.0))
  bool vop3NoLiteral = fmt.has(Field::clamp) && !arch.traits->vop3Literal;
  return !dpp && !vop3NoLiteral;
}

size_t encode(const Inst &inst, uint8_t *out) {
  const FormatDesc &fmt = inst.arch->formatOf(*inst.desc);
  // The word is built in a register and stored once.
  u128 w = baseWord(fmt, *inst.desc);
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    const OperandValue &v = inst.ops[i];
    if (v.value) orInto(fmt, ops[i].field, v.value, w);
    if (v.mods) orModifiers(fmt, ops[i].field, v.mods, w);
  }
  return finish(inst, fmt, w, takesLiteral(*inst.arch, fmt), out);
}

EncodePlan planEncoding(const ArchTables &arch, const InstrDesc &desc) {
  const FormatDesc &fmt = arch.formatOf(desc);
  EncodePlan plan;
  plan.base = baseWord(fmt, desc);
  plan.literal = takesLiteral(arch, fmt);
  plan.direct = true;
  auto ops = arch.operandsOf(desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    const FieldLayout &l = fmt.layout(ops[i].field);
    // (a field the format lacks takes nothing: width 0)
    if (l.count > 1 ||
        (l.count == 1 && (l.ranges[0].lo + l.ranges[0].width > 64 || l.ranges[0].width >= 64)))
      plan.direct = false;
    else if (l.count == 1)
      plan.lo[i] = l.ranges[0].lo, plan.width[i] = l.ranges[0].width;
  }
  return plan;
}

size_t encode(const Inst &inst, const EncodePlan &plan, uint8_t *out) {
  if (!plan.direct) return encode(inst, out);
  const FormatDesc &fmt = inst.arch->formatOf(*inst.desc);
  u128 w = plan.base;
  uint64_t low = 0;
  const size_t numOperands = inst.desc->numOperands;
  for (size_t i = 0; i < numOperands; ++i) {
    const OperandValue &v = inst.ops[i];
    low |= (v.value & ((uint64_t{1} << plan.width[i]) - 1)) << plan.lo[i];
    if (v.mods) [[unlikely]]
      orModifiers(fmt, inst.arch->operands[inst.desc->firstOperand + i].field, v.mods, w);
  }
  return finish(inst, fmt, w | low, plan.literal, out);
}

} // namespace gfxasm::enc
