// Random operands of the memory classes.
#include <fmt/format.h>

#include "isa/buffer_formats.h"
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

std::string descriptor(GenContext &g, unsigned dwords) {
  if (g.chance(15)) {
    unsigned first = g.below((16 - dwords) / 4 + 1) * 4;
    return fmt::format("ttmp[{}:{}]", first, first + dwords - 1);
  }
  unsigned first = g.below((106 - dwords) / 4 + 1) * 4;
  if (g.invalid && g.chance(30)) first += 1 + g.below(3); // misaligned
  return fmt::format("s[{}:{}]", first, first + dwords - 1);
}

std::string bufferSoffset(GenContext &g) {
  switch (g.below(6)) {
  case 0: {
    static const char *const kRegs[] = {"m0", "null", "vcc_lo", "vcc_hi", "exec_lo", "exec_hi", "src_scc",
                                        "src_shared_base", "src_private_limit", "ttmp5"};
    return g.pick(kRegs);
  }
  case 1: return fmt::format("{}", static_cast<int>(g.below(81)) - 16);
  case 2: {
    if (g.invalid) return genInlineOrLiteral(g, OpType::b32);
    static const char *const kFloats[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494"};
    return g.pick(kFloats);
  }
  default:
    return fmt::format("s{}", g.below(106));
  }
}

std::string bufferFormat(GenContext &g) {
  if (g.chance(30)) return {};
  if (g.chance(25)) return fmt::format("format:{}", g.below(g.invalid ? 140 : 128));
  if (g.chance(50)) return fmt::format("format:[BUF_FMT_{}]", kBufFormatNames[g.below(std::size(kBufFormatNames))]);
  std::string data = fmt::format("BUF_DATA_FORMAT_{}", kBufDataFormats[g.below(std::size(kBufDataFormats))]);
  std::string num = fmt::format("BUF_NUM_FORMAT_{}", kBufNumFormats[g.below(std::size(kBufNumFormats))]);
  switch (g.below(4)) {
  case 0: return fmt::format("format:[{}]", data);
  case 1: return fmt::format("format:[{}]", num);
  case 2: return fmt::format("format:[{}, {}]", num, data);
  default: return fmt::format("format:[{},{}]", data, num);
  }
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
    // Buffer offsets: llvm takes 16 bits though the field has 12; mostly draw what fits.
    if (d.field == Field::offset && g.arch.formatOf(g.desc).has(Field::srsrc) && g.chance(80))
      return offsetModifier(g, name, 0, 0xfff);
    return offsetModifier(g, name, 0, 0xffff);
  case OpClass::mem_offset_u8:
    return offsetModifier(g, name, 0, 0xff);
  case OpClass::mem_offset_u12:
    return offsetModifier(g, name, 0, 0xfff);
  case OpClass::mem_offset_s13:
    return offsetModifier(g, name, -0x1000, 0xfff);
  case OpClass::srsrc:
    return descriptor(g, dwords);
  case OpClass::buf_soffset:
    return bufferSoffset(g);
  case OpClass::mtbuf_format:
    return bufferFormat(g);
  case OpClass::required_flag:
    return g.chance(g.invalid ? 50 : 97) ? std::string(name) : "";
  default:
    return {};
  }
}

} // namespace gfxasm::difftest
