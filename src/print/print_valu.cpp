// Printing of the VOP1/VOP2/VOPC/VOP3/VOP3SD/VOP3P/WMMA/DPP/VOPD operands.
#include "asm/operand_families.h"

namespace gfxasm::print {

using namespace isa;

void print_valu(const PrintContext &, const Inst &, unsigned, std::string &) {}

} // namespace gfxasm::print
