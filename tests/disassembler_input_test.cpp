// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The command line's `--disassemble` input handling against llvm-mc-22's: byte spellings,
// separators, comments, blocks, unreadable tokens (which drop the bytes before them), invalid
// encodings in a run (decoding goes on 4 bytes later) and in a block (decoding stops), with and
// without -show-encoding. Standard output, standard error and the exit status must be the same.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gfxasm/gfxasm.h"
#include "oracle_util.h"

namespace {

using gfxasm::test::runAssembler;
using gfxasm::test::runLlvmMc;
using gfxasm::test::ToolRun;

void expectSameRun(const std::string &input, const std::string &options = "") {
  ToolRun llvm = runLlvmMc(input, "gfx1100", "", "--disassemble " + options);
  ToolRun ours = runAssembler(GFXASM_CLI, input, "gfx1100", "", "--disassemble " + options);
  EXPECT_EQ(ours.out, llvm.out) << input;
  EXPECT_EQ(ours.err, llvm.err) << input;
  EXPECT_EQ(ours.status, llvm.status) << input;
}

TEST(DisassemblerInput, SpellingsSeparatorsAndComments) {
  expectSameRun("0x01,0x00,0x80,0xbe\n0x01 0x00 0x80 0xbe\n1 0 128 190\n"
                "0X01, 00, 0b10000000 , 0276 # octal 190\n"
                "# a comment line\n0x01,0x00,   # mid-instruction comment\n0x80,0xbe\n"
                "\t0x01,,0x00,\r\n0x80\t0xbe\n");
}

TEST(DisassemblerInput, UnreadableTokensDropTheBytesBefore) {
  expectSameRun("0x01,0x00,0x80,0xbe\n0x01,0x00,0x80,0xbe,0x100\n0x02,0x00,0x80,0xbe\n");
  expectSameRun("0x01,0x00,0x80,0xbe\nfoo 0x01\n0x03,0x00,0x80,0xbe\n0xzz\n");
  expectSameRun("0x01,0x00,0x80\n0x1g,0xbe\n0x04,0x00,0x80,0xbe\n");
  expectSameRun("0x,0x00\n-1 0x01,0x00,0x80,0xbe\n");
}

TEST(DisassemblerInput, InvalidEncodingsInARunAndInBlocks) {
  // v_illegal-free invalid words: an SOPP opcode no gfx11 instruction has, a truncated literal.
  expectSameRun("0xff,0xff,0xff,0xff\n0x01,0x00,0x80,0xbe\n0x00,0x00,0xff,0xbf\n"
                "0x01,0x00,0x80,0xbe\n0xff,0x00,0x80,0xbe\n0x01,0x00,0x80,0xbe\n");
  expectSameRun("[0x01,0x00,0x80,0xbe]\n[0x00,0x00,0xff,0xbf,0x01,0x00,0x80,0xbe]\n"
                "[0x01,0x00,0x80,0xbe,0x02,0x00,0x80,0xbe]\n");
  expectSameRun("[0x01,0x00,0x80,0xbe\n[0x01]\n]\n]\n0x01,0x00,0x80,0xbe\n[");
}

// An instruction whose literal dword the input lacks, at the end of the input: llvm-mc-22 crashes
// (it reads past its buffer); gfxasm warns, as llvm-mc does for the same bytes elsewhere.
TEST(DisassemblerInput, TruncatedLiteralAtTheEnd) {
  const std::string input = "0x01,0x00,0x80,0xbe\n0xff,0x00,0x80,0xbe\n";
  ToolRun llvm = runLlvmMc(input, "gfx1100", "", "--disassemble");
  EXPECT_NE(llvm.err.find("Stack dump"), std::string::npos)
      << "llvm-mc-22 no longer crashes (fixed upstream?): " << llvm.err;
  // (what llvm-mc-22 prints for the bytes before)
  ToolRun before = runLlvmMc("0x01,0x00,0x80,0xbe\n", "gfx1100", "", "--disassemble");
  ToolRun ours = runAssembler(GFXASM_CLI, input, "gfx1100", "", "--disassemble");
  EXPECT_EQ(ours.out, before.out);
  EXPECT_EQ(ours.err,
            "input.s:2:1: warning: invalid instruction encoding\n0xff,0x00,0x80,0xbe\n^\n");
  EXPECT_EQ(ours.status, 0);
}

TEST(DisassemblerInput, ShowEncoding) {
  expectSameRun("0x01,0x00,0x80,0xbe\n0xff,0x00,0x80,0xbe,0x78,0x56,0x34,0x12\n"
                "[0x01,0x00,0x80,0xbe]\n0x00,0x00,0xff,0xbf\n",
                "-show-encoding");
}

// Random inputs: whole instructions and their bytes in several spellings, stray tokens,
// comments and invalid words, over many lines (no blocks: a decode past a block's end
// crashes llvm-mc-22).
TEST(DisassemblerInput, RandomRuns) {
  std::mt19937 rng(2026);
  const std::vector<std::vector<int>> words = {{0x01, 0x00, 0x80, 0xbe}, {0x00, 0x00, 0xff, 0xbf},
                                               {0xff, 0x00, 0x80, 0xbe}, {0x78, 0x56, 0x34, 0x12},
                                               {0x01, 0x05, 0x0a, 0x7e}, {0xff, 0xff, 0xff, 0xff},
                                               {0x00, 0x00, 0x80, 0xbf}, {0x02, 0x00, 0x06, 0xd5}};
  for (int round = 0; round < 6; ++round) {
    std::string input;
    for (int line = 0; line < 120; ++line) {
      unsigned n = 1 + rng() % 3;
      for (unsigned w = 0; w < n; ++w)
        for (int b : words[rng() % words.size()]) {
          switch (rng() % 12) {
          case 0: input += fmt::format("{} ", b); break;
          case 1: input += fmt::format("0X{:02X} ", b); break;
          case 2: input += fmt::format("0{:o}, ", b); break;
          default: input += fmt::format("0x{:02x},", b); break;
          }
        }
      switch (rng() % 20) {
      case 0: input += " # comment"; break;
      case 1: input += " 0x1ff"; break;
      case 2: input += " 0x0"; break;
      default: break;
      }
      input += '\n';
    }
    expectSameRun(input, round % 2 ? "-show-encoding" : "");
  }
}

// Large inputs are read, decoded and printed by two threads (text of 256 KiB and more, runs of
// 64 KiB of bytes and more; a block stays on one thread): the same text and diagnostics, in
// order, also where a block stops at an invalid encoding.
TEST(DisassemblerInput, LargeRuns) {
  std::mt19937 rng(7);
  const char *const words[] = {
      "0x01,0x00,0x80,0xbe", "0xff,0x00,0x80,0xbe,0x78,0x56,0x34,0x12", "0x00,0x00,0xff,0xbf",
      "0x01,0x05,0x0a,0x7e", "0x02,0x00,0x06,0xd5,0x01,0x05,0x02,0x00", "0xff,0xff,0xff,0xff"};
  std::string run, block = "[";
  while (run.size() < 200000) run += std::string(words[rng() % 6]) + "\n";
  while (block.size() < 100000) block += std::string(words[rng() % 4]) + ",";
  block += "0xff,0xff,0xff,0xff,0x01,0x00,0x80,0xbe]\n";
  expectSameRun(run + block + run);
  expectSameRun(run, "-show-encoding");
}

// A random large input: instructions of 4 to 12 bytes, invalid words, a word's bytes alone (so
// that instructions start anywhere) and, one word in `rare` each, unreadable tokens (with
// `badTokens`), blocks (with `blocks`) and comments with a bracket (which end the stretch the
// two threads read).
std::string largeInput(std::mt19937 &rng, size_t size, unsigned rare, bool badTokens, bool blocks) {
  const char *const words[] = {"0x01,0x00,0x80,0xbe",
                               "0xff,0x00,0x80,0xbe,0x78,0x56,0x34,0x12",
                               "0x00,0x00,0xff,0xbf",
                               "0x01,0x05,0x0a,0x7e",
                               "0x02,0x00,0x06,0xd5,0x01,0x05,0x02,0x00",
                               "0x01,0x00,0x10,0xd6,0xff,0x04,0x0a,0x04,0x00,0x00,0x80,0x3f",
                               "0xff,0xff,0xff,0xff",
                               "0x7e",
                               "1 0 128 190 # comment"};
  std::string input;
  while (input.size() < size) {
    unsigned r = rng() % rare;
    if (badTokens && r == 0)
      input += "0x1ff # bad\n";
    else if (blocks && r == 1)
      input += "[0x01,0x00,0x80,0xbe]\n";
    else if (r == 2)
      input += "0x7e # [not a block]\n";
    else
      input += std::string(words[rng() % std::size(words)]) + (rng() % 3 ? "\n" : ",");
  }
  return input;
}

TEST(DisassemblerInput, LargeInputsAsLlvmMc) {
  std::mt19937 rng(11);
  // 12-byte instructions only: each chunk the threads decode (a power of two bytes) starts
  // inside one.
  std::string twelve;
  while (twelve.size() < 500000)
    twelve += "0x01,0x00,0x10,0xd6,0xff,0x04,0x0a,0x04,0x00,0x00,0x80,0x3f\n";
  expectSameRun(twelve);
  expectSameRun(largeInput(rng, 700000, 40000, false, false));
  // An unreadable token in the middle of a stretch the threads read, before a long run.
  expectSameRun(largeInput(rng, 300000, 40000, false, false) + "0x1ff\n" +
                largeInput(rng, 500000, 40000, false, false));
  // A large block (one thread; it stops at its first invalid word) between long runs.
  expectSameRun(largeInput(rng, 400000, 40000, false, false) + "[" +
                largeInput(rng, 400000, 40000, false, false) + "]" +
                largeInput(rng, 400000, 40000, false, false));
}

// The library with and without its second thread: the same text and diagnostics, on inputs
// around the sizes where the threads start, over many random ones.
TEST(DisassemblerInput, TwoThreadsPrintWhatOnePrints) {
  auto target = gfxasm::Target::create("gfx1100", {}, nullptr);
  ASSERT_TRUE(target);
  std::mt19937 rng(5);
  for (int round = 0; round < 24; ++round) {
    size_t size = (round % 4 + 1) * 150000 + rng() % 1000;
    std::string input =
        largeInput(rng, size, round < 12 ? 40000 : 4000, round % 3 == 0, round % 4 == 1);
    if (round >= 20) { // llvm-mc's own spelling only: lines of 4, 8 or 12 random bytes
      input.clear();
      while (input.size() < size) {
        for (unsigned i = 0, n = 4 * (1 + rng() % 3); i < n; ++i)
          input += fmt::format("{}0x{:02x}", i ? "," : "", rng() % 256);
        input += '\n';
      }
    }
    gfxasm::DisassembleOptions one, two;
    one.threads = false;
    one.showEncoding = two.showEncoding = round % 2;
    auto a = gfxasm::disassemble(*target, input, one);
    auto b = gfxasm::disassemble(*target, input, two);
    ASSERT_EQ(a.text, b.text) << "round " << round;
    ASSERT_EQ(a.diagnostics.size(), b.diagnostics.size()) << "round " << round;
    for (size_t i = 0; i < a.diagnostics.size(); ++i)
      ASSERT_EQ(gfxasm::formatDiagnostic(a.diagnostics[i]),
                gfxasm::formatDiagnostic(b.diagnostics[i]))
          << "round " << round;
    EXPECT_EQ(a.errorCount, b.errorCount);
  }
}

} // namespace
