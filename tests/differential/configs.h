// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The target configurations the differential tests run on (every gfx11 CPU, gfx1100 in wave64 and
// with -real-true16, every gfx9 CPU), shared by the assembler and disassembler tests.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace gfxasm::difftest {

inline std::string envOr(const char *name, const char *def) {
  const char *v = std::getenv(name);
  return v && *v ? v : def;
}

struct Config {
  const char *cpu;
  std::vector<std::string> mattr;
  // The instruction set of a configuration listed before it (a processor of the same family
  // member's ISA, another target id): the costly sweeps draw fewer samples here.
  bool sibling = false;

  // The samples a costly sweep draws here: `n`, or a `siblingShare`th of it (at least one) on a
  // sibling (llvm-mc-22 takes most of the sweeps' time).
  unsigned samples(unsigned n, unsigned siblingShare) const {
    return sibling ? std::max(1u, n / siblingShare) : n;
  }
};

// A configuration's features as one -mattr list: "+xnack,+sramecc".
inline std::string attrsOf(const std::vector<std::string> &mattr) {
  std::string attrs;
  for (auto &a : mattr) attrs += (attrs.empty() ? "" : ",") + a;
  return attrs;
}

// How gtest shows a configuration (instead of its bytes).
inline void PrintTo(const Config &c, std::ostream *os) {
  *os << c.cpu;
  for (auto &a : c.mattr) *os << " " << a;
}

inline auto gfx11Configs() {
  return ::testing::Values(
      Config{"gfx1100", {}}, Config{"gfx1100", {"+wavefrontsize64"}},
      Config{"gfx1100", {"-real-true16"}}, Config{"gfx1101", {}, true}, Config{"gfx1102", {}, true},
      Config{"gfx1103", {}, true}, Config{"gfx1150", {}}, Config{"gfx1151", {}, true},
      Config{"gfx1152", {}, true}, Config{"gfx1153", {}, true}, Config{"gfx11-generic", {}, true});
}

// Every gfx9 CPU (GCN5 and CDNA), and gfx90a with xnack on (its target id changes).
inline auto gfx9Configs() {
  return ::testing::Values(Config{"gfx900", {}}, Config{"gfx902", {}, true}, Config{"gfx904", {}},
                           Config{"gfx906", {}}, Config{"gfx908", {}}, Config{"gfx909", {}, true},
                           Config{"gfx90a", {}}, Config{"gfx90a", {"+xnack"}, true},
                           Config{"gfx90c", {}, true}, Config{"gfx942", {}}, Config{"gfx950", {}},
                           Config{"gfx9-generic", {}, true}, Config{"gfx9-4-generic", {}, true});
}

// With GFXASM_DIFF_KEEP=dir, writes a run's input and both tools' outputs there as
// <cpu><mattr><kind>, <kind>.llvm.out and <kind>.gfxasm.out (kind: ".s", ".disasm.txt").
inline void keepOutputs(const Config &cfg, const std::string &kind, const std::string &input,
                        const std::string &llvmOut, const std::string &ourOut) {
  const char *keep = std::getenv("GFXASM_DIFF_KEEP");
  if (!keep) return;
  std::string base = std::string(keep) + "/" + cfg.cpu;
  for (auto &a : cfg.mattr) base += a;
  std::string stem = kind.substr(0, kind.rfind('.'));
  std::ofstream(base + kind) << input;
  std::ofstream(base + stem + ".llvm.out") << llvmOut;
  std::ofstream(base + stem + ".gfxasm.out") << ourOut;
}

// The test's name suffix: gfx1100, gfx1100_wavefrontsize64, gfx1100_real_true16, gfx9_generic ...
inline std::string configName(const ::testing::TestParamInfo<Config> &info) {
  std::string n;
  for (char ch : std::string_view(info.param.cpu))
    n += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  for (auto &a : info.param.mattr)
    for (char ch : a) n += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return n;
}

} // namespace gfxasm::difftest
