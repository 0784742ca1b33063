// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "object/elf_reader.h"

#include <bit>
#include <cstring>
#include <elf.h>

#include <fmt/format.h>

#include "isa/processors.h"

namespace gfxasm::object {

namespace {

// The structures are copied out of the file as they are: AMDGPU ELF files are little endian.
static_assert(std::endian::native == std::endian::little,
              "gfxasm reads ELF on little-endian hosts");

template <typename T> T readAt(std::span<const uint8_t> data, uint64_t offset) {
  T v;
  std::memcpy(&v, data.data() + offset, sizeof v);
  return v;
}

// [offset, offset + size) inside a file of fileSize bytes, without overflowing.
bool inBounds(uint64_t offset, uint64_t size, uint64_t fileSize) {
  return offset <= fileSize && size <= fileSize - offset;
}

bool fail(std::string *error, std::string msg) {
  if (error) *error = std::move(msg);
  return false;
}

// A NUL-terminated string at `offset` of a string table's bytes.
std::optional<std::string_view> stringAt(std::span<const uint8_t> table, uint64_t offset) {
  if (offset >= table.size()) return std::nullopt;
  const char *p = reinterpret_cast<const char *>(table.data()) + offset;
  const void *nul = std::memchr(p, 0, table.size() - offset);
  if (!nul) return std::nullopt;
  return std::string_view(p, static_cast<const char *>(nul) - p);
}

constexpr uint32_t kMachMask = 0xff; // EF_AMDGPU_MACH

} // namespace

uint32_t amdgpuMach(std::string_view cpu) {
  const isa::Processor *p = isa::findProcessor(cpu);
  return p ? p->elfMach : 0;
}

std::string_view amdgpuCpuName(uint32_t eflags) {
  const isa::Processor *p = isa::findProcessorByMach(eflags & kMachMask);
  return p ? p->name : std::string_view();
}

std::optional<ElfFile> ElfFile::parse(std::span<const uint8_t> data, std::string *error) {
  if (data.size() < 4 || std::memcmp(data.data(), ELFMAG, SELFMAG) != 0) {
    fail(error, "The file was not recognized as a valid object file");
    return std::nullopt;
  }
  if (data.size() < EI_NIDENT || data[EI_CLASS] != ELFCLASS64) {
    fail(error, "not a 64-bit ELF file (AMDGPU code objects are ELF64)");
    return std::nullopt;
  }
  if (data[EI_DATA] != ELFDATA2LSB) {
    fail(error, "not a little-endian ELF file (AMDGPU code objects are little endian)");
    return std::nullopt;
  }
  if (data.size() < sizeof(Elf64_Ehdr)) {
    fail(error, fmt::format("invalid buffer: the size ({}) is smaller than an ELF header ({})",
                            data.size(), sizeof(Elf64_Ehdr)));
    return std::nullopt;
  }
  auto eh = readAt<Elf64_Ehdr>(data, 0);
  if (eh.e_machine != EM_AMDGPU) {
    fail(error, fmt::format("not an AMDGPU ELF file (e_machine is {}, EM_AMDGPU is {})",
                            eh.e_machine, EM_AMDGPU));
    return std::nullopt;
  }
  ElfFile f;
  f.data_ = data;
  f.type_ = eh.e_type;
  f.flags_ = eh.e_flags;
  f.abiVersion_ = data[EI_ABIVERSION];
  f.osAbi_ = data[EI_OSABI];
  if (eh.e_shoff == 0) return f; // no section header table: nothing to disassemble

  if (eh.e_shentsize != sizeof(Elf64_Shdr)) {
    fail(error, fmt::format("invalid e_shentsize in ELF header: {}", eh.e_shentsize));
    return std::nullopt;
  }
  if (!inBounds(eh.e_shoff, sizeof(Elf64_Shdr), data.size())) {
    fail(error, fmt::format("section header table goes past the end of the file: e_shoff = 0x{:x}",
                            eh.e_shoff));
    return std::nullopt;
  }
  // More than SHN_LORESERVE sections: e_shnum is 0 and section 0's sh_size holds the count.
  auto first = readAt<Elf64_Shdr>(data, eh.e_shoff);
  uint64_t count = eh.e_shnum ? eh.e_shnum : first.sh_size;
  if (count > (data.size() - eh.e_shoff) / sizeof(Elf64_Shdr)) {
    fail(error, fmt::format("invalid section header table offset (e_shoff = 0x{:x}) or invalid "
                            "number of sections specified in the first section header's sh_size "
                            "field (0x{:x})",
                            eh.e_shoff, count));
    return std::nullopt;
  }
  f.sections_.resize(count);
  for (uint64_t i = 0; i < count; ++i) {
    auto sh = readAt<Elf64_Shdr>(data, eh.e_shoff + i * sizeof(Elf64_Shdr));
    ElfSection &s = f.sections_[i];
    s.index = static_cast<uint32_t>(i);
    s.type = sh.sh_type;
    s.flags = sh.sh_flags;
    s.addr = sh.sh_addr;
    s.offset = sh.sh_offset;
    s.size = sh.sh_size;
    s.link = sh.sh_link;
    s.info = sh.sh_info;
    s.addralign = sh.sh_addralign;
    s.entsize = sh.sh_entsize;
  }

  // Section names: e_shstrndx (SHN_XINDEX: section 0's sh_link) names the string table. Like
  // llvm, a name that cannot be read is an error only where the name is needed.
  uint64_t strndx = eh.e_shstrndx == SHN_XINDEX ? first.sh_link : eh.e_shstrndx;
  if (strndx == SHN_UNDEF) return f; // no names
  std::string tableError;
  std::optional<std::span<const uint8_t>> names;
  if (strndx >= count)
    tableError = fmt::format("section header string table index {} does not exist", strndx);
  else
    names = f.stringTable(f.sections_[strndx], &tableError);
  for (uint64_t i = 0; i < count; ++i) {
    ElfSection &sec = f.sections_[i];
    if (!names) {
      sec.nameError = tableError;
      continue;
    }
    uint32_t nameOffset = readAt<Elf64_Shdr>(data, eh.e_shoff + i * sizeof(Elf64_Shdr)).sh_name;
    if (auto name = stringAt(*names, nameOffset))
      sec.name = *name;
    else
      sec.nameError = fmt::format("a section [index {}] has an invalid sh_name (0x{:x}) offset "
                                  "which goes past the end of the section name string table",
                                  i, nameOffset);
  }
  return f;
}

std::optional<std::span<const uint8_t>> ElfFile::stringTable(const ElfSection &s,
                                                             std::string *error) const {
  if (s.type != SHT_STRTAB) {
    fail(error, fmt::format("invalid sh_type for string table section [index {}]: expected "
                            "SHT_STRTAB, but got 0x{:x}",
                            s.index, s.type));
    return std::nullopt;
  }
  auto bytes = contents(s, error);
  if (!bytes) return std::nullopt;
  if (bytes->empty()) {
    fail(error, fmt::format("SHT_STRTAB string table section [index {}] is empty", s.index));
    return std::nullopt;
  }
  if (bytes->back() != 0) {
    fail(error,
         fmt::format("SHT_STRTAB string table section [index {}] is non-null terminated", s.index));
    return std::nullopt;
  }
  return bytes;
}

std::optional<std::span<const uint8_t>> ElfFile::contents(const ElfSection &s,
                                                          std::string *error) const {
  if (s.type == SHT_NOBITS) return std::span<const uint8_t>();
  if (!inBounds(s.offset, s.size, data_.size())) {
    fail(error, fmt::format("section [index {}] has a sh_offset (0x{:x}) + sh_size (0x{:x}) that "
                            "is greater than the file size (0x{:x})",
                            s.index, s.offset, s.size, data_.size()));
    return std::nullopt;
  }
  return data_.subspan(s.offset, s.size);
}

std::optional<std::vector<ElfSymbol>> ElfFile::symbols(uint32_t tableType,
                                                       std::string *error) const {
  std::vector<ElfSymbol> out;
  const ElfSection *table = nullptr;
  for (const ElfSection &s : sections_)
    if (s.type == tableType) {
      table = &s;
      break;
    }
  if (!table) return out;
  if (table->entsize != sizeof(Elf64_Sym)) {
    fail(error, fmt::format("section [index {}] has invalid sh_entsize: expected {}, but got {}",
                            table->index, sizeof(Elf64_Sym), table->entsize));
    return std::nullopt;
  }
  if (table->size % sizeof(Elf64_Sym) != 0) {
    fail(error, fmt::format("section [index {}] has an invalid sh_size ({}) which is not a "
                            "multiple of its sh_entsize ({})",
                            table->index, table->size, sizeof(Elf64_Sym)));
    return std::nullopt;
  }
  auto bytes = contents(*table, error);
  if (!bytes) return std::nullopt;
  // A string table that cannot be read makes every name unreadable, not the table (llvm).
  std::string stringsError;
  std::optional<std::span<const uint8_t>> strings;
  if (table->link >= sections_.size())
    stringsError = fmt::format("invalid section index: {}", table->link);
  else
    strings = stringTable(sections_[table->link], &stringsError);
  // Section indices that do not fit st_shndx are in the SHT_SYMTAB_SHNDX table linked to this one.
  std::span<const uint8_t> shndxTable;
  for (const ElfSection &s : sections_)
    if (s.type == SHT_SYMTAB_SHNDX && s.link == table->index) {
      auto c = contents(s, error);
      if (!c) return std::nullopt;
      shndxTable = *c;
      break;
    }

  size_t n = bytes->size() / sizeof(Elf64_Sym);
  out.resize(n);
  for (size_t i = 0; i < n; ++i) {
    auto st = readAt<Elf64_Sym>(*bytes, i * sizeof(Elf64_Sym));
    ElfSymbol &sym = out[i];
    if (!strings)
      sym.nameError = stringsError;
    else if (auto name = stringAt(*strings, st.st_name))
      sym.name = *name;
    else
      sym.nameError = fmt::format("st_name (0x{:x}) is past the end of the string table of size "
                                  "0x{:x}",
                                  st.st_name, strings->size());
    sym.value = st.st_value;
    sym.size = st.st_size;
    sym.type = ELF64_ST_TYPE(st.st_info);
    sym.binding = ELF64_ST_BIND(st.st_info);
    sym.other = st.st_other;
    sym.shndx = st.st_shndx;
    uint64_t section = st.st_shndx;
    if (st.st_shndx == SHN_XINDEX) {
      if ((i + 1) * 4 > shndxTable.size()) {
        sym.sectionError = fmt::format("found an extended symbol index ({}), but unable to "
                                       "locate the extended symbol index table",
                                       i);
        continue;
      }
      section = readAt<uint32_t>(shndxTable, i * 4);
    } else if (st.st_shndx >= SHN_LORESERVE) {
      section = 0; // SHN_ABS, SHN_COMMON, ...: in no section
    }
    if (section >= sections_.size())
      sym.sectionError = fmt::format("invalid section index: {}", section);
    else
      sym.section = static_cast<uint32_t>(section);
  }
  return out;
}

} // namespace gfxasm::object
