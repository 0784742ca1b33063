// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The generic hazard search over the rules of hazard_rules.h; the special cases that are not a
// table row live here: the MFMA pass-count formulas and the soft-clause break with xnack.
#include "analysis/hazards.h"

#include <algorithm>
#include <regex>

#include <fmt/format.h>

#include "analysis/hazard_rules.h"
#include "analysis/mca_latency.h"
#include "analysis/timing_rules.h"
#include "isa/operand_names.h"

namespace gfxasm::analysis {

using namespace isa;

namespace {

constexpr RegUnit kM0Gfx9 = 124;
constexpr unsigned kMaxWaitStates = 20; // the largest row (19) + 1

bool named(const Instruction &ins, std::string_view prefix) {
  return ins.name().starts_with(prefix);
}
bool isValu(const Instruction &ins) {
  return ins.category == Category::VALU || ins.category == Category::TRANS;
}
bool isVmem(const Instruction &ins) {
  return ins.category == Category::VMEM || ins.category == Category::FLAT;
}
bool isMemOrExp(const Instruction &ins) {
  return isVmem(ins) || ins.category == Category::DS || ins.category == Category::EXP;
}
bool isVectorMem(const Instruction &ins) {
  return isVmem(ins) || ins.category == Category::DS;
}
bool overlapsVcc(RegRange r) {
  return r.overlaps({kVccLo, 2});
}

// An SGPR access as llvm's gfx11 SGPR hazards count them: an SGPR or VCC named in the text, or
// VCC read or written implicitly; EXEC, M0, null and SCC do not count.
bool isHazardSgpr(const RegAccess &a) {
  if (a.regs.first >= kVgprBase || a.regs.first == kScc) return false;
  if (a.regs.first >= kM0Gfx11 - 1 && a.regs.first <= kExecLo + 1) return false; // null, m0, exec
  return !a.implicit || overlapsVcc(a.regs);
}
bool readsHazardSgpr(const Instruction &ins) {
  return std::any_of(ins.regs.begin(), ins.regs.end(),
                     [](const RegAccess &a) { return !a.def && isHazardSgpr(a); });
}
// The SGPRs written (llvm: the first SGPR def), if any.
std::optional<RegRange> sgprDef(const Instruction &ins) {
  for (const RegAccess &a : ins.regs)
    if (a.def && isHazardSgpr(a)) return a.regs;
  return std::nullopt;
}

Field fieldOf(const Instruction &ins, const RegAccess &a) {
  if (a.operand < 0) return Field::Count;
  return ins.inst.arch->operandsOf(*ins.inst.desc)[static_cast<size_t>(a.operand)].field;
}

// Does any access of `ins` (def or read, optionally of one field) overlap units [lo, hi)
// of any access of `other` selected the same way?
template <class Pred> bool anyAccess(const Instruction &ins, Pred &&pred) {
  return std::any_of(ins.regs.begin(), ins.regs.end(), pred);
}

std::optional<uint32_t> fieldOperand(const Instruction &ins, Field field) {
  auto ops = ins.inst.arch->operandsOf(*ins.inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == field && ins.inst.ops[i].present) return ins.inst.ops[i].value;
  return std::nullopt;
}
std::optional<uint32_t> simm16(const Instruction &ins) {
  return fieldOperand(ins, Field::simm16);
}

// The lane mask a VALU reads (llvm's VALUMaskWriteHazard list): VOP3 forms name it as src2,
// VOP2 and DPP forms and v_div_fmas read VCC.
std::optional<RegRange> maskRead(const Instruction &ins) {
  std::string_view n = ins.name();
  bool divFmas = n.starts_with("v_div_fmas");
  if (!divFmas && !n.starts_with("v_cndmask_b") && !n.starts_with("v_add_co_ci_u32") &&
      !n.starts_with("v_sub_co_ci_u32") && !n.starts_with("v_subrev_co_ci_u32"))
    return std::nullopt;
  if (!divFmas)
    for (const RegAccess &a : ins.regs)
      if (!a.def && fieldOf(ins, a) == Field::src2 && a.regs.first < kVgprBase) return a.regs;
  return RegRange{kVccLo, 2};
}

// s_waitcnt_depctr's counter `field` is 0 (waited for) in `ins`.
bool depctrWaits(const Instruction &ins, DepctrField field) {
  if (!ins.has(T_Depctr) || field == DepctrField::None) return false;
  return isa::depctrFields()[static_cast<size_t>(field)].get(simm16(ins).value_or(0xffff)) == 0;
}

bool clip(RegRange r, unsigned lo, unsigned hi, RegRange &out) {
  unsigned a = std::max<unsigned>(r.first, lo), b = std::min<unsigned>(r.first + r.count, hi);
  if (a >= b) return false;
  out = {static_cast<RegUnit>(a), static_cast<uint16_t>(b - a)};
  return true;
}

// Whether a def of `p` (in units [lo, hi), field filter) overlaps an access of `c`.
bool defsOverlap(const Instruction &p, unsigned lo, unsigned hi, const Instruction &c, bool cDef,
                 Field cField = Field::Count) {
  for (const RegAccess &pa : p.regs) {
    RegRange pr;
    if (!pa.def || !clip(pa.regs, lo, hi, pr)) continue;
    for (const RegAccess &ca : c.regs)
      if (ca.def == cDef && (cField == Field::Count || fieldOf(c, ca) == cField) &&
          ca.regs.overlaps(pr))
        return true;
  }
  return false;
}

bool isWideStore(const Instruction &ins) {
  if (!isVmem(ins) || !ins.has(T_Store)) return false;
  std::string_view format = ins.inst.arch->formatOf(*ins.inst.desc).name;
  bool buffer = format.starts_with("MUBUF") || format.starts_with("MTBUF");
  unsigned data = 0;
  for (const RegAccess &a : ins.regs) {
    Field f = fieldOf(ins, a);
    if (!a.def && f == Field::vdata) data += a.regs.count;
    if (buffer && !a.def && f == Field::soffset && a.regs.first < kVccLo) return false;
  }
  return data > 2;
}

// SDWA dst_sel not DWORD (6), VOP3 op_sel bit 3 (dst hi), VOP3P op_sel_hi bit 0 (default set).
bool writesPartialDst(const Instruction &ins) {
  if (!isValu(ins)) return false;
  auto ops = ins.inst.arch->operandsOf(*ins.inst.desc);
  std::string_view format = ins.inst.arch->formatOf(*ins.inst.desc).name;
  for (size_t i = 0; i < ops.size(); ++i) {
    const OperandValue &v = ins.inst.ops[i];
    switch (ops[i].field) {
    case Field::dst_sel:
      if (v.present && v.value != 6) return true;
      break;
    case Field::op_sel_hi:
      if (format.starts_with("VOP3P") &&
          (v.present ? (v.value & 1) : ops[i].cls == OpClass::sel_ones))
        return true;
      break;
    case Field::op_sel:
    case Field::opsel:
      if (!format.starts_with("VOP3P") && v.present && (v.value & 8)) return true;
      break;
    default: break;
    }
  }
  return false;
}

// A VALU source operand lds_direct (gfx9: source encoding 254; it reads M0 for the address).
bool readsLdsDirect(const Instruction &ins) {
  if (!isValu(ins)) return false;
  auto ops = ins.inst.arch->operandsOf(*ins.inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == Field::src0 && ins.inst.ops[i].present && ins.inst.ops[i].value == 254 &&
        !(ins.inst.ops[i].mods & isa::Mod_InvalidImm))
      return true;
  return false;
}

bool producerMatches(HazardProducer p, const Instruction &ins) {
  switch (p) {
  case HazardProducer::Valu: return isValu(ins);
  case HazardProducer::ValuNotMfma: return isValu(ins) && !ins.has(T_Matrix);
  case HazardProducer::Salu: return ins.category == Category::SALU;
  case HazardProducer::Setreg: return named(ins, "s_setreg");
  case HazardProducer::WideStore: return isWideStore(ins);
  case HazardProducer::Mfma: return ins.has(T_Matrix);
  case HazardProducer::Trans: return ins.category == Category::TRANS;
  case HazardProducer::Vcmpx: return named(ins, "v_cmpx");
  case HazardProducer::DstSel: return writesPartialDst(ins);
  case HazardProducer::MaskRead: return maskRead(ins).has_value();
  case HazardProducer::VectorMem: return isVectorMem(ins);
  case HazardProducer::Export: return ins.category == Category::EXP;
  case HazardProducer::AccvgprRead: return named(ins, "v_accvgpr_read");
  case HazardProducer::AccvgprWrite: return named(ins, "v_accvgpr_write");
  }
  return false;
}

bool consumerMatches(HazardConsumer c, const Instruction &ins) {
  switch (c) {
  case HazardConsumer::Vmem: return isVmem(ins);
  case HazardConsumer::DivFmas: return named(ins, "v_div_fmas");
  case HazardConsumer::LaneSelect:
    return named(ins, "v_readlane_b32") || named(ins, "v_writelane_b32");
  case HazardConsumer::Getreg: return named(ins, "s_getreg_b32");
  case HazardConsumer::Setreg: return named(ins, "s_setreg");
  case HazardConsumer::Rfe: return named(ins, "s_rfe_b64");
  case HazardConsumer::Dpp: return ins.has(T_Dpp);
  case HazardConsumer::M0Message:
    return named(ins, "s_sendmsg") || named(ins, "s_ttracedata") || ins.has(T_Gds);
  case HazardConsumer::M0Lds:
    return named(ins, "s_movrel") || named(ins, "v_interp") || ins.has(T_LdsDma) ||
           ins.name().find("_addtid") != std::string_view::npos || readsLdsDirect(ins);
  case HazardConsumer::Valu: return isValu(ins);
  case HazardConsumer::ValuNotMfma: return isValu(ins) && !ins.has(T_Matrix);
  case HazardConsumer::ValuNotTrans: return ins.category == Category::VALU;
  case HazardConsumer::Readlane:
    return named(ins, "v_readlane_b32") || named(ins, "v_readfirstlane_b32");
  case HazardConsumer::Permlane: return named(ins, "v_permlane");
  case HazardConsumer::MemOrExp: return isMemOrExp(ins);
  case HazardConsumer::VectorMem: return isVectorMem(ins);
  case HazardConsumer::Mfma: return ins.has(T_Matrix);
  case HazardConsumer::ValuOrMem: return (isValu(ins) && !ins.has(T_Matrix)) || isMemOrExp(ins);
  case HazardConsumer::SaluSgprWrite: // (s_sendmsg_rtn is an SALU op to llvm)
    return (ins.category == Category::SALU || ins.category == Category::Message) && sgprDef(ins);
  case HazardConsumer::ValuVccWrite: {
    auto d = isValu(ins) ? sgprDef(ins) : std::nullopt;
    return d && overlapsVcc(*d);
  }
  case HazardConsumer::ValuSgprWrite: {
    auto d = isValu(ins) ? sgprDef(ins) : std::nullopt;
    return d && !overlapsVcc(*d);
  }
  case HazardConsumer::LdsDir: return ins.category == Category::LDSDIR;
  case HazardConsumer::Export: return ins.category == Category::EXP;
  case HazardConsumer::Setprio: return ins.name() == "s_setprio";
  case HazardConsumer::MfmaOrAccWrite: return ins.has(T_Matrix) || named(ins, "v_accvgpr_write");
  case HazardConsumer::AccvgprRead: return named(ins, "v_accvgpr_read");
  case HazardConsumer::AccvgprWrite: return named(ins, "v_accvgpr_write");
  }
  return false;
}

// MFMA pass count: llvm-mca's reciprocal throughput of the MFMA on its XDL/VALU unit.
unsigned passesOf(const Program &program, const Instruction &mfma) {
  auto m = mcaTiming(*mfma.inst.arch, *mfma.inst.desc, program.target->cpuName());
  return m ? static_cast<unsigned>(std::max(2, m->rthroughputX100 / 100)) : 16;
}

bool isDgemm(const Instruction &ins) {
  return ins.name().find("_f64") != std::string_view::npos;
}

// The MFMA rows' wait states (TIMING.md 3.2): gfx90a and gfx940+ with their pass counts.
unsigned mfmaWaitStates(const Program &program, HazardRelation rel, const Instruction &p,
                        const Instruction &c) {
  unsigned passes = passesOf(program, p);
  bool gfx940 = program.has(isa::Gfx940Insts), gfx950 = program.has(isa::Gfx950Insts);
  bool dgemm = isDgemm(p);
  bool small = passes <= 4;
  switch (rel) {
  case HazardRelation::MfmaResultRead:
    if (dgemm) return isMemOrExp(c) ? (small ? 9 : 18) : (small ? 6 : gfx950 ? 19 : 11);
    return passes + 3 + (gfx950 ? 1 : 0);
  case HazardRelation::MfmaResultWrite:
    if (dgemm) return small ? 6 : 11;
    return passes + 3 + (gfx950 ? 1 : 0);
  case HazardRelation::MfmaSrcCRead:
    if (dgemm) return small ? 4 : gfx950 ? 17 : 9;
    return gfx940 ? passes + 1 + (gfx950 && passes != 2 ? 1 : 0) : passes;
  case HazardRelation::MfmaSrcABRead:
    if (dgemm) return small ? 6 : gfx950 ? 19 : 11;
    return passes + 3 + (gfx950 && passes != 2 ? 1 : 0);
  case HazardRelation::MfmaSrcCOverwrite: return dgemm ? 0 : passes - 1;
  case HazardRelation::Mfma908AccRead: return passes + 2;
  case HazardRelation::Mfma908AccOverwrite: return passes - 1;
  case HazardRelation::Mfma908SrcCOverwrite: return passes > 3 ? passes - 3 : 0;
  default: return 0;
  }
}

// Whether `p` reads or writes a VGPR `c` writes (WAR, WAW).
bool accessesVgprDefOf(const Instruction &p, const Instruction &c) {
  return defsOverlap(c, kVgprBase, kNumRegUnits, p, false) ||
         defsOverlap(c, kVgprBase, kNumRegUnits, p, true);
}

// Whether `c` after `p` has the relation of the row; `rangeIdentical` for SrcC.
bool related(const Program &program, HazardRelation rel, const Instruction &p,
             const Instruction &c) {
  switch (rel) {
  case HazardRelation::SgprRead: return defsOverlap(p, 0, kVccLo + 2, c, false);
  case HazardRelation::VccRead:
    return defsOverlap(p, kVccLo, kVccLo + 2, c, false) ||
           (named(c, "v_div_fmas") && defsOverlap(p, kVccLo, kVccLo + 2, p, true));
  case HazardRelation::LaneSelectSgpr: return defsOverlap(p, 0, kVccLo + 2, c, false, Field::src1);
  case HazardRelation::SameHwreg:
  case HazardRelation::TrapstsHwreg: {
    auto a = simm16(p), b = simm16(c);
    if (!a) return false;
    if (rel == HazardRelation::TrapstsHwreg) return (*a & 0x3f) == 3;
    return b && (*a & 0x3f) == (*b & 0x3f);
  }
  case HazardRelation::VgprRead:
  case HazardRelation::VgprReadDgemmAfter: return defsOverlap(p, kVgprBase, kNumRegUnits, c, false);
  case HazardRelation::ArchVgprRead: return defsOverlap(p, kVgprBase, kAgprBase, c, false);
  case HazardRelation::SrcCRead:
    return defsOverlap(p, kVgprBase, kNumRegUnits, c, false, Field::src2);
  case HazardRelation::Mfma908AccRead: return defsOverlap(p, kVgprBase, kNumRegUnits, c, false);
  case HazardRelation::Mfma908AccOverwrite: return defsOverlap(p, kVgprBase, kNumRegUnits, c, true);
  case HazardRelation::MaskSgprWrite: {
    auto mask = maskRead(p), def = sgprDef(c);
    return mask && def && mask->overlaps(*def);
  }
  case HazardRelation::DstAccess: return accessesVgprDefOf(p, c);
  case HazardRelation::PartialForwarding: // (partialForwarding())
  case HazardRelation::LdsDirVdst:        // (ldsDirVdstCount())
  case HazardRelation::ValuAccMoveMem:    // (needOf())
  case HazardRelation::ExportSequenceEnd: // (exportPriority())
  case HazardRelation::ExportEntryPrio:
  case HazardRelation::LowSetprio: return false;
  case HazardRelation::ExecWrite:
    return anyAccess(p, [](const RegAccess &a) { return a.def && a.regs.overlaps({kExecLo, 2}); });
  case HazardRelation::M0Write:
    return program.gfx11()
               ? false
               : anyAccess(p, [](const RegAccess &a) { return a.def && a.regs.contains(kM0Gfx9); });
  case HazardRelation::StoreDataWrite:
    for (const RegAccess &pa : p.regs)
      if (!pa.def && fieldOf(p, pa) == Field::vdata)
        for (const RegAccess &ca : c.regs)
          if (ca.def && ca.regs.overlaps(pa.regs)) return true;
    return false;
  case HazardRelation::Src0VgprRead:
    return defsOverlap(p, kVgprBase, kNumRegUnits, c, false, Field::src0);
  case HazardRelation::VgprAccess:
    return defsOverlap(p, kVgprBase, kNumRegUnits, c, false) ||
           defsOverlap(p, kVgprBase, kNumRegUnits, c, true);
  case HazardRelation::Any: return true;
  case HazardRelation::MfmaResultRead: return defsOverlap(p, kVgprBase, kNumRegUnits, c, false);
  case HazardRelation::MfmaResultWrite: return defsOverlap(p, kVgprBase, kNumRegUnits, c, true);
  case HazardRelation::MfmaSrcCRead:
    for (const RegAccess &pa : p.regs)
      if (pa.def)
        for (const RegAccess &ca : c.regs)
          if (!ca.def && fieldOf(c, ca) == Field::src2 && ca.regs.overlaps(pa.regs) &&
              !(ca.regs.first == pa.regs.first && ca.regs.count == pa.regs.count))
            return true;
    return false;
  case HazardRelation::MfmaSrcABRead:
    return defsOverlap(p, kVgprBase, kNumRegUnits, c, false, Field::src0) ||
           defsOverlap(p, kVgprBase, kNumRegUnits, c, false, Field::src1);
  case HazardRelation::MfmaSrcCOverwrite:
  case HazardRelation::Mfma908SrcCOverwrite:
    for (const RegAccess &pa : p.regs)
      if (!pa.def && fieldOf(p, pa) == Field::src2)
        for (const RegAccess &ca : c.regs)
          if (ca.def && ca.regs.overlaps(pa.regs)) return true;
    return false;
  }
  return false;
}

// What --fix puts before an instruction, per instruction (`inserted`): s_nop wait states in
// the low byte, the depctr counters it waits for as bits from kInsertedDepctr, and kInsertedValu
// for a v_mov (the VcmpxPermlane fix).
constexpr unsigned kInsertedNops = 0xff, kInsertedDepctr = 8, kInsertedValu = 1u << 16;
unsigned insertedAt(const std::vector<unsigned> *inserted, int64_t i) {
  return inserted ? (*inserted)[static_cast<size_t>(i)] : 0;
}
bool insertedWaits(const std::vector<unsigned> *inserted, int64_t i, DepctrField field) {
  return field != DepctrField::None &&
         (insertedAt(inserted, i) >> (kInsertedDepctr + static_cast<unsigned>(field))) & 1;
}

unsigned waitStatesOf(const Instruction &ins) {
  if (ins.has(T_Nop)) return (simm16(ins).value_or(0) & 15) + 1;
  return 1;
}

// Visits the instructions before `index` (backwards through predecessors) with the wait states
// between each and the consumer, while fewer than kMaxWaitStates.
// `inserted`: wait states --fix puts before each instruction (s_nops of earlier findings).
// How a backwards walk goes on after an instruction.
enum class Walk { Next, EndPath, Done };

// The instructions before `index`, backwards through the block and its predecessors, each path
// with its own State: `step(state, i)` looks at instruction i (Next: on to the one before it,
// EndPath: this path ends, Done: the whole walk ends). At the start of a block (its first
// instruction `begin`), `enter(pred, state, begin)` says whether to go on into that predecessor
// (false when it was searched from with as good a state, or something there ends the path).
template <class State, class Step, class Enter>
void walkBack(const Function &f, uint32_t index, State init, Step &&step, Enter &&enter) {
  struct Item {
    uint32_t block;
    int64_t last; // instruction to look at next (going down to the block's begin)
    State state;
  };
  std::vector<Item> work;
  work.push_back({f.blockOf[index], static_cast<int64_t>(index) - 1, std::move(init)});
  while (!work.empty()) {
    Item it = std::move(work.back());
    work.pop_back();
    const BasicBlock &b = f.blocks[it.block];
    bool ended = false;
    for (int64_t i = it.last; i >= static_cast<int64_t>(b.begin) && !ended; --i) {
      Walk w = step(it.state, static_cast<uint32_t>(i));
      if (w == Walk::Done) return;
      ended = w == Walk::EndPath;
    }
    if (ended) continue;
    for (uint32_t pred : b.preds)
      if (enter(pred, it.state, b.begin))
        work.push_back({pred, static_cast<int64_t>(f.blocks[pred].end) - 1, it.state});
  }
}

template <class Visit>
void visitBefore(const Function &f, uint32_t index, const std::vector<unsigned> *inserted,
                 Visit &&visit) {
  std::vector<unsigned> bestAtEnd(f.blocks.size(), ~0u);
  walkBack(
      f, index, 0u,
      [&](unsigned &dist, uint32_t i) {
        if (dist >= kMaxWaitStates) return Walk::EndPath;
        visit(i, dist);
        dist += waitStatesOf(f.insts[i]) + (insertedAt(inserted, i) & kInsertedNops);
        return Walk::Next;
      },
      [&](uint32_t pred, unsigned dist, uint32_t) {
        // (not when already searched from there as close or closer)
        if (dist >= kMaxWaitStates || bestAtEnd[pred] <= dist) return false;
        bestAtEnd[pred] = dist;
        return true;
      });
}

// Soft clause (xnack on or any; llvm's checkSoftClauseHazards): consecutive SMEM, or VMEM,
// instructions. Before a member: when the members before it write registers, a store, or a
// member whose registers make the clause's writes meet its reads, needs a break (one wait state).
unsigned softClauseNeed(const Program &program, const Function &f, uint32_t index,
                        uint32_t &producer) {
  const Instruction &c = f.insts[index];
  if (program.gfx11() || !program.target->xnackOnOrAny()) return 0;
  bool smem = c.category == Category::SMEM;
  if (!smem && !isVmem(c)) return 0;
  uint32_t blockBegin = f.blocks[f.blockOf[index]].begin;
  std::vector<const Instruction *> clause;
  for (uint32_t i = index; i-- > blockBegin;) {
    const Instruction &p = f.insts[i];
    if (smem ? p.category != Category::SMEM : !isVmem(p)) break;
    clause.push_back(&p);
  }
  auto writes = [](const Instruction *i) {
    return std::any_of(i->regs.begin(), i->regs.end(), [](const RegAccess &a) { return a.def; });
  };
  if (std::none_of(clause.begin(), clause.end(), writes)) return 0;
  producer = index - 1;
  if (c.has(T_Store)) return 1;
  clause.push_back(&c);
  for (const Instruction *d : clause)
    for (const RegAccess &da : d->regs)
      if (da.def)
        for (const Instruction *u : clause)
          for (const RegAccess &ua : u->regs)
            if (!ua.def && ua.regs.overlaps(da.regs)) return 1;
  return 0;
}

// Whether `p`, lying between producer and consumer, ends the hazard of a gfx11 row (llvm's
// IsExpired; the VALU/TRANS windows are counted by the search).
bool expires(const HazardRule &rule, const Instruction &p) {
  switch (rule.expiry) {
  case HazardExpiry::VaVdst:
    return isVectorMem(p) || p.category == Category::EXP || depctrWaits(p, DepctrField::VaVdst);
  case HazardExpiry::VmVsrc:
    return isValu(p) || p.category == Category::EXP ||
           (p.name() == "s_waitcnt" && simm16(p).value_or(1) == 0) ||
           depctrWaits(p, DepctrField::VmVsrc);
  case HazardExpiry::AnyValu: return isValu(p) && !named(p, "v_nop");
  case HazardExpiry::Valu: return isValu(p);
  case HazardExpiry::Writes:
  case HazardExpiry::Export:
  case HazardExpiry::None: return false;
  }
  return false;
}
// Whether the fix --fix puts before instruction `i` ends the hazard (llvm merges mask-write
// waits instead of expiring on them).
bool insertedExpires(const HazardRule &rule, const std::vector<unsigned> *inserted, int64_t i) {
  switch (rule.expiry) {
  case HazardExpiry::VaVdst: return insertedWaits(inserted, i, DepctrField::VaVdst);
  case HazardExpiry::VmVsrc:
    return insertedWaits(inserted, i, DepctrField::VmVsrc) ||
           (insertedAt(inserted, i) & kInsertedValu);
  case HazardExpiry::AnyValu:
  case HazardExpiry::Valu: return insertedAt(inserted, i) & kInsertedValu;
  case HazardExpiry::Writes:
  case HazardExpiry::Export:
  case HazardExpiry::None: return false;
  }
  return false;
}

// A gfx11 row (rule.expiry != None): whether a producer lies before `index` (backwards through
// predecessors) before the hazard expires: the row's VALU/TRANS windows, its expiring
// instructions, or (Writes) writes of all the registers involved.
bool expirySearch(const Program &program, const Function &f, uint32_t index, const HazardRule &rule,
                  const std::vector<unsigned> *inserted, uint32_t &producer) {
  const Instruction &c = f.insts[index];
  // Writes: the 32-bit SGPRs of the consumer's write still unwritten (bit per unit).
  RegRange written = sgprDef(c).value_or(RegRange{0, 0});
  struct State {
    unsigned valus = 0, trans = 0, pieces = 0;
  };
  std::vector<unsigned> bestAtEnd(f.blocks.size(), ~0u); // fewest VALUs seen at a block's end
  std::vector<uint8_t> seenPieces(f.blocks.size(), 0);   // Writes: states searched from there
  bool found = false;
  walkBack(
      f, index, State{0, 0, (1u << written.count) - 1},
      [&](State &st, uint32_t i) {
        const Instruction &p = f.insts[i];
        // A fix inserted before the instruction after p lies between p and the consumer.
        if (i + 1 < index && insertedExpires(rule, inserted, i + 1)) return Walk::EndPath;
        if (producerMatches(rule.producer, p) && related(program, rule.relation, p, c)) {
          producer = i;
          found = true;
          return Walk::Done;
        }
        if (expires(rule, p)) return Walk::EndPath;
        if (rule.expiry == HazardExpiry::Writes) {
          for (const RegAccess &a : p.regs)
            if (a.def && isHazardSgpr(a))
              for (unsigned k = 0; k < written.count; ++k)
                if (a.regs.contains(static_cast<RegUnit>(written.first + k)))
                  st.pieces &= ~(1u << k);
          if (st.pieces == 0) return Walk::EndPath;
        }
        st.valus += isValu(p);
        st.trans += p.category == Category::TRANS;
        if (rule.valuWindow && (st.valus >= rule.valuWindow || st.trans >= rule.transWindow))
          return Walk::EndPath;
        return Walk::Next;
      },
      [&](uint32_t pred, const State &st, uint32_t begin) {
        // (the fix inserted before the block's first instruction lies between too)
        if (begin < index && insertedExpires(rule, inserted, begin)) return false;
        if (rule.expiry == HazardExpiry::Writes) {
          if (seenPieces[pred] & (1u << st.pieces)) return false;
          seenPieces[pred] |= static_cast<uint8_t>(1u << st.pieces);
          return true;
        }
        if (bestAtEnd[pred] <= st.valus) return false;
        bestAtEnd[pred] = st.valus;
        return true;
      });
  return found;
}

// llvm's VALUPartialForwarding (wave64): the consumer reads two or more VGPRs; searching
// backwards, Vb written by a VALU at most 4 VALUs before it, EXEC written by an SALU, Va written
// by a VALU before that, with at most 2 VALUs between Va's and Vb's writes (EXEC's aside).
bool partialForwarding(const Function &f, uint32_t index, const HazardRule &rule,
                       const std::vector<unsigned> *inserted, uint32_t &producer) {
  const Instruction &c = f.insts[index];
  std::vector<RegRange> sources;
  for (const RegAccess &a : c.regs)
    if (!a.def && !a.implicit && a.regs.first >= kVgprBase && a.regs.first < kAgprBase &&
        std::none_of(sources.begin(), sources.end(), [&](RegRange r) {
          return r.first == a.regs.first && r.count == a.regs.count;
        }))
      sources.push_back(a.regs);
  if (sources.size() < 2) return false;
  constexpr int kNone = std::numeric_limits<int>::max();
  constexpr int kIntv12 = 2, kIntv3 = 4, kMaxValus = 8;
  struct State {
    int valus = 0, execPos = kNone;
    std::vector<int> defPos; // per source: the VALUs counted when its write was found
  };
  auto anyDef = [](const State &st) {
    return std::any_of(st.defPos.begin(), st.defPos.end(), [](int d) { return d != kNone; });
  };
  std::vector<bool> seen(f.blocks.size(), false);
  bool found = false;
  walkBack(
      f, index, State{0, kNone, std::vector<int>(sources.size(), kNone)},
      [&](State &st, uint32_t i) {
        const Instruction &p = f.insts[i];
        if (st.valus > kMaxValus || expires(rule, p) ||
            (i + 1 < index && insertedExpires(rule, inserted, i + 1)))
          return Walk::EndPath;
        bool changed = false;
        if (isValu(p)) {
          for (size_t k = 0; k < sources.size(); ++k)
            if (st.defPos[k] == kNone && anyAccess(p, [&](const RegAccess &a) {
                  return a.def && a.regs.overlaps(sources[k]);
                })) {
              st.defPos[k] = st.valus;
              changed = true;
            }
        } else if ((p.category == Category::SALU || p.has(T_Call)) && st.execPos == kNone &&
                   anyDef(st) && (p.has(T_Call) || anyAccess(p, [](const RegAccess &a) {
                                    return a.def && a.regs.overlaps({kExecLo, 2});
                                  }))) { // (a call clobbers EXEC to llvm)
          st.execPos = st.valus;
          changed = true;
        }
        if (st.valus > kIntv3 && !anyDef(st)) return Walk::EndPath;
        if (changed && st.execPos != kNone) {
          int pre = kNone, post = kNone;
          for (int d : st.defPos)
            if (d != kNone)
              (d >= st.execPos ? pre : post) = std::min(d >= st.execPos ? pre : post, d);
          if (post != kNone) {
            int intv2 = st.execPos - post - 1;
            if (post > kIntv3 || intv2 > kIntv12) return Walk::EndPath;
            if (pre != kNone) {
              int intv1 = pre - st.execPos;
              if (intv1 > kIntv12 || intv1 + intv2 > kIntv12) return Walk::EndPath;
              producer = i;
              found = true;
              return Walk::Done;
            }
          }
        }
        st.valus += isValu(p);
        return Walk::Next;
      },
      [&](uint32_t pred, const State &, uint32_t begin) {
        if ((begin < index && insertedExpires(rule, inserted, begin)) || seen[pred]) return false;
        seen[pred] = true;
        return true;
      });
  return found;
}

// llvm's LdsDirectVALU: the VALUs between the LDS direct load at `index` and the nearest VALU
// that reads or writes its vdst (through predecessors; the fewest), 0 when a TRANS lies in
// between or is that VALU, `window` (15) when none is within reach; VMEM, FLAT, DS and exports
// end the search. `producer`: the VALU found.
unsigned ldsDirVdstCount(const Function &f, uint32_t index, const HazardRule &rule,
                         uint32_t &producer) {
  const Instruction &c = f.insts[index];
  unsigned best = rule.valuWindow;
  struct State {
    unsigned valus = 0;
    bool trans = false;
  };
  std::vector<unsigned> bestAtEnd(f.blocks.size(), ~0u);
  walkBack(
      f, index, State{},
      [&](State &st, uint32_t i) {
        const Instruction &p = f.insts[i];
        if (st.valus >= best || expires(rule, p)) return Walk::EndPath;
        if (!isValu(p)) return Walk::Next;
        st.trans = st.trans || p.category == Category::TRANS;
        if (accessesVgprDefOf(p, c)) {
          unsigned count = st.trans ? 0 : st.valus;
          if (count < best) {
            best = count;
            producer = i;
          }
          return Walk::EndPath;
        }
        ++st.valus;
        return Walk::Next;
      },
      [&](uint32_t pred, const State &st, uint32_t) {
        if (bestAtEnd[pred] <= st.valus) return false;
        bestAtEnd[pred] = st.valus;
        return true;
      });
  return best;
}

} // namespace

std::vector<std::string> nopLines(unsigned waitStates) {
  std::vector<std::string> lines;
  while (waitStates > 0) {
    unsigned n = std::min(waitStates, 16u);
    lines.push_back(fmt::format("s_nop {}", n - 1));
    waitStates -= n;
  }
  return lines;
}

std::string depctrText(uint8_t fields) {
  std::string text = "s_waitcnt_depctr";
  auto names = isa::depctrNames();
  for (size_t k = 0; k < names.size(); ++k)
    if (fields & (1u << k)) text += fmt::format(" {}(0)", names[k]);
  return text;
}

namespace {

// Runs the rows that apply to `c` (before it, or after it for the `after` rows) and keeps the
// most wait states missing, or the depctr counters the gfx11 rows need.
HazardNeed needOf(const Program &program, const Function &f, uint32_t index,
                  const std::vector<unsigned> *inserted, bool after) {
  HazardNeed need;
  const Instruction &c = f.insts[index];
  const isa::Processor *cpu = program.processor();
  for (const HazardRule &rule : kHazardRules) {
    if (rule.expiry == HazardExpiry::Export || rule.after != after ||
        !consumerMatches(rule.consumer, c) || !cpu || !rule.cpus.contains(*cpu) ||
        (rule.wave64 && !program.target->wave64()))
      continue;
    if (rule.relation == HazardRelation::LdsDirVdst) {
      uint32_t producer = 0;
      unsigned allowed = ldsDirVdstCount(f, index, rule, producer);
      if (fieldOperand(c, Field::wait_vdst).value_or(0) > allowed && need.waitVdst < 0) {
        need.waitVdst = static_cast<int>(allowed);
        need.missing = need.required = std::max(need.missing, 1u);
        need.rule = rule.id;
        need.what = rule.what;
        need.producer = producer;
      }
      continue;
    }
    if (rule.expiry != HazardExpiry::None) {
      uint32_t producer = 0;
      bool found = rule.relation == HazardRelation::PartialForwarding
                       ? partialForwarding(f, index, rule, inserted, producer)
                       : expirySearch(program, f, index, rule, inserted, producer);
      if (!found) continue;
      if (rule.fix == DepctrField::None) {
        if (need.valuFix) continue;
        need.valuFix = true;
        need.vnop = rule.expiry == HazardExpiry::Valu;
      } else {
        uint8_t bit = static_cast<uint8_t>(1u << static_cast<unsigned>(rule.fix));
        if (need.depctrFields & bit) continue;
        need.depctrFields |= bit;
      }
      need.depctr = need.depctrFields != 0;
      if (need.missing == 0) need.missing = need.required = 1;
      if (need.rule.empty()) {
        need.rule = rule.id;
        need.what = rule.what;
        need.producer = producer;
      }
      continue;
    }
    if (need.depctr || need.valuFix) continue;
    // VgprReadDgemmAfter: the nearest DGEMM before the consumer (a producer must lie further).
    unsigned dgemmDist = ~0u;
    if (rule.relation == HazardRelation::VgprReadDgemmAfter)
      visitBefore(f, index, inserted, [&](uint32_t pi, unsigned dist) {
        if (f.insts[pi].has(T_Matrix) && isDgemm(f.insts[pi]))
          dgemmDist = std::min(dgemmDist, dist);
      });
    // ValuAccMoveMem (gfx908, llvm's checkMAILdStHazards): the nearest v_accvgpr_read/write
    // counts, if a VALU wrote one of the consumer's VGPRs fewer than 2 wait states back.
    unsigned accDist = ~0u;
    if (rule.relation == HazardRelation::ValuAccMoveMem)
      visitBefore(f, index, inserted, [&](uint32_t pi, unsigned dist) {
        if (named(f.insts[pi], "v_accvgpr_")) accDist = std::min(accDist, dist);
      });
    visitBefore(f, index, inserted, [&](uint32_t pi, unsigned dist) {
      const Instruction &p = f.insts[pi];
      if (rule.relation == HazardRelation::ValuAccMoveMem) {
        if (dist < 2 && accDist < rule.waitStates && producerMatches(rule.producer, p) &&
            !named(p, "v_accvgpr_") && defsOverlap(p, kVgprBase, kAgprBase, c, false) &&
            rule.waitStates - accDist > need.missing) {
          need.missing = rule.waitStates - accDist;
          need.required = rule.waitStates;
          need.rule = rule.id;
          need.what = rule.what;
          need.producer = pi;
        }
        return;
      }
      if (!producerMatches(rule.producer, p) || !related(program, rule.relation, p, c)) return;
      if (rule.relation == HazardRelation::VgprReadDgemmAfter && dist <= dgemmDist) return;
      unsigned required =
          rule.waitStates ? rule.waitStates : mfmaWaitStates(program, rule.relation, p, c);
      if (required > dist && required - dist > need.missing) {
        need.missing = required - dist;
        need.required = required;
        need.rule = rule.id;
        need.what = rule.what;
        need.producer = pi;
      }
    });
  }
  return need;
}

// An `after` need is met in the text when the counters are waited for after the write before
// any SGPR read (llvm merges the waits of consecutive writes into one after the last).
bool metAfter(const Function &f, uint32_t index, uint8_t fields,
              const std::vector<unsigned> *inserted) {
  uint32_t end = f.blocks[f.blockOf[index]].end;
  for (uint32_t i = index + 1; i < end; ++i) {
    for (size_t k = 0; k < 8; ++k)
      if ((fields >> k & 1) && (depctrWaits(f.insts[i], static_cast<DepctrField>(k)) ||
                                insertedWaits(inserted, i, static_cast<DepctrField>(k))))
        fields = static_cast<uint8_t>(fields & ~(1u << k));
    if (!fields) return true;
    if (readsHazardSgpr(f.insts[i])) return false;
  }
  return false;
}

} // namespace

HazardNeed hazardNeedBefore(const Program &program, const Function &f, uint32_t index,
                            const std::vector<unsigned> *inserted) {
  HazardNeed need = needOf(program, f, index, inserted, false);
  uint32_t producer = 0;
  if (need.missing == 0 && softClauseNeed(program, f, index, producer)) {
    need = {1, 1, "soft-clause",
            "a soft clause with xnack: a member writes a register another reads", producer};
  }
  return need;
}

HazardNeed hazardNeedAfter(const Program &program, const Function &f, uint32_t index,
                           const std::vector<unsigned> *inserted) {
  HazardNeed need = needOf(program, f, index, inserted, true);
  if (need.depctr && metAfter(f, index, need.depctrFields, inserted)) return {};
  return need;
}

namespace {

// The text of `need`'s fix before instruction `c`.
std::vector<std::string> fixLines(const HazardNeed &need, const Instruction &c) {
  std::vector<std::string> lines;
  if (need.depctr) lines.push_back(depctrText(need.depctrFields));
  if (need.valuFix && need.vnop) {
    lines.push_back("v_nop");
  } else if (need.valuFix) {
    // llvm: v_mov_b32 of the permlane's src0 to itself (a VALU the SQ does not drop).
    std::string reg = "v0";
    for (const RegAccess &a : c.regs)
      if (!a.def && fieldOf(c, a) == Field::src0) reg = regUnitName(*c.inst.arch, a.regs.first);
    lines.push_back(fmt::format("v_mov_b32_e32 {0}, {0}", reg));
  }
  if (!need.depctr && !need.valuFix && need.waitVdst < 0) lines = nopLines(need.missing);
  return lines;
}

// The LDS direct load `c` as written, with wait_vdst:N.
std::string withWaitVdst(const Instruction &c, int waitVdst) {
  std::string text(c.loc.lineText.substr(0, c.loc.lineText.find(';')));
  static const std::regex waitRe(R"(\s*wait_vdst:\s*\d+)");
  text = std::regex_replace(text, waitRe, "");
  size_t b = text.find_first_not_of(" \t"), e = text.find_last_not_of(" \t\r");
  text = b == std::string::npos ? std::string(c.name()) : text.substr(b, e - b + 1);
  return fmt::format("{} wait_vdst:{}", text, waitVdst);
}

unsigned insertedBits(const HazardNeed &need) {
  if (need.depctr || need.valuFix)
    return (static_cast<unsigned>(need.depctrFields) << kInsertedDepctr) |
           (need.valuFix ? kInsertedValu : 0);
  return need.missing;
}

Finding findingOf(const Function &f, uint32_t fi, uint32_t at, const HazardNeed &need,
                  const std::vector<std::string> &fix, bool after) {
  Finding finding;
  finding.check = "hazard";
  finding.function = fi;
  finding.instruction = at;
  finding.related = {need.producer};
  const Instruction &p = f.insts[need.producer];
  std::string_view what = need.what;
  std::string fixText = fmt::format("{}", fmt::join(fix, "; "));
  if (after)
    finding.message =
        fmt::format("{} ({}): '{}' after '{}' (line {}) needs a wait right after it; insert '{}'",
                    what, need.rule, f.insts[at].name(), p.name(), p.loc.line, fixText);
  else if (need.waitVdst >= 0 && !need.depctr)
    finding.message = fmt::format("{} ({}): '{}' after '{}' (line {}) may wait for at most {} "
                                  "VALUs; write '{}'",
                                  what, need.rule, f.insts[at].name(), p.name(), p.loc.line,
                                  need.waitVdst, fixText);
  else if (need.depctr || need.valuFix)
    finding.message =
        fmt::format("{} ({}): '{}' after '{}' (line {}) needs {}; insert '{}'", what, need.rule,
                    f.insts[at].name(), p.name(), p.loc.line,
                    need.depctr ? "a wait for VALU results" : "a VALU in between", fixText);
  else
    finding.message = fmt::format(
        "{} ({}): '{}' needs {} wait state{} after '{}' (line {}), {} missing; insert '{}'", what,
        need.rule, f.insts[at].name(), need.required, need.required == 1 ? "" : "s", p.name(),
        p.loc.line, need.missing, fixText);
  finding.fix = fixText;
  return finding;
}

// The export priority rows (HazardExpiry::Export): in a function that exports, the workaround
// sequence after each export sequence, `s_setprio 2` at the entry, and no `s_setprio` below 2
// but the 0 of a workaround (llvm's fixRequiredExportPriority, which leaves kernels and compute
// shaders alone as they never export: here a function without an export).
void exportPriority(const Program &program, const Function &f, uint32_t fi, PassResult &out) {
  const isa::Processor *cpu = program.processor();
  if (!cpu || f.insts.empty() ||
      std::none_of(f.insts.begin(), f.insts.end(),
                   [](const Instruction &i) { return i.category == Category::EXP; }))
    return;
  auto prio = [](const Instruction &ins) {
    return ins.name() == "s_setprio" ? static_cast<int>(simm16(ins).value_or(0) & 0xffff) : -1;
  };
  auto report = [&](const HazardRule &rule, uint32_t at, uint32_t producer, std::string message,
                    std::vector<std::string> fix) {
    Finding finding;
    finding.check = "hazard";
    finding.function = fi;
    finding.instruction = at;
    finding.related = {producer};
    finding.fix = fmt::format("{}", fmt::join(fix, "; "));
    finding.message =
        fmt::format("{} ({}): {}; {} '{}'", rule.what, rule.id, message,
                    rule.relation == HazardRelation::LowSetprio ? "write" : "insert", finding.fix);
    out.findings.push_back(std::move(finding));
  };
  for (const HazardRule &rule : kHazardRules) {
    if (rule.expiry != HazardExpiry::Export || !rule.cpus.contains(*cpu)) continue;
    switch (rule.relation) {
    case HazardRelation::ExportEntryPrio:
      // (an s_setprio first is raised to 2 or more by the LowSetprio row if below)
      if (prio(f.insts[0]) < 0) {
        uint32_t exp = 0;
        while (f.insts[exp].category != Category::EXP) ++exp;
        report(rule, 0, exp,
               fmt::format("'{}' (line {}) exports", f.insts[exp].name(), f.insts[exp].loc.line),
               {"s_setprio 2"});
        out.edits.push_back({fi, 0, Edit::Kind::InsertBefore, "s_setprio 2"});
      }
      break;
    case HazardRelation::ExportSequenceEnd:
      for (uint32_t i = 0; i < f.insts.size(); ++i) {
        if (f.insts[i].category != Category::EXP) continue;
        bool inBlock = i + 1 < f.blocks[f.blockOf[i]].end;
        const Instruction *next = inBlock ? &f.insts[i + 1] : nullptr;
        if (next && (next->category == Category::EXP || prio(*next) == 0)) continue;
        bool end = next && next->has(T_EndProgram) && next->name() == "s_endpgm";
        std::vector<std::string> fix = {"s_setprio 0"};
        if (!end) fix.push_back("s_waitcnt_expcnt null, 0x0");
        fix.insert(fix.end(), {"s_nop 0", "s_nop 0"});
        if (!end) fix.push_back("s_setprio 2");
        // (at the end of a block the lines go before the next instruction, after its label:
        // the block's other predecessors run them too, which is safe)
        report(rule, i, i, fmt::format("'{}' ends an export sequence", f.insts[i].name()), fix);
        if (i + 1 < f.insts.size())
          for (std::string &line : fix)
            out.edits.push_back({fi, i + 1, Edit::Kind::InsertBefore, std::move(line)});
      }
      break;
    case HazardRelation::LowSetprio:
      for (uint32_t i = 0; i < f.insts.size(); ++i) {
        int p = prio(f.insts[i]);
        // (the workaround's 0 follows an export in its block)
        if (p < 0 || p >= 2 ||
            (p == 0 && i > f.blocks[f.blockOf[i]].begin &&
             f.insts[i - 1].category == Category::EXP))
          continue;
        std::string fixed = fmt::format("s_setprio {}", std::min(p + 2, 3));
        report(rule, i, i, fmt::format("'s_setprio {}'", p), {fixed});
        out.edits.push_back({fi, i, Edit::Kind::Replace, fixed});
      }
      break;
    default: break;
    }
  }
}

} // namespace

void HazardPass::run(const Program &program, PassResult &out) {
  for (uint32_t fi = 0; fi < program.functions.size(); ++fi) {
    const Function &f = program.functions[fi];
    // In layout order, so that the fixes a finding adds count for the later ones (as in the
    // fixed program). A loop's back edge sees the first round's fixes only.
    std::vector<unsigned> inserted(f.insts.size(), 0);
    // The last wait put after an SGPR write (mask-write rows), merged into the next one when
    // no SGPR is read in between (as llvm does): its edit, finding and place.
    struct Pending {
      size_t edit, finding;
      uint32_t before;
      uint8_t fields;
    };
    std::optional<Pending> pending;
    int64_t lastSgprRead = -1;
    for (uint32_t i = 0; i < f.insts.size(); ++i) {
      HazardNeed need = hazardNeedBefore(program, f, i, &inserted);
      if (need.missing) {
        inserted[i] |= insertedBits(need);
        std::vector<std::string> fix = fixLines(need, f.insts[i]);
        std::string replacement =
            need.waitVdst >= 0 ? withWaitVdst(f.insts[i], need.waitVdst) : std::string();
        std::vector<std::string> shown = fix;
        if (!replacement.empty()) shown.push_back(replacement);
        out.findings.push_back(findingOf(f, fi, i, need, shown, false));
        for (std::string &line : fix)
          out.edits.push_back({fi, i, Edit::Kind::InsertBefore, std::move(line)});
        if (!replacement.empty())
          out.edits.push_back({fi, i, Edit::Kind::Replace, std::move(replacement)});
      }
      bool readsSgpr = readsHazardSgpr(f.insts[i]);
      HazardNeed after =
          i + 1 < f.insts.size() ? hazardNeedAfter(program, f, i, &inserted) : HazardNeed{};
      if (after.depctr) {
        uint8_t fields = after.depctrFields;
        // (llvm finds the earlier wait searching back from this write to the mask read: in this
        // block, before the mask read if that lies in this block.)
        bool producerBetween = pending && f.blockOf[after.producer] == f.blockOf[i] &&
                               after.producer >= pending->before && after.producer < i;
        if (pending && !readsSgpr && lastSgprRead < static_cast<int64_t>(pending->before) &&
            f.blockOf[pending->before] == f.blockOf[i] && !producerBetween) {
          // llvm's merge: the earlier wait moves here, both counters in one.
          fields |= pending->fields;
          inserted[pending->before] &= ~(static_cast<unsigned>(pending->fields) << kInsertedDepctr);
          out.edits.erase(out.edits.begin() + static_cast<std::ptrdiff_t>(pending->edit));
          out.findings[pending->finding].fix = depctrText(fields);
        }
        after.depctrFields = fields;
        std::vector<std::string> fix = fixLines(after, f.insts[i + 1]);
        inserted[i + 1] |= insertedBits(after);
        pending = Pending{out.edits.size(), out.findings.size(), i + 1, fields};
        out.findings.push_back(findingOf(f, fi, i, after, fix, true));
        out.edits.push_back({fi, i + 1, Edit::Kind::InsertBefore, std::move(fix[0])});
      }
      if (readsSgpr) lastSgprRead = i;
    }
    exportPriority(program, f, fi, out);
  }
}

} // namespace gfxasm::analysis
