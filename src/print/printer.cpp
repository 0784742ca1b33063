// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "print/printer.h"
#include "gfxasm/gfxasm.h"
#include "print/append.h"
#include "print/writer.h"

#include <fmt/format.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>

#include "asm/operand_parser.h"
#include "asm/valu_operands.h"
#include "asm/vext_operands.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;
using namespace std::string_view_literals;

void printHex(uint32_t v, Writer &out) {
  appendHex(out, v);
}

void printWrittenLiteral(uint32_t lit, OpType t, uint16_t mods, Writer &out) {
  uint64_t value = lit;
  if (mods & Mod_LitNegative)
    value = static_cast<uint64_t>(typeBits(t) == 16 ? int64_t{static_cast<int16_t>(lit)}
                                                    : int64_t{static_cast<int32_t>(lit)});
  fmt::format_to(std::back_inserter(out.str()), "{}0x{:x})", litOpening(mods), value);
}

void printImmediate32(uint32_t v, Writer &out) {
  // Small integers by their signed value, the floats' patterns (also negative ones) by their bits.
  int32_t s = static_cast<int32_t>(v);
  int enc = inlineEncodingOfInt(s >= -16 && s <= 64 ? int64_t{s} : int64_t{v}, OpType::b32);
  if (enc >= 0 && printInlineConstant(static_cast<unsigned>(enc), OpType::b32, out)) return;
  printHex(v, out);
}

void noteUnalignedTupleText(unsigned dwords, std::string_view file, Writer &out) {
  invalidRegisterNote(fmt::format("{}_{}_Align2", file, dwords * 32), out);
}

void printSignedHex(uint32_t v, unsigned bits, Writer &out) {
  if (v < 16 && bits > 4) { // (row_mask:0xf and the like)
    char *p = out.room(3);
    p[0] = '0';
    p[1] = 'x';
    p[2] = "0123456789abcdef"[v];
    out.advance(p + 3);
    return;
  }
  int64_t s = static_cast<int64_t>(v & ((1ull << bits) - 1));
  if (s >> (bits - 1)) s -= int64_t{1} << bits;
  if (s < 0) out += '-';
  appendHex(out, static_cast<uint64_t>(s < 0 ? -s : s));
}

uint32_t valueOf(const Inst &inst, Field f) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == f) return inst.ops[i].value;
  return 0;
}

void printSource(const Inst &inst, const OperandDesc &d, uint32_t enc, bool wave64, Writer &out) {
  if (printRegister(registersOf(*inst.arch), enc, dwordsOf(d.type, wave64), out)) return;
  if (printInlineConstant(enc, d.type, out)) return;
  if (enc == src::kLiteral) {
    printHex(inst.literal, out);
    return;
  }
  fmt::format_to(std::back_inserter(out.str()), "<invalid source {}>", enc);
}

namespace {

// " " before the first positional operand, ", " before the others.
void separate(bool first, Writer &out) {
  char *p = out.room(2);
  p[0] = first ? ' ' : ',';
  p[1] = ' ';
  out.advance(p + (first ? 1 : 2));
}

// Modifier classes their family prints as nothing when the value and modifiers are 0 (most
// modifiers are, and need no call then).
constexpr bool silentAtZero(OpClass c) {
  switch (c) {
  case OpClass::flag:
  case OpClass::vop_opsel2:
  case OpClass::vop_opsel3:
  case OpClass::vop_opsel4:
  case OpClass::vop_opsel_dot2:
  case OpClass::vop_opsel_pair:
  case OpClass::vop_opsel_hidden:
  case OpClass::vop_opsel_byte:
  case OpClass::vop_bitop3:
  case OpClass::vop_clamp:
  case OpClass::vop_omod:
  case OpClass::vop_exec_dst:
  case OpClass::sel:
  case OpClass::dpp_bound:
  case OpClass::dpp_fi:
  case OpClass::dpp8_fi:
  case OpClass::mem_offset_u16:
  case OpClass::mem_offset_u8:
  case OpClass::mem_offset_u12:
  case OpClass::mem_offset_s13:
  case OpClass::mimg_nsa_extra:
  case OpClass::dmask:
  case OpClass::mem_flag:
  case OpClass::ds_swizzle:
  case OpClass::exp_en:
  case OpClass::mop_sel:
  case OpClass::mflag:
  case OpClass::mhidden:
  case OpClass::mai_mod:
  case OpClass::mai_neg:
  case OpClass::mai_hidden:
  case OpClass::mem_kept:
  case OpClass::mem_ignored: return true;
  default: return false;
  }
}

// The plainest classes, printed without their family's code (most operands of memory and DPP
// instructions): VGPRs, and modifiers that write their own space.
const OperandDesc &descOf(const Inst &inst, unsigned i) {
  return inst.arch->operandsOf(*inst.desc)[i];
}
void printPlainVgprs(const PrintContext &pc, const Inst &inst, unsigned i, Writer &out) {
  printVgprs(inst.ops[i].value, dwordsOf(descOf(inst, i).type, pc.wave64), out);
}
void printPackedDestination(const PrintContext &pc, const Inst &inst, unsigned i, Writer &out) {
  uint32_t v = inst.ops[i].value;
  unsigned dwords = dwordsOf(descOf(inst, i).type, pc.wave64);
  printVgprs(v, dwords, out);
  noteUnalignedTuple(pc, inst, v, dwords, "VReg", out); // (v_pk_*_f32's pair)
}
void printOneVgpr(const PrintContext &, const Inst &inst, unsigned i, Writer &out) {
  printVgprs(inst.ops[i].value, 1, out);
}
void printFlagOperand(const PrintContext &, const Inst &inst, unsigned i, Writer &out) {
  printFlag(descOf(inst, i).field, inst.ops[i].value, true, out);
}
void printOffsetOperand(const PrintContext &, const Inst &inst, unsigned i, Writer &out) {
  printNamedDecimal(descOf(inst, i).field, inst.ops[i].value, true, out);
}
void printSignedOffsetOperand(const PrintContext &, const Inst &inst, unsigned i, Writer &out) {
  printNamedDecimal(descOf(inst, i).field, signExtend(inst.ops[i].value, 13), true, out);
}
void printDppMaskOperand(const PrintContext &, const Inst &inst, unsigned i, Writer &out) {
  printDppMask(descOf(inst, i).field, inst.ops[i].value, true, out);
}
void printDpp8Operand(const PrintContext &, const Inst &inst, unsigned i, Writer &out) {
  printDpp8Selects(inst.ops[i].value, true, out);
}

// Each class's family.
constexpr Family kClassFamily[] = {
#define CLASS(n, positional, fam) Family::fam,
#include "isa/classes.def"
#undef CLASS
};
using FamilyPrinters = PrintFn (*)(OpClass);
constexpr FamilyPrinters kFamilyPrinters[] = {
#define FAMILY(fam) printer_##fam,
#include "isa/families.def"
#undef FAMILY
};

// How printInst prints an entry, found once per entry (and processor kind): its mnemonic, and
// per operand the function that prints it and how it is placed, so that printing an operand is
// one call, with no dispatch on its class. The commonest operands also get a `fast` form that
// printInst writes itself, with what the entry fixes worked out here (the register count, the
// modifier's text with its space and colon): a register (the function is called for what the
// form does not cover, e.g. a note or a modifier), a flag or a named decimal (always complete).
struct PrintOp {
  enum Placement : uint8_t {
    Positional = 1, // after " " (the first) or ", "
    Optional = 2,   // (Positional) left out with its separator when it prints nothing
    PairStart = 4,  // (Positional) the second half of a dual-issue pair starts here: " :: Y"
    Silent = 8,     // a modifier that prints nothing when its value and modifiers are 0
    Raw = 16,       // a modifier that writes its own space
  };
  enum Fast : uint8_t {
    None,
    Vgprs,       // (positional) the value is the first VGPR: v5, v[4:7]
    VgprSource,  // a 9-bit source encoding that prints here only as VGPRs (256 + n)
    Source,      // a 9-bit source encoding: VGPRs, SGPRs (below numSgprs) or an inline integer
    ScaledSgprs, // the value << `shift` is the first scalar register (srsrc, sbase)
    Flag,        // (modifier) `text` when the value is not 0
    Decimal,     // (modifier) `text` and the value in decimal when it is not 0
    Signed13,    // Decimal of a 13-bit signed value
    Text,        // (modifier) `text`, always
    HexDigit,    // (modifier) `text` ("0x" at its end) and the value's hex digit, always
  };
  uint8_t fn = 0;    // its printer: printFns[fn] (an index: the plans stay small)
  uint8_t placement; // Placement bits; none: a modifier after a space, dropped if it prints nothing
  Fast fast = None;
  uint8_t dwords = 0;   // (registers) the operand's registers; 0: the wave size's lane mask
  bool oddNote = false; // (registers) an odd first register of a tuple may take llvm's note
  // (Source) every register the encoding names prints as isa::putRegister writes it (the VALU
  // sources and lane masks, whose printers add nothing to a register without modifiers), not
  // only VGPRs and SGPRs below numSgprs
  bool anyRegister = false;
  bool lo128 = false;      // (Vgprs, VgprSource) VGPRs from v128 on: the printer's
  uint8_t shift = 0;       // (ScaledSgprs)
  uint8_t accIndex = 0xff; // (Vgprs) the entry's acc operand: the form holds while it is 0
  uint8_t textSize = 0;
  uint16_t textAt = 0; // (modifiers) " glc", " offset:": in textPool (read as 16 bytes)
  void print(const PrintContext &pc, const Inst &inst, unsigned i, Writer &out) const;
};
// (kept small: a listing of varied code prints thousands of entries, whose plans then stay in
// the cache)
static_assert(sizeof(PrintOp) == 12);
// A plan: `count` PrintOps after it, then the mnemonic's and a dual-issue pair's (VOPD) Y half's
// characters, in one allocation.
struct PrintPlan {
  const InstrDesc *desc;
  uint8_t count, mnemonicSize, secondSize;
  bool alignedVgprTuples;
  const PrintOp *ops() const { return reinterpret_cast<const PrintOp *>(this + 1); }
  PrintOp *ops() { return reinterpret_cast<PrintOp *>(this + 1); }
  std::string_view mnemonic() const {
    return {reinterpret_cast<const char *>(ops() + count), mnemonicSize};
  }
  std::string_view second() const {
    return {reinterpret_cast<const char *>(ops() + count) + mnemonicSize, secondSize};
  }
  static size_t bytes(size_t count, size_t text) {
    return sizeof(PrintPlan) + count * sizeof(PrintOp) + text;
  }
};
static_assert(alignof(PrintOp) <= alignof(PrintPlan) && sizeof(PrintPlan) % alignof(PrintOp) == 0);

// What the plans share, written under planMutex before a plan that uses it is published: the
// printers by index, and the modifiers' texts (16 bytes readable at each).
std::mutex planMutex;
PrintFn printFns[256];
unsigned numPrintFns = 0;
constexpr size_t kTextPool = 16384;
char textPool[kTextPool + 16];
size_t textPoolUsed = 0;

uint8_t printFnIndex(PrintFn f) {
  static auto &known = *new std::map<PrintFn, uint8_t>;
  if (auto it = known.find(f); it != known.end()) return it->second;
  if (numPrintFns == std::size(printFns)) throw std::logic_error("too many operand printers");
  printFns[numPrintFns] = f;
  known.emplace(f, static_cast<uint8_t>(numPrintFns));
  return static_cast<uint8_t>(numPrintFns++);
}
// The offset of `text` in textPool, or -1 when the pool is full.
int textIndex(std::string_view text) {
  static auto &known = *new std::map<std::string, uint16_t, std::less<>>;
  if (auto it = known.find(text); it != known.end()) return it->second;
  if (textPoolUsed + text.size() > kTextPool) return -1;
  if (!text.empty()) std::memcpy(textPool + textPoolUsed, text.data(), text.size());
  auto at = static_cast<uint16_t>(textPoolUsed);
  textPoolUsed += text.size();
  known.emplace(std::string(text), at);
  return at;
}

void PrintOp::print(const PrintContext &pc, const Inst &inst, unsigned i, Writer &out) const {
  printFns[fn](pc, inst, i, out);
}

// The printer of operand `d` of `desc`; alignedVgprTuples: the processor notes odd VGPR tuples.
PrintOp printOpFor(const OperandDesc &d, bool alignedVgprTuples, bool pair) {
  using P = PrintOp;
  switch (d.cls) {
  case OpClass::vgpr_tuple:
    if (alignedVgprTuples) break; // (odd tuples decoded there get a note: the family's code)
    return {printFnIndex(printPlainVgprs), P::Positional};
  case OpClass::pvdst: return {printFnIndex(printPackedDestination), P::Positional};
  case OpClass::vopd_vsrc:
  case OpClass::vopd_vsrc2: return {printFnIndex(printOneVgpr), P::Positional};
  case OpClass::flag:
  case OpClass::mem_flag: return {printFnIndex(printFlagOperand), P::Raw};
  case OpClass::mem_offset_u16:
  case OpClass::mem_offset_u8:
  case OpClass::mem_offset_u12: return {printFnIndex(printOffsetOperand), P::Raw};
  case OpClass::mem_offset_s13: return {printFnIndex(printSignedOffsetOperand), P::Raw};
  case OpClass::dpp_mask: return {printFnIndex(printDppMaskOperand), P::Raw};
  case OpClass::dpp8_sel: return {printFnIndex(printDpp8Operand), P::Raw};
  default: break;
  }
  PrintFn print =
      kFamilyPrinters[static_cast<unsigned>(kClassFamily[static_cast<unsigned>(d.cls)])](d.cls);
  uint8_t placement = 0;
  if (isPositional(d.cls)) {
    placement = P::Positional;
    if (pair && d.field == Field::vdsty) placement |= P::PairStart;
    if (d.flags & OF_Optional) placement |= P::Optional;
  } else if (silentAtZero(d.cls)) {
    placement = P::Silent;
  }
  return {printFnIndex(print), placement};
}

// The fast form of operand `d` of `entry` (an Inst of no values), where the entry decides
// everything its printer looks at but the value: as llvm prints it, what the family's printer
// would write for the values the form covers.
void setFastForm(const Inst &entry, const OperandDesc &d, bool alignedVgprTuples, PrintOp &op) {
  using P = PrintOp;
  auto modifierText = [&](std::string_view prefix, std::string_view suffix, P::Fast kind) {
    std::string text(prefix);
    text += fieldName(d.field);
    text += suffix;
    if (text.size() > 16) return;
    int at = textIndex(text);
    if (at < 0) return;
    op.textAt = static_cast<uint16_t>(at);
    op.textSize = static_cast<uint8_t>(text.size());
    op.fast = kind;
  };
  switch (d.cls) { // (the classes printOpFor gives a function of its own write their own space)
  case OpClass::flag:
  case OpClass::mem_flag: modifierText(" ", "", P::Flag); return;
  case OpClass::mem_offset_u16:
  case OpClass::mem_offset_u8:
  case OpClass::mem_offset_u12: modifierText(" ", ":", P::Decimal); return;
  case OpClass::mem_offset_s13: modifierText(" ", ":", P::Signed13); return;
  case OpClass::required_flag: modifierText(" ", "", P::Text); return;
  case OpClass::dpp_mask: modifierText(" ", ":0x", P::HexDigit); return; // (printDppMask's)
  default: break;
  }
  if (!(op.placement & P::Positional) || (op.placement & P::Optional)) return;
  // A VALU lane mask (vcc, s[0:1]): printSource's register, constant or literal, in the wave
  // size's width (dwords 0: chosen when printed), no note.
  if (d.cls == OpClass::vmask && d.type == OpType::b1) {
    op.fast = P::Source;
    op.dwords = 0;
    op.anyRegister = true;
    return;
  }
  // (other lane masks: left to the printers)
  if (d.type == OpType::b1) return;
  unsigned dwords = dwordsOf(d.type, false);
  bool nineBits = as::sourceField9Bits(entry, d.field);
  // True16 halves (v1.l) and the fake16 e32 forms' Lo128 classes print otherwise or with notes.
  bool plainVgprs = !as::isTrue16Operand(entry, d.type) && !as::isFake16Lo128(entry, d.type);
  bool hasAcc = as::operandIndex(entry, Field::acc) >= 0;
  P::Fast kind = P::None;
  bool oddNote = false;
  switch (d.cls) {
  case OpClass::vgpr_tuple:
  case OpClass::pvdst:
    kind = P::Vgprs;
    oddNote = true;
    break;
  case OpClass::vopd_vsrc: // (printOneVgpr's)
  case OpClass::vopd_vsrc2:
    kind = P::Vgprs;
    dwords = 1;
    break;
  case OpClass::dpp3_vgpr: // (printDpp3Vgpr's VGPRs, without a note; other sources: its code)
  case OpClass::dpp3_vgpr_mod:
  case OpClass::dpp3_vgpr_neg:
    if (plainVgprs) kind = P::VgprSource;
    break;
  case OpClass::av_tuple: // (with the acc bit set, AGPRs: the family's printer)
    kind = P::Vgprs;
    if (hasAcc) op.accIndex = static_cast<uint8_t>(as::operandIndex(entry, Field::acc));
    oddNote = true;
    break;
  case OpClass::vgpr:
  case OpClass::vgpr_mod:
    if (plainVgprs) kind = nineBits ? P::VgprSource : P::Vgprs;
    oddNote = true;
    break;
  case OpClass::vsrc:
  case OpClass::vsrc_mod:
  case OpClass::vsrc_neg:
    // (printValuSource: without modifiers, a register the encoding names as putRegister writes
    // it, and no note outside the Lo128 classes)
    if (plainVgprs && nineBits) kind = P::Source;
    op.anyRegister = true;
    oddNote = true;
    break;
  case OpClass::sreg:
  case OpClass::sreg_nonull:
  case OpClass::sreg_null:
  case OpClass::ssrc:
  case OpClass::ssrc_inline:
  case OpClass::buf_soffset: kind = P::Source; break;
  case OpClass::srsrc:
    kind = P::ScaledSgprs;
    op.shift = 2;
    break;
  case OpClass::sbase:
    kind = P::ScaledSgprs;
    op.shift = 1;
    break;
  default:
    if (as::isDppVreg(d.cls) && plainVgprs) { // (printDppVreg's: a VGPR, a 64-bit type's pair)
      kind = P::Vgprs;
      dwords = typeBits(d.type) == 64 ? 2 : 1;
      oddNote = true;
      op.lo128 = as::isDppVregLo128(d.cls); // (above: a note)
    }
    break;
  }
  if (kind == P::None || dwords > 16) return;
  op.fast = kind;
  op.dwords = static_cast<uint8_t>(dwords);
  op.oddNote = oddNote && alignedVgprTuples && dwords > 1;
}

// The fast form of a register operand (PrintOp::fast), or false when the value needs the
// operand's printer (a constant or register the form does not cover, modifiers, a note).
[[gnu::always_inline]] inline bool printFastRegisters(const PrintOp &op, const Inst &inst,
                                                      unsigned i, const PrintContext &pc,
                                                      Writer &out) {
  const OperandValue &v = inst.ops[i];
  const RegisterSet &regs = pc.regs;
  uint32_t enc = v.value;
  if (v.mods) return false;
  if (op.accIndex != 0xff && inst.ops[op.accIndex].value) return false;
  unsigned dwords = op.dwords ? op.dwords : pc.wave64 ? 2 : 1;
  char *p = out.room(kMaxRegisterText);
  if (op.fast == PrintOp::ScaledSgprs) {
    char *end = putRegister(regs, enc << op.shift, dwords, p);
    if (!end) return false;
    out.advance(end);
    return true;
  }
  if (op.fast != PrintOp::Vgprs) {
    if (enc >= src::kVgpr0) {
      enc -= src::kVgpr0;
    } else if (op.fast == PrintOp::VgprSource) {
      return false;
    } else if (enc < regs.numSgprs && dwords == 1) {
      *p = 's';
      out.advance(putSmallDecimal(p + 1, enc));
      return true;
    } else if (enc >= src::kIntZero && enc <= src::kIntNegMin) {
      return printInlineConstant(enc, OpType::b32, out);
    } else if (enc < regs.numSgprs || op.anyRegister) {
      char *end = putRegister(regs, enc, dwords, p);
      if (!end) return false;
      out.advance(end);
      return true;
    } else {
      return false;
    }
  }
  if ((op.lo128 && enc >= 128) || enc >= src::kNumVgprs || (op.oddNote && (enc & 1))) return false;
  if (dwords == 1) {
    *p = 'v';
    out.advance(putSmallDecimal(p + 1, enc));
  } else {
    out.advance(putVgprs(enc, dwords, p));
  }
  return true;
}

// The fast form of a modifier: its text, and for offsets the value.
// False: the value needs the operand's printer (HexDigit's above 15).
[[gnu::always_inline]] inline bool printFastModifier(const PrintOp &op, uint32_t v, Writer &out) {
  if (!v && op.fast != PrintOp::Text && op.fast != PrintOp::HexDigit) return true;
  if (op.fast == PrintOp::HexDigit && v > 15) return false;
  char *p = out.room(16 + 24);
  std::memcpy(p, textPool + op.textAt, 16);
  p += op.textSize;
  if (op.fast == PrintOp::HexDigit) *p++ = "0123456789abcdef"[v];
  out.advance(p);
  if (op.fast == PrintOp::Decimal) {
    appendDecimal(out, v);
  } else if (op.fast == PrintOp::Signed13) {
    appendSignedDecimal(out, signExtend(v, 13));
  }
  return true;
}

// A dual-issue pair (VOPD) is one entry named `X::Y`; Y's operands start at its vdsty.
size_t pairAt(const ArchTables &arch, const InstrDesc &desc) {
  std::string_view name = desc.name;
  return arch.formatOf(desc).has(Field::vdsty) ? name.find("::") : std::string_view::npos;
}

// Entry `desc`'s plan in memory from `allocate(bytes)`. (under planMutex)
template <class Allocate>
[[gnu::noinline]] const PrintPlan *buildPlan(const ArchTables &arch, const InstrDesc &desc,
                                             bool alignedVgprTuples, Allocate allocate) {
  std::string_view name = desc.name;
  size_t pair = pairAt(arch, desc);
  std::string_view mnemonic = name.substr(0, pair), second;
  if (pair != std::string_view::npos) second = name.substr(pair + 2);
  if (mnemonic.size() > 255 || second.size() > 255) throw std::logic_error("mnemonic too long");
  auto ops = arch.operandsOf(desc);
  void *memory = allocate(PrintPlan::bytes(ops.size(), mnemonic.size() + second.size()));
  auto *plan = new (memory)
      PrintPlan{&desc, static_cast<uint8_t>(ops.size()), static_cast<uint8_t>(mnemonic.size()),
                static_cast<uint8_t>(second.size()), alignedVgprTuples};
  Inst entry;
  entry.arch = &arch;
  entry.desc = &desc;
  PrintOp *planOps = plan->ops();
  for (size_t i = 0; i < ops.size(); ++i) {
    PrintOp *op = new (planOps + i) PrintOp{};
    *op = printOpFor(ops[i], alignedVgprTuples, pair != std::string_view::npos);
    setFastForm(entry, ops[i], alignedVgprTuples, *op);
  }
  auto *text = reinterpret_cast<char *>(planOps + ops.size());
  // (an empty view's data may be null, which memcpy must not get even for no bytes)
  if (!mnemonic.empty()) std::memcpy(text, mnemonic.data(), mnemonic.size());
  if (!second.empty()) std::memcpy(text + mnemonic.size(), second.data(), second.size());
  return plan;
}

// Each architecture's plans, per entry, built on first use (a listing prints a few hundred of
// the thousands of entries) and kept for the program's life.
struct ArchPlans {
  const ArchTables *arch;
  std::unique_ptr<std::atomic<const PrintPlan *>[]> plans[2]; // [alignedVgprTuples][entry]
};
std::atomic<const ArchPlans *> lastPlans{nullptr};

[[gnu::noinline]] const ArchPlans &lookUpPlans(const ArchTables &arch) {
  static std::mutex mu;
  static auto &cache = *new std::map<const ArchTables *, std::unique_ptr<ArchPlans>>;
  std::lock_guard<std::mutex> lock(mu);
  auto &slot = cache[&arch];
  if (!slot) {
    slot = std::make_unique<ArchPlans>();
    slot->arch = &arch;
    for (auto &p : slot->plans)
      p = std::make_unique<std::atomic<const PrintPlan *>[]>(arch.instrs.size());
  }
  lastPlans.store(slot.get(), std::memory_order_release);
  return *slot;
}

const PrintPlan &planFor(const Inst &inst, bool alignedVgprTuples) {
  const ArchTables &arch = *inst.arch;
  const ArchPlans *plans = lastPlans.load(std::memory_order_acquire);
  if (!plans || plans->arch != &arch) [[unlikely]]
    plans = &lookUpPlans(arch);
  // (by address: a desc of no table, which a caller may build, is no index)
  auto at = reinterpret_cast<uintptr_t>(inst.desc),
       first = reinterpret_cast<uintptr_t>(arch.instrs.data());
  size_t entry = (at - first) / sizeof(InstrDesc);
  if (at < first || entry >= arch.instrs.size()) [[unlikely]] { // (not kept)
    static thread_local std::unique_ptr<unsigned char[]> own;
    std::lock_guard<std::mutex> lock(planMutex);
    return *buildPlan(arch, *inst.desc, alignedVgprTuples, [](size_t n) {
      own.reset(new unsigned char[n]);
      return static_cast<void *>(own.get());
    });
  }
  std::atomic<const PrintPlan *> &slot = plans->plans[alignedVgprTuples][entry];
  const PrintPlan *plan = slot.load(std::memory_order_acquire);
  if (!plan) [[unlikely]] {
    std::lock_guard<std::mutex> lock(planMutex);
    plan = slot.load(std::memory_order_relaxed);
    if (!plan) {
      plan = buildPlan(arch, *inst.desc, alignedVgprTuples, keptMemory);
      slot.store(plan, std::memory_order_release);
    }
  }
  return *plan;
}

} // namespace

void appendEncoding(std::string &out, size_t lineStart, const uint8_t *bytes, size_t n,
                    size_t maskFrom, size_t maskSize) {
  size_t width = out.size() - lineStart - 1;
  Writer w(out);
  w.append(width < kEncodingColumn ? kEncodingColumn - width : 1, ' ');
  w += "; encoding: [";
  for (size_t i = 0; i < n; ++i) {
    char *p = w.room(5);
    *p = ',';
    p += i != 0;
    if (i >= maskFrom && i < maskFrom + maskSize) {
      *p++ = 'A';
    } else {
      p[0] = '0';
      p[1] = 'x';
      p[2] = "0123456789abcdef"[bytes[i] >> 4];
      p[3] = "0123456789abcdef"[bytes[i] & 15];
      p += 4;
    }
    w.advance(p);
  }
  w += "]\n";
}

void *keptMemory(size_t n) {
  constexpr size_t kBlock = 65536;
  static std::mutex mu;
  static unsigned char *block = nullptr;
  static size_t used = kBlock;
  n = (n + 7) & ~size_t{7};
  if (n > kBlock) return ::operator new(n);
  std::lock_guard<std::mutex> lock(mu);
  if (used + n > kBlock) {
    block = static_cast<unsigned char *>(::operator new(kBlock));
    used = 0;
  }
  void *p = block + used;
  used += n;
  return p;
}

size_t planBytes(const ArchTables &arch, const InstrDesc &desc) {
  size_t pair = pairAt(arch, desc);
  std::string_view name = desc.name;
  size_t text = pair == std::string_view::npos ? name.size() : name.size() - 2;
  return PrintPlan::bytes(desc.numOperands, text);
}

const void *buildPlanAt(const ArchTables &arch, const InstrDesc &desc, bool alignedVgprTuples,
                        void *memory) {
  std::lock_guard<std::mutex> lock(planMutex);
  return buildPlan(arch, desc, alignedVgprTuples, [&](size_t) { return memory; });
}

void printInst(const Inst &inst, const Target &target, std::string &text) {
  Writer out(text);
  printInst(inst, target, out);
}

void printInst(const Inst &inst, const Target &target, Writer &out) {
  PrintContext pc{target.wave64(), registersOf(*inst.arch), target.cpuIndex(),
                  target.alignedVgprTuples(), target.dpAluDpp()};
  // (the decoder's copy of the entry's plan, kept with its steps, where it gave one)
  const auto *hinted = static_cast<const PrintPlan *>(inst.printPlan);
  const PrintPlan &plan =
      hinted && hinted->desc == inst.desc && hinted->alignedVgprTuples == pc.alignedVgprTuples
          ? *hinted
          : planFor(inst, pc.alignedVgprTuples);
  out += plan.mnemonic();
  const PrintOp *ops = plan.ops();
  bool firstPositional = true;
  // (unrolled: a call site per operand position, whose target its branch predictor guesses from
  // what that position held before, rather than one site for every operand)
#pragma GCC unroll 24
  for (unsigned i = 0; i < kMaxOperands; ++i) {
    if (i == plan.count) break;
    const PrintOp &op = ops[i];
    if (op.placement & PrintOp::Positional) {
      if (op.placement & PrintOp::PairStart) [[unlikely]] {
        out += " :: ";
        out += plan.second();
        firstPositional = true;
      }
      if (op.placement & PrintOp::Optional) {
        // An optional operand its family prints as nothing is left out (s_endpgm's 0).
        size_t mark = out.size();
        separate(firstPositional, out);
        size_t start = out.size();
        op.print(pc, inst, i, out);
        if (out.size() == start)
          out.resize(mark);
        else
          firstPositional = false;
        continue;
      }
      separate(firstPositional, out);
      firstPositional = false;
      // (a relocatable operand prints as its symbol: the printer)
      if (op.fast == PrintOp::None || static_cast<int>(i) == inst.labelOperand ||
          !printFastRegisters(op, inst, i, pc, out))
        op.print(pc, inst, i, out);
    } else if (op.fast != PrintOp::None) {
      if (!printFastModifier(op, inst.ops[i].value, out)) op.print(pc, inst, i, out);
    } else if (op.placement & PrintOp::Raw) {
      op.print(pc, inst, i, out);
    } else if (!(op.placement & PrintOp::Silent) || inst.ops[i].value != 0 ||
               inst.ops[i].mods != 0) {
      // Modifiers print nothing at their default value: the space goes again then.
      size_t mark = out.size();
      out += ' ';
      op.print(pc, inst, i, out);
      if (out.size() == mark + 1) out.resize(mark);
    }
  }
}

} // namespace gfxasm::print
