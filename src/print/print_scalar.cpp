// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Printing of the scalar-format operands and the generic classes.
#include <algorithm>

#include <fmt/format.h>

#include "asm/operand_families.h"
#include "asm/valu_operands.h"
#include "isa/constants.h"
#include "isa/operand_names.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;

namespace {

// A scalar source: register, inline constant, or the literal (16-bit types show its low half;
// lit(...) when written so or when it would read back as an inline constant).
void printScalarSource(const PrintContext &pc, const Inst &inst, unsigned i, const OperandDesc &d,
                       const OperandValue &v, Writer &out) {
  if (v.value != src::kLiteral) {
    printSource(inst, d, v.value, pc.wave64, out);
    if (v.value == src::kLdsDirect) // decoded: llvm notes the register is no scalar one
      appendInvalidRegister("SReg_32", out);
    return;
  }
  uint32_t lit = (inst.ownLiteralOperands >> i) & 1 ? inst.ownLiteral : inst.literal;
  if (v.mods & Mod_Lit) {
    // As written: the whole dword (a 16-bit integer source keeps a single's bits)
    printWrittenLiteral(lit, d.type, v.mods, out);
    return;
  }
  bool litForm = as::valuLiteralLooksInline(lit, d.type);
  if (litForm) out += "lit(";
  printHex(as::valuLiteralPrintValue(lit, d.type), out);
  if (litForm) out += ')';
}

// s_version's operand as llvm's disassembler prints it: the version code's symbol (or number)
// or-ed with the flags' symbols; hex when other bits are set.
void printVersion(uint32_t v, Writer &out) {
  if (v & ~(kVersionCode.mask() | kVersionFlagsMask)) {
    printHex(v, out);
    return;
  }
  std::string e;
  uint32_t code = kVersionCode.get(v);
  auto codes = versionCodeNames();
  auto it = std::find_if(codes.begin(), codes.end(),
                         [&](const NamedValue &n) { return n.value == code; });
  if (it != codes.end())
    e = it->name;
  else
    appendDecimal(e, code);
  bool binary = false;
  for (const NamedValue &f : versionFlagNames()) {
    if (!(v & f.value)) continue;
    if (binary) e = "(" + e + ")";
    e += '|';
    e += f.name;
    binary = true;
  }
  out += e;
}

// Decoded SMEM destinations llvm's register class lacks (m0, exec): llvm notes them.
void noteInvalidSmemData(const RegisterSet &rs, uint32_t enc, unsigned dwords, Writer &out) {
  if (dwords == 1 && (enc == rs.m0 || enc == src::kExecLo || enc == src::kExecHi))
    appendInvalidRegister("SReg_32_XM0_XEXEC", out);
  else if (dwords == 2 && enc == src::kExecLo)
    appendInvalidRegister("SReg_64_XEXEC", out);
}

} // namespace

namespace {
// (once per class: printer_scalar)
[[gnu::always_inline]] inline void printScalar(OpClass cls, const PrintContext &pc,
                                               const Inst &inst, unsigned i, Writer &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  switch (cls) {
  case OpClass::sreg:
  case OpClass::sreg_nonull:
  case OpClass::sreg_null:
  case OpClass::smem_sdata:
  case OpClass::ssrc:
  case OpClass::ssrc_inline:
    // A relocatable literal prints as the symbol it was written as.
    if (static_cast<int>(i) == inst.labelOperand) {
      out += inst.labelSymbol;
    } else if (v.mods & Mod_InvalidImm) {
      printImmediate32(v.value, out);
      out += kInvalidImmediate;
    } else {
      printScalarSource(pc, inst, i, d, v, out);
      if (d.cls == OpClass::smem_sdata)
        noteInvalidSmemData(pc.regs, v.value, dwordsOf(d.type, pc.wave64), out);
    }
    break;
  case OpClass::sbase:
    printRegister(pc.regs, v.value << 1, dwordsOf(d.type, pc.wave64), out);
    break;
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
  case OpClass::version:
    if (inst.decoded)
      printVersion(v.value & 0xffff, out);
    else
      printHex(v.value & 0xffff, out);
    break;
  case OpClass::imm: printImmediate32(v.value, out); break;
  case OpClass::simm32:
    if (d.type == OpType::none)
      printImmediate32(v.value, out);
    else if (v.mods & Mod_Lit)
      printWrittenLiteral(v.value, d.type, v.mods, out);
    else
      printHex(v.value, out);
    break;
  case OpClass::label:
    if (static_cast<int>(i) == inst.labelOperand)
      out += inst.labelSymbol;
    else
      appendSignedDecimal(out, static_cast<int32_t>(v.value));
    break;
  case OpClass::flag: printFlag(d.field, v.value, false, out); break;
  default: break;
  }
}
} // namespace

PrintFn printer_scalar(OpClass c) {
  return classPrinter<Family::scalar, printScalar>(c);
}

} // namespace gfxasm::print
