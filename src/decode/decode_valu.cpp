// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Decoding of the valu family's operand classes (see isa/classes.def).
#include "asm/operand_parser.h"
#include "asm/valu_operands.h"
#include "decode/decoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::dec {

using namespace isa;

namespace {

bool isValuSource(OpClass c) {
  return c == OpClass::vsrc || c == OpClass::vsrc_mod || c == OpClass::vsrc_neg ||
         c == OpClass::vssrc || c == OpClass::vssrc_inline;
}

// The modifier bits a VALU source may have (decodeValuSource).
uint8_t allowedSourceMods(const Inst &inst, const OperandDesc &d) {
  return d.cls == OpClass::vsrc_mod                                     ? Mod_Neg | Mod_Abs
         : d.cls == OpClass::vsrc_neg                                   ? Mod_Neg
         : d.cls == OpClass::vsrc && (inst.desc->flags & IF_HiddenMods) ? Mod_Neg | Mod_Abs
                                                                        : 0;
}

// A source and its modifier bits: those the class prints (neg and abs of vsrc_mod, neg of
// vsrc_neg), or, in an entry whose sources carry llvm's integer modifiers (IF_HiddenMods), bits
// llvm keeps without printing them; any other modifier bit is invalid. A scalar register reads
// as llvm's operand of its width reads it (64-bit: aligned pairs, no 32-bit halves).
bool decodeValuSource(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  if (!decodeSource(ctx, d, idx, inst)) return false;
  OperandValue &v = inst.ops[idx];
  if (v.mods & ~allowedSourceMods(inst, d)) return false;
  if (v.value < src::kVgpr0 &&
      classifyScalarEncoding(ctx.regs, v.value, print::dwordsOf(d.type, ctx.target.wave64())) ==
          ScalarEncoding::Invalid)
    return false;
  if (v.value == src::kLiteral && typeBits(d.type) == 16 && d.type != OpType::b16 &&
      as::operandIndex(inst, Field::lit) < 0) {
    // llvm keeps a 16-bit float operand's literal as its low half (and encodes it back so), but
    // prints the dword as read in lit(...), and a bf16 one always. (fmamk/fmaak's K keeps the
    // dword.)
    inst.ownLiteral = inst.literal;
    inst.ownLiteralOperands |= 1u << idx;
    inst.literal &= 0xffff;
  }
  return true;
}

// An operand llvm wants a register in (a VGPR-only source, a lane mask, a scalar destination):
// llvm decodes any source encoding there, registers of the wrong file (the printer notes them)
// and constants (Mod_InvalidImm) included. A source has no modifier bits then but vgpr_mod's.
bool decodeRegisterOperand(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
  OperandValue &v = inst.ops[idx];
  if (v.mods & ~(d.cls == OpClass::vgpr_mod ? Mod_Neg | Mod_Abs : 0)) return false;
  if (v.value >= src::kVgpr0) return true;
  return decodeRegisterOnly(ctx, v, print::dwordsOf(d.type, ctx.target.wave64()));
}

// op_sel bits without a half to select must be 0 (llvm's true16 form leaves them 0; its fake16
// form, tried next, does not look at op_sel): a source the instruction lacks or that is not
// 16-bit, v_fmac's tied src2, a lane-mask destination. v_dot2_*'s packed sources ignore theirs;
// v_permlane* keeps bits 2 and 3 without printing them.
// The bits of op_sel class `c` that must be 0 (vop_opsel_dot2: none, its bits 0-1 are dropped).
uint32_t opselReject(const Inst &inst, OpClass c) {
  int dst = as::operandIndex(inst, Field::vdst);
  OpClass dstClass = dst < 0 ? OpClass::Count : inst.arch->operandsOf(*inst.desc)[dst].cls;
  uint32_t dstBit = dstClass == OpClass::vgpr ? 0b1000 : 0;
  switch (c) {
  case OpClass::vop_opsel2: return ~(0b0001 | dstBit);
  case OpClass::vop_opsel3:
  case OpClass::vop_opsel_hidden: return ~(0b0011 | dstBit);
  case OpClass::vop_opsel4: return as::operandIndex(inst, Field::src2) >= 0 ? 0 : 0b0100;
  case OpClass::vop_opsel_pair: return dstClass == OpClass::vgpr ? 0 : ~0b0011u;
  case OpClass::vop_opsel_byte: return 0;
  default: return 0;
  }
}

bool decodeOpsel(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  decodeField(ctx, d, idx, inst);
  uint32_t &v = inst.ops[idx].value;
  if (d.cls == OpClass::vop_opsel_dot2) v &= 0b1100;
  return (v & opselReject(inst, d.cls)) == 0;
}

// The bits that must be 0 in a VGPR of an 8-bit field: a fake16 e32 form's 16-bit destination
// is one of v0-v127 (llvm's *_Lo128 classes).
uint32_t vgpr8Reject(const Inst &inst, const OperandDesc &d) {
  return d.field == Field::vdst && as::isFake16Lo128(inst, d.type) ? ~0x7fu : 0;
}

} // namespace

// llvm's values of decoded constants, as it encodes them back (once all operands are decoded):
// a double's literal that is an inline constant's high half is that inline constant; an inline
// float in a 16-bit integer source is its f16 bits, a literal. The first literal operand's value
// is the encoding's literal dword; a later one with another value prints its own (ownLiteral).
void finishValuConstants(Inst &inst) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  // Nothing to do without a literal or an inline float (most instructions): hasLiteral stays
  // false (a K operand would have set it).
  if (!inst.hasLiteral) {
    bool constants = false;
    for (unsigned i = 0; i < ops.size(); ++i) {
      uint32_t v = inst.ops[i].value;
      constants |= v == src::kLiteral || (v >= src::kFloatFirst && v <= src::kInvPi);
    }
    if (!constants) return;
  }
  // An operand that reads the literal dword (VOP3 DPP's src1 on gfx110x holds an f16 literal
  // decode_vext made of an inline float).
  auto readsLiteral = [&](unsigned i) {
    bool dppSource = ops[i].field == Field::src1 &&
                     (ops[i].cls == OpClass::dpp3_vgpr || ops[i].cls == OpClass::dpp3_vgpr_mod ||
                      ops[i].cls == OpClass::dpp3_vgpr_neg);
    return ((isValuSource(ops[i].cls) || dppSource) && inst.ops[i].value == src::kLiteral) ||
           ops[i].cls == OpClass::vk;
  };
  bool literalUsed = false;
  for (unsigned i = 0; i < ops.size(); ++i) {
    OperandValue &v = inst.ops[i];
    if (ops[i].type == OpType::f64 && v.value == src::kLiteral) {
      if (inst.literal == 0) v.value = src::kIntZero;
      for (unsigned k = 0; k < 8; ++k)
        if (inst.literal == kF64Bits[k] >> 32) v.value = src::kFloatFirst + k;
    }
    literalUsed |= readsLiteral(i);
  }
  inst.hasLiteral = literalUsed;
  const uint32_t read = inst.literal;
  bool literalTaken = false; // an operand before holds the encoding's literal dword
  for (unsigned i = 0; i < ops.size(); ++i) {
    OperandValue &v = inst.ops[i];
    if (readsLiteral(i)) {
      if (literalTaken && inst.literal != read && !(inst.ownLiteralOperands >> i & 1)) {
        inst.ownLiteral = read;
        inst.ownLiteralOperands |= 1u << i;
      }
      literalTaken = true;
      continue;
    }
    if (!inlineFloatBecomesF16Bits(inst, ops[i]) || !isValuSource(ops[i].cls) ||
        v.value < src::kFloatFirst || v.value > src::kInvPi)
      continue;
    uint32_t bits = kF16Bits[v.value - src::kFloatFirst];
    if (!literalTaken) {
      inst.literal = bits;
      inst.hasLiteral = literalTaken = true;
    } else if (inst.literal != bits) {
      inst.ownLiteral = bits;
      inst.ownLiteralOperands |= 1u << i;
    }
    v.value = src::kLiteral;
  }
}

namespace {

bool decodeValuOperand(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  switch (d.cls) {
  case OpClass::vsrc:
  case OpClass::vsrc_mod:
  case OpClass::vsrc_neg:
  case OpClass::vssrc:
  case OpClass::vssrc_inline: return decodeValuSource(ctx, d, idx, inst);
  case OpClass::vgpr:
    if (as::sourceField9Bits(inst, d.field)) return decodeRegisterOperand(ctx, d, idx, inst);
    decodeField(ctx, d, idx, inst);
    return (inst.ops[idx].value & vgpr8Reject(inst, d)) == 0;
  case OpClass::vgpr_mod:
  case OpClass::vmask:
  case OpClass::vsdst_nom0: return decodeRegisterOperand(ctx, d, idx, inst);
  case OpClass::vk: return decodeLiteralOperand(ctx, idx, inst);
  case OpClass::vcc: inst.ops[idx].present = true; return true;
  case OpClass::vop_src2_mods:
    inst.ops[idx].mods = ctx.slotMods[2] & (Mod_Neg | Mod_Abs);
    return true;
  case OpClass::vop_exec_dst:
    // v_cmpx_*_e64: vdst holds exec_lo; llvm decodes any other value with a warning.
    if (ctx.field(d.field) != src::kExecLo) inst.softFail = true;
    inst.ops[idx].value = src::kExecLo;
    return true;
  case OpClass::vop_opsel2:
  case OpClass::vop_opsel3:
  case OpClass::vop_opsel4:
  case OpClass::vop_opsel_dot2:
  case OpClass::vop_opsel_pair:
  case OpClass::vop_opsel_byte:
  case OpClass::vop_opsel_hidden: return decodeOpsel(ctx, d, idx, inst);
  default: decodeField(ctx, d, idx, inst); return true;
  }
}

} // namespace

OperandPlan plan_valu(const Inst &entry, const OperandDesc &d) {
  switch (d.cls) { // (decodeValuOperand's cases)
  case OpClass::vcc: return {OperandPlan::Present};
  case OpClass::vsrc:
  case OpClass::vsrc_mod:
  case OpClass::vsrc_neg: // (decodeValuSource, but for constants and the literal)
    if (!as::sourceField9Bits(entry, d.field)) return {};
    return registerPlan(true, static_cast<uint8_t>(~allowedSourceMods(entry, d)), true, d.type,
                        true);
  case OpClass::vgpr:
  case OpClass::vgpr_mod: // (decodeRegisterOperand, but for constants)
    if (as::sourceField9Bits(entry, d.field))
      return registerPlan(true, d.cls == OpClass::vgpr_mod ? ~(Mod_Neg | Mod_Abs) & 0xff : 0xff,
                          true, d.type, false);
    if (d.cls == OpClass::vgpr_mod) return {};
    return {OperandPlan::FieldOnly, 0, vgpr8Reject(entry, d)};
  case OpClass::vop_opsel2:
  case OpClass::vop_opsel3:
  case OpClass::vop_opsel4:
  case OpClass::vop_opsel_pair:
  case OpClass::vop_opsel_byte:
  case OpClass::vop_opsel_hidden: return {OperandPlan::FieldOnly, 0, opselReject(entry, d.cls)};
  case OpClass::vop_bitop3:
  case OpClass::vop_clamp:
  case OpClass::vop_omod: return {OperandPlan::FieldOnly};
  default: return {};
  }
}

bool decode_valu(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  ctx.valuSources |= isValuSource(d.cls);
  return decodeValuOperand(ctx, d, idx, inst);
}

} // namespace gfxasm::dec
