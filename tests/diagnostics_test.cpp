// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Diagnostics compared with llvm-mc-22's: the printed form (file:line:col: error: message, the
// source line, the caret), positions and messages by kind of mistake, the error count and exit
// status, and that assembly goes on after an error. Expected values come from running llvm-mc-22.
#include <gtest/gtest.h>

#include "oracle_util.h"

namespace {

using namespace gfxasm;
using namespace gfxasm::test;

std::string joinLines(std::initializer_list<const char *> lines) {
  std::string s;
  for (const char *l : lines) s += std::string(l) + "\n";
  return s;
}

std::vector<PrintedDiag> ours(const AssembleResult &r) {
  return parseDiagnostics(formatAll(r.diagnostics));
}

// Every line must give llvm-mc exactly one error; gfxasm must report it on the same line and
// column with the same message.
void expectSameErrors(std::initializer_list<const char *> lines,
                      const std::string &cpu = "gfx1100") {
  std::string input = joinLines(lines);
  ToolRun llvm = runLlvmMc(input, cpu);
  auto expected = parseDiagnostics(llvm.err);
  ASSERT_EQ(expected.size(), lines.size()) << "llvm-mc-22 did not run or not one error per line:\n"
                                           << llvm.err;
  AssembleResult r = assembleLikeCli(input, cpu);
  auto got = ours(r);
  EXPECT_EQ(r.errorCount, expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    const char *line = lines.begin()[i];
    ASSERT_LT(i, got.size()) << "no error for `" << line << "`";
    EXPECT_EQ(got[i].line, expected[i].line) << line;
    EXPECT_EQ(got[i].col, expected[i].col) << "`" << line << "`: llvm-mc says "
                                           << expected[i].message << ", gfxasm " << got[i].message;
    EXPECT_EQ(got[i].message, expected[i].message) << line;
  }
}

TEST(Diagnostics, UnknownMnemonics) {
  // llvm suggests the mnemonics of this CPU two insertions/deletions away.
  expectSameErrors({"s_foo s0, s1", "v_add_f33 v0, v1, v2", "  exp_foo mrt0", "s_mov_b33 s0, s1",
                    "xx", "s_add_f33 s0, s1, s2", "lds_param_loads v1, attr0.x"});
  // A known mnemonic with an encoding suffix the instruction does not have.
  expectSameErrors({"s_mov_b32_e64 s0, s1", "v_fma_f32_e32 v0, v1, v2, v3", "s_endpgm_sdwa",
                    "v_interp_p10_f32_e32 v0, v1, v2, v3", "exp_dpp mrt0 v0, v1, v2, v3"});
  // Old mnemonics: their target's variants only; llvm does not suggest them for a misspelling.
  expectSameErrors({"v_fma_legacy_f32_e32 v0, v1, v2, v3", "v_dot2c_f32_f16_e64 v0, v1, v2",
                    "v_add_u32_sdwa v0, v1, v2", "v_dot4_i32_i8_dpp v0, v1, v2, v3 row_shl:1",
                    "s_load_dwor s0, s[0:1], 0", "v_cvt_pkrtz_f16_f3 v0, v1, v2"});
  // Names of processors gfxasm has no tables for (gfx8, gfx10, gfx12): not supported here.
  for (const char *cpu : {"gfx1100", "gfx900", "gfx942"})
    expectSameErrors({"v_dual_max_num_f32 v0, v1, v2 :: v_dual_mov_b32 v3, v4", "s_sleep_var 0",
                      "v_swmmac_f16_16x16x64_f16 v[0:3], v[8:11], v[12:19], v20",
                      "S_WAIT_LOADCNT_DSCNT 0", "v_pk_add_bf16 v0, v1, v2", "s_wait_loadcnt 0",
                      "v_cvt_pk_bf16_f32_e64 v0, v1, v2"},
                     cpu);
  // Cut names, which a disassembler's line can look like, are no names of any target.
  expectSameErrors({"v_mul_l v0, v1, v2", "s_load_ s0, s[0:1], 0", "v_max_f32_ v0, v1, v2",
                    "v_mul_hi_u3 v0, v1, v2", "v_mul_ v0, v1, v2"});
}

// llvm strips a forced-encoding suffix the instruction's encoding allows.
TEST(Diagnostics, EncodingSuffixesAccepted) {
  std::string input = joinLines({"s_mov_b32_e32 s0, s1", "s_load_b32_e32 s0, s[0:1], 0",
                                 "exp_e32 mrt0 v0, v1, v2, v3",
                                 "v_interp_p10_f32_e64 v0, v1, v2, v3", "lds_direct_load_e32 v1",
                                 "v_pk_add_f16_e64 v0, v1, v2", "v_fma_f32_e64 v0, v1, v2, v3",
                                 // VOPC DPP prints without _dpp, but takes it
                                 "v_cmpx_eq_f32_dpp v0, v1 row_shl:1",
                                 // old mnemonics with their target's suffixes
                                 "v_add_u32_e64_dpp v0, v1, v2 row_shl:1",
                                 "v_cvt_pkrtz_f16_f32_dpp v0, v1, v2 dpp8:[0,1,2,3,4,5,6,7]",
                                 "v_cmp_tru_f32_dpp vcc_lo, v0, v1 quad_perm:[0,1,2,3]",
                                 "v_fma_legacy_f32_e64 v0, v1, v2, v3"});
  ToolRun llvm = runLlvmMc(input);
  ASSERT_EQ(llvm.err, "");
  AssembleResult r = assembleLikeCli(input);
  EXPECT_EQ(formatAll(r.diagnostics), "");
  EXPECT_EQ(r.text, llvm.out);
}

TEST(Diagnostics, WrongOperandKinds) {
  expectSameErrors({"s_mov_b32 s0, v1", "s_mov_b32 v0, s1", "s_mov_b64 s[0:1], s2",
                    "s_add_u32 s0, s1, v2", "v_interp_p10_f32 v0, s1, v2, v3",
                    "v_interp_p2_f32 v0, v1, 1.0, v3", "exp mrt0 s0, v1, v2, v3",
                    "exp mrt0 v0, v1, v2, 1", "lds_direct_load s1", "lds_param_load v1, v2",
                    "s_load_b32 s0, v[0:1], 0", "s_mov_b32 s0, s1 glc", "s_mov_b32 s0, s1, s2",
                    "\ts_mov_b32 s0, v1", "exp mrt0 v0, v1, v2, v3 row_en done",
                    "v_interp_p10_f32 v0, v1, v2, v3 clamp clamp", "s_mov_b32 s0"});
}

// Register names of other targets: gfx11 has no flat_scratch, xnack_mask, tba or tma (each its
// own error wherever a register goes).
TEST(Diagnostics, OtherTargetsRegisters) {
  expectSameErrors({"s_mov_b32 s0, flat_scratch_lo", "s_mov_b64 s[0:1], flat_scratch",
                    "s_mov_b32 flat_scratch_hi, s0", "s_mov_b64 xnack_mask, s[0:1]",
                    "s_mov_b32 s0, xnack_mask_hi", "s_mov_b32 s0, tba", "s_mov_b64 tma, s[0:1]",
                    "v_mov_b32 v0, tba_lo", "s_add_u32 s0, s1, tma_hi",
                    "v_add_f32 v0, flat_scratch_lo, v1", "s_mov_b32 s0, src_flat_scratch_base_lo"});
}

// gfx9's sendmsg rules (../shared/seeds: the msg operand page): a type given by name is checked
// against the table (its operations, whether a stream may follow), a number only against the
// fields' ranges; and its registers' own errors.
TEST(Diagnostics, Gfx9SendmsgRulesAndRegisters) {
  expectSameErrors({"s_sendmsg sendmsg(MSG_GS)",
                    "s_sendmsg sendmsg(MSG_GS, GS_OP_NOP)",
                    "s_sendmsg sendmsg(MSG_GS, 4)",
                    "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 4)",
                    "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP, 0)",
                    "s_sendmsg sendmsg(MSG_INTERRUPT, 0)",
                    "s_sendmsg sendmsg(MSG_SYSMSG)",
                    "s_sendmsg sendmsg(MSG_SYSMSG, 3)",
                    "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD, 0)",
                    "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)",
                    "s_sendmsg sendmsg(MSG_GS, SYSMSG_OP_REG_RD)",
                    "s_sendmsg sendmsg(16)",
                    "s_sendmsg sendmsg(2, 8)",
                    "s_sendmsg sendmsg(2, 1, 4)",
                    "s_sendmsg sendmsg(MSG_RTN_GET_DOORBELL)",
                    "s_sendmsg sendmsg(MSG_FOO)",
                    "s_sendmsg 0x10000",
                    "s_getreg_b32 s0, hwreg(HW_REG_XCC_ID)",
                    "s_getreg_b32 s0, hwreg(HW_REG_SHADER_CYCLES)",
                    "s_mov_b32 s0, null",
                    "s_mov_b32 s102, s0",
                    "s_mov_b64 s[100:103], s[0:1]",
                    "s_mov_b32 s0, tba",
                    "s_waitcnt vmcnt(64)",
                    "s_set_gpr_idx_on s0, gpr_idx(SRC0,SRC0)",
                    "s_set_gpr_idx_on s0, 16",
                    "s_cbranch_g_fork s[4:5], 0x1234"},
                   "gfx900");
}

// DPP lane controls: a value out of range at the value, gfx9's controls per processor (wave_*,
// row_bcast; row_newbcast on gfx90a+), 64-bit operands (DP ALU DPP: row_newbcast only, pairs as
// sources only on gfx90a+), and gfx11's controls gfx9 lacks and back.
TEST(Diagnostics, DppControls) {
  expectSameErrors({"v_mov_b32_dpp v1, v2 row_bcast:1", "v_mov_b32_dpp v1, v2 wave_shl:2",
                    "v_mov_b32_dpp v1, v2 wave_ror:1+1", "v_mov_b32_dpp v1, v2 row_shl:0",
                    "v_mov_b32_dpp v1, v2 quad_perm:[0,1,2,3] bound_ctrl:2",
                    "v_cvt_f32_f64_dpp v0, v[2:3] quad_perm:[0,1,2,3]",
                    "v_mov_b32_dpp v1, v2 row_newbcast:1", "v_mov_b32_dpp v1, v2",
                    "v_mov_b32_dpp v1, v2 quad_perm:[0,1,2,4]"},
                   "gfx900");
  expectSameErrors(
      {"v_cvt_f32_f64_dpp v0, v[2:3] quad_perm:[0,1,2,3]", "v_cvt_f32_f64_dpp v0, v2 row_shl:1",
       "v_mov_b32_dpp v1, v2 row_newbcast:16", "v_cvt_f64_i32_dpp v[1:2], v2 row_newbcast:1",
       "v_mov_b32_dpp v34, v[0:1] quad_perm:[0,1,2,3]", "v_mov_b64_dpp v[0:1], v3 row_newbcast:1"},
      "gfx942");
  expectSameErrors({"v_mov_b32_dpp v1, v2 row_shl:0", "v_mov_b32_dpp v1, v2 wave_shl:1",
                    "v_mov_b32_dpp v1, v2 row_share:16"});
  // The masks, bound_ctrl and fi come after the control, each once.
  for (const char *cpu : {"gfx900", "gfx1100"})
    expectSameErrors({"v_mov_b32_dpp v1, v2 bank_mask:0xf quad_perm:[0,1,2,3]",
                      "v_mov_b32_dpp v1, v2 bound_ctrl:0 quad_perm:[0,1,2,3]",
                      "v_add_f32_dpp v1, v2, v3 row_mask:0xf",
                      "v_mov_b32_dpp v1, v2 bank_mask:0xf row_mask:0xf quad_perm:[0,1,2,3]",
                      "v_add_f32_dpp v1, v2, v3 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:0 "
                      "row_mask:0x1",
                      "v_mov_b32_dpp v1, v2 quad_perm:[0,1,2,3] bank_mask:0xf row_mask:0xf"},
                     cpu);
  expectSameErrors({"v_mov_b32_dpp v1, v2 fi:1 quad_perm:[0,1,2,3]",
                    "v_add_f32_e64_dpp v1, v2, v3 row_mask:0xf clamp quad_perm:[0,1,2,3]",
                    "v_mov_b32_e64_dpp v1, v2 row_mask:0xf quad_perm:[0,1,2,3]",
                    "v_mov_b32_dpp v1, v2 fi:1 dpp8:[0,1,2,3,4,5,6,7]",
                    "v_mov_b32_dpp v1, v2 dpp8:[0,1,2,3,4,5,6,7] fi:1 fi:0",
                    "v_mov_b32_dpp v1, v2 dpp8:[0,1,2,3,4,5,6,7] dpp8:[0,1,2,3,4,5,6,7]",
                    "v_mov_b32_dpp v1, v2 row_shl:1 row_mask:0xf row_mask:0xf",
                    "v_mov_b32_dpp v1, v2 row_shl:1 bank_mask:0xf bank_mask:0xf",
                    "v_mov_b32_dpp v1, v2 row_shl:1 bound_ctrl:0 row_mask:0xf",
                    "v_mov_b32_dpp v1, v2 row_shl:1 fi:1 bound_ctrl:0",
                    "v_mov_b32_dpp v1, v2 row_shl:1 bound_ctrl:0 bank_mask:0xf",
                    "v_mov_b32_dpp v1, v2 quad_perm:[0,1,2,3] quad_perm:[0,1,2,3]",
                    "v_mov_b32_dpp v1, v2 row_shl:1 row_shr:1",
                    "v_mov_b32_dpp v1, v2 row_shl:1 fi:1 fi:1"});
  // (without a control, as in the permlane swaps, bound_ctrl too; bitop3 is read in place)
  expectSameErrors({"v_permlane16_swap_b32_e64 v1, v2 bound_ctrl:1 bound_ctrl:1",
                    "v_permlane16_swap_b32_e64 v1, v2 fi:1 fi:1",
                    "v_permlane32_swap_b32_e64 v1, v2 fi:1 bound_ctrl:1",
                    "v_bitop3_b32 v1, v2, v3, v4 bitop3:1 bitop3:2"},
                   "gfx950");
}

// gfx9 VALU: lds_direct, checked after matching (gfx90a and later have none; not in the *rev*
// instructions; src0 only); packed e32 sources whose e64 twin has modifiers fold neg/abs into
// bit 15 of a constant (v_pk_fmac_f16_e32, v_dot2c_*_e32).
TEST(Diagnostics, Gfx9LdsDirectAndPackedConstants) {
  expectSameErrors({"v_add_f32 v1, v2, src_lds_direct", "v_subrev_f32 v1, src_lds_direct, v2",
                    "v_lshlrev_b32 v1, src_lds_direct, v2", "v_fma_f32 v1, v2, v3, lds_direct",
                    "v_add_f64 v[0:1], src_lds_direct, v[2:3]", "s_mov_b32 s1, src_lds_direct",
                    // (llvm's column: the first lds_direct, or for src0-only the first elsewhere)
                    "v_subrev_f32 v1, src_lds_direct, src_lds_direct",
                    "v_fma_f32 v1, v0, src_lds_direct, src_lds_direct",
                    "v_mad_mix_f32 v212, -src_lds_direct, |src_lds_direct|, v11",
                    "v_pk_fma_f16 v1, v0, src_lds_direct, src_lds_direct",
                    "v_pk_add_f16 v1, src_lds_direct, src_lds_direct"},
                   "gfx900");
  expectSameErrors({"v_add_f32 v1, v2, lds_direct", "v_subrev_f32 v1, lds_direct, v2",
                    "v_readfirstlane_b32 s1, lds_direct", "v_mov_b32 v1, src_lds_direct"},
                   "gfx90a");
  expectSameOutput(
      joinLines({"v_mov_b32 v1, src_lds_direct", "v_add_f32_e64 v1, -lds_direct, v2",
                 "v_readfirstlane_b32 s1, src_lds_direct",
                 "v_cndmask_b32 v1, src_lds_direct, v2, vcc", "v_bfrev_b32 v1, src_lds_direct",
                 "v_add_f32 v1, src_lds_direct, s2"}),
      "gfx906");
  expectSameOutput(
      joinLines({"v_dot2c_f32_bf16_e32 v55, neg(35), v152",
                 "v_dot2c_f32_bf16_e32 v55, neg(0x12345), v152",
                 "v_dot2c_f32_bf16_e32 v55, |0x8023|, v152",
                 "v_dot2c_f32_bf16_e32 v55, neg(1.0), v152", "v_pk_fmac_f16 v1, neg(2), v2",
                 "v_dot2c_f32_f16_e32 v1, -|-1.0|, v2"}),
      "gfx950");
}

// gfx9 VOPC e32 with vcc left out: llvm reads the first operand written with its plain parser,
// which takes no modifiers and reads abs/neg without a parenthesis as symbols.
TEST(Diagnostics, Gfx9FirstOperandAfterOmittedVcc) {
  expectSameErrors({"v_cmpx_class_f32_e32 -v1, v66", "v_cmpx_class_f32_e32 abs(v1), v66",
                    "v_cmpx_class_f32_e32 |v1|, v66", "v_cmp_eq_f32_e32 neg(1.0), v2"},
                   "gfx900");
  expectSameOutput(joinLines({"v_cmp_eq_f32 abs, v2", "v_cmp_eq_f32_e32 -1.0, v2",
                              "v_cmp_eq_f32_e32 lit(1.0), v2", "v_cmpx_class_f32_e32 abs+1, v66",
                              "v_cmp_eq_f32_e32 neg, v2"}),
                   "gfx950");
}

// A cache-policy bit written twice, also as noNAME (other repeated modifiers are "invalid
// operand").
TEST(Diagnostics, DuplicateCachePolicy) {
  expectSameErrors({"global_load_dword v1, v[2:3], off glc glc",
                    "buffer_load_dword v1, off, s[4:7], s0 glc noglc",
                    "buffer_load_dword v1, off, s[4:7], s0 slc glc slc",
                    "image_load v[0:3], v[0:3], s[0:7] dmask:0xf glc glc",
                    "buffer_load_dword v1, v2, s[4:7], s0 offen offen",
                    "image_load v[0:3], v[0:3], s[0:7] dmask:0xf unorm unorm"},
                   "gfx900");
  expectSameErrors({"global_load_dword v1, v[2:3], off sc0 sc0",
                    "global_load_dword v1, v[2:3], off nt nt",
                    "global_load_dword v1, v[2:3], off glc glc"},
                   "gfx942");
  expectSameErrors(
      {"global_load_b32 v1, v[2:3], off glc glc", "global_load_b32 v1, v[2:3], off dlc glc dlc"});
}

// Cache-policy words of other processors, and MIMG's r128 on gfx9: "not supported on this GPU"
// where the instruction takes cache bits; gfx940's vector memory knows no such word.
TEST(Diagnostics, ModifiersOfOtherProcessors) {
  for (const char *cpu : {"gfx900", "gfx90a"})
    expectSameErrors({"s_load_dword s1, s[2:3], 0 dlc", "global_load_dword v1, v[2:3], off nodlc",
                      "image_load v[0:3], v[0:3], s[0:7] dmask:0xf dlc",
                      "buffer_store_dword v1, off, s[4:7], s0 dlc",
                      "image_load v[0:3], v[0:3], s[0:7] dmask:0xf r128",
                      "image_load v[0:3], v[0:3], s[0:7] dmask:0xf nor128", "ds_add_u32 v1, v2 dlc",
                      "ds_add_u32 v1, v2 scc"},
                     cpu);
  expectSameErrors({"s_load_dword s1, s[2:3], 0 scc", "global_load_dword v1, v[2:3], off noscc",
                    "buffer_store_dword v1, off, s[4:7], s0 scc"},
                   "gfx900");
  expectSameErrors({"s_load_dword s1, s[2:3], 0 dlc", "global_load_dword v1, v[2:3], off dlc",
                    "global_load_dword v1, v[2:3], off scc",
                    "buffer_store_dword v1, off, s[4:7], s0 glc"},
                   "gfx942");
  expectSameErrors({"global_load_b32 v1, v[2:3], off scc", "s_load_b32 s1, s[2:3], 0 noscc",
                    "ds_add_u32 v1, v2 scc"});
}

// gfx9 SDWA constants: v_ldexp_f16's exponent takes integers and float constants, not a float's
// bits written as an integer nor 1/(2*pi), and sext(..) only of a register; the 16-bit integer
// sources take no 1/(2*pi).
TEST(Diagnostics, Gfx9SdwaConstants) {
  for (const char *cpu : {"gfx900", "gfx942"})
    expectSameOutput(
        joinLines({"v_ldexp_f16_sdwa v157, s58, 0x3c00 dst_unused:UNUSED_PAD src0_sel:BYTE_1",
                   "v_ldexp_f16_sdwa v157, v58, 1", "v_ldexp_f16_sdwa v157, v58, 1.0",
                   "v_ldexp_f16_sdwa v157, v58, 0x3f800000", "v_ldexp_f16_sdwa v157, v58, 0xffff",
                   "v_ldexp_f16_sdwa v157, v58, 0xfff0", "v_ldexp_f16_sdwa v157, v58, 0x3800",
                   "v_ldexp_f16_sdwa v157, v58, 0x3118", "v_ldexp_f16_sdwa v157, v58, -4.0",
                   "v_ldexp_f16_sdwa v157, v58, 0.15915494", "v_ldexp_f16_sdwa v1, v2, sext(s1)",
                   "v_ldexp_f16_sdwa v1, v2, sext(1)", "v_ldexp_f16_sdwa v1, v2, sext(1.0)",
                   "v_add_u16_sdwa v1, v2, 0.15915494", "v_add_u16_sdwa v1, v2, sext(-16)",
                   "v_add_u16_sdwa v1, v2, 0x3800"}),
        cpu);
}

// gfx9 exports and interpolation: targets by processor, compr, parameters, attributes, and the
// modifiers each VOP3 form has, in llvm's order; on gfx90a and later, no such instructions.
TEST(Diagnostics, Gfx9ExportAndInterpolation) {
  expectSameErrors(
      {"exp prim v1, v2, v3, v4", "exp pos4 v1, v2, v3, v4", "exp param32 v1, v2, v3, v4",
       "exp dual_src_blend0 v1, v2, v3, v4", "exp mrt0 v1, v2, v3, v4 vm done",
       "exp mrt0 v1, v2, v3, v4 row_en", "v_interp_mov_f32 v1, invalid_param_3, attr0.x",
       "v_interp_mov_f32_e64 v1, -p10, attr0.x", "v_interp_p1_f32 v1, v2, attr64.x",
       "v_interp_p1_f32 v1, s2, attr0.x", "v_interp_p2_f16 v1, v2, attr0.x, v3 high high",
       "v_interp_p1ll_f16 v1, v2, attr0.x op_sel:[1,0,0,0]",
       "v_interp_p1_f32_e64 v1, v2, attr0.x high",
       "v_interp_p1_f32_e64 v1, v2, attr0.x mul:2 clamp",
       "v_interp_p2_f16 v1, v2, attr0.x, v3 mul:2"},
      "gfx900");
  expectSameOutput(
      joinLines({"exp mrt0 v1, v2, v3, v4 compr", "exp mrt0 off, v2, v3, off done compr vm",
                 "exp param31 v1, off, off, v4 compr", "exp null off, off, off, off",
                 "v_interp_mov_f32_e64 v1, p0, attr32.w clamp mul:4",
                 "v_interp_p2_f16 v1, -|v2|, attr3.y, |v3| high clamp op_sel:[0,1,1,1]",
                 "v_interp_p1lv_f16 v1, v2, attr5.z, -v3 high"}),
      "gfx900");
}

// A `name:value` modifier that no form of the mnemonic has is no operand llvm can parse ("not a
// valid operand."); one that some form has fails to match ("invalid operand").
TEST(Diagnostics, ModifiersOfNoForm) {
  expectSameErrors({"v_interp_p10_f32 v1, v2, v3, v4 mul:2", "exp mrt0 v1, v2, v3, v4 offset:2",
                    "ds_add_u32 v1, v2 mul:2", "s_nop 0 mul:2",
                    "v_interp_p10_f32 v1, v2, v3, v4 high",
                    "v_add_f16_e64 v0, v1, v2 op_sel:[0,0,0]"});
}

// AGPRs (a5, acc5, a[4:7], [a4, a5]) are registers to llvm-mc on every processor: where no
// operand takes them, the operand's error, and the register syntax's own errors (ranges, lists).
TEST(Diagnostics, AgprsWhereNoOperandTakesThem) {
  for (const char *cpu : {"gfx900", "gfx90a", "gfx1100"})
    expectSameErrors({"s_mov_b32 s0, a0", "v_mov_b32 v0, acc1", "v_add_f32 v0, a1, v2",
                      "v_mov_b32 a0, v1", "v_mov_b32 v0, a1.l", "v_mov_b32 v0, a256",
                      "s_mov_b64 s[0:1], a[2:3]", "v_mov_b32 v0, [a1", "v_mov_b32 v0, [a1,a3]",
                      "v_mov_b32 v0, [a1,v2]", "v_mov_b32 v0, a[255:256]", "v_mov_b32 v0, acc[2:1]",
                      "v_mov_b32 v0, a[-1]", "s_mov_b64 s[0:1], [s0,s2]",
                      "s_mov_b64 s[0:1], [s0,v1]"},
                     cpu);
}

// With +real-true16 llvm-mc-22 takes 16-bit operands as halves (v1.l) or, in the fake16 forms, as
// whole VGPRs (v1), not both in one instruction; instructions without a fake16 form (v_mov_b16)
// take halves only.
TEST(Diagnostics, True16HalvesMixedWithWholeVgprs) {
  expectSameErrors(
      {"v_add_f16_e64 v0, v1.h, v2", "v_add_f16_e64 v0.h, v1, v2", "v_add_f16 v0, v1.l, v2",
       "v_add_f16_e32 v0.l, v1, v2", "v_cmp_eq_f16 vcc_lo, v1.l, v2",
       "v_cmp_eq_f16_e64 s0, v1, v2.l", "v_cmpx_eq_f16 v1, v2.h", "v_fma_f16 v0, v1.h, v2.l, v3.l",
       "v_pack_b32_f16 v0, v1.l, v2", "v_dot2_f16_f16 v0, v1, v2, v3.l",
       "v_add_f16_dpp v0.l, v1, v2 quad_perm:[0,1,2,3]",
       "v_add_f16_e64_dpp v0, v1.h, v2 dpp8:[0,1,2,3,4,5,6,7]",
       "v_add_f16_e64 v0, v1, v2 op_sel:[0,0,0]", "v_cvt_f32_f16_e64 v0, v1 op_sel:[1,0]",
       "v_mov_b16 v0, 1.0", "v_mov_b16_e64 v0, s1", "v_swap_b16 v0, v1"});
}

TEST(Diagnostics, OutOfRangeValues) {
  expectSameErrors({"s_mov_b32 s0, s106", "s_mov_b32 s0, ttmp16", "s_movk_i32 s0, 0x10000",
                    "v_interp_p10_f32 v0, v1, v2, v3 wait_exp:8", "lds_direct_load v1 wait_vdst:16",
                    "lds_param_load v1, attr33.x", "exp pos5 v0, v1, v2, v3", "s_waitcnt vmcnt(64)",
                    "s_mov_b32 s0, s[2:1]", "v_mov_b32 v0, v[256]", "s_mov_b64 s[0:1], s[1:2]",
                    "v_interp_p10_f16_f32 v0, v1, v2, v3 op_sel:[2,0,0,0]",
                    "exp null v0, v1, v2, v3"});
}

TEST(Diagnostics, Syntax) {
  expectSameErrors({"s_mov_b32 s0, (1", "s_mov_b32 s0, s[0:1", "lds_param_load v1, attr0",
                    "v_interp_p2_f16_f32 v0, v1, v2, v3 op_sel:[1,1,1,1,1]"});
}

// A line with bytes outside ASCII (UTF-8 or other bytes in a comment): llvm echoes it without
// the caret line (its columns would not be the line's); tabs still expanded.
TEST(Diagnostics, NonAsciiLineWithoutCaret) {
  const std::string input = "s_nop foo // caf\xc3\xa9\n"
                            "\tv_mov_b32 v0, bar // \xe2\x9c\x93 done\n"
                            "v_bad v0 // \xff\xfe\n"
                            "s_mov_b32 s0, s1 // \xc3\xbc ok\n"
                            "v_add_f32 v0, v1 // stra\xc3\x9f\xc3\x9f\n"
                            "s_mov_b32 s0, 1 ; v_mov_b32 v0, s[0:1] // \xc2\xb5\n"
                            "s_nop foo // plain ASCII\n";
  expectSameOutput(input, "gfx1100");
  expectSameOutput(input, "gfx900");
}

// An instruction the CPU lacks: llvm-mc's position and message; gfxasm names the CPU in a note
// after it (Diagnostic::extra, which the comparison with llvm-mc leaves out).
TEST(Diagnostics, InstructionNotOnCpu) {
  std::string input =
      joinLines({"s_add_f32 s0, s1, s2", "  s_fmac_f32 s0, s1, s2", "s_cvt_f32_i32 s0, s1"});
  auto expected = parseDiagnostics(runLlvmMc(input, "gfx1100").err);
  ASSERT_EQ(expected.size(), 3u);
  AssembleResult result = assembleLikeCli(input, "gfx1100");
  auto got = ours(result);
  ASSERT_EQ(got.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(got[i].line, expected[i].line);
    EXPECT_EQ(got[i].col, expected[i].col);
    EXPECT_EQ(got[i].message, expected[i].message);
  }
  size_t notes = 0;
  for (const Diagnostic &d : result.diagnostics)
    if (d.extra && d.message.find("gfx1100") != std::string::npos) ++notes;
  EXPECT_EQ(notes, 3u);
  // Mnemonics of gfx9 only (llvm knows every target's).
  std::string gfx9Only =
      joinLines({"v_interp_p1_f32 v1, v2, attr0.x", "v_interp_p1ll_f16 v1, v2, attr0.x"});
  auto expected9 = parseDiagnostics(runLlvmMc(gfx9Only, "gfx1100").err);
  auto got9 = ours(assembleLikeCli(gfx9Only, "gfx1100"));
  ASSERT_EQ(expected9.size(), 2u);
  ASSERT_EQ(got9.size(), 2u);
  for (size_t i = 0; i < 2; ++i) EXPECT_EQ(got9[i].message, expected9[i].message);
  // gfx1150 has them: no errors, the same text as llvm-mc.
  ToolRun llvm = runLlvmMc(input, "gfx1150");
  AssembleResult r = assembleLikeCli(input, "gfx1150");
  EXPECT_EQ(llvm.err, "");
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.text, llvm.out);
}

// The whole printed diagnostic, tabs in the source line included, as llvm-mc prints it; and the
// gfxasm command line prints the same and exits like llvm-mc.
TEST(Diagnostics, PrintedFormMatchesLlvmMc) {
  std::string input =
      joinLines({"s_foo s0, s1", "\ts_mov_b32 s0, v1", "s_mov_b32\ts0,\tv1 // c",
                 "  \t exp mrt8 v0, v1, v2, v3", "lds_param_load v1, attr33.x\t", "s_mov_b32 s0"});
  ToolRun llvm = runLlvmMc(input);
  ASSERT_NE(llvm.err, "");
  EXPECT_EQ(formatAll(assembleLikeCli(input).diagnostics), llvm.err);
  ToolRun cli = runAssembler(GFXASM_CLI, input);
  EXPECT_EQ(cli.err, llvm.err);
  EXPECT_EQ(cli.out, llvm.out);
  EXPECT_EQ(cli.status, llvm.status);
}

// Errors do not stop assembly: the lines after them assemble as llvm-mc assembles them, every
// error is counted, and the exit status says there were errors.
TEST(Diagnostics, AssemblyGoesOnAfterErrors) {
  std::string input = joinLines({"s_mov_b32 s0, s1", "s_foo", "s_nop 1", "s_mov_b32 s0, v1",
                                 "label:", "v_interp_p10_f32 v0, v1, v2, v3 wait_exp:9",
                                 "exp mrt0 v0, off, v2, off done",
                                 "lds_param_load v1, attr3.w wait_vdst:2", "s_endpgm"});
  ToolRun llvm = runLlvmMc(input);
  AssembleResult r = assembleLikeCli(input);
  EXPECT_EQ(r.text, llvm.out);
  EXPECT_EQ(r.errorCount, parseDiagnostics(llvm.err).size());
  EXPECT_EQ(r.errorCount, 3u);
  ToolRun cli = runAssembler(GFXASM_CLI, input);
  EXPECT_EQ(cli.status, llvm.status);
  EXPECT_NE(cli.status, 0);
  // Without errors both exit with 0.
  std::string clean = joinLines({"s_mov_b32 s0, s1", "s_endpgm"});
  EXPECT_EQ(runAssembler(GFXASM_CLI, clean).status, 0);
  EXPECT_EQ(runLlvmMc(clean).status, 0);
}

} // namespace

// llvm's parser reads every operand before its matcher looks at one: an operand it cannot read
// is the error even after an operand no entry takes (registers, open bars, modifier values, a
// cache-policy bit twice; an image's address list of separate registers is no list).
TEST(Diagnostics, OperandParserBeforeMatcher) {
  expectSameErrors({"buffer_atomic_add_f32 off, v[255:256], v256, 0x140a offen",
                    "buffer_atomic_add_u32 null, v5, s[90:93], s0 offen",
                    "buffer_atomic_dec_u64 [v180, v181], 1, s[56:59], [v1, v3] idxen",
                    "v_add3_u32_e64_dpp v113, v[0:1], v230, 0.5 dpp8:[5,8,4,3,3,6,7,7]",
                    "v_add_co_ci_u32_e64_dpp v78, v1.h, v201, v182, s17 quad_perm:[4,1,4,0]",
                    "v_ceil_f16_e64_dpp v71.h, v97.l op_sel:[1,0] mul:3 dpp8:[7,1,3,4,0,4,2,4]",
                    "buffer_atomic_and_b32 v100, v[2:3], s0, vcc offen slc glc slc dlc",
                    "v_cmp_eq_f16_e64 foo, 1.0e40, -|v1",
                    "v_cmp_lg_f16_e64 null, |func-foo|, neg(s105) clamp",
                    "buffer_load_u16 null, exec, s[32:35], vccz offset:4096",
                    "image_sample v[0:3], [v4, v6, v256], s[0:7], s[8:11] dmask:0xf "
                    "dim:SQ_RSRC_IMG_3D",
                    "v_cmp_o_f32_e64 s57, v[0:3], -|foo|"});
  // gfx90a: the alignment of a returning atomic's AGPRs and of an MTBUF address is checked after
  // matching, at the mnemonic; VOP3 literals before the constant bus and their count; an odd
  // register list is no other processor's match; gfx11's true16 entries take v1.h.
  expectSameErrors({"flat_atomic_add_f64 a[136:137], v[246:247], [a213, a214] glc",
                    "ds_cmpst_rtn_b64 a[1:2], v1, a[2:3], a[4:5]",
                    "flat_atomic_and_x2 a[95:96], v[109:110], a[177:178] glc",
                    "tbuffer_load_format_x v1, v[1:2], s[0:3], 0 format:[BUF_DATA_FORMAT_16] "
                    "idxen offen",
                    "v_add3_u32 v161, lit(1.5), lit(0x12345678), 0xffffffff",
                    "v_and_or_b32 v165, ttmp13, s51, 0xf6de",
                    "buffer_atomic_add_x2 [v109, v110], v13, s[44:47], s40 idxen",
                    "v_cmp_eq_f16_e32 vcc, v104.h, v251",
                    "buffer_atomic_add a2, v[55:56], s[100:103], s97 idxen offen"},
                   "gfx90a");
}

// Issue 17's examples, as llvm-mc-22 prints them: no processor name after "instruction not
// supported on this GPU", the wave size a dual-issue pair needs, "operands are not valid for this
// GPU or mode" at the mnemonic where another mode's form takes the operands, range errors of
// offsets under the modifier's name, checks after matching at llvm's operand or mnemonic.
TEST(Diagnostics, LlvmMessagesOfModesOffsetsAndChecks) {
  expectSameErrors({"v_add_co_u32 v0, vcc, v1, v2", "v_cndmask_b32 v0, v1, v2, vcc",
                    "global_load_b32 v0, v[2:3], off offset:5000",
                    "ds_read_b32 v0, v1 offset:70000", "ds_write2_b32 v1, v2, v3 offset0:300",
                    "ds_write2_b32 v1, v2, v3 offset1:-1", "v_add3_u32 v113, 0xeb54, exec_hi, s78",
                    "v_add3_u32 v85, v8, 0x12dd8b37, lit(-3.25)",
                    "s_bfe_i64 ttmp[14:15], 310459040, -656909548"});
  expectSameErrors({"v_dual_mov_b32 v0, v1 :: v_dual_mov_b32 v2, v3",
                    "v_pk_fma_f32 v[0:1], "
                    "v[2:3], v[4:5], v[6:7]",
                    "v_add_f32_e64 v0, 1.5, v1", "v_add_f32_e64 v0, v1, lit(0x1234)",
                    "s_mov_b32 s0, 0x1p"},
                   "gfx900");
  expectSameErrors({"v_add_f64 v[10:11], neg(|v[210:211]|), v[185:186]",
                    "v_add_f64 v[139:140], v[2:3], v[4:5]",
                    "v_cmp_eq_f64_e32 vcc, v[2:3], v[75:76]"},
                   "gfx90a");
  // Another processor's instruction, and a wave64 WMMA's tuples in wave32.
  expectSameErrors({"v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31]",
                    "v_wmma_f32_16x16x16_f16 v[0:3], v[8:15], v[16:23], v[0:3]"});
  // wave64: llvm checks wave32 forms only for that message
  const std::string wave64 = joinLines(
      {"v_dual_mov_b32 v0, v1 :: v_dual_mov_b32 v2, v3", "v_add_co_u32 v0, vcc_lo, v1, v2"});
  ToolRun llvm = runLlvmMc(wave64, "gfx1100", "+wavefrontsize64");
  ASSERT_EQ(parseDiagnostics(llvm.err).size(), 2u) << llvm.err;
  EXPECT_EQ(formatAll(assembleLikeCli(wave64, "gfx1100", {"+wavefrontsize64"}).diagnostics),
            llvm.err);
}
