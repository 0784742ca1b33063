// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Hand-written spellings and bad input, compared with llvm-mc-22 when the test runs: the
// spellings of issue 14 (mnemonics in any case, register lists, expressions in modifier values,
// old names), and the input llvm-mc rejects that must never become bytes (integers wider than 64
// bits, register indices out of range, characters llvm's lexer does not read as blanks, deep
// nesting). The systematic comparison is tests/differential/variant_difftest.cpp.
#include <gtest/gtest.h>

#include <set>

#include "oracle_util.h"

namespace {

using namespace gfxasm;
using namespace gfxasm::test;

std::string joinLines(std::initializer_list<std::string_view> lines) {
  std::string s;
  for (std::string_view l : lines) s += std::string(l) + "\n";
  return s;
}

std::set<uint32_t> errorLines(const std::vector<PrintedDiag> &diags) {
  std::set<uint32_t> lines;
  for (const PrintedDiag &d : diags)
    if (d.severity == "error") lines.insert(d.line);
  return lines;
}

// The same lines rejected and the same text for the others (where the messages may differ).
void expectSameAcceptance(const std::string &input, const std::string &cpu) {
  ToolRun llvm = runLlvmMc(input, cpu);
  ASSERT_NE(llvm.out.find(".amdgcn_target"), std::string::npos)
      << "llvm-mc-22 did not run: " << llvm.err;
  AssembleResult r = assembleLikeCli(input, cpu);
  EXPECT_EQ(errorLines(parseDiagnostics(formatAll(r.diagnostics))),
            errorLines(parseDiagnostics(llvm.err)))
      << "llvm-mc:\n"
      << llvm.err << "gfxasm:\n"
      << formatAll(r.diagnostics);
  EXPECT_EQ(r.text, llvm.out);
}

TEST(Spellings, IssueExamplesGfx11) {
  expectSameOutput(joinLines({
      "S_BARRIER",
      "V_Cmp_Ne_I16 vcc_lo, v127.h, v113.l",
      "s_mov_b64 s[0:1], [vcc_lo,vcc_hi]",
      "s_nand_saveexec_b64 s[86:87], [exec_lo,exec_hi]",
      "v_mul_f64 v[124:125], -[vcc_lo,vcc_hi], -|s[64:65]|",
      "s_mov_b64 s[0:1], [s2,[s3]]",
      "scratch_load_b96 [v183,[v184],v185], v[92], s[14] offset:1174 glc dlc",
      "image_gather4h v[135 : 138], [v251, v32], [s48, [s49], s[50], s[51:51], s52, s53, s54, "
      "s55], s[56 : 59] dmask:0x1 dim:SQ_RSRC_IMG_1D_ARRAY",
      "v_add_f32_e64 v0, v1, v2 mul:(1+1)",
      "v_rcp_f32_e64 v0, v1 div:(0x2|0)",
      "v_cmp_tru_u32 vcc_lo, v1, v2",
      "v_cmpx_tru_i32_e64_dpp v224, v181 dpp8:[7,0,5,7,4,3,5,7]",
      "v_cmp_le_u16 v1, v2 dpp8:[7,7,7,3,4,4,6,7] fi:1",
      "flat_load_b32 v1, v[2:3] inst_offset:8",
      "V_DUAL_ADD_F32 v1, v2, v3 :: v_dual_add_f32 v4, v5, v6",
      ".set idx, 4",
      "s_mov_b64 s[0:1], s[idx:idx+1]",
      "v_add_f16_e64 v0.h, v1.l, v2.l op_sel:[0,0,1+0]",
  }));
}

TEST(Spellings, IssueExamplesGfx9) {
  expectSameOutput("v_accvgpr_read v2, a10\nv_accvgpr_write a2, v255\n", "gfx90a");
  expectSameOutput(joinLines({"v_mfma_f32_16x16x32f16 v[0:3], v[0:3], v[0:3], v[0:3]",
                              "v_smfmac_f32_16x16x64f16 v[10:13], a[2:5], v[4:11], v3 cbsz:3 "
                              "abid:1"}),
                   "gfx950");
  expectSameOutput(joinLines({"flat_atomic_add v[3:4], v5 inst_offset:8 slc",
                              "S_LOAD_DWORD s1, s[2:3], 0x10 glc", "s_mov_b64 s[0:1], [s2,[s3]]",
                              "v_add_f32 v0, v1, v2 mul:(1+1)"}),
                   "gfx900");
}

// An encoding suffix on a name a processor has in another encoding only: gfx90a and later have
// v_mul_legacy_f32 as VOP3 alone (printed without suffix), taken as _e64; _e32, _sdwa and _dpp
// are "variant not supported" there and encode on gfx900.
TEST(Spellings, EncodingVariantsPerProcessor) {
  const std::string input = joinLines({
      "v_mul_legacy_f32 v5, v1, v2",
      "v_mul_legacy_f32_e64 v5, v1, -v2 clamp",
      "v_mul_legacy_f32_e32 v5, v1, v2",
      "v_mul_legacy_f32_sdwa v5, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD",
      "v_mul_legacy_f32_dpp v5, v1, v2 quad_perm:[0,1,2,3] row_mask:0x0 bank_mask:0x0",
  });
  for (const char *cpu : {"gfx900", "gfx908", "gfx90a", "gfx942", "gfx950"})
    expectSameOutput(input, cpu);
}

// v_nop has DPP and SDWA forms on gfx9 (llvm prints them without suffix; the SDWA one takes no
// select, any modifier is "not a valid operand."); _e32 and _e64 are not those forms.
TEST(Spellings, NopInEveryEncoding) {
  const std::string input = joinLines({
      "v_nop row_shl:1 row_mask:0xa bank_mask:0x1 bound_ctrl:0",
      "v_nop_dpp quad_perm:[0,1,2,3]",
      "v_nop_sdwa",
      "V_NOP_SDWA",
      "v_nop_sdwa dst_sel:DWORD",
      "v_nop_sdwa src0_sel:WORD_1",
      "v_nop_sdwa clamp",
      "v_nop dst_sel:DWORD",
      "v_nop_dpp",
      "v_nop_dpp row_shl:1 clamp",
      "v_nop_e32 row_shl:1",
      "v_nop_e64 row_shl:1",
      "v_nop row_newbcast:1",
      "v_nop row_bcast:15",
  });
  for (const char *cpu : {"gfx900", "gfx90a", "gfx942", "gfx950"}) expectSameOutput(input, cpu);
}

// sext(..) as llvm's operand parsers read it: only gfx9's SDWA integer sources take it, and every
// form of the name parses what one of them reads (a constant inside is taken as if written
// without sext by the e32/e64 forms, a register inside is refused by those forms, inside the
// operand); where no form takes it "not a valid operand." at it (or at its minus); a bare `sext`
// where one does wants its parenthesis.
TEST(Spellings, SextWhereFormsReadIt) {
  const std::string input = joinLines({
      "v_mov_b32 v0, sext(1)",
      "v_mov_b32 v0, sext(100)",
      "v_mov_b32 v0, sext(0.5)",
      "v_add_u32 v0, v1, sext(1)",
      "v_cmp_eq_u32 s[0:1], sext(1), v1",
      "v_mov_b32 v0, sext(v1)",
      "v_add_u32 v0, sext(s1), v1",
      "v_add_u32_e64 v0, sext(v1), v2",
      "v_mov_b32_e64 v1, sext(v2)",
      "v_mov_b32_dpp v0, sext(v1) row_shl:1",
      "v_add_f32 v0, sext(v1), v2",
      "v_add_f32_sdwa v5, v1, sext(v2)",
      "v_cndmask_b32_sdwa v5, v1, sext(v2), vcc dst_sel:DWORD",
      "v_add_i16 v0, sext(1), v1",
      "v_cvt_f32_i32 v1, -sext(v2)",
      "v_mov_b32 v1, sext",
      "v_add_u32 v0, v1, sext + 1",
      "v_add_f32 v0, v1, sext",
      "s_mov_b32 s0, sext(s1)",
  });
  for (const char *cpu : {"gfx900", "gfx90a", "gfx942", "gfx1100"}) expectSameOutput(input, cpu);
}

// A DPP form's row_mask, bank_mask, bound_ctrl and fi are read only after a DPP control: before
// one (or with none) they are "not a valid operand." -- unless another form of the name has them
// (gfx950's VOP3 v_permlane16_swap_b32 takes bound_ctrl and fi).
TEST(Spellings, DppMasksOnlyAfterAControl) {
  const std::string input = joinLines({
      "v_mov_b32 v0, v1 row_mask:0xa",
      "v_mov_b32 v0, 1 bound_ctrl:0",
      "v_add_f32 v0, v1, v2 row_mask:0xa bank_mask:0x1",
      "v_mov_b32 v0, v1 row_mask:0xa row_shl:1",
      "v_add_f32 v0, v1, v2 bank_mask:0x1 row_shl:1",
      "v_mov_b32 v0, 1 row_mirror row_mask:0xa",
      "v_mov_b32 v0, v1 row_shl:1 row_mask:0xa",
  });
  for (const char *cpu : {"gfx900", "gfx90a", "gfx1100"}) expectSameOutput(input, cpu);
  expectSameOutput(joinLines({"v_add_f32 v0, v1, v2 fi:1", "v_add_f32 v0, v1, v2 fi:1 row_shl:1",
                              "v_add_f32 v0, v1, v2 dpp8:[0,1,2,3,4,5,6,7] fi:1"}),
                   "gfx1100");
  expectSameOutput(joinLines({"v_permlane16_swap_b32_e32 v1, v2 bound_ctrl:1",
                              "v_permlane16_swap_b32_e32 v1, v2 fi:1"}),
                   "gfx950");
}

// An encoding suffix on a name this processor lacks in every encoding: llvm says "instruction not
// supported on this GPU" (it names the variant only when another one is there).
TEST(Spellings, VariantOfAnInstructionNotHere) {
  const std::string input = joinLines({
      "v_mac_f32_sdwa v7, v8, v9 dst_sel:WORD_1 src0_sel:BYTE_0 src1_sel:DWORD",
      "v_mac_f32_dpp v7, v8, v9 quad_perm:[1,0,3,2]",
      "v_mov_b64_sdwa v[6:7], v[8:9]",
      "v_mov_b64_dpp v[6:7], v[8:9] row_newbcast:2",
      "v_fmac_f64_sdwa v[6:7], v[8:9], v[10:11]",
      "v_pk_fma_f32_e32 v[6:7], v[8:9], v[10:11], v[12:13]",
  });
  for (const char *cpu : {"gfx906", "gfx90a", "gfx942"}) expectSameOutput(input, cpu);
}

// A DPP control the target does not have (row_share and row_xmask on gfx9, row_newbcast before
// gfx90a) is no operand llvm's parser knows: "not a valid operand." there, also after a VOP3
// spelling, where the other encodings' "invalid operand for instruction" would come later.
TEST(Spellings, DppControlsOfOtherTargets) {
  const std::string input = joinLines({
      "v_or_b32 v3, v4, v5 row_newbcast:3",
      "v_sub_f32 v3, v4, v5 row_xmask:2",
      "v_sub_f32 v3, v4, v5 row_share:9 bank_mask:0x3",
      "v_max_i32_e64 v3, v4, v5 row_newbcast:7",
      "v_min_u32 v3, v4, v5 row_bogus:1",
      "v_min_u32 v3, v4, v5 wave_ror:1",
  });
  for (const char *cpu : {"gfx900", "gfx908", "gfx90a", "gfx950"}) expectSameOutput(input, cpu);
  expectSameOutput(joinLines({"v_or_b32 v3, v4, v5 wave_shl:1", "v_or_b32 v3, v4, v5 row_bcast:15",
                              "v_or_b32_e64 v3, v4, v5 row_newbcast:2"}),
                   "gfx1100");
}

// DP ALU DPP's row_newbcast-only rule is an error llvm finds after matching: it wins over the
// matcher's "invalid operand" of the other encodings of a name written without _dpp.
TEST(Spellings, PostMatchErrorsFirst) {
  const std::string dpAluDpp = joinLines({
      "v_cvt_u32_f64 v5, v[0:1] quad_perm:[0,2,1,1] row_mask:0xf bank_mask:0xf",
      "v_ceil_f64 v[0:1], v[2:3] row_shl:1",
      "v_cvt_u32_f64 v5, v[0:1] row_newbcast:1",
  });
  for (const char *cpu : {"gfx90a", "gfx942"}) expectSameOutput(dpAluDpp, cpu);
}

// op_sel takes up to four entries on every form: src0, src1, src2 and the destination as
// written, the destination's bit taken from the entry after the form's last source and the
// entries after it ignored (op_sel:[0,0,1,1] on a two-source form is op_sel:[0,0,1]);
// v_permlane*'s check after matching wants the entries after its two 0.
TEST(Spellings, OpselEntriesBeyondTheForm) {
  const std::string lines = joinLines({
      "v_sub_nc_u16 v7, v3, v4 op_sel:[1,0,1,1]",
      "v_sub_nc_u16 v7, v3, v4 op_sel:[0,1,0,1]",
      "v_sub_nc_i16_e64_dpp v7, v3, v4 op_sel:[1,1,1,0] row_ror:5",
      "v_pack_b32_f16 v7, v3, v4 op_sel:[0,1,1,1]",
      "v_mad_i32_i16 v7, v3, v4, v5 op_sel:[0,1,1,0]",
      "v_permlane16_b32 v7, v3, s4, s5 op_sel:[1,1,0,0]",
      "v_permlanex16_b32 v7, v3, s4, s5 op_sel:[0,1,1]",
      "v_permlane16_b32 v7, v3, s4, s5 op_sel:[0,0,0,1]",
      "v_sub_nc_u16 v7, v3, v4 op_sel:[0,0,0,0,1]",
      "v_sub_nc_u16 v7, v3, v4 op_sel:[0,0,0,2]",
  });
  expectSameOutput(lines, "gfx1100");
  expectSameOutput(lines, "gfx1151", {"-real-true16"});
}

// A register llvm knows but gfx11 lacks is its register parser's error where it is written, in
// any operand (a memory offset, a DS address, a packed source), before the matcher's errors and
// its checks after matching; an earlier parse error comes first.
TEST(Spellings, UnavailableRegistersWhereverWritten) {
  expectSameOutput(joinLines({
      "buffer_store_b32 v3, off, s[8:11], src_execz offset:12",
      "global_store_b32 v[4:5], v3, src_vccz",
      "ds_max_u32 src_pops_exiting_wave_id, v7",
      "v_pk_add_u16 v3, -src_vccz, v7",
      "v_dot2_f32_f16 v3, v4, src_execz, v5 op_sel:[1,1,1,1]",
      "scratch_load_b32 v3, off, src_vccz offset:8 glc glc",
      "v_add_f32 v3, v4, v5 foo:1, src_execz",
      "s_and_b32 s3, execz, 0x1234",
  }));
}

// gfx942 and gfx950 take gfx90a's bf16 MFMA names also without `_1k` as the new instructions
// (v_mfma_f32_4x4x4bf16 is v_mfma_f32_4x4x4_16b_bf16), also where gfx908's and gfx90a's own
// v_mfma_f32_32x32x4bf16 is another instruction: on those, the 64-bit sources of the new one
// are "operands are not valid for this GPU or mode", and so are gfx90a's 32-bit sources of the
// old one on gfx942.
TEST(Spellings, MfmaNamesWithoutOneK) {
  const std::string input = joinLines({
      "v_mfma_f32_4x4x4bf16 a[4:7], v[10:11], v[12:13], a[4:7] cbsz:2 abid:1",
      "v_mfma_f32_16x16x4bf16 v[16:31], v[2:3], a[6:7], v[16:31] blgp:3",
      "v_mfma_f32_32x32x4bf16 a[32:63], a[8:9], v[4:5], 0 blgp:6",
      "v_mfma_f32_32x32x4bf16 a[0:15], v1, v2, a[0:15]",
      "v_mfma_f32_16x16x4bf16_1k a[0:15], v[20:21], v[22:23], a[0:15]",
  });
  for (const char *cpu : {"gfx908", "gfx90a", "gfx942", "gfx950"}) expectSameOutput(input, cpu);
}

// neg:[..] on an MFMA without neg (all but gfx942's and gfx950's f64 ones): llvm reads the
// array in blgp's place (its errors for the array's values first), then refuses it after matching.
TEST(Spellings, MfmaNegWithoutNeg) {
  const std::string input = joinLines({
      "v_mfma_f32_16x16x4f32 a[4:7], v2, v3, a[4:7] neg:[0,1,1]",
      "v_mfma_i32_4x4x4i8 a[8:11], v2, v3, a[8:11] neg:[0,0,0] cbsz:1",
      "v_mfma_f32_32x32x2f32 a[0:15], v4, v5, a[0:15] neg:[3,0,0]",
      "v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3] neg:[1,1]",
      "v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3] neg:2",
      "v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3] neg:[1,0,0] neg:[1,0,0]",
      "v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3] neg_hi:[1,0,0]",
      "v_smfmac_f32_16x16x32_f16 v[8:11], v[12:13], v[14:17], v3 neg:[0,0,1]",
  });
  for (const char *cpu : {"gfx908", "gfx90a", "gfx942", "gfx950"}) expectSameOutput(input, cpu);
}

// llvm's operand parser fails at a `name:` modifier no form of the mnemonic takes before its
// matcher finds an earlier operand or modifier wrong ("not a valid operand." there, not "invalid
// operand for instruction" at the earlier one); a name with an encoding suffix knows the
// modifiers of every form of the plain name (its VOP3 form's, for an _e32 spelling).
TEST(Spellings, UnknownModifierBeforeMatchErrors) {
  expectSameOutput(joinLines({
                       "v_cvt_scalef32_pk_fp4_bf16 v3, v4, v5 clamp mul:4",
                       "v_cvt_scalef32_pk_f32_fp4 v[4:7], v4, v5 div:2",
                       "v_cvt_scalef32_pk32_f16_fp6 v[0:3], v[4:9], v10 clamp mul:2",
                       "v_permlane32_swap_b32_e32 v3, v4 fi:1",
                       "v_permlane32_swap_b32_e32 v3, v4 bound_ctrl:1 mul:2",
                       "v_permlane32_swap_b32_e64 v3, v4 row_mask:0x1",
                   }),
                   "gfx950");
  expectSameOutput(joinLines({
                       "v_cvt_sr_bf8_f32 v7, v8, v9 clamp div:2",
                       "v_cvt_pk_bf8_f32 v[7:8], v8, v9 mul:4",
                       "global_load_dword v[7:8], v[2:3], off sc1 mul:2",
                       "tbuffer_load_format_x v1, off, s[4:7], dfmt:3, nfmt:1, s2 lwe",
                   }),
                   "gfx942");
  expectSameOutput(joinLines({
                       "v_dot2c_f32_f16 v1, v2, v3 op_sel:[1,0]",
                       "s_add_u32 s1, s2, s3 clamp:1",
                       "v_add_u32 v1, v2, v3, v4 omod:1",
                   }),
                   "gfx90a");
}

// llvm's parser reads each of its named bits also as noNAME, which clears the bit: clamp (VOP3,
// VOP3P, SDWA, v_interp), high, SMEM's glc, exp's vm, gfx90a's gds (which it lacks); not exp's
// done or gfx11's row_en, which are no named bits. A noNAME after NAME is the same bit again.
TEST(Spellings, NegatedNamedBits) {
  const std::string gfx9 = joinLines({
      "v_cvt_f16_u16_e64 v5, s1 noclamp",
      "v_add_f32_e64 v0, v1, v2 noclamp mul:2",
      "v_add_co_u32_e64 v0, s[0:1], v1, v2 noclamp",
      "v_cmpx_eq_f32_e64 s[0:1], v1, v2 noclamp",
      "v_pk_fma_f16 v0, v1, v2, v3 noclamp",
      "v_mad_mixlo_f16 v0, v1, v2, v3 noclamp",
      "v_max_f32_sdwa v0, v1, v2 noclamp dst_sel:WORD_1",
      "v_interp_p1ll_f16 v5, v2, attr0.x nohigh noclamp",
      "v_interp_p2_f32_e64 v5, v2, attr1.y noclamp",
      "s_buffer_load_dwordx2 s[2:3], s[4:7], 0x10 noglc",
      "s_store_dword s1, s[2:3], s4 noglc",
      "s_load_dword s1, s[2:3], 0x0 glc noglc",
      "exp mrt1 v0, v1, v2, v3 done novm",
      "exp mrt0 v0, v0, v0, v0 nodone",
      "ds_max_u32 v1, v2 offset:8 nogds",
      "v_add_f32_e64 v0, v1, v2 noclamp clamp",
      "v_add_f32_e64 v0, v1, v2 clamp noclamp",
  });
  for (const char *cpu : {"gfx900", "gfx908", "gfx90a", "gfx942"}) expectSameOutput(gfx9, cpu);
  expectSameOutput(joinLines({
                       "v_interp_p10_f32 v0, v1, v2, v3 wait_exp:1 noclamp",
                       "s_load_b64 s[2:3], s[4:5], 0x8 noglc nodlc",
                       "v_fma_f32_e64_dpp v0, v1, v2, v3 quad_perm:[1,0,3,2] noclamp",
                       "exp mrt0 v0, v0, v0, v0 done norow_en",
                   }),
                   "gfx1100");
}

// A structured hwreg operand wants a field after every comma.
TEST(Spellings, StructuredFieldAfterEachComma) {
  const std::string lines = joinLines({
      "s_getreg_b32 s2, {id: 51,}",
      "s_getreg_b32 s2, {size: 32, id: 51 , }",
      "s_setreg_b32 {id: 1, offset: 2,}, s2",
      "s_getreg_b32 s2, {id: 51, offset: 1}",
  });
  expectSameOutput(lines, "gfx900");
  expectSameOutput(lines, "gfx1100");
}

// The errors llvm gives for what is wrong in the new spellings.
TEST(Spellings, RejectedAsLlvmRejectsThem) {
  expectSameOutput(joinLines({
      "s_mov_b64 s[0:1], [s2, v3]",
      "s_mov_b64 s[0:1], [s2, s4]",
      "s_mov_b64 s[0:1], [s[2:3]]",
      "s_mov_b64 s[0:1], [vcc_lo, exec_hi]",
      "s_mov_b64 s[0:1], [vcc_hi, vcc_lo]",
      "s_mov_b64 s[0:1], [vcc_lo, vcc_hi, s2]",
      "s_mov_b64 s[0:1], [[s2,s3]]",
      "s_mov_b64 s[0:1], [s1, s2]",
      "s_mov_b64 s[0:1], [s2 s3]",
      "s_mov_b64 s[0:1], [s105, s106]",
      "s_mov_b32 s0, s[undefined_symbol]",
      "v_add_f32_e64 v0, v1, v2 mul:foo",
      "v_add_f32_e64 v0, v1, v2 mul:(3)",
      "v_add_f32_e64 v0, v1, v2 mul:(1",
      "v_add_f16_e64 v0.h, v1.l, v2.l op_sel:[0,0,2]",
      "v_add_f16_e64 v0.h, v1.l, v2.l op_sel:[0,0,foo]",
      "s_load_b32 s1, s[2:3], s4 dlc offset:0x10",
      "flat_load_b32 v1, v[2:3] INST_OFFSET:8",
      "buffer_load_b32 v1, off, s[4:7], s1 inst_offset:8",
      "v_dual_add_f32 v1, v2, v3 :: V_DUAL_ADD_F32 v4, v5, v6",
      "v_dual_add_f32 v1, v2, v3 :: v_add_f32 v4, v5, v6",
      "v_cmp_tru_i16 vcc_lo, v1, v2",
  }));
}

// Minus signs and comments: `--x` is an expression where llvm reads no neg modifier (inside
// abs(..)/|..|, sources without modifiers, gfx9's operand after an omitted vcc) and an error where
// it reads one; a minus before a comment is no neg modifier (DPP and v_interp sources too);
// lit(..) between bars reads one primary expression; ds_swizzle's offset takes a comment before
// its colon where other modifiers do not.
TEST(Spellings, MinusSignsAndComments) {
  for (const char *cpu : {"gfx1100", "gfx900"})
    expectSameOutput(joinLines({
                         "v_cvt_f16_f32_e64 v180, neg(abs(--(-4))) clamp",
                         "v_cvt_f16_f32_e64 v180, |--4|",
                         "v_cvt_f16_f32_e64 v180, abs(--v1)",
                         "v_cvt_f16_f32_e64 v180, abs(-v1)",
                         "v_cvt_f16_f32_e64 v180, --(-4)",
                         "v_add_f32_e32 v0, --5, v1",
                         "v_cmpx_gt_f64_e32 --(-1976238877), v[236:237]",
                         "v_ldexp_f16_e64 v18, -s72, --(-7) clamp div:1",
                         "v_ldexp_f16_e64 v18, --7, s72",
                         "v_add_f32_dpp v0, - /* c */ v1, v2 row_ror:7",
                         "v_add_f32_e64 v0, - /* c */ v1, v2",
                         "v_add_f32_e64 v0, |lit(8)|, v1",
                         "v_add_f32_e64 v0, |lit(8+8)|, v1",
                         "ds_swizzle_b32 v53, v87 offset /* c */ :swizzle(QUAD_PERM,3,1,0,3)",
                         "ds_swizzle_b32 v53, v87 offset /* c */ :10",
                         "ds_add_u32 v1, v2 offset /* c */ :10",
                     }),
                     cpu);
  expectSameOutput("v_interp_p10_f32 v0, - /* c */ v1, v2, v3\n"
                   "v_cmp_class_f16 vcc_lo, - /* c */ v78, v78 row_ror:7 fi:0\n",
                   "gfx1100");
  expectSameOutput("v_interp_p2_f16 v231, v24, attr3.y, - /* c */ v56 op_sel:[1,1]\n", "gfx900");
}

TEST(NothingSilentlyWrong, IntegersWiderThan64Bits) {
  expectSameOutput(joinLines({
      "s_mov_b32 s0, 0xffffffffffffffffffff",
      "s_mov_b32 s0, 18446744073709551616",
      "s_mov_b32 s0, 18446744073709551615",
      "s_mov_b32 s0, -0xffffffffffffffffffff",
      "s_mov_b32 s0, (0xffffffffffffffffffff)",
      "v_add_f32_e64 v0, v1, v2 mul:0x10000000000000000",
      "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:99999999999999999999999",
      ".long 0x1ffffffffffffffff",
  }));
}

TEST(NothingSilentlyWrong, ShiftCounts) {
  // llvm shifts by the count's low 6 bits.
  expectSameOutput(
      joinLines({"s_mov_b32 s0, 1<<64", "s_mov_b32 s0, 1<<65", "s_mov_b32 s0, 1<<-1",
                 "s_mov_b32 s0, 16>>-63", "s_mov_b32 s0, 1<<-62", "s_mov_b32 s0, 1<<32"}));
}

TEST(NothingSilentlyWrong, RegisterIndices) {
  for (const char *cpu : {"gfx1100", "gfx90a"})
    expectSameOutput(joinLines({
                         "s_mov_b32 s0, s2147483648",
                         "s_mov_b32 s0, v2147483648",
                         "s_mov_b32 s0, ttmp2147483648",
                         "v_mov_b32 v0, v4294967295",
                         "v_mov_b32 v0, v4294967296",
                         "v_mov_b32 v0, v99999999999",
                         "v_mov_b32 v0, v00000000000001",
                         "s_mov_b32 s0, s[2147483648]",
                         "s_mov_b32 s0, s[2000]",
                         "s_mov_b32 s0, s[4294967296]",
                         "s_mov_b64 s[0:1], s[0:4294967296]",
                         "s_mov_b64 s[0:1], s[105:106]",
                         "s_mov_b64 s[0:1], s[2:1024]",
                         "s_mov_b64 s[0:1], s[4:1027]",
                         "v_mov_b32 v0, v[1:1024]",
                         "s_mov_b64 s[0:1], s[-1:0]",
                     }),
                     cpu);
}

TEST(NothingSilentlyWrong, CharactersThatAreNoBlanks) {
  // Vertical tab and form feed are invalid characters (llvm's messages at the start of a
  // statement differ from ours: the lines must be rejected alike); NUL is a blank; a carriage
  // return alone ends a statement.
  std::string input = "s_mov_b32 s0,\vs1\n"
                      "s_mov_b32 s0,\fs1\n"
                      "s_mov_b32\vs0, s1\n"
                      "s_nop 0\f\n"
                      "\vs_nop 0\n"
                      "foo:\f\n"
                      "s_mov_b32 s2, s3\rs_mov_b32 s4, s5\n"
                      "s_nop 1\r\n";
  input += std::string("s_mov_b32 s0,\0s1\n", 17);
  input += std::string("s_nop 0 ; \0 comment\n", 20);
  expectSameAcceptance(input, "gfx1100");
}

TEST(NothingSilentlyWrong, DeepNesting) {
  // Within the limit: as llvm-mc.
  const std::string open(500, '('), close(500, ')');
  expectSameOutput("s_mov_b32 s0, " + open + "1" + close + "\ns_mov_b32 s0, " +
                   std::string(500, '-') + "1\n");
  // Far past it (llvm-mc-22 runs out of stack): an error on the line, no crash, and the next
  // line assembles.
  for (const std::string &deep :
       {"s_mov_b32 s0, " + std::string(40000, '(') + "1" + std::string(40000, ')'),
        "s_mov_b32 s0, " + std::string(40000, '-') + "1",
        "s_mov_b64 s[0:1], " + std::string(40000, '[') + "s0",
        ".long " + std::string(40000, '~') + "1"}) {
    AssembleResult r = assembleLikeCli(deep + "\ns_nop 0\n");
    EXPECT_EQ(r.errorCount, 1u) << formatAll(r.diagnostics).substr(0, 300);
    EXPECT_NE(r.text.find("s_nop 0"), std::string::npos);
  }
}

// -mattr names in any case; llvm-mc's warning for names it does not know.
TEST(Spellings, FeatureNames) {
  for (const char *mattr : {"+WavefrontSize64", "+foo,+WAVEFRONTSIZE64,-BAR,+", "foo,-xnack"}) {
    const bool wave64 = std::string_view(mattr).find("64") != std::string_view::npos;
    const std::string input = std::string("v_cmp_eq_u32 ") + (wave64 ? "vcc" : "vcc_lo") +
                              ", v1, v2\ns_mov_b64 s[0:1], exec\n";
    ToolRun llvm = runLlvmMc(input, "gfx1100", mattr);
    ToolRun ours = runAssembler(GFXASM_CLI, input, "gfx1100", mattr);
    EXPECT_EQ(ours.out, llvm.out) << mattr;
    EXPECT_EQ(ours.err, llvm.err) << mattr;
    EXPECT_EQ(ours.status, llvm.status) << mattr;
  }
}

} // namespace

// `--x` is -(-x) in a source llvm's parser reads without modifiers: on gfx11 a compare's 64-bit
// first source after an omitted vcc (no DPP form reads it with modifiers), not a 32-bit one, a
// v_cmpx's or a VOP1's (found by the variant test: `v_cmp_nlg_f64_e32 --(-2071606406), v[..]`).
TEST(Spellings, DoubleMinusAfterAnOmittedVcc) {
  expectSameAcceptance(
      joinLines({"v_cmp_nlg_f64_e32 --(-2071606406), v[186:187]", "v_cmp_class_f64_e32 --(-20), v2",
                 "v_cmp_nlg_f64_e32 -v[0:1], v[2:3]", "v_cmp_nlg_f64_e32 |v[0:1]|, v[2:3]",
                 "v_cmp_nlg_f64_e32 -1.0, v[2:3]", "v_cmp_nlg_f64_e32 vcc_lo, --(-20), v[2:3]",
                 "v_cmpx_nlg_f64_e32 --(-20), v[2:3]", "v_cmp_nlg_f32_e32 --(-20), v1",
                 "v_rcp_f64_e32 v[0:1], --(-20)", "v_cmp_eq_u64_e32 --(-20), v[2:3]"}),
      "gfx1100");
}

// gfx11 VOPC DPP with its vcc left out: llvm-mc-22 takes it, except row_mirror and
// row_half_mirror where the compare's VOP3 form reads src1 with float modifiers (the float
// compares and v_cmp_class_f16, not v_cmp_class_f32 nor the integer compares), and DPP8 with
// source modifiers; in both wave sizes and true16 modes.
TEST(Spellings, VopcDppWithoutVcc) {
  std::string input;
  for (const char *name : {"v_cmp_class_f16", "v_cmp_class_f32", "v_cmp_eq_f16", "v_cmp_lt_f32",
                           "v_cmp_eq_u16", "v_cmp_ne_i32", "v_cmp_tru_u32", "v_cmpx_class_f16"})
    for (const char *dpp : {"row_mirror", "row_half_mirror row_mask:0x1 bound_ctrl:0",
                            "quad_perm:[1,0,3,2] fi:1", "row_share:2", "dpp8:[0,1,2,3,4,5,6,7]"})
      for (const char *suffix : {"", "_dpp"})
        input += fmt::format("{}{} v1, v2 {}\n", name, suffix, dpp);
  for (const char *cpu : {"gfx1100", "gfx1151"}) {
    expectSameOutput(input, cpu);
    expectSameOutput(input, cpu, {"+wavefrontsize64"});
    expectSameOutput(input, cpu, {"-real-true16"});
  }
}

// llvm's internal names of the 16-bit VALU instructions (NAME_t16, NAME_fake16; isa/gfx11's
// aliases from tools/gen_isa/gfx11_valu.py) are NAME to llvm-mc-22, with an encoding suffix too;
// v_mov_b16_t16 as v_mov_b16 (not without real-true16), no v_mov_b16_fake16 nor v_fma_f16_t16.
// Without real-true16 the 16-bit compares' VOPC e32 forms take .l/.h too (IF_AlsoFake16).
TEST(Spellings, InternalNamesOf16BitInstructions) {
  const std::string input = joinLines(
      {"v_add_f16_t16 v1.l, v2.l, v3.l", "v_add_f16_fake16 v1, v2, v3",
       "v_add_f16_fake16_e64 v1, v2, v3 clamp",
       "v_add_f16_t16_dpp v1.l, v2.l, v3.l quad_perm:[1,0,3,2]",
       "v_add_f16_t16_e64_dpp v1.l, v2.l, v3.l dpp8:[0,1,2,3,4,5,6,7]", "V_ADD_F16_T16 v1, v2, v3",
       "v_mov_b16_t16 v1.l, v2.h", "v_mov_b16_t16_e64 v1.l, 0x1234", "v_mov_b16_fake16 v1, v2",
       "v_cvt_f16_f32_t16 v1.l, v2", "v_cvt_f32_f16_fake16 v1, v2", "v_fma_f16_t16 v1, v2, v3, v4",
       "v_cndmask_b16_t16 v1.l, v2.l, v3.l, s4", "v_cmp_class_f16_t16 vcc_lo, v1.l, v2.l",
       "v_cmpx_eq_f16_fake16_e64 v1, v2", "v_sqrt_f16_t16 v1, 0.5", "v_add_f32_t16 v1, v2, v3"});
  for (const char *cpu : {"gfx1100", "gfx1150"}) {
    expectSameAcceptance(input + "v_add_f16_t16_e64 v1.l, -v2.l, v3.h op_sel:[0,0,1]\n", cpu);
    expectSameOutput(input, cpu, {"-real-true16"});
  }
  expectSameOutput("v_add_f16_t16 v1, v2, v3\nv_mov_b16_t16 v1, v2\n", "gfx900");
}

// Bracket expressions ([4] is 4) wherever llvm's own parser of an operand reads an absolute
// expression: modifier values and list entries, function arguments, s_waitcnt/s_sendmsg/hwreg
// numbers, s_endpgm's immediate, SDWA selections (which take any expression); not where its
// generic operand parser reads a register list (s_nop [4]).
TEST(Spellings, BracketExpressionsInModifiers) {
  const std::string common = joinLines(
      {"s_waitcnt [4]", "s_sendmsg sendmsg([2])", "s_getreg_b32 s0, hwreg([1], 0, 32)",
       "s_getreg_b32 s0, [1]", "s_setreg_b32 [1], s0", "s_endpgm [1]",
       "ds_swizzle_b32 v0, v1 offset:swizzle(BROADCAST,[2],[1])",
       "ds_swizzle_b32 v0, v1 offset:swizzle(QUAD_PERM,[0],1,2,3)",
       "v_pk_add_f16 v0, v1, v2 op_sel:[[1],0]", "v_fma_f16 v0, v1, v2, v3 op_sel:[[1],0,0,0]",
       "v_add_f32 v0, v1, v2 quad_perm:[[1],0,0,0]",
       "v_add_f32 v0, v1, v2 row_shl:[1] bank_mask:[[1]]", "v_add_f32_e64 v0, v1, v2 mul:[2]"});
  expectSameAcceptance(common + joinLines({"s_delay_alu instid0([1])", "s_waitcnt_depctr [1]",
                                           "v_dot2_f32_f16 v0, v1, v2, v3 neg_lo:[[1],0,0]",
                                           "v_add_f32 v0, v1, v2 dpp8:[7,6,5,4,3,2,1,[0]]",
                                           "v_interp_p10_f32 v0, v1, v2, v3 wait_exp:[1]",
                                           "lds_param_load v1, attr0.x wait_vdst:[1]"}),
                       "gfx1100");
  expectSameOutput(
      common + joinLines({"s_set_gpr_idx_on s0, [1]", "v_add_f32_sdwa v0, v1, v2 dst_sel:[1]",
                          "v_add_f32_sdwa v0, v1, v2 src0_sel:(1) dst_unused:1+1",
                          "v_add_f32_sdwa v0, v1, v2 dst_sel:[1]+1",
                          "v_add_f32_sdwa v0, v1, v2 dst_sel:-1",
                          "v_add_f32_sdwa v0, v1, v2 dst_sel:[BYTE_1]"}),
      "gfx900");
  expectSameAcceptance(
      "v_mfma_f32_32x32x1f32 v[0:31], v1, v2, v[0:31] cbsz:[1] abid:[1] blgp:[1]\n", "gfx90a");
}

// Without real-true16, llvm-mc-22 takes the true16 VOPC e32 forms of the 16-bit compares too
// (v1.l, v2.h: IF_AlsoFake16, found by asking it each true16 entry's spellings), not their VOP3
// or DPP forms, nor other VOP1/VOP2 16-bit instructions.
TEST(Spellings, TrueHalvesOfCompareE32WithoutRealTrue16) {
  const std::string input = joinLines(
      {"v_cmp_eq_f16 vcc_lo, v1.l, v2.h", "v_cmp_class_f16_e32 vcc_lo, v1.h, v2.l",
       "v_cmpx_lt_u16 v1.l, v2.l", "v_cmp_eq_f16 vcc_lo, s1, v2.l", "v_cmp_eq_f16 vcc_lo, v1, v2",
       "v_cmp_eq_f16_e64 s1, v1.l, v2.l", "v_cmp_eq_f16 vcc_lo, v1.l, v2.l row_mirror",
       "v_add_f16 v1.l, v2.l, v3.l", "v_sqrt_f16 v1.l, v2.l"});
  expectSameOutput(input, "gfx1100", {"-real-true16"});
  expectSameOutput(input, "gfx1151", {"-real-true16"});
}

// Names llvm-mc-22 takes on gfx9 and prints as written though its disassembler prints another
// name for their bytes (gfx6's v_mul_lo_i32, v_mul_lo_u32's encoding; the asm_only entries of
// tools/gen_isa/oracle.py asm_only_lines): the text, bytes and errors of every spelling, and the
// bytes disassembled as llvm-mc-22 disassembles them.
TEST(Spellings, AssemblerOnlyNames) {
  const std::string lines = joinLines({
      "v_mul_lo_i32 v0, v1, v2",
      "V_MUL_LO_I32_E64 v255, s101, -1",
      "v_mul_lo_i32 v5, vcc_hi, 0.5",
      "v_mul_lo_i32 v5, exec_lo, m0",
      "v_mul_lo_i32 v0, v1, v2 clamp",
      "v_mul_lo_i32_e32 v0, v1, v2",
      "v_mul_lo_i32_sdwa v0, v1, v2",
      "v_mul_lo_i32_dpp v0, v1, v2 quad_perm:[0,1,2,3]",
      "v_mul_lo_i32 v0, -v1, v2",
      "v_mul_lo_i32 v0, 0x12345, v2",
      "v_mul_lo_i32 v[0:1], v1, v2",
  });
  for (const char *cpu : {"gfx900", "gfx904", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx950",
                          "gfx9-generic", "gfx9-4-generic"}) {
    expectSameOutput(lines, cpu);
    const std::string bytes = "0x00,0x00,0x85,0xd2,0x01,0x05,0x02,0x00\n"
                              "0xff,0x00,0x85,0xd2,0x65,0x82,0x01,0x00\n";
    ToolRun llvm = runLlvmMc(bytes, cpu, "", "--disassemble");
    std::string error;
    auto target = Target::create(cpu, {}, &error);
    ASSERT_TRUE(target) << error;
    DisassembleOptions o;
    o.showEncoding = true;
    EXPECT_EQ(gfxasm::disassemble(*target, bytes, o).text, llvm.out) << cpu;
  }
}
