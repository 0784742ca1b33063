// Decoding of the mai family's operand classes (see isa/classes.def).
#include "asm/mai_operands.h"
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
  case OpClass::mai_hidden:
  case OpClass::mai_dst:
  case OpClass::mai_adst: return {OperandPlan::FieldOnly};
  default: return {};
  }
}

bool decode_mai(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  switch (d.cls) {
  case OpClass::mai_c: {
    decodeField(ctx, d, idx, inst);
    if (v.value >= src::kVgpr0) return true;
    // Inline constants are the accumulator's; registers of the scalar file get llvm's note.
    unsigned enc = v.value;
    switch (classifyScalarEncoding(ctx.regs, enc, print::dwordsOf(d.type, false))) {
    case ScalarEncoding::Constant: return true;
    case ScalarEncoding::Register: v.value = enc; return true;
    default: return false;
    }
  }
  case OpClass::mai_ab:
  case OpClass::mai_agpr: return decodeVectorSource(ctx, d, idx, inst);
  case OpClass::mai_write_src: return decodeSource(ctx, d, idx, inst);
  default: decodeField(ctx, d, idx, inst); return true;
  }
}

} // namespace gfxasm::dec
