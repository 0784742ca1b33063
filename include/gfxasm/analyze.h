// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// gfxasm analyzer API: checks AMDGPU assembly (or an ELF object / code object) for missing or
// wrong s_waitcnt and s_delay_alu, and writes the program back with them fixed.
// The JSON form of the result is documented in docs/analyze_json.md.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gfxasm/gfxasm.h"

namespace gfxasm {

struct AnalyzeOptions {
  std::string fileName = "<stdin>";
  std::vector<std::string> includeDirs; // for .include (assembly input)
  bool checkWaitcnt = true;             // check 1: s_waitcnt for memory results (all targets)
  bool checkDelayAlu = true;            // check 2: s_delay_alu (gfx11)
  bool checkHazards = true; // check 3: hazards (s_nop on gfx9, s_waitcnt_depctr on gfx11)
  // Write AnalyzeResult::html: one self-contained page with the annotated listing and a cycle
  // timeline per block (src/analysis/html.cpp).
  bool html = false;
  // Write AnalyzeResult::fixed: the source with the missing waits inserted and the s_delay_alu
  // recomputed (assembly input only).
  bool fix = false;
};

// One finding of a check, located at the instruction it is about.
struct AnalysisFinding {
  std::string check;     // "waitcnt" or "delay_alu"
  Diagnostic diagnostic; // severity Warning, "file:line:col", the message and the source line
  std::string function;  // the function it is in
  // The other instructions involved (the memory operation whose result is waited for), as
  // "file:line: text".
  std::vector<std::string> related;
  std::string fix; // the instruction(s) that fix it ("s_waitcnt vmcnt(0)"), if any
};

struct AnalyzeResult {
  std::vector<Diagnostic> diagnostics; // errors reading the input (assembler or ELF errors)
  unsigned errorCount = 0;
  std::vector<AnalysisFinding> findings;
  std::string fixed; // with AnalyzeOptions::fix
  std::string html;  // with AnalyzeOptions::html
  // Sizes of what was analyzed.
  unsigned functions = 0, blocks = 0, instructions = 0;
  bool ok() const { return errorCount == 0; }
};

// Analyzes assembly text (as the assembler reads it: directives, macros, labels).
AnalyzeResult analyze(const Target &target, std::string_view source,
                      const AnalyzeOptions &options = {});
// Analyzes an ELF relocatable object or code object (decoded; no fix).
AnalyzeResult analyzeObject(const Target &target, std::span<const uint8_t> bytes,
                            const AnalyzeOptions &options = {});

// The findings as the command line prints them: "file:line:col: warning: message", the line
// and a caret, then notes for the related instructions and the fix.
std::string formatAnalysisText(const AnalyzeResult &r);
// The result as JSON (docs/analyze_json.md).
std::string formatAnalysisJson(const AnalyzeResult &r);

} // namespace gfxasm
