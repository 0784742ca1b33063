// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
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
// Mod_InvalidImm (decoded only): a constant or literal where the operand takes registers only;
// value is the immediate itself, which llvm prints with an "Invalid immediate" note and encodes
// into the field as is.
// Mod_OtherWidth: a DPP source VGPR written one register wider or narrower than its type, which
// llvm's matcher takes on gfx9 (its printer notes the register class the operand has).
// Mod_Lit64: with Mod_Lit, written lit64(...), which prints so (llvm-mc-22 takes it as lit(...) on
// these GPUs, which have no 64-bit literals, in the sources it reads without float modifiers).
enum OperandMods : uint16_t {
  Mod_Neg = 1,
  Mod_Abs = 2,
  Mod_Sext = 4,
  Mod_Lit = 8,
  Mod_LitNegative = 16,
  Mod_Bf16Negative = 32,
  Mod_InvalidImm = 64,
  Mod_OtherWidth = 128,
  Mod_Lit64 = 256
};
// How a literal written lit(...) or lit64(...) opens.
constexpr const char *litOpening(uint16_t mods) {
  return mods & Mod_Lit64 ? "lit64(" : "lit(";
}

struct OperandValue {
  uint32_t value = 0; // what goes into the operand's field
  uint16_t mods = 0;  // OperandMods, for sources that take them
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
  uint32_t labelExpr = ~0u; // its tree (as::ExprId in the symbol table's pool)
  bool labelPcRel = false;
  // Decoded only: a literal operand that prints another value than the literal dword, which holds
  // the first literal operand's value as llvm encodes it (a 16-bit float literal keeps its low
  // half; llvm reads an inline float in a 16-bit integer source as a literal of its half's bits).
  // Set by the decoder: operands print as llvm's disassembler prints them where its assembler
  // prints them otherwise (s_version's symbols).
  bool decoded = false;
  uint32_t ownLiteralOperands = 0; // bit per operand index
  uint32_t ownLiteral = 0;
  // Decoded from bits llvm decodes with a warning ("potentially undefined instruction encoding",
  // its SoftFail): a v_cmpx_*_e64 vdst other than exec_lo.
  bool softFail = false;
  // Decoded only: the printer's plan for the entry, which the decoder keeps with its own data
  // (print::buildPlanAt; the printer checks that it is `desc`'s and else finds its own).
  const void *printPlan = nullptr;
};

// The type llvm's disassembler gives operand `d` of `inst`'s entry: src1 of IF_Src1KindSwapped
// entries is the other 16-bit kind (integer or float) than the type the assembler goes by.
inline OpType disassemblerType(const Inst &inst, const OperandDesc &d) {
  if (d.field != Field::src1 || !(inst.desc->flags & IF_Src1KindSwapped)) return d.type;
  return d.type == OpType::b16 ? OpType::f16 : d.type == OpType::f16 ? OpType::b16 : d.type;
}

} // namespace gfxasm::isa
