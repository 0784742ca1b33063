// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "isa/registers.h"

#include <cstring>

namespace gfxasm::isa {

namespace {
// Spellings every architecture accepts (RegisterSet::accepted has the others).
constexpr SpecialRegister kCommonAccepted[] = {
    {"vcc", src::kVccLo, 2, Reg_Writable},
    {"vcc_lo", src::kVccLo, 1, Reg_Writable},
    {"vcc_hi", src::kVccHi, 1, Reg_Writable},
    {"exec", src::kExecLo, 2, Reg_Writable},
    {"exec_lo", src::kExecLo, 1, Reg_Writable},
    {"exec_hi", src::kExecHi, 1, Reg_Writable},
    {"src_shared_base", 235, 1, Reg_AnyWidth},
    {"shared_base", 235, 1, Reg_AnyWidth},
    {"src_shared_limit", 236, 1, Reg_AnyWidth},
    {"shared_limit", 236, 1, Reg_AnyWidth},
    {"src_private_base", 237, 1, Reg_AnyWidth},
    {"private_base", 237, 1, Reg_AnyWidth},
    {"src_private_limit", 238, 1, Reg_AnyWidth},
    {"private_limit", 238, 1, Reg_AnyWidth},
    // (their RegisterSet::sourceOnlyFlags added)
    {"src_pops_exiting_wave_id", src::kPopsExitingWaveId, 1, Reg_AnyWidth | Reg_SourceOnly},
    {"pops_exiting_wave_id", src::kPopsExitingWaveId, 1, Reg_AnyWidth | Reg_SourceOnly},
    {"src_vccz", src::kVccz, 1, Reg_AnyWidth | Reg_SourceOnly},
    {"vccz", src::kVccz, 1, Reg_AnyWidth | Reg_SourceOnly},
    {"src_execz", src::kExecz, 1, Reg_AnyWidth | Reg_SourceOnly},
    {"execz", src::kExecz, 1, Reg_AnyWidth | Reg_SourceOnly},
    {"src_scc", src::kScc, 1, Reg_AnyWidth},
    {"scc", src::kScc, 1, Reg_AnyWidth},
    {"src_lds_direct", src::kLdsDirect, 1, Reg_AnyWidth},
    {"lds_direct", src::kLdsDirect, 1, Reg_AnyWidth},
};
constexpr SpecialRegister kGfx11Accepted[] = {
    {"m0", src::kM0, 1, Reg_Writable},
    {"null", src::kNull, 1, Reg_Writable | Reg_AnyWidth},
};
constexpr unsigned kGfx9M0 = 124, kGfx9FlatScratch = 102, kGfx9XnackMask = 104;
constexpr SpecialRegister kGfx9Accepted[] = {
    {"m0", kGfx9M0, 1, Reg_Writable},
    {"flat_scratch", kGfx9FlatScratch, 2, Reg_Writable},
    {"flat_scratch_lo", kGfx9FlatScratch, 1, Reg_Writable},
    {"flat_scratch_hi", kGfx9FlatScratch + 1, 1, Reg_Writable},
    {"xnack_mask", kGfx9XnackMask, 2, Reg_Writable},
    {"xnack_mask_lo", kGfx9XnackMask, 1, Reg_Writable},
    {"xnack_mask_hi", kGfx9XnackMask + 1, 1, Reg_Writable},
};

// Registers of targets gfxasm lacks, llvm-mc knows by name (src_flat_scratch_base_lo/hi: its
// disassembler prints them).
constexpr std::string_view kUnavailableEverywhere[] = {"src_flat_scratch_base_lo",
                                                       "src_flat_scratch_base_hi",
                                                       "tba",
                                                       "tba_lo",
                                                       "tba_hi",
                                                       "tma",
                                                       "tma_lo",
                                                       "tma_hi"};
// gfx9's, on gfx11.
constexpr std::string_view kGfx11Unavailable[] = {"flat_scratch",    "flat_scratch_lo",
                                                  "flat_scratch_hi", "xnack_mask",
                                                  "xnack_mask_lo",   "xnack_mask_hi"};

constexpr uint8_t kAnyWidth = 255, k32 = 1, k32Or64 = 3, kAnyDecode = 7;
using NameTable = std::array<EncodingName, 256>;

// The names every architecture prints: vcc, exec and 235-254.
constexpr void commonNames(NameTable &t) {
  t[src::kVccLo] = {"vcc_lo", "vcc", kAnyWidth, k32Or64};
  t[src::kVccHi] = {"vcc_hi", {}, kAnyWidth, k32};
  t[src::kExecLo] = {"exec_lo", "exec", kAnyWidth, k32Or64};
  t[src::kExecHi] = {"exec_hi", {}, kAnyWidth, k32};
  t[235] = {"src_shared_base", {}, kAnyWidth, k32Or64};
  t[236] = {"src_shared_limit", {}, kAnyWidth, k32Or64};
  t[237] = {"src_private_base", {}, kAnyWidth, k32Or64};
  t[238] = {"src_private_limit", {}, kAnyWidth, k32Or64};
  t[239] = {"src_pops_exiting_wave_id", {}, kAnyWidth, k32Or64};
  t[src::kVccz] = {"src_vccz", {}, kAnyWidth, k32Or64};
  t[src::kExecz] = {"src_execz", {}, kAnyWidth, k32Or64};
  t[src::kScc] = {"src_scc", {}, kAnyWidth, k32Or64};
  t[src::kLdsDirect] = {"src_lds_direct", {}, kAnyWidth, k32};
  // (printed, not accepted; llvm-mc's disassembler prints src_flat_scratch_base_lo also as 64
  // bits)
  t[src::kFlatScratchBaseLo] = {"src_flat_scratch_base_lo", {}, 2, k32Or64};
  t[src::kFlatScratchBaseHi] = {"src_flat_scratch_base_hi", {}, 1, k32};
}

constexpr NameTable kGfx11Names = [] {
  NameTable t{};
  commonNames(t);
  t[src::kNull] = {"null", {}, kAnyWidth, k32Or64};
  t[src::kM0] = {"m0", {}, kAnyWidth, k32};
  return t;
}();

constexpr NameTable kGfx9Names = [] {
  NameTable t{};
  commonNames(t);
  t[kGfx9FlatScratch] = {"flat_scratch_lo", "flat_scratch", kAnyWidth, k32Or64};
  t[kGfx9FlatScratch + 1] = {"flat_scratch_hi", {}, kAnyWidth, k32};
  t[kGfx9XnackMask] = {"xnack_mask_lo", "xnack_mask", kAnyWidth, k32Or64};
  t[kGfx9XnackMask + 1] = {"xnack_mask_hi", {}, kAnyWidth, k32};
  t[kGfx9M0] = {"m0", {}, kAnyWidth, k32};
  // (printed, not accepted: gfx9 has no null)
  t[125] = {"null", {}, kAnyWidth, kAnyDecode};
  return t;
}();

// Special register names are looked up for every register operand that is not numbered (vcc,
// exec, m0 ...): a hash of the length and the first and last characters, linear probing.
constexpr size_t kSpecialSlots = std::tuple_size_v<SpecialIndex>;
constexpr size_t specialSlot(std::string_view n) {
  return (n.size() * 11 + static_cast<unsigned char>(n[0]) * 3 +
          static_cast<unsigned char>(n.back())) %
         kSpecialSlots;
}
template <size_t N> constexpr SpecialIndex specialIndexOf(const SpecialRegister (&accepted)[N]) {
  SpecialIndex t{};
  auto nameAt = [&](size_t k) { return k < N ? accepted[k].name : kCommonAccepted[k - N].name; };
  for (size_t k = 0; k < N + std::size(kCommonAccepted); ++k) {
    size_t i = specialSlot(nameAt(k));
    while (t[i] && nameAt(t[i] - 1u) != nameAt(k)) i = (i + 1) % kSpecialSlots;
    if (!t[i]) t[i] = static_cast<uint8_t>(k + 1); // (a name of both lists: the first one's)
  }
  return t;
}
constexpr SpecialIndex kGfx11SpecialIndex = specialIndexOf(kGfx11Accepted);
constexpr SpecialIndex kGfx9SpecialIndex = specialIndexOf(kGfx9Accepted);

// gfx11 has no vccz, execz or pops_exiting_wave_id, which llvm-mc-22 takes as 32-bit
// destinations on gfx9.
constexpr RegisterSet kGfx11Registers{src::kNumSgprs,  src::kM0,       src::kNull,
                                      src::kNull,      kGfx11Accepted, kGfx11Unavailable,
                                      Reg_NotInScalar, kGfx11Names,    kGfx11SpecialIndex};
constexpr RegisterSet kGfx9Registers{
    102,        kGfx9M0,          kNoRegister, 125, kGfx9Accepted, {}, Reg_Writable32,
    kGfx9Names, kGfx9SpecialIndex};
} // namespace

const RegisterSet &registersGfx11() {
  return kGfx11Registers;
}
const RegisterSet &registersGfx9() {
  return kGfx9Registers;
}

unsigned sourceEncoding(const Reg &r) {
  switch (r.file) {
  case RegFile::SGPR: return r.index;
  case RegFile::TTMP: return src::kTtmp0 + r.index;
  case RegFile::VGPR: return src::kVgpr0 + r.index;
  case RegFile::AGPR: return src::kAgpr0 + r.index;
  case RegFile::Special: return r.index;
  default: return 0;
  }
}

bool isUnavailableRegister(const RegisterSet &rs, std::string_view name) {
  for (std::span<const std::string_view> names :
       {rs.unavailable, std::span<const std::string_view>(kUnavailableEverywhere)})
    for (std::string_view n : names)
      if (n == name) return true;
  return false;
}

const SpecialRegister *lookupSpecialRegister(const RegisterSet &rs, std::string_view name) {
  if (name.empty()) return nullptr;
  for (size_t i = specialSlot(name);; i = (i + 1) % kSpecialSlots) {
    unsigned k = rs.specialIndex[i];
    if (!k--) return nullptr;
    const SpecialRegister &s =
        k < rs.accepted.size() ? rs.accepted[k] : kCommonAccepted[k - rs.accepted.size()];
    if (s.name == name) return &s;
  }
}

const SpecialRegister *specialRegisterPairAt(const RegisterSet &rs, unsigned encoding) {
  for (std::span<const SpecialRegister> names :
       {rs.accepted, std::span<const SpecialRegister>(kCommonAccepted)})
    for (const SpecialRegister &s : names)
      if (s.encoding == encoding && s.dwords == 2) return &s;
  return nullptr;
}

namespace {
// `v` in decimal at p (writing up to 4 bytes below 1000); returns the end.
char *putDecimal(char *p, unsigned v) {
  if (v < kDigits.size()) return putSmallDecimal(p, v);
  char digits[10];
  unsigned n = 0;
  do {
    digits[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) *p++ = digits[--n];
  return p;
}

char *putText(char *p, std::string_view s) {
  std::memcpy(p, s.data(), s.size());
  return p + s.size();
}

[[gnu::always_inline]] inline char *putTuple(char *p, unsigned idx, unsigned dwords) {
  if (dwords == 1) return putDecimal(p, idx);
  *p++ = '[';
  p = putDecimal(p, idx);
  *p++ = ':';
  p = putDecimal(p, idx + dwords - 1);
  *p++ = ']';
  return p;
}
} // namespace

char *putRegister(const RegisterSet &rs, unsigned enc, unsigned dwords, char *p) {
  if (enc >= src::kAgpr0) {
    if (enc >= src::kAgpr0 + src::kNumAgprs) return nullptr;
    return putAgprs(enc - src::kAgpr0, dwords, p);
  }
  if (enc >= src::kVgpr0) return putVgprs(enc - src::kVgpr0, dwords, p);
  if (enc < rs.numSgprs) {
    *p = 's';
    return putTuple(p + 1, enc, dwords);
  }
  if (enc >= src::kTtmp0 && enc < src::kTtmp0 + src::kNumTtmps) {
    std::memcpy(p, "ttmp", 4);
    return putTuple(p + 4, enc - src::kTtmp0, dwords);
  }
  const EncodingName &n = rs.names[enc];
  if (n.name32.empty()) return nullptr;
  if (!n.name64.empty()) {
    // A pair by its own name, one register (or a wider operand's first) by the low half's.
    if (dwords == 0) return nullptr;
    return putText(p, dwords == 2 ? n.name64 : n.name32);
  }
  return dwords > n.maxDwords ? nullptr : putText(p, n.name32);
}

char *putVgprs(unsigned first, unsigned dwords, char *p) {
  *p = 'v';
  return putTuple(p + 1, first, dwords);
}

char *putAgprs(unsigned first, unsigned dwords, char *p) {
  *p = 'a';
  return putTuple(p + 1, first, dwords);
}

bool printRegister(const RegisterSet &rs, unsigned enc, unsigned dwords, std::string &out) {
  char buf[kMaxRegisterText];
  char *end = putRegister(rs, enc, dwords, buf);
  if (!end) return false;
  out.append(buf, static_cast<size_t>(end - buf));
  return true;
}

} // namespace gfxasm::isa
