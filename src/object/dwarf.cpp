// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// DWARF line tables and call frame information as llvm's MCDwarf writes them (see dwarf.h).
#include "object/dwarf.h"

#include <algorithm>
#include <climits>
#include <string_view>
#include <tuple>
#include <unordered_map>

namespace gfxasm::obj {

namespace {

// amdgcn's MCAsmInfo: instructions are multiples of 4 bytes, addresses 8 bytes, the stack grows
// up (data alignment factor +4), the return address is the PC (DWARF register 16).
constexpr unsigned kMinInstAlignment = 4;
constexpr unsigned kPointerSize = 8;
constexpr int kDataAlignment = 4;

// llvm's line table parameters for every target.
constexpr int kLineBase = -5;
constexpr unsigned kLineRange = 14;
constexpr unsigned kOpcodeBase = 13;
constexpr uint8_t kStandardOpcodeLengths[] = {0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1};

constexpr uint32_t R_AMDGPU_ABS64 = 3, R_AMDGPU_REL32 = 4, R_AMDGPU_REL64 = 5, R_AMDGPU_ABS32 = 6,
                   R_AMDGPU_REL16 = 14;

void appendLe(std::vector<uint8_t> &out, uint64_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

void padTo(std::vector<uint8_t> &out, size_t align) {
  while (out.size() % align) out.push_back(0);
}

// MCDwarfLineAddr::encode: a line and address advance (INT64_MAX: the end of the sequence).
void encodeLineAdvance(std::vector<uint8_t> &out, int64_t lineDelta, uint64_t addrDelta) {
  const uint64_t maxSpecialAddrDelta = (255 - kOpcodeBase) / kLineRange;
  addrDelta /= kMinInstAlignment; // (llvm scales without checking the remainder)
  if (lineDelta == INT64_MAX) {
    if (addrDelta == maxSpecialAddrDelta) {
      out.push_back(8); // DW_LNS_const_add_pc
    } else if (addrDelta) {
      out.push_back(2); // DW_LNS_advance_pc
      appendUleb(out, addrDelta);
    }
    out.insert(out.end(), {0, 1, 1}); // DW_LNE_end_sequence
    return;
  }
  uint64_t temp = static_cast<uint64_t>(lineDelta - kLineBase);
  bool needCopy = false;
  if (temp >= kLineRange || temp + kOpcodeBase > 255) {
    out.push_back(3); // DW_LNS_advance_line
    appendSleb(out, lineDelta);
    lineDelta = 0;
    temp = static_cast<uint64_t>(-kLineBase);
    needCopy = true;
  }
  if (lineDelta == 0 && addrDelta == 0) {
    out.push_back(1); // DW_LNS_copy
    return;
  }
  temp += kOpcodeBase;
  if (addrDelta < 256 + maxSpecialAddrDelta) {
    uint64_t opcode = temp + addrDelta * kLineRange;
    if (opcode <= 255) {
      out.push_back(static_cast<uint8_t>(opcode));
      return;
    }
    opcode = temp + (addrDelta - maxSpecialAddrDelta) * kLineRange;
    if (opcode <= 255) {
      out.push_back(8); // DW_LNS_const_add_pc
      out.push_back(static_cast<uint8_t>(opcode));
      return;
    }
  }
  out.push_back(2); // DW_LNS_advance_pc
  appendUleb(out, addrDelta);
  out.push_back(needCopy ? 1 : static_cast<uint8_t>(temp));
}

// .debug_line_str: each string once, in the order first referred to (llvm's StringTableBuilder
// of kind DWARF).
class LineStrings {
public:
  LineStrings(std::vector<uint8_t> &bytes, uint32_t section) : bytes_(bytes), section_(section) {}
  void ref(std::string_view s, std::vector<uint8_t> &out, std::vector<DwarfReloc> &relocs) {
    auto [it, added] = offsets_.emplace(std::string(s), size_);
    if (added) size_ += s.size() + 1;
    relocs.push_back({out.size(), R_AMDGPU_ABS32, section_, static_cast<int64_t>(it->second)});
    appendLe(out, 0, 4);
    if (added) {
      bytes_.insert(bytes_.end(), s.begin(), s.end());
      bytes_.push_back(0);
    }
  }

private:
  std::vector<uint8_t> &bytes_;
  uint32_t section_;
  uint64_t size_ = 0;
  std::unordered_map<std::string, uint64_t> offsets_;
};

void writeV5FileEntry(const DwarfTables &t, const DwarfFile &f, LineStrings &strings,
                      std::vector<uint8_t> &out, std::vector<DwarfReloc> &relocs) {
  strings.ref(f.name, out, relocs);
  appendUleb(out, f.dirIndex);
  if (t.hasAllMd5) {
    std::array<uint8_t, 16> md5 = f.md5.value_or(std::array<uint8_t, 16>{});
    out.insert(out.end(), md5.begin(), md5.end());
  }
  if (t.hasAnySource) strings.ref(f.source.value_or(""), out, relocs);
}

void patchLe32(std::vector<uint8_t> &out, size_t at, uint32_t v) {
  for (unsigned i = 0; i < 4; ++i) out[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

void writeLineTableHeader(const DwarfTables &t, std::vector<uint8_t> &out,
                          std::vector<DwarfReloc> &relocs, std::vector<uint8_t> &lineStr,
                          uint32_t lineStrSection, size_t &lengthAt, size_t &headerLengthAt) {
  lengthAt = out.size();
  appendLe(out, 0, 4);
  appendLe(out, t.version, 2);
  if (t.version >= 5) out.insert(out.end(), {kPointerSize, 0});
  headerLengthAt = out.size();
  appendLe(out, 0, 4);
  const size_t headerStart = out.size();
  out.push_back(kMinInstAlignment);
  if (t.version >= 4) out.push_back(1); // maximum_operations_per_instruction
  out.push_back(1);                     // default_is_stmt
  out.push_back(static_cast<uint8_t>(kLineBase));
  out.push_back(kLineRange);
  out.push_back(kOpcodeBase);
  out.insert(out.end(), std::begin(kStandardOpcodeLengths), std::end(kStandardOpcodeLengths));
  if (t.version >= 5) {
    LineStrings strings(lineStr, lineStrSection);
    out.insert(out.end(), {1, 1, 0x1f}); // DW_LNCT_path, DW_FORM_line_strp
    appendUleb(out, t.dirs.size() + 1);
    strings.ref(t.compilationDir, out, relocs);
    for (const std::string &d : t.dirs) strings.ref(d, out, relocs);
    out.push_back(static_cast<uint8_t>(2 + t.hasAllMd5 + t.hasAnySource));
    out.insert(out.end(), {1, 0x1f, 2, 0x0f});         // path: line_strp, directory_index: udata
    if (t.hasAllMd5) out.insert(out.end(), {5, 0x1e}); // DW_LNCT_MD5, DW_FORM_data16
    if (t.hasAnySource) out.insert(out.end(), {0x81, 0x40, 0x1f}); // DW_LNCT_LLVM_source
    appendUleb(out, t.files.empty() ? 1 : t.files.size());
    const DwarfFile &root = t.rootFile.name.empty() && t.files.size() > 1 ? t.files[1] : t.rootFile;
    writeV5FileEntry(t, root, strings, out, relocs);
    for (size_t i = 1; i < t.files.size(); ++i)
      writeV5FileEntry(t, t.files[i], strings, out, relocs);
  } else {
    for (const std::string &d : t.dirs) {
      out.insert(out.end(), d.begin(), d.end());
      out.push_back(0);
    }
    out.push_back(0);
    for (size_t i = 1; i < t.files.size(); ++i) {
      const DwarfFile &f = t.files[i];
      out.insert(out.end(), f.name.begin(), f.name.end());
      out.push_back(0);
      appendUleb(out, f.dirIndex);
      out.insert(out.end(), {0, 0}); // modification time, length
    }
    out.push_back(0);
  }
  patchLe32(out, headerLengthAt, static_cast<uint32_t>(out.size() - headerStart));
}

void writeLineSequence(const DwarfTables::LineSection &s, uint64_t sectionEnd,
                       std::vector<uint8_t> &out, std::vector<DwarfReloc> &relocs,
                       std::vector<std::pair<std::string, uint64_t>> *labels) {
  uint32_t file = 1, lastLine = 1, column = 0, isa = 0, discriminator = 0;
  uint8_t flags = kLocIsStmt;
  bool first = true;
  uint64_t last = 0;
  for (const DwarfTables::Entry &e : s.entries) {
    if (!e.label.empty()) { // (llvm's line stream label: the sequence ends, the state resets)
      if (!first) {
        encodeLineAdvance(out, INT64_MAX, e.offset - last);
        file = 1, lastLine = 1, column = 0, isa = 0, discriminator = 0;
        flags = kLocIsStmt;
        first = true;
        last = 0;
      }
      if (labels) labels->emplace_back(e.label, out.size());
      continue;
    }
    const DwarfLoc &loc = e.loc;
    const int64_t lineDelta = static_cast<int64_t>(loc.line) - lastLine;
    if (file != loc.file) {
      file = loc.file;
      out.push_back(4); // DW_LNS_set_file
      appendUleb(out, file);
    }
    if (column != loc.column) {
      column = loc.column;
      out.push_back(5); // DW_LNS_set_column
      appendUleb(out, column);
    }
    if (discriminator != loc.discriminator) {
      discriminator = loc.discriminator;
      std::vector<uint8_t> value;
      appendUleb(value, discriminator);
      out.push_back(0);
      appendUleb(out, value.size() + 1);
      out.push_back(4); // DW_LNE_set_discriminator
      out.insert(out.end(), value.begin(), value.end());
    }
    if (isa != loc.isa) {
      isa = loc.isa;
      out.push_back(12); // DW_LNS_set_isa
      appendUleb(out, isa);
    }
    if ((loc.flags ^ flags) & kLocIsStmt) {
      flags = loc.flags;
      out.push_back(6); // DW_LNS_negate_stmt
    }
    if (loc.flags & kLocBasicBlock) out.push_back(7);
    if (loc.flags & kLocPrologueEnd) out.push_back(10);
    if (loc.flags & kLocEpilogueBegin) out.push_back(11);
    if (first) {
      out.insert(out.end(), {0, kPointerSize + 1, 2}); // DW_LNE_set_address
      relocs.push_back({out.size(), R_AMDGPU_ABS64, s.section, static_cast<int64_t>(e.offset)});
      appendLe(out, 0, kPointerSize);
      encodeLineAdvance(out, lineDelta, 0);
    } else {
      encodeLineAdvance(out, lineDelta, e.offset - last);
    }
    discriminator = 0;
    lastLine = loc.line;
    last = e.offset;
    first = false;
  }
  if (!first) encodeLineAdvance(out, INT64_MAX, sectionEnd - last);
}

} // namespace

void appendUleb(std::vector<uint8_t> &out, uint64_t v, size_t padTo) {
  size_t count = 0;
  do {
    uint8_t byte = v & 0x7f;
    v >>= 7;
    if (v || count + 1 < padTo) byte |= 0x80;
    out.push_back(byte);
    ++count;
  } while (v);
  // Padding: continuation bytes of zero bits, the last one ending the number.
  for (; count < padTo; ++count) out.push_back(count + 1 < padTo ? 0x80 : 0x00);
}

void appendSleb(std::vector<uint8_t> &out, int64_t v, size_t padTo) {
  bool more = true;
  size_t count = 0;
  while (more) {
    uint8_t byte = v & 0x7f;
    v >>= 7; // arithmetic
    more = !((v == 0 && !(byte & 0x40)) || (v == -1 && (byte & 0x40)));
    if (more || count + 1 < padTo) byte |= 0x80;
    out.push_back(byte);
    ++count;
  }
  // Padding: continuation bytes of the sign bits, the last one ending the number.
  const uint8_t sign = v < 0 ? 0x7f : 0x00;
  for (; count < padTo; ++count)
    out.push_back(count + 1 < padTo ? static_cast<uint8_t>(sign | 0x80) : sign);
}

void splitDwarfPath(std::string &dir, std::string &name) {
  if (!dir.empty()) return;
  size_t slash = name.rfind('/');
  if (slash == std::string::npos || slash + 1 == name.size()) return;
  dir = slash == 0 ? "/" : name.substr(0, slash);
  name = name.substr(slash + 1);
}

std::string DwarfTables::addFile(uint32_t number, std::string dir, std::string name,
                                 std::optional<std::array<uint8_t, 16>> md5,
                                 std::optional<std::string> source) {
  lineTableUsed = true;
  auto trackMd5 = [&](bool used) {
    hasAllMd5 &= used;
    hasAnyMd5 |= used;
  };
  if (number == 0) { // MCDwarfLineTable::setRootFile
    version = std::max(version, 5u);
    compilationDir = std::move(dir);
    rootFile = {std::move(name), 0, md5, source};
    trackMd5(md5.has_value());
    if (source) hasAnySource = true;
    return "";
  }
  if (name.empty()) {
    name = "<stdin>";
    dir.clear();
  }
  // MCDwarfLineTableHeader::tryGetFile
  if (files.empty()) {
    trackMd5(md5.has_value());
    hasAnySource |= source.has_value();
  }
  // (a DWARF 5 file that is the root file again takes no number of its own)
  if (version >= 5 && !rootFile.name.empty() && rootFile.name == name && rootFile.md5 == md5)
    return "";
  if (number > kMaxFileNumber)
    return "gfxasm: too large a file number (the most is " + std::to_string(kMaxFileNumber) + ")";
  if (number >= files.size()) files.resize(number + 1);
  DwarfFile &f = files[number];
  if (!f.name.empty()) return "file number already allocated";
  uint32_t dirIndex = 0;
  if (!dir.empty()) {
    auto it = std::find(dirs.begin(), dirs.end(), dir);
    dirIndex = static_cast<uint32_t>(it - dirs.begin()) + 1;
    if (it == dirs.end()) dirs.push_back(dir);
  }
  f = {std::move(name), dirIndex, md5, source};
  trackMd5(md5.has_value());
  if (source) hasAnySource = true;
  return "";
}

void writeLineTable(const DwarfTables &t, const std::vector<uint64_t> &sectionSizes,
                    std::vector<uint8_t> &out, std::vector<DwarfReloc> &relocs,
                    std::vector<uint8_t> &lineStr, uint32_t lineStrSection,
                    std::vector<std::pair<std::string, uint64_t>> *labels) {
  size_t lengthAt = 0, headerLengthAt = 0;
  writeLineTableHeader(t, out, relocs, lineStr, lineStrSection, lengthAt, headerLengthAt);
  for (const DwarfTables::LineSection &s : t.lineSections)
    writeLineSequence(s, s.end != ~0ull ? s.end : sectionSizes[s.section], out, relocs, labels);
  patchLe32(out, lengthAt, static_cast<uint32_t>(out.size() - lengthAt - 4));
}

unsigned cfiPointerSize(uint8_t encoding) {
  switch (encoding & 0x0f) {
  case 0x02:
  case 0x0a: return 2; // udata2, sdata2
  case 0x03:
  case 0x0b: return 4;          // udata4, sdata4
  default: return kPointerSize; // absptr, udata8, sdata8
  }
}

// A .cfi_personality/.cfi_lsda pointer (pc-relative or absolute; the indirect bit changes
// nothing in the object). 2 bytes are llvm's 2-byte data of a symbol, R_AMDGPU_REL16 whether
// pc-relative or not.
void appendCfiPointer(std::vector<uint8_t> &out, const CfiPointer &p,
                      std::vector<DwarfReloc> &relocs) {
  const unsigned size = cfiPointerSize(p.encoding);
  const bool pcrel = (p.encoding & 0x70) == 0x10;
  const uint32_t type = size == 2 ? R_AMDGPU_REL16
                        : pcrel   ? (size == 4 ? R_AMDGPU_REL32 : R_AMDGPU_REL64)
                                  : (size == 4 ? R_AMDGPU_ABS32 : R_AMDGPU_ABS64);
  relocs.push_back({out.size(), type, 0, 0, p.symbol});
  appendLe(out, 0, size);
}

// llvm's CIEKey order (a personality symbol compared by address: here by first mention).
auto cieKey(const DwarfFrame &f) {
  return std::make_tuple(f.personality.symbol.empty() ? 0u : f.personality.rank + 1,
                         f.personality.encoding, f.lsda.encoding, f.signalFrame, f.simple,
                         f.returnRegister);
}

void writeFrames(const DwarfTables &t, bool eh, uint32_t self, std::vector<uint8_t> &out,
                 std::vector<DwarfReloc> &relocs,
                 std::vector<std::pair<std::string, uint64_t>> *labels) {
  if (t.frames.empty()) return;
  // FDEs sorted by their CIE's key (llvm's stable sort).
  std::vector<const DwarfFrame *> frames;
  for (const DwarfFrame &f : t.frames) frames.push_back(&f);
  std::stable_sort(frames.begin(), frames.end(), [](const DwarfFrame *a, const DwarfFrame *b) {
    return cieKey(*a) < cieKey(*b);
  });
  size_t cieStart = 0;
  bool haveCie = false;
  for (size_t i = 0; i < frames.size(); ++i) {
    const DwarfFrame &frame = *frames[i];
    // (.debug_frame: one CIE, the first frame's)
    if (!haveCie || (eh && cieKey(frame) != cieKey(*frames[i - 1]))) {
      haveCie = true;
      cieStart = out.size();
      appendLe(out, 0, 4);
      appendLe(out, eh ? 0 : 0xffffffffu, 4); // CIE id
      const bool personality = eh && !frame.personality.symbol.empty();
      const bool lsda = eh && !frame.lsda.symbol.empty();
      if (eh) {
        out.insert(out.end(), {1, 'z'}); // version 1, augmentation "z[P][L]R[S]"
        if (personality) out.push_back('P');
        if (lsda) out.push_back('L');
        out.push_back('R');
        if (frame.signalFrame) out.push_back('S');
        out.push_back(0);
      } else {
        out.insert(out.end(), {4, 0, kPointerSize, 0}); // version 4, "", address size, segment
      }
      appendUleb(out, kMinInstAlignment);
      appendSleb(out, kDataAlignment);
      if (eh)
        out.push_back(static_cast<uint8_t>(frame.returnRegister));
      else
        appendUleb(out, frame.returnRegister);
      if (eh) {
        appendUleb(out, (personality ? 1 + cfiPointerSize(frame.personality.encoding) : 0) +
                            (lsda ? 1 : 0) + 1);
        if (personality) {
          out.push_back(frame.personality.encoding);
          appendCfiPointer(out, frame.personality, relocs);
        }
        if (lsda) out.push_back(frame.lsda.encoding);
        out.push_back(0x1b); // FDE addresses: pcrel | sdata4
      }
      padTo(out, eh ? 4 : kPointerSize);
      patchLe32(out, cieStart, static_cast<uint32_t>(out.size() - cieStart - 4));
    }
    const size_t lengthAt = out.size();
    appendLe(out, 0, 4);
    const size_t fdeStart = out.size();
    if (eh) {
      appendLe(out, fdeStart - cieStart, 4);
      relocs.push_back(
          {out.size(), R_AMDGPU_REL32, frame.section, static_cast<int64_t>(frame.begin)});
      appendLe(out, 0, 4);
      appendLe(out, frame.end - frame.begin, 4);
      if (frame.lsda.symbol.empty()) {
        out.push_back(0); // augmentation data length
      } else {
        appendUleb(out, cfiPointerSize(frame.lsda.encoding));
        appendCfiPointer(out, frame.lsda, relocs);
      }
    } else {
      relocs.push_back({out.size(), R_AMDGPU_ABS32, self, static_cast<int64_t>(cieStart)});
      appendLe(out, 0, 4);
      relocs.push_back(
          {out.size(), R_AMDGPU_ABS64, frame.section, static_cast<int64_t>(frame.begin)});
      appendLe(out, 0, kPointerSize);
      appendLe(out, frame.end - frame.begin, kPointerSize);
    }
    uint64_t base = frame.begin;
    int64_t cfaOffset = 0;
    for (const CfiInstruction &in : frame.instructions) {
      if (in.offset != base) {
        uint64_t delta = (in.offset - base) / kMinInstAlignment;
        base = in.offset;
        if (delta < 64) {
          if (delta) out.push_back(static_cast<uint8_t>(0x40 | delta)); // DW_CFA_advance_loc
        } else if (delta < 0x100) {
          out.insert(out.end(), {2, static_cast<uint8_t>(delta)});
        } else if (delta < 0x10000) {
          out.push_back(3);
          appendLe(out, delta, 2);
        } else {
          out.push_back(4);
          appendLe(out, delta, 4);
        }
      }
      if (in.setCfaOffset) cfaOffset = *in.setCfaOffset;
      switch (in.kind) {
      case CfiInstruction::Kind::Bytes:
        out.insert(out.end(), in.bytes.begin(), in.bytes.end());
        break;
      case CfiInstruction::Kind::Label:
        if (labels) labels->emplace_back(in.label, out.size());
        break;
      case CfiInstruction::Kind::AdjustCfaOffset:
        cfaOffset += in.value;
        out.push_back(0x0e); // DW_CFA_def_cfa_offset
        appendUleb(out, static_cast<uint64_t>(cfaOffset));
        break;
      case CfiInstruction::Kind::Offset:
      case CfiInstruction::Kind::RelOffset: {
        int64_t offset = in.value;
        if (in.kind == CfiInstruction::Kind::RelOffset) offset -= cfaOffset;
        int64_t factored = offset / kDataAlignment;
        if (factored < 0) {
          out.push_back(0x11); // DW_CFA_offset_extended_sf
          appendUleb(out, in.reg);
          appendSleb(out, factored);
        } else if (in.reg < 64) {
          out.push_back(static_cast<uint8_t>(0x80 | in.reg)); // DW_CFA_offset
          appendUleb(out, static_cast<uint64_t>(factored));
        } else {
          out.push_back(0x05); // DW_CFA_offset_extended
          appendUleb(out, in.reg);
          appendUleb(out, static_cast<uint64_t>(factored));
        }
        break;
      }
      }
    }
    padTo(out, i + 1 == frames.size() ? kPointerSize : eh ? 4 : kPointerSize);
    patchLe32(out, lengthAt, static_cast<uint32_t>(out.size() - fdeStart));
  }
}

} // namespace gfxasm::obj
