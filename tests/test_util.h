// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the unit tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gfxasm/gfxasm.h"

namespace gfxasm::test {

inline Target target(const char *cpu = "gfx1100", std::vector<std::string> features = {}) {
  std::string err;
  auto t = Target::create(cpu, features, &err);
  if (!t) throw std::runtime_error(err);
  return *t;
}

// Assembles one line; returns its bytes, or empty with the first error in `error`.
inline std::vector<uint8_t> bytesOf(const std::string &line, std::string *error = nullptr,
                                    const char *cpu = "gfx1100") {
  AssembleOptions o;
  o.output = OutputKind::Null;
  auto r = assemble(target(cpu), line, o);
  if (!r.ok()) {
    if (error) *error = r.diagnostics.empty() ? "" : r.diagnostics[0].message;
    return {};
  }
  return r.code;
}

// Assembles one line with -show-encoding and returns the instruction's printed line.
inline std::string shownLine(const std::string &line, const char *cpu = "gfx1100") {
  AssembleOptions o;
  o.showEncoding = true;
  o.emitTargetDirective = false;
  auto r = assemble(target(cpu), line, o);
  if (!r.ok()) return "error: " + r.diagnostics[0].message;
  std::string t = r.text;
  if (!t.empty() && t.back() == '\n') t.pop_back();
  return t;
}

// One line's expectation, copied from llvm-mc-22: its -show-encoding line, or (expected null)
// the message of the error it reports.
struct ShownCase {
  const char *input;
  const char *expected;
  const char *error = nullptr;
};

inline void checkShown(const ShownCase &c, const char *cpu = "gfx1100") {
  std::string shown = shownLine(c.input, cpu);
  if (c.expected)
    EXPECT_EQ(shown, c.expected) << c.input;
  else
    EXPECT_EQ(shown, std::string("error: ") + c.error) << c.input;
}

} // namespace gfxasm::test
