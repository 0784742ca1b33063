// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Where llvm-mc-22 reports a statement no entry takes, and the operand parsers' syntax checks
// before their name checks: rules found by running LLVM's gfx11 MC tests through
// tools/llvm_mc_tests/compare.py, each checked here on lines of our own against llvm-mc-22.
#include <gtest/gtest.h>

#include "oracle_util.h"

namespace {

using namespace gfxasm::test;

std::string joinLines(std::initializer_list<std::string_view> lines) {
  std::string s;
  for (std::string_view l : lines) s += std::string(l) + "\n";
  return s;
}

// s_delay_alu reads `name ( value )` whole before it looks the names up: a missing parenthesis
// is reported before an unknown field or value name, and the value names are the field's.
TEST(MatcherErrors, DelayAluSyntaxBeforeNames) {
  expectSameOutput(joinLines({
      "s_delay_alu instid1(TRANS32_DEP_2 instskip(SKIP_1)",
      "s_delay_alu instskip(SKIP_2) | fooid(VALU_DEP_2",
      "s_delay_alu instid0(SALU_CYCLE_2) | instskip(SALU_CYCLE_2)",
      "s_delay_alu instskip(NEXT) | instid1(NEXT)",
      "s_delay_alu fooid(BAR)",
      "s_delay_alu instid1(TRANS32_DEP_3) | instskip(SKIP_3)",
  }));
}

// No entry takes the operands: llvm reports the operand where the last of its match variants
// (default, VOP3, SDWA, DPP, VOP3 DPP) that has the name failed, not the furthest one. A DPP
// form wants VGPR sources, so an SGPR, a constant or a surplus operand fails there first.
TEST(MatcherErrors, LastMatchVariantsOperand) {
  const std::string lines = joinLines({
      "v_mul_f32 v1, s2, v3, v4",
      "v_sub_f32 v1, 2.0, v3, v4",
      "v_max_f32 v1, v2, 123456, v4",
      "v_mov_b32 v1, 99999, v2",
      "v_not_b32 v1, s3, v2",
      "v_min_f32 v1, v2, v3, v4, v5",
  });
  for (const char *cpu : {"gfx1100", "gfx1151", "gfx900", "gfx90a"}) expectSameOutput(lines, cpu);
}

// DPP forms take no literal: llvm's matcher fails at the literal itself, before the controls
// (also when the control is missing, or when the DPP8 form of the name is tried too).
TEST(MatcherErrors, DppSourcesTakeNoLiteral) {
  const std::string lines = joinLines({
      "v_fma_f32_e64_dpp v1, v2, v3, 0x12345 quad_perm:[1,0,3,2]",
      "v_med3_i32_e64_dpp v1, v2, v3, 77777 dpp8:[1,0,3,2,5,4,7,6]",
      "v_med3_i32_e64_dpp v1, v2, v3, 77777",
      "v_med3_i32_e64_dpp v1, v2, v3, 7",
      "v_fma_f32 v1, v2, v3, 0x12345 row_ror:3",
      "v_sub_f32 v1, 0x4321, v2 row_shl:2",
      "v_and_b32 v1, v2, 0x4321 quad_perm:[0,0,0,0]",
  });
  for (const char *cpu : {"gfx1100", "gfx1151"}) expectSameOutput(lines, cpu);
}

// llvm counts an instruction's implicit vcc read first, written or not: the source that goes over
// gfx9's one-value constant bus is where it reports (v_cndmask_b32, carry in of SDWA forms).
TEST(MatcherErrors, ImplicitVccCountedFirst) {
  const std::string lines = joinLines({
      "v_cndmask_b32_e32 v0, s0, v1, vcc",
      "v_cndmask_b32_sdwa v5, vcc_lo, v2, vcc dst_sel:DWORD",
      "v_addc_co_u32_sdwa v1, vcc, s2, v3, vcc dst_sel:DWORD",
  });
  for (const char *cpu : {"gfx900", "gfx90a"}) expectSameOutput(lines, cpu);
}

// gfx908's MFMA accumulator: a literal fails the matcher ("invalid operand"), an inline
// constant the check after it; gfx8's names printed only suffixed (v_addc_u32_e32) are known
// elsewhere also plain.
TEST(MatcherErrors, LiteralsBeforeInlineConstantChecks) {
  expectSameOutput(joinLines({"v_mfma_f32_32x32x1f32 a[0:31], v0, v1, 65",
                              "v_mfma_f32_32x32x1f32 a[0:31], v0, v1, 0",
                              "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, 0x3f800000"}),
                   "gfx908");
  expectSameOutput(joinLines({"v_addc_u32 v1, vcc, v2, v3, vcc row_shl:1",
                              "v_subbrev_u32 v1, vcc, v2, v3, vcc"}),
                   "gfx900");
}

} // namespace

// llvm strips an encoding suffix before it reads the operands: a DPP control after a VOP3 name
// is read (as the plain name's DPP forms read it) and then matches no entry, "invalid operand";
// the masks, bound_ctrl and fi are read only after a control, so alone they are no operand.
TEST(MatcherErrors, SuffixedNamesReadThePlainNamesModifiers) {
  const std::string lines = joinLines({
      "v_min3_u32_e64 v2, v3, v4, v5 row_ror:2",
      "v_mul_f32_e64 v2, v3, v4 quad_perm:[3,2,1,0]",
      "v_mul_f32_e32 v2, v3, v4 row_shr:1",
      "v_mul_f32_e64 v2, v3, v4 dpp8:[7,7,7,7,7,7,7,7]",
      "v_min3_u32_e64 v2, v3, v4, v5 fi:1",
      "v_min3_u32_e64 v2, v3, v4, v5 bank_mask:3",
      "v_mul_f32_e32 v2, v3, v4 bound_ctrl:1",
      "v_mul_f32_e32 v2, v3, v4 src1_sel:WORD_1",
  });
  for (const char *cpu : {"gfx1100", "gfx900", "gfx90a"}) expectSameOutput(lines, cpu);
}

// Buffer stores with tfe are entries of llvm's assembler that its check after matching rejects
// ("TFE modifier has no meaning for store instructions", at tfe), so their data registers
// include the tfe dword; where no such entry takes the operands, the furthest failure wins.
TEST(MatcherErrors, BufferStoresWithTfe) {
  expectSameOutput(joinLines({
      "buffer_store_b64 v[4:6], off, s[8:11], s2 tfe",
      "buffer_store_b64 v[4:5], off, s[8:11], s2 tfe",
      "buffer_store_format_xyz v[4:7], v1, s[8:11], s2 offen offset:8 glc tfe",
      "buffer_store_b32 v[4:5], off, s[8:11], s2 tfe slc",
      "buffer_store_b16 v[4:5], v1, s[8:11], s2 idxen tfe",
  }));
  expectSameOutput(joinLines({
                       "buffer_store_dwordx2 v[4:6], off, s[8:11], s2 tfe",
                       "buffer_store_dword v[4:5], off, s[8:11], s2 tfe slc",
                       "buffer_store_format_xy v[4:6], v1, s[8:11], s2 idxen glc tfe",
                   }),
                   "gfx900");
}

// llvm checks a VOPD pair after it matched, in this order: one literal value (a value other than
// the first is reported at the later of the two, the sources' literals compared before the
// fmaak/fmamk constants), the constant bus (at the later of the last literal and the last SGPR),
// the destinations' parity, the sources' VGPR banks (at the Y half's operand, at the X half's
// where Y's is fmac's accumulator).
TEST(MatcherErrors, VopdChecksAfterMatching) {
  expectSameOutput(joinLines({
      "v_dual_mul_f32 v10, 0x11, v2 :: v_dual_sub_f32 v11, 0x22, v3",
      "v_dual_fmamk_f32 v10, 0x33, 0x44, v1 :: v_dual_mov_b32 v11, 0x33",
      "v_dual_fmamk_f32 v10, v0, 0x44, v1 :: v_dual_mov_b32 v11, 0x33",
      "v_dual_mov_b32 v10, 0x44 :: v_dual_fmamk_f32 v11, 0x44, 0x55, v3",
      "v_dual_fmaak_f32 v10, 0x44, v2, 0x44 :: v_dual_fmamk_f32 v11, 0x55, 0x44, v3",
      "v_dual_fmaak_f32 v10, s1, v2, 0x44 :: v_dual_mov_b32 v11, s2",
      "v_dual_mov_b32 v10, s1 :: v_dual_fmaak_f32 v11, s2, v3, 0x44",
      "v_dual_mov_b32 v10, s2 :: v_dual_cndmask_b32 v11, s1, v3",
      "v_dual_cndmask_b32 v10, s5, v2 :: v_dual_mov_b32 v11, 0x44",
      "v_dual_mov_b32 v10, s5 :: v_dual_mov_b32 v12, s6",
      "v_dual_mov_b32 v10, v1 :: v_dual_mov_b32 v12, v5",
      "v_dual_add_f32 v10, v1, v2 :: v_dual_add_f32 v11, v3, v6",
      "v_dual_fmac_f32 v10, v1, v2 :: v_dual_fmamk_f32 v13, v3, 0x44, v10",
      "v_dual_fmamk_f32 v10, v1, 0x44, v5 :: v_dual_fmac_f32 v11, v2, v3",
      "v_dual_fmac_f32 v10, v1, v2 :: v_dual_fmac_f32 v12, v3, v3",
      "v_dual_add_f32 v10, s1, v2 :: v_dual_add_f32 v10, v1, v3",
      "v_dual_mov_b32 v10, 0x44 :: v_dual_mov_b32 v10, s1",
      "v_dual_mov_b32 v10, 0x44 :: v_dual_add_f32 v12, s1, v10",
      "v_dual_mov_b32 v10, sym :: v_dual_mov_b32 v11, 0x44",
      "v_dual_mov_b32 v10, sym :: v_dual_mov_b32 v11, sym",
      "v_dual_mov_b32 v1, v1 :: v_dual_mov_b32 v2, v2",
      "v_dual_fmamk_f32 v10, 0x77, 0x99, v1 :: v_dual_fmamk_f32 v11, 0x77, 0x77, v2",
      "v_dual_fmamk_f32 v10, 0x99, 0x77, v1 :: v_dual_fmamk_f32 v11, 0x77, 0x77, v2",
      "v_dual_fmamk_f32 v10, v1, 0x77, v1 :: v_dual_mul_f32 v11, 0x99, v2",
      "v_dual_fmamk_f32 v10, s3, 0x77, v1 :: v_dual_fmamk_f32 v11, s4, 0x77, v2",
      "v_dual_cndmask_b32 v10, s7, v1 :: v_dual_fmaak_f32 v11, v2, v3, 0x77",
      "v_dual_fmamk_f32 v10, v1, 0x77, v7 :: v_dual_fmac_f32 v11, v2, v5",
  }));
}

// llvm reads `::` in any statement as a dual-issue separator with the next name, and matches both
// as operands: a first half written alone lacks them (too few operands, or the operand where `::`
// should be), and where the name has no pairs, or after the Y half, `::` is an operand no entry
// takes.
TEST(MatcherErrors, DualIssueSeparator) {
  expectSameOutput(joinLines({
      "v_dual_sub_f32 v4, v1, v3",
      "v_dual_sub_f32 v4, v1, v3 :",
      "v_dual_sub_f32 v4, v1, v3 : : v_dual_mov_b32 v5, v2",
      "v_dual_sub_f32 v4, v1, v3 v_dual_mov_b32 v5, v2",
      "v_dual_sub_f32 v4, v1, v3 : v_dual_mov_b32 v5, v2",
      "v_dual_sub_f32 v4, v1, v3, v6 :: v_dual_mov_b32 v5, v2",
      "v_dual_sub_f32 v4, v1 :: v_dual_mov_b32 v5, v2",
      "v_dual_sub_f32 v4, v1, v3 :: v_dual_mov_b32 v5, v2 :: v_dual_mov_b32 v7, v2",
      "v_dual_sub_f32 v4, v1, v3 :: v_dual_mov_b32 v5, v2 ::",
      "v_dual_sub_f32 v4, v1, v3 :: v_dual_mov_b32 v5",
      "s_add_u32 s4, s5, s6 :: bar",
      "s_add_u32 s4, :: s5, s6",
      "s_add_u32 s4, s5, s6 ::",
      "v_sub_f32 v4, v1, v3 :: v_dual_mov_b32 v5, v2",
  }));
}

// A gfx11 image instruction without dim: llvm matches it (dim is optional to its matcher) and
// then says "missing dim operand", also where the NSA form failed further into the operands.
TEST(MatcherErrors, ImageWithoutDim) {
  expectSameOutput(joinLines({
      "image_store v[2:5], v7, s[16:23] dmask:0xf",
      "image_sample_l v[2:5], v[7:8], s[16:23], s[24:27] dmask:0xf",
      "image_atomic_smax v9, v3, s[16:23] dmask:0x1 glc",
      "image_get_resinfo v[2:5], v7, s[16:23] dmask:0xf",
      "image_gather4_lz v[2:5], v[7:8], s[16:23], s[24:27] dmask:0x2",
  }));
}

// llvm's match table holds gfx10's entries too: their 16-bit operands take v0-v255, so a gfx11
// statement only the register range rules out (v200 in a fake16 e32 or DPP form, in either
// true16 mode) is "operands are not valid for this GPU or mode" where gfx10 has the form, and a
// statement gfx10's form reads further fails where that form does (a DPP control after an e32
// name). A name gfx10 lacks (v_not_b16) keeps the operand's error.
TEST(MatcherErrors, Gfx10FormsOfSixteenBitInstructions) {
  const std::string lines = joinLines({
      "v_fmac_f16_e32 v200, v3, v4",
      "v_fmamk_f16_e32 v7, v3, 0x1234, v130",
      "v_fmaak_f16_e32 v7, v140, v4, 0x1234",
      "v_mul_f16_dpp v7, v3, v250 dpp8:[0,1,2,3,4,5,6,7]",
      "v_max_f16_dpp v180, v3, v4 dpp8:[1,1,1,1,1,1,1,1] fi:1",
      "v_sub_f16_dpp v7, v129, v4 row_shr:3",
      "v_rcp_f16_e32 v7, v131 dpp8:[0,1,2,3,4,5,6,7]",
      "v_sqrt_f16_e32 v150, v3 row_mirror",
      "v_cvt_f16_f32_e32 v200, v3 quad_perm:[1,0,3,2]",
      "v_not_b16_e32 v200, v3",
      "v_not_b16_e32 v200, v3 row_mirror",
      "v_fmac_f16_e32 v7.l, v3.l, v4.l",
  });
  expectSameOutput(lines, "gfx1100");
  expectSameOutput(lines, "gfx1100", {"+real-true16"});
  expectSameOutput(lines, "gfx1151", {"-real-true16", "+wavefrontsize64"});
}

// A lane mask written as an operand (a VOP3 sdst or carry, cndmask's src2) takes the mode's
// width in every entry: an SGPR pair or vcc there in wave32 is an invalid operand. Only the
// forms whose vcc is implicit (e32, VOPC DPP), which llvm's wave64 entries spell as a word of
// their own, make it "operands are not valid for this GPU or mode".
TEST(MatcherErrors, LaneMasksOfTheOtherWaveSize) {
  expectSameOutput(joinLines({
      "v_sub_co_u32_e64 v1, s[20:21], v2, v3",
      "v_subrev_co_u32 v1, s[20:21], v2, v3",
      "v_sub_co_ci_u32_e64_dpp v1, s[20:21], v2, v3, s[22:23] row_shl:2",
      "v_cndmask_b32_e64 v1, v2, v3, s[30:31]",
      "v_cndmask_b32 v1, v2, v3, s[30:31]",
      "v_cmp_lt_i32_e64 s[4:5], v2, v3",
      "v_cmp_lt_i32 s[4:5], v2, v3",
      "v_cmp_lt_i32_e64 vcc, v2, v3",
      "v_cmp_lt_i32_e64_dpp vcc, v2, v3 row_ror:3",
      "v_sub_co_u32 v1, vcc, v2, v3",
      "v_cmp_lt_i32 vcc, v2, v3",
      "v_cmp_lt_i32_dpp vcc, v2, v3 row_ror:3",
      "v_cndmask_b32_dpp v1, v2, v3, vcc row_ror:3",
      "v_sub_co_ci_u32 v1, vcc, v2, v3, vcc",
  }));
}

// No entry takes the operands: the error is at the furthest operand any entry of the reported
// variant reached, entries of the other wave size included (a WMMA's wave64 destination in
// wave32 reads on to a constant source no form takes).
TEST(MatcherErrors, FurthestOperandOfEveryMode) {
  const std::string lines = joinLines({
      "v_wmma_f16_16x16x16_f16 v[20:23], 2, v[8:15], v[20:23]",
      "v_wmma_f16_16x16x16_f16 v[20:27], v[0:7], 2, v[20:27]",
      "v_wmma_i32_16x16x16_iu4 v[8:11], v[0:1], -1, v[8:11]",
      "v_wmma_i32_16x16x16_iu4 v[8:15], 3, v[2:3], v[8:15]",
  });
  expectSameOutput(lines, "gfx1100");
  expectSameOutput(lines, "gfx1100", {"+wavefrontsize64"});
}

// The same in wave64: the wave32 forms whose vcc is implicit (vcc_lo written) are found, a lane
// mask written as an operand is not.
TEST(MatcherErrors, LaneMasksOfTheOtherWaveSizeInWave64) {
  expectSameOutput(joinLines({
                       "v_cmp_ge_f32 vcc_lo, v3, v4",
                       "v_cmp_ge_f32_dpp vcc_lo, v3, v4 row_shl:3",
                       "v_cmp_ge_f32 s6, v3, v4",
                       "v_cmp_ge_f32_e64 vcc_lo, v3, v4",
                       "v_cndmask_b32 v7, v3, v4, vcc_lo",
                       "v_cndmask_b32_e64 v7, v3, v4, s6",
                       "v_sub_co_ci_u32 v7, vcc_lo, v3, v4, vcc_lo",
                       "v_sub_co_u32 v7, s6, v3, v4",
                       "v_cmp_class_f16 vcc_lo, v3.l, v4.l",
                   }),
                   "gfx1100", {"+wavefrontsize64"});
}

// A buffer statement without one of its entry's addressing words: llvm's entry spells them
// right after the soffset in its order (idxen offen), so the error is at the first token there
// that is not the next word, or "too few operands" at the end of the statement.
TEST(MatcherErrors, BufferAddressingWordsInOrder) {
  const std::string lines = joinLines({
      "buffer_atomic_or_b32 v9, v[10:11], s[12:15], s13 idxen offset:44 glc",
      "buffer_store_b16 v9, v[10:11], s[12:15], 0.5 idxen dlc",
      "buffer_load_d16_hi_b16 v9, v[10:11], s[12:15], s13 idxen",
      "tbuffer_store_format_xy v[9:10], v[10:11], s[12:15], s13 format:[BUF_FMT_32_32_FLOAT] idxen "
      "slc",
  });
  expectSameOutput(lines, "gfx1100");
  expectSameOutput(joinLines({
                       "buffer_atomic_or v9, v[10:11], s[12:15], s13 idxen offset:44 glc",
                       "buffer_store_short v9, v[10:11], s[12:15], 0.5 idxen",
                   }),
                   "gfx900");
}

// A FLAT, GLOBAL or SCRATCH atomic without return takes the return bit (glc; sc0 on gfx940) in
// llvm's cache-policy operand, and its check after matching refuses it ("instruction must not
// use glc"), at the word; noglc is fine, and a modifier llvm spells before the cache bits
// (offset) after it matches nothing.
TEST(MatcherErrors, ReturnBitOfAtomicsWithoutReturn) {
  const std::string lines = joinLines({
      "flat_atomic_smax v[4:5], v6 glc",
      "flat_atomic_xor_x2 v[4:5], v[6:7] offset:12 glc slc",
      "global_atomic_inc v[4:5], v6, off slc glc",
      "global_atomic_umin v4, v6, s[8:9] offset:-16 glc",
      "flat_atomic_or v[4:5], v6 noglc",
      "flat_atomic_and v[4:5], v6 glc offset:8",
      "scratch_store_dword v4, off glc",
  });
  for (const char *cpu : {"gfx900", "gfx908", "gfx90a"}) expectSameOutput(lines, cpu);
  expectSameOutput(joinLines({
                       "global_atomic_sub v[4:5], v6, off sc0",
                       "flat_atomic_dec v[4:5], v6 sc0 nt",
                       "global_atomic_fmax_x2 v4, v[6:7], s[8:9] sc1 sc0",
                   }),
                   "gfx942");
}

// llvm's parser reads every operand before its matcher: its errors for gfx9's MTBUF formats (out
// of range, duplicate, a name where a number goes, a bracket left open), a second comma, and a
// format word where no parser reads one (dfmt:/nfmt: after the soffset, format: after idxen or
// offen: "not a valid operand.") come before a mismatch such as gfx90a's odd register tuple.
TEST(MatcherErrors, MtbufFormatParsedBeforeMatching) {
  const std::string lines = joinLines({
      "tbuffer_load_format_xy v[3:4], off, s[8:11] dfmt:16 nfmt:2 s1",
      "tbuffer_store_format_xyz v[3:5], off, s[8:11] dfmt:4 nfmt:9 s1",
      "tbuffer_store_format_x v3, off, s[8:11],, dfmt:4 s1",
      "tbuffer_load_format_xyzw v[3:6], off, s[8:11] nfmt:1,, s1",
      "tbuffer_load_format_xyzw v[3:6], off, s[8:11] dfmt:1: s1",
      "tbuffer_store_format_xy v[3:4], off, s[8:11], s1 format:200",
      "tbuffer_store_format_xy v[3:4], off, s[8:11], s1 format:[BUF_NUM_FORMAT_SINT, "
      "BUF_NUM_FORMAT_UINT]",
      "tbuffer_store_format_xy v[3:4], off, s[8:11], s1 format:[BUF_FMT_8_UNORM]",
      "tbuffer_load_format_xy v[3:4], v0, s[8:11], s1 offen format:[BUF_DATA_FORMAT_16]",
      "tbuffer_load_format_xy v[3:4], off, s[8:11], s1 nfmt:3",
      "tbuffer_load_format_xy v[2:3], v0, s[8:11], s1 idxen dfmt:5",
      "v_add_f32 v0, v1,, v2",
  });
  for (const char *cpu : {"gfx900", "gfx90a", "gfx942"}) expectSameOutput(lines, cpu);
}

// Names only gfx6 and gfx7 have (llvm's match table holds them; its disassembler has no gfx6 or
// gfx7, so the other targets' list misses them): "instruction not supported on this GPU".
TEST(MatcherErrors, NamesOfGfx6AndGfx7) {
  const std::string lines = joinLines({
      "v_rsq_clamp_f64 v[0:1], v[2:3]",
      "v_cmpsx_nlt_f32 vcc, v1, v2",
      "v_ashr_i64 v[0:1], v[2:3], 1",
      "V_MULLIT_F32 v1, v2, v3, v4",
      "v_rcp_legacy_f32_e32 v1, v2",
      "s_cbranch_join s4",
  });
  for (const char *cpu : {"gfx900", "gfx942", "gfx1100"}) expectSameOutput(lines, cpu);
}

// The constant bus with madak/madmk's K: llvm reports at the later of the literal and the last
// SGPR, and its locator finds no literal in K, so the error is at the SGPR.
TEST(MatcherErrors, ConstantBusWithMadakK) {
  const std::string lines = joinLines({
      "v_madak_f32 v4, s6, v3, 0x42000000",
      "v_madmk_f32 v4, s7, 0x42000000, v3",
      "v_madak_f16 v4, vcc_hi, v3, 0x4a00",
      "v_madmk_f16 v4, ttmp3, 0x4a00, v3",
  });
  for (const char *cpu : {"gfx900", "gfx90a"}) expectSameOutput(lines, cpu);
  expectSameOutput(
      joinLines({"v_fmaak_f32 v4, s6, v3, 0x42000000", "v_madak_f16 v4, s6, v3, 0x4a00"}),
      "gfx942");
}

// Words of other processors' memory bits: llvm's parser refuses r128 (also nor128) where the
// images have no such bit (gfx90a and later) before its matcher looks at the operands; gfx90a's
// buffer_wbl2 takes no cache-policy word at all ("invalid operand"), where gfx908's takes glc
// and slc and refuses scc and dlc as bits of other processors.
TEST(MatcherErrors, MemoryBitsOfOtherProcessors) {
  const std::string lines = joinLines({
      "image_load v[4:6], v[2:3], s[8:15] dmask:0x7 r128",
      "image_store v[4:7], v[6:9], s[12:19] dmask:0xf unorm nor128",
      "image_sample v1, v[3:4], s[8:15], s[16:19] dmask:0x1 r128 glc",
      "image_load v1, v2, s[8:15] dmask:0x1 r128",
      "buffer_wbl2 glc",
      "buffer_wbl2 noscc",
      "buffer_wbl2 slc dlc",
      "buffer_wbl2 scc glc",
  });
  for (const char *cpu : {"gfx900", "gfx908", "gfx90a", "gfx942"}) expectSameOutput(lines, cpu);
}

// An unknown name: llvm's spell check reads its default match variant only, so it suggests no
// name that has only VOP3 (VOP3P, VOP3-encoded interpolation), DPP or SDWA forms on this target
// (v_readlane_b32 is a VOP2 instruction there); a VOPD pair is its first name, in wave32 only.
TEST(MatcherErrors, SuggestionsFromTheDefaultVariant) {
  const std::string lines = joinLines({
      "v_add_f6 v[0:1], v[2:3], v[4:5]",
      "v_fma_f3 v0, v1, v2, v3",
      "v_mad_u64_u3 v[0:1], s[0:1], v2, v3, v[4:5]",
      "v_pk_add_f1 v0, v1, v2",
      "v_dot2_f32_f1 v0, v1, v2, v3",
      "v_interp_p10_f3 v0, v1, v2, v3",
      "v_readlane_b3 s0, v1, 0",
      "v_cndmask_b3 v0, v1, v2, vcc",
      "v_dual_max_i32 v0, v1, v2 :: v_dual_mov_b32 v3, v4",
      "v_dual_mul_f3 v0, v1, v2",
      "v_lshlrev_b6 v[0:1], 1, v[2:3]",
      "v_add_co_u3 v0, vcc_lo, v1, v2",
      "v_mac_f3 v0, v1, v2",
      "v_mfma_f32_4x4x1f3 a[0:3], v0, v1, a[0:3]",
      "v_interp_p1_f3 v0, v1, attr0.x",
  });
  for (const char *cpu : {"gfx1100", "gfx1151", "gfx900", "gfx90a"}) expectSameOutput(lines, cpu);
  expectSameOutput(lines, "gfx1100", {"+wavefrontsize64"});
  expectSameOutput(lines, "gfx1100", {"-real-true16"});
}

// Names llvm has only on processors gfxasm has no tables for, also those random instruction
// words rarely decode to (gfx6/gfx7's, rare encodings of gfx12): "instruction not supported on
// this GPU".
TEST(MatcherErrors, NamesOfOtherProcessors) {
  const std::string lines = joinLines({
      "v_log_clamp_f32 v1, 0.5",
      "v_cvt_pk_fp8_f16 v1.l, 1.0",
      "s_cbranch_join s[0:1]",
      "v_cmps_eq_f32 vcc, v1, v2",
      "image_atomic_fcmpswap v[0:1], v2, s[0:7] dmask:0x3",
      "buffer_wbinvl1_sc",
      "v_lshl_b32 v0, v1, v2",
      "v_mad_u32 v0, v1, v2, v3",
  });
  for (const char *cpu : {"gfx1100", "gfx900"}) expectSameOutput(lines, cpu);
}

// A minus is llvm's neg modifier only before a register, `|` or abs; before anything else it
// starts the value, where llvm reports a value the form refuses (a literal in a DPP source, an
// expression): -2.5, -(2), -foo, -lit(1) at the minus.
TEST(MatcherErrors, MinusStartsTheValue) {
  const std::string lines = joinLines({
      "v_add_f32 v0, v1, -2.5 row_shl:1",
      "v_add_f32 v0, -0x1234, v1 row_shl:1",
      "v_add_f32_dpp v0, -(2), v1 row_shl:1",
      "v_add_f32_e64_dpp v0, v1, -foo row_shl:1",
      "v_add_f16 v0, -foo, v1 quad_perm:[0,1,2,3]",
      "v_fma_f32 v0, v1, -2.5, v3 dpp8:[0,1,2,3,4,5,6,7]",
      "v_cmp_eq_f32 vcc_lo, -2.5, v2 row_shl:1",
      "v_add_f32_dpp v0, -|v1|, v2 row_shl:1",
      "v_add_f32_dpp v0, -s1, v2 row_shl:1",
      "v_trunc_f32 v0, -lit(1.0)",
      "v_trunc_f32 v0, -foo(1.0)",
      "v_and_b32 v0, -lit(1), v1",
      "v_mov_b32 v0, -lit(-1)",
  });
  expectSameOutput(lines, "gfx1100");
  expectSameOutput(lines, "gfx1100", {"-real-true16"});
}

// llvm's table holds the compares' e32 forms of both wave sizes (the implicit vcc spelled vcc or
// vcc_lo), gfx11's and gfx10's (whose 16-bit sources take v0-v255): the furthest operand any of
// them reaches is where the error is, and one that takes the operands makes it "operands are
// not valid for this GPU or mode". An old name gfx11 renamed (v_cmp_tru_f16) is llvm's
// mnemonic alias: the entries of the new name count, not gfx9's of the old one.
TEST(MatcherErrors, CompareFormsOfBothWaveSizes) {
  const std::string lines = joinLines({
      "v_cmp_class_f16_e32 vcc, v1, v255 dpp8:[7,6,5,4,3,2,1,0]",
      "v_cmp_class_f16_e32 vcc_lo, v127, v255 quad_perm:[3,2,1,0]",
      "v_cmp_eq_f16_e32 vcc_lo, v1, v255",
      "v_cmp_eq_f16_e32 vcc, v1, v255",
      "v_cmp_eq_u16_e32 vcc_lo, v128, v2 quad_perm:[3,2,1,0]",
      "v_cmp_lt_i16_e32 vcc, vcc_hi, v255",
      "v_cmp_t_f16_e32 vcc, v127, v255",
      "v_cmp_t_f16_e32 vcc_lo, v128, v2 dpp8:[7,6,5,4,3,2,1,0]",
      "v_cmp_tru_f16_e32 vcc, v1, v255",
      "v_cmp_tru_f16_e32 vcc_lo, v1, v255",
      "v_cmpx_tru_f16_e32 v1, v255",
      "v_cmpx_class_f16_e32 v128, v2 quad_perm:[3,2,1,0]",
  });
  for (const char *wave : {"+wavefrontsize32", "+wavefrontsize64"}) {
    expectSameOutput(lines, "gfx1100", {wave, "+real-true16"});
    expectSameOutput(lines, "gfx1100", {wave, "-real-true16"});
  }
}

// llvm parses the whole statement before it matches: a `name:value` modifier its parsers do not
// read is "not a valid operand." before any matcher error or check after matching (a second
// literal). Its parsers are those of the entries its features allow (no op_sel of a true16 form
// with -real-true16), and each reads its modifier only at the positions an entry has it at,
// after the entry's operands and the optional modifiers before it.
TEST(MatcherErrors, ModifiersTheParsersDoNotRead) {
  const std::string lines = joinLines({
      "v_add_nc_u32_e64 v255, 0x4f clamp div:2",
      "v_and_b32_e64 v255, 0x4f clamp div:2",
      "v_add_f16_e64 v5.h, v1.h, v2.l op_sel:[1,0,0]",
      "v_add_f16_e64 v5.h, v1.l op_sel:[0,1]",
      "v_ceil_f16_e64 v5, v1 op_sel:[1,1]",
      "v_ceil_f16_e64 v5.h, v1.h, v2.l op_sel:[1,0,0]",
      "v_ceil_f16_e64 v5.h, v1.h, v2 mul:2",
      "v_ceil_f16_e64 v5.h, v1.h, v2, v3, v4 mul:2",
      "v_add_f16_e64 v5.h, v1.h, v2.h, v3, v4 op_sel:[1,1,1]",
      "v_fma_f16 v5.h, v1.h, v2.h, v3.h, v4, v5 op_sel:[1,1,1,1]",
      "v_ceil_f16_e64 v5.h, v1.h clamp op_sel:[1,1]",
  });
  expectSameOutput(lines, "gfx1100", {"+real-true16"});
  expectSameOutput(lines, "gfx1100", {"-real-true16", "+wavefrontsize64"});
}

// hwreg(..) wants a comma or its parenthesis after the register; sendmsg(..) of another
// processor's message is read whole (an operation name or expression, a stream, the
// parenthesis) before llvm refuses the message.
TEST(MatcherErrors, MacrosReadWholeFirst) {
  const std::string lines = joinLines({
      "s_getreg_b32 s0, hwreg(HW_REG_MODE",
      "s_getreg_b32 s0, hwreg(HW_REG_MODE x",
      "s_getreg_b32 s0, hwreg(3",
      "s_getreg_b32 s0, hwreg(HW_REG_MODE, 0",
      "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP",
      "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0",
      "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0, 1)",
      "s_sendmsg sendmsg(MSG_GS_DONE, foo bar)",
      "s_sendmsg sendmsg(MSG_GS_DONE, 1, 2)",
      "s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, -1)",
  });
  expectSameOutput(lines, "gfx1100");
  expectSameOutput(lines, "gfx1151");
}

// gfx11's FLAT and global atomics without a return read glc into llvm's cache policy operand
// and refuse it after matching; a DS modifier, as a VALU one, is read only at the positions an
// entry has it at (offset1 before offset0, a second offset: "not a valid operand.").
TEST(MatcherErrors, MemoryModifiersWhereLlvmReadsThem) {
  const std::string lines = joinLines({
      "global_atomic_add_u32 v[2:3], v4, off glc",
      "flat_atomic_add_u32 v[2:3], v4 glc",
      "global_atomic_cmpswap_b32 v[2:3], v[4:5], off offset:8 glc dlc",
      "global_atomic_add_u32 v2, v4, s[2:3] glc",
      "global_atomic_add_u32 v[2:3], v5, off glc x",
      "ds_write2_b32 v1, v2, v3 offset1:255 offset0:1",
      "ds_read_b32 v1, v2 offset:4 offset:8",
      "ds_read2_b32 v[1:2], v2 offset1:1 offset1:2",
      "ds_bpermute_b32 v1, v2, v3 offset:4 offset:4",
  });
  expectSameOutput(lines, "gfx1100");
  expectSameOutput(lines, "gfx1151", {"+wavefrontsize64"});
}

// An inline constant as src1 of a VOP3 DPP form, which gfx1150's forms take: on gfx1100 llvm's
// class takes it too and its check after matching refuses it, at the mnemonic; a literal fails
// the matcher at the literal.
TEST(MatcherErrors, DppSrc1InlineConstantAfterMatching) {
  const std::string lines = joinLines({
      "v_add_f32_e64_dpp v5, v1, 1.0 row_shl:1",
      "v_add_f32_e64_dpp v5, v1, -1 dpp8:[0,1,2,3,4,5,6,7]",
      "v_fma_f32_e64_dpp v5, v1, 1.0, v2 row_shl:1",
      "v_fma_f32_e64_dpp v5, v1, v2, 1.0 row_shl:1",
      "v_add_f32_e64_dpp v5, v1, 0x1234 row_shl:1",
      "v_add_f16_e64_dpp v5.l, v1.l, 1.0 row_shl:1",
      "v_cmp_eq_f32_e64_dpp s5, v1, 1.0 row_shl:1",
      "v_add_f32 v5, v1, 1.0 row_shl:1",
      "v_ldexp_f32_e64_dpp v5, v1, 2 row_shl:1",
      "v_add_f32_e64_dpp v5, v1, 1.0 row_shl:1 clamp",
  });
  for (const char *cpu : {"gfx1100", "gfx1151"}) expectSameOutput(lines, cpu);
}

// llvm's checks after matching run in order: lds_direct first, then an op_sel conflicting with
// a .l/.h suffix, a DPP form's scalar src1 (gfx1100), a second literal value, the constant bus,
// v_dot2's op_sel; and only once an entry matched (a missing DPP control or an operand no entry
// takes comes first).
TEST(MatcherErrors, ChecksAfterMatchingInLlvmOrder) {
  const std::string lines = joinLines({
      "v_add_nc_u16 v157.h, v33.h, src_lds_direct op_sel:[0,0,1] clamp",
      "v_add3_u32 v77, 0xbe0c3b71, 1459695741, src_lds_direct",
      "v_max3_i32_e64_dpp v188, v223, v93, lds_direct",
      "v_add_f16_e64 v151.l, -2.5, 0x6e64 op_sel:[0,1,1]",
      "v_ashrrev_i16_e64_dpp v191.h, v74.l, v124.l op_sel:[1,0]",
      "v_cmp_class_f16_e64_dpp s4, v119.h, v184.l op_sel:[1,1] fi:0",
      "v_dot2_bf16_bf16 v83.l, v149, v247, s70 op_sel:[1,0,1,1]",
      "v_dot2_bf16_bf16 v83, 0x1234, 0x4321, s70 op_sel:[1,0,1,1]",
      "v_dot2_bf16_bf16 v83, 0x1234, s1, s70 op_sel:[1,0,1,1]",
      "v_dot2_bf16_bf16 v83, v1, v2, v3 op_sel:[1,0,1,1] dpp8:[0,0,0,0,0,0,0,0]",
      "v_add_lshl_u32 v98, 0xc1dd, 0x4567, 1e40",
      "v_bfe_u32 v183, v42, s31, 1e40",
      "v_bfe_u32_e64_dpp v183, v42, vcc_lo, 1e40 dpp8:[0,0,0,0,0,0,0,0]",
      "v_bfe_u32_e64_dpp v183, v42, m0, v1 dpp8:[0,0,0,0,0,0,0,0]",
      "v_bfe_u32_e64_dpp v183, v42, src_lds_direct, v1 dpp8:[0,0,0,0,0,0,0,0]",
      "v_bfe_u32_e64_dpp v183, v42, s31, v1",
      "v_dot2_f32_bf16_e64_dpp v187, v72, lds_direct, v1 dpp8:[4,6,2,2,0,7,5,7]",
      "v_dot2_f32_bf16_e64_dpp v187, v72, s1, 0x1234 dpp8:[4,6,2,2,0,7,5,7]",
      "v_dot2_f32_bf16_e64_dpp v187, s1, v1, v2 dpp8:[4,6,2,2,0,7,5,7]",
      "v_pk_add_f16 v1, v2, lds_direct",
      "v_fma_mix_f32 v1, v2, v3, lds_direct",
      "v_add_co_ci_u32_e32 v196, 0x48ec, v4, vcc_lo",
      "v_add_co_ci_u32_e32 v196, vcc_lo, v4, v4",
      "v_sub_co_ci_u32_dpp v46, v10, v236, vcc_lo row_half_mirror bank_mask:2",
      "v_cmp_class_f16_e64_dpp -|v1, v74, v48 dpp8:[3,5,4,0,6,6,2,5] fi:0",
      "v_cmp_gt_f16_e32 -|v1, v160, v164",
  });
  for (const char *cpu : {"gfx1100", "gfx1151"}) expectSameOutput(lines, cpu);
  expectSameOutput(lines, "gfx1100", {"+wavefrontsize64", "-real-true16"});
}

// Parser errors come before any matching: a bound_ctrl value other than 0 or 1 (where llvm
// reads the word), a register this processor lacks written without a comma before it; gfx11's
// instruction offsets are range-checked after matching.
TEST(MatcherErrors, ParserErrorsBeforeOffsetRanges) {
  const std::string lines = joinLines({
      "v_add_co_ci_u32_dpp v114, 1.0e40, v18, v2, vcc_lo bound_ctrl:2",
      "v_add_nc_u16_e64_dpp v92.l, v239.l, v242.l clamp bound_ctrl:2",
      "v_mov_b32_dpp v1, s2 quad_perm:[0,1,2,3] bound_ctrl:2",
      "v_ctz_i32_b32_e64_dpp v166, v67 bound_ctrl:2",
      "buffer_atomic_and_b64 v[190:191], v158, s[20:23] src_execz offset:1 slc",
      "tbuffer_load_format_x v21, v99, s[28:31] src_execz offen offset:1119",
      "buffer_atomic_cmpswap_b32 v[238:239], v[247:248], s[28:31], null offset:-1 dlc",
      "buffer_load_d16_format_xy v[76:77], v245, s[72:75], s88 offen offset:-1 glc",
      "buffer_atomic_add_f32 v144, v113, s[52:55], ttmp5 idxen offset:-1 slc glc slc",
      "buffer_load_b32 v1, off, s[0:3], s1 offset:-1 glc",
      "global_load_b32 v1, v[2:3], off offset:4096 glc glc",
      "global_load_b32 v1, v[2:3], off offset:4096 foo",
      "ds_load_b32 v1, v2 offset:65536 foo",
      "ds_load_b32 v1, v2 offset:65536",
  });
  for (const char *cpu : {"gfx1100", "gfx1151", "gfx900"}) expectSameOutput(lines, cpu);
}

// Rules of llvm's parser and checks after matching for memory and carry forms (lines of our own
// against llvm-mc-22): a memory offset out of range is a check after matching (after a mismatch
// or a parse error such as a foreign cache bit, before alignment and the return bit); llvm's
// cache-policy operand is one run of words, so a cache word after a later modifier is an
// expression (no duplicate, no foreign-bit error); gfx9's e32 carry-in forms spell the carry out
// as a word after vdst.
TEST(MatcherErrors, MemoryOffsetsCacheRunsAndCarryWords) {
  const std::string lines = joinLines({
      "buffer_load_dword v1, off, s[0:3], s4 offset:-1 scc",
      "buffer_atomic_swap_x2 v[2:3], v112, ttmp[4:7], s91 offset:-1",
      "buffer_atomic_swap_x2 v[2:3], off, ttmp[4:7], s91 offset:70000",
      "global_load_dword v1, v[2:3], off offset:4096 scc",
      "global_load_dword v1, v[2:3], off offset:-4097",
      "global_atomic_add v1, v[2:3], v4, off offset:-4097",
      "ds_gws_init v28 offset:65536",
      "ds_read_b32 v1, v2 offset:65536",
      "buffer_load_dword v[253:254], off, s49 idxen offen offset:4095 glc lds scc",
      "buffer_load_dword v1, off, s[0:3], s4 glc lds glc",
      "buffer_load_dword v1, off, s[0:3], s4 offset:4 glc lds glc",
      "buffer_load_dword v1, off, s[0:3], s4 lds scc",
      "buffer_load_dword v1, off, s[0:3], s4 glc scc slc",
      "v_addc_co_u32_e32 v13, v118, v46, vcc",
      "v_subbrev_co_u32_e32 v13, s1, v46",
      "v_addc_co_u32_e32 v13, vcc, v118, v46",
      "v_add_co_u32_e32 v13, v118, v46",
  });
  for (const char *cpu : {"gfx900", "gfx908"}) expectSameOutput(lines, cpu);
}

// gfx9's VOP3 and VOP3P take no literal: llvm checks that after lds_direct and before the
// constant bus, so a literal after the bus overflowed, a second literal before an lds_direct, or a
// symbolic one in a 32-bit VOP3P source are what it reports (a lit(x) of an inline value is no
// literal to that check).
TEST(MatcherErrors, Gfx9LiteralCheckInLlvmOrder) {
  const std::string lines = joinLines({
      "v_dot4_u32_u8 v3, v4, s5, 0x4d2",
      "v_dot4_i32_i8 v7, 1e-3, v8, s9 clamp",
      "v_dot2_f32_f16 v1, s2, s3, 0x4321",
      "v_dot4_u32_u8 v1, s6, src_execz, -bar",
      "v_pk_fma_f16 v1, s2, s3, 0x2345",
      "v_pk_add_u16 v1, s2, s3",
      "v_fma_mix_f32 v5, v6, s7, |0.2|",
      "v_mad_u32_u24 v9, 0x1357, src_lds_direct, 0x2468",
      "v_med3_i32 v1, 0x1111, 0x2222, lds_direct",
      "v_max3_u32 v1, lit(2), 0x5555, v3",
      "v_sub_f32_e64 v4, lit(1.0), 0x7777",
      "v_med3_i32 v1, 0x1111, 0x2222, s3",
  });
  for (const char *cpu : {"gfx906", "gfx90a", "gfx950"}) expectSameOutput(lines, cpu);
}

// Names whose VOP3 DPP forms only gfx12 and gfx1250/gfx1251 have (v_fma_f64, v_mul_lo_u32,
// v_lshlrev_b64, ...): that variant, the last llvm tries, decides where a statement that matches
// nothing fails: src0 must be a VGPR (a pair only with DP ALU DPP, gfx90a on), the other sources
// take no literal or lds_direct, and a statement taken to its end lacks the DPP control.
TEST(MatcherErrors, OtherProcessorsVop3DppForms) {
  const std::string lines = joinLines({
      "v_fma_f64 v[2:3], v[4:5], v[6:7], v[8:9], v10",
      "v_fma_f64 v[2:3], v4, s[6:7], 0x4321, v10",
      "v_fma_f64 v[2:3], v4, 2.0, v[8:9], v10",
      "v_fma_f64 v[2:3], v4, v[6:7], s[8:9]",
      "v_fma_f64 v[2:3], -v4, |v[6:7]|, exec clamp div:2 bar",
      "v_add_f64 v[2:3], s[4:5], v[6:7], v1",
      "v_mul_f64 v[2:3], 0x1234, -abs(0x5678)",
      "v_div_fixup_f64 v[2:3], v[4:5], 3, baz-qux",
      "v_div_scale_f64 v[2:3], vcc, v[4:5], v[6:7], v[8:9], v1",
      "v_ldexp_f64 v[2:3], v4, v5, v6",
      "v_lshlrev_b64 v[2:3], s4, s[6:7], v1",
      "v_lshrrev_b64 v[2:3], v4, 0x9999, v1",
      "v_mul_lo_u32 v2, v4, 0x1234, v1",
      "v_mul_hi_u32 v2, s4, 0x1234, v1",
      "v_ceil_f64 v[2:3], v[4:5], v6",
      "v_cvt_f64_f32 v[2:3], s4, v5",
  });
  for (const char *cpu : {"gfx1100", "gfx1151", "gfx900", "gfx942"}) expectSameOutput(lines, cpu);
  expectSameOutput(lines, "gfx1100", {"+wavefrontsize64"});
}

// lit(..) of a register: llvm's parser of a source with float modifiers wants a number ("expected
// immediate with lit modifier", "failed parsing operand." between bars), its generic parser fails
// at the register (before any matching), and gfx9's SDWA integer sources read it as a symbol.
TEST(MatcherErrors, LitOfRegister) {
  const std::string lines = joinLines({
      "s_cmp_lg_u32 2.0e40, lit(s3)",
      "s_sub_u32 s1, lit(s4), s5",
      "s_mov_b32 s1, lit(exec_lo)",
      "v_mul_f32 v1, lit(v2), v3",
      "v_sub_f32_e64 v1, lit(s2), v3",
      "v_sub_f32_e64 v1, |lit(s2)|, v3",
      "v_sub_f32_e64 v1, abs(lit(s2)), v3",
      "v_pk_mul_f16 v1, lit(v2), v3",
      "v_mad_u32_u24 v1, lit(v2), v3, v4",
      "v_mov_b32 v1, lit(v2)",
      "v_sub_u32 v1, lit(s2), v3",
  });
  for (const char *cpu : {"gfx1100", "gfx900", "gfx90a"}) expectSameOutput(lines, cpu);
}

// gfx90a on: llvm's class of a DPP source with modifiers takes any VGPR pair; its check of the
// alignment comes after matching and after the DPP checks (DP ALU DPP's row_newbcast), at the
// mnemonic. A source without modifiers (v_mov_b64's) and the destination are aligned classes.
TEST(MatcherErrors, DppPairAlignmentAfterMatching) {
  const std::string lines = joinLines({
      "v_fmac_f64_dpp v[2:3], v[4:5], v[7:8] row_newbcast:2",
      "v_fmac_f64_dpp v[2:3], v[5:6], v[6:7] row_shr:2",
      "v_floor_f64_dpp v[2:3], -v[5:6] row_newbcast:3",
      "v_floor_f64_dpp v[2:3], |v[5:6]| quad_perm:[1,0,3,2]",
      "v_floor_f64_dpp v[3:4], v[6:7] row_newbcast:3",
      "v_exp_f32_dpp v1, v[5:6] row_shl:2",
      "v_mov_b64_dpp v[2:3], v[5:6] row_newbcast:1",
  });
  for (const char *cpu : {"gfx90a", "gfx942", "gfx950"}) expectSameOutput(lines, cpu);
}
