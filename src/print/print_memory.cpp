// Printing of the DS, FLAT/GLOBAL/SCRATCH, MUBUF, MTBUF, MIMG operands.
#include <fmt/format.h>

#include "asm/operand_families.h"
#include "isa/buffer_formats.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;

namespace {

void printVgprs(uint32_t first, unsigned dwords, std::string &out) {
  printRegister(src::kVgpr0 + first, dwords, out);
}

// `name:N` in decimal, nothing at 0.
void printNamedValue(std::string_view name, int64_t value, std::string &out) {
  if (value != 0) fmt::format_to(std::back_inserter(out), "{}:{}", name, value);
}

int64_t signExtend(uint32_t v, unsigned bits) {
  int64_t s = v & ((1u << bits) - 1);
  return (s >> (bits - 1)) ? s - (int64_t{1} << bits) : s;
}

} // namespace

void print_memory(const PrintContext &pc, const Inst &inst, unsigned i, std::string &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  uint32_t v = inst.ops[i].value;
  switch (d.cls) {
  case OpClass::vgpr_tuple:
    printVgprs(v, dwordsOf(d.type, pc.wave64), out);
    break;
  case OpClass::mem_off:
    out += "off";
    break;
  case OpClass::flat_saddr:
    printRegister(v, dwordsOf(d.type, pc.wave64), out);
    break;
  case OpClass::mem_offset_u16:
  case OpClass::mem_offset_u8:
  case OpClass::mem_offset_u12:
    printNamedValue(fieldName(d.field), v, out);
    break;
  case OpClass::mem_offset_s13:
    printNamedValue(fieldName(d.field), signExtend(v, 13), out);
    break;
  case OpClass::required_flag:
    out += fieldName(d.field);
    break;
  case OpClass::srsrc:
    printRegister(v * 4, dwordsOf(d.type, pc.wave64), out);
    break;
  case OpClass::buf_soffset:
    printSource(inst, d, v, pc.wave64, out);
    break;
  case OpClass::mtbuf_format:
    if (v == kBufFormatDefault) break;
    if (v < std::size(kBufFormatNames)) fmt::format_to(std::back_inserter(out), "format:[BUF_FMT_{}]", kBufFormatNames[v]);
    else fmt::format_to(std::back_inserter(out), "format:{}", v);
    break;
  default:
    break;
  }
}

} // namespace gfxasm::print
