// Decoding of the vext family's operand classes (see isa/classes.def).
#include "asm/vext_operands.h"
#include "decode/decoder.h"
#include "isa/registers.h"

namespace gfxasm::dec {

using namespace isa;

namespace {

unsigned sourceCount(const Inst &inst) {
  unsigned n = 0;
  for (const OperandDesc &o : inst.arch->operandsOf(*inst.desc))
    n += o.field == Field::src0 || o.field == Field::src1 || o.field == Field::src2;
  return n;
}

} // namespace

bool decode_vext(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  switch (d.cls) {
  case OpClass::psrc:
  case OpClass::psrc_mods:
  case OpClass::wmma_c:
  case OpClass::vopd_src:
  case OpClass::vopd_src_vcc: return decodeSource(ctx, d, idx, inst);
  case OpClass::vopd_k: return decodeLiteralOperand(ctx, idx, inst);
  case OpClass::pdpp_vgpr:
  case OpClass::pdpp_vgpr_mods:
    // src0 of a DPP form: the 8-bit VGPR number in the DPP dword.
    decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
    if (d.field == Field::src0) v.value += src::kVgpr0;
    return true;
  case OpClass::sel:
  case OpClass::sel_ones: {
    decodeField(ctx, d, idx, inst);
    // Bits of sources the instruction lacks: llvm rejects op_sel/neg ones and ignores op_sel_hi
    // ones, which its encoder sets.
    uint32_t absent = 7u & ~((1u << sourceCount(inst)) - 1);
    if (d.cls == OpClass::sel_ones) {
      v.value |= absent;
      return true;
    }
    return (v.value & absent) == 0;
  }
  case OpClass::dpp8_fi:
    decodeField(ctx, d, idx, inst);
    return v.value == src::kDpp8 || v.value == src::kDpp8Fi;
  case OpClass::dpp_vreg:
  case OpClass::dpp_vreg_mod:
  case OpClass::dpp_vreg_neg:
  case OpClass::dpp_vreg_abs:
  case OpClass::dpp_vreg_lo:
  case OpClass::dpp_vreg_lo_mod:
  case OpClass::dpp_vreg_lo_neg:
  case OpClass::dpp_vreg_lo_abs:
  case OpClass::dpp3_vgpr:
  case OpClass::dpp3_vgpr_mod:
  case OpClass::dpp3_vgpr_neg:
    // llvm rejects the modifier bits of a source that takes no such modifier.
    decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
    return (v.mods & ~as::dppSourceMods(d.cls)) == 0;
  default: return decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
  }
}

} // namespace gfxasm::dec
