// Random operands of the vext classes.
#include "operand_gen.h"

namespace gfxasm::difftest {

std::string gen_vext(GenContext &, const isa::OperandDesc &) { return {}; }

} // namespace gfxasm::difftest
