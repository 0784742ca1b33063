// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Decoding of the scalar family's operand classes (see isa/classes.def).
#include <algorithm>
#include <iterator>

#include "decode/decoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::dec {

using namespace isa;

namespace {

unsigned dwords(const DecodeContext &ctx, const OperandDesc &d) {
  return print::dwordsOf(d.type, ctx.target.wave64());
}

// A register operand (its field: a scalar encoding); llvm decodes constants there too.
bool decodeScalarRegister(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  decodeField(ctx, d, idx, inst);
  return decodeRegisterOnly(ctx, inst.ops[idx], dwords(ctx, d));
}

bool isInlineInt(int64_t v) {
  return v >= -16 && v <= 64;
}

// Whether llvm prints literal `lit` of an operand of type `t` as lit(...): when its value would
// read back as an inline constant (for a 16-bit float, its low half does).
bool printsAsLit(uint32_t lit, OpType t) {
  auto in = [](auto v, const auto &table) {
    return std::find(std::begin(table), std::end(table), v) != std::end(table);
  };
  switch (t) {
  case OpType::f16:
    return isInlineInt(static_cast<int16_t>(lit)) || in(static_cast<uint16_t>(lit), kF16Bits);
  case OpType::b64: return lit <= 64;
  default: return isInlineInt(static_cast<int32_t>(lit)) || in(lit, kF32Bits);
  }
}

// A source reading a literal: `value` is what it prints, `encoded` what llvm's encoding of the
// instruction shows for it (the encoding holds the first literal operand's).
void setLiteralOperand(Inst &inst, unsigned idx, const OperandDesc &d, uint32_t value,
                       uint32_t encoded) {
  OperandValue &v = inst.ops[idx];
  v.value = src::kLiteral;
  if (printsAsLit(value, d.type)) v.mods |= Mod_Lit;
  if (!inst.hasLiteral) {
    inst.literal = encoded;
    inst.hasLiteral = true;
  }
  if (value != inst.literal) {
    inst.ownLiteral = value;
    inst.ownLiteralOperands |= 1u << idx;
  }
}

// A scalar source: register, inline constant or literal.
bool decodeScalarSource(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  decodeField(ctx, d, idx, inst);
  OperandValue &v = inst.ops[idx];
  unsigned enc = v.value;
  switch (classifyScalarEncoding(ctx.regs, v.value, dwords(ctx, d))) {
  case ScalarEncoding::Register: return true;
  case ScalarEncoding::Constant:
    // llvm reads an inline float in a 16-bit integer source as a literal of the half's bits
    // (printed and encoded as one; no dword is read).
    if (d.type == OpType::b16 && enc >= src::kFloatFirst) {
      uint32_t bits = kF16Bits[enc - src::kFloatFirst];
      setLiteralOperand(inst, idx, d, bits, bits);
    }
    return true;
  case ScalarEncoding::Literal: {
    uint32_t lit;
    if (!ctx.readLiteral(lit)) return false;
    // A 16-bit float literal is encoded with its low half only.
    setLiteralOperand(inst, idx, d, lit, d.type == OpType::f16 ? lit & 0xffff : lit);
    return true;
  }
  case ScalarEncoding::Invalid: break;
  }
  return false;
}

} // namespace

OperandPlan plan_scalar(const Inst &, const OperandDesc &d) {
  switch (d.cls) { // (decode_scalar's cases)
  case OpClass::sreg:
  case OpClass::sreg_nonull:
  case OpClass::sreg_null:
  case OpClass::smem_sdata:
  case OpClass::ssrc:
  case OpClass::ssrc_inline: // (SGPRs as classifyScalarEncoding reads them; the rest called)
    return registerPlan(false, 0, false, d.type, false);
  case OpClass::sbase:
  case OpClass::smem_soffset:
  case OpClass::smem_offset:
  case OpClass::simm32: return {};
  default: return {OperandPlan::FieldOnly};
  }
}

bool decode_scalar(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  switch (d.cls) {
  case OpClass::sreg:
  case OpClass::sreg_nonull:
  case OpClass::sreg_null:
  case OpClass::smem_sdata: return decodeScalarRegister(ctx, d, idx, inst);
  case OpClass::ssrc:
  case OpClass::ssrc_inline: return decodeScalarSource(ctx, d, idx, inst);
  case OpClass::sbase: {
    // The field holds the register pair / quad's first register / 2.
    decodeField(ctx, d, idx, inst);
    unsigned enc = inst.ops[idx].value << 1;
    if (classifyScalarEncoding(ctx.regs, enc, dwords(ctx, d)) != ScalarEncoding::Register)
      return false;
    inst.ops[idx].value = enc >> 1;
    return true;
  }
  case OpClass::smem_soffset:
    decodeField(ctx, d, idx, inst);
    if (ctx.fmt.has(Field::soe)) { // gfx9: the form in imm and soe (see encodeSmemOffsetForm)
      bool imm = ctx.field(Field::imm), soe = ctx.field(Field::soe);
      // (without either, the offset field's low 7 bits hold the SGPR)
      if (!imm && !soe) inst.ops[idx].value = ctx.field(Field::offset) & 0x7f;
      inst.ops[idx].present = soe || !imm;
      return true;
    }
    // null with a nonzero offset is the immediate form (`s[2:3], 0x10`), else the SGPR form.
    inst.ops[idx].present = inst.ops[idx].value != src::kNull || ctx.field(Field::offset) == 0;
    return true;
  case OpClass::smem_offset:
    decodeField(ctx, d, idx, inst);
    if (ctx.fmt.has(Field::soe)) { // gfx9: printed beside an SGPR offset (soe) when imm is set
      bool imm = ctx.field(Field::imm);
      if (!imm) inst.ops[idx].value = 0;
      inst.ops[idx].present = imm && ctx.field(Field::soe);
      return true;
    }
    // Printed beside an SGPR offset, when not 0.
    inst.ops[idx].present = inst.ops[idx].value != 0 && ctx.field(Field::soffset) != src::kNull;
    return true;
  case OpClass::simm32: {
    uint32_t lit;
    if (!ctx.readLiteral(lit)) return false;
    inst.ops[idx].value = lit;
    inst.ops[idx].present = true;
    if (!inst.hasLiteral) {
      inst.literal = lit;
      inst.hasLiteral = true;
    }
    return true;
  }
  default: decodeField(ctx, d, idx, inst); return true;
  }
}

} // namespace gfxasm::dec
