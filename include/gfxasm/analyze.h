// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// gfxasm analyzer API: checks AMDGPU assembly (or an ELF object / code object) for missing or
// wrong s_waitcnt and s_delay_alu and for hazards (s_nop, s_waitcnt_depctr), writes the program
// back with them fixed, and estimates its cycles, live registers and occupancy.
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
  // Fill AnalyzeResult::timing: the static timing estimate per function (of the program as
  // given, before any fix).
  bool timing = false;
  // Write AnalyzeResult::fixed: the source with the missing waits inserted and the s_delay_alu
  // recomputed (assembly input only).
  bool fix = false;
  // The assembler's limits (AssembleOptions::maxExpansionBytes, maxSectionBytes).
  size_t maxExpansionBytes = AssembleOptions{}.maxExpansionBytes;
  size_t maxSectionBytes = AssembleOptions{}.maxSectionBytes;
};

// One finding of a check, located at the instruction it is about.
struct AnalysisFinding {
  std::string check;     // "waitcnt", "delay_alu" or "hazard"
  Diagnostic diagnostic; // severity Warning, "file:line:col", the message and the source line
  std::string function;  // the function it is in
  // The other instructions involved (the memory operation whose result is waited for), as
  // "file:line: text".
  std::vector<std::string> related;
  std::string fix; // the instruction(s) that fix it ("s_waitcnt vmcnt(0)"), if any
};

// The static timing estimate (AnalyzeOptions::timing): the timing model of the processor's
// architecture (GCN: the seed's 4-cycle issue and fetch rules; RDNA3: s_delay_alu's latencies;
// llvm-mca's latencies for the rest), one in-order walk per function, each block once.
struct TimedInstruction {
  std::string text;       // as written (code objects: as the disassembler prints it)
  unsigned line = 0;      // 0 for code objects
  uint64_t offset = 0;    // byte offset in its section (code objects: its address)
  uint64_t issue = 0;     // the cycle it issues
  uint32_t stall = 0;     // cycles waited before it
  uint32_t cycles = 0;    // cycles it occupies the issue
  uint32_t latency = 0;   // cycles until its result is there (memory: until it completes)
  std::string stallWhy;   // "waitcnt+alignment", ... (empty without a stall)
  unsigned inFlight[4]{}; // memory operations outstanding after it: vm, exp, lgkm, vs
};
struct TimedBlock {
  unsigned index = 0;
  std::string label;           // the label starting it, if any
  std::vector<unsigned> succs; // the blocks control may go to next (the CFG)
  uint64_t start = 0, cycles = 0, stalls = 0;
  std::vector<TimedInstruction> instructions;
};
struct TimedFunction {
  std::string name;
  bool kernel = false;
  uint64_t cycles = 0;                                  // every block once, in layout order
  unsigned sgprs = 0, vgprs = 0, agprs = 0;             // registers used (allocated)
  unsigned liveSgprs = 0, liveVgprs = 0, liveAgprs = 0; // the most live at one point
  unsigned occupancy = 0; // waves per SIMD the registers and LDS allow (0: unknown)
  std::vector<TimedBlock> blocks;
};

struct AnalyzeResult {
  std::vector<Diagnostic> diagnostics; // errors reading the input (assembler or ELF errors)
  unsigned errorCount = 0;
  std::vector<AnalysisFinding> findings;
  std::string fixed;                 // with AnalyzeOptions::fix
  std::string html;                  // with AnalyzeOptions::html
  std::string timingModel;           // with AnalyzeOptions::timing: "gcn" or "rdna3"
  std::vector<TimedFunction> timing; // with AnalyzeOptions::timing
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
// The timing estimate as an annotated listing: per function its cycles, registers and occupancy,
// per block its cycles and successors, per instruction its issue cycle, stall, cycles and latency.
std::string formatTimingText(const AnalyzeResult &r);
// The result as JSON (docs/analyze_json.md).
std::string formatAnalysisJson(const AnalyzeResult &r);

} // namespace gfxasm
