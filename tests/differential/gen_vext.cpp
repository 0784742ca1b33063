// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Random operands of the vext classes (VOP3P, WMMA, VOPD, DPP16, DPP8).
#include <cctype>
#include <span>

#include <fmt/format.h>

#include "asm/vext_operands.h"
#include "isa/arch_traits.h"
#include "operand_gen.h"

namespace gfxasm::difftest {

using namespace isa;

namespace {

unsigned dwordsOfType(GenContext &g, OpType t) {
  return t == OpType::b1 ? (g.wave64 ? 2 : 1) : std::max(1u, typeBits(t) / 32);
}

std::string genVgpr(GenContext &g, unsigned dwords) {
  return genVgprTuple(g, dwords);
}

// Numbers that probe the constant rules of every operand type: inline integers and floats in
// each format's bits, values that round, overflow or underflow in 16-bit formats.
std::string genNumber(GenContext &g) {
  static const char *const kSpecial[] = {"0x3c00",
                                         "0xbc00",
                                         "0x3118",
                                         "0x3e22",
                                         "0x3f80",
                                         "0x3f800000",
                                         "0x3e22f983",
                                         "0xffff",
                                         "0xffffffff",
                                         "0x100000000",
                                         "-0x80000000",
                                         "0xffff3c00",
                                         "0x3c003c00",
                                         "65504.0",
                                         "65520.0",
                                         "-0.0",
                                         "0.0",
                                         "1e-5",
                                         "6.103515625e-05",
                                         "1e10",
                                         "1.0e40",
                                         "0.15915494",
                                         "0.15915494309189532",
                                         "0.1591549",
                                         "0x3fc45f306dc9c882",
                                         "0x3ff0000000000000",
                                         "0.158203125",
                                         "3.0",
                                         "-17",
                                         "0x7fff",
                                         "-32768",
                                         "0x8000",
                                         "2.0e-8"};
  static const char *const kFloats[] = {"0.5", "-0.5", "1.0", "-1.0",  "2.0",  "-2.0",
                                        "4.0", "-4.0", "0.1", "-3.25", "100.0"};
  switch (g.below(5)) {
  case 0: return fmt::format("{}", static_cast<int>(g.below(81)) - 16);
  case 1: return pickOrFloatEdge(g, kFloats);
  case 2: return g.pick(kSpecial);
  case 3:
    return fmt::format("0x{:x}", g.chance(50) ? g.below(0x10000) : static_cast<uint32_t>(g.next()));
  default: return fmt::format("{}", static_cast<int32_t>(g.next()) >> g.below(32));
  }
}

// lit(...) of a value that is no inline constant: llvm-mc-22 lets lit() of an inline value share
// the instruction with another literal (and encodes only one; tests/llvm_bugs_test.cpp), and
// VOP3P/VOPD instructions have more than one source.
std::string genForcedLiteral(GenContext &g) {
  static const char *const kLit[] = {"lit(0x1234)", "lit(1.5)", "lit(0x12345678)", "lit(-3.25)",
                                     "lit(0.1)",    "lit(-17)", "lit(0x10000)"};
  return g.pick(kLit);
}

// (DPP forms' VGPR-only sources: a VGPR, or at times, among the likely invalid, anything else.)
std::string genPackedSource(GenContext &g, const OperandDesc &d) {
  bool vgprOnly = d.cls == OpClass::pdpp_vgpr || d.cls == OpClass::pdpp_vgpr_mods;
  // DPP forms: llvm-mc-22 encodes 16-bit constants it does not inline there (any in v_fma_mix*'s
  // f16 sources; 0xffff, 0xfff0 in packed ones) as a literal without its dword
  // (tests/llvm_bugs_test.cpp): inline values only, and literals it rejects; negated by neg(),
  // since -64 or -0.15915494 would be such a constant.
  bool dpp = std::string_view(g.arch.formatOf(g.desc).name).find("DPP") != std::string_view::npos;
  static const char *const kDppNumbers[] = {"0",   "-1",         "64",      "-16",        "7",
                                            "0.5", "-4.0",       "2.0",     "0.15915494", "0x3c00",
                                            "1.0", "0x3f800000", "0x12345", "1e10"};
  std::string s;
  switch (vgprOnly && !(g.invalid && g.chance(40)) ? 0 : g.below(10)) {
  case 0:
  case 1:
  case 2:
  case 3: s = genVgpr(g, 1); break;
  case 4:
  case 5: s = genScalarRegister(g, 1, true); break;
  case 6: {
    static const char *const kSpecial[] = {"src_shared_base",
                                           "src_private_limit",
                                           "src_pops_exiting_wave_id",
                                           "src_scc",
                                           "vccz",
                                           "src_execz",
                                           "src_lds_direct",
                                           "null",
                                           "m0"};
    s = g.pick(kSpecial);
    break;
  }
  default:
    if (!dpp && g.chance(5)) {
      s = genRelocatable(g);
      break;
    }
    s = dpp ? g.pick(kDppNumbers) : genNumber(g);
    // (not in DPP forms: llvm-mc-22 takes v_fma_mix*'s there, as the 16-bit DPP literals above)
    if (!dpp && g.chance(10)) s = genForcedLiteral(g);
    break;
  }
  bool dppNumber =
      dpp && !s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-');
  if (g.invalid && g.chance(20)) {
    static const char *const kWrong[] = {"v[0:1]", "s[2:3]", "vcc",      "exec", "v1.l",
                                         "-v1",    "|v1|",   "sext(v1)", "foo"};
    s = g.pick(kWrong);
  }
  if (d.cls == OpClass::psrc_mods || d.cls == OpClass::pdpp_vgpr_mods) {
    if (g.chance(25)) s = g.chance(80) ? "|" + s + "|" : "abs(" + s + ")";
    if (g.chance(25)) s = g.chance(80) && !dppNumber ? "-" + s : "neg(" + s + ")";
  }
  return s;
}

std::string genWmmaAccumulator(GenContext &g, const OperandDesc &d) {
  if (g.chance(60)) return genVgpr(g, dwordsOfType(g, d.type));
  return genNumber(g);
}

unsigned sourceCount(GenContext &g) {
  unsigned n = 0;
  for (const OperandDesc &o : g.arch.operandsOf(g.desc))
    n += o.field == Field::src0 || o.field == Field::src1 || o.field == Field::src2;
  return n;
}

std::string genSelArray(GenContext &g, const OperandDesc &d) {
  if (!g.chance(g.invalid ? 50 : 30)) return {};
  unsigned n = sourceCount(g);
  if (g.chance(10)) n = 1 + g.below(g.invalid ? 5 : 4);
  std::string s = fmt::format("{}:[", fieldName(d.field));
  for (unsigned k = 0; k < n; ++k) {
    if (k) s += g.chance(90) ? "," : ", ";
    s += g.invalid && g.chance(10) ? "2" : g.chance(50) ? "1" : "0";
  }
  return s + "]";
}

// VOPD: llvm rejects pairs whose destinations have the same parity or whose sources share a VGPR
// bank (v % 4), so the Y half mostly draws registers that avoid the X half's (remembered here,
// operands being drawn in order); the rest tests the checks.
struct VopdDraw {
  unsigned vdstx = 0, srcx0 = 0, vsrcx1 = 0;
} vopdDraw;

unsigned drawVgprAvoiding(GenContext &g, unsigned avoid, unsigned modulo) {
  unsigned v = g.below(256);
  if (g.chance(85) && v % modulo == avoid % modulo) v = (v + 1 + g.below(modulo - 1)) % 256;
  return v;
}

std::string genVopd(GenContext &g, const OperandDesc &d) {
  bool y = d.field == Field::vdsty || d.field == Field::srcy0 || d.field == Field::vsrcy1;
  if (g.invalid && g.chance(15)) {
    static const char *const kWrong[] = {"v[0:1]", "s[2:3]", "vcc",  "-v1",
                                         "|v1|",   "v1.l",   "vccz", "foo"};
    return g.pick(kWrong);
  }
  switch (d.cls) {
  case OpClass::vopd_vdst:
  case OpClass::vopd_vdst_acc: {
    unsigned v = y ? drawVgprAvoiding(g, vopdDraw.vdstx, 2) : g.below(256);
    if (!y) vopdDraw.vdstx = v;
    return fmt::format("v{}", v);
  }
  case OpClass::vopd_vsrc:
  case OpClass::vopd_vsrc2: {
    unsigned v = y ? drawVgprAvoiding(g, vopdDraw.vsrcx1, 4) : g.below(256);
    if (!y) vopdDraw.vsrcx1 = v;
    return fmt::format("v{}", v);
  }
  case OpClass::vopd_src:
  case OpClass::vopd_src_vcc:
    if (g.chance(50)) {
      unsigned v = y ? drawVgprAvoiding(g, vopdDraw.srcx0, 4) : g.below(256);
      if (!y) vopdDraw.srcx0 = v;
      return fmt::format("v{}", v);
    }
    if (!y) vopdDraw.srcx0 = 4; // no VGPR bank in use
    if (g.chance(40)) return genScalarRegister(g, 1, true);
    if (g.chance(10)) return g.chance(50) ? "src_scc" : "src_lds_direct";
    if (g.chance(8)) return genForcedLiteral(g);
    return g.chance(5) ? genRelocatable(g) : genNumber(g);
  case OpClass::vopd_k:
    return g.chance(70) ? fmt::format("0x{:x}", static_cast<uint32_t>(g.next())) : genNumber(g);
  default: return {};
  }
}

// --- DPP: VGPR operands (true16 halves for 16-bit types unless fake16), every lane control
// with valid and out-of-range values, masks, bound_ctrl and fi.
bool true16Operand(GenContext &g, OpType t) {
  return typeBits(t) == 16 && (t == OpType::b16 || t == OpType::f16 || t == OpType::bf16) &&
         !(g.desc.flags & IF_Fake16);
}

// A bare VOPC mnemonic with a 16-bit VGPR above v127 is v_cmp*_e64_dpp in llvm, which gfxasm
// lacks: VOPC DPP lines keep those below v128.
std::string genDppVreg(GenContext &g, const OperandDesc &d) {
  std::string r;
  bool vopc = g.arch.formatOf(g.desc).name.starts_with("VOPC");
  bool lo128 = d.cls == OpClass::dpp_vreg_lo || d.cls == OpClass::dpp_vreg_lo_mod ||
               d.cls == OpClass::dpp_vreg_lo_neg || d.cls == OpClass::dpp_vreg_lo_abs;
  bool low = (typeBits(d.type) == 16 && vopc) || (lo128 && (vopc || !g.invalid));
  bool mods = (d.cls != OpClass::dpp_vreg && d.cls != OpClass::dpp_vreg_lo) ||
              (g.invalid && g.chance(20) && !vopc);
  // gfx9: 64-bit operands mostly an even pair; sources with modifiers at times one VGPR or a pair
  // whatever their type (llvm takes them).
  bool otherWidth = g.arch.traits->gfx9Dpp && mods && g.chance(typeBits(d.type) == 64 ? 20 : 5);
  if ((typeBits(d.type) == 64) != otherWidth)
    r = spellRegisters(g, "v", g.below(128) * 2 + g.chance(10), 2, 5);
  else if (typeBits(d.type) == 64)
    r = fmt::format("v{}", g.below(256));
  else if (true16Operand(g, d.type))
    r = fmt::format("v{}.{}", g.below(low || !g.invalid ? 128 : 256), g.chance(50) ? 'h' : 'l');
  else
    r = fmt::format("v{}", g.below(low ? 128 : 256));
  if (g.invalid && g.chance(15) && !vopc) { // (VOPC: scalar or constant sources are e64_dpp too)
    static const char *const kWrong[] = {"s1", "v[0:1]", "1.0", "vcc_lo", "v1.l", "v2", "exec"};
    r = g.pick(kWrong);
  }
  if (mods && g.chance(25)) r = g.chance(80) ? "|" + r + "|" : "abs(" + r + ")";
  if (mods && g.chance(25)) r = g.chance(80) ? "-" + r : "neg(" + r + ")";
  return r;
}

// VOP3 DPP sources: VGPRs (halves for true16 16-bit types), with the class's modifiers.
std::string genDpp3Vgpr(GenContext &g, const OperandDesc &d) {
  unsigned dw = std::max(1u, typeBits(d.type) / 32);
  std::string r;
  if (true16Operand(g, d.type))
    r = fmt::format("v{}.{}", g.below(256), g.chance(50) ? 'h' : 'l');
  else if (dw == 1)
    r = fmt::format("v{}", g.below(256));
  else
    r = genVgpr(g, dw);
  if (g.invalid && g.chance(15)) {
    static const char *const kWrong[] = {"s1", "1.0", "v1.l", "v[0:1]", "0x1234"};
    r = g.pick(kWrong);
  }
  bool neg = d.cls != OpClass::dpp3_vgpr, abs = d.cls == OpClass::dpp3_vgpr_mod;
  if (abs && g.chance(25)) r = g.chance(80) ? "|" + r + "|" : "abs(" + r + ")";
  if (neg && g.chance(25)) r = g.chance(80) ? "-" + r : "neg(" + r + ")";
  return r;
}

// gfx9's lane controls gfx10+ lacks, and row_newbcast (gfx90a+; the only one 64-bit operands
// take there), with valid and out-of-range values.
std::string genGfx9DppControl(GenContext &g) {
  bool dpAlu = false;
  for (const OperandDesc &o : g.arch.operandsOf(g.desc))
    dpAlu |= o.cls != OpClass::dpp_ctrl && typeBits(o.type) == 64;
  int n = g.invalid && g.chance(30) ? static_cast<int>(g.below(35)) - 1 : -2;
  if (dpAlu ? g.chance(60) : g.chance(15))
    return fmt::format("row_newbcast:{}", n == -2 ? static_cast<int>(g.below(16)) : n);
  switch (g.below(3)) {
  case 0: {
    static const char *const kWave[] = {"wave_shl", "wave_rol", "wave_shr", "wave_ror"};
    return fmt::format("{}:{}", g.pick(kWave), n == -2 ? 1 : n);
  }
  case 1: return fmt::format("row_bcast:{}", n == -2 ? (g.chance(50) ? 15 : 31) : n);
  default: return {};
  }
}

// Left out at times, except in VOPC lines: a bare v_cmp* mnemonic without it is no DPP at all.
std::string genDppControl(GenContext &g) {
  bool vopc = g.arch.formatOf(g.desc).name.starts_with("VOPC");
  if (!vopc && !g.chance(g.invalid ? 85 : 97)) return {};
  if (g.arch.traits->gfx9Dpp && g.chance(40))
    if (std::string s = genGfx9DppControl(g); !s.empty()) return s;
  switch (g.below(8)) {
  case 0:
  case 1: {
    std::string s = "quad_perm:[";
    for (unsigned k = 0; k < 4; ++k)
      s += fmt::format("{}{}", k ? "," : "", g.below(g.invalid ? 5 : 4));
    return s + "]";
  }
  case 2: return g.chance(50) ? "row_mirror" : "row_half_mirror";
  default: {
    static const char *const kRows[] = {"row_shl",   "row_shr",   "row_ror",  "row_share",
                                        "row_xmask", "row_bcast", "wave_shl", "row_newbcast"};
    unsigned kind = g.below(g.invalid ? 8 : 5);
    return fmt::format("{}:{}", kRows[kind],
                       g.invalid ? static_cast<int>(g.below(18)) - 1
                                 : static_cast<int>(g.below(16)));
  }
  }
}

std::string genDppModifier(GenContext &g, const OperandDesc &d) {
  switch (d.cls) {
  case OpClass::dpp_ctrl: return genDppControl(g);
  case OpClass::dpp_mask:
    if (!g.chance(35)) return {};
    return fmt::format("{}:{}", fieldName(d.field),
                       genSignedHexOrDec(g, g.invalid ? -20 : 0, g.invalid ? 300 : 15));
  case OpClass::dpp_bound:
    return g.chance(30) ? fmt::format("bound_ctrl:{}", g.below(g.invalid ? 3 : 2)) : "";
  case OpClass::dpp_fi:
  case OpClass::dpp8_fi:
    return g.chance(35) ? fmt::format("fi:{}", static_cast<int>(g.below(g.invalid ? 5 : 2)) -
                                                   (g.invalid ? 1 : 0))
                        : "";
  case OpClass::dpp8_sel: {
    if (!g.arch.formatOf(g.desc).name.starts_with("VOPC") && !g.chance(g.invalid ? 85 : 97))
      return {};
    std::string s = "dpp8:[";
    for (unsigned k = 0; k < 8; ++k)
      s += fmt::format("{}{}", k ? "," : "", g.below(g.invalid ? 9 : 8));
    return s + "]";
  }
  default: return {};
  }
}

// gfx9 SDWA: a source as the valu family draws one (at times in sext(..) or with modifiers its
// class lacks), VOPC's destination, and the selects in (mostly) llvm's order.
std::string genSdwaSource(GenContext &g, const OperandDesc &d) {
  OperandDesc valu = d;
  bool wrong = g.invalid && g.chance(20);
  valu.cls = (d.cls == OpClass::sdwa_src_mod) != wrong ? OpClass::vsrc_mod : OpClass::vsrc;
  std::string s = gen_valu(g, valu);
  // Left out: lit(..), which llvm-mc-22 drops inside sext(..) only, and 16-bit integers it takes
  // as inline but encodes as a literal marker without the literal (0xfff0..0xffff in b16).
  for (int k = 0; k < 8 && (s.find("lit(") != std::string::npos ||
                            (typeBits(d.type) == 16 && typeKind(d.type) == 'I' &&
                             s.find("0xff") != std::string::npos));
       ++k)
    s = gen_valu(g, valu);
  bool sext = (d.cls == OpClass::sdwa_src_sext) != wrong;
  if (sext && g.chance(30)) return "sext(" + s + ")";
  return s;
}

std::string genSdwaSdst(GenContext &g) {
  if (g.chance(30)) return "vcc";
  if (g.invalid && g.chance(20)) return g.chance(50) ? "s3" : "v[2:3]";
  return genScalarRegister(g, 2, true);
}

std::string genSdwaModifier(GenContext &g, const OperandDesc &d) {
  if (!g.chance(g.invalid ? 60 : 45)) return {};
  bool unused = d.cls == OpClass::sdwa_unused;
  std::span<const std::string_view> names = as::kSdwaSelNames;
  if (unused) names = as::kSdwaUnusedNames;
  if (g.invalid && g.chance(15)) return fmt::format("{}:{}", fieldName(d.field), g.below(9));
  if (g.invalid && g.chance(10)) return fmt::format("{}:BYTE_4", fieldName(d.field));
  return fmt::format("{}:{}", fieldName(d.field), names[g.below(names.size())]);
}

} // namespace

std::string gen_vext(GenContext &g, const OperandDesc &d) {
  switch (d.cls) {
  case OpClass::pvdst:
  case OpClass::pvreg: {
    unsigned dw = dwordsOfType(g, d.type);
    if (g.invalid && g.chance(20)) return g.chance(50) ? genVgpr(g, dw == 1 ? 2 : dw / 2) : "s0";
    return genVgpr(g, dw);
  }
  case OpClass::psrc:
  case OpClass::psrc_mods:
  case OpClass::pdpp_vgpr:
  case OpClass::pdpp_vgpr_mods: return genPackedSource(g, d);
  case OpClass::wmma_c: return genWmmaAccumulator(g, d);
  case OpClass::sel:
  case OpClass::sel_ones: return genSelArray(g, d);
  case OpClass::vopd_vdst:
  case OpClass::vopd_vdst_acc:
  case OpClass::vopd_src:
  case OpClass::vopd_src_vcc:
  case OpClass::vopd_vsrc:
  case OpClass::vopd_vsrc2:
  case OpClass::vopd_k: return genVopd(g, d);
  case OpClass::dpp_vreg:
  case OpClass::dpp_vreg_mod:
  case OpClass::dpp_vreg_neg:
  case OpClass::dpp_vreg_abs:
  case OpClass::dpp_vreg_lo:
  case OpClass::dpp_vreg_lo_mod:
  case OpClass::dpp_vreg_lo_neg:
  case OpClass::dpp_vreg_lo_abs: return genDppVreg(g, d);
  case OpClass::dpp3_vgpr:
  case OpClass::dpp3_vgpr_mod:
  case OpClass::dpp3_vgpr_neg: return genDpp3Vgpr(g, d);
  case OpClass::dpp_vcc: return g.wave64 ? "vcc" : "vcc_lo";
  case OpClass::dpp_ctrl:
  case OpClass::dpp_mask:
  case OpClass::dpp_bound:
  case OpClass::dpp_fi:
  case OpClass::dpp8_sel:
  case OpClass::dpp8_fi: return genDppModifier(g, d);
  case OpClass::sdwa_src:
  case OpClass::sdwa_src_mod:
  case OpClass::sdwa_src_sext: return genSdwaSource(g, d);
  case OpClass::sdwa_sdst: return genSdwaSdst(g);
  case OpClass::sdwa_sel:
  case OpClass::sdwa_unused: return genSdwaModifier(g, d);
  default: return {};
  }
}

} // namespace gfxasm::difftest
