// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Decoding of the memory family's operand classes (see isa/classes.def).
#include <algorithm>
#include <array>
#include <bit>
#include <iterator>

#include "asm/image_address.h"
#include "decode/decoder.h"
#include "isa/arch_traits.h"
#include "isa/registers.h"

namespace gfxasm::dec {

using namespace isa;

namespace {

constexpr Field kNsaExtra[] = {Field::vaddr1, Field::vaddr2, Field::vaddr3, Field::vaddr4};
constexpr unsigned kNsaElements = std::size(ImageRegs{}.addr);

unsigned dwordsOf(OpType t) {
  return std::max(1u, typeBits(t) / 32);
}

const OperandDesc *operandFor(const Inst &inst, Field f, unsigned *index = nullptr) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (unsigned i = 0; i < ops.size(); ++i) {
    if (ops[i].field != f) continue;
    if (index) *index = i;
    return &ops[i];
  }
  return nullptr;
}

bool hasAddressSize(const InstrDesc &d, unsigned n) {
  return n >= 1 && n <= 16 && (d.addressSizes >> (n - 1) & 1);
}

} // namespace

ImageEntry imageEntryOf(const Inst &entry, const FormatDesc &fmt) {
  const InstrDesc &desc = *entry.desc;
  std::string_view name = desc.name;
  ImageEntry e;
  e.vaddr = operandFor(entry, Field::vaddr);
  e.vdata = operandFor(entry, Field::vdata);
  e.d16 = operandFor(entry, Field::d16);
  // (gfx90a's tfe bit is acc: tfe counts only where the entry has it)
  e.tfe = operandFor(entry, Field::tfe);
  e.dim = operandFor(entry, Field::dim);
  e.bvh = name.starts_with("image_bvh");
  if (e.bvh) return e;
  // The first variant: the opcode's smallest data size (2 for compare-swaps and gather4, whose
  // data are pairs) and 4 for image_msaa_load, as llvm-mc-22 shows.
  e.gather = name.find("gather4") != std::string_view::npos;
  bool cmpswap = name.find("cmpswap") != std::string_view::npos;
  e.minData = e.gather || cmpswap ? 2 : 1;
  e.returnsFour = as::returnsFour(name);
  e.kind = as::imageAddressKind(name);
  ImageRegs &regs = e.first;
  regs.data = name.starts_with("image_msaa_load") ? 4 : e.minData;
  if (fmt.has(Field::vaddr1)) { // (NSA)
    regs.elements = 0;
    for (unsigned n = 1; n <= kNsaElements; ++n)
      if (hasAddressSize(desc, n)) regs.elements = n;
    std::fill(regs.addr, regs.addr + regs.elements, 1);
  } else {
    regs.addr[0] = desc.addressSizes ? std::countr_zero(desc.addressSizes) + 1u : 1u;
  }
  return e;
}

namespace {

// The registers of an image instruction as llvm-mc's disassembler sizes them. It first decodes
// one variant of the opcode (the smallest data and address sizes it has; an address list of the
// most elements it has, up to 5), then moves to the variant dmask, d16, tfe, dim and a16 call
// for, if llvm has it and its registers end by v255; otherwise the first variant's sizes stay.
ImageRegs imageRegs(const DecodeContext &ctx, const Inst &inst) {
  ImageEntry own;
  const ImageEntry &e = ctx.imageEntry ? *ctx.imageEntry : (own = imageEntryOf(inst, ctx.fmt));
  bool nsa = ctx.fmt.has(Field::vaddr1);
  bool a16 = ctx.field(Field::a16);
  if (e.bvh) { // fixed sizes
    ImageRegs regs{1, {1, 0, 0, 0, 0}, 1};
    if (nsa)
      regs.elements = as::bvhAddressWidths(inst.desc->name, a16, regs.addr);
    else
      regs.addr[0] = dwordsOf(e.vaddr->type);
    return regs;
  }
  const InstrDesc &desc = *inst.desc;
  const ImageRegs &first = e.first;
  ImageRegs regs = first;
  const OperandDesc *vdata = e.vdata;
  bool gather = e.gather;
  unsigned minData = e.minData;
  unsigned data =
      as::imageDataDwords(e.returnsFour, static_cast<unsigned>(ctx.field(Field::dmask)),
                          e.d16 && ctx.field(Field::d16), e.tfe && ctx.field(Field::tfe));
  // Data sizes: from the smallest to the largest with tfe; gather4 has none of 3 dwords.
  if (data < minData || data > dwordsOf(vdata->type) + 1 || (gather && data == 3)) return first;
  auto fits = [](uint64_t first, unsigned n) { return first + n <= src::kNumVgprs; };
  // gfx9 (no dim): llvm sizes the data only; the address stays the smallest the opcode has.
  if (!e.dim) {
    // gfx90a's register classes are of aligned tuples: no odd one moves to another variant.
    bool odd = data > 1 && (ctx.field(Field::vdata) & 1) && ctx.target.alignedVgprTuples();
    if (data != first.data && (odd || !fits(ctx.field(Field::vdata), data))) return first;
    regs.data = data;
    return regs;
  }
  unsigned want = as::imageAddressDwords(e.kind, static_cast<unsigned>(ctx.field(Field::dim)), a16);
  if (!nsa && want > 12) want = 16;
  if (!hasAddressSize(desc, want)) return first;
  if (data != first.data && !fits(ctx.field(Field::vdata), data)) return first;
  regs.data = data;
  if (!nsa) {
    if (want != first.addr[0] && !fits(ctx.field(Field::vaddr), want)) return first;
    regs.addr[0] = want;
  } else if (want > first.elements) {
    // Partial NSA: the last element holds the remaining addresses.
    unsigned last = want - (kNsaElements - 1);
    if (!fits(ctx.field(kNsaExtra[kNsaElements - 2]), last)) return first;
    regs.addr[kNsaElements - 1] = last;
  } else {
    regs.elements = want;
  }
  return regs;
}

// imageRegs, found once per entry (its data and address operands both need it).
const ImageRegs &entryImageRegs(DecodeContext &ctx, const Inst &inst) {
  if (!ctx.imageKnown) {
    ctx.image = imageRegs(ctx, inst);
    ctx.imageKnown = true;
  }
  return ctx.image;
}

// The SGPR base address of GLOBAL (a pair) and SCRATCH (one SGPR); `off` (null on gfx11) is the
// form without one. llvm-mc reads an odd SGPR or ttmp as the pair below it; the odd halves of the
// special pairs (vcc_hi; gfx9's flat_scratch_hi, xnack_mask_hi), m0 and exec_hi are no pair,
// null and exec are (exec printed with a complaint where a VGPR address comes with it).
bool decodeFlatSaddr(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  decodeField(ctx, d, idx, inst);
  uint32_t &v = inst.ops[idx].value;
  if (v == inst.arch->traits->saddrOff) return false;
  if (dwordsOf(d.type) == 1) return true;
  const RegisterSet &regs = registersOf(*inst.arch);
  if (v == regs.m0 || v == src::kExecHi || (v >= regs.numSgprs && v < src::kTtmp0 && (v & 1)))
    return false;
  if (v < src::kTtmp0 + src::kNumTtmps) v &= ~1u;
  return true;
}

// A resource or sampler descriptor: SGPRs (up to s105) or ttmps, field = first register / 4;
// the last value is null on gfx11 (m0 on gfx9: invalid).
bool validDescriptor(uint32_t field, OpType type, unsigned null) {
  unsigned first = field * 4, end = first + dwordsOf(type);
  return end <= src::kNumSgprs || first == null ||
         (first >= src::kTtmp0 && end <= src::kTtmp0 + src::kNumTtmps);
}

// With the acc bit, llvm decodes no AGPR tuple past a255.
bool agprTuplesFit(const Inst &inst) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    if (ops[i].cls == OpClass::av_tuple &&
        inst.ops[i].value + dwordsOf(ops[i].type) > src::kNumAgprs)
      return false;
    if (ops[i].cls == OpClass::mimg_vdata &&
        inst.ops[i].value + inst.ops[i].regCount > src::kNumAgprs)
      return false;
  }
  return true;
}

// An odd tuple where the target's classes are aligned (gfx90a): llvm decodes no image then.
bool oddTuple(const DecodeContext &ctx, const OperandValue &v) {
  return v.regCount > 1 && (v.value & 1) && ctx.target.alignedVgprTuples();
}

} // namespace

OperandPlan plan_memory(const Inst &inst, const OperandDesc &d) {
  switch (d.cls) { // (decode_memory's cases)
  case OpClass::vgpr_tuple:
  case OpClass::av_tuple: return {OperandPlan::FieldOnly, static_cast<uint8_t>(dwordsOf(d.type))};
  case OpClass::mem_off: {
    if (d.field != Field::saddr) return {OperandPlan::Present};
    uint32_t off = inst.arch->traits->saddrOff;
    return {OperandPlan::OneOf, 0, off | off << 16};
  }
  case OpClass::mem_ignored: return {OperandPlan::Nothing};
  case OpClass::required_flag: return {OperandPlan::OneOf, 0, 1 | 1 << 16};
  case OpClass::srsrc: { // (fields of 5 bits: InSet)
    uint32_t valid = 0;
    for (uint32_t f = 0; f < 32; ++f)
      valid |= uint32_t{validDescriptor(f, d.type, registersOf(*inst.arch).null)} << f;
    return {OperandPlan::InSet, 0, valid};
  }
  case OpClass::mem_acc:
  case OpClass::mem_acc_noasm:
  case OpClass::mem_acc_invalid:
  case OpClass::mem_flag_unenc:
  case OpClass::mem_flag_vgpr: return {};
  case OpClass::buf_soffset: // (an SGPR, as decodeSource reads it; the rest called)
    return registerPlan(true, 0, false, OpType::b32, false);
  case OpClass::flat_saddr:
  case OpClass::mimg_vdata:
  case OpClass::mimg_vaddr:
  case OpClass::mimg_nsa_vaddr: return {};
  case OpClass::mimg_nsa_extra: return {OperandPlan::Nothing};
  default: return {OperandPlan::FieldOnly};
  }
}

bool decode_memory(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  switch (d.cls) {
  case OpClass::vgpr_tuple:
  case OpClass::av_tuple:
    decodeField(ctx, d, idx, inst);
    v.regCount = static_cast<uint8_t>(dwordsOf(d.type));
    return true;
  case OpClass::mem_off:
    // saddr must be null; a VGPR address llvm does not use (SCRATCH without sve, buffers
    // without offen/idxen) may hold anything and encodes as 0.
    v.present = true;
    if (d.field != Field::saddr) return true;
    v.value = inst.arch->traits->saddrOff;
    return ctx.field(d.field) == v.value;
  case OpClass::flat_saddr: return decodeFlatSaddr(ctx, d, idx, inst);
  case OpClass::required_flag: decodeField(ctx, d, idx, inst); return v.value == 1;
  case OpClass::srsrc:
    decodeField(ctx, d, idx, inst);
    return validDescriptor(v.value, d.type, registersOf(*inst.arch).null);
  case OpClass::mem_acc:
  case OpClass::mem_acc_noasm:
  case OpClass::mem_acc_invalid: // (after the data registers: they are decoded)
    decodeField(ctx, d, idx, inst);
    return !v.value || agprTuplesFit(inst);
  case OpClass::mem_flag_unenc: // (present marks it written in assembly)
  case OpClass::mem_flag_vgpr:
    decodeField(ctx, d, idx, inst);
    v.present = false;
    return !v.value || (d.cls == OpClass::mem_flag_vgpr && !ctx.field(Field::acc));
  case OpClass::buf_soffset:
    // A 32-bit source, where llvm-mc also decodes src_flat_scratch_base_lo/hi.
    if (uint64_t f = ctx.field(d.field);
        f == src::kFlatScratchBaseLo || f == src::kFlatScratchBaseHi) {
      decodeField(ctx, d, idx, inst);
      return true;
    }
    return decodeSource(ctx, d, idx, inst);
  case OpClass::mimg_vdata:
    decodeField(ctx, d, idx, inst);
    v.regCount = static_cast<uint8_t>(entryImageRegs(ctx, inst).data);
    return true; // (an odd tuple on gfx90a prints llvm's note of its aligned class)
  case OpClass::mimg_vaddr:
    decodeField(ctx, d, idx, inst);
    v.regCount = static_cast<uint8_t>(entryImageRegs(ctx, inst).addr[0]);
    return !oddTuple(ctx, v);
  case OpClass::mimg_nsa_vaddr: {
    // The list's first element; the others go to vaddr1..4 (decoded here: mimg_nsa_extra
    // operands do nothing), those past the list stay absent and encode as 0.
    const ImageRegs &regs = entryImageRegs(ctx, inst);
    decodeField(ctx, d, idx, inst);
    v.regCount = static_cast<uint8_t>(regs.addr[0]);
    for (unsigned k = 1; k < regs.elements; ++k) {
      unsigned at = 0;
      if (!operandFor(inst, kNsaExtra[k - 1], &at)) return false;
      inst.ops[at].value = static_cast<uint32_t>(ctx.field(kNsaExtra[k - 1]));
      inst.ops[at].regCount = static_cast<uint8_t>(regs.addr[k]);
      inst.ops[at].present = true;
    }
    return true;
  }
  case OpClass::mimg_nsa_extra:
  case OpClass::mem_ignored: return true;
  default: decodeField(ctx, d, idx, inst); return true;
  }
}

} // namespace gfxasm::dec
