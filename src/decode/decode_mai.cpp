// Decoding of the mai family's operand classes (see isa/classes.def).
#include "asm/mai_operands.h"
#include "asm/operand_parser.h"
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

} // namespace

OperandPlan plan_mai(const Inst &, const OperandDesc &d) {
  switch (d.cls) {
  case OpClass::mai_mod:
  case OpClass::mai_neg:
  case OpClass::mai_dst: // (llvm prints a result past v255: v[245:276])
  case OpClass::mai_adst: return {OperandPlan::FieldOnly};
  case OpClass::mai_hidden: return {}; // (decode_mai: what llvm encodes back)
  default: return {};
  }
}

bool decode_mai(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  switch (d.cls) {
  case OpClass::mai_c: {
    decodeField(ctx, d, idx, inst);
    if (v.value >= src::kVgpr0)
      return v.value - src::kVgpr0 + print::dwordsOf(d.type, false) <= src::kNumVgprs;
    // Inline constants are the accumulator's; registers of the scalar file get llvm's note.
    unsigned enc = v.value;
    switch (classifyScalarEncoding(ctx.regs, enc, print::dwordsOf(d.type, false))) {
    case ScalarEncoding::Constant: return true;
    case ScalarEncoding::Register: v.value = enc; return true;
    default: return false;
    }
  }
  case OpClass::mai_hidden:
    // gfx908's results are AGPRs whatever acc_cd says, and a source slot that holds no VGPR has
    // no AGPR bit: llvm encodes both back as 0. (src0/src1 come first in the entry)
    decodeField(ctx, d, idx, inst);
    if (d.field == Field::acc_cd && !ctx.target.alignedVgprTuples()) v.value = 0;
    if (d.field == Field::acc)
      for (Field f : {Field::src0, Field::src1}) {
        int s = as::operandIndex(inst, f);
        if (s >= 0 && inst.ops[s].value < src::kVgpr0) v.value &= f == Field::src0 ? ~1u : ~2u;
      }
    return true;
  case OpClass::mai_ab: // (llvm prints a tuple past v255 here: v[255:256])
  case OpClass::mai_agpr: return decodeVectorSource(ctx, d, idx, inst);
  case OpClass::mai_write_src: return decodeSource(ctx, d, idx, inst);
  default: decodeField(ctx, d, idx, inst); return true;
  }
}

} // namespace gfxasm::dec
