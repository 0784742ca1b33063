// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Printing of the DS, FLAT/GLOBAL/SCRATCH, MUBUF, MTBUF, MIMG operands.
#include <bit>

#include <fmt/format.h>

#include "asm/memory_operands.h"
#include "asm/operand_families.h"
#include "asm/valu_operands.h"
#include "isa/buffer_formats.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/append.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;

namespace {

constexpr std::string_view kDimNames[] = {"1D",       "2D",       "3D",      "CUBE",
                                          "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY"};
constexpr isa::Field kNsaExtra[] = {Field::vaddr1, Field::vaddr2, Field::vaddr3, Field::vaddr4};

const OperandValue *operandOf(const Inst &inst, Field f) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == f) return &inst.ops[i];
  return nullptr;
}

// llvm-mc prints two spaces after the mnemonic of a sampler (sample, gather4, get_lod) written
// with an address list and data registers.
bool samplerWithAddressList(const Inst &inst) {
  return inst.arch->formatOf(*inst.desc).has(Field::vaddr1) && operandOf(inst, Field::ssamp);
}

void printAddressList(const Inst &inst, const OperandValue &first, Writer &out) {
  out += '[';
  printVgprs(first.value, first.regCount, out);
  for (Field f : kNsaExtra) {
    const OperandValue *v = operandOf(inst, f);
    if (!v || !v->present) break;
    out += ", ";
    printVgprs(v->value, v->regCount, out);
  }
  out += ']';
}

// offset:swizzle(...) of ds_swizzle_b32, in the form llvm-mc picks for the pattern.
void printSwizzle(uint32_t v, Writer &out) {
  if (v == 0) return;
  auto o = std::back_inserter(out.str());
  if (v >= 0xe000) {
    fmt::format_to(o, "offset:swizzle(FFT,{})", v & 0x1f);
  } else if (v >= 0xc000) {
    fmt::format_to(o, "offset:swizzle(ROTATE,{},{})", (v >> 10) & 1, (v >> 5) & 0x1f);
  } else if ((v & 0xff00) == 0x8000) {
    fmt::format_to(o, "offset:swizzle(QUAD_PERM,{},{},{},{})", v & 3, (v >> 2) & 3, (v >> 4) & 3,
                   (v >> 6) & 3);
  } else if ((v & 0x8000) == 0) {
    uint32_t andMask = v & 0x1f, orMask = (v >> 5) & 0x1f, xorMask = (v >> 10) & 0x1f;
    uint32_t group = 0x20 - andMask;
    if (andMask == 0x1f && orMask == 0 && std::has_single_bit(xorMask)) {
      fmt::format_to(o, "offset:swizzle(SWAP,{})", xorMask);
    } else if (andMask == 0x1f && orMask == 0 && xorMask && std::has_single_bit(xorMask + 1)) {
      fmt::format_to(o, "offset:swizzle(REVERSE,{})", xorMask + 1);
    } else if (group > 1 && std::has_single_bit(group) && orMask < group && xorMask == 0) {
      fmt::format_to(o, "offset:swizzle(BROADCAST,{},{})", group, orMask);
    } else {
      // Each lane-id bit as it comes out for input bits 0 and 1: 0, 1, p(ass) or i(nvert).
      uint32_t probe0 = orMask ^ xorMask, probe1 = ((0x1f & andMask) | orMask) ^ xorMask;
      out += "offset:swizzle(BITMASK_PERM,\"";
      for (uint32_t bit = 0x10; bit; bit >>= 1) {
        bool p0 = probe0 & bit, p1 = probe1 & bit;
        out += p0 && p1 ? '1' : !p0 && !p1 ? '0' : !p0 ? 'p' : 'i';
      }
      out += "\")";
    }
  } else {
    out += "offset:";
    appendDecimal(out, v);
  }
}

// The SGPR base address: exec_hi is no SCRATCH base, and exec a GLOBAL base only where
// flatSaddrTakesExec, though llvm-mc decodes them.
void printFlatSaddr(const Inst &inst, const OperandDesc &d, uint32_t v, Writer &out) {
  unsigned dwords = dwordsOf(d.type, false);
  printRegister(registersOf(*inst.arch), v, dwords, out);
  if (dwords == 1 && v == src::kExecHi) invalidRegisterNote("SReg_32_XEXEC_HI", out);
  if (dwords == 2 && v == src::kExecLo && !as::flatSaddrTakesExec(*inst.arch, *inst.desc))
    invalidRegisterNote("SReg_64_XEXEC_XNULL", out);
}

// A buffer's soffset: what llvm-mc decodes beyond the SGPR-or-constant class too (lds_direct,
// a literal, in lit() where it would read back as a constant).
void printBufferSoffset(const Inst &inst, const OperandDesc &d, uint32_t v, Writer &out) {
  if (v == src::kLiteral) {
    bool litForm = as::valuLiteralLooksInline(inst.literal, d.type);
    if (litForm) out += "lit(";
    printHex(inst.literal, out);
    if (litForm) out += ')';
    return;
  }
  printSource(inst, d, v, false, out);
  if (v == src::kLdsDirect) invalidRegisterNote("SReg_32", out);
}

// gfx9's format:[BUF_DATA_FORMAT_d,BUF_NUM_FORMAT_n]: each part only where not its default.
void printSplitBufferFormat(uint32_t v, Writer &out) {
  unsigned data = v & ((1u << kBufNumFormatShift) - 1), num = v >> kBufNumFormatShift;
  out += "format:[";
  if (data != kBufFormatDefault) out.append("BUF_DATA_FORMAT_").append(kBufDataFormats[data]);
  if (data != kBufFormatDefault && num != 0) out += ',';
  if (num != 0) out.append("BUF_NUM_FORMAT_").append(kBufNumFormats[num]);
  out += ']';
}

// The acc operand of an entry whose data registers may be AGPRs, or nullptr.
const OperandDesc *accOperand(const Inst &inst, uint32_t &value) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    if (ops[i].field != Field::acc) continue;
    value = inst.ops[i].value;
    return &ops[i];
  }
  return nullptr;
}

// A data or address register tuple: AGPRs where the acc bit makes the data so (llvm notes them
// as invalid where its class has VGPRs only); gfx90a+ decode odd tuples with llvm's note (data
// registers are of its VGPR-or-AGPR classes, or of VReg/AReg ones in split_data entries).
void printVgprTuple(const PrintContext &pc, const Inst &inst, const OperandDesc &d, uint32_t v,
                    Writer &out) {
  unsigned dwords = dwordsOf(d.type, pc.wave64);
  uint32_t acc = 0;
  const OperandDesc *accDesc = d.cls == OpClass::av_tuple ? accOperand(inst, acc) : nullptr;
  printVectorRegisters(acc != 0, v, dwords, out);
  if (acc && accDesc->cls == OpClass::mem_acc_invalid) {
    invalidRegisterNote(dwords == 1 ? std::string("VGPR_32") : fmt::format("VReg_{}", dwords * 32),
                        out);
  } else if (!(inst.desc->flags & IF_OddTuples)) {
    if (d.field == Field::vaddr && (inst.desc->flags & IF_UnalignedVaddr)) return;
    bool split = accDesc && (inst.desc->flags & IF_SplitData);
    if (split && acc) return; // llvm's AReg class there gets no note
    noteUnalignedTuple(pc, inst, v, dwords, d.field == Field::vaddr || split ? "VReg" : "AV", out);
  }
}

} // namespace

namespace {
// (once per class: printer_memory)
[[gnu::always_inline]] inline void printMemory(OpClass cls, const PrintContext &pc,
                                               const Inst &inst, unsigned i, Writer &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  uint32_t v = inst.ops[i].value;
  switch (cls) {
  case OpClass::vgpr_tuple:
  case OpClass::av_tuple: printVgprTuple(pc, inst, d, v, out); break;
  case OpClass::mem_off: out += "off"; break;
  case OpClass::flat_saddr: printFlatSaddr(inst, d, v, out); break;
  case OpClass::mem_offset_u16:
  case OpClass::mem_offset_u8:
  case OpClass::mem_offset_u12: printNamedDecimal(d.field, v, false, out); break;
  case OpClass::mem_offset_s13: printNamedDecimal(d.field, signExtend(v, 13), false, out); break;
  case OpClass::required_flag: out += fieldName(d.field); break;
  case OpClass::mem_flag: printFlag(d.field, v, false, out); break;
  case OpClass::mem_flag_unenc: // (written but not encoded: present)
  case OpClass::mem_flag_vgpr: printFlag(d.field, v || inst.ops[i].present, false, out); break;
  case OpClass::srsrc: printRegister(pc.regs, v * 4, dwordsOf(d.type, pc.wave64), out); break;
  case OpClass::buf_soffset: printBufferSoffset(inst, d, v, out); break;
  case OpClass::mimg_vdata:
    if (inst.ops[i].regCount == 0) {
      out += "off"; // a sample that discards its result
      break;
    }
    if (samplerWithAddressList(inst)) out += ' ';
    { // AGPRs where the acc bit makes the data so (gfx90a)
      uint32_t acc = 0;
      accOperand(inst, acc);
      printVectorRegisters(acc != 0, v, inst.ops[i].regCount, out);
      // gfx90a decodes an odd tuple of an opcode's first data size (cmpswap's pair) with a note
      noteUnalignedTuple(pc, inst, v, inst.ops[i].regCount, "AV", out);
    }
    break;
  case OpClass::mimg_vaddr: printVgprs(v, inst.ops[i].regCount, out); break;
  case OpClass::mimg_nsa_vaddr: printAddressList(inst, inst.ops[i], out); break;
  case OpClass::dmask:
    if (v) {
      out += "dmask:";
      appendHex(out, v);
    }
    break;
  case OpClass::ds_swizzle: printSwizzle(v, out); break;
  case OpClass::dim:
    if (v < std::size(kDimNames)) out.append("dim:SQ_RSRC_IMG_").append(kDimNames[v]);
    break;
  case OpClass::mtbuf_format:
    if (v == kBufFormatDefault) break;
    if (inst.arch->traits->splitBufferFormat) {
      printSplitBufferFormat(v, out);
      break;
    }
    if (v < std::size(kBufFormatNames))
      out.append("format:[BUF_FMT_").append(kBufFormatNames[v]).append("]");
    else
      fmt::format_to(std::back_inserter(out.str()), "format:{}", v);
    break;
  default: break;
  }
}
} // namespace

PrintFn printer_memory(OpClass c) {
  return classPrinter<Family::memory, printMemory>(c);
}

} // namespace gfxasm::print
