// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Printing of the MAI operands: VGPR or AGPR tuples by the acc bits and acc_cd, the cbsz/abid/blgp
// modifiers.
#include <fmt/format.h>

#include "asm/mai_operands.h"
#include "asm/valu_operands.h"
#include "print/append.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;

namespace {

// llvm's register class of a tuple of `dwords` registers in the file the operand allows.
std::string vectorClass(const char *file, unsigned dwords, bool aligned) {
  if (dwords == 1) return fmt::format("{}_32", file);
  return fmt::format("{}_{}{}", file, 32 * dwords, aligned ? "_Align2" : "");
}

// A decoded register field that holds no VGPR: a scalar register with llvm's note, or a constant.
// `constantType`: how an inline constant there prints (1/(2*pi) in f64 MFMA accumulators as a
// double).
void printScalarInVectorField(const PrintContext &pc, const OperandValue &v, unsigned dwords,
                              const std::string &regClass, Writer &out,
                              OpType constantType = OpType::f32) {
  if (v.mods & Mod_InvalidImm) {
    printImmediate32(v.value, out);
    out += kInvalidImmediate;
    return;
  }
  if (printInlineConstant(v.value, constantType, out)) return;
  // (llvm reads and prints SGPR and TTMP tuples of at most 16 registers: decode_mai)
  unsigned shown = dwords > 16 ? 16 : dwords;
  if (!printRegister(pc.regs, v.value, shown, out)) printRegister(pc.regs, v.value, 1, out);
  if (!isInlineValueRegister(pc.regs, v.value)) invalidRegisterNote(regClass, out);
}

// A decoded tuple at an odd register where gfx90a+ wants an even one gets llvm's note.
void printTuple(const PrintContext &pc, const Inst &inst, bool agpr, uint32_t first,
                unsigned dwords, const char *file, Writer &out) {
  printVectorRegisters(agpr, first, dwords, out);
  noteUnalignedTuple(pc, inst, first, dwords, file, out);
}

// A literal llvm's disassembler reads in a gfx950 accumulator: an f64 MFMA's is a double's high
// half, printed as the inline constant that double may be, else in hex; another's as a 32-bit
// literal, lit(...) where it would read back as an inline constant.
void printAccumulatorLiteral(const Inst &inst, Writer &out) {
  uint32_t lit = inst.literal;
  if (!as::maiAccumulatorIs64(inst)) {
    if (as::valuLiteralLooksInline(lit, OpType::f32))
      fmt::format_to(std::back_inserter(out.str()), "lit(0x{:x})", lit);
    else
      printHex(lit, out);
    return;
  }
  uint64_t value = uint64_t{lit} << 32;
  if (value == 0) {
    out += '0';
    return;
  }
  for (unsigned k = 0; k < 8; ++k)
    if (kF64Bits[k] == value && printInlineConstant(src::kFloatFirst + k, OpType::f64, out)) return;
  printHex(lit, out);
}

} // namespace

namespace {
// (once per class: printer_mai)
[[gnu::always_inline]] inline void printMai(OpClass cls, const PrintContext &pc, const Inst &inst,
                                            unsigned i, Writer &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  unsigned dwords = dwordsOf(d.type, false);
  bool agprResult = as::maiResultIsAgpr(pc.alignedVgprTuples, inst);
  switch (cls) {
  case OpClass::mai_dst: // (llvm's class of a sparse result, which is also the accumulator: AV)
    printTuple(pc, inst, agprResult, v.value, dwords,
               as::maiSparse(inst) ? "AV"
               : agprResult        ? "AReg"
                                   : "VReg",
               out);
    break;
  case OpClass::mai_vgpr:
    if (v.value < src::kVgpr0 || (v.mods & Mod_InvalidImm))
      printScalarInVectorField(pc, v, 1, "VGPR_32", out);
    else
      printVectorRegisters(false, v.value - src::kVgpr0, 1, out);
    break;
  case OpClass::mai_ab:
  case OpClass::mai_ab_fmt: {
    OperandValue shown = v;
    if (d.cls == OpClass::mai_ab_fmt) {
      dwords = as::maiFactorDwords(inst, i);
      // llvm narrows an fp6/fp4 source from the widest as a register: a constant there prints
      // as 0 (LlvmMcBugs.F8f6f4NarrowedConstantPrintsAsZero).
      if ((v.mods & Mod_InvalidImm) && dwords < dwordsOf(d.type, false)) shown.value = 0;
    }
    // (a constant's value may be a float's bits, past the VGPR encodings)
    if (v.value < src::kVgpr0 || (v.mods & Mod_InvalidImm)) {
      printScalarInVectorField(pc, shown, dwords, vectorClass("AV", dwords, pc.alignedVgprTuples),
                               out);
      break;
    }
    bool agpr = valueOf(inst, Field::acc) >> (d.field == Field::src0 ? 0 : 1) & 1;
    printTuple(pc, inst, agpr, v.value - src::kVgpr0, dwords, "AV", out);
    break;
  }
  case OpClass::mai_c:
  case OpClass::mai_c_lit:
    if (v.value == src::kLiteral) { // (decoded only: llvm's assembler takes no literal there)
      printAccumulatorLiteral(inst, out);
      break;
    }
    if (v.value < src::kVgpr0 || (v.mods & Mod_InvalidImm)) {
      const char *file = agprResult ? "AReg" : "VReg";
      // (llvm's accumulator of the f64 MFMAs is a double operand)
      OpType type = inst.desc->name.starts_with("v_mfma_f64") ? OpType::f64 : OpType::f32;
      printScalarInVectorField(pc, v, dwords, vectorClass(file, dwords, pc.alignedVgprTuples), out,
                               type);
      break;
    }
    printTuple(pc, inst, agprResult, v.value - src::kVgpr0, dwords, agprResult ? "AReg" : "VReg",
               out);
    break;
  case OpClass::mai_mod:
    if (v.value) {
      out += fieldName(d.field);
      out += ':';
      appendDecimal(out, v.value);
    }
    break;
  case OpClass::mai_scale_sel: // ([a,b,0]: llvm's third entry is a src2 it ignores)
    if (v.value || d.field == Field::op_sel_hi) {
      out += fieldName(d.field);
      const char text[] = {':',
                           '[',
                           static_cast<char>('0' + (v.value & 1)),
                           ',',
                           static_cast<char>('0' + (v.value >> 1 & 1)),
                           ',',
                           '0',
                           ']'};
      out.append(text, sizeof text);
    }
    break;
  case OpClass::mai_neg:
    if (v.value) {
      const char text[] = {'n', 'e',
                           'g', ':',
                           '[', static_cast<char>('0' + (v.value & 1)),
                           ',', static_cast<char>('0' + (v.value >> 1 & 1)),
                           ',', static_cast<char>('0' + (v.value >> 2 & 1)),
                           ']'};
      out.append(text, sizeof text);
    }
    break;
  case OpClass::mai_agpr:
    if (v.value < src::kVgpr0 || (v.mods & Mod_InvalidImm)) {
      printScalarInVectorField(pc, v, 1, "AGPR_32", out);
      break;
    }
    printAgprs(v.value - src::kVgpr0, 1, out);
    break;
  case OpClass::mai_adst: printAgprs(v.value, 1, out); break;
  case OpClass::mai_write_src: printSource(inst, d, v.value, pc.wave64, out); break;
  default: break; // mai_hidden: shown by the register operands
  }
}
} // namespace

PrintFn printer_mai(OpClass c) {
  return classPrinter<Family::mai, printMai>(c);
}

} // namespace gfxasm::print
