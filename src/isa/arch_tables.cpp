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
  static const ArchTraits traits{registersGfx11(), waitcntLayoutGfx11(), hwregNamesGfx11(),
                                 messageNamesGfx11()};
  static const ArchTables tables = withTraits(gen_gfx11::tables, traits);
  return tables;
}

const ArchTables &gfx9() {
  static const ArchTraits traits{registersGfx9(), waitcntLayoutGfx9(), hwregNamesGfx9(),
                                 messageNamesGfx9(),
                                 "only scalar instructions (SOP1, SOP2, SOPK, SOPC, SOPP, SMEM)"};
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
