// Random operands of the valu classes.
#include "operand_gen.h"

namespace gfxasm::difftest {

std::string gen_valu(GenContext &, const isa::OperandDesc &) { return {}; }

} // namespace gfxasm::difftest
