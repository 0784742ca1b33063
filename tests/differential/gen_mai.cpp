// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Random operands of the mai classes (v_mfma_*, v_accvgpr_*): AGPR and VGPR tuples (aligned,
// at times not), acc/acc_cd files that agree or not, inline constants, cbsz/abid/blgp, v_smfmac_*'s
// index VGPR.
#include <fmt/format.h>

#include "asm/mai_operands.h"
#include "operand_gen.h"

namespace gfxasm::difftest {

using namespace isa;

namespace {

// The MFMA result's file, drawn with vdst (operands are drawn in order): src2 mostly follows it.
bool resultIsAgpr = true;
// An f8f6f4 MFMA's source formats, drawn with src0/src1 (which take their widths) and written as
// cbsz/blgp after them; -1: none drawn (other entries, whose modifiers are random).
int factorFormat[2] = {-1, -1};

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
  case OpClass::mai_dst:
    resultIsAgpr = g.chance(60);
    factorFormat[0] = factorFormat[1] = -1;
    return genTuple(g, resultIsAgpr, dwords);
  case OpClass::mai_ab: return genTuple(g, g.chance(40), dwords);
  case OpClass::mai_ab_fmt: { // (fp8, bf8, fp6, bf6, fp4 mostly; at times a width of another)
    int &format = factorFormat[d.field == Field::src0 ? 0 : 1];
    format = static_cast<int>(g.chance(85) ? g.below(5) : g.below(8));
    static const unsigned kWidths[] = {4, 6, 8};
    unsigned n =
        g.chance(90) ? as::maiFormatDwords(static_cast<uint32_t>(format)) : kWidths[g.below(3)];
    return genTuple(g, g.chance(40), n);
  }
  case OpClass::mai_c:
  case OpClass::mai_c_lit: {
    if (g.chance(15)) {
      static const char *const kConstants[] = {"0",    "1",   "-16",        "64", "1.0",
                                               "-2.0", "0.5", "0.15915494", "65", "0x3f800000"};
      return g.pick(kConstants);
    }
    return genTuple(g, g.chance(90) ? resultIsAgpr : !resultIsAgpr, dwords);
  }
  case OpClass::mai_vgpr: // (a VGPR; in invalid lines at times an AGPR, which llvm refuses)
    return genTuple(g, g.invalid && g.chance(40), 1);
  case OpClass::mai_mod: {
    int format = factorFormat[d.field == Field::cbsz ? 0 : 1];
    if (format >= 0 && d.field != Field::abid && !(g.invalid && g.chance(30)))
      return format || g.chance(20) ? fmt::format("{}:{}", fieldName(d.field), format)
                                    : std::string();
    if (!g.chance(30)) return {};
    unsigned limit = d.field == Field::abid ? 16 : 8;
    unsigned value = g.invalid && g.chance(30) ? limit + g.below(4) : g.below(limit);
    return fmt::format("{}:{}", fieldName(d.field), value);
  }
  case OpClass::mai_scale_sel: { // (2 entries or 3, as llvm prints them; op_sel_hi mostly 0s)
    if (!g.chance(d.field == Field::op_sel ? 30 : 40)) return {};
    unsigned n = g.chance(50) ? 3 : 2;
    std::string s = fmt::format("{}:[{}", fieldName(d.field), g.below(2));
    for (unsigned k = 1; k < n; ++k) s += fmt::format(",{}", k < 2 || g.invalid ? g.below(2) : 0);
    return s + "]";
  }
  case OpClass::mai_kept:
    return g.invalid && g.chance(10) ? fmt::format("{}:[1,0]", fieldName(d.field)) : "";
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
