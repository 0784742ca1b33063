// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Printing of the EXP, VINTERP, LDSDIR operands.
#include <fmt/format.h>

#include "asm/misc_operands.h"
#include "asm/operand_families.h"
#include "isa/exp_targets.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;

namespace {

// vN, or vN.l / vN.h for a 16-bit (true16) operand, its half told by op_sel.
void printVgpr(const Inst &inst, const OperandDesc &d, unsigned index, Writer &out) {
  printVgprs(index, 1, out);
  if (d.type == OpType::f16)
    out += (valueOf(inst, Field::op_sel) >> as::opSelBit(d.field)) & 1 ? ".h" : ".l";
}

} // namespace

namespace {
// (once per class: printer_misc)
[[gnu::always_inline]] inline void printMisc(OpClass cls, const PrintContext &pc, const Inst &inst,
                                             unsigned i, Writer &out) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  const OperandDesc &d = ops[i];
  const OperandValue &v = inst.ops[i];
  switch (cls) {
  case OpClass::exp_target: {
    std::string name = exp::targetName(inst.arch->traits->expTargets, v.value);
    if (name.empty()) // decoded: llvm names a target the architecture lacks so
      fmt::format_to(std::back_inserter(out.str()), "invalid_target_{}", v.value);
    else
      out += name;
    break;
  }
  case OpClass::exp_src: {
    // (compr: slots 0-1 show vsrc0, slots 2-3 vsrc1, the registers of their packed halves)
    unsigned slot = as::expSourceSlot(ops, i);
    uint32_t reg = !valueOf(inst, Field::compr) ? v.value
                   : slot < 2                   ? valueOf(inst, Field::vsrc0)
                                                : valueOf(inst, Field::vsrc1);
    if ((valueOf(inst, Field::en) >> slot) & 1)
      printVgprs(reg, 1, out);
    else
      out += "off";
    break;
  }
  case OpClass::mvgpr: printVgpr(inst, d, v.value, out); break;
  case OpClass::msrc: {
    // (decoded: an immediate, a scalar register or special source, noted inside the modifiers)
    SourceModifiers m =
        sourceModifiers(v.mods & Mod_Neg, v.mods & Mod_Abs, v.mods & Mod_InvalidImm);
    out += m.open;
    if (v.mods & Mod_InvalidImm) {
      printImmediate32(v.value, out);
      out += kInvalidImmediate;
    } else if (v.value < src::kVgpr0) {
      printRegister(pc.regs, v.value, 1, out);
      if (!isInlineValueRegister(pc.regs, v.value)) appendInvalidRegister("VGPR_32", out);
    } else {
      printVgpr(inst, d, v.value - src::kVgpr0, out);
    }
    out += m.close;
    break;
  }
  case OpClass::interp_param:
    if (v.value < as::kInterpParams.size())
      out += as::kInterpParams[v.value];
    else
      fmt::format_to(std::back_inserter(out.str()), "invalid_param_{}", v.value);
    break;
  case OpClass::mop_sel:
  case OpClass::interp_op_sel:
    if (v.mods & as::kOpSelWritten) {
      out += "op_sel:[";
      for (unsigned k = 0; k < as::kOpSelBits; ++k) {
        if (k) out += ',';
        out += (v.value >> k) & 1 ? '1' : '0';
      }
      out += ']';
    }
    break;
  case OpClass::mwait:
    fmt::format_to(std::back_inserter(out.str()), "{}:{}", fieldName(d.field), v.value);
    break;
  case OpClass::mflag:
  case OpClass::exp_compr:
    if (v.value) out += fieldName(d.field);
    break;
  case OpClass::lds_attr:
    fmt::format_to(std::back_inserter(out.str()), "attr{}.{}", v.value / 4, "xyzw"[v.value % 4]);
    break;
  default: // exp_en: shown by the sources
    break;
  }
}
} // namespace

PrintFn printer_misc(OpClass c) {
  return classPrinter<Family::misc, printMisc>(c);
}

} // namespace gfxasm::print
