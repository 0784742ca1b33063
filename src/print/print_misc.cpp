// Printing of the EXP, VINTERP, LDSDIR operands.
#include "asm/operand_families.h"

namespace gfxasm::print {

using namespace isa;

void print_misc(const PrintContext &, const Inst &, unsigned, std::string &) {}

} // namespace gfxasm::print
