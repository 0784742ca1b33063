// Decoding of the vext family's operand classes (see isa/classes.def).
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
  default: return decodeSource(ctx, d, idx, inst, /*literalAllowed=*/false);
  }
}

} // namespace gfxasm::dec
