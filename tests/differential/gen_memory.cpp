// Random operands of the memory classes.
#include <fmt/format.h>

#include "operand_gen.h"

namespace gfxasm::difftest {

using namespace isa;

namespace {

std::string vgprs(GenContext &g, unsigned dwords) {
  if (dwords == 0) dwords = 1;
  unsigned first = g.below(257 - dwords);
  if (dwords == 1) return fmt::format("v{}", first);
  if (g.chance(10)) {
    std::string s = "[";
    for (unsigned i = 0; i < dwords; ++i) s += fmt::format("{}v{}", i ? ", " : "", first + i);
    return s + "]";
  }
  return fmt::format("v[{}:{}]", first, first + dwords - 1);
}

// A modifier `name:N` with N mostly in [lo, hi], sometimes just outside; empty half the time.
std::string offsetModifier(GenContext &g, std::string_view name, int64_t lo, int64_t hi) {
  if (g.chance(40)) return {};
  if (g.invalid && g.chance(40)) return fmt::format("{}:{}", name, g.chance(50) ? lo - 1 : hi + 1);
  if (g.chance(10)) return fmt::format("{}:{}", name, g.chance(50) ? lo : hi);
  return fmt::format("{}:{}", name, genSignedHexOrDec(g, lo, hi));
}

} // namespace

std::string gen_memory(GenContext &g, const OperandDesc &d) {
  unsigned dwords = std::max(1u, typeBits(d.type) / 32);
  if (g.invalid && g.chance(25) && isPositional(d.cls)) {
    static const char *const kWrong[] = {"v256", "s0", "v[1:2]", "v[0:3]", "off", "s[0:1]", "vcc", "1",
                                         "v[255:256]", "exec", "null", "[v1, v3]"};
    return g.pick(kWrong);
  }
  std::string_view name = fieldName(d.field);
  switch (d.cls) {
  case OpClass::vgpr_tuple:
    return vgprs(g, dwords);
  case OpClass::mem_off:
    return "off";
  case OpClass::flat_saddr: {
    if (dwords == 1) {
      if (g.chance(15)) {
        static const char *const k32[] = {"m0", "null", "vcc_lo", "vcc_hi", "exec_lo", "exec_hi"};
        return g.pick(k32);
      }
      return genScalarRegister(g, 1, false);
    }
    if (g.chance(10)) return g.chance(50) ? "vcc" : "exec";
    return genScalarRegister(g, 2, false);
  }
  case OpClass::mem_offset_u16:
    return offsetModifier(g, name, 0, 0xffff);
  case OpClass::mem_offset_u8:
    return offsetModifier(g, name, 0, 0xff);
  case OpClass::mem_offset_u12:
    return offsetModifier(g, name, 0, 0xfff);
  case OpClass::mem_offset_s13:
    return offsetModifier(g, name, -0x1000, 0xfff);
  case OpClass::required_flag:
    return g.chance(g.invalid ? 50 : 97) ? std::string(name) : "";
  default:
    return {};
  }
}

} // namespace gfxasm::difftest
