// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The analyzer against LLVM: clang-22's output for the OpenCL kernels of tests/object/kernels
// (compiled when the test runs) with every s_waitcnt* and s_delay_alu removed, fixed by
// `gfxasm::analyze`, compared with clang's own waits and delays:
//   coverage    every LLVM wait is met by an equal or stronger one at or before its place in
//               the same block, counting the operations issued in between, or later in the
//               block past VALU/SALU instructions only (must be 100%);
//   waits       wait instructions written, against LLVM's (at most 110%);
//   same counts LLVM's wait positions where ours has the same counts (at least 90%);
//   delays      LLVM's s_delay_alu positions where ours has the same operand (at least 90%).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include "analysis/delay_alu.h"
#include "analysis/program.h"
#include "analysis/waitcnt.h"
#include "gfxasm/analyze.h"
#include "isa/processors.h"

namespace {

namespace fs = std::filesystem;
using namespace gfxasm::analysis;

std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string stripWaits(const std::string &text) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    size_t b = line.find_first_not_of(" \t");
    std::string_view w = b == std::string::npos ? "" : std::string_view(line).substr(b);
    if ((w.starts_with("s_waitcnt") && !w.starts_with("s_waitcnt_depctr")) ||
        w.starts_with("s_delay_alu"))
      continue;
    out += line;
    out += '\n';
  }
  return out;
}

// Per real instruction (not a wait or delay) of a function: the waits and delays before it.
struct Slot {
  WaitNeed wait;
  unsigned waitInstructions = 0;
  std::vector<uint32_t> delays;
  std::array<uint8_t, kNumCounters> issues{};
  bool blockStart = false;
  // The instruction is VALU/SALU/TRANS: it neither accesses memory nor synchronizes, so a wait
  // moved past it orders memory the same (see compare()).
  bool alu = false;
};

std::vector<std::vector<Slot>> slots(const Program &p) {
  CounterInfo info = counterInfo(p);
  std::vector<std::vector<Slot>> all;
  for (const Function &f : p.functions) {
    std::vector<Slot> v;
    Slot cur;
    cur.blockStart = true;
    for (uint32_t i = 0; i < f.insts.size(); ++i) {
      const Instruction &ins = f.insts[i];
      if (f.blocks[f.blockOf[i]].begin == i) cur.blockStart = true;
      if (ins.has(T_Waitcnt)) {
        cur.wait.combine(waitOf(p, ins));
        ++cur.waitInstructions;
        continue;
      }
      if (ins.has(T_DelayAlu)) {
        auto ops = p.arch->operandsOf(*ins.inst.desc);
        for (size_t k = 0; k < ops.size(); ++k)
          if (ops[k].field == gfxasm::isa::Field::simm16)
            cur.delays.push_back(ins.inst.ops[k].value);
        continue;
      }
      cur.issues = countersIncremented(info, ins);
      cur.alu = ins.category == Category::VALU || ins.category == Category::SALU ||
                ins.category == Category::TRANS;
      v.push_back(cur);
      cur = Slot{};
    }
    all.push_back(std::move(v));
  }
  return all;
}

WaitNeed normalized(const CounterInfo &info, WaitNeed w) {
  for (unsigned c = 0; c < kNumCounters; ++c)
    if (w.count[c] >= info.max[c]) w.count[c] = WaitNeed::kNoWait;
  return w;
}

struct Figures {
  unsigned llvmWaitPositions = 0, covered = 0, sameCounts = 0;
  unsigned llvmWaitInstructions = 0, ourWaitInstructions = 0;
  unsigned llvmDelays = 0, sameDelays = 0, ourDelays = 0;
  unsigned files = 0, delayFindingsOnLlvm = 0;
  std::vector<std::string> uncovered;
};

void compare(const Program &llvm, const Program &ours, Figures &fig, const std::string &name) {
  CounterInfo info = counterInfo(llvm);
  auto a = slots(llvm), b = slots(ours);
  ASSERT_EQ(a.size(), b.size()) << name;
  for (size_t f = 0; f < a.size(); ++f) {
    ASSERT_EQ(a[f].size(), b[f].size()) << name << " function " << f;
    for (size_t j = 0; j < a[f].size(); ++j) {
      const Slot &l = a[f][j];
      fig.llvmWaitInstructions += l.waitInstructions;
      fig.ourWaitInstructions += b[f][j].waitInstructions;
      fig.llvmDelays += static_cast<unsigned>(l.delays.size());
      fig.ourDelays += static_cast<unsigned>(b[f][j].delays.size());
      if (!l.delays.empty() && l.delays == b[f][j].delays)
        fig.sameDelays += static_cast<unsigned>(l.delays.size());
      WaitNeed want = normalized(info, l.wait);
      if (!want.any()) continue;
      ++fig.llvmWaitPositions;
      if (normalized(info, b[f][j].wait).count == want.count) ++fig.sameCounts;
      // Strength of our waits at j: walk back in the block, adding the operations issued.
      bool ok = true;
      for (unsigned c = 0; c < kNumCounters; ++c) {
        if (want.count[c] == WaitNeed::kNoWait) continue;
        bool met = false;
        uint32_t n = 0;
        for (size_t k = j + 1; k-- > 0;) {
          const Slot &s = b[f][k];
          if (k < j) n += s.issues[c];
          uint32_t have = s.wait.count[c];
          if (have != WaitNeed::kNoWait && have + n <= want.count[c]) {
            met = true;
            break;
          }
          if (s.blockStart) break;
        }
        // Or later in the block past ALU instructions only (LLVM's scheduler may put an
        // unrelated VALU between a release fence's wait and its s_barrier): moving a wait past
        // instructions that neither access memory nor synchronize orders memory the same, and
        // checkCpu() asserts the analyzer's check finds no register read too early in the
        // fixed program.
        for (size_t k = j; !met && k + 1 < b[f].size() && b[f][k].alu;) {
          const Slot &s = b[f][++k];
          if (s.blockStart) break;
          uint32_t have = s.wait.count[c];
          met = have != WaitNeed::kNoWait && have <= want.count[c];
        }
        ok &= met;
      }
      if (ok)
        ++fig.covered;
      else
        fig.uncovered.push_back(
            fmt::format("{} function {} ({}) instruction {}", name, f, llvm.functions[f].name, j));
    }
  }
}

int run(const std::string &cmd) {
  int st = std::system(cmd.c_str());
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

// What checking clang's own output finds (`strict`: nothing) and the figures, per processor.
struct CheckOptions {
  std::string dir = GFXASM_KERNELS_DIR; // the OpenCL sources compiled
  bool strict = true; // assert the issue's targets (else the caller asserts on the figures)
};
struct Measured {
  Figures fig;
  unsigned findingsOnLlvm = 0; // waitcnt findings on clang's own output
};

Measured checkCpu(const std::string &cpu, const std::vector<std::string> &features = {},
                  const std::string &clangFlags = "", const std::vector<std::string> &only = {},
                  unsigned delayFloorPercent = 95, const CheckOptions &copt = {}) {
  Measured measured;
  const char *tmp = std::getenv("TMPDIR");
  std::string dir = fmt::format("{}/gfxasm_analyze_{}_{}{}", tmp && *tmp ? tmp : "/tmp", ::getpid(),
                                cpu, features.empty() ? "" : "_w64");
  fs::create_directories(dir);
  std::string err;
  auto target = gfxasm::Target::create(cpu, features, &err);
  EXPECT_TRUE(target) << err;
  if (!target) return measured;
  Figures &fig = measured.fig;
  for (const auto &entry : fs::directory_iterator(copt.dir)) {
    if (entry.path().extension() != ".cl") continue;
    std::string name = entry.path().stem().string();
    if (!only.empty() && std::find(only.begin(), only.end(), name) == only.end()) continue;
    std::string s = dir + "/" + name + ".s";
    int compiled = run(fmt::format("clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa "
                                   "-nogpulib -S -Wno-everything -mcpu={} {} -O3 -o {} {}",
                                   cpu, clangFlags, s, entry.path().string()));
    EXPECT_EQ(compiled, 0) << name;
    if (compiled != 0) continue;
    std::string original = slurp(s);
    gfxasm::AnalyzeOptions opts;
    opts.fileName = name + ".s";
    opts.fix = true;
    // Waits and delays only: LLVM's s_nops stay in the input (the hazard pass has its own
    // comparison, tests/hazard_corpus_test.cpp), its extra s_nops would shift the positions.
    opts.checkHazards = false;
    gfxasm::AnalyzeResult r = gfxasm::analyze(*target, stripWaits(original), opts);
    EXPECT_TRUE(r.ok()) << name;
    auto llvm = loadAssembly(*target, original, name + ".s");
    auto ours = loadAssembly(*target, r.fixed, name + ".s");
    EXPECT_EQ(ours->errorCount, 0u) << name << ": the fixed program does not assemble";
    if (!r.ok() || ours->errorCount) continue;
    compare(*llvm, *ours, fig, name);
    // The fixed program passes the analyzer's own wait check (so waits compare() accepts later
    // than LLVM's leave no register read before its result is back).
    gfxasm::AnalyzeOptions recheck;
    recheck.fileName = opts.fileName;
    recheck.checkHazards = false;
    for (const auto &f : gfxasm::analyze(*target, r.fixed, recheck).findings)
      if (f.check == "waitcnt")
        ADD_FAILURE() << "fixed: " << gfxasm::formatDiagnostic(f.diagnostic);
    // Checking LLVM's own output finds no wait missing.
    gfxasm::AnalyzeOptions check;
    check.fileName = opts.fileName;
    for (const auto &f : gfxasm::analyze(*target, original, check).findings) {
      if (f.check == "waitcnt") {
        ++measured.findingsOnLlvm;
        if (copt.strict) ADD_FAILURE() << gfxasm::formatDiagnostic(f.diagnostic);
      } else if (f.check == "delay_alu") { // (hazards: tests/hazard_corpus_test.cpp)
        ++fig.delayFindingsOnLlvm;
      }
    }
    ++fig.files;
  }
  double coverage = fig.llvmWaitPositions ? 100.0 * fig.covered / fig.llvmWaitPositions : 100;
  double extra =
      fig.llvmWaitInstructions ? 100.0 * fig.ourWaitInstructions / fig.llvmWaitInstructions : 100;
  double same = fig.llvmWaitPositions ? 100.0 * fig.sameCounts / fig.llvmWaitPositions : 100;
  double delays = fig.llvmDelays ? 100.0 * fig.sameDelays / fig.llvmDelays : 100;
  std::printf("%s%s: %u files; waits covered %u/%u (%.1f%%); wait instructions %u vs LLVM %u "
              "(%.1f%%); same counts %u/%u (%.1f%%); s_delay_alu same %u/%u (%.1f%%), ours %u; "
              "s_delay_alu findings on LLVM's own %u\n",
              cpu.c_str(), features.empty() ? "" : (" " + features[0]).c_str(), fig.files,
              fig.covered, fig.llvmWaitPositions, coverage, fig.ourWaitInstructions,
              fig.llvmWaitInstructions, extra, fig.sameCounts, fig.llvmWaitPositions, same,
              fig.sameDelays, fig.llvmDelays, delays, fig.ourDelays, fig.delayFindingsOnLlvm);
  for (size_t i = 0; i < fig.uncovered.size() && i < 40; ++i)
    std::printf("  uncovered: %s\n", fig.uncovered[i].c_str());
  fs::remove_all(dir);
  if (!copt.strict) return measured;
  // The issue's targets are 100% coverage and 90% equal delays; measured so far (docs/status.md):
  // coverage 100%, s_delay_alu 99.6-99.9% equal. The delay floor keeps what is reached.
  EXPECT_EQ(fig.covered, fig.llvmWaitPositions);
  EXPECT_LE(fig.ourWaitInstructions * 100, fig.llvmWaitInstructions * 110);
  EXPECT_GE(fig.sameCounts * 100, fig.llvmWaitPositions * 90);
  EXPECT_GE(fig.sameDelays * 100, fig.llvmDelays * delayFloorPercent);
  return measured;
}

TEST(AnalyzeAgainstLlvm, Gfx1100) {
  checkCpu("gfx1100");
}
TEST(AnalyzeAgainstLlvm, Gfx900) {
  checkCpu("gfx900");
}
TEST(AnalyzeAgainstLlvm, Gfx90a) {
  checkCpu("gfx90a");
}
TEST(AnalyzeAgainstLlvm, Gfx1100Wave64) {
  checkCpu("gfx1100", {"+wavefrontsize64"}, "-mwavefrontsize64 -DCORPUS_WAVE64");
}
TEST(AnalyzeAgainstLlvm, Gfx1151) {
  checkCpu("gfx1151");
}
TEST(AnalyzeAgainstLlvm, Gfx942) {
  checkCpu("gfx942");
}
TEST(AnalyzeAgainstLlvm, Gfx908) {
  checkCpu("gfx908");
}
// Generic processors (code object v6): their hazards, latencies and counters are their family's.
TEST(AnalyzeAgainstLlvm, Gfx11Generic) {
  checkCpu("gfx11-generic");
}
TEST(AnalyzeAgainstLlvm, Gfx9_4Generic) {
  checkCpu("gfx9-4-generic");
}

// The memory model (check 4): atomics at every ordering (relaxed, acquire, release, acq_rel,
// seq_cst) and scope (workgroup, agent, system) as loads, stores and read-modify-writes with and
// without return (tests/analyze/memory_model.cl), their waits removed and put back. Where the
// text says what the ordering was (SIMemoryLegalizer's cache invalidation after an acquire,
// its write-back before a release: waitcnt.cpp's kMemoryModelMarks), the waits come back; what
// only the ordering in the source says (a release store with no write-back before it, a
// seq_cst load) cannot be seen in the text: those places are counted, the rest asserted.
struct MemoryModelCase {
  const char *cpu;
  unsigned coveredFloorPercent; // measured (docs/status.md), kept as a floor
  unsigned ownFindingsCeiling;  // findings on clang's own output (acquire-only atomics taken for
                                // acq_rel where the release leaves no mark)
};
class MemoryModel : public ::testing::TestWithParam<MemoryModelCase> {};
TEST_P(MemoryModel, AtomicsOrderingAndScope) {
  const MemoryModelCase &c = GetParam();
  CheckOptions copt;
  copt.dir = GFXASM_ANALYZE_DIR;
  copt.strict = false;
  Measured m = checkCpu(c.cpu, {}, "", {}, 0, copt);
  EXPECT_GE(m.fig.covered * 100, m.fig.llvmWaitPositions * c.coveredFloorPercent);
  EXPECT_LE(m.findingsOnLlvm, c.ownFindingsCeiling);
  EXPECT_LE(m.fig.ourWaitInstructions * 100, m.fig.llvmWaitInstructions * 110);
  std::printf("%s memory model: %u of LLVM's %u wait places covered, %u findings on its own\n",
              c.cpu, m.fig.covered, m.fig.llvmWaitPositions, m.findingsOnLlvm);
}
INSTANTIATE_TEST_SUITE_P(Cpus, MemoryModel,
                         ::testing::Values(MemoryModelCase{"gfx900", 95, 8},
                                           MemoryModelCase{"gfx90a", 97, 8},
                                           MemoryModelCase{"gfx942", 99, 0},
                                           MemoryModelCase{"gfx1100", 93, 12}));

// Every other processor of isa/processors.def (a new processor is a row there): the same
// measure on a few kernels (memory, LDS and barriers, branches, calls, TRANS). On these five the
// s_delay_alu operands equal llvm's at 93-94% of its places on each gfx11 processor (on all
// thirty, gfx1100 and gfx1151 reach 98.4-98.9%): their floor is the issue's 90%.
TEST(AnalyzeAgainstLlvm, EveryProcessorOfTheTable) {
  const std::vector<std::string> measuredAbove = {"gfx1100",       "gfx900",        "gfx90a",
                                                  "gfx1151",       "gfx942",        "gfx908",
                                                  "gfx11-generic", "gfx9-4-generic"};
  for (const gfxasm::isa::Processor &p : gfxasm::isa::processors()) {
    std::string cpu(p.name);
    if (std::find(measuredAbove.begin(), measuredAbove.end(), cpu) != measuredAbove.end()) continue;
    SCOPED_TRACE(cpu);
    checkCpu(cpu, {}, "",
             {"02_lds_reduce", "05_atomics", "12_divergent", "14_calls", "28_transcendental"}, 90);
  }
}

// What the analyzer finds and estimates in a program's decoded ELF object (gfxasm's, which is
// llvm-mc's byte for byte) and in the code object ld.lld-22 links from it must be what it finds
// in the text: the same findings (check and fix) and the same timing per instruction, block and
// function (the code object's addresses keep the text's places in the 32-byte fetch blocks).
std::string timingSummary(const gfxasm::AnalyzeResult &r) {
  std::string s;
  for (const auto &f : r.findings) s += fmt::format("finding {} {}\n", f.check, f.fix);
  for (const auto &f : r.timing) {
    s += fmt::format("function {} kernel {} cycles {} used {}/{}/{} live {}/{}/{} occupancy {}\n",
                     f.name, f.kernel, f.cycles, f.sgprs, f.vgprs, f.agprs, f.liveSgprs,
                     f.liveVgprs, f.liveAgprs, f.occupancy);
    for (const auto &b : f.blocks) {
      s += fmt::format(" block {} start {} cycles {} stalls {} succs {}\n", b.index, b.start,
                       b.cycles, b.stalls, fmt::join(b.succs, ","));
      for (const auto &i : b.instructions)
        s += fmt::format("  {:#x} issue {} stall {} {} cycles {} latency {}\n", i.offset % 256,
                         i.issue, i.stall, i.stallWhy, i.cycles, i.latency);
    }
  }
  return s;
}

void checkObjects(const std::string &cpu, const std::vector<std::string> &features,
                  const std::string &clangFlags) {
  const char *tmp = std::getenv("TMPDIR");
  std::string dir = fmt::format("{}/gfxasm_analyze_obj_{}_{}{}", tmp && *tmp ? tmp : "/tmp",
                                ::getpid(), cpu, features.empty() ? "" : "_w64");
  fs::create_directories(dir);
  auto target = gfxasm::Target::create(cpu, features, nullptr);
  ASSERT_TRUE(target);
  unsigned files = 0, instructions = 0;
  for (const auto &entry : fs::directory_iterator(GFXASM_KERNELS_DIR)) {
    if (entry.path().extension() != ".cl") continue;
    std::string name = entry.path().stem().string();
    std::string s = dir + "/" + name + ".s", o = dir + "/" + name + ".o",
                so = dir + "/" + name + ".hsaco";
    ASSERT_EQ(run(fmt::format("clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -nogpulib "
                              "-S -Wno-everything -mcpu={} {} -O3 -o {} {}",
                              cpu, clangFlags, s, entry.path().string())),
              0)
        << name;
    // The waits stripped, so that there is something to find. Two things the text says and
    // the object cannot: llvm's "; wave barrier" comments, which the text analysis takes as a
    // barrier (llvm's WAVE_BARRIER pseudo), and the loop headers' .p2align, whose s_nop padding
    // is in the object's instruction stream but not in the text's (nor in llvm's passes, which
    // run before it exists): both left out here.
    std::string text;
    {
      std::istringstream in(stripWaits(slurp(s)));
      std::vector<std::string> lines;
      for (std::string line; std::getline(in, line);) lines.push_back(line);
      for (size_t k = 0; k < lines.size(); ++k) {
        bool loopAlign = lines[k].find(".p2align") != std::string::npos && k + 1 < lines.size() &&
                         lines[k + 1].starts_with(".LBB");
        if (!loopAlign && lines[k].find("; wave barrier") == std::string::npos)
          text += lines[k] + "\n";
      }
    }
    gfxasm::AssembleOptions a;
    a.output = gfxasm::OutputKind::Object;
    auto obj = gfxasm::assemble(*target, text, a);
    ASSERT_TRUE(obj.ok()) << name;
    {
      std::ofstream out(o, std::ios::binary);
      out.write(reinterpret_cast<const char *>(obj.object.data()),
                static_cast<std::streamsize>(obj.object.size()));
    }
    ASSERT_EQ(run(fmt::format("ld.lld-22 -shared -o {} {}", so, o)), 0) << name;
    std::string linked = slurp(so);
    gfxasm::AnalyzeOptions opts;
    opts.timing = true;
    gfxasm::AnalyzeResult fromText = gfxasm::analyze(*target, text, opts);
    ASSERT_TRUE(fromText.ok()) << name;
    gfxasm::AnalyzeResult fromObject = gfxasm::analyzeObject(*target, obj.object, opts);
    ASSERT_TRUE(fromObject.ok()) << name;
    gfxasm::AnalyzeResult fromCodeObject = gfxasm::analyzeObject(
        *target,
        std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(linked.data()), linked.size()),
        opts);
    ASSERT_TRUE(fromCodeObject.ok()) << name;
    std::string want = timingSummary(fromText);
    EXPECT_EQ(timingSummary(fromObject), want) << name << " (object)";
    EXPECT_EQ(timingSummary(fromCodeObject), want) << name << " (code object)";
    EXPECT_FALSE(fromText.findings.empty()) << name << ": nothing to compare";
    ++files;
    instructions += fromText.instructions;
  }
  std::printf("%s: %u kernels, %u instructions compared in text, object and code object\n",
              cpu.c_str(), files, instructions);
  fs::remove_all(dir);
}

TEST(AnalyzeObjects, SameAsTheTextGfx1100) {
  checkObjects("gfx1100", {}, "");
}
TEST(AnalyzeObjects, SameAsTheTextGfx1100Wave64) {
  checkObjects("gfx1100", {"+wavefrontsize64"}, "-mwavefrontsize64 -DCORPUS_WAVE64");
}
TEST(AnalyzeObjects, SameAsTheTextGfx90a) {
  checkObjects("gfx90a", {}, "");
}

} // namespace
