// Instantiates the generated tables of every architecture compiled in.
#include "isa/isa.h"

#include "gfx11_mnemonics.inc"
#include "gfx11_tables.inc"

namespace gfxasm::isa {

const MnemonicIndex &mnemonicIndexOf(const ArchTables &arch) {
  (void)arch; // one architecture so far
  return gen_gfx11::mnemonics;
}

std::span<const ArchTables *const> allArchs() {
  static const ArchTables *const archs[] = {&gen_gfx11::tables};
  return archs;
}

} // namespace gfxasm::isa
