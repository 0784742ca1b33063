// Random operands of the misc classes.
#include "operand_gen.h"

namespace gfxasm::difftest {

std::string gen_misc(GenContext &, const isa::OperandDesc &) { return {}; }

} // namespace gfxasm::difftest
