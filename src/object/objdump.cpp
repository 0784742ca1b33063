// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// `llvm-objdump -d` for AMDGPU ELF files: which sections and symbols llvm-objdump lists, how it
// splits a section into symbols' chunks, lays out instructions, data and undecodable bytes, and
// labels branch targets (llvm/tools/llvm-objdump/llvm-objdump.cpp, disassembleObject, and its
// AMDGCNPrettyPrinter; AMDGPU's symbolizer and MCInstrAnalysis).
#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <elf.h>
#include <optional>
#include <span>
#include <tuple>

#include <fmt/format.h>

#include "decode/decoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/isa.h"
#include "object/elf_reader.h"
#include "object/kernel_descriptor.h"
#include "print/append.h"
#include "print/printer.h"
#include "print/writer.h"

namespace gfxasm {

namespace {

using object::ElfFile;
using object::ElfSection;
using object::ElfSymbol;

// llvm's STT_AMDGPU_HSA_KERNEL: a code object v2 kernel, which llvm-objdump does not decode.
constexpr uint8_t kSttAmdgpuHsaKernel = 10;

// What llvm-objdump keeps of a symbol (SymbolInfoTy), ordered as it sorts them.
struct SymbolInfo {
  uint64_t addr = 0;
  std::string_view name;
  uint8_t type = STT_NOTYPE;
  bool operator<(const SymbolInfo &o) const {
    return std::tie(addr, name, type) < std::tie(o.addr, o.name, o.type);
  }
};
using SymbolList = std::vector<SymbolInfo>;

// A symbol's address as llvm's ELFObjectFile gives it: 0 for an undefined one, the size of a
// common one, else its value, plus its section's address in a relocatable file.
uint64_t symbolAddress(const ElfFile &file, const ElfSymbol &s) {
  if (s.shndx == SHN_UNDEF) return 0;
  if (s.type == STT_COMMON || s.shndx == SHN_COMMON) return s.size;
  if (s.shndx == SHN_ABS) return s.value;
  uint64_t addr = s.value;
  if (file.fileType() == ET_REL && s.section) addr += file.sections()[s.section].addr;
  return addr;
}

// A symbol name as llvm's expression printer writes it: quoted unless every character may stand
// in an unquoted name.
std::string printedSymbol(std::string_view name) {
  auto plain = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
  };
  if (!name.empty() && std::all_of(name.begin(), name.end(), plain)) return std::string(name);
  std::string out = "\"";
  for (char c : name) {
    if (c == '\n')
      out += "\\n";
    else if (c == '"' || c == '\\')
      out += {'\\', c};
    else
      out += c;
  }
  return out + '"';
}

// Leading zero bytes llvm-objdump replaces by "...": at least 8, in whole dwords.
size_t skippableZeroBytes(std::span<const uint8_t> bytes) {
  if (bytes.size() >= 8) { // (most lines: a nonzero byte among the first 8, one load)
    uint64_t first;
    std::memcpy(&first, bytes.data(), 8);
    if (first != 0) return 0;
  }
  size_t n = 0;
  while (n < bytes.size() && bytes[n] == 0) ++n;
  return n < 8 ? 0 : n & ~size_t(3);
}

class Objdump {
public:
  Objdump(const ElfFile &file, const Target &target, const ObjdumpOptions &opts, std::string &out,
          std::vector<std::string> &warnings)
      : file_(file), target_(target), opts_(opts), out_(out), decoder_(target),
        arch_(*static_cast<const isa::ArchTables *>(target.arch())),
        labelOperand_(arch_.instrs.size(), kLabelUnknown),
        tupleOperands_(arch_.instrs.size(), kTuplesUnknown), warnings_(warnings) {}

  bool run(std::string *error) {
    if (!collectSymbols(error)) return false;
    for (const ElfSection &sec : file_.sections()) {
      uint64_t i = sec.index;
      addresses_.emplace_back(sec.addr, i);
    }
    std::stable_sort(addresses_.begin(), addresses_.end(), [&](auto &a, auto &b) {
      if (a.first != b.first) return a.first < b.first;
      return file_.sections()[a.second].size < file_.sections()[b.second].size;
    });
    for (const ElfSection &sec : file_.sections()) {
      if (!(sec.flags & SHF_EXECINSTR) || sec.type == SHT_NOBITS || sec.size == 0) continue;
      auto bytes = file_.contents(sec, error);
      if (!bytes) return false;
      if (!sec.nameError.empty()) return fail(error, sec.nameError);
      disassembleSection(sec, *bytes);
    }
    return true;
  }

private:
  const ElfFile &file_;
  const Target &target_;
  const ObjdumpOptions &opts_;
  std::string &out_;
  const dec::Decoder decoder_;
  const isa::ArchTables &arch_;
  // Per entry of the architecture (by index), its branch target operand's index, kNoLabel, or
  // kLabelUnknown until an instruction of it is listed (operands are looked at once per entry).
  static constexpr int8_t kLabelUnknown = -2, kNoLabel = -1;
  std::vector<int8_t> labelOperand_;
  // Per entry, a bit per operand of two or more dwords (where llvm's decoder reads an SGPR or
  // TTMP tuple), or kTuplesUnknown until an instruction of it is listed.
  static constexpr uint32_t kTuplesUnknown = ~0u;
  std::vector<uint32_t> tupleOperands_;
  std::vector<std::string> &warnings_;
  std::vector<SymbolList> bySection_;                    // llvm's AllSymbols, per section index
  SymbolList absolute_;                                  // symbols in no section
  std::vector<std::pair<uint64_t, uint64_t>> addresses_; // (address, section), sorted

  // The symbols llvm-objdump shows: named ones of .symtab but for section and file symbols and
  // the null symbol; .dynsym's when .symtab has none in a section. Like llvm-objdump, a .symtab or
  // a name in it that cannot be read is a warning (and no symbol), a symbol's section that cannot
  // be found an error, and so is a .dynsym that cannot be read, or a .symtab that cannot when
  // .dynsym's symbols are used (llvm reads both tables for any symbol's flags).
  bool collectSymbols(std::string *error) {
    bySection_.assign(file_.sections().size(), {});
    auto dynsym = file_.symbols(SHT_DYNSYM, error);
    if (!dynsym) return false;
    std::string problem;
    auto symtab = file_.symbols(SHT_SYMTAB, &problem);
    if (!symtab) warnings_.push_back(problem);
    bool anyInSection = false;
    for (size_t i = 1; symtab && i < symtab->size(); ++i) {
      const ElfSymbol &s = (*symtab)[i];
      if (!s.nameError.empty()) {
        warnings_.push_back(s.nameError);
        continue;
      }
      if (s.name.empty() || s.type == STT_SECTION || s.type == STT_FILE) continue;
      if (!s.sectionError.empty()) return fail(error, s.sectionError);
      SymbolInfo info{symbolAddress(file_, s), s.name, s.type};
      if (s.section) {
        bySection_[s.section].push_back(info);
        anyInSection = true;
      } else {
        absolute_.push_back(info);
      }
    }
    if (!anyInSection) {
      if (!symtab && !dynsym->empty()) return fail(error, problem);
      for (const ElfSymbol &s : *dynsym) {
        if (s.type == STT_SECTION) continue;
        if (!s.nameError.empty()) return fail(error, s.nameError);
        if (s.name.empty()) continue;
        if (!s.sectionError.empty()) return fail(error, s.sectionError);
        if (!s.section) continue;
        uint64_t addr = s.type == STT_COMMON ? s.value : symbolAddress(file_, s);
        bySection_[s.section].push_back({addr, s.name, s.type});
      }
    }
    for (SymbolList &list : bySection_) std::stable_sort(list.begin(), list.end());
    std::stable_sort(absolute_.begin(), absolute_.end());
    return true;
  }

  static bool fail(std::string *error, const std::string &message) {
    *error = message;
    return false;
  }

  void disassembleSection(const ElfSection &sec, std::span<const uint8_t> bytes) {
    SymbolList &symbols = bySection_[sec.index];
    // A section without a symbol at its start gets one named after it (kept for later lookups).
    bool dummy = true;
    for (const SymbolInfo &s : symbols) {
      if (s.addr != sec.addr) break;
      dummy = false;
    }
    if (dummy) {
      SymbolInfo s{sec.addr, sec.name, STT_FUNC};
      symbols.insert(std::lower_bound(symbols.begin(), symbols.end(), s), s);
    }

    bool printedSection = false;
    // One chunk per address that symbols start at, up to the next such address.
    for (size_t si = 0, se = symbols.size(); si != se;) {
      size_t first = si;
      uint64_t start = symbols[si].addr;
      while (si != se && symbols[si].addr == start) ++si;
      std::span<const SymbolInfo> here(symbols.data() + first, si - first);
      // Data only when no symbol here is code; the last code symbol names the chunk.
      bool asData = true;
      size_t display = here.size() - 1;
      for (size_t i = 0; i < here.size(); ++i)
        if (here[i].type != STT_OBJECT && here[i].type != STT_COMMON) {
          asData = false;
          display = i;
        }
      if (start < sec.addr) continue;
      uint64_t end = sec.addr + sec.size;
      if (si < se) end = std::min(end, symbols[si].addr);
      if (start >= end) continue;
      start -= sec.addr;
      end -= sec.addr;

      if (!printedSection) {
        printedSection = true;
        out_ += fmt::format("\nDisassembly of section {}:\n", sec.name);
      }
      out_ += '\n';
      if (opts_.leadingAddr) out_ += fmt::format("{:016x} ", sec.addr + start);
      out_ += fmt::format("<{}>:\n", here[display].name);

      start += symbolPrologue(here, sec, bytes, start, end);
      if (asData) {
        dumpData(sec.addr, start, end, bytes);
        continue;
      }
      disassembleChunk(sec, symbols, bytes, start, end);
    }
  }

  // llvm's AMDGPU onSymbolStart: a kernel descriptor (`NAME.kd`, 64 bytes) in a code section
  // prints as an .amdhsa_kernel block; it and a code object v2 kernel (256 bytes of
  // amd_kernel_code_t, not decoded) otherwise as bytes. Returns the bytes it covered.
  uint64_t symbolPrologue(std::span<const SymbolInfo> here, const ElfSection &sec,
                          std::span<const uint8_t> bytes, uint64_t start, uint64_t end) {
    for (const SymbolInfo &s : here) {
      uint64_t size;
      std::string error;
      if (s.type == kSttAmdgpuHsaKernel) {
        size = 256;
        error = "code object v2 is not supported";
      } else if (s.type == STT_OBJECT && s.name.ends_with(".kd")) {
        size = 64;
        if (end - start != 64 || (sec.addr + start) % 64 != 0)
          error = "kernel descriptor must be 64-byte aligned";
        else if (object::decodeKernelDescriptor(s.name.substr(0, s.name.size() - 3),
                                                bytes.subspan(start).first<64>(),
                                                file_.abiVersion(), out_, error))
          return size;
      } else {
        continue;
      }
      out_ += fmt::format("; error decoding {}: {}\n", s.name, error);
      out_ += "; decoding failed region as bytes\n";
      // llvm prints the bytes at the section's start here, not the symbol's, even past the
      // section's end (the file's bytes; zeros past the file's end).
      std::span<const uint8_t> file = file_.data();
      for (uint64_t i = 0; i < size; ++i) {
        uint64_t at = sec.offset + i;
        out_ +=
            fmt::format("\t.byte\t 0x{:X}\n", at < file.size() && at >= sec.offset ? file[at] : 0);
      }
      return size;
    }
    return 0;
  }

  // Bytes of a data symbol: 8 a line, in hex and as characters.
  void dumpData(uint64_t secAddr, uint64_t index, uint64_t end, std::span<const uint8_t> bytes) {
    char ascii[9] = {};
    int n = 0;
    for (; index < end; ++index) {
      if (n == 0) out_ += fmt::format("{:8x}:", secAddr + index);
      uint8_t b = bytes[index];
      out_ += fmt::format(" {:02x}", b);
      ascii[n] = b >= 0x20 && b < 0x7f ? static_cast<char>(b) : '.';
      ++n;
      if (index == end - 1 || n == 8) {
        out_.append(3 * (8 - n), ' ');
        out_ += "         ";
        out_.append(ascii, n);
        out_ += '\n';
        n = 0;
      }
    }
  }

  uint32_t tupleOperandsOf(const isa::InstrDesc &desc) {
    uint32_t &bits = tupleOperands_[static_cast<size_t>(&desc - arch_.instrs.data())];
    if (bits == kTuplesUnknown) [[unlikely]] {
      bits = 0;
      auto operands = arch_.operandsOf(desc);
      for (size_t i = 0; i < operands.size(); ++i)
        if (print::dwordsOf(operands[i].type, target_.wave64()) >= 2) bits |= 1u << i;
    }
    return bits;
  }

  // llvm's decoder comment for an SGPR or TTMP tuple whose encoding is not aligned (it names the
  // tuple aligned down, as the decoder does): `Warning: SGPR_64: scalar reg isn't aligned 19`,
  // one per such operand in llvm's operand order, run together, which llvm-objdump prints after
  // the line's dwords as ` ; ` and the text (llvm-mc --disassemble drops them). The line in `out`
  // ends in '\n'. An SMEM base holds the register pair's index (the register is twice it); a
  // returning SMEM atomic (glc) decodes its data field twice (llvm's destination and the tied
  // source); llvm's widest SGPR class is SGPR_512.
  void unalignedTupleComment(const isa::Inst &inst, uint32_t tuples, const uint8_t *bytes,
                             print::Writer &out) {
    auto operands = arch_.operandsOf(*inst.desc);
    const isa::FormatDesc &format = arch_.formatOf(*inst.desc);
    const unsigned numSgprs = isa::registersOf(arch_).numSgprs;
    bool smem = false, glc = false;
    for (size_t i = 0; i < operands.size(); ++i) {
      smem |= operands[i].field == isa::Field::sbase;
      glc |= operands[i].field == isa::Field::glc && inst.ops[i].present && inst.ops[i].value;
    }
    const bool returningAtomic =
        smem && glc && inst.desc->name.find("_atomic") != std::string_view::npos;
    bool first = true;
    for (size_t i = 0; i < operands.size(); ++i) {
      if (!(tuples >> i & 1) || !inst.ops[i].present) continue;
      uint64_t raw = dec::fieldValue(bytes, format.layout(operands[i].field));
      uint32_t value = inst.ops[i].value;
      if (raw == value) continue;
      if (operands[i].field == isa::Field::sbase) raw <<= 1, value <<= 1;
      unsigned base;
      const char *file;
      if (raw < numSgprs) {
        base = 0, file = "SGPR";
      } else if (raw >= isa::src::kTtmp0 && raw < isa::src::kTtmp0 + isa::src::kNumTtmps) {
        base = isa::src::kTtmp0, file = "TTMP";
      } else {
        continue;
      }
      const unsigned dwords = std::min(print::dwordsOf(operands[i].type, target_.wave64()), 16u);
      const unsigned idx = static_cast<unsigned>(raw) - base, mask = dwords == 2 ? 1 : 3;
      if (!(idx & mask) || value != base + (idx & ~mask)) continue;
      if (first) {
        out.resize(out.size() - 1); // (the line's '\n')
        out += " ; ";
        first = false;
      }
      const bool data = returningAtomic && operands[i].field != isa::Field::sbase;
      for (int times = data ? 2 : 1; times > 0; --times)
        out += fmt::format("Warning: {}_{}: scalar reg isn't aligned {}", file, dwords * 32, idx);
    }
    if (!first) out += '\n';
  }

  int labelOperandOf(const isa::InstrDesc &desc) {
    int8_t &label = labelOperand_[static_cast<size_t>(&desc - arch_.instrs.data())];
    if (label == kLabelUnknown) [[unlikely]] {
      label = kNoLabel;
      auto operands = arch_.operandsOf(desc);
      for (size_t i = 0; i < operands.size(); ++i)
        if (operands[i].cls == isa::OpClass::label) {
          label = static_cast<int8_t>(i);
          break;
        }
    }
    return label;
  }

  // The chunk's lines are written straight into the listing (a print::Writer on out_): the
  // decoder reads the section's bytes in place, and only a branch looks for a symbol. A line of
  // an instruction that names no branch target (most) is written by writeLine; a branch's and
  // bytes that are no instruction by the general printLine.
  void disassembleChunk(const ElfSection &sec, const SymbolList &symbols,
                        std::span<const uint8_t> bytes, uint64_t index, uint64_t end) {
    print::Writer out(out_, print::Writer::Streaming{});
    isa::Inst inst;
    // The decoder reads up to 16 bytes past what it is given: near the section's end the bytes
    // are copied, zero-padded (as many as disassembleInstruction would take).
    constexpr size_t kWindow = 48;
    uint8_t padded[kWindow + 16];
    // (ObjdumpOptions::inputRead: the section's bytes are the file's, at sec.offset)
    constexpr uint64_t kReadReport = uint64_t{1} << 21;
    uint64_t nextReport = opts_.inputRead ? (index / kReadReport + 1) * kReadReport : UINT64_MAX;
    const bool skipZeroes = opts_.skipZeroes, flushing = static_cast<bool>(opts_.output);
    const uint8_t *const data = bytes.data();
    const size_t total = bytes.size();
    AddressColumn column;
    while (index < end) {
      if (index >= nextReport) [[unlikely]] {
        opts_.inputRead(sec.offset + index);
        nextReport = (index / kReadReport + 1) * kReadReport;
      }
      const uint8_t *at = data + index;
      if (skipZeroes) {
        uint64_t first = 0; // (most lines: a nonzero byte among the first 8, one load)
        if (end - index >= 8) std::memcpy(&first, at, 8);
        if (first == 0) [[unlikely]] {
          if (size_t n = skippableZeroBytes(bytes.subspan(index, end - index))) {
            out += "\t\t...\n";
            index += n;
            continue;
          }
        }
      }
      uint64_t addr = sec.addr + index;
      // An instruction may run past the chunk's end (into the next symbol), not the section's.
      size_t rest = total - index;
      size_t avail = std::min(rest, kWindow);
      const uint8_t *in = at;
      if (rest < kWindow + 16) [[unlikely]] {
        std::memset(padded, 0, sizeof padded);
        std::memcpy(padded, at, avail);
        in = padded;
      }
      size_t decoded = decoder_.decode(in, avail, inst);
      if (decoded && labelOperandOf(*inst.desc) < 0) [[likely]] {
        char *p = out.room(1);
        *p = '\t';
        out.advance(p + 1);
        size_t lineStart = out.size() - 1;
        print::printInst(inst, target_, out);
        // (the window: readable 20 bytes on, zero-padded near the section's end)
        writeLine(column, in, std::min(decoded, rest), addr, out.size() - lineStart, out);
        if (uint32_t tuples = tupleOperandsOf(*inst.desc)) [[unlikely]]
          unalignedTupleComment(inst, tuples, in, out);
        index += std::min(decoded, rest);
      } else {
        index += otherLine(symbols, inst, decoded, std::span(at, rest), addr, out);
      }
      if (flushing && out.size() >= (1u << 16)) [[unlikely]] {
        out.str();
        flushOutput();
      }
    }
  }

  // A branch's line, or bytes that are no instruction: what disassembleChunk's loop writes for
  // them. Returns the bytes the line covers.
  [[gnu::noinline]] size_t otherLine(const SymbolList &symbols, isa::Inst &inst, size_t decoded,
                                     std::span<const uint8_t> rest, uint64_t addr,
                                     print::Writer &out) {
    std::optional<uint64_t> branchTarget;
    size_t lineStart = out.size();
    if (decoded) {
      int label = labelOperandOf(*inst.desc);
      std::string symbol;
      if (label >= 0) {
        // llvm: the target is the next instruction's address plus 4 * the signed dword
        // count; llvm-objdump labels it when it is llvm's first operand (not that of
        // s_call_b64 or gfx9's s_cbranch_i_fork, whose first is their register; gfx11's
        // s_subvector_loop_* have the target first, printed second).
        int64_t offset = static_cast<int64_t>(static_cast<int16_t>(inst.ops[label].value)) * 4 + 4;
        uint64_t targetAddr = addr + static_cast<uint64_t>(offset);
        symbol = branchSymbol(symbols, targetAddr);
        if (!symbol.empty()) {
          inst.labelOperand = label;
          inst.labelSymbol = symbol;
        } else if (inst.desc->name != "s_call_b64" && inst.desc->name != "s_cbranch_i_fork") {
          branchTarget = targetAddr;
        }
      }
      out += '\t';
      print::printInst(inst, target_, out);
      size_t width = out.size() - lineStart;
      if (width < 60) out.append(60 - width, ' ');
    }
    // Bytes that are no instruction: a dword (fewer at the section's end), as llvm skips them.
    size_t size = std::min<size_t>(decoded ? decoded : 4, rest.size());
    printLine(decoded != 0, rest.first(size), addr, out);
    if (branchTarget) printTarget(symbols, *branchTarget, out.str());
    out += '\n';
    if (decoded)
      if (uint32_t tuples = tupleOperandsOf(*inst.desc))
        unalignedTupleComment(inst, tuples, rest.data(), out);
    return size;
  }

  // The address column's first digits (all but the low word's 8): the same for every line of
  // 4 GiB, found when the high word changes.
  struct AddressColumn {
    uint32_t highWord = 0;
    unsigned digits = 12;                    // (at least)
    uint64_t highText = 0x3030303030303030u; // ("00000000"), the last digits - 8 of it used
  };

  // An instruction's line after its text (`width` columns, the tab counting one): padding to 60
  // columns, the address and the instruction's dwords (printLine's, for whole dwords; the text
  // of each dword pair by one print::hexWords). `inst` is readable for 20 bytes.
  [[gnu::always_inline]] static void writeLine(AddressColumn &column, const uint8_t *inst,
                                               size_t size, uint64_t addr, size_t width,
                                               print::Writer &out) {
    size_t dwords = size / 4;
    if (dwords * 4 != size || dwords == 0 || dwords > 5) [[unlikely]] {
      if (width < 60) out.append(60 - width, ' ');
      printLine(true, std::span(inst, size), addr, out);
      out += '\n';
      return;
    }
    // padding (a fixed-size store) + "// " + address + ':' + per dword " XXXXXXXX" + '\n'
    char *p = out.room(64 + 3 + 16 + 1 + 9 * 6 + 8);
    std::memset(p, ' ', 64);
    p += width < 60 ? 60 - width : 0;
    if (static_cast<uint32_t>(addr >> 32) != column.highWord) [[unlikely]] {
      column.highWord = static_cast<uint32_t>(addr >> 32);
      column.digits = 12;
      while (column.digits < 16 && (addr >> (4 * column.digits))) ++column.digits;
      column.highText =
          column.highWord ? print::hexWord(column.highWord, true) : 0x3030303030303030u;
      column.highText >>= 8 * (16 - column.digits);
    }
    std::memcpy(p, "// ", 3);
    p += 3;
    // (each 8-byte store's extra bytes overwritten by the next)
    std::memcpy(p, &column.highText, 8);
    p += column.digits - 8;
    uint32_t w[5]; // (those past the instruction's printed by no store that stays)
    std::memcpy(w, inst, sizeof w);
    print::HexWords h = print::hexWords(static_cast<uint32_t>(addr), w[0], true);
    std::memcpy(p, &h.first, 8);
    std::memcpy(p + 8, ": ", 2);
    std::memcpy(p + 10, &h.second, 8);
    p += 18;
    for (size_t i = 1; i < dwords; i += 2) {
      h = print::hexWords(w[i], w[i + 1], true);
      *p = ' ';
      std::memcpy(p + 1, &h.first, 8);
      *(p + 9) = ' ';
      std::memcpy(p + 10, &h.second, 8);
      p += i + 1 < dwords ? 18 : 9;
    }
    *p++ = '\n';
    out.advance(p);
  }

  // AMDGPU's symbolizer: a branch to an untyped symbol of the section prints its name.
  static std::string branchSymbol(const SymbolList &symbols, uint64_t target) {
    for (const SymbolInfo &s : symbols)
      if (s.addr == target && s.type == STT_NOTYPE) return printedSymbol(s.name);
    return std::string();
  }

  // With ObjdumpOptions::output, hands the listing over in pieces.
  void flushOutput() {
    if (opts_.output && out_.size() >= (1u << 16)) {
      opts_.output(out_);
      out_.clear();
    }
  }

  // AMDGCNPrettyPrinter (after the instruction's text, padded to 60 columns, the tab counting
  // one): bytes that are no instruction as .long/.byte, then the address and the dwords (bytes
  // if fewer than 4). Hexadecimal by a table of byte pairs.
  static void printLine(bool decoded, std::span<const uint8_t> inst, uint64_t addr,
                        print::Writer &out) {
    if (decoded) {
    } else if (inst.size() >= 4) {
      out += "\t.long 0x";
      char *p = out.room(8);
      out.advance(print::putHexWord(p, dword(inst, 0), false));
      out.append(43, ' ');
    } else {
      for (size_t i = 0; i < inst.size(); ++i) {
        out += i ? std::string_view(", 0x") : std::string_view("\t.byte 0x");
        char *p = out.room(2);
        std::memcpy(p, print::kLowerHexPairs[inst[i]].data(), 2);
        out.advance(p + 2);
      }
      out.append(55 - 6 * inst.size(), ' ');
    }
    unsigned digits = 12; // (at least)
    while (digits < 16 && (addr >> (4 * digits))) ++digits;
    // "// " + address + ':' + per dword " XXXXXXXX" (instructions are at most 5 dwords here)
    char *p = out.room(3 + 16 + 1 + 9 * (inst.size() / 4 + 4));
    std::memcpy(p, "// ", 3);
    p += 3;
    // The high word's last digits - 8 digits, then the low word's 8, each by one 8-byte store
    // (the first's extra bytes are overwritten by the second).
    uint64_t high = addr >> 32 ? print::hexWord(static_cast<uint32_t>(addr >> 32), true)
                               : 0x3030303030303030u; // ("00000000")
    high >>= 8 * (16 - digits);
    std::memcpy(p, &high, 8);
    p += digits - 8;
    // The low word and the first dword, then the dwords by pairs (print::hexWords).
    auto putWord = [&p](uint64_t text) {
      std::memcpy(p, &text, 8);
      p += 8;
    };
    size_t dwords = inst.size() / 4;
    print::HexWords h =
        print::hexWords(static_cast<uint32_t>(addr), dwords ? dword(inst, 0) : 0, true);
    putWord(h.first);
    *p++ = ':';
    if (dwords) {
      *p++ = ' ';
      putWord(h.second);
      for (size_t i = 1; i < dwords; i += 2) {
        bool two = i + 1 < dwords;
        h = print::hexWords(dword(inst, 4 * i), two ? dword(inst, 4 * i + 4) : 0, true);
        *p++ = ' ';
        putWord(h.first);
        if (two) {
          *p++ = ' ';
          putWord(h.second);
        }
      }
    } else {
      for (uint8_t b : inst) {
        *p++ = ' ';
        std::memcpy(p, print::kUpperHexPairs[b].data(), 2);
        p += 2;
      }
    }
    out.advance(p);
  }

  static uint32_t dword(std::span<const uint8_t> b, size_t i) {
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | static_cast<uint32_t>(b[i + 3]) << 24;
  }

  // ` <symbol+0xoffset>`: the last symbol at or before the target, in the same section in a
  // relocatable file, else in the sections at the greatest address not above it; then among the
  // symbols in no section.
  void printTarget(const SymbolList &sectionSymbols, uint64_t target, std::string &out) {
    std::vector<const SymbolList *> lists;
    if (file_.fileType() == ET_REL) {
      lists.push_back(&sectionSymbols);
    } else {
      auto it = std::partition_point(addresses_.begin(), addresses_.end(),
                                     [&](auto &a) { return a.first <= target; });
      if (it != addresses_.begin()) {
        uint64_t at = std::prev(it)->first;
        while (it != addresses_.begin() && std::prev(it)->first == at)
          lists.push_back(&bySection_[(--it)->second]);
      }
    }
    lists.push_back(&absolute_);
    for (const SymbolList *list : lists) {
      auto it = std::partition_point(list->begin(), list->end(),
                                     [&](const SymbolInfo &s) { return s.addr <= target; });
      if (it == list->begin()) continue;
      const SymbolInfo &s = *std::prev(it);
      uint64_t disp = target - s.addr;
      out += fmt::format(" <{}", s.name);
      if (disp) out += fmt::format("+0x{:x}", disp);
      out += '>';
      return;
    }
  }
};

} // namespace

ObjdumpResult objdump(const uint8_t *data, size_t size, const ObjdumpOptions &options) {
  ObjdumpResult result;
  auto file = object::ElfFile::parse(std::span<const uint8_t>(data, size), &result.error);
  if (!file) return result;
  result.text = fmt::format("\n{}:\tfile format elf64-amdgpu\n", options.fileName);
  std::string cpu = options.cpu;
  if (cpu.empty()) {
    cpu = object::amdgpuCpuName(file->flags());
    if (cpu.empty()) {
      result.error = fmt::format("the processor in the ELF header (EF_AMDGPU_MACH 0x{:x}) is not "
                                 "one gfxasm supports; use --mcpu",
                                 file->flags() & 0xff);
      return result;
    }
  }
  auto target = Target::create(cpu, options.features, &result.error);
  if (!target) return result;
  Objdump(*file, *target, options, result.text, result.warnings).run(&result.error);
  if (options.output) {
    options.output(result.text);
    result.text.clear();
  }
  return result;
}

} // namespace gfxasm
