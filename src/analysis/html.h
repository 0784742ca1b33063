// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// `gfxasm analyze --format=html`: one self-contained page (inline style and script, no external
// resources) with, per function, the register and occupancy summary and, per block, the
// annotated listing (issue cycle, stall and why, cycles, latency, memory operations in flight,
// findings) beside an SVG timeline of the block (stalls, issue slots, latencies to the result,
// outstanding counters).
#pragma once

#include <string>

#include "analysis/program.h"
#include "gfxasm/analyze.h"

namespace gfxasm::analysis {

std::string renderHtml(const Program &program, const AnalyzeResult &result);

} // namespace gfxasm::analysis
