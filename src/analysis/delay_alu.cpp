// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Check 2 (delay_alu.h): the s_delay_alu model of gfx11.
#include "analysis/delay_alu.h"

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "analysis/dataflow.h"
#include "analysis/mca_latency.h"
#include "isa/arch_traits.h"
#include "isa/operand_names.h"

namespace gfxasm::analysis {

namespace {

enum DelayType : uint8_t { Other, Valu, Trans, Salu };

// The s_delay_alu operand's ids (isa/operand_names: NO_DEP, VALU_DEP_1..4, TRANS32_DEP_1..3,
// FMA_ACCUM_CYCLE_1, SALU_CYCLE_1..3).
constexpr unsigned kValuDep0 = 0, kTransDep0 = 4, kSaluCycle0 = 8;
constexpr uint8_t kValuMax = 5, kTransMax = 4, kSaluCyclesMax = 4;
// Cycles until a VALU's carry-out (the sdst of v_add_co_u32, v_mad_u64_u32, ...) can be read,
// as clang-22's s_delay_alu show it (measured on the kernel corpus: no delay two instructions
// on, where a compare's lane mask still gets one).
constexpr unsigned kValuCarryLatency = 2;

// What is known of one register unit's pending result.
struct DelayInfo {
  uint8_t valuCycles = 0, valuNum = kValuMax;
  uint8_t transCycles = 0, transNum = kTransMax, transNumValu = kValuMax;
  uint8_t saluCycles = 0;

  static DelayInfo of(DelayType t, unsigned cycles) {
    DelayInfo d;
    uint8_t c = static_cast<uint8_t>(std::min(cycles, 255u));
    if (t == Valu) {
      d.valuCycles = c;
      d.valuNum = 0;
    } else if (t == Trans) {
      d.transCycles = c;
      d.transNum = 0;
      d.transNumValu = 0;
    } else if (t == Salu) {
      d.saluCycles = static_cast<uint8_t>(std::min<unsigned>(c, kSaluCyclesMax - 1));
    }
    return d;
  }
  bool operator==(const DelayInfo &) const = default;
  void merge(const DelayInfo &o) {
    valuCycles = std::max(valuCycles, o.valuCycles);
    valuNum = std::min(valuNum, o.valuNum);
    transCycles = std::max(transCycles, o.transCycles);
    transNum = std::min(transNum, o.transNum);
    transNumValu = std::min(transNumValu, o.transNumValu);
    saluCycles = std::max(saluCycles, o.saluCycles);
  }
  // After an instruction of type t taking `cycles` to issue: whether nothing is left pending.
  bool advance(DelayType t, unsigned cycles) {
    bool erase = true;
    valuNum = static_cast<uint8_t>(valuNum + (t == Valu));
    if (valuNum >= kValuMax || valuCycles <= cycles) {
      valuNum = kValuMax;
      valuCycles = 0;
    } else {
      valuCycles = static_cast<uint8_t>(valuCycles - cycles);
      erase = false;
    }
    transNum = static_cast<uint8_t>(transNum + (t == Trans));
    transNumValu = static_cast<uint8_t>(std::min<unsigned>(transNumValu + (t == Valu), 255));
    if (transNum >= kTransMax || transCycles <= cycles) {
      transNum = kTransMax;
      transNumValu = kValuMax;
      transCycles = 0;
    } else {
      transCycles = static_cast<uint8_t>(transCycles - cycles);
      erase = false;
    }
    if (saluCycles <= cycles) {
      saluCycles = 0;
    } else {
      saluCycles = static_cast<uint8_t>(saluCycles - cycles);
      erase = false;
    }
    return erase;
  }
};

// Per register unit (sorted by unit).
struct State {
  std::vector<std::pair<RegUnit, DelayInfo>> units;
  bool operator==(const State &) const = default;

  DelayInfo *find(RegUnit u) {
    auto it = std::lower_bound(units.begin(), units.end(), u,
                               [](const auto &e, RegUnit k) { return e.first < k; });
    return it != units.end() && it->first == u ? &it->second : nullptr;
  }
  void set(RegUnit u, const DelayInfo &d) {
    auto it = std::lower_bound(units.begin(), units.end(), u,
                               [](const auto &e, RegUnit k) { return e.first < k; });
    if (it != units.end() && it->first == u)
      it->second = d;
    else
      units.insert(it, {u, d});
  }
  void erase(RegUnit u) {
    auto it = std::lower_bound(units.begin(), units.end(), u,
                               [](const auto &e, RegUnit k) { return e.first < k; });
    if (it != units.end() && it->first == u) units.erase(it);
  }
  void advance(DelayType t, unsigned cycles) {
    std::erase_if(units, [&](auto &e) { return e.second.advance(t, cycles); });
  }
};

bool mergeInto(State &into, const State &from) {
  State before = into;
  for (const auto &[u, d] : from.units) {
    if (DelayInfo *x = into.find(u))
      x->merge(d);
    else
      into.set(u, d);
  }
  return !(before == into);
}

DelayType delayTypeOf(const Program &p, const Instruction &ins) {
  if (ins.category == Category::TRANS) return Trans;
  if (ins.category == Category::VALU) return Valu;
  if (p.arch->formatOf(*ins.inst.desc).name.starts_with("SOP")) return Salu;
  return Other;
}

uint32_t simm16Of(const Program &p, const Instruction &ins) {
  auto ops = p.arch->operandsOf(*ins.inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == isa::Field::simm16) return ins.inst.ops[i].value;
  return 0;
}

// Instructions after which no VALU result is pending (they wait for all of them).
bool waitsForValu(const Program &p, const Instruction &ins) {
  switch (ins.category) {
  case Category::DS:
  case Category::EXP:
  case Category::FLAT:
  case Category::VMEM:
  case Category::LDSDIR: return true;
  default: break;
  }
  if (ins.has(T_MessageReturn)) return true;
  if (ins.has(T_Depctr)) {
    const isa::BitField vaVdst = isa::depctrFields()[2];
    return vaVdst.get(simm16Of(p, ins)) == 0;
  }
  return false;
}

// One emitted s_delay_alu: before instruction `before` (function index), its operand.
struct Emitted {
  uint32_t before;
  uint32_t imm;
  bool operator==(const Emitted &) const = default;
};

class Model {
public:
  Model(const Program &p, const Function &f, const LatencyFn &latency)
      : p_(p), f_(f), latency_(latency) {}

  // Runs a block; with `emitted`, collects the s_delay_alu instructions it needs.
  void block(uint32_t b, State &s, std::vector<Emitted> *emitted) const {
    const BasicBlock &bb = f_.blocks[b];
    int lastSingle = -1; // index in *emitted of the last one-dependency delay of this block
    bool afterGetpc = false;
    // The first SGPR unit the latest VALU of this block wrote (null counts: its unit is kept
    // in the state like any other), for the hardware's va_sdst interlock.
    int lastSgprFromValu = -1;
    const isa::RegisterSet &rs = isa::registersOf(*p_.arch);
    for (uint32_t i = bb.begin; i < bb.end; ++i) {
      const Instruction &ins = f_.insts[i];
      if (ins.has(T_DelayAlu)) continue; // (not counted: the check recomputes them)
      DelayType t = delayTypeOf(p_, ins);
      // The pc-relative pair after s_getpc_b64 is one bundle: no delay inside it. Its offsets
      // are symbols in the text, literals in an object (its relocation's, or already resolved).
      bool bundled = afterGetpc && (ins.inst.labelOperand >= 0 || ins.inst.hasLiteral);
      afterGetpc = ins.name() == "s_getpc_b64" || (bundled && afterGetpc);
      // An SALU or SMEM op waits until the VALU SGPR writes are done: so are the VALU results
      // at least as old as the latest of them.
      if ((t == Salu && !p_.arch->formatOf(*ins.inst.desc).name.starts_with("SOPP")) ||
          ins.category == Category::SMEM) {
        if (lastSgprFromValu >= 0)
          if (const DelayInfo *d = s.find(static_cast<RegUnit>(lastSgprFromValu))) {
            uint8_t age = d->valuNum;
            std::erase_if(s.units, [&](const auto &e) {
              return e.second.valuNum >= age && e.second.valuCycles;
            });
            lastSgprFromValu = -1;
          }
      }
      // Scalar results of this instruction (null included).
      std::vector<RegUnit> scalarDefs;
      for (const RegAccess &a : ins.regs)
        if (a.def && !a.implicit && a.regs.first < kVgprBase && a.regs.first != kScc)
          for (RegUnit u = a.regs.first; u < a.regs.first + a.regs.count; ++u)
            scalarDefs.push_back(u);
      if (rs.null != isa::kNoRegister) {
        auto ops = p_.arch->operandsOf(*ins.inst.desc);
        for (size_t k = 0; k < ops.size(); ++k)
          if ((ops[k].field == isa::Field::sdst || ops[k].field == isa::Field::vdst) &&
              (ops[k].cls == isa::OpClass::vmask || ops[k].cls == isa::OpClass::sreg ||
               ops[k].cls == isa::OpClass::vsdst_nom0) &&
              ins.inst.ops[k].present && ins.inst.ops[k].value == rs.null)
            scalarDefs.push_back(static_cast<RegUnit>(rs.null));
      }
      if (waitsForValu(p_, ins)) {
        s.units.clear();
      } else if (t != Other) {
        DelayInfo need;
        for (const RegAccess &a : ins.regs) {
          if (a.def || a.implicit || a.operand < 0) continue;
          if (ins.name().starts_with("v_writelane") &&
              p_.arch->operandsOf(*ins.inst.desc)[a.operand].field == isa::Field::vdst)
            continue;
          for (RegUnit u = a.regs.first; u < a.regs.first + a.regs.count; ++u)
            if (DelayInfo *d = s.find(u)) {
              need.merge(*d);
              s.erase(u);
            }
        }
        if ((t == Valu || t == Trans) && !scalarDefs.empty()) lastSgprFromValu = scalarDefs.front();
        if (emitted && !bundled) emit(i, need, *emitted, lastSingle);
      }
      if (t != Other) {
        unsigned lat = latency_(p_, ins);
        for (const RegAccess &a : ins.regs) {
          if (!a.def || a.implicit || a.regs.first == kScc) continue;
          // A VALU's carry-out (VOP3SD sdst) is ready sooner: kValuCarryLatency.
          bool carry = (t == Valu || t == Trans) && a.operand >= 0 &&
                       p_.arch->operandsOf(*ins.inst.desc)[a.operand].field == isa::Field::sdst;
          unsigned l = carry ? kValuCarryLatency : lat;
          for (RegUnit u = a.regs.first; u < a.regs.first + a.regs.count; ++u)
            s.set(u, DelayInfo::of(t, l));
        }
        for (RegUnit u : scalarDefs)
          if (u == rs.null) s.set(u, DelayInfo::of(t, kValuCarryLatency));
      }
      unsigned cycles = ins.has(T_Nop) ? (simm16Of(p_, ins) & 0xf) + 1 : 1;
      s.advance(t, cycles);
    }
  }

private:
  // LLVM's encoding of a consumer's delays: a TRANS dependency, a VALU one if more recent than
  // that, an SALU one if there is room; a single dependency joins the previous s_delay_alu.
  void emit(uint32_t at, const DelayInfo &d, std::vector<Emitted> &emitted, int &lastSingle) const {
    uint32_t imm = 0;
    if (d.transNum < kTransMax) imm |= kTransDep0 + d.transNum;
    if (d.valuNum < kValuMax && d.valuNum <= d.transNumValu) {
      if (imm & 0xf)
        imm |= static_cast<uint32_t>(kValuDep0 + d.valuNum) << 7;
      else
        imm |= kValuDep0 + d.valuNum;
    }
    if (d.saluCycles) {
      if (imm & 0x780) {
        // no room for a third
      } else if (imm & 0xf) {
        imm |= static_cast<uint32_t>(d.saluCycles + kSaluCycle0) << 7;
      } else {
        imm |= d.saluCycles + kSaluCycle0;
      }
    }
    if (!imm) return;
    if (!(imm & 0x780) && lastSingle >= 0) {
      uint32_t skip = 0;
      for (uint32_t k = emitted[lastSingle].before; k < at; ++k)
        if (!f_.insts[k].has(T_DelayAlu)) ++skip;
      if (skip < 6) {
        emitted[lastSingle].imm |= imm << 7 | skip << 4;
        lastSingle = -1;
        return;
      }
    }
    emitted.push_back({at, imm});
    lastSingle = (imm & 0x780) ? -1 : static_cast<int>(emitted.size() - 1);
  }

  const Program &p_;
  const Function &f_;
  const LatencyFn &latency_;
};

// The delays (id) each instruction gets from a list of s_delay_alu: id0 for the instruction
// after it, id1 for the one `skip` instructions later.
std::multimap<uint32_t, uint32_t> delaysPerInstruction(const Function &f,
                                                       const std::vector<Emitted> &list) {
  std::multimap<uint32_t, uint32_t> m;
  for (const Emitted &e : list) {
    uint32_t id0 = e.imm & 0xf, skip = (e.imm >> 4) & 7, id1 = (e.imm >> 7) & 0xf;
    if (id0) m.emplace(e.before, id0);
    if (!id1) continue;
    uint32_t k = e.before, counted = 0;
    while (counted < skip && k + 1 < f.insts.size()) {
      ++k;
      if (!f.insts[k].has(T_DelayAlu)) ++counted;
    }
    m.emplace(k, id1);
  }
  return m;
}

// Whether delay id `have` waits at least as long as `need` (VALUs and TRANS results complete in
// order among themselves; a longer SALU delay covers a shorter one).
bool covers(uint32_t have, uint32_t need) {
  auto kind = [](uint32_t id) { return id <= 4 ? 0 : id <= 7 ? 1 : 2; };
  if (kind(have) != kind(need)) return false;
  if (kind(need) == 2) return have >= need;
  return have <= need;
}

std::string idName(uint32_t id) {
  auto names = isa::delayIdNames();
  return id < names.size() ? std::string(names[id]) : fmt::format("{}", id);
}

} // namespace

std::string delayAluText(uint32_t imm) {
  uint32_t id0 = imm & 0xf, skip = (imm >> 4) & 7, id1 = (imm >> 7) & 0xf;
  std::string s = fmt::format("instid0({})", idName(id0));
  if (skip || id1) {
    auto skips = isa::delaySkipNames();
    if (skip) s += fmt::format(" | instskip({})", skip < skips.size() ? skips[skip] : "?");
    s += fmt::format(" | instid1({})", idName(id1));
  }
  return s;
}

unsigned defaultGfx11Latency(const Program &program, const Instruction &ins) {
  // llvm-mca's gfx11 model counts cycles, as s_delay_alu does (isa/gfx11/mca_latency.def).
  if (auto mca = mcaTiming(*program.arch, *ins.inst.desc, program.target->cpuName()))
    if (mca->latency > 0) return static_cast<unsigned>(mca->latency);
  switch (ins.category) {
  case Category::TRANS: return 10;
  case Category::VALU: return 5;
  default: return 2;
  }
}

void DelayAluPass::run(const Program &program, PassResult &out) {
  if (!program.gfx11()) return;
  for (uint32_t fi = 0; fi < program.functions.size(); ++fi) {
    const Function &f = program.functions[fi];
    if (f.blocks.empty()) continue;
    Model model(program, f, latency_);
    auto transfer = [&](uint32_t b, State &s) { model.block(b, s, nullptr); };
    std::vector<State> in = solveForward(f, State{}, transfer, mergeInto);
    std::vector<Emitted> wanted, existing;
    for (uint32_t b = 0; b < f.blocks.size(); ++b) {
      State s = in[b];
      model.block(b, s, &wanted);
    }
    // The s_delay_alu written in the program, each at the next instruction.
    for (uint32_t i = 0; i < f.insts.size(); ++i) {
      if (!f.insts[i].has(T_DelayAlu)) continue;
      uint32_t k = i;
      while (k < f.insts.size() && f.insts[k].has(T_DelayAlu)) ++k;
      if (k < f.insts.size()) existing.push_back({k, simm16Of(program, f.insts[i])});
    }
    if (wanted == existing) continue;
    // Findings per instruction whose delays differ.
    auto want = delaysPerInstruction(f, wanted), have = delaysPerInstruction(f, existing);
    std::vector<uint32_t> at;
    for (auto &[k, id] : want) at.push_back(k);
    for (auto &[k, id] : have) at.push_back(k);
    std::sort(at.begin(), at.end());
    at.erase(std::unique(at.begin(), at.end()), at.end());
    for (uint32_t k : at) {
      std::vector<uint32_t> w, h;
      for (auto [b, e] = want.equal_range(k); b != e; ++b) w.push_back(b->second);
      for (auto [b, e] = have.equal_range(k); b != e; ++b) h.push_back(b->second);
      std::sort(w.begin(), w.end());
      std::sort(h.begin(), h.end());
      if (w == h) continue;
      bool sufficient = std::all_of(w.begin(), w.end(), [&](uint32_t need) {
        return std::any_of(h.begin(), h.end(), [&](uint32_t x) { return covers(x, need); });
      });
      auto list = [](const std::vector<uint32_t> &ids) {
        std::string s;
        for (uint32_t id : ids) s += (s.empty() ? "" : ", ") + idName(id);
        return s.empty() ? std::string("none") : s;
      };
      Finding fd;
      fd.check = "delay_alu";
      fd.function = fi;
      fd.instruction = k;
      const Instruction &ins = f.insts[k];
      if (!sufficient)
        fd.message = fmt::format("'{}' reads a result that is not ready: needs s_delay_alu {}, "
                                 "has {}",
                                 ins.name(), list(w), list(h));
      else
        fd.message = fmt::format("s_delay_alu for '{}' names {} where the dependency is {}",
                                 ins.name(), list(h), list(w));
      for (const Emitted &e : wanted)
        if (e.before == k) fd.fix = "s_delay_alu " + delayAluText(e.imm);
      out.findings.push_back(std::move(fd));
    }
    // The fix: the function's s_delay_alu replaced by the wanted ones.
    for (uint32_t i = 0; i < f.insts.size(); ++i)
      if (f.insts[i].has(T_DelayAlu)) out.edits.push_back({fi, i, Edit::Kind::Remove, {}});
    for (const Emitted &e : wanted)
      out.edits.push_back(
          {fi, e.before, Edit::Kind::InsertBefore, "s_delay_alu " + delayAluText(e.imm)});
  }
}

} // namespace gfxasm::analysis
