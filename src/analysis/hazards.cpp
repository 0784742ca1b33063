// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The generic hazard search over the rules of hazard_rules.h; the special cases that are not a
// table row live here: the MFMA pass-count formulas and the soft-clause break with xnack.
#include "analysis/hazards.h"

#include <algorithm>
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

Field fieldOf(const Instruction &ins, const RegAccess &a) {
  if (a.operand < 0) return Field::Count;
  return ins.inst.arch->operandsOf(*ins.inst.desc)[static_cast<size_t>(a.operand)].field;
}

// Does any access of `ins` (def or read, optionally of one field) overlap units [lo, hi)
// of any access of `other` selected the same way?
template <class Pred> bool anyAccess(const Instruction &ins, Pred &&pred) {
  return std::any_of(ins.regs.begin(), ins.regs.end(), pred);
}

std::optional<uint32_t> simm16(const Instruction &ins) {
  auto ops = ins.inst.arch->operandsOf(*ins.inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == Field::simm16 && ins.inst.ops[i].present) return ins.inst.ops[i].value;
  return std::nullopt;
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
           ins.name().find("_addtid") != std::string_view::npos;
  case HazardConsumer::Valu: return isValu(ins);
  case HazardConsumer::ValuNotMfma: return isValu(ins) && !ins.has(T_Matrix);
  case HazardConsumer::ValuNotTrans: return ins.category == Category::VALU;
  case HazardConsumer::Readlane:
    return named(ins, "v_readlane_b32") || named(ins, "v_readfirstlane_b32");
  case HazardConsumer::Permlane: return named(ins, "v_permlane");
  case HazardConsumer::MemOrExp: return isMemOrExp(ins);
  case HazardConsumer::Mfma: return ins.has(T_Matrix);
  case HazardConsumer::ValuOrMem: return (isValu(ins) && !ins.has(T_Matrix)) || isMemOrExp(ins);
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
  std::string_view cpu = program.target->cpuName();
  bool gfx940 = cpuListed(kGfx940Plus, cpu), gfx950 = cpu == "gfx950";
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
  default: return 0;
  }
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
  case HazardRelation::VgprRead: return defsOverlap(p, kVgprBase, kNumRegUnits, c, false);
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
    for (const RegAccess &pa : p.regs)
      if (!pa.def && fieldOf(p, pa) == Field::src2)
        for (const RegAccess &ca : c.regs)
          if (ca.def && ca.regs.overlaps(pa.regs)) return true;
    return false;
  }
  return false;
}

unsigned waitStatesOf(const Instruction &ins) {
  if (ins.has(T_Nop)) return (simm16(ins).value_or(0) & 15) + 1;
  return 1;
}

// Visits the instructions before `index` (backwards through predecessors) with the wait states
// between each and the consumer, while fewer than kMaxWaitStates.
// `inserted`: wait states --fix puts before each instruction (s_nops of earlier findings).
template <class Visit>
void visitBefore(const Function &f, uint32_t index, const std::vector<unsigned> *inserted,
                 Visit &&visit) {
  struct Item {
    uint32_t block;
    int64_t last; // instruction to look at next (going down to the block's begin)
    unsigned dist;
  };
  std::vector<Item> work{{f.blockOf[index], static_cast<int64_t>(index) - 1, 0}};
  std::vector<unsigned> bestAtEnd(f.blocks.size(), ~0u);
  while (!work.empty()) {
    Item it = work.back();
    work.pop_back();
    const BasicBlock &b = f.blocks[it.block];
    unsigned dist = it.dist;
    int64_t i = it.last;
    for (; i >= static_cast<int64_t>(b.begin) && dist < kMaxWaitStates; --i) {
      const Instruction &p = f.insts[static_cast<size_t>(i)];
      visit(static_cast<uint32_t>(i), dist);
      dist += waitStatesOf(p) + (inserted ? (*inserted)[static_cast<size_t>(i)] : 0);
    }
    if (i >= static_cast<int64_t>(b.begin) || dist >= kMaxWaitStates) continue;
    for (uint32_t pred : b.preds) {
      if (bestAtEnd[pred] <= dist) continue; // already searched from there as close or closer
      bestAtEnd[pred] = dist;
      work.push_back({pred, static_cast<int64_t>(f.blocks[pred].end) - 1, dist});
    }
  }
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

// A gfx11 row (rule.valuWindow > 0): whether a producer lies before `index` with fewer than
// the row's VALU and TRANS counts in between and no s_waitcnt_depctr va_vdst(0), backwards
// through predecessors.
// `inserted`: per instruction, whether --fix puts a depctr before it (an earlier finding's).
bool windowHazard(const Program &program, const Function &f, uint32_t index, const HazardRule &rule,
                  const std::vector<unsigned> *inserted, uint32_t &producer) {
  const Instruction &c = f.insts[index];
  struct Item {
    uint32_t block;
    int64_t last;
    unsigned valus, trans;
  };
  std::vector<Item> work{{f.blockOf[index], static_cast<int64_t>(index) - 1, 0, 0}};
  std::vector<unsigned> bestAtEnd(f.blocks.size(), ~0u); // fewest VALUs seen at a block's end
  const isa::BitField vaVdst = isa::depctrFields()[2];
  while (!work.empty()) {
    Item it = work.back();
    work.pop_back();
    const BasicBlock &b = f.blocks[it.block];
    bool expired = false;
    for (int64_t i = it.last; i >= static_cast<int64_t>(b.begin) && !expired; --i) {
      const Instruction &p = f.insts[static_cast<size_t>(i)];
      if (p.has(T_Depctr) && vaVdst.get(simm16(p).value_or(0xffff)) == 0) {
        expired = true;
        break;
      }
      if (producerMatches(rule.producer, p) && related(program, rule.relation, p, c)) {
        producer = static_cast<uint32_t>(i);
        return true;
      }
      it.valus += p.category == Category::VALU || p.category == Category::TRANS;
      it.trans += p.category == Category::TRANS;
      expired = it.valus >= rule.valuWindow || it.trans >= rule.transWindow ||
                (inserted && (*inserted)[static_cast<size_t>(i)]);
    }
    if (expired) continue;
    for (uint32_t pred : b.preds) {
      if (bestAtEnd[pred] <= it.valus) continue;
      bestAtEnd[pred] = it.valus;
      work.push_back({pred, static_cast<int64_t>(f.blocks[pred].end) - 1, it.valus, it.trans});
    }
  }
  return false;
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

HazardNeed hazardNeedBefore(const Program &program, const Function &f, uint32_t index,
                            const std::vector<unsigned> *inserted) {
  HazardNeed need;
  const Instruction &c = f.insts[index];
  std::string_view cpu = program.target->cpuName();
  for (const HazardRule &rule : kHazardRules) {
    if (!consumerMatches(rule.consumer, c) || !cpuListed(rule.cpus, cpu)) continue;
    if (rule.valuWindow) {
      uint32_t producer = 0;
      if (need.missing == 0 && windowHazard(program, f, index, rule, inserted, producer))
        need = {1, 1, rule.id, producer, true};
      continue;
    }
    visitBefore(f, index, inserted, [&](uint32_t pi, unsigned dist) {
      const Instruction &p = f.insts[pi];
      if (!producerMatches(rule.producer, p) || !related(program, rule.relation, p, c)) return;
      unsigned required =
          rule.waitStates ? rule.waitStates : mfmaWaitStates(program, rule.relation, p, c);
      if (required > dist && required - dist > need.missing) {
        need.missing = required - dist;
        need.required = required;
        need.rule = rule.id;
        need.producer = pi;
      }
    });
  }
  uint32_t producer = 0;
  if (need.missing == 0 && softClauseNeed(program, f, index, producer)) {
    need = {1, 1, "soft-clause", producer};
  }
  return need;
}

void HazardPass::run(const Program &program, PassResult &out) {
  for (uint32_t fi = 0; fi < program.functions.size(); ++fi) {
    const Function &f = program.functions[fi];
    // In layout order, so that the s_nops a finding adds count for the later ones (as in the
    // fixed program). A loop's back edge sees the first round's fixes only.
    std::vector<unsigned> inserted(f.insts.size(), 0);
    for (uint32_t i = 0; i < f.insts.size(); ++i) {
      HazardNeed need = hazardNeedBefore(program, f, i, &inserted);
      if (!need.missing) continue;
      inserted[i] = need.missing;
      const HazardRule *rule = nullptr;
      for (const HazardRule &r : kHazardRules)
        if (r.id == need.rule) rule = &r;
      std::vector<std::string> fix =
          need.depctr ? std::vector<std::string>{"s_waitcnt_depctr depctr_va_vdst(0)"}
                      : nopLines(need.missing);
      Finding finding;
      finding.check = "hazard";
      finding.function = fi;
      finding.instruction = i;
      finding.related = {need.producer};
      const Instruction &p = f.insts[need.producer];
      std::string_view what =
          rule ? rule->what : "a soft clause with xnack: a member writes a register another reads";
      if (need.depctr)
        finding.message = fmt::format(
            "{} ({}): '{}' after '{}' (line {}) needs a wait for VALU results; insert '{}'", what,
            need.rule, f.insts[i].name(), p.name(), p.loc.line, fix[0]);
      else
        finding.message = fmt::format(
            "{} ({}): '{}' needs {} wait state{} after '{}' (line {}), {} missing; insert '{}'",
            what, need.rule, f.insts[i].name(), need.required, need.required == 1 ? "" : "s",
            p.name(), p.loc.line, need.missing, fmt::join(fix, "; "));
      finding.fix = fmt::format("{}", fmt::join(fix, "; "));
      out.findings.push_back(std::move(finding));
      for (std::string &line : fix)
        out.edits.push_back({fi, i, Edit::Kind::InsertBefore, std::move(line)});
    }
  }
}

} // namespace gfxasm::analysis
