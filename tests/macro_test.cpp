// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The macro and conditional language (.macro, .rept, .irp, .irpc, .if*, .include, .err,
// .error, .warning, .print, .end): the gfxasm command line and llvm-mc-22 run on the same files
// (and included files), and their whole outputs, diagnostics and exit statuses must be equal,
// with -filetype=asm and -filetype=null.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "oracle_util.h"

namespace {

using namespace gfxasm::test;

// Files to write next to input.s (name -> text; a name may hold a directory: inc/a.s).
using Files = std::map<std::string, std::string>;

ToolRun runIn(const std::string &dir, const std::string &tool, const std::string &options) {
  std::string cmd = fmt::format("cd {} && {} -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 {} {} "
                                ">out.txt 2>err.txt",
                                dir, tool, options, kInputName);
  ToolRun r;
  int st = std::system(cmd.c_str());
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  r.out = slurp(dir + "/out.txt");
  r.err = slurp(dir + "/err.txt");
  return r;
}

// Both programs on `input` (and `files`), with `options` and each output kind.
void expectSame(const std::string &input, const Files &files = {}, const std::string &options = "",
                bool object = false) {
  const char *tmp = std::getenv("TMPDIR");
  const std::string dir = fmt::format("{}/gfxasm_macro_{}", tmp && *tmp ? tmp : "/tmp", ::getpid());
  ASSERT_EQ(std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str()), 0);
  std::ofstream(dir + "/" + kInputName) << input;
  for (const auto &[name, text] : files) {
    const size_t slash = name.rfind('/');
    if (slash != std::string::npos) {
      ASSERT_EQ(std::system(("mkdir -p " + dir + "/" + name.substr(0, slash)).c_str()), 0);
    }
    std::ofstream(dir + "/" + name) << text;
  }
  std::vector<const char *> kinds = {"-show-encoding", "-filetype=null"};
  // (objects: the messages of the layout; the bytes are compared by the object tests)
  if (object) kinds.push_back("-filetype=obj -o out.o");
  for (const char *kind : kinds) {
    const std::string opts = std::string(kind) + " " + options;
    ToolRun llvm = runIn(dir, llvmMcPath(), opts);
    ToolRun ours = runIn(dir, GFXASM_CLI, opts);
    ASSERT_TRUE(llvm.status == 0 || llvm.status == 1) << "llvm-mc-22 did not run: " << llvm.err;
    EXPECT_EQ(ours.out, llvm.out) << kind << "\n" << input;
    EXPECT_EQ(ours.err, llvm.err) << kind << "\n" << input;
    EXPECT_EQ(ours.status, llvm.status) << kind << "\n" << input;
  }
  ASSERT_EQ(std::system(("rm -rf " + dir).c_str()), 0);
}

TEST(Macros, ParametersDefaultsAndCalls) {
  expectSame(".macro foo a, b=2, c:req\n"
             "  s_mov_b32 s\\a, \\b\n"
             "  .long \\c, \\@\n"
             ".endm\n"
             "foo 1, , 7\n"
             "foo c=3, a=4\n"
             "foo 5\n"
             "foo a = 7 , c = 9\n"
             "s_nop 0\n");
  // Arguments separated by spaces, operators joining them, parentheses, strings.
  expectSame(".macro m a b c\n.long \\a\n.long \\b\n.long \\c\n.endm\n"
             "m 1 2 3\nm 1 + 2, 3\nm (1 + 2) 4, 5\nm 1 +2 3\nm 1, 2\n");
  expectSame(".macro m a\ns_mov_b32 s0, \\a\n.endm\nm \"7\"\nm (1 2) \nm 1 ; comment\n"
             "m 2 // comment\nm 3 /* block */\n");
  // Empty arguments, a macro without parameters, a comma after the name.
  expectSame(".macro m a b\n.long \\a\n.endm\nm , 2\nm ,\nm\n.macro n\n.long 1\n.endm\nn\n"
             ".macro k, x\n.long \\x\n.endm\nk 4\n");
}

TEST(Macros, ArgumentErrors) {
  expectSame(".macro m a b c\n.long \\a\n.endm\n"
             "m 1, 2, 3, 4\nm 1=2\nm a=1, 2\nm d=1\nm (1, 2\nm 1 2 3 4\n"
             ".macro n\n.long 1\n.endm\nn x\n"
             ".macro r a:req, b:req\n.long \\a\n.endm\nr\nr b=1\n");
}

TEST(Macros, Vararg) {
  expectSame(".macro v a, rest:vararg\n.long \\a\n.byte \\rest\n.endm\n"
             "v 1, 2, 3   // c\nv 1\nv 1 2, 3\n");
  expectSame(".macro v a, rest:vararg\ns_mov_b32 \\a, \\rest\n.endm\nv s0 s1\nv s0, s1 // c\n"
             "v s0, s1 s2\n");
}

TEST(Macros, DefinitionErrors) {
  expectSame(".macro q a:vararg, b\n.endm\n.macro q2 a:foo\n.endm\n.macro q3 a:\n.endm\n"
             ".macro q4 a a\n.endm\n.macro q5 a:req=1\n.long \\a\n.endm\nq5 3\n.macro\n"
             ".macro 5\n.macro q6, a, b=\n.long \\b\n.endm\nq6 1\n");
  expectSame(".macro a\n.endm\n.macro a\n.endm\n.purgem b\n.purgem\n.purgem a x\n"
             ".purgem a\n.purgem a\n");
  expectSame(".macro m\n.long 1\n.endm x\n.long 2\n.endm\n");
  // llvm's warning for $1 in a macro with named parameters it does not use.
  expectSame(".macro m a\n.long $1\n.endm\n.macro n\n.long $1\n.endm\n.macro k a\n"
             ".long \\a $1\n.endm\n");
}

TEST(Macros, Unterminated) {
  expectSame(".macro a\n.long 1\n");
  expectSame("s_nop 0\n.macro a\n.macro b\n.endm\n");
  expectSame(".rept 2\n.long 1\n");
  expectSame(".irp x, 1, 2\n.long \\x\n");
}

TEST(Macros, StrayEnds) {
  expectSame(".endr\n.endm\n.endmacro\n.ENDM\n.exitm\n");
  expectSame(".exitm\n  s_nop 0\n");
  expectSame(".exitm // c\n");
}

TEST(Macros, SubstitutionSeparatorsAndCounter) {
  expectSame(".macro m a\n.long \\a\\()0\n.long \\@\\()0\n.long 1\\()2\n.endm\n"
             "m 5\nm 6\n.irp i, 1 2\n.long \\i\\@\n.endr\n");
}

TEST(Macros, ExitmPurgemAndNesting) {
  expectSame(".macro bar\n.long 1\n.exitm\n.long 2\n.endm\nbar\nbar\n.purgem bar\nbar\n");
  expectSame(".macro e n\n.if \\n > 2\n.exitm\n.endif\n.long \\n\n.endm\ne 1\ne 3\n.long 9\n");
  expectSame(".macro outer\n.macro inner x\n.long \\x\n.endm\n.endm\nouter\ninner 4\nouter\n");
  expectSame(".macro count n\n.if \\n\n.long \\n\ncount (\\n-1)\n.endif\n.endm\ncount 3\n");
  expectSame(".macro a x\n.long \\x\nb \\x+1\n.endm\n.macro b y\n.long \\y\n.endm\na 1\n");
}

TEST(Macros, NamedLikeInstructionsAndCase) {
  expectSame(".macro s_nop a\n.long \\a\n.endm\ns_nop 5\n.purgem s_nop\ns_nop 5\n");
  expectSame(".macro Up\n.long 2\n.endm\nup\nUP\nUp\n.MACRO m\n.long 3\n.ENDM\nm\n");
}

TEST(Macros, Labels) {
  expectSame("lbl: .rept 2\n.long 1\n.endr\n.macro m\n.long 2\n.endm\nx: y: m\nz: .if 1\n"
             ".long 3\n.endif\n");
}

TEST(Macros, DepthLimit) {
  expectSame(".macro r\n r\n.endm\nr\ns_nop 0\n");
  expectSame(".macro r n\n.rept 1\nr\n.endr\n.endm\nr\n");
  expectSame(".rept 21\n.rept 1\n.endr\n.endr\n");
}

TEST(Macros, ErrorsInExpansions) {
  expectSame(
      ".macro m a\n  s_mov_b32 s0, \\a\n\ts_bogus\n.endm\n  m 1\n.macro n\n m 2\n.endm\nn\n");
  expectSame(".rept 2\ns_bogus\n.endr\n.irp x, 1, 2\ns_mov_b32 s0, \\x x\n.endr\n");
  expectSame(".macro w\n.warning \"careful\"\n.endm\nw\n");
}

TEST(Repeat, ReptIrpIrpc) {
  expectSame(".rept 2\ns_nop 0\n.endr\ns_nop 1\n.rept 2\n.rept 2\n.long 1\n.endr\n.endr\n"
             ".rept 0\n.long 9\n.endr\n.rep 1\n.long 3\n.endr\n.REPT 1\n.long 4\n.endr\n");
  expectSame(".irp x, a,,b\n.long \\x\n.endr\n.irp y\n.long 5\n.endr\n.irp z,\n.long 6\n.endr\n"
             ".irpc c, 123\n.long \\c\n.endr\n.irpc c \"ab\"\n.byte 1\n.endr\n");
  expectSame(".irpc c, abc\n.long \\c\n.endr\n.irpc c, a+b\n.endr\n.irpc c\n.endr\n"
             ".irpc 5, a\n.endr\n.irp 5, a\n.endr\n.irp x, 1 2 3\n.long \\x\n.endr\n");
  expectSame(".rept -1\n.long 1\n.endr\n.rept x\n.long 1\n.endr\n.rept 1 2\n.endr\n");
  // .endm ends a .rept's instantiation too, and .exitm.
  expectSame(".rept 3\n.long 1\n.endm\n.long 2\n.endr\n.long 3\n");
  expectSame(".rept 1\n.exitm\n.long 2\n.endr\n.long 3\n");
  expectSame(".rept 2\n.long 1\n.endr x\n.long 2\n");
}

TEST(Conditionals, Expressions) {
  expectSame("x = 3\n.if x == 3\n.long 1\n.elseif x\n.long 2\n.else\n.long 3\n.endif\n"
             ".ifeq x - 3\n.long 4\n.endif\n.ifne x\n.long 5\n.endif\n.iflt -1\n.long 6\n"
             ".endif\n.ifle 0\n.long 7\n.endif\n.ifgt 0\n.long 8\n.endif\n.ifge 0\n.long 9\n"
             ".endif\n.set y, x * 2\n.if y - 6\n.long 10\n.else\n.long 11\n.endif\n");
  expectSame(".if 0\n.if 1\n.long 1\n.else\n.long 2\n.endif\n.elseif 1\n.long 3\n.elseif 1\n"
             ".long 4\n.else\n.long 5\n.endif\n.IF 1\n.long 6\n.ENDIF\n");
}

TEST(Conditionals, StringsAndBlanks) {
  expectSame(".ifb\n.long 1\n.endif\n.ifb x\n.long 2\n.endif\n.ifnb x\n.long 3\n.endif\n"
             ".ifnb // c\n.long 4\n.endif\n.ifc a,a\n.long 5\n.endif\n.ifc  a , a \n.long 6\n"
             ".endif\n.ifnc a,b\n.long 7\n.endif\n.ifc a\n.endif\n.ifc \"a,b\",x\n.long 8\n"
             ".endif\n");
  expectSame(".ifeqs \"a\", \"a\"\n.long 1\n.endif\n.ifnes \"a\", \"b\"\n.long 2\n.endif\n"
             ".ifeqs a\n.ifeqs \"a\" \"b\"\n.ifnes \"a\",\n.if 0\n.ifeqs \"a\",\"a\"\n.long 3\n"
             ".endif\n.endif\n");
  expectSame(".ifeqs \"a\",\"b\"\n.long 4\n.else\n.long 6\n.endif\n.long 5\n"
             ".ifeqs \"a\",\"a\" // c\n.long 3\n.endif\n");
}

TEST(Conditionals, Symbols) {
  expectSame("L1:\n.set v, 1\n.ifdef L1\n.long 1\n.endif\n.ifdef v\n.long 2\n.endif\n"
             ".ifndef u\n.long 3\n.endif\n.ifnotdef L1\n.long 4\n.endif\n.ifdef u\n.long 5\n"
             ".else\n.long 6\n.endif\n.ifdef L2\n.long 7\n.endif\nL2:\n.ifdef x y\n.endif\n");
}

TEST(Conditionals, SkippedRegions) {
  // Nothing in a skipped region is assembled or reported, but its conditionals nest.
  expectSame(".if 0\n.err\n.error \"x\"\n.warning \"y\"\n.print \"z\"\ns_bogus\n.macro m\n"
             ".endif\n.long 1\n");
  expectSame("/*\n.if 0\n*/\n.long 1\n.if 0\n/* .endif\n*/ .long 2\n.endif\n.long 3\n");
  expectSame(".macro m\n.long 1 /* open\n*/\n.endm\nm\n.long 2\n");
}

TEST(Conditionals, Errors) {
  expectSame(".else\n.endif\n.elseif 1\n");
  expectSame(".else junk\n.endif junk\n.if 0\n.else junk\n.endif\n.elseif\n.if 1\n"
             ".elseif x\n.endif\n.if 0\n.elseif x\n.endif\n.if\n.endif\n");
  expectSame(".if x\n.endif\n.if L\n.endif\nL:\n.if 1 1\n.endif\n.ifdef\n.endif\n"
             ".ifdef 3\n.endif\n");
  expectSame(".if 1\ns_nop 0\n");
  expectSame(".if 1\n.long 1");
  expectSame(".if 0\n.else\n");
}

TEST(Messages, ErrorWarningPrintEnd) {
  expectSame("s_nop 0\n.print \"hello\"\n.warning \"w1\"\n.error \"e1\"\n.err\n.print \"x\"\n"
             "s_nop 3\n.warning\n.error\n");
  expectSame(".print\n.print x\n.print \"a\" b\n.warning x\n.warning \"a\" b\n.error 5\n"
             ".error \"m\" x\n.err x\n");
  expectSame(".long 1\n.end\n.long 2\n");
  expectSame(".if 1\n.long 1\n.end\n.long 2\n");
  expectSame(".long 1\n.end x\n.long 2\n");
}

TEST(Include, SearchAndBlankLines) {
  const Files files = {{"inc/a.s", "s_nop 1\n"},
                       {"inc/b.s", "s_nop 1"},
                       {"inc/c.s", ".include \"a.s\"\n"},
                       {"inc/d.s", ".include \"a.s\"\ns_nop 7\n"},
                       {"top.s", "s_nop 9\n"}};
  for (const char *f : {"a", "b", "c", "d"})
    expectSame(fmt::format("s_nop 0\n.include \"{}.s\"\ns_nop 2\n", f), files, "-I inc");
  expectSame("s_nop 0\n.include \"a.s\" // c\ns_nop 2\n", files, "-I inc");
  expectSame("s_nop 0\n.include \"a.s\"", files, "-Iinc");
  expectSame(".include \"top.s\"\n.include \"inc/a.s\"\n", files);
  expectSame(".include \"a.s\"\n.include x\n.include \"a.s\" x\n.include \"nope.s\"\n", files);
}

TEST(Include, DiagnosticsInIncludedFiles) {
  const Files files = {{"inc/inc1.s", "s_nop 1\n s_bogus 2\n.include \"inc2.s\"\n"},
                       {"inc/inc2.s", "  s_bad2\n"},
                       {"inc/mac.s", ".macro im a\n s_bad \\a\n.endm\n"},
                       {"inc/bad.s", "s_bad_in\n"},
                       {"inc/bad2.s", "s_bad_in\n\n"},
                       {"inc/n1.s", ".include \"bad.s\"\n"},
                       {"inc/n5.s", ".include \"bad.s\"\n.long 7\n"}};
  expectSame("s_nop 0\n.include \"inc1.s\"\n.warning \"w1\"\ns_nop 3\n", files, "-I inc");
  expectSame(".include \"mac.s\"\nim 3\n", files, "-I inc");
  expectSame(".macro mi\n.include \"bad.s\"\n.endm\nmi\n.long 1\n", files, "-I inc");
  for (const char *f : {"bad", "bad2", "n1", "n5"})
    expectSame(fmt::format(".include \"{}.s\"\n.long 1\n", f), files, "-I inc");
}

// Limits llvm-mc does not have: gfxasm stops with an error instead of running for hours or
// without end (not compared with llvm-mc).
TEST(Limits, HugeRepeatAndRecursiveInclude) {
  gfxasm::AssembleResult r = assembleLikeCli(".rept 1000000000\n.long 1\n.endr\n.long 2\n");
  ASSERT_EQ(r.errorCount, 1u);
  EXPECT_NE(r.diagnostics[0].message.find("limit"), std::string::npos);
  EXPECT_NE(r.text.find(".long\t2"), std::string::npos);

  std::string error;
  auto target = gfxasm::Target::create("gfx1100", {}, &error);
  ASSERT_TRUE(target) << error;
  gfxasm::AssembleOptions o;
  o.maxExpansionBytes = 1 << 20;
  o.output = gfxasm::OutputKind::Null;
  r = gfxasm::assemble(*target, ".rept 1000\n.rept 1000\n.long 1\n.endr\n.endr\n", o);
  EXPECT_GT(r.errorCount, 0u);

  // A file that includes itself (llvm-mc runs until memory runs out).
  const char *tmp = std::getenv("TMPDIR");
  const std::string path =
      fmt::format("{}/gfxasm_macro_self_{}.s", tmp && *tmp ? tmp : "/tmp", ::getpid());
  std::ofstream(path) << ".long 1\n.include \"" << path << "\"\n";
  r = gfxasm::assemble(*target, fmt::format(".include \"{}\"\n.long 2\n", path), o);
  std::remove(path.c_str());
  ASSERT_EQ(r.errorCount, 1u);
  EXPECT_NE(r.diagnostics[0].message.find("nested"), std::string::npos);
}

// Bodies read as llvm's lexer reads them: a character constant that takes the line break (`'ab'`
// at a line's end, `'\ch'`) joins the next line to its statement, so an .endr or .endm there is
// not seen; quotes in comments and strings change nothing.
TEST(Macros, QuotesInBodies) {
  for (const char *body :
       {".byte 'a'", "// don't", "; it's", ".ascii \"it's\"", ".byte '\\n'", ".byte 'ab'",
        "s_nop 0 /* it's */", "# it's", ".long 1 # it's", ".ascii \"a"}) {
    expectSame(std::string(".rept 2\n  ") + body + "\n.endr\ns_nop 0\n");
    expectSame(std::string(".macro m\n  ") + body + "\n.endm\nm\ns_nop 0\n");
  }
  expectSame(".irpc ch, abc\n  .byte '\\ch'\n.endr\ns_nop 0\n");
}

// .altmacro (until .noaltmacro; only the name spelled in lower case turns it on): a parameter's
// bare name is its argument (inside strings too, '&' after it dropped), `%expr` an argument
// of its value, `<...>` one of its text ('!' escapes); `local` is no directive of llvm's.
TEST(Macros, AltMacro) {
  const std::string m = ".altmacro\n.set sym, 7\nlab:\n.macro m a, b=dflt\n"
                        ".ascii \"a|b|\\a&b|\\b&&a&\"\n.endm\n";
  for (const char *call :
       {"m %1+2, <3>",      "m <a>b",       "m %(1<<40) x", "m %sym 1", "m %undefined_sym 1",
        "m <a ; b> c",      "m <a!",        "m <>",         "m <<a>",   "m %",
        "m %1 2 3",         "m b=<x> a=%3", "m %1+2 >5",    "m %-5",    "m % 4",
        "m \"q s\" <r!!t>", "m a b",        "m %lab",       "m %(2",    "m <a!>",
        "m <!<x!>>",        "m %1+2 <3>"})
    expectSame(m + call + "\n");
  expectSame(".altmacro\n.macro m a:vararg\n.ascii \"a\"\n.endm\nm <x y>, z\nm <abc\nm %2 q\n");
  expectSame(".altmacro\n.macro m a:req, b\n.ascii \"a-b\"\n.endm\nm b=%1\nm <>,<7>\n");
  expectSame(".altmacro\n.macro m a\n.byte a; a\n.byte \\a\n.endm\nm 1\n.noaltmacro\nm 2\n");
  expectSame(".altmacro\n.macro m a, ab\n.byte ab, a, a.b, a$, _a, a_\n.endm\nm 1 2\n");
  expectSame(".altmacro\n.macro m a\nlocal l\nl: .byte \\a\n.endm\nm 1\nm 2\n");
  expectSame(".altmacro\n.irp x, <a b>, %3, c\n.ascii \"x\\x\\+\"\n.endr\n"
             ".irpc x, <a!>b>\n.ascii \"x\"\n.endr\n.irpc x, %10+2\n.ascii \"x\\x\"\n.endr\n");
  expectSame(".altmacro\n.irp x, %1+, 2\n.ascii \"x\"\n.endr\n");
  expectSame(".altmacro\n.irp x, %(1\n.ascii \"x\"\n.endr\n");
  expectSame(".altmacro x\n.noaltmacro 1\n.ALTMACRO\n.macro m a\n.byte a\n.endm\nm 5\n");
  expectSame(".altmacro\n.macro m a\n.macro n b\n.byte a, b, \\b\n.endm\nn 4\n.endm\nm 3\n");
  expectSame(".altmacro\n.macro m x\n.byte x\n.endm\n.irp y, 1, 2\nm %y*2\n.endr\n");
  expectSame(".altmacro\n.macro m x\ns_mov_b32 s0, x\n.endm\nm %0x10\nm <s1>\n");
  expectSame(".altmacro\n.macro m a b\n.ascii \"\\a\\()b\"\n.endm\nm 1 2\n");
}

// \+: the expansions of this macro (or .rept, .irp, .irpc) before this one.
TEST(Macros, ExpansionCounter) {
  expectSame(".macro m\n.byte \\+\n.endm\nm\nm\n.purgem m\n.macro m\n.byte \\+\n.endm\nm\n"
             ".rept 3\n.byte \\+\n.endr\n.irp x, 1, 2\n.byte \\+\\x\n.endr\n"
             ".irpc x, 12\n.byte \\x\\+\n.endr\n.macro n a\n.byte \\a\\+\n.endm\nn 1\nn 2\n");
  expectSame(".irpc x, \"ab\"\n.ascii \"\\x\"\n.endr\n");
}

// Errors llvm's context reports (a label defined again in a macro) have no instantiation
// notes; errors found when the object is laid out name the buffer of their line (a macro
// instantiation, an included file), without notes or include stack.
TEST(Macros, ContextAndLayoutErrorsInExpansions) {
  expectSame(".macro m\nl: .byte 1\n.endm\nm\nm\n", {}, "", true);
  expectSame(".macro m\n.byte undefined_x\n.endm\n.byte 1\nm\n", {}, "", true);
  expectSame(".byte 0\n.include \"inc1.s\"\n.rept 2\n.long undefined_z\n.endr\n",
             {{"inc1.s", ".byte 1\n.byte undefined_y\n"}}, "", true);
}

} // namespace
