// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Every example of the seed pages (../shared/seeds: s_delay_alu and s_waitcnt operands on gfx11),
// with the text and bytes llvm-mc-22 prints for it.
#include <gtest/gtest.h>

#include "test_util.h"

namespace {

using Case = gfxasm::test::ShownCase; // expected lines from llvm-mc-22 -show-encoding

const Case kSeedCases[] = {
    {"s_delay_alu instid0(VALU_DEP_1)",
     "\ts_delay_alu instid0(VALU_DEP_1)         ; encoding: [0x01,0x00,0x87,0xbf]"},
    {"s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)",
     "\ts_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; encoding: "
     "[0x91,0x00,0x87,0xbf]"},
    {"s_waitcnt vmcnt(1)",
     "\ts_waitcnt vmcnt(1)                      ; encoding: [0xf7,0x07,0x89,0xbf]"},
    {"s_waitcnt expcnt(2) lgkmcnt(3)",
     "\ts_waitcnt expcnt(2) lgkmcnt(3)          ; encoding: [0x32,0xfc,0x89,0xbf]"},
    {"s_waitcnt vmcnt(1), expcnt(2), lgkmcnt(3)",
     "\ts_waitcnt vmcnt(1) expcnt(2) lgkmcnt(3) ; encoding: [0x32,0x04,0x89,0xbf]"},
    {"s_waitcnt vmcnt(1) & lgkmcnt_sat(100) & expcnt(2)",
     "\ts_waitcnt vmcnt(1) expcnt(2)            ; encoding: [0xf2,0x07,0x89,0xbf]"},
};

TEST(Seeds, ExamplesMatchLlvmMc) {
  for (const Case &c : kSeedCases) gfxasm::test::checkShown(c);
}

TEST(Seeds, DelayAluOperandsInAnyOrderWithDefaults) {
  using gfxasm::test::bytesOf;
  EXPECT_EQ(bytesOf("s_delay_alu instid1(VALU_DEP_1) | instid0(VALU_DEP_1) | instskip(NEXT)"),
            bytesOf("s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)"));
  // instskip(SAME) and NO_DEP are the defaults: spelled out or left out, the same bytes.
  EXPECT_EQ(bytesOf("s_delay_alu instid0(VALU_DEP_2) | instskip(SAME) | instid1(NO_DEP)"),
            (std::vector<uint8_t>{0x02, 0x00, 0x87, 0xbf}));
  // Plain integers and absolute expressions.
  EXPECT_EQ(bytesOf("s_delay_alu 0x91"), (std::vector<uint8_t>{0x91, 0x00, 0x87, 0xbf}));
  EXPECT_EQ(bytesOf("s_delay_alu (1 << 7) | 0x11"), (std::vector<uint8_t>{0x91, 0x00, 0x87, 0xbf}));
}

TEST(Seeds, DelayAluBadNamesAreErrors) {
  std::string err;
  EXPECT_TRUE(gfxasm::test::bytesOf("s_delay_alu instid0(FOO)", &err).empty());
  EXPECT_EQ(err, "invalid value name FOO");
  EXPECT_TRUE(
      gfxasm::test::bytesOf("s_delay_alu instid0(VALU_DEP_1) instskip(NEXT)", &err).empty());
}

TEST(Seeds, WaitcntRangesAndSaturation) {
  std::string err;
  EXPECT_TRUE(gfxasm::test::bytesOf("s_waitcnt vmcnt(64)", &err).empty());
  EXPECT_EQ(err, "too large value for vmcnt");
  EXPECT_TRUE(gfxasm::test::bytesOf("s_waitcnt expcnt(8)", &err).empty());
  EXPECT_TRUE(gfxasm::test::bytesOf("s_waitcnt lgkmcnt(64)", &err).empty());
  // _sat clamps to the field's maximum: every field at its maximum is 0xfff7 (bit 3 unused).
  EXPECT_EQ(gfxasm::test::bytesOf("s_waitcnt vmcnt_sat(100) expcnt_sat(9) lgkmcnt_sat(1000)"),
            (std::vector<uint8_t>{0xf7, 0xff, 0x89, 0xbf}));
  EXPECT_EQ(gfxasm::test::bytesOf("s_waitcnt 0"), (std::vector<uint8_t>{0x00, 0x00, 0x89, 0xbf}));
}

} // namespace

// The msg operand page (gfx9): every example as written there, with llvm-mc-22's output for it
// on gfx900 (-show-encoding).
TEST(Seeds, Gfx9SendmsgExamplesMatchLlvmMc) {
  const char *input = "msg = 0x10\n"
                      "s_sendmsg 0x12\n"
                      "s_sendmsg msg + 2\n"
                      "s_sendmsg sendmsg(MSG_INTERRUPT)\n"
                      "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT)\n"
                      "s_sendmsg sendmsg(MSG_GS, 2)\n"
                      "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_EMIT_CUT, 1)\n"
                      "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)\n"
                      "s_sendmsg sendmsg(MSG_GET_DOORBELL)\n"
                      "msg = 2\n"
                      "op = 3\n"
                      "stream = 1\n"
                      "s_sendmsg sendmsg(msg, op, stream)\n"
                      "s_sendmsg sendmsg(2, GS_OP_CUT)\n";
  const char *llvm =
      "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\n"
      ".set msg, 16\n"
      "\ts_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 0) ; encoding: [0x12,0x00,0x90,0xbf]\n"
      "\ts_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 0) ; encoding: [0x12,0x00,0x90,0xbf]\n"
      "\ts_sendmsg sendmsg(MSG_INTERRUPT)        ; encoding: [0x01,0x00,0x90,0xbf]\n"
      "\ts_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0) ; encoding: [0x22,0x00,0x90,0xbf]\n"
      "\ts_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0) ; encoding: [0x22,0x00,0x90,0xbf]\n"
      "\ts_sendmsg sendmsg(MSG_GS_DONE, GS_OP_EMIT_CUT, 1) ; encoding: [0x33,0x01,0x90,0xbf]\n"
      "\ts_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC) ; encoding: [0x4f,0x00,0x90,0xbf]\n"
      "\ts_sendmsg sendmsg(MSG_GET_DOORBELL)     ; encoding: [0x0a,0x00,0x90,0xbf]\n"
      ".set msg, 2\n"
      ".set op, 3\n"
      ".set stream, 1\n"
      "\ts_sendmsg sendmsg(MSG_GS, GS_OP_EMIT_CUT, 1) ; encoding: [0x32,0x01,0x90,0xbf]\n"
      "\ts_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 0) ; encoding: [0x12,0x00,0x90,0xbf]\n";
  gfxasm::AssembleOptions opts;
  opts.showEncoding = true;
  auto r = gfxasm::assemble(gfxasm::test::target("gfx900"), input, opts);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.text, llvm);
}
