// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The hazards of hazard_rules.h: for each instruction, the producers within reach (backwards
// through the block and its predecessors, counting wait states: one per instruction, N + 1 per
// s_nop N) that need more wait states than lie between them (gfx9, CDNA), or, for gfx11's rows,
// a producer before the hazard expires; reported as a finding with its fix (s_nop, or
// s_waitcnt_depctr with the counter, a v_mov, the LDS load's wait_vdst) and that fix as an edit.
#pragma once

#include "analysis/program.h"

namespace gfxasm::analysis {

class HazardPass : public Pass {
public:
  std::string_view name() const override { return "hazard"; }
  void run(const Program &program, PassResult &out) override;
};

// The wait states needed before instruction `index` of `f` that are missing (0: none), and the
// rule and producer responsible (for tests and the HTML page).
struct HazardNeed {
  unsigned missing = 0;
  unsigned required = 0; // wait states the rule asks for
  std::string_view rule;
  std::string_view what; // the row's description
  uint32_t producer = 0;
  bool depctr = false;      // a gfx11 row: fixed by s_waitcnt_depctr with depctrFields
  uint8_t depctrFields = 0; // the counters waited for (bit k: isa::depctrNames()[k])
  bool valuFix = false;     // a gfx11 row fixed by a VALU in between (VcmpxPermlane, WMMA)
  bool vnop = false;        // that VALU is a v_nop (WMMA), else a v_mov of src0 to itself
  int waitVdst = -1;        // an LDS direct load's wait_vdst must be at most this (-1: no need)
};
// `inserted`: what earlier fixes add before each instruction (hazards.cpp: s_nop wait states,
// depctr counters, a VALU), or null.
HazardNeed hazardNeedBefore(const Program &program, const Function &f, uint32_t index,
                            const std::vector<unsigned> *inserted = nullptr);

// The wait needed right after instruction `index` (the gfx11 rows whose hazard is a write: the
// wait goes after it, llvm's VALUMaskWrite), if the text does not wait before the next SGPR read.
HazardNeed hazardNeedAfter(const Program &program, const Function &f, uint32_t index,
                           const std::vector<unsigned> *inserted = nullptr);

// "s_waitcnt_depctr depctr_X(0) ..." for the counters of a HazardNeed's depctrFields.
std::string depctrText(uint8_t fields);

// The s_nop lines that give `waitStates` wait states (s_nop 15 gives 16).
std::vector<std::string> nopLines(unsigned waitStates);

} // namespace gfxasm::analysis
