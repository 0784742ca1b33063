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

// An instruction the CPU lacks: llvm-mc's position and message; gfxasm adds the CPU's name.
TEST(Diagnostics, InstructionNotOnCpu) {
  std::string input =
      joinLines({"s_add_f32 s0, s1, s2", "  s_fmac_f32 s0, s1, s2", "s_cvt_f32_i32 s0, s1"});
  auto expected = parseDiagnostics(runLlvmMc(input, "gfx1100").err);
  ASSERT_EQ(expected.size(), 3u);
  auto got = ours(assembleLikeCli(input, "gfx1100"));
  ASSERT_EQ(got.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(got[i].line, expected[i].line);
    EXPECT_EQ(got[i].col, expected[i].col);
    EXPECT_EQ(got[i].message.substr(0, expected[i].message.size()), expected[i].message);
    EXPECT_NE(got[i].message.find("gfx1100"), std::string::npos) << got[i].message;
  }
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
