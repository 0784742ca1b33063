// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Inputs where llvm-mc-22 itself is wrong: it accepts them but writes an encoding its own
// disassembler rejects or reads back differently. gfxasm gives a clean error instead; each case
// shows the oracle's fault (so the day llvm fixes it, this test says so) and gfxasm's error.
#include <gtest/gtest.h>

#include "oracle_util.h"

namespace {

using gfxasm::test::expectSameOutput;
using gfxasm::test::runAssembler;
using gfxasm::test::runLlvmMc;

struct BugCase {
  const char *cpu;
  const char *line;
  const char *why;
};

// DPP forms take no literal, but llvm-mc-22 accepts 16-bit-looking constants (0xffff, 0xfff0) in
// VOP3 and VOP3P DPP sources on gfx115x, and any 16-bit constant in the f16 sources of
// v_fma_mix*_e64_dpp on every gfx11, and encodes the source as 255 (literal) with no literal
// dword; its disassembler then rejects those bytes, or crashes on them.
const BugCase kCases[] = {
    {"gfx1150", "v_lshlrev_b16_e64_dpp v47.l, v47.l, 0xffff row_xmask:14", "DPP literal"},
    {"gfx1150",
     "v_alignbyte_b32_e64_dpp v108, v59, v134, 0xffff op_sel:[0,1,0] dpp8:[2,6,2,3,6,7,7,6]",
     "DPP literal"},
    {"gfx1150", "v_cmpx_eq_u16_e64_dpp v101.l, 0xffff dpp8:[0,1,6,2,0,7,6,7] fi:1", "DPP literal"},
    {"gfx1150", "v_mad_u16_e64_dpp v245.l, v135.l, 0xffff, v176.l row_ror:15 bound_ctrl:0",
     "DPP literal"},
    {"gfx1150", "v_dot2_f32_f16_e64_dpp v1, v2, 0xffff, v3 row_ror:12", "DPP literal"},
    {"gfx1100", "v_fma_mix_f32_e64_dpp v117, v251, v41, -21 row_ror:12", "DPP literal"},
    {"gfx1100", "v_fma_mixlo_f16_e64_dpp v1, v2, v3, 0.1 dpp8:[0,1,2,3,4,5,6,7]", "DPP literal"},
    // (v_cndmask_b16_e64_dpp's f16 src1 takes hex as a 16-bit integer: 0x3800 is no inline 0.5)
    {"gfx1150", "v_cndmask_b16_e64_dpp v178.l, v150.l, 0xc400, ttmp3 row_xmask:13", "DPP literal"},
    {"gfx1150", "v_cndmask_b16_e64_dpp v255.l, v215.l, neg(0x3800), m0 dpp8:[2,5,7,7,1,0,3,3]",
     "DPP literal"},
    // gfx9 SDWA takes no literal either, but llvm-mc-22 takes 0xffff/0xfff0 in a 16-bit integer
    // source (as if inline) and encodes 255 with no literal dword, which its disassembler crashes
    // on.
    {"gfx900", "v_min_i16_sdwa v48, v1, 0xffff", "SDWA literal"},
    {"gfx900", "v_cmpx_lt_i16_sdwa vcc, 0xfff0, v2", "SDWA literal"},
    {"gfx950", "v_subrev_u16_sdwa v77, 0xfff0, v126", "SDWA literal"},
    {"gfx90a", "v_cvt_f16_u16_sdwa v1, 0xfffe", "SDWA literal"},
};

// The bytes of llvm-mc's `; encoding: [...]` comment on its first instruction line.
std::string encodingBytes(const std::string &out) {
  size_t at = out.find("; encoding: [");
  if (at == std::string::npos) return "";
  at += 13;
  size_t end = out.find(']', at);
  return end == std::string::npos ? "" : out.substr(at, end - at);
}

// The first instruction's text of a listing, without the encoding comment.
std::string firstText(const std::string &out) {
  size_t at = out.find('\t');
  if (at == std::string::npos) return std::string();
  std::string line = out.substr(at, out.find('\n', at) - at);
  line = line.substr(0, line.find(" ;"));
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

TEST(LlvmMcBugs, OracleAcceptsButCannotReadItsOwnEncoding) {
  for (const BugCase &b : kCases) {
    auto asmRun = runLlvmMc(std::string(b.line) + "\n", b.cpu);
    std::string bytes = encodingBytes(asmRun.out);
    ASSERT_FALSE(bytes.empty()) << b.why << ": llvm-mc-22 no longer accepts `" << b.line
                                << "` (fixed upstream?): " << asmRun.err;
    // Feed the bytes back to llvm-mc-22's disassembler: it rejects them or crashes.
    std::string cmd =
        fmt::format("echo '{}' | {} --disassemble -triple=amdgcn-amd-amdhsa -mcpu={} 2>&1", bytes,
                    gfxasm::test::llvmMcPath(), b.cpu);
    std::string back;
    if (FILE *p = popen(cmd.c_str(), "r")) {
      char buf[512];
      for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) back.append(buf, n);
      pclose(p);
    }
    EXPECT_TRUE(back.find("invalid instruction encoding") != std::string::npos ||
                back.find("Stack dump") != std::string::npos)
        << b.why << ": llvm-mc-22 now decodes its encoding of `" << b.line << "`:\n"
        << back;
  }
}

TEST(LlvmMcBugs, GfxasmRejectsThemCleanly) {
  for (const BugCase &b : kCases) {
    auto target = gfxasm::Target::create(b.cpu, {}, nullptr);
    ASSERT_TRUE(target);
    gfxasm::AssembleOptions o;
    o.fileName = "input.s";
    auto r = gfxasm::assemble(*target, std::string(b.line) + "\n", o);
    ASSERT_EQ(r.errorCount, 1u) << b.line;
    EXPECT_EQ(r.diagnostics[0].line, 1u);
    EXPECT_TRUE(r.code.empty());
  }
}

// llvm-mc-22's disassembler reads a v_fmaak/v_fmamk K of 128-255 as a source encoding (0x80 as
// the inline 0, 0xf0 as 0.5's f32 bits; some values not at all): its text assembles to other
// bytes. gfxasm prints the K the bytes hold, which assembles back to them.
TEST(LlvmMcBugs, FmaakKBelow256ReadAsAnInlineConstant) {
  auto target = gfxasm::Target::create("gfx1100", {}, nullptr);
  ASSERT_TRUE(target);
  for (const char *bytes : {"0x3b,0x2d,0x70,0x5a,0x80,0x00,0x00,0x00",    // v_fmaak_f32
                            "0x3b,0x2d,0x70,0x58,0xb0,0x00,0x00,0x00",    // v_fmamk_f32
                            "0x3b,0x2d,0x70,0x70,0xf0,0x00,0x00,0x00"}) { // v_fmaak_f16
    auto llvm = runLlvmMc(std::string(bytes) + "\n", "gfx1100", "", "--disassemble");
    std::string text = llvm.out.substr(llvm.out.find('\t'));
    text = text.substr(0, text.find(" ;"));
    auto back = runLlvmMc(text + "\n");
    EXPECT_EQ(back.out.find(std::string("[") + bytes + "]"), std::string::npos)
        << "llvm-mc-22 now reads K " << bytes << " back as it wrote it (fixed upstream?)";
    gfxasm::DisassembleResult ours = gfxasm::disassemble(*target, std::string(bytes) + "\n");
    ASSERT_TRUE(ours.ok());
    auto again = gfxasm::assemble(*target, ours.text);
    ASSERT_TRUE(again.ok()) << ours.text;
    std::string encoded;
    for (uint8_t b : again.code) encoded += fmt::format("{}{:#04x}", encoded.empty() ? "" : ",", b);
    EXPECT_EQ(encoded, bytes) << ours.text;
  }
}

// A constant in a register-only MFMA or v_accvgpr source: llvm-mc-22 prints it as
// `44/*Invalid immediate*/` but shows as its encoding the register its own enum numbers 44
// (ttmp2 here), not the bytes it read. gfxasm prints the same text; the disassembly difftest
// compares such samples by text.
TEST(LlvmMcBugs, InvalidImmediateReencoded) {
  auto llvm = runLlvmMc("0xac,0xa4,0x0a,0x7f\n", "gfx90a", "", "--disassemble");
  const std::string &out = llvm.out;
  EXPECT_NE(out.find("v_accvgpr_mov_b32 a133, 44/*Invalid immediate*/ ; encoding: "
                     "[0x6e,0xa4,0x0a,0x7f]"),
            std::string::npos)
      << "llvm-mc-22 no longer shows the register for the immediate (fixed upstream?): " << out;
}

// gfxasm's disassembly of `bytes` on `cpu`, with the encodings shown.
std::string disassembledShown(const std::string &bytes, const char *cpu) {
  auto target = gfxasm::Target::create(cpu, {}, nullptr);
  if (!target) {
    ADD_FAILURE() << "no target " << cpu;
    return {};
  }
  gfxasm::DisassembleOptions o;
  o.showEncoding = true;
  return gfxasm::disassemble(*target, bytes, o).text;
}

// An SDWA source with S set and 0xfe (src_lds_direct, which llvm-mc-22 refuses in SDWA when
// assembling): llvm-mc-22 prints src_lds_direct but shows the encoding without S, which decodes
// as v254. gfxasm prints the same text and shows the bytes it read; the disassembly difftest
// compares such samples by text.
TEST(LlvmMcBugs, SdwaLdsDirectShownAsVgpr) {
  const char *bytes = "0xf9,0x02,0x0c,0x7e,0xfe,0x06,0x86,0x00\n";
  auto llvm = runLlvmMc(bytes, "gfx900", "", "--disassemble");
  EXPECT_NE(llvm.out.find("v_mov_b32_sdwa v6, src_lds_direct dst_sel:DWORD dst_unused:UNUSED_PAD "
                          "src0_sel:DWORD ; encoding: [0xf9,0x02,0x0c,0x7e,0xfe,0x06,0x06,0x00]"),
            std::string::npos)
      << "llvm-mc-22 now shows the S bit (fixed upstream?): " << llvm.out;
  EXPECT_EQ(disassembledShown(bytes, "gfx900"),
            "\tv_mov_b32_sdwa v6, src_lds_direct dst_sel:DWORD dst_unused:UNUSED_PAD "
            "src0_sel:DWORD ; encoding: [0xf9,0x02,0x0c,0x7e,0xfe,0x06,0x86,0x00]\n");
}

// A line llvm-mc-22 takes and shows as `shown` with the encoding `bytes`, bytes its own
// disassembler does not read back as that text: its disassembly of them (for the caller's check of
// how it reads them) and gfxasm's assembly of the line.
struct TakenNotReadBack {
  gfxasm::test::ToolRun back;
  gfxasm::AssembleResult ours;
};
TakenNotReadBack llvmTakesWhatItCannotReadBack(const std::string &line, const char *cpu,
                                               const std::string &shown, const std::string &bytes) {
  auto llvm = runLlvmMc(line + "\n", cpu, "", "-show-encoding");
  EXPECT_NE(llvm.out.find(shown + " ; encoding: [" + bytes + "]"), std::string::npos)
      << "llvm-mc-22 now encodes it differently (fixed upstream?): " << llvm.out << llvm.err;
  TakenNotReadBack r;
  r.back = runLlvmMc(bytes + "\n", cpu, "", "--disassemble");
  if (auto target = gfxasm::Target::create(cpu, {}, nullptr))
    r.ours = gfxasm::assemble(*target, line + "\n", {});
  else
    ADD_FAILURE() << "no target " << cpu;
  return r;
}

// v_cmp_class_f16_sdwa's src1 written as an integer with a float constant's bits: llvm-mc-22 keeps
// its low 16 bits (0x3f800000 is 0), and for 1/(2*pi)'s bits (0x3e22f983, low half 0xf983)
// encodes the literal marker without a literal, bytes its own disassembler rejects. gfxasm
// refuses that line and takes the others as llvm does; the assembler difftest counts such lines.
TEST(LlvmMcBugs, SdwaClassLiteralWithoutDword) {
  TakenNotReadBack r = llvmTakesWhatItCannotReadBack(
      "v_cmp_class_f16_sdwa vcc, v1, 0x3e22f983", "gfx900",
      "v_cmp_class_f16_sdwa vcc, v1, 0xf983 src0_sel:DWORD src1_sel:DWORD",
      "0xf9,0xfe,0x29,0x7c,0x01,0x00,0x06,0x86");
  EXPECT_NE(r.back.err.find("invalid instruction encoding"), std::string::npos) << r.back.out;
  ASSERT_EQ(r.ours.diagnostics.size(), 1u);
  EXPECT_EQ(r.ours.diagnostics[0].message, "invalid operand for instruction");
  expectSameOutput("v_cmp_class_f16_sdwa vcc, v1, 0x3f800000\n"
                   "v_cmpx_class_f16_sdwa vcc, v1, -0x40800000\n"
                   "v_cmp_class_f16_sdwa vcc, v1, sext(0xbf800000)\n"
                   "v_cmp_class_f16_sdwa vcc, v1, 1.0\nv_cmp_class_f16_sdwa vcc, v1, 64\n",
                   "gfx900");
}

// sext(..) around a source of v_pk_fmac_f16_sdwa (whose sources take neg and abs): llvm-mc-22
// takes it and prints it, but leaves the sext bit out of the encoding (with the bit set, its
// disassembler rejects the bytes). gfxasm refuses the line; the assembler difftest counts such
// lines after checking that llvm's bytes do not read back as its text.
TEST(LlvmMcBugs, SdwaPackedSextNotEncoded) {
  TakenNotReadBack r = llvmTakesWhatItCannotReadBack(
      "v_pk_fmac_f16_sdwa v131, sext(v163), v1", "gfx950",
      "v_pk_fmac_f16_sdwa v131, sext(v163), v1 dst_sel:DWORD dst_unused:UNUSED_PRESERVE "
      "src0_sel:DWORD src1_sel:DWORD",
      "0xf9,0x02,0x06,0x79,0xa3,0x16,0x06,0x06");
  EXPECT_EQ(r.back.out.find("sext("), std::string::npos) << r.back.out;
  ASSERT_EQ(r.ours.diagnostics.size(), 1u);
  EXPECT_EQ(r.ours.diagnostics[0].severity, gfxasm::Severity::Error);
}

// llvm's "inline values" (src_shared_base .. src_pops_exiting_wave_id, src_vccz, src_execz,
// src_scc) in a gfx9 VOPC SDWA destination: llvm-mc-22 takes them (its parser lets them stand
// wherever inline constants may) and puts their 8-bit source encoding into the 7-bit SGPR field
// with the SGPR bit: bytes its disassembler rejects (src_shared_base, src_execz) or reads as ttmp
// pairs or null. gfxasm refuses them as llvm refuses m0 or a constant there.
TEST(LlvmMcBugs, SdwaCompareDestinationInlineValue) {
  struct Case {
    const char *reg, *bytes, *readAs;
  };
  const Case cases[] = {
      {"src_shared_base", "0xf9,0x04,0x84,0x7c,0x01,0xeb,0x06,0x06", nullptr},
      {"src_execz", "0xf9,0x04,0x84,0x7c,0x01,0xfc,0x06,0x06", nullptr},
      {"src_vccz", "0xf9,0x04,0x84,0x7c,0x01,0xfb,0x06,0x06", "ttmp[14:15]"},
      {"src_shared_limit", "0xf9,0x04,0x84,0x7c,0x01,0xec,0x06,0x06", "ttmp[0:1]"},
      {"src_pops_exiting_wave_id", "0xf9,0x04,0x84,0x7c,0x01,0xef,0x06,0x06", "ttmp[2:3]"},
      {"src_scc", "0xf9,0x04,0x84,0x7c,0x01,0xfd,0x06,0x06", "null"},
  };
  for (const Case &c : cases) {
    const std::string line =
        fmt::format("v_cmp_eq_f32_sdwa {}, v1, v2 src0_sel:DWORD src1_sel:DWORD", c.reg);
    TakenNotReadBack r = llvmTakesWhatItCannotReadBack(line, "gfx900", line, c.bytes);
    if (c.readAs)
      EXPECT_NE(r.back.out.find(fmt::format("v_cmp_eq_f32_sdwa {}, v1, v2", c.readAs)),
                std::string::npos)
          << r.back.out;
    else
      EXPECT_NE(r.back.err.find("invalid instruction encoding"), std::string::npos) << r.back.out;
    ASSERT_EQ(r.ours.diagnostics.size(), 1u) << line;
    EXPECT_EQ(r.ours.diagnostics[0].message, "invalid operand for instruction");
  }
  expectSameOutput("v_cmp_eq_f32_sdwa m0, v1, v2\nv_cmp_eq_f32_sdwa ttmp[0:1], v1, v2\n"
                   "v_cmp_eq_f32_sdwa exec, v1, v2\n",
                   "gfx900");
}

// A symbolic source of a VOP3 (its literal left to a fixup): llvm-mc-22 encodes it with the source
// modifiers of a constant in an earlier line (|1| sets src1's abs bit, neg(1) its neg bit, in
// whichever source the symbol stands), which it does not print: its answer for a line depends on
// the lines before. gfxasm gives llvm's answer for the line alone; the variant difftest counts
// such lines apart.
TEST(LlvmMcBugs, SymbolSourceTakesEarlierModifiers) {
  const std::string line = "v_cmpx_class_f32_e64 14, foo";
  auto after = runLlvmMc("v_add_f32_e64 v0, |1|, v1\n" + line + "\n");
  EXPECT_NE(after.out.find("v_cmpx_class_f32_e64 14, foo            ; encoding: "
                           "[0x7e,0x02,0xfe,0xd4,0x8e,0xfe,0x01,0x00,A,A,A,A]"),
            std::string::npos)
      << "llvm-mc-22 no longer carries the abs bit over (fixed upstream?): " << after.out;
  auto alone = runLlvmMc(line + "\n");
  EXPECT_NE(alone.out.find("[0x7e,0x00,0xfe,0xd4,0x8e,0xfe,0x01,0x00,A,A,A,A]"), std::string::npos)
      << alone.out;
  auto target = gfxasm::Target::create("gfx1100", {}, nullptr);
  ASSERT_TRUE(target);
  gfxasm::AssembleOptions o;
  o.showEncoding = true;
  auto ours = gfxasm::assemble(*target, "v_add_f32_e64 v0, |1|, v1\n" + line + "\n", o);
  EXPECT_NE(ours.text.find("[0x7e,0x00,0xfe,0xd4,0x8e,0xfe,0x01,0x00,A,A,A,A]"), std::string::npos)
      << ours.text;
}

// lit64(..) in a double source llvm's parser reads without float modifiers (an e32 compare whose
// vcc is left out: its first source stands where the destination's parser runs): llvm-mc-22
// prints the 64-bit value (the integer shifted into the high half, as for a double literal) but
// encodes its low dword, which reads back as another constant. gfxasm refuses it with llvm's
// message for lit64 in the other double sources.
TEST(LlvmMcBugs, Lit64DoubleLowDword) {
  TakenNotReadBack r =
      llvmTakesWhatItCannotReadBack("v_cmp_lt_f64_e32 lit64(1.5), v[0:1]", "gfx900",
                                    "v_cmp_lt_f64_e32 vcc, lit64(0x3ff8000000000000), v[0:1]",
                                    "0xff,0x00,0xc2,0x7c,0x00,0x00,0x00,0x00");
  EXPECT_EQ(r.back.out.find("lit64("), std::string::npos) << r.back.out;
  ASSERT_EQ(r.ours.diagnostics.size(), 1u);
  EXPECT_EQ(r.ours.diagnostics[0].message, "lit64 is not supported on this GPU");
  expectSameOutput("v_cmp_lt_f64_e32 vcc, lit64(1.5), v[0:1]\n"
                   "v_cmp_lt_i64_e32 lit64(-5), v[0:1]\n",
                   "gfx900");
}

// A literal written lit(..) beside another literal: llvm-mc-22 does not count it in its "only one
// unique literal operand" check, and encodes one dword for both (the other constant's, or a
// symbol's fixup over lit's bytes, shown 0xff'A'). gfxasm refuses such lines as it refuses two
// literals written without lit.
TEST(LlvmMcBugs, LitNotCountedAsUniqueLiteral) {
  TakenNotReadBack r = llvmTakesWhatItCannotReadBack(
      "s_lshl1_add_u32 s81, -1534143212, lit(42)", "gfx900",
      "s_lshl1_add_u32 s81, 0xa48ed514, lit(0x2a)", "0xff,0xff,0x51,0x97,0x14,0xd5,0x8e,0xa4");
  EXPECT_NE(r.back.out.find("s_lshl1_add_u32 s81, 0xa48ed514, 0xa48ed514"), std::string::npos)
      << r.back.out;
  ASSERT_EQ(r.ours.diagnostics.size(), 1u);
  EXPECT_EQ(r.ours.diagnostics[0].message, "only one unique literal operand is allowed");
  auto beside = runLlvmMc("s_nand_b32 s87, lit(0xffffffff), foo\n", "gfx1100");
  EXPECT_NE(beside.out.find("[0xff,0xff,0x57,0x8e,0xff'A',0xff'A',0xff'A',0xff'A']"),
            std::string::npos)
      << "llvm-mc-22 now counts lit(..) (fixed upstream?): " << beside.out;
  auto target = gfxasm::Target::create("gfx1100", {}, nullptr);
  ASSERT_TRUE(target);
  auto ours = gfxasm::assemble(*target, "s_nand_b32 s87, lit(0xffffffff), foo\n", {});
  ASSERT_EQ(ours.diagnostics.size(), 1u);
  EXPECT_EQ(ours.diagnostics[0].message, "only one unique literal operand is allowed");
  // The symbol first: its fixup covers the dword and lit's constant (an inline value here) is
  // lost from the bytes.
  auto after = runLlvmMc("s_add_u32 ttmp6, foo, lit(57)\n", "gfx1100");
  EXPECT_NE(after.out.find("lit(0x39)         ; encoding: [0xff,0xff,0x72,0x80,A,A,A,A]"),
            std::string::npos)
      << "llvm-mc-22 now counts lit(..) (fixed upstream?): " << after.out;
  ours = gfxasm::assemble(*target, "s_add_u32 ttmp6, foo, lit(57)\n", {});
  ASSERT_EQ(ours.diagnostics.size(), 1u);
  EXPECT_EQ(ours.diagnostics[0].message, "only one unique literal operand is allowed");
}

// A literal soffset (255) of a gfx950 buffer instruction: llvm-mc-22 reads the literal dword
// (prints lit(...), goes on after it: s_nop 1 here) but leaves it out of the encoding it shows
// (gfx90a/gfx942 crash on it). gfxasm shows the 12 bytes it read; the disassembly difftest
// compares such samples by text.
TEST(LlvmMcBugs, BufferLiteralSoffsetLeftOutOfEncoding) {
  const char *bytes =
      "0xbc,0x80,0x92,0xe0,0x00,0x67,0x9e,0xff,0x00,0x00,0x80,0xbf,0x01,0x00,0x80,0xbf\n";
  auto llvm = runLlvmMc(bytes, "gfx950", "", "--disassemble");
  EXPECT_NE(
      llvm.out.find("buffer_load_short_d16 a103, off, ttmp[12:15], lit(0xbf800000) "
                    "offset:188 nt sc1 ; encoding: [0xbc,0x80,0x92,0xe0,0x00,0x67,0x9e,0xff]\n"
                    "\ts_nop 1"),
      std::string::npos)
      << "llvm-mc-22 now shows the literal (fixed upstream?): " << llvm.out;
  const std::string ours = disassembledShown(bytes, "gfx950");
  EXPECT_NE(ours.find("lit(0xbf800000) offset:188 nt sc1 ; encoding: "
                      "[0xbc,0x80,0x92,0xe0,0x00,0x67,0x9e,0xff,0x00,0x00,0x80,0xbf]"),
            std::string::npos)
      << ours;
}

// A .file number of 2^31 or more: llvm-mc-22 makes an entry for every number up to it and runs
// out of memory (it aborts); gfxasm refuses a number above DwarfTables::kMaxFileNumber (65535)
// at the directive, and a number it takes is checked as llvm checks it.
TEST(LlvmMcBugs, HugeDwarfFileNumber) {
  const std::string input = "\t.file\t2147483648 \"a.c\"\n";
  auto crash = runLlvmMc(input, "gfx1100", "", "-filetype=null");
  EXPECT_TRUE(crash.status != 0 && crash.status != 1)
      << "llvm-mc-22 now takes a .file number of 2^31 (fixed upstream?): " << crash.out;
  auto target = gfxasm::Target::create("gfx1100", {}, nullptr);
  ASSERT_TRUE(target);
  gfxasm::AssembleOptions o;
  o.fileName = "input.s";
  auto r = gfxasm::assemble(*target, input, o);
  ASSERT_EQ(r.errorCount, 1u);
  EXPECT_EQ(r.diagnostics[0].column, 2u);
  EXPECT_EQ(r.diagnostics[0].message, "gfxasm: too large a file number (the most is 65535)");
}

// A constant other than 0 in a register-only MFMA source (here 0.5 and -16 in
// v_mfma_f32_32x32x4f16's src0): llvm-mc-22's disassembler crashes, where it prints the constant
// 0 as `0/*Invalid immediate*/`. gfxasm prints the others the same way.
TEST(LlvmMcBugs, MfmaSourceConstantCrashes) {
  auto target = gfxasm::Target::create("gfx908", {}, nullptr);
  ASSERT_TRUE(target);
  const std::string zero = "0xe0,0x2a,0xc8,0xd3,0x80,0x12,0x43,0x40";
  auto llvm = runLlvmMc(zero + "\n", "gfx908", "", "--disassemble");
  std::string expected = firstText(llvm.out);
  ASSERT_NE(expected.find(", 0/*Invalid immediate*/,"), std::string::npos) << llvm.out;
  EXPECT_EQ(firstText(gfxasm::disassemble(*target, zero + "\n").text), expected);
  for (auto [enc, text] : {std::pair{"0xf0", "0.5"}, std::pair{"0xd0", "-16"}}) {
    std::string bytes = fmt::format("0xe0,0x2a,0xc8,0xd3,{},0x12,0x43,0x40", enc);
    auto crash = runLlvmMc(bytes + "\n", "gfx908", "", "--disassemble");
    EXPECT_TRUE(crash.status != 0 && crash.status != 1)
        << "llvm-mc-22 now decodes " << bytes << " (fixed upstream?): " << crash.out;
    std::string mine = expected;
    mine.replace(mine.find(", 0/*"), 5, fmt::format(", {}/*", text));
    EXPECT_EQ(firstText(gfxasm::disassemble(*target, bytes + "\n").text), mine);
  }
}

// gfx950's f8f6f4 MFMAs: an fp6 source of AGPRs that ends by a255 (a[250:255] with cbsz:2)
// assembles, but llvm-mc-22's disassembler reads the source as the widest (8 registers, past
// a255) and rejects the bytes its assembler wrote. gfxasm does as llvm does both ways (the
// bytes, then the invalid encoding).
TEST(LlvmMcBugs, F8f6f4AgprSourceEndingByA255) {
  const char *line = "v_mfma_f32_16x16x128_f8f6f4 a[0:3], a[250:255], a[12:19], a[0:3] cbsz:2\n";
  auto llvm = runLlvmMc(line, "gfx950");
  std::string bytes = encodingBytes(llvm.out);
  ASSERT_FALSE(bytes.empty()) << "llvm-mc-22 no longer accepts it: " << llvm.err;
  auto back = runLlvmMc(bytes + "\n", "gfx950", "", "--disassemble");
  EXPECT_NE(back.err.find("invalid instruction encoding"), std::string::npos)
      << "llvm-mc-22 now decodes its encoding (fixed upstream?): " << back.out;
  auto target = gfxasm::Target::create("gfx950", {}, nullptr);
  ASSERT_TRUE(target);
  gfxasm::AssembleOptions o;
  o.showEncoding = true;
  EXPECT_EQ(encodingBytes(gfxasm::assemble(*target, line, o).text), bytes);
  auto ours = runAssembler(GFXASM_CLI, bytes + "\n", "gfx950", "", "--disassemble");
  EXPECT_EQ(ours.out, back.out);
  EXPECT_EQ(ours.err.substr(0, ours.err.find('\n')), back.err.substr(0, back.err.find('\n')));
}

// An f8f6f4 MFMA source holding a constant: llvm-mc-22's disassembler prints an integer as
// N/*Invalid immediate*/ (negative ones and floats crash it, as in MfmaSourceConstantCrashes)
// where the source is fp8/bf8-wide, but 0 where cbsz/blgp make it narrower (fp6, fp4): it narrows
// the operand as a register. gfxasm prints the same.
TEST(LlvmMcBugs, F8f6f4NarrowedConstantPrintsAsZero) {
  auto target = gfxasm::Target::create("gfx950", {}, nullptr);
  ASSERT_TRUE(target);
  for (const char *cbsz : {"0x00", "0x02", "0x04"}) {
    std::string bytes = fmt::format("0x00,{},0xad,0xd3,0x85,0x10,0x42,0x04", cbsz);
    std::string expected = firstText(runLlvmMc(bytes + "\n", "gfx950", "", "--disassemble").out);
    EXPECT_NE(expected.find(std::string(cbsz) == "0x00" ? ", 5/*Invalid immediate*/,"
                                                        : ", 0/*Invalid immediate*/,"),
              std::string::npos)
        << "llvm-mc-22 prints it otherwise now (fixed upstream?): " << expected;
    EXPECT_EQ(firstText(gfxasm::disassemble(*target, bytes + "\n").text), expected);
  }
}

// A literal (255) in a gfx950 MFMA's accumulator, which llvm-mc-22's assembler refuses: its
// disassembler reads the dword and prints it (lit(...) where it looks inline) but leaves it out of
// the encoding it shows (gfx90a and gfx942 crash on it). gfxasm shows the 12 bytes it read; the
// disassembly difftest compares such samples by text.
TEST(LlvmMcBugs, MfmaLiteralAccumulatorLeftOutOfEncoding) {
  const std::string bytes = "0x00,0x00,0xb8,0xd3,0x04,0x11,0xfe,0x03,0x40,0x00,0x00,0x00\n";
  const std::string text = "v_mfma_i32_32x32x32_i8 v[0:15], v[4:7], v[8:11], lit(0x40)";
  auto llvm = runLlvmMc(bytes, "gfx950", "", "--disassemble");
  EXPECT_EQ(firstText(llvm.out), "\t" + text);
  EXPECT_EQ(encodingBytes(llvm.out), "0x00,0x00,0xb8,0xd3,0x04,0x11,0xfe,0x03")
      << "llvm-mc-22 now shows the literal (fixed upstream?): " << llvm.out;
  auto target = gfxasm::Target::create("gfx950", {}, nullptr);
  ASSERT_TRUE(target);
  gfxasm::DisassembleOptions o;
  o.showEncoding = true;
  auto ours = gfxasm::disassemble(*target, bytes, o);
  EXPECT_EQ(firstText(ours.text), "\t" + text);
  EXPECT_EQ(encodingBytes(ours.text),
            "0x00,0x00,0xb8,0xd3,0x04,0x11,0xfe,0x03,0x40,0x00,0x00,0x00");
}

// A literal (255) in a scaled MFMA's scale, which llvm wants a VGPR in: llvm-mc-22's disassembler
// crashes (it prints v_smfmac_*'s index literal as N/*Invalid immediate*/). gfxasm reads the
// literal dword and prints it so too.
TEST(LlvmMcBugs, ScaleLiteralCrashes) {
  auto target = gfxasm::Target::create("gfx950", {}, nullptr);
  ASSERT_TRUE(target);
  const std::string bytes = "0x00,0x00,0xac,0xd3,0xff,0x30,0x02,0x00,0x00,0x08,0xad,0xd3,0x04,0x19,"
                            "0x52,0x04,0x78,0x56,0x34,0x12\n";
  auto crash = runLlvmMc(bytes, "gfx950", "", "--disassemble");
  EXPECT_TRUE(crash.status != 0 && crash.status != 1)
      << "llvm-mc-22 now decodes " << bytes << " (fixed upstream?): " << crash.out;
  EXPECT_EQ(firstText(gfxasm::disassemble(*target, bytes).text),
            "\tv_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], "
            "0x12345678/*Invalid immediate*/, v24 op_sel_hi:[0,0,0]");
}

// v_cvt_scalef32_sr_pk_fp4_f32's src0 is a VGPR pair (with neg/abs), but llvm-mc-22's assembler
// also takes an inline constant there: it prints `1/*Invalid immediate*/` and encodes the field
// as 1, which is s1, not the constant 1 (0x81). gfxasm rejects constants there, as llvm rejects
// SGPRs ("invalid operand for instruction").
TEST(LlvmMcBugs, ConstantInVgprPairSourceEncodedAsRegister) {
  const char *line = "v_cvt_scalef32_sr_pk_fp4_f32 v1, 1, v3, v4";
  auto llvm = runLlvmMc(std::string(line) + "\n", "gfx950");
  EXPECT_NE(llvm.out.find("v_cvt_scalef32_sr_pk_fp4_f32 v1, 1/*Invalid immediate*/, v3, v4"),
            std::string::npos)
      << "llvm-mc-22 no longer takes the constant (fixed upstream?): " << llvm.out << llvm.err;
  EXPECT_EQ(encodingBytes(llvm.out).substr(0, 24), "0x01,0x00,0x3e,0xd2,0x01") << llvm.out;
  auto target = gfxasm::Target::create("gfx950", {}, nullptr);
  ASSERT_TRUE(target);
  gfxasm::AssembleOptions o;
  o.fileName = "input.s";
  auto r = gfxasm::assemble(*target, std::string(line) + "\n", o);
  ASSERT_EQ(r.errorCount, 1u);
  EXPECT_EQ(r.diagnostics[0].message, "invalid operand for instruction");
  EXPECT_EQ(r.diagnostics[0].column, 34u);
}

} // namespace
