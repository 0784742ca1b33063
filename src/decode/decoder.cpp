#include "decode/decoder.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "encode/encoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/registers.h"

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
  std::unordered_map<uint32_t, std::vector<uint32_t>> byOpcode;
};

struct DecodeIndex {
  std::vector<FormatIndex> formats; // most specific first: more fixed bits, then larger
};

DecodeIndex buildIndex(const ArchTables &arch) {
  DecodeIndex index;
  for (const FormatDesc &f : arch.formats) {
    FormatIndex fi;
    fi.fmt = &f;
    for (unsigned k = 0; k < f.numFixed; ++k) {
      const FixedBits &b = f.fixed[k];
      u128 m = ((u128{1} << b.range.width) - 1) << b.range.lo;
      fi.mask |= m;
      fi.value |= (static_cast<u128>(b.value) << b.range.lo) & m;
      fi.fixedBits += b.range.width;
    }
    index.formats.push_back(std::move(fi));
  }
  for (uint32_t e = 0; e < arch.instrs.size(); ++e) {
    const InstrDesc &d = arch.instrs[e];
    index.formats[d.format].byOpcode[d.opcode].push_back(e);
  }
  std::stable_sort(index.formats.begin(), index.formats.end(),
                   [](const FormatIndex &a, const FormatIndex &b) {
                     if (a.fixedBits != b.fixedBits) return a.fixedBits > b.fixedBits;
                     return a.fmt->sizeBytes > b.fmt->sizeBytes;
                   });
  return index;
}

const DecodeIndex &indexFor(const ArchTables &arch) {
  static std::mutex mu;
  static std::map<const ArchTables *, std::unique_ptr<DecodeIndex>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto &slot = cache[&arch];
  if (!slot) slot = std::make_unique<DecodeIndex>(buildIndex(arch));
  return *slot;
}

// The disassembler decodes the forms the target prints: true16 forms under real-true16, fake16
// forms otherwise, and the wave size's forms.
bool decodable(const Target &t, const InstrDesc &d) {
  if (!(d.cpuMask & (1u << t.cpuIndex()))) return false;
  if ((d.flags & IF_True16) && !t.realTrue16()) return false;
  if ((d.flags & IF_Fake16) && t.realTrue16()) return false;
  if ((d.flags & IF_Wave32) && t.wave64()) return false;
  if ((d.flags & IF_Wave64) && !t.wave64()) return false;
  return true;
}

bool decodeOperand(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  switch (d.cls) {
#define CLASS(n, positional, fam)                                                                  \
  case OpClass::n:                                                                                 \
    return decode_##fam(ctx, d, idx, inst);
#include "isa/classes.def"
#undef CLASS
  case OpClass::Count: break;
  }
  return false;
}

bool isSourceField(Field f) {
  return f == Field::src0 || f == Field::src1 || f == Field::src2 || f == Field::vsrc1 ||
         f == Field::vsrc2;
}

// Bits of the format's fields that no operand of the entry writes must be zero: they tell
// entries of one opcode apart (offen, idxen, tfe, ...). Fields may overlap (DS offset and
// offset0/offset1), so this works on bits.
bool unclaimedBitsZero(const DecodeContext &ctx, const Inst &inst, u128 word) {
  u128 formatBits = 0, claimed = enc::fieldMask(ctx.fmt, Field::op);
  bool sources = false;
  for (const OperandDesc &d : inst.arch->operandsOf(*inst.desc)) {
    claimed |= enc::fieldMask(ctx.fmt, d.field);
    sources |= isSourceField(d.field);
  }
  if (sources)
    claimed |= enc::fieldMask(ctx.fmt, Field::neg) | enc::fieldMask(ctx.fmt, Field::abs) |
               enc::fieldMask(ctx.fmt, Field::sext);
  for (unsigned f = 0; f < static_cast<unsigned>(Field::Count); ++f)
    formatBits |= enc::fieldMask(ctx.fmt, static_cast<Field>(f));
  return (word & formatBits & ~claimed) == 0;
}

} // namespace

uint64_t DecodeContext::field(Field f) const {
  return enc::getField(fmt, f, bytes);
}

bool DecodeContext::takeLiteral(Inst &inst) {
  if (inst.hasLiteral) return true;
  if (size + 4 > avail) return false;
  std::memcpy(&inst.literal, bytes + size, 4);
  inst.hasLiteral = true;
  size += 4;
  return true;
}

void decodeField(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  v.value = static_cast<uint32_t>(ctx.field(d.field));
  v.present = true;
}

bool decodeLiteralOperand(DecodeContext &ctx, unsigned idx, Inst &inst) {
  if (!ctx.takeLiteral(inst)) return false;
  inst.ops[idx].value = src::kLiteral;
  inst.ops[idx].present = true;
  return true;
}

bool validSourceEncoding(unsigned enc) {
  return enc <= src::kIntNegMin || (enc >= src::kSharedBase && enc <= src::kInvPi) ||
         enc >= src::kVccz;
}

bool decodeSource(DecodeContext &ctx, const OperandDesc &d, unsigned idx, Inst &inst,
                  bool literalAllowed) {
  decodeField(ctx, d, idx, inst);
  OperandValue &v = inst.ops[idx];
  if (isSourceField(d.field)) {
    unsigned slot = enc::sourceSlot(d.field);
    auto bit = [&](Field f) { return ctx.fmt.has(f) && (ctx.field(f) >> slot & 1); };
    if (bit(Field::neg)) v.mods |= Mod_Neg;
    if (bit(Field::abs)) v.mods |= Mod_Abs;
    if (bit(Field::sext)) v.mods |= Mod_Sext;
  }
  if (!literalAllowed) return true;
  return validSourceEncoding(v.value) && (v.value != src::kLiteral || ctx.takeLiteral(inst));
}

size_t decode(const Target &target, const uint8_t *bytes, size_t avail, Inst &inst) {
  const ArchTables &arch = *static_cast<const ArchTables *>(target.arch());
  const DecodeIndex &index = indexFor(arch);
  u128 word = enc::loadWord(bytes);
  for (const FormatIndex &fi : index.formats) {
    if (fi.fmt->sizeBytes > avail || (word & fi.mask) != fi.value) continue;
    uint32_t opcode = static_cast<uint32_t>(enc::getField(*fi.fmt, Field::op, bytes));
    auto it = fi.byOpcode.find(opcode);
    if (it == fi.byOpcode.end()) continue;
    for (uint32_t e : it->second) {
      const InstrDesc &desc = arch.instrs[e];
      if (!decodable(target, desc)) continue;
      inst = Inst{};
      inst.arch = &arch;
      inst.desc = &desc;
      DecodeContext ctx{target, *fi.fmt, bytes, avail, fi.fmt->sizeBytes};
      auto ops = arch.operandsOf(desc);
      bool ok = true;
      for (unsigned i = 0; ok && i < ops.size(); ++i) ok = decodeOperand(ctx, ops[i], i, inst);
      if (ok && unclaimedBitsZero(ctx, inst, word)) return ctx.size;
    }
  }
  return 0;
}

} // namespace gfxasm::dec
