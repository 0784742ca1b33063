#include "encode/encoder.h"

#include <cstring>

namespace gfxasm::enc {

using namespace isa;

namespace {
void putBits(uint8_t *buf, unsigned lo, unsigned width, uint64_t v) {
  for (unsigned i = 0; i < width; ++i) {
    unsigned bit = lo + i;
    uint8_t mask = static_cast<uint8_t>(1u << (bit & 7));
    if ((v >> i) & 1) buf[bit >> 3] |= mask;
    else buf[bit >> 3] &= static_cast<uint8_t>(~mask);
  }
}
uint64_t takeBits(const uint8_t *buf, unsigned lo, unsigned width) {
  uint64_t v = 0;
  for (unsigned i = 0; i < width; ++i) {
    unsigned bit = lo + i;
    v |= static_cast<uint64_t>((buf[bit >> 3] >> (bit & 7)) & 1) << i;
  }
  return v;
}
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
  for (unsigned i = 0; i < l.count; ++i) {
    putBits(buf, l.ranges[i].lo, l.ranges[i].width, value);
    value >>= l.ranges[i].width;
  }
}

uint64_t getField(const FormatDesc &fmt, Field field, const uint8_t *buf) {
  const FieldLayout &l = fmt.layout(field);
  uint64_t v = 0;
  unsigned shift = 0;
  for (unsigned i = 0; i < l.count; ++i) {
    v |= takeBits(buf, l.ranges[i].lo, l.ranges[i].width) << shift;
    shift += l.ranges[i].width;
  }
  return v;
}

size_t encode(const Inst &inst, uint8_t *out) {
  const FormatDesc &fmt = inst.arch->formatOf(*inst.desc);
  std::memset(out, 0, fmt.sizeBytes);
  for (unsigned i = 0; i < fmt.numFixed; ++i)
    putBits(out, fmt.fixed[i].range.lo, fmt.fixed[i].range.width, fmt.fixed[i].value);
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
