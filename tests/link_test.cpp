// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// gfxasm link against ld.lld-22 -shared on objects built when the test runs: the OpenCL files of
// tests/link/ compiled by clang-22 for gfx900, gfx90a, gfx942 and gfx1100 with code object
// versions 4, 5 and 6 (several objects, calls between them, globals in .data/.rodata/.bss),
// -O0 -g, wave64, xnack, and the hand-written assembly of tests/link/ (GOT entries, dynamic
// relocations, weak and undefined symbols, mergeable strings). The code objects must be
// identical byte for byte; where ld.lld reports an error, gfxasm link must report the same text
// (after the program name) and fail.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <fmt/format.h>

#include "gfxasm/gfxasm.h"
#include "oracle_util.h"

namespace {

namespace fs = std::filesystem;

using gfxasm::test::runShell;
using gfxasm::test::slurp;
using gfxasm::test::ToolRun;

class LinkVsLld : public ::testing::Test {
protected:
  static fs::path dir_;

  static void SetUpTestSuite() {
    const char *tmp = std::getenv("TMPDIR");
    dir_ = fs::path(tmp && *tmp ? tmp : "/tmp") / fmt::format("gfxasm_link_{}", ::getpid());
    fs::create_directories(dir_);
  }
  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  static ToolRun shell(const std::string &cmd) { return runShell(dir_.string(), cmd); }

  // Builds an object (once per test process): NAME.o from tests/link/SOURCE with the flags.
  static void clang(const std::string &out, const std::string &source, const std::string &flags) {
    if (fs::exists(dir_ / out)) return;
    ToolRun r = shell(fmt::format("clang-22 -x cl -cl-std=CL2.0 --target=amdgcn-amd-amdhsa "
                                  "-nogpulib {} -c {}/{} -o {}",
                                  flags, GFXASM_LINK_TEST_DIR, source, out));
    ASSERT_EQ(r.status, 0) << r.err;
  }
  static void mc(const std::string &out, const std::string &source, const std::string &cpu) {
    if (fs::exists(dir_ / out)) return;
    ToolRun r = shell(fmt::format("llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu={} -filetype=obj "
                                  "{}/{} -o {}",
                                  cpu, GFXASM_LINK_TEST_DIR, source, out));
    ASSERT_EQ(r.status, 0) << r.err;
  }

  // What ld.lld-22 writes into .comment: "Linker: " and its version (`ld.lld-22 --version`
  // without the "(compatible with GNU linkers)" tail).
  static std::string lldVersion() {
    static std::string version = [] {
      ToolRun r = shell("ld.lld-22 --version");
      std::string v = r.out.substr(0, r.out.find('\n'));
      if (size_t p = v.find(" (compatible"); p != std::string::npos) v.resize(p);
      return v;
    }();
    return version;
  }

  static gfxasm::LinkResult linkWithGfxasm(const std::vector<std::string> &objects,
                                           std::vector<std::string> &storage) {
    std::vector<gfxasm::LinkInput> inputs;
    storage.clear();
    storage.reserve(objects.size());
    for (const std::string &o : objects) {
      storage.push_back(slurp(dir_ / o));
      inputs.push_back(
          {o, std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(storage.back().data()),
                                       storage.back().size())});
    }
    gfxasm::LinkOptions options;
    options.linkerVersion = lldVersion();
    return gfxasm::link(inputs, options);
  }

  // Links the objects with both linkers; the outputs must be the same bytes. On a difference,
  // the `llvm-readelf-22 -a` listings' difference says where.
  static void expectSameCodeObject(const std::vector<std::string> &objects) {
    std::string list;
    for (const std::string &o : objects) list += " " + o;
    ToolRun lld = shell("ld.lld-22 -shared -o lld.so" + list);
    ASSERT_EQ(lld.status, 0) << lld.err;
    std::vector<std::string> storage;
    gfxasm::LinkResult r = linkWithGfxasm(objects, storage);
    ASSERT_TRUE(r.ok()) << gfxasm::formatLinkErrors(r.errors, "gfxasm link");
    std::string expected = slurp(dir_ / "lld.so");
    std::string got(r.output.begin(), r.output.end());
    if (got == expected) return;
    std::ofstream(dir_ / "gfxasm.so", std::ios::binary) << got;
    ToolRun diff = shell("diff <(llvm-readelf-22 -a -x .text lld.so) <(llvm-readelf-22 -a -x "
                         ".text gfxasm.so) | head -60");
    if (diff.out.empty()) diff = shell("cmp -l lld.so gfxasm.so | head -20");
    ADD_FAILURE() << "code objects differ for" << list << " (sizes " << expected.size() << " and "
                  << got.size() << "):\n"
                  << diff.out;
  }

  // ld.lld-22 fails on the objects; the gfxasm command line must fail with the same messages.
  static void expectSameErrors(const std::vector<std::string> &objects) {
    std::string list;
    for (const std::string &o : objects) list += " " + o;
    ToolRun lld = shell("ld.lld-22 -shared -o lld.so" + list);
    ASSERT_NE(lld.status, 0) << "ld.lld-22 linked" << list;
    ToolRun ours = shell(fmt::format("'{}' link -shared -o gfxasm.so{}", GFXASM_CLI, list));
    EXPECT_EQ(ours.status, 1);
    std::string expected = lld.err;
    for (size_t p; (p = expected.find("ld.lld-22: ")) != std::string::npos;)
      expected.replace(p, 11, "gfxasm link: ");
    EXPECT_EQ(ours.err, expected);
    EXPECT_FALSE(fs::exists(dir_ / "gfxasm.so"));
  }
};

fs::path LinkVsLld::dir_;

// --- Code objects from clang-22 ---

class ClangKernels : public LinkVsLld,
                     public ::testing::WithParamInterface<std::tuple<std::string, int>> {};

TEST_P(ClangKernels, ThreeObjectsWithCallsAndGlobals) {
  auto [cpu, version] = GetParam();
  std::string flags = fmt::format("-O3 -mcpu={} -mcode-object-version={}", cpu, version);
  std::vector<std::string> objects;
  for (const char *source : {"kernels", "calls", "recursion"}) {
    std::string out = fmt::format("{}_{}_v{}.o", source, cpu, version);
    clang(out, std::string(source) + ".cl", flags);
    objects.push_back(out);
  }
  expectSameCodeObject(objects);
  expectSameCodeObject({objects[1], objects[0], objects[2]}); // another order, another layout
}

INSTANTIATE_TEST_SUITE_P(Cpus, ClangKernels,
                         ::testing::Combine(::testing::Values("gfx900", "gfx90a", "gfx942",
                                                              "gfx1100"),
                                            ::testing::Values(4, 5, 6)),
                         [](const auto &info) {
                           return fmt::format("{}_v{}", std::get<0>(info.param),
                                              std::get<1>(info.param));
                         });

TEST_F(LinkVsLld, OneKernel) {
  clang("recursion_one.o", "recursion.cl", "-O3 -mcpu=gfx1100");
  expectSameCodeObject({"recursion_one.o"});
}

TEST_F(LinkVsLld, ManyKernelsHashBuckets) {
  clang("many.o", "many.cl", "-O3 -mcpu=gfx1100");
  expectSameCodeObject({"many.o"});
}

TEST_F(LinkVsLld, DebugInfoAtO0) {
  // -g: .debug_* sections with absolute relocations against section symbols.
  clang("kernels_g.o", "kernels.cl", "-O0 -g -mcpu=gfx1100");
  clang("calls_g.o", "calls.cl", "-O0 -g -mcpu=gfx1100");
  clang("strings_g.o", "strings.cl", "-O0 -g -mcpu=gfx90a");
  expectSameCodeObject({"kernels_g.o", "calls_g.o"});
  expectSameCodeObject({"strings_g.o"});
}

TEST_F(LinkVsLld, Wave64AndStrings) {
  clang("recursion_w64.o", "recursion.cl", "-O0 -mcpu=gfx1100 -mwavefrontsize64");
  clang("strings.o", "strings.cl", "-O3 -mcpu=gfx942");
  expectSameCodeObject({"recursion_w64.o"});
  expectSameCodeObject({"strings.o"});
}

TEST_F(LinkVsLld, XnackAnyJoinsXnackOn) {
  clang("kernels_xnack.o", "kernels.cl", "-O3 -mcpu=gfx90a:xnack+");
  clang("calls_any.o", "calls.cl", "-O3 -mcpu=gfx90a");
  expectSameCodeObject({"kernels_xnack.o", "calls_any.o"});
  expectSameCodeObject({"calls_any.o", "kernels_xnack.o"});
}

// --- Hand-written assembly ---

TEST_F(LinkVsLld, GotDynamicRelocationsAndMergedStrings) {
  mc("got_data.o", "got_data.s", "gfx1100");
  mc("got_data2.o", "got_data2.s", "gfx1100");
  expectSameCodeObject({"got_data.o", "got_data2.o"});
  expectSameCodeObject({"got_data2.o", "got_data.o"});
  expectSameCodeObject({"got_data.o"});
}

TEST_F(LinkVsLld, AssembledByLlvmMcFromClangOutput) {
  // The path gfxasm's own objects will take: clang -S, then an assembler.
  for (const char *source : {"kernels", "calls"}) {
    std::string s = fmt::format("{}_g942.s", source);
    ToolRun r = shell(fmt::format("clang-22 -x cl -cl-std=CL2.0 --target=amdgcn-amd-amdhsa "
                                  "-nogpulib -O2 -g -mcpu=gfx942 -S {}/{}.cl -o {} && llvm-mc-22 "
                                  "-triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj {} -o {}.o",
                                  GFXASM_LINK_TEST_DIR, source, s, s, s));
    ASSERT_EQ(r.status, 0) << r.err;
  }
  expectSameCodeObject({"kernels_g942.s.o", "calls_g942.s.o"});
}

TEST_F(LinkVsLld, BssOnlyNotesNonAllocatedAndConstants) {
  mc("sections.o", "sections.s", "gfx1100");
  expectSameCodeObject({"sections.o"});
  mc("sections_gfx90a.o", "sections.s", "gfx90a");
  expectSameCodeObject({"sections_gfx90a.o"});
}

// Common symbols (ld.lld: each in a "COMMON" section of .bss, before the inputs' .bss; the
// largest size and alignment; a definition wins, a weak one does not), in both orders.
TEST_F(LinkVsLld, CommonSymbols) {
  mc("commons1.o", "commons1.s", "gfx1100");
  mc("commons2.o", "commons2.s", "gfx1100");
  expectSameCodeObject({"commons1.o", "commons2.o"});
  expectSameCodeObject({"commons2.o", "commons1.o"});
  expectSameCodeObject({"commons1.o"});
}

TEST_F(LinkVsLld, LinkerDefinedSymbols) {
  mc("linker_symbols.o", "linker_symbols.s", "gfx1100");
  expectSameCodeObject({"linker_symbols.o"});
  mc("commons1.o", "commons1.s", "gfx1100");
  expectSameCodeObject({"commons1.o", "linker_symbols.o"});
}

// .eh_frame: records split, CIEs shared across objects, FDEs of functions not linked left out,
// one terminator; in every order.
TEST_F(LinkVsLld, EhFrameRecords) {
  mc("eh_frame1.o", "eh_frame1.s", "gfx1100");
  mc("eh_frame2.o", "eh_frame2.s", "gfx1100");
  mc("eh_frame_records.o", "eh_frame_records.s", "gfx1100");
  expectSameCodeObject({"eh_frame1.o"});
  expectSameCodeObject({"eh_frame1.o", "eh_frame2.o"});
  expectSameCodeObject({"eh_frame2.o", "eh_frame1.o", "eh_frame_records.o"});
  expectSameCodeObject({"eh_frame_records.o", "eh_frame1.o"});
}

// Damaged .eh_frame records and a PC-relative FDE address of a preemptible function: lld's
// errors (the place in its combined .eh_frame).
TEST_F(LinkVsLld, EhFrameErrors) {
  const char *bodies[] = {
      ".long 100\n.long 0\n",                                    // past the end
      ".long 8\n.long 0\n.long 0\n.short 1\n",                   // too small
      ".long 8\n.long 0\n.long 0\n.long 8\n.long 4\n.long 0\n",  // no CIE there
      ".long 8\n.long 0\n.long 0\n.long 8\n.long 40\n.long 0\n", // before the start
      ".long 0xffffffff\n.long 0\n",                             // 64-bit length
      ".long 2\n.long 0\n",                                      // shorter than its id
  };
  for (size_t i = 0; i < std::size(bodies); ++i) {
    std::string name = fmt::format("eh_bad{}", i);
    std::ofstream(dir_ / (name + ".s")) << ".section .eh_frame,\"a\",@progbits\n" << bodies[i];
    ToolRun r = shell(fmt::format("llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 "
                                  "-filetype=obj {0}.s -o {0}.o",
                                  name));
    ASSERT_EQ(r.status, 0) << r.err;
    SCOPED_TRACE(bodies[i]);
    expectSameErrors({name + ".o"});
  }
  std::string preemptible = fmt::format("{}/eh_frame_records.s", GFXASM_LINK_TEST_DIR);
  ToolRun r = shell(fmt::format("grep -v '.hidden j1' {} | llvm-mc-22 -triple=amdgcn-amd-amdhsa "
                                "-mcpu=gfx1100 -filetype=obj -o eh_preemptible.o",
                                preemptible));
  ASSERT_EQ(r.status, 0) << r.err;
  mc("eh_frame1.o", "eh_frame1.s", "gfx1100");
  mc("eh_frame2.o", "eh_frame2.s", "gfx1100");
  expectSameErrors({"eh_preemptible.o"});
  expectSameErrors({"eh_frame2.o", "eh_frame1.o", "eh_preemptible.o"});
}

// AddressSanitizer device code: all of the above at once (a common symbol, asan_globals linked
// to its globals, __start_/__stop_asan_globals, constructors and their .eh_frame records).
TEST_F(LinkVsLld, AddressSanitizerKernels) {
  for (auto [cpu, opt] : {std::pair{"gfx90a:xnack+", "-O3"}, std::pair{"gfx1100", "-O0"}}) {
    std::string tag = fmt::format("{}{}", std::string(cpu).substr(0, 7), opt);
    std::string a = "asan_a_" + tag + ".o", b = "asan_b_" + tag + ".o";
    clang(a, "asan.cl", fmt::format("-fsanitize=address {} -mcpu={}", opt, cpu));
    clang(b, "asan.cl", fmt::format("-fsanitize=address {} -mcpu={} -DPREFIX=b", opt, cpu));
    SCOPED_TRACE(tag);
    expectSameCodeObject({a});
    expectSameCodeObject({a, b});
    expectSameCodeObject({b, a});
  }
}

// Random objects: 1-3 llvm-mc-22 objects sharing 12 global names, each defined in one of them
// or nowhere, with random visibility (default, hidden, protected) and weak definitions, in
// random sections (.text, .text.a, .data, .rodata, .rodata.b, .bss, .data.rel.ro) and
// alignments; functions refer to them PC-relative or through the GOT, writable data holds
// 64-bit addresses of them, of local labels and strings and of undefined weak symbols, and each
// object has mergeable strings and maybe a note. ld.lld-22 links some and
// rejects others (undefined hidden symbols, -fPIC errors): the outputs, or the errors (lld run
// with --threads=1, which reports in input order), must be the same.
std::vector<std::string> randomObjects(unsigned seed) {
  std::mt19937 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % n); };
  int objects = 1 + seed % 3;
  struct Global {
    std::string name, visibility;
    int definedIn;
    bool weak;
  };
  std::vector<Global> globals;
  const char *visibilities[] = {"", ".hidden", ".protected", ""};
  for (int i = 0; i < 12; ++i)
    globals.push_back(
        {fmt::format("g{}", i), visibilities[pick(4)], pick(objects + 1), pick(100) < 15});
  const char *sections[] = {".text", ".text.a",      ".data",    ".rodata",
                            ".bss",  ".data.rel.ro", ".rodata.b"};
  const char *strings[] = {"alpha", "beta", "gamma", "delta"};
  std::vector<std::string> sources;
  for (int o = 0; o < objects; ++o) {
    std::string src = ".amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n";
    for (const Global &g : globals)
      if (!g.visibility.empty() && (g.definedIn == o || pick(10) < 3))
        src += g.visibility + " " + g.name + "\n";
    for (const Global &g : globals) {
      if (g.definedIn != o) continue;
      std::string sec = sections[pick(7)];
      bool text = sec.starts_with(".text"), bss = sec == ".bss";
      std::string flags = text ? "ax" : (sec.starts_with(".data") || bss) ? "aw" : "a";
      src += fmt::format(".section {},\"{}\",@{}\n.p2align {}\n{} {}\n", sec, flags,
                         bss ? "nobits" : "progbits", pick(6), g.weak ? ".weak" : ".globl", g.name);
      src += fmt::format(".type {},@{}\n{}:\n", g.name, text ? "function" : "object", g.name);
      if (text) {
        for (int k = 1 + pick(3); k > 0; --k) {
          int t = pick(13);
          std::string target = t == 12 ? fmt::format(".Lstr{}", o) : globals[t].name;
          // PC-relative to a preemptible symbol is an error; now and then only.
          bool preemptible = t != 12 && globals[t].visibility.empty();
          std::string kind = pick(3) == 1 || (preemptible && pick(8)) ? "gotpcrel32" : "rel32";
          src += fmt::format("s_getpc_b64 s[0:1]\ns_add_u32 s0, s0, {0}@{1}@lo+4\n"
                             "s_addc_u32 s1, s1, {0}@{1}@hi+12\n",
                             target, kind);
        }
        src += "s_endpgm\n";
      } else if (bss) {
        src += fmt::format(".zero {}\n", 1 + pick(299));
      } else {
        for (int k = 1 + pick(3); k > 0; --k)
          if (sec.starts_with(".data") && pick(2))
            src += fmt::format(".quad {}+{}\n", globals[pick(12)].name, pick(16));
          else
            src += fmt::format(".long {}\n", pick(1000));
      }
      src += fmt::format(".size {0}, .-{0}\n", g.name);
    }
    // Local data: addresses of a local label and of a string (a section symbol's relocation
    // into a mergeable section), an undefined weak symbol, sometimes a note.
    src +=
        fmt::format(".section .data.local,\"aw\",@progbits\n.p2align {}\nlocal_{}:\n", pick(4), o);
    for (int k = pick(3); k > 0; --k)
      src += fmt::format(".quad .Lstr{0}+{1}\n.quad local_{0}\n", o, pick(3));
    if (pick(2)) src += fmt::format(".weak weak_undefined{0}\n.quad weak_undefined{0}\n", o);
    if (pick(5) < 2)
      src += ".section .note.x,\"a\",@note\n.p2align 2\n.long 4, 4, 7\n.asciz \"abc\"\n.long 1\n";
    src += fmt::format(".section .rodata.str1.1,\"aMS\",@progbits,1\n.Lstr{}:\n", o);
    for (int k = pick(4); k > 0; --k)
      src += fmt::format(".asciz \"{}{}\"\n", strings[pick(4)], pick(3));
    src += ".asciz \"end\"\n";
    // Common symbols and a COMDAT group, drawn by a generator of their own (the lines above
    // stay those of earlier versions of this test): commons of one name in several objects with
    // other sizes and alignments, sometimes hidden or also defined, referenced from data; a
    // function in a group every object may have (kept from the first).
    std::mt19937 extra(seed * 7919 + o);
    auto draw = [&](int n) { return static_cast<int>(extra() % n); };
    for (int c = 0; c < 4; ++c) {
      if (draw(3) == 0) continue;
      if (draw(4) == 0) src += fmt::format(".hidden c{}\n", c);
      if (c == 3 && draw(2))
        src += fmt::format(".data\n.globl c3\n.p2align 2\nc3:\n.long {}\n", draw(100));
      else
        src += fmt::format(".comm c{}, {}, {}\n", c, 1 + draw(40), draw(5));
    }
    src += fmt::format(".section .data.commons,\"aw\",@progbits\n.quad c{}\n", draw(4));
    if (draw(3))
      src += ".section .text.shared,\"axG\",@progbits,shared_fn,comdat\n.globl shared_fn\n"
             ".hidden shared_fn\n.type shared_fn,@function\nshared_fn:\n"
             "s_getpc_b64 s[0:1]\ns_add_u32 s0, s0, c0@gotpcrel32@lo+4\n"
             "s_addc_u32 s1, s1, c0@gotpcrel32@hi+12\ns_setpc_b64 s[30:31]\n"
             ".size shared_fn, .-shared_fn\n";
    sources.push_back(src);
  }
  return sources;
}

TEST_F(LinkVsLld, RandomObjects) {
  int linked = 0, rejected = 0;
  // GFXASM_TEST_SEED=N: the 24 seeds from N on.
  const unsigned first = gfxasm::test::testSeed(1);
  for (unsigned seed = first; seed < first + 24; ++seed) {
    std::vector<std::string> sources = randomObjects(seed), objects;
    for (size_t i = 0; i < sources.size(); ++i) {
      std::string name = fmt::format("random{}_{}", seed, i);
      std::ofstream(dir_ / (name + ".s")) << sources[i];
      ToolRun r = shell(fmt::format("llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 "
                                    "-filetype=obj {0}.s -o {0}.o",
                                    name));
      ASSERT_EQ(r.status, 0) << r.err;
      objects.push_back(name + ".o");
    }
    std::string list;
    for (const std::string &o : objects) list += " " + o;
    ToolRun lld = shell("ld.lld-22 --threads=1 -shared -o random_lld.so" + list);
    SCOPED_TRACE(fmt::format("seed {}:{}", seed, list));
    if (lld.status == 0) {
      ++linked;
      expectSameCodeObject(objects);
    } else {
      ++rejected;
      ToolRun ours =
          shell(fmt::format("'{}' link -shared -o random_gfxasm.so{}", GFXASM_CLI, list));
      std::string expected = lld.err;
      for (size_t p; (p = expected.find("ld.lld-22: ")) != std::string::npos;)
        expected.replace(p, 11, "gfxasm link: ");
      EXPECT_EQ(ours.status, 1);
      EXPECT_EQ(ours.err, expected);
    }
  }
  std::printf("random objects: %d linked, %d rejected\n", linked, rejected);
  EXPECT_GE(linked, 4);
  EXPECT_GE(rejected, 4);
}

// --- Errors ---

TEST_F(LinkVsLld, UndefinedHiddenSymbolsDemangled) {
  clang("undefined.o", "undefined.cl", "-O3 -mcpu=gfx1100");
  expectSameErrors({"undefined.o"});
}

// C++ names as HIP writes them (nested names, templates, lambdas, vector types, clones): the
// names in the errors are llvm's demangled spellings (tests/link/cxx_names.s).
TEST_F(LinkVsLld, UndefinedHiddenCxxNamesDemangled) {
  mc("cxx_names.o", "cxx_names.s", "gfx1100");
  expectSameErrors({"cxx_names.o"});
}

TEST_F(LinkVsLld, DuplicateDefinitions) {
  mc("duplicate.o", "duplicate.s", "gfx1100");
  fs::copy_file(dir_ / "duplicate.o", dir_ / "duplicate2.o", fs::copy_options::overwrite_existing);
  expectSameErrors({"duplicate.o", "duplicate2.o"});
}

TEST_F(LinkVsLld, ErrorLimit) {
  std::string source = ".text\n";
  for (int i = 0; i < 25; ++i) source += fmt::format(".globl s{0}\ns{0}: s_endpgm\n", i);
  std::ofstream(dir_ / "many_dup.s") << source;
  ToolRun r = shell("llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj many_dup.s "
                    "-o many_dup1.o && cp many_dup1.o many_dup2.o");
  ASSERT_EQ(r.status, 0) << r.err;
  expectSameErrors({"many_dup1.o", "many_dup2.o"});
}

TEST_F(LinkVsLld, RelocationsAgainstPreemptibleSymbols) {
  mc("pic_errors.o", "pic_errors.s", "gfx1100");
  expectSameErrors({"pic_errors.o"});
}

TEST_F(LinkVsLld, IncompatibleProcessorsVersionsAndFeatures) {
  clang("kernels_gfx1100.o", "kernels.cl", "-O3 -mcpu=gfx1100");
  clang("calls_gfx900.o", "calls.cl", "-O3 -mcpu=gfx900");
  expectSameErrors({"kernels_gfx1100.o", "calls_gfx900.o"});
  clang("kernels_xnack_on.o", "kernels.cl", "-O3 -mcpu=gfx90a:xnack+");
  clang("calls_xnack_off.o", "calls.cl", "-O3 -mcpu=gfx90a:xnack-");
  expectSameErrors({"kernels_xnack_on.o", "calls_xnack_off.o"});
  clang("kernels_v4.o", "kernels.cl", "-O3 -mcpu=gfx1100 -mcode-object-version=4");
  clang("calls_v5.o", "calls.cl", "-O3 -mcpu=gfx1100 -mcode-object-version=5");
  expectSameErrors({"kernels_v4.o", "calls_v5.o"});
  // Duplicate definitions are found (and reported) before the headers are compared.
  clang("calls_gfx1100.o", "calls.cl", "-O3 -mcpu=gfx1100");
  expectSameErrors({"calls_gfx1100.o", "calls_gfx900.o"});
}

// --- The command line ---

TEST_F(LinkVsLld, CommandLineSpellings) {
  clang("kernels_cli.o", "kernels.cl", "-O3 -mcpu=gfx1100");
  clang("calls_cli.o", "calls.cl", "-O3 -mcpu=gfx1100");
  ASSERT_EQ(shell("ld.lld-22 -shared kernels_cli.o calls_cli.o -o lld_cli.so").status, 0);
  std::string expected = slurp(dir_ / "lld_cli.so");
  for (const char *args :
       {"-shared -o a.so kernels_cli.o calls_cli.o", "kernels_cli.o calls_cli.o --shared -o a.so",
        "-shared kernels_cli.o -oa.so calls_cli.o",
        "--shared --output=a.so kernels_cli.o calls_cli.o"}) {
    fs::remove(dir_ / "a.so");
    ToolRun r = shell(fmt::format("'{}' link {}", GFXASM_CLI, args));
    ASSERT_EQ(r.status, 0) << args << ": " << r.err;
    std::string got = slurp(dir_ / "a.so");
    // Only the linker's version line may differ (the default is the Debian ld.lld-22 one).
    if (lldVersion() == gfxasm::LinkOptions().linkerVersion)
      EXPECT_TRUE(got == expected) << args;
    else
      EXPECT_EQ(got.size() + lldVersion().size(),
                expected.size() + gfxasm::LinkOptions().linkerVersion.size())
          << args;
  }
  ToolRun help = shell(fmt::format("'{}' link --help", GFXASM_CLI));
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("gfxasm link -shared -o OUT.hsaco IN.o"), std::string::npos);
  ToolRun noShared = shell(fmt::format("'{}' link -o a.so kernels_cli.o", GFXASM_CLI));
  EXPECT_EQ(noShared.status, 1);
  EXPECT_NE(noShared.err.find("gfxasm link: error: "), std::string::npos);
  ToolRun unknown = shell(fmt::format("'{}' link -shared --frobnicate kernels_cli.o", GFXASM_CLI));
  EXPECT_EQ(unknown.status, 1);
  EXPECT_EQ(unknown.err, "gfxasm link: error: unknown argument '--frobnicate'\n");
}

// `gfxasm -filetype=obj -shared`: assembled and linked in one step, the code object llvm-mc-22
// and ld.lld-22 make in two.
TEST_F(LinkVsLld, AssembleAndLinkInOneStep) {
  ToolRun r = shell(fmt::format("llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj "
                                "{0}/got_data.s -o one_step.o && ld.lld-22 -shared one_step.o -o "
                                "one_step_lld.so && '{1}' -filetype=obj -shared -mcpu=gfx1100 "
                                "{0}/got_data.s -o one_step.hsaco",
                                GFXASM_LINK_TEST_DIR, GFXASM_CLI));
  ASSERT_EQ(r.status, 0) << r.err;
  if (lldVersion() == gfxasm::LinkOptions().linkerVersion) {
    EXPECT_TRUE(slurp(dir_ / "one_step.hsaco") == slurp(dir_ / "one_step_lld.so"));
  }
  ToolRun noObject =
      shell(fmt::format("'{}' -shared {}/got_data.s", GFXASM_CLI, GFXASM_LINK_TEST_DIR));
  EXPECT_EQ(noObject.status, 1);
  EXPECT_EQ(noObject.err, "gfxasm: error: -shared needs -filetype=obj\n");
}

// The default .comment version is the installed ld.lld-22's (update LinkOptions' default when
// the oracle's version changes).
TEST_F(LinkVsLld, DefaultLinkerVersionIsTheInstalledLld) {
  EXPECT_EQ(gfxasm::LinkOptions().linkerVersion, lldVersion());
}

// --- Malformed objects: errors, never a crash ---

TEST_F(LinkVsLld, DamagedObjectsGiveErrors) {
  mc("got_data_m.o", "got_data.s", "gfx1100");
  clang("kernels_m.o", "kernels.cl", "-O3 -mcpu=gfx1100");
  std::mt19937 rng(2024);
  int failures = 0, successes = 0;
  for (const char *name : {"got_data_m.o", "kernels_m.o"}) {
    std::string original = slurp(dir_ / name);
    for (int round = 0; round < 300; ++round) {
      std::string bytes = original;
      if (round % 10 == 0) {
        bytes.resize(rng() % bytes.size()); // truncated
      } else {
        int flips = 1 + rng() % 8;
        for (int i = 0; i < flips; ++i) bytes[rng() % bytes.size()] = static_cast<char>(rng());
      }
      gfxasm::LinkInput in{
          name,
          std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size())};
      gfxasm::LinkResult r = gfxasm::link({in});
      (r.ok() ? successes : failures)++;
      if (r.ok()) {
        EXPECT_FALSE(r.output.empty());
      } else {
        EXPECT_TRUE(r.output.empty());
      }
    }
  }
  EXPECT_GT(failures, 0);
  EXPECT_GT(successes, 0);
}

} // namespace
