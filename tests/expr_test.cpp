// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Expression semantics, each expectation checked against llvm-mc-22 (s_movk_i32 s0, EXPR).
#include <gtest/gtest.h>

#include "asm/expr.h"

namespace {

int64_t eval(const char *s, bool *ok = nullptr) {
  std::vector<gfxasm::as::Token> t;
  bool block = false;
  gfxasm::as::lexLine(s, t, block);
  gfxasm::as::SymbolTable syms;
  syms.get("x").kind = gfxasm::as::Symbol::Kind::Value;
  syms.get("x").value = 3;
  gfxasm::as::Cursor c{t, 0};
  auto r = gfxasm::as::parseExpr(c, syms);
  if (ok) *ok = r.ok() && c.atEnd();
  return r.value;
}

TEST(Expr, PrecedenceLikeLlvmGnuMode) {
  EXPECT_EQ(eval("1|2+4"), 7);
  EXPECT_EQ(eval("1<<2+1"), 5); // shifts bind like *
  EXPECT_EQ(eval("6&3==3"), 0); // & binds tighter than ==
  EXPECT_EQ(eval("1+3&1"), 2);  // & binds tighter than +
  EXPECT_EQ(eval("1^3*2"), 7);
  EXPECT_EQ(eval("3 > 2 == 1"), 0);
  EXPECT_EQ(eval("1 || 0 && 0"), 1);
  EXPECT_EQ(eval("5 - 1 - 1"), 3);
}

TEST(Expr, ResultsOfComparisonsAndLogic) {
  EXPECT_EQ(eval("1==1"), -1);
  EXPECT_EQ(eval("2<3"), -1);
  EXPECT_EQ(eval("1 <> 2"), -1);
  EXPECT_EQ(eval("2 && 3"), 1);
  EXPECT_EQ(eval("0 || 0"), 0);
  EXPECT_EQ(eval("!5"), 0);
}

TEST(Expr, ArithmeticEdgeCases) {
  EXPECT_EQ(eval("7/2"), 3);
  EXPECT_EQ(eval("-7/2"), -3);
  EXPECT_EQ(eval("-7%3"), -1);
  EXPECT_EQ(eval("-1 >> 60"), 0xf); // logical shift
  EXPECT_EQ(eval("0x8000 >> 1"), 0x4000);
  EXPECT_EQ(eval("1+~1"), -1);
  EXPECT_EQ(eval("x*2+1"), 7);
  bool ok = true;
  eval("1/0", &ok);
  EXPECT_FALSE(ok);
  eval("(1", &ok);
  EXPECT_FALSE(ok);
  eval("undefined_name", &ok);
  EXPECT_FALSE(ok);
}

} // namespace
