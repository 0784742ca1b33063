// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Differential test of the disassembler against llvm-mc-22 --disassemble: for every format and
// opcode of the tables, random bytes in every other bit (so valid and invalid operand values,
// reserved fields, every register and modifier) must print the same text, give the same
// warnings, and the text gfxasm prints must assemble back to an instruction that prints the same.
//
// Each sample is its own `[...]` block: the instruction's bytes, 4 random bytes (its literal if it
// takes one) and 12 zero bytes (so that no decode runs past the block's end, which crashes
// llvm-mc-22), then a marker block that separates the samples in the output.
//
// Environment: GFXASM_DISASM_SAMPLES (default 8 per opcode), GFXASM_DIFF_SEED,
// GFXASM_DIFF_FORMATS, GFXASM_DIFF_KEEP=dir, LLVM_MC.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <tuple>

#include <fmt/format.h>

#include "../oracle_util.h"
#include "configs.h"
#include "encode/encoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/arch_traits.h"
#include "isa/isa.h"
#include "operand_gen.h"

namespace gfxasm::difftest {
namespace {

using namespace isa;

constexpr const char *kMarkerBlock = "[0x39,0x30,0x80,0xbf]";
constexpr const char *kMarkerText = "\ts_nop 0x3039";

// Output lines per sample (split at the marker instruction).
std::vector<std::vector<std::string>> samplesOf(const std::string &out) {
  std::vector<std::vector<std::string>> samples(1);
  std::istringstream in(out);
  for (std::string l; std::getline(in, l);) {
    if (l.rfind(kMarkerText, 0) == 0) {
      samples.emplace_back();
      continue;
    }
    samples.back().push_back(l);
  }
  return samples;
}

// "line: severity: message" of each diagnostic, in order.
std::vector<std::string> diagnosticsOf(const std::string &err) {
  std::vector<std::string> out;
  for (const auto &d : test::parseDiagnostics(err))
    out.push_back(fmt::format("{}:{}: {}: {}", d.line, d.col, d.severity, d.message));
  return out;
}

// Samples [from, to) as llvm-mc's --disassemble input, each followed by the marker block.
std::string markedInput(const std::vector<std::string> &samples, size_t from, size_t to) {
  std::string input;
  for (size_t i = from; i < to; ++i) input += samples[i] + "\n" + kMarkerBlock + "\n";
  return input;
}

// The samples llvm-mc-22 crashes on (its disassembler has bugs of its own: gfx9 VALU encodings
// with some reserved bits), found by halving the set that crashes (about 500 runs of llvm-mc-22
// for gfx9's 40 crashers: the slow way, for when the fast one below cannot tell).
std::vector<size_t> llvmCrashersByHalving(const Config &cfg, const std::string &attrs,
                                          const std::vector<std::string> &samples, size_t from,
                                          size_t to) {
  test::ToolRun llvm =
      test::runLlvmMc(markedInput(samples, from, to), cfg.cpu, attrs, "--disassemble");
  if (llvm.status == 0 || llvm.status == 1) return {};
  if (to - from == 1) return {from};
  size_t mid = from + (to - from) / 2;
  auto a = llvmCrashersByHalving(cfg, attrs, samples, from, mid),
       b = llvmCrashersByHalving(cfg, attrs, samples, mid, to);
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The same, about one run per crasher: on a terminal llvm-mc-22 writes its output unbuffered, so
// run under a pseudo-terminal (`script`, util-linux) the markers printed before a crash count the
// samples done, the next one crashed it, and the next run starts after it. Runs take at most
// kSamplesPerRun samples (each crash costs what was decoded after it again).
std::vector<size_t> llvmCrashers(const Config &cfg, const std::string &attrs,
                                 const std::vector<std::string> &samples) {
  constexpr size_t kSamplesPerRun = 1024;
  const std::string onTerminal =
      fmt::format("script -qec '{}' /dev/null",
                  test::assemblerCommand(test::llvmMcPath(), cfg.cpu, attrs, "--disassemble"));
  std::vector<size_t> crashers;
  for (size_t from = 0; from < samples.size();) {
    const size_t to = std::min(samples.size(), from + kSamplesPerRun);
    test::ToolRun run = test::runOnInput(markedInput(samples, from, to), onTerminal);
    if (run.status == 0 || run.status == 1) {
      from = to;
      continue;
    }
    size_t done = 0;
    std::istringstream out(run.out);
    // (a marker line may follow a colour code of a warning: looked for anywhere in the line)
    for (std::string l; std::getline(out, l);) done += l.find(kMarkerText) != std::string::npos;
    // Not killed by a signal (`script` missing?), or no sample left to blame: the slow way.
    if (run.status < 128 || done >= to - from) {
      auto some = llvmCrashersByHalving(cfg, attrs, samples, from, to);
      crashers.insert(crashers.end(), some.begin(), some.end());
      from = to;
      continue;
    }
    crashers.push_back(from + done);
    from += done + 1;
  }
  return crashers;
}

// Whether two listings of a sample have the same texts and differ only in encodings that
// `llvmFault(text, theirs, mine)` (encoding comments) puts down to llvm-mc-22.
template <typename Fault>
bool onlyLlvmEncodingsDiffer(const std::vector<std::string> &theirs,
                             const std::vector<std::string> &mine, Fault llvmFault) {
  if (theirs.size() != mine.size()) return false;
  bool any = false;
  for (size_t k = 0; k < theirs.size(); ++k) {
    if (theirs[k] == mine[k]) continue;
    size_t a = theirs[k].find(" ; encoding: ["), b = mine[k].find(" ; encoding: [");
    if (a == std::string::npos || b == std::string::npos) return false;
    std::string ta = theirs[k].substr(0, a), tb = mine[k].substr(0, b);
    while (!ta.empty() && ta.back() == ' ') ta.pop_back();
    while (!tb.empty() && tb.back() == ' ') tb.pop_back();
    if (ta != tb || !llvmFault(ta, theirs[k].substr(a), mine[k].substr(b))) return false;
    any = true;
  }
  return any;
}

// The encoding llvm-mc-22 shows for an operand it prints as `N/*Invalid immediate*/` (a constant
// in a register-only MFMA or v_accvgpr source): its encoder writes that immediate as the register
// its own enum numbers N, which is no encoding of the input (see
// LlvmMcBugs.InvalidImmediateReencoded).
bool invalidImmediateReencoded(const std::string &text, const std::string &, const std::string &) {
  return text.find("/*Invalid immediate*/") != std::string::npos;
}

// The literal dword llvm-mc-22 reads but leaves out of the encoding it shows (a gfx950 buffer
// soffset of 255: LlvmMcBugs.BufferLiteralSoffsetLeftOutOfEncoding; a gfx950 MFMA accumulator,
// printed as lit(...) or plain hex): ours is theirs with ",0x..,0x..,0x..,0x.." before the closing
// bracket.
bool literalLeftOut(const std::string &, const std::string &theirs, const std::string &mine) {
  return mine.size() == theirs.size() + 20 &&
         mine.compare(0, theirs.size() - 1, theirs, 0, theirs.size() - 1) == 0;
}

// The encoding llvm-mc-22 shows for an SDWA source it prints as src_lds_direct: without the S
// bit (bit 55), so the bytes it shows decode as v254 (LlvmMcBugs.SdwaLdsDirectShownAsVgpr). The
// text gfxasm prints is llvm's; gfxasm shows the S bit.
bool sdwaLdsDirectWithoutS(const std::string &text, const std::string &, const std::string &) {
  return text.find("_sdwa ") != std::string::npos &&
         text.find("src_lds_direct") != std::string::npos;
}

// A K constant (fmaak/fmamk/madak/madmk, VOPD's too) of 0x80-0xff: llvm-mc-22's disassembler reads
// it as the inline constant of that source encoding and prints and shows that (0xb9 as 0x39;
// LlvmMcBugs.FmaakKBelow256ReadAsAnInlineConstant); gfxasm prints the K the bytes hold. True when
// the listings differ only there: one token of the text, gfxasm's a K of 0x80-0xff.
bool kReadAsInlineConstant(const std::vector<std::string> &theirs,
                           const std::vector<std::string> &mine) {
  if (theirs.size() != mine.size()) return false;
  bool any = false;
  auto tokens = [](const std::string &l) {
    std::string text = l.substr(0, l.find(" ; encoding:"));
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
      if (c == ' ' || c == ',' || c == '\t') {
        if (!cur.empty()) out.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
  };
  for (size_t k = 0; k < theirs.size(); ++k) {
    if (theirs[k] == mine[k]) continue;
    if (mine[k].find("mk_") == std::string::npos && mine[k].find("ak_") == std::string::npos)
      return false;
    auto a = tokens(theirs[k]), b = tokens(mine[k]);
    if (a.size() != b.size()) return false;
    unsigned differing = 0;
    for (size_t t = 0; t < a.size(); ++t) {
      if (a[t] == b[t]) continue;
      ++differing;
      if (b[t].size() != 4 || b[t].compare(0, 2, "0x") != 0) return false;
      unsigned long v = std::stoul(b[t].substr(2), nullptr, 16);
      if (v < 0x80 || v > 0xff) return false;
    }
    if (differing != 1) return false;
    any = true;
  }
  return any;
}

// Disassembles the sample blocks (each followed by the marker block) with both tools and compares
// text and warnings per sample, then the round trip of gfxasm's text. `kind` names the samples in
// the summary line and kept files.
void compareDisassembly(const Config &cfg, const Target &target, const std::string &attrs,
                        std::vector<std::string> sampleBytes, const char *kind) {
  std::string input = markedInput(sampleBytes, 0, sampleBytes.size());
  test::ToolRun llvm = test::runLlvmMc(input, cfg.cpu, attrs, "--disassemble");
  if (!(llvm.status == 0 || llvm.status == 1)) {
    // Left out of the comparison, after gfxasm decodes each without crashing (its test).
    auto crashers = llvmCrashers(cfg, attrs, sampleBytes);
    ASSERT_FALSE(crashers.empty()) << "llvm-mc-22 crashed on the whole input only";
    std::printf("[disasm %s%s] llvm-mc-22 crashes on %zu samples (left out), e.g. %s\n", cfg.cpu,
                kind, crashers.size(), sampleBytes[crashers[0]].c_str());
    std::vector<std::string> kept;
    for (size_t i = 0, k = 0; i < sampleBytes.size(); ++i) {
      if (k < crashers.size() && crashers[k] == i) {
        ++k;
        DisassembleOptions one;
        disassemble(target, sampleBytes[i], one); // (must not crash)
        continue;
      }
      kept.push_back(sampleBytes[i]);
    }
    sampleBytes = std::move(kept);
    input = markedInput(sampleBytes, 0, sampleBytes.size());
    llvm = test::runLlvmMc(input, cfg.cpu, attrs, "--disassemble");
  }
  ASSERT_TRUE(llvm.status == 0 || llvm.status == 1)
      << "llvm-mc-22 did not finish (crashed?): " << llvm.err.substr(0, 2000);
  DisassembleOptions opts;
  opts.fileName = test::kInputName;
  opts.showEncoding = true;
  DisassembleResult ours = disassemble(target, input, opts);
  std::string ourErr;
  for (const auto &d : ours.diagnostics) // (gfxasm's notes on what it covers are its own)
    if (d.severity != Severity::Note) ourErr += formatDiagnostic(d);

  auto theirs = samplesOf(llvm.out), mine = samplesOf(ours.text);
  unsigned mismatches = 0, reported = 0, llvmReencoded = 0, llvmNoLiteral = 0, llvmNoSdwaS = 0,
           llvmKConstant = 0;
  auto report = [&](const std::string &msg) {
    ++mismatches;
    if (reported++ < 40) ADD_FAILURE() << msg;
  };
  if (theirs.size() != mine.size())
    report(
        fmt::format("{} samples in llvm-mc's output, {} in gfxasm's", theirs.size(), mine.size()));
  for (size_t i = 0; i < std::min(theirs.size(), mine.size()) && i < sampleBytes.size(); ++i) {
    if (theirs[i] == mine[i]) continue;
    if (onlyLlvmEncodingsDiffer(theirs[i], mine[i], invalidImmediateReencoded)) {
      ++llvmReencoded;
      continue;
    }
    if (onlyLlvmEncodingsDiffer(theirs[i], mine[i], literalLeftOut)) {
      ++llvmNoLiteral;
      continue;
    }
    if (onlyLlvmEncodingsDiffer(theirs[i], mine[i], sdwaLdsDirectWithoutS)) {
      ++llvmNoSdwaS;
      continue;
    }
    if (kReadAsInlineConstant(theirs[i], mine[i])) {
      ++llvmKConstant;
      continue;
    }
    std::string a, b;
    for (auto &l : theirs[i]) a += "\n    " + l;
    for (auto &l : mine[i]) b += "\n    " + l;
    report(fmt::format("{}\n  llvm-mc:{}\n  gfxasm:{}", sampleBytes[i], a, b));
  }
  auto dl = diagnosticsOf(llvm.err), dg = diagnosticsOf(ourErr);
  if (dl != dg) {
    std::set<std::string> sl(dl.begin(), dl.end()), sg(dg.begin(), dg.end());
    for (auto &d : sl)
      if (!sg.count(d)) report("llvm-mc only: " + d);
    for (auto &d : sg)
      if (!sl.count(d)) report("gfxasm only: " + d);
  }

  // Round trip: the text gfxasm printed, assembled by gfxasm, gives the same bytes (the encoding
  // the disassembly shows: llvm-mc's canonical one, with bits no field holds cleared) and prints
  // the same text again. Where
  // llvm-mc-22 rejects its own disassembly (its printer and parser disagree on some encodings),
  // gfxasm must reject it too: the oracle decides which texts are valid.
  std::vector<std::string> printed, listed; // text, and text with its encoding comment
  std::string texts;
  for (auto &sample : mine)
    for (auto &l : sample) {
      size_t semi = l.find(" ; encoding:");
      std::string text = l.substr(0, semi == std::string::npos ? l.size() : semi);
      while (!text.empty() && text.back() == ' ') text.pop_back();
      printed.push_back(text);
      listed.push_back(l);
      texts += text + "\n";
    }
  test::ToolRun llvmBack = test::runLlvmMc(texts, cfg.cpu, attrs, "");
  AssembleOptions aopts;
  aopts.emitTargetDirective = false;
  aopts.showEncoding = true;
  AssembleResult back = assemble(target, texts, aopts);
  std::set<uint32_t> llvmRejects, ourRejects;
  for (const auto &d : test::parseDiagnostics(llvmBack.err))
    if (d.severity == "error") llvmRejects.insert(d.line);
  for (const auto &d : back.diagnostics)
    if (d.severity == Severity::Error) ourRejects.insert(d.line);
  std::vector<std::string> backLines, llvmBackLines;
  {
    std::istringstream in(back.text);
    // One line per instruction: fixup lines (a name read back as a symbol) are left out.
    for (std::string l; std::getline(in, l);)
      if (l.find_first_not_of(' ') == std::string::npos || l[l.find_first_not_of(' ')] != ';')
        backLines.push_back(l);
  }
  {
    // llvm-mc's instruction lines (fixup lines start with spaces).
    std::istringstream in(llvmBack.out);
    for (std::string l; std::getline(in, l);)
      if (l.rfind("\t", 0) == 0 && l.rfind("\t.amdgcn_target", 0) != 0) llvmBackLines.push_back(l);
  }
  // The encoding comment of a listing line.
  auto encodingOf = [](const std::string &l) {
    size_t at = l.find("; encoding:");
    return at == std::string::npos ? std::string() : l.substr(at);
  };
  unsigned roundTrips = 0, roundTripFailures = 0, llvmOwnFailures = 0;
  // k: gfxasm's re-assembled lines, kl: llvm-mc's.
  for (size_t i = 0, k = 0, kl = 0; i < printed.size(); ++i) {
    uint32_t line = static_cast<uint32_t>(i + 1);
    bool theyReject = llvmRejects.count(line), weReject = ourRejects.count(line);
    size_t theirLine = theyReject ? std::string::npos : kl++;
    // Text llvm-mc prints but cannot assemble back to the same bytes (llvm_bugs_test: a DPP
    // literal it encodes without its dword): gfxasm rejects it, which is no failure.
    bool llvmOwnFailure = false;
    if (!theyReject && weReject && theirLine < llvmBackLines.size()) {
      // (llvm-mc's bytes for the text, disassembled by llvm-mc again: not the same text)
      std::string enc = encodingOf(llvmBackLines[theirLine]);
      size_t open = enc.find('['), close = enc.find(']');
      if (open != std::string::npos && close != std::string::npos) {
        test::ToolRun again = test::runLlvmMc(enc.substr(open + 1, close - open - 1), cfg.cpu,
                                              attrs, "--disassemble");
        llvmOwnFailure = again.out.find(printed[i] + " ") == std::string::npos &&
                         again.out.find(printed[i] + "\n") == std::string::npos;
      }
    }
    llvmOwnFailures += llvmOwnFailure;
    if (theyReject != weReject && !llvmOwnFailure) {
      ++roundTripFailures;
      if (reported++ < 40)
        ADD_FAILURE() << "round trip: `" << printed[i] << "`: llvm-mc "
                      << (theyReject ? "rejects" : "accepts") << " it, gfxasm "
                      << (weReject ? "rejects" : "accepts") << " it";
    }
    if (weReject) continue;
    ++roundTrips;
    // Where the text does not hold every bit llvm-mc's encoding shows (an EXP source that is
    // off), or llvm-mc's assembler prints it otherwise (s_version's symbols), gfxasm's re-assembly
    // must be llvm-mc's.
    if (k < backLines.size() && backLines[k] != listed[i] &&
        !(theirLine < llvmBackLines.size() && llvmBackLines[theirLine] == backLines[k])) {
      ++roundTripFailures;
      if (reported++ < 40)
        ADD_FAILURE() << "round trip: `" << listed[i] << "` assembles to `" << backLines[k] << "`";
    }
    ++k;
  }
  mismatches += roundTripFailures;
  std::printf(
      "[disasm %s%s] %zu samples, %u instructions re-assembled, %u mismatches (%u lines "
      "llvm-mc-22 prints but cannot assemble back, which gfxasm rejects; %u samples whose "
      "invalid immediate llvm-mc-22 re-encodes as a register, %u whose literal it leaves out "
      "of the encoding it shows, %u whose SDWA src_lds_direct it shows without the S bit, %u "
      "whose K of 0x80-0xff it reads as an inline constant; text compared)\n",
      cfg.cpu, kind, sampleBytes.size(), roundTrips, mismatches, llvmOwnFailures, llvmReencoded,
      llvmNoLiteral, llvmNoSdwaS, llvmKConstant);
  keepOutputs(cfg, std::string(kind) + ".disasm.txt", input, llvm.out + llvm.err,
              ours.text + ourErr);
}

// What both tests start from: the target, its -mattr list, its tables, and the formats
// GFXASM_DIFF_FORMATS limits the test to.
struct TestTarget {
  std::optional<Target> target;
  std::string error, attrs, onlyFormats = envOr("GFXASM_DIFF_FORMATS", "");
  const ArchTables *arch = nullptr;
  explicit TestTarget(const Config &cfg)
      : target(Target::create(cfg.cpu, cfg.mattr, &error)), attrs(attrsOf(cfg.mattr)) {
    if (target) arch = static_cast<const ArchTables *>(target->arch());
  }
  std::tuple<const std::optional<Target> &, const std::string &, const ArchTables &> parts() const {
    return {target, attrs, *arch};
  }
  bool formatTested(std::string_view name) const {
    return onlyFormats.empty() ||
           ("," + onlyFormats + ",").find("," + std::string(name) + ",") != std::string::npos;
  }
};

class Disassembly : public ::testing::TestWithParam<Config> {
protected:
  void SetUp() override {
    t_.emplace(GetParam());
    ASSERT_TRUE(t_->target) << t_->error;
  }
  std::optional<TestTarget> t_;
};

TEST_P(Disassembly, MatchesLlvmMc) {
  const Config &cfg = GetParam();
  const TestTarget &t = *t_;
  const auto &[target, attrs, arch] = t.parts();
  const unsigned samples =
      cfg.samples(static_cast<unsigned>(std::stoul(envOr("GFXASM_DISASM_SAMPLES", "8"))), 4);
  std::mt19937_64 rng(std::stoull(envOr("GFXASM_DIFF_SEED", "12345")));

  // One set of samples per format and opcode.
  std::set<std::pair<uint16_t, uint32_t>> opcodes;
  for (const InstrDesc &d : arch.instrs)
    if (d.cpuMask & (1u << target->cpuIndex())) opcodes.insert({d.format, d.opcode});
  std::vector<std::string> sampleBytes; // per sample, the block as written
  for (auto [format, opcode] : opcodes) {
    const FormatDesc &fmt = arch.formats[format];
    if (!t.formatTested(fmt.name)) continue;
    for (unsigned s = 0; s < samples; ++s) {
      uint8_t bytes[32] = {};
      for (unsigned i = 0; i < fmt.sizeBytes + 4u; ++i) bytes[i] = static_cast<uint8_t>(rng());
      // Where gfxasm covers some formats only, what follows the instruction is s_nop (llvm would
      // decode other formats there).
      if (!arch.traits->coverage.empty())
        for (unsigned i = fmt.sizeBytes; i + 4 <= sizeof bytes; i += 4) {
          bytes[i] = bytes[i + 1] = 0;
          bytes[i + 2] = 0x80;
          bytes[i + 3] = 0xbf;
        }
      for (unsigned k = 0; k < fmt.numFixed; ++k) {
        const FixedBits &b = fmt.fixed[k];
        if (b.decodeIgnored) continue; // random: the decoder must not look at them
        for (unsigned bit = 0; bit < b.range.width; ++bit) {
          unsigned at = b.range.lo + bit;
          bytes[at / 8] = static_cast<uint8_t>((bytes[at / 8] & ~(1u << (at % 8))) |
                                               (((b.value >> bit) & 1u) << (at % 8)));
        }
      }
      enc::setField(fmt, Field::op, opcode, bytes);
      // DPP8 is told apart from the plain form by its src0 (the fi field): 0xE9 or 0xEA, chosen
      // by a random bit already drawn (the other formats' samples stay the same).
      if (fmt.has(Field::dpp8))
        enc::setField(fmt, Field::fi, 0xE9 + (enc::getField(fmt, Field::fi, bytes) & 1), bytes);
      std::string block = "[";
      for (unsigned i = 0; i < fmt.sizeBytes + 16u; ++i)
        block += fmt::format("{}0x{:02x}", i ? "," : "", bytes[i]);
      block += "]";
      sampleBytes.push_back(block);
    }
  }

  compareDisassembly(cfg, *target, attrs, sampleBytes, "");
}

// Valid encodings, which random bytes rarely are for some formats (MIMG NSA, DPP, literals):
// random lines per entry from the assembler test's generator, assembled by llvm-mc-22, and its
// encoding of each line it accepts disassembled by both tools.
TEST_P(Disassembly, ValidEncodingsMatchLlvmMc) {
  const Config &cfg = GetParam();
  const TestTarget &t = *t_;
  const auto &[target, attrs, arch] = t.parts();
  unsigned samples = static_cast<unsigned>(std::stoul(envOr("GFXASM_DISASM_VALID_SAMPLES", "4")));
  std::mt19937_64 rng(std::stoull(envOr("GFXASM_DIFF_SEED", "12345")) + 1);
  std::string lines;
  size_t entries = 0; // (a processor may have none of the formats tested: gfx942 MIMG)
  for (const InstrDesc &d : arch.instrs) {
    if (!(d.cpuMask & (1u << target->cpuIndex())) || (d.flags & IF_DisasmOnly) ||
        !availableInMode(d, target->realTrue16(), target->wave64()))
      continue;
    if (!t.formatTested(arch.formatOf(d).name)) continue;
    ++entries;
    for (unsigned i = 0; i < samples; ++i) {
      GenContext g{rng, arch, d, target->wave64(), target->realTrue16()};
      lines += genLine(g) + "\n";
    }
  }
  test::ToolRun encoded = test::runLlvmMc(lines, cfg.cpu, attrs, "");
  // Each encoding once; those with fixups (`A` bytes for a symbol's value) are left out.
  std::vector<std::string> blocks;
  std::set<std::string> seen;
  std::istringstream out(encoded.out);
  for (std::string l; std::getline(out, l);) {
    size_t at = l.find("; encoding: [");
    if (at == std::string::npos) continue;
    std::string bytes = l.substr(at + 13, l.find(']', at) - at - 13);
    if (bytes.find('A') != std::string::npos || !seen.insert(bytes).second) continue;
    blocks.push_back("[" + bytes + "]");
  }
  // (one encoding per entry at least; gfx11 has thousands of entries)
  if (entries == 0) return;
  ASSERT_GT(blocks.size(), t.onlyFormats.empty() ? std::min<size_t>(1000, arch.instrs.size()) : 0u)
      << "llvm-mc-22 encoded too few lines: " << encoded.err.substr(0, 2000);
  compareDisassembly(cfg, *target, attrs, blocks, " valid");
}

INSTANTIATE_TEST_SUITE_P(Gfx11, Disassembly, gfx11Configs(), configName);
INSTANTIATE_TEST_SUITE_P(Gfx9, Disassembly, gfx9Configs(), configName);

} // namespace
} // namespace gfxasm::difftest
