// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// libFuzzer harness: any byte string is assembly source for gfx1100 or gfx90a; assembling it must
// never crash, hang or trip a sanitizer, whatever the output mode (text, null, ELF object).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gfxasm/gfxasm.h"

namespace {

const gfxasm::Target &target(bool gfx9) {
  static const gfxasm::Target gfx1100 = *gfxasm::Target::create("gfx1100", {}, nullptr);
  static const gfxasm::Target gfx90a = *gfxasm::Target::create("gfx90a", {"+xnack"}, nullptr);
  return gfx9 ? gfx90a : gfx1100;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view source(reinterpret_cast<const char *>(data), size);
  gfxasm::AssembleOptions options;
  options.fileName = "fuzz.s";
  // (a few .rept lines may ask for gigabytes: the limit's error comes sooner)
  options.maxExpansionBytes = 16 << 10; // (recursive macros multiply their errors: keep runs short)
  options.maxSectionBytes = 16 << 20;   // (.zero, .fill, .org, .incbin: megabytes are slow enough)
  // Each input is assembled in one of six ways, chosen by its size (libFuzzer's insertions and
  // deletions move an input through all of them): one assembly a run instead of six makes six
  // times the runs, and the coverage of each way counts as its own.
  switch (size % 6) {
  case 0: // text
    gfxasm::assemble(target(false), source, options);
    break;
  case 1: // text with encodings
  case 2:
    options.showEncoding = true;
    gfxasm::assemble(target(size % 6 == 2), source, options);
    break;
  case 3: // no output: the checks alone
    options.output = gfxasm::OutputKind::Null;
    gfxasm::assemble(target(false), source, options);
    break;
  default: // sections, symbols, fixups and relocations: the object writer
    options.output = gfxasm::OutputKind::Object;
    gfxasm::assemble(target(size % 6 == 5), source, options);
  }
  return 0;
}
