// Printing of the VOP3P, WMMA, VOPD, DPP16 and DPP8 operands.
#include "asm/operand_families.h"

namespace gfxasm::print {

using namespace isa;

void print_vext(const PrintContext &, const Inst &, unsigned, std::string &) {}

} // namespace gfxasm::print
