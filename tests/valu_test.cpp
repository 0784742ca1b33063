// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The trickiest VALU rules, with the text and bytes llvm-mc-22 prints (-show-encoding): typed
// inline constants and literals (f16 1/(2*pi), 0xffff as f16 -1, 16-bit integer literals, f64
// high-half literals and 32-bit patterns, lit()), neg/abs spellings and their folding into e32
// constants, true16 halves and op_sel, implicit vcc left out, lane-mask destinations, the fake16
// forms (whole VGPRs) that +real-true16 also takes.
#include <gtest/gtest.h>

#include "test_util.h"

namespace {

using Case = gfxasm::test::ShownCase; // expected lines from llvm-mc-22 -show-encoding

const Case kCases[] = {
    {"v_add_f16 v0.l, 0.15915494, v1.l",
     "\tv_add_f16_e32 v0.l, 0.15915494, v1.l    ; encoding: [0xf8,0x02,0x00,0x64]"},
    {"v_add_f16 v0.l, 0xffff, v1.l",
     "\tv_add_f16_e32 v0.l, -1, v1.l            ; encoding: [0xc1,0x02,0x00,0x64]"},
    {"v_add_nc_u16 v0.l, 0xffff, v1.l",
     "\tv_add_nc_u16 v0.l, 0xffff, v1.l         ; encoding: "
     "[0x00,0x00,0x03,0xd7,0xff,0x02,0x02,0x00,0xff,0xff,0x00,0x00]"},
    {"v_add_nc_u16 v0.l, -0x8000, v1.l",
     "\tv_add_nc_u16 v0.l, 0x8000, v1.l         ; encoding: "
     "[0x00,0x00,0x03,0xd7,0xff,0x02,0x02,0x00,0x00,0x80,0xff,0xff]"},
    {"v_add_f64 v[0:1], 0x3fe00000, v[2:3]", "\tv_add_f64 v[0:1], 0.5, v[2:3]           ; "
                                             "encoding: [0x00,0x00,0x27,0xd7,0xf0,0x04,0x02,0x00]"},
    {"v_add_f64 v[0:1], 1.5, v[2:3]",
     "\tv_add_f64 v[0:1], 0x3ff80000, v[2:3]    ; encoding: "
     "[0x00,0x00,0x27,0xd7,0xff,0x04,0x02,0x00,0x00,0x00,0xf8,0x3f]"},
    {"v_lshlrev_b64 v[0:1], v0, 0x3fe00000",
     "\tv_lshlrev_b64 v[0:1], v0, 0x3fe00000    ; encoding: "
     "[0x00,0x00,0x3c,0xd7,0x00,0xff,0x01,0x00,0x00,0x00,0xe0,0x3f]"},
    {"v_add_f32 v0, lit(1.0), v1", "\tv_add_f32_e32 v0, lit(0x3f800000), v1   ; encoding: "
                                   "[0xff,0x02,0x00,0x06,0x00,0x00,0x80,0x3f]"},
    {"v_add_f32_e64 v0, neg(1.0), -|v1|", "\tv_add_f32_e64 v0, neg(1.0), -|v1|       ; encoding: "
                                          "[0x00,0x02,0x03,0xd5,0xf2,0x02,0x02,0x60]"},
    {"v_cvt_u32_f32_e32 v145, neg(0x80000000)",
     "\tv_cvt_u32_f32_e32 v145, 0               ; encoding: [0x80,0x0e,0x22,0x7f]"},
    {"v_add_f16_e64 v0.h, v1.h, v2.l", "\tv_add_f16_e64 v0.h, v1.h, v2.l op_sel:[1,0,1] ; "
                                       "encoding: [0x00,0x48,0x32,0xd5,0x01,0x05,0x02,0x00]"},
    {"v_mov_b16 v0.h, v200.l", "\tv_mov_b16_e64 v0.h, v200.l op_sel:[0,1] ; encoding: "
                               "[0x00,0x40,0x9c,0xd5,0xc8,0x01,0x00,0x00]"},
    {"v_add_co_ci_u32 v0, v1, v2",
     "\tv_add_co_ci_u32_e32 v0, vcc_lo, v1, v2, vcc_lo ; encoding: [0x01,0x05,0x00,0x40]"},
    {"v_cmp_eq_f32 v1, v2",
     "\tv_cmp_eq_f32_e32 vcc_lo, v1, v2         ; encoding: [0x01,0x05,0x24,0x7c]"},
    {"v_fmamk_f16 v0.l, v1.l, 1.5, v2.l", "\tv_fmamk_f16 v0.l, v1.l, 0x3e00, v2.l    ; encoding: "
                                          "[0x01,0x05,0x00,0x6e,0x00,0x3e,0x00,0x00]"},
    {"v_add_nc_u16 v49.l, v52.h, v1.l op_sel:[0,0,0]",
     "\tv_add_nc_u16 v49.l, v52.h, v1.l op_sel:[1,0,0] ; encoding: "
     "[0x31,0x08,0x03,0xd7,0x34,0x03,0x02,0x00]"},
    {"v_add_f32_e64 v0, v1, v2 clamp mul:2", "\tv_add_f32_e64 v0, v1, v2 clamp mul:2    ; "
                                             "encoding: [0x00,0x80,0x03,0xd5,0x01,0x05,0x02,0x08]"},
    {"v_cmp_eq_u32_e64 shared_limit, 14, s18",
     "\tv_cmp_eq_u32_e64 src_shared_limit, 14, s18 ; encoding: "
     "[0xec,0x00,0x4a,0xd4,0x8e,0x24,0x00,0x00]"},
};

TEST(Valu, MatchesLlvmMc) {
  for (const Case &c : kCases) gfxasm::test::checkShown(c);
}

// With +real-true16 (gfx1100's default) llvm-mc-22 also takes the 16-bit instructions written
// with whole VGPRs, as -real-true16 prints and encodes them; the bare mnemonic's form is chosen
// as there (e32 for v0..v127).
const Case kWholeVgprCases[] = {
    {"v_add_f16_e64 v0, v1, v2", "\tv_add_f16_e64 v0, v1, v2                ; encoding: "
                                 "[0x00,0x00,0x32,0xd5,0x01,0x05,0x02,0x00]"},
    {"v_add_f16 v0, v1, v2", "\tv_add_f16_e32 v0, v1, v2                ; encoding: "
                             "[0x01,0x05,0x00,0x64]"},
    {"v_add_f16 v0, v1, v200", "\tv_add_f16_e64 v0, v1, v200              ; encoding: "
                               "[0x00,0x00,0x32,0xd5,0x01,0x91,0x03,0x00]"},
    {"v_fma_f16 v0, v1, v2, v3 op_sel:[0,0,0,1]",
     "\tv_fma_f16 v0, v1, v2, v3 op_sel:[0,0,0,1] ; encoding: "
     "[0x00,0x40,0x48,0xd6,0x01,0x05,0x0e,0x04]"},
    {"v_cmp_eq_f16 v1, v2", "\tv_cmp_eq_f16_e32 vcc_lo, v1, v2         ; encoding: "
                            "[0x01,0x05,0x04,0x7c]"},
    {"v_cvt_f16_f32_e64 v200, v1", "\tv_cvt_f16_f32_e64 v200, v1              ; encoding: "
                                   "[0xc8,0x00,0x8a,0xd5,0x01,0x01,0x00,0x00]"},
    {"v_add_f16_e64_dpp v0, -v1, v2 dpp8:[7,6,5,4,3,2,1,0]",
     "\tv_add_f16_e64_dpp v0, -v1, v2 dpp8:[7,6,5,4,3,2,1,0] ; encoding: "
     "[0x00,0x00,0x32,0xd5,0xe9,0x04,0x02,0x20,0x01,0x77,0x39,0x05]"},
    // mixed with halves, or where only the true16 form has the operand: llvm-mc-22's errors
    {"v_add_f16_e64 v0, v1.h, v2", nullptr, "invalid operand for instruction"},
    {"v_add_f16_e64 v0.h, v1, v2", nullptr, "invalid operand for instruction"},
    {"v_add_f16_e64 v0, v1, v2 op_sel:[0,0,0]", nullptr, "invalid operand for instruction"},
    {"v_mov_b16 v0, v1", nullptr, "invalid operand for instruction"},
};

TEST(Valu, WholeVgprFormsWithRealTrue16) {
  for (const Case &c : kWholeVgprCases) gfxasm::test::checkShown(c);
}

TEST(Valu, RejectsLikeLlvmMc) {
  // Each of these is an error for llvm-mc-22.
  const char *const kBad[] = {
      "v_add_f16 v0.l, 0x12345, v1.l",                 // beyond 16 bits
      "v_add_f32 v0, 1e-50, v1",                       // underflow
      "v_add_f64 v[0:1], abs(0x3fe00000), v[2:3]",     // abs of a double's high-half literal
      "v_lshlrev_b64 v[0:1], v0, 0.15915494",          // 64-bit integer: exact inline floats only
      "v_add_f16_e64 v0.l, v1.l, v2.l op_sel:[1,0,0]", // contradicts the .l suffix
      "v_add_f32_e64 v0, v1, v2 mul:2 clamp",          // clamp before omod
      "v_fma_f32 v0, s1, s2, s3",                      // constant bus
      "v_lshlrev_b64 v[0:1], s0, s[2:3]",              // 64-bit shifts: one scalar value
      "v_add_co_ci_u32 v0, vcc_lo, v1, v2",            // both implicit vcc or none
      "v_cmp_o_f16_e32 |1.0|, v76.h",                  // llvm-mc fails to parse it without vcc_lo
  };
  for (const char *line : kBad) {
    std::string error;
    EXPECT_TRUE(gfxasm::test::bytesOf(line, &error).empty()) << line;
  }
}

} // namespace
