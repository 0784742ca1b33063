// Canonical text of an instruction, as llvm-mc's AMDGPU instruction printer writes it. Shared by
// the assembler (-show-encoding output) and the disassembler.
#pragma once

#include <string>

#include "isa/inst.h"

namespace gfxasm::print {

void printInst(const isa::Inst &inst, bool wave64, std::string &out);

} // namespace gfxasm::print
