// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Floating numbers at the edges of llvm's rules, in every operand width and in data directives,
// compared with llvm-mc-22's whole output (text, encodings, diagnostics with carets): overflow to
// infinity and underflow to zero when the text is read as a double, each type's conversion and
// range check (f16, bf16 and v2bf16 checked by other formats' ranges, as llvm does), denormals,
// rounding, hexadecimal floats and the spellings llvm's lexer reads or rejects with a message.
// The random differential tests draw the same values (pickOrFloatEdge, tests/differential/).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "oracle_util.h"

namespace {

using namespace gfxasm::test;

const char *const kEdgeValues[] = {
    "1e400", "-1e400", "1.8e308", "-1.8e308", "1e999", "1.7976931348623157e308",
    "1.7976931348623159e308", "1e-400", "-1e-400", "4.9e-324", "2.5e-324", "2e-324", "1e-310",
    "1e-40", "1.401298464324817e-45", "1e-45", "7e-46", "1e-39", "6e-8", "5.960464477539063e-8",
    "3e-8", "1e-5", "6.103515625e-05", "65504.0", "65519.0", "65520.0", "1e5",
    "3.4028234663852886e38", "3.4028235677973366e38", "3.5e38", "1e300", "0x1.8p1", "0x1p-2",
    "-0x1p-2", "0x1p-149", "0x1p-150", "0x1.8p-149", "0x1p-24", "0x1p-25", "0x1.0000000000001p0",
    "9.9e-324", "3.16e-322", "3.2e-322", "0x1p1024", "0x1p-1075", "0x1.fffffffffffffp1023",
    "0x1p128", "0x1.ffffffp127", "0x1.fffffep127", "0x1p-126", "0x1.000002p0", "0x1.000001p0",
    "0x1.0000010000001p0", "0x1.002p0", "0x1.001p0", "0x1.018p0", "-0.0", "0.0", "0.5", "-4.0",
    "0.15915494", "0.15915494309189532", "0.1591549", "1e", "1e+", "1e-", "1.", "0x.8p1", ".5",
    ".25e1", ".5e", "0X1P+0", "1E1", "1.1", "-1.1",
    // NaN bit patterns with payloads (llvm has no NaN spelling)
    "0x7fc00001", "0xffc00000", "0x7e01", "0x7ff8000000000001"};

// `X` in each template replaced by each value, one line each.
std::string lines(const std::vector<const char *> &templates) {
  std::string out;
  for (std::string_view t : templates)
    for (const char *v : kEdgeValues) {
      std::string line(t);
      line.replace(line.find('X'), 1, v);
      out += line + "\n";
    }
  return out;
}

TEST(Floats, Gfx11EveryOperandWidth) {
  expectSameOutput(lines(
      {"v_add_f32 v0, X, v1", "v_add_f32_e64 v0, X, v1", "s_mov_b32 s0, X", "v_add_f16 v0, X, v1",
       "v_add_f16_e64 v0, X, v1", "v_add_f64 v[0:1], X, v[2:3]", "v_pk_add_f16 v0, X, v1",
       "s_mov_b64 s[0:1], X", "v_fma_f32 v0, v1, v2, X", "v_fmamk_f32 v0, v1, X, v2",
       "v_mov_b16 v0.l, X", "v_dot2_bf16_bf16 v0, X, v1, v2", "v_dot2_bf16_bf16 v0, v1, v2, X",
       "v_dot2_f32_bf16 v0, X, v1, v2", "v_add_nc_u16 v0, X, v1", "v_pk_add_u16 v0, X, v1",
       "s_add_u32 s0, X, s1", "v_lshlrev_b64 v[0:1], v2, X", "s_movk_i32 s0, X",
       // WMMA accumulators (inline constants only): a double whose bits are an inline integer
       // (the smallest denormals) is that integer
       "v_wmma_f32_16x16x16_bf16 v[0:7], v[8:15], v[16:23], X",
       "v_wmma_f16_16x16x16_f16 v[0:7], v[8:15], v[16:23], X",
       "v_wmma_i32_16x16x16_iu8 v[0:7], v[8:11], v[12:15], X"}));
}

TEST(Floats, Gfx9EveryOperandWidth) {
  const std::string input =
      lines({"v_add_f32 v0, X, v1", "s_mov_b32 s0, X", "v_add_f16 v0, X, v1",
             "v_pk_add_f16 v0, X, v1", "s_mov_b64 s[0:1], X", "v_add_u16 v0, X, v1",
             "v_add_f32_sdwa v0, X, v1 dst_sel:DWORD src0_sel:WORD_1", "v_mov_b32_sdwa v0, X",
             "s_movk_i32 s0, X", "v_cmp_eq_f64 vcc, X, v[2:3]"});
  expectSameOutput(input + lines({"v_madak_f32 v0, v1, v2, X"}), "gfx900");
  expectSameOutput(input + lines({"v_pk_fma_f32 v[0:1], v[2:3], v[4:5], X",
                                  "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, X"}),
                   "gfx90a");
  expectSameOutput(input + lines({"v_mov_b64 v[0:1], X", "v_pk_mul_f32 v[0:1], X, v[4:5]"}),
                   "gfx942");
  expectSameOutput(input + lines({"v_cvt_f32_bf16 v0, X", "v_dot2_f32_bf16 v0, X, v1, v2"}),
                   "gfx950");
}

// A floating number in an expression is its double's bits (.quad), out of range for narrower
// data (.long 1e400: "out of range literal value").
TEST(Floats, DataDirectives) {
  expectSameOutput(lines({".long X", ".quad X", ".byte X", ".short X", ".8byte X", ".4byte X"}));
}

// What llvm's lexer reads as a float, and the numbers it rejects with a message of its own
// (reported by the directive; an instruction says "failed parsing operand." there).
TEST(Floats, LexerSpellings) {
  expectSameOutput(
      ".quad 0x1p\n.quad 0xp1\n.quad 0x.p1\n.quad 0x1.8\n.quad 1.5+1\n.quad 1.5-1\n"
      ".quad 1, 0x1p+\n.if 0x1p\n.endif\n.byte 1.5+1\n.quad 1.5 + 1\n.quad -0x1p-2\n"
      ".quad 0x1.8P1\n.quad 0x1p+2\n.quad .5e3\n.quad 1.e5\n"
      "s_mov_b32 s0, 0x1p\ns_mov_b32 0x1p, s0\ns_mov_b32 s0, 0x1.8\nv_add_f32 v0, 0x1.8, v1\n"
      "v_add_f32 v0, v1, 0x1.8\ns_mov_b32 s0, 1.5+1\ns_mov_b32 s0, 1.-2\ns_mov_b32 s0, 1.5e1+1\n"
      "s_mov_b32 s0, 1.5 + 1\ns_mov_b32 s0, 0x1.8p1x\ns_mov_b32 s0, .5x\ns_mov_b32 s0, 1.5.5\n"
      "s_mov_b32 s0, 1e5e5\ns_mov_b32 s0, 0.5\n");
}

} // namespace
