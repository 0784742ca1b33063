// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Random operands of the memory classes.
#include <fmt/format.h>

#include <bit>

#include "asm/image_address.h"
#include "isa/arch_traits.h"
#include "isa/buffer_formats.h"
#include "operand_gen.h"

namespace gfxasm::difftest {

using namespace isa;

namespace {

std::string vgprs(GenContext &g, unsigned dwords, const char *file = "v") {
  if (dwords == 0) dwords = 1;
  return spellRegisters(g, file, g.below(257 - dwords), dwords, 10);
}

// Whether a line's data registers (av_tuple) are AGPRs: drawn at its first operand, mostly where
// the assembler takes them (mem_acc), sometimes elsewhere among the invalid spellings.
bool gAgprData = false;

void planDataRegisters(GenContext &g) {
  gAgprData = false;
  for (const OperandDesc &d : g.arch.operandsOf(g.desc)) {
    if (d.cls == OpClass::mem_acc) gAgprData = g.chance(40);
    if (d.cls == OpClass::mem_acc_noasm || d.cls == OpClass::mem_acc_invalid)
      gAgprData = g.invalid && g.chance(40);
  }
}

std::string dataRegisters(GenContext &g, unsigned dwords) {
  bool agpr = gAgprData != (g.invalid && g.chance(10)); // (sometimes one of the other file)
  return vgprs(g, dwords, agpr ? "a" : "v");
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
    static const char *const kRegs[] = {"m0",
                                        "null",
                                        "vcc_lo",
                                        "vcc_hi",
                                        "exec_lo",
                                        "exec_hi",
                                        "src_scc",
                                        "src_shared_base",
                                        "src_private_limit",
                                        "ttmp5",
                                        "src_vccz",
                                        "src_execz",
                                        "flat_scratch_hi"};
    return g.pick(kRegs);
  }
  case 1: return fmt::format("{}", static_cast<int>(g.below(81)) - 16);
  case 2: {
    if (g.invalid) return genInlineOrLiteral(g, OpType::b32);
    static const char *const kFloats[] = {"0.5",  "-0.5", "1.0",  "-1.0",      "2.0",
                                          "-2.0", "4.0",  "-4.0", "0.15915494"};
    return g.pick(kFloats);
  }
  default: return fmt::format("s{}", g.below(106));
  }
}

// MTBUF: llvm-mc also takes the format before the soffset, as a number (or [number]) only;
bool gFormatFirst = false;

// gfx9: dfmt:D and nfmt:N there instead, either or both, in either order, commas or not.
std::string splitFormatBeforeSoffset(GenContext &g) {
  if (g.invalid && g.chance(30)) {
    switch (g.below(4)) {
    case 0: return fmt::format("format:{}", g.below(128));
    case 1: return fmt::format("dfmt:{}", 16 + g.below(4));
    case 2: return fmt::format("nfmt:{}, nfmt:{}", g.below(8), g.below(8));
    default: return fmt::format("DFMT:{}", g.below(16));
    }
  }
  std::string data = fmt::format("dfmt:{}", genSignedHexOrDec(g, 0, 15)),
              num = fmt::format("nfmt:{}", genSignedHexOrDec(g, 0, 7));
  switch (g.below(4)) {
  case 0: return data;
  case 1: return num;
  case 2: return fmt::format("{}{} {}", num, g.chance(50) ? "," : "", data);
  default: return fmt::format("{}{} {}", data, g.chance(50) ? "," : "", num);
  }
}

std::string formatBeforeSoffset(GenContext &g) {
  if (g.arch.traits->splitBufferFormat) return splitFormatBeforeSoffset(g);
  if (g.invalid && g.chance(30))
    return g.chance(50) ? fmt::format("format:{}", 128 + g.below(12))
                        : fmt::format("format:[BUF_FMT_{}]",
                                      kBufFormatNames[g.below(std::size(kBufFormatNames))]);
  if (g.chance(10)) return fmt::format("format:[{}]", g.below(128));
  return fmt::format("format:{}", genSignedHexOrDec(g, 0, 127));
}

std::string bufferFormat(GenContext &g) {
  if (g.chance(30)) return {};
  if (g.chance(25)) return fmt::format("format:{}", g.below(g.invalid ? 140 : 128));
  // gfx9 has no unified format names (BUF_FMT_*): the split names, either or both.
  bool unified = !g.arch.traits->splitBufferFormat || g.invalid;
  if (unified && g.chance(50))
    return fmt::format("format:[BUF_FMT_{}]", kBufFormatNames[g.below(std::size(kBufFormatNames))]);
  std::string data =
      fmt::format("BUF_DATA_FORMAT_{}", kBufDataFormats[g.below(std::size(kBufDataFormats))]);
  std::string num =
      fmt::format("BUF_NUM_FORMAT_{}", kBufNumFormats[g.below(std::size(kBufNumFormats))]);
  switch (g.below(4)) {
  case 0: return fmt::format("format:[{}]", data);
  case 1: return fmt::format("format:[{}]", num);
  case 2: return fmt::format("format:[{}, {}]", num, data);
  default: return fmt::format("format:[{},{}]", data, num);
  }
}

// An image instruction's operands depend on each other (data width on dmask, d16 and tfe; address
// width on dim and a16), so a line's modifiers are drawn first, when its first operand is asked
// for.
struct ImagePlan {
  unsigned dim = 0, dmask = 1, dataDwords = 1, addressDwords = 1;
  bool noData = false; // image_sample* with `off` data
  bool flags[static_cast<unsigned>(Field::Count)] = {};
};
ImagePlan gImage;

constexpr std::string_view kDimNames[] = {"1D",       "2D",       "3D",      "CUBE",
                                          "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY"};

void planImage(GenContext &g) {
  ImagePlan p;
  std::string_view name = g.desc.name;
  bool fourChannels = name.find("gather4") != std::string_view::npos ||
                      name.find("msaa_load") != std::string_view::npos;
  bool cmpswap = name.find("cmpswap") != std::string_view::npos;
  for (const OperandDesc &d : g.arch.operandsOf(g.desc)) {
    if (d.cls == OpClass::mem_flag) p.flags[static_cast<unsigned>(d.field)] = g.chance(25);
    if (d.cls == OpClass::required_flag) p.flags[static_cast<unsigned>(d.field)] = true;
  }
  bool msaa = name.find("msaa") != std::string_view::npos;
  p.dim = msaa && !g.invalid ? 6 + g.below(2) : g.below(8);
  if (fourChannels)
    p.dmask = 1u << g.below(4);
  else if (name.starts_with("image_atomic"))
    p.dmask = cmpswap ? (g.chance(50) ? 3 : 15) : (g.chance(50) ? 1 : 3);
  else
    p.dmask = g.below(16);
  // gfx9 (no dim) has no `off` data, and its address is any width the opcode has.
  bool dims = false;
  for (const OperandDesc &d : g.arch.operandsOf(g.desc)) dims |= d.field == Field::dim;
  p.noData = dims && name.starts_with("image_sample") && g.chance(5);
  if (p.noData) p.dmask = (const unsigned[]){1, 3, 15}[g.below(3)];
  if (g.invalid && g.chance(30)) p.dmask = g.below(16);
  p.dataDwords = fourChannels ? 4 : std::max(1, std::popcount(p.dmask));
  auto flag = [&](Field f) { return p.flags[static_cast<unsigned>(f)]; };
  if (flag(Field::d16)) p.dataDwords = (p.dataDwords + 1) / 2;
  if (flag(Field::tfe)) ++p.dataDwords;
  if (!dims) {
    unsigned sizes[16], n = 0;
    for (unsigned w = 1; w <= 16; ++w)
      if (g.desc.addressSizes >> (w - 1) & 1) sizes[n++] = w;
    p.addressDwords = n ? sizes[g.below(n)] : 1;
  } else if (name.starts_with("image_bvh"))
    p.addressDwords = (flag(Field::a16) ? 8 : 11) + name.starts_with("image_bvh64");
  else
    p.addressDwords = as::imageAddressDwords(name, p.dim, flag(Field::a16));
  if (g.invalid && g.chance(50)) {
    if (g.chance(50))
      p.dataDwords += 1;
    else
      p.addressDwords += 1;
  }
  gImage = p;
}

std::string addressList(GenContext &g) {
  std::vector<unsigned> widths;
  if (g.desc.name.starts_with("image_bvh")) {
    widths = {g.desc.name.starts_with("image_bvh64") ? 2u : 1u, 1, 3, 3};
    if (!gImage.flags[static_cast<unsigned>(Field::a16)]) widths.push_back(3);
  } else {
    unsigned total = std::max(2u, gImage.addressDwords);
    for (unsigned i = 0; i < std::min(total, 4u); ++i) widths.push_back(1);
    if (total > 4) widths.push_back(total - 4);
  }
  std::string s = "[";
  for (size_t i = 0; i < widths.size(); ++i) s += (i ? ", " : "") + vgprs(g, widths[i]);
  return s + "]";
}

} // namespace

std::string gen_memory(GenContext &g, const OperandDesc &d) {
  unsigned dwords = std::max(1u, typeBits(d.type) / 32);
  if (&d == g.arch.operandsOf(g.desc).data()) {
    gFormatFirst = false;
    planDataRegisters(g);
    if (g.arch.formatOf(g.desc).name.starts_with("MIMG")) planImage(g);
  }
  if (g.invalid && g.chance(25) && isPositional(d.cls)) {
    static const char *const kWrong[] = {"v256",   "s0",       "v[1:2]", "v[0:3]",     "off",
                                         "s[0:1]", "vcc",      "1",      "v[255:256]", "exec",
                                         "null",   "[v1, v3]", "v1.l"};
    return g.pick(kWrong);
  }
  std::string_view name = fieldName(d.field);
  switch (d.cls) {
  case OpClass::mimg_vdata: return gImage.noData ? "off" : dataRegisters(g, gImage.dataDwords);
  case OpClass::mimg_vaddr: {
    // 8 VGPRs serve 5 to 7 dwords too (gfx11).
    bool eight = gImage.addressDwords >= 5 && gImage.addressDwords <= 7 && g.chance(30);
    return vgprs(g, eight ? 8 : gImage.addressDwords);
  }
  case OpClass::mimg_nsa_vaddr: return addressList(g);
  case OpClass::mimg_nsa_extra: return {};
  case OpClass::dmask:
    if (gImage.dmask == 0 && g.chance(50)) return {};
    if (g.chance(5)) return fmt::format("dmask:0x{:x}", gImage.dmask | (g.below(16) << 4));
    return fmt::format("dmask:0x{:x}", gImage.dmask);
  case OpClass::dim: {
    if (g.invalid && g.chance(20)) return {};
    std::string_view dim = kDimNames[gImage.dim];
    return g.chance(30) ? fmt::format("dim:{}", dim) : fmt::format("dim:SQ_RSRC_IMG_{}", dim);
  }
  case OpClass::ds_swizzle: {
    if (g.chance(20)) return offsetModifier(g, name, 0, 0xffff);
    static const char *const kLane = "01pi";
    switch (g.below(g.invalid ? 8 : 7)) {
    case 0:
      return fmt::format("offset:swizzle(QUAD_PERM,{},{},{},{})", g.below(4), g.below(4),
                         g.below(4), g.below(4));
    case 1: {
      std::string mask;
      for (int i = 0; i < 5; ++i) mask += kLane[g.below(4)];
      return fmt::format("offset:swizzle(BITMASK_PERM,\"{}\")", mask);
    }
    case 2: {
      unsigned size = 2u << g.below(5);
      return fmt::format("offset:swizzle(BROADCAST,{},{})", size, g.below(g.invalid ? 40 : size));
    }
    case 3:
      return fmt::format("offset:swizzle(SWAP,{})", g.invalid ? g.below(40) : 1u << g.below(5));
    case 4:
      return fmt::format("offset:swizzle(REVERSE,{})", g.invalid ? g.below(40) : 2u << g.below(5));
    case 5: return fmt::format("offset:swizzle(FFT,{})", g.below(g.invalid ? 40 : 32));
    case 6:
      return fmt::format("offset:swizzle(ROTATE,{},{})", g.below(g.invalid ? 3 : 2),
                         g.below(g.invalid ? 40 : 32));
    default: return "offset:swizzle(FOO,1)";
    }
  }
  case OpClass::mem_flag_unenc:
  case OpClass::mem_flag_vgpr:
  case OpClass::mem_flag: {
    bool image = g.arch.formatOf(g.desc).name.starts_with("MIMG");
    bool on = image ? gImage.flags[static_cast<unsigned>(d.field)] : g.chance(40);
    if (!on) return image && g.chance(8) ? "no" + std::string(name) : std::string();
    // Sometimes a modifier that belongs later first: llvm-mc takes them only in order.
    if (g.invalid && g.chance(30)) {
      auto ops = g.arch.operandsOf(g.desc);
      for (const OperandDesc *o = &d + 1; o != ops.data() + ops.size(); ++o)
        if (o->cls == OpClass::mem_flag || o->cls == OpClass::required_flag ||
            o->cls == OpClass::mem_flag_unenc || o->cls == OpClass::mem_flag_vgpr)
          return fmt::format("{} {}", fieldName(o->field), name);
    }
    return std::string(name);
  }
  case OpClass::vgpr_tuple: return vgprs(g, dwords);
  case OpClass::av_tuple: return dataRegisters(g, dwords);
  case OpClass::mem_off: return "off";
  case OpClass::flat_saddr: {
    if (dwords == 1) {
      if (g.chance(15)) {
        static const char *const k32[] = {"m0", "null", "vcc_lo", "vcc_hi", "exec_lo", "exec_hi"};
        return g.pick(k32);
      }
      return genScalarRegister(g, 1, false);
    }
    if (g.chance(10)) {
      static const char *const k64[] = {"vcc", "exec", "flat_scratch", "xnack_mask"};
      return g.pick(k64);
    }
    return genScalarRegister(g, 2, false);
  }
  case OpClass::mem_offset_u16:
    // Buffer offsets: llvm takes 16 bits though the field has 12; mostly draw what fits.
    if (d.field == Field::offset && g.arch.formatOf(g.desc).has(Field::srsrc) && g.chance(80))
      return offsetModifier(g, name, 0, 0xfff);
    return offsetModifier(g, name, 0, 0xffff);
  case OpClass::mem_offset_u8: return offsetModifier(g, name, 0, 0xff);
  case OpClass::mem_offset_u12: return offsetModifier(g, name, 0, 0xfff);
  case OpClass::mem_offset_s13: return offsetModifier(g, name, -0x1000, 0xfff);
  case OpClass::srsrc: return descriptor(g, dwords);
  case OpClass::buf_soffset: {
    // llvm-mc takes the soffset without a comma before it too, and an MTBUF format before it.
    g.noCommaBefore = g.chance(10);
    gFormatFirst = g.arch.formatOf(g.desc).has(Field::format) && g.chance(20);
    if (!gFormatFirst) return bufferSoffset(g);
    std::string format = formatBeforeSoffset(g);
    return fmt::format("{}{} {}", format, g.chance(50) ? "," : "", bufferSoffset(g));
  }
  case OpClass::mtbuf_format:
    // Once before the soffset, a format after it is a duplicate.
    return gFormatFirst && !(g.invalid && g.chance(30)) ? std::string() : bufferFormat(g);
  case OpClass::required_flag: return g.chance(g.invalid ? 50 : 97) ? std::string(name) : "";
  case OpClass::mem_kept:
  case OpClass::mem_ignored: // a bit this processor does not accept
    return g.invalid && g.chance(30) ? std::string(name) : "";
  default: return {};
  }
}

} // namespace gfxasm::difftest
