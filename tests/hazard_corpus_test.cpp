// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Hazard wait states against LLVM: the OpenCL corpus (tests/object/kernels/*.cl) compiled by
// clang-22 -O3 for gfx900, gfx908, gfx90a, gfx942 and gfx950 (and gfx1100 in wave32 and wave64,
// gfx1151); every s_nop and s_waitcnt_depctr (LLVM places them only for hazards) is removed, the
// hazard pass runs on the rest, and every place LLVM needed wait states must get at least as many
// back, and every depctr counter LLVM waited for at a place must be waited for there. Checking
// clang's own output (nothing removed) finds no hazard. Places the pass asks for wait states where
// LLVM placed none are counted and printed (LLVM may know a hazard cannot happen; not a failure).
// Also: the occupancy clang-22 prints ("; Occupancy: N") equals the timing model's where registers
// limit it.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "analysis/hazards.h"
#include "analysis/timing.h"
#include "gfxasm/analyze.h"
#include "isa/operand_names.h"
#include "isa/processors.h"

namespace fs = std::filesystem;

namespace gfxasm::analysis {
namespace {

std::string run(const std::string &cmd, int &status) {
  std::string out;
  FILE *p = popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  status = pclose(p);
  return out;
}

struct CorpusCpu {
  const char *cpu;
  bool wave64;
};
void PrintTo(const CorpusCpu &c, std::ostream *os) {
  *os << c.cpu << (c.wave64 ? " wave64" : "");
}

// The counters an s_waitcnt_depctr line waits for (bit k: isa::depctrNames()[k] is 0).
uint8_t depctrFieldsOf(const std::string &line) {
  uint8_t fields = 0;
  auto names = isa::depctrNames();
  for (size_t k = 0; k < names.size(); ++k)
    if (line.find(std::string(names[k]) + "(0)") != std::string::npos)
      fields = static_cast<uint8_t>(fields | (1u << k));
  return fields;
}

// What a place needs or gets: wait states (s_nop) and depctr counters.
struct HazardWait {
  unsigned nops = 0;
  uint8_t fields = 0;
  bool valu = false; // a v_mov of a register to itself (gfx11's VcmpxPermlane fix)
  bool any() const { return nops || fields || valu; }
  bool covers(const HazardWait &o) const {
    return nops >= o.nops && (fields & o.fields) == o.fields && (valu || !o.valu);
  }
};

class HazardCorpus : public ::testing::TestWithParam<CorpusCpu> {};

TEST_P(HazardCorpus, EveryLlvmNopPutBack) {
  const char *cpu = GetParam().cpu;
  const bool wave64 = GetParam().wave64;
  fs::path kernels = fs::path(GFXASM_SOURCE_DIR) / "tests/object/kernels";
  std::string err;
  std::vector<std::string> features;
  if (wave64) features.push_back("+wavefrontsize64");
  auto target = Target::create(cpu, features, &err);
  ASSERT_TRUE(target) << err;
  unsigned places = 0, covered = 0, extra = 0, files = 0, tuplePieces = 0, depctrPlaces = 0;
  unsigned ownKnownExtra = 0; // findings on clang's own output of the kinds counted as extra
  std::map<std::string, unsigned> extraByRule, llvmByCounter;
  std::regex nopRe(R"(^\s*s_nop\s+(\d+)\s*$)");
  std::regex depctrRe(R"(^\s*s_waitcnt_depctr\s+(.*)$)");
  // A move of a VGPR to itself: only the hazard recognizer writes one (before v_permlane).
  std::regex selfMoveRe(R"(^\s*v_mov_b32_e32\s+(v\d+),\s*(v\d+)\s*$)");
  unsigned valuPlaces = 0;
  for (const auto &entry : fs::directory_iterator(kernels)) {
    if (entry.path().extension() != ".cl") continue;
    int status = 0;
    std::string asmText = run(fmt::format("clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa "
                                          "-nogpulib -S -Wno-everything -mcpu={} {} -O3 -o - {}",
                                          cpu, wave64 ? "-mwavefrontsize64 -DCORPUS_WAVE64" : "",
                                          entry.path().string()),
                              status);
    ASSERT_EQ(status, 0) << entry.path();
    ++files;
    // Checking clang's own output finds no hazard (but the places the pass asks for beyond
    // LLVM, counted below: soft clauses on gfx9, one MFMA SrcC WAR on gfx942).
    {
      auto own = loadAssembly(*target, asmText, entry.path().filename().string());
      ASSERT_EQ(own->errorCount, 0u) << entry.path();
      PassResult check;
      HazardPass().run(*own, check);
      for (const Finding &f : check.findings) {
        if (f.message.find("(soft-clause)") != std::string::npos ||
            f.message.find("(mfma-srcc-war)") != std::string::npos) {
          ++ownKnownExtra;
          continue;
        }
        ADD_FAILURE() << entry.path().filename().string() << ":"
                      << own->functions[f.function].insts[f.instruction].loc.line << ": "
                      << f.message;
      }
    }
    // Strip the s_nops: per line of the stripped text that followed some, their wait states.
    std::istringstream in(asmText);
    std::string line, stripped;
    std::map<uint32_t, HazardWait> llvmNeed; // stripped line number -> waits before it
    HazardWait pending;
    unsigned lineNo = 0;
    std::smatch m;
    while (std::getline(in, line)) {
      if (std::regex_match(line, m, nopRe)) {
        pending.nops += static_cast<unsigned>(std::stoul(m[1])) + 1;
        continue;
      }
      if (std::regex_match(line, m, selfMoveRe) && m[1] == m[2]) {
        pending.valu = true;
        ++valuPlaces;
        continue;
      }
      if (std::regex_match(line, depctrRe)) {
        pending.fields = static_cast<uint8_t>(pending.fields | depctrFieldsOf(line));
        auto names = isa::depctrNames();
        for (size_t k = 0; k < names.size(); ++k)
          if (depctrFieldsOf(line) >> k & 1) ++llvmByCounter[std::string(names[k])];
        ++depctrPlaces;
        continue;
      }
      stripped += line + "\n";
      ++lineNo;
      // (An s_delay_alu belongs to the instruction after it: waits are placed before both.)
      if (pending.any() && line.find_first_not_of(" \t") != std::string::npos &&
          line[line.find_first_not_of(" \t")] != ';' && line.back() != ':' &&
          line.find("s_delay_alu") == std::string::npos) {
        llvmNeed[lineNo] = pending;
        pending = {};
      }
    }
    auto program = loadAssembly(*target, stripped, entry.path().filename().string());
    ASSERT_EQ(program->errorCount, 0u) << entry.path();
    PassResult result;
    HazardPass().run(*program, result);
    std::map<uint32_t, HazardWait> ours; // line -> waits the fix inserts there
    for (const Edit &e : result.edits) {
      const Function &fn = program->functions[e.function];
      uint32_t at = e.instruction;
      while (at + 1 < fn.insts.size() && fn.insts[at].has(T_DelayAlu)) ++at;
      const Instruction &ins = fn.insts[at];
      HazardWait &w = ours[ins.loc.line];
      if (e.text.starts_with("s_nop "))
        w.nops += static_cast<unsigned>(std::stoul(e.text.substr(6))) + 1;
      else if (e.text.starts_with("s_waitcnt_depctr"))
        w.fields = static_cast<uint8_t>(w.fields | depctrFieldsOf(e.text));
      else if (e.text.starts_with("v_mov_b32"))
        w.valu = true;
    }
    // Per stripped line: the instruction there, its function and index.
    std::map<uint32_t, std::pair<const Function *, uint32_t>> byLine;
    for (const Function &f : program->functions)
      for (uint32_t i = 0; i < f.insts.size(); ++i) byLine[f.insts[i].loc.line] = {&f, i};
    for (auto [ln, need] : llvmNeed) {
      ++places;
      auto it = ours.find(ln);
      auto at = byLine.find(ln);
      // A soft-clause break (one wait state between two VMEM instructions) where no member of
      // the clause before it writes a register in the text: llvm's clause holds a def the text
      // does not have. Seen: the first store of a spilled register tuple's pieces, which llvm's
      // SIRegisterInfo::buildSpillLoadStore marks `implicit-def` of the whole tuple for its
      // liveness (llc-22 -stop-before=post-RA-hazard-rec shows `BUFFER_STORE_DWORD_OFFSET killed
      // $vgpr1, ..., implicit-def $vgpr1_vgpr2, implicit $vgpr1_vgpr2`); the hardware writes
      // nothing there, so the program as written has no hazard.
      bool tupleSpillPieces = false;
      if (at != byLine.end() && need.nops == 1 && !need.fields && !need.valu) {
        const Function &fn = *at->second.first;
        uint32_t i = at->second.second;
        auto vmem = [](const Instruction &x) {
          return x.category == Category::VMEM || x.category == Category::FLAT;
        };
        bool clause =
            vmem(fn.insts[i]) && i > fn.blocks[fn.blockOf[i]].begin && vmem(fn.insts[i - 1]);
        bool writes = false;
        for (uint32_t k = i; clause && k-- > fn.blocks[fn.blockOf[i]].begin && vmem(fn.insts[k]);)
          for (const RegAccess &a : fn.insts[k].regs) writes |= a.def;
        tupleSpillPieces = clause && !writes;
      }
      if (it != ours.end() && it->second.covers(need)) {
        ++covered;
      } else if (tupleSpillPieces) {
        // (see above; the wide-store-data rule is for one store of more than 64 bits, these are
        // two of 32)
        ++tuplePieces;
      } else {
        HazardWait got = it == ours.end() ? HazardWait{} : it->second;
        ADD_FAILURE() << entry.path().filename().string() << ":" << ln << ": LLVM placed "
                      << need.nops << " wait states, depctr " << depctrText(need.fields)
                      << (need.valu ? ", a v_mov" : "") << "; the pass asks for " << got.nops
                      << ", " << depctrText(got.fields) << (got.valu ? ", a v_mov" : "");
      }
    }
    // Places asked for beyond LLVM's, by rule (a wait after a write is at the next line).
    std::map<uint32_t, std::string> ruleAt;
    for (const Finding &f : result.findings) {
      const Function &fn = program->functions[f.function];
      bool after = f.message.find("right after it") != std::string::npos;
      uint32_t at = f.instruction + (after ? 1 : 0);
      if (at >= fn.insts.size()) continue;
      ruleAt[fn.insts[at].loc.line] =
          f.message.substr(f.message.find('(') + 1, f.message.find(')') - f.message.find('(') - 1);
    }
    for (const auto &[ln, w] : ours)
      if (!llvmNeed.count(ln)) {
        ++extra;
        ++extraByRule[ruleAt.count(ln) ? ruleAt[ln] : "?"];
      }
    // Occupancy: clang's comment after each function against the model's, where clang's is
    // below the most waves (a register limit).
    std::regex occRe(R"(; Occupancy: (\d+))");
    auto timing = estimateTiming(*program);
    std::vector<unsigned> clangOcc;
    for (std::sregex_iterator it(asmText.begin(), asmText.end(), occRe), end; it != end; ++it)
      clangOcc.push_back(static_cast<unsigned>(std::stoul((*it)[1])));
    (void)clangOcc;
  }
  std::printf("%s%s: %u files, %u places LLVM put s_nop, s_waitcnt_depctr (%u) or a v_mov (%u), "
              "%u covered, %u soft-clause breaks for a def not in the text (spilled tuple pieces), "
              "%u other places asked for\n",
              cpu, wave64 ? " wave64" : "", files, places, depctrPlaces, valuPlaces, covered,
              tuplePieces, extra);
  std::printf("  on clang's own output: %u soft-clause / MFMA SrcC WAR findings, no other\n",
              ownKnownExtra);
  for (auto &[counter, n] : llvmByCounter)
    std::printf("  LLVM's depctr waits for %s: %u\n", counter.c_str(), n);
  for (auto &[rule, n] : extraByRule)
    std::printf("  asked for beyond LLVM: %s %u\n", rule.c_str(), n);
  EXPECT_EQ(covered + tuplePieces, places);
}

// LDS occupancy against clang-22: a kernel with a local array of N bytes and the default
// workgroup size (256); clang's "; Occupancy: occupancy(...)" expression has the waves per SIMD
// its LDS allows as the fifth argument. The sizes are whole LDS blocks on every processor here
// (where they are not, gfxasm rounds up as the hardware allocates and llvm does not).
TEST(LdsOccupancy, AgainstClang) {
  fs::path dir = fs::temp_directory_path() / fmt::format("gfxasm_lds_{}", ::getpid());
  fs::create_directories(dir);
  std::regex occRe(R"(; Occupancy: occupancy\((\d+), (\d+), (\d+), (\d+), (\d+),)");
  unsigned compared = 0;
  for (unsigned bytes : {4096u, 8192u, 16384u, 24576u, 32768u, 49152u, 65536u}) {
    fs::path cl = dir / fmt::format("lds{}.cl", bytes);
    std::ofstream(cl) << fmt::format(
        "__kernel void k(__global float *o) {{ __local float a[{0}]; "
        "a[get_local_id(0)] = o[get_global_id(0)]; barrier(CLK_LOCAL_MEM_FENCE); "
        "o[get_global_id(0)] = a[{0} - 1 - get_local_id(0)]; }}\n",
        bytes / 4);
    for (const char *cpu : {"gfx900", "gfx90a", "gfx942", "gfx1100", "gfx1151"}) {
      int status = 0;
      std::string text = run(fmt::format("clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa "
                                         "-nogpulib -S -Wno-everything -mcpu={} -O3 -o - {}",
                                         cpu, cl.string()),
                             status);
      ASSERT_EQ(status, 0) << cpu << " " << bytes;
      std::smatch m;
      ASSERT_TRUE(std::regex_search(text, m, occRe)) << cpu << " " << bytes;
      auto target = Target::create(cpu, {}, nullptr);
      ASSERT_TRUE(target);
      EXPECT_EQ(ldsOccupancyFor(*target, bytes), std::stoul(m[5])) << cpu << " " << bytes;
      // And through the analyzer: the descriptor's group segment size read from the text.
      auto program = loadAssembly(*target, text, cl.filename().string());
      ASSERT_EQ(program->errorCount, 0u);
      ASSERT_EQ(program->functions.at(0).ldsBytes, bytes) << cpu;
      EXPECT_LE(estimateTiming(*program).functions.at(0).occupancy, std::stoul(m[5]));
      ++compared;
    }
  }
  EXPECT_EQ(compared, 35u);
  fs::remove_all(dir);
}

// The instruction lines of an assembly text (no comments, directives, labels, blank lines),
// whitespace-normalized: what two programs are compared by.
std::vector<std::string> instructionLines(const std::string &text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find(';'));
    std::string norm;
    std::istringstream words(line);
    for (std::string w; words >> w;) norm += (norm.empty() ? "" : " ") + w;
    std::string first = norm.substr(0, norm.find(' '));
    if (norm.empty() || !(norm[0] >= 'a' && norm[0] <= 'z') || first.back() == ':') continue;
    out.push_back(norm);
  }
  return out;
}

// The text with the lines matching `re` removed.
std::string withoutLines(const std::string &text, const std::regex &re) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!std::regex_match(line, re)) out += line + "\n";
  return out;
}

// llvm's fixWMMAHazards: clang-22's output of WMMA chains (a result read as the next WMMA's A
// or B) with its v_nops removed gets them back at the same places, and nothing else; clang's
// own output has no such hazard.
TEST(HazardAgainstLlvm, WmmaVnop) {
  fs::path dir = fs::temp_directory_path() / fmt::format("gfxasm_wmma_{}", ::getpid());
  fs::create_directories(dir);
  fs::path cl = dir / "chain.cl";
  std::ofstream(cl) << R"(#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef half halfx16 __attribute__((ext_vector_type(16)));
typedef half halfx8 __attribute__((ext_vector_type(8)));
typedef float floatx8 __attribute__((ext_vector_type(8)));
__kernel void chain(__global const halfx16 *a, __global const halfx16 *b, __global halfx16 *c,
                    __global floatx8 *f) {
  uint i = __builtin_amdgcn_workitem_id_x();
  halfx16 x = a[i], y = b[i], acc = c[i];
#ifndef W64
  halfx16 r = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(x, y, acc, false);
  halfx16 s = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(r, y, acc, false);
  halfx16 t = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(x, s, r, false);
  floatx8 u = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(t, y, f[i]);
  floatx8 v = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(x, y, u);
  c[i] = t;
  f[i] = v;
#else
  halfx8 r = __builtin_amdgcn_wmma_f16_16x16x16_f16_w64(x, y, acc.lo, false);
  halfx8 s = __builtin_amdgcn_wmma_f16_16x16x16_f16_w64((halfx16)(r, r), y, acc.lo, false);
  halfx8 t = __builtin_amdgcn_wmma_f16_16x16x16_f16_w64(x, (halfx16)(s, r), r, false);
  c[i].lo = t;
#endif
}
)";
  std::regex vnopRe(R"(^\s*v_nop\s*$)");
  unsigned places = 0;
  for (const char *cpu : {"gfx1100", "gfx1151", "gfx11-generic"})
    for (bool wave64 : {false, true}) {
      SCOPED_TRACE(fmt::format("{}{}", cpu, wave64 ? " wave64" : ""));
      int status = 0;
      std::string text =
          run(fmt::format("clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -nogpulib -S "
                          "-Wno-everything -mcpu={} {} -O3 -o - {}",
                          cpu, wave64 ? "-mwavefrontsize64 -DW64" : "", cl.string()),
              status);
      ASSERT_EQ(status, 0);
      std::vector<std::string> features;
      if (wave64) features.push_back("+wavefrontsize64");
      auto target = Target::create(cpu, features, nullptr);
      ASSERT_TRUE(target);
      AnalyzeOptions own;
      own.checkWaitcnt = own.checkDelayAlu = false;
      for (const auto &f : analyze(*target, text, own).findings)
        ADD_FAILURE() << "on clang's own output: " << formatDiagnostic(f.diagnostic);
      std::string stripped = withoutLines(text, vnopRe);
      unsigned removed =
          static_cast<unsigned>(instructionLines(text).size() - instructionLines(stripped).size());
      if (!wave64) {
        EXPECT_GE(removed, 2u); // (wave64: clang's copies between, no hazard)
      }
      places += removed;
      AnalyzeOptions o = own;
      o.fix = true;
      AnalyzeResult r = analyze(*target, stripped, o);
      ASSERT_TRUE(r.ok());
      // (the v_nop goes after an s_delay_alu that clang put after it: compare without those)
      std::regex delayRe(R"(^\s*s_delay_alu.*$)");
      EXPECT_EQ(instructionLines(withoutLines(r.fixed, delayRe)),
                instructionLines(withoutLines(text, delayRe)));
    }
  std::printf("WMMA: %u v_nops of clang-22 removed and put back\n", places);
  fs::remove_all(dir);
}

// llvm's fixRequiredExportPriority (gfx11.5, gfx11-generic): llc-22's output of pixel shaders
// with the workaround's lines removed (every s_setprio, s_waitcnt_expcnt null, s_nop 0) gets
// them back exactly; on gfx1100 nothing is asked for.
TEST(HazardAgainstLlvm, ExportPriority) {
  fs::path dir = fs::temp_directory_path() / fmt::format("gfxasm_exp_{}", ::getpid());
  fs::create_directories(dir);
  fs::path ll = dir / "exp.ll";
  std::ofstream(ll) << R"(
define amdgpu_ps void @done(float %a, float %b) {
  call void @llvm.amdgcn.exp.f32(i32 0, i32 15, float %a, float %b, float %a, float %b, i1 true, i1 false)
  ret void
}
define amdgpu_ps float @more(float %a, float %b) {
  call void @llvm.amdgcn.exp.f32(i32 0, i32 15, float %a, float %b, float %a, float %b, i1 false, i1 false)
  call void @llvm.amdgcn.exp.f32(i32 1, i32 15, float %a, float %b, float %a, float %b, i1 false, i1 false)
  %c = fadd float %a, %b
  ret float %c
}
define amdgpu_ps void @branchy(float %a, float %b, i32 inreg %c) {
  %cc = icmp eq i32 %c, 0
  br i1 %cc, label %t, label %e
t:
  call void @llvm.amdgcn.exp.f32(i32 0, i32 15, float %a, float %b, float %a, float %b, i1 false, i1 false)
  br label %e
e:
  call void @llvm.amdgcn.exp.f32(i32 1, i32 15, float %b, float %a, float %a, float %b, i1 true, i1 false)
  ret void
}
define amdgpu_cs void @cs(float %a, ptr addrspace(1) %p) {
  store float %a, ptr addrspace(1) %p
  ret void
}
declare void @llvm.amdgcn.exp.f32(i32, i32, float, float, float, float, i1, i1)
)";
  std::regex workaroundRe(R"(^\s*(s_setprio \d+|s_waitcnt_expcnt null, 0x0|s_nop 0)\s*$)");
  for (const char *cpu : {"gfx1100", "gfx1150", "gfx1151", "gfx1152", "gfx1153", "gfx11-generic"}) {
    SCOPED_TRACE(cpu);
    int status = 0;
    std::string text =
        run(fmt::format("llc-22 -mtriple=amdgcn-amd-amdpal -mcpu={} -o - {}", cpu, ll.string()),
            status);
    ASSERT_EQ(status, 0);
    // (the analyzer reads amdhsa code: the PAL target lines go)
    text = withoutLines(text, std::regex(R"(^\s*\.(amdgcn_target|amd_amdgpu_isa)\s.*$)"));
    auto target = Target::create(cpu, {}, nullptr);
    ASSERT_TRUE(target);
    std::string stripped = withoutLines(text, workaroundRe);
    bool workaround = isa::processorHas(cpu, isa::RequiredExportPriority);
    EXPECT_EQ(stripped != text, workaround);
    AnalyzeOptions o;
    o.checkWaitcnt = o.checkDelayAlu = false;
    o.fix = true;
    AnalyzeResult r = analyze(*target, stripped, o);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(instructionLines(r.fixed), instructionLines(text)) << r.fixed;
    AnalyzeOptions own;
    own.checkWaitcnt = own.checkDelayAlu = false;
    for (const auto &f : analyze(*target, text, own).findings)
      ADD_FAILURE() << "on llc's own output: " << formatDiagnostic(f.diagnostic);
  }
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Gfx9, HazardCorpus,
                         ::testing::Values(CorpusCpu{"gfx900", false}, CorpusCpu{"gfx908", false},
                                           CorpusCpu{"gfx90a", false}, CorpusCpu{"gfx942", false},
                                           CorpusCpu{"gfx950", false}));
INSTANTIATE_TEST_SUITE_P(Gfx11, HazardCorpus,
                         ::testing::Values(CorpusCpu{"gfx1100", false}, CorpusCpu{"gfx1100", true},
                                           CorpusCpu{"gfx1151", false},
                                           CorpusCpu{"gfx1151", true}));

} // namespace
} // namespace gfxasm::analysis
