// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// libFuzzer harness: any byte string is assembly for gfx1100, gfx90a or gfx1151 (gfx11.5's
// export priority rows), or (starting with the ELF magic) an object for one of the first two;
// analyzing it (checks and timing), with and without --fix, must never crash, hang or trip a
// sanitizer, and a fixed program must assemble when the input did.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>

#include "gfxasm/analyze.h"
#include "gfxasm/gfxasm.h"

namespace {

const gfxasm::Target &target(int which) {
  static const gfxasm::Target gfx1100 = *gfxasm::Target::create("gfx1100", {}, nullptr);
  static const gfxasm::Target gfx90a = *gfxasm::Target::create("gfx90a", {}, nullptr);
  static const gfxasm::Target gfx1151 = *gfxasm::Target::create("gfx1151", {}, nullptr);
  return which == 1 ? gfx90a : which == 2 ? gfx1151 : gfx1100;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view source(reinterpret_cast<const char *>(data), size);
  gfxasm::AnalyzeOptions options;
  options.fileName = "fuzz.s";
  options.timing = true;
  options.maxExpansionBytes = 16 << 10; // (fuzz_assembler's limits: runs stay short)
  options.maxSectionBytes = 16 << 20;
  if (source.starts_with("\x7f"
                         "ELF")) {
    gfxasm::AnalyzeResult r =
        gfxasm::analyzeObject(target(size % 2), std::span<const uint8_t>(data, size), options);
    gfxasm::formatTimingText(r);
    gfxasm::formatAnalysisJson(r);
    return 0;
  }
  // (one target a run, chosen by the input's size: libFuzzer's insertions and deletions move an
  // input through all three, and a run costs a third)
  const int which = static_cast<int>(size % 3);
  options.fix = false;
  gfxasm::AnalyzeResult r = gfxasm::analyze(target(which), source, options);
  gfxasm::formatAnalysisText(r);
  gfxasm::formatTimingText(r);
  gfxasm::formatAnalysisJson(r);
  options.fix = true;
  r = gfxasm::analyze(target(which), source, options);
  if (!r.ok()) return 0;
  gfxasm::AssembleOptions a;
  a.output = gfxasm::OutputKind::Null;
  a.maxExpansionBytes = 16 << 10;
  if (!gfxasm::assemble(target(which), r.fixed, a).ok()) std::abort(); // the fix broke it
  return 0;
}
