// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Decoding of the mai family's operand classes (see isa/classes.def).
#include <algorithm>

#include "asm/mai_operands.h"
#include "asm/operand_parser.h"
#include "asm/vext_operands.h"
#include "decode/decoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::dec {

using namespace isa;

namespace {

// A register operand's 9-bit field: a VGPR (the file is the class's business), or a scalar
// register or constant llvm decodes there anyway (the printer notes it).
bool decodeVectorSource(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  decodeField(ctx, d, idx, inst);
  OperandValue &v = inst.ops[idx];
  return v.value >= src::kVgpr0 ||
         decodeRegisterOnly(ctx, v, print::dwordsOf(d.type, ctx.target.wave64()));
}

// Whether a decoded register operand holds a VGPR or AGPR (not a scalar register or constant).
bool holdsVectorRegister(const OperandValue &v) {
  return v.value >= src::kVgpr0 && !(v.mods & Mod_InvalidImm);
}

// Whether operand `f`, if it holds an AGPR tuple, ends by a255: llvm has no AGPR past it (its
// VGPR tuples go on past v255, which it prints: v[245:276]).
bool agprTupleFits(const Inst &inst, Field f) {
  int i = as::operandIndex(inst, f);
  if (i < 0) return true;
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  uint32_t n = inst.ops[i].value;
  if (d.cls != OpClass::mai_dst) {
    if (!holdsVectorRegister(inst.ops[i])) return true;
    n -= src::kVgpr0;
  }
  return n + print::dwordsOf(d.type, false) <= src::kNumVgprs;
}

} // namespace

OperandPlan plan_mai(const Inst &entry, const OperandDesc &d) {
  switch (d.cls) {
  case OpClass::mai_mod:
  case OpClass::mai_neg:
  case OpClass::mai_dst: // (llvm prints a result past v255: v[245:276])
  case OpClass::mai_adst: return {OperandPlan::FieldOnly};
  case OpClass::mai_hidden: return {}; // (decode_mai: what llvm encodes back)
  case OpClass::mai_kept:              // (bits of a source the entry lacks must be 0)
    return {OperandPlan::FieldOnly, 0, 7u & ~((1u << as::sourceCount(entry)) - 1)};
  default: return {};
  }
}

bool decode_mai(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  switch (d.cls) {
  case OpClass::mai_c:
  case OpClass::mai_c_lit: {
    decodeField(ctx, d, idx, inst);
    if (v.value >= src::kVgpr0) return true; // (an AGPR tuple's end: checked with acc_cd)
    // Inline constants are the accumulator's; registers of the scalar file get llvm's note.
    unsigned enc = v.value;
    // (llvm reads a 1024-bit accumulator's SGPRs as 16, the widest scalar tuple it has)
    switch (classifyScalarEncoding(ctx.regs, enc, std::min(print::dwordsOf(d.type, false), 16u))) {
    case ScalarEncoding::Constant: return true;
    case ScalarEncoding::Register: v.value = enc; return true;
    case ScalarEncoding::Literal: return d.cls == OpClass::mai_c_lit && ctx.takeLiteral(inst);
    default: return false;
    }
  }
  case OpClass::mai_hidden:
    // gfx908's results are AGPRs whatever acc_cd says, and a source slot that holds no VGPR has
    // no AGPR bit: llvm encodes both back as 0. (src0/src1 come first in the entry)
    decodeField(ctx, d, idx, inst);
    if (d.field == Field::acc_cd) {
      if (!ctx.target.alignedVgprTuples()) v.value = 0;
      return !as::maiResultIsAgpr(ctx.target.alignedVgprTuples(), inst) ||
             (agprTupleFits(inst, Field::vdst) && agprTupleFits(inst, Field::src2));
    }
    if (d.field == Field::acc) {
      bool fits = true;
      for (Field f : {Field::src0, Field::src1}) {
        int s = as::operandIndex(inst, f);
        unsigned bit = f == Field::src0 ? 1u : 2u;
        if (s >= 0 && !holdsVectorRegister(inst.ops[s])) v.value &= ~bit;
        if (v.value & bit) fits = fits && agprTupleFits(inst, f);
      }
      return fits;
    }
    return true;
  case OpClass::mai_ab:     // (llvm prints a tuple past v255 here: v[255:256])
  case OpClass::mai_ab_fmt: // (read as the widest: an AGPR tuple of 8 ends by a255; decode_mai)
  case OpClass::mai_vgpr:
  case OpClass::mai_agpr: return decodeVectorSource(ctx, d, idx, inst);
  case OpClass::mai_write_src: return decodeSource(ctx, d, idx, inst);
  case OpClass::mai_scale_sel: // (llvm has no third scale: the bits of a src2 it ignores)
    decodeField(ctx, d, idx, inst);
    v.value &= 3;
    return true;
  default: decodeField(ctx, d, idx, inst); return true;
  }
}

} // namespace gfxasm::dec
