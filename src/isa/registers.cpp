#include "isa/registers.h"

#include <cstring>

namespace gfxasm::isa {

namespace {
struct Special {
  std::string_view name;
  unsigned encoding;
  unsigned dwords;
};
// Accepted spellings; the first one of each encoding/width is what llvm prints.
constexpr Special kSpecials[] = {
    {"vcc", src::kVccLo, 2},
    {"vcc_lo", src::kVccLo, 1},
    {"vcc_hi", src::kVccHi, 1},
    {"exec", src::kExecLo, 2},
    {"exec_lo", src::kExecLo, 1},
    {"exec_hi", src::kExecHi, 1},
    {"m0", src::kM0, 1},
    {"null", src::kNull, 1},
    {"src_shared_base", 235, 1},
    {"shared_base", 235, 1},
    {"src_shared_limit", 236, 1},
    {"shared_limit", 236, 1},
    {"src_private_base", 237, 1},
    {"private_base", 237, 1},
    {"src_private_limit", 238, 1},
    {"private_limit", 238, 1},
    {"src_pops_exiting_wave_id", 239, 1},
    {"pops_exiting_wave_id", 239, 1},
    {"src_vccz", src::kVccz, 1},
    {"vccz", src::kVccz, 1},
    {"src_execz", src::kExecz, 1},
    {"execz", src::kExecz, 1},
    {"src_scc", src::kScc, 1},
    {"scc", src::kScc, 1},
    {"src_lds_direct", src::kLdsDirect, 1},
    {"lds_direct", src::kLdsDirect, 1},
};
// Registers llvm-mc-22's disassembler names on gfx11 that its assembler does not accept there:
// printed only, never parsed (whatever the operand's width).
constexpr Special kPrintedOnly[] = {
    {"src_flat_scratch_base_lo", src::kFlatScratchBaseLo, 1},
    {"src_flat_scratch_base_hi", src::kFlatScratchBaseHi, 1},
};
} // namespace

unsigned sourceEncoding(const Reg &r) {
  switch (r.file) {
  case RegFile::SGPR: return r.index;
  case RegFile::TTMP: return src::kTtmp0 + r.index;
  case RegFile::VGPR: return src::kVgpr0 + r.index;
  case RegFile::Special: return r.index;
  default: return 0;
  }
}

bool isUnavailableRegister(std::string_view name) {
  for (const auto &s : kPrintedOnly)
    if (s.name == name) return true;
  return false;
}

bool lookupSpecialRegister(std::string_view name, unsigned &encoding, unsigned &dwords) {
  if (name.empty()) return false;
  for (const auto &s : kSpecials) {
    if (s.name[0] == name[0] && s.name == name) {
      encoding = s.encoding;
      dwords = s.dwords;
      return true;
    }
  }
  return false;
}

bool scalarTupleAligned(unsigned index, unsigned dwords) {
  if (dwords <= 1) return true;
  if (dwords == 2) return index % 2 == 0;
  return index % 4 == 0;
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

// The printed name of each special register encoding (106-127, 230-254) as a 32-bit register;
// empty: none.
constexpr std::string_view kSpecialNames[] = {
    "vcc_lo", "vcc_hi", "", "", "", "", "", "",     "",   "",        "",
    "",       "",       "", "", "", "", "", "null", "m0", "exec_lo", "exec_hi"};
constexpr std::string_view kHighNames[] = {"src_flat_scratch_base_lo",
                                           "src_flat_scratch_base_hi",
                                           "",
                                           "",
                                           "",
                                           "src_shared_base",
                                           "src_shared_limit",
                                           "src_private_base",
                                           "src_private_limit",
                                           "src_pops_exiting_wave_id",
                                           "",
                                           "",
                                           "",
                                           "",
                                           "",
                                           "",
                                           "",
                                           "",
                                           "",
                                           "",
                                           "",
                                           "src_vccz",
                                           "src_execz",
                                           "src_scc",
                                           "src_lds_direct"};

static_assert(std::size(kSpecialNames) == src::kExecHi + 1 - src::kVccLo);
static_assert(std::size(kHighNames) == src::kLdsDirect + 1 - src::kFlatScratchBaseLo);

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

char *putRegister(unsigned enc, unsigned dwords, char *p) {
  if (enc >= src::kVgpr0) {
    if (enc >= src::kVgpr0 + src::kNumVgprs) return nullptr;
    *p = 'v';
    return putTuple(p + 1, enc - src::kVgpr0, dwords);
  }
  if (enc < src::kNumSgprs) {
    *p = 's';
    return putTuple(p + 1, enc, dwords);
  }
  if (enc >= src::kTtmp0 && enc < src::kTtmp0 + src::kNumTtmps) {
    std::memcpy(p, "ttmp", 4);
    return putTuple(p + 4, enc - src::kTtmp0, dwords);
  }
  if (enc == src::kVccLo || enc == src::kExecLo) {
    // The pair by its own name, one register (or a wider operand's first) by the low half's.
    if (dwords == 0) return nullptr;
    if (dwords == 2) return putText(p, enc == src::kVccLo ? "vcc" : "exec");
    return putText(p, enc == src::kVccLo ? "vcc_lo" : "exec_lo");
  }
  if (enc < src::kFlatScratchBaseLo) {
    std::string_view name = enc <= src::kExecHi ? kSpecialNames[enc - src::kVccLo] : "";
    return name.empty() ? nullptr : putText(p, name);
  }
  // (llvm-mc's disassembler prints src_flat_scratch_base_lo also as 64 bits)
  if ((enc == src::kFlatScratchBaseLo && dwords > 2) ||
      (enc == src::kFlatScratchBaseHi && dwords != 1))
    return nullptr;
  std::string_view name = enc <= src::kLdsDirect ? kHighNames[enc - src::kFlatScratchBaseLo] : "";
  return name.empty() ? nullptr : putText(p, name);
}

bool printRegister(unsigned enc, unsigned dwords, std::string &out) {
  char buf[kMaxRegisterText];
  char *end = putRegister(enc, dwords, buf);
  if (!end) return false;
  out.append(buf, static_cast<size_t>(end - buf));
  return true;
}

} // namespace gfxasm::isa
