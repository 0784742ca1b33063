// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Decoding of the misc family's operand classes (see isa/classes.def).
#include "asm/misc_operands.h"
#include "decode/decoder.h"
#include "encode/encoder.h"
#include "isa/registers.h"

namespace gfxasm::dec {

using namespace isa;

namespace {

// A VINTERP source. A 16-bit one of a true16 form names a VGPR whatever bit 8 says (llvm decodes
// the field's low 8 bits as the register). Any other is a full 9-bit source, of which llvm prints
// what is no VGPR with a note (an immediate's value goes into the field as is; a literal's dword
// is read, not shown).
bool decodeInterpSource(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  decodeField(ctx, d, idx, inst);
  OperandValue &v = inst.ops[idx];
  unsigned slot = enc::sourceSlot(d.field);
  if ((ctx.field(Field::neg) >> slot) & 1) v.mods |= Mod_Neg;
  if ((ctx.field(Field::abs) >> slot) & 1) v.mods |= Mod_Abs; // (gfx9's VOP3 interpolation)
  if (d.type == OpType::f16 && (inst.desc->flags & IF_True16)) {
    v.value = src::kVgpr0 + (v.value & 0xff);
    return true;
  }
  return v.value >= src::kVgpr0 || decodeRegisterOnly(ctx, v, 1);
}

} // namespace

OperandPlan plan_misc(const Inst &, const OperandDesc &d) {
  switch (d.cls) { // (decode_misc's cases)
  case OpClass::msrc:
  case OpClass::mop_sel:
  case OpClass::interp_op_sel:
  case OpClass::interp_param: return {};
  default: return {OperandPlan::FieldOnly};
  }
}

bool decode_misc(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  switch (d.cls) {
  case OpClass::msrc: return decodeInterpSource(ctx, d, idx, inst);
  case OpClass::mop_sel:
  case OpClass::interp_op_sel:
    decodeField(ctx, d, idx, inst);
    if (d.cls == OpClass::interp_op_sel) inst.ops[idx].value &= ~as::kInterpOpSelDropped;
    if (inst.ops[idx].value) inst.ops[idx].mods |= as::kOpSelWritten; // printed when set
    return true;
  case OpClass::interp_param: {
    // (v_interp_mov_f32_e64's parameter takes no neg/abs: llvm rejects those bits)
    decodeField(ctx, d, idx, inst);
    unsigned slot = enc::sourceSlot(d.field);
    return !(((ctx.field(Field::neg) | ctx.field(Field::abs)) >> slot) & 1);
  }
  default: decodeField(ctx, d, idx, inst); return true;
  }
}

} // namespace gfxasm::dec
