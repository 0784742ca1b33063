// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Random operands of the valu classes: VGPRs of every width and true16 half, scalar sources,
// inline and literal constants of each type (with lit()), neg/abs in all spellings, op_sel, clamp
// and omod.
#include <fmt/format.h>

#include "operand_gen.h"

namespace gfxasm::difftest {

using namespace isa;

namespace {

bool isTrue16(const GenContext &g, OpType t) {
  return (t == OpType::b16 || t == OpType::f16 || t == OpType::bf16) && !(g.desc.flags & IF_Fake16);
}

bool isE32(const GenContext &g) {
  return g.arch.formatOf(g.desc).sizeBytes == 4;
}

unsigned sourceCount(const GenContext &g) {
  unsigned n = 0;
  for (const OperandDesc &d : g.arch.operandsOf(g.desc))
    n += d.field == Field::src0 || d.field == Field::src1 || d.field == Field::src2 ||
         d.field == Field::lit;
  return n;
}

std::string genVgpr(GenContext &g, OpType t) {
  // With +real-true16 both forms are there: at times the other form's spelling, a half among
  // whole VGPRs or a whole one among halves (llvm-mc-22 rejects the mix).
  bool other = g.invalid && g.realTrue16 && (g.desc.flags & (IF_True16 | IF_Fake16)) &&
               typeBits(t) == 16 && g.chance(30);
  if (isTrue16(g, t) != other) {
    // e32 halves reach v0..v127 only; a few above make llvm pick (or reject for) the e64 form.
    unsigned n = g.below(isE32(g) && g.chance(90) ? 128 : 256);
    return fmt::format("v{}.{}", n, g.chance(50) ? 'l' : 'h');
  }
  return genVgprTuple(g, std::max(1u, typeBits(t) / 32));
}

std::string genNumber(GenContext &g, OpType t) {
  // DPP forms: llvm-mc-22 encodes 16-bit-inline-looking hex values (0xffff, 0xfff0, 0x3118) there
  // as a literal without its dword (tests/llvm_bugs_test.cpp), so only plain constants are drawn.
  if (std::string_view(g.arch.formatOf(g.desc).name).find("DPP") != std::string_view::npos) {
    static const char *const kDpp[] = {"0",   "-1",   "64",  "-16",        "7",
                                       "0.5", "-4.0", "2.0", "0.15915494", "0x1234"};
    return g.pick(kDpp);
  }
  static const char *const kF16[] = {"0x3118", "0xffff", "-0x7fff",         "0x3c00",
                                     "0x8000", "0x7bff", "0xfff0",          "65504.0",
                                     "0.1",    "-2.5",   "6.103515625e-05", "0x12345"};
  static const char *const k64[] = {
      "0x3fe00000",          "0x3fe0000000000000", "0xffffffff", "-0x11",
      "0.15915494309189532", "0x3fc45f306dc9c882", "0x80000000", "1.5",
      "-0x80000001",         "0x100000000",        "0.1",        "-4.0"};
  // (not -0x80000000 beside 0x80000000 or -0.0: llvm-mc-22 sees two literals where the bits agree)
  static const char *const k32[] = {"0x3e22f983", "0xffffffff",  "-0x7fffffff", "0x80000000",
                                    "1e-45",      "0x1ffffffff", "1e40",        "-0.0",
                                    "0x3f800000", "0x8000"};
  // (-real-true16: llvm-mc-22 takes 32-bit values in v_ldexp_f16_e64's 16-bit src1 and keeps the
  // low half; other 16-bit sources stay within 16 bits there)
  if (typeBits(t) == 16 && (g.desc.flags & IF_Fake16) &&
      (g.chance(70) || std::string_view(g.desc.name).starts_with("v_ldexp_f16")))
    return fmt::format("0x{:x}", g.below(0x10000));
  switch (g.below(8)) {
  case 0:
  case 1: return genInlineOrLiteral(g, t);
  case 2: return fmt::format("{}", static_cast<int>(g.below(81)) - 16);
  case 3:
    if (typeBits(t) == 16) return pickOrFloatEdge(g, kF16);
    if (typeBits(t) == 64) return pickOrFloatEdge(g, k64);
    return pickOrFloatEdge(g, k32);
  case 4: {
    if (typeKind(t) == 'V') return genInlineOrLiteral(g, t); // v_dot2acc_f32_f16 fails on lit()
    // llvm-mc-22 lets lit() of an inline value share the instruction with another literal (and
    // encodes only one): such values only where there is no other source.
    // (no lit(-0x1234): beside a 64-bit one llvm-mc-22 counts it as a second literal)
    static const char *const kLit[] = {"lit(0x1234)", "lit(1.5)", "lit(0x12345678)", "lit(-3.25)"};
    static const char *const kLitInline[] = {"lit(1.0)",    "lit(1)",   "lit(-2.0)",
                                             "lit(0x3c00)", "lit(0.5)", "lit(-5)"};
    return sourceCount(g) == 1 && g.chance(50) ? g.pick(kLitInline) : g.pick(kLit);
  }
  case 5: return fmt::format("0x{:x}", g.below(0x10000));
  default: return genInlineOrLiteral(g, t);
  }
}

// neg / abs around `x` in one of llvm's spellings.
std::string withModifiers(GenContext &g, std::string x, bool negOk, bool absOk) {
  // (not around lit(-N): llvm-mc-22 prints the folded e32 value of those as a 64-bit negative)
  if (x.starts_with("lit(-")) return x;
  bool abs = absOk && g.chance(25), neg = negOk && g.chance(25);
  if (abs) x = g.chance(50) ? "|" + x + "|" : "abs(" + x + ")";
  if (neg) {
    bool isNumber = !x.empty() && (std::isdigit(static_cast<unsigned char>(x[0])) || x[0] == '-');
    x = g.chance(50) || isNumber ? "neg(" + x + ")" : "-" + x;
  }
  return x;
}

std::string genSource(GenContext &g, const OperandDesc &d) {
  bool vgprOk = d.cls != OpClass::vssrc && d.cls != OpClass::vssrc_inline;
  bool negOk = d.cls == OpClass::vsrc_mod || d.cls == OpClass::vsrc_neg;
  bool absOk = d.cls == OpClass::vsrc_mod;
  if (g.invalid && g.chance(30)) {
    negOk = absOk = true; // modifiers the operand may not take
    vgprOk = true;
  }
  std::string x;
  unsigned kind = g.below(10);
  unsigned dwords = std::max(1u, typeBits(d.type) / 32);
  // (gfx9 reads lds_direct in a 32-bit src0, not in every instruction; gfx11 nowhere)
  if (g.chance(3))
    x = g.chance(50) ? "src_lds_direct" : "lds_direct";
  else if (vgprOk && kind < 4)
    x = genVgpr(g, d.type);
  else if (kind < 6)
    x = genScalarRegister(g, dwords, true);
  // Packed pairs in VOP2 (v_pk_fmac_f16, v_dot2acc_f32_f16) have constant rules of their own in
  // llvm-mc-22 (not modelled): integers that are inline everywhere only.
  else if (typeKind(d.type) == 'V')
    x = fmt::format("{}", static_cast<int>(g.below(81)) - 16);
  else
    x = g.chance(4) ? genRelocatable(g) : genNumber(g, d.type);
  return withModifiers(g, x, negOk, absOk);
}

// A VGPR (tuple) with neg/abs; invalid: registers of the wrong file, width or alignment (not
// constants: llvm-mc-22 takes those there, tests/llvm_bugs_test.cpp).
std::string genModVgpr(GenContext &g, const OperandDesc &d) {
  if (g.invalid && g.chance(30)) {
    static const char *const kWrong[] = {"s[2:3]", "v1", "v[1:2]", "v[0:2]", "exec", "-s[4:5]"};
    return g.pick(kWrong);
  }
  return withModifiers(g, genVgpr(g, d.type), true, true);
}

// bitop3:N: any 8-bit function, in decimal or hex; invalid: values past 8 bits (llvm keeps the
// low 8), negative ones, expressions.
std::string genBitop3(GenContext &g) {
  if (g.chance(20)) return {};
  if (g.invalid && g.chance(30)) {
    static const char *const kOdd[] = {"256", "-1", "0x1ff", "-129", "1+2", "(7)", "65536"};
    return fmt::format("bitop3:{}", g.pick(kOdd));
  }
  unsigned n = g.below(256);
  return g.chance(50) ? fmt::format("bitop3:{}", n) : fmt::format("bitop3:{:#x}", n);
}

std::string genOpsel(GenContext &g, unsigned n) {
  if (g.chance(60)) return {};
  std::string s = "op_sel:[";
  unsigned count = g.chance(85) ? n : 1 + g.below(n);
  for (unsigned k = 0; k < count; ++k) s += fmt::format("{}{}", k ? "," : "", g.below(2));
  return s + "]";
}

} // namespace

std::string gen_valu(GenContext &g, const OperandDesc &d) {
  if (d.cls == OpClass::vgpr_mod) return genModVgpr(g, d); // (wrong values of its own)
  if (g.invalid && g.chance(20) && isPositional(d.cls)) {
    // (no lone "-": llvm-mc-22 reads `- clamp` as a relocatable expression)
    static const char *const kWrong[] = {"v256", "v[0:2]", "s[1:2]", "foo",  "1.0e40",
                                         "-|v1", "v1.x",   "exec",   "v1.l", "v1.h"};
    // (no .l/.h under -real-true16: llvm-mc-22 takes v1.h in some e32 operands and prints it back)
    bool halves = g.realTrue16 || !(g.desc.flags & IF_Fake16);
    return kWrong[g.below(halves ? std::size(kWrong) : std::size(kWrong) - 2)];
  }
  switch (d.cls) {
  case OpClass::vgpr:
    if ((g.desc.flags & IF_LdsSrc0) && d.field == Field::src0 && g.chance(5))
      return "src_lds_direct";
    return genVgpr(g, d.type);
  case OpClass::vsrc:
  case OpClass::vsrc_mod:
  case OpClass::vsrc_neg:
  case OpClass::vssrc:
  case OpClass::vssrc_inline: return genSource(g, d);
  case OpClass::vop_bitop3: return genBitop3(g);
  case OpClass::vmask:
  case OpClass::vsdst_nom0:
    if (g.chance(10)) {
      static const char *const kOdd[] = {"src_shared_base", "null",    "m0",
                                         "src_scc",         "exec_lo", "exec"};
      return g.pick(kOdd);
    }
    return genScalarRegister(g, d.type == OpType::b1 && g.wave64 ? 2 : 1, true);
  case OpClass::vcc:
    if (g.chance(15)) return {};
    return g.wave64 ? "vcc" : "vcc_lo";
  case OpClass::vk: {
    static const char *const kK[] = {"1.5",    "-2.0",    "0.1", "0x1234", "0xbf800000",
                                     "0x3c00", "-0x1234", "-1",  "1"};
    return g.chance(50) ? fmt::format("0x{:x}", static_cast<uint32_t>(g.next()) >>
                                                    (typeBits(d.type) == 16 ? 16 : 0))
                        : g.pick(kK);
  }
  case OpClass::vop_opsel2:
  case OpClass::vop_opsel_pair: return genOpsel(g, 2);
  case OpClass::vop_opsel3: return genOpsel(g, 3);
  case OpClass::vop_opsel4:
  case OpClass::vop_opsel_dot2:
  case OpClass::vop_opsel_byte: return genOpsel(g, 4);
  case OpClass::vop_opsel_hidden: return g.invalid && g.chance(30) ? "op_sel:[1,0,0,0]" : "";
  case OpClass::vop_clamp: return g.chance(30) ? "clamp" : "";
  case OpClass::vop_omod: {
    if (!g.chance(30)) return {};
    static const char *const kOmod[] = {"mul:2", "mul:4", "div:2", "mul:1", "div:1", "mul:3"};
    return g.pick(kOmod);
  }
  default: return {};
  }
}

} // namespace gfxasm::difftest
