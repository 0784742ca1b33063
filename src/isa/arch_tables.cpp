// Instantiates the generated tables of every architecture compiled in.
#include "isa/isa.h"

#include "gfx11_tables.inc"

namespace gfxasm::isa {

std::span<const ArchTables *const> allArchs() {
  static const ArchTables *const archs[] = {&gen_gfx11::tables};
  return archs;
}

} // namespace gfxasm::isa
