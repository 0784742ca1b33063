// Printing of the scalar-format operands and the generic classes.
#include <fmt/format.h>

#include "asm/operand_families.h"
#include "asm/valu_operands.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;

namespace {

// A 32-bit immediate the way llvm prints an untyped one: inline integers in decimal, the bit
// patterns of the inline floats as floats, anything else in hex.
void printImm32(uint32_t v, std::string &out) {
  int enc = inlineEncodingOfInt(static_cast<int32_t>(v), OpType::b32);
  if (enc >= 0 && printInlineConstant(static_cast<unsigned>(enc), OpType::b32, out)) return;
  printHex(v, out);
}

// A scalar source: register, inline constant, or the literal (16-bit types show its low half;
// lit(...) when written so or when it would read back as an inline constant).
void printScalarSource(const PrintContext &pc, const Inst &inst, const OperandDesc &d,
                       const OperandValue &v, std::string &out) {
  if (v.value != src::kLiteral) {
    printSource(inst, d, v.value, pc.wave64, out);
    return;
  }
  if (v.mods & Mod_Lit) {
    // As written: the whole dword (a 16-bit integer source keeps a single's bits), negative
    // integers sign-extended to 64 bits.
    uint64_t value = inst.literal;
    if (v.mods & Mod_LitNegative)
      value = static_cast<uint64_t>(typeBits(d.type) == 16
                                        ? int64_t{static_cast<int16_t>(inst.literal)}
                                        : int64_t{static_cast<int32_t>(inst.literal)});
    fmt::format_to(std::back_inserter(out), "lit(0x{:x})", value);
    return;
  }
  bool litForm = as::valuLiteralLooksInline(inst.literal, d.type);
  if (litForm) out += "lit(";
  printHex(as::valuLiteralPrintValue(inst.literal, d.type), out);
  if (litForm) out += ')';
}

} // namespace

void print_scalar(const PrintContext &pc, const Inst &inst, unsigned i, std::string &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  switch (d.cls) {
  case OpClass::sreg:
  case OpClass::sreg_nonull:
  case OpClass::sreg_null:
  case OpClass::smem_sdata:
  case OpClass::ssrc:
    // A relocatable literal prints as the symbol it was written as.
    if (static_cast<int>(i) == inst.labelOperand)
      out += inst.labelSymbol;
    else
      printScalarSource(pc, inst, d, v, out);
    break;
  case OpClass::sbase: printRegister(v.value << 1, dwordsOf(d.type, pc.wave64), out); break;
  case OpClass::smem_soffset:
    // Not present: the immediate form, the offset in place of the SGPR.
    if (!v.present)
      printSignedHex(valueOf(inst, Field::offset), 21, out);
    else
      printSource(inst, d, v.value, pc.wave64, out);
    break;
  case OpClass::smem_offset:
    if (v.present) {
      out += "offset:";
      printSignedHex(v.value, 21, out);
    }
    break;
  case OpClass::imm16:
  case OpClass::uimm16:
    if ((d.flags & OF_Optional) && v.value == 0) break; // left out at its default
    if (d.type == OpType::hex)
      printHex(v.value & 0xffff, out);
    else
      appendDecimal(out, v.value & 0xffff);
    break;
  case OpClass::imm: printImm32(v.value, out); break;
  case OpClass::simm32:
    if (d.type == OpType::none)
      printImm32(v.value, out);
    else
      printHex(v.value, out);
    break;
  case OpClass::label:
    if (static_cast<int>(i) == inst.labelOperand)
      out += inst.labelSymbol;
    else
      appendSignedDecimal(out, static_cast<int32_t>(v.value));
    break;
  case OpClass::flag:
    if (v.value) out += fieldName(d.field);
    break;
  default: break;
  }
}

} // namespace gfxasm::print
