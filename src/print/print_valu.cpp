// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Printing of the VOP1/VOP2/VOPC/VOP3/VOP3SD operands.
#include <fmt/format.h>

#include "asm/operand_families.h"
#include "asm/valu_operands.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/append.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;
using as::isE32;
using as::isTrue16Operand;
using as::kOpselSuffixShift;
using as::opselSlot;

namespace {

uint32_t opselBits(const Inst &inst) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == Field::op_sel) return inst.ops[i].value & ((1u << kOpselSuffixShift) - 1);
  return 0;
}

// A VGPR field value (8-bit field: n; 9-bit source field: 256 + n) of operand `d`.
void printVgpr(const PrintContext &pc, const Inst &inst, const OperandDesc &d, uint32_t value,
               Writer &out) {
  unsigned n = value >= src::kVgpr0 ? value - src::kVgpr0 : value;
  if (isTrue16Operand(inst, d.type)) {
    bool hi;
    if (isE32(inst)) {
      hi = n & 128;
      n &= 127;
    } else {
      hi = opselBits(inst) >> opselSlot(d.field) & 1;
    }
    printVgprHalf(n, hi, out);
    return;
  }
  unsigned dwords = dwordsOf(d.type, pc.wave64);
  printVgprs(n, dwords, out);
  // (llvm's class: a VGPR-only operand's, or a source's that takes SGPRs too)
  bool vgprOnly = d.cls == OpClass::vgpr || d.cls == OpClass::vgpr_mod;
  noteUnalignedTuple(pc, inst, n, dwords, vgprOnly || value < src::kVgpr0 ? "VReg" : "VS", out);
}

// Whether a decoded literal prints in lit(...): when it would read back as an inline constant
// (a 16-bit float operand's low half; a 16-bit integer operand's whole dword, as a 32-bit one).
bool decodedLiteralForm(const Inst &inst, unsigned i, const OperandDesc &d) {
  uint32_t held = (inst.ownLiteralOperands >> i) & 1 ? inst.ownLiteral : inst.literal;
  uint32_t low = held & 0xffff;
  OpType type = disassemblerType(inst, d);
  switch (type) {
  case OpType::b16: return as::valuLiteralLooksInline(held, OpType::b32);
  case OpType::f16:
  case OpType::bf16: return as::valuLiteralLooksInline(low, type);
  case OpType::f64: return false;
  case OpType::v2f16:
  case OpType::v2bf16: {
    // Packed: an inline integer, or an inline value in the low half that the other half leaves
    // 0, or repeats in llvm's IsPacked instructions (v_pk_*: they splat an inline constant).
    const uint16_t *floats = type == OpType::v2f16 ? kF16Bits : kBF16Bits;
    bool inlineLow = low <= 64;
    for (unsigned k = 0; k < 9; ++k) inlineLow |= low == floats[k];
    int32_t asInt = static_cast<int32_t>(held);
    return (asInt >= -16 && asInt <= 64) ||
           (inlineLow && held >> 16 == (inst.desc->name.starts_with("v_pk_") ? low : 0u));
  }
  default: return as::valuLiteralLooksInline(held, type);
  }
}

// A literal prints as lit(...) when written so or when it would read back as an inline constant.
bool literalForm(const Inst &inst, unsigned i, const OperandDesc &d, const OperandValue &v) {
  if (v.value != src::kLiteral) return false;
  if (inst.decoded) return decodedLiteralForm(inst, i, d);
  return (v.mods & Mod_Lit) || as::valuLiteralLooksInline(inst.literal, d.type);
}

// A decoded literal as llvm prints it: in lit(...) (decodedLiteralForm), then the dword as llvm
// holds it; otherwise the operand's value (bf16: that dword, of which llvm encodes only the low
// half). A double's inline-looking literals were decoded as inline ones.
void printDecodedLiteral(const Inst &inst, unsigned i, const OperandDesc &d, Writer &out) {
  uint32_t held = (inst.ownLiteralOperands >> i) & 1 ? inst.ownLiteral : inst.literal;
  uint32_t low = held & 0xffff;
  bool litForm = decodedLiteralForm(inst, i, d);
  uint32_t shown = typeBits(d.type) == 16 && !litForm && d.type != OpType::bf16 ? low : held;
  if (litForm) out += "lit(";
  printHex(shown, out);
  if (litForm) out += ')';
}

void printConstant(const Inst &inst, unsigned i, const OperandDesc &d, const OperandValue &v,
                   Writer &out) {
  uint32_t enc = v.value;
  if (printInlineConstant(enc, d.type, out)) return;
  if (enc == src::kLiteral && inst.decoded) {
    printDecodedLiteral(inst, i, d, out);
    return;
  }
  if (enc == src::kLiteral) {
    bool lit = literalForm(inst, i, d, v);
    if (lit && (v.mods & Mod_LitNegative)) { // (lit(-5): the negative integer as 64 bits)
      printWrittenLiteral(inst.literal, d.type, v.mods, out);
      return;
    }
    if (lit) out += litOpening(v.mods);
    // b16 shows the low half, but a lit(...) all of it (a float's f32 bits).
    uint32_t shown = lit && d.type == OpType::b16 ? inst.literal
                                                  : as::valuLiteralPrintValue(inst.literal, d.type);
    if (v.mods & Mod_Bf16Negative) shown = static_cast<uint32_t>(static_cast<int16_t>(shown));
    printHex(shown, out);
    if (lit) out += ')';
    return;
  }
  fmt::format_to(std::back_inserter(out.str()), "<invalid source {}>", enc);
}

// llvm's register class of a register operand, as it names it when a decoded register is not in
// it (and which holds lds_direct: the ...OrLds classes of IF_LdsSrc0 entries' src0).
// (tuples: VReg_<bits>, _Align2 where tuples are even)
std::string registerClassName(const PrintContext &pc, const Inst &inst, const OperandDesc &d) {
  bool lds = d.field == Field::src0 && (inst.desc->flags & IF_LdsSrc0);
  switch (d.cls) {
  case OpClass::vgpr:
  case OpClass::vgpr_mod: {
    unsigned dwords = dwordsOf(d.type, pc.wave64);
    if (dwords > 1)
      return fmt::format("VReg_{}{}", dwords * 32, pc.alignedVgprTuples ? "_Align2" : "");
    if (isTrue16Operand(inst, d.type)) return isE32(inst) ? "VGPR_16_Lo128" : "VGPR_16";
    if (as::isFake16Lo128(inst, d.type)) return "VGPR_32_Lo128";
    return lds ? "VRegOrLds_32" : "VGPR_32";
  }
  case OpClass::vsrc: return "VS_32_Lo128";
  case OpClass::vsdst_nom0: return "SReg_32_XM0";
  default: return lds ? "SRegOrLds_32" : "SReg_32";
  }
}

// Whether a decoded register is one llvm's class for operand `d` lacks; llvm does not note the
// special sources it reads as inline values (null, the apertures, src_vccz/execz/scc).
bool outsideClass(const PrintContext &pc, const Inst &inst, const OperandDesc &d, uint32_t enc) {
  bool lds = d.field == Field::src0 && (inst.desc->flags & IF_LdsSrc0);
  bool lo128 = as::isFake16Lo128(inst, d.type);
  if (lo128 && d.cls != OpClass::vgpr) return enc >= src::kVgpr0 + 128;
  switch (d.cls) {
  case OpClass::vgpr:
  case OpClass::vgpr_mod:
    if (lo128) return enc >= 128;
    // (a VGPR, the common case, first: the rest asks about special registers)
    return enc < src::kVgpr0 && as::sourceField9Bits(inst, d.field) &&
           !isInlineValueRegister(pc.regs, enc) && !(lds && enc == src::kLdsDirect);
  case OpClass::vsdst_nom0: return enc == pc.regs.m0 || enc == src::kLdsDirect; // (gfx9's is 124)
  case OpClass::vssrc:
  case OpClass::vssrc_inline: return enc >= src::kVgpr0 || (enc == src::kLdsDirect && !lds);
  default: return false;
  }
}

// llvm's note after a decoded register its class for operand `d` lacks.
void noteOutsideClass(const PrintContext &pc, const Inst &inst, const OperandDesc &d, uint32_t enc,
                      Writer &out) {
  if (inst.decoded && outsideClass(pc, inst, d, enc))
    invalidRegisterNote(registerClassName(pc, inst, d), out);
}

void printValuSource(const PrintContext &pc, const Inst &inst, unsigned i, Writer &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  uint32_t enc = v.value;
  if (static_cast<int>(i) == inst.labelOperand) {
    out += inst.labelSymbol; // a relocatable literal
    return;
  }
  bool isReg = enc >= src::kVgpr0 || enc < src::kIntZero || enc == src::kFlatScratchBaseLo ||
               enc == src::kFlatScratchBaseHi ||
               (enc >= src::kSharedBase && enc < src::kFloatFirst) ||
               (enc > src::kInvPi && enc != src::kLiteral);
  // A vsrc's neg/abs bits are llvm's integer modifiers (IF_HiddenMods), which it never prints.
  bool printsMods = d.cls != OpClass::vsrc;
  bool neg = printsMods && (v.mods & Mod_Neg), abs = printsMods && (v.mods & Mod_Abs);
  // llvm writes neg of a number as neg(...) (the minus would read as the number's sign); a
  // literal shown as lit(...) takes a plain minus.
  SourceModifiers m = sourceModifiers(neg, abs, !isReg && !literalForm(inst, i, d, v));
  out += m.open;
  if (enc >= src::kVgpr0)
    printVgpr(pc, inst, d, enc, out);
  else if (!printRegister(pc.regs, enc, dwordsOf(d.type, pc.wave64), out))
    printConstant(inst, i, d, v, out);
  out += m.close;
  noteOutsideClass(pc, inst, d, enc, out);
}

bool hasVgprDst(const Inst &inst) {
  int dst = as::operandIndex(inst, Field::vdst);
  return dst >= 0 && inst.arch->operandsOf(*inst.desc)[dst].cls == OpClass::vgpr;
}

void printOpsel(const Inst &inst, const OperandDesc &d, uint32_t value, Writer &out) {
  unsigned bits = value & ((1u << kOpselSuffixShift) - 1);
  if (!bits || d.cls == OpClass::vop_opsel_hidden) return;
  unsigned n = d.cls == OpClass::vop_opsel3 ? 3
               : d.cls == OpClass::vop_opsel4 || d.cls == OpClass::vop_opsel_dot2 ||
                       d.cls == OpClass::vop_opsel_byte
                   ? 4
                   : 2;
  // v_fmac_*: the tied src2's entry repeats the destination's bit (as llvm-mc's assembler sets
  // it; decoded, it is bit 2, which is 0).
  bool tied =
      d.cls == OpClass::vop_opsel4 && as::operandIndex(inst, Field::src2) < 0 && !inst.decoded;
  char shown[4];
  bool any = false;
  for (unsigned k = 0; k < n; ++k) {
    unsigned bit = d.cls == OpClass::vop_opsel_pair || k < n - 1 ? k : 3;
    if (tied && k == 2) bit = 3;
    if (bit == 3 && d.cls != OpClass::vop_opsel_pair && !hasVgprDst(inst))
      bit = 4; // VOPC: always 0
    shown[k] = (bits >> bit & 1) ? '1' : '0';
    any |= shown[k] == '1';
  }
  // Bits no entry shows (v_permlane*'s 2 and 3, which llvm keeps) print nothing.
  if (!any) return;
  out += "op_sel:[";
  for (unsigned k = 0; k < n; ++k) {
    if (k) out += ',';
    out += shown[k];
  }
  out += ']';
}

// A register operand as llvm prints what it decoded there: a constant it wanted a register for,
// a register of the wrong file, with llvm's notes.
// (vgpr_mod: its neg/abs around it all, notes inside)
void printRegisterOperand(const PrintContext &pc, const Inst &inst, unsigned i, Writer &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  SourceModifiers m = sourceModifiers(v.mods & Mod_Neg, v.mods & Mod_Abs, v.mods & Mod_InvalidImm);
  out += m.open;
  bool vgprOnly = d.cls == OpClass::vgpr || d.cls == OpClass::vgpr_mod;
  if (v.mods & Mod_InvalidImm) {
    printImmediate32(v.value, out);
    out += kInvalidImmediate;
  } else if (vgprOnly && v.value < src::kVgpr0 && as::sourceField9Bits(inst, d.field)) {
    printRegister(pc.regs, v.value, dwordsOf(d.type, pc.wave64), out);
  } else if (vgprOnly) {
    printVgpr(pc, inst, d, v.value, out);
  } else if (d.cls == OpClass::vssrc || d.cls == OpClass::vssrc_inline) {
    printValuSource(pc, inst, i, out);
  } else {
    printSource(inst, d, v.value, pc.wave64, out);
  }
  if (!(v.mods & Mod_InvalidImm) && d.cls != OpClass::vssrc && d.cls != OpClass::vssrc_inline)
    noteOutsideClass(pc, inst, d, v.value, out);
  out += m.close;
}

} // namespace

namespace {
// (once per class: printer_valu)
[[gnu::always_inline]] inline void printValu(OpClass cls, const PrintContext &pc, const Inst &inst,
                                             unsigned i, Writer &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  switch (cls) {
  case OpClass::vsrc:
  case OpClass::vsrc_mod:
  case OpClass::vsrc_neg: printValuSource(pc, inst, i, out); break;
  case OpClass::vgpr:
  case OpClass::vgpr_mod:
  case OpClass::vssrc:
  case OpClass::vssrc_inline:
  case OpClass::vmask:
  case OpClass::vsdst_nom0: printRegisterOperand(pc, inst, i, out); break;
  case OpClass::vcc: out += pc.wave64 ? "vcc" : "vcc_lo"; break;
  case OpClass::vk:
    if (v.mods & Mod_Lit) {
      printWrittenLiteral(v.value, d.type, v.mods, out);
      break;
    }
    // A K written as a negative 16-bit integer fills the dword but prints as 16 bits; decoded,
    // llvm prints the whole dword.
    printHex(inst.literalNegative ? as::valuLiteralPrintValue(v.value, d.type) : v.value, out);
    break;
  case OpClass::vop_opsel2:
  case OpClass::vop_opsel3:
  case OpClass::vop_opsel4:
  case OpClass::vop_opsel_dot2:
  case OpClass::vop_opsel_pair:
  case OpClass::vop_opsel_byte:
  case OpClass::vop_opsel_hidden: printOpsel(inst, d, v.value, out); break;
  case OpClass::vop_bitop3: // (llvm: decimal up to 10, then hex)
    if (v.value > 10)
      fmt::format_to(std::back_inserter(out.str()), "bitop3:{:#x}", v.value);
    else if (v.value)
      fmt::format_to(std::back_inserter(out.str()), "bitop3:{}", v.value);
    break;
  case OpClass::vop_clamp:
    if (v.value) out += "clamp";
    break;
  case OpClass::vop_omod:
    if (v.value) out += v.value == 1 ? "mul:2" : v.value == 2 ? "mul:4" : "div:2";
    break;
  default: break;
  }
}
} // namespace

PrintFn printer_valu(OpClass c) {
  return classPrinter<Family::valu, printValu>(c);
}

} // namespace gfxasm::print
