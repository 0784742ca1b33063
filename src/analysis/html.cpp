// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The HTML page: the timing estimate (timing.h) and the findings laid out per block. The page's
// script only adds interaction (hover links a listing row and its timeline bar) and marks the
// page as drawn (body data-drawn-blocks), which the Chromium test reads.
#include "analysis/html.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "analysis/timing.h"

namespace gfxasm::analysis {

namespace {

std::string escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\t': out += "    "; break;
    default: out += c;
    }
  }
  return out;
}

std::string_view trimmed(std::string_view s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// Timeline colours per category (issue bars) and for stalls.
const char *categoryColor(Category c) {
  switch (c) {
  case Category::SALU: return "#4c9be8";
  case Category::VALU: return "#54b36b";
  case Category::TRANS: return "#2e7d32";
  case Category::SMEM: return "#b07cc6";
  case Category::VMEM:
  case Category::FLAT: return "#e08a3c";
  case Category::DS: return "#d4b13a";
  case Category::EXP:
  case Category::LDSDIR: return "#8d6e63";
  case Category::Branch: return "#607d8b";
  default: return "#9e9e9e";
  }
}

constexpr const char *kStyle = R"(
body{font:13px/1.35 system-ui,sans-serif;margin:16px;color:#222;background:#fafafa}
h1{font-size:18px;margin:0 0 4px} h2{font-size:16px;margin:18px 0 6px} h3{font-size:14px;margin:0 0 4px}
.summary td,.summary th{padding:2px 8px;text-align:right;border-bottom:1px solid #ddd}
.summary th:first-child,.summary td:first-child{text-align:left}
.block{background:#fff;border:1px solid #ccc;border-radius:4px;margin:10px 0;padding:8px}
.row{display:flex;gap:12px;align-items:flex-start}
.listing{border-collapse:collapse;font:12px ui-monospace,monospace}
.listing td,.listing th{padding:0 6px;white-space:pre;text-align:right;height:14px;line-height:14px;box-sizing:border-box}
.listing td.src{text-align:left} .listing th{position:sticky;top:0;background:#eee}
.listing tr.stall td.st{color:#c62828;font-weight:bold}
.listing tr.finding td.src{background:#ffe0e0}
.listing tr.hl td{background:#fff3b0}
.msg{color:#b71c1c;font:bold 11px system-ui;margin-left:8px}
.findings{color:#b71c1c;margin:6px 0 0 0;padding-left:18px;font-size:12px}
.legend span{display:inline-block;margin-right:10px} .legend i{display:inline-block;width:10px;height:10px;margin-right:3px;vertical-align:middle}
svg .hl{stroke:#000;stroke-width:1}
.meta{color:#555}
)";

constexpr const char *kScript = R"(
window.addEventListener('error',function(e){document.body.dataset.scriptError=String(e.message);});
document.addEventListener('DOMContentLoaded',function(){
  var drawn=0;
  document.querySelectorAll('.block').forEach(function(b){
    var r=b.getBoundingClientRect(); if(r.height>0&&r.width>0&&b.querySelector('svg'))drawn++;
    b.querySelectorAll('[data-i]').forEach(function(el){
      el.addEventListener('mouseenter',function(){
        b.querySelectorAll('[data-i="'+el.dataset.i+'"]').forEach(function(x){x.classList.add('hl');});});
      el.addEventListener('mouseleave',function(){
        b.querySelectorAll('.hl').forEach(function(x){x.classList.remove('hl');});});
    });
  });
  document.body.dataset.drawnBlocks=String(drawn);
});
)";

void timelineSvg(std::string &out, const Function &f, const FunctionTiming &ft,
                 const BasicBlock &b) {
  const BlockTiming &bt = ft.blocks[b.index];
  uint64_t start = bt.start;
  uint64_t span = 1;
  for (uint32_t i = b.begin; i < b.end; ++i) {
    const InstTiming &t = ft.insts[i];
    span = std::max<uint64_t>(span, t.issue + std::max(t.cycles, t.latency) - start);
  }
  // One row per listing row (14 px), below the listing's header row.
  constexpr unsigned kRow = 14, kTop = 14, kWidth = 560, kCounterHeight = 36;
  double px = std::min(8.0, static_cast<double>(kWidth) / static_cast<double>(span));
  unsigned rows = b.end - b.begin;
  unsigned height = kTop + rows * kRow + kCounterHeight + 18;
  out += fmt::format("<svg width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
                     "xmlns=\"http://www.w3.org/2000/svg\">",
                     kWidth + 10, height, kWidth + 10, height);
  auto x = [&](uint64_t c) { return 2.0 + static_cast<double>(c - start) * px; };
  for (uint32_t i = b.begin; i < b.end; ++i) {
    const InstTiming &t = ft.insts[i];
    double y = kTop + (i - b.begin) * kRow + 3;
    if (t.stall)
      out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.0f}\" width=\"{:.1f}\" height=\"{}\" "
                         "fill=\"#e53935\" opacity=\"0.55\"><title>stall {} ({})</title></rect>",
                         x(t.issue - t.stall), y, t.stall * px, kRow - 6, t.stall,
                         stallReasonNames(t.reasons));
    if (t.latency > t.cycles)
      out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
                         "stroke=\"#999\" stroke-dasharray=\"2,2\"/>",
                         x(t.issue + t.cycles), y + (kRow - 6) / 2.0, x(t.issue + t.latency),
                         y + (kRow - 6) / 2.0);
    out += fmt::format(
        "<rect data-i=\"{}\" x=\"{:.1f}\" y=\"{:.0f}\" width=\"{:.1f}\" height=\"{}\" "
        "fill=\"{}\"><title>{} @{} +{}</title></rect>",
        i, x(t.issue), y, std::max(1.0, t.cycles * px), kRow - 6,
        categoryColor(f.insts[i].category), escape(f.insts[i].name()), t.issue, t.cycles);
  }
  // Outstanding memory operations after each issue (vm, lgkm, exp, vs): step lines.
  double base = kTop + rows * kRow + kCounterHeight;
  static constexpr const char *kCounterColors[] = {"#e08a3c", "#8d6e63", "#b07cc6", "#00897b"};
  unsigned most = 1;
  for (uint32_t i = b.begin; i < b.end; ++i)
    for (uint8_t n : ft.insts[i].outstanding) most = std::max<unsigned>(most, n);
  for (unsigned c = 0; c < Cnt_Count; ++c) {
    std::string pts;
    bool any = false;
    for (uint32_t i = b.begin; i < b.end; ++i) {
      const InstTiming &t = ft.insts[i];
      double yy = base - (kCounterHeight - 4.0) * t.outstanding[c] / most;
      pts += fmt::format("{:.1f},{:.1f} ", x(t.issue), yy);
      any |= t.outstanding[c] != 0;
    }
    if (any)
      out +=
          fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>",
                      pts, kCounterColors[c]);
  }
  out += fmt::format("<text x=\"2\" y=\"{}\" font-size=\"10\" fill=\"#555\">0</text>"
                     "<text x=\"{}\" y=\"{}\" font-size=\"10\" fill=\"#555\" "
                     "text-anchor=\"end\">{} cycles</text></svg>",
                     height - 2, kWidth, height - 2, span);
}

} // namespace

std::string renderHtml(const Program &program, const AnalyzeResult &result) {
  ProgramTiming pt = estimateTiming(program);
  // Findings per (function name, line).
  std::map<std::pair<std::string, uint32_t>, std::vector<const AnalysisFinding *>> findingsAt;
  for (const AnalysisFinding &f : result.findings)
    findingsAt[{f.function, f.diagnostic.line}].push_back(&f);

  std::string out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>gfxasm analyze: ";
  out += escape(program.fileName) + "</title><style>" + kStyle + "</style><script>" + kScript +
         "</script></head><body>\n";
  out += fmt::format("<h1>{}</h1><div class=\"meta\">{} &middot; timing model {} &middot; {} "
                     "functions, {} instructions, {} findings</div>\n",
                     escape(program.fileName), escape(program.target->cpuName()), pt.model->name,
                     program.functions.size(), program.numInstructions, result.findings.size());
  out += "<div class=\"legend meta\">";
  for (auto [name, cat] :
       std::initializer_list<std::pair<const char *, Category>>{{"SALU", Category::SALU},
                                                                {"VALU", Category::VALU},
                                                                {"TRANS", Category::TRANS},
                                                                {"SMEM", Category::SMEM},
                                                                {"VMEM/FLAT", Category::VMEM},
                                                                {"DS", Category::DS},
                                                                {"branch", Category::Branch},
                                                                {"other", Category::Other}})
    out += fmt::format("<span><i style=\"background:{}\"></i>{}</span>", categoryColor(cat), name);
  out +=
      "<span><i style=\"background:#e53935;opacity:.55\"></i>stall</span>"
      "<span>dashed: latency to the result; lines below: vm/exp/lgkm/vs in flight</span></div>\n";
  // Summary table.
  out += "<table class=\"summary\"><tr><th>function</th><th>blocks</th><th>cycles (each block "
         "once)</th><th>SGPRs</th><th>VGPRs</th><th>AGPRs</th><th>live S/V/A peak</th>"
         "<th>waves/SIMD</th></tr>\n";
  for (size_t fi = 0; fi < program.functions.size(); ++fi) {
    const Function &f = program.functions[fi];
    const FunctionTiming &ft = pt.functions[fi];
    out += fmt::format("<tr><td><a href=\"#f{}\">{}</a>{}</td><td>{}</td><td>{}</td><td>{}</td>"
                       "<td>{}</td><td>{}</td><td>{}/{}/{}</td><td>{}</td></tr>\n",
                       fi, escape(f.name), f.kernel ? " (kernel)" : "", f.blocks.size(), ft.cycles,
                       ft.used.sgprs, ft.used.vgprs, ft.used.agprs, ft.peakLive.sgprs,
                       ft.peakLive.vgprs, ft.peakLive.agprs,
                       ft.occupancy ? fmt::format("{}", ft.occupancy) : std::string("?"));
  }
  out += "</table>\n";
  for (size_t fi = 0; fi < program.functions.size(); ++fi) {
    const Function &f = program.functions[fi];
    const FunctionTiming &ft = pt.functions[fi];
    out += fmt::format("<h2 id=\"f{}\">{}</h2>\n", fi, escape(f.name));
    std::vector<std::string> blockFindings;
    for (const BasicBlock &b : f.blocks) {
      const BlockTiming &bt = ft.blocks[b.index];
      std::string succs;
      for (uint32_t s : b.succs) succs += fmt::format("{}{}", succs.empty() ? "" : ", ", s);
      out += fmt::format("<div class=\"block\" id=\"f{}b{}\"><h3>block {}{} &middot; {} "
                         "cycles, {} stalled &middot; &rarr; {}</h3><div class=\"row\"><div>",
                         fi, b.index, b.index, b.label.empty() ? "" : " (" + escape(b.label) + ")",
                         bt.cycles, bt.stalls, succs.empty() ? "end" : succs);
      out += "<table class=\"listing\"><tr><th>line</th><th>issue</th><th>stall</th><th>cyc</th>"
             "<th>lat</th><th>vm</th><th>lgkm</th><th>exp</th><th>vs</th><th class=\"src\">"
             "instruction</th></tr>\n";
      for (uint32_t i = b.begin; i < b.end; ++i) {
        const Instruction &ins = f.insts[i];
        const InstTiming &t = ft.insts[i];
        auto fit = findingsAt.find({f.name, ins.loc.line});
        bool finding = ins.loc.line && fit != findingsAt.end();
        std::string cls = std::string(t.stall ? "stall " : "") + (finding ? "finding" : "");
        out += fmt::format("<tr data-i=\"{}\" class=\"{}\"><td>{}</td><td>{}</td><td class=\"st\" "
                           "title=\"{}\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
                           "<td>{}</td><td>{}</td><td class=\"src\">{}",
                           i, cls, ins.loc.line, t.issue, stallReasonNames(t.reasons),
                           t.stall ? fmt::format("{}", t.stall) : std::string(), t.cycles,
                           t.latency, t.outstanding[Cnt_Vm], t.outstanding[Cnt_Lgkm],
                           t.outstanding[Cnt_Exp], t.outstanding[Cnt_Vs],
                           escape(ins.loc.line ? trimmed(ins.loc.lineText) : ins.name()));
        if (finding)
          for (const AnalysisFinding *af : fit->second) {
            out += fmt::format("<span class=\"msg\" title=\"{}\">&#9888; {}</span>",
                               escape(af->diagnostic.message), escape(af->check));
            blockFindings.push_back(
                fmt::format("line {}: {}", ins.loc.line, af->diagnostic.message));
          }
        out += "</td></tr>\n";
      }
      out += "</table></div><div>";
      timelineSvg(out, f, ft, b);
      out += "</div></div>";
      if (!blockFindings.empty()) {
        out += "<ul class=\"findings\">";
        for (const std::string &m : blockFindings) out += "<li>warning: " + escape(m) + "</li>";
        out += "</ul>";
        blockFindings.clear();
      }
      out += "</div>\n";
    }
  }
  out += "</body></html>\n";
  return out;
}

} // namespace gfxasm::analysis
