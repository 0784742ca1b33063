// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Running llvm-mc-22 (the oracle) and the gfxasm command line on one input file, for the tests
// that compare diagnostics and directive output with llvm-mc's.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "gfxasm/gfxasm.h"

namespace gfxasm::test {

struct ToolRun {
  std::string out, err;
  int status = -1; // exit status
};

// The input is written to <tmp>/input.s and the tool runs in that directory, so diagnostics name
// the file "input.s" as AssembleOptions::fileName does in the tests.
constexpr const char *kInputName = "input.s";

inline std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs the shell command `cmd` in directory `dir`, its output and errors collected.
inline ToolRun runShell(const std::string &dir, const std::string &cmd) {
  ToolRun r;
  std::string full = fmt::format("cd '{}' && {} >out.txt 2>err.txt", dir, cmd);
  int st = std::system(full.c_str());
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  r.out = slurp(dir + "/out.txt");
  r.err = slurp(dir + "/err.txt");
  return r;
}

// The command line that runs `tool` (llvm-mc-22 or the gfxasm binary) with llvm-mc's options on
// the input file.
inline std::string assemblerCommand(const std::string &tool, const std::string &cpu,
                                    const std::string &mattr, const std::string &options) {
  return fmt::format("{} -triple=amdgcn-amd-amdhsa -mcpu={} {} -show-encoding {} {}", tool, cpu,
                     mattr.empty() ? "" : "-mattr=" + mattr, options, kInputName);
}

// Runs the shell command `cmd` on `input`, written to kInputName in a directory of its own
// (removed after).
inline ToolRun runOnInput(const std::string &input, const std::string &cmd) {
  const char *tmp = std::getenv("TMPDIR");
  std::string dir = fmt::format("{}/gfxasm_oracle_{}", tmp && *tmp ? tmp : "/tmp", ::getpid());
  std::string mk = "mkdir -p " + dir;
  if (std::system(mk.c_str()) != 0) return {};
  std::ofstream(dir + "/" + kInputName) << input;
  ToolRun r = runShell(dir, cmd);
  std::string rm = "rm -rf " + dir;
  if (std::system(rm.c_str()) != 0) r.status = -1;
  return r;
}

// Runs `tool` (llvm-mc-22 or the gfxasm binary) with llvm-mc's options on `input`.
inline ToolRun runAssembler(const std::string &tool, const std::string &input,
                            const std::string &cpu = "gfx1100", const std::string &mattr = "",
                            const std::string &options = "") {
  return runOnInput(input, assemblerCommand(tool, cpu, mattr, options));
}

// The oracle: $LLVM_MC, or llvm-mc-22.
inline std::string llvmMcPath() {
  const char *mc = std::getenv("LLVM_MC");
  return mc && *mc ? mc : "llvm-mc-22";
}

// A random test's seed: $GFXASM_TEST_SEED when set (to explore other inputs than the default's),
// else `def`.
inline unsigned testSeed(unsigned def) {
  const char *s = std::getenv("GFXASM_TEST_SEED");
  return s && *s ? static_cast<unsigned>(std::strtoul(s, nullptr, 10)) : def;
}

inline ToolRun runLlvmMc(const std::string &input, const std::string &cpu = "gfx1100",
                         const std::string &mattr = "", const std::string &options = "") {
  return runAssembler(llvmMcPath(), input, cpu, mattr, options);
}

// One diagnostic as printed: position, severity and message (source and caret lines aside).
struct PrintedDiag {
  uint32_t line = 0, col = 0;
  std::string severity, message;
  bool operator==(const PrintedDiag &) const = default;
};

// Lines `input.s:LINE:COL: SEVERITY: MESSAGE` (no std::regex: g++ 12 warns inside <regex> when
// it builds with the sanitizers).
inline std::vector<PrintedDiag> parseDiagnostics(const std::string &err) {
  constexpr std::string_view kFile = "input.s:";
  std::vector<PrintedDiag> out;
  std::istringstream in(err);
  auto number = [](std::string_view &s, uint32_t &v) {
    size_t n = 0;
    v = 0;
    while (n < s.size() && s[n] >= '0' && s[n] <= '9')
      v = v * 10 + static_cast<uint32_t>(s[n++] - '0');
    if (n == 0 || n >= s.size() || s[n] != ':') return false;
    s.remove_prefix(n + 1);
    return true;
  };
  for (std::string l; std::getline(in, l);) {
    std::string_view s = l;
    PrintedDiag d;
    if (s.substr(0, kFile.size()) != kFile) continue;
    s.remove_prefix(kFile.size());
    if (!number(s, d.line) || !number(s, d.col) || s.substr(0, 1) != " ") continue;
    s.remove_prefix(1);
    size_t colon = s.find(": ");
    if (colon == std::string_view::npos) continue;
    d.severity = std::string(s.substr(0, colon));
    if (d.severity != "error" && d.severity != "warning" && d.severity != "note") continue;
    d.message = std::string(s.substr(colon + 2));
    out.push_back(std::move(d));
  }
  return out;
}

// The library's result for `input`, as the CLI would print it (asm text; diagnostics).
inline AssembleResult assembleLikeCli(const std::string &input, const std::string &cpu = "gfx1100",
                                      std::vector<std::string> features = {}) {
  std::string error;
  auto t = Target::create(cpu, features, &error);
  if (!t) throw std::runtime_error(error);
  AssembleOptions o;
  o.fileName = kInputName;
  o.showEncoding = true;
  return assemble(*t, input, o);
}

// (without gfxasm's own notes, which llvm-mc does not print)
inline std::string formatAll(const std::vector<Diagnostic> &diags) {
  std::string s;
  for (const Diagnostic &d : diags)
    if (!d.extra) s += formatDiagnostic(d);
  return s;
}

// The library's whole output for `input` (text with encodings and fixups, diagnostics with their
// source lines and carets) must be llvm-mc-22's.
// `features`: -mattr's, one each (+wavefrontsize64, -real-true16).
inline void expectSameOutput(const std::string &input, const std::string &cpu = "gfx1100",
                             const std::vector<std::string> &features = {}) {
  std::string mattr;
  for (const std::string &f : features) mattr += (mattr.empty() ? "" : ",") + f;
  ToolRun llvm = runLlvmMc(input, cpu, mattr);
  ASSERT_NE(llvm.out.find(".amdgcn_target"), std::string::npos)
      << "llvm-mc-22 did not run: " << llvm.err;
  AssembleResult r = assembleLikeCli(input, cpu, features);
  EXPECT_EQ(r.text, llvm.out) << input;
  EXPECT_EQ(formatAll(r.diagnostics), llvm.err) << input;
}

#ifdef GFXASM_CLI
// Both command lines on `input` for each triple, processor and output (`-filetype=asm`, and
// objects through standard output): the same text or object bytes, exit status, and diagnostics
// (position, severity, message; gfxasm's own notes left out).
inline void expectSameOnTargets(const std::string &input, const std::string &context,
                                const std::vector<std::string> &triples,
                                const std::vector<std::string> &cpus) {
  auto messages = [](const std::string &err, bool dropNotes) {
    std::string out;
    for (const PrintedDiag &d : parseDiagnostics(err))
      if (!dropNotes || d.severity != "note")
        out += fmt::format("{}:{}: {}: {}\n", d.line, d.col, d.severity, d.message);
    return out;
  };
  for (const std::string &triple : triples)
    for (const std::string &cpu : cpus)
      for (const char *filetype : {"asm", "obj -o -"}) {
        const std::string options = fmt::format("-triple={} -filetype={}", triple, filetype);
        ToolRun llvm = runLlvmMc(input, cpu, "", options);
        ToolRun ours = runAssembler(GFXASM_CLI, input, cpu, "", options);
        const std::string where = fmt::format("{}: {} {} {}", context, triple, cpu, filetype);
        EXPECT_EQ(ours.status, llvm.status) << where << "\n" << llvm.err;
        // (an object after errors is not kept: llvm-mc writes one to standard output after
        // errors of its streamer, gfxasm none)
        if (llvm.status == 0 || filetype == std::string_view("asm")) {
          EXPECT_EQ(ours.out, llvm.out) << where;
        }
        EXPECT_EQ(messages(ours.err, true), messages(llvm.err, false)) << where;
      }
}
#endif

} // namespace gfxasm::test
