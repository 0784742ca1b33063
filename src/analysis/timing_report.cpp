// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "analysis/timing_report.h"

#include "analysis/timing.h"

namespace gfxasm::analysis {

namespace {

std::string_view trimmed(std::string_view s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

} // namespace

void fillTiming(const Program &p, AnalyzeResult &out) {
  ProgramTiming pt = estimateTiming(p);
  out.timingModel = pt.model->name;
  for (size_t fi = 0; fi < p.functions.size(); ++fi) {
    const Function &f = p.functions[fi];
    const FunctionTiming &ft = pt.functions[fi];
    TimedFunction tf;
    tf.name = f.name;
    tf.kernel = f.kernel;
    tf.cycles = ft.cycles;
    tf.sgprs = ft.used.sgprs;
    tf.vgprs = ft.used.vgprs;
    tf.agprs = ft.used.agprs;
    tf.liveSgprs = ft.peakLive.sgprs;
    tf.liveVgprs = ft.peakLive.vgprs;
    tf.liveAgprs = ft.peakLive.agprs;
    tf.occupancy = ft.occupancy;
    for (const BasicBlock &b : f.blocks) {
      const BlockTiming &bt = ft.blocks[b.index];
      TimedBlock tb;
      tb.index = b.index;
      tb.label = b.label;
      tb.succs.assign(b.succs.begin(), b.succs.end());
      tb.start = bt.start;
      tb.cycles = bt.cycles;
      tb.stalls = bt.stalls;
      for (uint32_t i = b.begin; i < b.end; ++i) {
        const Instruction &ins = f.insts[i];
        const InstTiming &t = ft.insts[i];
        TimedInstruction ti;
        std::string_view text = trimmed(ins.loc.lineText);
        ti.text = std::string(text.empty() ? ins.name() : text);
        ti.line = ins.loc.line;
        ti.offset = ins.offset;
        ti.issue = t.issue;
        ti.stall = t.stall;
        ti.cycles = t.cycles;
        ti.latency = t.latency;
        ti.stallWhy = t.stall ? stallReasonNames(t.reasons) : std::string();
        for (unsigned c = 0; c < Cnt_Count; ++c) ti.inFlight[c] = t.outstanding[c];
        tb.instructions.push_back(std::move(ti));
      }
      tf.blocks.push_back(std::move(tb));
    }
    out.timing.push_back(std::move(tf));
  }
}

} // namespace gfxasm::analysis
