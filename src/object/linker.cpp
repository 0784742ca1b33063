// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// `gfxasm link -shared`: AMDGPU relocatable objects -> the shared object (code object) ld.lld-22
// makes of them, byte for byte. What follows ld.lld's rules (measured on ld.lld-22's output and
// read in its documentation and source, written anew here):
// - output sections: one per name (.text.* -> .text, ...), in the order their first input
//   appears, then the linker's own (.dynsym .gnu.hash .hash .dynstr .rela.dyn .dynamic .got
//   .relro_padding, and last .symtab .shstrtab .strtab); stably sorted by a rank made of their
//   permissions (R, RX, RW-RELRO, RW), notes first among the read-only ones and NOBITS last in
//   each group; non-allocated sections at the end;
// - a PT_LOAD per run of sections with the same permissions; a segment's first section goes to
//   the next page plus the offset the previous segment ended at inside its page (no padding in
//   the file); the RELRO part ends with .relro_padding up to a page boundary;
// - mergeable sections (SHF_MERGE, e.g. .comment with the linker's version) are deduplicated
//   pieces distributed over 32 shards by the XXH3 hash of each piece, the shards in order;
// - .dynsym holds the symbols of default or protected visibility (undefined ones first, then
//   sorted by GNU hash bucket), .symtab the kept local symbols grouped by file, the hidden globals
//   (made local) and the rest; dynamic relocations are R_AMDGPU_RELATIVE64 first, then by symbol.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <deque>
#include <elf.h>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "gfxasm/gfxasm.h"
#include "object/elf_reader.h"
#include "object/xxh3.h"

namespace gfxasm {
namespace {

using object::ElfFile;
using object::ElfSection;
using object::ElfSymbol;

// The largest code object gfxasm writes (damaged objects can ask for any size: huge alignments).
constexpr uint64_t kMaxOutputSize = uint64_t(1) << 30;
// ld.lld's page size for AMDGPU (p_align of its PT_LOADs, the RELRO end's alignment).
constexpr uint64_t kPageSize = 0x1000;
constexpr uint32_t kShtLlvmLinkerOptions = 0x6fff4c00, kShtLlvmAddrsig = 0x6fff4c03,
                   kShtLlvmDependentLibraries = 0x6fff4c04, kShtLlvmCallGraphProfile = 0x6fff4c09;
constexpr uint64_t kShfExclude = 0x80000000;

// R_AMDGPU_* (llvm's BinaryFormat/ELFRelocs/AMDGPU.def).
enum RelocType : uint32_t {
  kRelNone = 0,
  kRelAbs32Lo = 1,
  kRelAbs32Hi = 2,
  kRelAbs64 = 3,
  kRelRel32 = 4,
  kRelRel64 = 5,
  kRelAbs32 = 6,
  kRelGotPcRel = 7,
  kRelGotPcRel32Lo = 8,
  kRelGotPcRel32Hi = 9,
  kRelRel32Lo = 10,
  kRelRel32Hi = 11,
  kRelRelative64 = 13,
  kRelRel16 = 14,
};

std::string relocName(uint32_t type) {
  static const char *const kNames[] = {
      "R_AMDGPU_NONE",          "R_AMDGPU_ABS32_LO",      "R_AMDGPU_ABS32_HI", "R_AMDGPU_ABS64",
      "R_AMDGPU_REL32",         "R_AMDGPU_REL64",         "R_AMDGPU_ABS32",    "R_AMDGPU_GOTPCREL",
      "R_AMDGPU_GOTPCREL32_LO", "R_AMDGPU_GOTPCREL32_HI", "R_AMDGPU_REL32_LO", "R_AMDGPU_REL32_HI",
      "unknown (12)",           "R_AMDGPU_RELATIVE64",    "R_AMDGPU_REL16"};
  if (type < std::size(kNames)) return kNames[type];
  return fmt::format("Unknown ({})", type);
}

// memcpy that allows empty ranges (whose pointers may be null).
void copyBytes(uint8_t *to, const void *from, size_t size) {
  if (size) std::memcpy(to, from, size);
}
template <typename T> void put(std::vector<uint8_t> &buf, uint64_t offset, T value) {
  std::memcpy(buf.data() + offset, &value, sizeof value);
}
template <typename T> T get(std::span<const uint8_t> data, uint64_t offset) {
  T v;
  std::memcpy(&v, data.data() + offset, sizeof v);
  return v;
}
uint64_t alignUp(uint64_t v, uint64_t align) {
  if (align <= 1) return v;
  return (v + align - 1) / align * align;
}
// The smallest value >= v that is congruent to `skew` modulo `align` (a power of two).
uint64_t alignWithSkew(uint64_t v, uint64_t align, uint64_t skew) {
  skew %= align;
  return alignUp(v + align - skew, align) - align + skew;
}

// Itanium C++ names in messages are shown demangled, as lld shows them. libstdc++'s demangler
// reads the names; where its text differs from llvm's demangler (lld's), llvm's spelling is put
// back: `float __vector(4)` -> `float vector[4]`, `_Complex` -> `complex`, `_Imaginary` ->
// `imaginary`, `{lambda(int)#1}` -> `'lambda'(int)` (`#2` -> `'lambda0'`), `{unnamed type#1}` ->
// `'unnamed'`, and suffixes `[clone .kd]` -> `(.kd)`.
std::string llvmDemangledSpelling(std::string_view gnu) {
  // A closure number `#N}` at `hash`: as llvm prints it ("" for 1, N-2 from 2 on) and the place
  // after its brace; none when no such number is there.
  auto closureNumber = [&](size_t hash) -> std::optional<std::pair<std::string, size_t>> {
    if (hash >= gnu.size() || gnu[hash] != '#') return std::nullopt;
    const size_t close = gnu.find('}', hash);
    if (close == std::string_view::npos) return std::nullopt;
    unsigned long n = 0;
    for (size_t i = hash + 1; i < close; ++i) {
      if (gnu[i] < '0' || gnu[i] > '9') return std::nullopt;
      n = n * 10 + static_cast<unsigned long>(gnu[i] - '0');
    }
    return std::pair{n <= 1 ? std::string{} : std::to_string(n - 2), close + 1};
  };
  std::string out;
  out.reserve(gnu.size());
  for (size_t i = 0; i < gnu.size();) {
    const std::string_view rest = gnu.substr(i);
    if (rest.starts_with(" __vector(")) {
      const size_t end = rest.find(')');
      out += " vector[" + std::string(rest.substr(10, end - 10)) + "]";
      i += end + 1;
      continue;
    }
    if (rest.starts_with("_Complex") || rest.starts_with("_Imaginary")) {
      out += rest[1] == 'C' ? "complex" : "imaginary";
      i += rest[1] == 'C' ? 8 : 10;
      continue;
    }
    if (rest.starts_with("{lambda(")) {
      // (the parameters may hold parentheses of their own: the number follows the matching one)
      size_t depth = 0, j = 7;
      for (; j < rest.size(); ++j)
        if (rest[j] == '(')
          ++depth;
        else if (rest[j] == ')' && --depth == 0)
          break;
      if (auto number = closureNumber(i + j + 1)) {
        out += "'lambda" + number->first + "'" + std::string(rest.substr(7, j - 6));
        i = number->second;
        continue;
      }
    } else if (rest.starts_with("{unnamed type#")) {
      if (auto number = closureNumber(i + 13)) {
        out += "'unnamed" + number->first + "'";
        i = number->second;
        continue;
      }
    } else if (rest.starts_with(" [clone ") && rest.ends_with("]")) {
      // (`[clone .a] [clone .b]` is llvm's `(.a.b)`)
      std::string suffixes;
      for (size_t at = 0; at < rest.size() && rest.substr(at).starts_with(" [clone ");) {
        const size_t end = rest.find(']', at);
        suffixes += rest.substr(at + 8, end - at - 8);
        at = end + 1;
      }
      out += " (" + suffixes + ")";
      break;
    }
    out += rest[0];
    ++i;
  }
  return out;
}

std::string displayName(std::string_view name) {
  if (!name.starts_with("_Z")) return std::string(name);
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> gnu(
      abi::__cxa_demangle(std::string(name).c_str(), nullptr, nullptr, &status), &std::free);
  return gnu && status == 0 ? llvmDemangledSpelling(gnu.get()) : std::string(name);
}

struct Object;
struct OutputSection;
struct MergeSection;

// A piece of a mergeable section: a string with its NUL, or one sh_entsize element.
struct Piece {
  uint64_t inputOffset = 0;
  uint64_t size = 0;
  uint32_t shard = 0;
  uint64_t outputOffset = 0; // in the merge section (.eh_frame: in the output section)
  bool live = true;          // .eh_frame: a dead FDE or a duplicate CIE is left out
};

struct InputSection {
  Object *file = nullptr; // null: the linker's own .comment line
  uint32_t index = 0;
  std::string_view name;
  uint32_t type = 0;
  uint64_t flags = 0, align = 1, entsize = 0, size = 0;
  std::span<const uint8_t> data;
  const ElfSection *rela = nullptr;
  OutputSection *out = nullptr;
  uint64_t outOffset = 0; // in the output section (regular sections)
  MergeSection *merge = nullptr;
  std::vector<Piece> pieces;
  // SHF_LINK_ORDER: the section it goes with (placed in the order of those sections).
  uint32_t linkIndex = 0;
  InputSection *linkOrderDep = nullptr;
  bool ehFrame = false; // .eh_frame: its CIE and FDE records (pieces) join the one .eh_frame
};

struct Symbol {
  std::string_view name;
  Object *file = nullptr; // the defining file, or the first that referenced it
  InputSection *section = nullptr;
  bool defined = false, absolute = false, isLocal = false, linkerDefined = false;
  // A common symbol (SHN_COMMON: `.comm`) until replaceCommonSymbols gives it room in .bss.
  bool common = false;
  uint64_t commonAlign = 0;
  // A linker-defined symbol is the start (or end) of this output section (null: address 0).
  OutputSection *anchor = nullptr;
  bool anchorAtEnd = false;
  uint64_t value = 0, size = 0;
  uint8_t type = STT_NOTYPE, binding = STB_GLOBAL, visibility = STV_DEFAULT, other = 0;
  uint32_t order = 0;
  bool needsGot = false;
  uint32_t gotIndex = 0;
  uint32_t dynIndex = 0;
  uint32_t dynNameOffset = 0;

  bool hidden() const { return visibility == STV_HIDDEN || visibility == STV_INTERNAL; }
  // In .dynsym: defined symbols of default or protected visibility, undefined ones of default
  // visibility (an undefined protected symbol stays in .symtab only).
  bool exported() const {
    return !isLocal && (visibility == STV_DEFAULT || (visibility == STV_PROTECTED && defined));
  }
  // In a shared object every default-visibility global can be replaced at load time.
  bool preemptible() const { return !isLocal && visibility == STV_DEFAULT; }
  bool undefinedWeak() const { return !defined && binding == STB_WEAK; }
};

struct Object {
  std::string name;
  ElfFile elf;
  std::vector<ElfSymbol> elfSymbols;
  std::vector<InputSection *> sections; // by index; null: not linked
  std::vector<Symbol *> symbols;        // by index
  std::vector<Symbol *> locals;         // its local symbols (index 1 up to sh_info)
};

struct MergeSection {
  uint64_t flags = 0, entsize = 0, align = 1;
  uint32_t type = 0;
  std::vector<InputSection *> inputs;
  std::vector<uint8_t> content;
  uint64_t outOffset = 0;
};

enum class OutKind {
  Regular,
  EhFrame,
  DynSym,
  GnuHash,
  Hash,
  DynStr,
  RelaDyn,
  Dynamic,
  Got,
  RelroPadding,
  SymTab,
  ShStrTab,
  StrTab
};

struct Chunk {
  InputSection *input = nullptr;
  MergeSection *merge = nullptr;
};

struct OutputSection {
  std::string name;
  OutKind kind = OutKind::Regular;
  uint32_t type = 0;
  uint64_t flags = 0, align = 1, entsize = 0;
  bool entsizeSet = false;
  std::vector<Chunk> chunks;
  std::vector<uint8_t> content; // the linker's own sections
  uint64_t size = 0, addr = 0, offset = 0;
  uint32_t index = 0, link = 0, info = 0, nameOffset = 0;
  unsigned rank = 0;
  bool relro = false;
};

struct DynReloc {
  uint64_t offset = 0;
  uint32_t type = 0;
  Symbol *symbol = nullptr; // null for R_AMDGPU_RELATIVE64
  Symbol *target = nullptr; // RELATIVE64: the symbol whose address (+ addend) is the value
  int64_t addend = 0;
  InputSection *section = nullptr; // where it applies (null: the GOT)
};

enum class RelocAction { Static, Got, Skip };
struct Reloc {
  uint64_t offset;
  uint32_t type;
  Symbol *symbol;
  int64_t addend;
  RelocAction action;
};

uint32_t hashGnu(std::string_view name) {
  uint32_t h = 5381;
  for (unsigned char c : name) h = h * 33 + c;
  return h;
}
uint32_t hashSysV(std::string_view name) {
  uint32_t h = 0;
  for (unsigned char c : name) {
    h = (h << 4) + c;
    uint32_t g = h & 0xf0000000;
    if (g) h ^= g >> 24;
    h &= ~g;
  }
  return h;
}

class Linker {
public:
  Linker(const std::vector<LinkInput> &inputs, const LinkOptions &options)
      : inputs_(inputs), options_(options) {}
  LinkResult run();

private:
  bool readObjects();
  bool readSections(Object &obj);
  std::optional<std::vector<bool>> discardedGroupMembers(Object &obj);
  bool readSymbols(Object &obj);
  bool splitMergeable(InputSection &sec);
  void resolveGlobal(Object &obj, const ElfSymbol &es, uint32_t index);
  void replaceCommonSymbols();
  bool combineEhFrames();
  void defineBoundarySymbols();
  void defineLinkerSymbol(Symbol &s, OutputSection *anchor, bool atEnd, uint8_t visibility);
  bool computeFlags();
  void createOutputSections();
  void finalizeMergeSections();
  bool scanRelocations();
  void createGotAndDynamic();
  void buildSymbolTables();
  void sortAndNumberSections();
  void layout();
  void writeSyntheticSections();
  std::vector<std::pair<uint64_t, uint64_t>> dynamicEntries() const;
  std::vector<uint8_t> writeFile();
  void applyRelocations(std::vector<uint8_t> &out);

  void error(std::string message) { result_.errors.push_back(std::move(message)); }
  std::string objMessage(const InputSection &sec, uint64_t offset) const;
  const Symbol *alternativeSpelling(const Symbol &undefined) const;
  uint64_t sectionAddress(const InputSection &sec, uint64_t offset) const;
  uint64_t symbolAddress(const Symbol &s) const;
  uint64_t targetAddress(const Symbol &s, int64_t addend) const;
  uint64_t gotEntryAddress(const Symbol &s) const { return got_->addr + 8ull * s.gotIndex; }
  OutputSection *addSynthetic(std::string name, OutKind kind, uint32_t type, uint64_t flags,
                              uint64_t align, uint64_t entsize);

  const std::vector<LinkInput> &inputs_;
  const LinkOptions &options_;
  LinkResult result_;

  std::deque<Object> objects_;
  std::deque<InputSection> inputSections_;
  std::vector<InputSection *> commonSections_;
  std::unordered_set<std::string_view> comdatGroups_;
  std::vector<InputSection *> ehInputs_;
  OutputSection *ehFrame_ = nullptr;
  // .eh_frame records in output order: each CIE (once per content and personality) with its
  // FDEs; the pieces' outputOffset says where each goes.
  struct EhRecord {
    InputSection *sec;
    size_t piece;
    uint64_t cieOutput; // an FDE's CIE (output offset)
    bool cie;
  };
  std::vector<EhRecord> ehRecords_;
  std::deque<Symbol> symbolStore_;
  std::deque<MergeSection> mergeSections_;
  std::deque<OutputSection> outputStore_;
  std::unordered_map<std::string_view, Symbol *> globals_;
  std::vector<Symbol *> globalOrder_;
  std::string linkerComment_;

  struct Duplicate {
    Symbol *symbol;
    Object *oldFile;
    InputSection *oldSection;
    uint64_t oldValue;
    Object *newFile;
    InputSection *newSection;
    uint64_t newValue;
  };
  std::vector<Duplicate> duplicates_;

  std::vector<OutputSection *> outputs_; // in file order once sorted
  std::unordered_map<const InputSection *, std::vector<Reloc>> relocs_;
  std::vector<Symbol *> gotEntries_;
  std::vector<DynReloc> dynRelocs_;
  std::vector<Symbol *> dynSymbols_; // without the null symbol
  std::vector<Symbol *> symtabLocals_, symtabGlobals_;
  std::vector<uint32_t> symtabNameOffsets_;
  std::string dynstr_, strtab_, shstrtab_;
  uint32_t eflags_ = 0;
  uint8_t osAbi_ = 0, abiVersion_ = 0;
  Symbol *dynamicSymbol_ = nullptr;

  OutputSection *dynsym_ = nullptr, *gnuHash_ = nullptr, *hash_ = nullptr, *dynstrSec_ = nullptr,
                *relaDyn_ = nullptr, *dynamic_ = nullptr, *got_ = nullptr, *relroPadding_ = nullptr,
                *symtab_ = nullptr, *shstrtabSec_ = nullptr, *strtabSec_ = nullptr;

  struct Segment {
    uint32_t type = 0, flags = 0;
    uint64_t offset = 0, vaddr = 0, filesz = 0, memsz = 0, align = 0;
    OutputSection *first = nullptr, *last = nullptr;
  };
  std::vector<Segment> segments_;
  uint64_t sectionHeaderOffset_ = 0;
};

// The piece of a mergeable or .eh_frame section that holds the offset (the last one starting at
// or before it), or null.
const Piece *pieceAt(const InputSection &sec, uint64_t offset) {
  auto it = std::upper_bound(sec.pieces.begin(), sec.pieces.end(), offset,
                             [](uint64_t off, const Piece &p) { return off < p.inputOffset; });
  return it == sec.pieces.begin() ? nullptr : &*--it;
}

// lld names an input position after the symbol that covers it, or the section and offset.
std::string Linker::objMessage(const InputSection &sec, uint64_t offset) const {
  std::string file = sec.file ? sec.file->name : "<internal>";
  if (sec.ehFrame) // lld names the place in its combined .eh_frame
    if (const Piece *p = pieceAt(sec, offset)) offset = p->outputOffset + (offset - p->inputOffset);
  if (sec.file)
    for (const Symbol *s : sec.file->symbols)
      if (s && s->defined && s->section == &sec && s->type != STT_SECTION && s->value <= offset &&
          offset - s->value < s->size)
        return fmt::format("{}:({})", file, displayName(s->name));
  return fmt::format("{}:({}+0x{:x})", file, sec.name, offset);
}

bool Linker::readObjects() {
  if (inputs_.empty()) {
    error("no input files");
    return false;
  }
  for (const LinkInput &in : inputs_) {
    std::string why;
    auto elf = ElfFile::parse(in.data, &why);
    if (!elf) {
      error(fmt::format("{}: {}", in.name, why));
      continue;
    }
    if (elf->fileType() != ET_REL) {
      error(fmt::format("{}: not a relocatable object (gfxasm link takes ET_REL objects only)",
                        in.name));
      continue;
    }
    if (elf->sections().empty()) {
      error(fmt::format("{}: the object has no section headers", in.name));
      continue;
    }
    objects_.push_back(Object{in.name, std::move(*elf), {}, {}, {}, {}});
  }
  if (!result_.errors.empty()) return false;
  for (Object &obj : objects_)
    if (!readSections(obj)) return false;
  for (Object &obj : objects_)
    if (!readSymbols(obj)) return false;
  return result_.errors.empty();
}

bool Linker::splitMergeable(InputSection &sec) {
  uint64_t entsize = sec.entsize;
  if (sec.size % entsize != 0) {
    error(fmt::format("{}:({}): SHF_MERGE section size ({}) must be a multiple of sh_entsize ({})",
                      sec.file ? sec.file->name : "<internal>", sec.name, sec.size, entsize));
    return false;
  }
  auto addPiece = [&](uint64_t off, uint64_t size, uint64_t hashedSize) {
    uint64_t h = object::xxh3_64(sec.data.data() + off, hashedSize);
    // lld keeps 31 bits of the hash (the low 32 shifted right once) and takes a shard from
    // their top 5.
    uint32_t hash31 = static_cast<uint32_t>(h) >> 1;
    sec.pieces.push_back(Piece{off, size, hash31 >> 26, 0});
  };
  if (sec.flags & SHF_STRINGS) {
    // Strings end at an element of entsize zero bytes; the hash leaves the terminator out.
    auto isZero = [&](uint64_t off) {
      for (uint64_t i = 0; i < entsize; ++i)
        if (sec.data[off + i] != 0) return false;
      return true;
    };
    if (sec.size == 0) return true;
    if (!isZero(sec.size - entsize)) {
      error(fmt::format("{}:({}): string is not null terminated",
                        sec.file ? sec.file->name : "<internal>", sec.name));
      return false;
    }
    uint64_t off = 0;
    while (off < sec.size) {
      uint64_t end = off;
      while (!isZero(end)) end += entsize;
      addPiece(off, end + entsize - off, end - off);
      off = end + entsize;
    }
  } else {
    for (uint64_t off = 0; off < sec.size; off += entsize) addPiece(off, entsize, entsize);
  }
  return true;
}

// COMDAT groups (SHT_GROUP with GRP_COMDAT, named by a symbol): as lld, the first file with a
// group of a name keeps its members; a later group of the same name is left out whole (ASan's
// module constructor is such a group in every object).
std::optional<std::vector<bool>> Linker::discardedGroupMembers(Object &obj) {
  const auto &secs = obj.elf.sections();
  std::vector<bool> discarded(secs.size(), false);
  std::optional<std::vector<ElfSymbol>> syms;
  for (const ElfSection &g : secs) {
    if (g.type != SHT_GROUP) continue;
    std::string why;
    if (!syms && !(syms = obj.elf.symbols(SHT_SYMTAB, &why))) {
      error(fmt::format("{}: {}", obj.name, why));
      return std::nullopt;
    }
    auto words = obj.elf.contents(g, &why);
    if (!words) {
      error(fmt::format("{}: {}", obj.name, why));
      return std::nullopt;
    }
    if (words->size() < 4 || words->size() % 4 || g.info >= syms->size()) {
      error(fmt::format("{}: invalid section group {}", obj.name, g.name));
      return std::nullopt;
    }
    if (!(get<uint32_t>(*words, 0) & GRP_COMDAT) ||
        comdatGroups_.insert((*syms)[g.info].name).second)
      continue;
    for (size_t i = 4; i < words->size(); i += 4)
      if (uint32_t member = get<uint32_t>(*words, i); member < secs.size())
        discarded[member] = true;
  }
  return discarded;
}

bool Linker::readSections(Object &obj) {
  const auto &secs = obj.elf.sections();
  obj.sections.assign(secs.size(), nullptr);
  auto discarded = discardedGroupMembers(obj);
  if (!discarded) return false;
  for (const ElfSection &s : secs) {
    if (s.index == 0 || (*discarded)[s.index]) continue;
    switch (s.type) {
    case SHT_NULL:
    case SHT_SYMTAB:
    case SHT_STRTAB:
    case SHT_REL:
    case SHT_RELA:
    case SHT_GROUP:
    case SHT_SYMTAB_SHNDX:
    case kShtLlvmAddrsig:
    case kShtLlvmLinkerOptions:
    case kShtLlvmDependentLibraries:
    case kShtLlvmCallGraphProfile: continue;
    default: break;
    }
    if (s.flags & kShfExclude) continue;
    if (!s.nameError.empty()) {
      error(fmt::format("{}: {}", obj.name, s.nameError));
      return false;
    }
    if (s.name == ".note.GNU-stack") continue;
    std::string why;
    auto contents = obj.elf.contents(s, &why);
    if (!contents) {
      error(fmt::format("{}: {}", obj.name, why));
      return false;
    }
    InputSection &in = inputSections_.emplace_back();
    in.file = &obj;
    in.index = s.index;
    in.name = s.name;
    in.type = s.type;
    in.flags = s.flags & ~uint64_t(SHF_GROUP | SHF_INFO_LINK);
    if (in.flags & SHF_LINK_ORDER) in.linkIndex = s.link;
    in.align = s.addralign ? s.addralign : 1;
    if (in.align > (uint64_t(1) << 32)) {
      error(fmt::format("{}:({}): section sh_addralign is too large", obj.name, s.name));
      return false;
    }
    if (in.align & (in.align - 1)) {
      error(fmt::format("{}:({}): sh_addralign is not a power of 2", obj.name, s.name));
      return false;
    }
    in.entsize = s.entsize;
    in.size = s.size;
    in.data = *contents;
    obj.sections[s.index] = &in;
    // lld reads .eh_frame as records (combineEhFrames), not as bytes.
    if (s.name == ".eh_frame" && s.type == SHT_PROGBITS) {
      in.ehFrame = true;
      ehInputs_.push_back(&in);
      continue;
    }
    // Mergeable: SHF_MERGE with an element size, not writable (lld's rule).
    if ((in.flags & SHF_MERGE) && in.entsize && !(in.flags & SHF_WRITE) && in.type != SHT_NOBITS) {
      if (!splitMergeable(in)) return false;
    } else {
      in.flags &= ~uint64_t(SHF_MERGE | SHF_STRINGS);
    }
  }
  for (InputSection *in : obj.sections)
    if (in && in->linkIndex && in->linkIndex < obj.sections.size())
      in->linkOrderDep = obj.sections[in->linkIndex];
  for (const ElfSection &s : secs) {
    if (s.type == SHT_REL) {
      error(fmt::format("{}: SHT_REL relocation sections are not supported (AMDGPU uses SHT_RELA)",
                        obj.name));
      return false;
    }
    if (s.type != SHT_RELA) continue;
    if (s.info >= secs.size()) {
      error(fmt::format("{}: invalid relocated section index: {}", obj.name, s.info));
      return false;
    }
    InputSection *target = obj.sections[s.info];
    if (!target) continue; // relocations of a section that is not linked
    if (s.entsize != sizeof(Elf64_Rela) || s.size % sizeof(Elf64_Rela) != 0) {
      error(fmt::format("{}: invalid SHT_RELA section: entry size {}, size {}", obj.name, s.entsize,
                        s.size));
      return false;
    }
    std::string why;
    if (!obj.elf.contents(s, &why)) {
      error(fmt::format("{}: {}", obj.name, why));
      return false;
    }
    if (target->rela) {
      error(fmt::format("{}: multiple relocation sections to one section are not supported",
                        obj.name));
      return false;
    }
    target->rela = &s;
  }
  return true;
}

uint8_t minVisibility(uint8_t a, uint8_t b) {
  if (a == STV_DEFAULT) return b;
  if (b == STV_DEFAULT) return a;
  return std::min(a, b);
}

void Linker::resolveGlobal(Object &obj, const ElfSymbol &es, uint32_t index) {
  auto [it, inserted] = globals_.try_emplace(es.name, nullptr);
  if (inserted) {
    Symbol &s = symbolStore_.emplace_back();
    s.name = es.name;
    s.order = static_cast<uint32_t>(globalOrder_.size());
    s.binding = es.binding;
    s.type = es.type;
    s.file = &obj;
    globalOrder_.push_back(&s);
    it->second = &s;
  }
  Symbol &s = *it->second;
  obj.symbols[index] = &s;
  s.visibility = minVisibility(s.visibility, es.other & 3);
  // The symbol becomes `es` of `obj`: a definition, or a common symbol (its value the alignment).
  auto take = [&](bool common) {
    s.common = common;
    s.defined = !common;
    s.absolute = !common && es.shndx == SHN_ABS;
    s.section = common || s.absolute ? nullptr : obj.sections[es.section];
    s.value = common ? 0 : es.value;
    s.commonAlign = common ? es.value : 0;
    s.size = es.size;
    s.type = es.type;
    s.binding = es.binding;
    s.other = es.other;
    s.file = &obj;
  };
  if (es.shndx == SHN_COMMON) {
    // lld: a (strong) definition wins over commons; of several commons the largest size and
    // alignment; a common replaces an undefined or weak symbol.
    if (s.defined && s.binding != STB_WEAK) return;
    if (s.common) {
      s.commonAlign = std::max(s.commonAlign, es.value);
      if (s.size < es.size) {
        s.size = es.size;
        s.file = &obj;
      }
      return;
    }
    take(true);
    return;
  }
  bool isDefined = es.shndx == SHN_ABS || (es.section != 0 && obj.sections[es.section]);
  if (!isDefined) {
    if (!s.defined && !s.common && !inserted && es.binding != STB_WEAK) s.binding = STB_GLOBAL;
    return;
  }
  if (s.common) { // a weak definition leaves the common alone
    if (es.binding != STB_WEAK) take(false);
    return;
  }
  if (!s.defined || (s.binding == STB_WEAK && es.binding != STB_WEAK)) {
    take(false);
    return;
  }
  if (s.binding != STB_WEAK && es.binding != STB_WEAK)
    duplicates_.push_back(Duplicate{&s, s.file, s.section, s.value, &obj,
                                    s.absolute ? nullptr : obj.sections[es.section], es.value});
}

bool Linker::readSymbols(Object &obj) {
  std::string why;
  auto syms = obj.elf.symbols(SHT_SYMTAB, &why);
  if (!syms) {
    error(fmt::format("{}: {}", obj.name, why));
    return false;
  }
  obj.elfSymbols = std::move(*syms);
  uint32_t firstGlobal = 0;
  for (const ElfSection &s : obj.elf.sections())
    if (s.type == SHT_SYMTAB) {
      firstGlobal = s.info;
      break;
    }
  if (firstGlobal > obj.elfSymbols.size() || (firstGlobal == 0 && !obj.elfSymbols.empty())) {
    error(fmt::format("{}: invalid sh_info in symbol table", obj.name));
    return false;
  }
  obj.symbols.assign(obj.elfSymbols.size(), nullptr);
  for (uint32_t i = 1; i < obj.elfSymbols.size(); ++i) {
    const ElfSymbol &es = obj.elfSymbols[i];
    if (!es.nameError.empty() || !es.sectionError.empty()) {
      error(fmt::format("{}: {}", obj.name, es.nameError.empty() ? es.sectionError : es.nameError));
      return false;
    }
    if (es.shndx == SHN_COMMON && (i < firstGlobal || es.value == 0 || es.value >= UINT32_MAX)) {
      error(i < firstGlobal
                ? fmt::format("{}: local common symbol '{}' is not supported", obj.name, es.name)
                : fmt::format("{}: common symbol '{}' has invalid alignment: {}", obj.name, es.name,
                              es.value));
      return false;
    }
    if (i < firstGlobal) {
      Symbol &s = symbolStore_.emplace_back();
      s.name = es.name;
      s.file = &obj;
      s.isLocal = true;
      s.absolute = es.shndx == SHN_ABS || es.type == STT_FILE;
      s.section = es.section && es.shndx != SHN_ABS ? obj.sections[es.section] : nullptr;
      s.defined = s.absolute || s.section;
      s.value = es.value;
      s.size = es.size;
      s.type = es.type;
      s.binding = STB_LOCAL;
      s.other = es.other;
      s.visibility = es.other & 3;
      obj.symbols[i] = &s;
      obj.locals.push_back(&s);
      continue;
    }
    if (es.binding == STB_LOCAL) {
      error(fmt::format("{}: found local symbol '{}' in global part of symbol table", obj.name,
                        es.name));
      return false;
    }
    resolveGlobal(obj, es, i);
  }
  return true;
}

// As lld: each common symbol, once every file's symbols are known, becomes a definition at the
// start of its own NOBITS input section "COMMON" (output .bss), made in the order of the files
// that have common symbols and of each one's symbol table, before every input section.
void Linker::replaceCommonSymbols() {
  for (Object &obj : objects_) {
    if (std::none_of(obj.elfSymbols.begin(), obj.elfSymbols.end(),
                     [](const ElfSymbol &es) { return es.shndx == SHN_COMMON; }))
      continue;
    for (Symbol *s : obj.symbols) {
      if (!s || !s->common) continue;
      InputSection &bss = inputSections_.emplace_back();
      bss.file = s->file;
      bss.name = "COMMON";
      bss.type = SHT_NOBITS;
      bss.flags = SHF_ALLOC | SHF_WRITE;
      bss.align = s->commonAlign;
      bss.size = s->size;
      commonSections_.push_back(&bss);
      s->common = false;
      s->defined = true;
      s->section = &bss;
    }
  }
}

bool Linker::computeFlags() {
  const Object &first = objects_.front();
  osAbi_ = first.elf.osAbi();
  abiVersion_ = first.elf.abiVersion();
  for (const Object &obj : objects_)
    if (obj.elf.abiVersion() != abiVersion_) {
      error(fmt::format("incompatible ABI version: {}", obj.name));
      return false;
    }
  // e_flags: code object v2/v3 must agree exactly; from v4 the processor must, and xnack and
  // sramecc may be "any" in some objects (the others decide); v6 adds the generic version.
  constexpr uint32_t kMach = 0xff, kXnack = 0x300, kXnackAny = 0x100, kSramecc = 0xc00,
                     kSrameccAny = 0x400, kGenericVersion = 0xff000000;
  uint32_t firstFlags = first.elf.flags();
  switch (abiVersion_) {
  case 0:
  case 1:
    for (const Object &obj : objects_)
      if (obj.elf.flags() != firstFlags) {
        error(fmt::format("incompatible e_flags: {}", obj.name));
        return false;
      }
    eflags_ = firstFlags;
    return true;
  case 2:
  case 3:
  case 4: {
    uint32_t mach = firstFlags & kMach, xnack = firstFlags & kXnack,
             sramecc = firstFlags & kSramecc;
    for (size_t i = 1; i < objects_.size(); ++i) {
      uint32_t f = objects_[i].elf.flags();
      if ((f & kMach) != mach) {
        error(fmt::format("incompatible mach: {}", objects_[i].name));
        return false;
      }
      if (xnack == 0 || (xnack != kXnackAny && (f & kXnack) != kXnackAny)) {
        if (xnack != (f & kXnack)) {
          error(fmt::format("incompatible xnack: {}", objects_[i].name));
          return false;
        }
      } else if (xnack == kXnackAny) {
        xnack = f & kXnack;
      }
      if (sramecc == 0 || (sramecc != kSrameccAny && (f & kSramecc) != kSrameccAny)) {
        if (sramecc != (f & kSramecc)) {
          error(fmt::format("incompatible sramecc: {}", objects_[i].name));
          return false;
        }
      } else if (sramecc == kSrameccAny) {
        sramecc = f & kSramecc;
      }
    }
    eflags_ = mach | xnack | sramecc;
    if (abiVersion_ == 4) {
      uint32_t generic = firstFlags & kGenericVersion;
      for (const Object &obj : objects_)
        if ((obj.elf.flags() & kGenericVersion) != generic) {
          error(fmt::format("incompatible generic version: {}", obj.name));
          return false;
        }
      eflags_ |= generic;
    }
    return true;
  }
  default: error(fmt::format("unknown abi version: {}", abiVersion_)); return false;
  }
}

// lld's default output section names: input sections named .text.foo go to .text, and so on.
std::string outputSectionName(std::string_view name) {
  if (name == "COMMON") return ".bss"; // common symbols' sections (replaceCommonSymbols)
  static const std::string_view kPrefixes[] = {
      ".ldata",       ".lrodata",    ".lbss",       ".text",  ".rodata",
      ".data.rel.ro", ".data",       ".bss.rel.ro", ".bss",   ".gcc_except_table",
      ".init_array",  ".fini_array", ".tbss",       ".tdata", ".ARM.exidx",
      ".ARM.extab",   ".ctors",      ".dtors"};
  for (std::string_view prefix : kPrefixes) {
    if (name == prefix) return std::string(name);
    if (name.size() > prefix.size() && name.starts_with(prefix) && name[prefix.size()] == '.')
      return std::string(prefix);
  }
  return std::string(name);
}

// lld's .eh_frame: each input's records split at their length words (an input's terminator
// ends it), CIEs shared by content and personality (the first relocation's symbol), FDEs kept
// when the function they describe (the first relocation's target) is in a linked section, each
// CIE followed by its FDEs in input order, and one zero word at the end.
bool Linker::combineEhFrames() {
  if (ehInputs_.empty()) return true;
  struct CieGroup {
    size_t cieRecord;
    std::vector<EhRecord> fdes;
  };
  std::vector<CieGroup> groups;
  std::map<std::pair<std::string_view, const Symbol *>, size_t> cieByContent;
  for (InputSection *sec : ehInputs_) {
    std::vector<std::pair<uint64_t, const Symbol *>> relocTargets; // sorted by offset
    if (sec->rela) {
      std::string why;
      auto bytes = sec->file->elf.contents(*sec->rela, &why);
      if (!bytes) {
        error(fmt::format("{}: {}", sec->file->name, why));
        return false;
      }
      for (size_t i = 0; i < bytes->size() / sizeof(Elf64_Rela); ++i) {
        auto rela = get<Elf64_Rela>(*bytes, i * sizeof(Elf64_Rela));
        uint32_t sym = ELF64_R_SYM(rela.r_info);
        relocTargets.push_back(
            {rela.r_offset, sym < sec->file->symbols.size() ? sec->file->symbols[sym] : nullptr});
      }
      std::stable_sort(relocTargets.begin(), relocTargets.end(),
                       [](const auto &a, const auto &b) { return a.first < b.first; });
    }
    // The first relocation inside [off, off + size), or null.
    auto firstTarget = [&](uint64_t off, uint64_t size) -> std::optional<const Symbol *> {
      auto it = std::lower_bound(relocTargets.begin(), relocTargets.end(), off,
                                 [](const auto &r, uint64_t o) { return r.first < o; });
      if (it == relocTargets.end() || it->first >= off + size) return std::nullopt;
      return it->second;
    };
    std::span<const uint8_t> d = sec->data;
    const char *corrupt = nullptr;
    std::unordered_map<uint64_t, size_t> groupOfCieAt;
    uint64_t off = 0;
    for (; off < d.size();) {
      if (d.size() - off < 4) {
        corrupt = "CIE/FDE too small";
        break;
      }
      uint64_t size = get<uint32_t>(d, off);
      if (size == 0) break; // the input's terminator
      if (size + 4 > d.size() - off) {
        corrupt =
            size == UINT32_MAX ? "CIE/FDE too large" : "CIE/FDE ends past the end of the section";
        break;
      }
      size += 4;
      // (A record shorter than its id word: lld reads past it; here the missing bytes are 0.)
      uint32_t id = 0;
      copyBytes(reinterpret_cast<uint8_t *>(&id), d.data() + off + 4,
                std::min<uint64_t>(4, d.size() - off - 4));
      size_t index = sec->pieces.size();
      sec->pieces.push_back(Piece{off, size, 0, 0, false});
      auto target = firstTarget(off, size);
      if (id == 0) { // a CIE
        std::string_view content(reinterpret_cast<const char *>(d.data() + off), size);
        auto [it, inserted] =
            cieByContent.try_emplace({content, target.value_or(nullptr)}, groups.size());
        if (inserted) {
          sec->pieces[index].live = true;
          groups.push_back(CieGroup{ehRecords_.size(), {}});
          ehRecords_.push_back(EhRecord{sec, index, 0, true});
        }
        groupOfCieAt[off] = it->second;
      } else {
        auto cie = groupOfCieAt.find(off + 4 - id);
        if (id > off + 4 || cie == groupOfCieAt.end()) {
          error(fmt::format("{}:(.eh_frame): invalid CIE reference", sec->file->name));
          return false;
        }
        const Symbol *fn = target.value_or(nullptr);
        if (fn && fn->defined && fn->section) { // it describes a linked function
          sec->pieces[index].live = true;
          groups[cie->second].fdes.push_back(EhRecord{sec, index, 0, false});
        }
      }
      off += size;
    }
    if (corrupt) {
      error(fmt::format("corrupted .eh_frame: {}\n>>> defined in {}", corrupt,
                        objMessage(*sec, off)));
      return false;
    }
  }
  // Output order and offsets: each CIE, then its FDEs.
  std::vector<EhRecord> ordered;
  uint64_t off = 0;
  for (CieGroup &g : groups) {
    EhRecord cie = ehRecords_[g.cieRecord];
    uint64_t cieOff = off;
    cie.sec->pieces[cie.piece].outputOffset = off;
    off += cie.sec->pieces[cie.piece].size;
    ordered.push_back(cie);
    for (EhRecord &f : g.fdes) {
      f.cieOutput = cieOff;
      f.sec->pieces[f.piece].outputOffset = off;
      off += f.sec->pieces[f.piece].size;
      ordered.push_back(f);
    }
  }
  ehRecords_ = std::move(ordered);
  ehFrame_->size = off + 4; // the terminator
  return true;
}

void Linker::createOutputSections() {
  std::unordered_map<std::string, OutputSection *> byName;
  // lld: the common symbols' sections come first.
  std::vector<InputSection *> order = commonSections_;
  for (Object &obj : objects_)
    for (InputSection *in : obj.sections)
      if (in) order.push_back(in);
  // The linker's version line joins .comment after every input.
  linkerComment_ = "Linker: " + options_.linkerVersion;
  InputSection &comment = inputSections_.emplace_back();
  comment.name = ".comment";
  comment.type = SHT_PROGBITS;
  comment.flags = SHF_MERGE | SHF_STRINGS;
  comment.entsize = 1;
  comment.size = linkerComment_.size() + 1;
  comment.data = std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(linkerComment_.c_str()),
                                          linkerComment_.size() + 1);
  splitMergeable(comment);
  order.push_back(&comment);

  for (InputSection *in : order) {
    if (in->ehFrame) continue; // combineEhFrames
    std::string name = outputSectionName(in->name);
    OutputSection *&out = byName[name];
    if (!out) {
      out = &outputStore_.emplace_back();
      out->name = name;
      out->type = in->type;
      out->flags = in->flags;
      out->entsize = in->entsize;
      out->entsizeSet = true;
      outputs_.push_back(out);
    } else {
      out->flags |= in->flags; // lld: the flags of all inputs (an .rodata with strings is AMS)
      if (out->entsize != in->entsize) out->entsize = 0;
      if (out->type == SHT_NOBITS && in->type != SHT_NOBITS) out->type = in->type;
    }
    out->align = std::max(out->align, in->align);
    in->out = out;
    if (!in->pieces.empty() || ((in->flags & SHF_MERGE) && in->entsize)) {
      MergeSection *ms = nullptr;
      for (Chunk &c : out->chunks)
        if (c.merge && c.merge->flags == in->flags && c.merge->entsize == in->entsize &&
            (c.merge->align == in->align || !(in->flags & SHF_STRINGS))) {
          ms = c.merge;
          break;
        }
      if (!ms) {
        ms = &mergeSections_.emplace_back();
        ms->flags = in->flags;
        ms->entsize = in->entsize;
        ms->align = in->align;
        ms->type = in->type;
        out->chunks.push_back(Chunk{nullptr, ms});
      }
      ms->align = std::max(ms->align, in->align);
      ms->inputs.push_back(in);
      in->merge = ms;
    } else {
      out->chunks.push_back(Chunk{in, nullptr});
    }
  }
  // lld's own .eh_frame section follows the inputs' output sections.
  if (!ehInputs_.empty()) {
    ehFrame_ = &outputStore_.emplace_back();
    ehFrame_->name = ".eh_frame";
    ehFrame_->kind = OutKind::EhFrame;
    ehFrame_->type = SHT_PROGBITS;
    ehFrame_->flags = SHF_ALLOC;
    for (InputSection *in : ehInputs_) {
      ehFrame_->align = std::max(ehFrame_->align, in->align);
      in->out = ehFrame_;
    }
    outputs_.push_back(ehFrame_);
  }
}

// Each shard holds its distinct pieces in the order they come, each aligned to the section's
// alignment; the shards follow one another in order.
void Linker::finalizeMergeSections() {
  for (MergeSection &ms : mergeSections_) {
    struct Shard {
      std::unordered_map<std::string_view, uint64_t> offsets;
      std::vector<std::string_view> pieces;
      uint64_t size = 0;
    };
    std::vector<Shard> shards(32);
    for (InputSection *in : ms.inputs)
      for (Piece &p : in->pieces) {
        Shard &shard = shards[p.shard];
        std::string_view bytes(reinterpret_cast<const char *>(in->data.data() + p.inputOffset),
                               p.size);
        auto [it, inserted] = shard.offsets.try_emplace(bytes, alignUp(shard.size, ms.align));
        if (inserted) {
          shard.size = it->second + p.size;
          shard.pieces.push_back(bytes);
        }
        p.outputOffset = it->second; // shard-relative for now
      }
    std::vector<uint64_t> shardOffsets(32);
    uint64_t off = 0;
    for (size_t i = 0; i < 32; ++i) {
      if (shards[i].size) off = alignUp(off, ms.align);
      shardOffsets[i] = off;
      off += shards[i].size;
    }
    if (off > kMaxOutputSize) {
      error(fmt::format("merged section '{}' is too large ({} bytes)", ms.inputs[0]->name, off));
      return;
    }
    ms.content.assign(off, 0);
    for (size_t i = 0; i < 32; ++i)
      for (std::string_view piece : shards[i].pieces)
        copyBytes(ms.content.data() + shardOffsets[i] + shards[i].offsets[piece], piece.data(),
                  piece.size());
    for (InputSection *in : ms.inputs)
      for (Piece &p : in->pieces) p.outputOffset += shardOffsets[p.shard];
  }
}

uint64_t Linker::sectionAddress(const InputSection &sec, uint64_t offset) const {
  uint64_t base = sec.out ? sec.out->addr : 0;
  if (sec.merge || sec.ehFrame) {
    uint64_t start = base + (sec.merge ? sec.merge->outOffset : 0);
    const Piece *p = pieceAt(sec, offset);
    return p ? start + p->outputOffset + (offset - p->inputOffset) : start;
  }
  return base + sec.outOffset + offset;
}

// S + A of a relocation: a section symbol of a mergeable section (a string's address, written
// as the section plus the string's offset) takes the piece the addend picks.
uint64_t Linker::targetAddress(const Symbol &s, int64_t addend) const {
  if (s.isLocal && s.type == STT_SECTION && s.section && s.section->merge)
    return sectionAddress(*s.section, s.value + addend);
  return symbolAddress(s) + addend;
}

uint64_t Linker::symbolAddress(const Symbol &s) const {
  if (s.linkerDefined) return s.anchor ? s.anchor->addr + (s.anchorAtEnd ? s.anchor->size : 0) : 0;
  if (!s.defined || s.absolute || !s.section) return s.defined ? s.value : 0;
  return sectionAddress(*s.section, s.value);
}

bool Linker::scanRelocations() {
  struct Undefined {
    Symbol *symbol;
    std::vector<std::string> references;
    size_t firstReference; // among all references to undefined symbols
  };
  std::vector<Undefined> undefined;
  size_t undefinedReferences = 0;
  auto pic = [&](const InputSection &sec, const Reloc &r) {
    std::string against = r.symbol->name.empty()
                              ? "local symbol"
                              : fmt::format("symbol '{}'", displayName(r.symbol->name));
    std::string msg = fmt::format("relocation {} cannot be used against {}; recompile with -fPIC",
                                  relocName(r.type), against);
    if (r.symbol->file) msg += fmt::format("\n>>> defined in {}", r.symbol->file->name);
    msg += fmt::format("\n>>> referenced by {}", objMessage(sec, r.offset));
    error(std::move(msg));
  };
  for (Object &obj : objects_)
    for (InputSection *sec : obj.sections) {
      if (!sec || !sec->rela) continue;
      std::string why;
      auto bytes = obj.elf.contents(*sec->rela, &why);
      if (!bytes) {
        error(fmt::format("{}: {}", obj.name, why));
        return false;
      }
      std::vector<Reloc> &list = relocs_[sec];
      size_t n = bytes->size() / sizeof(Elf64_Rela);
      bool alloc = sec->flags & SHF_ALLOC;
      for (size_t i = 0; i < n; ++i) {
        auto rela = get<Elf64_Rela>(*bytes, i * sizeof(Elf64_Rela));
        uint32_t symIndex = ELF64_R_SYM(rela.r_info), type = ELF64_R_TYPE(rela.r_info);
        if (symIndex >= obj.symbols.size() || (symIndex != 0 && !obj.symbols[symIndex])) {
          error(fmt::format("{}: invalid symbol index {} in a relocation", objMessage(*sec, 0),
                            symIndex));
          return false;
        }
        if (type == kRelNone) continue;
        Symbol *sym = obj.symbols[symIndex];
        if (!sym) {
          error(fmt::format("{}: relocation against the null symbol",
                            objMessage(*sec, rela.r_offset)));
          continue;
        }
        unsigned width = type == kRelAbs64 || type == kRelRel64 ? 8 : type == kRelRel16 ? 2 : 4;
        if (sec->type == SHT_NOBITS || rela.r_offset > sec->size ||
            sec->size - rela.r_offset < width) {
          error(fmt::format("{}: relocation {} is outside the section",
                            objMessage(*sec, rela.r_offset), relocName(type)));
          continue;
        }
        if (sec->ehFrame) { // relocations of records left out go with them
          const Piece *p = pieceAt(*sec, rela.r_offset);
          if (!p || !p->live || rela.r_offset - p->inputOffset >= p->size) continue;
        }
        Reloc r{rela.r_offset, type, sym, rela.r_addend, RelocAction::Static};
        if (!alloc) {
          if (type != kRelAbs32 && type != kRelAbs64) {
            error(fmt::format("{}: unsupported relocation {} in a non-allocated section",
                              objMessage(*sec, r.offset), relocName(type)));
            continue;
          }
          list.push_back(r);
          continue;
        }
        bool known = type == kRelAbs32 || type == kRelAbs64 || type == kRelRel32 ||
                     type == kRelRel32Lo || type == kRelRel32Hi || type == kRelRel64 ||
                     type == kRelRel16 || type == kRelGotPcRel || type == kRelGotPcRel32Lo ||
                     type == kRelGotPcRel32Hi;
        if (!known) {
          error(fmt::format("{}: unknown relocation ({}) against symbol {}",
                            objMessage(*sec, r.offset), type, displayName(sym->name)));
          continue;
        }
        if (!sym->defined && !sym->isLocal && sym->visibility != STV_DEFAULT &&
            sym->binding != STB_WEAK) {
          auto it = std::find_if(undefined.begin(), undefined.end(),
                                 [&](const Undefined &u) { return u.symbol == sym; });
          if (it == undefined.end())
            it = undefined.insert(undefined.end(), Undefined{sym, {}, undefinedReferences});
          it->references.push_back(objMessage(*sec, r.offset));
          ++undefinedReferences;
          continue;
        }
        bool preemptible = sym->preemptible();
        // Not preemptible and not moved with the load address: absolute symbols and undefined
        // weak ones (0).
        bool constant = !preemptible && (!sym->defined || sym->absolute);
        bool writable = sec->flags & SHF_WRITE;
        switch (type) {
        case kRelAbs32:
        case kRelAbs64:
          if (constant) break;
          if (type == kRelAbs32 || !writable) {
            pic(*sec, r);
            continue;
          }
          r.action = RelocAction::Skip;
          if (preemptible)
            dynRelocs_.push_back(DynReloc{0, kRelAbs64, sym, nullptr, r.addend, sec});
          else
            dynRelocs_.push_back(DynReloc{0, kRelRelative64, nullptr, sym, r.addend, sec});
          dynRelocs_.back().offset = r.offset; // input-relative until layout
          break;
        case kRelGotPcRel:
        case kRelGotPcRel32Lo:
        case kRelGotPcRel32Hi:
          sym->needsGot = true;
          r.action = RelocAction::Got;
          break;
        default: // PC-relative
          if (preemptible) {
            pic(*sec, r);
            continue;
          }
          break;
        }
        list.push_back(r);
      }
    }
  for (const Undefined &u : undefined) {
    const char *kind = u.symbol->visibility == STV_HIDDEN     ? "hidden "
                       : u.symbol->visibility == STV_INTERNAL ? "internal "
                                                              : "protected ";
    std::string msg = fmt::format("undefined {}symbol: {}", kind, displayName(u.symbol->name));
    size_t shown = std::min<size_t>(u.references.size(), 3);
    for (size_t i = 0; i < shown; ++i) msg += "\n>>> referenced by " + u.references[i];
    if (u.references.size() > shown)
      msg += fmt::format("\n>>> referenced {} more times", u.references.size() - shown);
    // lld suggests a defined symbol one edit away when the symbol's first reference is one of
    // the first two references to undefined symbols.
    if (u.firstReference < 2)
      if (const Symbol *near = alternativeSpelling(*u.symbol))
        msg += fmt::format("\n>>> did you mean: {}\n>>> defined in: {}", displayName(near->name),
                           near->file ? near->file->name : "<internal>");
    error(std::move(msg));
  }
  return result_.errors.empty();
}

// lld's typo correction: the names one insertion, substitution (characters '0' to 'z'),
// transposition or deletion away, tried in its order, among the referencing file's defined
// local symbols and the defined globals; then a match ignoring case.
const Symbol *Linker::alternativeSpelling(const Symbol &undefined) const {
  std::unordered_map<std::string_view, const Symbol *> locals;
  if (undefined.file)
    for (const Symbol *s : undefined.file->locals)
      if (s->defined && !s->name.empty()) locals.try_emplace(s->name, s);
  auto suggest = [&](const std::string &name) -> const Symbol * {
    if (auto it = locals.find(name); it != locals.end()) return it->second;
    if (auto it = globals_.find(name); it != globals_.end() && it->second->defined)
      return it->second;
    return nullptr;
  };
  std::string_view name = undefined.name;
  for (size_t i = 0, e = name.size(); i != e + 1; ++i) {
    std::string candidate = std::string(name.substr(0, i)) + "0" + std::string(name.substr(i));
    for (char c = '0'; c <= 'z'; ++c) {
      candidate[i] = c;
      if (const Symbol *s = suggest(candidate)) return s;
    }
    if (i == e) break;
    candidate = std::string(name);
    for (char c = '0'; c <= 'z'; ++c) {
      candidate[i] = c;
      if (const Symbol *s = suggest(candidate)) return s;
    }
    if (i + 1 < e) {
      candidate[i] = name[i + 1];
      candidate[i + 1] = name[i];
      if (const Symbol *s = suggest(candidate)) return s;
    }
    candidate = std::string(name.substr(0, i)) + std::string(name.substr(i + 1));
    if (const Symbol *s = suggest(candidate)) return s;
  }
  auto sameIgnoringCase = [&](std::string_view other) {
    return other.size() == name.size() &&
           std::equal(other.begin(), other.end(), name.begin(), [](char a, char b) {
             return std::tolower(static_cast<unsigned char>(a)) ==
                    std::tolower(static_cast<unsigned char>(b));
           });
  };
  if (undefined.file)
    for (const Symbol *s : undefined.file->locals)
      if (s->defined && !s->name.empty() && sameIgnoringCase(s->name)) return locals[s->name];
  for (const Symbol *s : globalOrder_)
    if (s->defined && sameIgnoringCase(s->name)) return s;
  return nullptr;
}

OutputSection *Linker::addSynthetic(std::string name, OutKind kind, uint32_t type, uint64_t flags,
                                    uint64_t align, uint64_t entsize) {
  OutputSection &out = outputStore_.emplace_back();
  out.name = std::move(name);
  out.kind = kind;
  out.type = type;
  out.flags = flags;
  out.align = align;
  out.entsize = entsize;
  outputs_.push_back(&out);
  return &out;
}

// The GOT's entries in lld's order: global symbols as they entered the symbol table, then each
// file's local symbols; each entry is a dynamic relocation unless its value is a constant.
void Linker::createGotAndDynamic() {
  auto addGot = [&](Symbol *s) {
    if (!s->needsGot) return;
    s->gotIndex = static_cast<uint32_t>(gotEntries_.size());
    gotEntries_.push_back(s);
    if (s->preemptible())
      dynRelocs_.push_back(DynReloc{8ull * s->gotIndex, kRelAbs64, s, nullptr, 0, nullptr});
    else if (s->defined && !s->absolute)
      dynRelocs_.push_back(DynReloc{8ull * s->gotIndex, kRelRelative64, nullptr, s, 0, nullptr});
  };
  for (Symbol *s : globalOrder_) addGot(s);
  for (Object &obj : objects_)
    for (Symbol *s : obj.locals) addGot(s);

  dynsym_ = addSynthetic(".dynsym", OutKind::DynSym, SHT_DYNSYM, SHF_ALLOC, 8, sizeof(Elf64_Sym));
  gnuHash_ = addSynthetic(".gnu.hash", OutKind::GnuHash, SHT_GNU_HASH, SHF_ALLOC, 8, 0);
  hash_ = addSynthetic(".hash", OutKind::Hash, SHT_HASH, SHF_ALLOC, 4, 4);
  dynstrSec_ = addSynthetic(".dynstr", OutKind::DynStr, SHT_STRTAB, SHF_ALLOC, 1, 0);
  if (!dynRelocs_.empty())
    relaDyn_ =
        addSynthetic(".rela.dyn", OutKind::RelaDyn, SHT_RELA, SHF_ALLOC, 8, sizeof(Elf64_Rela));
  dynamic_ = addSynthetic(".dynamic", OutKind::Dynamic, SHT_DYNAMIC, SHF_ALLOC | SHF_WRITE, 8,
                          sizeof(Elf64_Dyn));
  if (!gotEntries_.empty())
    got_ = addSynthetic(".got", OutKind::Got, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 8, 0);
  relroPadding_ = addSynthetic(".relro_padding", OutKind::RelroPadding, SHT_NOBITS,
                               SHF_ALLOC | SHF_WRITE, 1, 0);
  symtab_ = addSynthetic(".symtab", OutKind::SymTab, SHT_SYMTAB, 0, 8, sizeof(Elf64_Sym));
  shstrtabSec_ = addSynthetic(".shstrtab", OutKind::ShStrTab, SHT_STRTAB, 0, 1, 0);
  strtabSec_ = addSynthetic(".strtab", OutKind::StrTab, SHT_STRTAB, 0, 1, 0);

  // _DYNAMIC: the address of .dynamic, hidden; defined by the linker unless an input defines it.
  auto it = globals_.find("_DYNAMIC");
  if (it == globals_.end()) {
    Symbol &s = symbolStore_.emplace_back();
    s.name = "_DYNAMIC";
    s.order = static_cast<uint32_t>(globalOrder_.size());
    globalOrder_.push_back(&s);
    globals_.emplace(s.name, &s);
    dynamicSymbol_ = &s;
  } else if (!it->second->defined) {
    dynamicSymbol_ = it->second;
  }
  if (dynamicSymbol_) {
    defineLinkerSymbol(*dynamicSymbol_, dynamic_, false, STV_HIDDEN);
    dynamicSymbol_->visibility = STV_HIDDEN;
    dynamicSymbol_->binding = STB_WEAK;
  }
}

void Linker::defineLinkerSymbol(Symbol &s, OutputSection *anchor, bool atEnd, uint8_t visibility) {
  s.defined = s.linkerDefined = true;
  s.absolute = s.common = false;
  s.section = nullptr;
  s.anchor = anchor;
  s.anchorAtEnd = atEnd;
  s.file = nullptr;
  s.type = STT_NOTYPE;
  s.binding = STB_GLOBAL;
  s.value = s.size = 0;
  s.visibility = minVisibility(s.visibility, visibility);
}

// What lld defines for symbols the inputs refer to but do not define: the bounds of the
// .preinit_array, .init_array and .fini_array output sections (hidden; address 0 without the
// section) and __start_NAME / __stop_NAME of each output section named like a C identifier
// (protected), as ASan device code uses them.
void Linker::defineBoundarySymbols() {
  auto define = [&](std::string_view name, OutputSection *sec, bool atEnd, uint8_t visibility) {
    auto it = globals_.find(name);
    if (it != globals_.end() && !it->second->defined)
      defineLinkerSymbol(*it->second, sec, atEnd, visibility);
  };
  auto find = [&](std::string_view name) -> OutputSection * {
    for (OutputSection *out : outputs_)
      if (out->name == name) return out;
    return nullptr;
  };
  for (std::string_view array : {"preinit_array", "init_array", "fini_array"}) {
    OutputSection *sec = find(fmt::format(".{}", array));
    define(fmt::format("__{}_start", array), sec, false, STV_HIDDEN);
    define(fmt::format("__{}_end", array), sec, sec != nullptr, STV_HIDDEN);
  }
  for (OutputSection *out : outputs_) {
    std::string_view n = out->name;
    bool identifier = !n.empty() && !std::isdigit(static_cast<unsigned char>(n[0])) &&
                      std::all_of(n.begin(), n.end(), [](char c) {
                        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                      });
    if (!identifier) continue;
    define(fmt::format("__start_{}", n), out, false, STV_PROTECTED);
    define(fmt::format("__stop_{}", n), out, true, STV_PROTECTED);
  }
}

void Linker::buildSymbolTables() {
  // .dynsym: exported symbols in symbol-table order, the undefined ones first, the defined
  // ones sorted by GNU hash bucket (their names in .dynstr in symbol-table order).
  dynstr_.assign(1, '\0');
  std::vector<Symbol *> exported;
  for (Symbol *s : globalOrder_)
    if (s->exported()) {
      s->dynNameOffset = static_cast<uint32_t>(dynstr_.size());
      dynstr_.append(s->name);
      dynstr_.push_back('\0');
      exported.push_back(s);
    }
  std::stable_partition(exported.begin(), exported.end(), [](Symbol *s) { return !s->defined; });
  auto firstDefined =
      std::find_if(exported.begin(), exported.end(), [](Symbol *s) { return s->defined; });
  size_t definedCount = exported.end() - firstDefined;
  uint32_t buckets = static_cast<uint32_t>(std::max<size_t>(definedCount / 4, 1));
  std::stable_sort(firstDefined, exported.end(), [&](Symbol *a, Symbol *b) {
    uint32_t ba = hashGnu(a->name) % buckets, bb = hashGnu(b->name) % buckets;
    if (ba != bb) return ba < bb;
    return a->dynNameOffset < b->dynNameOffset;
  });
  dynSymbols_ = exported;
  for (size_t i = 0; i < dynSymbols_.size(); ++i)
    dynSymbols_[i]->dynIndex = static_cast<uint32_t>(i + 1);

  // .symtab: each file's local symbols (not section symbols), then the globals; those that end
  // up local (hidden) move before the others, grouped by file in order of first appearance.
  struct Entry {
    Symbol *symbol;
    uint32_t nameOffset;
    const Object *file;
  };
  std::vector<Entry> entries;
  strtab_.assign(1, '\0');
  auto add = [&](Symbol *s, const Object *file) {
    entries.push_back(Entry{s, static_cast<uint32_t>(strtab_.size()), file});
    strtab_.append(s->name);
    strtab_.push_back('\0');
  };
  for (Object &obj : objects_)
    for (Symbol *s : obj.locals) {
      if (s->type == STT_SECTION || !s->defined) continue;
      if (s->name.starts_with(".L") && s->section && s->section->merge) continue;
      add(s, &obj);
    }
  for (Symbol *s : globalOrder_) add(s, s->linkerDefined ? nullptr : s->file);
  auto isLocal = [](const Entry &e) { return e.symbol->isLocal || e.symbol->hidden(); };
  auto mid = std::stable_partition(entries.begin(), entries.end(), isLocal);
  std::vector<const Object *> fileOrder;
  for (auto it = entries.begin(); it != mid; ++it)
    if (std::find(fileOrder.begin(), fileOrder.end(), it->file) == fileOrder.end())
      fileOrder.push_back(it->file);
  std::vector<Entry> grouped;
  for (const Object *f : fileOrder)
    for (auto it = entries.begin(); it != mid; ++it)
      if (it->file == f) grouped.push_back(*it);
  std::copy(grouped.begin(), grouped.end(), entries.begin());
  for (auto it = entries.begin(); it != entries.end(); ++it) {
    (it < mid ? symtabLocals_ : symtabGlobals_).push_back(it->symbol);
    symtabNameOffsets_.push_back(it->nameOffset);
  }
}

// ld.lld's section rank: read-only (notes, then other non-PROGBITS like .dynsym, then
// PROGBITS), executable, writable RELRO, writable; NOBITS after the others of their group;
// non-allocated last.
unsigned sectionRank(OutputSection &s) {
  constexpr unsigned kNotAlloc = 1u << 26, kWrite = 1u << 14, kExec = 1u << 12, kRodata = 1u << 11,
                     kLarge = 1u << 9, kNotRelro = 1u << 8, kNotTls = 1u << 7, kBss = 1u << 6;
  unsigned rank = 1u << 27;
  if (!(s.flags & SHF_ALLOC)) return rank | kNotAlloc;
  bool exec = s.flags & SHF_EXECINSTR, write = s.flags & SHF_WRITE;
  if (!write && !exec) {
    rank |= kLarge;
    if (s.type == SHT_NOTE)
      rank |= 2;
    else if (s.type != SHT_PROGBITS)
      rank |= 3;
    else
      rank |= kRodata;
  } else if (exec) {
    rank |= write ? (1u << 13) : kExec;
  } else {
    rank |= kWrite;
    if (!(s.flags & SHF_TLS)) rank |= kNotTls;
    static const std::string_view kRelroNames[] = {".data.rel.ro", ".bss.rel.ro", ".ctors",
                                                   ".dtors",       ".jcr",        ".eh_frame",
                                                   ".fini_array",  ".init_array", ".preinit_array"};
    bool relro =
        (s.flags & SHF_TLS) || s.type == SHT_INIT_ARRAY || s.type == SHT_FINI_ARRAY ||
        s.type == SHT_PREINIT_ARRAY || s.kind == OutKind::Got || s.kind == OutKind::RelroPadding ||
        s.kind == OutKind::Dynamic ||
        std::find(std::begin(kRelroNames), std::end(kRelroNames), s.name) != std::end(kRelroNames);
    s.relro = relro;
    if (!relro) rank |= kNotRelro;
  }
  if (s.type == SHT_NOBITS) rank |= kBss;
  return rank;
}

void Linker::sortAndNumberSections() {
  for (OutputSection *s : outputs_) s->rank = sectionRank(*s);
  std::stable_sort(outputs_.begin(), outputs_.end(),
                   [](OutputSection *a, OutputSection *b) { return a->rank < b->rank; });
  shstrtab_.assign(1, '\0');
  for (size_t i = 0; i < outputs_.size(); ++i) {
    outputs_[i]->index = static_cast<uint32_t>(i + 1);
    outputs_[i]->nameOffset = static_cast<uint32_t>(shstrtab_.size());
    shstrtab_.append(outputs_[i]->name);
    shstrtab_.push_back('\0');
  }
}

// lld: the SHF_LINK_ORDER inputs of an output section follow the others, in the order of the
// sections they go with (laid out already: those rank before), and the output's sh_link is the
// first one's output section.
void orderByLinkedSections(OutputSection &s) {
  auto dep = [](const Chunk &c) { return c.input ? c.input->linkOrderDep : nullptr; };
  auto linked = [&](const Chunk &c) { return dep(c) && dep(c)->out; };
  auto mid = std::stable_partition(s.chunks.begin(), s.chunks.end(),
                                   [&](const Chunk &c) { return !linked(c); });
  std::stable_sort(mid, s.chunks.end(), [&](const Chunk &a, const Chunk &b) {
    return std::pair(dep(a)->out->index, dep(a)->outOffset) <
           std::pair(dep(b)->out->index, dep(b)->outOffset);
  });
  if (!s.chunks.empty() && linked(s.chunks.front())) s.link = dep(s.chunks.front())->out->index;
}

uint32_t segmentFlags(const OutputSection &s) {
  uint32_t f = PF_R;
  if (s.flags & SHF_WRITE) f |= PF_W;
  if (s.flags & SHF_EXECINSTR) f |= PF_X;
  return f;
}

void Linker::layout() {
  // Sizes of every section (the linker's own are known once the symbols are).
  for (OutputSection *s : outputs_) {
    switch (s->kind) {
    case OutKind::Regular: {
      if (s->flags & SHF_LINK_ORDER) orderByLinkedSections(*s);
      uint64_t off = 0;
      for (Chunk &c : s->chunks) {
        if (c.input) {
          off = alignUp(off, c.input->align);
          c.input->outOffset = off;
          off += c.input->size;
        } else {
          off = alignUp(off, c.merge->align);
          c.merge->outOffset = off;
          off += c.merge->content.size();
        }
      }
      s->size = off;
      break;
    }
    case OutKind::DynSym:
      s->size = (dynSymbols_.size() + 1) * sizeof(Elf64_Sym);
      s->info = 1;
      break;
    case OutKind::GnuHash: {
      size_t defined = std::count_if(dynSymbols_.begin(), dynSymbols_.end(),
                                     [](Symbol *x) { return x->defined; });
      uint64_t maskWords = 1;
      if (defined) {
        uint64_t words = defined * 12 / 64;
        maskWords = 1;
        while (maskWords <= words) maskWords <<= 1; // llvm's NextPowerOf2: strictly greater
      }
      s->size = 16 + 8 * maskWords + 4 * std::max<size_t>(defined / 4, 1) + 4 * defined;
      break;
    }
    case OutKind::Hash: s->size = 4 * (2 + 2 * (dynSymbols_.size() + 1)); break;
    case OutKind::DynStr: s->size = dynstr_.size(); break;
    case OutKind::RelaDyn: s->size = dynRelocs_.size() * sizeof(Elf64_Rela); break;
    case OutKind::Dynamic: s->size = dynamicEntries().size() * sizeof(Elf64_Dyn); break;
    case OutKind::EhFrame: break; // combineEhFrames
    case OutKind::Got: s->size = 8 * gotEntries_.size(); break;
    case OutKind::RelroPadding:
      s->size = 0; // set below
      break;
    case OutKind::SymTab:
      s->size = (symtabLocals_.size() + symtabGlobals_.size() + 1) * sizeof(Elf64_Sym);
      s->info = static_cast<uint32_t>(symtabLocals_.size() + 1);
      break;
    case OutKind::ShStrTab: s->size = shstrtab_.size(); break;
    case OutKind::StrTab: s->size = strtab_.size(); break;
    }
  }
  dynsym_->link = dynstrSec_->index;
  gnuHash_->link = dynsym_->index;
  hash_->link = dynsym_->index;
  dynamic_->link = dynstrSec_->index;
  if (relaDyn_) relaDyn_->link = dynsym_->index;
  symtab_->link = strtabSec_->index;

  // Segments: PT_PHDR, the PT_LOADs, PT_DYNAMIC, PT_GNU_RELRO, PT_GNU_STACK, PT_NOTEs.
  std::vector<std::vector<OutputSection *>> loads;
  OutputSection *prev = nullptr;
  for (OutputSection *s : outputs_) {
    if (!(s->flags & SHF_ALLOC)) break;
    bool newLoad = loads.empty() || segmentFlags(*s) != segmentFlags(*prev) ||
                   (prev->relro && !s->relro) ||
                   (prev->type == SHT_NOBITS && s->type != SHT_NOBITS);
    if (newLoad) loads.emplace_back();
    loads.back().push_back(s);
    prev = s;
  }
  size_t noteCount = 0;
  {
    OutputSection *prevNote = nullptr;
    for (OutputSection *s : outputs_) {
      if (s->type == SHT_NOTE && (s->flags & SHF_ALLOC)) {
        if (!prevNote || prevNote->align != s->align) ++noteCount;
        prevNote = s;
      } else {
        prevNote = nullptr;
      }
    }
  }
  bool hasRelro =
      std::any_of(outputs_.begin(), outputs_.end(), [](OutputSection *s) { return s->relro; });
  // A PT_LOAD of empty sections only (llvm-mc's empty .text) is left out of the program
  // headers, but not of the room made for them (PT_PHDR covers it too); its sections still start
  // a page as a segment's first section does.
  auto emptyLoad = [](const std::vector<OutputSection *> &load) {
    return std::all_of(load.begin(), load.end(), [](OutputSection *s) { return s->size == 0; });
  };
  size_t phnum = 1 + loads.size() + 1 + (hasRelro ? 1 : 0) + 1 + noteCount;

  // Addresses and offsets.
  uint64_t dot = sizeof(Elf64_Ehdr) + phnum * sizeof(Elf64_Phdr);
  uint64_t off = dot;
  for (size_t li = 0; li < loads.size(); ++li) {
    auto &load = loads[li];
    for (size_t i = 0; i < load.size(); ++i) {
      OutputSection *s = load[i];
      if (s == relroPadding_) {
        // Up to the next page: the RELRO region ends on a page boundary.
        s->addr = alignUp(dot, s->align);
        s->size = alignUp(s->addr, kPageSize) - s->addr;
      } else if (i == 0 && li != 0) {
        // The next page, at the offset the previous segment ended inside its page; after the
        // RELRO padding, where the padding began.
        uint64_t from = prev && prev == relroPadding_ ? relroPadding_->addr : dot;
        s->addr = alignUp(alignUp(from, kPageSize) + from % kPageSize, s->align);
      } else {
        s->addr = alignUp(dot, s->align);
      }
      dot = s->addr + s->size;
      // The file offset: congruent to the address modulo the page for a segment's first
      // section; where the file is for NOBITS; else as far from the segment's first section as
      // in memory.
      if (i == 0 && li != 0)
        s->offset = alignWithSkew(off, kPageSize, s->addr);
      else if (s->type == SHT_NOBITS)
        s->offset = off;
      else if (li == 0)
        s->offset = s->addr; // the first segment starts at offset 0, address 0
      else
        s->offset = load[0]->offset + (s->addr - load[0]->addr);
      off = s->offset + (s->type == SHT_NOBITS ? 0 : s->size); // a first NOBITS moves it too
      prev = s;
    }
  }
  for (OutputSection *s : outputs_) {
    if (s->flags & SHF_ALLOC) continue;
    s->addr = 0;
    s->offset = alignUp(off, s->align);
    off = s->offset + (s->type == SHT_NOBITS ? 0 : s->size);
  }
  sectionHeaderOffset_ = alignUp(off, 8);
  // Sizes from damaged objects (a NOBITS section of 2^63 bytes) must not wrap addresses around
  // or ask for a file larger than any code object.
  constexpr uint64_t kLimit = uint64_t(1) << 40;
  for (OutputSection *s : outputs_)
    if (s->addr > kLimit || s->size > kLimit || s->offset > kLimit) {
      error(fmt::format("section '{}' is too large (address 0x{:x}, size 0x{:x})", s->name, s->addr,
                        s->size));
      return;
    }
  if (sectionHeaderOffset_ > kMaxOutputSize || outputs_.size() >= SHN_LORESERVE - 1)
    error(fmt::format("output file too large ({} bytes, gfxasm link writes up to {})",
                      sectionHeaderOffset_, kMaxOutputSize));

  // A segment over a run of output sections, from `offset`/`vaddr` (the first section's unless
  // given) to the last one's end; its bytes in the file end where the last section's do (a
  // NOBITS one: at its offset).
  auto segmentOver = [](uint32_t type, uint32_t flags, const std::vector<OutputSection *> &secs,
                        std::optional<uint64_t> start = std::nullopt) {
    Segment seg;
    seg.type = type;
    seg.flags = flags;
    seg.offset = start ? *start : secs.front()->offset;
    seg.vaddr = start ? *start : secs.front()->addr;
    const OutputSection *last = secs.back();
    seg.filesz = last->offset + (last->type == SHT_NOBITS ? 0 : last->size) - seg.offset;
    seg.memsz = last->addr + last->size - seg.vaddr;
    return seg;
  };
  Segment phdr;
  phdr.type = PT_PHDR;
  phdr.flags = PF_R;
  phdr.offset = phdr.vaddr = sizeof(Elf64_Ehdr);
  phdr.filesz = phdr.memsz = phnum * sizeof(Elf64_Phdr);
  phdr.align = 8;
  segments_.push_back(phdr);
  for (size_t li = 0; li < loads.size(); ++li) {
    auto &load = loads[li];
    if (emptyLoad(load)) continue;
    // (the first one starts at the file's and the address space's start)
    Segment seg = segmentOver(PT_LOAD, segmentFlags(*load[0]), load,
                              li == 0 ? std::optional<uint64_t>(0) : std::nullopt);
    seg.align = kPageSize;
    for (OutputSection *s : load) seg.align = std::max(seg.align, s->align);
    segments_.push_back(seg);
  }
  Segment dyn;
  dyn.type = PT_DYNAMIC;
  dyn.flags = PF_R | PF_W;
  dyn.offset = dynamic_->offset;
  dyn.vaddr = dynamic_->addr;
  dyn.filesz = dyn.memsz = dynamic_->size;
  dyn.align = dynamic_->align;
  segments_.push_back(dyn);
  if (hasRelro) {
    std::vector<OutputSection *> relro;
    for (OutputSection *s : outputs_)
      if (s->relro) relro.push_back(s);
    Segment seg = segmentOver(PT_GNU_RELRO, PF_R, relro);
    seg.align = 1;
    segments_.push_back(seg);
  }
  Segment stack;
  stack.type = PT_GNU_STACK;
  stack.flags = PF_R | PF_W;
  segments_.push_back(stack);
  std::vector<OutputSection *> notes;
  auto flushNotes = [&] {
    if (notes.empty()) return;
    Segment seg = segmentOver(PT_NOTE, PF_R, notes);
    seg.align = 0;
    for (OutputSection *s : notes) seg.align = std::max(seg.align, s->align);
    segments_.push_back(seg);
    notes.clear();
  };
  for (OutputSection *s : outputs_) {
    if (s->type == SHT_NOTE && (s->flags & SHF_ALLOC)) {
      if (!notes.empty() && notes.back()->align != s->align) flushNotes();
      notes.push_back(s);
    } else {
      flushNotes();
    }
  }
  flushNotes();
}

// .dynamic's entries in lld's order (the values are final once the layout is).
std::vector<std::pair<uint64_t, uint64_t>> Linker::dynamicEntries() const {
  std::vector<std::pair<uint64_t, uint64_t>> e;
  if (relaDyn_) {
    e.push_back({DT_RELA, relaDyn_->addr});
    e.push_back({DT_RELASZ, relaDyn_->size});
    e.push_back({DT_RELAENT, sizeof(Elf64_Rela)});
    size_t relative = std::count_if(dynRelocs_.begin(), dynRelocs_.end(),
                                    [](const DynReloc &r) { return r.type == kRelRelative64; });
    if (relative) e.push_back({DT_RELACOUNT, relative});
  }
  e.push_back({DT_SYMTAB, dynsym_->addr});
  e.push_back({DT_SYMENT, sizeof(Elf64_Sym)});
  e.push_back({DT_STRTAB, dynstrSec_->addr});
  e.push_back({DT_STRSZ, dynstr_.size()});
  e.push_back({DT_GNU_HASH, gnuHash_->addr});
  e.push_back({DT_HASH, hash_->addr});
  // Constructors and destructors (ASan device code's module constructor), and the functions
  // named _init and _fini when an input defines them.
  for (auto [name, addrTag, sizeTag] : {std::tuple{".init_array", DT_INIT_ARRAY, DT_INIT_ARRAYSZ},
                                        std::tuple{".fini_array", DT_FINI_ARRAY, DT_FINI_ARRAYSZ}})
    for (const OutputSection *out : outputs_)
      if (out->name == name) {
        e.push_back({addrTag, out->addr});
        e.push_back({sizeTag, out->size});
        break;
      }
  for (auto [name, tag] : {std::pair{"_init", DT_INIT}, std::pair{"_fini", DT_FINI}}) {
    auto it = globals_.find(name);
    if (it != globals_.end() && it->second->defined) e.push_back({tag, symbolAddress(*it->second)});
  }
  e.push_back({DT_NULL, 0});
  return e;
}

void Linker::writeSyntheticSections() {
  auto symbolSectionIndex = [&](const Symbol &s) -> uint16_t {
    // Without its section, lld defines the symbol in its ELF header, section 1 in the table.
    if (s.linkerDefined) return s.anchor ? static_cast<uint16_t>(s.anchor->index) : 1;
    if (!s.defined) return SHN_UNDEF;
    if (s.absolute || !s.section) return SHN_ABS;
    OutputSection *out = s.section->out;
    return out ? static_cast<uint16_t>(out->index >= SHN_LORESERVE ? SHN_XINDEX : out->index)
               : SHN_ABS;
  };
  // Local symbols keep their st_other; globals get the visibility all their files agreed on.
  auto writeSym = [&](std::vector<uint8_t> &buf, size_t i, const Symbol &s, uint32_t name) {
    Elf64_Sym sym{};
    sym.st_name = name;
    uint8_t binding = s.isLocal || s.hidden() ? STB_LOCAL : s.binding;
    sym.st_info = ELF64_ST_INFO(binding, s.type);
    sym.st_other = s.isLocal ? s.other : s.visibility;
    sym.st_shndx = symbolSectionIndex(s);
    sym.st_value = s.defined ? symbolAddress(s) : 0;
    sym.st_size = s.defined && !s.linkerDefined ? s.size : 0;
    put(buf, i * sizeof(Elf64_Sym), sym);
  };

  for (OutputSection *s : outputs_) {
    s->content.assign(s->type == SHT_NOBITS ? 0 : s->size, 0);
    switch (s->kind) {
    case OutKind::DynSym:
      for (size_t i = 0; i < dynSymbols_.size(); ++i)
        writeSym(s->content, i + 1, *dynSymbols_[i], dynSymbols_[i]->dynNameOffset);
      break;
    case OutKind::GnuHash: {
      std::vector<Symbol *> defined;
      for (Symbol *x : dynSymbols_)
        if (x->defined) defined.push_back(x);
      uint32_t buckets = static_cast<uint32_t>(std::max<size_t>(defined.size() / 4, 1));
      uint64_t maskWords = (s->size - 16 - 4 * buckets - 4 * defined.size()) / 8;
      constexpr uint32_t kShift2 = 26;
      put<uint32_t>(s->content, 0, buckets);
      put<uint32_t>(s->content, 4, static_cast<uint32_t>(dynSymbols_.size() + 1 - defined.size()));
      put<uint32_t>(s->content, 8, static_cast<uint32_t>(maskWords));
      put<uint32_t>(s->content, 12, kShift2);
      for (Symbol *x : defined) {
        uint32_t h = hashGnu(x->name);
        uint64_t word = (h / 64) & (maskWords - 1);
        uint64_t v = get<uint64_t>(s->content, 16 + 8 * word);
        v |= uint64_t(1) << (h % 64);
        v |= uint64_t(1) << ((h >> kShift2) % 64);
        put(s->content, 16 + 8 * word, v);
      }
      uint64_t bucketBase = 16 + 8 * maskWords, valueBase = bucketBase + 4 * buckets;
      uint32_t previous = ~0u;
      for (size_t i = 0; i < defined.size(); ++i) {
        uint32_t h = hashGnu(defined[i]->name), bucket = h % buckets;
        bool last = i + 1 == defined.size() || hashGnu(defined[i + 1]->name) % buckets != bucket;
        put<uint32_t>(s->content, valueBase + 4 * i, last ? (h | 1) : (h & ~1u));
        if (bucket != previous)
          put<uint32_t>(s->content, bucketBase + 4 * bucket, defined[i]->dynIndex);
        previous = bucket;
      }
      break;
    }
    case OutKind::Hash: {
      uint32_t n = static_cast<uint32_t>(dynSymbols_.size() + 1);
      put<uint32_t>(s->content, 0, n);
      put<uint32_t>(s->content, 4, n);
      for (Symbol *x : dynSymbols_) {
        uint32_t h = hashSysV(x->name) % n;
        uint64_t bucketAt = 8 + 4 * h, chainAt = 8 + 4ull * n + 4ull * x->dynIndex;
        put<uint32_t>(s->content, chainAt, get<uint32_t>(s->content, bucketAt));
        put<uint32_t>(s->content, bucketAt, x->dynIndex);
      }
      break;
    }
    case OutKind::DynStr: copyBytes(s->content.data(), dynstr_.data(), dynstr_.size()); break;
    case OutKind::RelaDyn: {
      for (DynReloc &r : dynRelocs_)
        if (r.section)
          r.offset = sectionAddress(*r.section, r.offset);
        else
          r.offset += got_->addr;
      // Relative relocations first, then by symbol and offset (lld's -z combreloc).
      std::stable_sort(
          dynRelocs_.begin(), dynRelocs_.end(), [](const DynReloc &a, const DynReloc &b) {
            bool ra = a.type == kRelRelative64, rb = b.type == kRelRelative64;
            if (ra != rb) return ra;
            uint32_t sa = a.symbol ? a.symbol->dynIndex : 0, sb = b.symbol ? b.symbol->dynIndex : 0;
            if (sa != sb) return sa < sb;
            return a.offset < b.offset;
          });
      for (size_t i = 0; i < dynRelocs_.size(); ++i) {
        const DynReloc &r = dynRelocs_[i];
        Elf64_Rela rela{};
        rela.r_offset = r.offset;
        uint32_t sym = r.symbol ? r.symbol->dynIndex : 0;
        rela.r_info = ELF64_R_INFO(sym, r.type);
        rela.r_addend = r.type == kRelRelative64
                            ? static_cast<int64_t>(targetAddress(*r.target, r.addend))
                            : r.addend;
        put(s->content, i * sizeof(Elf64_Rela), rela);
      }
      break;
    }
    case OutKind::EhFrame:
      // The records as they are but for an FDE's CIE pointer (the distance back to its CIE);
      // the relocations follow (applyRelocations).
      for (const EhRecord &r : ehRecords_) {
        const Piece &p = r.sec->pieces[r.piece];
        copyBytes(s->content.data() + p.outputOffset, r.sec->data.data() + p.inputOffset, p.size);
        if (!r.cie)
          put<uint32_t>(s->content, p.outputOffset + 4,
                        static_cast<uint32_t>(p.outputOffset + 4 - r.cieOutput));
      }
      break;
    case OutKind::Dynamic: {
      std::vector<std::pair<uint64_t, uint64_t>> e = dynamicEntries();
      for (size_t i = 0; i < e.size(); ++i) {
        put<uint64_t>(s->content, 16 * i, e[i].first);
        put<uint64_t>(s->content, 16 * i + 8, e[i].second);
      }
      break;
    }
    case OutKind::Got:
      for (Symbol *x : gotEntries_)
        if (!x->preemptible() && (!x->defined || x->absolute))
          put<uint64_t>(s->content, 8ull * x->gotIndex, symbolAddress(*x));
      break;
    case OutKind::SymTab: {
      size_t i = 1;
      for (Symbol *x : symtabLocals_) {
        writeSym(s->content, i, *x, symtabNameOffsets_[i - 1]);
        ++i;
      }
      for (Symbol *x : symtabGlobals_) {
        writeSym(s->content, i, *x, symtabNameOffsets_[i - 1]);
        ++i;
      }
      break;
    }
    case OutKind::ShStrTab: copyBytes(s->content.data(), shstrtab_.data(), shstrtab_.size()); break;
    case OutKind::StrTab: copyBytes(s->content.data(), strtab_.data(), strtab_.size()); break;
    case OutKind::Regular:
    case OutKind::RelroPadding: break;
    }
  }
}

void Linker::applyRelocations(std::vector<uint8_t> &out) {
  for (auto &[sec, list] : relocs_) {
    if (!sec->out || sec->merge) continue;
    for (const Reloc &r : list) {
      if (r.action == RelocAction::Skip) continue;
      uint64_t p = sectionAddress(*sec, r.offset);
      uint64_t s = r.action == RelocAction::Got ? gotEntryAddress(*r.symbol)
                                                : targetAddress(*r.symbol, r.addend);
      int64_t a = r.action == RelocAction::Got ? r.addend : 0;
      uint64_t where = sec->out->offset + (p - sec->out->addr);
      switch (r.type) {
      case kRelAbs32: put<uint32_t>(out, where, static_cast<uint32_t>(s + a)); break;
      case kRelAbs64: put<uint64_t>(out, where, s + a); break;
      case kRelRel32:
      case kRelRel32Lo:
      case kRelGotPcRel:
      case kRelGotPcRel32Lo: put<uint32_t>(out, where, static_cast<uint32_t>(s + a - p)); break;
      case kRelRel32Hi:
      case kRelGotPcRel32Hi:
        put<uint32_t>(out, where, static_cast<uint32_t>((s + a - p) >> 32));
        break;
      case kRelRel64: put<uint64_t>(out, where, s + a - p); break;
      case kRelRel16: {
        int64_t simm = (static_cast<int64_t>(s + a - p) - 4) / 4;
        if (simm < -32768 || simm > 32767) {
          error(fmt::format("{}: relocation R_AMDGPU_REL16 out of range: {} is not in [-32768, "
                            "32767]; references '{}'",
                            objMessage(*sec, r.offset), simm, r.symbol->name));
          break;
        }
        put<uint16_t>(out, where, static_cast<uint16_t>(simm));
        break;
      }
      default: break;
      }
    }
  }
}

std::vector<uint8_t> Linker::writeFile() {
  size_t shnum = outputs_.size() + 1;
  std::vector<uint8_t> out(sectionHeaderOffset_ + shnum * sizeof(Elf64_Shdr), 0);
  Elf64_Ehdr eh{};
  std::memcpy(eh.e_ident, ELFMAG, SELFMAG);
  eh.e_ident[EI_CLASS] = ELFCLASS64;
  eh.e_ident[EI_DATA] = ELFDATA2LSB;
  eh.e_ident[EI_VERSION] = EV_CURRENT;
  eh.e_ident[EI_OSABI] = osAbi_;
  eh.e_ident[EI_ABIVERSION] = abiVersion_;
  eh.e_type = ET_DYN;
  eh.e_machine = EM_AMDGPU;
  eh.e_version = EV_CURRENT;
  eh.e_phoff = sizeof(Elf64_Ehdr);
  eh.e_shoff = sectionHeaderOffset_;
  eh.e_flags = eflags_;
  eh.e_ehsize = sizeof(Elf64_Ehdr);
  eh.e_phentsize = sizeof(Elf64_Phdr);
  eh.e_phnum = static_cast<uint16_t>(segments_.size());
  eh.e_shentsize = sizeof(Elf64_Shdr);
  eh.e_shnum = static_cast<uint16_t>(shnum);
  eh.e_shstrndx = static_cast<uint16_t>(shstrtabSec_->index);
  put(out, 0, eh);
  for (size_t i = 0; i < segments_.size(); ++i) {
    const Segment &s = segments_[i];
    Elf64_Phdr ph{};
    ph.p_type = s.type;
    ph.p_flags = s.flags;
    ph.p_offset = s.offset;
    ph.p_vaddr = ph.p_paddr = s.vaddr;
    ph.p_filesz = s.filesz;
    ph.p_memsz = s.memsz;
    ph.p_align = s.align;
    put(out, sizeof(Elf64_Ehdr) + i * sizeof(Elf64_Phdr), ph);
  }
  for (OutputSection *s : outputs_) {
    if (s->type == SHT_NOBITS) continue;
    if (s->kind != OutKind::Regular) {
      copyBytes(out.data() + s->offset, s->content.data(), s->content.size());
      continue;
    }
    for (const Chunk &c : s->chunks) {
      if (c.input && c.input->type != SHT_NOBITS)
        copyBytes(out.data() + s->offset + c.input->outOffset, c.input->data.data(), c.input->size);
      else if (c.merge)
        copyBytes(out.data() + s->offset + c.merge->outOffset, c.merge->content.data(),
                  c.merge->content.size());
    }
  }
  applyRelocations(out);
  for (size_t i = 0; i < outputs_.size(); ++i) {
    const OutputSection &s = *outputs_[i];
    Elf64_Shdr sh{};
    sh.sh_name = s.nameOffset;
    sh.sh_type = s.type;
    sh.sh_flags = s.flags;
    sh.sh_addr = s.addr;
    sh.sh_offset = s.offset;
    sh.sh_size = s.size;
    sh.sh_link = s.link;
    sh.sh_info = s.info;
    sh.sh_addralign = s.align;
    sh.sh_entsize = s.entsize;
    put(out, sectionHeaderOffset_ + (i + 1) * sizeof(Elf64_Shdr), sh);
  }
  return out;
}

LinkResult Linker::run() {
  if (!readObjects()) return std::move(result_);
  // Duplicate definitions are reported once every file's symbols are known (lld names each
  // place after the symbol that covers it).
  for (const Duplicate &d : duplicates_) {
    auto where = [&](Object *file, InputSection *sec, uint64_t value) {
      return sec ? objMessage(*sec, value) : file->name;
    };
    error(fmt::format("duplicate symbol: {}\n>>> defined at {}\n>>> defined at {}",
                      displayName(d.symbol->name), where(d.oldFile, d.oldSection, d.oldValue),
                      where(d.newFile, d.newSection, d.newValue)));
  }
  if (!result_.errors.empty()) return std::move(result_);
  if (!computeFlags()) return std::move(result_);
  replaceCommonSymbols();
  createOutputSections();
  defineBoundarySymbols();
  if (!combineEhFrames()) return std::move(result_);
  if (!result_.errors.empty()) return std::move(result_);
  finalizeMergeSections();
  if (!result_.errors.empty()) return std::move(result_);
  if (!scanRelocations()) return std::move(result_);
  createGotAndDynamic();
  buildSymbolTables();
  sortAndNumberSections();
  layout();
  if (!result_.errors.empty()) return std::move(result_);
  writeSyntheticSections();
  std::vector<uint8_t> bytes = writeFile();
  if (result_.errors.empty()) result_.output = std::move(bytes);
  return std::move(result_);
}

} // namespace

LinkResult link(const std::vector<LinkInput> &objects, const LinkOptions &options) {
  return Linker(objects, options).run();
}

std::string formatLinkErrors(const std::vector<std::string> &errors, std::string_view program) {
  // Like lld: a blank line after an error of several lines.
  // lld stops after 20 errors (its default --error-limit).
  constexpr size_t kErrorLimit = 20;
  std::string out;
  bool blankLine = false;
  for (size_t i = 0; i < errors.size(); ++i) {
    const std::string &e = i < kErrorLimit
                               ? errors[i]
                               : std::string("too many errors emitted, stopping now (use "
                                             "--error-limit=0 to see all errors)");
    if (blankLine) out.push_back('\n');
    out.append(program).append(": error: ").append(e).push_back('\n');
    blankLine = e.find('\n') != std::string::npos;
    if (i == kErrorLimit) break;
  }
  return out;
}

} // namespace gfxasm
