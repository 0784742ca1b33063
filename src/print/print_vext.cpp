// Printing of the VOP3P, WMMA, VOPD, DPP16 and DPP8 operands.
#include <fmt/format.h>

#include "asm/operand_families.h"
#include "asm/packed_constants.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;

namespace {

unsigned sourceCount(const Inst &inst) {
  unsigned n = 0;
  for (const OperandDesc &o : inst.arch->operandsOf(*inst.desc))
    n += o.field == Field::src0 || o.field == Field::src1 || o.field == Field::src2;
  return n;
}

// op_sel:[1,0,0]: one entry per source; nothing when the source bits are at their default.
void printSelArray(const Inst &inst, const OperandDesc &d, uint32_t value, std::string &out) {
  unsigned n = sourceCount(inst);
  uint32_t mask = (1u << n) - 1, def = d.cls == OpClass::sel_ones ? mask : 0;
  if ((value & mask) == def) return;
  out += fieldName(d.field);
  out += ":[";
  for (unsigned k = 0; k < n; ++k) {
    if (k) out += ',';
    out += (value >> k) & 1 ? '1' : '0';
  }
  out += ']';
}

// -x, |x|, -|x|; a negated constant prints as neg(x), which cannot read as a negative number.
// A relocatable literal prints as its symbol.
void printWithMods(const Inst &inst, unsigned i, const OperandValue &v, bool wave64, std::string &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  if (static_cast<int>(i) == inst.labelOperand) {
    out += inst.labelSymbol;
    return;
  }
  bool constant = (v.value >= src::kIntZero && v.value <= src::kIntNegMin) ||
                  (v.value >= src::kFloatFirst && v.value <= src::kInvPi) || v.value == src::kLiteral;
  bool negFunction = (v.mods & Mod_Neg) && !(v.mods & Mod_Abs) && constant;
  if (negFunction) out += "neg(";
  else if (v.mods & Mod_Neg) out += '-';
  if (v.mods & Mod_Abs) out += '|';
  printSource(inst, d, v.value, wave64, out);
  if (v.mods & Mod_Abs) out += '|';
  if (negFunction) out += ')';
}

} // namespace

void print_vext(const PrintContext &pc, const Inst &inst, unsigned i, std::string &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  switch (d.cls) {
  case OpClass::pvdst:
    printRegister(v.value + src::kVgpr0, dwordsOf(d.type, pc.wave64), out);
    break;
  case OpClass::pvreg:
  case OpClass::psrc:
  case OpClass::psrc_mods:
    printWithMods(inst, i, v, pc.wave64, out);
    break;
  case OpClass::wmma_c:
    // 8-register accumulators print 1/(2*pi) in its 64-bit spelling.
    if (!printRegister(v.value, dwordsOf(d.type, pc.wave64), out))
      printInlineConstant(v.value, as::wmmaAccumulatorIs64(d.type) ? OpType::f64 : OpType::f32, out);
    break;
  case OpClass::sel:
  case OpClass::sel_ones:
    printSelArray(inst, d, v.value, out);
    break;
  case OpClass::vopd_vdst:
  case OpClass::vopd_vdst_acc: {
    // vdsty holds v/2; its low bit is the complement of vdstx's.
    uint32_t n = d.field == Field::vdsty ? v.value << 1 | (~valueOf(inst, Field::vdstx) & 1) : v.value;
    printRegister(n + src::kVgpr0, 1, out);
    break;
  }
  case OpClass::vopd_vsrc:
  case OpClass::vopd_vsrc2:
    printRegister(v.value + src::kVgpr0, 1, out);
    break;
  case OpClass::vopd_src:
  case OpClass::vopd_src_vcc:
    printWithMods(inst, i, v, pc.wave64, out);
    break;
  case OpClass::vopd_k:
    printHex(inst.literal, out);
    break;
  default:
    break;
  }
}

} // namespace gfxasm::print
