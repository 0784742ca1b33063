// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Random operand text for the differential tests: for each operand class, valid spellings drawn
// at random (registers of the right width and alignment, constants, literals, modifiers), and
// some invalid ones, so that llvm-mc-22 decides what is right.
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>

#include "isa/isa.h"

namespace gfxasm::difftest {

struct GenContext {
  std::mt19937_64 &rng;
  const isa::ArchTables &arch;
  const isa::InstrDesc &desc;
  bool wave64;
  bool realTrue16;
  bool invalid = false; // draw from spellings that are likely wrong for the operand
  // Draw the float edges (pickOrFloatEdge) among numbers: the assembler's difftest does; the
  // others keep the lines they had.
  bool floatEdges = false;
  // Set by a generator: its positional operand follows the one before without a comma (llvm-mc
  // takes that); cleared once the line has it.
  bool noCommaBefore = false;

  uint64_t next() { return rng(); }
  unsigned below(unsigned n) { return static_cast<unsigned>(rng() % n); }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <size_t N> const char *pick(const char *const (&arr)[N]) { return arr[below(N)]; }
};

// Text of operand `d` (positional operand text, or a modifier's text; empty = leave it out).
#define FAMILY(fam) std::string gen_##fam(GenContext &g, const isa::OperandDesc &d);
#include "isa/families.def"
#undef FAMILY

std::string genOperand(GenContext &g, const isa::OperandDesc &d);

// One random line for g.desc: its mnemonic with generated operands.
std::string genLine(GenContext &g);

// Shared pieces for the family generators.
std::string genScalarRegister(GenContext &g, unsigned dwords, bool allowSpecial);
// v7, v[4:7] or (at times) the list [v4, v5, v6, v7].
std::string genVgprTuple(GenContext &g, unsigned dwords);
// Registers first..first+dwords-1 of a file (prefix v, s, ttmp): pN, p[a:b], or one time in
// listChance the list [pa, pb, ...].
std::string spellRegisters(GenContext &g, std::string_view prefix, unsigned first, unsigned dwords,
                           unsigned listChance);
std::string genInlineOrLiteral(GenContext &g, isa::OpType t);
// A floating number at an edge of llvm's rules, for any operand width: beyond the double range
// (infinity), below it (zero), denormals of each format, values that round across a format's
// range, hexadecimal floats and the other spellings llvm's lexer reads (.5, 1e, 1.), and NaN bit
// patterns with payloads (as integers: llvm has no NaN spelling).
// One of `values`, or at times (30%) such a float edge, from a single draw: the generators' other
// draws stay as they were, so the rest of the random lines do not change.
const char *pickOrFloatEdge(GenContext &g, std::span<const char *const> values);
std::string genSignedHexOrDec(GenContext &g, int64_t lo, int64_t hi);
// A relocatable expression (names a label or an undefined symbol) where a 32-bit literal goes.
const char *genRelocatable(GenContext &g);

} // namespace gfxasm::difftest
