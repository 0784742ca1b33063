// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// gfxasm::analyze: loads the program, runs the checks, and for --fix applies the waitcnt edits,
// reloads the fixed text and applies the s_delay_alu edits (whose instruction counting must see
// the inserted waits).
#include "gfxasm/analyze.h"

#include <fmt/format.h>

#include "analysis/delay_alu.h"
#include "analysis/hazards.h"
#include "analysis/html.h"
#include "analysis/program.h"
#include "analysis/timing_report.h"
#include "analysis/waitcnt.h"

namespace gfxasm {

using namespace analysis;

namespace {

void collect(const Program &p, const PassResult &r, AnalyzeResult &out) {
  for (const Finding &f : r.findings) {
    const Function &fn = p.functions[f.function];
    const Instruction &ins = fn.insts[f.instruction];
    AnalysisFinding a;
    a.check = f.check;
    a.function = fn.name;
    a.fix = f.fix;
    a.diagnostic.severity = Severity::Warning;
    a.diagnostic.file = p.fileName;
    a.diagnostic.line = ins.loc.line;
    a.diagnostic.column = ins.loc.column;
    // (code objects have no lines: the function and offset say where)
    a.diagnostic.message =
        ins.loc.line ? f.message : fmt::format("{}+{:#x}: {}", fn.name, ins.offset, f.message);
    a.diagnostic.lineText = std::string(ins.loc.lineText);
    for (uint32_t k : f.related) {
      const Instruction &o = fn.insts[k];
      std::string_view t = o.loc.lineText;
      size_t b = t.find_first_not_of(" \t");
      std::string where =
          o.loc.line ? fmt::format("{}", o.loc.line) : fmt::format("{}+{:#x}", fn.name, o.offset);
      a.related.push_back(fmt::format("{}:{}: {}", p.fileName, where,
                                      b == std::string_view::npos ? t : t.substr(b)));
    }
    out.findings.push_back(std::move(a));
  }
}

void sizes(const Program &p, AnalyzeResult &out) {
  out.functions = static_cast<unsigned>(p.functions.size());
  out.blocks = 0;
  for (const Function &f : p.functions) out.blocks += static_cast<unsigned>(f.blocks.size());
  out.instructions = p.numInstructions;
}

void runChecks(const Program &p, const AnalyzeOptions &o, AnalyzeResult &out, PassResult *waitEdits,
               PassResult *delayEdits) {
  // (each pass's findings, and its edits when asked for)
  if (o.checkWaitcnt) {
    PassResult r;
    WaitcntPass().run(p, r);
    collect(p, r, out);
    if (waitEdits) *waitEdits = std::move(r);
  }
  if (o.checkDelayAlu) {
    PassResult r;
    DelayAluPass().run(p, r);
    collect(p, r, out);
    if (delayEdits) *delayEdits = std::move(r);
  }
  if (o.checkHazards && !waitEdits) { // (with --fix: after the waits, see analyze())
    PassResult r;
    HazardPass().run(p, r);
    collect(p, r, out);
  }
}

std::string jsonString(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '\r': out += "\\r"; break;
    default:
      if (static_cast<unsigned char>(c) < 0x20)
        out += fmt::format("\\u{:04x}", c);
      else
        out += c;
    }
  }
  return out + "\"";
}

} // namespace

AnalyzeResult analyze(const Target &target, std::string_view source,
                      const AnalyzeOptions &options) {
  AnalyzeResult out;
  auto p = loadAssembly(target, source, options.fileName, options.includeDirs,
                        options.maxExpansionBytes, options.maxSectionBytes);
  out.diagnostics = p->diagnostics;
  out.errorCount = p->errorCount;
  sizes(*p, out);
  if (!out.ok()) return out;
  if (options.timing) fillTiming(*p, out);
  if (!options.fix) {
    runChecks(*p, options, out, nullptr, nullptr);
    if (options.html) out.html = renderHtml(*p, out);
    return out;
  }
  AnalyzeOptions waitsOnly = options;
  waitsOnly.checkDelayAlu = false;
  PassResult waits;
  runChecks(*p, waitsOnly, out, &waits, nullptr);
  // Fix: waits first, then the delays of the program with its waits.
  std::string text = waits.edits.empty() ? p->source : writeFixed(*p, waits.edits);
  auto q = loadAssembly(target, text, options.fileName, options.includeDirs,
                        options.maxExpansionBytes, options.maxSectionBytes);
  // Hazard s_nops on the program with its waits (a wait is a wait state too), before the
  // delays (s_delay_alu counts the s_nops).
  if (options.checkHazards && q->errorCount == 0) {
    PassResult h;
    HazardPass().run(*q, h);
    collect(*q, h, out);
    if (!h.edits.empty()) {
      text = writeFixed(*q, h.edits);
      q = loadAssembly(target, text, options.fileName, options.includeDirs,
                       options.maxExpansionBytes, options.maxSectionBytes);
    }
  }
  if (options.checkDelayAlu && q->errorCount == 0) {
    PassResult r;
    DelayAluPass().run(*q, r);
    collect(*q, r, out);
    if (!r.edits.empty()) text = writeFixed(*q, r.edits);
  }
  out.fixed = std::move(text);
  return out;
}

AnalyzeResult analyzeObject(const Target &target, std::span<const uint8_t> bytes,
                            const AnalyzeOptions &options) {
  AnalyzeResult out;
  std::string error;
  auto p = loadObject(target, bytes, options.fileName, &error);
  if (!p) {
    Diagnostic d;
    d.file = options.fileName;
    d.message = error;
    out.diagnostics.push_back(std::move(d));
    out.errorCount = 1;
    return out;
  }
  sizes(*p, out);
  if (options.timing) fillTiming(*p, out);
  runChecks(*p, options, out, nullptr, nullptr);
  if (options.html) out.html = renderHtml(*p, out);
  return out;
}

std::string formatAnalysisText(const AnalyzeResult &r) {
  std::string s;
  for (const AnalysisFinding &f : r.findings) {
    s += formatDiagnostic(f.diagnostic);
    for (const std::string &rel : f.related) s += fmt::format("note: involved: {}\n", rel);
    if (!f.fix.empty()) s += fmt::format("note: fix: {}\n", f.fix);
  }
  return s;
}

std::string formatTimingText(const AnalyzeResult &r) {
  std::string s;
  if (!r.timing.empty()) s += fmt::format("timing model {}\n", r.timingModel);
  for (const TimedFunction &f : r.timing) {
    s += fmt::format("\nfunction {}{}: {} cycles (each block once); registers used: {} SGPRs, {} "
                     "VGPRs, {} AGPRs; peak live: {} SGPRs, {} VGPRs, {} AGPRs; occupancy: {}\n",
                     f.name, f.kernel ? " (kernel)" : "", f.cycles, f.sgprs, f.vgprs, f.agprs,
                     f.liveSgprs, f.liveVgprs, f.liveAgprs,
                     f.occupancy ? fmt::format("{} waves per SIMD", f.occupancy)
                                 : std::string("unknown"));
    for (const TimedBlock &b : f.blocks) {
      std::string succs;
      for (unsigned k : b.succs) succs += fmt::format("{}{}", succs.empty() ? "" : ", ", k);
      s += fmt::format("  block {}{}: {} cycles from cycle {}, {} stalled; next: {}\n", b.index,
                       b.label.empty() ? "" : " (" + b.label + ")", b.cycles, b.start, b.stalls,
                       succs.empty() ? "end" : succs);
      s += "    line   issue  stall cycles latency  vm exp lgkm vs  instruction\n";
      for (const TimedInstruction &i : b.instructions) {
        s += fmt::format("  {:>6} {:>7} {:>6} {:>6} {:>7} {:>3} {:>3} {:>4} {:>2}  {}", i.line,
                         i.issue, i.stall, i.cycles, i.latency, i.inFlight[0], i.inFlight[1],
                         i.inFlight[2], i.inFlight[3], i.text);
        if (!i.stallWhy.empty()) s += "  ; stall: " + i.stallWhy;
        s += '\n';
      }
    }
  }
  return s;
}

std::string formatAnalysisJson(const AnalyzeResult &r) {
  std::string s = "{\n  \"version\": 1,\n";
  s += fmt::format("  \"functions\": {},\n  \"blocks\": {},\n  \"instructions\": {},\n",
                   r.functions, r.blocks, r.instructions);
  s += "  \"errors\": [";
  for (size_t i = 0; i < r.diagnostics.size(); ++i) {
    const Diagnostic &d = r.diagnostics[i];
    s += fmt::format("{}\n    {{\"file\": {}, \"line\": {}, \"column\": {}, \"severity\": {}, "
                     "\"message\": {}}}",
                     i ? "," : "", jsonString(d.file), d.line, d.column,
                     jsonString(d.severity == Severity::Error     ? "error"
                                : d.severity == Severity::Warning ? "warning"
                                                                  : "note"),
                     jsonString(d.message));
  }
  s += r.diagnostics.empty() ? "],\n" : "\n  ],\n";
  s += "  \"findings\": [";
  for (size_t i = 0; i < r.findings.size(); ++i) {
    const AnalysisFinding &f = r.findings[i];
    s += fmt::format("{}\n    {{\"check\": {}, \"function\": {}, \"file\": {}, \"line\": {}, "
                     "\"column\": {}, \"message\": {}, \"source\": {}, \"fix\": {}, \"related\": [",
                     i ? "," : "", jsonString(f.check), jsonString(f.function),
                     jsonString(f.diagnostic.file), f.diagnostic.line, f.diagnostic.column,
                     jsonString(f.diagnostic.message), jsonString(f.diagnostic.lineText),
                     jsonString(f.fix));
    for (size_t k = 0; k < f.related.size(); ++k) s += (k ? ", " : "") + jsonString(f.related[k]);
    s += "]}";
  }
  s += r.findings.empty() ? "]" : "\n  ]";
  if (!r.timing.empty()) {
    s += fmt::format(",\n  \"timing_model\": {},\n  \"timing\": [", jsonString(r.timingModel));
    for (size_t fi = 0; fi < r.timing.size(); ++fi) {
      const TimedFunction &f = r.timing[fi];
      s += fmt::format("{}\n    {{\"function\": {}, \"kernel\": {}, \"cycles\": {}, \"sgprs\": {}, "
                       "\"vgprs\": {}, \"agprs\": {}, \"live_sgprs\": {}, \"live_vgprs\": {}, "
                       "\"live_agprs\": {}, \"occupancy\": {}, \"blocks\": [",
                       fi ? "," : "", jsonString(f.name), f.kernel, f.cycles, f.sgprs, f.vgprs,
                       f.agprs, f.liveSgprs, f.liveVgprs, f.liveAgprs, f.occupancy);
      for (size_t bi = 0; bi < f.blocks.size(); ++bi) {
        const TimedBlock &b = f.blocks[bi];
        std::string succs;
        for (unsigned k : b.succs) succs += fmt::format("{}{}", succs.empty() ? "" : ", ", k);
        s += fmt::format(
            "{}\n      {{\"index\": {}, \"label\": {}, \"succs\": [{}], \"start\": {}, "
            "\"cycles\": {}, \"stalls\": {}, \"instructions\": [",
            bi ? "," : "", b.index, jsonString(b.label), succs, b.start, b.cycles, b.stalls);
        for (size_t ii = 0; ii < b.instructions.size(); ++ii) {
          const TimedInstruction &i = b.instructions[ii];
          s += fmt::format(
              "{}\n        {{\"line\": {}, \"offset\": {}, \"text\": {}, \"issue\": {}, "
              "\"stall\": {}, \"stall_why\": {}, \"cycles\": {}, \"latency\": {}, "
              "\"in_flight\": [{}, {}, {}, {}]}}",
              ii ? "," : "", i.line, i.offset, jsonString(i.text), i.issue, i.stall,
              jsonString(i.stallWhy), i.cycles, i.latency, i.inFlight[0], i.inFlight[1],
              i.inFlight[2], i.inFlight[3]);
        }
        s += b.instructions.empty() ? "]}" : "\n      ]}";
      }
      s += f.blocks.empty() ? "]}" : "\n    ]}";
    }
    s += r.timing.empty() ? "]" : "\n  ]";
  }
  if (!r.fixed.empty()) s += ",\n  \"fixed\": " + jsonString(r.fixed);
  s += "\n}\n";
  return s;
}

} // namespace gfxasm
