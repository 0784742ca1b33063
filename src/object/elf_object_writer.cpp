// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The relocatable ELF64 object llvm-mc writes for amdgcn, byte for byte: the layout, symbol
// table order and string table merging of llvm's ELFObjectWriter.
#include <algorithm>
#include <cstring>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include <elf.h>

#include "object/dwarf.h"
#include "object/object_file.h"

namespace gfxasm::obj {

namespace {

// llvm's mergeTypeForSet: a variable's type, given its label's (IFUNC > FUNC > OBJECT > NOTYPE,
// TLS > OBJECT > NOTYPE: the label's type does not degrade the variable's).
uint8_t mergeTypeForSet(uint8_t own, uint8_t label) {
  switch (own) {
  case STT_GNU_IFUNC:
    if (label == STT_FUNC || label == STT_OBJECT || label == STT_NOTYPE || label == STT_TLS)
      return STT_GNU_IFUNC;
    break;
  case STT_FUNC:
    if (label == STT_OBJECT || label == STT_NOTYPE || label == STT_TLS) return STT_FUNC;
    break;
  case STT_OBJECT:
    if (label == STT_NOTYPE) return STT_OBJECT;
    break;
  case STT_TLS:
    if (label == STT_OBJECT || label == STT_NOTYPE || label == STT_GNU_IFUNC || label == STT_FUNC)
      return STT_TLS;
    break;
  default: break;
  }
  return label;
}

// llvm's StringTableBuilder for ELF: strings sorted by their reversed text (longest first among
// those sharing a tail) so that a string that ends another is stored inside it. The order is a
// total order of distinct strings, so llvm's multikey quicksort (used here too: a comparison
// sort of reversed strings took most of the writer's time) and any other sort agree.
class StringTable {
public:
  // `s` must outlive the table (names of sections and symbols); addCopy keeps its own copy.
  // The id to ask the offset of once finalized. A string added again is stored once (the sort
  // puts equal strings together, and the second is the first's tail).
  uint32_t add(std::string_view s) {
    entries_.push_back({s, 0});
    return static_cast<uint32_t>(entries_.size() - 1);
  }
  uint32_t addCopy(std::string s) { return add(copies_.emplace_back(std::move(s))); }
  void finalize() {
    std::vector<Entry *> order;
    order.reserve(entries_.size());
    for (Entry &e : entries_)
      if (!e.first.empty()) order.push_back(&e); // (the empty string: offset 0)
    sortByReversedText(order.data(), order.data() + order.size(), 0);
    data_.assign(1, '\0');
    std::string_view previous;
    for (Entry *p : order) {
      std::string_view s = p->first;
      if (previous.size() >= s.size() && previous.substr(previous.size() - s.size()) == s) {
        p->second = static_cast<uint32_t>(data_.size() - s.size() - 1);
        continue;
      }
      p->second = static_cast<uint32_t>(data_.size());
      data_ += s;
      data_ += '\0';
      previous = s;
    }
  }
  uint32_t offset(uint32_t id) const { return entries_[id].second; }
  const std::string &data() const { return data_; }

private:
  using Entry = std::pair<std::string_view, uint32_t>;

  // The character `pos` places from the end, or -1 past the start: descending order puts a
  // longer string before its own tail.
  static int charFromEnd(const Entry *e, size_t pos) {
    std::string_view s = e->first;
    return pos < s.size() ? static_cast<unsigned char>(s[s.size() - 1 - pos]) : -1;
  }

  // Three-way radix quicksort on the characters from the end, descending.
  static void sortByReversedText(Entry **begin, Entry **end, size_t pos) {
    while (end - begin > 1) {
      if (end - begin < 8) {
        for (Entry **i = begin + 1; i < end; ++i)
          for (Entry **j = i; j > begin && reversedGreater(*j, j[-1], pos); --j)
            std::swap(*j, j[-1]);
        return;
      }
      const int pivot = charFromEnd(begin[(end - begin) / 2], pos);
      // [begin, greater) above the pivot, [greater, less) equal to it, [less, end) below.
      Entry **greater = begin, **i = begin, **less = end;
      while (i < less) {
        int c = charFromEnd(*i, pos);
        if (c > pivot)
          std::swap(*greater++, *i++);
        else if (c < pivot)
          std::swap(*i, *--less);
        else
          ++i;
      }
      sortByReversedText(begin, greater, pos);
      sortByReversedText(less, end, pos);
      if (pivot < 0) return; // the equal run: identical strings (one added twice)
      begin = greater;
      end = less;
      ++pos;
    }
  }
  static bool reversedGreater(const Entry *a, const Entry *b, size_t pos) {
    for (;; ++pos) {
      int x = charFromEnd(a, pos), y = charFromEnd(b, pos);
      if (x != y) return x > y;
      if (x < 0) return false;
    }
  }

  std::vector<Entry> entries_;
  std::deque<std::string> copies_;
  std::string data_;
};

template <class T> void append(std::vector<uint8_t> &out, const T &v) {
  const auto *p = reinterpret_cast<const uint8_t *>(&v);
  out.insert(out.end(), p, p + sizeof(T));
}
void alignTo(std::vector<uint8_t> &out, uint64_t align) {
  if (align > 1) out.resize((out.size() + align - 1) / align * align, 0);
}

// A symbol of the written table.
struct OutSymbol {
  uint32_t order;
  std::string_view name;
  const as::Symbol *sym = nullptr; // null: a section symbol
  int32_t section = -1;            // the assembler's section of a section symbol
  Elf64_Sym elf{};
  uint32_t nameId = 0; // in the string table
};

} // namespace

constexpr uint32_t kCallGraphProfile = 0x6fff4c09; // SHT_LLVM_CALL_GRAPH_PROFILE

// Without addends in the relocations, llvm applies each one's addend to the relocated bytes as
// it applies a resolved fixup: little-endian, as wide as the relocation.
static void writeImplicitAddends(std::vector<Section> &sections,
                                 const std::vector<std::vector<Relocation>> &relocations) {
  for (size_t i = 0; i < sections.size() && i < relocations.size(); ++i)
    for (const Relocation &r : relocations[i]) {
      if (r.type == 0) continue;                       // (R_AMDGPU_NONE: no field)
      const bool wide = r.type == 3 || r.type == 5;    // R_AMDGPU_ABS64, R_AMDGPU_REL64
      const bool branch = r.type == 14 && !r.dataSize; // R_AMDGPU_REL16: a dword offset
      const size_t bytes = r.dataSize ? r.dataSize : wide ? 8 : branch ? 2 : 4;
      const int64_t value = branch ? (r.addend - 4) / 4 : r.addend;
      std::vector<uint8_t> &data = sections[i].data;
      for (size_t b = 0; b < bytes && r.offset + b < data.size(); ++b)
        data[r.offset + b] = static_cast<uint8_t>(static_cast<uint64_t>(value) >> (8 * b));
    }
}

std::vector<uint8_t> writeElfObject(const ObjectFileInfo &info, std::vector<Section> &sections,
                                    const std::vector<std::vector<Relocation>> &relocations,
                                    as::SymbolTable &syms, const as::TargetInfo &target) {
  // ELF section indices: 0 null, 1 .strtab, then each section followed by its .rela section.
  // A section group's .group section comes before its first member; its members are the
  // sections and their .rela sections.
  struct Group {
    const as::Symbol *signature;
    bool comdat;
    uint32_t index;
    std::vector<uint32_t> members;
  };
  std::vector<Group> groups;
  // GNU's extensions of ELF in use (an indirect function, a retained section): llvm then marks
  // an object of no particular OS as GNU's.
  const bool gnuExtensions =
      info.gnuAbi || std::any_of(sections.begin(), sections.end(),
                                 [](const Section &s) { return s.flags & SHF_GNU_RETAIN; });
  std::vector<uint32_t> elfIndex(sections.size()), relaIndex(sections.size(), 0);
  uint32_t next = 2;
  for (size_t i = 0; i < sections.size(); ++i) {
    Group *group = nullptr;
    if (sections[i].group) {
      for (Group &g : groups)
        if (g.signature == sections[i].group) group = &g;
      if (!group)
        group = &groups.emplace_back(Group{sections[i].group, sections[i].comdat, next++, {}});
    }
    elfIndex[i] = next++;
    if (!relocations[i].empty()) relaIndex[i] = next++;
    if (group) {
      group->members.push_back(elfIndex[i]);
      if (relaIndex[i]) group->members.push_back(relaIndex[i]);
    }
  }
  auto groupIndexOf = [&](const as::Symbol *s) -> uint32_t {
    for (const Group &g : groups)
      if (g.signature == s) return g.index;
    return 0;
  };
  const uint32_t addrsigIndex = info.addrsig ? next++ : 0;
  const uint32_t symtabIndex = next++;
  const uint32_t sectionCount = next;

  // The symbol table: llvm keeps a symbol unless it is a temporary (.L) label, a variable whose
  // value is based on another symbol, or never registered; undefined ones become global.
  std::vector<bool> sectionSymbolUsed(sections.size(), false);
  for (const auto &relocs : relocations)
    for (const Relocation &r : relocs)
      if (r.sectionSymbol >= 0) sectionSymbolUsed[static_cast<size_t>(r.sectionSymbol)] = true;
  // A temporary (.L) symbol in a section that .addrsig_sym names is its section's symbol there
  // (llvm's executePostLayoutBinding), which the symbol table then has.
  std::unordered_map<const as::Symbol *, uint32_t> addrsigSection;
  const std::unordered_set<const as::Symbol *> addrsigNamed(info.addrsigSymbols.begin(),
                                                            info.addrsigSymbols.end());
  std::vector<OutSymbol> locals, globals;
  std::deque<std::string> unescapedNames;
  syms.forEach([&](std::string_view name, as::Symbol &s) {
    const bool temporary = name.starts_with(".L");
    if (temporary && addrsigNamed.count(&s)) {
      std::optional<uint32_t> section;
      if (s.kind == as::Symbol::Kind::Label) {
        section = s.section;
      } else if (s.kind == as::Symbol::Kind::Variable) {
        as::RelocatableValue v;
        if (as::evaluateRelocatable(syms.pool(), s.expr, as::EvalStage::Final, target, v) &&
            v.symA && !v.symB && v.symA->kind == as::Symbol::Kind::Label)
          section = v.symA->section;
      }
      if (section && *section < sections.size()) {
        addrsigSection[&s] = *section;
        sectionSymbolUsed[*section] = true;
      }
    }
    if (!s.order || s.constant || s.sectionStart) return;
    std::string_view written = name;
    for (const SymbolRename &r : info.renames)
      if (r.original == &s) {
        if (r.alias->order) return;
        written = r.aliasName;
      }
    if (temporary && !s.usedInReloc) return;
    // (a quoted name's escapes: the symbol table holds the characters they stand for)
    if (written.find('\\') != std::string_view::npos)
      written = unescapedNames.emplace_back(as::unescapedSymbolName(written));
    const bool unnamed =
        temporary && std::find(info.unnamedTemporaries.begin(), info.unnamedTemporaries.end(),
                               &s) != info.unnamedTemporaries.end();
    OutSymbol o{s.order, unnamed ? std::string_view(".L0 ") : written, &s, -1, {}};
    uint16_t shndx = SHN_UNDEF;
    uint64_t value = 0;
    bool defined = false;
    const as::Symbol *base = nullptr; // a variable's label (llvm's getBaseSymbol)
    if (s.kind == as::Symbol::Kind::Label) {
      shndx = static_cast<uint16_t>(elfIndex[s.section]);
      value = static_cast<uint64_t>(s.value);
      defined = true;
    } else if (s.kind == as::Symbol::Kind::Value || s.kind == as::Symbol::Kind::Variable) {
      as::RelocatableValue v;
      if (!as::evaluateRelocatable(syms.pool(), s.expr, as::EvalStage::Final, target, v)) return;
      if (v.symB) return;
      if (v.symA) {
        if (v.symA->kind != as::Symbol::Kind::Label) return; // based on an undefined symbol
        base = v.symA;
        shndx = static_cast<uint16_t>(elfIndex[v.symA->section]);
        value = static_cast<uint64_t>(v.symA->value + v.constant);
      } else {
        shndx = SHN_ABS;
        value = static_cast<uint64_t>(v.constant);
      }
      defined = true;
    } else if (s.commonAlign) {
      shndx = SHN_COMMON;
      value = s.commonAlign;
      defined = true;
    } else if (s.ldsAlign) {
      shndx = 0xff00; // SHN_AMDGPU_LDS
      value = s.ldsAlign;
      defined = true;
    } else if (s.signature && !s.usedInReloc) {
      // An undefined group signature: a local symbol of its .group section.
      shndx = static_cast<uint16_t>(groupIndexOf(&s));
      defined = true;
    }
    uint8_t binding = STB_LOCAL;
    if (s.binding == as::Symbol::Binding::Global) binding = STB_GLOBAL;
    if (s.binding == as::Symbol::Binding::Weak) binding = STB_WEAK;
    if (s.binding == as::Symbol::Binding::Default && (!defined || s.commonAlign || s.ldsAlign))
      binding = STB_GLOBAL;
    uint8_t type = s.type;
    if (base) type = mergeTypeForSet(type, base->type);
    if ((s.commonAlign || s.ldsAlign) && type == STT_NOTYPE) type = STT_OBJECT;
    uint64_t size = s.commonAlign || s.ldsAlign ? s.commonSize : 0;
    as::ExprId sizeExpr = s.size;
    if (sizeExpr == as::kNoExpr && base) {
      // (llvm: a variable without a size takes its label's, or that of the first symbol with
      // one along a chain of assignments of one symbol each)
      sizeExpr = base->size;
      for (const as::Symbol *at = &s; at->kind == as::Symbol::Kind::Variable;) {
        const as::ExprNode &n = syms.pool()[at->expr];
        if (n.kind != as::ExprNode::Kind::Symbol || !n.sym) break;
        at = n.sym;
        if (at->size == as::kNoExpr) continue;
        sizeExpr = at->size;
        break;
      }
    }
    if (sizeExpr != as::kNoExpr) {
      int64_t v = 0;
      if (as::evaluateAbsolute(syms.pool(), sizeExpr, as::EvalStage::Final, target, v))
        size = static_cast<uint64_t>(v);
    }
    o.elf.st_info = static_cast<unsigned char>(ELF64_ST_INFO(binding, type));
    o.elf.st_other = s.visibility;
    o.elf.st_shndx = shndx;
    o.elf.st_value = value;
    o.elf.st_size = size;
    (binding == STB_LOCAL ? locals : globals).push_back(o);
  });
  for (size_t i = 0; i < sections.size(); ++i) {
    if (!sectionSymbolUsed[i]) continue;
    OutSymbol o{sections[i].symbolOrder, {}, nullptr, static_cast<int32_t>(i), {}};
    o.elf.st_info = ELF64_ST_INFO(STB_LOCAL, STT_SECTION);
    o.elf.st_shndx = static_cast<uint16_t>(elfIndex[i]);
    locals.push_back(o);
  }
  auto byOrder = [](const OutSymbol &a, const OutSymbol &b) { return a.order < b.order; };
  std::stable_sort(locals.begin(), locals.end(), byOrder);
  std::stable_sort(globals.begin(), globals.end(), byOrder);

  // (llvm's call graph profile has .rel relocations whatever the OS)
  auto usesRela = [&](size_t i) { return info.rela && sections[i].type != kCallGraphProfile; };
  if (!info.rela) writeImplicitAddends(sections, relocations);
  StringTable strtab;
  std::vector<uint32_t> sectionName(sections.size()), relaName(sections.size());
  for (size_t i = 0; i < sections.size(); ++i) {
    sectionName[i] = strtab.add(sections[i].name);
    if (relaIndex[i])
      relaName[i] = strtab.addCopy(std::string(usesRela(i) ? ".rela" : ".rel") + sections[i].name);
  }
  const uint32_t groupName = strtab.add(groups.empty() ? "" : ".group");
  const uint32_t strtabName = strtab.add(".strtab");
  const uint32_t addrsigName = strtab.add(info.addrsig ? ".llvm_addrsig" : "");
  const uint32_t symtabName = strtab.add(".symtab");
  for (auto *list : {&locals, &globals})
    for (OutSymbol &o : *list)
      if (o.sym) o.nameId = strtab.add(o.name);
  strtab.finalize();

  // Symbol indices, for the relocations.
  std::unordered_map<const as::Symbol *, uint32_t> symbolIndex;
  std::vector<uint32_t> sectionSymbolIndex(sections.size(), 0);
  uint32_t index = 1;
  for (const auto *list : {&locals, &globals})
    for (const OutSymbol &o : *list) {
      if (o.sym)
        symbolIndex[o.sym] = index;
      else
        sectionSymbolIndex[static_cast<size_t>(o.section)] = index;
      ++index;
    }

  std::vector<uint8_t> out(sizeof(Elf64_Ehdr), 0);
  { // (room for the whole file at once: growing it copied the sections' bytes again and again)
    size_t bytes = sizeof(Elf64_Ehdr) + sectionCount * sizeof(Elf64_Shdr) + strtab.data().size() +
                   (locals.size() + globals.size() + 1) * sizeof(Elf64_Sym) +
                   5 * info.addrsigSymbols.size() + 64;
    for (const Section &sec : sections) bytes += sec.data.size() + sec.align;
    for (const auto &relocs : relocations) bytes += relocs.size() * sizeof(Elf64_Rela) + 8;
    for (const Group &g : groups) bytes += 4 * (g.members.size() + 2);
    out.reserve(bytes);
  }
  std::vector<Elf64_Shdr> headers(sectionCount);
  for (size_t i = 0; i < sections.size(); ++i) {
    Section &s = sections[i];
    alignTo(out, s.align); // (llvm pads the file to a NOBITS section's alignment too)
    Elf64_Shdr &h = headers[elfIndex[i]];
    h.sh_name = strtab.offset(sectionName[i]);
    h.sh_type = s.type;
    h.sh_flags = s.flags;
    h.sh_offset = out.size();
    h.sh_size = s.size();
    h.sh_addralign = s.align;
    h.sh_entsize = s.entsize;
    if (s.linkedTo && s.linkedTo->section < sections.size())
      h.sh_link = elfIndex[s.linkedTo->section];
    if (s.type == kCallGraphProfile) h.sh_link = symtabIndex;
    if (!s.nobits()) out.insert(out.end(), s.data.begin(), s.data.end());
  }
  for (const Group &g : groups) {
    alignTo(out, 4);
    Elf64_Shdr &h = headers[g.index];
    h.sh_name = strtab.offset(groupName);
    h.sh_type = SHT_GROUP;
    h.sh_offset = out.size();
    h.sh_link = symtabIndex;
    auto it = symbolIndex.find(g.signature);
    h.sh_info = it == symbolIndex.end() ? 0 : it->second;
    h.sh_addralign = 4;
    h.sh_entsize = 4;
    append(out, uint32_t{g.comdat ? GRP_COMDAT : 0u});
    for (uint32_t m : g.members) append(out, m);
    h.sh_size = out.size() - h.sh_offset;
  }
  // .symtab
  alignTo(out, 8);
  {
    Elf64_Shdr &h = headers[symtabIndex];
    h.sh_name = strtab.offset(symtabName);
    h.sh_type = SHT_SYMTAB;
    h.sh_offset = out.size();
    h.sh_link = 1;
    h.sh_info = static_cast<uint32_t>(locals.size() + 1);
    h.sh_addralign = 8;
    h.sh_entsize = sizeof(Elf64_Sym);
    append(out, Elf64_Sym{});
    for (const auto *list : {&locals, &globals})
      for (const OutSymbol &o : *list) {
        Elf64_Sym e = o.elf;
        e.st_name = o.sym ? strtab.offset(o.nameId) : 0;
        append(out, e);
      }
    h.sh_size = out.size() - h.sh_offset;
  }
  for (size_t i = 0; i < sections.size(); ++i) {
    if (!relaIndex[i]) continue;
    alignTo(out, 8);
    Elf64_Shdr &h = headers[relaIndex[i]];
    h.sh_name = strtab.offset(relaName[i]);
    h.sh_type = usesRela(i) ? SHT_RELA : SHT_REL;
    h.sh_flags = sections[i].group ? SHF_GROUP : SHF_INFO_LINK; // (llvm's choice: one of them)
    h.sh_offset = out.size();
    h.sh_link = symtabIndex;
    h.sh_info = elfIndex[i];
    h.sh_addralign = 8;
    h.sh_entsize = usesRela(i) ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel);
    for (const Relocation &r : relocations[i]) {
      Elf64_Rela rela{};
      rela.r_offset = r.offset;
      uint32_t sym = 0;
      if (r.symbol) {
        const as::Symbol *target = r.symbol;
        for (const SymbolRename &rename : info.renames)
          if (rename.original == target && rename.alias->order) target = rename.alias;
        auto it = symbolIndex.find(target);
        sym = it == symbolIndex.end() ? 0 : it->second;
      } else if (r.sectionSymbol >= 0) {
        sym = sectionSymbolIndex[static_cast<size_t>(r.sectionSymbol)];
      }
      rela.r_info = ELF64_R_INFO(sym, r.type);
      rela.r_addend = r.addend;
      if (usesRela(i))
        append(out, rela);
      else
        append(out, Elf64_Rel{rela.r_offset, rela.r_info});
    }
    h.sh_size = out.size() - h.sh_offset;
  }
  if (info.addrsig) {
    Elf64_Shdr &h = headers[addrsigIndex];
    h.sh_name = strtab.offset(addrsigName);
    h.sh_type = 0x6fff4c03; // SHT_LLVM_ADDRSIG
    h.sh_flags = SHF_EXCLUDE;
    h.sh_offset = out.size();
    h.sh_link = symtabIndex;
    h.sh_addralign = 1;
    for (const as::Symbol *s : info.addrsigSymbols) {
      if (auto sec = addrsigSection.find(s); sec != addrsigSection.end()) {
        appendUleb(out, sectionSymbolIndex[sec->second]);
        continue;
      }
      auto it = symbolIndex.find(s);
      if (it == symbolIndex.end()) continue;
      appendUleb(out, it->second);
    }
    h.sh_size = out.size() - h.sh_offset;
  }
  {
    Elf64_Shdr &h = headers[1];
    h.sh_name = strtab.offset(strtabName);
    h.sh_type = SHT_STRTAB;
    h.sh_offset = out.size();
    h.sh_size = strtab.data().size();
    h.sh_addralign = 1;
    out.insert(out.end(), strtab.data().begin(), strtab.data().end());
  }
  alignTo(out, 8);
  const uint64_t shoff = out.size();
  for (const Elf64_Shdr &h : headers) append(out, h);

  Elf64_Ehdr eh{};
  std::memcpy(eh.e_ident, ELFMAG, SELFMAG);
  eh.e_ident[EI_CLASS] = ELFCLASS64;
  eh.e_ident[EI_DATA] = ELFDATA2LSB;
  eh.e_ident[EI_VERSION] = EV_CURRENT;
  eh.e_ident[EI_OSABI] = info.osAbi == ELFOSABI_NONE && gnuExtensions ? ELFOSABI_GNU : info.osAbi;
  eh.e_ident[EI_ABIVERSION] = info.abiVersion;
  eh.e_type = ET_REL;
  eh.e_machine = EM_AMDGPU;
  eh.e_version = EV_CURRENT;
  eh.e_shoff = shoff;
  eh.e_flags = info.flags;
  eh.e_ehsize = sizeof(Elf64_Ehdr);
  eh.e_shentsize = sizeof(Elf64_Shdr);
  eh.e_shnum = static_cast<uint16_t>(sectionCount);
  eh.e_shstrndx = 1;
  std::memcpy(out.data(), &eh, sizeof eh);
  return out;
}

} // namespace gfxasm::obj
