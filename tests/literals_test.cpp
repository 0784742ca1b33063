// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Relocatable literal expressions (symbols where a 32-bit literal goes) and the warnings llvm-mc
// gives for instruction operands, compared with llvm-mc-22's whole output: text, encodings,
// fixup lines, and diagnostics with their source lines and carets.
#include <gtest/gtest.h>

#include "oracle_util.h"

namespace {

using namespace gfxasm::test;

// llvm prints the expression back with its MCExpr printer: parenthesized constants folded, other
// constants kept, parentheses only where + and - meet other operators, decimal numbers.
TEST(Literals, ExpressionsPrintAsLlvmPrintsThem) {
  expectSameOutput(
      "s_mov_b32 s0, foo\ns_mov_b32 s0, foo+4\ns_mov_b32 s0, foo-4\ns_mov_b32 s0, -foo\n"
      "s_mov_b32 s0, 1+foo\ns_mov_b32 s0, foo*2\ns_mov_b32 s0, (foo+4)\ns_mov_b32 s0, (foo)\n"
      "s_mov_b32 s0, ~foo\ns_mov_b32 s0, !foo\ns_mov_b32 s0, +foo\ns_mov_b32 s0, foo+1+2\n"
      "s_mov_b32 s0, foo+(1+2)\ns_mov_b32 s0, 1+2+foo\ns_mov_b32 s0, (1+2)+foo\n"
      "s_mov_b32 s0, foo+0x10\ns_mov_b32 s0, foo - 4\ns_mov_b32 s0, foo>>2\n"
      "s_mov_b32 s0, foo&0xff\ns_mov_b32 s0, foo+-4\ns_mov_b32 s0, foo-(-4)\n"
      "s_mov_b32 s0, foo+(-4)\ns_mov_b32 s0, foo+0xffffffffffffffff\ns_mov_b32 s0, -(foo+1)\n"
      "s_mov_b32 s0, (foo+1)*2\ns_mov_b32 s0, 2*foo+1\ns_mov_b32 s0, foo+1*2\n"
      "s_mov_b32 s0, foo-1-2\ns_mov_b32 s0, foo-(bar-2)\ns_mov_b32 s0, foo==bar+1\n"
      "s_mov_b32 s0, foo|bar&1\ns_mov_b32 s0, foo<>3\ns_mov_b32 s0, foo&&1\n"
      "s_mov_b32 s0, foo%3\ns_mov_b32 s0, foo<<(1+1)\ns_mov_b32 s0, -(-foo)\n"
      "s_mov_b32 s0, foo+s1\ns_mov_b32 s0, foo+vcc\ns_mov_b32 s0, abs\ns_mov_b32 s0, off\n"
      "s_mov_b32 s0, -(s1)\ns_mov_b32 s0, foo+1.0\n");
}

// An expression llvm cannot evaluate when it reads it (division by zero) stays an expression.
TEST(Literals, UnevaluableExpressionsStayExpressions) {
  expectSameOutput("s_mov_b32 s0, 1/0\ns_mov_b32 s0, foo+1/0\ns_mov_b32 s0, 5%0\n"
                   "s_movk_i32 s0, 1/0\n");
}

// Relocation specifiers: checked and printed in lower case; abs32/abs64 make the fixup absolute.
TEST(Literals, Specifiers) {
  expectSameOutput("s_mov_b32 s0, foo@abs32@lo\ns_mov_b32 s0, foo@ABS32@LO\n"
                   "s_mov_b32 s0, foo@rel32@lo\ns_mov_b32 s0, foo@abs32@hi\n"
                   "s_mov_b32 s0, foo@rel32@hi+4\ns_mov_b32 s0, foo@abs32@lo-4\n"
                   "s_mov_b32 s0, -foo@abs32@lo\ns_mov_b32 s0, foo@gotpcrel\n"
                   "s_mov_b32 s0, foo@gotpcrel32@lo\ns_mov_b32 s0, foo@gotpcrel32@hi\n"
                   "s_mov_b32 s0, foo@rel64\ns_mov_b32 s0, foo@abs64\n"
                   "s_mov_b32 s0, foo@rel32@lo-(bar@rel32@lo+4)\ns_mov_b32 s0, foo@bad\n"
                   "s_mov_b32 s0, foo@abs32\ns_mov_b32 s0, foo@abs32@lo@hi\n"
                   "s_branch foo@abs32@lo\n");
}

// `expr @specifier` (llvm's parseExpression): blanks and comments before the '@', the specifier
// on every symbol of the expression, in parentheses, brackets and function arguments; llvm's
// errors for none, an already modified symbol, a bad name and nothing after the '@'.
TEST(Literals, SpecifierAfterExpression) {
  expectSameOutput("s_mov_b32 s0, foo @abs32@lo\ns_mov_b32 s0, foo /* c */ @ABS32@hi\n"
                   "s_mov_b32 s0, (foo+1) @abs32@lo\ns_mov_b32 s0, foo-bar @rel32@lo\n"
                   "s_mov_b32 s0, 1+(foo+2 @abs32@hi)*3\ns_mov_b32 s0, -(foo @abs32@lo)\n"
                   "s_mov_b32 s0, max(foo @abs32@lo, 1)\nv_add_f32 v0, foo @abs64, v1\n"
                   ".set x, 5\ns_mov_b32 s0, x @abs32@lo\ns_mov_b32 s0, 5 @abs32@lo\n"
                   "s_mov_b32 s0, max(foo, 1) @abs32@lo\ns_mov_b32 s0, foo@rel32@lo @abs32@lo\n"
                   "s_mov_b32 s0, foo @abs33\ns_mov_b32 s0, foo @ \n"
                   "s_mov_b32 s0, foo @rel32@hi+4\n");
}

// Labels before and after, names set before (their value) and after (a symbol), label
// differences; a branch takes a symbol reference (also in parentheses), nothing else.
TEST(Literals, DefinedEarlierOrLater) {
  expectSameOutput(
      ".set x, 5\na:\ns_mov_b32 s0, foo+x\ns_mov_b32 s0, x+foo\ns_mov_b32 s0, y+foo\n"
      "s_mov_b32 s0, y\ns_mov_b32 s0, a\ns_mov_b32 s0, b-a\ns_mov_b32 s0, a-b\nb:\n"
      "s_mov_b32 s0, b-a\ns_mov_b32 s0, b-a+4\ns_mov_b32 s0, x-foo\n.set y, 7\n"
      "s_mov_b32 s0, y\ns_mov_b32 s0, foo+1+y\ns_branch (foo)\ns_branch ((b))\n"
      "s_branch foo+4\ns_branch -foo\ns_branch +foo\n.set z, foo+1\n.set w, b-a\n"
      "s_mov_b32 s0, z\ns_mov_b32 s0, w+1\n.long foo+(1*2)\n.long foo+1*2\n.long (foo+4)\n");
}

// Only 32-bit sources without modifiers take one: SOP sources, VOP1/VOP2/VOPC e32 src0, VOP3 and
// VOP3P sources without modifiers, VOPD src0 (X and Y); not 16/64-bit sources, sources with
// modifiers, fmaak/fmamk constants, DPP forms or immediates.
TEST(Literals, WhereAnExpressionGoes) {
  expectSameOutput(
      "s_add_u32 s0, foo, s1\ns_add_u32 s0, s1, foo+4\ns_add_u32 s0, foo, 1\n"
      "v_mov_b32 v0, foo\nv_mov_b32 v0, -foo\nv_mov_b32_e64 v0, foo+4\nv_mov_b32_e64 v0, -foo\n"
      "v_add_f32 v0, foo+1, v1\nv_add_f32 v0, -foo, v1\nv_add_f32 v0, -(v1), v1\n"
      "v_add_nc_u32_e64 v0, foo-1, v1\nv_cmp_eq_u32 vcc_lo, foo, v1\n"
      "v_cmp_eq_u32_e64 s0, foo, v1\nv_cmpx_eq_u32 foo, v1\nv_cndmask_b32 v0, foo, v1, vcc_lo\n"
      "v_add_co_ci_u32 v0, vcc_lo, foo, v1, vcc_lo\nv_mad_u64_u32 v[0:1], s0, foo, v1, v[2:3]\n"
      "v_writelane_b32 v0, foo, s1\nv_mov_b32 v0, foo@rel32@lo+4\nv_mov_b32 v0, abs+1\n"
      "v_dot4_i32_iu8 v0, foo, v1, v2\nv_dot4_i32_iu8 v0, v1, 1+foo, v2\n"
      "v_dot2_f32_f16 v0, v1, v2, -x\nv_dual_mov_b32 v0, foo+4 :: v_dual_mov_b32 v1, v2\n"
      "v_dual_mov_b32 v0, -foo :: v_dual_mov_b32 v1, v2\n"
      "v_dual_mov_b32 v0, v2 :: v_dual_mov_b32 v1, foo\n"
      "v_dual_add_f32 v0, (foo), v1 :: v_dual_mov_b32 v1, v2\n"
      "v_dual_add_f32 v0, foo*2, v1 :: v_dual_mov_b32 v1, v2\n"
      "v_dual_mov_b32 v1, v2 :: v_dual_add_f32 v0, foo-1, v1\n"
      "v_dual_cndmask_b32 v0, foo, v1 :: v_dual_mov_b32 v1, v2\n"
      "v_dual_mov_b32 v0, -abs :: v_dual_mov_b32 v1, v2\n"
      "v_dual_add_f32 v0, neg, v1 :: v_dual_mov_b32 v1, v2\n");
  expectSameOutput(
      "s_mov_b64 s[0:1], foo\ns_movk_i32 s0, foo\ns_movk_i32 s0, foo+1\ns_nop foo\n"
      "s_sleep foo\ns_setreg_imm32_b32 hwreg(HW_REG_MODE), foo\ns_load_b32 s0, s[0:1], foo\n"
      "s_load_b32 s0, s[0:1], 1+foo\ns_add_u32 s0, foo, bar\ns_add_u32 s0, foo, foo\n"
      "s_add_u32 s0, foo, 100\nv_add_nc_u32_e64 v0, foo, 100\nv_add_f32_e64 v0, foo, v1\n"
      "v_add_f32_e64 v0, -foo, v1\nv_add_f32_e64 v0, v1, 1+foo\nv_add_f32_e64 v0, -(foo), v1\n"
      "v_add_f32_e64 v0, foo, v1 clamp\nv_add_f16 v0, foo, v1\nv_add_f64 v[0:1], foo, v[2:3]\n"
      "v_fmaak_f32 v0, v1, v2, foo\nv_fmamk_f32 v0, v1, foo, v2\nv_fma_f32 v0, foo, v1, v2\n"
      "v_readfirstlane_b32 s0, foo\nv_cndmask_b32_e64 v0, foo, v1, s0\n"
      "v_mov_b32_dpp v0, foo quad_perm:[0,1,2,3]\nv_pk_add_f16 v0, -foo, v1\n"
      "v_pk_add_f16 v0, 1+foo, v1\nv_pk_fma_f16 v0, foo, v1, v2\n"
      "v_fma_mix_f32 v0, -foo, v1, v2\n"
      "v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], 1+foo\n"
      "v_dual_add_f32 v0, v1, foo+1 :: v_dual_mov_b32 v1, v2\n"
      "v_dual_fmaak_f32 v0, v1, v2, foo+1 :: v_dual_mov_b32 v1, v2\n"
      "v_dual_mul_f32 v113, -v1, v185 :: v_dual_dot2acc_f32_bf16 v214, v99, v135\n"
      "v_dot4_i32_iu8 v0, -v1, v1, v2\n");
}

// lit(...) in v_dot2acc_f32_f16's src0: llvm-mc-22 fails to parse it (its disassembler prints it);
// other e32 sources take it.
TEST(Literals, NoLitInDot2AccSource) {
  expectSameOutput("v_dot2acc_f32_f16 v211, lit(0x1), v151\nv_dot2c_f32_f16 v1, lit(0x0), v2\n"
                   "v_dot2acc_f32_f16 v1, 0x3c00, v2\nv_pk_fmac_f16 v1, lit(0x1), v2\n");
}

// Modifiers around an expression, and words llvm reads as modifiers before it reads a value.
TEST(Literals, ModifiersAndModifierWords) {
  expectSameOutput(
      "v_add_f32_e64 v0, |foo|, v1\nv_add_f32_e64 v0, abs(foo), v1\n"
      "v_add_f32_e64 v0, neg(foo), v1\nv_add_f32_e64 v0, -|foo|, v1\n"
      "v_add_f32_e64 v0, neg(-foo), v1\nv_fma_mix_f32 v0, |foo|, v1, v2\n"
      "v_fma_mix_f32 v0, neg(foo), v1, v2\nv_mov_b32 v0, lit(foo)\ns_mov_b32 s0, lit(foo)\n"
      "s_mov_b32 s0, lit(1+foo)\ns_mov_b32 s0, lit\ns_mov_b32 s0, lit+1\n"
      "v_add_f32 v0, neg, v1\nv_add_f32 v0, abs, v1\nv_add_f32 v0, v1, lit\n"
      "v_add_nc_u32 v0, lit, v1\nv_pk_add_f16 v0, lit, v1\nv_mov_b32 lit, v1\n"
      "v_dual_add_f32 v0, lit, v1 :: v_dual_mov_b32 v1, v2\n"
      "v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], lit\n"
      "s_mov_b32 s0, foo:\nv_mov_b32 v0, foo:\nv_add_f32 v0, v1, foo:\n"
      "v_add_f32 v0, foo:1, v1\nv_pk_add_f16 v0, foo:1, v1\nv_mov_b32 foo:, v1\n"
      "v_dual_mov_b32 v0, foo :: v_dual_mov_b32 v1, v2\n"
      "v_dual_mov_b32 v0, x :: v_dual_mov_b32 v1, v2\n"
      "v_dual_add_f32 v0, v1, foo :: v_dual_mov_b32 v1, v2\n"
      "v_dual_fmaak_f32 v0, v1, v2, foo :: v_dual_mov_b32 v1, v2\n"
      "v_fma_mix_f32 v0, |v1, v1, v2\nv_fma_mix_f32 v0, abs(v1, v1, v2\n"
      "v_fma_mix_f32 v0, |1+1|, v1, v2\nv_add_f32_e64 v0, |1+1|, v1\n");
}

// `-` is a neg modifier only before a register, `|` or abs; otherwise it starts an expression,
// which a name set before makes absolute.
TEST(Literals, MinusBeforeAValue) {
  expectSameOutput(".set x, 5\nv_add_f32_e64 v0, -x, v1\nv_add_f32 v0, -x, v1\n"
                   "v_add_f32_e64 v0, x, v1\nv_add_f32_e64 v0, |x|, v1\n"
                   "v_add_f32_e64 v0, -|x|, v1\nv_add_f32_e64 v0, -(x), v1\n"
                   "v_add_f32_e64 v0, -(1), v1\nv_add_f32_e64 v0, (x), v1\n"
                   "v_mov_b32 v0, -x\nv_mov_b32_e64 v0, -(x+1)\nv_pk_add_f16 v0, -x, v1\n"
                   "v_pk_add_f16 v0, x, v1\nv_dual_mov_b32 v0, -x :: v_dual_mov_b32 v1, v2\n"
                   "s_mov_b32 s0, -x\ns_mov_b32 s0, 1+1.0\nv_add_f32_e64 v0, v1, -x\n"
                   "v_add_f32_e64 v0, v1, neg(x)\nv_add_f32_e64 v0, v1, abs(x)\n"
                   "v_add_f32_e64 v0, v1, |x+1|\nv_add_f32_e64 v0, v1, |-x|\n"
                   "v_fma_mix_f32 v0, -x, v1, v2\nv_fma_mix_f32 v0, |-1|, v1, v2\n"
                   "v_fma_mix_f32 v0, |(1+1)|, v1, v2\nv_add_f32_e64 v0, |~1|, v1\n"
                   "v_add_f32_e64 v0, -(v1), v1\n");
}

// A bf16 literal written as a negative integer prints sign-extended to 32 bits (the dword keeps
// 16); a packed bf16 pair's literal is 32 bits anyway.
TEST(Literals, NegativeBf16Integers) {
  expectSameOutput("v_dot2_bf16_bf16 v197.l, -9, v1, -0x7fff\n"
                   "v_dot2_bf16_bf16 v197.l, -0x7fff, v1, v2.l\n"
                   "v_dot2_bf16_bf16 v197.l, v1, v2, -0x1234\n"
                   "v_dot2_bf16_bf16 v197.l, v1, v2, 0x8001\n"
                   "v_dot2_bf16_bf16 v197.l, v1, v2, -0x8000\n"
                   "v_dot2_f32_bf16 v0, -0x7fff, v1, v2\n"
                   "v_dot2_bf16_bf16 v197.l, v1, v2, lit(-0x1234)\n"
                   "v_dot2_bf16_bf16 v197.l, v1, v2, -|-0x1234|\n"
                   "v_dot2_bf16_bf16 v197.l, v1, v2, neg(-0x1234)\n"
                   "v_dot2_bf16_bf16 v197.l, v1, v2, -1.5\n"
                   "v_dot2_bf16_bf16 v197.l, v1, v2, |-0x1234|\n");
}

// Two literals are one when written alike: a negative integer differs from the same bits written
// otherwise (VALU; SALU only beside a constant); a 16-bit constant written negative fills its
// dword sign-extended.
TEST(Literals, UniqueLiteralsAsWritten) {
  expectSameOutput(
      "v_fmaak_f32 v190, -0.0, v114, -0x80000000\nv_fmaak_f32 v190, -0.0, v114, 0x80000000\n"
      "v_fmaak_f32 v190, 0x80000000, v114, -0x80000000\n"
      "v_fmaak_f32 v190, -0x80000000, v114, -0x80000000\nv_fma_f32 v0, -0x80000000, v1, "
      "0x80000000\n"
      "v_add3_u32 v0, -0x12345, v1, 0xfffedcbb\nv_add3_u32 v0, -0x12345, v1, -0x12345\n"
      "v_dual_fmaak_f32 v0, 0xfffedcbb, v1, -0x12345 :: v_dual_mov_b32 v1, v2\n"
      "v_dual_mov_b32 v0, 0xfffedcbb :: v_dual_fmaak_f32 v1, v2, v3, -0x12345\n"
      "v_pk_fma_f16 v0, -0x1234, v1, 0xffffedcc\ns_add_u32 s0, -0x12345, 0xfffedcbb\n"
      "v_fmaak_f16 v0.l, -0x1234, v1.l, 0xedcc\nv_fmaak_f16 v0.l, -0x1234, v1.l, -0x1234\n"
      "v_fmaak_f16 v0.l, v1.l, v2.l, -0x1234\nv_fmamk_f16 v0.l, v1.l, -0x1234, v2.l\n"
      "v_fmaak_f16 v0.l, v1.l, v2.l, -0x8000\nv_fmaak_f16 v0.l, v1.l, v2.l, -1.5\n");
  expectSameOutput(
      "s_fmaak_f32 s0, -0x12345, s1, 0xfffedcbb\ns_fmaak_f32 s0, 0xfffedcbb, s1, -0x12345\n"
      "s_fmaak_f32 s0, -0x12345, s1, -0x12345\ns_fmamk_f32 s0, 0xfffedcbb, -0x12345, s1\n"
      "s_add_f32 s0, -0x12345, 0xfffedcbb\ns_fmaak_f32 s0, -0.0, s1, -0x80000000\n",
      "gfx1150");
}

// llvm keeps the high half of a double's literal and warns, at the instruction, for each
// literal operand that loses bits; also when a check after matching then fails.
TEST(Warnings, DoubleLiteralLowBits) {
  expectSameOutput(
      "v_cmp_f_f64_e32 vcc_lo, 0.1, v[2:3]\nv_add_f64 v[0:1], 0.1, v[2:3]\n"
      "v_add_f64 v[0:1], lit(0.1), v[2:3]\nv_add_f64 v[0:1], -0.1, v[2:3]\n"
      "v_add_f64 v[0:1], |0.1|, v[2:3]\nv_add_f64 v[0:1], neg(0.1), v[2:3]\n"
      "v_fma_f64 v[0:1], v[0:1], v[2:3], 1.1\nv_fract_f64 v[0:1], 3.3\n"
      "v_fract_f64_e64 v[0:1], 3.3\nv_fract_f64 v[0:1], -|0.1|\nv_mul_f64 v[0:1], 1e-310, v[2:3]\n"
      "v_cmp_class_f64 vcc_lo, 0.1, v2\nv_cmp_class_f64 0.1, v2\nv_ldexp_f64 v[0:1], 0.1, v2\n"
      "v_cvt_f32_f64 v0, 0.1\nv_add_f64 v[0:1], 1.5, v[2:3]\nv_add_f64 v[0:1], 0.5, v[2:3]\n"
      "v_add_f64 v[0:1], 1.0e100, v[2:3]\n   v_add_f64 v[0:1], 0.1, v[2:3]\n"
      "lab: v_add_f64 v[0:1], 0.1, v[2:3]\n\tv_add_f64 v[0:1], 0.1, v[2:3]\n"
      "v_add_f64 v[0:1], 0.1, 0.1\nv_add_f64 v[0:1], 0.1, 0.2\n"
      "v_add_f64 v[0:1], 0x3fb99999, v[2:3]\nv_add_f32 v0, 0.1, v1\n");
  expectSameOutput("v_add_f64 v[0:1], 0.1, v[2:3]\n", "gfx1150");
}

// The command line: warnings go to standard error and leave the exit status 0; --fatal-warnings
// makes them errors, --no-warn drops them (also with --fatal-warnings).
TEST(Warnings, CommandLineOptions) {
  std::string input = "v_add_f64 v[0:1], 0.1, v[2:3]\ns_nop 0\n";
  for (const char *options : {"", "--fatal-warnings", "--no-warn", "--fatal-warnings --no-warn"}) {
    ToolRun llvm = runLlvmMc(input, "gfx1100", "", options);
    ToolRun cli = runAssembler(GFXASM_CLI, input, "gfx1100", "", options);
    EXPECT_EQ(cli.out, llvm.out) << options;
    EXPECT_EQ(cli.err, llvm.err) << options;
    EXPECT_EQ(cli.status, llvm.status) << options;
  }
}

} // namespace
