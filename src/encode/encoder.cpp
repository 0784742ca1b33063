#include "encode/encoder.h"

#include <cstring>

namespace gfxasm::enc {

using namespace isa;

namespace {
// Instructions are at most 16 bytes before the literal: the bit operations work on one 128-bit
// little-endian integer instead of bit by bit.
using u128 = unsigned __int128;

u128 load(const uint8_t *buf) {
  u128 v;
  std::memcpy(&v, buf, sizeof v);
  return v;
}
void store(uint8_t *buf, u128 v) { std::memcpy(buf, &v, sizeof v); }
u128 lowMask(unsigned width) { return width >= 128 ? ~u128{0} : (u128{1} << width) - 1; }
} // namespace

unsigned sourceSlot(Field f) {
  switch (f) {
  case Field::src1: case Field::vsrc1: return 1;
  case Field::src2: case Field::vsrc2: return 2;
  default: return 0;
  }
}

void setField(const FormatDesc &fmt, Field field, uint64_t value, uint8_t *buf) {
  const FieldLayout &l = fmt.layout(field);
  if (!l.count) return;
  u128 w = load(buf);
  for (unsigned i = 0; i < l.count; ++i) {
    u128 m = lowMask(l.ranges[i].width) << l.ranges[i].lo;
    w = (w & ~m) | ((static_cast<u128>(value) << l.ranges[i].lo) & m);
    value >>= l.ranges[i].width;
  }
  store(buf, w);
}

uint64_t getField(const FormatDesc &fmt, Field field, const uint8_t *buf) {
  const FieldLayout &l = fmt.layout(field);
  u128 w = load(buf);
  uint64_t v = 0;
  unsigned shift = 0;
  for (unsigned i = 0; i < l.count; ++i) {
    v |= static_cast<uint64_t>((w >> l.ranges[i].lo) & lowMask(l.ranges[i].width)) << shift;
    shift += l.ranges[i].width;
  }
  return v;
}

size_t encode(const Inst &inst, uint8_t *out) {
  const FormatDesc &fmt = inst.arch->formatOf(*inst.desc);
  // The buffer holds kMaxInstBytes: the 16-byte window used by setField is always in bounds.
  std::memset(out, 0, 16);
  u128 fixed = 0;
  for (unsigned i = 0; i < fmt.numFixed; ++i)
    fixed |= static_cast<u128>(fmt.fixed[i].value) << fmt.fixed[i].range.lo;
  store(out, fixed);
  setField(fmt, Field::op, inst.desc->opcode, out);
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    const OperandValue &v = inst.ops[i];
    setField(fmt, ops[i].field, v.value, out);
    if (v.mods) {
      // Source modifiers live in per-slot bit fields (neg/abs/sext bit N for srcN).
      unsigned slot = sourceSlot(ops[i].field);
      auto orBit = [&](Field f) {
        if (fmt.has(f)) setField(fmt, f, getField(fmt, f, out) | (1u << slot), out);
      };
      if (v.mods & Mod_Neg) orBit(Field::neg);
      if (v.mods & Mod_Abs) orBit(Field::abs);
      if (v.mods & Mod_Sext) orBit(Field::sext);
    }
  }
  size_t n = fmt.sizeBytes;
  if (inst.hasLiteral) {
    std::memcpy(out + n, &inst.literal, 4); // little-endian hosts only (x86-64, aarch64)
    n += 4;
  }
  return n;
}

} // namespace gfxasm::enc
