// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// `.amdhsa_kernel` blocks and the AMDGPU expression functions against llvm-mc-22: the printed
// block (-filetype=asm), the 64 bytes of NAME.kd (-filetype=obj, .rodata) and the first error
// (line, column, underlined range, message). Inputs: clang-22 kernels compiled when the test runs,
// random blocks, and hand-written error cases. Until the assembler calls the module, a small
// driver here reads the `.set`/`=` lines, `.amdhsa_code_object_version` and the blocks.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <sstream>

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include "asm/expr.h"
#include "gfxasm/gfxasm.h"
#include "object/amdhsa_kernel.h"
#include "oracle_util.h"

namespace {

using namespace gfxasm;
using namespace gfxasm::object;

// --- Running the tools ---

std::string tmpDir() {
  const char *tmp = std::getenv("TMPDIR");
  static std::string dir = fmt::format("{}/gfxasm_kd_{}", tmp && *tmp ? tmp : "/tmp", ::getpid());
  static bool made = std::system(("mkdir -p " + dir).c_str()) == 0;
  (void)made;
  return dir;
}

std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

int shell(const std::string &cmd) {
  int st = std::system(cmd.c_str());
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

std::string mcArgs(const std::string &cpu, const std::string &mattr) {
  return fmt::format("-triple=amdgcn-amd-amdhsa -mcpu={}{}", cpu,
                     mattr.empty() ? "" : " -mattr=" + mattr);
}

struct FirstError {
  uint32_t line = 0, col = 0, width = 0; // width: 1 + the '~' after the caret
  std::string message;
  bool operator==(const FirstError &) const = default;
};
std::ostream &operator<<(std::ostream &os, const FirstError &e) {
  return os << e.line << ":" << e.col << " (" << e.width << ") " << e.message;
}

struct LlvmRun {
  std::string blocks; // the printed .amdhsa_kernel blocks
  std::optional<FirstError> error;
  std::map<std::string, std::array<uint8_t, 64>> bytes; // NAME -> NAME.kd's bytes
};

std::optional<FirstError> firstError(const std::string &err) {
  std::istringstream in(err);
  std::string l;
  while (std::getline(in, l)) {
    if (l.rfind("input.s:", 0) != 0) continue;
    FirstError e;
    if (std::sscanf(l.c_str(), "input.s:%u:%u:", &e.line, &e.col) != 2) continue;
    size_t at = l.find(": error: ");
    if (at == std::string::npos) continue;
    e.message = l.substr(at + 9);
    std::string src, caret;
    std::getline(in, src);
    std::getline(in, caret);
    size_t c = caret.find('^');
    e.width = 1;
    while (c + e.width < caret.size() && caret[c + e.width] == '~') ++e.width;
    // llvm's message may end with a newline ("...cannot exceed 63\n"): the caret line follows it.
    if (src.empty() && caret.find('^') == std::string::npos) {
      e.message += "\n";
      std::getline(in, caret);
      c = caret.find('^');
      e.width = 1;
      while (c + e.width < caret.size() && caret[c + e.width] == '~') ++e.width;
    }
    return e;
  }
  return std::nullopt;
}

LlvmRun runLlvm(const std::string &src, const std::string &cpu, const std::string &mattr,
                bool object) {
  LlvmRun r;
  std::string dir = tmpDir();
  std::ofstream(dir + "/input.s") << src;
  shell(fmt::format("cd {} && llvm-mc-22 {} input.s >out.s 2>err.txt", dir, mcArgs(cpu, mattr)));
  r.error = firstError(slurp(dir + "/err.txt"));
  std::istringstream out(slurp(dir + "/out.s"));
  bool in = false;
  for (std::string l; std::getline(out, l);) {
    if (l.rfind("\t.amdhsa_kernel ", 0) == 0) in = true;
    if (in) r.blocks += l + "\n";
    if (l == "\t.end_amdhsa_kernel") in = false;
  }
  if (!object || r.error) return r;
  if (shell(fmt::format("cd {} && llvm-mc-22 {} -filetype=obj input.s -o input.o 2>err.txt && "
                        "llvm-objcopy-22 -O binary --only-section=.rodata input.o rodata.bin && "
                        "llvm-readelf-22 -s input.o > syms.txt",
                        dir, mcArgs(cpu, mattr))) != 0) {
    r.error = FirstError{0, 0, 0, "obj: " + slurp(dir + "/err.txt")};
    return r;
  }
  std::string rodata = slurp(dir + "/rodata.bin");
  std::istringstream syms(slurp(dir + "/syms.txt"));
  for (std::string l; std::getline(syms, l);) {
    std::istringstream ls(l);
    std::string num, value, size, type, bind, vis, ndx, name;
    if (!(ls >> num >> value >> size >> type >> bind >> vis >> ndx >> name)) continue;
    if (name.size() < 3 || name.substr(name.size() - 3) != ".kd") continue;
    size_t off = std::stoul(value, nullptr, 16);
    std::array<uint8_t, 64> b{};
    for (size_t i = 0; i < 64 && off + i < rodata.size(); ++i)
      b[i] = static_cast<uint8_t>(rodata[off + i]);
    r.bytes[name.substr(0, name.size() - 3)] = b;
  }
  return r;
}

// --- The driver: .set lines, the code object version and the blocks ---

struct OurRun {
  std::string blocks;
  std::optional<FirstError> error;
  std::map<std::string, std::array<uint8_t, 64>> bytes;
  std::map<std::string, std::vector<KdFixup>> fixups;
};

std::vector<std::string> features(const std::string &mattr) {
  return mattr.empty() ? std::vector<std::string>{} : std::vector<std::string>{mattr};
}

OurRun runOurs(const std::string &src, const std::string &cpu, const std::string &mattr) {
  OurRun r;
  std::string err;
  auto target = Target::create(cpu, features(mattr), &err);
  EXPECT_TRUE(target) << err;
  if (!target) return r;
  as::SymbolTable syms;
  syms.targetInfo() = as::targetInfoFor(*target);
  unsigned cov = 6;
  std::deque<KdTarget> kdTargets;
  std::optional<AmdhsaKernelParser> block;
  std::vector<KernelDescriptor> kds;
  std::istringstream in(src);
  std::deque<std::string> lines; // the tokens point into them
  bool comment = false;
  uint32_t lineNo = 0;
  for (std::string l; std::getline(in, l);) {
    ++lineNo;
    lines.push_back(l);
    std::vector<as::Token> toks;
    as::lexLine(lines.back(), toks, comment);
    as::Cursor c{toks, 0};
    auto error = [&](uint32_t col, uint32_t end, std::string msg, uint32_t line = 0) {
      if (!r.error)
        r.error = FirstError{line ? line : lineNo, col + 1, end ? end - col : 1, std::move(msg)};
    };
    if (block) {
      auto st = block->statement(c, lineNo);
      if (st == AmdhsaKernelParser::Status::Done) {
        r.blocks += printAmdhsaKernel(block->kernel(), kdTargets.back(), syms);
        kds.push_back(block->kernel());
        block.reset();
      } else if (st == AmdhsaKernelParser::Status::Error) {
        error(block->error().col, block->error().endCol, block->error().message,
              block->error().line);
        block.reset();
      }
      continue;
    }
    if (c.atEnd() || c.peek().kind != as::Tok::Identifier) continue;
    std::string_view first = c.peek().text;
    if (first == ".amdhsa_code_object_version") {
      c.next();
      cov = static_cast<unsigned>(c.peek().ival);
    } else if (first == ".amdhsa_kernel") {
      c.next();
      kdTargets.push_back(kdTargetFor(*target, cov));
      block.emplace(c.peek().text, kdTargets.back(), syms);
    } else if (first == ".set" || c.peek(1).kind == as::Tok::Equal) {
      if (first == ".set") c.next();
      std::string_view name = c.next().text;
      c.next(); // , or =
      as::ExprResult e = as::parseExpr(c, syms, true);
      if (!e.ok()) {
        error(e.errCol, 0, e.error);
        continue;
      }
      as::Symbol &s = syms.get(name);
      bool abs = e.kind == as::ExprResult::Kind::Absolute;
      s.kind = abs ? as::Symbol::Kind::Value : as::Symbol::Kind::Variable;
      s.value = e.value;
      s.expr = abs ? syms.pool().constant(e.value) : e.expr;
    }
  }
  for (const KernelDescriptor &kd : kds) {
    std::array<uint8_t, 64> b{};
    std::vector<KdFixup> f;
    writeKernelDescriptor(kd, syms, as::EvalStage::Final, b.data(), f);
    r.bytes[kd.name] = b;
    r.fixups[kd.name] = f;
  }
  return r;
}

std::string hex(const std::array<uint8_t, 64> &b) {
  std::string s;
  for (size_t i = 0; i < 64; ++i) s += fmt::format("{:02x}{}", b[i], i % 16 == 15 ? "\n" : " ");
  return s;
}

// Compares everything llvm-mc-22 gives for `src` with ours; `object`: the bytes too.
void expectSame(const std::string &src, const std::string &cpu, const std::string &mattr = "",
                bool object = true) {
  LlvmRun llvm = runLlvm(src, cpu, mattr, object);
  OurRun ours = runOurs(src, cpu, mattr);
  if (llvm.error) {
    // Only errors of the blocks: the driver reads nothing else.
    EXPECT_EQ(ours.error, llvm.error) << cpu << " " << mattr << "\n" << src;
    return;
  }
  EXPECT_FALSE(ours.error) << *ours.error << "\n" << src;
  EXPECT_EQ(ours.blocks, llvm.blocks) << cpu << " " << mattr << "\n" << src;
  if (!object) return;
  ASSERT_EQ(ours.bytes.size(), llvm.bytes.size()) << src;
  for (auto &[name, b] : llvm.bytes) {
    EXPECT_EQ(hex(ours.bytes[name]), hex(b)) << name << " " << cpu << "\n" << src;
    // What is left for the object writer: the code entry offset only, once every symbol is set.
    ASSERT_EQ(ours.fixups[name].size(), 1u) << name;
    EXPECT_EQ(ours.fixups[name][0].offset, 16u);
    EXPECT_EQ(ours.fixups[name][0].size, 8u);
  }
}

bool haveTools() {
  return shell("llvm-mc-22 --version >/dev/null 2>&1") == 0 &&
         shell("clang-22 --version >/dev/null 2>&1") == 0;
}

// A word that is not absolute once every symbol is set is left to the object writer as a fixup.
TEST(AmdhsaKernel, UnresolvedWordsAreFixups) {
  OurRun r = runOurs(".amdhsa_kernel k\n .amdhsa_group_segment_fixed_size lds_size\n"
                     " .amdhsa_next_free_vgpr 4\n .amdhsa_next_free_sgpr nsgpr\n"
                     ".end_amdhsa_kernel\n.set nsgpr, 20\n",
                     "gfx900", "");
  ASSERT_FALSE(r.error);
  const std::vector<KdFixup> &f = r.fixups["k"];
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].offset, 0u); // group_segment_fixed_size: lds_size is never set
  EXPECT_EQ(f[0].size, 4u);
  EXPECT_EQ(f[1].offset, 16u); // the code entry offset
  // rsrc1's SGPR blocks: (alignto(max(20 + 6, 1), 8) / 8) - 1 = 3, resolved at the end.
  EXPECT_EQ(r.bytes["k"][48] >> 6 | (r.bytes["k"][49] & 3) << 2, 3);
}

// --- AMDGPU expression functions ---

// The value llvm-mc-22 gives `.long EXPR` in an object, or nullopt (an error).
std::optional<int64_t> llvmValue(const std::string &expr, const std::string &cpu) {
  std::string dir = tmpDir();
  std::ofstream(dir + "/v.s") << ".long " << expr << "\n";
  if (shell(fmt::format("cd {} && llvm-mc-22 {} -filetype=obj v.s -o v.o 2>/dev/null && "
                        "llvm-objcopy-22 -O binary --only-section=.text v.o v.bin",
                        dir, mcArgs(cpu, ""))) != 0)
    return std::nullopt;
  std::string b = slurp(dir + "/v.bin");
  if (b.size() != 4) return std::nullopt;
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = v << 8 | static_cast<uint8_t>(b[i]);
  return static_cast<int32_t>(v);
}

std::optional<int64_t> ourValue(const std::string &expr, const std::string &cpu) {
  std::string err;
  auto target = Target::create(cpu, {}, &err);
  as::SymbolTable syms;
  syms.targetInfo() = as::targetInfoFor(*target);
  std::vector<as::Token> toks;
  bool comment = false;
  as::lexLine(expr, toks, comment);
  as::Cursor c{toks, 0};
  as::ExprResult r = as::parseExpr(c, syms, false);
  if (!r.ok() || !c.atEnd()) return std::nullopt;
  return static_cast<int32_t>(static_cast<uint32_t>(r.value));
}

TEST(AmdgpuExpr, FunctionsEvaluateAsLlvm) {
  if (!haveTools()) GTEST_SKIP() << "llvm-mc-22/clang-22 not found";
  std::mt19937 rng(7);
  std::vector<std::string> exprs = {
      "max(-5, -3)",   "max(1)",        "max(3, 9, 2)",     "or(1, 2, 4)",
      "alignto(5, 4)", "alignto(8, 8)", "alignto(1, 2, 3)", "max(1, 2) + or(8, 1)"};
  for (int vcc = 0; vcc < 2; ++vcc)
    for (int fs = 0; fs < 2; ++fs)
      for (int xn = 0; xn < 2; ++xn)
        exprs.push_back(fmt::format("extrasgprs({}, {}, {})", vcc, fs, xn));
  for (int i = 0; i < 12; ++i) {
    exprs.push_back(fmt::format("totalnumvgprs({}, {})", rng() % 3 ? rng() % 256 : 0, rng() % 256));
    exprs.push_back(fmt::format("occupancy({}, {}, {}, {}, {}, {}, {})", 8 + rng() % 13,
                                4 << (rng() % 3), 256 << (rng() % 3), 4 + rng() % 7, rng() % 21,
                                rng() % 4 ? rng() % 120 : 0, rng() % 4 ? rng() % 600 : 0));
  }
  for (std::string cpu : {"gfx900", "gfx90a", "gfx942", "gfx1100"})
    for (const std::string &e : exprs)
      EXPECT_EQ(ourValue(e, cpu), llvmValue(e, cpu)) << e << " on " << cpu;
}

TEST(AmdgpuExpr, ArgumentListErrorsAsLlvm) {
  if (!haveTools()) GTEST_SKIP() << "llvm-mc-22/clang-22 not found";
  for (std::string e : {"max()", "or()", "alignto()", "occupancy()", "max(1,)", "max(1 2)",
                        "max(,1)", "max(1,,2)", "max(1", "max(1,", "extrasgprs()"}) {
    std::string src = ".set x, " + e + "\n";
    LlvmRun llvm = runLlvm(src, "gfx900", "", false);
    OurRun ours = runOurs(src, "gfx900", "");
    EXPECT_EQ(ours.error, llvm.error) << e;
  }
}

// --- clang-22 kernels ---

constexpr const char *kKernels = R"(
__kernel void saxpy(__global float *y, __global const float *x, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
__attribute__((noinline)) void helper(__global int *p, int n) {
  for (int i = 0; i < n; ++i) p[i] += i;
}
__kernel void withcall(__global int *p, int n) { helper(p, n); }
__kernel void lds(__global float *o) {
  __local float t[256];
  t[get_local_id(0)] = o[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  o[get_global_id(0)] = t[255 - get_local_id(0)];
}
__kernel void spill(__global float4 *o, int n) {
  float4 acc[24];
  for (int i = 0; i < 24; ++i) acc[i] = o[i * n + get_global_id(0)];
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < 24; ++i) acc[i] = acc[i] * acc[(i + k) % 24] + acc[(i * 7) % 24];
  for (int i = 0; i < 24; ++i) o[i] = acc[i];
}
int rec(int n) { return n <= 1 ? 1 : n * rec(n - 1); }
__kernel void recursive(__global int *o) { o[0] = rec(o[1]); }
__kernel void dynstack(__global int *o, int n) {
  int buf[64];
  for (int i = 0; i < 64; ++i) buf[i] = o[i];
  o[0] = buf[n & 63];
}
__kernel void twod(__global float *o, int w) {
  o[get_global_id(1) * w + get_global_id(0)] = get_group_id(2);
}
)";

struct ClangConfig {
  std::string cpu, extra, mattr, targetId; // targetId: clang's -mcpu when not the cpu
};

TEST(AmdhsaKernel, ClangKernelsAsLlvm) {
  if (!haveTools()) GTEST_SKIP() << "llvm-mc-22/clang-22 not found";
  std::string dir = tmpDir();
  std::ofstream(dir + "/k.cl") << kKernels;
  std::vector<ClangConfig> configs;
  for (std::string cpu :
       {"gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1151"})
    for (int cov : {4, 5, 6})
      configs.push_back({cpu, fmt::format("-mcode-object-version={}", cov), "", ""});
  configs.push_back({"gfx1100", "-mwavefrontsize64", "+wavefrontsize64", ""});
  configs.push_back({"gfx1100", "-mcumode", "+cumode", ""});
  configs.push_back({"gfx90a", "-mcode-object-version=5", "+xnack", "gfx90a:xnack+"});
  configs.push_back({"gfx906", "-mcode-object-version=4", "-xnack", "gfx906:xnack-"});
  configs.push_back(
      {"gfx942", "-mcode-object-version=5", "+xnack,+sramecc", "gfx942:sramecc+:xnack+"});
  configs.push_back({"gfx90a", "-mtgsplit", "+tgsplit", ""});
  for (int opt : {0, 3})
    for (const ClangConfig &cfg : configs) {
      if (opt == 0 && cfg.cpu != "gfx90a" && cfg.cpu != "gfx1100") continue;
      std::string cmd =
          fmt::format("cd {} && clang-22 -x cl -cl-std=CL2.0 -target "
                      "amdgcn-amd-amdhsa -mcpu={} {} -nogpulib -O{} -S k.cl -o "
                      "k.s 2>/dev/null",
                      dir, cfg.targetId.empty() ? cfg.cpu : cfg.targetId, cfg.extra, opt);
      ASSERT_EQ(shell(cmd), 0) << cmd;
      SCOPED_TRACE(cmd);
      expectSame(slurp(dir + "/k.s"), cfg.cpu, cfg.mattr);
    }
}

// Whole files through the assembler (the block wired into src/asm/assembler.cpp): the printed
// text and the object file are llvm-mc-22's, byte for byte.
TEST(AmdhsaKernel, ClangFilesThroughTheAssemblerAsLlvm) {
  if (!haveTools()) GTEST_SKIP() << "llvm-mc-22/clang-22 not found";
  std::string dir = tmpDir();
  std::ofstream(dir + "/k.cl") << kKernels;
  std::vector<ClangConfig> configs = {{"gfx900", "-mcode-object-version=4", "", ""},
                                      {"gfx906", "-mcode-object-version=5", "", ""},
                                      {"gfx908", "-mcode-object-version=6", "", ""},
                                      {"gfx90a", "-mcode-object-version=5", "", ""},
                                      {"gfx942", "-mcode-object-version=6", "", ""},
                                      {"gfx950", "-mcode-object-version=4", "", ""},
                                      {"gfx1100", "-mcode-object-version=6", "", ""},
                                      {"gfx1151", "-mcode-object-version=5", "", ""},
                                      {"gfx1100", "-mwavefrontsize64", "+wavefrontsize64", ""}};
  for (const ClangConfig &cfg : configs) {
    std::string cmd = fmt::format("cd {} && clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa "
                                  "-mcpu={} {} -nogpulib -O3 -S k.cl -o k.s 2>/dev/null",
                                  dir, cfg.cpu, cfg.extra);
    ASSERT_EQ(shell(cmd), 0) << cmd;
    SCOPED_TRACE(cmd);
    std::string src = slurp(dir + "/k.s");
    std::string err;
    auto target = Target::create(cfg.cpu, features(cfg.mattr), &err);
    ASSERT_TRUE(target) << err;
    AssembleOptions o;
    o.fileName = "k.s";
    AssembleResult text = assemble(*target, src, o);
    o.output = OutputKind::Object;
    AssembleResult obj = assemble(*target, src, o);
    shell(fmt::format("cd {} && llvm-mc-22 {} k.s > k.mc.s 2>/dev/null && llvm-mc-22 {} "
                      "-filetype=obj k.s -o k.o",
                      dir, mcArgs(cfg.cpu, cfg.mattr), mcArgs(cfg.cpu, cfg.mattr)));
    EXPECT_EQ(text.text, slurp(dir + "/k.mc.s"));
    std::string ours(obj.object.begin(), obj.object.end());
    bool same = ours == slurp(dir + "/k.o");
    if (!same) {
      std::ofstream(dir + "/ours.o", std::ios::binary) << ours;
      shell(fmt::format("cd {} && llvm-readelf-22 -a -x .rodata k.o > a.txt 2>&1; llvm-readelf-22 "
                        "-a -x .rodata ours.o > b.txt 2>&1; diff a.txt b.txt | head -30 > d.txt",
                        dir));
    }
    EXPECT_TRUE(same) << slurp(dir + "/d.txt");
  }
}

// Errors through the assembler: the whole output and every diagnostic (with the underlined range,
// the lines after a failed block read as ordinary statements, an unterminated block).
TEST(AmdhsaKernel, BlockErrorsThroughTheAssemblerAsLlvm) {
  if (!haveTools()) GTEST_SKIP() << "llvm-mc-22/clang-22 not found";
  const std::string head = ".text\nk:\n s_endpgm\n.rodata\n.p2align 6, 0x0\n.amdhsa_kernel k\n";
  std::vector<std::string> files = {
      head + " .amdhsa_next_free_vgpr 4\n .amdhsa_foo 1\n .amdhsa_next_free_sgpr 8\n"
             ".end_amdhsa_kernel\n s_nop 0\n",
      head + " .amdhsa_next_free_vgpr 4\n\t.amdhsa_float_round_mode_32 (1+3)  ; c\n"
             ".end_amdhsa_kernel\n",
      head + " .amdhsa_next_free_vgpr 300 // many\n .amdhsa_next_free_sgpr 8\n"
             " .amdhsa_accum_offset 4\n.end_amdhsa_kernel\n",
      head + " .amdhsa_next_free_vgpr 4\n .amdhsa_next_free_sgpr 8\n",
      head + " .amdhsa_next_free_vgpr 4\n .amdhsa_next_free_sgpr 8",
      head + " .amdhsa_next_free_vgpr 4\n .amdhsa_next_free_sgpr 8\n .amdhsa_accum_offset 4\n"
             ".end_amdhsa_kernel s_nop 0\n",
      ".amdhsa_kernel\n",
      ".rodata\n.amdhsa_kernel k\n .amdhsa_group_segment_fixed_size lds\n"
      " .amdhsa_next_free_vgpr 4\n .amdhsa_next_free_sgpr nsgpr\n .amdhsa_accum_offset 4\n"
      ".end_amdhsa_kernel\n",
  };
  std::string dir = tmpDir();
  for (std::string cpu : {"gfx900", "gfx90a", "gfx1100"})
    for (const std::string &src : files)
      for (bool object : {false, true}) {
        std::ofstream(dir + "/e.s") << src;
        shell(fmt::format("cd {} && llvm-mc-22 {} {} e.s -o e.out 2>e.err", dir, mcArgs(cpu, ""),
                          object ? "-filetype=obj" : ""));
        std::string err;
        auto target = Target::create(cpu, {}, &err);
        AssembleOptions o;
        o.fileName = "e.s";
        o.output = object ? OutputKind::Object : OutputKind::Asm;
        AssembleResult r = assemble(*target, src, o);
        std::string diags;
        for (const Diagnostic &d : r.diagnostics) diags += formatDiagnostic(d);
        EXPECT_EQ(diags, slurp(dir + "/e.err")) << cpu << (object ? " obj\n" : "\n") << src;
        // (llvm-mc keeps no output file after an error)
        if (!object && !r.errorCount) {
          EXPECT_EQ(r.text, slurp(dir + "/e.out")) << cpu << "\n" << src;
        }
      }
}

// --- Random blocks ---

struct FieldSpec {
  const char *name;
  unsigned width;
};
constexpr FieldSpec kBitFields[] = {
    {".amdhsa_user_sgpr_dispatch_ptr", 1},
    {".amdhsa_user_sgpr_queue_ptr", 1},
    {".amdhsa_user_sgpr_kernarg_segment_ptr", 1},
    {".amdhsa_user_sgpr_dispatch_id", 1},
    {".amdhsa_user_sgpr_private_segment_size", 1},
    {".amdhsa_uses_dynamic_stack", 1},
    {".amdhsa_system_sgpr_workgroup_id_x", 1},
    {".amdhsa_system_sgpr_workgroup_id_y", 1},
    {".amdhsa_system_sgpr_workgroup_id_z", 1},
    {".amdhsa_system_sgpr_workgroup_info", 1},
    {".amdhsa_system_vgpr_workitem_id", 2},
    {".amdhsa_float_round_mode_32", 2},
    {".amdhsa_float_round_mode_16_64", 2},
    {".amdhsa_float_denorm_mode_32", 2},
    {".amdhsa_float_denorm_mode_16_64", 2},
    {".amdhsa_dx10_clamp", 1},
    {".amdhsa_ieee_mode", 1},
    {".amdhsa_fp16_overflow", 1},
    {".amdhsa_exception_fp_ieee_invalid_op", 1},
    {".amdhsa_exception_fp_denorm_src", 1},
    {".amdhsa_exception_fp_ieee_div_zero", 1},
    {".amdhsa_exception_fp_ieee_overflow", 1},
    {".amdhsa_exception_fp_ieee_underflow", 1},
    {".amdhsa_exception_fp_ieee_inexact", 1},
    {".amdhsa_exception_int_div_zero", 1},
    {".amdhsa_reserve_vcc", 1},
};

struct CpuCase {
  std::string cpu, mattr;
  bool gfx90a, archFlat, gfx11;
};
const CpuCase kCpus[] = {{"gfx900", "", false, false, false},
                         {"gfx906", "-xnack", false, false, false},
                         {"gfx90a", "", true, false, false},
                         {"gfx942", "", true, true, false},
                         {"gfx950", "", true, true, false},
                         {"gfx1100", "", false, true, true},
                         {"gfx1100", "+wavefrontsize64", false, true, true},
                         {"gfx1151", "", false, true, true}};

// A block of mostly valid fields; `symbolic`: some values are names set after the block.
std::string randomBlock(std::mt19937 &rng, const CpuCase &cc, const std::string &name,
                        bool symbolic, std::string &sets) {
  std::vector<std::string> lines;
  auto pick = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
  auto value = [&](uint64_t v, bool allowSymbol) {
    if (symbolic && allowSymbol && pick(3) == 0) {
      static unsigned counter = 0;
      std::string sym = fmt::format("{}.s{}", name, counter++);
      sets += fmt::format(".set {}, {}\n", sym, v);
      return pick(2) ? sym : fmt::format("max({}, 0)", sym);
    }
    return std::to_string(v);
  };
  for (const FieldSpec &f : kBitFields)
    if (pick(2)) {
      bool resolve = std::string_view(f.name).starts_with(".amdhsa_user_sgpr") ||
                     std::string_view(f.name) == ".amdhsa_reserve_vcc";
      lines.push_back(fmt::format("  {} {}", f.name, value(pick(1u << f.width), !resolve)));
    }
  if (pick(2))
    lines.push_back(
        fmt::format("  .amdhsa_group_segment_fixed_size {}", value(rng() % 65537, true)));
  if (pick(2))
    lines.push_back(fmt::format("  .amdhsa_private_segment_fixed_size {}", value(rng(), true)));
  unsigned kernarg = pick(4) ? pick(1024) : 0;
  if (pick(2) || kernarg) lines.push_back(fmt::format("  .amdhsa_kernarg_size {}", kernarg));
  if (!cc.archFlat) {
    if (pick(2))
      lines.push_back(fmt::format("  .amdhsa_user_sgpr_private_segment_buffer {}", pick(2)));
    if (pick(2)) lines.push_back(fmt::format("  .amdhsa_user_sgpr_flat_scratch_init {}", pick(2)));
    if (pick(2)) lines.push_back(fmt::format("  .amdhsa_reserve_flat_scratch {}", pick(2)));
    if (pick(2))
      lines.push_back(fmt::format("  .amdhsa_system_sgpr_private_segment_wavefront_offset {}",
                                  value(pick(2), true)));
  } else if (pick(2)) {
    lines.push_back(fmt::format("  .amdhsa_enable_private_segment {}", value(pick(2), true)));
  }
  unsigned vgprs = pick(10) ? 1 + pick(cc.gfx90a ? 512 : 256) : 0;
  if (cc.gfx90a) {
    unsigned maxAccum = std::min(256u, (std::max(1u, vgprs) + 3) / 4 * 4);
    lines.push_back(fmt::format("  .amdhsa_accum_offset {}", 4 * (1 + pick(maxAccum / 4))));
    if (pick(2)) lines.push_back(fmt::format("  .amdhsa_tg_split {}", value(pick(2), true)));
    if (kernarg && pick(2)) {
      unsigned len = pick(std::min(5u, kernarg / 4 + 1));
      lines.push_back(fmt::format("  .amdhsa_user_sgpr_kernarg_preload_length {}", len));
      lines.push_back(fmt::format("  .amdhsa_user_sgpr_kernarg_preload_offset {}",
                                  pick(kernarg / 4 - len + 1)));
    }
  }
  if (cc.gfx11) {
    bool w64 = cc.mattr == "+wavefrontsize64";
    if (pick(3) == 0) lines.push_back(fmt::format("  .amdhsa_wavefront_size32 {}", w64 ? 0 : 1));
    for (const char *n :
         {".amdhsa_workgroup_processor_mode", ".amdhsa_memory_ordered", ".amdhsa_forward_progress"})
      if (pick(2)) lines.push_back(fmt::format("  {} {}", n, value(pick(2), true)));
    if (pick(2)) lines.push_back(fmt::format("  .amdhsa_inst_pref_size {}", value(pick(64), true)));
    if (w64 && pick(2)) lines.push_back(fmt::format("  .amdhsa_shared_vgpr_count {}", pick(4)));
  }
  std::string vgprText = value(vgprs, true), sgprText = value(pick(cc.gfx11 ? 106 : 96), true);
  lines.push_back("  .amdhsa_next_free_vgpr " + vgprText);
  lines.push_back("  .amdhsa_next_free_sgpr " + sgprText);
  std::shuffle(lines.begin(), lines.end(), rng);
  std::string s = ".amdhsa_kernel " + name + "\n";
  for (const std::string &l : lines) s += l + "\n";
  return s + ".end_amdhsa_kernel\n";
}

TEST(AmdhsaKernel, RandomBlocksAsLlvm) {
  if (!haveTools()) GTEST_SKIP() << "llvm-mc-22/clang-22 not found";
  std::mt19937 rng(gfxasm::test::testSeed(2026));
  for (const CpuCase &cc : kCpus)
    for (int cov : {4, 5, 6})
      for (bool symbolic : {false, true}) {
        std::string code = ".text\n", kds = ".rodata\n", sets;
        for (int k = 0; k < 6; ++k) {
          std::string name = fmt::format("k{}", k);
          code += name + ":\n  s_endpgm\n";
          kds += ".p2align 6\n" + randomBlock(rng, cc, name, symbolic, sets);
        }
        std::string src = fmt::format(".amdhsa_code_object_version {}\n", cov) + code + kds + sets;
        SCOPED_TRACE(fmt::format("{} {} v{}", cc.cpu, cc.mattr, cov));
        expectSame(src, cc.cpu, cc.mattr);
      }
}

// --- Errors ---

std::string block(const std::string &body, bool accum = false) {
  return ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 4\n  .amdhsa_next_free_sgpr 8\n" +
         std::string(accum ? "  .amdhsa_accum_offset 4\n" : "") + body + ".end_amdhsa_kernel\n";
}

TEST(AmdhsaKernel, ErrorsAsLlvm) {
  if (!haveTools()) GTEST_SKIP() << "llvm-mc-22/clang-22 not found";
  std::vector<std::string> bodies = {
      "  .amdhsa_foo 1\n",
      "  .amdhsa_foo -1\n",
      "  .amdhsa_next_free_vgpr 8\n",
      "  .amdhsa_float_round_mode_32 4\n",
      "  .amdhsa_float_round_mode_32 1+3    // comment\n",
      "\t.amdhsa_float_round_mode_32 (1+3)  ; comment\n",
      "  .amdhsa_float_round_mode_32 4   \n",
      "  .amdhsa_system_vgpr_workitem_id 3\n",
      "  .amdhsa_group_segment_fixed_size 4294967296\n",
      "  .amdhsa_kernarg_size -1\n",
      "  .amdhsa_kernarg_size undefined_symbol\n",
      "  .amdhsa_user_sgpr_count 2\n  .amdhsa_user_sgpr_dispatch_ptr 1\n"
      "  .amdhsa_user_sgpr_queue_ptr 1\n",
      "  .amdhsa_user_sgpr_count 32\n",
      "  .amdhsa_user_sgpr_count sym\n",
      "  .amdhsa_user_sgpr_dispatch_ptr sym\n",
      "  .amdhsa_reserve_vcc 2\n",
      "  .amdhsa_reserve_flat_scratch 2\n",
      "  .amdhsa_reserve_xnack_mask 0\n",
      "  .amdhsa_reserve_xnack_mask 1\n",
      "  .amdhsa_reserve_xnack_mask 2\n",
      "  .amdhsa_memory_ordered 1\n",
      "  .amdhsa_forward_progress 1\n",
      "  .amdhsa_workgroup_processor_mode 1\n",
      "  .amdhsa_wavefront_size32 1\n",
      "  .amdhsa_wavefront_size32 sym\n",
      "  .amdhsa_shared_vgpr_count 1\n",
      "  .amdhsa_shared_vgpr_count 16\n",
      "  .amdhsa_inst_pref_size 64\n",
      "  .amdhsa_inst_pref_size 1\n",
      "  .amdhsa_tg_split 1\n",
      "  .amdhsa_round_robin_scheduling 1\n",
      "  .amdhsa_named_barrier_count 1\n",
      "  .amdhsa_enable_private_segment 1\n",
      "  .amdhsa_system_sgpr_private_segment_wavefront_offset 1\n",
      "  .amdhsa_user_sgpr_private_segment_buffer 1\n",
      "  .amdhsa_user_sgpr_flat_scratch_init sym\n",
      "  .amdhsa_user_sgpr_kernarg_preload_length 1\n",
      "  .amdhsa_kernarg_size 8\n  .amdhsa_user_sgpr_kernarg_preload_length 3\n",
      "  .amdhsa_user_sgpr_kernarg_preload_length 17\n",
      "  .amdhsa_user_sgpr_kernarg_preload_offset 1024\n",
      "  .amdhsa_user_sgpr_kernarg_preload_length sym\n",
      "  .amdhsa_reserve_vcc 1 .amdhsa_ieee_mode 0 5\n",
      "  .amdhsa_ieee_mode\n",
      "  foo:\n",
      "  1\n",
      "  .amdhsa_ieee_mode (1\n",
      "  .amdhsa_dx10_clamp max()\n",
  };
  // Each field one past its range.
  for (const FieldSpec &f : kBitFields)
    bodies.push_back(fmt::format("  {} {}\n", f.name, 1u << f.width));
  for (const CpuCase &cc : kCpus)
    for (const std::string &body : bodies)
      expectSame(block(body, cc.gfx90a), cc.cpu, cc.mattr, false);
  // Missing and inconsistent register fields.
  std::vector<std::string> blocks = {
      ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 4\n.end_amdhsa_kernel // c\n",
      ".amdhsa_kernel k\n  .amdhsa_next_free_sgpr 4\n.end_amdhsa_kernel\n",
      ".amdhsa_kernel k\n.end_amdhsa_kernel junk\n",
      ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 4\n  .amdhsa_next_free_sgpr 8\n"
      ".end_amdhsa_kernel\n",
      ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 257\n  .amdhsa_next_free_sgpr 8\n"
      "  .amdhsa_accum_offset 4\n.end_amdhsa_kernel\n",
      ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 513\n  .amdhsa_next_free_sgpr 8\n"
      "  .amdhsa_accum_offset 4\n.end_amdhsa_kernel\n",
      ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 4\n  .amdhsa_next_free_sgpr 103\n"
      "  .amdhsa_accum_offset 4\n.end_amdhsa_kernel\n",
      ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 4\n  .amdhsa_next_free_sgpr 127\n"
      "  .amdhsa_accum_offset 4\n.end_amdhsa_kernel\n",
      ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 8\n  .amdhsa_next_free_sgpr 8\n"
      "  .amdhsa_accum_offset 12\n.end_amdhsa_kernel\n",
      ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 8\n  .amdhsa_next_free_sgpr 8\n"
      "  .amdhsa_accum_offset 6\n.end_amdhsa_kernel\n",
      ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 8\n  .amdhsa_next_free_sgpr 8\n"
      "  .amdhsa_accum_offset 260\n.end_amdhsa_kernel\n",
      ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 200\n  .amdhsa_next_free_sgpr 8\n"
      "  .amdhsa_shared_vgpr_count 10\n  .amdhsa_accum_offset 4\n.end_amdhsa_kernel\n",
      ".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 8\n  .amdhsa_next_free_sgpr 8\n"
      "  .amdhsa_wavefront_size32 1\n  .amdhsa_shared_vgpr_count 1\n.end_amdhsa_kernel\n",
  };
  for (const CpuCase &cc : kCpus)
    for (const std::string &b : blocks) expectSame(b, cc.cpu, cc.mattr, false);
}

} // namespace
