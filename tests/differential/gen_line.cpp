// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// One random line per instruction entry: the mnemonic and generated operands (shared by the
// assembler's and the disassembler's differential tests).
#include <fmt/format.h>

#include "operand_gen.h"

namespace gfxasm::difftest {

using namespace isa;

// One random line for `desc`: its mnemonic with generated operands.
std::string genLine(GenContext &g) {
  // A dual-issue pair (VOPD) is one entry named `X::Y`; Y's operands start at its vdsty.
  std::string_view name = g.desc.name;
  size_t pair = name.find("::");
  std::string line(name.substr(0, pair));
  bool first = true;
  for (const OperandDesc &d : g.arch.operandsOf(g.desc)) {
    std::string t = genOperand(g, d);
    if (pair != std::string_view::npos && d.field == Field::vdsty) {
      line += fmt::format(" :: {}", name.substr(pair + 2));
      first = true;
    }
    if (isPositional(d.cls)) {
      if (t.empty() && (d.flags & OF_Optional)) continue;
      line += first || g.noCommaBefore ? " " : ", ";
      first = g.noCommaBefore = false;
      line += t;
    } else if (!t.empty()) {
      line += " " + t;
    }
  }
  return line;
}

const char *pickOrFloatEdge(GenContext &g, std::span<const char *const> values) {
  static const char *const kEdges[] = {
      // overflow to infinity, underflow to zero, double denormals
      "1e400", "-1e400", "1.8e308", "1e999", "-1.8e308", "1e-400", "-1e-400", "4.9e-324",
      "2.5e-324", "1e-310", "1.7976931348623157e308", "0x1p1024", "0x1p-1075",
      "0x1.fffffffffffffp1023",
      // single precision: denormals (exact and not), the largest values, rounding to infinity
      "1e-40", "1.401298464324817e-45", "1e-45", "7e-46", "0x1p-149", "0x1p-150", "0x1.8p-149",
      "0x1p-126", "3.4028234663852886e38", "3.4028235677973366e38", "0x1.fffffep127",
      "0x1.ffffffp127", "0x1p128", "1e300",
      // half precision (and bf16): denormals, the largest values, rounding across them
      "5.960464477539063e-8", "6e-8", "3e-8", "0x1p-24", "0x1p-25", "1e-5", "65519.0", "65520.0",
      "1e5", "0x1.018p0",
      // rounding: a double's low half, ties
      "0x1.0000000000001p0", "0x1.000002p0", "0x1.000001p0", "0x1.0000010000001p0", "1.1",
      // spellings
      "0x1.8p1", "0x1p-2", "-0x1p-2", "0X1P+0", "0x.8p1", ".5", ".25e1", "1e", "1e+", "1.", "1E1",
      "0.0",
      // NaN bit patterns with payloads
      "0x7fc00001", "0xffc00000", "0x7f800001", "0x7e01", "0xfc01", "0x7ff8000000000001",
      "0xfff0000000000001"};
  if (!g.floatEdges) return values[g.below(static_cast<unsigned>(values.size()))];
  const uint64_t r = g.next();
  if (r % 100 < 30) return kEdges[r / 100 % std::size(kEdges)];
  return values[r / 100 % values.size()];
}

} // namespace gfxasm::difftest
