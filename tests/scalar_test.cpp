// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Scalar instructions as llvm-mc-22 assembles and prints them: old mnemonics, SMEM offset
// forms, literal rules (64-bit, 16-bit, lit(...), relocatable), immediates, branches and labels.
#include <gtest/gtest.h>

#include "test_util.h"

namespace {

using Case = gfxasm::test::ShownCase;
using gfxasm::test::checkShown;

const Case kGfx1100[] = {
    {"s_load_dword s5, s[2:3], 0x10",
     "\ts_load_b32 s5, s[2:3], 0x10             ; encoding: "
     "[0x41,0x01,0x00,0xf4,0x10,0x00,0x00,0xf8]",
     nullptr},
    {"s_buffer_load_dwordx2 s[4:5], s[8:11], s1",
     "\ts_buffer_load_b64 s[4:5], s[8:11], s1   ; encoding: "
     "[0x04,0x01,0x24,0xf4,0x00,0x00,0x00,0x02]",
     nullptr},
    {"s_load_dwordx16 s[16:31], s[2:3], s9 offset:0x20 glc dlc",
     "\ts_load_b512 s[16:31], s[2:3], s9 offset:0x20 glc dlc ; encoding: "
     "[0x01,0x64,0x10,0xf4,0x20,0x00,0x00,0x12]",
     nullptr},
    {"s_ff1_i32_b32 s0, s1",
     "\ts_ctz_i32_b32 s0, s1                    ; encoding: [0x01,0x08,0x80,0xbe]", nullptr},
    {"s_flbit_i32_b64 s0, s[2:3]",
     "\ts_clz_i32_u64 s0, s[2:3]                ; encoding: [0x02,0x0b,0x80,0xbe]", nullptr},
    {"s_andn2_b32 s0, s1, s2",
     "\ts_and_not1_b32 s0, s1, s2               ; encoding: [0x01,0x02,0x00,0x91]", nullptr},
    {"s_orn2_saveexec_b64 s[0:1], s[2:3]",
     "\ts_or_not1_saveexec_b64 s[0:1], s[2:3]   ; encoding: [0x02,0x33,0x80,0xbe]", nullptr},
    {"s_inst_prefetch 0x3",
     "\ts_set_inst_prefetch_distance 0x3        ; encoding: [0x03,0x00,0x84,0xbf]", nullptr},
    {"s_load_b32 s0, s[2:3]",
     "\ts_load_b32 s0, s[2:3], 0x0              ; encoding: "
     "[0x01,0x00,0x00,0xf4,0x00,0x00,0x00,0xf8]",
     nullptr},
    {"s_load_b32 s0, s[2:3], s9 offset:0x0",
     "\ts_load_b32 s0, s[2:3], s9 offset:0x0    ; encoding: "
     "[0x01,0x00,0x00,0xf4,0x00,0x00,0x00,0x12]",
     nullptr},
    {"s_load_b32 s0, s[2:3], null",
     "\ts_load_b32 s0, s[2:3], null             ; encoding: "
     "[0x01,0x00,0x00,0xf4,0x00,0x00,0x00,0xf8]",
     nullptr},
    {"s_load_b32 s0, s[2:3], -0x100000",
     "\ts_load_b32 s0, s[2:3], -0x100000        ; encoding: "
     "[0x01,0x00,0x00,0xf4,0x00,0x00,0x10,0xf8]",
     nullptr},
    {"s_load_b32 s0, s[2:3], 0x100000", nullptr, "expected a 21-bit signed offset"},
    {"s_load_b32 s0, s[2:3], offset:5", nullptr, "not a valid operand."},
    {"s_load_b32 exec_lo, s[2:3], s9", nullptr, "invalid operand for instruction"},
    {"s_buffer_load_b32 s0, s[4:7], -1", nullptr, "expected a 20-bit unsigned offset"},
    {"s_buffer_load_b128 null, s[4:7], m0 dlc",
     "\ts_buffer_load_b128 null, s[4:7], m0 dlc ; encoding: "
     "[0x02,0x3f,0x28,0xf4,0x00,0x00,0x00,0xfa]",
     nullptr},
    {"s_atc_probe 7, s[2:3], 0x1234",
     "\ts_atc_probe 7, s[2:3], 0x1234           ; encoding: "
     "[0xc1,0x01,0x88,0xf4,0x34,0x12,0x00,0xf8]",
     nullptr},
    {"s_atc_probe -1, s[2:3], s9 offset:-0x1",
     "\ts_atc_probe -1, s[2:3], s9 offset:-0x1  ; encoding: "
     "[0xc1,0x1f,0x88,0xf4,0xff,0xff,0x1f,0x12]",
     nullptr},
    {"s_mov_b64 s[0:1], 0xffffffff80000000",
     "\ts_mov_b64 s[0:1], 0x80000000            ; encoding: "
     "[0xff,0x01,0x80,0xbe,0x00,0x00,0x00,0x80]",
     nullptr},
    {"s_mov_b64 s[0:1], 0x100000000", nullptr, "invalid operand for instruction"},
    {"s_mov_b64 s[0:1], 0x3fe0000000000000",
     "\ts_mov_b64 s[0:1], 0.5                   ; encoding: [0xf0,0x01,0x80,0xbe]", nullptr},
    {"s_mov_b64 s[0:1], 0.15915494", nullptr, "invalid operand for instruction"},
    {"s_mov_b64 s[0:1], 0.15915494309189532",
     "\ts_mov_b64 s[0:1], 0.15915494309189532   ; encoding: [0xf8,0x01,0x80,0xbe]", nullptr},
    {"s_mov_b64 s[0:1], 1.5", nullptr, "invalid operand for instruction"},
    {"s_mov_b64 s[0:1], -17",
     "\ts_mov_b64 s[0:1], 0xffffffef            ; encoding: "
     "[0xff,0x01,0x80,0xbe,0xef,0xff,0xff,0xff]",
     nullptr},
    {"s_mov_b32 s0, lit(5)",
     "\ts_mov_b32 s0, lit(0x5)                  ; encoding: "
     "[0xff,0x00,0x80,0xbe,0x05,0x00,0x00,0x00]",
     nullptr},
    {"s_mov_b32 s0, lit(-16)",
     "\ts_mov_b32 s0, lit(0xfffffffffffffff0)   ; encoding: "
     "[0xff,0x00,0x80,0xbe,0xf0,0xff,0xff,0xff]",
     nullptr},
    {"s_mov_b64 s[0:1], lit(-17)",
     "\ts_mov_b64 s[0:1], lit(0xffffffef)       ; encoding: "
     "[0xff,0x01,0x80,0xbe,0xef,0xff,0xff,0xff]",
     nullptr},
    {"s_add_u32 s0, 0x12345678, 0x12345678",
     "\ts_add_u32 s0, 0x12345678, 0x12345678    ; encoding: "
     "[0xff,0xff,0x00,0x80,0x78,0x56,0x34,0x12]",
     nullptr},
    {"s_add_u32 s0, 0x12345678, 0x12345679", nullptr, "only one unique literal operand is allowed"},
    {"s_mov_b32 s0, foo",
     "\ts_mov_b32 s0, foo                       ; encoding: [0xff,0x00,0x80,0xbe,A,A,A,A]\n"
     "                                        ;   fixup A - offset: 4, value: foo, kind: "
     "FK_PCRel_4",
     nullptr},
    {"s_mov_b32 s0, src_vccz", nullptr, "src_vccz register not available on this GPU"},
    {"s_mov_b32 s0, src_lds_direct", nullptr, "invalid operand for instruction"},
    {"s_mov_b32 src_scc, s1",
     "\ts_mov_b32 src_scc, s1                   ; encoding: [0x01,0x00,0xfd,0xbe]", nullptr},
    {"s_movrels_b32 s0, 5", nullptr, "invalid operand for instruction"},
    {"s_setpc_b64 s[4:5]",
     "\ts_setpc_b64 s[4:5]                      ; encoding: [0x04,0x48,0x80,0xbe]", nullptr},
    {"s_setpc_b64 5", nullptr, "invalid operand for instruction"},
    {"s_getpc_b64 s[0:1]",
     "\ts_getpc_b64 s[0:1]                      ; encoding: [0x00,0x47,0x80,0xbe]", nullptr},
    {"s_swappc_b64 s[0:1], s[2:3]",
     "\ts_swappc_b64 s[0:1], s[2:3]             ; encoding: [0x02,0x49,0x80,0xbe]", nullptr},
    {"s_call_b64 s[30:31], 4",
     "\ts_call_b64 s[30:31], 4                  ; encoding: [0x04,0x00,0x1e,0xba]", nullptr},
    {"s_call_b64 s[30:31], 65536", nullptr, "expected a 16-bit signed jump offset"},
    {"s_waitcnt_vscnt null, 0x1234",
     "\ts_waitcnt_vscnt null, 0x1234            ; encoding: [0x34,0x12,0x7c,0xbc]", nullptr},
    {"s_waitcnt_vscnt s0, 0x1234", nullptr, "src0 must be null"},
    {"s_waitcnt_lgkmcnt null, -1",
     "\ts_waitcnt_lgkmcnt null, 0xffff          ; encoding: [0xff,0xff,0xfc,0xbd]", nullptr},
    {"s_cmpk_eq_u32 s0, -1", nullptr, "invalid operand for instruction"},
    {"s_cmpk_eq_i32 s0, -32768",
     "\ts_cmpk_eq_i32 s0, 0x8000                ; encoding: [0x00,0x80,0x80,0xb1]", nullptr},
    {"s_movk_i32 s0, 65536", nullptr, "invalid operand for instruction"},
    {"s_nop 3", "\ts_nop 3                                 ; encoding: [0x03,0x00,0x80,0xbf]",
     nullptr},
    {"s_nop 65", "\ts_nop 0x41                              ; encoding: [0x41,0x00,0x80,0xbf]",
     nullptr},
    {"s_nop 0x3f800000",
     "\ts_nop 1.0                               ; encoding: [0x00,0x00,0x80,0xbf]", nullptr},
    {"s_nop 1.0", "\ts_nop 0                                 ; encoding: [0x00,0x00,0x80,0xbf]",
     nullptr},
    {"s_nop 0x100000000",
     "\ts_nop 0                                 ; encoding: [0x00,0x00,0x80,0xbf]", nullptr},
    {"s_sleep -1", "\ts_sleep -1                              ; encoding: [0xff,0xff,0x83,0xbf]",
     nullptr},
    {"s_endpgm", "\ts_endpgm                                ; encoding: [0x00,0x00,0xb0,0xbf]",
     nullptr},
    {"s_endpgm 3", "\ts_endpgm 3                              ; encoding: [0x03,0x00,0xb0,0xbf]",
     nullptr},
    {"s_endpgm 65536", nullptr, "expected a 16-bit value"},
    {"s_setkill 0x1ffffffff",
     "\ts_setkill -1                            ; encoding: [0xff,0xff,0x81,0xbf]", nullptr},
    {"s_clause -1", "\ts_clause 0xffff                         ; encoding: [0xff,0xff,0x85,0xbf]",
     nullptr},
    {"s_branch 32768",
     "\ts_branch 32768                          ; encoding: [0x00,0x80,0xa0,0xbf]", nullptr},
    {"s_branch -1", "\ts_branch -1                             ; encoding: [0xff,0xff,0xa0,0xbf]",
     nullptr},
    {"s_branch 65536", nullptr, "expected a 16-bit signed jump offset"},
    {"s_branch s1", nullptr, "invalid operand for instruction"},
    {"s_setreg_imm32_b32 hwreg(HW_REG_MODE), -1",
     "\ts_setreg_imm32_b32 hwreg(HW_REG_MODE), -1 ; encoding: "
     "[0x01,0xf8,0x80,0xb9,0xff,0xff,0xff,0xff]",
     nullptr},
    {"s_setreg_imm32_b32 hwreg(HW_REG_MODE), 2.7",
     "\ts_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x9999999a ; encoding: "
     "[0x01,0xf8,0x80,0xb9,0x9a,0x99,0x99,0x99]",
     nullptr},
    {"s_waitcnt 0x10000",
     "\ts_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0) ; encoding: [0x00,0x00,0x89,0xbf]", nullptr},
    {"s_delay_alu 0x10000",
     "\ts_delay_alu 0                           ; encoding: [0x00,0x00,0x87,0xbf]", nullptr},
    {"s_add_u32 s0, s0, func@rel32@lo+4",
     "\ts_add_u32 s0, s0, func@rel32@lo+4       ; encoding: [0x00,0xff,0x00,0x80,A,A,A,A]\n"
     "                                        ;   fixup A - offset: 4, value: func@rel32@lo+4, "
     "kind: FK_PCRel_4",
     nullptr},
    {"s_addc_u32 s1, s1, func@rel32@hi+12",
     "\ts_addc_u32 s1, s1, func@rel32@hi+12     ; encoding: [0x01,0xff,0x01,0x82,A,A,A,A]\n"
     "                                        ;   fixup A - offset: 4, value: func@rel32@hi+12, "
     "kind: FK_PCRel_4",
     nullptr},
    {"s_mov_b32 s0, foo@abs32@lo",
     "\ts_mov_b32 s0, foo@abs32@lo              ; encoding: [0xff,0x00,0x80,0xbe,A,A,A,A]\n"
     "                                        ;   fixup A - offset: 4, value: foo@abs32@lo, kind: "
     "FK_Data_4",
     nullptr},
    {"s_mov_b32 s0, foo - 4",
     "\ts_mov_b32 s0, foo-4                     ; encoding: [0xff,0x00,0x80,0xbe,A,A,A,A]\n"
     "                                        ;   fixup A - offset: 4, value: foo-4, kind: "
     "FK_Data_4",
     nullptr},
    {"s_mov_b64 s[0:1], foo", nullptr, "invalid operand for instruction"},
};

// gfx1150's SALU float instructions: f32, f16 and the f16 compares' 16-bit integer sources.
const Case kGfx1150[] = {
    {"s_add_f32 s0, 1.5, s1",
     "\ts_add_f32 s0, 0x3fc00000, s1            ; encoding: "
     "[0xff,0x01,0x00,0xa0,0x00,0x00,0xc0,0x3f]",
     nullptr},
    {"s_add_f32 s0, 0.15915494, s1",
     "\ts_add_f32 s0, 0.15915494, s1            ; encoding: [0xf8,0x01,0x00,0xa0]", nullptr},
    {"s_add_f16 s0, 1.5, s1",
     "\ts_add_f16 s0, 0x3e00, s1                ; encoding: "
     "[0xff,0x01,0x80,0xa4,0x00,0x3e,0x00,0x00]",
     nullptr},
    {"s_add_f16 s0, 0x3c00, s1",
     "\ts_add_f16 s0, 1.0, s1                   ; encoding: [0xf2,0x01,0x80,0xa4]", nullptr},
    {"s_add_f16 s0, 0xfff0, s1",
     "\ts_add_f16 s0, -16, s1                   ; encoding: [0xd0,0x01,0x80,0xa4]", nullptr},
    {"s_add_f16 s0, 65504.0, s1",
     "\ts_add_f16 s0, 0x7bff, s1                ; encoding: "
     "[0xff,0x01,0x80,0xa4,0xff,0x7b,0x00,0x00]",
     nullptr},
    {"s_add_f16 s0, 65520.0, s1", nullptr, "invalid operand for instruction"},
    {"s_add_f16 s0, 0x12345, s1", nullptr, "invalid operand for instruction"},
    {"s_add_f16 s0, lit(1.5), s1",
     "\ts_add_f16 s0, lit(0x3e00), s1           ; encoding: "
     "[0xff,0x01,0x80,0xa4,0x00,0x3e,0x00,0x00]",
     nullptr},
    {"s_cmp_lt_f16 s4, 2.5",
     "\ts_cmp_lt_f16 s4, 0x0                    ; encoding: "
     "[0x04,0xff,0x51,0xbf,0x00,0x00,0x20,0x40]",
     nullptr},
    {"s_cmp_lt_f16 s4, 0x3c00",
     "\ts_cmp_lt_f16 s4, 0x3c00                 ; encoding: "
     "[0x04,0xff,0x51,0xbf,0x00,0x3c,0x00,0x00]",
     nullptr},
    {"s_cmp_lt_f16 s4, 1.0",
     "\ts_cmp_lt_f16 s4, 1.0                    ; encoding: [0x04,0xf2,0x51,0xbf]", nullptr},
    {"s_cmp_lt_f16 s4, -17",
     "\ts_cmp_lt_f16 s4, 0xffef                 ; encoding: "
     "[0x04,0xff,0x51,0xbf,0xef,0xff,0xff,0xff]",
     nullptr},
    {"s_cmp_eq_f16 lit(1.5), s1",
     "\ts_cmp_eq_f16 lit(0x3fc00000), s1        ; encoding: "
     "[0xff,0x01,0x52,0xbf,0x00,0x00,0xc0,0x3f]",
     nullptr},
    {"s_ceil_f16 s0, 1.5",
     "\ts_ceil_f16 s0, 0x3fc00000               ; encoding: "
     "[0xff,0x6b,0x80,0xbe,0x00,0x00,0xc0,0x3f]",
     nullptr},
    {"s_cvt_f32_f16 s0, 0x3f800000",
     "\ts_cvt_f32_f16 s0, 1.0                   ; encoding: [0xf2,0x69,0x80,0xbe]", nullptr},
    {"s_fmaak_f32 s0, s1, s2, 1.5",
     "\ts_fmaak_f32 s0, s1, s2, 0x3fc00000      ; encoding: "
     "[0x01,0x02,0x80,0xa2,0x00,0x00,0xc0,0x3f]",
     nullptr},
    {"s_fmaak_f32 s0, s1, s2, 1",
     "\ts_fmaak_f32 s0, s1, s2, 0x1             ; encoding: "
     "[0x01,0x02,0x80,0xa2,0x01,0x00,0x00,0x00]",
     nullptr},
    {"s_fmaak_f32 s0, 1.5, s2, 1.5",
     "\ts_fmaak_f32 s0, 0x3fc00000, s2, 0x3fc00000 ; encoding: "
     "[0xff,0x02,0x80,0xa2,0x00,0x00,0xc0,0x3f]",
     nullptr},
    {"s_fmaak_f32 s0, 1.5, s2, 2.5", nullptr, "only one unique literal operand is allowed"},
    {"s_fmamk_f32 s0, s1, 0x40000000, s2",
     "\ts_fmamk_f32 s0, s1, 0x40000000, s2      ; encoding: "
     "[0x01,0x02,0x00,0xa3,0x00,0x00,0x00,0x40]",
     nullptr},
    {"s_fmamk_f32 s0, s1, 1e40, s2", nullptr, "invalid operand for instruction"},
};

TEST(Scalar, MatchLlvmMcGfx1100) {
  for (const Case &c : kGfx1100) checkShown(c, "gfx1100");
}

TEST(Scalar, MatchLlvmMcGfx1150) {
  for (const Case &c : kGfx1150) checkShown(c, "gfx1150");
}

TEST(Scalar, BranchesToLabelsPrintFixups) {
  EXPECT_EQ(
      gfxasm::test::shownLine("L0:\ns_branch L0\ns_cbranch_execz L1\ns_call_b64 s[0:1], L1\nL1:"),
      "L0:\n"
      "\ts_branch L0                             ; encoding: [A,A,0xa0,0xbf]\n"
      "                                        ;   fixup A - offset: 0, value: L0, kind: "
      "fixup_si_sopp_br\n"
      "\ts_cbranch_execz L1                      ; encoding: [A,A,0xa5,0xbf]\n"
      "                                        ;   fixup A - offset: 0, value: L1, kind: "
      "fixup_si_sopp_br\n"
      "\ts_call_b64 s[0:1], L1                   ; encoding: [A,A,0x00,0xba]\n"
      "                                        ;   fixup A - offset: 0, value: L1, kind: "
      "fixup_si_sopp_br\n"
      "L1:");
  // The object bytes: offsets in dwords from the next instruction (llvm-objdump of llvm-mc's .o).
  EXPECT_EQ(
      gfxasm::test::bytesOf("L0:\ns_branch L0\ns_cbranch_execz L1\ns_call_b64 s[0:1], L1\nL1:"),
      (std::vector<uint8_t>{0xff, 0xff, 0xa0, 0xbf, 0x01, 0x00, 0xa5, 0xbf, 0x00, 0x00, 0x00,
                            0xba}));
}

TEST(Scalar, RelocatableLiteralPrintsItsFixup) {
  EXPECT_EQ(gfxasm::test::shownLine("s_add_u32 s0, foo, 5"),
            "\ts_add_u32 s0, foo, 5                    ; encoding: [0xff,0x85,0x00,0x80,A,A,A,A]\n"
            "                                        ;   fixup A - offset: 4, value: foo, kind: "
            "FK_PCRel_4");
}

} // namespace
