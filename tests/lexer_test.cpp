// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include "asm/lexer.h"

#include <initializer_list>
#include <string>
#include <vector>

using gfxasm::as::LexError;
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

// As llvm's LexDigit: "invalid hexadecimal/octal/binary number"; a number followed by a name is
// two tokens, and the integer suffixes llvm ignores are skipped.
TEST(Lexer, BadNumbersAreErrorTokens) {
  EXPECT_EQ(lex("0x")[0].lexError, LexError::BadHex);
  EXPECT_EQ(lex("09")[0].lexError, LexError::BadOctal);
  EXPECT_EQ(lex("0b2")[0].lexError, LexError::BadBinary);
  auto t = lex("12ab 5ull,0x1L 1b");
  ASSERT_EQ(t.size(), 7u);
  EXPECT_EQ(t[0].kind, Tok::Integer);
  EXPECT_EQ(t[0].text, "12");
  EXPECT_EQ(t[1].text, "ab");
  EXPECT_EQ(t[2].ival, 5);
  EXPECT_EQ(t[3].col, 9u); // (the comma after `5ull`)
  EXPECT_EQ(t[4].ival, 1);
  EXPECT_EQ(t[5].kind, Tok::Error); // (a local label reference)
  EXPECT_EQ(t[5].text, "1b");
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

// Kind, column and text of each token but the final Eol, whose column is checked apart.
struct Want {
  Tok kind;
  uint32_t col;
  const char *text;
};
void expectTokens(const std::string &line, std::initializer_list<Want> want, uint32_t eolCol) {
  auto t = lex(line.c_str());
  ASSERT_EQ(t.size(), want.size() + 1) << line;
  size_t i = 0;
  for (const Want &w : want) {
    EXPECT_EQ(t[i].kind, w.kind) << line << " token " << i;
    EXPECT_EQ(t[i].col, w.col) << line << " token " << i;
    EXPECT_EQ(t[i].text, w.text) << line << " token " << i;
    ++i;
  }
  EXPECT_EQ(t.back().kind, Tok::Eol) << line;
  EXPECT_EQ(t.back().col, eolCol) << line;
}

TEST(Lexer, IdentifiersEndingTheLine) {
  // Lengths around the 8- and 16-character loads, on lines shorter and longer than 16.
  expectTokens("abcdefg", {{Tok::Identifier, 0, "abcdefg"}}, 7);
  expectTokens("abcdefgh", {{Tok::Identifier, 0, "abcdefgh"}}, 8);
  expectTokens("abcdefghi", {{Tok::Identifier, 0, "abcdefghi"}}, 9);
  expectTokens("abcdefghijklmnop", {{Tok::Identifier, 0, "abcdefghijklmnop"}}, 16);
  expectTokens("s_nop v_abcdefghijklmn",
               {{Tok::Identifier, 0, "s_nop"}, {Tok::Identifier, 6, "v_abcdefghijklmn"}}, 22);
  expectTokens("x, a.b$c@d",
               {{Tok::Identifier, 0, "x"}, {Tok::Comma, 1, ","}, {Tok::Identifier, 3, "a.b$c@d"}},
               10);
  expectTokens("v", {{Tok::Identifier, 0, "v"}}, 1);
}

TEST(Lexer, LongIdentifiersAndLines) {
  // An identifier of 70 characters: longer than the 64 classified at a time.
  const std::string id70(70, 'a');
  expectTokens(id70 + " b", {{Tok::Identifier, 0, id70.c_str()}, {Tok::Identifier, 71, "b"}}, 72);
  // Tokens starting past column 48 of a long line, one ending exactly at column 64.
  const std::string pad(50, 'p');
  expectTokens(pad + " abcdefghijkl,x",
               {{Tok::Identifier, 0, pad.c_str()},
                {Tok::Identifier, 51, "abcdefghijkl"},
                {Tok::Comma, 63, ","},
                {Tok::Identifier, 64, "x"}},
               65);
  // A 64-character line ending with a one-character identifier and with a number.
  const std::string pad62(62, 'q');
  expectTokens(pad62 + " z", {{Tok::Identifier, 0, pad62.c_str()}, {Tok::Identifier, 63, "z"}}, 64);
  expectTokens(pad62 + " 7", {{Tok::Identifier, 0, pad62.c_str()}, {Tok::Integer, 63, "7"}}, 64);
}

TEST(Lexer, NumbersEndingTheLine) {
  auto t = lex("s_nop 7");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[1].kind, Tok::Integer);
  EXPECT_EQ(t[1].col, 6u);
  EXPECT_EQ(t[1].ival, 7);
  EXPECT_EQ(t[2].col, 7u);
  // Seven digits (the longest short form) and eight, at the end and before a comma.
  t = lex("1234567");
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].ival, 1234567);
  EXPECT_EQ(t[0].text, "1234567");
  t = lex("12345678");
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].ival, 12345678);
  t = lex("v0, 9876543,12345678901");
  ASSERT_EQ(t.size(), 6u);
  EXPECT_EQ(t[2].ival, 9876543);
  EXPECT_EQ(t[2].col, 4u);
  EXPECT_EQ(t[3].kind, Tok::Comma);
  EXPECT_EQ(t[4].ival, 12345678901);
  EXPECT_EQ(t[4].col, 12u);
  // "0" alone, octal, and numbers followed by identifier characters.
  t = lex("0");
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].kind, Tok::Integer);
  EXPECT_EQ(t[0].ival, 0);
  EXPECT_EQ(lex("0 017")[1].ival, 15);
  EXPECT_EQ(lex("12a")[0].kind, Tok::Integer);
  EXPECT_EQ(lex("12a")[0].text, "12");
  EXPECT_EQ(lex("12a")[1].text, "a");
  EXPECT_EQ(lex("7.")[0].kind, Tok::Real);
  EXPECT_EQ(lex("0x")[0].kind, Tok::Error);
  t = lex("18446744073709551616");
  EXPECT_EQ(t[0].kind, Tok::Integer);
  EXPECT_TRUE(t[0].overflow);
}

TEST(Lexer, SpacesAndColons) {
  expectTokens("a  b\tc ",
               {{Tok::Identifier, 0, "a"}, {Tok::Identifier, 3, "b"}, {Tok::Identifier, 5, "c"}},
               7);
  expectTokens("a::b:c",
               {{Tok::Identifier, 0, "a"},
                {Tok::ColonColon, 1, "::"},
                {Tok::Identifier, 3, "b"},
                {Tok::Colon, 4, ":"},
                {Tok::Identifier, 5, "c"}},
               6);
  std::vector<Token> t;
  bool block = false;
  EXPECT_TRUE(lexLine("a::b", t, block).hasColonColon);
  EXPECT_FALSE(lexLine("a:b", t, block).hasColonColon);
  expectTokens("", {}, 0);
  expectTokens("   ", {}, 3);
}

// Lines past 64 KiB are lexed into room that grows with their tokens (a long comment or string
// takes little): the tokens are those of the room-per-character lexer, whatever the line holds
// where the room runs out (`::`, a `#` that is no comment, a block comment, an unterminated one).
TEST(Lexer, LongLinesGrowTheirRoom) {
  std::string pieces[] = {"v_add_f32 v1, -v2, 0x3f800000 ",
                          "a::b ",
                          "1+2*(3) ",
                          "x /* c */ ",
                          "\"str\" ",
                          "# ",
                          "s[0:1], "};
  for (size_t tail = 0; tail < 3; ++tail) {
    std::string line;
    for (size_t i = 0; line.size() < 300000; ++i) line += pieces[i * 7 % std::size(pieces)];
    if (tail == 1) line += "// " + std::string(100000, 'c');
    if (tail == 2) line += "/* open";
    std::vector<Token> expected(line.size() + 1);
    size_t count = 0;
    bool blockA = false, blockB = false;
    auto resA = lexLine(line, expected.data(), count, blockA);
    expected.resize(count);
    std::vector<Token> room;
    gfxasm::as::LexResult resB;
    size_t n = lexLine(line, room, resB, blockB);
    ASSERT_EQ(n, count);
    EXPECT_LT(room.size(), line.size()) << "room per character";
    EXPECT_EQ(resA.ok, resB.ok);
    EXPECT_EQ(resA.hasColonColon, resB.hasColonColon);
    EXPECT_EQ(blockA, blockB);
    for (size_t i = 0; i < n; ++i) {
      ASSERT_EQ(room[i].kind, expected[i].kind) << i;
      ASSERT_EQ(room[i].col, expected[i].col) << i;
      ASSERT_EQ(room[i].text, expected[i].text) << i;
      ASSERT_EQ(room[i].commentAfter, expected[i].commentAfter) << i;
      if (room[i].kind == Tok::Integer) {
        ASSERT_EQ(room[i].ival, expected[i].ival) << i;
      }
    }
  }
}

} // namespace
