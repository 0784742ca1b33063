// Decoding of the scalar family's operand classes (see isa/classes.def).
#include "decode/decoder.h"
#include "isa/registers.h"

namespace gfxasm::dec {

using namespace isa;

bool decode_scalar(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  switch (d.cls) {
  case OpClass::ssrc: return decodeSource(ctx, d, idx, inst);
  case OpClass::simm32: return decodeLiteralOperand(ctx, idx, inst);
  default: decodeField(ctx, d, idx, inst); return true;
  }
}

} // namespace gfxasm::dec
