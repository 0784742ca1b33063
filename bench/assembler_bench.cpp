// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Google Benchmark cases for the assembler's stages, each on its own: lexing, expression parsing,
// operand parsing (statement tokens -> isa::Inst), encoding (Inst -> bytes), printing (Inst ->
// text), whole programs through assemble() with and without the printed text (and checked only,
// as -filetype=null), and the disassembler on the same program's code.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "asm/expr.h"
#include "asm/lexer.h"
#include "asm/mnemonics.h"
#include "asm/operand_parser.h"
#include "decode/decoder.h"
#include "encode/encoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/inst.h"
#include "print/printer.h"

namespace {

// Statements whose operands are all positional (the stage benchmarks parse them directly).
const char *const kLines[] = {
    "s_add_u32 s0, s1, 0x12345678",
    "s_load_b128 s[4:7], s[0:1], 0x10",
    "s_waitcnt vmcnt(1) & lgkmcnt_sat(100) & expcnt(2)",
    "s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)",
    "s_cmp_lg_u64 s[2:3], exec",
    "s_mov_b32 s10, -4.0",
    "s_lshl_b32 s13, s10, 1",
    "s_and_saveexec_b32 s0, vcc_lo",
};
constexpr size_t kProgramLines = 10000;

std::string program(size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    s += kLines[i % std::size(kLines)];
    s += '\n';
  }
  return s;
}

const gfxasm::Target &target() {
  static const gfxasm::Target t = *gfxasm::Target::create("gfx1100", {}, nullptr);
  return t;
}

const gfxasm::isa::ArchTables &arch() {
  return *static_cast<const gfxasm::isa::ArchTables *>(target().arch());
}

std::vector<std::vector<gfxasm::as::Token>> lexedLines() {
  std::vector<std::vector<gfxasm::as::Token>> lines;
  bool block = false;
  for (const char *l : kLines) gfxasm::as::lexLine(l, lines.emplace_back(), block);
  return lines;
}

// The operand-parsing stage for a statement of positional operands only (what assemble() does
// for each candidate table entry; modifiers are left at their defaults). False if it does not
// parse with the first entry of its mnemonic.
bool parseStatement(const std::vector<gfxasm::as::Token> &toks, gfxasm::as::SymbolTable &syms,
                    gfxasm::isa::Inst &inst) {
  using namespace gfxasm;
  const auto &mnemonics = as::MnemonicTable::forArch(arch());
  as::Cursor c{toks, 0};
  auto candidates = mnemonics.lookup(c.next().text);
  if (candidates.empty()) return false;
  inst = isa::Inst{};
  inst.arch = &arch();
  inst.desc = &arch().instrs[candidates.front()];
  as::ParseContext ctx{target(), syms};
  auto ops = arch().operandsOf(*inst.desc);
  bool first = true;
  for (size_t i = 0; i < ops.size(); ++i) {
    inst.ops[i].value = as::defaultValue(ops[i]);
    if (!isa::isPositional(ops[i].cls) || c.atEnd()) continue;
    if (!first && !c.accept(as::Tok::Comma)) return false;
    first = false;
    if (!as::parseOperand(ctx, c, ops[i], static_cast<unsigned>(i), inst)) return false;
  }
  return c.atEnd();
}

std::vector<gfxasm::isa::Inst> parsedLines(benchmark::State &state) {
  gfxasm::as::SymbolTable syms;
  std::vector<gfxasm::isa::Inst> insts;
  for (const auto &toks : lexedLines()) {
    if (!parseStatement(toks, syms, insts.emplace_back())) {
      state.SkipWithError("a benchmark statement does not parse");
      insts.pop_back();
    }
  }
  return insts;
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

void BM_ParseOperands(benchmark::State &state) {
  auto lines = lexedLines();
  gfxasm::as::SymbolTable syms;
  gfxasm::isa::Inst inst;
  for (auto _ : state) {
    for (const auto &toks : lines) {
      bool ok = parseStatement(toks, syms, inst);
      benchmark::DoNotOptimize(ok);
      benchmark::DoNotOptimize(inst.ops.data());
    }
  }
  state.SetItemsProcessed(state.iterations() * lines.size());
}
BENCHMARK(BM_ParseOperands);

void BM_Encode(benchmark::State &state) {
  auto insts = parsedLines(state);
  uint8_t buf[gfxasm::enc::kMaxInstBytes];
  for (auto _ : state) {
    for (const auto &inst : insts) {
      size_t n = gfxasm::enc::encode(inst, buf);
      benchmark::DoNotOptimize(n);
      benchmark::DoNotOptimize(buf);
    }
  }
  state.SetItemsProcessed(state.iterations() * insts.size());
}
BENCHMARK(BM_Encode);

void BM_Print(benchmark::State &state) {
  auto insts = parsedLines(state);
  std::string out;
  for (auto _ : state) {
    out.clear();
    for (const auto &inst : insts) gfxasm::print::printInst(inst, target(), out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * insts.size());
}
BENCHMARK(BM_Print);

void BM_AssembleNull(benchmark::State &state) {
  std::string src = program(kProgramLines);
  gfxasm::AssembleOptions opts;
  opts.output = gfxasm::OutputKind::Null;
  for (auto _ : state) {
    auto r = gfxasm::assemble(target(), src, opts);
    benchmark::DoNotOptimize(r.code.data());
  }
  state.SetItemsProcessed(state.iterations() * kProgramLines);
  state.SetBytesProcessed(state.iterations() * src.size());
}
BENCHMARK(BM_AssembleNull);

// What `gfxasm -filetype=null` does: Null output without the code bytes (checked and sized, not
// encoded).
void BM_AssembleCheckOnly(benchmark::State &state) {
  std::string src = program(kProgramLines);
  gfxasm::AssembleOptions opts;
  opts.output = gfxasm::OutputKind::Null;
  opts.keepCode = false;
  for (auto _ : state) {
    auto r = gfxasm::assemble(target(), src, opts);
    benchmark::DoNotOptimize(r.errorCount);
  }
  state.SetItemsProcessed(state.iterations() * kProgramLines);
  state.SetBytesProcessed(state.iterations() * src.size());
}
BENCHMARK(BM_AssembleCheckOnly);

void BM_AssembleShowEncoding(benchmark::State &state) {
  std::string src = program(kProgramLines);
  gfxasm::AssembleOptions opts;
  opts.showEncoding = true;
  for (auto _ : state) {
    auto r = gfxasm::assemble(target(), src, opts);
    benchmark::DoNotOptimize(r.text.data());
  }
  state.SetItemsProcessed(state.iterations() * kProgramLines);
  state.SetBytesProcessed(state.iterations() * src.size());
}
BENCHMARK(BM_AssembleShowEncoding);

// The code of the 10,000-line program, decoded instruction by instruction (the library's decode
// rate, without text input or printing), and printed too.
void BM_DisassembleBytes(benchmark::State &state) {
  auto code = gfxasm::assemble(target(), program(kProgramLines)).code;
  size_t count = 0;
  for (auto _ : state) {
    count = 0;
    for (size_t at = 0; at < code.size(); ++count) {
      auto d = gfxasm::disassembleInstruction(target(), code.data() + at, code.size() - at);
      benchmark::DoNotOptimize(d.text.data());
      at += d.size ? d.size : 4;
    }
  }
  state.SetItemsProcessed(state.iterations() * count);
}
BENCHMARK(BM_DisassembleBytes);

// A mixed corpus (llvm-mc's --disassemble input, one instruction's bytes per line, such as the one
// bench/compare_disasm.py writes) named by GFXASM_DISASM_CORPUS: each line's bytes, zero-padded
// as the disassembler pads them. Empty without the variable.
const std::vector<std::vector<uint8_t>> &corpusInstructions() {
  static const std::vector<std::vector<uint8_t>> lines = [] {
    std::vector<std::vector<uint8_t>> out;
    const char *path = std::getenv("GFXASM_DISASM_CORPUS");
    if (!path) return out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
      std::vector<uint8_t> bytes;
      std::istringstream items(line);
      std::string item;
      while (std::getline(items, item, ','))
        if (!item.empty()) bytes.push_back(static_cast<uint8_t>(std::stoul(item, nullptr, 0)));
      if (bytes.empty()) continue;
      bytes.resize(bytes.size() + 32, 0);
      out.push_back(std::move(bytes));
    }
    return out;
  }();
  return lines;
}

// Decoding (and printing, with `print`) each instruction of the mixed corpus.
void disassembleCorpus(benchmark::State &state, bool print) {
  const auto &lines = corpusInstructions();
  if (lines.empty()) {
    state.SkipWithError("set GFXASM_DISASM_CORPUS to an llvm-mc --disassemble input");
    return;
  }
  gfxasm::isa::Inst inst;
  std::string out;
  for (auto _ : state) {
    out.clear();
    for (const auto &bytes : lines) {
      size_t n = gfxasm::dec::decode(target(), bytes.data(), bytes.size() - 32, inst);
      if (n && print) gfxasm::print::printInst(inst, target(), out);
      benchmark::DoNotOptimize(n);
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * lines.size());
}
void BM_DisassembleCorpusDecode(benchmark::State &state) {
  disassembleCorpus(state, false);
}
BENCHMARK(BM_DisassembleCorpusDecode);
void BM_DisassembleCorpusPrint(benchmark::State &state) {
  disassembleCorpus(state, true);
}
BENCHMARK(BM_DisassembleCorpusPrint);

} // namespace

BENCHMARK_MAIN();
