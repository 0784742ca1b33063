// Random operands of the mai classes (v_mfma_*, v_accvgpr_*): AGPR and VGPR tuples (aligned,
// at times not), acc/acc_cd files that agree or not, inline constants, cbsz/abid/blgp.
#include <fmt/format.h>

#include "operand_gen.h"

namespace gfxasm::difftest {

using namespace isa;

namespace {

// The MFMA result's file, drawn with vdst (operands are drawn in order): src2 mostly follows it.
bool resultIsAgpr = true;

std::string genTuple(GenContext &g, bool agpr, unsigned dwords) {
  // Mostly even first registers (gfx90a+ requires them for tuples).
  unsigned first = g.below(257 - dwords);
  if (dwords > 1 && g.chance(85)) first &= ~1u;
  return spellRegisters(g, agpr ? (g.chance(10) ? "acc" : "a") : "v", first, dwords, 5);
}

unsigned dwordsOf(const OperandDesc &d) {
  return std::max(1u, typeBits(d.type) / 32);
}

} // namespace

std::string gen_mai(GenContext &g, const OperandDesc &d) {
  if (g.invalid && g.chance(25) && isPositional(d.cls)) {
    static const char *const kWrong[] = {"s0",   "s[0:3]", "v[1:4]", "a[1:2]", "-v0",
                                         "|a1|", "a1.l",   "0x1234", "foo",    "a256"};
    return g.pick(kWrong);
  }
  unsigned dwords = dwordsOf(d);
  switch (d.cls) {
  case OpClass::mai_dst: resultIsAgpr = g.chance(60); return genTuple(g, resultIsAgpr, dwords);
  case OpClass::mai_ab: return genTuple(g, g.chance(40), dwords);
  case OpClass::mai_c: {
    if (g.chance(15)) {
      static const char *const kConstants[] = {"0",    "1",   "-16",        "64", "1.0",
                                               "-2.0", "0.5", "0.15915494", "65", "0x3f800000"};
      return g.pick(kConstants);
    }
    return genTuple(g, g.chance(90) ? resultIsAgpr : !resultIsAgpr, dwords);
  }
  case OpClass::mai_mod: {
    if (!g.chance(30)) return {};
    unsigned limit = d.field == Field::abid ? 16 : 8;
    unsigned value = g.invalid && g.chance(30) ? limit + g.below(4) : g.below(limit);
    return fmt::format("{}:{}", fieldName(d.field), value);
  }
  case OpClass::mai_neg:
    if (!g.chance(30)) return {};
    return fmt::format("neg:[{},{},{}]", g.below(2), g.below(2), g.below(2));
  case OpClass::mai_agpr: return genTuple(g, true, 1);
  case OpClass::mai_adst: return genTuple(g, true, 1);
  case OpClass::mai_write_src:
    switch (g.below(6)) {
    case 0:
    case 1:
    case 2: return genTuple(g, false, 1);
    case 3: return genScalarRegister(g, 1, true);
    default: return genInlineOrLiteral(g, d.type);
    }
  default: return {};
  }
}

} // namespace gfxasm::difftest
