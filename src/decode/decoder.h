// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Table-driven decoder: finds the table entry machine code encodes and the value of each of its
// operands, the inverse of src/encode. Uses the same ISA tables as the assembler.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "asm/image_address.h"
#include "encode/encoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/arch_traits.h"
#include "isa/inst.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm {
class Target;
}

namespace gfxasm::dec {

// A field's value in instruction bytes `bytes`: each bit range from the 8 bytes at its first
// byte (readable: instructions are zero-padded past their end), which hold it whole (ranges
// start at most 7 bits into their first byte and are at most 24 bits wide; buildArchIndex checks).
inline uint64_t rangeValue(const uint8_t *bytes, isa::BitRange r) {
  uint64_t chunk;
  std::memcpy(&chunk, bytes + (r.lo >> 3), sizeof chunk);
  return (chunk >> (r.lo & 7)) & ((uint64_t{1} << r.width) - 1);
}
// (a field of several ranges)
uint64_t splitFieldValue(const uint8_t *bytes, const isa::FieldLayout &l);
inline uint64_t fieldValue(const uint8_t *bytes, const isa::FieldLayout &l) {
  if (l.count > 1) [[unlikely]]
    return splitFieldValue(bytes, l);
  return rangeValue(bytes, l.ranges[0]); // (a format without the field: a range 0 bits wide)
}

// An image instruction's register counts as llvm sizes them (decode_memory.cpp's imageRegs):
// data VGPRs, and per address element its VGPRs.
struct ImageRegs {
  unsigned data;
  unsigned addr[5]; // element widths (one element without NSA)
  unsigned elements;
};

// What imageRegs (decode_memory.cpp) reads of an image entry whatever the instruction's field
// values: what its name says, the first variant's sizes and the operands it looks at. Found once
// per entry (with its decode steps), not from the name and operand list per instruction.
struct ImageEntry {
  bool bvh = false, gather = false, returnsFour = false;
  unsigned minData = 1;
  as::ImageAddressKind kind;
  ImageRegs first{1, {1, 0, 0, 0, 0}, 1};
  const isa::OperandDesc *vdata = nullptr, *d16 = nullptr, *tfe = nullptr, *dim = nullptr,
                         *vaddr = nullptr;
};
ImageEntry imageEntryOf(const isa::Inst &entry, const isa::FormatDesc &fmt);
// Whether entries of operand class `c` size their registers by imageRegs.
inline bool isImageClass(isa::OpClass c) {
  return c == isa::OpClass::mimg_vdata || c == isa::OpClass::mimg_vaddr ||
         c == isa::OpClass::mimg_nsa_vaddr;
}

// What an operand decoder sees: the instruction's bytes (at least the format's size, zero-padded
// to 16 bytes past it), how many are really there, and the size used so far (a literal grows it).
struct DecodeContext {
  DecodeContext(const Target &target, const isa::FormatDesc &fmt, const uint8_t *bytes,
                size_t avail)
      : target(target),
        regs(isa::registersOf(*static_cast<const isa::ArchTables *>(target.arch()))), fmt(fmt),
        bytes(bytes), avail(avail), size(fmt.sizeBytes) {}
  const Target &target;
  const isa::RegisterSet &regs; // the target's architecture's
  const isa::FormatDesc &fmt;
  const uint8_t *bytes;     // readable for at least size + 16 bytes
  size_t avail;             // bytes that really follow the instruction's start
  size_t size;              // the format's size, plus 4 once a literal is read
  bool valuSources = false; // a VALU source was decoded: finishValuConstants runs at the end
  bool imageKnown = false;  // `image` holds the entry's image registers
  // Per source slot (src0-src2), its neg/abs/sext bits as OperandMods (read once per format);
  // none for an operand of no source slot (slot 3).
  uint8_t slotMods[4] = {};
  ImageRegs image; // (uninitialized until imageKnown)
  // The entry's ImageEntry where the decode loop keeps one (else imageRegs finds it).
  const ImageEntry *imageEntry = nullptr;
  // The field's value in the instruction word.
  uint64_t field(isa::Field f) const { return fieldValue(bytes, fmt.layout(f)); }
  // Reads the literal dword after the format's bytes (once); false if the input ends first.
  bool takeLiteral(isa::Inst &inst);
  // The literal dword, read once, without making it the instruction's literal (for operands that
  // print another value than llvm's encoding of the instruction shows).
  bool readLiteral(uint32_t &out);
};

// Decodes the instruction at bytes[0, avail) (bytes readable up to avail + 16) for `target`:
// fills `inst` and returns its size in bytes, or 0 when no entry encodes these bytes.
size_t decode(const Target &target, const uint8_t *bytes, size_t avail, isa::Inst &inst);

// The same for many instructions of one target: looks up the target's tables once.
struct TargetIndex;
class Decoder {
public:
  explicit Decoder(const Target &target);
  size_t decode(const uint8_t *bytes, size_t avail, isa::Inst &inst) const;

private:
  const Target &target_;
  const TargetIndex &index_;
};

// llvm's values of the decoded VALU constants, once all of an instruction's operands are decoded
// (decode_valu.cpp).
void finishValuConstants(isa::Inst &inst);

// Whether llvm's disassembler makes an inline float in 16-bit source `d` its f16 bits, a literal
// (in the sources it reads as integers).
inline bool inlineFloatBecomesF16Bits(const isa::Inst &inst, const isa::OperandDesc &d) {
  return isa::disassemblerType(inst, d) == isa::OpType::b16;
}

// Whether the field holds one of the instruction's sources (src0-src2, VOP2/VOPC's vsrc1/2).
inline bool isSourceField(isa::Field f) {
  using isa::Field;
  return f == Field::src0 || f == Field::src1 || f == Field::src2 || f == Field::vsrc1 ||
         f == Field::vsrc2;
}

// The generic part of an operand's decoding: its field's value. (inline: most operands are this)
inline void decodeField(DecodeContext &ctx, const isa::OperandDesc &d, unsigned idx,
                        isa::Inst &inst) {
  isa::OperandValue &v = inst.ops[idx];
  v.value = static_cast<uint32_t>(ctx.field(d.field));
  v.present = true;
}
// (decodeSource's check of a source that is no VGPR)
bool decodeNonVgprSource(DecodeContext &ctx, const isa::OperandDesc &d, isa::OperandValue &v,
                         isa::Inst &inst);
// A source: its field, the neg/abs/sext bits of its slot, and the literal dword if it names one.
// literalAllowed false: a field where 255 is a register (the 8-bit DPP source VGPR).
inline bool decodeSource(DecodeContext &ctx, const isa::OperandDesc &d, unsigned idx,
                         isa::Inst &inst, bool literalAllowed = true) {
  decodeField(ctx, d, idx, inst);
  isa::OperandValue &v = inst.ops[idx];
  if (isSourceField(d.field)) v.mods |= ctx.slotMods[enc::sourceSlot(d.field)];
  if (!literalAllowed || v.value >= isa::src::kVgpr0) return true;
  return decodeNonVgprSource(ctx, d, v, inst);
}

// An operand that is always the literal dword (s_setreg_imm32's, fmaak/fmamk's K).
bool decodeLiteralOperand(DecodeContext &ctx, unsigned idx, isa::Inst &inst);

// Whether a 9-bit source encoding names something (a register, an inline constant, a special
// source or the literal): 209-229, 232-234, 249 and 250 are reserved.
bool validSourceEncoding(unsigned enc);
// What a non-VGPR source encoding (0-255) is in an operand `dwords` wide, as llvm's decoder reads
// it. A register's encoding is set to the tuple llvm names: SGPR and TTMP tuples aligned down (to
// 2 registers for 64 bits, 4 for wider ones).
enum class ScalarEncoding { Register, Constant, Literal, Invalid };
ScalarEncoding classifyScalarEncoding(const isa::RegisterSet &rs, unsigned &enc, unsigned dwords);
// A non-VGPR encoding in `v.value` where llvm's operand takes registers only: the register
// (classifyScalarEncoding), or a constant or literal llvm decodes anyway, then marked
// Mod_InvalidImm with its value (the literal's dword is read, and not shown in the encoding).
// False when llvm decodes nothing there.
bool decodeRegisterOnly(DecodeContext &ctx, isa::OperandValue &v, unsigned dwords);
// The value llvm gives an inline constant (128-208, 240-248) where it takes no constant: the
// integer, or a float's single-precision bits.
uint32_t inlineConstantValue(unsigned enc);

// Per-family operand decoders (src/decode/decode_<family>.cpp), dispatched by the family column
// of isa/classes.def: false when the bytes are not a valid value of the class.
#define FAMILY(fam)                                                                                \
  bool decode_##fam(DecodeContext &ctx, const isa::OperandDesc &d, unsigned idx, isa::Inst &inst);
#include "isa/families.def"
#undef FAMILY

// What decode_<family> does with operand `d` of entry `entry` (an Inst of no operand values),
// when that is little enough for the decode loop to do it itself (most operands): FieldOnly,
// decodeField and regCount, and the operand is invalid when its value has a bit of `reject`;
// OneOf, decodeField, valid when the value is `reject`'s low or high half; InSet, decodeField of
// a field of at most 5 bits, valid when bit `value` of `reject` is set; Source, decodeSource with
// no literal (the slot's modifier bits), invalid with a value bit of `reject` or a modifier bit
// of `modReject`, then `add` added; Present, only present; Nothing. Register: a source encoding
// the family decodes as Source would when it names VGPRs (`vgprs`) or an aligned tuple of
// `sgprDwords` SGPRs (0: none), with its source slot's modifier bits if `slotMods` (as
// decodeSource reads them), invalid with a modifier bit of `modReject`, a VALU source
// (finishValuConstants runs) if `valuSource`; decode_<family> runs for other values. Call:
// anything else, decode_<family> runs. (plan_<family>, beside decode_<family>)
struct OperandPlan {
  enum Kind : uint8_t {
    Call,
    FieldOnly,
    Present,
    Nothing,
    OneOf,
    InSet,
    Source,
    Register
  } kind = Call;
  uint8_t regCount = 0;
  uint32_t reject = 0;
  uint8_t modReject = 0;
  uint16_t add = 0;
  bool vgprs = false;
  uint8_t sgprDwords = 0;
  bool valuSource = false;
  bool slotMods = false;
};
// A Register plan (above) of a source or register class.
inline OperandPlan registerPlan(bool slotMods, uint8_t modReject, bool vgprs, isa::OpType type,
                                bool valuSource) {
  OperandPlan p{OperandPlan::Register};
  p.slotMods = slotMods;
  p.modReject = modReject;
  p.vgprs = vgprs;
  // (a lane mask's width is the wave size's: left to the family)
  if (type != isa::OpType::b1) p.sgprDwords = static_cast<uint8_t>(print::dwordsOf(type, false));
  p.valuSource = valuSource;
  return p;
}
#define FAMILY(fam) OperandPlan plan_##fam(const isa::Inst &entry, const isa::OperandDesc &d);
#include "isa/families.def"
#undef FAMILY

} // namespace gfxasm::dec
