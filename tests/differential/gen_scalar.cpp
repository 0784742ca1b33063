// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Random operands of the scalar classes and of the structured immediates.
#include <fmt/format.h>

#include "operand_gen.h"

namespace gfxasm::difftest {

using namespace isa;

std::string genOperand(GenContext &g, const OperandDesc &d) {
  switch (d.cls) {
#define CLASS(n, positional, fam)                                                                  \
  case OpClass::n:                                                                                 \
    return gen_##fam(g, d);
#include "isa/classes.def"
#undef CLASS
  case OpClass::Count: break;
  }
  return {};
}

std::string genSignedHexOrDec(GenContext &g, int64_t lo, int64_t hi) {
  int64_t v = lo + static_cast<int64_t>(g.next() % static_cast<uint64_t>(hi - lo + 1));
  if (g.chance(50)) return fmt::format("{}", v);
  return v < 0 ? fmt::format("-0x{:x}", -v) : fmt::format("0x{:x}", v);
}

std::string spellRegisters(GenContext &g, std::string_view prefix, unsigned first, unsigned dwords,
                           unsigned listChance) {
  if (dwords == 1) return fmt::format("{}{}", prefix, first);
  if (g.chance(listChance)) {
    std::string s = "[";
    for (unsigned i = 0; i < dwords; ++i)
      s += fmt::format("{}{}{}", i ? ", " : "", prefix, first + i);
    return s + "]";
  }
  return fmt::format("{}[{}:{}]", prefix, first, first + dwords - 1);
}

std::string genVgprTuple(GenContext &g, unsigned dwords) {
  return spellRegisters(g, "v", g.below(257 - dwords), dwords, 5);
}

std::string genScalarRegister(GenContext &g, unsigned dwords, bool allowSpecial) {
  unsigned kind = g.below(allowSpecial ? 10 : 8);
  unsigned align = dwords == 1 ? 1 : dwords == 2 ? 2 : 4;
  if (kind < 6) {
    unsigned maxFirst = 106 - dwords;
    return spellRegisters(g, "s", g.below(maxFirst / align + 1) * align, dwords, 10);
  }
  if (kind < 8) {
    unsigned first = g.below((16 - dwords) / align + 1) * align;
    if (dwords == 1) return fmt::format("ttmp{}", first);
    return fmt::format("ttmp[{}:{}]", first, first + dwords - 1);
  }
  if (dwords == 1) {
    static const char *const k32[] = {"vcc_lo", "vcc_hi", "exec_lo", "exec_hi", "m0", "null"};
    return g.pick(k32);
  }
  if (dwords == 2) {
    static const char *const k64[] = {"vcc", "exec", "null"};
    return g.pick(k64);
  }
  return "null";
}

std::string genInlineOrLiteral(GenContext &g, OpType t) {
  static const char *const kFloats[] = {"0.5",   "-0.5",  "1.0",  "-1.0",       "2.0",
                                        "-2.0",  "4.0",   "-4.0", "0.15915494", "1.5",
                                        "-3.25", "100.0", "0.1"};
  switch (g.below(6)) {
  case 0: return fmt::format("{}", static_cast<int>(g.below(81)) - 16);
  case 1: return pickOrFloatEdge(g, kFloats);
  case 2: return fmt::format("0x{:x}", static_cast<uint32_t>(g.next()));
  case 3: return fmt::format("{}", static_cast<int32_t>(g.next()));
  case 4: {
    static const char *const kSpecial[] = {"src_shared_base",
                                           "src_shared_limit",
                                           "src_private_base",
                                           "src_private_limit",
                                           "src_pops_exiting_wave_id",
                                           "src_scc",
                                           "src_vccz",
                                           "src_execz",
                                           "scc",
                                           "vccz",
                                           "execz"};
    return g.pick(kSpecial);
  }
  default: (void)t; return fmt::format("0x{:x}", static_cast<uint32_t>(g.below(0x10000)));
  }
}

namespace {

// A number drawn from the values where constant rules change: inline integer and float bounds,
// 16/32/64-bit limits, float bit patterns in each width, non-inline floats, expressions.
// lit(...) of a value that looks inline is left out of instructions with two literal-capable
// operands: llvm-mc-22 then accepts a second, different literal and encodes only the first.
std::string genConstant(GenContext &g, bool inlineLit) {
  static const char *const kEdges[] = {"64",
                                       "65",
                                       "-16",
                                       "-17",
                                       "0",
                                       "0xffff",
                                       "0x8000",
                                       "-32768",
                                       "-32769",
                                       "65535",
                                       "65536",
                                       "0xffffffff",
                                       "0x7fffffff",
                                       "-0x80000000",
                                       "0x100000000",
                                       "0xffffffff80000000",
                                       "0x1ffffffff",
                                       "0x3f800000",
                                       "0x3e22f983",
                                       "0xbf000000",
                                       "0x3c00",
                                       "0x3118",
                                       "0xb800",
                                       "0xfff0",
                                       "0x3ff0000000000000",
                                       "0x3fc45f306dc9c882",
                                       "1+2",
                                       "(1 << 4) | 3",
                                       "-(5)",
                                       "~0"};
  static const char *const kFloats[] = {
      "0.5",     "-0.5",  "1.0",    "-1.0",       "2.0",
      "-2.0",    "4.0",   "-4.0",   "0.15915494", "0.15915494309189532",
      "1.5",     "-3.25", "100.0",  "0.1",        "65504.0",
      "65520.0", "1e10",  "1.0e-7", "-0.0"};
  switch (g.below(6)) {
  case 0: return fmt::format("{}", static_cast<int>(g.below(81)) - 16);
  case 1: return g.pick(kEdges);
  case 2: return g.pick(kFloats);
  case 3:
    return g.chance(50) ? fmt::format("0x{:x}", static_cast<uint32_t>(g.next()))
                        : fmt::format("{}", static_cast<int32_t>(g.next()));
  case 4: return fmt::format("0x{:x}", g.below(0x10000));
  default: {
    // lit(...) forces a literal even for an inline value.
    static const char *const kNotInline[] = {"0x1234", "1.5",        "-17",   "100.0",     "-32769",
                                             "65",     "0x80000000", "-3.25", "0x12345678"};
    const char *inner = !inlineLit     ? g.pick(kNotInline)
                        : g.chance(50) ? g.pick(kFloats)
                                       : g.pick(kEdges);
    return fmt::format("lit({})", inner);
  }
  }
}

unsigned literalOperands(const GenContext &g) {
  unsigned n = 0;
  for (const OperandDesc &o : g.arch.operandsOf(g.desc))
    n += o.cls == OpClass::ssrc || o.cls == OpClass::simm32;
  return n;
}

// A scalar register of `dwords`, including the special ones a class may or may not take.
std::string genScalarOperandRegister(GenContext &g, unsigned dwords) {
  static const char *const kSpecial[] = {"src_scc",
                                         "scc",
                                         "src_shared_base",
                                         "src_private_limit",
                                         "shared_limit",
                                         "src_vccz",
                                         "src_execz",
                                         "src_lds_direct",
                                         "src_pops_exiting_wave_id",
                                         "m0",
                                         "null",
                                         "vcc",
                                         "exec"};
  if (g.chance(15)) return g.pick(kSpecial);
  return genScalarRegister(g, dwords, true);
}

std::string genImmediateAnyWidth(GenContext &g) {
  static const char *const kOdd[] = {"1.0",         "-2.7",       "0.5",         "1e10",
                                     "0x3f800000",  "0x3e22f983", "0x100000000", "0x1ffffffff",
                                     "-0x80000001", "foo",        "1+1"};
  if (g.chance(20)) return g.pick(kOdd);
  if (g.chance(30)) return fmt::format("{}", static_cast<int>(g.below(81)) - 16);
  return genSignedHexOrDec(g, -100000, 200000);
}

} // namespace

const char *genRelocatable(GenContext &g) {
  // Symbols with offsets and relocation specifiers, label differences, and the operators and
  // parentheses llvm prints back its own way.
  static const char *const kExpressions[] = {"foo",
                                             "foo+4",
                                             "foo-8",
                                             "func@rel32@lo+4",
                                             "func@abs32@hi",
                                             "L_before",
                                             "func-foo",
                                             "foo+bar",
                                             "foo + 0x10",
                                             "-foo",
                                             "1+foo",
                                             "foo*2",
                                             "(foo+4)",
                                             "(foo)",
                                             "~foo",
                                             "foo@abs32@lo",
                                             "foo@ABS64",
                                             "func@gotpcrel32@lo",
                                             "L_after-L_before",
                                             "L_before-L_after+4",
                                             "foo+(1*2)",
                                             "(foo+1)*2",
                                             "2*foo+1",
                                             "foo-(bar-2)",
                                             "foo+-4",
                                             "foo+(-4)",
                                             "-(foo+1)",
                                             "foo>>2",
                                             "1/0",
                                             "abs+1"};
  return g.pick(kExpressions);
}

std::string gen_scalar(GenContext &g, const OperandDesc &d) {
  unsigned dwords = d.type == OpType::b1 ? (g.wave64 ? 2 : 1) : std::max(1u, typeBits(d.type) / 32);
  if (g.invalid && g.chance(30) && isPositional(d.cls)) {
    static const char *const kWrong[] = {"v0",      "s[1:2]", "s106",   "0x1ffffffff", "ttmp16",
                                         "foo",     "-",      "s[0:2]", "v[0:1]",      "1.0e40",
                                         "abs(s1)", "-s1",    "lit(s1)"};
    return g.pick(kWrong);
  }
  switch (d.cls) {
  case OpClass::sreg:
  case OpClass::sreg_nonull:
  case OpClass::smem_sdata:
    return g.chance(85) ? genScalarRegister(g, dwords, d.cls != OpClass::sreg_nonull)
                        : genScalarOperandRegister(g, dwords);
  case OpClass::sbase:
    if (g.chance(10)) return genScalarOperandRegister(g, dwords);
    return genScalarRegister(g, dwords, dwords == 2);
  case OpClass::sreg_null: return g.chance(85) ? "null" : genScalarRegister(g, 1, true);
  case OpClass::ssrc:
  case OpClass::ssrc_inline:
    if (g.chance(45)) return genScalarOperandRegister(g, dwords);
    if (g.chance(3)) return genRelocatable(g);
    return genConstant(g, literalOperands(g) < 2);
  case OpClass::smem_soffset: {
    bool isUnsigned = d.type == OpType::dec;
    if (g.chance(40)) {
      int64_t lo = isUnsigned ? 0 : -(1 << 20), hi = (1 << 20) - 1;
      if (g.invalid) lo -= 16, hi += 16;
      return genSignedHexOrDec(g, lo, hi);
    }
    if (g.chance(20)) {
      static const char *const kRegs[] = {"m0",      "null",  "vcc_lo", "exec_hi",
                                          "src_scc", "ttmp3", "vcc"};
      return g.pick(kRegs);
    }
    return fmt::format("s{}", g.below(106));
  }
  case OpClass::smem_offset: {
    bool isUnsigned = d.type == OpType::dec;
    return g.chance(50)
               ? fmt::format("offset:{}",
                             genSignedHexOrDec(g, isUnsigned ? -8 : -(1 << 20), (1 << 20) - 1))
               : "";
  }
  case OpClass::version:
    // llvm-mc's predefined version symbols, alone or or-ed with flag bits, or any number.
    if (g.chance(30)) {
      static const char *const kVersions[] = {
          "UC_VERSION_GFX11", "UC_VERSION_GFX12|UC_VERSION_W64_BIT",
          "(16|UC_VERSION_W64_BIT)|UC_VERSION_W32_BIT", "UC_VERSION_MDP_BIT+UC_VERSION_GFX7"};
      return g.pick(kVersions);
    }
    [[fallthrough]];
  case OpClass::imm16:
  case OpClass::uimm16: {
    bool isUnsigned = d.cls == OpClass::uimm16 || d.type == OpType::dec;
    static const char *const kOdd[] = {"1.0", "65536", "-32769", "foo", "1+2"};
    if (g.chance(5)) return g.pick(kOdd);
    return genSignedHexOrDec(g, isUnsigned ? (g.invalid ? -4 : 0) : -32768, 65535);
  }
  case OpClass::imm: return genImmediateAnyWidth(g);
  case OpClass::simm32:
    static const char *const kValues[] = {"1.5", "2.0", "-1", "0.15915494"};
    if (g.chance(30)) return genImmediateAnyWidth(g);
    return g.chance(20) ? std::string(g.pick(kValues))
                        : fmt::format("0x{:x}", static_cast<uint32_t>(g.next()));
  case OpClass::label:
    static const char *const kOdd[] = {"65536", "-32769", "1+1", "L_after+1", "1.0", "-L_before"};
    if (g.chance(10)) return g.pick(kOdd);
    return g.chance(50) ? fmt::format("{}", static_cast<int>(g.below(65536)) - 32768)
                        : (g.chance(50) ? "L_before" : "L_after");
  case OpClass::flag: return g.chance(50) ? std::string(fieldName(d.field)) : "";
  default: return {};
  }
}

namespace {

// sendmsg(type[, op[, stream]]) by name, number or expression, or a plain 16-bit value.
std::string genSendmsg(GenContext &g) {
  static const char *const kTypes[] = {"MSG_INTERRUPT",
                                       "MSG_HS_TESSFACTOR",
                                       "MSG_DEALLOC_VGPRS",
                                       "MSG_STALL_WAVE_GEN",
                                       "MSG_HALT_WAVES",
                                       "MSG_GS_ALLOC_REQ",
                                       "MSG_SYSMSG",
                                       "MSG_RTN_GET_DOORBELL",
                                       "MSG_RTN_GET_DDID",
                                       "MSG_RTN_GET_TMA",
                                       "MSG_RTN_GET_REALTIME",
                                       "MSG_RTN_SAVE_WAVE",
                                       "MSG_RTN_GET_TBA",
                                       "MSG_RTN_GET_TBA_TO_PC",
                                       "MSG_GS",
                                       "MSG_GS_DONE",
                                       "MSG_SAVEWAVE",
                                       "MSG_GET_DOORBELL",
                                       "MSG_FOO",
                                       "2",
                                       "3",
                                       "15",
                                       "128",
                                       "255",
                                       "256",
                                       "-1",
                                       "1+1",
                                       "0x80 + 6"};
  static const char *const kOps[] = {"GS_OP_NOP",
                                     "GS_OP_CUT",
                                     "GS_OP_EMIT",
                                     "GS_OP_EMIT_CUT",
                                     "SYSMSG_OP_ECC_ERR_INTERRUPT",
                                     "SYSMSG_OP_REG_RD",
                                     "SYSMSG_OP_HOST_TRAP_ACK",
                                     "SYSMSG_OP_TTRACE_PC",
                                     "0",
                                     "1",
                                     "2",
                                     "4",
                                     "7",
                                     "8",
                                     "1+1"};
  if (g.chance(15)) return fmt::format("{}", static_cast<int>(g.below(0x10010)) - 8);
  std::string s = fmt::format("sendmsg({}", g.pick(kTypes));
  if (g.chance(45)) {
    s += fmt::format(", {}", g.pick(kOps));
    if (g.chance(40)) s += fmt::format(", {}", static_cast<int>(g.below(6)) - 1);
  }
  return s + ")";
}

// hwreg(reg[, offset, size]), {id: .., offset: .., size: ..}, or a plain 16-bit value.
std::string genHwreg(GenContext &g) {
  static const char *const kRegs[] = {"HW_REG_MODE",
                                      "HW_REG_STATUS",
                                      "HW_REG_TRAPSTS",
                                      "HW_REG_GPR_ALLOC",
                                      "HW_REG_LDS_ALLOC",
                                      "HW_REG_IB_STS",
                                      "HW_REG_SH_MEM_BASES",
                                      "HW_REG_PERF_SNAPSHOT_PC_LO",
                                      "HW_REG_PERF_SNAPSHOT_PC_HI",
                                      "HW_REG_FLAT_SCR_LO",
                                      "HW_REG_FLAT_SCR_HI",
                                      "HW_REG_HW_ID1",
                                      "HW_REG_HW_ID2",
                                      "HW_REG_PERF_SNAPSHOT_DATA",
                                      "HW_REG_SHADER_CYCLES",
                                      "HW_REG_HW_ID",
                                      "HW_REG_TBA_LO",
                                      "HW_REG_TMA_HI",
                                      "HW_REG_XCC_ID",
                                      "HW_REG_SQ_PERF_SNAPSHOT_PC_HI",
                                      "HW_REG_XNACK_MASK",
                                      "HW_REG_FOO",
                                      "0",
                                      "4",
                                      "31",
                                      "63",
                                      "64",
                                      "1+2"};
  unsigned form = g.below(10);
  if (form == 0) return fmt::format("{}", static_cast<int>(g.below(0x10010)) - 8);
  if (form == 1) {
    std::string s = "{";
    const char *sep = "";
    if (g.chance(70)) s += fmt::format("{}id: {}", sep, g.below(g.invalid ? 70 : 64)), sep = ", ";
    if (g.chance(50))
      s += fmt::format("{}offset: {}", sep, g.below(g.invalid ? 34 : 32)), sep = ", ";
    if (g.chance(50)) s += fmt::format("{}size: {}", sep, g.below(g.invalid ? 35 : 33)), sep = ", ";
    return s + "}";
  }
  std::string s = fmt::format("hwreg({}", g.pick(kRegs));
  if (g.chance(50)) {
    unsigned offset = g.below(g.invalid ? 34 : 32);
    unsigned size = g.invalid ? g.below(35) : 1 + g.below(32 - offset);
    s += fmt::format(", {}, {}", offset, size);
  }
  return s + ")";
}

// depctr_*(N) in any order and separation, or a plain value.
std::string genDepctr(GenContext &g) {
  struct C {
    const char *name;
    unsigned max;
  };
  static const C kCounters[] = {
      {"depctr_hold_cnt", 1}, {"depctr_sa_sdst", 1}, {"depctr_va_vdst", 15}, {"depctr_va_sdst", 7},
      {"depctr_va_ssrc", 1},  {"depctr_va_vcc", 1},  {"depctr_vm_vsrc", 7}};
  if (g.chance(20))
    return genSignedHexOrDec(g, -32768 - (g.invalid ? 4 : 0), 65535 + (g.invalid ? 4 : 0));
  static const char *const kSep[] = {" ", " & ", ", ", "&"};
  const char *sep = g.pick(kSep);
  std::string s;
  for (const C &c : kCounters) {
    if (g.chance(60)) continue;
    s +=
        fmt::format("{}{}({})", s.empty() ? "" : sep, c.name, g.below(c.max + (g.invalid ? 3 : 1)));
  }
  return s.empty() ? "depctr_va_vdst(0)" : s;
}

} // namespace

std::string gen_special(GenContext &g, const OperandDesc &d) {
  switch (d.cls) {
  case OpClass::waitcnt: {
    if (g.chance(15)) return genSignedHexOrDec(g, -40000, 80000);
    static const char *const kSep[] = {" ", ", ", " & ", "&", ","};
    const char *sep = g.pick(kSep);
    std::string s;
    struct C {
      const char *name;
      unsigned max;
    };
    const C counters[] = {{"vmcnt", 63}, {"expcnt", 7}, {"lgkmcnt", 63}};
    unsigned order = g.below(6);
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int k = 0; k < 3; ++k) {
      const C &c = counters[perms[order][k]];
      if (g.chance(35)) continue;
      bool sat = g.chance(20);
      unsigned v = g.below(sat ? 200 : (g.invalid ? c.max + 3 : c.max + 1));
      s += fmt::format("{}{}{}({})", s.empty() ? "" : sep, c.name, sat ? "_sat" : "", v);
    }
    return s.empty() ? "vmcnt(0)" : s;
  }
  case OpClass::delay: {
    if (g.chance(10)) return genSignedHexOrDec(g, -40000, 80000);
    static const char *const kIds[] = {"NO_DEP",        "VALU_DEP_1",    "VALU_DEP_2",
                                       "VALU_DEP_3",    "VALU_DEP_4",    "TRANS32_DEP_1",
                                       "TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1",
                                       "SALU_CYCLE_1",  "SALU_CYCLE_2",  "SALU_CYCLE_3"};
    static const char *const kSkips[] = {"SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"};
    std::string parts[3] = {fmt::format("instid0({})", g.pick(kIds)),
                            fmt::format("instskip({})", g.pick(kSkips)),
                            fmt::format("instid1({})", g.pick(kIds))};
    std::string s;
    for (int k = 0; k < 3; ++k) {
      if (g.chance(30)) continue;
      s += (s.empty() ? "" : " | ") + parts[(k + g.below(3)) % 3];
    }
    return s.empty() ? "instid0(VALU_DEP_1)" : s;
  }
  case OpClass::depctr: return genDepctr(g);
  case OpClass::sendmsg: return genSendmsg(g);
  case OpClass::hwreg: return genHwreg(g);
  case OpClass::gpr_idx: {
    if (g.chance(20)) return fmt::format("{}", g.below(g.invalid ? 20 : 16));
    static const char *const kModes[] = {"SRC0", "SRC1", "SRC2", "DST", "FOO"};
    std::string s = "gpr_idx(";
    for (unsigned i = 0, n = g.below(4); i < n; ++i)
      s += fmt::format("{}{}", i ? "," : "", kModes[g.below(g.invalid ? 5 : 4)]);
    return s + ")";
  }
  default: return fmt::format("0x{:x}", g.below(0x10000));
  }
}

} // namespace gfxasm::difftest
