// Helpers shared by the parser, printer and decoder of the vext classes.
#pragma once

#include <cstdint>

#include "isa/inst.h"

namespace gfxasm::as {

// The source modifiers (Mod_Neg, Mod_Abs) a DPP VGPR class takes.
constexpr uint8_t dppSourceMods(isa::OpClass c) {
  using isa::OpClass;
  switch (c) {
  case OpClass::dpp_vreg_mod:
  case OpClass::dpp_vreg_lo_mod:
  case OpClass::dpp3_vgpr_mod: return isa::Mod_Neg | isa::Mod_Abs;
  case OpClass::dpp_vreg_neg:
  case OpClass::dpp_vreg_lo_neg:
  case OpClass::dpp3_vgpr_neg: return isa::Mod_Neg;
  case OpClass::dpp_vreg_abs:
  case OpClass::dpp_vreg_lo_abs: return isa::Mod_Abs;
  default: return 0;
  }
}

} // namespace gfxasm::as
