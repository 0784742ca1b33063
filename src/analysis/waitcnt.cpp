// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Check 1 (waitcnt.h): the wait-counter scoreboard and its dataflow over the CFG.
#include "analysis/waitcnt.h"

#include <algorithm>

#include <fmt/format.h>

#include "analysis/dataflow.h"
#include "isa/arch_traits.h"

namespace gfxasm::analysis {

namespace {

// Kinds of operation a counter counts; one kind in flight returns in order, several may not.
enum Event : uint8_t {
  EvVmemRead,  // vmcnt: loads, returning atomics (and, without vscnt, every VMEM access)
  EvVmemWrite, // vscnt: stores, atomics without return
  EvSmem,      // lgkmcnt: scalar memory (returns out of order)
  EvLds,       // lgkmcnt: LDS (and FLAT, which may access LDS)
  EvGds,       // lgkmcnt: GDS
  EvMessage,   // lgkmcnt: s_sendmsg*
  EvExport,    // expcnt: export (its sources locked)
  EvGdsLock,   // expcnt: GDS (its data and address locked)
  EvLdsDir,    // expcnt: lds_param_load / lds_direct_load (its result)
  kNumEvents
};
constexpr Counter kEventCounter[kNumEvents] = {VmCnt,   VsCnt,  LgkmCnt, LgkmCnt, LgkmCnt,
                                               LgkmCnt, ExpCnt, ExpCnt,  ExpCnt};
// Scores of the counters registers wait on (VsCnt has none: store data is read at issue).
constexpr unsigned kScored = 3; // VmCnt, ExpCnt, LgkmCnt
// Ages are capped: beyond every counter's maximum a wait is the same.
constexpr uint32_t kAgeCap = 64;

// The VMEM result kinds that return in order with one another (a later load of the same kind
// overwriting a register needs no wait).
enum VmemType : uint8_t { VmemNone, VmemPlain, VmemSampler, VmemBvh };

struct State {
  // Scores: the i-th operation issued on a counter has score lb < i <= ub while in flight.
  std::array<uint32_t, kNumCounters> lb{}, ub{};
  std::array<uint32_t, kNumEvents> lastEvent{}; // score of the latest operation of each kind
  uint32_t lastFlat[2] = {0, 0};                // FLAT's latest score on vmcnt and lgkmcnt
  std::vector<uint32_t> score;                  // [counter (0..2)][unit]
  std::vector<uint32_t> producer;               // instruction id of the score's operation
  std::vector<uint8_t> vmemType;                // per unit: the kind of its pending VMEM load
  std::vector<uint8_t> expWar;                  // per unit: expcnt score locks a source (WAR)
  bool unknownEntry = false; // a non-kernel function: what the caller left in flight is unknown

  State()
      : score(kScored * kNumRegUnits, 0), producer(kScored * kNumRegUnits, ~0u),
        vmemType(kNumRegUnits, 0), expWar(kNumRegUnits, 0) {}
  uint32_t &at(unsigned c, RegUnit u) { return score[c * kNumRegUnits + u]; }
  uint32_t at(unsigned c, RegUnit u) const { return score[c * kNumRegUnits + u]; }
  uint32_t pending(unsigned c) const { return ub[c] - lb[c]; }
  bool eventPending(Event e) const { return lastEvent[e] > lb[kEventCounter[e]]; }

  // Rebase every counter to lb = 0 (ages kept, capped): equal states compare equal.
  void normalize() {
    for (unsigned c = 0; c < kNumCounters; ++c) {
      uint32_t base = lb[c];
      uint32_t top = std::min(ub[c] - base, kAgeCap);
      auto rebase = [&](uint32_t s) -> uint32_t {
        if (s <= base) return 0;
        uint32_t age = ub[c] - s;
        return age >= top ? 0 : top - age;
      };
      if (c < kScored)
        for (RegUnit u = 0; u < kNumRegUnits; ++u) at(c, u) = rebase(at(c, u));
      for (unsigned e = 0; e < kNumEvents; ++e)
        if (kEventCounter[e] == c) lastEvent[e] = rebase(lastEvent[e]);
      if (c == VmCnt) lastFlat[0] = rebase(lastFlat[0]);
      if (c == LgkmCnt) lastFlat[1] = rebase(lastFlat[1]);
      lb[c] = 0;
      ub[c] = top;
    }
  }
};

// Joins normalized states: each counter's in-flight count is the larger, each score the younger
// (the stricter wait).
bool mergeInto(State &into, const State &from) {
  bool changed = false;
  auto mergeScore = [&](uint32_t &a, uint32_t b, uint32_t ubA, uint32_t ubB, uint32_t newUb) {
    uint32_t ageA = a ? ubA - a : kAgeCap, ageB = b ? ubB - b : kAgeCap;
    uint32_t age = std::min(ageA, ageB);
    uint32_t v = age >= newUb ? 0 : newUb - age;
    if (v != a) {
      a = v;
      return true;
    }
    return false;
  };
  for (unsigned c = 0; c < kNumCounters; ++c) {
    uint32_t ubA = into.ub[c], ubB = from.ub[c], newUb = std::max(ubA, ubB);
    if (c < kScored)
      for (RegUnit u = 0; u < kNumRegUnits; ++u) {
        uint32_t &a = into.at(c, u);
        uint32_t b = from.at(c, u);
        if (!a && !b) continue;
        uint32_t ageB = b ? ubB - b : kAgeCap, ageA = a ? ubA - a : kAgeCap;
        if (ageB < ageA) into.producer[c * kNumRegUnits + u] = from.producer[c * kNumRegUnits + u];
        changed |= mergeScore(a, b, ubA, ubB, newUb);
        if (b && c == VmCnt) into.vmemType[u] = from.vmemType[u];
        if (b && c == ExpCnt && from.expWar[u] != into.expWar[u]) {
          into.expWar[u] = 0; // a read must wait if either path locked it as a result
        }
      }
    for (unsigned e = 0; e < kNumEvents; ++e)
      if (kEventCounter[e] == c)
        changed |= mergeScore(into.lastEvent[e], from.lastEvent[e], ubA, ubB, newUb);
    if (c == VmCnt) changed |= mergeScore(into.lastFlat[0], from.lastFlat[0], ubA, ubB, newUb);
    if (c == LgkmCnt) changed |= mergeScore(into.lastFlat[1], from.lastFlat[1], ubA, ubB, newUb);
    if (newUb != into.ub[c]) {
      into.ub[c] = newUb;
      changed = true;
    }
  }
  if (from.unknownEntry && !into.unknownEntry) {
    into.unknownEntry = true;
    changed = true;
  }
  return changed;
}

bool isExec(RegUnit u) {
  return u == kExecLo || u == kExecLo + 1;
}

// The memory operations an instruction starts: their events.
struct Events {
  Event list[3];
  unsigned n = 0;
  void add(Event e) { list[n++] = e; }
};

// The memory model's marks in the text (check 4): the instructions llvm's memory legalizer
// (SIMemoryLegalizer) writes around an atomic by its ordering and scope, read back from clang-22's
// output of tests/analyze/memory_model.cl (every ordering at workgroup, agent and system scope)
// on gfx900, gfx90a, gfx942 and gfx1100:
//   acquire: the atomic (or load), s_waitcnt for it, then a cache invalidation (buffer_wbinvl1_vol,
//            gfx90a system scope buffer_invl2 first; gfx942 buffer_inv sc1 / sc0 sc1; gfx11
//            buffer_gl1_inv and buffer_gl0_inv, at workgroup scope in WGP mode gl0 only);
//   release: s_waitcnt for every earlier memory operation before the atomic; on gfx90a at system
//            scope and gfx942 at agent and system scope a cache write-back first (buffer_wbl2
//            [sc1 | sc0 sc1]), then the wait;
//   acq_rel / seq_cst: both; a seq_cst load waits before it as a release does.
// What the text keeps without its waits: the invalidation (an acquire: it waits for the loads
// and atomics before it) and the write-back (a release: the next memory operation waits for
// everything before it). A release store with no write-back, an atomic's release half where no
// write-back marks it, a seq_cst load: the ordering is only in the source (counted by
// AnalyzeAgainstLlvm's MemoryModel test, not recovered).
enum class MemoryMark : uint8_t { Acquire, Release };
struct MemoryModelMark {
  std::string_view prefix; // the instruction's name starts with it
  MemoryMark mark;
  isa::ProcessorSet cpus;
};
constexpr MemoryModelMark kMemoryModelMarks[] = {
    {"buffer_wbinvl1", MemoryMark::Acquire, isa::ProcessorSet{"gfx9"}},
    {"buffer_invl2", MemoryMark::Acquire, isa::ProcessorSet{"gfx9", isa::Gfx90aInsts}},
    {"buffer_inv", MemoryMark::Acquire, isa::ProcessorSet{"gfx9", isa::Gfx940Insts}},
    {"buffer_gl0_inv", MemoryMark::Acquire, isa::ProcessorSet{"gfx11"}},
    {"buffer_gl1_inv", MemoryMark::Acquire, isa::ProcessorSet{"gfx11"}},
    {"buffer_wbl2", MemoryMark::Release, isa::ProcessorSet{"gfx9", isa::Gfx90aInsts}},
};
// (the write-back is not counted on vmcnt: llvm waits for the operations before it only)
bool isReleaseMarkName(const Instruction &ins) {
  for (const MemoryModelMark &m : kMemoryModelMarks)
    if (m.mark == MemoryMark::Release && ins.name().starts_with(m.prefix)) return true;
  return false;
}
bool isMark(const Program &p, const Instruction &ins, MemoryMark mark) {
  const isa::Processor *cpu = p.processor();
  for (const MemoryModelMark &m : kMemoryModelMarks)
    if (m.mark == mark && ins.name().starts_with(m.prefix) && (!cpu || m.cpus.contains(*cpu)))
      return true;
  return false;
}

Events eventsOf(const CounterInfo &info, const Instruction &ins) {
  Events ev;
  switch (ins.category) {
  case Category::SMEM: ev.add(EvSmem); break;
  case Category::Message:
    if (ins.name().starts_with("s_sendmsg")) ev.add(EvMessage);
    break;
  case Category::DS:
    if (ins.has(T_Gds)) {
      ev.add(EvGds);
      ev.add(EvGdsLock);
    } else {
      ev.add(EvLds);
    }
    break;
  case Category::VMEM:
  case Category::FLAT:
    if (ins.has(T_CacheInvalidate) || isReleaseMarkName(ins)) break;
    if (!info.hasVscnt || ins.has(T_Returns) || (ins.has(T_Load) && !ins.has(T_Atomic)))
      ev.add(EvVmemRead);
    else
      ev.add(EvVmemWrite);
    if (ins.category == Category::FLAT) ev.add(EvLds);
    break;
  case Category::EXP: ev.add(EvExport); break;
  case Category::LDSDIR: ev.add(EvLdsDir); break;
  default: break;
  }
  return ev;
}

VmemType vmemTypeOf(const Instruction &ins) {
  if (ins.has(T_Sampler)) return VmemSampler;
  if (ins.has(T_Bvh)) return VmemBvh;
  return VmemPlain;
}

struct Producer {
  uint32_t instruction = ~0u;
  RegUnit unit = 0;
  Counter counter = VmCnt;
};

class Scoreboard {
public:
  Scoreboard(const Program &p, const Function &f, const CounterInfo &info)
      : p_(p), f_(f), info_(info) {}

  // Whether counter c may return out of order now.
  bool outOfOrder(const State &s, Counter c) const {
    if (c == LgkmCnt && s.eventPending(EvSmem)) return true;
    if (!info_.flatInOrder && (c == VmCnt || c == LgkmCnt) &&
        (s.lastFlat[0] > s.lb[VmCnt] || s.lastFlat[1] > s.lb[LgkmCnt]))
      return true;
    unsigned kinds = 0;
    for (unsigned e = 0; e < kNumEvents; ++e)
      if (kEventCounter[e] == c && s.eventPending(static_cast<Event>(e))) ++kinds;
    return kinds > 1;
  }

  // The wait instruction `ins` needs before it, and the producer of the strictest need.
  WaitNeed need(const State &s, const Instruction &ins, Producer &why) const {
    WaitNeed w;
    auto require = [&](Counter c, RegUnit u) {
      uint32_t sc = s.at(c, u);
      if (sc <= s.lb[c]) return;
      uint32_t n = outOfOrder(s, c) ? 0 : std::min(s.ub[c] - sc, info_.max[c]);
      if (n < w.count[c]) {
        w.count[c] = n;
        why = {s.producer[c * kNumRegUnits + u], u, c};
      }
    };
    const bool vmLoad =
        eventsOf(info_, ins).n && eventsOf(info_, ins).list[0] == EvVmemRead && ins.has(T_Returns);
    for (const RegAccess &a : ins.regs) {
      for (RegUnit u = a.regs.first; u < a.regs.first + a.regs.count; ++u) {
        if (!a.def) {
          require(VmCnt, u);
          require(LgkmCnt, u);
          if (!s.expWar[u]) require(ExpCnt, u);
          continue;
        }
        // Write after write: a load of the same kind returns after the pending one.
        if (!(vmLoad && s.vmemType[u] == vmemTypeOf(ins) && u >= kVgprBase)) require(VmCnt, u);
        require(LgkmCnt, u);
        require(ExpCnt, u);
        if (isExec(u) && (s.eventPending(EvExport) || s.eventPending(EvGdsLock)))
          w.count[ExpCnt] = 0;
      }
    }
    if (s.unknownEntry) {
      // A function: what its caller left in flight may be any of the registers.
      for (unsigned c : {VmCnt, ExpCnt, LgkmCnt}) w.count[c] = 0;
    }
    // A barrier releases the workgroup's memory: LDS always, the rest per CounterInfo.
    if (ins.has(T_Barrier)) {
      w.count[LgkmCnt] = 0;
      if (info_.barrierWaitsAll) w.count[VmCnt] = w.count[VsCnt] = w.count[ExpCnt] = 0;
    }
    // A return (s_setpc_b64 to the ABI's return address s[30:31]; another register is a tail
    // call, which waits only for what it reads) completes everything but stores.
    if (ins.has(T_Indirect) && !f_.kernel && returnsToCaller(ins))
      for (unsigned c : {VmCnt, ExpCnt, LgkmCnt}) w.count[c] = 0;
    // Acquire: the cache invalidation after an atomic or load waits for it: a load or an
    // atomic with return on vmcnt, an atomic without return on its store counter (gfx11's
    // vscnt); both when the acquiring operation is not in the block.
    if (ins.has(T_CacheInvalidate) || isMark(p_, ins, MemoryMark::Acquire)) {
      const Instruction *acq = acquiring(ins);
      bool store = acq && !acq->has(T_Returns) && !acq->has(T_Load);
      if (!acq || !store || !info_.hasVscnt) w.count[VmCnt] = 0;
      if (!acq || store) w.count[VsCnt] = 0;
    }
    // Release: after a cache write-back, the next memory operation waits for everything before
    // it; where releases leave no mark, an atomic followed by a cache invalidation is taken as
    // acquire-release or sequentially consistent (kMemoryModelMarks).
    if (releaseBefore(ins) || (ins.has(T_Atomic) && !info_.releaseMarked && acquireFollows(ins)))
      for (unsigned c : {VmCnt, LgkmCnt, VsCnt}) w.count[c] = 0;
    // Only what is in flight needs waiting for.
    for (unsigned c = 0; c < kNumCounters; ++c)
      if (w.count[c] != WaitNeed::kNoWait && s.pending(c) <= w.count[c] && !s.unknownEntry)
        w.count[c] = WaitNeed::kNoWait;
    return w;
  }

  static bool returnsToCaller(const Instruction &ins) {
    for (const RegAccess &a : ins.regs)
      if (!a.def && a.regs.first == 30 && a.regs.count == 2) return true;
    return false;
  }

  // Whether a cache invalidation follows `ins` in its block before any other memory operation.
  bool acquireFollows(const Instruction &ins) const {
    uint32_t i = static_cast<uint32_t>(&ins - f_.insts.data());
    for (uint32_t k = i + 1; k < f_.blocks[f_.blockOf[i]].end; ++k) {
      const Instruction &n = f_.insts[k];
      if (n.has(T_CacheInvalidate) || isMark(p_, n, MemoryMark::Acquire)) return true;
      if (n.isMemory() || n.endsBlock()) return false;
    }
    return false;
  }

  // The memory operation an acquire's cache invalidation `ins` is for: the one before it in its
  // block (waits and other invalidations aside), or null.
  const Instruction *acquiring(const Instruction &ins) const {
    uint32_t i = static_cast<uint32_t>(&ins - f_.insts.data());
    for (uint32_t k = i; k-- > f_.blocks[f_.blockOf[i]].begin;) {
      const Instruction &n = f_.insts[k];
      if (n.has(T_CacheInvalidate) || isMark(p_, n, MemoryMark::Acquire)) continue;
      if (n.isMemory()) return &n;
      if (n.has(T_Barrier) || n.category == Category::EXP) return nullptr;
    }
    return nullptr;
  }

  // Whether memory operation `ins` is a release: a cache write-back comes right before it in
  // its block (waits and ALU instructions aside).
  bool releaseBefore(const Instruction &ins) const {
    if (!ins.isMemory() || isMark(p_, ins, MemoryMark::Release)) return false;
    uint32_t i = static_cast<uint32_t>(&ins - f_.insts.data());
    for (uint32_t k = i; k-- > f_.blocks[f_.blockOf[i]].begin;) {
      const Instruction &n = f_.insts[k];
      if (isMark(p_, n, MemoryMark::Release)) return true;
      if (n.isMemory() || n.category == Category::EXP || n.has(T_Barrier)) return false;
    }
    return false;
  }

  static void apply(State &s, const WaitNeed &w) {
    for (unsigned c = 0; c < kNumCounters; ++c)
      if (w.count[c] != WaitNeed::kNoWait && s.pending(c) > w.count[c])
        s.lb[c] = s.ub[c] - w.count[c];
    if (w.count[VmCnt] == 0 && w.count[ExpCnt] == 0 && w.count[LgkmCnt] == 0)
      s.unknownEntry = false;
  }

  void issue(State &s, const Instruction &ins) const {
    if (ins.has(T_Call)) {
      // The callee waits for what it uses; on return nothing of ours is in flight but stores.
      for (unsigned c : {VmCnt, ExpCnt, LgkmCnt}) s.lb[c] = s.ub[c];
    }
    Events ev = eventsOf(info_, ins);
    for (unsigned k = 0; k < ev.n; ++k) {
      Event e = ev.list[k];
      Counter c = kEventCounter[e];
      uint32_t sc = ++s.ub[c];
      s.lastEvent[e] = sc;
      if (ins.category == Category::FLAT) s.lastFlat[c == VmCnt ? 0 : 1] = sc;
      if (c == VsCnt) continue;
      for (const RegAccess &a : ins.regs) {
        bool scored = e == EvExport || e == EvGdsLock ? !a.def : a.def;
        if (!scored || a.implicit) continue;
        for (RegUnit u = a.regs.first; u < a.regs.first + a.regs.count; ++u) {
          s.at(c, u) = sc;
          s.producer[c * kNumRegUnits + u] = ins.id;
          if (c == VmCnt) s.vmemType[u] = vmemTypeOf(ins);
          if (c == ExpCnt) s.expWar[u] = e != EvLdsDir;
        }
      }
    }
  }

  // Runs a block. With `out`, reports and fixes (the final pass over the solved states).
  void block(uint32_t b, State &s, PassResult *out, uint32_t fi) const {
    const BasicBlock &bb = f_.blocks[b];
    for (uint32_t i = bb.begin; i < bb.end; ++i) {
      const Instruction &ins = f_.insts[i];
      if (ins.has(T_Waitcnt)) {
        apply(s, waitOf(p_, ins));
        continue;
      }
      Producer why;
      WaitNeed w = need(s, ins, why);
      if (w.any()) {
        if (out) report(*out, fi, i, s, w, why);
        apply(s, w);
      }
      issue(s, ins);
    }
  }

private:
  void report(PassResult &out, uint32_t fi, uint32_t i, const State &s, const WaitNeed &w,
              const Producer &why) const {
    const Instruction &ins = f_.insts[i];
    Finding fd;
    fd.check = "waitcnt";
    fd.function = fi;
    fd.instruction = i;
    // The wait: merged into an s_waitcnt right before (of the same kind) when there is one.
    WaitNeed full = w;
    int prev = -1;
    if (i > f_.blocks[f_.blockOf[i]].begin && f_.insts[i - 1].has(T_Waitcnt)) {
      prev = static_cast<int>(i - 1);
      full.combine(waitOf(p_, f_.insts[i - 1]));
    }
    std::vector<std::string> text = waitText(info_, w);
    std::string fixText;
    for (const std::string &t : text) fixText += (fixText.empty() ? "" : "; ") + t;
    fd.fix = fixText;
    std::string what;
    if (s.unknownEntry) {
      what = "the function's caller may have memory operations in flight";
    } else if (ins.has(T_Barrier)) {
      what = "memory operations in flight at s_barrier";
    } else if (ins.has(T_Indirect)) {
      what = "memory operations in flight at the return";
    } else if (ins.has(T_CacheInvalidate)) {
      what = "loads in flight at the cache invalidation";
    } else if (releaseBefore(ins)) {
      what = "memory operations in flight at a release (after the cache write-back)";
    } else if (ins.has(T_Atomic) && !info_.releaseMarked && acquireFollows(ins)) {
      what = "memory operations in flight at an atomic a cache invalidation follows (taken as "
             "acquire-release)";
    } else if (why.instruction != ~0u) {
      const Instruction *prod = nullptr;
      for (const Instruction &x : f_.insts)
        if (x.id == why.instruction) prod = &x;
      std::string reg = regUnitName(*p_.arch, why.unit);
      bool written = false;
      for (const RegAccess &a : ins.regs)
        if (a.def && a.regs.contains(why.unit)) written = true;
      if (prod) {
        fd.related.push_back(static_cast<uint32_t>(prod - f_.insts.data()));
        std::string where = prod->loc.line ? fmt::format("line {}", prod->loc.line)
                                           : fmt::format("at {:#x}", prod->offset);
        what = fmt::format("{} {} by '{}' ({}) is {} before it is ready", reg,
                           why.counter == ExpCnt && prod->category != Category::LDSDIR ? "read"
                                                                                       : "written",
                           prod->name(), where, written ? "overwritten" : "read");
      } else {
        what = fmt::format("{} is {} while a memory operation on it is in flight", reg,
                           written ? "overwritten" : "read");
      }
    } else {
      what = "a memory operation is in flight";
    }
    fd.message = fmt::format("{}: missing '{}' before '{}'", what, fixText, ins.name());
    out.findings.push_back(std::move(fd));
    if (prev >= 0) {
      std::vector<std::string> merged = waitText(info_, full);
      // Replace the previous wait by the merged one(s) when it is of the same instruction kind.
      const Instruction &pw = f_.insts[prev];
      bool vs = pw.name() != "s_waitcnt";
      std::string keep;
      for (const std::string &t : merged)
        if (t.starts_with("s_waitcnt_vscnt") == vs) keep = t;
      if (!keep.empty()) {
        out.edits.push_back({fi, static_cast<uint32_t>(prev), Edit::Kind::Replace, keep});
        for (const std::string &t : text)
          if (t.starts_with("s_waitcnt_vscnt") != vs)
            out.edits.push_back({fi, i, Edit::Kind::InsertBefore, t});
        return;
      }
    }
    // A wait for a clause's first instruction goes before its s_clause (none inside a clause),
    // and before the hazard s_nop in front of it (llvm's order: its waits, then the nops).
    uint32_t at = i;
    while (at > f_.blocks[f_.blockOf[i]].begin &&
           (f_.insts[at - 1].name() == "s_clause" || f_.insts[at - 1].has(T_Nop)))
      --at;
    for (const std::string &t : text) out.edits.push_back({fi, at, Edit::Kind::InsertBefore, t});
  }

  const Program &p_;
  const Function &f_;
  const CounterInfo &info_;
};

} // namespace

CounterInfo counterInfo(const Program &p) {
  CounterInfo info;
  const isa::WaitcntLayout &l = p.arch->traits->waitcnt;
  info.hasVscnt = p.gfx11();
  info.flatInOrder = p.gfx11();
  info.max[VmCnt] = l.vmcnt.max();
  info.max[ExpCnt] = l.expcnt.max();
  info.max[LgkmCnt] = l.lgkmcnt.max();
  info.max[VsCnt] = info.hasVscnt ? 63 : 0;
  // Without a back-off barrier (llvm's FeatureBackOffBarrier) s_barrier needs every memory
  // operation waited for; gfx11 in WGP mode too (the workgroup's waves may be on both CUs).
  info.barrierWaitsAll = !p.has(isa::BackOffBarrier) || (p.gfx11() && !p.target->cuMode());
  info.releaseMarked = p.has(isa::Gfx940Insts);
  return info;
}

std::vector<std::string> waitText(const CounterInfo &info, const WaitNeed &need) {
  std::vector<std::string> out;
  std::string w;
  static constexpr std::string_view names[] = {"vmcnt", "expcnt", "lgkmcnt"};
  static constexpr Counter order[] = {VmCnt, ExpCnt, LgkmCnt};
  for (unsigned k = 0; k < 3; ++k) {
    Counter c = order[k];
    if (need.count[c] == WaitNeed::kNoWait || need.count[c] >= info.max[c]) continue;
    w += fmt::format("{}{}({})", w.empty() ? "" : " ", names[k], need.count[c]);
  }
  if (!w.empty()) out.push_back("s_waitcnt " + w);
  if (info.hasVscnt && need.count[VsCnt] != WaitNeed::kNoWait &&
      need.count[VsCnt] < info.max[VsCnt])
    out.push_back(fmt::format("s_waitcnt_vscnt null, {:#x}", need.count[VsCnt]));
  return out;
}

WaitNeed waitOf(const Program &p, const Instruction &ins) {
  WaitNeed w;
  const isa::WaitcntLayout &l = p.arch->traits->waitcnt;
  auto ops = p.arch->operandsOf(*ins.inst.desc);
  uint32_t imm = 0;
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == isa::Field::simm16) imm = ins.inst.ops[i].value;
  std::string_view n = ins.name();
  if (n == "s_waitcnt") {
    w.count[VmCnt] = l.vmcnt.get(imm);
    w.count[ExpCnt] = l.expcnt.get(imm);
    w.count[LgkmCnt] = l.lgkmcnt.get(imm);
  } else if (n == "s_waitcnt_vscnt") {
    w.count[VsCnt] = imm;
  } else if (n == "s_waitcnt_vmcnt") {
    w.count[VmCnt] = imm;
  } else if (n == "s_waitcnt_expcnt") {
    w.count[ExpCnt] = imm;
  } else if (n == "s_waitcnt_lgkmcnt") {
    w.count[LgkmCnt] = imm;
  }
  return w;
}

std::array<uint8_t, kNumCounters> countersIncremented(const CounterInfo &info,
                                                      const Instruction &ins) {
  std::array<uint8_t, kNumCounters> n{};
  Events ev = eventsOf(info, ins);
  for (unsigned k = 0; k < ev.n; ++k) ++n[kEventCounter[ev.list[k]]];
  return n;
}

void WaitcntPass::run(const Program &program, PassResult &out) {
  const CounterInfo info = counterInfo(program);
  for (uint32_t fi = 0; fi < program.functions.size(); ++fi) {
    const Function &f = program.functions[fi];
    if (f.blocks.empty()) continue;
    Scoreboard sb(program, f, info);
    State entry;
    entry.unknownEntry = !f.kernel;
    // (and its stores may still be in flight: vscnt is not waited for at calls)
    if (!f.kernel && info.hasVscnt) entry.ub[VsCnt] = kAgeCap;
    auto transfer = [&](uint32_t b, State &s) {
      sb.block(b, s, nullptr, fi);
      s.normalize();
    };
    std::vector<State> in = solveForward(f, entry, transfer, mergeInto);
    for (uint32_t b = 0; b < f.blocks.size(); ++b) sb.block(b, in[b], &out, fi);
  }
}

} // namespace gfxasm::analysis
