#include "isa/registers.h"

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
// `v` in decimal at p; returns the end.
char *putDecimal(char *p, unsigned v) {
  char digits[10];
  unsigned n = 0;
  do {
    digits[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) *p++ = digits[--n];
  return p;
}
} // namespace

bool printRegister(unsigned enc, unsigned dwords, std::string &out) {
  // Register files' names are built in a buffer and appended at once (the printer's hot path).
  auto tuple = [&](std::string_view prefix, unsigned idx) {
    char buf[48];
    char *p = buf;
    for (char c : prefix) *p++ = c;
    if (dwords == 1) {
      p = putDecimal(p, idx);
    } else {
      *p++ = '[';
      p = putDecimal(p, idx);
      *p++ = ':';
      p = putDecimal(p, idx + dwords - 1);
      *p++ = ']';
    }
    out.append(buf, static_cast<size_t>(p - buf));
  };
  if (enc < src::kNumSgprs) {
    tuple("s", enc);
    return true;
  }
  if (enc >= src::kVgpr0 && enc < src::kVgpr0 + src::kNumVgprs) {
    tuple("v", enc - src::kVgpr0);
    return true;
  }
  if (enc >= src::kTtmp0 && enc < src::kTtmp0 + src::kNumTtmps) {
    tuple("ttmp", enc - src::kTtmp0);
    return true;
  }
  for (const auto &s : kSpecials) {
    if (s.encoding == enc && (s.dwords == dwords || (dwords > 2 && s.dwords == 1) ||
                              (s.dwords == 1 && enc != src::kVccLo && enc != src::kExecLo))) {
      out += s.name;
      return true;
    }
  }
  // Registers llvm-mc's disassembler prints on gfx11 but its assembler rejects there (the low
  // one also as 64 bits).
  if ((dwords == 1 && enc == src::kFlatScratchBaseHi) ||
      (dwords <= 2 && enc == src::kFlatScratchBaseLo)) {
    out += enc == src::kFlatScratchBaseLo ? "src_flat_scratch_base_lo" : "src_flat_scratch_base_hi";
    return true;
  }
  return false;
}

} // namespace gfxasm::isa
