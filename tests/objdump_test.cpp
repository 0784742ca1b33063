// gfxasm objdump against llvm-objdump-22 -d on objects built when the test runs: the OpenCL
// kernels of tests/objdump/kernels.cl compiled by clang-22 for every gfx11 processor (wave32 and
// wave64), a code object linked by ld.lld-22 (with its .symtab and stripped), the layout cases of
// tests/objdump/layout.s and random kernel descriptors assembled by llvm-mc-22. The listings must
// be identical. An instruction whose text differs only because gfxasm's decoder does not yet
// decode its bytes as llvm does (llvm-mc-22 --disassemble prints llvm-objdump's text for them,
// gfxasm's disassembleInstruction something else) is listed in the output and does not fail the
// test, unless GFXASM_OBJDUMP_STRICT=1: that is the decoder's work, not objdump's.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gfxasm/gfxasm.h"
#include "oracle_util.h"

namespace {

namespace fs = std::filesystem;

using gfxasm::test::slurp;
using gfxasm::test::ToolRun;

std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// An instruction line of an AMDGPU listing: "\t<text><padding>// <address>: <dwords>[ <label>]"
// (or bytes); `text` without its padding.
struct InstLine {
  std::string text;
  uint64_t address = 0;
  std::vector<uint8_t> bytes;
  std::string rest; // from "// " on
};

std::optional<InstLine> parseInstLine(const std::string &line) {
  if (line.size() < 2 || line[0] != '\t' || line[1] == '\t') return std::nullopt;
  size_t comment = line.find("// ");
  if (comment == std::string::npos || line.size() < comment + 17 || line[comment + 15] != ':')
    return std::nullopt;
  InstLine r;
  r.text = line.substr(1, comment - 1);
  while (!r.text.empty() && r.text.back() == ' ') r.text.pop_back();
  r.rest = line.substr(comment);
  r.address = std::stoull(line.substr(comment + 3, 12), nullptr, 16);
  std::istringstream words(line.substr(comment + 16));
  for (std::string w; words >> w && w[0] != '<';) {
    uint32_t v = static_cast<uint32_t>(std::stoul(w, nullptr, 16));
    for (size_t i = 0; i < w.size() / 2; ++i) r.bytes.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  return r;
}

bool isDataDirective(const std::string &text) {
  return text.starts_with(".long ") || text.starts_with(".byte ");
}

class ObjdumpVsLlvm : public ::testing::Test {
protected:
  static fs::path dir_;
  static std::string setupError_;
  // Decoding differences found by the tests: bytes (and features) -> the texts, the processors.
  struct Difference {
    std::string llvm, ours;
    std::set<std::string> cpus;
  };
  static std::map<std::string, Difference> decoding_;

  static ToolRun shell(const std::string &cmd) {
    ToolRun r;
    std::string full = fmt::format("cd '{}' && {} >out.txt 2>err.txt", dir_.string(), cmd);
    int st = std::system(full.c_str());
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = slurp(dir_ / "out.txt");
    r.err = slurp(dir_ / "err.txt");
    return r;
  }

  static bool build(const std::string &cmd) {
    ToolRun r = shell(cmd);
    if (r.status != 0) setupError_ += fmt::format("`{}` failed: {}\n", cmd, r.err);
    return r.status == 0;
  }

  static void SetUpTestSuite() {
    const char *tmp = std::getenv("TMPDIR");
    dir_ = fs::path(tmp && *tmp ? tmp : "/tmp") / fmt::format("gfxasm_objdump_{}", ::getpid());
    fs::create_directories(dir_);
  }

  // Builds the named input once (ctest runs each test in its own process: only what it needs).
  static void need(const std::string &name) {
    if (fs::exists(dir_ / name)) return;
    std::string src = GFXASM_OBJDUMP_TEST_DIR;
    std::string cl = fmt::format("clang-22 -x cl -cl-std=CL2.0 --target=amdgcn-amd-amdhsa "
                                 "-nogpulib -O2 -c {}/kernels.cl",
                                 src);
    std::string mc = "llvm-mc-22 -triple=amdgcn-amd-amdhsa -filetype=obj";
    std::string stem = name.substr(0, name.find('.'));
    if (name == "kernels_w64.o") {
      build(fmt::format("{} -mcpu=gfx1100 -mwavefrontsize64 -o {}", cl, name));
    } else if (name == "kernels_gfx1151_w64.o") {
      build(fmt::format("{} -mcpu=gfx1151 -mwavefrontsize64 -o {}", cl, name));
    } else if (name.starts_with("kernels_") && name.ends_with(".o")) {
      build(fmt::format("{} -mcpu={} -DWAVE32 -o {}", cl, stem.substr(8), name));
    } else if (name == "kernels.so") {
      need("kernels_gfx1100.o");
      build("ld.lld-22 -shared kernels_gfx1100.o -o kernels.so");
    } else if (name == "kernels_stripped.so") {
      need("kernels_gfx1150.o");
      build("ld.lld-22 -shared --strip-all kernels_gfx1150.o -o kernels_stripped.so");
    } else if (name == "layout.o") {
      build(fmt::format("{} -mcpu=gfx1100 {}/layout.s -o layout.o", mc, src));
    } else if (name == "layout_gfx1151.o") {
      build(fmt::format("{} -mcpu=gfx1151 {}/layout.s -o layout_gfx1151.o", mc, src));
    } else if (name == "descriptors.o") {
      std::ofstream(dir_ / "descriptors.s") << randomKernelDescriptors();
      build(fmt::format("{} -mcpu=gfx1100 descriptors.s -o descriptors.o", mc));
    } else if (name == "descriptors_v4.o") {
      // The same descriptors in a code object v4 file (no .amdhsa_uses_dynamic_stack).
      need("descriptors.o");
      std::string v4 = slurp(dir_ / "descriptors.o");
      if (v4.size() > 8) v4[8] = 2; // EI_ABIVERSION
      std::ofstream(dir_ / name, std::ios::binary) << v4;
    }
    ASSERT_TRUE(fs::exists(dir_ / name)) << setupError_;
  }

  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
    if (decoding_.empty()) return;
    std::cout << fmt::format("\n{} instruction texts differ from llvm-objdump-22's because "
                             "gfxasm's decoder prints them differently (llvm-mc-22 --disassemble "
                             "agrees with llvm-objdump-22):\n",
                             decoding_.size());
    for (const auto &[key, d] : decoding_)
      std::cout << fmt::format("  {} ({})\n    llvm:   {}\n    gfxasm: {}\n", key,
                               fmt::join(d.cpus, " "), d.llvm, d.ours);
  }

  // Kernel descriptors of random fields, reserved bits and bytes set now and then (64-byte
  // aligned, one symbol each, in a code section as llvm-objdump decodes them).
  static std::string randomKernelDescriptors() {
    std::mt19937 rng(12345);
    auto chance = [&](unsigned percent) { return rng() % 100 < percent; };
    // Reserved bit ranges of COMPUTE_PGM_RSRC3/1/2 and the kernel code properties on gfx11.
    const std::vector<std::vector<std::pair<int, int>>> reserved = {
        {{12, 12}, {13, 13}, {14, 21}, {22, 30}},
        {{6, 9}, {10, 11}, {20, 20}, {22, 22}, {24, 24}, {25, 25}, {27, 27}, {28, 28}},
        {{13, 13}, {14, 14}, {15, 23}, {31, 31}},
        {{7, 9}, {12, 15}}};
    std::string s = ".text\n";
    for (int k = 0; k < 80; ++k) {
      uint32_t w[16] = {};
      for (int i = 0; i < 3; ++i) w[i] = chance(50) ? 0 : (chance(50) ? rng() : rng() % 4096);
      w[4] = rng(), w[5] = rng();
      for (int field = 0; field < 4; ++field) {
        uint32_t v = rng();
        for (auto [lo, hi] : reserved[field])
          if (!chance(3)) v &= ~static_cast<uint32_t>(((uint64_t(1) << (hi - lo + 1)) - 1) << lo);
        if (field < 3)
          w[11 + field] = v;
        else
          w[14] = (v & 0xffff) | (chance(50) ? rng() & 0xffff0000 : 0);
      }
      if (chance(2)) w[3] = 1u << (rng() % 32);
      if (chance(2)) w[6 + rng() % 5] = 1u << (rng() % 32);
      if (chance(2)) w[15] = 1u << (rng() % 32);
      s += fmt::format(".p2align 6\n.type k{0}.kd,@object\nk{0}.kd:\n.long ", k);
      for (int i = 0; i < 16; ++i) s += fmt::format("{}{:#x}", i ? ", " : "", w[i]);
      s += '\n';
    }
    return s;
  }

  // llvm-mc-22's text for the instruction at the start of `bytes` ("" when it is none).
  static std::string llvmMcText(const std::vector<uint8_t> &bytes, const std::string &cpu,
                                const std::string &mattr) {
    std::string input = "[";
    for (uint8_t b : bytes) input += fmt::format("{:#04x},", b);
    input.back() = ']'; // one block: llvm-mc stops at the first invalid instruction
    std::ofstream(dir_ / "bytes.txt") << input << '\n';
    ToolRun r = shell(fmt::format("llvm-mc-22 --disassemble -triple=amdgcn-amd-amdhsa -mcpu={} {} "
                                  "bytes.txt",
                                  cpu, mattr.empty() ? "" : "-mattr=" + mattr));
    for (const std::string &line : splitLines(r.out))
      if (line.starts_with("\t") && !line.starts_with("\t.")) return line.substr(1);
    return "";
  }

  // Whether the two tools list the instruction at one address differently because llvm and
  // gfxasm's decoder disagree on its bytes: llvm-mc-22 prints what llvm-objdump printed
  // (.long/.byte: no instruction), gfxasm's decoder something else, and gfxasm's objdump what its
  // decoder gives. The bytes are those of the longer of the two lines.
  static bool decoderDiffers(const InstLine &llvmLine, const InstLine &ourLine,
                             const std::string &cpu, const std::string &mattr) {
    const std::vector<uint8_t> &bytes =
        ourLine.bytes.size() > llvmLine.bytes.size() ? ourLine.bytes : llvmLine.bytes;
    std::string expected = isDataDirective(llvmLine.text) ? "" : llvmLine.text;
    if (llvmMcText(bytes, cpu, mattr) != expected) return false;
    std::vector<std::string> features;
    if (!mattr.empty()) features.push_back(mattr);
    auto target = gfxasm::Target::create(cpu, features, nullptr);
    if (!target) return false;
    gfxasm::DecodedInstruction d =
        gfxasm::disassembleInstruction(*target, bytes.data(), bytes.size());
    std::string ours = d.text;
    if (ours == expected) return false;
    if (ourLine.text != (isDataDirective(ourLine.text) ? "" : ours)) return false;
    std::string key;
    for (uint8_t b : bytes) key += fmt::format("{:02X} ", b);
    key += mattr;
    auto &entry = decoding_[key];
    entry.cpus.insert(cpu);
    entry.llvm = expected.empty() ? "(no instruction)" : expected;
    entry.ours = ours.empty() ? "(no instruction)" : ours;
    return true;
  }

  // Runs both tools with `args` (options and files, in the work directory) and compares their
  // listings, errors and exit status. `cpu` and `mattr` are what the instructions decode for.
  void compare(const std::string &args, const std::string &cpu, const std::string &mattr = "") {
    SCOPED_TRACE(args);
    std::istringstream words(args);
    for (std::string w; words >> w;)
      if (w[0] != '-') need(w);
    if (HasFatalFailure()) return;
    ToolRun llvm = shell("llvm-objdump-22 -d " + args);
    ToolRun ours = shell(std::string(GFXASM_CLI) + " objdump -d " + args);
    ASSERT_EQ(llvm.status, 0) << llvm.err;
    EXPECT_EQ(ours.status, 0) << ours.err;
    EXPECT_EQ(ours.err, llvm.err);
    auto a = splitLines(llvm.out), b = splitLines(ours.out);
    size_t i = 0, j = 0, reported = 0;
    bool desync = false; // after instructions of different sizes, until the addresses meet
    auto fail = [&](const std::string &why) {
      if (reported++ < 20)
        ADD_FAILURE() << fmt::format(
            "{} (llvm line {}, gfxasm line {})\n  llvm:   {}\n  gfxasm: {}", why, i + 1, j + 1,
            i < a.size() ? a[i] : "(end)", j < b.size() ? b[j] : "(end)");
    };
    bool strict = std::getenv("GFXASM_OBJDUMP_STRICT") != nullptr;
    while (i < a.size() && j < b.size()) {
      if (!desync && a[i] == b[j]) {
        ++i, ++j;
        continue;
      }
      auto la = parseInstLine(a[i]), lb = parseInstLine(b[j]);
      if (desync) {
        // The side that is behind skips instructions until both are at one address again.
        if (la && (!lb || la->address < lb->address)) {
          ++i;
        } else if (lb && (!la || lb->address < la->address)) {
          ++j;
        } else {
          desync = false;
        }
        continue;
      }
      if (!la || !lb || la->address != lb->address) {
        fail("listings differ");
        return;
      }
      bool sameBytes = la->bytes == lb->bytes;
      if (sameBytes && la->rest != lb->rest)
        fail("instruction lines differ after the text");
      else if (!decoderDiffers(*la, *lb, cpu, mattr))
        fail("instruction text differs, and not because of the decoder");
      else if (strict)
        fail("instruction text differs (decoder; GFXASM_OBJDUMP_STRICT)");
      desync = !sameBytes;
      ++i, ++j;
    }
    if (i < a.size() || j < b.size()) fail("one listing is longer");
  }
};

fs::path ObjdumpVsLlvm::dir_;
std::string ObjdumpVsLlvm::setupError_;
std::map<std::string, ObjdumpVsLlvm::Difference> ObjdumpVsLlvm::decoding_;

TEST_F(ObjdumpVsLlvm, KernelsForEveryProcessor) {
  for (const char *cpu :
       {"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1153"})
    compare(fmt::format("kernels_{}.o", cpu), cpu);
}

// llvm-objdump takes no wave size from the file: wave64 code lists as wave32 without --mattr.
TEST_F(ObjdumpVsLlvm, Wave64Kernels) {
  compare("kernels_w64.o", "gfx1100");
  compare("--mattr=+wavefrontsize64 kernels_w64.o", "gfx1100", "+wavefrontsize64");
  compare("--mattr=+wavefrontsize64 kernels_gfx1151_w64.o", "gfx1151", "+wavefrontsize64");
}

TEST_F(ObjdumpVsLlvm, LinkedCodeObjects) {
  compare("kernels.so", "gfx1100");
  compare("kernels_stripped.so", "gfx1150"); // .dynsym's symbols only
}

TEST_F(ObjdumpVsLlvm, Options) {
  compare("--no-show-raw-insn kernels_gfx1100.o", "gfx1100");
  compare("--no-leading-addr kernels_gfx1100.o", "gfx1100");
  compare("-z layout.o", "gfx1100");
  compare("--disassemble-zeroes --no-leading-addr kernels.so", "gfx1100");
  compare("--mcpu=gfx1150 kernels_gfx1100.o", "gfx1150");
  compare("--mattr=-real-true16 kernels_gfx1100.o", "gfx1100", "-real-true16");
}

TEST_F(ObjdumpVsLlvm, Layout) {
  compare("layout.o", "gfx1100");
  compare("layout_gfx1151.o", "gfx1151");
  compare("layout.o kernels_gfx1103.o layout_gfx1151.o", "gfx1100");
}

TEST_F(ObjdumpVsLlvm, KernelDescriptors) {
  compare("descriptors.o", "gfx1100");
  compare("descriptors_v4.o", "gfx1100");
}

// Errors whose message gfxasm words as llvm-objdump does.
TEST_F(ObjdumpVsLlvm, Errors) {
  need("layout.o");
  std::string truncated = slurp(dir_ / "layout.o").substr(0, 200);
  std::ofstream(dir_ / "truncated.o", std::ios::binary) << truncated;
  std::ofstream(dir_ / "text.o") << "not an object\n";
  for (const char *file : {"missing.o", "truncated.o", "text.o", "layout.o missing.o"}) {
    SCOPED_TRACE(file);
    ToolRun llvm = shell(fmt::format("llvm-objdump-22 -d {}", file));
    ToolRun ours = shell(fmt::format("{} objdump -d {}", GFXASM_CLI, file));
    EXPECT_EQ(llvm.status, 1);
    EXPECT_EQ(ours.status, 1);
    EXPECT_EQ(ours.out, llvm.out);
    std::string expected = llvm.err;
    size_t tool = expected.find("llvm-objdump-22:");
    ASSERT_NE(tool, std::string::npos) << expected;
    expected.replace(tool, 16, "gfxasm objdump:");
    EXPECT_EQ(ours.err, expected);
  }
}

} // namespace
