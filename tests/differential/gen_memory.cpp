// Random operands of the memory classes.
#include "operand_gen.h"

namespace gfxasm::difftest {

std::string gen_memory(GenContext &, const isa::OperandDesc &) { return {}; }

} // namespace gfxasm::difftest
