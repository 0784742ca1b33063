// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Reading an AMDGPU ELF file (relocatable object or linked code object): the header, the sections
// and the symbol tables, checked against the file's bounds. Only what disassembly needs; every
// malformed structure is an error message, never a read outside the file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gfxasm::object {

struct ElfSection {
  uint32_t index = 0;
  std::string_view name;
  std::string nameError; // why the name cannot be read (llvm's words), if it cannot
  uint32_t type = 0;
  uint64_t flags = 0;
  uint64_t addr = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint32_t link = 0;
  uint32_t info = 0;
  uint64_t addralign = 0;
  uint64_t entsize = 0;
};

struct ElfSymbol {
  std::string_view name;
  uint64_t value = 0;
  uint64_t size = 0;
  uint8_t type = 0;     // STT_*
  uint8_t binding = 0;  // STB_*
  uint8_t other = 0;    // st_other (the visibility: STV_*)
  uint16_t shndx = 0;   // st_shndx as written
  uint32_t section = 0; // the section it is defined in (SHN_XINDEX resolved); 0: none
  // What is wrong with it, as llvm words it (its name or its section cannot be read); llvm
  // reports that only when it uses the symbol.
  std::string nameError, sectionError;
};

class ElfFile {
public:
  // Checks the header (ELF64, little endian, EM_AMDGPU) and reads the section headers and their
  // names. On failure returns nothing and sets `error`.
  static std::optional<ElfFile> parse(std::span<const uint8_t> data, std::string *error);

  uint16_t fileType() const { return type_; } // ET_REL, ET_DYN, ...
  uint32_t flags() const { return flags_; }   // e_flags
  uint8_t abiVersion() const { return abiVersion_; }
  uint8_t osAbi() const { return osAbi_; }
  std::span<const uint8_t> data() const { return data_; }
  const std::vector<ElfSection> &sections() const { return sections_; }

  // A section's bytes; an error if they lie outside the file (SHT_NOBITS: none).
  std::optional<std::span<const uint8_t>> contents(const ElfSection &s, std::string *error) const;
  // The symbols of the first table of type SHT_SYMTAB or SHT_DYNSYM (none if there is none),
  // the null symbol at index 0 included; an error if the table itself cannot be read.
  std::optional<std::vector<ElfSymbol>> symbols(uint32_t tableType, std::string *error) const;

private:
  // A string table's bytes: a non-empty SHT_STRTAB section ending in a NUL.
  std::optional<std::span<const uint8_t>> stringTable(const ElfSection &s,
                                                      std::string *error) const;

  std::span<const uint8_t> data_;
  uint16_t type_ = 0;
  uint32_t flags_ = 0;
  uint8_t abiVersion_ = 0;
  uint8_t osAbi_ = 0;
  std::vector<ElfSection> sections_;
};

// The processor an AMDGPU ELF file's e_flags (EF_AMDGPU_MACH) name, as llvm names it
// ("gfx1100"); empty if gfxasm does not know the value.
std::string_view amdgpuCpuName(uint32_t eflags);
// The EF_AMDGPU_MACH value of a processor (0 if unknown).
uint32_t amdgpuMach(std::string_view cpu);

} // namespace gfxasm::object
