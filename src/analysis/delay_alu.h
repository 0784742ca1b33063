// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Check 2 (gfx11): VALU, TRANS and SALU results read before they are ready without a sufficient
// s_delay_alu, and s_delay_alu operands that name another instruction or distance than the
// dependency. Per register unit, the cycles left until a result is ready and how many VALU /
// TRANS instructions issued since, over the CFG to a fixpoint; the delays are the ones LLVM's
// AMDGPUInsertDelayAlu places (two dependencies combined into one s_delay_alu through instskip).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "analysis/program.h"

namespace gfxasm::analysis {

// s_delay_alu's operand (instid0 3:0, instskip 6:4, instid1 10:7) as llvm prints it:
// "instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)".
std::string delayAluText(uint32_t imm);

// The result latency (cycles) of an instruction writing a register, for the delay rule: llvm-mca's
// gfx11 scheduling model's for the program's processor (isa/gfx11/mca_latency.def, shared with
// the timing model) or its class default (VALU 5, TRANS 10, SALU 2).
using LatencyFn = std::function<unsigned(const Program &, const Instruction &)>;
unsigned defaultGfx11Latency(const Program &program, const Instruction &ins);

class DelayAluPass final : public Pass {
public:
  explicit DelayAluPass(LatencyFn latency = defaultGfx11Latency) : latency_(std::move(latency)) {}
  std::string_view name() const override { return "delay_alu"; }
  void run(const Program &program, PassResult &out) override;

private:
  LatencyFn latency_;
};

} // namespace gfxasm::analysis
