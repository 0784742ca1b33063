// Decoding of the valu family's operand classes (see isa/classes.def).
#include "decode/decoder.h"
#include "isa/registers.h"

namespace gfxasm::dec {

using namespace isa;

bool decode_valu(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  switch (d.cls) {
  case OpClass::vsrc:
  case OpClass::vsrc_mod:
  case OpClass::vsrc_neg:
  case OpClass::vssrc:
  case OpClass::vssrc_inline: return decodeSource(ctx, d, idx, inst);
  case OpClass::vk: return decodeLiteralOperand(ctx, idx, inst);
  default: decodeField(ctx, d, idx, inst); return true;
  }
}

} // namespace gfxasm::dec
