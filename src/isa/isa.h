// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The ISA model: formats (bit layouts), instructions and their operands, as constant tables that
// tools/isa_tablegen.cpp generates from the data files under isa/.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace gfxasm::isa {

enum class Field : uint8_t {
#define FIELD(n) n,
#include "isa/fields.def"
#undef FIELD
  Count
};

enum class OpClass : uint8_t {
#define CLASS(n, positional, family) n,
#include "isa/classes.def"
#undef CLASS
  Count
};

enum class OpType : uint8_t {
#define TYPE(n, bits, kind) n,
#include "isa/types.def"
#undef TYPE
  Count
};

// Names and properties of fields, classes and types. Inline tables: the operand parser asks
// these per operand and per candidate entry.
namespace detail {
inline constexpr std::string_view kFieldNames[] = {
#define FIELD(n) #n,
#include "isa/fields.def"
#undef FIELD
};
struct ClassInfo {
  std::string_view name;
  bool positional;
};
inline constexpr ClassInfo kClasses[] = {
#define CLASS(n, positional, family) {#n, positional},
#include "isa/classes.def"
#undef CLASS
};
struct TypeInfo {
  std::string_view name;
  unsigned bits;
  char kind;
};
inline constexpr TypeInfo kTypes[] = {
#define TYPE(n, bits, kind) {#n, bits, #kind[0]},
#include "isa/types.def"
#undef TYPE
};
} // namespace detail

inline std::string_view fieldName(Field f) {
  return detail::kFieldNames[static_cast<unsigned>(f)];
}
inline std::string_view className(OpClass c) {
  return detail::kClasses[static_cast<unsigned>(c)].name;
}
inline std::string_view typeName(OpType t) {
  return detail::kTypes[static_cast<unsigned>(t)].name;
}
inline bool isPositional(OpClass c) {
  return detail::kClasses[static_cast<unsigned>(c)].positional;
}
inline unsigned typeBits(OpType t) {
  return detail::kTypes[static_cast<unsigned>(t)].bits;
}
// 'I' integer, 'F' float, 'V' packed pair, 'R' register tuple
inline char typeKind(OpType t) {
  return detail::kTypes[static_cast<unsigned>(t)].kind;
}

// One contiguous run of bits of a field, least significant part first.
struct BitRange {
  uint8_t lo = 0;
  uint8_t width = 0;
};

struct FieldLayout {
  BitRange ranges[3];
  uint8_t count = 0;
  // The decoder ignores the field in instructions without an operand there (llvm's `?` bits);
  // else such a field must be zero.
  bool ignoredUnused = false;
  unsigned width() const {
    unsigned w = 0;
    for (unsigned i = 0; i < count; ++i) w += ranges[i].width;
    return w;
  }
};

struct FixedBits {
  BitRange range;
  uint32_t value;
  // Encoded, but not looked at when decoding (llvm's encoder sets them, its decoder ignores them).
  bool decodeIgnored;
};

struct FormatDesc {
  std::string_view name;
  uint8_t sizeBytes;
  uint8_t numFixed;
  FixedBits fixed[4];
  FieldLayout fields[static_cast<unsigned>(Field::Count)];
  bool has(Field f) const { return fields[static_cast<unsigned>(f)].count != 0; }
  const FieldLayout &layout(Field f) const { return fields[static_cast<unsigned>(f)]; }
};

enum OperandFlags : uint8_t {
  OF_Optional = 1, // may be omitted: encodes as its default
};

struct OperandDesc {
  Field field;
  OpClass cls;
  OpType type;
  uint8_t flags;
};

// Functional unit an instruction issues to; used by the timing analyzer.
enum class Unit : uint8_t { None, SALU, VALU, TRANS, SMEM, VMEM, DS, EXP, Branch, Message, Wait };

enum InstrFlags : uint32_t {
  IF_NoFeatureCheck = 0,
  IF_True16 = 1u << 0, // only with +real-true16
  IF_Fake16 = 1u << 1, // only with -real-true16
  IF_Wave32 = 1u << 2, // only in wave32
  IF_Wave64 = 1u << 3, // only in wave64
  // with IF_Fake16: also with +real-true16 (llvm-mc-22 matches these whole-VGPR forms there too)
  IF_AlsoTrue16 = 1u << 4,
  // llvm-mc's disassembler decodes it, its assembler rejects the text (buffer stores with tfe)
  IF_DisasmOnly = 1u << 5,
  // Its sources without printed modifiers (class vsrc) have llvm's integer input modifiers: the
  // disassembler keeps their neg/abs bits, which llvm never prints.
  IF_HiddenMods = 1u << 6,
  // llvm's disassembler reads its dpp_ctrl as a source operand (v_fma_mixlo/hi DPP16: their tied
  // vdst_in shifts the operands): an inline constant or the literal there becomes its value.
  IF_DppCtrlSource = 1u << 7,
  // llvm's disassembler reads a constant in its src1 as its raw encoding (v_fmac_*_e64_dpp: their
  // tied src2 shifts the operands): a literal of that value (no dword read; DPP encodes none).
  IF_DppSrc1Raw = 1u << 8,
  // Its src0's llvm register class holds lds_direct (VRegOrLds_32, SRegOrLds_32): the
  // disassembler notes a register of the wrong file there under that name.
  IF_LdsSrc0 = 1u << 9,
  // llvm's disassembler reads an inline float in its 16-bit src1 the other way than the operand's
  // type says: kept a float in an integer source (v_ldexp_f16_e64_dpp), made its f16 bits in an
  // f16 one (v_cndmask_b16_e64_dpp); its assembler goes by the type.
  IF_Src1KindSwapped = 1u << 10,
  // llvm-mc-22 fails to parse lit(...) in its src0 (v_dot2acc_f32_f16), though its disassembler
  // prints one there.
  IF_NoLitSrc0 = 1u << 11,
  // llvm's gfx940 rule for v_dot* VOP3P: op_sel must be 0 and op_sel_hi all ones ("invalid op_sel
  // operand", after matching).
  IF_DotOpselFixed = 1u << 12,
  // Its VGPR tuples may start at an odd register on the processors that align them (gfx90a+):
  // llvm's register class of ds_read_b96_tr_b6 has no alignment.
  IF_OddTuples = 1u << 13,
  // llvm's classes of its AGPR-capable data operands are VReg_* / AReg_* (the data registers must
  // all be of one file), not AV_*: its decoder notes odd VGPR tuples as VReg_*_Align2 on
  // gfx90a+ and odd AGPR tuples not at all.
  IF_SplitData = 1u << 14,
  // llvm's decoder takes its 64-bit address at an odd register without a note (MTBUF: an
  // unaligned class there), though its assembler refuses one.
  IF_UnalignedVaddr = 1u << 15,
  // llvm's matcher has it as an instruction of the 32-bit encodings though it only has a VOP3 one
  // (v_readlane_b32, v_writelane_b32: VOP2 in llvm): `_e32` selects it, `_e64` does not.
  IF_E32Suffix = 1u << 16,
  // with IF_True16: also with -real-true16, to the assembler (llvm-mc-22 matches these VOPC e32
  // forms of the 16-bit compares there too: v_cmp_eq_f16 vcc_lo, v1.l, v2.h); the disassembler
  // prints the fake16 form.
  IF_AlsoFake16 = 1u << 17,
  // llvm-mc's assembler takes it and prints it as written, its disassembler gives another entry
  // of the same bits (gfx6's v_mul_lo_i32 on gfx9: v_mul_lo_u32's encoding): never decoded.
  IF_AsmOnly = 1u << 18,
};

struct InstrDesc {
  std::string_view name; // mnemonic as llvm-mc prints it
  uint16_t format;       // index into ArchTables::formats
  uint16_t numOperands;
  uint32_t opcode;
  uint32_t firstOperand; // index into ArchTables::operands
  uint32_t cpuMask;      // bit i: ArchTables::cpus[i] has this instruction
  uint32_t flags;        // InstrFlags
  Unit unit;
  // MIMG: bit n-1 is set when llvm-mc has this instruction with an n-dword address (its register
  // width, or the registers of an address list); llvm-mc rejects other sizes whatever the dim.
  uint16_t addressSizes;
};

// Whether the entry exists in this true16 mode and wave size (by its flags; cpus aside).
// printed: the forms the target prints (the disassembler's): a fake16 form llvm also accepts
// under real-true16 is printed in its true16 form there.
inline bool availableInMode(const InstrDesc &d, bool realTrue16, bool wave64,
                            bool printed = false) {
  if ((d.flags & IF_True16) && (printed || !(d.flags & IF_AlsoFake16)) && !realTrue16) return false;
  if ((d.flags & IF_Fake16) && (printed || !(d.flags & IF_AlsoTrue16)) && realTrue16) return false;
  if ((d.flags & IF_Wave32) && wave64) return false;
  if ((d.flags & IF_Wave64) && !wave64) return false;
  return true;
}

// An old or alternative mnemonic llvm accepts for an instruction (s_load_dword: s_load_b32).
struct MnemonicAlias {
  std::string_view name;
  std::string_view target;
};

struct ArchTraits;

struct ArchTables {
  std::string_view name;
  std::span<const std::string_view> cpus;
  std::span<const FormatDesc> formats;
  std::span<const InstrDesc> instrs; // sorted by name, then by preference for matching
  std::span<const OperandDesc> operands;
  std::span<const MnemonicAlias> aliases; // sorted by name
  // The hand-written facts of the architecture (isa/arch_traits.h); set on the tables
  // allArchs() gives (the generated ones lack them).
  const ArchTraits *traits = nullptr;

  std::span<const OperandDesc> operandsOf(const InstrDesc &d) const {
    return operands.subspan(d.firstOperand, d.numOperands);
  }
  const FormatDesc &formatOf(const InstrDesc &d) const { return formats[d.format]; }
  // All entries spelled `name` (a contiguous run of the sorted table).
  std::span<const InstrDesc> lookup(std::string_view name) const;
};

// One spelling of a MnemonicIndex: where its text and its entries are (one record, one cache
// line to read).
struct MnemonicName {
  uint32_t textStart;      // offset in MnemonicIndex::text
  uint16_t length;         // of the text
  uint16_t count;          // entries
  uint32_t firstCandidate; // offset in MnemonicIndex::candidates
};
// Every spelling the assembler accepts and the entries it tries (tools/mnemonic_tablegen makes
// it at build time; src/asm/mnemonics.h reads it). Offsets and indices, not pointers, so that the
// tables need no relocation when the program starts.
struct MnemonicIndex {
  // Hash slots (a power of two, linear probing, 32 bits so that the table stays small in the
  // cache): name index + 1 in the low 16 bits (0 = free), the top 16 bits of the name's
  // mnemonicHash above, so that a probe that meets another name rarely reads its text.
  std::span<const uint32_t> slots;
  std::string_view text; // all names, back to back
  std::span<const MnemonicName> names;
  std::span<const uint32_t> candidates; // indices into ArchTables::instrs
};
const MnemonicIndex &mnemonicIndexOf(const ArchTables &arch);

// Every architecture compiled in.
std::span<const ArchTables *const> allArchs();

} // namespace gfxasm::isa
