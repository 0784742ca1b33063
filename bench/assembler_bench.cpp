// Google Benchmark cases for the assembler's stages: lexing, expression parsing, whole statements.
#include <benchmark/benchmark.h>

#include <string>

#include "asm/expr.h"
#include "asm/lexer.h"
#include "gfxasm/gfxasm.h"

namespace {

const char *const kLines[] = {
    "s_add_u32 s0, s1, 0x12345678",
    "s_load_b128 s[4:7], s[0:1], 0x10",
    "s_waitcnt vmcnt(1) & lgkmcnt_sat(100) & expcnt(2)",
    "s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)",
    "s_cmp_lg_u64 s[2:3], exec",
};

std::string program(size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    s += kLines[i % std::size(kLines)];
    s += '\n';
  }
  return s;
}

void BM_Lex(benchmark::State &state) {
  std::vector<gfxasm::as::Token> toks;
  bool block = false;
  for (auto _ : state) {
    for (const char *l : kLines) {
      gfxasm::as::lexLine(l, toks, block);
      benchmark::DoNotOptimize(toks.data());
    }
  }
  state.SetItemsProcessed(state.iterations() * std::size(kLines));
}
BENCHMARK(BM_Lex);

void BM_Expr(benchmark::State &state) {
  std::vector<gfxasm::as::Token> toks;
  bool block = false;
  gfxasm::as::lexLine("(1 << 4) + 3 * (7 & 5) - ~2", toks, block);
  gfxasm::as::SymbolTable syms;
  for (auto _ : state) {
    gfxasm::as::Cursor c{toks, 0};
    auto r = gfxasm::as::parseExpr(c, syms);
    benchmark::DoNotOptimize(r.value);
  }
}
BENCHMARK(BM_Expr);

void BM_AssembleNull(benchmark::State &state) {
  auto target = gfxasm::Target::create("gfx1100", {}, nullptr);
  std::string src = program(10000);
  gfxasm::AssembleOptions opts;
  opts.output = gfxasm::OutputKind::Null;
  for (auto _ : state) {
    auto r = gfxasm::assemble(*target, src, opts);
    benchmark::DoNotOptimize(r.code.data());
  }
  state.SetItemsProcessed(state.iterations() * 10000);
}
BENCHMARK(BM_AssembleNull);

void BM_AssembleShowEncoding(benchmark::State &state) {
  auto target = gfxasm::Target::create("gfx1100", {}, nullptr);
  std::string src = program(10000);
  gfxasm::AssembleOptions opts;
  opts.showEncoding = true;
  for (auto _ : state) {
    auto r = gfxasm::assemble(*target, src, opts);
    benchmark::DoNotOptimize(r.text.data());
  }
  state.SetItemsProcessed(state.iterations() * 10000);
}
BENCHMARK(BM_AssembleShowEncoding);

} // namespace

BENCHMARK_MAIN();
