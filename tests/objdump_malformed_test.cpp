// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// gfxasm::objdump on malformed ELF files: truncated at every length, damaged header and section
// fields, out-of-bounds sections and symbols, wrong machine, class or byte order, an unknown
// processor. Each must give an error (or a listing), never a crash (CI runs this under
// AddressSanitizer). The files are built here from a small valid object.
#include <gtest/gtest.h>

#include <cstring>
#include <elf.h>
#include <random>
#include <string>
#include <vector>

#include "gfxasm/gfxasm.h"

namespace {

// A relocatable AMDGPU object: the ELF header, .text (`code`), .symtab (the null symbol and
// `main` at 0), .strtab, .shstrtab and the section headers.
struct TestElf {
  std::vector<uint8_t> bytes;
  size_t shoff = 0, symtabOffset = 0;
  enum Section { Null, Text, Symtab, Strtab, Shstrtab, Count };

  Elf64_Shdr &section(int i) {
    return *reinterpret_cast<Elf64_Shdr *>(bytes.data() + shoff + i * sizeof(Elf64_Shdr));
  }
  Elf64_Ehdr &header() { return *reinterpret_cast<Elf64_Ehdr *>(bytes.data()); }
  Elf64_Sym &symbol(int i) {
    return *reinterpret_cast<Elf64_Sym *>(bytes.data() + symtabOffset + i * sizeof(Elf64_Sym));
  }
};

TestElf makeElf(const std::vector<uint8_t> &code, uint32_t eflags = 0x41 /* gfx1100 */) {
  TestElf f;
  auto &b = f.bytes;
  b.resize(sizeof(Elf64_Ehdr));
  auto append = [&](const void *p, size_t n, size_t align) {
    while (b.size() % align) b.push_back(0);
    size_t at = b.size();
    b.resize(at + n);
    std::memcpy(b.data() + at, p, n);
    return at;
  };
  size_t text = append(code.data(), code.size(), 4);
  Elf64_Sym syms[2] = {};
  syms[1].st_name = 1;
  syms[1].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
  syms[1].st_shndx = TestElf::Text;
  f.symtabOffset = append(syms, sizeof syms, 8);
  const char strtab[] = "\0main";
  size_t str = append(strtab, sizeof strtab, 1);
  const char shstrtab[] = "\0.text\0.symtab\0.strtab\0.shstrtab";
  size_t shstr = append(shstrtab, sizeof shstrtab, 1);
  Elf64_Shdr sh[TestElf::Count] = {};
  sh[TestElf::Text] = {1, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0, text, code.size(), 0, 0, 4,
                       0};
  sh[TestElf::Symtab] = {7,           SHT_SYMTAB,      0, 0, f.symtabOffset,
                         sizeof syms, TestElf::Strtab, 1, 8, sizeof(Elf64_Sym)};
  sh[TestElf::Strtab] = {15, SHT_STRTAB, 0, 0, str, sizeof strtab, 0, 0, 1, 0};
  sh[TestElf::Shstrtab] = {23, SHT_STRTAB, 0, 0, shstr, sizeof shstrtab, 0, 0, 1, 0};
  f.shoff = append(sh, sizeof sh, 8);
  Elf64_Ehdr &h = f.header();
  std::memcpy(h.e_ident, ELFMAG, SELFMAG);
  h.e_ident[EI_CLASS] = ELFCLASS64;
  h.e_ident[EI_DATA] = ELFDATA2LSB;
  h.e_ident[EI_VERSION] = EV_CURRENT;
  h.e_ident[EI_OSABI] = 64; // ELFOSABI_AMDGPU_HSA
  h.e_type = ET_REL;
  h.e_machine = EM_AMDGPU;
  h.e_version = EV_CURRENT;
  h.e_flags = eflags;
  h.e_ehsize = sizeof(Elf64_Ehdr);
  h.e_shoff = f.shoff;
  h.e_shentsize = sizeof(Elf64_Shdr);
  h.e_shnum = TestElf::Count;
  h.e_shstrndx = TestElf::Shstrtab;
  return f;
}

// s_mov_b32 s0, 1; s_branch -2; s_endpgm
const std::vector<uint8_t> kCode = {0x81, 0x00, 0x80, 0xbe, 0xfe, 0xff,
                                    0xa0, 0xbf, 0x00, 0x00, 0xb0, 0xbf};

gfxasm::ObjdumpResult run(const std::vector<uint8_t> &bytes, const std::string &cpu = "") {
  gfxasm::ObjdumpOptions options;
  options.fileName = "test.o";
  options.cpu = cpu;
  return gfxasm::objdump(bytes.data(), bytes.size(), options);
}

TEST(ObjdumpMalformed, TheTestObjectIsValid) {
  auto r = run(makeElf(kCode).bytes);
  EXPECT_TRUE(r.ok()) << r.error;
  EXPECT_NE(r.text.find("<main>:"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("s_endpgm"), std::string::npos) << r.text;
}

TEST(ObjdumpMalformed, EveryTruncation) {
  std::vector<uint8_t> full = makeElf(kCode).bytes;
  for (size_t n = 0; n < full.size(); ++n) {
    std::vector<uint8_t> part(full.begin(), full.begin() + n);
    auto r = run(part);
    EXPECT_FALSE(r.ok()) << n; // the section headers are at the end
  }
}

TEST(ObjdumpMalformed, EveryByteDamaged) {
  std::vector<uint8_t> full = makeElf(kCode).bytes;
  for (size_t at = 0; at < full.size(); ++at)
    for (uint8_t v : {0x00, 0x01, 0x7f, 0x80, 0xff}) {
      std::vector<uint8_t> bytes = full;
      bytes[at] = v;
      auto r = run(bytes);
      EXPECT_TRUE(r.ok() || !r.error.empty());
    }
}

TEST(ObjdumpMalformed, RandomDamage) {
  std::vector<uint8_t> full = makeElf(kCode).bytes;
  std::mt19937 rng(7);
  for (int k = 0; k < 3000; ++k) {
    std::vector<uint8_t> bytes = full;
    for (int n = 1 + rng() % 8; n > 0; --n)
      bytes[rng() % bytes.size()] = static_cast<uint8_t>(rng());
    auto r = run(bytes);
    EXPECT_TRUE(r.ok() || !r.error.empty());
  }
}

TEST(ObjdumpMalformed, NotAnAmdgpuElf) {
  EXPECT_NE(run({}).error.find("not recognized"), std::string::npos);
  EXPECT_NE(run({'h', 'e', 'l', 'l', 'o'}).error.find("not recognized"), std::string::npos);
  TestElf f = makeElf(kCode);
  f.header().e_machine = EM_X86_64;
  EXPECT_NE(run(f.bytes).error.find("EM_AMDGPU"), std::string::npos);
  f = makeElf(kCode);
  f.bytes[EI_CLASS] = ELFCLASS32;
  EXPECT_NE(run(f.bytes).error.find("64-bit"), std::string::npos);
  f = makeElf(kCode);
  f.bytes[EI_DATA] = ELFDATA2MSB;
  EXPECT_NE(run(f.bytes).error.find("little-endian"), std::string::npos);
}

TEST(ObjdumpMalformed, SectionsOutOfBounds) {
  TestElf f = makeElf(kCode);
  f.section(TestElf::Text).sh_offset = 1u << 30;
  EXPECT_NE(run(f.bytes).error.find("sh_offset"), std::string::npos);
  f = makeElf(kCode);
  f.section(TestElf::Text).sh_size = ~uint64_t(0); // offset + size wraps
  EXPECT_NE(run(f.bytes).error.find("sh_size"), std::string::npos);
  f = makeElf(kCode);
  f.header().e_shoff = f.bytes.size() - 8;
  EXPECT_NE(run(f.bytes).error.find("section header table"), std::string::npos);
  f = makeElf(kCode);
  f.header().e_shnum = 0; // the count is then section 0's sh_size
  f.section(TestElf::Null).sh_size = 1u << 20;
  EXPECT_NE(run(f.bytes).error.find("number of sections"), std::string::npos);
  f = makeElf(kCode);
  f.header().e_shentsize = 40;
  EXPECT_NE(run(f.bytes).error.find("e_shentsize"), std::string::npos);
  f = makeElf(kCode);
  f.header().e_shstrndx = 99;
  EXPECT_NE(run(f.bytes).error.find("string table index"), std::string::npos);
  f = makeElf(kCode);
  f.bytes[f.section(TestElf::Shstrtab).sh_offset + f.section(TestElf::Shstrtab).sh_size - 1] = 'x';
  EXPECT_NE(run(f.bytes).error.find("non-null terminated"), std::string::npos);
  f = makeElf(kCode);
  f.section(TestElf::Text).sh_name = 1000;
  EXPECT_NE(run(f.bytes).error.find("sh_name"), std::string::npos);
}

// As in llvm-objdump, a symbol table or name that cannot be read is left out with a warning; a
// symbol's section that cannot be found is an error.
TEST(ObjdumpMalformed, BrokenSymbolTable) {
  auto warned = [](const std::vector<uint8_t> &bytes, const std::string &what) {
    auto r = run(bytes);
    EXPECT_TRUE(r.ok()) << r.error;
    EXPECT_NE(r.text.find("<.text>:"), std::string::npos) << r.text; // no symbols
    ASSERT_FALSE(r.warnings.empty());
    EXPECT_NE(r.warnings[0].find(what), std::string::npos) << r.warnings[0];
  };
  TestElf f = makeElf(kCode);
  f.section(TestElf::Symtab).sh_entsize = 16;
  warned(f.bytes, "sh_entsize");
  f = makeElf(kCode);
  f.section(TestElf::Symtab).sh_size = 30;
  warned(f.bytes, "multiple");
  f = makeElf(kCode);
  f.section(TestElf::Symtab).sh_link = 99;
  warned(f.bytes, "section index");
  f = makeElf(kCode);
  f.section(TestElf::Symtab).sh_link = TestElf::Text;
  warned(f.bytes, "string table");
  f = makeElf(kCode);
  f.symbol(1).st_name = 5000;
  warned(f.bytes, "st_name");
  f = makeElf(kCode);
  f.symbol(1).st_shndx = 77;
  EXPECT_NE(run(f.bytes).error.find("section index"), std::string::npos);
  f = makeElf(kCode);
  f.symbol(1).st_shndx = SHN_XINDEX;
  EXPECT_NE(run(f.bytes).error.find("extended symbol index"), std::string::npos);
}

// Sizes that are no whole instructions, and symbols outside their section, are listed.
TEST(ObjdumpMalformed, OddSizesAndAddresses) {
  for (size_t n = 1; n <= kCode.size(); ++n) {
    auto r = run(makeElf(std::vector<uint8_t>(kCode.begin(), kCode.begin() + n)).bytes);
    EXPECT_TRUE(r.ok()) << n << ": " << r.error;
  }
  auto r = run(makeElf({0x81, 0x00, 0x80, 0xbe, 0x01}).bytes);
  EXPECT_NE(r.text.find(".byte 0x01"), std::string::npos) << r.text;
  TestElf f = makeElf(kCode);
  f.symbol(1).st_value = ~uint64_t(0) - 2;
  r = run(f.bytes);
  EXPECT_TRUE(r.ok()) << r.error;
  f = makeElf(kCode);
  f.section(TestElf::Text).sh_addr = ~uint64_t(0) - 4; // the section's end wraps around
  r = run(f.bytes);
  EXPECT_TRUE(r.ok()) << r.error;
}

TEST(ObjdumpMalformed, Processor) {
  TestElf f = makeElf(kCode, 0x2b); // gfx810: no processor gfxasm has
  EXPECT_NE(run(f.bytes).error.find("--mcpu"), std::string::npos);
  EXPECT_TRUE(run(makeElf(kCode, 0x2c).bytes).ok()); // gfx900
  auto r = run(f.bytes, "gfx1100");
  EXPECT_TRUE(r.ok()) << r.error;
  EXPECT_NE(run(f.bytes, "gfx9999").error.find("gfx9999"), std::string::npos);
}

} // namespace
