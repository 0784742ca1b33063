// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// libFuzzer harness: any byte string is assembly for gfx1100 and gfx90a, or (starting with the
// ELF magic) an object; analyzing it (checks and timing), with and without --fix, must never
// crash, hang or trip a sanitizer, and a fixed program must assemble when the input did.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>

#include "gfxasm/analyze.h"
#include "gfxasm/gfxasm.h"

namespace {

const gfxasm::Target &target(bool gfx9) {
  static const gfxasm::Target gfx1100 = *gfxasm::Target::create("gfx1100", {}, nullptr);
  static const gfxasm::Target gfx90a = *gfxasm::Target::create("gfx90a", {}, nullptr);
  return gfx9 ? gfx90a : gfx1100;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view source(reinterpret_cast<const char *>(data), size);
  gfxasm::AnalyzeOptions options;
  options.fileName = "fuzz.s";
  options.timing = true;
  if (source.starts_with("\x7f"
                         "ELF")) {
    for (bool gfx9 : {false, true}) {
      gfxasm::AnalyzeResult r =
          gfxasm::analyzeObject(target(gfx9), std::span<const uint8_t>(data, size), options);
      gfxasm::formatTimingText(r);
      gfxasm::formatAnalysisJson(r);
    }
    return 0;
  }
  for (bool gfx9 : {false, true}) {
    options.fix = false;
    gfxasm::AnalyzeResult r = gfxasm::analyze(target(gfx9), source, options);
    gfxasm::formatAnalysisText(r);
    gfxasm::formatTimingText(r);
    gfxasm::formatAnalysisJson(r);
    options.fix = true;
    r = gfxasm::analyze(target(gfx9), source, options);
    if (!r.ok()) continue;
    gfxasm::AssembleOptions a;
    a.output = gfxasm::OutputKind::Null;
    a.maxExpansionBytes = 16 << 10;
    if (!gfxasm::assemble(target(gfx9), r.fixed, a).ok()) std::abort(); // the fix broke it
  }
  return 0;
}
