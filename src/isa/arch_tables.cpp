// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Instantiates the generated tables of every architecture compiled in, with their traits.
#include "isa/arch_traits.h"

#include "gfx11_mnemonics.inc"
#include "gfx11_tables.inc"
#include "gfx9_mnemonics.inc"
#include "gfx9_tables.inc"

namespace gfxasm::isa {

namespace {
ArchTables withTraits(ArchTables tables, const ArchTraits &traits) {
  tables.traits = &traits;
  return tables;
}

const ArchTables &gfx11() {
  static const ArchTraits traits{.registers = registersGfx11(),
                                 .waitcnt = waitcntLayoutGfx11(),
                                 .hwregs = hwregNamesGfx11(),
                                 .messages = messageNamesGfx11(),
                                 .expTargets = exp::kGfx11Targets,
                                 .true16 = true,
                                 .constantBusLimit = 2,
                                 .vop3Literal = true,
                                 .carryOmittable = true,
                                 .vop3bAbs = true,
                                 .plainOperandAfterOmittedVcc = false,
                                 .saddrOff = src::kNull,
                                 .splitBufferFormat = false};
  static const ArchTables tables = withTraits(gen_gfx11::tables, traits);
  return tables;
}

const ArchTables &gfx9() {
  static const ArchTraits traits{.registers = registersGfx9(),
                                 .waitcnt = waitcntLayoutGfx9(),
                                 .hwregs = hwregNamesGfx9(),
                                 .messages = messageNamesGfx9(),
                                 .expTargets = exp::kGfx9Targets,
                                 .true16 = false,
                                 .constantBusLimit = 1,
                                 .vop3Literal = false,
                                 .carryOmittable = false,
                                 .vop3bAbs = false,
                                 .plainOperandAfterOmittedVcc = true,
                                 .saddrOff = 0x7f,
                                 .splitBufferFormat = true,
                                 .gfx9Dpp = true};
  static const ArchTables tables = withTraits(gen_gfx9::tables, traits);
  return tables;
}
} // namespace

const MnemonicIndex &mnemonicIndexOf(const ArchTables &arch) {
  return &arch == &gfx9() ? gen_gfx9::mnemonics : gen_gfx11::mnemonics;
}

std::span<const ArchTables *const> allArchs() {
  static const ArchTables *const archs[] = {&gfx11(), &gfx9()};
  return archs;
}

} // namespace gfxasm::isa
