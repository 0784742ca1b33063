// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The structured operands of gfx11 (sendmsg, hwreg, depctr) as llvm-mc-22 assembles and prints
// them: names, numbers and expressions, strict and range-only validation, and its messages.
#include <gtest/gtest.h>

#include "test_util.h"

namespace {

using Case = gfxasm::test::ShownCase;
using gfxasm::test::checkShown;

const Case kCases[] = {
    {"s_sendmsg 0x12",
     "\ts_sendmsg sendmsg(18, 0, 0)             ; encoding: [0x12,0x00,0xb6,0xbf]", nullptr},
    {"s_sendmsg sendmsg(MSG_INTERRUPT)",
     "\ts_sendmsg sendmsg(MSG_INTERRUPT)        ; encoding: [0x01,0x00,0xb6,0xbf]", nullptr},
    {"s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT)", nullptr,
     "specified message id is not supported on this GPU"},
    {"s_sendmsg sendmsg(MSG_GS, 2)", nullptr, "specified message id is not supported on this GPU"},
    {"s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_EMIT_CUT, 1)", nullptr,
     "specified message id is not supported on this GPU"},
    {"s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)",
     "\ts_sendmsg sendmsg(79, 0, 0)             ; encoding: [0x4f,0x00,0xb6,0xbf]", nullptr},
    {"s_sendmsg sendmsg(MSG_GET_DOORBELL)", nullptr,
     "specified message id is not supported on this GPU"},
    {"s_sendmsg sendmsg(2, GS_OP_CUT)",
     "\ts_sendmsg sendmsg(18, 0, 0)             ; encoding: [0x12,0x00,0xb6,0xbf]", nullptr},
    {"s_sendmsg sendmsg(2, 3, 1)",
     "\ts_sendmsg 306                           ; encoding: [0x32,0x01,0xb6,0xbf]", nullptr},
    {"s_sendmsg sendmsg(MSG_HS_TESSFACTOR)",
     "\ts_sendmsg sendmsg(MSG_HS_TESSFACTOR)    ; encoding: [0x02,0x00,0xb6,0xbf]", nullptr},
    {"s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)",
     "\ts_sendmsg sendmsg(MSG_DEALLOC_VGPRS)    ; encoding: [0x03,0x00,0xb6,0xbf]", nullptr},
    {"s_sendmsg sendmsg(MSG_INTERRUPT, 0)", nullptr, "message does not support operations"},
    {"s_sendmsg sendmsg(MSG_SYSMSG)", nullptr, "missing message operation"},
    {"s_sendmsg sendmsg(MSG_SYSMSG, 3)", nullptr, "invalid operation id"},
    {"s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD, 1)", nullptr,
     "message operation does not support streams"},
    {"s_sendmsg sendmsg(256)", nullptr, "invalid message id"},
    {"s_sendmsg sendmsg(1, 8)", nullptr, "invalid operation id"},
    {"s_sendmsg sendmsg(1, 0, 4)", nullptr, "invalid message stream id"},
    {"s_sendmsg sendmsg(FOO)", nullptr, "expected a message name or an absolute expression"},
    {"s_sendmsg sendmsg(0)",
     "\ts_sendmsg sendmsg(0, 0, 0)              ; encoding: [0x00,0x00,0xb6,0xbf]", nullptr},
    {"s_sendmsg sendmsg(1+1)",
     "\ts_sendmsg sendmsg(MSG_HS_TESSFACTOR)    ; encoding: [0x02,0x00,0xb6,0xbf]", nullptr},
    {"s_sendmsg sendmsg(15, SYSMSG_OP_ECC_ERR_INTERRUPT, 3)",
     "\ts_sendmsg 799                           ; encoding: [0x1f,0x03,0xb6,0xbf]", nullptr},
    {"s_sendmsg 65536", nullptr, "invalid immediate: only 16-bit values are legal"},
    {"s_sendmsghalt sendmsg(MSG_RTN_GET_REALTIME)",
     "\ts_sendmsghalt sendmsg(MSG_RTN_GET_REALTIME) ; encoding: [0x83,0x00,0xb7,0xbf]", nullptr},
    {"s_sendmsg_rtn_b32 s0, sendmsg(MSG_RTN_GET_DOORBELL)",
     "\ts_sendmsg_rtn_b32 s0, sendmsg(MSG_RTN_GET_DOORBELL) ; encoding: [0x80,0x4c,0x80,0xbe]",
     nullptr},
    {"s_sendmsg_rtn_b64 s[2:3], sendmsg(MSG_RTN_GET_REALTIME)",
     "\ts_sendmsg_rtn_b64 s[2:3], sendmsg(MSG_RTN_GET_REALTIME) ; encoding: [0x83,0x4d,0x82,0xbe]",
     nullptr},
    {"s_sendmsg_rtn_b32 s0, 0x100",
     "\ts_sendmsg_rtn_b32 s0, 256               ; encoding: [0x00,0x4c,0x80,0xbe]", nullptr},
    {"s_getreg_b32 s0, hwreg(HW_REG_MODE)",
     "\ts_getreg_b32 s0, hwreg(HW_REG_MODE)     ; encoding: [0x01,0xf8,0x80,0xb8]", nullptr},
    {"s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 32)",
     "\ts_getreg_b32 s0, hwreg(HW_REG_MODE)     ; encoding: [0x01,0xf8,0x80,0xb8]", nullptr},
    {"s_getreg_b32 s0, hwreg(HW_REG_HW_ID1, 1, 31)",
     "\ts_getreg_b32 s0, hwreg(HW_REG_HW_ID1, 1, 31) ; encoding: [0x57,0xf0,0x80,0xb8]", nullptr},
    {"s_getreg_b32 s0, hwreg(4)",
     "\ts_getreg_b32 s0, hwreg(4)               ; encoding: [0x04,0xf8,0x80,0xb8]", nullptr},
    {"s_getreg_b32 s0, hwreg(1+2, 1*2, 3)",
     "\ts_getreg_b32 s0, hwreg(HW_REG_TRAPSTS, 2, 3) ; encoding: [0x83,0x10,0x80,0xb8]", nullptr},
    {"s_getreg_b32 s0, 0x1234",
     "\ts_getreg_b32 s0, hwreg(52, 8, 3)        ; encoding: [0x34,0x12,0x80,0xb8]", nullptr},
    {"s_getreg_b32 s0, {id: 1, offset: 2, size: 3}",
     "\ts_getreg_b32 s0, hwreg(HW_REG_MODE, 2, 3) ; encoding: [0x81,0x10,0x80,0xb8]", nullptr},
    {"s_getreg_b32 s0, {size: 3}",
     "\ts_getreg_b32 s0, hwreg(0, 0, 3)         ; encoding: [0x00,0x10,0x80,0xb8]", nullptr},
    {"s_getreg_b32 s0, {}",
     "\ts_getreg_b32 s0, hwreg(0)               ; encoding: [0x00,0xf8,0x80,0xb8]", nullptr},
    {"s_getreg_b32 s0, hwreg(HW_REG_HW_ID)", nullptr,
     "invalid hardware register: not supported on this GPU"},
    {"s_getreg_b32 s0, hwreg(64)", nullptr,
     "invalid hardware register: only 6-bit values are legal"},
    {"s_getreg_b32 s0, hwreg(HW_REG_MODE, 32, 1)", nullptr,
     "invalid bit offset: only 5-bit values are legal"},
    {"s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 0)", nullptr,
     "invalid bitfield width: only values from 1 to 32 are legal"},
    {"s_getreg_b32 s0, hwreg(HW_REG_MODE, 3)", nullptr, "expected a comma"},
    {"s_getreg_b32 s0, {id: 1, id: 2}", nullptr, "duplicate field"},
    {"s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s1",
     "\ts_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s1 ; encoding: [0x01,0x18,0x01,0xb9]", nullptr},
    {"s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS), 0x12345",
     "\ts_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS), 0x12345 ; encoding: "
     "[0x03,0xf8,0x80,0xb9,0x45,0x23,0x01,0x00]",
     nullptr},
    {"s_setreg_imm32_b32 hwreg(HW_REG_MODE), 1",
     "\ts_setreg_imm32_b32 hwreg(HW_REG_MODE), 1 ; encoding: "
     "[0x01,0xf8,0x80,0xb9,0x01,0x00,0x00,0x00]",
     nullptr},
    {"s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x3f800000",
     "\ts_setreg_imm32_b32 hwreg(HW_REG_MODE), 1.0 ; encoding: "
     "[0x01,0xf8,0x80,0xb9,0x00,0x00,0x80,0x3f]",
     nullptr},
    {"s_waitcnt_depctr depctr_va_vdst(0) depctr_vm_vsrc(0)",
     "\ts_waitcnt_depctr depctr_va_vdst(0) depctr_vm_vsrc(0) ; encoding: [0x83,0x0f,0x88,0xbf]",
     nullptr},
    {"s_waitcnt_depctr depctr_va_vdst(0) & depctr_sa_sdst(0)",
     "\ts_waitcnt_depctr depctr_sa_sdst(0) depctr_va_vdst(0) ; encoding: [0x9e,0x0f,0x88,0xbf]",
     nullptr},
    {"s_waitcnt_depctr depctr_hold_cnt(0), depctr_va_sdst(3)",
     "\ts_waitcnt_depctr depctr_hold_cnt(0) depctr_va_sdst(3) ; encoding: [0x1f,0xf7,0x88,0xbf]",
     nullptr},
    {"s_waitcnt_depctr depctr_va_vdst(15)",
     "\ts_waitcnt_depctr depctr_hold_cnt(1) depctr_sa_sdst(1) depctr_va_vdst(15) depctr_va_sdst(7) "
     "depctr_va_ssrc(1) depctr_va_vcc(1) depctr_vm_vsrc(7) ; encoding: [0x9f,0xff,0x88,0xbf]",
     nullptr},
    {"s_waitcnt_depctr 0xfff0",
     "\ts_waitcnt_depctr 0xfff0                 ; encoding: [0xf0,0xff,0x88,0xbf]", nullptr},
    {"s_waitcnt_depctr 0x1f",
     "\ts_waitcnt_depctr depctr_hold_cnt(0) depctr_va_vdst(0) depctr_va_sdst(0) depctr_va_ssrc(0) "
     "; encoding: [0x1f,0x00,0x88,0xbf]",
     nullptr},
    {"s_waitcnt_depctr depctr_va_vdst(16)", nullptr, "invalid value for depctr_va_vdst"},
    {"s_waitcnt_depctr depctr_va_vdst(0) depctr_va_vdst(1)", nullptr,
     "duplicate counter name depctr_va_vdst"},
    {"s_waitcnt_depctr depctr_foo(0)", nullptr, "invalid counter name depctr_foo"},
};

TEST(SpecialOperands, MatchLlvmMc) {
  for (const Case &c : kCases) checkShown(c, "gfx1100");
}

TEST(SpecialOperands, SendmsgTypeByExpressionIsRangeChecked) {
  // The seed page's symbol form: numeric type, op and stream are checked against the fields only.
  EXPECT_EQ(
      gfxasm::test::shownLine("msg = 2\nop = 3\nstream = 1\ns_sendmsg sendmsg(msg, op, stream)"),
      ".set msg, 2\n.set op, 3\n.set stream, 1\n"
      "\ts_sendmsg 306                           ; encoding: [0x32,0x01,0xb6,0xbf]");
}

} // namespace
