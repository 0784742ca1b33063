// Decoding of the vext family's operand classes (see isa/classes.def).
#include "asm/vext_operands.h"
#include "decode/decoder.h"
#include "isa/registers.h"

namespace gfxasm::dec {

using namespace isa;

bool decode_vext(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  switch (d.cls) {
  case OpClass::psrc:
  case OpClass::psrc_mods:
  case OpClass::wmma_c:
  case OpClass::vopd_src:
  case OpClass::vopd_src_vcc: return decodeSource(ctx, d, idx, inst);
  case OpClass::vopd_k: return decodeLiteralOperand(ctx, idx, inst);
  case OpClass::dpp8_fi: {
    decodeField(ctx, d, idx, inst);
    uint32_t v = inst.ops[idx].value;
    return v == src::kDpp8 || v == src::kDpp8Fi;
  }
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
    return (inst.ops[idx].mods & ~as::dppSourceMods(d.cls)) == 0;
  default: return decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
  }
}

} // namespace gfxasm::dec
