// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The generic part of the timing estimate: one in-order walk over a function's instructions in
// layout order, applying the model's rules (timing_rules.h) to each; CFG liveness for the peak of
// live registers; llvm's occupancy rule (as::applyTargetFn) for the waves per SIMD.
#include "analysis/timing.h"

#include <algorithm>
#include <bitset>

#include "analysis/mca_latency.h"
#include "asm/mcexpr.h"
#include "isa/arch_traits.h"

namespace gfxasm::analysis {

using namespace isa;

bool namePatternMatches(std::string_view pattern, std::string_view name) {
  size_t star = pattern.find('*');
  if (star == std::string_view::npos) return pattern == name;
  if (!name.starts_with(pattern.substr(0, star))) return false;
  std::string_view rest = pattern.substr(star + 1);
  for (size_t i = star; i <= name.size(); ++i)
    if (namePatternMatches(rest, name.substr(i))) return true;
  return false;
}

bool cpuListed(std::string_view list, std::string_view cpu) {
  while (!list.empty()) {
    size_t sp = list.find(' ');
    if (list.substr(0, sp) == cpu) return true;
    list = sp == std::string_view::npos ? std::string_view() : list.substr(sp + 1);
  }
  return false;
}

std::string stallReasonNames(uint16_t reasons) {
  static constexpr std::string_view kNames[] = {"dependency",       "waitcnt",   "alignment",
                                                "jump-target",      "cond-jump", "valu-to-salu",
                                                "branch-after-flag"};
  std::string out;
  for (unsigned i = 0; i < std::size(kNames); ++i)
    if (reasons & (1u << i)) {
      if (!out.empty()) out += '+';
      out += kNames[i];
    }
  return out;
}

const TimingModel &timingModelFor(const Program &program) {
  return program.gfx11() ? kRdna3Model : kGcnModel;
}

namespace {

// The value of the entry's operand in `field`, if it has one.
std::optional<uint32_t> operandValue(const Instruction &ins, Field field) {
  auto ops = ins.inst.arch->operandsOf(*ins.inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == field && ins.inst.ops[i].present) return ins.inst.ops[i].value;
  return std::nullopt;
}

bool isAlu(const Instruction &ins) {
  return ins.category == Category::SALU || ins.category == Category::VALU ||
         ins.category == Category::TRANS;
}

// The counters a memory instruction counts on: vmcnt for VMEM (gfx11: vscnt for stores), FLAT
// on both vmcnt and lgkmcnt, lgkmcnt for SMEM/DS/messages, expcnt for exports and LDS direct.
uint8_t countersOf(const Program &program, const Instruction &ins) {
  bool storeOnly = ins.has(T_Store) && !ins.has(T_Returns);
  uint8_t vm = program.gfx11() && storeOnly ? 1u << Cnt_Vs : 1u << Cnt_Vm;
  switch (ins.category) {
  case Category::VMEM: return vm;
  case Category::FLAT: return vm | 1u << Cnt_Lgkm;
  case Category::SMEM:
  case Category::DS: return 1u << Cnt_Lgkm;
  case Category::Message: return ins.has(T_MessageReturn) ? 1u << Cnt_Lgkm : 0;
  case Category::EXP:
  case Category::LDSDIR: return 1u << Cnt_Exp;
  default: return 0;
  }
}

// The counts an s_waitcnt* allows per counter (~0u: not waited on).
std::array<uint32_t, Cnt_Count> waitedCounts(const Instruction &ins) {
  std::array<uint32_t, Cnt_Count> n;
  n.fill(~0u);
  uint32_t imm = operandValue(ins, Field::simm16).value_or(0);
  std::string_view name = ins.name();
  if (name == "s_waitcnt") {
    const WaitcntLayout &w = ins.inst.arch->traits->waitcnt;
    n[Cnt_Vm] = w.vmcnt.get(imm);
    n[Cnt_Exp] = w.expcnt.get(imm);
    n[Cnt_Lgkm] = w.lgkmcnt.get(imm);
    if (n[Cnt_Vm] == w.vmcnt.max()) n[Cnt_Vm] = ~0u;
    if (n[Cnt_Exp] == w.expcnt.max()) n[Cnt_Exp] = ~0u;
    if (n[Cnt_Lgkm] == w.lgkmcnt.max()) n[Cnt_Lgkm] = ~0u;
  } else if (name == "s_waitcnt_vscnt") {
    n[Cnt_Vs] = imm;
  } else if (name == "s_waitcnt_vmcnt") {
    n[Cnt_Vm] = imm;
  } else if (name == "s_waitcnt_expcnt") {
    n[Cnt_Exp] = imm;
  } else if (name == "s_waitcnt_lgkmcnt") {
    n[Cnt_Lgkm] = imm;
  }
  return n;
}

uint8_t flagsWritten(const Instruction &ins) {
  uint8_t f = 0;
  for (const RegAccess &a : ins.regs) {
    if (!a.def) continue;
    if (a.regs.overlaps({kVccLo, 2})) f |= Flag_Vcc;
    if (a.regs.overlaps({kExecLo, 2})) f |= Flag_Exec;
    if (a.regs.contains(kScc)) f |= Flag_Scc;
  }
  return f;
}

// The processor's occupancy limits (isa/processors.def), null if it is not in the table.
const isa::ProcessorLimits *limitsFor(std::string_view cpu) {
  const isa::Processor *p = isa::findProcessor(cpu);
  return p ? &p->limits : nullptr;
}

using RegSet = std::bitset<kNumRegUnits>;

void addRange(RegSet &s, RegRange r, bool value) {
  for (unsigned u = r.first; u < r.first + r.count && u < kNumRegUnits; ++u) s[u] = value;
}

// Live SGPRs (s0..s105), VGPRs and AGPRs of a set.
RegisterCounts countLive(const RegSet &s) {
  RegisterCounts c;
  for (unsigned u = 0; u < kNumRegUnits; ++u) {
    if (!s[u]) continue;
    if (u >= kAgprBase)
      ++c.agprs;
    else if (u >= kVgprBase)
      ++c.vgprs;
    else if (u < kVccLo)
      ++c.sgprs;
  }
  return c;
}

void maxInto(RegisterCounts &into, const RegisterCounts &c) {
  into.sgprs = std::max(into.sgprs, c.sgprs);
  into.vgprs = std::max(into.vgprs, c.vgprs);
  into.agprs = std::max(into.agprs, c.agprs);
}

// Backward liveness over the CFG, then the largest live set before any instruction.
RegisterCounts peakLive(const Function &f) {
  size_t n = f.blocks.size();
  std::vector<RegSet> use(n), def(n), in(n), out(n);
  for (size_t b = 0; b < n; ++b) {
    for (uint32_t i = f.blocks[b].end; i-- > f.blocks[b].begin;) {
      for (const RegAccess &a : f.insts[i].regs)
        if (a.def) addRange(use[b], a.regs, false), addRange(def[b], a.regs, true);
      for (const RegAccess &a : f.insts[i].regs)
        if (!a.def) addRange(use[b], a.regs, true);
    }
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = n; b-- > 0;) {
      RegSet o;
      for (uint32_t s : f.blocks[b].succs) o |= in[s];
      RegSet i = use[b] | (o & ~def[b]);
      if (i != in[b] || o != out[b]) changed = true;
      in[b] = i;
      out[b] = o;
    }
  }
  RegisterCounts peak;
  for (size_t b = 0; b < n; ++b) {
    RegSet live = out[b];
    maxInto(peak, countLive(live));
    for (uint32_t i = f.blocks[b].end; i-- > f.blocks[b].begin;) {
      for (const RegAccess &a : f.insts[i].regs)
        if (a.def) addRange(live, a.regs, false);
      for (const RegAccess &a : f.insts[i].regs)
        if (!a.def) addRange(live, a.regs, true);
      maxInto(peak, countLive(live));
    }
  }
  return peak;
}

} // namespace

InstCost instCost(const Program &program, const TimingModel &model, const Instruction &ins) {
  const ArchTables &arch = *ins.inst.arch;
  std::string_view format = arch.formatOf(*ins.inst.desc).name;
  InstCost c;
  for (const ClassCycles &r : model.classCycles) {
    if (r.format != format || !namePatternMatches(r.pattern, ins.name())) continue;
    if (r.cycles) {
      c.cycles = c.latency = r.cycles;
      c.takenCycles = r.takenCycles;
      return c;
    }
    break;
  }
  if (ins.has(T_Nop)) {
    // s_nop N: N + 1 wait states (SIMM16[3:0]).
    c.cycles = c.latency =
        model.issueCycles * ((operandValue(ins, Field::simm16).value_or(0) & 15) + 1);
    return c;
  }
  c.cycles = c.latency = model.issueCycles;
  if (auto m = mcaTiming(arch, *ins.inst.desc, program.target->cpuName())) {
    c.latency = std::max<uint32_t>(static_cast<uint32_t>(m->latency) * model.mcaScale, 1);
    // ALU instructions occupy the issue for their reciprocal throughput (quarter-rate: 4 passes);
    // matrix, memory and the rest issue in one slot and finish later.
    if (isAlu(ins) && !ins.has(T_Matrix))
      c.cycles = std::max<uint32_t>(
          {model.issueCycles, static_cast<uint32_t>(m->rthroughputX100) * model.mcaScale / 100,
           model.aluBusyForLatency ? c.latency : 0});
  }
  if (ins.category == Category::Branch) c.latency = c.cycles;
  if (program.target->wave64() &&
      (ins.category == Category::VALU || ins.category == Category::TRANS) && !ins.has(T_Vopd))
    c.cycles *= model.wave64VectorPasses;
  return c;
}

ProgramTiming estimateTiming(const Program &program) {
  ProgramTiming pt;
  const TimingModel &model = timingModelFor(program);
  pt.model = &model;
  for (const Function &f : program.functions) {
    FunctionTiming ft;
    ft.insts.resize(f.insts.size());
    ft.blocks.resize(f.blocks.size());
    // Blocks a forward jump reaches (their first instruction pays the jump-target rule).
    std::vector<char> forwardTarget(f.blocks.size(), 0);
    for (const Instruction &ins : f.insts)
      if (ins.target >= 0 && f.insts[static_cast<size_t>(ins.target)].offset > ins.offset)
        forwardTarget[f.blockOf[static_cast<size_t>(ins.target)]] = 1;

    std::vector<uint64_t> ready(kNumRegUnits, 0);
    std::array<std::vector<uint64_t>, Cnt_Count> inFlight; // completion cycles, issue order
    uint64_t now = 0, saluNotBefore = 0;
    const Instruction *prev = nullptr;
    const InstTiming *prevTiming = nullptr;
    for (size_t b = 0; b < f.blocks.size(); ++b) {
      const BasicBlock &blk = f.blocks[b];
      ft.blocks[b].start = now;
      for (uint32_t i = blk.begin; i < blk.end; ++i) {
        const Instruction &ins = f.insts[i];
        InstTiming &t = ft.insts[i];
        InstCost cost = instCost(program, model, ins);
        uint64_t at = now;
        // Fetch: penalties add up (seed, "Instruction alignment").
        if (model.fetchBlockBytes) {
          unsigned dword = static_cast<unsigned>(ins.offset % model.fetchBlockBytes) / 4;
          if (ins.size == 8 && dword >= model.freeDwords) {
            bool longFree =
                cost.cycles > model.issueCycles &&
                dword >= model.fetchBlockBytes / 4 - cost.cycles / model.longCyclesPerFreeDword;
            bool pairFree = prev && prev->size == 8 && prevTiming->cycles >= model.longPairCycles &&
                            dword == model.freeDwords;
            if (!longFree && !pairFree) {
              at += model.fetchPenalty;
              t.reasons |= Stall_Alignment;
            }
          }
          if (i == blk.begin && forwardTarget[b] && dword >= model.jumpTargetFreeDwords) {
            at += model.fetchPenalty * (dword - (model.jumpTargetFreeDwords - 1));
            t.reasons |= Stall_JumpTarget;
          }
          if (ins.has(T_CondBranch) && dword >= model.condJumpFreeDwords) {
            at += model.fetchPenalty * (dword - (model.condJumpFreeDwords - 1));
            t.reasons |= Stall_CondJumpPlace;
          }
        }
        if (prev && ins.has(T_CondBranch)) {
          for (const FlagBranchRule &r : model.flagBranches)
            if (namePatternMatches(r.branchPattern, ins.name()) &&
                (flagsWritten(*prev) & r.writtenFlags)) {
              at += model.flagBranchPenalty;
              t.reasons |= Stall_FlagBranch;
              break;
            }
        }
        // Waits: the latest of the things the instruction waits for.
        for (const RegAccess &a : ins.regs) {
          if (a.def) continue;
          for (unsigned u = a.regs.first; u < a.regs.first + a.regs.count && u < kNumRegUnits; ++u)
            if (ready[u] > at) at = ready[u], t.reasons |= Stall_Dependency;
        }
        if (ins.category == Category::SALU && saluNotBefore > at) {
          at = saluNotBefore;
          t.reasons |= Stall_ValuToSalu;
        }
        if (ins.has(T_Waitcnt)) {
          auto allowed = waitedCounts(ins);
          for (unsigned c = 0; c < Cnt_Count; ++c) {
            std::vector<uint64_t> &q = inFlight[c];
            std::erase_if(q, [&](uint64_t done) { return done <= at; });
            if (allowed[c] == ~0u || q.size() <= allowed[c]) continue;
            std::vector<uint64_t> sorted = q;
            std::sort(sorted.begin(), sorted.end());
            uint64_t until = sorted[sorted.size() - allowed[c] - 1];
            if (until > at) at = until, t.reasons |= Stall_Waitcnt;
          }
        }
        t.issue = at;
        t.stall = static_cast<uint32_t>(at - now);
        t.cycles = cost.cycles;
        t.latency = cost.latency;
        t.takenCycles = cost.takenCycles;
        // The walk follows the layout: an unconditional jump jumps, a conditional one falls
        // through.
        now = at + (ins.has(T_Jump) && cost.takenCycles ? cost.takenCycles : cost.cycles);
        if (isAlu(ins)) {
          for (const RegAccess &a : ins.regs)
            if (a.def)
              for (unsigned u = a.regs.first; u < a.regs.first + a.regs.count && u < kNumRegUnits;
                   ++u)
                ready[u] = at + cost.latency;
        }
        if (uint8_t counters = countersOf(program, ins))
          for (unsigned c = 0; c < Cnt_Count; ++c)
            if (counters & (1u << c)) inFlight[c].push_back(at + cost.latency);
        for (unsigned c = 0; c < Cnt_Count; ++c)
          t.outstanding[c] = static_cast<uint8_t>(
              std::min<size_t>(255, std::count_if(inFlight[c].begin(), inFlight[c].end(),
                                                  [&](uint64_t done) { return done > at; })));
        if (model.valuToSaluDelay && ins.category == Category::VALU)
          for (std::string_view p : model.valuToSaluProducers)
            if (namePatternMatches(p, ins.name())) {
              saluNotBefore = at + cost.cycles + model.valuToSaluDelay;
              break;
            }
        ft.blocks[b].stalls += t.stall;
        prev = &ins;
        prevTiming = &t;
      }
      ft.blocks[b].cycles = now - ft.blocks[b].start;
    }
    ft.cycles = now;
    // Registers: allocated (highest + 1) and live at once.
    bool vcc = false, flatScratch = false;
    for (const Instruction &ins : f.insts)
      for (const RegAccess &a : ins.regs) {
        unsigned last = a.regs.first + a.regs.count;
        if (a.regs.first >= kAgprBase)
          ft.used.agprs = std::max(ft.used.agprs, last - kAgprBase);
        else if (a.regs.first >= kVgprBase)
          ft.used.vgprs = std::max(ft.used.vgprs, last - kVgprBase);
        else if (a.regs.first < kVccLo)
          ft.used.sgprs = std::max(ft.used.sgprs, std::min(last, 106u));
        vcc |= a.regs.overlaps({kVccLo, 2});
        flatScratch |= !program.gfx11() && a.regs.overlaps({102, 2});
      }
    ft.peakLive = peakLive(f);
    RegisterCounts alloc = ft.used;
    if (!program.gfx11()) {
      int64_t extra = 0;
      std::array<int64_t, 3> args{vcc, flatScratch, program.target->xnackOnOrAny()};
      as::applyTargetFn(as::TargetFn::ExtraSGPRs, args, as::targetInfoFor(*program.target), extra);
      alloc.sgprs += static_cast<unsigned>(extra);
    }
    ft.occupancy = occupancyFor(*program.target, alloc);
    if (f.ldsBytes > 0)
      ft.occupancy = std::min(ft.occupancy, ldsOccupancyFor(*program.target, f.ldsBytes));
    pt.functions.push_back(std::move(ft));
  }
  return pt;
}

unsigned occupancyFor(const Target &target, const RegisterCounts &regs) {
  const isa::ProcessorLimits *l = limitsFor(target.cpuName());
  if (!l) return 0;
  as::TargetInfo info = as::targetInfoFor(target);
  int64_t total = 0;
  std::array<int64_t, 2> vgprArgs{regs.agprs, regs.vgprs};
  as::applyTargetFn(as::TargetFn::TotalNumVGPRs, vgprArgs, info, total);
  bool w64 = target.wave64();
  std::array<int64_t, 7> args{l->maxWaves,
                              w64 ? l->vgprGranuleWave64 : l->vgprGranuleWave32,
                              w64 ? l->vgprsWave64 : l->vgprsWave32,
                              l->generation,
                              l->maxWaves,
                              regs.sgprs,
                              total};
  int64_t waves = 0;
  if (!as::applyTargetFn(as::TargetFn::Occupancy, args, info, waves)) return 0;
  return static_cast<unsigned>(waves);
}

unsigned ldsOccupancyFor(const Target &target, uint64_t ldsBytes, unsigned workgroupSize) {
  const isa::ProcessorLimits *l = limitsFor(target.cpuName());
  if (!l) return 0;
  if (ldsBytes == 0) return l->maxWaves;
  uint64_t allocated =
      (ldsBytes + l->ldsGranuleBytes - 1) / l->ldsGranuleBytes * l->ldsGranuleBytes;
  // A workgroup that does not fit is still counted once (llvm's choice: the kernel runs alone).
  uint64_t workgroups = std::max<uint64_t>(l->ldsBytesPerCu / allocated, 1);
  unsigned waveSize = target.wave64() ? 64 : 32;
  uint64_t wavesPerWorkgroup = (std::max(workgroupSize, 1u) + waveSize - 1) / waveSize;
  uint64_t waves = workgroups * wavesPerWorkgroup / l->simdsPerCu;
  return static_cast<unsigned>(std::clamp<uint64_t>(waves, 1, l->maxWaves));
}

} // namespace gfxasm::analysis
