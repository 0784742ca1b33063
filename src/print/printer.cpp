#include "print/printer.h"

#include <fmt/format.h>

#include "isa/constants.h"
#include "isa/operand_names.h"
#include "isa/registers.h"

namespace gfxasm::print {

using namespace isa;

namespace {

unsigned dwordsOf(OpType t, bool wave64) {
  if (t == OpType::b1) return wave64 ? 2 : 1;
  unsigned bits = typeBits(t);
  return bits <= 32 ? 1 : bits / 32;
}

void printHex(uint32_t v, std::string &out) { fmt::format_to(std::back_inserter(out), "0x{:x}", v); }

// -0x4, 0x0, 0x1234: a `bits`-wide signed field in llvm's signed hex.
void printSignedHex(uint32_t v, unsigned bits, std::string &out) {
  int64_t s = static_cast<int64_t>(v & ((1ull << bits) - 1));
  if (s >> (bits - 1)) s -= int64_t{1} << bits;
  if (s < 0) fmt::format_to(std::back_inserter(out), "-0x{:x}", -s);
  else fmt::format_to(std::back_inserter(out), "0x{:x}", s);
}

uint32_t valueOf(const Inst &inst, Field f) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == f) return inst.ops[i].value;
  return 0;
}

// Whether a modifier is printed: those at their default value are left out.
bool modifierShown(const Inst &inst, size_t i) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  uint32_t v = inst.ops[i].value;
  if (d.cls == OpClass::smem_offset) return v != 0 && valueOf(inst, Field::soffset) != src::kNull;
  return v != 0;
}

void printSource(const Inst &inst, const OperandDesc &d, uint32_t enc, bool wave64, std::string &out) {
  if (printRegister(enc, dwordsOf(d.type, wave64), out)) return;
  if (printInlineConstant(enc, d.type, out)) return;
  if (enc == src::kLiteral) {
    printHex(inst.literal, out);
    return;
  }
  fmt::format_to(std::back_inserter(out), "<invalid source {}>", enc);
}

void printWaitcnt(uint32_t v, std::string &out) {
  const WaitcntLayout &l = waitcntLayoutGfx11();
  uint32_t vm = l.vmcnt.get(v), exp = l.expcnt.get(v), lgkm = l.lgkmcnt.get(v);
  bool all = vm == l.vmcnt.max() && exp == l.expcnt.max() && lgkm == l.lgkmcnt.max();
  const char *sep = "";
  if (vm != l.vmcnt.max() || all) fmt::format_to(std::back_inserter(out), "{}vmcnt({})", sep, vm), sep = " ";
  if (exp != l.expcnt.max() || all) fmt::format_to(std::back_inserter(out), "{}expcnt({})", sep, exp), sep = " ";
  if (lgkm != l.lgkmcnt.max() || all) fmt::format_to(std::back_inserter(out), "{}lgkmcnt({})", sep, lgkm);
}

void printDelay(uint32_t v, std::string &out) {
  auto ids = delayIdNames();
  auto skips = delaySkipNames();
  uint32_t id0 = kDelayInstId0.get(v), skip = kDelaySkip.get(v), id1 = kDelayInstId1.get(v);
  const char *sep = "";
  if (id0) {
    out += "instid0(";
    out += id0 < ids.size() ? ids[id0] : "/* invalid instid value */";
    out += ")";
    sep = " | ";
  }
  if (skip) {
    out += sep;
    out += "instskip(";
    out += skip < skips.size() ? skips[skip] : "/* invalid instskip value */";
    out += ")";
    sep = " | ";
  }
  if (id1) {
    out += sep;
    out += "instid1(";
    out += id1 < ids.size() ? ids[id1] : "/* invalid instid value */";
    out += ")";
  }
  if (!id0 && !skip && !id1) out += "0";
}

} // namespace

void printInst(const Inst &inst, bool wave64, std::string &out) {
  out += inst.desc->name;
  auto ops = inst.arch->operandsOf(*inst.desc);
  bool firstPositional = true;
  for (size_t i = 0; i < ops.size(); ++i) {
    const OperandDesc &d = ops[i];
    const OperandValue &v = inst.ops[i];
    if (isPositional(d.cls)) {
      out += firstPositional ? " " : ", ";
      firstPositional = false;
    } else {
      if (!modifierShown(inst, i)) continue;
      out += " ";
    }
    switch (d.cls) {
    case OpClass::sreg:
    case OpClass::sreg_nonull:
    case OpClass::ssrc:
      printSource(inst, d, v.value, wave64, out);
      break;
    case OpClass::sbase:
      printRegister(v.value << 1, dwordsOf(d.type, wave64), out);
      break;
    case OpClass::smem_soffset:
      if (v.value == src::kNull) printSignedHex(valueOf(inst, Field::offset), 21, out);
      else printSource(inst, d, v.value, wave64, out);
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
    case OpClass::waitcnt:
      printWaitcnt(v.value, out);
      break;
    case OpClass::delay:
      printDelay(v.value, out);
      break;
    case OpClass::depctr:
    case OpClass::sendmsg:
    case OpClass::hwreg:
      printHex(v.value, out);
      break;
    case OpClass::smem_offset:
      out += "offset:";
      printSignedHex(v.value, 21, out);
      break;
    case OpClass::flag:
      out += fieldName(d.field);
      break;
    case OpClass::Count:
      break;
    }
  }
}

} // namespace gfxasm::print
