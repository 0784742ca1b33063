// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Printing of the VOP3P, WMMA, VOPD, DPP16 and DPP8 operands.
#include <array>
#include <span>
#include <string>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "asm/operand_families.h"
#include "asm/packed_constants.h"
#include "asm/valu_operands.h"
#include "asm/vext_operands.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/append.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;

namespace {

// op_sel:[1,0,0]: one entry per source; nothing when the source bits are at their default.
void printSelArray(const Inst &inst, const OperandDesc &d, uint32_t value, Writer &out) {
  unsigned n = as::sourceCount(inst);
  uint32_t mask = (1u << n) - 1, def = d.cls == OpClass::sel_ones ? mask : 0;
  if ((value & mask) == def) return;
  out += fieldName(d.field);
  out += ":[";
  for (unsigned k = 0; k < n; ++k) {
    if (k) out += ',';
    out += (value >> k) & 1 ? '1' : '0';
  }
  out += ']';
}

// The literal operand `i` prints: its own where the decoder gave it one (llvm's encoding of the
// instruction shows another), else the instruction's.
uint32_t literalOf(const Inst &inst, unsigned i) {
  return (inst.ownLiteralOperands >> i) & 1 ? inst.ownLiteral : inst.literal;
}

// A literal prints as lit(...) when written so or when it would read back as an inline constant.
// (a 16-bit integer source's literal looks inline as a 32-bit one)
bool literalForm(uint32_t lit, OpType t, const OperandValue &v) {
  return v.value == src::kLiteral &&
         ((v.mods & Mod_Lit) ||
          as::packedLiteralLooksInline(lit, t == OpType::b16 ? OpType::b32 : t));
}

// Literal `lit` as llvm prints it: lit(...) of the whole dword read (a negative integer written in
// lit(...) sign-extended to 64 bits), else a 16-bit source's low half.
void printLiteral(uint32_t lit, OpType t, const OperandValue &v, Writer &out) {
  bool half = typeBits(t) == 16;
  if (!literalForm(lit, t, v)) {
    printHex(half ? lit & 0xffff : lit, out);
    return;
  }
  printWrittenLiteral(lit, t, v.mods, out);
}

// -x, |x|, -|x| (`mods`: the modifiers printed); a negated constant prints as neg(x), which cannot
// read as a negative number (a literal shown as lit(...) takes a plain minus). A relocatable
// literal prints as its symbol.
// (v: the operand's value as printed, inst.ops[i] or an SDWA source's without its scalar bit)
void printWithMods(const Inst &inst, unsigned i, const OperandValue &v, uint8_t mods, bool wave64,
                   Writer &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  if (static_cast<int>(i) == inst.labelOperand) {
    out += inst.labelSymbol;
    return;
  }
  bool constant = (v.value >= src::kIntZero && v.value <= src::kIntNegMin) ||
                  (v.value >= src::kFloatFirst && v.value <= src::kInvPi) ||
                  v.value == src::kLiteral;
  bool negFunction = (mods & Mod_Neg) && !(mods & Mod_Abs) && constant &&
                     !literalForm(literalOf(inst, i), d.type, v);
  if (negFunction)
    out += "neg(";
  else if (mods & Mod_Neg)
    out += '-';
  if (mods & Mod_Abs) out += '|';
  if (v.value == src::kLiteral)
    printLiteral(literalOf(inst, i), d.type, v, out);
  else
    printSource(inst, d, v.value, wave64, out);
  if (mods & Mod_Abs) out += '|';
  if (negFunction) out += ')';
}

// A decoded register operand holding what llvm wants no register for there: a constant (as the
// immediate llvm made of it) or a register of another file, with llvm's notes; `regClass`: llvm's
// register class of the operand. The rest prints as a register.
void printRegisterOperand(const Inst &inst, unsigned i, uint8_t mods, const char *regClass,
                          bool wave64, Writer &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  bool imm = v.mods & Mod_InvalidImm;
  bool negFunction = (mods & Mod_Neg) && !(mods & Mod_Abs) && imm;
  if (negFunction)
    out += "neg(";
  else if (mods & Mod_Neg)
    out += '-';
  if (mods & Mod_Abs) out += '|';
  if (imm) {
    printImmediate32(v.value, out);
    out += kInvalidImmediate;
  } else {
    // (a wider operand's src_flat_scratch_base_lo prints by its 32-bit name)
    if (!printRegister(isa::registersOf(*inst.arch), v.value, dwordsOf(d.type, wave64), out))
      printRegister(isa::registersOf(*inst.arch), v.value, 1, out);
    // (decoded only)
    if (v.value < src::kVgpr0 && !isInlineValueRegister(isa::registersOf(*inst.arch), v.value))
      appendInvalidRegister(regClass, out);
  }
  if (mods & Mod_Abs) out += '|';
  if (negFunction) out += ')';
}

// llvm's register class of a VGPR tuple of `dwords` registers (VGPR_32, VReg_64, ...), made once
// per width (types are at most 1024 bits wide; b1 is at most 2 dwords).
const char *vgprClassName(unsigned dwords) {
  static const auto kNames = [] {
    std::array<std::string, 33> names;
    names[1] = "VGPR_32";
    for (unsigned n = 2; n < names.size(); ++n) names[n] = fmt::format("VReg_{}", 32 * n);
    return names;
  }();
  return kNames[dwords < kNames.size() ? dwords : 0].c_str();
}

// DPP sources print the modifiers of their class (decoded ones may hold llvm's hidden integer
// modifiers, IF_HiddenMods). One written wider or narrower than its type, or a pair decoded odd
// where tuples are aligned, gets llvm's note on the operand's register class.
void printDppVreg(const PrintContext &pc, const Inst &inst, const OperandDesc &d,
                  const OperandValue &v, Writer &out) {
  uint8_t mods = v.mods & as::dppSourceMods(d.cls);
  if (mods & Mod_Neg) out += '-';
  if (mods & Mod_Abs) out += '|';
  unsigned dwords = typeBits(d.type) == 64 ? 2 : 1;
  bool otherWidth = v.mods & Mod_OtherWidth;
  if (as::isTrue16Operand(inst, d.type) && !otherWidth) {
    printVgprHalf(v.value & 127, v.value & 128, out);
  } else {
    printVgprs(v.value, otherWidth ? 3 - dwords : dwords, out);
    if (otherWidth || (pc.alignedVgprTuples && dwords == 2 && (v.value & 1) && inst.decoded))
      appendInvalidRegister(dwords == 1            ? "VGPR_32"
                            : pc.alignedVgprTuples ? "VReg_64_Align2"
                                                   : "VReg_64",
                            out);
  }
  if (as::isDppVregLo128(d.cls) && v.value >= 128) // (decoded only)
    appendInvalidRegister("VGPR_32_Lo128", out);
  if (mods & Mod_Abs) out += '|';
}

// A VOP3 DPP source: src0 holds the VGPR number, src1 its 9-bit encoding; true16 halves by op_sel.
// A src1 that is no VGPR (the disassembler meets them; gfx1150 takes them) prints as a source.
void printDpp3Vgpr(const Inst &inst, unsigned i, const OperandDesc &d, const OperandValue &v,
                   bool wave64, Writer &out) {
  uint8_t mods = v.mods & as::dppSourceMods(d.cls);
  if (v.value < src::kVgpr0) {
    printWithMods(inst, i, inst.ops[i], mods, wave64, out);
    return;
  }
  unsigned n = v.value - src::kVgpr0;
  if (mods & Mod_Neg) out += '-';
  if (mods & Mod_Abs) out += '|';
  if (as::isTrue16Operand(inst, d.type))
    printVgprHalf(n, (valueOf(inst, Field::op_sel) >> as::opselSlot(d.field)) & 1, out);
  else
    printVgprs(n, dwordsOf(d.type, false), out);
  if (mods & Mod_Abs) out += '|';
}

// Values no control has print as llvm prints them (the disassembler meets them), and so do
// controls of other architectures and, on gfx90a+, any but row_newbcast in a DP ALU form.
void printDppControl(const PrintContext &pc, const Inst &inst, uint32_t ctrl, Writer &out) {
  bool gfx9 = inst.arch->traits->gfx9Dpp;
  bool newBcast = ctrl >= as::kDppRowNewBcastFirst && ctrl <= as::kDppRowNewBcastLast;
  if (pc.dpAluDpp && !newBcast && as::isDpAluDpp(inst)) {
    out += " /* DP ALU dpp only supports row_newbcast */";
    return;
  }
  if (ctrl <= 0xff) {
    const char text[] = {'q', 'u',
                         'a', 'd',
                         '_', 'p',
                         'e', 'r',
                         'm', ':',
                         '[', static_cast<char>('0' + (ctrl & 3)),
                         ',', static_cast<char>('0' + ((ctrl >> 2) & 3)),
                         ',', static_cast<char>('0' + ((ctrl >> 4) & 3)),
                         ',', static_cast<char>('0' + ((ctrl >> 6) & 3)),
                         ']'};
    out.append(text, sizeof text);
    return;
  }
  if (ctrl == 0x140) {
    out += "row_mirror";
    return;
  }
  if (ctrl == 0x141) {
    out += "row_half_mirror";
    return;
  }
  // gfx9 controls gfx10+ lacks.
  static constexpr std::tuple<uint32_t, const char *, const char *> kOld[] = {
      {0x130, "wave_shl", ":1"}, {0x134, "wave_rol", ":1"},   {0x138, "wave_shr", ":1"},
      {0x13c, "wave_ror", ":1"}, {0x142, "row_bcast", ":15"}, {0x143, "row_bcast", ":31"}};
  for (auto [value, name, arg] : kOld)
    if (ctrl == value) {
      if (gfx9)
        out.append(name).append(arg);
      else
        out.append("/* ").append(name).append(" is not supported starting from GFX10 */");
      return;
    }
  if (gfx9 && newBcast && !pc.dpAluDpp) {
    out += " /* row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10 */";
    return;
  }
  if (gfx9 && (ctrl >> 4) == 0x16) {
    out += "/* row_xmask is not supported on ASICs earlier than GFX10 */";
    return;
  }
  const char *kRows[] = {"row_shl",  "row_shr", "row_ror",
                         nullptr,    nullptr,   gfx9 ? "row_newbcast" : "row_share",
                         "row_xmask"};
  unsigned kind = (ctrl >> 4) & 0xf, n = ctrl & 0xf;
  // row_shl/shr/ror:0 do not exist.
  if (ctrl > 0x1ff || kind >= 7 || !kRows[kind] || (kind < 3 && n == 0)) {
    out += "/* Invalid dpp_ctrl value */";
    return;
  }
  out += kRows[kind];
  out += ':';
  appendDecimal(out, n);
}

// gfx9 SDWA source: the field's encoding with bit 8 flipped back; sext(x), or -x, |x|.
void printSdwaSource(const PrintContext &pc, const Inst &inst, unsigned i, const OperandDesc &d,
                     Writer &out) {
  OperandValue plain = inst.ops[i]; // (the operand alone: no copy of the instruction)
  plain.value ^= as::kSdwaScalarBit;
  uint8_t mods = plain.mods;
  bool sext = d.cls == OpClass::sdwa_src_sext && (mods & Mod_Sext);
  if (sext) out += "sext(";
  // (a packed pair's neg/abs, v_pk_fmac_f16's, llvm-mc-22 takes and encodes, never prints)
  bool shown = d.cls == OpClass::sdwa_src_mod && typeKind(d.type) != 'V';
  printWithMods(inst, i, plain, shown ? mods & (Mod_Neg | Mod_Abs) : 0, pc.wave64, out);
  if (sext) out += ')';
}

// dst_sel:BYTE_1, dst_unused:UNUSED_PAD ... always printed.
void printSdwaModifier(const OperandDesc &d, uint32_t value, Writer &out) {
  std::span<const std::string_view> names = as::kSdwaSelNames;
  if (d.cls == OpClass::sdwa_unused) names = as::kSdwaUnusedNames;
  out += fieldName(d.field);
  out += ':';
  // (llvm-mc-22 prints dst_unused 3 as UNUSED_PAD, and keeps its bits)
  if (d.cls == OpClass::sdwa_unused && value >= names.size()) value = 0;
  if (value < names.size())
    out += names[value];
  else
    out += std::to_string(value);
}

} // namespace

namespace {
// (once per class: printer_vext)
[[gnu::always_inline]] inline void printVext(OpClass cls, const PrintContext &pc, const Inst &inst,
                                             unsigned i, Writer &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  switch (cls) {
  case OpClass::pvdst: printVgprs(v.value, dwordsOf(d.type, pc.wave64), out); break;
  case OpClass::pvreg:
    printRegisterOperand(inst, i, 0, vgprClassName(dwordsOf(d.type, pc.wave64)), pc.wave64, out);
    break;
  case OpClass::pdpp_vgpr_mods:
    if (d.field != Field::src0) {
      printRegisterOperand(inst, i, v.mods, "VGPR_32", pc.wave64, out);
      break;
    }
    [[fallthrough]];
  case OpClass::psrc:
  case OpClass::psrc_mods:
  case OpClass::pdpp_vgpr:
    printWithMods(inst, i, v, v.mods, pc.wave64, out);
    // (v_pk_*_f32's 64-bit sources)
    if (v.value >= src::kVgpr0)
      noteUnalignedTuple(pc, inst, v.value - src::kVgpr0, dwordsOf(d.type, pc.wave64), "VS", out);
    break;
  case OpClass::wmma_c:
    if (v.value < src::kIntZero || v.value == src::kNull) {
      printRegisterOperand(inst, i, 0, vgprClassName(dwordsOf(d.type, pc.wave64)), pc.wave64, out);
      break;
    }
    if (v.value == src::kLiteral) {
      // (decoded: a 64-bit accumulator's literal in hex, a 32-bit one's as an f32 source's)
      if (as::wmmaAccumulatorIs64(d.type))
        printHex(literalOf(inst, i), out);
      else
        printLiteral(literalOf(inst, i), OpType::f32, v, out);
      break;
    }
    // 8-register accumulators print 1/(2*pi) in its 64-bit spelling.
    if (!printRegister(pc.regs, v.value, dwordsOf(d.type, pc.wave64), out))
      printInlineConstant(v.value, as::wmmaAccumulatorIs64(d.type) ? OpType::f64 : OpType::f32,
                          out);
    break;
  case OpClass::sel:
  case OpClass::sel_ones: printSelArray(inst, d, v.value, out); break;
  case OpClass::vopd_vdst:
  case OpClass::vopd_vdst_acc: {
    // vdsty holds v/2; its low bit is the complement of vdstx's.
    uint32_t n =
        d.field == Field::vdsty ? v.value << 1 | (~valueOf(inst, Field::vdstx) & 1) : v.value;
    printVgprs(n, 1, out);
    break;
  }
  case OpClass::vopd_vsrc:
  case OpClass::vopd_vsrc2: printVgprs(v.value, 1, out); break;
  case OpClass::vopd_src:
  case OpClass::vopd_src_vcc: printWithMods(inst, i, v, v.mods, pc.wave64, out); break;
  case OpClass::vopd_k:
    if (v.mods & Mod_Lit)
      printWrittenLiteral(inst.literal, d.type, v.mods, out);
    else
      printHex(inst.literal, out);
    break;
  case OpClass::dpp_vreg:
  case OpClass::dpp_vreg_mod:
  case OpClass::dpp_vreg_neg:
  case OpClass::dpp_vreg_abs:
  case OpClass::dpp_vreg_lo:
  case OpClass::dpp_vreg_lo_mod:
  case OpClass::dpp_vreg_lo_neg:
  case OpClass::dpp_vreg_lo_abs: printDppVreg(pc, inst, d, v, out); break;
  case OpClass::dpp3_vgpr:
  case OpClass::dpp3_vgpr_mod:
  case OpClass::dpp3_vgpr_neg: printDpp3Vgpr(inst, i, d, v, pc.wave64, out); break;
  case OpClass::dpp_vcc: out += pc.wave64 ? "vcc" : "vcc_lo"; break;
  case OpClass::dpp_ctrl: printDppControl(pc, inst, v.value, out); break;
  case OpClass::dpp_mask: printDppMask(d.field, v.value, false, out); break;
  case OpClass::dpp_bound:
    if (v.value == 1) out += "bound_ctrl:1";
    break;
  case OpClass::dpp_fi:
    if (v.value == 1) out += "fi:1";
    break;
  case OpClass::dpp8_sel: printDpp8Selects(v.value, false, out); break;
  case OpClass::dpp8_fi:
    if (v.value == src::kDpp8Fi) out += "fi:1";
    break;
  case OpClass::sdwa_src:
  case OpClass::sdwa_src_mod:
  case OpClass::sdwa_src_sext: printSdwaSource(pc, inst, i, d, out); break;
  case OpClass::sdwa_sdst: {
    if (!(v.value & as::kSdwaSdstScalar)) {
      out += "vcc";
      break;
    }
    OperandDesc pair = d;
    pair.type = OpType::b64;
    printSource(inst, pair, v.value & ~as::kSdwaSdstScalar, pc.wave64, out);
    break;
  }
  case OpClass::sdwa_sel:
  case OpClass::sdwa_unused: printSdwaModifier(d, v.value, out); break;
  default: break;
  }
}
} // namespace

PrintFn printer_vext(OpClass c) {
  return classPrinter<Family::vext, printVext>(c);
}

} // namespace gfxasm::print
