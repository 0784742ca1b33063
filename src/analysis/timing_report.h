// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The timing estimate (timing.h) in the library API's terms (AnalyzeResult::timing), for
// `gfxasm analyze --timing` and gfxasm::analyze's callers.
#pragma once

#include "analysis/program.h"
#include "gfxasm/analyze.h"

namespace gfxasm::analysis {

// Fills out.timingModel and out.timing for `program`.
void fillTiming(const Program &program, AnalyzeResult &out);

} // namespace gfxasm::analysis
