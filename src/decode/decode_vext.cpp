// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Decoding of the vext family's operand classes (see isa/classes.def).
#include "asm/packed_constants.h"
#include "asm/vext_operands.h"
#include "decode/decoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::dec {

using namespace isa;

namespace {

// An operand llvm wants a VGPR in (9-bit field): a VGPR, or what llvm decodes there anyway.
bool decodeVgprOperand(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
  OperandValue &v = inst.ops[idx];
  return v.value >= src::kVgpr0 ||
         decodeRegisterOnly(ctx, v, print::dwordsOf(d.type, ctx.target.wave64()));
}

// The modifier bits dppModsOk rejects (see there).
uint8_t dppModsRejected(const Inst &inst, const OperandDesc &d) {
  uint8_t allowed = as::dppSourceMods(d.cls);
  if (!allowed && (inst.desc->flags & IF_HiddenMods)) allowed = Mod_Neg | Mod_Abs;
  return static_cast<uint8_t>(~allowed);
}

// A DPP source's neg/abs bits: those its class prints, or, without printed modifiers in an entry
// with llvm's integer modifiers (IF_HiddenMods), bits llvm keeps without printing them; llvm
// rejects the others.
bool dppModsOk(const Inst &inst, const OperandDesc &d, const OperandValue &v) {
  return (v.mods & dppModsRejected(inst, d)) == 0;
}

// op_sel-like bits of sources the instruction lacks.
uint32_t absentSourceBits(const Inst &inst) {
  return 7u & ~((1u << as::sourceCount(inst)) - 1);
}

} // namespace

OperandPlan plan_vext(const Inst &entry, const OperandDesc &d) {
  switch (d.cls) { // (decode_vext's cases)
  case OpClass::sel: return {OperandPlan::FieldOnly, 0, absentSourceBits(entry)};
  case OpClass::dpp_ctrl:
    if (!(entry.desc->flags & IF_DppCtrlSource)) return {OperandPlan::FieldOnly};
    return {};
  case OpClass::dpp8_fi: return {OperandPlan::OneOf, 0, src::kDpp8 | src::kDpp8Fi << 16};
  case OpClass::pdpp_vgpr:
  case OpClass::pdpp_vgpr_mods:
    if (d.field != Field::src0) return {};
    return {OperandPlan::Source, 0, 0, 0, src::kVgpr0};
  case OpClass::dpp3_vgpr:
  case OpClass::dpp3_vgpr_mod:
  case OpClass::dpp3_vgpr_neg:
    if (d.field != Field::src0) return {};
    return {OperandPlan::Source, 0, 0, dppModsRejected(entry, d), src::kVgpr0};
  case OpClass::psrc_mods:
  case OpClass::pvreg:
  case OpClass::wmma_c:
  case OpClass::psrc:
  case OpClass::vopd_src:
  case OpClass::vopd_src_vcc:
  case OpClass::vopd_k:
  case OpClass::sel_ones:
  case OpClass::sdwa_src:
  case OpClass::sdwa_src_mod:
  case OpClass::sdwa_src_sext:
  case OpClass::sdwa_sdst: return {};
  // (a select of 7 crashes llvm-mc-22; BYTE_0..DWORD are 0-6)
  case OpClass::sdwa_sel: return {OperandPlan::InSet, 0, 0x7f};
  case OpClass::sdwa_unused: return {OperandPlan::FieldOnly}; // (3 prints as UNUSED_PAD)
  case OpClass::sdwa_sel_dword: return {OperandPlan::InSet, 0, 1u << 6};
  case OpClass::sdwa_unused_ignored: return {OperandPlan::Nothing};
  default: // (decodeSource reads only the field of an operand that is no source)
    if (as::isDppVreg(d.cls)) {
      uint32_t reject = d.field == Field::vdst && as::isDppVregLo128(d.cls) ? ~0x7fu : 0;
      return {OperandPlan::Source, 0, reject, dppModsRejected(entry, d)};
    }
    if (isSourceField(d.field)) return {OperandPlan::Source};
    return {OperandPlan::FieldOnly};
  }
}

bool decode_vext(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  switch (d.cls) {
  case OpClass::psrc_mods:
    if (!decodeSource(ctx, d, idx, inst)) return false;
    if (v.value == src::kLiteral && typeBits(d.type) == 16) {
      // llvm prints an f16 source's literal dword whole, and encodes back its low half.
      uint32_t read = inst.ownLiteralOperands ? inst.ownLiteral : inst.literal;
      inst.ownLiteral = read;
      inst.ownLiteralOperands |= 1u << idx;
      inst.literal = read & 0xffff;
    }
    return true;
  case OpClass::pvreg: return decodeVgprOperand(ctx, d, idx, inst);
  case OpClass::wmma_c: {
    decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
    // (a VGPR tuple, or the scalar tuples, null and constants llvm decodes there)
    if (v.value < src::kVgpr0) {
      ScalarEncoding k =
          classifyScalarEncoding(ctx.regs, v.value, print::dwordsOf(d.type, ctx.target.wave64()));
      if (k == ScalarEncoding::Invalid || (k == ScalarEncoding::Literal && !ctx.takeLiteral(inst)))
        return false;
    }
    if (v.value == src::kLiteral && as::wmmaAccumulatorIs64(d.type)) {
      // llvm reads the literal as a double's high half: an inline double becomes its constant
      // (the dword still read); else it keeps the dword, and encodes back its high half, 0.
      as::NumberToken high;
      high.ival = static_cast<int64_t>(uint64_t{inst.literal} << 32);
      int enc = as::inline64Encoding(high);
      if (enc >= 0) {
        v.value = static_cast<uint32_t>(enc);
        inst.hasLiteral = false;
      } else {
        inst.ownLiteral = inst.literal;
        inst.ownLiteralOperands |= 1u << idx;
        inst.literal = 0;
      }
    }
    return true;
  }
  case OpClass::psrc: {
    if (!decodeSource(ctx, d, idx, inst)) return false;
    // A scalar pair in a 64-bit source (v_pk_*_f32) reads as llvm's 64-bit operand: aligned
    // down, and vcc_hi, m0 and the like are none.
    unsigned dwords = print::dwordsOf(d.type, ctx.target.wave64());
    return v.value >= src::kVgpr0 || dwords == 1 ||
           classifyScalarEncoding(ctx.regs, v.value, dwords) != ScalarEncoding::Invalid;
  }
  case OpClass::vopd_src:
  case OpClass::vopd_src_vcc: return decodeSource(ctx, d, idx, inst);
  case OpClass::vopd_k: return decodeLiteralOperand(ctx, idx, inst);
  case OpClass::pdpp_vgpr:
  case OpClass::pdpp_vgpr_mods:
    // src0 of a DPP form: the 8-bit VGPR number in the DPP dword; src1 a 9-bit source, which llvm
    // decodes whatever it holds: v_dot2_*'s as a source (gfx1150 takes scalars and constants
    // there), v_fma_mix*'s as a register operand.
    if (d.field != Field::src0)
      return d.cls == OpClass::pdpp_vgpr ? decodeSource(ctx, d, idx, inst)
                                         : decodeVgprOperand(ctx, d, idx, inst);
    decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
    v.value += src::kVgpr0;
    return true;
  case OpClass::sel:
  case OpClass::sel_ones: {
    decodeField(ctx, d, idx, inst);
    // Bits of sources the instruction lacks: llvm rejects op_sel/neg ones and ignores op_sel_hi
    // ones, which its encoder sets.
    uint32_t absent = absentSourceBits(inst);
    if (d.cls == OpClass::sel_ones) {
      v.value |= absent;
      return true;
    }
    return (v.value & absent) == 0;
  }
  case OpClass::dpp_ctrl: {
    decodeField(ctx, d, idx, inst);
    if (!(inst.desc->flags & IF_DppCtrlSource) || v.value >= src::kVgpr0) return true;
    // (the control becomes the constant's value, which the field keeps the low bits of)
    unsigned enc = v.value;
    switch (classifyScalarEncoding(ctx.regs, enc, 1)) {
    case ScalarEncoding::Constant: v.value = inlineConstantValue(v.value); return true;
    case ScalarEncoding::Literal: return ctx.readLiteral(v.value);
    default: return true;
    }
  }
  case OpClass::dpp8_fi:
    decodeField(ctx, d, idx, inst);
    return v.value == src::kDpp8 || v.value == src::kDpp8Fi;
  case OpClass::dpp3_vgpr:
  case OpClass::dpp3_vgpr_mod:
  case OpClass::dpp3_vgpr_neg:
    // src0 is the VGPR number in the DPP dword (held as its source encoding, as parsed); src1 a
    // 9-bit source, which llvm decodes whatever it holds (gfx1150 takes scalars there).
    if (d.field != Field::src0) {
      if (!decodeSource(ctx, d, idx, inst)) return false;
      // llvm reads an inline float in a 16-bit integer source as its f16 bits, a literal.
      if (inlineFloatBecomesF16Bits(inst, d) && v.value >= src::kFloatFirst &&
          v.value <= src::kInvPi && !inst.hasLiteral) {
        inst.literal = kF16Bits[v.value - src::kFloatFirst];
        inst.hasLiteral = true;
        v.value = src::kLiteral;
      }
    } else {
      decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
      v.value += src::kVgpr0;
    }
    return dppModsOk(inst, d, v);
  case OpClass::sdwa_src:
  case OpClass::sdwa_src_mod:
  case OpClass::sdwa_src_sext: {
    // (the raw field reads as a source with bit 8 flipped; llvm rejects modifiers the class
    // lacks, and crashes on a literal there)
    decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
    uint8_t allowed = d.cls == OpClass::sdwa_src_mod    ? Mod_Neg | Mod_Abs
                      : d.cls == OpClass::sdwa_src_sext ? Mod_Sext
                                                        : 0;
    if (v.mods & ~allowed) return false;
    unsigned enc = v.value ^ as::kSdwaScalarBit;
    if (enc >= src::kVgpr0) return true;
    ScalarEncoding k = classifyScalarEncoding(ctx.regs, enc, 1);
    v.value = enc ^ as::kSdwaScalarBit;
    if (k == ScalarEncoding::Invalid || k == ScalarEncoding::Literal) return false;
    // llvm reads an inline float in a 16-bit integer source as its f16 bits, a literal.
    if (inlineFloatBecomesF16Bits(inst, d) && enc >= src::kFloatFirst && enc <= src::kInvPi) {
      uint32_t bits = kF16Bits[enc - src::kFloatFirst];
      if (!inst.hasLiteral) {
        inst.literal = bits;
        inst.hasLiteral = true;
      } else if (inst.literal != bits) {
        inst.ownLiteral = bits;
        inst.ownLiteralOperands |= 1u << idx;
      }
      v.value = src::kLiteral ^ as::kSdwaScalarBit;
    }
    return true;
  }
  case OpClass::sdwa_sdst: {
    // Without bit 7 the destination is vcc, whatever the low bits, and with it vcc written out
    // (llvm encodes back 0 for both).
    decodeField(ctx, d, idx, inst);
    if (!(v.value & as::kSdwaSdstScalar) || v.value == (src::kVccLo | as::kSdwaSdstScalar)) {
      v.value = 0;
      return true;
    }
    unsigned enc = v.value & ~as::kSdwaSdstScalar;
    ScalarEncoding k = classifyScalarEncoding(ctx.regs, enc, 2);
    v.value = enc | as::kSdwaSdstScalar;
    return k != ScalarEncoding::Invalid && k != ScalarEncoding::Constant &&
           k != ScalarEncoding::Literal;
  }
  default:
    decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
    if (!as::isDppVreg(d.cls)) return true;
    // A fake16 16-bit destination is one of v0-v127 (sources beyond print with llvm's note).
    if (d.field == Field::vdst && as::isDppVregLo128(d.cls) && v.value >= 128) return false;
    return dppModsOk(inst, d, v);
  }
}

} // namespace gfxasm::dec
