// A decoded or parsed instruction: its table entry and the value of each operand field, the form
// the encoder, the printer and the decoder share (like llvm's MCInst).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "isa/isa.h"

namespace gfxasm::isa {

// Mod_Lit: a literal written lit(...), which prints that way (no bits of its own).
// Mod_LitNegative: lit(...) of a negative integer, which llvm prints sign-extended to 64 bits.
// Mod_Bf16Negative: a bf16 literal written as a negative integer, which llvm prints
// sign-extended to 32 bits (the literal dword keeps 16).
enum OperandMods : uint8_t {
  Mod_Neg = 1,
  Mod_Abs = 2,
  Mod_Sext = 4,
  Mod_Lit = 8,
  Mod_LitNegative = 16,
  Mod_Bf16Negative = 32
};

struct OperandValue {
  uint32_t value = 0; // what goes into the operand's field
  uint8_t mods = 0;   // OperandMods, for sources that take them
  uint8_t regCount =
      0; // registers a register operand was written with (for checks across operands)
  bool present = false;
};

constexpr unsigned kMaxOperands = 24;

struct Inst {
  const ArchTables *arch = nullptr;
  const InstrDesc *desc = nullptr;
  std::array<OperandValue, kMaxOperands> ops{};
  bool hasLiteral = false;
  bool literalNegative = false; // written as a negative integer (see as::setLiteral)
  uint32_t literal = 0;
  // An operand written as a relocatable expression (a branch target, or a 32-bit literal left to a
  // fixup): its index, the expression as printed, and whether a literal's fixup is pc-relative.
  int labelOperand = -1;
  std::string_view labelSymbol;
  bool labelPcRel = false;
};

} // namespace gfxasm::isa
