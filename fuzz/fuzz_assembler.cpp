// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// libFuzzer harness: any byte string is assembly source for gfx1100 and for gfx90a; assembling it
// must never crash, hang or trip a sanitizer, whatever the output mode (text, null, ELF object).
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
  for (bool showEncoding : {false, true}) {
    options.showEncoding = showEncoding;
    gfxasm::assemble(target(false), source, options);
  }
  gfxasm::assemble(target(true), source, options); // (with -show-encoding)
  options.output = gfxasm::OutputKind::Null;
  gfxasm::assemble(target(false), source, options);
  // Sections, symbols, fixups and relocations: the object writer.
  options.output = gfxasm::OutputKind::Object;
  gfxasm::assemble(target(false), source, options);
  gfxasm::assemble(target(true), source, options);
  return 0;
}
