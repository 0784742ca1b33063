// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// What the assembler builds for an object file: sections with their bytes, the fixups to apply
// or to turn into relocations once every symbol is known, and the ELF writer's inputs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "asm/expr.h"

namespace gfxasm::obj {

// llvm's AMDGPU fixup kinds (the relocation a fixup becomes depends on its kind and specifier).
enum class FixupKind : uint8_t {
  Data1,
  Data2,
  Data4,
  Data8,
  PCRel4,     // a 32-bit literal whose value is pc-relative (llvm's FK_PCRel_4)
  SoppBranch, // the 16-bit dword offset of a SOPP branch
};

struct Fixup {
  uint64_t offset = 0; // in the section
  FixupKind kind = FixupKind::Data4;
  as::ExprId expr = as::kNoExpr;
  // Where it was written, for the errors reported once it is applied.
  uint32_t line = 0, col = 0;
  std::string_view lineText;
  uint64_t instOffset = 0; // SoppBranch: the instruction's offset (the branch counts from its end)
  uint32_t fragment = 0;   // llvm's fragment of the section it is in (Section::fragment)
  uint32_t source = 0;     // the buffer of the line (Preprocessor::sourceId; 0: the main file)
};

struct Section {
  std::string name;
  uint32_t type = 1;  // SHT_PROGBITS
  uint64_t flags = 0; // SHF_*
  uint64_t entsize = 0;
  uint64_t align = 1;
  std::vector<uint8_t> data; // NOBITS sections: empty, `size` counts
  uint64_t nobitsSize = 0;
  std::string flagsText, typeText; // as the asm output prints them
  // A member of the section group of this signature symbol (flag G; null: none).
  const as::Symbol *group = nullptr;
  std::string groupName;
  bool comdat = false;
  uint32_t uniqueId = ~0u; // (llvm's `,unique,N`: a section apart from others of its name)
  // SHF_LINK_ORDER's linked-to symbol (null: none, `,0`): its section is sh_link.
  const as::Symbol *linkedTo = nullptr;
  std::string linkedToName;
  std::vector<Fixup> fixups;
  // Order of its begin symbol among the assembler's symbols (a section symbol sits there).
  uint32_t symbolOrder = 0;
  // The fragment llvm's layout is writing now: a new one after each alignment, .zero/.space,
  // .org or deferred LEB (the first .text starts in the second, after llvm's initial alignment).
  uint32_t fragment = 0;
  // A subsection N > 0 of section `parent` while assembling (its bytes, fixups and labels go
  // after the parent's and its lower subsections' when the file ends).
  uint32_t parent = ~0u, subsection = 0;
  // (a subsection's bytes start with `prefix` placeholder bytes, its start's offset modulo its
  // alignment, so that its alignments pad as at its place in the section)
  uint64_t prefix = 0;
  bool nobits() const { return type == 8; }
  uint64_t size() const { return nobits() ? nobitsSize : data.size(); }
};

// One relocation of the written object (after fixups that resolve have been applied).
struct Relocation {
  uint64_t offset;
  uint32_t type;            // R_AMDGPU_*
  const as::Symbol *symbol; // null: against the section symbol of `sectionSymbol`
  std::string_view name;
  int32_t sectionSymbol = -1;
  int64_t addend;
  // 1- or 2-byte data (llvm relocates it as a branch's field, R_AMDGPU_REL16, but writes its
  // addend as it is): the field's size; 0 for any other relocation.
  uint8_t dataSize = 0;
  // The fragment of the fixup (llvm lists a fragment's relocations together: a `.reloc`'s after
  // its fragment's others).
  uint32_t fragment = 0;
};

// `.symver`: a symbol renamed to its version's alias (an undefined one written under the alias's
// name, the alias not registered; a defined one replaced by the alias).
struct SymbolRename {
  const as::Symbol *original, *alias;
  std::string_view aliasName;
};

struct ObjectFileInfo {
  uint8_t osAbi = 0;      // ELFOSABI_AMDGPU_HSA, ...
  uint8_t abiVersion = 0; // code object version - 2 on HSA
  uint32_t flags = 0;     // e_flags: EF_AMDGPU_MACH_* | xnack | sramecc
  // llvm's AMDGPU writes addends in the relocations (.rela*) for HSA only; for other OSes
  // (PAL, Mesa, none) .rel* sections, the addend written into the relocated bytes.
  bool rela = true;
  // .addrsig: an .llvm_addrsig section listing the address-significant symbols (.addrsig_sym).
  bool addrsig = false;
  std::vector<const as::Symbol *> addrsigSymbols;
  // GNU's extensions of ELF in use (a `.type` of an indirect function or unique object, as
  // llvm's streamer notes them): an object of no OS is then marked ELFOSABI_GNU.
  bool gnuAbi = false;
  // Temporary labels llvm creates without a name (`.`), named ".L0 " in its symbol table.
  std::vector<const as::Symbol *> unnamedTemporaries;
  // `.symver`: symbols written under their version's name (left out, relocations to the other).
  std::vector<SymbolRename> renames;
};

// Writes the relocatable ELF64 object llvm-mc writes: sections in creation order each followed
// by its .rela section, .strtab first (section 1), .symtab last; local symbols (in registration
// order, with section symbols where relocations need them) before the others.
std::vector<uint8_t> writeElfObject(const ObjectFileInfo &info, std::vector<Section> &sections,
                                    const std::vector<std::vector<Relocation>> &relocations,
                                    as::SymbolTable &syms, const as::TargetInfo &target);

} // namespace gfxasm::obj
