// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Register names and the 9-bit source-operand encoding shared by every format (the constants
// below are gfx11's; RegisterSet holds what differs on other architectures):
//   0-105 SGPRs, 106/107 vcc_lo/hi, 108-123 ttmp0-15, 124 null, 125 m0, 126/127 exec_lo/hi,
//   128-208 inline integers 0..64 and -1..-16, 230/231 src_flat_scratch_base_lo/hi (printed,
//   not accepted, by llvm-mc on gfx11), 235-239 src_* apertures, 240-248 inline floats,
//   251 src_vccz, 252 src_execz, 253 src_scc, 254 src_lds_direct, 255 literal, 256-511 VGPRs.
// AGPRs (gfx908+ accumulation registers) have no source encoding of their own: an operand that
// takes them holds 512 + n (kAgpr0) and its class says where the AGPR bit goes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

namespace gfxasm::isa {

enum class RegFile : uint8_t { None, SGPR, VGPR, AGPR, TTMP, Special };

// What a special register may do (RegisterSet's entries; copied into the parsed Reg).
enum RegFlags : uint8_t {
  Reg_Writable = 1, // a scalar destination may name it (vcc, exec, m0, null, flat_scratch)
  Reg_AnyWidth = 2, // one register that stands in operands of any width (null, src_*)
  // A source-only register llvm's assembler takes as a 32-bit scalar destination all the same
  // (it keeps the encoding's low 7 bits there: gfx9's src_vccz writes ttmp15).
  Reg_Writable32 = 4,
  // A name llvm takes everywhere that scalar operands of this architecture reject ("<name>
  // register not available on this GPU": gfx11's src_vccz).
  Reg_NotInScalar = 8,
  // vccz, execz, pops_exiting_wave_id: what else they may do is the architecture's
  // (RegisterSet::sourceOnlyFlags).
  Reg_SourceOnly = 16,
};

struct Reg {
  RegFile file = RegFile::None;
  uint16_t index = 0; // register number; for Special the source encoding
  uint16_t count = 1; // 32-bit registers covered
  uint8_t half = 0;   // true16 half: 0 none, 1 .l, 2 .h
  uint8_t flags = 0;  // RegFlags, for Special
};

namespace src {
constexpr unsigned kVccLo = 106, kVccHi = 107, kTtmp0 = 108, kNull = 124, kM0 = 125, kExecLo = 126,
                   kExecHi = 127, kIntZero = 128, kIntMax = 192, kIntNegMin = 208,
                   kSharedBase = 235, kPopsExitingWaveId = 239, kFloatFirst = 240, kInvPi = 248,
                   kFlatScratchBaseLo = 230, kFlatScratchBaseHi = 231, kDpp8 = 233, kDpp8Fi = 234,
                   kDpp16 = 250, kVccz = 251, kExecz = 252, kScc = 253, kLdsDirect = 254,
                   kLiteral = 255, kVgpr0 = 256, kAgpr0 = 512;
constexpr unsigned kNumSgprs = 106, kNumTtmps = 16, kNumVgprs = 256, kNumAgprs = 256;
} // namespace src

// The source encoding of a register's first 32-bit part (Special: the stored encoding).
unsigned sourceEncoding(const Reg &r);

// A named register of the source encoding: its spelling, encoding and width in dwords.
struct SpecialRegister {
  std::string_view name;
  uint16_t encoding;
  uint8_t dwords;
  uint8_t flags; // RegFlags
};
// How a special encoding (one no SGPR, TTMP or VGPR range covers) prints: by its 32-bit name,
// and by its pair's name when the operand is 64 bits wide; `maxDwords` caps the operand widths
// it prints in (llvm's disassembler prints nothing wider). `decodes`: the operand widths llvm's
// disassembler takes it in (bit 0: 32-bit operands, bit 1: 64-bit ones, bit 2: wider ones).
struct EncodingName {
  std::string_view name32, name64;
  uint8_t maxDwords = 0;
  uint8_t decodes = 0;
};
constexpr unsigned kNoRegister = ~0u;

// Special register names by hash (specialSlot in registers.cpp): per slot, the index + 1 of the
// name in RegisterSet::accepted followed by the names every architecture accepts; 0 is free.
using SpecialIndex = std::array<uint8_t, 64>;

// An architecture's scalar register file and the registers its source encoding names.
struct RegisterSet {
  unsigned numSgprs;  // s0 ... s(numSgprs - 1)
  unsigned m0;        // m0's encoding
  unsigned null;      // null's encoding, kNoRegister if the architecture has none
  unsigned shownNull; // the encoding printed as null (gfx9: 125, which it cannot assemble)
  // The names the assembler accepts besides those of every architecture (vcc, exec, src_*).
  std::span<const SpecialRegister> accepted;
  // Names llvm knows that this architecture lacks, besides those no architecture here has (tba,
  // tma, src_flat_scratch_base_*): "<name> register not available on this GPU" wherever a
  // register is written.
  std::span<const std::string_view> unavailable;
  // RegFlags of the source-only registers on this architecture (Reg_Writable32 or
  // Reg_NotInScalar).
  uint8_t sourceOnlyFlags;
  // Per source encoding 0-255, how it prints (the SGPR and TTMP ranges print by number).
  std::span<const EncodingName, 256> names;
  // lookupSpecialRegister's index of `accepted` and the common names (one probe per name read).
  const SpecialIndex &specialIndex;
};
const RegisterSet &registersGfx11();
const RegisterSet &registersGfx9();

// A special register name (vcc, exec_lo, m0, null, src_scc, ...); nullptr if `name` is none.
const SpecialRegister *lookupSpecialRegister(const RegisterSet &rs, std::string_view name);
// The 64-bit special register whose low half has `encoding` (vcc for vcc_lo's), or nullptr: a
// register list of the two halves names it.
const SpecialRegister *specialRegisterPairAt(const RegisterSet &rs, unsigned encoding);
// What register `s` may do on this architecture (RegFlags).
inline uint8_t specialRegisterFlags(const RegisterSet &rs, const SpecialRegister &s) {
  return s.flags & Reg_SourceOnly ? s.flags | rs.sourceOnlyFlags : s.flags;
}

// Whether `name` is a register llvm-mc knows but this architecture lacks (an error wherever a
// register is written; some of them its disassembler still prints).
bool isUnavailableRegister(const RegisterSet &rs, std::string_view name);

// Prints a scalar/vector source encoding as llvm does for a register of `dwords` width
// (s5, s[4:5], vcc, exec_lo, ttmp[4:7], v[2:3], null, m0, src_scc, ...). Encodings that are not
// registers (constants, literal) print nothing and return false.
bool printRegister(const RegisterSet &rs, unsigned encoding, unsigned dwords, std::string &out);
// The same written at `p`, which has room for kMaxRegisterText bytes (some past the name may be
// overwritten): the name's end, or nullptr if `encoding` is no register.
constexpr size_t kMaxRegisterText = 32;
// 0-999 in decimal, padded to 4 bytes so that one store writes any of them.
struct Digits {
  char text[3];
  uint8_t len;
};
inline constexpr auto kDigits = [] {
  std::array<Digits, 1000> t{};
  for (unsigned n = 0; n < t.size(); ++n) {
    unsigned len = n >= 100 ? 3 : n >= 10 ? 2 : 1;
    t[n].len = static_cast<uint8_t>(len);
    for (unsigned k = len, v = n; k-- > 0; v /= 10) t[n].text[k] = static_cast<char>('0' + v % 10);
  }
  return t;
}();
// `v` (below 1000) in decimal at p, writing 4 bytes; returns the end.
inline char *putSmallDecimal(char *p, unsigned v) {
  std::memcpy(p, &kDigits[v], 4);
  return p + kDigits[v].len;
}
char *putRegister(const RegisterSet &rs, unsigned encoding, unsigned dwords, char *p);
// VGPRs from v<first> (every architecture's), written as putRegister writes them; AGPRs from
// a<first> the same way.
char *putVgprs(unsigned first, unsigned dwords, char *p);
char *putAgprs(unsigned first, unsigned dwords, char *p);

// Alignment rule for SGPR/TTMP tuples: 64-bit tuples even, wider ones multiple of 4.
inline bool scalarTupleAligned(unsigned index, unsigned dwords) {
  if (dwords <= 1) return true;
  if (dwords == 2) return index % 2 == 0;
  return index % 4 == 0;
}

} // namespace gfxasm::isa
