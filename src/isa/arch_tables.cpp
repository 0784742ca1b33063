// Instantiates the generated tables of every architecture compiled in, with their traits.
#include "isa/arch_traits.h"

#include "gfx11_mnemonics.inc"
#include "gfx11_tables.inc"

namespace gfxasm::isa {

namespace {
ArchTables withTraits(ArchTables tables, const ArchTraits &traits) {
  tables.traits = &traits;
  return tables;
}

const ArchTables &gfx11() {
  static const ArchTraits traits{registersGfx11(), waitcntLayoutGfx11()};
  static const ArchTables tables = withTraits(gen_gfx11::tables, traits);
  return tables;
}
} // namespace

const MnemonicIndex &mnemonicIndexOf(const ArchTables &arch) {
  (void)arch; // one architecture so far
  return gen_gfx11::mnemonics;
}

std::span<const ArchTables *const> allArchs() {
  static const ArchTables *const archs[] = {&gfx11()};
  return archs;
}

} // namespace gfxasm::isa
