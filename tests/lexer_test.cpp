#include <gtest/gtest.h>

#include "asm/lexer.h"

using gfxasm::as::lexLine;
using gfxasm::as::Tok;
using gfxasm::as::Token;

namespace {

std::vector<Token> lex(const char *s) {
  std::vector<Token> t;
  bool block = false;
  lexLine(s, t, block);
  return t;
}

TEST(Lexer, IntegersInEveryBase) {
  auto t = lex("0x1f 0b101 017 42 0X10 0B11");
  ASSERT_EQ(t.size(), 7u);
  EXPECT_EQ(t[0].ival, 31);
  EXPECT_EQ(t[1].ival, 5);
  EXPECT_EQ(t[2].ival, 15);
  EXPECT_EQ(t[3].ival, 42);
  EXPECT_EQ(t[4].ival, 16);
  EXPECT_EQ(t[5].ival, 3);
}

TEST(Lexer, BadNumbersAreErrorTokens) {
  EXPECT_EQ(lex("0x")[0].kind, Tok::Error);
  EXPECT_EQ(lex("09")[0].kind, Tok::Error);
  EXPECT_EQ(lex("12ab")[0].kind, Tok::Error);
}

TEST(Lexer, RealsAndRegisters) {
  auto t = lex("v_add_f32 v1.l, -1.5, s[0:1]");
  EXPECT_EQ(t[0].kind, Tok::Identifier);
  EXPECT_EQ(t[1].text, "v1.l");
  EXPECT_EQ(t[3].kind, Tok::Minus);
  EXPECT_EQ(t[4].kind, Tok::Real);
  EXPECT_DOUBLE_EQ(t[4].fval, 1.5);
  EXPECT_EQ(t[6].text, "s");
  EXPECT_EQ(t[7].kind, Tok::LBrac);
}

TEST(Lexer, Comments) {
  EXPECT_EQ(lex("s_nop 0 ; comment").size(), 3u);
  EXPECT_EQ(lex("s_nop 0 // comment").size(), 3u);
  EXPECT_EQ(lex("s_nop /* x */ 0").size(), 3u);
  std::vector<Token> t;
  bool block = false;
  lexLine("s_nop 0 /* open", t, block);
  EXPECT_TRUE(block);
  lexLine("still */ s_nop 1", t, block);
  EXPECT_FALSE(block);
  EXPECT_EQ(t.size(), 3u);
}

TEST(Lexer, Operators) {
  auto t = lex("<< >> <= >= == != <> && || ::");
  Tok want[] = {Tok::LessLess,   Tok::GreaterGreater, Tok::LessEq,      Tok::GreaterEq,
                Tok::EqualEqual, Tok::ExclaimEqual,   Tok::LessGreater, Tok::AmpAmp,
                Tok::PipePipe,   Tok::ColonColon};
  for (size_t i = 0; i < std::size(want); ++i) EXPECT_EQ(t[i].kind, want[i]) << i;
}

} // namespace
