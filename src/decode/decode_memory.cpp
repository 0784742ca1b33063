// Decoding of the memory family's operand classes (see isa/classes.def).
#include "decode/decoder.h"
#include "isa/registers.h"

namespace gfxasm::dec {

using namespace isa;

bool decode_memory(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  decodeField(ctx, d, idx, inst);
  if (d.cls == OpClass::vgpr_tuple)
    inst.ops[idx].regCount =
        static_cast<uint8_t>(typeBits(d.type) <= 32 ? 1 : typeBits(d.type) / 32);
  return true;
}

} // namespace gfxasm::dec
