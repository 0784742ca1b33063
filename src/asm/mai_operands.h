// What the MAI operand classes share between parsing, decoding and printing.
#pragma once

#include "isa/inst.h"

namespace gfxasm::as {

// Whether an MFMA's vdst and src2 are AGPRs: always on gfx908, by acc_cd on gfx90a+ (the
// processors with aligned VGPR tuples, `accCd`).
bool maiResultIsAgpr(bool accCd, const isa::Inst &inst);
// Whether the accumulator's inline constants are 64-bit (v_mfma_f64_*).
bool maiAccumulatorIs64(const isa::Inst &inst);

} // namespace gfxasm::as
