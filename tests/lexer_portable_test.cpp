// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include "lexer_dump.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

// Lines of every length (around the 8-, 16- and 64-character blocks) made of identifiers,
// numbers, spaces and punctuation, and random bytes: the portable classification must lex them
// as the built one does (SSE2 on x86-64), every prefix too.
TEST(LexerPortable, SameTokensAsBuiltLexer) {
  std::mt19937_64 rng(20261126);
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  const std::vector<std::string> pieces = {"v_add_f32", "s[0:1]",   "v1.l",
                                           "a.b$c@d",   "@x",       "_x",
                                           ".text",     "0x1f",     "0b101",
                                           "017",       "08",       "1.5e+3",
                                           "1e5",       "12ab",     "1234567",
                                           "12345678",  "0",        "18446744073709551616",
                                           ",",         ":",        "::",
                                           "[",         "]",        "(",
                                           ")",         "-",        "+",
                                           "~",         "<<",       ">=",
                                           "!=",        "&&",       "||",
                                           "#",         ";c",       "//c",
                                           "/*",        "*/",       "\"s\\\"t\"",
                                           "\"open",    " ",        "  ",
                                           "\t",        "\xc3\xa9", std::string(1, '\0')};
  size_t compared = 0;
  for (int n = 0; n < 3000; ++n) {
    std::string line;
    if (n % 4 == 3) {
      for (size_t i = pick(80); i > 0; --i) line += static_cast<char>(rng());
    } else {
      const size_t target = pick(n % 4 == 2 ? 200 : 70);
      while (line.size() < target) {
        if (pick(3) == 0) {
          line += std::string(1 + pick(70), "abcxyz_019"[pick(10)]);
        } else {
          line += pieces[pick(pieces.size())];
        }
      }
    }
    for (size_t len = 0; len <= line.size(); ++len) {
      for (bool block : {false, true}) {
        const std::string_view part(line.data(), len);
        bool realBlock = block, portableBlock = block;
        const std::string real = lexdump_real::lexDump(part, realBlock);
        const std::string portable = lexdump_portable::lexDump(part, portableBlock);
        ASSERT_EQ(real, portable) << "line: " << line.substr(0, len);
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 100000u);
}

} // namespace
