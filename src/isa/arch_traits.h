// What differs between architectures beyond their generated instruction tables: the register
// file of the source encoding and the special operands' layouts and names. Reached from any
// instruction through its tables (inst.arch->traits).
#pragma once

#include "isa/isa.h"
#include "isa/operand_names.h"
#include "isa/registers.h"

namespace gfxasm::isa {

struct ArchTraits {
  const RegisterSet &registers;
  const WaitcntLayout &waitcnt;
  const HwregNames &hwregs;
  const MessageNames &messages;
  // For an architecture whose tables hold only some families so far: which ("scalar
  // instructions (SOP1, ...)"), said in a note after an unknown mnemonic or encoding. Empty: all.
  std::string_view coverage = {};
};

inline const RegisterSet &registersOf(const ArchTables &arch) {
  return arch.traits->registers;
}

} // namespace gfxasm::isa
