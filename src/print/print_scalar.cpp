// Printing of the scalar-format operands and the generic classes.
#include <fmt/format.h>

#include "asm/operand_families.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;

void print_scalar(const PrintContext &pc, const Inst &inst, unsigned i, std::string &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  switch (d.cls) {
  case OpClass::sreg:
  case OpClass::sreg_nonull:
  case OpClass::ssrc:
    printSource(inst, d, v.value, pc.wave64, out);
    break;
  case OpClass::sbase:
    printRegister(v.value << 1, dwordsOf(d.type, pc.wave64), out);
    break;
  case OpClass::smem_soffset:
    if (v.value == src::kNull) printSignedHex(valueOf(inst, Field::offset), 21, out);
    else printSource(inst, d, v.value, pc.wave64, out);
    break;
  case OpClass::smem_offset:
    if (v.value != 0 && valueOf(inst, Field::soffset) != src::kNull) {
      out += "offset:";
      printSignedHex(v.value, 21, out);
    }
    break;
  case OpClass::imm16:
    if (d.type == OpType::hex) printHex(v.value & 0xffff, out);
    else if (d.type == OpType::sdec) fmt::format_to(std::back_inserter(out), "{}", static_cast<int16_t>(v.value));
    else fmt::format_to(std::back_inserter(out), "{}", v.value & 0xffff);
    break;
  case OpClass::simm32:
    printHex(v.value, out);
    break;
  case OpClass::label:
    if (static_cast<int>(i) == inst.labelOperand) out += inst.labelSymbol;
    else fmt::format_to(std::back_inserter(out), "{}", static_cast<int16_t>(v.value));
    break;
  case OpClass::flag:
    if (v.value) out += fieldName(d.field);
    break;
  default:
    break;
  }
}

} // namespace gfxasm::print
