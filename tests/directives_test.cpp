// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Directives and symbols of plain instruction files, compared with llvm-mc-22's whole output.
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "oracle_util.h"

namespace {

using namespace gfxasm::test;

TEST(Directives, KernelPrologue) {
  expectSameOutput(R"(// leading comment
.text
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.globl my_kernel
.global other
.p2align 8
.type my_kernel,@function
.type other, @function
my_kernel:
  s_mov_b32 s0, s1 ; trailing comment
  s_endpgm
.Lfunc_end0:
.size my_kernel, .Lfunc_end0-my_kernel
)");
}

TEST(Directives, Comments) {
  expectSameOutput("s_nop 0 // line comment\n"
                   "s_nop 1 ; semicolon comment\n"
                   "# hash comment at the start of a line\n"
                   "/* block\n   comment */ s_nop 2\n"
                   "s_nop /* inside */ 3\n"
                   "/* one-line block */\n"
                   "\n"
                   "s_nop 4 /* open\n  still comment\n*/\n"
                   "label: s_nop 5 // label and instruction\n"
                   "a: b: s_nop 6\n");
  // llvm's blank line after a directive that leaves the line's end to an empty statement: only
  // when that end is a newline, not a line comment (a block comment before it does not count).
  expectSameOutput(".amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\" ; c\ns_nop 0\n"
                   ".amdhsa_code_object_version 5 // c\ns_nop 1\n"
                   ".amdhsa_code_object_version 5 /* c */\ns_nop 2\n"
                   ".amdhsa_code_object_version 5 /* c */ ; d\ns_nop 3\n"
                   ".pushsection .data\n.popsection ; c\ns_nop 4\n"
                   ".amdgpu_metadata\n---\namdhsa.version: [1, 2]\namdhsa.kernels: []\n...\n"
                   ".end_amdgpu_metadata ; c\ns_nop 5\n"
                   ".amdgpu_metadata\n---\namdhsa.version: [1, 2]\namdhsa.kernels: []\n...\n"
                   ".end_amdgpu_metadata s_nop 6\ns_nop 7\n");
}

TEST(Directives, Alignment) {
  expectSameOutput(
      ".p2align 2\n.p2align 4, 0\n.p2align 4,,8\n.p2align 4, 0, 8\n.balign 16\n.balign 16, 0xff\n"
      ".align 4\n.align 256\n.p2align 3, 0x100\n");
  // Bad alignments are reported, and llvm still emits the nearest alignment it can.
  expectSameOutput(
      ".p2align 32\n.balign 3\n.p2align x\n.p2align 2, 0, 0\n.p2align\n.balign  \n.align // c\n");
  // Outside code sections llvm aligns with a fill value of 0 and prints it.
  expectSameOutput(
      ".data\n.byte 1\n.p2align 3,,4\n.p2align 2\n.p2align 2,\n.balign 4,,2\n.align 8\n"
      ".p2alignw 2\n.p2alignl 3,,4\n.p2align 4, 0\n.p2align 40\n.balign 3\n"
      ".section foo\n.p2align 1\n");
}

TEST(Directives, SymbolsAndTypes) {
  expectSameOutput(
      ".globl a, b, c\n.weak w1, w2\n.type f1, %function\n.type f2, STT_FUNC\n"
      ".type f3 , @object\n.type f4, \"function\"\n.type f5, function\n.type f6 STT_TLS\n"
      ".type f7, #gnu_unique_object\n.size f1, 12\n.size f2, 4*3\n.size f3, undefined_s + 4\n"
      ".ident \"gfxasm test\"\n");
  expectSameOutput(".type f1\n.type f1, @foo\n.size f1\n.globl a b\n.globl 5\n.text foo\n"
                   ".amdgcn_target \"amdgcn-amd-amdhsa--gfx1101\"\n.amdgcn_target foo\n");
}

TEST(Directives, Sections) {
  expectSameOutput(
      ".text\n.text\n.section .text\ns_nop 0\n.section .rodata\n.section .text\n"
      ".section .text.foo,\"ax\",@progbits\ns_nop 1\n.text\n.section .data\n"
      ".section .AMDGPU.config, \"a\"\n.section .note.GNU-stack,\"\",@progbits\n.data\n"
      ".section foo\n.section .bss,\"aw\",@nobits\n");
  expectSameOutput("s_nop 0\n.text\n");
}

TEST(Directives, Data) {
  expectSameOutput(
      ".byte 1, 2\n.short 0x1234\n.2byte 5\n.int 7\n.quad 0x100000000\n.8byte -1\n.byte -1\n"
      ".long L1\nL1:\n.value 4\n.byte 256\n");
}

// A data item is a whole expression: the commas inside an AMDGPU function's parentheses are its
// arguments' (llc's amd_kernel_code_t for Mesa writes `.long 3769565184|((alignto(max(...` with
// totalnumvgprs(k.num_agpr, k.num_vgpr)); a value is emitted before llvm finds no comma after it.
TEST(Directives, DataItemsWithFunctionArguments) {
  expectSameOnTargets(".long max(totalnumvgprs(k.a, k.b), 1, 0)\n.long totalnumvgprs(k.a, k.b)\n"
                      ".long 3|((alignto(max(k.a, 1), 8)/8)-1)&63, or(k.a, 2)\n"
                      ".quad max(1, 2) 3\n.long 1, (2), 3)\n.long (1, 2)\n.byte 1 2, 3\n"
                      ".short max(k.b,\n.set k.a, 3\n.set k.b, 4\n",
                      "data items", {"amdgcn-mesa-mesa3d", "amdgcn-amd-amdhsa"},
                      {"gfx1100", "gfx90a"});
}

// `.cfi_*` registers written as instruction operands write them (lists, tuples, special
// registers): llvm's DWARF number of the register (-1 where it has none), and its register
// parser's errors for names that are none.
TEST(Directives, CfiRegisterNames) {
  std::string text = ".text\nf:\n.cfi_startproc\n";
  for (const char *r : {"s[1]",
                        "[s2]",
                        "v[4]",
                        "[v1,v2]",
                        "s[2:3]",
                        "a[0:1]",
                        "vcc",
                        "vcc_lo",
                        "exec",
                        "exec_lo",
                        "exec_hi",
                        "m0",
                        "ttmp2",
                        "ttmp[2:3]",
                        "scc",
                        "v1.l",
                        "v1.h",
                        "s1.l",
                        "src_shared_base",
                        "pc",
                        "v01",
                        "s63",
                        "s64",
                        "a255"})
    text += fmt::format(".cfi_undefined {}\n.cfi_offset {}, 8\n.cfi_register {}, s4\n", r, r, r);
  text += ".cfi_endproc\n";
  expectSameOnTargets(text, "cfi registers", {"amdgcn-amd-amdhsa"}, {"gfx1100", "gfx90a"});
  std::string bad = ".text\nf:\n.cfi_startproc\n";
  for (const char *r :
       {"v",       "acc",  "ttmp",      "sx",           "abc",     "v1x",    "v1.x",       "vcc_x",
        "src_foo", "foo",  "pc_reg",    "PC",           "S1",      "m0x",    "x+1",        "-1",
        "[]",      "[s1,", "[s1 s2]",   "[s1,s3]",      "[s1,v2]", "v[1:0]", "v256",       "s106",
        "ttmp16",  "vccz", "src_execz", "flat_scratch", "tba",     "null",   "xnack_mask", "exec,"})
    bad += fmt::format(".cfi_undefined {}\n", r);
  bad += ".cfi_endproc\n";
  expectSameOnTargets(bad, "bad cfi registers", {"amdgcn-amd-amdhsa"}, {"gfx1100", "gfx90a"});
}

// A '[' starts a register list wherever an operand starts (llvm's isRegister): what follows
// must be a register.
TEST(Directives, RegisterListsExpectRegisters) {
  expectSameOutput("v_mov_b32 v0, [1]\nv_mov_b32 v0, [\nv_add_f32 v0, |[1]|, v1\n"
                   "global_load_b32 v1, [1], off\nv_mov_b32 v0, [v1,]\ns_mov_b64 s[0:1], []\n"
                   "s_mov_b64 s[0:1], [s1,\ns_mov_b64 s[0:1], [[s1]\n");
}

TEST(Directives, SymbolAssignments) {
  expectSameOutput("x = 3\n.set y, 4\n.equ z, x+y\nx = x + 1\n  s_nop x\n  s_nop z\n"
                   "L1: s_nop 0\n.set q, L1\n.set fwd, later + 4\n.set d, L2 - L1\nL2:\n"
                   ".set e1, 0x10\ne1 = 17\n.set\n.set q2\n.equ q3 5\n");
}

// llvm's parseIdentifier joins an '@' to the identifier or integer right after it (`@foo`,
// `@1`): a name at the start of a statement and in directives; in an expression the part after
// the '@' is read as a specifier.
TEST(Directives, NamesStartingWithAt) {
  expectSameOnTargets("@foo = 5\n.globl @bar\n@bar:\n  s_nop 0\n@2: s_nop 1\n.set @baz, 7\n"
                      ".equ @e, 1\n.equiv @f, 2\n.local @l\n.comm @c, 4\n.size @bar, 4\n"
                      ".hidden @bar\n.type @q,@function\n.weak @w\n",
                      "@ names", {"amdgcn-amd-amdhsa"}, {"gfx1100", "gfx900"});
  expectSameOutput("@foo\n@foo s0\n.long 1+@foo\ns_mov_b32 s0, 1+@foo\n.long @1\n.long @foo@lo\n"
                   ".set x, @\n@bar = @\n@ q:\n.globl @ r\n.weak @@w\ns_mov_b32 s0, @\n"
                   "s_mov_b32 s0, @ foo\nv_mov_b32 v0, @foo\ns_waitcnt @x\ns_branch @\n"
                   "v_add_f32 v0, @x, v1\nds_load_b32 v0, v1 offset:@q\n.set @baz, @foo+1\n"
                   ".long @abs32@lo\n"); // (the name "": llvm's object names it `.L0 `)
  expectSameOutput("s_branch @bar\nds_read_b32 v0, v1 offset:@q\ns_load_dword s0, s[0:1], @x\n",
                   "gfx900");
}

// Numbers as llvm's lexer reads them: the digits of the base make the number and what follows is
// the next token (`12abc`, `0x1g`), after the suffixes it ignores (u, l, ul, ll, ull in any case);
// its messages for bad binary, hexadecimal and octal numbers; an integer and `b`/`f` a local
// label reference, with blanks between too; data values emitted before the next token is looked
// at.
TEST(Directives, NumbersAsLlvmLexesThem) {
  expectSameOutput("1:\n.long 5u\n.long 5ULL\n.long 0x10ull\n.long 1 b\n.long 0b101l\n"
                   ".long 017u\n.long 1f\n1:\n.long 1b@abs32@lo\n.long 1bar\n.long 08\n"
                   ".long 0b\n.long 0x\n.long 0b2\n.long 0xg\n.long 09.5\n.long 0.5x\n"
                   ".long 1e5x\n.long 1.5u\n.long 0x1p3u\n.long 1ul\n.long 1lu\n.long 1lll\n"
                   ".byte 0b1u\n.long 0B\n.long 1, 2 3\n.long 4, 1.5\n.long 5 x\n");
  expectSameOutput("1:\ns_mov_b32 s0, 5u\nv_mov_b32 v0, 0x10ul\ns_waitcnt 0u\n"
                   "ds_load_b32 v0, v1 offset:16u\ns_branch 1f\ns_branch 1 f\n"
                   "s_cbranch_scc0 1b\ns_cbranch_scc0 1 b\ns_mov_b32 s0, 1x\n"
                   "v_add_f32 v0, 12abc, v1\ns_nop 08\nds_load_b32 v0, v1 offset:0x\n"
                   "s_getreg_b32 s0, hwreg(1u, 0, 32)\ns_mov_b32 s0, 1b\ns_mov_b32 s0, 1 b\n"
                   "v_add_f32 v0, 1.5u, v1\ns_mov_b64 s[0:1], 0x1LL\nv_mov_b32 v0, s[1u]\n"
                   "s_load_b32 s0, s[0:1], 0x10u\ns_mov_b32 s0, 0b2\ns_mov_b32 s0, 0xg\n"
                   "image_load v1, v2, s[4:11] dmask:0x1 dim:1D\n"
                   "image_load v1, v2, s[4:11] dmask:0x1 dim:1 D\n"
                   "image_load v1, v2, s[4:11] dmask:0x1 dim:1uD\n1:\n");
}

// A `//` comment line inside an .amdgpu_metadata block is no statement to llvm (its lexer skips
// it), a `//` after text stays in the YAML, a `;` ends the text.
TEST(Directives, CommentLinesInMetadataBlocks) {
  expectSameOnTargets(".amdgpu_metadata\n---\n// a comment\namdhsa.version:\n  // indented\n"
                      "  - 1 // kept\n  - 2 ; dropped\n//\namdhsa.kernels: []\n...\n"
                      ".end_amdgpu_metadata\n",
                      "metadata comments", {"amdgcn-amd-amdhsa"}, {"gfx1100", "gfx90a"});
}

// Symbols inside operands (their parsers belong to the operand families).
TEST(Directives, SymbolsInOperands) {
  expectSameOutput("x = 3\nmsg = 3\nop = 0\n"
                   "s_nop x\ns_nop x*2-1\ns_mov_b32 s0, x\ns_movk_i32 s1, x << 4\n"
                   "s_waitcnt vmcnt(x) lgkmcnt(x+1)\n"
                   "s_sendmsg sendmsg(msg, op, 0)\n"
                   "s_getreg_b32 s0, hwreg(x, 0, 4)\n"
                   "v_interp_p10_f32 v0, v1, v2, v3 wait_exp:x\n"
                   "lds_param_load v1, attr0.x wait_vdst:x+1\n"
                   "s_load_b32 s0, s[0:1], x*4\n"
                   "s_mov_b32 s[x], 0\n");
  // Names defined later: a 32-bit literal becomes a fixup; immediates that must be absolute fail.
  expectSameOutput(
      "s_mov_b32 s0, fwd\nfwd = 5\ns_nop fwd2\nfwd2 = 1\nv_mov_b32 v0, fwd3\n"
      "s_waitcnt vmcnt(fwd4)\nfwd4=1\nv_interp_p10_f32 v0, v1, v2, v3 wait_exp:fwd5\nfwd5 = 2\n"
      "lds_param_load v1, attr0.x wait_vdst:(1+2)*2\n.set big, 0x1ffffffff\ns_mov_b32 s0, big\n"
      "s_mov_b32 s0, -big\n");
}

// Debug information directives (clang -g): printed as llvm-mc prints them, and their errors.
// (Objects with their line tables and frames: tests/object/debug_*.s in object_test.)
TEST(Directives, DebugInformation) {
  expectSameOutput(
      ".file 0 \"/w\" \"/w/k.cl\" md5 0x1eba52862c8077716469dec6aa0145f9\n"
      ".file 1 \"/usr/inc/b.h\" md5 0x00112233445566778899aabbccddeeff\n"
      ".file 2 \"/usr/inc\" \"c.h\" md5 0x0123456789abcdef0123456789ABCDEF source \"x\"\n"
      ".cfi_sections .debug_frame\n.cfi_startproc\n.loc 0 1 2\n.loc 1 3 4 prologue_end\n"
      "s_nop 0\n.loc 2 5 0 is_stmt 0 basic_block epilogue_begin isa 2 discriminator 7\n"
      ".loc 2 6 1 is_stmt 0\n.loc 0 1000 1 is_stmt 1\n.cfi_def_cfa 32, 16\n"
      ".cfi_escape 0x0f, 4\n.cfi_offset s33, -8\n.cfi_undefined v3\n.cfi_undefined a2\n"
      ".cfi_register 38, 39\n.cfi_remember_state\n.cfi_restore_state\n.cfi_endproc\n"
      ".cfi_startproc simple\n.cfi_endproc\n.cfi_sections .eh_frame, .debug_frame\n"
      ".cfi_sections .sframe\n.data\n.uleb128 0, 127, 128, 0x123456789\n"
      ".sleb128 -1, 63, 64, -65\n.uleb128 .Lb-.La\n.La:\n.Lb:\n.asciz \"a\"\n.asciz \"\"\n");
  expectSameOutput(".loc 1 1 1\n.file 1 \"a.c\"\n.loc 0 1 1\n.loc 2 1 1\n.loc 1 -1\n"
                   ".loc 1 1 -2\n.loc 1 1 1 foo\n.loc 1 1 1 is_stmt 2\n.loc 1 1 1 is_stmt x\n"
                   ".loc 1 1 1 isa -1\n.loc x\n.file \"a\" md5 0x1\n.file 1 \"b.c\"\n"
                   ".file -1 \"b.c\"\n.file 4 \"b.c\" md5 zz\n.file 5 \"b.c\" bogus\n"
                   ".cfi_endproc\n.cfi_def_cfa_offset 8\n.cfi_startproc junk\n"
                   ".cfi_startproc\n.cfi_def_cfa 1\n.cfi_endproc x\n.cfi_endproc\n"
                   ".file 6 \"m.c\" md5 0x1\n");
  // A warning of a directive that is not at the line's start is at the directive (HIP's -g
  // output: `\t.file\t1 "<stdin>"` after a file 0 with an MD5 sum).
  expectSameOutput("\t.file\t0 \"/w\" \"k.hip\" md5 0x1eba52862c8077716469dec6aa0145f9\n"
                   "\t.file\t1 \"<stdin>\"\n  .file 2 \"b.c\"\n");
}

// A frame started in a frame: llvm's streamer reports it where its lexer is then, at the first
// character of the next line (or the end of the input), without macro instantiation notes.
TEST(Directives, NestedFrameReportedAtNextLine) {
  expectSameOutput(".cfi_startproc\ns_nop 0\n.cfi_startproc\ns_nop 1\n.cfi_endproc\n"
                   ".cfi_startproc // c\n\n.cfi_startproc simple\n\t\ts_nop 0 ; x\n"
                   ".cfi_startproc\n   // c\n.cfi_startproc\n.cfi_endproc\n");
  expectSameOutput(".macro m\n.cfi_startproc\n.endm\n.cfi_startproc\nm\ns_nop 0\n.rept 2\n"
                   ".cfi_startproc\n.endr\n.cfi_endproc\n");
  expectSameOutput(".cfi_startproc\n.cfi_startproc\n");
  expectSameOutput(".cfi_startproc\n.cfi_startproc");
  // A frame left open: reported at the end after the streamer's errors, not after the parser's.
  expectSameOutput("s_nop 0\n.cfi_def_cfa_offset 4\n.cfi_startproc\n");
  expectSameOutput(".cfi_startproc\ns_nop 0\nfoo bar\n");
}

// `.` (a temporary label where it is read) and character constants, as llvm-mc reads them.
TEST(Directives, LocationCounterAndCharacters) {
  expectSameOutput(".text\nx:\ns_nop 0\n.long . - x\n.long .\ny = .\n.set z, .+4\n"
                   ".byte 'a', '\\n', '\\\\', '\\'', '\\q'\ns_mov_b32 s0, 'A'\n"
                   "s_add_u32 s0, s1, '\\t'\n.long '0'+1, . - .\n");
  // (llvm's lexer reads on past the line after an unclosed quote: one line each)
  expectSameOutput("s_nop 0\n.byte 'ab'\n");
  expectSameOutput("s_nop 0\n.byte 'a\n");
}

// .incbin's errors (its bytes: tests/object/incbin.s): a file named by its absolute path, the
// same for both tools whatever their working directory.
TEST(Directives, IncbinErrors) {
  const char *tmp = std::getenv("TMPDIR");
  std::string path = fmt::format("{}/gfxasm_incbin_{}.dat", tmp && *tmp ? tmp : "/tmp", ::getpid());
  std::ofstream(path, std::ios::binary) << "0123456789";
  expectSameOutput(fmt::format(".data\n.incbin \"{0}\", 1, x\n.incbin \"{0}\", 1, 1f\n1:\n"
                               ".incbin \"{0}\", 2, -1\n.incbin \"{0}\", 8, 5\n"
                               ".incbin \"{0}\", y\n.incbin \"{0}\", 1, 2,\n",
                               path));
  expectSameOutput(".incbin\n.incbin foo\n.incbin \"gfxasm_no_such.dat\"\n"
                   ".incbin \"gfxasm_no_such.dat\", -1\n.incbin \"x\" y\n.incbin \"b\\q.dat\"\n"
                   ".incbin \"gfxasm_no_such.dat\", 1, 2 3\n.incbin \"/\"\n");
  std::filesystem::remove(path);
}

// A .uleb128/.sleb128 whose value is still not absolute once laid out (an undefined symbol, labels
// of two sections): llvm's error at the expression (a binary one at its operator) in
// -filetype=obj. (Relaxed values: tests/object/leb_relax.s.)
TEST(Directives, LebNotAbsoluteInObjects) {
  const std::string input = ".data\n.La:\n.uleb128 undef_sym\n.sleb128 .Lt - .La, 1\n"
                            ".uleb128 (.Lt - .La)\n.uleb128 .Lb - .La + (.Lt - .La) * 2\n"
                            ".uleb128 .Lb - .La\n.Lb:\n.text\n.Lt:\ns_nop 0\n";
  ToolRun llvm = runLlvmMc(input, "gfx1100", "", "-filetype=obj -o out.o");
  ToolRun ours = runAssembler(GFXASM_CLI, input, "gfx1100", "", "-filetype=obj -o out.o");
  EXPECT_NE(llvm.err.find("is not absolute"), std::string::npos) << llvm.err;
  EXPECT_EQ(ours.err, llvm.err);
  EXPECT_EQ(ours.status, llvm.status);
}

// The .cfi_* directives of personality routines, LSDAs and frame kinds, printed and rejected as
// llvm-mc does (their frames: tests/object/cfi_personality.s).
TEST(Directives, CfiPersonalityAndFrameKinds) {
  expectSameOutput(
      ".cfi_personality 0, p\n.cfi_signal_frame\n.cfi_return_column 16\n.cfi_startproc\n"
      ".cfi_personality 0x55, p\n.cfi_personality 0x1b\n.cfi_personality 0x1b, 5\n"
      ".cfi_personality 0xff, p\n.cfi_personality 0xff\n.cfi_lsda 0x100, l\n"
      ".cfi_lsda 0x9b, l\n.cfi_lsda 0x0b, l x\n.cfi_lsda\n.cfi_personality 2, p\n"
      ".cfi_return_column v1\n.cfi_return_column\n.cfi_signal_frame x\n.cfi_window_save 1\n"
      ".cfi_val_offset 16\n.cfi_val_offset s1, 8\n.cfi_window_save\n.cfi_lsda 0xff\n"
      ".cfi_personality 0x1c, q\n.cfi_endproc\n");
}

// The variables llvm's AMDGPU assembler predefines for HSA: the processor's version and the
// register counters each VGPR and SGPR an instruction names raises (not special registers,
// TTMPs or AGPRs); `.set` may reset them.
TEST(Directives, PredefinedTargetSymbols) {
  const std::string common = ".byte .amdgcn.gfx_generation_number, .amdgcn.gfx_generation_minor\n"
                             ".byte .amdgcn.gfx_generation_stepping\n"
                             ".byte .amdgcn.next_free_vgpr, .amdgcn.next_free_sgpr\n"
                             "v_mov_b32 v7, s10\n"
                             ".long .amdgcn.next_free_vgpr, .amdgcn.next_free_sgpr\n"
                             ".set .amdgcn.next_free_vgpr, 0\n"
                             ".set .amdgcn.next_free_sgpr, 0\n"
                             "s_mov_b32 vcc_lo, ttmp2\n"
                             ".byte .amdgcn.next_free_vgpr, .amdgcn.next_free_sgpr\n"
                             ".set .amdgcn.next_free_sgpr, 40\n"
                             "s_mov_b64 s[2:3], s[4:5]\n"
                             ".byte .amdgcn.next_free_sgpr\n"
                             "x = .amdgcn.next_free_vgpr + 1\n"
                             "s_nop x\n";
  for (const char *cpu : {"gfx1100", "gfx1151"})
    expectSameOutput(common + "v_add_f32 v[3:3], v1, v200\n.byte .amdgcn.next_free_vgpr\n", cpu);
  for (const char *cpu : {"gfx900", "gfx90a", "gfx90c", "gfx942"})
    expectSameOutput(common + "v_accvgpr_write_b32 a9, v4\nflat_load_dwordx4 v[10:13], v[0:1]\n"
                              ".byte .amdgcn.next_free_vgpr, .amdgcn.next_free_sgpr\n",
                     cpu);
}

// A quoted name in an expression is the symbol it names; a register counter set to something
// not absolute is an error at the first register that would raise it, the instruction dropped.
TEST(Directives, QuotedNamesAndBrokenCounters) {
  expectSameOutput(".set a, \"foo\"\n.set b, \"foo\"+4\n.long \"bar\" - \"foo\"\n"
                   ".set c, \"1x\"\nfoo:\nbar:\n"
                   ".set .amdgcn.next_free_vgpr, \"undefined_yet\"\n"
                   "v_mov_b32 v0, s0\ns_mov_b32 s1, s2\nv_add_f32 v1, s4, v2\n"
                   ".set .amdgcn.next_free_sgpr, later\ns_mov_b32 s1, s2\ns_nop 0\n"
                   "v_mov_b32 v3, s9\nlater = 4\n");
}

// A line of a .amdhsa_kernel block that starts with no name: llvm's error, and the line read
// again as a statement.
TEST(Directives, KernelBlockLineWithoutName) {
  expectSameOutput(".amdhsa_kernel k1\n  1\n.end_amdhsa_kernel\n.amdhsa_kernel k2\n  (2\n"
                   ".end_amdhsa_kernel\n.amdhsa_kernel k3\n  foo 1\n.end_amdhsa_kernel\n"
                   ".amdhsa_kernel k4\n .amdhsa_group_segment_fixed_size 10000000000 + 1\n"
                   ".end_amdhsa_kernel\n");
}

// Each directive with a wrong or extra argument: llvm-mc's message and column for each (its
// generic parser's "expected newline", "unexpected token", "expected end of directive", the ELF
// parser's section checks, the rest of a line after .popsection or an AMDGPU directive read as a
// statement of its own, an assignment's "missing expression").
// (the messages only: what llvm prints of a statement it then rejects is not compared)
void expectSameDiagnostics(const std::string &input, const std::string &cpu) {
  ToolRun llvm = runLlvmMc(input, cpu);
  gfxasm::AssembleResult r = assembleLikeCli(input, cpu);
  EXPECT_NE(llvm.err.find("error:"), std::string::npos) << "llvm-mc-22 did not run: " << llvm.err;
  EXPECT_EQ(formatAll(r.diagnostics), llvm.err) << input;
}

// The messages and exit status of both tools for `input` with `options` (an object's layout
// errors need -filetype=obj); `context` names the case.
void expectSameMessages(const std::string &input, const std::string &cpu,
                        const std::string &options, const std::string &context) {
  ToolRun llvm = runLlvmMc(input, cpu, "", options);
  ToolRun ours = runAssembler(GFXASM_CLI, input, cpu, "", options);
  EXPECT_EQ(ours.err, llvm.err) << context;
  EXPECT_EQ(ours.status, llvm.status) << context;
}

TEST(Directives, ArgumentErrorsAsLlvmReportsThem) {
  expectSameDiagnostics(R"(.text junk
.data junk
.rodata junk
.bss junk
.section .foo junk
.section .foo,"a" junk
.section .foo,"a",@progbits junk
.pushsection .foo junk
.popsection junk
.previous junk
.globl a b
.global a b
.local a b
.weak a b
.hidden a b
.protected a b
.type a,@function b
.type a b
.size a, 4 5
.size a 4
.comm c, 4 5
.comm c, 4, 4 5
.lcomm d, 4 5
.no_dead_strip a b
.addrsig junk
.addrsig_sym a b
.ident "x" y
.file "x" y
.byte 1 2
.short 1 2
.hword 1 2
.value 1 2
.long 1 2
.int 1 2
.word 1 2
.quad 1 2
.4byte 1 2
.8byte 1 2
.ascii "x" y
.asciz "x" y
.string "x" y
.fill 1 2
.fill 1, 1, 1 2
.zero 1 2
.space 1 2
.skip 1 2
.p2align 2 3
.p2align 2, 0, 4 5
.balign 4 5
.align 4 5
.p2alignl 2 3
.p2alignw 2 3
.org 100 5
.set a, 1 2
.equ a, 1 2
.equiv e, 1 2
x = 1 2
.amdgcn_target "amdgcn-amd-amdhsa--gfx900" x
.amdhsa_code_object_version 4 5
.amdgpu_lds l, 4 5
.amdgpu_lds l, 4, 4 5
.err junk
.print "x" y
.warning "x" y
.error "x" y
.include "x" y
.incbin "x" y
.if 1 2
.endif
.ifdef a b
.endif
.ifndef a b
.endif
.ifeq 1 2
.endif
.ifc a, b c
.endif
.rept 1 2
.endr
.irp x, 1 2
.endr
.uleb128 1 2
.sleb128 1 2
.loc 1 1 1 x
.cfi_startproc junk
.cfi_endproc junk
.globl
.byte
.p2align
.set
.set a
.set a,
.size a
.type a
.section
.fill
.org
.comm
.amdgpu_lds
.amdgpu_lds l
.amdgcn_target
.amdgcn_target x
.amdhsa_code_object_version
.ascii 1
.byte "x"
.long x y
.p2align x
.p2align 2, x
.balign 3
.align 3
.zero -1
.fill -1
.skip -1
.org -1
.size a, b
.type a, @foo
.type a, foo
.section .foo, "z"
.section .foo, "a", @foo
.section .foo, a
.comm c, -1
.comm c, 4, 3
.lcomm d, -1
)",
                        "gfx900");
  expectSameDiagnostics(R"(.section .foo junk
.section .foo,"a" junk
.section .foo,"a",@progbits junk
.section .foo, "z"
.section .foo, "az", @progbits
.section .foo, "a", @foo
.section .foo, "a", foo
.section .foo, "a", "progbits"
.section .foo, "a", @progbits, 4
.section .foo, "aM", @progbits
.section .foo, "aM", @progbits, x
.section .foo, "aG", @progbits
.section .foo, "aG", @progbits, grp, comdat junk
.section .foo, "aG", @progbits, grp, foo
.section .foo,
.section .foo, "a",
.section .foo-bar baz
.section "quoted" x
.pushsection .foo junk
.section .foo, "a", %progbits junk
.section .foo, "a", @nobits
.section .foo, "a", @note
.section .foo, "a", @unwind
.section .foo, "aw", @init_array
.section .foo, "aR", @progbits
.section .foo, "ao", @progbits
.section .foo, "ao", @progbits, sym
.section .foo, "?", @progbits
.section .foo, "y", @progbits
.section .foo, "e", @progbits
.section .foo, "d", @progbits
.section .foo, "s", @progbits
)",
                        "gfx900");
  expectSameDiagnostics(R"(.set a,
.set b, (1
.set c, 1+
.set d, foo@bar
.set e, 1 +* 2
.set f, max(1,
.equ g,
h =
.equiv i, )
.set j, 5/0
.set k, "str"
)",
                        "gfx900");
  expectSameDiagnostics(R"(.pushsection .foo
.popsection junk
.section .a
.section .b
.previous junk
.internal a b
.no_dead_strip a b
.globl a b
.text
.amd_amdgpu_isa "x" y
)",
                        "gfx900");
  expectSameDiagnostics(".amd_amdgpu_hsa_metadata\n.amd_amdgpu_pal_metadata\n"
                        ".amdhsa_code_object_version\n.amdhsa_code_object_version (\n"
                        ".amdhsa_code_object_version 5 s_nop 0\n.amdgpu_metadata\n"
                        "  amdhsa.version:\n",
                        "gfx900");
  // Tokens after a kernel descriptor field's value: llvm's field error only (a line that starts
  // with no name is read again as a statement: KernelBlockLineWithoutName).
  for (const char *junk : {"2", "foo", ", 3", "(2)", "+", ".amdhsa_next_free_sgpr 2"})
    expectSameDiagnostics(fmt::format(".amdhsa_kernel k\n  .amdhsa_next_free_vgpr 1 {}\n"
                                      "  .amdhsa_next_free_sgpr 1\n.end_amdhsa_kernel\n",
                                      junk),
                          "gfx900");
  // Quotes in a metadata block, read by llvm's lexer: a character constant that takes the line
  // break hides the `.end_amdgpu_metadata` after it, a `"` string runs on to its closing quote.
  for (const char *value :
       {"'ab'", "'a'", "'a\\b'", "x'", "\"a", "\"a;b\"", "'\"'", "'';x", "'a' ; c", "'x;'"})
    expectSameDiagnostics(fmt::format(".amdgpu_metadata\namdhsa.version:\n  - 1\n  - 0\n"
                                      "amdhsa.target: {}\n.end_amdgpu_metadata\ns_nop 0\n",
                                      value),
                          "gfx900");
  // The same statements where they are valid: what llvm-mc prints of them.
  expectSameOutput(
      ".section .foo\n.previous\n.data\n.section .foo\n.previous\n.bss\n"
      ".pushsection .foo\n.popsection\n.rodata\n.section .foo\n.previous\n"
      ".section .y, \"a\", \"progbits\"\n.section .x, \"a\", %nobits\n"
      ".section .a\n.section .b\n.previous s_nop 0\n.pushsection .c\n.popsection s_nop 1\n"
      ".amdhsa_code_object_version 5 s_nop 0\n.amdgcn_target "
      "\"amdgcn-amd-amdhsa--gfx900\" s_nop 1\n",
      "gfx900");
}

// Kernel descriptor fields with values out of range, negative, wider than 32 bits, undefined,
// unparsable, missing or repeated, in object output: llvm's message for each, and none of its
// object writer's once the parse has failed (it lays nothing out then).
TEST(Directives, KernelFieldValuesInObjects) {
  for (const char *field :
       {".amdhsa_ieee_mode", ".amdhsa_user_sgpr_count", ".amdhsa_next_free_vgpr",
        ".amdhsa_accum_offset", ".amdhsa_system_vgpr_workitem_id"}) {
    std::string input;
    int k = 0;
    for (const char *value : {"0", "2", "3", "-1", "0x100000000", "4096", "undef_sym", "(1", ""})
      input += fmt::format(".amdhsa_kernel k{}\n  .amdhsa_next_free_sgpr 8\n  {} {}\n"
                           "  .amdhsa_next_free_vgpr 8\n.end_amdhsa_kernel\n",
                           k++, field, value);
    input +=
        fmt::format(".amdhsa_kernel k{}\n  {} 1\n  {} 1\n.end_amdhsa_kernel\n", k, field, field);
    for (const char *cpu : {"gfx900", "gfx90a", "gfx1100"})
      expectSameMessages(input, cpu, "-filetype=obj -o out.o", fmt::format("{} on {}", field, cpu));
  }
}

// Data and layout directives with wrong values: llvm's messages and warnings in each output
// (.org is placed at layout: its errors in object output only, twice as llvm lays out twice,
// once when LEB values take part, none after a parser error).
TEST(Directives, DataAndLayoutErrors) {
  const std::string data =
      ".data\n.byte 256\n.byte -129\n.short 65536\n.long -2147483649\n.byte 1.5\n.byte \"a\"\n"
      ".fill 2, 9, 1\n.fill 2, -1, 1\n.fill -2, 1, 1\n.fill 1, 8, -1\n.fill 0x100000000, 0, 0\n"
      ".space 4, 300\n.p2align 32\n.balign 3\n.balign 0\n.align 5\n.p2alignw 1, 0x10000\n"
      ".p2align 2, 0, 0\n.ascii 1\n.asciz\n.string \"a\" \"b\"\n.ascii \"\\777\"\n"
      ".ascii \"\\x100\"\n.ascii \"\\q\"\n.ascii \"\\x\"\n.ascii \"a\",\n.byte 1,\n.globl a,\n"
      ".int 1, , 2\n.short 1 +\n.8byte 1 2\n.float 0b1\n.float 1 2\n.float -\n.float 0x3f800000\n"
      ".double foo\n.dc.x 1\n.dcb.b 2\n.dcb.b -1, 3\n.ds.b -1\n.dcb.b 1, 256\n.dcb.l 1, "
      "0x100000000\n"
      ".dcb.b x, 1\n.ds.w 2 3\n.dcb.w 1, 1 2\n";
  for (const char *filetype : {"null", "asm", "obj"}) {
    // In an object, llvm-mc-22 spends a minute counting to 2^32 for `.fill 0x100000000, 0, 0`.
    std::string input = data;
    if (std::string_view(filetype) == "obj")
      input.replace(input.find("0x100000000, 0"), 11, "0x10000");
    expectSameMessages(input, "gfx900", fmt::format("-filetype={} -o out.o", filetype), filetype);
  }
  for (const char *org :
       {".data\n.org 0x10\n.byte 1\n.org 0x8\n.org undefined_x\n.org .-1\n",
        ".data\n.byte 1\n.org 0\n.uleb128 .Lb-.La\n.La:\n.zero 200\n.Lb:\n",
        ".text\ns_nop 0\n.org 0\n.data\n.org x\n", ".data\n.byte 1\n.org 0\nfoo bar\n"})
    for (const char *filetype : {"asm", "obj"})
      expectSameMessages(org, "gfx900", fmt::format("-filetype={} -o out.o", filetype),
                         std::string(org) + filetype);
}

// Symbols: redefinitions, numeric labels never defined (forward ones reported at the end, after
// the file's other errors), `. = X` (llvm's .org) and `.set .` (no name).
TEST(Directives, SymbolErrors) {
  const std::string input =
      "a:\na:\nb = 1\nb:\n.set c, 1\n.set c, 2\nc:\n.equiv d, 1\n.equiv d, 2\n.set a, 5\n1:\n1:\n"
      "s_branch 1b\ns_branch 2f\ns_branch 3b\n.long 0b\n.long 5f\n.long x@foo\n"
      ".long x@abs32@lo\n.size i, j\n.type 1f, @function\n.globl 2\n.set ., 5\n.equ ., 5\n"
      ".equiv ., 5\nfoo bar\n";
  for (const char *filetype : {"null", "obj"})
    expectSameMessages(input, "gfx900", fmt::format("-filetype={} -o out.o", filetype), filetype);
  expectSameOutput(".data\n.byte 1\n. = 0x10\n.byte 2\n. = . + 2\n.byte 3\n", "gfx900");
  expectSameMessages("s_branch 2f\n.long 3f\ns_branch 1f\n1:\n", "gfx900", "-filetype=obj -o out.o",
                     "forward labels");
}

// Outside HSA: `.amdgpu_hsa_kernel NAME` (a kernel symbol's type, a new register scope) and the
// scope's `.kernel.{s,v,a}gpr_count` counters (AGPRs counted into the VGPRs on gfx90a and later),
// in text and objects (whose e_flags are code object v3's there).
TEST(Directives, KernelScopeOutsideHsa) {
  const std::string scalarAndVector =
      ".byte .kernel.sgpr_count\n.byte .kernel.vgpr_count\nv_mov_b32_e32 v5, s8\ns_endpgm\n"
      ".byte .kernel.sgpr_count\n.byte .kernel.vgpr_count\n.amdgpu_hsa_kernel K1\nK1:\n"
      ".byte .kernel.sgpr_count\nv_mov_b32_e32 v1, s86\n.byte .kernel.sgpr_count\n"
      ".byte .kernel.vgpr_count\n.amdgpu_hsa_kernel K2\nK2:\ns_load_dwordx8 s[16:23], s[0:1], 0x0\n"
      ".byte .kernel.sgpr_count\nA = .kernel.vgpr_count\nv_mov_b32_e32 v[A], s0\n"
      ".byte .kernel.vgpr_count\n.amdgpu_hsa_kernel K3 s_nop 0\n.amdgpu_hsa_kernel K4\n";
  const std::string agprs = ".amdgpu_hsa_kernel K5\nK5:\nv_accvgpr_write_b32 a3, v1\n"
                            ".byte .kernel.vgpr_count\n.byte .kernel.agpr_count\n"
                            "v_mov_b32 v6, 0\n.byte .kernel.vgpr_count\n";
  for (const char *triple : {"amdgcn--", "amdgcn-amd-amdpal"})
    for (std::string cpu : {"gfx900", "gfx908", "gfx90a", "gfx942", "gfx1100"}) {
      const bool hasAgprs = cpu != "gfx900" && cpu != "gfx1100";
      const std::string input = scalarAndVector + (hasAgprs ? agprs : "");
      for (const char *filetype : {"asm", "obj -o out.o"}) {
        std::string options = fmt::format("-triple={} -filetype={}", triple, filetype);
        ToolRun llvm = runLlvmMc(input, cpu, "", options);
        ToolRun ours = runAssembler(GFXASM_CLI, input, cpu, "", options);
        EXPECT_EQ(llvm.status, 0) << llvm.err;
        EXPECT_EQ(ours.status, llvm.status);
        EXPECT_EQ(ours.err, llvm.err) << triple << " " << cpu;
        EXPECT_EQ(ours.out, llvm.out) << triple << " " << cpu << " " << filetype;
      }
    }
}

} // namespace

namespace {

// 1- and 2-byte data of a symbol: llvm relocates it as a branch's 16-bit field
// (R_AMDGPU_REL16, the addend written as it is) and calls an undefined one an undefined label;
// the errors of a fixup point where llvm locates its expression (a binary one at its first
// operator).
TEST(Directives, NarrowDataOfSymbolsAndFixupLocations) {
  using namespace gfxasm::test;
  expectSameOnTargets(".text\n.short other\n.byte glob\n.short other+5\n.byte glob+2\n.short .foo\n"
                      ".section .foo\n.byte 0\nother: .byte 0\nglob: .byte 1\n.globl glob\n",
                      "defined", {"amdgcn--", "amdgcn-amd-amdhsa"}, {"gfx900", "gfx1100"});
  expectSameOnTargets(".text\n.short never\n.byte never_b\n.short 1+never2\n.short (2*never3)\n"
                      ".long a-b+c\n.section .d\nc:\n.text\nb:\n.long c-b\n.long -(x-b)*2\n",
                      "errors", {"amdgcn--", "amdgcn-amd-amdhsa"}, {"gfx900"});
}

} // namespace

namespace {

// Quoted symbol names (llvm's parseIdentifier takes a string): labels, the symbol directives,
// expressions and instruction operands, printed quoted where the name needs it; and a number
// ends at '@', so a specifier after an expression moves to its symbol (foo+4@abs32@lo).
TEST(Directives, QuotedSymbolNamesAndSpecifierAfterNumber) {
  using namespace gfxasm::test;
  const std::string input = R"("foo bar":
  s_nop 0
.globl "foo bar"
.set "x y", 5
.long "foo bar"
.long "x y"+1
  s_mov_b32 s0, "x y"
  s_mov_b32 s0, "a b"
  s_add_u32 s0, s0, "a b"@abs32@lo
  s_branch "foo bar"
.type "foo bar",@function
.size "foo bar", .-"foo bar"
.comm "c d", 4, 4
"1x":
.weak "w@x"
.long "w@x"
.hidden "h i"
.long "h i"
  s_add_u32 s0, s0, foo+4@abs32@lo
  s_add_u32 s1, s1, 4@abs32@lo
.long foo+4@rel32@lo
.long 0x10@abs32@hi+foo
foo:
)";
  expectSameOnTargets(input, "quoted names", {"amdgcn-amd-amdhsa", "amdgcn--"},
                      {"gfx900", "gfx1100"});
  expectSameOnTargets("  s_sendmsg \"x\"\n  s_waitcnt \"x\"\n.set \"\", 1\n\"\":\n", "errors",
                      {"amdgcn-amd-amdhsa"}, {"gfx900", "gfx1100"});
}

} // namespace

namespace {

// Solaris' section flags (llvm's parseSunStyleSectionFlags): #alloc, #write, #execinstr, #tls,
// separated by commas; anything else is an unknown flag, and no type may follow. (Found in
// kernel generators' output, e.g. `.section .rodata,#alloc`.)
TEST(Directives, SunStyleSectionFlags) {
  using namespace gfxasm::test;
  expectSameOnTargets(".section .a,#alloc\n.long 1\n.section .b,#alloc,#write\n.long 2\n"
                      ".section .c,#alloc,#execinstr\ns_nop 0\n.section .d,#tls,#write,#alloc\n"
                      ".long 3\n.section .e, # write,\n.long 4\n",
                      "flags", {"amdgcn-amd-amdhsa"}, {"gfx90a", "gfx1100"});
  for (const char *bad :
       {".section .f,#alloc,@progbits\n", ".section .f,#bogus\n", ".section .f,#\n",
        ".section .f,#alloc #write\n", ".section .f,#exclude\n", ".pushsection .f,#alloc\n",
        ".section .f,#alloc,\"a\"\n", ".section .a,#alloc\n.section .a,#write\n"})
    expectSameOnTargets(bad, bad, {"amdgcn-amd-amdhsa"}, {"gfx90a"});
}

} // namespace

// The rest of llvm's directive language for amdgcn (tools/directive_diff.py lists what still
// differs): each case in text and object output, with llvm's messages.
void expectSameEverywhere(const std::vector<std::string> &cases) {
  for (const std::string &input : cases) {
    expectSameOutput(input);
    expectSameOnTargets(input, input, {"amdgcn-amd-amdhsa"}, {"gfx1100"});
  }
}

TEST(Directives, OctaValues) {
  expectSameEverywhere({".data\n.octa 1, 0x0123456789abcdef0123456789abcdef\n",
                        ".octa 0b11, 077, 99999999999999999999999, 18446744073709551616\n",
                        ".octa 0xffffffffffffffffffffffffffffffff\n.octa\n",
                        ".octa 0x1ffffffffffffffffffffffffffffffff\n", ".octa -1, 2\n", ".octa x\n",
                        ".octa 1 +\n", ".octa 1,\n", ".octa 1 2 // c\n"});
}

TEST(Directives, SymbolAttributesOfOtherFormats) {
  expectSameEverywhere({".common a, 4\n.common b, 8, 2\n.long a\n", ".common a\n", ".common\n",
                        ".extern a\n.extern\n.extern 1 2 +\n.long a\n",
                        ".weak_reference w, v\n.long w\n", ".weak_reference w v\n",
                        ".memtag a, b\n.long a\n", ".memtag\n.memtag a b\n"});
  for (const char *name : {".lazy_reference", ".symbol_resolver", ".private_extern", ".reference",
                           ".weak_definition", ".weak_def_can_be_hidden", ".cold"})
    expectSameEverywhere(
        {fmt::format("{} a\n", name), fmt::format("{} a b\n", name), fmt::format("{}\n", name)});
}

TEST(Directives, MoreLayoutAndData) {
  expectSameEverywhere({".align32 4\n.align32 8, 1\n.align32 16, 1, 2\n.align32 4,,2\n",
                        ".data\n.byte 1\n.align32 8\n", ".align32\n", ".align32 3\n",
                        ".tdata\n.long 1\n.tbss\n.zero 4\n.tdata\n.long 2\n", ".tbss x\n",
                        ".base64 \"YWJj\", \"ZA==\", \"QQ==\", \"AAAA\"\n", ".base64 \"YW\"\n",
                        ".base64 \"Y=Jj\"\n", ".base64 \"YWJjZ===\"\n", ".base64 \"\"\n",
                        ".base64 abc\n", ".base64\n", ".base64 \"YWJj\" x\n"});
}

TEST(Directives, IgnoredAndRefusedDirectives) {
  expectSameEverywhere({".line 3\n.line\n.line 3 // c\n", ".line x\n", ".line 3 4\n",
                        ".lto_discard a, b\n.lto_discard\n", ".lto_discard 1\n",
                        ".lto_discard a b\n", ".lto_discard a,\n", ".code16\n", ".code16gcc x\n",
                        ".stabs \"a\",1,2,3,4\n", ".stabs\n"});
  // .abort: an error that says assembly stops, after which llvm goes on.
  expectSameEverywhere({".abort\n.byte 1\n", "s_nop 0\n.abort boom // c\n.byte x\n",
                        ".abort  a  b  \n", ".abort a ; b\n", ".if 0\n.abort\n.endif\n.byte 1\n",
                        ".abort \"q\"\n"});
}

// .macros_off: a macro's name is an instruction again (llvm's error for it), until .macros_on.
TEST(Directives, MacrosOnAndOff) {
  expectSameEverywhere(
      {".macro m\n.byte 1\n.endm\n.macros_off\nm\n.macros_on\nm\nx: m\n.macros_off\ny: m\n"
       ".macros_on x\n",
       ".macros_off\n.macro m\n.endm\n.macros_on\n.macro m\n.byte 1\n.endm\nm\n"});
}

// .lto_set_conditional NAME, TARGET: NAME = TARGET once TARGET is a label (now or later), never
// when it stays undefined; llvm reads TARGET as an expression that must be a symbol.
TEST(Directives, LtoSetConditional) {
  expectSameEverywhere(
      {"b: s_nop 0\n.lto_set_conditional a, b\n.long a\n", ".lto_set_conditional a, b\n.long a\n",
       ".lto_set_conditional a, b\n.lto_set_conditional c, b\nb: s_nop 0\n.long a\n.long c\n",
       "b: s_nop 0\n.lto_set_conditional a, (b)\n.long a\n",
       ".lto_set_conditional a, \"q r\"\n\"q r\": s_nop 0\n.long a\n",
       ".lto_set_conditional a, b+1\n", ".lto_set_conditional a, 1\n",
       ".lto_set_conditional a, b c\n", ".lto_set_conditional a, \n",
       ".lto_set_conditional a, b, c\n", ".lto_set_conditional a\n", ".lto_set_conditional\n",
       ".lto_set_conditional 1, b\n"});
}

// .reloc OFFSET, NAME[, EXPR]: printed back; in objects the relocation against the expression's
// own symbol, at a number in the section's first fragment, at a label after its fragment's
// relocations (llvm's order), `.` a temporary llvm names ".L0 ", and llvm's errors.
TEST(Directives, RelocDirectives) {
  expectSameEverywhere(
      {"a:\n.reloc a, R_AMDGPU_ABS32, b\n.reloc 0, R_AMDGPU_ABS64, c\n.long 0\n.quad 0\n"
       ".reloc .+4, R_AMDGPU_ABS32_LO, x+3\n.long 0,0\n.reloc 2, BFD_RELOC_NONE, d\n"
       ".reloc 3, BFD_RELOC_32, e\n.reloc 4, BFD_RELOC_64,f-1\n.reloc 1, R_AMDGPU_NONE\n.long h\n",
       ".long h\n.reloc 0, R_AMDGPU_ABS32, a0\n.long 0,0,0\n.p2align 4\n.long g\n"
       ".reloc 0, R_AMDGPU_ABS32, a1\n.reloc 2, R_AMDGPU_ABS32, a2\nb:\n.long 0\n.data\n"
       ".reloc b, R_AMDGPU_ABS32, a3\n.reloc 1, R_AMDGPU_ABS32, a4\n.long k\n.text\n"
       ".reloc 3, R_AMDGPU_ABS32, a5\n.reloc x, R_AMDGPU_ABS32, a6\n.long 7\nx: .long 0\n",
       ".data\n.long k\n.p2align 3\n.long j\n.reloc 0, R_AMDGPU_ABS32, a0\nx: .long m\n"
       ".reloc x, R_AMDGPU_ABS32, a1\n",
       ".section .foo,\"a\"\n.long h\n.reloc 0, R_AMDGPU_REL32_HI, a0\n.reloc 0, "
       "R_AMDGPU_GOTPCREL, a1\n.reloc 0, R_AMDGPU_RELATIVE64, a2\n.reloc 0, R_AMDGPU_REL16, a3\n",
       ".reloc 0, R_AMDGPU_ABS32_HI, a\n.reloc 0, R_AMDGPU_REL64, a\n.reloc 0, R_AMDGPU_REL32, a\n"
       ".reloc 0, R_AMDGPU_GOTPCREL32_LO, a\n.reloc 0, R_AMDGPU_GOTPCREL32_HI, a\n"
       ".reloc 0, R_AMDGPU_REL32_LO, a\n",
       ".data\n.long h\nq: .long 0\n.zero 4\n.long g\n.reloc q, R_AMDGPU_ABS32, a2\n",
       ".data\n.long h\nq: .long 0\n.fill 2, 4, 1\n.long g\n.reloc q, R_AMDGPU_ABS32, a2\n",
       ".data\n.long h\nq: .long 0\n.org 12\n.long g\n.reloc q, R_AMDGPU_ABS32, a2\n",
       ".data\n.long h\nq: .long 0\n.uleb128 z-q\n.long g\n.reloc q, R_AMDGPU_ABS32, a2\nz:\n",
       "a: .long 0\n.reloc 0, R_AMDGPU_ABS32, a+2\n.reloc 0, R_AMDGPU_ABS32, .\n"
       ".reloc 0, R_AMDGPU_ABS32, .+4\n",
       ".data\n.L1: .long 0\nb: .long 0\n.set v, b+1\n.set w, 7\n.text\n"
       ".reloc 0, R_AMDGPU_ABS32, .L1-4\n.reloc 0, R_AMDGPU_ABS32, v\n.reloc 0, R_AMDGPU_ABS32, "
       "w\n",
       ".reloc 0, R_AMDGPU_ABS32, 1f\n1:\n.reloc (1+2), R_AMDGPU_REL16, b+1-2\n.set s, 4\n"
       ".reloc s, R_AMDGPU_ABS32, a@rel32@lo\n.reloc -1, R_AMDGPU_ABS32, a\n",
       ".reloc .\n",
       ".reloc 0\n",
       ".reloc 0 R_AMDGPU_ABS32\n",
       ".reloc x, R_AMDGPU_ABS32\n",
       ".reloc 0, 5\n",
       ".reloc 0, R_AMDGPU_ABS32, a b\n",
       ".reloc 0, R_AMDGPU_ABS32, a-b\n",
       "a: .long 0\nb:\n.reloc b-a, R_AMDGPU_ABS32, 5\n",
       ".reloc 0, R_AMDGPU_ABS32, (a+4)*2\n",
       ".reloc 0, r_amdgpu_abs32, a\n",
       ".reloc 0, R_AMDGPU_FOO, a\n.reloc 0, BFD_RELOC_8, a\n",
       ".reloc 0, R_AMDGPU_ABS32, a,\n",
       ".reloc 0, \"R_AMDGPU_ABS32\", a\n"});
}

// A variable set to a label keeps its name in a relocation when global or weak (llvm does not
// expand it there); .size alone puts no symbol in the table.
TEST(Directives, AliasesInRelocations) {
  expectSameEverywhere({".data\n.byte 0\nb: .byte 1\n.set a, b\n.globl a\n.long a\n",
                        ".data\n.byte 0\nb: .byte 1\n.set a, b\n.weak a\n.long a\n",
                        ".data\n.byte 0\nb: .byte 1\n.set a, b+2\n.globl a\n.long a+1\n.quad a-b\n",
                        ".data\n.set a, c\n.globl a\n.long a\n", ".set a, 5\n.globl a\n.long a\n",
                        ".data\n.byte 0\nb: .byte 1\n.globl a\n.long a\n.set a, b\n",
                        ".data\nb: .byte 1\n.set a, b\n.globl a\ns_branch a\n", ".size a, 4\n",
                        ".size a, 4\n.long b\na:\n",
                        ".size a,4\n.long b\n.globl b\na:\n.globl a\n"});
}

// Subsections: .subsection N, .text N/.data N/..., .pushsection NAME, N; laid out in increasing
// number (alignments padded at their final place), printed as llvm prints the switches.
TEST(Directives, Subsections) {
  expectSameEverywhere(
      {".subsection 1\n.subsection 0\n.subsection\n.subsection 2+3\n.subsection 8192\n",
       ".subsection x\n", ".subsection -1\n", ".subsection 1,\n", ".text x\n", ".text 1 2\n",
       ".text 1\n.data 2\n.tdata 1\n.bss 1\n.rodata 1\n",
       ".text\ns_nop 0\n.subsection 1\ns_nop 1\n.subsection 0\ns_nop 2\n",
       ".data\n.byte 1\n.subsection 2\n.byte 2\n.previous\n.byte 3\n",
       ".data 1\n.byte 1\n.data\n.byte 2\n.pushsection .data, 2\n.byte 3\n.popsection\n.byte 4\n",
       ".subsection 1\na: .long 0\n.subsection 0\nb: .long a-b\n.long b-a\n",
       ".pushsection .data, 2, \"aw\"\n.long 1\n", ".pushsection .data, x\n",
       ".pushsection .foo, 1 \"a\"\n",
       ".subsection 2\na: .byte 1\n.byte 2\n.subsection 1\n.long x\nb: .byte 3\n"
       ".subsection 0\n.byte 4\n.long a-b\n.reloc a, R_AMDGPU_ABS32, y\n"
       ".reloc 1, R_AMDGPU_ABS32, z\n",
       ".data 3\n.quad q\n.data 1\n.long r\n.data\n.long s\n.globl q, r, s\n",
       ".subsection 1\na: s_nop 0\n.subsection 0\ns_branch a\n",
       ".text 1\n.cfi_startproc\ns_nop 0\n.cfi_def_cfa_offset 8\n.cfi_endproc\n.text\ns_nop 0\n",
       ".text 1\na:\n.text\n.uleb128 a-b\nb:\n.byte 1\n"});
}

// .symver NAME, ALIAS@VERSION[, remove]: llvm's ELF writer's aliases and renames.
TEST(Directives, SymbolVersions) {
  expectSameEverywhere(
      {".symver a, a@V1\n",
       ".symver a, a@@V1\n",
       ".symver a, b\n",
       ".symver a\n",
       ".symver\n",
       ".symver a, a@@@V1, remove\n",
       ".symver a, b@V1, local\n",
       ".symver a, \"b@V1\"\n",
       "a: .byte 1\n.symver a, a@@V1\n.globl a\n",
       ".symver a, a@V1\n.long a\n",
       "a: .byte 1\n.symver a, a@@@V1, remove\n.globl a\n",
       "a: .byte 1\n.symver a, c@@@V1\n",
       "a: .byte 1\n.symver a, b@V1\n.symver a, c@V2\n",
       "a: .byte 1\n.type a,@function\n.size a, 1\n.hidden a\n.symver a, b@@V1\n.globl a\n"
       ".long a\n",
       ".symver a, a@@@V1\n.long a\n",
       ".symver a, a@@@V1, remove\n.weak a\n.long a\n",
       "a: .byte 1\n.globl a\n.symver a, b@V1\n.symver a, c@@@V2\n",
       "a: .byte 1\n.globl a\n.symver a, b@V1, remove\n.symver a, c@V2, remove\n",
       "x: .long 0\n.data\n.long a\n.globl a\n.symver a, z@V1\n.text\na: .long b\n",
       ".symver a, b@V1 x\n",
       ".symver a, b@V1,\n",
       ".symver 1, b@V1\n",
       ".symver a b@V1\n",
       "a: .byte 1\n.symver a, b@V1, remove\n.long a\n"});
}

// .cg_profile FROM, TO, COUNT: the .llvm.call-graph-profile section and its .rel relocations.
TEST(Directives, CallGraphProfile) {
  expectSameEverywhere(
      {".cg_profile a, b, 10\n", "a: s_nop 0\nb: s_nop 0\n.cg_profile a, b, 32\n",
       ".cg_profile a, b, 10\n.cg_profile c, a, 5\n.cg_profile a, b, 7\n",
       ".globl a\n.cg_profile a, .Lb, 3\n.Lb: s_nop 0\n", ".cg_profile a, .Lb, 3\n",
       ".cg_profile a, b, 0x10 // c\n.cg_profile a, b, 18446744073709551615\n",
       ".data\n.long x\n.cg_profile x, y, 1\n.text\n.file 1 \"a.c\"\n.loc 1 1\ns_nop 0\n"
       ".cfi_sections .debug_frame\n.cfi_startproc\n.cfi_endproc\n",
       ".cg_profile a, b\n", ".cg_profile a\n", ".cg_profile a, b, x\n",
       ".cg_profile \"a\", b, -1\n", ".cg_profile a, b, 10 x\n", ".cg_profile a b, 10\n",
       ".cg_profile a, b, 1+2\n"});
  expectSameOnTargets(".cg_profile a, b, 10\n.long a\n", "pal", {"amdgcn-amd-amdpal"}, {"gfx1100"});
}

// .cfi_label and .loc_label: labels in the frame section and the line program.
TEST(Directives, CfiAndLineLabels) {
  expectSameEverywhere(
      {".cfi_label x\n", ".cfi_label\n", ".cfi_startproc\n.cfi_label x\n.cfi_endproc\n",
       ".cfi_startproc\ns_nop 0\n.cfi_label x\ns_nop 0\n.cfi_endproc\n.long x\n",
       ".cfi_startproc\n.cfi_label 1\n.cfi_endproc\n",
       ".cfi_startproc\n.cfi_label x y\n.cfi_endproc\n",
       ".cfi_sections .debug_frame\n.cfi_startproc\ns_nop 0\n.cfi_label x\n"
       ".cfi_def_cfa_offset 8\n.cfi_endproc\n.long x\n",
       ".loc_label x\n", ".loc_label\n", ".loc_label 1\n", ".loc_label x y\n",
       ".file 1 \"a.c\"\n.loc 1 1\ns_nop 0\n.loc_label x\ns_nop 0\n",
       ".file 1 \"a.c\"\n.loc 1 1\ns_nop 0\n.loc_label x\n.loc 1 5\ns_nop 0\n.loc_label y\n",
       ".file 0 \"/d\" \"a.c\"\n.loc 0 3\ns_nop 0\n.loc_label x\n.long x\n",
       ".loc_label x\n.loc_label y\ns_nop 0\n.data\n.loc_label z\n"});
}

// GNU's binary '!' (or-not, a | ~b, with '|' '&' '^' in precedence), printed as llvm prints it.
TEST(Directives, OrNotOperator) {
  expectSameEverywhere({".long 1 ! 2\n.long 5 ! 0 + 1\n.long 2 * 3 ! 1\n.long 1 | 2 ! 4\n",
                        ".set x, 1 ! 6\n.long x\n.if 0 ! -1\n.byte 1\n.endif\n",
                        "a: s_nop 0\n.set y, a ! 1\n.long 1 !\n"});
}

// Line entries in several subsections of a section: kept in the order they were made (address
// advances going back), the sequence ending where subsection 0 ends, as llvm writes them.
TEST(Directives, LineEntriesInSubsections) {
  expectSameEverywhere(
      {".file 1 \"a.c\"\n.text\n.loc 1 1\ns_nop 0\n.subsection 1\n.loc 1 2\ns_nop 1\n"
       ".subsection 0\n.loc 1 3\ns_nop 2\n",
       ".file 1 \"a.c\"\n.loc 1 1\ns_nop 0\n.subsection 1\ns_nop 1\n.subsection 0\n",
       ".file 1 \"a.c\"\n.text 2\n.loc 1 1\ns_nop 0\n.text 1\n.loc 1 5\ns_nop 1\n.data\n"
       ".loc 1 7\n.long 1\n.text\n.loc 1 9\ns_nop 3\n.loc_label q\n.text 1\n.loc 1 2\ns_nop 1\n"});
}

// Labels llvm defines when it writes the frames or the line table (.cfi_label, .loc_label): one
// already defined (a label before or after, the same .cfi_label twice, .eh_frame and
// .debug_frame both written) is its error at the directive's name; 2-byte personality and LSDA
// pointers are 2-byte data of the symbol (R_AMDGPU_REL16, a local label through its section's
// symbol, an undefined one an error without location).
TEST(Directives, GeneratedLabelsAndShortPersonality) {
  expectSameEverywhere(
      {".cfi_sections .eh_frame, .debug_frame\n.cfi_startproc\ns_nop 0\n.cfi_label x\n"
       ".cfi_def_cfa_offset 8\n.cfi_endproc\n.long x\n",
       "x:\n.cfi_startproc\ns_nop 0\n.cfi_label x\n.cfi_endproc\n",
       ".cfi_startproc\ns_nop 0\n.cfi_label x\n.cfi_endproc\nx:\n",
       ".cfi_startproc\ns_nop 0\n.cfi_label x\n.cfi_label x\n.cfi_endproc\n",
       "x:\n.loc_label x\ns_nop 0\n"});
  for (const char *encoding : {"2", "0x0a", "0x1a", "0x82", "3", "0x9b"})
    for (const char *definition :
         {"pers: s_nop 0\n", ".globl pers\npers: s_nop 0\n", "", ".weak pers\n"})
      expectSameEverywhere({fmt::format(".cfi_startproc\n.cfi_personality {0}, pers\n"
                                        ".cfi_lsda {0}, lsda\ns_nop 0\n.cfi_endproc\n{1}"
                                        "lsda: s_nop 0\n",
                                        encoding, definition)});
}

// A quoted name's escapes as llvm reads them (`\\` and `\"` the character, any other backslash
// kept): printed escaped, the characters in the object's symbol table; `.ifdef` looks the name
// up as written. A variable set to a label takes its type (not degrading its own) and, without
// a size, the label's or the first one along a chain of assignments.
TEST(Directives, QuotedNameEscapesAndAliasAttributes) {
  expectSameEverywhere(
      {"\"a\\\"b\":\n.long 1\n.globl \"a\\\"b\"\n.long \"c\\\\d\"\n\"e\\x41\":\n",
       "\"a\\\\b\":\n.long \"a\\\\b\", \"q\\\"x\"+1\n\"z\\y\" = 5\n.byte \"z\\y\"\n"
       ".set \"w\\\\v\", \"a\\\\b\"\n.globl \"w\\\\v\"\n.type \"a\\\\b\",@function\n"
       ".size \"a\\\\b\", 4\n.ifdef \"a\\\\b\"\n.byte 9\n.endif\n",
       "a:\n.long 1\n.set w, a\n.globl w\n.type a,@function\n.size a, 4\n",
       "x:\n.long 1\n.size x, 2\ny = x\n.size y, 1\nz = y\nz1 = z\nw = x+1\n.globl y, z, z1, w\n"
       ".type x,@object\n.type z,@function\nv = x\n.type v,@gnu_indirect_function\n.globl v\n",
       ".tdata\nt:\n.long 1\n.type t,@tls_object\n.set u, t\n.globl u\n.type u,@object\n"});
}

// Variables llvm's ELF writer cannot write (getBaseSymbol): no symbol plus a constant, a
// difference it cannot fold, a common symbol; a temporary only when it names no defined label.
TEST(Directives, VariablesTheObjectCannotHold) {
  expectSameEverywhere({".set x, a - b\na:\n.data\nb:\n", ".set x, a - b\na:\n",
                        ".set .Lx, y * 2\n", ".set .Lx, a * 2\na:\n", ".set x, (1 | y)\n",
                        ".set x, y\n.set z, x * 2\n", ".set x, a - b\na:\nb:\n",
                        ".comm c, 4\n.set x, c+1\n", ".set x, 1 | y\n.long x\n",
                        ".set x, y * 2\n.globl x\n", "x = 1 | y\n", ".set x, y + 1\n",
                        ".equiv x, y * 2\n", ".set x, y * 2\n.set w, 1 ! z\n"});
}

// Integers wider than 64 bits where a directive reads an integer token (llvm's BigNum is no
// Integer there: `.file N`, `.loc`'s numbers, `.line`, a group name), local labels (llvm keys
// them by 32 bits: `1:` and `4294967297:` are one label; a definition of 2^63 or more is no
// label), a .loc column (16 bits in the line table), .cfi register numbers (printed as written,
// 32 bits in the frame; register names with indexes too wide or out of range) and .comm
// alignments (an exponent llvm keeps 8 bits of): each as llvm-mc-22 reads it.
TEST(Directives, WideNumbers) {
  expectSameEverywhere(
      {"1:\n s_branch 4294967297b\n4294967298:\n s_branch 2b\n4294967296:\n s_branch 0b\n",
       "18446744073709551616:\n s_branch 18446744073709551616b\n s_branch 99999999999999999999f\n"
       "9223372036854775808:\n s_branch 18446744073709551615b\n",
       "9223372036854775807:\n s_branch 4294967295b\n",
       ".file 1 \"a.c\"\n.loc 1 4000000000 4000000000\ns_nop 0\n.loc 1 5 70000\ns_nop 0\n",
       ".file 99999999999999999999 \"a.c\"\n", ".file 1 \"a.c\"\n.loc 99999999999999999999 1\n",
       ".file 1 \"a.c\"\n.loc 1 1 99999999999999999999\n",
       ".file 1 \"a.c\"\n.loc 1 99999999999999999999 1\n", ".line 99999999999999999999\n",
       ".section .x,\"aG\",@progbits,99999999999999999999\n",
       ".cfi_startproc\n.cfi_undefined 4294967296\n.cfi_offset 99999999999, 8\n"
       ".cfi_register 4294967297, s1\n.cfi_return_column 4294967298\n.cfi_endproc\n",
       ".cfi_startproc\n.cfi_undefined s4294967296\n", ".cfi_startproc\n.cfi_undefined s106\n",
       ".cfi_startproc\n.cfi_undefined s99999999999999999999\n",
       ".cfi_startproc\n.cfi_offset v256, 0\n", ".cfi_startproc\n.cfi_offset a4294967295, 0\n",
       ".cfi_startproc\n.cfi_undefined (1)\n", ".cfi_startproc\n.cfi_undefined -1\n",
       ".comm a,100,0x4000000000\n.comm b,1,255\n.comm c,1,256\n.comm d,1,300\n.comm e,1,31\n"
       ".comm f,1,16\n.comm g,1000000000,4\n.comm h,1,0x7fffffff\n.comm i,1,-1\n"});
}
