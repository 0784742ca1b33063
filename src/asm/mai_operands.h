// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// What the MAI operand classes share between parsing, decoding and printing.
#pragma once

#include "isa/inst.h"

namespace gfxasm::as {

// Whether an MFMA's vdst and src2 are AGPRs: always on gfx908, by acc_cd on gfx90a+ (the
// processors with aligned VGPR tuples, `accCd`).
bool maiResultIsAgpr(bool accCd, const isa::Inst &inst);
// Whether the instruction is a sparse v_smfmac_* (vdst is the accumulator, src2 the index).
bool maiSparse(const isa::Inst &inst);
// The registers of an f8f6f4 MFMA source in `format` (its cbsz or blgp): fp8/bf8 8, fp6/bf6 6,
// fp4 4; llvm reads the formats past fp4 as 8.
unsigned maiFormatDwords(uint32_t format);
// The registers of the entry's mai_ab_fmt operand `i`, from the format cbsz (src0) or blgp
// (src1) gives it.
unsigned maiFactorDwords(const isa::Inst &inst, unsigned i);
// Whether the accumulator's inline constants are 64-bit (v_mfma_f64_*).
bool maiAccumulatorIs64(const isa::Inst &inst);

} // namespace gfxasm::as
