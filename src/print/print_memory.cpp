// Printing of the DS, FLAT/GLOBAL/SCRATCH, MUBUF, MTBUF, MIMG operands.
#include "asm/operand_families.h"

namespace gfxasm::print {

using namespace isa;

void print_memory(const PrintContext &, const Inst &, unsigned, std::string &) {}

} // namespace gfxasm::print
