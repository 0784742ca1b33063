// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// What the memory family's parser and printer both need to know of an entry.
#pragma once

#include "isa/isa.h"

namespace gfxasm::as {

// Whether a GLOBAL saddr pair may be exec (llvm's SReg_64 rather than SReg_64_XEXEC_XNULL): in
// the forms without a VGPR address (gfx11's addtid loads) and in the loads to LDS (gfx9).
bool flatSaddrTakesExec(const isa::ArchTables &arch, const isa::InstrDesc &desc);

} // namespace gfxasm::as
