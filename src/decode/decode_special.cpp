// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Decoding of the special family's operand classes (see isa/classes.def).
#include "decode/decoder.h"
#include "isa/registers.h"

namespace gfxasm::dec {

using namespace isa;

OperandPlan plan_special(const Inst &, const OperandDesc &) {
  return {OperandPlan::FieldOnly};
}

bool decode_special(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  decodeField(ctx, d, idx, inst);
  return true;
}

} // namespace gfxasm::dec
