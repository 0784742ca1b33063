// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Random operands of the misc classes (EXP, VINTERP, LDSDIR).
#include <fmt/format.h>

#include "operand_gen.h"

namespace gfxasm::difftest {

using namespace isa;

namespace {

// vN, or for a 16-bit (true16) operand vN.l / vN.h; now and then the other width's spelling.
std::string genVgpr(GenContext &g, bool half16) {
  unsigned n = g.below(256);
  if (g.invalid && g.chance(25)) {
    static const char *const kWrong[] = {"s1", "v[2:3]", "v256",   "ttmp1",
                                         "1",  "1.0",    "vcc_lo", "off"};
    return g.pick(kWrong);
  }
  if (half16 != (g.invalid && g.chance(20)))
    return fmt::format("v{}.{}", n, g.chance(50) ? 'h' : 'l');
  return fmt::format("v{}", n);
}

std::string genModSource(GenContext &g, bool half16) {
  std::string reg = genVgpr(g, half16);
  if (g.invalid && g.chance(15)) {
    static const char *const kWrong[] = {"--{}", "|-{}|", "abs(-{})", "neg(-{})",
                                         "-{}|", "-2",    "abs({}"};
    return fmt::format(fmt::runtime(g.pick(kWrong)), reg);
  }
  if (g.chance(15)) reg = g.chance(50) ? "|" + reg + "|" : "abs(" + reg + ")";
  if (g.chance(25)) reg = g.chance(70) ? "-" + reg : "neg(" + reg + ")";
  return reg;
}

std::string genExpTarget(GenContext &g) {
  if (g.invalid && g.chance(50)) {
    static const char *const kWrong[] = {"null", "param3", "param31",        "pos5",
                                         "mrt8", "mrt01",  "MRT0",           "invalid_target_9",
                                         "0",    "mrtz0",  "dual_src_blend2"};
    return g.pick(kWrong);
  }
  // (gfx11's names and gfx9's: null, param0-31; each architecture rejects the other's)
  switch (g.below(8)) {
  case 0:
  case 1: return fmt::format("mrt{}", g.below(8));
  case 2: return "mrtz";
  case 3: return fmt::format("pos{}", g.below(5));
  case 4: return "prim";
  case 5: return "null";
  case 6: return fmt::format("param{}", g.below(32));
  default: return fmt::format("dual_src_blend{}", g.below(2));
  }
}

std::string genAttr(GenContext &g) {
  if (g.invalid && g.chance(40)) {
    static const char *const kWrong[] = {"attr33.x", "attr0",    "ATTR0.x",   "attr1.q", "attr.x",
                                         "attr64.w", "attr1 .y", "attr300.z", "v1"};
    return g.pick(kWrong);
  }
  unsigned attr = g.below(33);
  char chan = "xyzw"[g.below(4)];
  return g.chance(10) ? fmt::format("attr{:02}.{}", attr, chan)
                      : fmt::format("attr{}.{}", attr, chan);
}

std::string genOpSel(GenContext &g) {
  if (!g.chance(40)) return {};
  unsigned n = g.invalid && g.chance(30) ? 5 : 1 + g.below(4);
  std::string s = "op_sel:[";
  for (unsigned k = 0; k < n; ++k) {
    unsigned bit = g.invalid && g.chance(10) ? 2 : g.below(2);
    s += fmt::format("{}{}", k ? "," : "", bit);
  }
  return s + "]";
}

} // namespace

std::string gen_misc(GenContext &g, const OperandDesc &d) {
  bool half16 = d.type == OpType::f16;
  switch (d.cls) {
  case OpClass::exp_src: {
    // The target is written before the first source, with or without a comma.
    std::string target =
        d.field == Field::vsrc0 ? genExpTarget(g) + (g.chance(10) ? ", " : " ") : "";
    if (g.invalid && g.chance(20)) return target + (g.chance(50) ? "OFF" : "v1.l");
    return target + (g.chance(25) ? "off" : genVgpr(g, false));
  }
  case OpClass::mvgpr: return genVgpr(g, half16);
  case OpClass::msrc: return genModSource(g, half16);
  case OpClass::mop_sel:
  case OpClass::interp_op_sel: return genOpSel(g);
  case OpClass::exp_compr: return g.chance(40) ? "compr" : "";
  case OpClass::interp_param: {
    static const char *const kParams[] = {"p10", "p20", "p0"};
    static const char *const kWrong[] = {"p1", "P10", "invalid_param_3", "-p10", "v1", "0"};
    return g.invalid && g.chance(30) ? g.pick(kWrong) : g.pick(kParams);
  }
  case OpClass::mwait: {
    if (!g.chance(60)) return {};
    unsigned limit = 1u << g.arch.formatOf(g.desc).layout(d.field).width();
    unsigned n = g.below(g.invalid ? limit + 3 : limit);
    return g.chance(20) ? fmt::format("{}:0x{:x}", fieldName(d.field), n)
                        : fmt::format("{}:{}", fieldName(d.field), n);
  }
  case OpClass::mflag: return g.chance(40) ? std::string(fieldName(d.field)) : "";
  case OpClass::lds_attr: return genAttr(g);
  default: // exp_target: written with vsrc0; exp_en: follows from the sources
    return {};
  }
}

} // namespace gfxasm::difftest
