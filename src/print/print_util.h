// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the per-family operand printers.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "isa/arch_traits.h"
#include "isa/constants.h"
#include "isa/inst.h"
#include "isa/registers.h"
#include "print/append.h"
#include "print/writer.h"

namespace gfxasm::print {

// The print_<family> functions (classes.def's family column).
struct PrintContext {
  bool wave64;
  const isa::RegisterSet &regs; // the instruction's architecture's
  unsigned cpuIndex;            // the target processor, in the architecture's list
  bool alignedVgprTuples;       // gfx90a+: a decoded odd VGPR tuple gets llvm's note
  bool dpAluDpp;                // gfx90a+: DPP on 64-bit operands, row_newbcast (Target)
};
// llvm-mc's note after a register its disassembler decoded where the operand's class has none.
inline void invalidRegisterNote(std::string_view regClass, Writer &out) {
  out.append("/*Invalid register, operand has '").append(regClass).append("' register class*/");
}
// gfx90a+: a decoded tuple of VGPRs or AGPRs that starts at an odd register gets llvm's note,
// which names the operand's aligned class `file`_<bits>_Align2 (file: VReg, VS, AReg, AV).
// (the check inline: most operands get no note, and this runs for most register operands)
void noteUnalignedTupleText(unsigned dwords, std::string_view file, Writer &out);
inline void noteUnalignedTuple(const PrintContext &pc, const isa::Inst &inst, uint32_t first,
                               unsigned dwords, std::string_view file, Writer &out) {
  if (pc.alignedVgprTuples && inst.decoded && dwords > 1 && (first & 1)) [[unlikely]]
    noteUnalignedTupleText(dwords, file, out);
}
// A printer of one operand class: the operand `idx` of `inst`.
using PrintFn = void (*)(const PrintContext &pc, const isa::Inst &inst, unsigned idx, Writer &out);
// The operand families (isa/families.def's order).
enum class Family : uint8_t {
#define FAMILY(fam) fam,
#include "isa/families.def"
#undef FAMILY
};
// Per family (print_<family>.cpp, classes.def's family column): its printer of class `c`, or
// nullptr for a class of another family.
#define FAMILY(fam) PrintFn printer_##fam(isa::OpClass c);
#include "isa/families.def"
#undef FAMILY
// A family's printer `Body` (switching on its first argument, the class) instantiated once per
// class: the switch folds to that class's case, so that an operand is printed by one direct call
// chosen once per table entry (printer.cpp's plans) instead of a dispatch on its class.
template <auto Body, isa::OpClass C>
void printOfClass(const PrintContext &pc, const isa::Inst &inst, unsigned idx, Writer &out) {
  Body(C, pc, inst, idx, out);
}
template <Family F, auto Body> PrintFn classPrinter(isa::OpClass c) {
  switch (c) {
#define CLASS(n, positional, fam)                                                                  \
  case isa::OpClass::n:                                                                            \
    if constexpr (Family::fam == F)                                                                \
      return &printOfClass<Body, isa::OpClass::n>;                                                 \
    else                                                                                           \
      return nullptr;
#include "isa/classes.def"
#undef CLASS
  case isa::OpClass::Count: break;
  }
  return nullptr;
}

inline unsigned dwordsOf(isa::OpType t, bool wave64) {
  if (t == isa::OpType::b1) return wave64 ? 2 : 1;
  unsigned bits = isa::typeBits(t);
  return bits <= 32 ? 1 : bits / 32;
}
// isa::printInlineConstant, written into the writer's buffer (a source's constant is common).
inline bool printInlineConstant(unsigned enc, isa::OpType t, Writer &out) {
  namespace src = isa::src;
  using namespace std::string_view_literals;
  if (enc >= src::kIntZero && enc <= src::kIntNegMin) {
    char *p = out.room(5);
    unsigned n = enc - src::kIntZero;
    if (enc > src::kIntMax) {
      *p++ = '-';
      n = enc - src::kIntMax;
    }
    out.advance(isa::putSmallDecimal(p, n));
    return true;
  }
  if (enc >= src::kFloatFirst && enc < src::kInvPi) {
    static constexpr std::string_view kFloatText[8] = {"0.5"sv, "-0.5"sv, "1.0"sv, "-1.0"sv,
                                                       "2.0"sv, "-2.0"sv, "4.0"sv, "-4.0"sv};
    out += kFloatText[enc - src::kFloatFirst];
    return true;
  }
  if (enc == src::kInvPi) {
    // (a v2f32 pair's constant is an f32's)
    out += isa::typeBits(t) == 64 && t != isa::OpType::v2f32 ? "0.15915494309189532"sv
                                                             : "0.15915494"sv;
    return true;
  }
  return false;
}
// isa::printRegister into the writer.
inline bool printRegister(const isa::RegisterSet &rs, unsigned enc, unsigned dwords, Writer &out) {
  char *p = out.room(isa::kMaxRegisterText);
  if (dwords == 1 && enc >= isa::src::kVgpr0 && enc < isa::src::kVgpr0 + isa::src::kNumVgprs) {
    *p = 'v'; // (the most common register: written here)
    out.advance(isa::putSmallDecimal(p + 1, enc - isa::src::kVgpr0));
    return true;
  }
  char *end = isa::putRegister(rs, enc, dwords, p);
  if (!end) return false;
  out.advance(end);
  return true;
}
void printHex(uint32_t v, Writer &out);
// A literal written lit(..) or lit64(..) (Mod_Lit) as llvm prints it: the dword `lit`, a negative
// integer (Mod_LitNegative) sign-extended to 64 bits from the operand's width.
void printWrittenLiteral(uint32_t lit, isa::OpType t, uint16_t mods, Writer &out);
// A 32-bit immediate the way llvm prints an untyped one: inline integers in decimal, the bit
// patterns of the inline floats as floats, anything else in hex.
void printImmediate32(uint32_t v, Writer &out);
// llvm's neg/abs around a source: -x, |x|, -|x|; the neg of a number alone as neg(x) (a minus
// would read as its sign).
struct SourceModifiers {
  std::string_view open, close; // (views: no strlen per source)
};
inline SourceModifiers sourceModifiers(bool neg, bool abs, bool number) {
  using namespace std::string_view_literals;
  if (neg && !abs && number) return {"neg("sv, ")"sv};
  return {neg ? (abs ? "-|"sv : "-"sv) : abs ? "|"sv : ""sv, abs ? "|"sv : ""sv};
}
// llvm's notes on decoded operands its operand's class does not take.
constexpr const char *kInvalidImmediate = "/*Invalid immediate*/";
// The special sources llvm's printer does not flag as registers of the wrong class (its
// "inline values": null as the architecture prints it, the src_* registers).
inline bool isInlineValueRegister(const isa::RegisterSet &rs, unsigned enc) {
  namespace src = isa::src;
  return enc == rs.shownNull || enc == src::kFlatScratchBaseLo || enc == src::kFlatScratchBaseHi ||
         (enc >= src::kSharedBase && enc <= src::kPopsExitingWaveId) ||
         (enc >= src::kVccz && enc <= src::kScc);
}
inline void appendInvalidRegister(const char *regClass, Writer &out) {
  out += "/*Invalid register, operand has '";
  out += regClass;
  out += "' register class*/";
}
// -0x4, 0x0, 0x1234: a `bits`-wide signed field in llvm's signed hex.
void printSignedHex(uint32_t v, unsigned bits, Writer &out);
// The value of the operand writing field `f` (0 if the instruction has none).
uint32_t valueOf(const isa::Inst &inst, isa::Field f);
// A source operand's 9-bit encoding: register, inline constant or the literal.
void printSource(const isa::Inst &inst, const isa::OperandDesc &d, uint32_t enc, bool wave64,
                 Writer &out);
// The plainest operands, shared by their families and printInst's loop (which prints them without
// the family's call: they are most operands of memory and DPP instructions). The modifiers print
// nothing at their default; `space`: a space before what they print.
inline void printVgprs(uint32_t first, unsigned dwords, Writer &out) {
  char *p = out.room(isa::kMaxRegisterText);
  if (dwords == 1 && first < isa::src::kNumVgprs) {
    *p = 'v'; // (the most common register: written here)
    out.advance(isa::putSmallDecimal(p + 1, first));
  } else if (first < isa::src::kNumVgprs) {
    out.advance(isa::putVgprs(first, dwords, p));
  }
}
// AGPRs from a<first> (a5, a[4:7]): what the acc bit of a vector register field selects.
inline void printAgprs(uint32_t first, unsigned dwords, Writer &out) {
  if (first < isa::src::kNumAgprs)
    out.advance(isa::putAgprs(first, dwords, out.room(isa::kMaxRegisterText)));
}
// The registers of a vector field: AGPRs when `agpr`, else VGPRs.
inline void printVectorRegisters(bool agpr, uint32_t first, unsigned dwords, Writer &out) {
  if (agpr)
    printAgprs(first, dwords, out);
  else
    printVgprs(first, dwords, out);
}
// glc, gds, ...: a bit named after its field.
inline void printFlag(isa::Field f, uint32_t v, bool space, Writer &out) {
  if (!v) return;
  std::string_view name = isa::fieldName(f);
  char *p = out.room(name.size() + 1);
  *p = ' ';
  p += space;
  std::memcpy(p, name.data(), name.size());
  out.advance(p + name.size());
}
// `name:N` in decimal (offset:16).
inline void printNamedDecimal(isa::Field f, int64_t v, bool space, Writer &out) {
  if (v == 0) return;
  if (space) out += ' ';
  out += isa::fieldName(f);
  out += ':';
  appendSignedDecimal(out, v);
}
// row_mask:0xf, bank_mask:0x3: always printed.
inline void printDppMask(isa::Field f, uint32_t v, bool space, Writer &out) {
  if (space) out += ' ';
  out += isa::fieldName(f);
  out += ':';
  printSignedHex(v, 32, out);
}
// dpp8:[0,1,2,3,4,5,6,7]: always printed.
inline void printDpp8Selects(uint32_t v, bool space, Writer &out) {
  char text[] = " dpp8:[0,0,0,0,0,0,0,0]";
  for (unsigned k = 0; k < 8; ++k) text[7 + 2 * k] = static_cast<char>('0' + ((v >> (3 * k)) & 7));
  out.append(text + !space, sizeof text - 1 - !space);
}
// A `bits`-wide field's signed value.
inline int64_t signExtend(uint32_t v, unsigned bits) {
  int64_t s = v & ((1u << bits) - 1);
  return (s >> (bits - 1)) ? s - (int64_t{1} << bits) : s;
}

// A true16 VGPR half: v5.l, v5.h.
inline void printVgprHalf(unsigned n, bool hi, Writer &out) {
  if (n >= isa::src::kNumVgprs) { // (not decoded so)
    out += 'v';
    appendDecimal(out, n);
    out += std::string_view(hi ? ".h" : ".l");
    return;
  }
  char *p = isa::putVgprs(n, 1, out.room(isa::kMaxRegisterText + 2));
  p[0] = '.';
  p[1] = hi ? 'h' : 'l';
  out.advance(p + 2);
}

} // namespace gfxasm::print
