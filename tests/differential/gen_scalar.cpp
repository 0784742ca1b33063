// Random operands of the scalar classes and of the structured immediates.
#include <fmt/format.h>

#include "operand_gen.h"

namespace gfxasm::difftest {

using namespace isa;

std::string genOperand(GenContext &g, const OperandDesc &d) {
  switch (d.cls) {
#define CLASS(n, positional, fam)                                                                  \
  case OpClass::n: return gen_##fam(g, d);
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

std::string genScalarRegister(GenContext &g, unsigned dwords, bool allowSpecial) {
  unsigned kind = g.below(allowSpecial ? 10 : 8);
  unsigned align = dwords == 1 ? 1 : dwords == 2 ? 2 : 4;
  if (kind < 6) {
    unsigned maxFirst = 106 - dwords;
    unsigned first = g.below(maxFirst / align + 1) * align;
    if (dwords == 1) return fmt::format("s{}", first);
    if (g.chance(10)) {
      std::string s = "[";
      for (unsigned i = 0; i < dwords; ++i) s += fmt::format("{}s{}", i ? ", " : "", first + i);
      return s + "]";
    }
    return fmt::format("s[{}:{}]", first, first + dwords - 1);
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
  static const char *const kFloats[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0",
                                        "0.15915494", "1.5", "-3.25", "100.0", "0.1"};
  switch (g.below(6)) {
  case 0: return fmt::format("{}", static_cast<int>(g.below(81)) - 16);
  case 1: return g.pick(kFloats);
  case 2: return fmt::format("0x{:x}", static_cast<uint32_t>(g.next()));
  case 3: return fmt::format("{}", static_cast<int32_t>(g.next()));
  case 4: {
    static const char *const kSpecial[] = {"src_shared_base", "src_shared_limit", "src_private_base",
                                           "src_private_limit", "src_pops_exiting_wave_id", "src_scc",
                                           "src_vccz", "src_execz", "scc", "vccz", "execz"};
    return g.pick(kSpecial);
  }
  default:
    (void)t;
    return fmt::format("0x{:x}", static_cast<uint32_t>(g.below(0x10000)));
  }
}

std::string gen_scalar(GenContext &g, const OperandDesc &d) {
  unsigned dwords = d.type == OpType::b1 ? (g.wave64 ? 2 : 1) : std::max(1u, typeBits(d.type) / 32);
  if (g.invalid && g.chance(30) && isPositional(d.cls)) {
    static const char *const kWrong[] = {"v0", "s[1:2]", "s106", "0x1ffffffff", "ttmp16", "foo", "-",
                                         "s[0:2]", "v[0:1]", "1.0e40"};
    return g.pick(kWrong);
  }
  switch (d.cls) {
  case OpClass::sreg:
  case OpClass::sreg_nonull:
  case OpClass::sbase:
    return genScalarRegister(g, dwords, d.cls == OpClass::sreg);
  case OpClass::ssrc:
    if (g.chance(55)) return genScalarRegister(g, dwords, true);
    return genInlineOrLiteral(g, d.type);
  case OpClass::smem_soffset:
    if (g.chance(40)) return genSignedHexOrDec(g, -(1 << 20), (1 << 20) - 1);
    if (g.chance(15)) return g.chance(50) ? "m0" : "null";
    return fmt::format("s{}", g.below(106));
  case OpClass::smem_offset:
    return g.chance(50) ? fmt::format("offset:{}", genSignedHexOrDec(g, -(1 << 20), (1 << 20) - 1)) : "";
  case OpClass::imm16:
    return genSignedHexOrDec(g, d.type == OpType::dec ? 0 : -32768, 65535);
  case OpClass::simm32:
    return fmt::format("0x{:x}", static_cast<uint32_t>(g.next()));
  case OpClass::label:
    return g.chance(50) ? fmt::format("{}", static_cast<int>(g.below(65536)) - 32768) : (g.chance(50) ? "L_before" : "L_after");
  case OpClass::flag:
    return g.chance(50) ? std::string(fieldName(d.field)) : "";
  default:
    return {};
  }
}

std::string gen_special(GenContext &g, const OperandDesc &d) {
  switch (d.cls) {
  case OpClass::waitcnt: {
    if (g.chance(15)) return fmt::format("{}", g.below(0x10000));
    static const char *const kSep[] = {" ", ", ", " & ", "&", ","};
    const char *sep = g.pick(kSep);
    std::string s;
    struct C { const char *name; unsigned max; };
    const C counters[] = {{"vmcnt", 63}, {"expcnt", 7}, {"lgkmcnt", 63}};
    unsigned order = g.below(6);
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
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
    if (g.chance(10)) return fmt::format("0x{:x}", g.below(0x800));
    static const char *const kIds[] = {"NO_DEP", "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3", "VALU_DEP_4",
                                       "TRANS32_DEP_1", "TRANS32_DEP_2", "TRANS32_DEP_3",
                                       "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1", "SALU_CYCLE_2", "SALU_CYCLE_3"};
    static const char *const kSkips[] = {"SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"};
    std::string parts[3] = {fmt::format("instid0({})", g.pick(kIds)), fmt::format("instskip({})", g.pick(kSkips)),
                            fmt::format("instid1({})", g.pick(kIds))};
    std::string s;
    for (int k = 0; k < 3; ++k) {
      if (g.chance(30)) continue;
      s += (s.empty() ? "" : " | ") + parts[(k + g.below(3)) % 3];
    }
    return s.empty() ? "instid0(VALU_DEP_1)" : s;
  }
  default:
    return fmt::format("0x{:x}", g.below(0x10000));
  }
}

} // namespace gfxasm::difftest
