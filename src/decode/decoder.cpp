// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "decode/decoder.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "encode/encoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/printer.h"

namespace gfxasm::dec {

using namespace isa;

namespace {

using u128 = enc::Word;

// One format's way in: the bits every instruction of it has (its fixed bits), and the entries
// per opcode in table order.
struct FormatIndex {
  const FormatDesc *fmt;
  u128 mask = 0, value = 0;
  unsigned fixedBits = 0;
  u128 fieldBits = 0; // every bit some field of the format holds, but those it may ignore
  std::array<u128, static_cast<unsigned>(Field::Count)> fieldMasks{}; // each field's bits
  std::array<u128, 3> slotBits{}; // each source slot's neg/abs/sext bits (bit N for srcN)
  // Per opcode value, its first entry in `entries`; one more at the end. (flat: the index is
  // built once per run, and maps of vectors cost more to build than the decoding of thousands
  // of instructions)
  std::vector<uint32_t> first;
  std::vector<uint32_t> entries;
};

// The architecture's formats and entries, whatever the target.
struct ArchIndex {
  std::vector<FormatIndex> formats; // most specific first: more fixed bits, then larger
};

// The family decoders, by the family's order in isa/families.def.
using FamilyDecoder = bool (*)(DecodeContext &, const OperandDesc &, unsigned, Inst &);
constexpr FamilyDecoder kFamilyDecoders[] = {
#define FAMILY(fam) decode_##fam,
#include "isa/families.def"
#undef FAMILY
};

// How the decode loop decodes one operand of an entry. Field: the 8 bytes at `byte`, shifted and
// masked, into `value` of the OperandValue whose other members are `operand()`'s, invalid with a
// value bit of `check` (FieldOnly; Present with a width 0). Source: the same plus 256 if Add256,
// with the source slot's modifier bits, invalid with one of `modReject` too. OneOf and InSet:
// Field, then OperandPlan's check of the value. Register: Source's value and modifiers when the
// value is a VGPR (Vgprs) or an SGPR below `sgprBelow` aligned by `sgprAlign`, else Call. Call:
// the operand's family decoder. Nothing: no value. (tested in that order by conditional branches:
// a switch's indirect jump mispredicts on a varied instruction stream)
struct Step {
  enum Kind : uint8_t { Field, Source, OneOf, InSet, Register, Call, Nothing } kind;
  enum Flags : uint8_t {
    Add256 = 1,     // (Source) 256 added to the value (a VGPR-only field: its VGPR's encoding)
    Vgprs = 2,      // (Register) values from 256 are VGPRs
    ValuSource = 4, // (Register) a VALU source: finishValuConstants runs
  };
  uint8_t family; // (Call) index into kFamilyDecoders
  uint8_t byte, shift;
  uint8_t width;     // (the field's bits kept: at most 32; the mask is kWidthMasks[width])
  uint8_t slot;      // (Source) index into DecodeContext::slotMods (3: none)
  uint8_t modReject; // modifier bits that make the operand invalid
  uint8_t regCount;  // the OperandValue's regCount
  uint8_t sgprBelow; // (Register) SGPRs below this are registers ...
  uint8_t sgprAlign; // ... when aligned (a mask of low bits that must be 0)
  uint8_t flags;     // Flags
  // Field, Source: value bits that make the operand invalid; OneOf: the two values in its
  // halves; InSet: a bit per valid value
  uint32_t check;
  // The OperandValue's bytes but the value's and modifiers' (regCount, present).
  uint64_t operand() const {
    return uint64_t{regCount} << 8 * offsetof(OperandValue, regCount) |
           uint64_t{true} << 8 * offsetof(OperandValue, present);
  }
};
// (kept small: an instruction reads its entry's steps, and a listing of varied code reads
// thousands of entries' steps, which do not stay in the cache when they are large)
static_assert(sizeof(Step) == 16);

// A field's mask by its width (Step::width).
constexpr std::array<uint32_t, 33> kWidthMasks = [] {
  std::array<uint32_t, 33> m{};
  for (unsigned w = 0; w < 32; ++w) m[w] = (uint32_t{1} << w) - 1;
  m[32] = ~uint32_t{0};
  return m;
}();

// What the decode loop reads of an entry a target decodes, built when the entry is first tried
// (most never are), in one block from print::keptMemory with its operands' steps after it and the
// printer's plan for the entry (Inst::printPlan) after those: an instruction's decoding and
// printing read a few neighbouring cache lines.
struct EntryData {
  const InstrDesc *desc;
  const OperandDesc *ops;
  const ImageEntry *image; // (an image entry's, kept for the program's life)
  const void *printPlan;
  uint8_t count; // operands
  bool zeroOps;  // a decoder writes other operands than its own: all start zero
  const Step *steps() const { return reinterpret_cast<const Step *>(this + 1); }
  Step *steps() { return reinterpret_cast<Step *>(this + 1); }
};
static_assert(sizeof(EntryData) % alignof(Step) == 0);
// An entry a target decodes, as its format's opcode lists it (kept small: an opcode's candidates
// are read in turn, and a listing of varied code reads thousands of them).
struct Candidate {
  // The bits of its format's fields that none of its operands writes, which must be zero. They
  // tell entries of one opcode apart (offen, idxen, tfe, ...); fields may overlap (DS offset and
  // offset0/offset1), so this works on bits. Fields the format marks ignoredUnused (llvm's `?`
  // bits: FLAT's vdst in a store) may hold anything.
  u128 mustBeZero = 0;
  const EntryData *data = nullptr; // (null until built; read and written atomically)
};

// One format for one target: its candidates per opcode value, in the order they are tried.
struct TargetFormat {
  const FormatIndex *arch;
  const FormatDesc *fmt;
  size_t sizeBytes;
  u128 mask, value;
  FieldLayout op;
  bool sourceMods;             // has neg, abs or sext fields
  std::vector<uint32_t> first; // per opcode value, its first candidate; one more at the end
  std::vector<Candidate> candidates;
  std::vector<const InstrDesc *> descs; // per candidate (for buildSteps)
};

struct TargetKey {
  const ArchTables *arch;
  unsigned cpu;
  bool wave64, realTrue16;
  auto operator<=>(const TargetKey &) const = default;
  bool operator==(const TargetKey &) const = default;
};

} // namespace

// What one target (architecture, processor, wave size, true16 mode) decodes: built once, so that
// a decode filters no entries and looks up no maps.
struct TargetIndex {
  TargetKey key;
  const ArchTables *arch;
  bool alignedVgprTuples;            // (the printer's plans are the target's processor's)
  std::vector<TargetFormat> formats; // in ArchIndex::formats order
  // The formats whose fixed bits allow each value of the first dword's top byte: a decode looks
  // at a few formats, not all. Each with its fixed bits in the first 8 bytes (those further on
  // checked by its TargetFormat; `wide`) and its size, kept together for the search.
  struct Probe {
    uint64_t mask, value;
    uint32_t sizeBytes;
    bool wide;
    const TargetFormat *format;
  };
  std::array<std::vector<Probe>, 256> byTopByte;
};

namespace {

// The bit of per-source field `f` (neg, abs, sext) for source `slot`, where the encoder puts it.
u128 sourceSlotBits(const FormatDesc &fmt, Field f, unsigned slot) {
  if (!fmt.has(f)) return 0;
  uint8_t probe[enc::kMaxInstBytes + 16] = {};
  enc::setField(fmt, f, uint64_t{1} << slot, probe);
  return enc::loadWord(probe);
}

ArchIndex buildArchIndex(const ArchTables &arch) {
  ArchIndex index;
  // Per format, each field's bits and each source slot's modifier bits (neg/abs/sext bit N for
  // srcN), found once.
  constexpr unsigned kFields = static_cast<unsigned>(Field::Count);
  size_t numFormats = arch.formats.size();
  std::vector<FormatIndex> formats(numFormats);
  for (size_t f = 0; f < numFormats; ++f) {
    const FormatDesc &fmt = arch.formats[f];
    FormatIndex &fi = formats[f];
    fi.fmt = &fmt;
    for (unsigned k = 0; k < kFields; ++k) {
      fi.fieldMasks[k] = enc::fieldMask(fmt, static_cast<Field>(k));
      if (!fmt.fields[k].ignoredUnused) fi.fieldBits |= fi.fieldMasks[k];
      for (unsigned r = 0; r < fmt.fields[k].count; ++r) // (what fieldValue reads at once)
        if ((fmt.fields[k].ranges[r].lo & 7) + fmt.fields[k].ranges[r].width > 64)
          throw std::logic_error("field range too wide for the decoder");
    }
    for (unsigned slot = 0; slot < 3; ++slot)
      for (Field m : {Field::neg, Field::abs, Field::sext})
        fi.slotBits[slot] |= sourceSlotBits(fmt, m, slot);
    for (unsigned k = 0; k < fmt.numFixed; ++k) {
      const FixedBits &b = fmt.fixed[k];
      if (b.decodeIgnored) continue;
      u128 m = ((u128{1} << b.range.width) - 1) << b.range.lo;
      fi.mask |= m;
      fi.value |= (static_cast<u128>(b.value) << b.range.lo) & m;
      fi.fixedBits += b.range.width;
    }
    fi.first.assign((size_t{1} << fmt.layout(Field::op).width()) + 1, 0);
  }
  // Entries by (format, opcode): counted, then placed. A true16 or fake16 form before an entry
  // both modes accept (VINTERP's 32-bit register form): llvm prints the mode's own form.
  // (an assembler-only entry's bits are another entry's: never decoded)
  auto hasOpcode = [&](const InstrDesc &d) {
    return d.opcode + 1 < formats[d.format].first.size() && !(d.flags & IF_AsmOnly);
  };
  for (const InstrDesc &d : arch.instrs)
    if (hasOpcode(d)) ++formats[d.format].first[d.opcode + 1];
  std::vector<std::vector<uint32_t>> cursor(numFormats);
  for (size_t f = 0; f < numFormats; ++f) {
    auto &first = formats[f].first;
    for (size_t op = 1; op < first.size(); ++op) first[op] += first[op - 1];
    formats[f].entries.resize(first.back());
    cursor[f].assign(first.begin(), first.end() - 1);
  }
  for (bool modeForms : {true, false})
    for (uint32_t e = 0; e < arch.instrs.size(); ++e) {
      const InstrDesc &d = arch.instrs[e];
      if (hasOpcode(d) && ((d.flags & (IF_True16 | IF_Fake16)) != 0) == modeForms)
        formats[d.format].entries[cursor[d.format][d.opcode]++] = e;
    }
  index.formats = std::move(formats);
  std::stable_sort(index.formats.begin(), index.formats.end(),
                   [](const FormatIndex &a, const FormatIndex &b) {
                     if (a.fixedBits != b.fixedBits) return a.fixedBits > b.fixedBits;
                     return a.fmt->sizeBytes > b.fmt->sizeBytes;
                   });
  return index;
}

// The disassembler decodes the forms the target prints: true16 forms under real-true16, fake16
// forms otherwise, and the wave size's forms. Under real-true16, llvm decodes an opcode's fake16
// forms when none of its true16 forms takes the bits (its second decoder table): fake16Pass.
bool decodable(const Target &t, const InstrDesc &d, bool fake16Pass) {
  if (!(d.cpuMask & (1u << t.cpuIndex()))) return false;
  if (fake16Pass) return (d.flags & IF_Fake16) && availableInMode(d, false, t.wave64());
  return availableInMode(d, t.realTrue16(), t.wave64(), /*printed=*/true);
}

// The decode loop's step for operand `d` of an entry of format `fmt`.
Step stepFor(const Inst &entry, const FormatDesc &fmt, const OperandDesc &d) {
  enum Family : uint8_t {
#define FAMILY(fam) fam,
#include "isa/families.def"
#undef FAMILY
  };
  OperandPlan plan;
  Family family{};
  switch (d.cls) {
#define CLASS(n, positional, fam)                                                                  \
  case OpClass::n:                                                                                 \
    plan = plan_##fam(entry, d);                                                                   \
    family = fam;                                                                                  \
    break;
#include "isa/classes.def"
#undef CLASS
  case OpClass::Count: break;
  }
  Step step{};
  step.kind = Step::Call;
  step.family = family;
  step.slot = 3;
  // (an OperandValue's bytes, little-endian as the instruction's)
  static_assert(sizeof(OperandValue) == sizeof(uint64_t) && offsetof(OperandValue, value) == 0);
  step.regCount = plan.regCount;
  const FieldLayout &l = fmt.layout(d.field);
  switch (plan.kind) {
  case OperandPlan::Call: return step;
  case OperandPlan::Nothing: step.kind = Step::Nothing; return step;
  case OperandPlan::Present: step.kind = Step::Field; return step; // (a width 0: value 0)
  case OperandPlan::FieldOnly:
  case OperandPlan::OneOf:
  case OperandPlan::InSet:
  case OperandPlan::Source:
  case OperandPlan::Register: break;
  }
  if (l.count > 1) return step; // (split fields: decodeField, called)
  if (plan.kind == OperandPlan::InSet && l.ranges[0].width > 5) return step;
  step.kind = Step::Field;
  switch (plan.kind) {
  case OperandPlan::OneOf:
  case OperandPlan::InSet:
    step.kind = plan.kind == OperandPlan::OneOf ? Step::OneOf : Step::InSet;
    step.check = plan.reject;
    break;
  case OperandPlan::Source:
    step.kind = Step::Source;
    step.check = plan.reject;
    step.modReject = plan.modReject;
    if (plan.add != 0 && plan.add != src::kVgpr0)
      throw std::logic_error("a source step adds 0 or 256");
    if (plan.add) step.flags |= Step::Add256;
    if (isSourceField(d.field)) step.slot = static_cast<uint8_t>(enc::sourceSlot(d.field));
    break;
  case OperandPlan::Register: {
    step.kind = Step::Register;
    step.modReject = plan.modReject;
    if (plan.slotMods && isSourceField(d.field))
      step.slot = static_cast<uint8_t>(enc::sourceSlot(d.field));
    if (plan.vgprs) step.flags |= Step::Vgprs;
    // (classifyScalarEncoding's SGPR tuples: aligned to 2 or 4 registers, within s0-s105)
    unsigned n = plan.sgprDwords;
    if (n != 0 && n <= src::kNumSgprs) {
      step.sgprBelow =
          static_cast<uint8_t>(std::min(registersOf(*entry.arch).numSgprs, src::kNumSgprs - n + 1));
      step.sgprAlign = n == 1 ? 0 : n == 2 ? 1 : 3;
    }
    if (plan.valuSource) step.flags |= Step::ValuSource;
    break;
  }
  default: step.check = plan.reject; break;
  }
  // (a format without the field: a range 0 bits wide, read as 0)
  step.byte = static_cast<uint8_t>(l.ranges[0].lo >> 3);
  step.shift = static_cast<uint8_t>(l.ranges[0].lo & 7);
  // (decodeField keeps the low 32 bits)
  step.width = static_cast<uint8_t>(std::min<unsigned>(l.ranges[0].width, 32));
  return step;
}

// A candidate's steps, built the first time it is tried: a run decodes a few hundred of the
// target's thousands of entries.
[[gnu::noinline]] const EntryData *buildSteps(const TargetIndex &index, const TargetFormat &tf,
                                              uint32_t c) {
  static std::mutex mu;
  std::lock_guard<std::mutex> lock(mu);
  auto &cand = const_cast<Candidate &>(tf.candidates[c]);
  std::atomic_ref<const EntryData *> published(cand.data);
  if (const EntryData *data = published.load(std::memory_order_relaxed)) return data;
  const InstrDesc &desc = *tf.descs[c];
  auto ops = index.arch->operandsOf(desc);
  size_t n = ops.size();
  auto *data = new (
      print::keptMemory(sizeof(EntryData) + n * sizeof(Step) + print::planBytes(*index.arch, desc)))
      EntryData{&desc, ops.data(), nullptr, nullptr, static_cast<uint8_t>(n), false};
  Inst entry;
  entry.arch = index.arch;
  entry.desc = &desc;
  const FormatIndex &fi = *tf.arch;
  u128 claimed = fi.fieldMasks[static_cast<unsigned>(Field::op)];
  for (const OperandDesc &o : ops) {
    claimed |= fi.fieldMasks[static_cast<unsigned>(o.field)];
    // A source's modifier bits; those of a source the instruction lacks must be zero.
    if (isSourceField(o.field)) claimed |= fi.slotBits[enc::sourceSlot(o.field)];
  }
  cand.mustBeZero = fi.fieldBits & ~claimed;
  if (std::any_of(ops.begin(), ops.end(), [](const OperandDesc &o) { return isImageClass(o.cls); }))
    data->image = new ImageEntry(imageEntryOf(entry, *tf.fmt));
  Step *steps = data->steps();
  for (size_t i = 0; i < n; ++i) {
    Step &s = steps[i];
    s = stepFor(entry, *tf.fmt, ops[i]);
    data->zeroOps |= s.kind == Step::Nothing;
  }
  data->printPlan = print::buildPlanAt(*index.arch, desc, index.alignedVgprTuples, steps + n);
  published.store(data, std::memory_order_release);
  return data;
}

TargetIndex buildTargetIndex(const ArchTables &arch, const ArchIndex &archIndex,
                             const Target &target) {
  TargetIndex index;
  index.key = {&arch, target.cpuIndex(), target.wave64(), target.realTrue16()};
  index.arch = &arch;
  index.alignedVgprTuples = target.alignedVgprTuples();
  index.formats.reserve(archIndex.formats.size());
  int passes = target.realTrue16() ? 2 : 1;
  for (const FormatIndex &fi : archIndex.formats) {
    TargetFormat &tf = index.formats.emplace_back();
    tf.arch = &fi;
    tf.fmt = fi.fmt;
    tf.sizeBytes = fi.fmt->sizeBytes;
    tf.mask = fi.mask;
    tf.value = fi.value;
    tf.op = fi.fmt->layout(Field::op);
    tf.sourceMods = fi.fmt->has(Field::neg) || fi.fmt->has(Field::abs) || fi.fmt->has(Field::sext);
    size_t opcodes = fi.first.size() - 1;
    tf.first.resize(opcodes + 1);
    tf.candidates.reserve(fi.entries.size() * passes);
    tf.descs.reserve(fi.entries.size() * passes);
    for (size_t op = 0; op < opcodes; ++op) {
      tf.first[op] = static_cast<uint32_t>(tf.candidates.size());
      // With real-true16, llvm decodes the fake16 forms when no true16 one takes the bits.
      for (int fake16Pass = 0; fake16Pass < passes; ++fake16Pass)
        for (uint32_t k = fi.first[op]; k < fi.first[op + 1]; ++k) {
          uint32_t e = fi.entries[k];
          const InstrDesc &desc = arch.instrs[e];
          if (!decodable(target, desc, fake16Pass)) continue;
          tf.candidates.emplace_back();
          tf.descs.push_back(&desc);
        }
    }
    tf.first[opcodes] = static_cast<uint32_t>(tf.candidates.size());
  }
  for (unsigned top = 0; top < 256; ++top)
    for (const TargetFormat &tf : index.formats) {
      unsigned mask = static_cast<unsigned>(tf.mask >> 24) & 0xff;
      if ((top & mask) == (static_cast<unsigned>(tf.value >> 24) & mask))
        index.byTopByte[top].push_back(
            {static_cast<uint64_t>(tf.mask), static_cast<uint64_t>(tf.value),
             static_cast<uint32_t>(tf.sizeBytes), (tf.mask >> 64) != 0, &tf});
    }
  return index;
}

// The last target's index, read without the lock (decode runs per instruction; indexes live
// as long as the program).
std::atomic<const TargetIndex *> lastIndex{nullptr};

[[gnu::noinline]] const TargetIndex &lookUpIndex(const TargetKey &key, const Target &target) {
  const ArchTables &arch = *key.arch;
  static std::mutex mu;
  // (never destroyed: freeing the indexes at exit costs more than many decodes)
  static auto &archCache = *new std::map<const ArchTables *, std::unique_ptr<ArchIndex>>;
  static auto &cache = *new std::map<TargetKey, std::unique_ptr<TargetIndex>>;
  std::lock_guard<std::mutex> lock(mu);
  auto &slot = cache[key];
  if (!slot) {
    auto &archSlot = archCache[&arch];
    if (!archSlot) archSlot = std::make_unique<ArchIndex>(buildArchIndex(arch));
    slot = std::make_unique<TargetIndex>(buildTargetIndex(arch, *archSlot, target));
  }
  lastIndex.store(slot.get(), std::memory_order_release);
  return *slot;
}

const TargetIndex &indexFor(const Target &target) {
  TargetKey key{static_cast<const ArchTables *>(target.arch()), target.cpuIndex(), target.wave64(),
                target.realTrue16()};
  const TargetIndex *last = lastIndex.load(std::memory_order_acquire);
  if (last && last->key == key) [[likely]]
    return *last;
  return lookUpIndex(key, target);
}

// Inst{} but the operands' array, which the decode loop writes (constant sizes: a few moves).
void resetInst(Inst &inst) {
  static_assert(std::is_trivially_copyable_v<Inst> && std::is_standard_layout_v<Inst>);
  static const Inst kEmpty{};
  constexpr size_t opsAt = offsetof(Inst, ops), opsEnd = opsAt + sizeof(Inst::ops);
  auto *to = reinterpret_cast<unsigned char *>(&inst);
  const auto *from = reinterpret_cast<const unsigned char *>(&kEmpty);
  std::memcpy(to, from, opsAt);
  std::memcpy(to + opsEnd, from + opsEnd, sizeof(Inst) - opsEnd);
}

// The neg/abs/sext bits of each source slot (slotMods), once per format.
void readSourceMods(DecodeContext &ctx) {
  uint64_t neg = ctx.field(Field::neg), abs = ctx.field(Field::abs),
           sext = ctx.field(Field::sext); // (0 where the format lacks the field)
  for (unsigned slot = 0; slot < 3; ++slot)
    ctx.slotMods[slot] = static_cast<uint8_t>(
        (neg >> slot & 1) * Mod_Neg | (abs >> slot & 1) * Mod_Abs | (sext >> slot & 1) * Mod_Sext);
}

} // namespace

uint64_t splitFieldValue(const uint8_t *bytes, const FieldLayout &l) {
  uint64_t v = 0;
  unsigned shift = 0;
  for (unsigned i = 0; i < l.count; ++i) {
    v |= rangeValue(bytes, l.ranges[i]) << shift;
    shift += l.ranges[i].width;
  }
  return v;
}

bool DecodeContext::readLiteral(uint32_t &out) {
  if (size == fmt.sizeBytes) {
    if (size + 4 > avail) return false;
    size += 4;
  }
  std::memcpy(&out, bytes + fmt.sizeBytes, 4);
  return true;
}

bool DecodeContext::takeLiteral(Inst &inst) {
  if (inst.hasLiteral) return true;
  if (!readLiteral(inst.literal)) return false;
  inst.hasLiteral = true;
  return true;
}

bool decodeLiteralOperand(DecodeContext &ctx, unsigned idx, Inst &inst) {
  if (!ctx.takeLiteral(inst)) return false;
  inst.ops[idx].value = inst.literal; // the constant itself, as the assembler keeps it
  inst.ops[idx].present = true;
  return true;
}

bool validSourceEncoding(unsigned enc) {
  return enc <= src::kIntNegMin || enc == src::kFlatScratchBaseLo ||
         enc == src::kFlatScratchBaseHi || (enc >= src::kSharedBase && enc <= src::kInvPi) ||
         enc >= src::kVccz;
}

ScalarEncoding classifyScalarEncoding(const RegisterSet &rs, unsigned &enc, unsigned dwords) {
  // A tuple: aligned down, and within its register file (llvm's register classes).
  auto tuple = [&](unsigned first, unsigned count) {
    unsigned idx = enc - first;
    if (dwords == 2) idx &= ~1u;
    if (dwords > 2) idx &= ~3u;
    if (idx + dwords > count) return ScalarEncoding::Invalid;
    enc = first + idx;
    return ScalarEncoding::Register;
  };
  // (a tuple may end past the architecture's SGPRs: llvm decodes s[100:103] on gfx9)
  if (enc < rs.numSgprs) return tuple(0, src::kNumSgprs);
  if (enc >= src::kTtmp0 && enc < src::kTtmp0 + src::kNumTtmps)
    return tuple(src::kTtmp0, src::kNumTtmps);
  if ((enc >= src::kIntZero && enc <= src::kIntNegMin) ||
      (enc >= src::kFloatFirst && enc <= src::kInvPi))
    return ScalarEncoding::Constant;
  if (enc == src::kLiteral) return ScalarEncoding::Literal;
  if (enc == rs.null) return ScalarEncoding::Register;
  // The named registers, in the widths llvm decodes them (the even halves of pairs as 64 bits).
  uint8_t widths = enc < rs.names.size() ? rs.names[enc].decodes : 0;
  bool ok = widths & (dwords == 1 ? 1 : dwords == 2 ? 2 : 4);
  return ok ? ScalarEncoding::Register : ScalarEncoding::Invalid;
}

bool decodeRegisterOnly(DecodeContext &ctx, OperandValue &v, unsigned dwords) {
  switch (classifyScalarEncoding(ctx.regs, v.value, dwords)) {
  case ScalarEncoding::Register: return true;
  case ScalarEncoding::Constant:
    v.value = inlineConstantValue(v.value);
    v.mods |= Mod_InvalidImm;
    return true;
  case ScalarEncoding::Literal:
    if (!ctx.readLiteral(v.value)) return false;
    v.mods |= Mod_InvalidImm;
    return true;
  case ScalarEncoding::Invalid: break;
  }
  return false;
}

uint32_t inlineConstantValue(unsigned enc) {
  if (enc <= src::kIntMax) return enc - src::kIntZero;
  if (enc <= src::kIntNegMin)
    return static_cast<uint32_t>(static_cast<int>(src::kIntMax) - static_cast<int>(enc));
  return kF32Bits[enc - src::kFloatFirst];
}

bool decodeNonVgprSource(DecodeContext &ctx, const OperandDesc &d, OperandValue &v, Inst &inst) {
  if ((inst.desc->flags & IF_DppSrc1Raw) && d.field == Field::src1 &&
      ((v.value >= src::kIntZero && v.value <= src::kIntNegMin) ||
       (v.value >= src::kFloatFirst && v.value <= src::kInvPi) || v.value == src::kLiteral)) {
    // (a literal of the encoding's value, with no dword read: a DPP form encodes none)
    inst.literal = v.value;
    inst.hasLiteral = true;
    v.value = src::kLiteral;
    return true;
  }
  return validSourceEncoding(v.value) && (v.value != src::kLiteral || ctx.takeLiteral(inst));
}

namespace {

// The field a step reads.
inline uint32_t stepValue(const uint8_t *bytes, const Step &s) {
  uint64_t chunk;
  std::memcpy(&chunk, bytes + s.byte, sizeof chunk);
  return static_cast<uint32_t>(chunk >> s.shift) & kWidthMasks[s.width];
}

size_t decodeWith(const TargetIndex &index, const Target &target, const uint8_t *bytes,
                  size_t avail, Inst &inst) {
  u128 word = enc::loadWord(bytes);
  const auto low = static_cast<uint64_t>(word);
  for (const TargetIndex::Probe &probe : index.byTopByte[bytes[3]]) {
    if (probe.sizeBytes > avail || (low & probe.mask) != probe.value) continue;
    const TargetFormat &tf = *probe.format;
    if (probe.wide && (word & tf.mask) != tf.value) [[unlikely]]
      continue;
    uint64_t opcode = fieldValue(bytes, tf.op);
    uint32_t c = tf.first[opcode], end = tf.first[opcode + 1];
    if (c == end) continue;
    DecodeContext ctx(target, *tf.fmt, bytes, avail);
    if (tf.sourceMods) readSourceMods(ctx);
    for (; c < end; ++c) {
      const Candidate &cand = tf.candidates[c];
      const EntryData *data =
          std::atomic_ref<const EntryData *>(const_cast<const EntryData *&>(cand.data))
              .load(std::memory_order_acquire);
      if (!data) [[unlikely]]
        data = buildSteps(index, tf, c);
      // (bits no operand holds: a cheap reject before the operands; either rejects alike)
      if ((word & cand.mustBeZero) != 0) continue;
      resetInst(inst);
      const unsigned n = data->count;
      if (data->zeroOps) std::fill_n(inst.ops.begin(), n, OperandValue{});
      inst.arch = index.arch;
      inst.desc = data->desc;
      inst.decoded = true;
      ctx.size = tf.sizeBytes;
      ctx.valuSources = ctx.imageKnown = false;
      ctx.imageEntry = data->image;
      inst.printPlan = data->printPlan;
      const Step *steps = data->steps();
      // (unrolled: each operand position's branches and family call are predicted from what
      // that position held before)
#pragma GCC unroll 24
      for (unsigned i = 0; i < kMaxOperands; ++i) {
        if (i == n) break;
        const Step &s = steps[i];
        if (s.kind == Step::Field) [[likely]] {
          uint32_t value = stepValue(bytes, s);
          inst.ops[i] = std::bit_cast<OperandValue>(s.operand() | value);
          if (value & s.check) goto rejected;
        } else if (s.kind == Step::Source) {
          uint32_t value = stepValue(bytes, s);
          uint8_t mods = ctx.slotMods[s.slot];
          inst.ops[i] =
              std::bit_cast<OperandValue>(s.operand() | (value + (s.flags & Step::Add256) * 256) |
                                          uint64_t{mods} << 8 * offsetof(OperandValue, mods));
          if ((value & s.check) | (mods & s.modReject)) goto rejected;
        } else if (s.kind <= Step::InSet) {
          uint32_t value = stepValue(bytes, s);
          inst.ops[i] = std::bit_cast<OperandValue>(s.operand() | value);
          if (s.kind == Step::OneOf ? value != (s.check & 0xffff) && value != s.check >> 16
                                    : !(s.check >> value & 1))
            goto rejected;
        } else if (s.kind == Step::Register) {
          uint32_t value = stepValue(bytes, s);
          uint8_t mods = ctx.slotMods[s.slot];
          if ((value >= src::kVgpr0 && (s.flags & Step::Vgprs)) ||
              (value < s.sgprBelow && !(value & s.sgprAlign))) {
            inst.ops[i] = std::bit_cast<OperandValue>(
                s.operand() | value | uint64_t{mods} << 8 * offsetof(OperandValue, mods));
            if (mods & s.modReject) goto rejected;
            ctx.valuSources |= (s.flags & Step::ValuSource) != 0;
          } else {
            inst.ops[i] = {};
            if (!kFamilyDecoders[s.family](ctx, data->ops[i], i, inst)) goto rejected;
          }
        } else if (s.kind == Step::Call) {
          inst.ops[i] = {};
          if (!kFamilyDecoders[s.family](ctx, data->ops[i], i, inst)) goto rejected;
        }
      }
      if (ctx.valuSources) finishValuConstants(inst);
      return ctx.size;
    rejected:;
    }
  }
  return 0;
}

[[gnu::noinline]] size_t decodeLookingUp(const Target &target, const uint8_t *bytes, size_t avail,
                                         Inst &inst) {
  return decodeWith(indexFor(target), target, bytes, avail, inst);
}

} // namespace

size_t decode(const Target &target, const uint8_t *bytes, size_t avail, Inst &inst) {
  // (indexFor, with no key built unless the last index is another target's)
  const TargetIndex *last = lastIndex.load(std::memory_order_acquire);
  if (last && last->key.arch == target.arch() && last->key.cpu == target.cpuIndex() &&
      last->key.wave64 == target.wave64() && last->key.realTrue16 == target.realTrue16()) [[likely]]
    return decodeWith(*last, target, bytes, avail, inst);
  return decodeLookingUp(target, bytes, avail, inst);
}

Decoder::Decoder(const Target &target) : target_(target), index_(indexFor(target)) {}

size_t Decoder::decode(const uint8_t *bytes, size_t avail, Inst &inst) const {
  return decodeWith(index_, target_, bytes, avail, inst);
}

} // namespace gfxasm::dec
