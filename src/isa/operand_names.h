// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Symbolic names and bit layouts of the special immediate operands (s_waitcnt, s_delay_alu,
// s_sendmsg, s_getreg/s_setreg, s_waitcnt_depctr), shared by the parser and the printer. The name
// tables are gfx11's as llvm-mc-22 prints and accepts them (read off its disassembly of every
// value and checked by assembling each name).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace gfxasm::isa {

struct BitField {
  uint8_t shift;
  uint8_t width;
  uint32_t mask() const { return ((1u << width) - 1) << shift; }
  uint32_t max() const { return (1u << width) - 1; }
  uint32_t get(uint32_t v) const { return (v >> shift) & max(); }
  uint32_t set(uint32_t v, uint32_t f) const { return (v & ~mask()) | ((f & max()) << shift); }
};

struct NamedValue {
  std::string_view name;
  uint32_t value;
};

// A value kept in two bit fields: its low bits in `lo`, the rest in `hi` (width 0: none).
struct SplitField {
  BitField lo, hi{0, 0};
  uint32_t mask() const { return lo.mask() | (hi.width ? hi.mask() : 0); }
  uint32_t max() const { return (1u << (lo.width + hi.width)) - 1; }
  uint32_t get(uint32_t v) const { return lo.get(v) | (hi.width ? hi.get(v) << lo.width : 0); }
  uint32_t set(uint32_t v, uint32_t f) const {
    v = lo.set(v, f);
    return hi.width ? hi.set(v, f >> lo.width) : v;
  }
};

// s_waitcnt counters: gfx11 expcnt 2:0, lgkmcnt 9:4, vmcnt 15:10; gfx9 vmcnt 3:0 and 15:14,
// expcnt 6:4, lgkmcnt 11:8.
struct WaitcntLayout {
  SplitField vmcnt, expcnt, lgkmcnt;
  uint32_t allMask() const { return vmcnt.mask() | expcnt.mask() | lgkmcnt.mask(); }
};
const WaitcntLayout &waitcntLayoutGfx11();
const WaitcntLayout &waitcntLayoutGfx9();

// s_delay_alu: instid0 3:0, instskip 6:4, instid1 10:7.
constexpr BitField kDelayInstId0{0, 4}, kDelaySkip{4, 3}, kDelayInstId1{7, 4};
std::span<const std::string_view> delayIdNames();   // index = value (NO_DEP ... SALU_CYCLE_3)
std::span<const std::string_view> delaySkipNames(); // index = value (SAME ... SKIP_4)

// s_waitcnt_depctr counters, in the order llvm prints them; each defaults to its maximum.
std::span<const BitField> depctrFields();
std::span<const std::string_view> depctrNames(); // parallel to depctrFields()
uint32_t depctrUsedMask();                       // bits some counter covers

// hwreg(id, offset, size): id 5:0, offset 10:6, size - 1 15:11.
constexpr BitField kHwregId{0, 6}, kHwregOffset{6, 5}, kHwregSizeMinus1{11, 5};
// The hardware registers an architecture names: on all its processors, and some on only a few.
struct HwregNames {
  std::span<const NamedValue> all;
  std::span<const NamedValue> some;
  uint32_t someCpus; // bit i: the architecture's processor i has `some`
  // The other architecture's names: with those of targets gfxasm lacks, an error of their own.
  std::span<const NamedValue> otherArch[2];
  // The entry named `name` (or of value `id`, with an empty name) on processor `cpu`.
  const NamedValue *find(unsigned cpu, std::string_view name, uint32_t id = 0) const;
  // Whether `name` is a hardware register of another target (checked after find()).
  bool otherTarget(std::string_view name) const;
};
const HwregNames &hwregNamesGfx11(); // HW_REG_MODE = 1 ...
const HwregNames &hwregNamesGfx9();

// sendmsg(type, op, stream) = type | op << 4 | stream << 8; numeric arguments are range-checked
// against the widths (gfx11 types have 8 bits, so an op overlaps the type's high bits; gfx9
// types have 4).
constexpr unsigned kMsgOpMax = 7, kMsgStreamMax = 3, kMsgOpShift = 4, kMsgStreamShift = 8;
// The operations a message takes: none, a system message's, or a GS one (with a stream;
// MSG_GS_DONE also GS_OP_NOP, without).
enum class MessageOps : uint8_t { None, Sysmsg, Gs, GsDone };
struct MessageName {
  std::string_view name;
  uint16_t id;
  bool printed; // llvm prints the name (gfx11's MSG_SYSMSG is accepted but prints as numbers)
  MessageOps ops;
};
struct MessageOpName {
  std::string_view name;
  uint16_t value;
  bool supported;
};
struct MessageNames {
  unsigned idMax; // 255 on gfx11, 15 on gfx9
  std::span<const MessageName> names;
  std::span<const std::string_view> otherTargets;
  std::span<const MessageOpName> sysmsgOps; // (and which of them the architecture supports)
  // gfx9 prints a message's operation and stream; gfx11 only its type.
  bool printsOps;
};
const MessageNames &messageNamesGfx11();
const MessageNames &messageNamesGfx9();
// GS_OP_NOP ... GS_OP_EMIT_CUT (0-3).
std::span<const MessageOpName> gsOpNames();
// The operation names valid after message type `id` (by number: system message ops after 15,
// GS ops after any other).
inline std::span<const MessageOpName> messageOpNames(const MessageNames &m, unsigned id) {
  return id == 15 ? m.sysmsgOps : gsOpNames();
}

// gpr_idx(SRC0,SRC1,SRC2,DST): gfx9's VGPR indexing modes, bit i for name i.
std::span<const std::string_view> gprIdxModeNames();

// s_version: a version code (7:0) and flag bits (13-15). llvm-mc predefines these symbols (its
// AMDGPU assembler's absolute constants); its disassembler prints an s_version operand with them.
constexpr BitField kVersionCode{0, 8};
constexpr uint32_t kVersionFlagsMask = 0xe000;
std::span<const NamedValue> versionCodeNames(); // UC_VERSION_GFX7 = 0 ...
std::span<const NamedValue> versionFlagNames(); // UC_VERSION_W64_BIT = 0x2000 ... (bit order)

} // namespace gfxasm::isa
