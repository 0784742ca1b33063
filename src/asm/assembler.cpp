// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The assembler driver: statements, labels, symbol assignments, directives and instructions.
#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cstring>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <tuple>
#include <unordered_map>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <fmt/format.h>

#include "asm/directives.h"
#include "asm/expr.h"
#include "asm/lexer.h"
#include "asm/mnemonics.h"
#include "asm/operand_families.h"
#include "asm/preprocessor.h"
#include "asm/statement_observer.h"
#include "asm/text.h"
#include "asm/valu_operands.h"
#include "asm/vext_operands.h"
#include "encode/encoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/arch_traits.h"
#include "isa/isa.h"
#include "isa/processors.h"
#include "object/amd_kernel_code.h"
#include "object/amdhsa_kernel.h"
#include "object/dwarf.h"
#include "object/elf_reader.h"
#include "object/hsa_metadata.h"
#include "object/object_file.h"
#include "object/pal_metadata.h"
#include "print/printer.h"

namespace gfxasm {

using namespace isa;
using namespace as;

std::string formatDiagnostic(const Diagnostic &d) {
  const char *sev = d.severity == Severity::Error     ? "error"
                    : d.severity == Severity::Warning ? "warning"
                                                      : "note";
  std::string out;
  for (const std::string &from : d.includedFrom) out += fmt::format("Included from {}:\n", from);
  if (d.line == 0) return out + fmt::format("{}:0: {}: {}\n", d.file, sev, d.message);
  out += fmt::format("{}:{}:{}: {}: {}\n", d.file, d.line, d.column, sev, d.message);
  // Like llvm's SourceMgr, the echoed line has its tabs expanded to 8-column stops, and so has
  // the caret line: what stands under a tab (a blank, '~' of the range or the '^' itself) is
  // repeated to the tab's stop.
  // `charAt(i)` is written for column i, repeated to the tab stop where the line has a tab.
  auto appendExpanded = [&](size_t columns, auto charAt) {
    constexpr size_t kTabStop = 8;
    size_t width = 0;
    for (size_t i = 0; i < columns; ++i) {
      const bool tab = i < d.lineText.size() && d.lineText[i] == '\t';
      do {
        out += charAt(i);
        ++width;
      } while (tab && width % kTabStop != 0);
    }
    out += '\n';
  };
  appendExpanded(d.lineText.size(),
                 [&](size_t i) { return d.lineText[i] == '\t' ? ' ' : d.lineText[i]; });
  // A line with a byte outside ASCII (UTF-8 in a comment, ...): llvm echoes it without the caret
  // line, whose columns would not be the line's.
  if (std::any_of(d.lineText.begin(), d.lineText.end(), [](char c) { return c & 0x80; }))
    return out;
  const size_t caretAt = d.column ? d.column - 1 : 0;
  std::string marks(std::max<size_t>(caretAt + 1, d.rangeEnd > d.column ? d.rangeEnd - 1 : 0), ' ');
  for (size_t i = caretAt + 1; i + 1 < d.rangeEnd; ++i) marks[i] = '~';
  marks[caretAt] = '^';
  appendExpanded(marks.size(), [&](size_t i) { return marks[i]; });
  return out;
}

namespace {

constexpr std::string_view kLlvmFeatures[] = {
#include "asm/llvm_features.inc"
};

bool isLlvmFeature(std::string_view name) {
  return std::binary_search(std::begin(kLlvmFeatures), std::end(kLlvmFeatures), name);
}

} // namespace

std::optional<Target> Target::create(std::string_view cpu, const std::vector<std::string> &features,
                                     std::string *error) {
  Target t;
  for (const ArchTables *arch : allArchs()) {
    for (size_t i = 0; i < arch->cpus.size(); ++i) {
      if (arch->cpus[i] == cpu) {
        t.arch_ = arch;
        t.cpuIndex_ = static_cast<unsigned>(i);
      }
    }
  }
  if (!t.arch_) {
    if (error)
      *error = fmt::format("unsupported cpu '{}' (supported: {})", cpu,
                           fmt::join(supportedCpus(), ", "));
    return std::nullopt;
  }
  t.cpu_ = std::string(cpu);
  // gfx9 processors run wave64 only and have no true16 (llvm ignores the features there); gfx11
  // takes wave32 unless asked for 64.
  const bool gfx9 = static_cast<const ArchTables *>(t.arch_)->name == "gfx9";
  t.wave64_ = gfx9;
  t.realTrue16_ = !gfx9;
  for (const std::string &list : features) {
    size_t pos = 0;
    while (pos <= list.size()) {
      size_t comma = list.find(',', pos);
      std::string_view f = std::string_view(list).substr(
          pos, comma == std::string::npos ? std::string::npos : comma - pos);
      pos = comma == std::string::npos ? list.size() + 1 : comma + 1;
      if (f.empty()) continue;
      bool on = f[0] != '-';
      if (f[0] == '+' || f[0] == '-') f.remove_prefix(1);
      // llvm reads feature names in any case (+WavefrontSize64) and warns about unknown ones.
      std::string lowered(f);
      toLowerAscii(lowered);
      f = lowered;
      if (!isLlvmFeature(f))
        t.unrecognizedFeatures_.push_back(
            fmt::format("'{}{}' is not a recognized feature for this target (ignoring feature)",
                        on ? '+' : '-', f));
      if (f == "wavefrontsize64")
        t.wave64_ = on || gfx9;
      else if (f == "wavefrontsize32")
        t.wave64_ = !on || gfx9;
      else if (f == "real-true16")
        t.realTrue16_ = on && !gfx9;
      else if (f == "xnack")
        t.xnack_ = on ? '+' : '-';
      else if (f == "sramecc")
        t.sramecc_ = on ? '+' : '-';
      else if (f == "cumode")
        t.cuMode_ = on;
      else if (f == "tgsplit")
        t.tgSplit_ = on;
      // Other features do not change the encodings; accepted silently, as llvm-mc warns only
      // for names it does not know at all.
    }
  }
  auto check = [&](char &setting, const char *name, bool supported) {
    if (setting && !supported) {
      t.featureWarnings_.push_back(
          fmt::format("{} '{}' was requested for a processor that does not "
                      "support it!",
                      name, setting == '+' ? "On" : "Off"));
      setting = 0;
    }
  };
  // (llvm's gfx90a instructions: aligned tuples, no lds_direct)
  t.alignedVgprTuples_ = processorHas(cpu, isa::Gfx90aInsts);
  t.ldsDirect_ = gfx9 && !t.alignedVgprTuples_;
  t.agprs_ = processorHas(cpu, isa::Agprs);
  check(t.xnack_, "xnack", processorHas(cpu, isa::Xnack));
  check(t.sramecc_, "sramecc", processorHas(cpu, isa::Sramecc));
  return t;
}

bool Target::xnackSupported() const {
  return processorHas(cpu_, isa::Xnack);
}

std::string Target::targetId() const {
  std::string id = cpu_;
  if (sramecc_) id += fmt::format(":sramecc{}", sramecc_);
  if (xnack_) id += fmt::format(":xnack{}", xnack_);
  return id;
}

uint32_t Target::elfFlags(unsigned codeObjectVersion) const {
  uint32_t flags = object::amdgpuMach(cpu_);
  const bool xnack = processorHas(cpu_, isa::Xnack), sramecc = processorHas(cpu_, isa::Sramecc);
  if (codeObjectVersion >= 4) {
    auto setting = [](char s) -> uint32_t { return s == '+' ? 3 : s == '-' ? 2 : 1; };
    if (xnack) flags |= setting(xnack_) << 8;       // EF_AMDGPU_FEATURE_XNACK_*_V4
    if (sramecc) flags |= setting(sramecc_) << 10;  // EF_AMDGPU_FEATURE_SRAMECC_*_V4
  } else if (codeObjectVersion == 3) {              // (one bit each, set when on or any)
    if (xnack && xnack_ != '-') flags |= 0x100;     // EF_AMDGPU_FEATURE_XNACK_V3
    if (sramecc && sramecc_ != '-') flags |= 0x200; // EF_AMDGPU_FEATURE_SRAMECC_V3
  }
  // EF_AMDGPU_GENERIC_VERSION (bits 24-31): generic processors' version 1, from code object v6.
  if (codeObjectVersion >= 6 && processorHas(cpu_, isa::Generic)) flags |= 1u << 24;
  return flags;
}

std::vector<std::string> Target::supportedCpus() {
  std::vector<std::string> out;
  for (const ArchTables *arch : allArchs())
    for (auto c : arch->cpus) out.emplace_back(c);
  return out;
}

namespace {

constexpr std::string_view kInvalidOperand = "invalid operand for instruction";

// The requirement words and their bits (sc0 is gfx942's glc; quad_perm, row_* and wave_* are
// DPP controls as isModifierWord spells them); a prefix stands for the longer words it starts.
struct RequirementWord {
  std::string_view text;
  unsigned bit;
  bool prefix = false;
};
constexpr RequirementWord kRequirementWords[] = {
    {"offen", 1},      {"idxen", 2},       {"tfe", 4},          {"glc", 8},
    {"sc0", 8},        {"gds", 16},        {"a16", 32},         {"lds", 256},
    {"quad_perm", 64}, {"row_", 64, true}, {"wave_", 64, true}, {"dpp8", 128}};
// Per first character, the lengths (bit n: n characters) of the requirement words starting
// with it (any longer than a prefix). (A word of 32 characters or more is no requirement word:
// the full search of the second pass still tries every entry.)
constexpr auto kRequirementLengths = [] {
  std::array<uint32_t, 128> t{};
  for (const RequirementWord &w : kRequirementWords)
    t[static_cast<unsigned char>(w.text[0])] |=
        w.prefix ? ~0u << (w.text.size() + 1) : 1u << w.text.size();
  return t;
}();
// Per first character, the second characters of the requirement words starting with it, as
// bits (the character's low 5 bits): most register names (s12, v3) fail it.
constexpr auto kRequirementSeconds = [] {
  std::array<uint32_t, 128> t{};
  for (const RequirementWord &w : kRequirementWords)
    t[static_cast<unsigned char>(w.text[0])] |= 1u << (w.text[1] & 31);
  return t;
}();

// Whether the operands read into `inst` include a written one whose width is the wave size's (a
// lane mask: a VOP3 sdst, cndmask's src2). llvm checks such an operand against the target's wave
// size, whatever the entry's; an implicit vcc (e32, VOPC DPP), which llvm's wave64 forms spell
// as a word of their own, is no written operand.
bool writesLaneMask(const Inst &inst) {
  const auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field != Field::implicit && inst.ops[i].present &&
        typeDwords(ops[i].type, true) != typeDwords(ops[i].type, false))
      return true;
  return false;
}

// Whether an instruction assembled for another processor has a lane mask (writesLaneMask).
struct TrialMatch final : as::StatementObserver {
  bool laneMask = false;
  void instruction(const Inst &inst, const as::StatementSource &, uint32_t, uint32_t, uint64_t,
                   unsigned) override {
    laneMask |= writesLaneMask(inst);
  }
  void label(std::string_view, const as::StatementSource &, uint32_t, uint32_t, uint64_t) override {
  }
  void directive(std::string_view, std::string_view, const as::StatementSource &,
                 uint32_t) override {}
  void section(uint32_t, std::string_view, uint64_t) override {}
};

// What the assembler works out when it first meets a table entry (the field values of its omitted
// operands, an EntryInfo, its encoding plan) or a mnemonic spelling (its entries available on
// the target). All of it follows from the tables and the target's processor and modes, so it is
// kept per thread and kind of target across assemble calls: a call on a short text does not
// allocate and zero a few megabytes of it (page faults were most of such a call's time).
struct EntryCache {
  static constexpr unsigned kComputed = 0x200, kExcludes = 10, kFamilies = 19;
  struct EntryInfo {
    // requirementBit bits of the words it needs | kComputed | the excluding words' bits <<
    // kExcludes | the families of its operands << kFamilies (0: not computed yet)
    uint32_t requirements = 0;
    uint32_t positional = 0;   // bit i: operand i is positional (the rest are modifiers)
    uint32_t plan = 0;         // 1 + the index of its encoding plan in plans (0: none yet)
    uint32_t valuFacts = 0;    // as::valuEntryFacts
    bool takesLiteral = false; // enc::takesLiteral of its format
    uint8_t variant = 0;       // matchVariant of its format
    as::MemoryEntryFacts memoryFacts;
  };
  static_assert(isa::kMaxOperands <= 32, "EntryInfo::positional has a bit per operand");
  // Per mnemonic spelling (MnemonicTable::find), computed when it is first looked up: its entries
  // available on the target with their EntryInfo::requirements, side by side, so that the search
  // for the entry to try reads one short array and only the tried entry's description.
  struct Candidate {
    uint32_t entry;
    uint32_t requirements;
  };
  struct CandidateRange {
    uint32_t first = ~0u; // into candidates (~0u: not computed yet)
    uint32_t count = 0;
  };

  // What the availability of an entry depends on besides the tables.
  const ArchTables *arch;
  unsigned cpuIndex;
  bool realTrue16, wave64;
  std::vector<OperandValue> defaults;         // per operand of arch->operands (of computed entries)
  std::vector<EntryInfo> entries;             // per entry of arch->instrs (the lookup is one load)
  std::vector<CandidateRange> nameCandidates; // per mnemonic spelling
  std::vector<Candidate> candidates;
  std::vector<enc::EncodePlan> plans; // of the entries emitted so far (EntryInfo::plan)

  // Held by one assembler at a time: an assembler that runs inside another on the same thread
  // (a trial assembly) gets a cache of its own, since the outer one holds spans into its vectors.
  bool inUse = false;

  // A cache for the target not in use, marked in use (Lease gives it back).
  static EntryCache &acquire(const ArchTables &arch, const MnemonicTable &mnemonics,
                             const Target &target) {
    thread_local std::vector<std::unique_ptr<EntryCache>> caches;
    for (auto &c : caches)
      if (!c->inUse && c->arch == &arch && c->cpuIndex == target.cpuIndex() &&
          c->realTrue16 == target.realTrue16() && c->wave64 == target.wave64()) {
        c->inUse = true;
        return *c;
      }
    auto c = std::make_unique<EntryCache>(EntryCache{
        &arch, target.cpuIndex(), target.realTrue16(), target.wave64(), {}, {}, {}, {}, {}, true});
    c->defaults.resize(arch.operands.size());
    c->entries.resize(arch.instrs.size());
    c->nameCandidates.resize(mnemonics.size());
    return *caches.emplace_back(std::move(c));
  }
  struct Lease {
    EntryCache &cache;
    Lease(const ArchTables &arch, const MnemonicTable &mnemonics, const Target &target)
        : cache(acquire(arch, mnemonics, target)) {}
    ~Lease() { cache.inUse = false; }
    Lease(const Lease &) = delete;
    Lease &operator=(const Lease &) = delete;
  };
};

class Assembler final : public ObjectStreamer, private as::PreprocessorHost {
public:
  Assembler(const Target &target, const AssembleOptions &opts,
            as::StatementObserver *observer = nullptr, std::vector<uint8_t> lebSizes = {})
      : observer_(observer), target_(target), opts_(opts),
        arch_(*static_cast<const ArchTables *>(target.arch())),
        mnemonics_(MnemonicTable::forArch(arch_)), codeObjectVersion_(opts.codeObjectVersion) {
    // llvm-mc starts in .text, 4-byte aligned (its begin symbol registered first).
    obj::Section text;
    text.name = ".text";
    text.flags = 0x6; // SHF_ALLOC | SHF_EXECINSTR
    text.align = 4;
    text.flagsText = "ax";
    text.typeText = "@progbits";
    text.symbolOrder = nextOrder_++;
    text.fragment = 1; // (after llvm's initial code alignment's fragment)
    sections_.push_back(std::move(text));
    defineSectionStart(0);
    syms_.locationLabel = [this](uint32_t col) {
      if (dotStatement_ != statementCount_) {
        dotStatement_ = statementCount_;
        dotLabels_.clear();
      }
      for (auto &[c, name] : dotLabels_)
        if (c == col) return name;
      std::string_view name = syms_.newTemporary();
      defineLabel(name, 0);
      dotLabels_.emplace_back(col, name);
      dotSymbols_.push_back(syms_.find(name));
      return name;
    };
    syms_.forwardLocalReference = [this](std::string_view name, uint32_t col) {
      // (once per statement: operands are read again for each candidate entry)
      if (!forwardLocalRefs_.empty() && forwardLocalRefs_.back().second.line == curLineNo_ &&
          forwardLocalRefs_.back().second.col == col && forwardLocalRefs_.back().first == name)
        return;
      obj::Fixup where = lastingFixupHere(col);
      forwardLocalRefs_.emplace_back(name, where);
    };
    targetInfo_ = as::targetInfoFor(target);
    syms_.targetInfo() = targetInfo_;
    lebSizes_ = std::move(lebSizes);
    predefineTargetSymbols();
    // llvm's target id: arch-vendor-os-environment-processor, the environment possibly empty.
    const bool hasEnvironment = std::count(opts_.triple.begin(), opts_.triple.end(), '-') >= 3;
    targetIdText_ = fmt::format("{}{}-{}", opts_.triple, hasEnvironment ? "" : "-",
                                hsa() ? target_.targetId() : std::string(target_.cpuName()));
  }

  bool hsa() const { return hsa_; }

  // llvm's AMDGPU assembler defines the processor's version as variables (for HSA
  // `.amdgcn.gfx_generation_*`, else `.option.machine_version_*`) and, for HSA, the register
  // counters `.amdgcn.next_free_{v,s}gpr` that each register an instruction names raises.
  void predefineTargetSymbols() {
    const bool hsa = opts_.triple.find("amdhsa") != std::string::npos;
    const isa::Processor *processor = isa::findProcessor(target_.cpuName());
    const int64_t major = processor->major, minor = processor->minor,
                  stepping = processor->stepping;
    const char *prefix = hsa ? ".amdgcn.gfx_generation_" : ".option.machine_version_";
    const std::pair<const char *, int64_t> versions[] = {
        {hsa ? "number" : "major", major}, {"minor", minor}, {"stepping", stepping}};
    for (const auto &[name, value] : versions) setPredefined(std::string(prefix) + name, value);
    if (!hsa) {
      beginKernelScope();
      return;
    }
    nextFreeVgpr_ = &setPredefined(".amdgcn.next_free_vgpr", 0);
    nextFreeSgpr_ = &setPredefined(".amdgcn.next_free_sgpr", 0);
  }

  // Outside HSA, llvm counts the registers of each kernel (from `.amdgpu_hsa_kernel NAME` on) in
  // `.kernel.sgpr_count`, `.kernel.vgpr_count` (with the AGPRs on gfx90a and later, after the
  // VGPRs aligned to 4) and, where there are AGPRs, `.kernel.agpr_count`.
  struct KernelScope {
    uint16_t sgprs = 0, vgprs = 0, agprs = 0;
  } kernelScope_;
  bool kernelScopeActive_ = false;
  void beginKernelScope() {
    kernelScopeActive_ = true;
    kernelScope_ = {};
    setPredefined(".kernel.sgpr_count", 0);
    setPredefined(".kernel.vgpr_count", 0);
    if (target_.agprs()) setPredefined(".kernel.agpr_count", 0);
  }
  void raiseKernelScope(const as::ParseContext &p) {
    KernelScope &k = kernelScope_;
    if (p.sgprEnd > k.sgprs) setPredefined(".kernel.sgpr_count", k.sgprs = p.sgprEnd);
    if (target_.agprs() && p.agprEnd > k.agprs)
      setPredefined(".kernel.agpr_count", k.agprs = p.agprEnd);
    if (p.vgprEnd > k.vgprs || (target_.agprs() && p.agprEnd && p.agprEnd == k.agprs)) {
      k.vgprs = std::max(k.vgprs, p.vgprEnd);
      // (llvm's isGFX90A: the processors that align VGPR tuples)
      const int64_t total = target_.alignedVgprTuples() && k.agprs
                                ? (k.vgprs + 3) / 4 * 4 + k.agprs
                                : std::max<int64_t>(k.vgprs, k.agprs);
      setPredefined(".kernel.vgpr_count", total);
    }
  }

  Symbol &setPredefined(std::string_view name, int64_t value) {
    Symbol &s = syms_.get(name);
    s.kind = Symbol::Kind::Value;
    s.value = value;
    s.expr = syms_.pool().constant(value);
    return s;
  }

  // An instruction's registers raise the counters; one set to anything but an absolute value is
  // an error at its first register (llvm's, after the register), and the instruction is dropped.
  bool raiseRegisterCounters(const as::ParseContext &p) {
    uint32_t errorCol = ~0u;
    Symbol *broken = nullptr;
    for (auto [counter, end, col] : {std::tuple{nextFreeVgpr_, p.vgprEnd, p.firstVgprNextCol},
                                     {nextFreeSgpr_, p.sgprEnd, p.firstSgprNextCol}}) {
      if (!counter || !end) continue;
      if (counter->kind != Symbol::Kind::Value) {
        if (col < errorCol) errorCol = col, broken = counter;
      } else if (end > counter->value) {
        counter->value = end;
        counter->expr = syms_.pool().constant(end);
      }
    }
    if (!broken) return true;
    error(errorCol, broken->kind == Symbol::Kind::Label
                        ? ".amdgcn.next_free_{v,s}gpr symbols must be variable"
                        : ".amdgcn.next_free_{v,s}gpr symbols must be absolute expressions");
    return false;
  }

  AssembleResult run(std::string_view source) {
    if (opts_.output == OutputKind::Asm && opts_.emitTargetDirective &&
        opts_.triple.find("amdhsa") != std::string::npos) {
      out_ += fmt::format("\t.amdgcn_target \"{}\"\n", targetIdText_);
    }
    // Room for the code at once, guessed from the text (code is about a quarter of its size;
    // more just grows the vector): growing by doubling copies it and faults its pages in twice.
    code_.reserve(source.size() / 4 + 64);
    // (compiler output defines a symbol every few hundred bytes: labels, .set lines)
    syms_.reserve(source.size() / 512);
    // The statements come from the macro and conditional stage, which reads the source.
    as::Preprocessor lines(source, opts_, *this, result_, result_.printed, inBlockComment_);
    lines_ = &lines;
    as::SourceLine line;
    while (lines.next(line)) {
      statement(line);
      if (inMetadata_) [[unlikely]]
        metadataLines(lines, line);
      if (opts_.textOutput || opts_.inputRead) streamAfterStatement(source, line);
    }
    sourceNames_ = lines.takeSourceNames();
    lines_ = nullptr;
    source_ = source;
    if (kdBlock_) {
      // An unterminated .amdhsa_kernel: llvm looks for a field at the end of the file.
      errorAtEnd("expected .amdhsa_ directive or .end_amdhsa_kernel");
      kdBlock_.reset();
    }
    if (codeBlock_) {
      errorAtEnd(codeBlock_->errorAtEnd());
      codeBlock_.reset();
    }
    finish();
    if (opts_.textOutput) {
      if (!out_.empty()) opts_.textOutput(out_);
    } else {
      result_.text = std::move(out_);
    }
    return std::move(result_);
  }

private:
  as::StatementObserver *observer_; // the analyzer's view of the statements, if any
  // --- Streaming (AssembleOptions::textOutput and inputRead): the text made so far goes out in
  // pieces of about kOutputPiece, the reader's progress in steps of kInputStep.
  static constexpr size_t kOutputPiece = size_t(64) << 10;
  static constexpr size_t kInputStep = size_t(1) << 20;
  size_t inputReported_ = 0;
  void streamAfterStatement(std::string_view source, const as::SourceLine &line) {
    if (opts_.textOutput && out_.size() >= kOutputPiece) {
      opts_.textOutput(out_);
      out_.clear();
    }
    // (a line of an .include'd file or a macro expansion is elsewhere: no progress)
    const char *at = line.echo.data();
    if (opts_.inputRead && at >= source.data() && at <= source.data() + source.size()) {
      size_t offset = static_cast<size_t>(at - source.data());
      if (offset >= inputReported_ + kInputStep) {
        opts_.inputRead(offset);
        inputReported_ = offset;
      }
    }
  }

  const Target &target_;
  const AssembleOptions &opts_;
  // The triple names HSA (asked per directive: a string search each time before).
  const bool hsa_ = opts_.triple.find("amdhsa") != std::string::npos;
  const ArchTables &arch_;
  const MnemonicTable &mnemonics_;
  SymbolTable syms_;
  std::vector<Token> tokenRoom_; // room for the longest line's tokens so far (grows only)
  std::span<Token> toks_;        // the statement's tokens, in tokenRoom_
  bool inBlockComment_ = false;
  // The open block comment continues a statement that has tokens (a comment across lines is part
  // of the statement it started in, as in llvm's lexer): its closing line echoes no blank line.
  bool commentInStatement_ = false;
  std::string section_; // see DirectiveContext::section
  std::string out_;
  std::vector<uint8_t> code_;
  // Bytes of instructions checked but not encoded (keepCode off), not yet in code_: a label's
  // offset counts them; they are added there (as zeros) only before a directive, which may
  // write or align the code.
  size_t unwrittenBytes_ = 0;
  // .lto_set_conditional's names by the undefined symbol they wait for.
  std::unordered_map<std::string, std::vector<std::string>> conditionalAssignments_;
  void writeUnwrittenBytes() {
    if (!unwrittenBytes_) return;
    code_.resize(code_.size() + unwrittenBytes_);
    unwrittenBytes_ = 0;
  }
  std::string pairName_;       // `X::Y` of a VOPD line, reused to avoid allocating per line
  std::string lowerMnemonic_;  // a mnemonic written with capitals, lowered (the token's text)
  bool hasColonColon_ = false; // the statement has a `::` token
  // The token index of a VOPD pair's `::` (read as a comma), or SIZE_MAX: the X half's operands
  // end there and the Y half's start after it (a first half written alone has none).
  size_t pairSeparator_ = SIZE_MAX;
  Inst inst_;
  // What is worked out per table entry and per mnemonic spelling (EntryCache), kept per thread
  // and kind of target across calls.
  using EntryInfo = EntryCache::EntryInfo;
  using Candidate = EntryCache::Candidate;
  using CandidateRange = EntryCache::CandidateRange;
  static constexpr unsigned kComputed = EntryCache::kComputed, kExcludes = EntryCache::kExcludes,
                            kFamilies = EntryCache::kFamilies;
  EntryCache::Lease entryLease_{arch_, mnemonics_, target_};
  EntryCache &entryCache_ = entryLease_.cache;
  std::vector<OperandValue> &defaults_ = entryCache_.defaults;
  std::vector<EntryInfo> &entries_ = entryCache_.entries;
  std::vector<CandidateRange> &nameCandidates_ = entryCache_.nameCandidates;
  std::vector<Candidate> &candidates_ = entryCache_.candidates;
  // The requirement words that are names of absolute symbols (set to values): such a word in a
  // statement may be an operand's value rather than a modifier (see kExcludingWords).
  unsigned valueSymbolWords_ = 0;
  // The encoding plans of the entries emitted so far (EntryInfo::plan).
  std::vector<enc::EncodePlan> &plans_ = entryCache_.plans;
  AssembleResult result_;
  std::string_view curLine_;
  uint32_t curLineNo_ = 0;

  void error(uint32_t col0, std::string msg) { report(Severity::Error, col0, std::move(msg)); }
  // An error llvm's context reports (MCContext::reportError): no macro instantiation notes.
  void contextError(uint32_t col0, std::string msg) {
    if (lines_)
      lines_->reportWithoutNotes(Severity::Error, curLineNo_, col0, std::move(msg), curLine_);
    else
      error(col0, std::move(msg));
  }
  // What gfxasm says beyond llvm's message: a note after it (Diagnostic::extra).
  void extraNote(uint32_t col0, std::string msg) {
    if (lines_) {
      lines_->report(Severity::Note, curLineNo_, col0, std::move(msg), curLine_, /*extra=*/true);
      return;
    }
    report(Severity::Note, col0, std::move(msg));
    result_.diagnostics.back().extra = true;
  }
  // An error at the end of the input, where llvm's lexer is then: after the last line break (the
  // line after it), or at the end of an unterminated last line.
  std::string_view source_;
  void errorAtEnd(std::string msg) {
    const as::EndOfInput end = as::endOfInput(source_);
    curLine_ = end.lastLine;
    curLineNo_ = end.line;
    error(end.col, std::move(msg));
  }

  // The preprocessor while it runs: diagnostics are located in its current buffer (a macro
  // instantiation, an included file) with llvm's notes.
  as::Preprocessor *lines_ = nullptr;

  ExprResult evaluate(Cursor &c) override { return parseExpr(c, syms_, /*relocatable=*/true); }
  bool symbolDefined(std::string_view name) override {
    // (llvm looks a quoted name up as it is written, its escapes not read)
    std::string written;
    if (name.find('\\') != std::string_view::npos) name = written = escapedSymbolText(name);
    const Symbol *s = syms_.find(name);
    return s && s->kind != Symbol::Kind::Undefined;
  }

  void report(Severity severity, uint32_t col0, std::string msg) {
    if (lines_) {
      lines_->report(severity, curLineNo_, col0, std::move(msg), curLine_);
      return;
    }
    Diagnostic d;
    d.severity = severity;
    d.file = opts_.fileName;
    d.line = curLineNo_;
    d.column = col0 + 1;
    d.message = std::move(msg);
    d.lineText = std::string(curLine_);
    result_.diagnostics.push_back(std::move(d));
    if (severity == Severity::Error) ++result_.errorCount;
  }

  bool asmOut() const { return opts_.output == OutputKind::Asm; }
  bool objOut() const { return opts_.output == OutputKind::Object; }

  // --- Sections and symbols (ObjectStreamer): code_ holds the current section's bytes. ---
  std::vector<obj::Section> sections_;
  static constexpr uint32_t kNoSection = ~0u;
  uint32_t cur_ = 0, previous_ = kNoSection; // (no previous section before the first switch)
  std::vector<std::pair<uint32_t, uint32_t>> sectionStack_; // (current, previous) pushed
  uint32_t nextOrder_ = 1;
  as::TargetInfo targetInfo_;
  bool addrsig_ = false;
  std::vector<Symbol *> addrsigSymbols_;
  std::string ident_;
  uint32_t identSection_ = ~0u;

  void selectSection(uint32_t index) {
    if (index == cur_) return;
    dwarf_.locSeen = false; // (llvm drops a `.loc` not used before a section switch)
    writeUnwrittenBytes();
    sections_[cur_].data.swap(code_);
    previous_ = cur_;
    cur_ = index;
    sections_[cur_].data.swap(code_);
  }
  uint32_t findOrCreateSection(const SectionSpec &spec) {
    // A group's signature symbol is registered at each switch to a member (llvm's changeSection).
    const Symbol *group = nullptr;
    if (!spec.group.empty()) {
      Symbol &g = syms_.get(spec.group);
      g.signature = true;
      registerSymbol(g);
      group = &g;
    }
    for (uint32_t i = 0; i < sections_.size(); ++i)
      if (sections_[i].parent == ~0u && sections_[i].name == spec.name &&
          sections_[i].group == group && sections_[i].uniqueId == spec.uniqueId &&
          sections_[i].linkedToName == spec.linkedTo)
        return i;
    obj::Section sec;
    sec.name = spec.name;
    sec.type = spec.type;
    sec.flags = spec.flags;
    sec.entsize = spec.entsize;
    sec.flagsText = spec.flagsText;
    sec.typeText = spec.typeText;
    sec.symbolOrder = nextOrder_++;
    sec.group = group;
    sec.groupName = spec.group;
    sec.comdat = spec.comdat;
    sec.uniqueId = spec.uniqueId;
    sec.linkedToName = spec.linkedTo;
    if (!spec.linkedTo.empty()) sec.linkedTo = syms_.find(spec.linkedTo);
    sections_.push_back(std::move(sec));
    if (observer_)
      observer_->section(static_cast<uint32_t>(sections_.size() - 1), spec.name, spec.flags);
    defineSectionStart(static_cast<uint32_t>(sections_.size() - 1));
    return static_cast<uint32_t>(sections_.size() - 1);
  }
  // A section's name names its start in expressions (`.long .debug_abbrev`), as in llvm.
  void defineSectionStart(uint32_t index) {
    Symbol &s = syms_.get(sections_[index].name);
    if (s.kind != Symbol::Kind::Undefined) return;
    s.kind = Symbol::Kind::Label;
    s.section = index;
    s.value = 0;
    s.sectionStart = true;
  }
  void switchSection(const SectionSpec &spec) override {
    selectSection(findOrCreateSection(spec));
    switchSubsection(spec.subsection);
  }
  void switchSubsection(uint32_t number) override {
    const uint32_t base = sections_[cur_].parent == ~0u ? cur_ : sections_[cur_].parent;
    if (number == 0) return selectSection(base);
    for (uint32_t i = 0; i < sections_.size(); ++i)
      if (sections_[i].parent == base && sections_[i].subsection == number) return selectSection(i);
    obj::Section sub;
    const obj::Section &p = sections_[base];
    sub.name = p.name;
    sub.type = p.type;
    sub.flags = p.flags;
    sub.entsize = p.entsize;
    sub.flagsText = p.flagsText;
    sub.typeText = p.typeText;
    sub.parent = base;
    sub.subsection = number;
    sub.prefix = subCount_ < subPrefixes_.size() ? subPrefixes_[subCount_] : 0;
    ++subCount_;
    sub.data.assign(sub.prefix, 0);
    sections_.push_back(std::move(sub));
    selectSection(static_cast<uint32_t>(sections_.size() - 1));
  }
  // When the file ends: each section's subsections after it in increasing number (their labels,
  // fixups, line entries and frames moved with them), and the subsections' entries removed.
  void mergeSubsections() {
    const uint32_t n = static_cast<uint32_t>(sections_.size());
    bool any = false;
    for (const obj::Section &s : sections_) any |= s.parent != ~0u;
    if (!any) return;
    struct Place {
      uint32_t section;
      uint64_t base; // (modulo 2^64: minus the subsection's prefix)
      uint32_t fragmentBase;
    };
    std::vector<uint64_t> prefixes;
    std::vector<Place> place(n);
    std::vector<uint32_t> newIndex(n, 0);
    std::vector<uint64_t> ownEnd(n, ~0ull); // a section with subsections: its own bytes' end
    uint32_t next = 0;
    for (uint32_t i = 0; i < n; ++i)
      if (sections_[i].parent == ~0u) newIndex[i] = next++;
    for (uint32_t i = 0; i < n; ++i) {
      obj::Section &p = sections_[i];
      if (p.parent != ~0u) continue;
      place[i] = {newIndex[i], 0, 0};
      std::vector<uint32_t> subs;
      for (uint32_t j = 0; j < n; ++j)
        if (sections_[j].parent == i) subs.push_back(j);
      std::sort(subs.begin(), subs.end(), [&](uint32_t a, uint32_t b) {
        return sections_[a].subsection < sections_[b].subsection;
      });
      if (!subs.empty()) ownEnd[newIndex[i]] = p.data.size();
      for (uint32_t j : subs) {
        obj::Section &s = sections_[j];
        const uint64_t start = p.data.size();
        const uint64_t base = start - s.prefix;
        const uint32_t fragmentBase = p.fragment + 1;
        place[j] = {newIndex[i], base, fragmentBase};
        p.data.insert(p.data.end(), s.data.begin() + static_cast<ptrdiff_t>(s.prefix),
                      s.data.end());
        for (obj::Fixup f : s.fixups) {
          f.offset += base;
          f.instOffset += base;
          f.fragment += fragmentBase;
          p.fixups.push_back(f);
        }
        p.align = std::max(p.align, s.align);
        p.fragment = fragmentBase + s.fragment;
      }
    }
    for (uint32_t j = 0; j < n; ++j) // (in the order they were made)
      if (sections_[j].parent != ~0u) {
        const uint64_t want = (place[j].base + sections_[j].prefix) % sections_[j].align;
        subPrefixesChanged_ |= objOut() && want != sections_[j].prefix;
        prefixes.push_back(want);
      }
    subPrefixes_ = std::move(prefixes);
    syms_.forEach([&](std::string_view, Symbol &s) {
      if (s.kind != Symbol::Kind::Label || s.section >= n) return;
      const Place &at = place[s.section];
      s.value += static_cast<int64_t>(at.base);
      s.fragment += at.fragmentBase;
      s.section = at.section;
    });
    std::vector<obj::DwarfTables::LineSection> lines;
    for (obj::DwarfTables::LineSection &l : dwarf_.lineSections) {
      const Place &at = place[l.section];
      for (auto &e : l.entries) e.offset += at.base;
      auto same = std::find_if(lines.begin(), lines.end(),
                               [&](const auto &m) { return m.section == at.section; });
      if (same == lines.end()) {
        l.section = at.section;
        lines.push_back(std::move(l));
      } else {
        same->entries.insert(same->entries.end(), l.entries.begin(), l.entries.end());
      }
    }
    // (llvm keeps a section's line entries in the order they were made, whatever subsection they
    // are in, and ends the sequence where subsection 0 ends)
    for (obj::DwarfTables::LineSection &l : lines) {
      if (ownEnd[l.section] == ~0ull) continue;
      std::stable_sort(l.entries.begin(), l.entries.end(),
                       [](const auto &a, const auto &b) { return a.seq < b.seq; });
      l.end = ownEnd[l.section];
    }
    dwarf_.lineSections = std::move(lines);
    for (obj::DwarfFrame &f : dwarf_.frames) {
      const Place &at = place[f.section];
      f.begin += at.base;
      f.end += at.base;
      for (obj::CfiInstruction &ci : f.instructions) ci.offset += at.base;
      f.section = at.section;
    }
    for (PendingLeb &leb : pendingLebs_) {
      leb.offset += place[leb.section].base;
      leb.section = place[leb.section].section;
    }
    for (RelocDirective &d : relocDirectives_) d.section = place[d.section].section;
    if (identSection_ != ~0u) identSection_ = place[identSection_].section;
    cur_ = place[cur_].section;
    previous_ = kNoSection;
    sectionStack_.clear();
    std::erase_if(sections_, [](const obj::Section &s) { return s.parent != ~0u; });
  }
  bool pushSection() override {
    sectionStack_.emplace_back(cur_, previous_);
    return true;
  }
  bool popSection() override {
    if (sectionStack_.empty()) return false;
    auto [c, p] = sectionStack_.back();
    sectionStack_.pop_back();
    selectSection(c);
    previous_ = p;
    return true;
  }
  SectionSpec currentSection() override {
    const obj::Section &s =
        sections_[sections_[cur_].parent == ~0u ? cur_ : sections_[cur_].parent];
    return {s.name,
            s.type,
            s.flags,
            s.entsize,
            s.flagsText,
            s.typeText,
            s.groupName,
            s.comdat,
            s.uniqueId,
            s.linkedToName,
            sections_[cur_].subsection};
  }
  bool previousSection() override {
    if (previous_ == kNoSection) return false;
    selectSection(previous_);
    return true;
  }
  void emitValue(int64_t value, ExprId expr, unsigned size, uint32_t col) override {
    writeUnwrittenBytes();
    lineEntryHere();
    if (expr != kNoExpr) {
      registerSymbolsOf(expr);
      obj::Fixup f = fixupHere(col);
      f.offset = code_.size();
      f.kind = size == 1   ? obj::FixupKind::Data1
               : size == 2 ? obj::FixupKind::Data2
               : size == 4 ? obj::FixupKind::Data4
                           : obj::FixupKind::Data8;
      f.expr = expr;
      sections_[cur_].fixups.push_back(f);
      value = 0;
    }
    for (unsigned i = 0; i < size; ++i)
      code_.push_back(static_cast<uint8_t>(static_cast<uint64_t>(value) >> (8 * i)));
  }
  obj::DwarfTables dwarf_;
  uint32_t sectionIndex() override { return cur_; }
  void lineEntryHere() override {
    if (dwarf_.locSeen) [[unlikely]]
      dwarf_.makeLineEntry(cur_, code_.size() + unwrittenBytes_);
  }
  bool labelOffsetNow(ExprId expr, int64_t &value) override {
    RelocatableValue v;
    if (!evaluateRelocatable(syms_.pool(), expr, EvalStage::Final, targetInfo_, v) || v.symB ||
        v.spec != Spec::None || !v.symA || v.symA->kind != Symbol::Kind::Label)
      return false;
    value = v.symA->value + v.constant;
    return true;
  }
  std::vector<std::pair<obj::Fixup, std::string>> layoutErrors_;
  bool gnuAbi_ = false;
  void markGnuAbi() override { gnuAbi_ = true; }
  std::vector<std::pair<std::string_view, obj::Fixup>> forwardLocalRefs_; // (temporary, where)
  void layoutError(uint32_t col, std::string message) override {
    layoutErrors_.emplace_back(fixupHere(col), std::move(message));
  }
  // Where a fixup (or an error reported when the object is laid out) was written: the statement
  // being read, at `col`.
  obj::Fixup fixupHere(uint32_t col) const {
    obj::Fixup f;
    f.line = curLineNo_;
    f.col = col;
    f.lineText = curLine_;
    f.fragment = sections_[cur_].fragment;
    if (lines_) f.source = lines_->sourceId();
    return f;
  }
  // The same for a place kept until the file ends (its error reported then): the line's text
  // copied, since a macro's or an included file's line does not stay.
  obj::Fixup lastingFixupHere(uint32_t col) {
    obj::Fixup f = fixupHere(col);
    f.lineText = syms_.intern(std::string(curLine_));
    return f;
  }
  bool evaluateNow(ExprId expr, int64_t &value) override {
    // (llvm folds a difference only within a fragment: after a deferred LEB of this section the
    // labels may span it, whose size is not final)
    if (!pendingLebs_.empty() && pendingLebs_.back().section == cur_) return false;
    return evaluateAbsolute(syms_.pool(), expr, EvalStage::Final, targetInfo_, value);
  }
  // --- .uleb128/.sleb128 of values known only at the end (llvm's LEB fragments). llvm lays the
  // object out with them empty, then evaluates each and grows it to its value's size (never
  // shrinking: padding with continuation bytes), until no size changes. gfxasm assembles the
  // file again with the sizes of the previous pass (lebSizes_) until they are stable: the labels,
  // alignments and line entries after them move as llvm's do.
  struct PendingLeb {
    uint32_t section;
    uint64_t offset;
    uint8_t size;
    bool isSigned;
    ExprId expr;
    obj::Fixup where; // (line, col, lineText for the error)
  };
  std::vector<uint8_t> lebSizes_;
  std::vector<PendingLeb> pendingLebs_;
  bool lebSizesChanged_ = false;
  void emitLeb(ExprId expr, bool isSigned, uint32_t col) override {
    const size_t n = pendingLebs_.size();
    const uint8_t size = n < lebSizes_.size() ? lebSizes_[n] : 0;
    lineEntryHere();
    writeUnwrittenBytes();
    pendingLebs_.push_back({cur_, code_.size(), size, isSigned, expr, fixupHere(col)});
    newFragment();
    code_.resize(code_.size() + size, 0);
  }
  // Once every section has its bytes: each value with this layout, written when it fits its
  // room; else the sizes for the next pass.
  void relaxLebs() {
    std::vector<uint8_t> sizes;
    for (const PendingLeb &leb : pendingLebs_) {
      int64_t value = 0;
      if (!evaluateAbsolute(syms_.pool(), leb.expr, EvalStage::Final, targetInfo_, value)) {
        errorAt(leb.where, leb.where.col,
                fmt::format("{}leb128 expression is not absolute", leb.isSigned ? ".s" : ".u"));
        sizes.push_back(leb.size);
        continue;
      }
      std::vector<uint8_t> bytes;
      if (leb.isSigned)
        obj::appendSleb(bytes, value, leb.size);
      else
        obj::appendUleb(bytes, static_cast<uint64_t>(value), leb.size);
      sizes.push_back(static_cast<uint8_t>(bytes.size()));
      if (bytes.size() != leb.size) {
        lebSizesChanged_ = true;
        continue;
      }
      std::copy(bytes.begin(), bytes.end(),
                sections_[leb.section].data.begin() + static_cast<ptrdiff_t>(leb.offset));
    }
    lebSizes_ = std::move(sizes);
  }

public:
  // After run(): the sizes the next pass gives the deferred .uleb128/.sleb128, if one is needed.
  bool relaxAgain(std::vector<uint8_t> &sizes, std::vector<uint64_t> &subsectionPrefixes) {
    if (!lebSizesChanged_ && !subPrefixesChanged_) return false;
    sizes = std::move(lebSizes_);
    subsectionPrefixes = std::move(subPrefixes_);
    return true;
  }
  void setSubsectionPrefixes(std::vector<uint64_t> prefixes) { subPrefixes_ = std::move(prefixes); }

private:
  void registerSymbol(Symbol &s) override {
    if (!s.order) s.order = nextOrder_++;
  }
  void registerSymbolsOf(ExprId expr) override {
    const ExprPool &pool = syms_.pool();
    const ExprNode &n = pool[expr];
    switch (n.kind) {
    case ExprNode::Kind::Symbol: registerSymbol(*n.sym); break;
    case ExprNode::Kind::Unary: registerSymbolsOf(n.lhs); break;
    case ExprNode::Kind::Binary:
      registerSymbolsOf(n.lhs);
      registerSymbolsOf(n.rhs);
      break;
    case ExprNode::Kind::Target:
      for (ExprId a : pool.argsOf(n)) registerSymbolsOf(a);
      break;
    case ExprNode::Kind::Constant: break;
    }
  }
  void newFragment() override { ++sections_[cur_].fragment; }
  // Where each variable's value was last set (its expression's location).
  std::unordered_map<const Symbol *, obj::Fixup> variableWhere_;
  bool namesDefinedLabel(ExprId expr) const {
    const ExprPool &pool = syms_.pool();
    const ExprNode &n = pool[expr];
    switch (n.kind) {
    case ExprNode::Kind::Symbol: return n.sym && n.sym->kind == Symbol::Kind::Label;
    case ExprNode::Kind::Unary: return namesDefinedLabel(n.lhs);
    case ExprNode::Kind::Binary: return namesDefinedLabel(n.lhs) || namesDefinedLabel(n.rhs);
    case ExprNode::Kind::Target:
      for (ExprId a : pool.argsOf(n))
        if (namesDefinedLabel(a)) return true;
      return false;
    case ExprNode::Kind::Constant: break;
    }
    return false;
  }
  // llvm's ELF writer's checks of the variables it looks at (getBaseSymbol): a value that is no
  // symbol plus a constant (a temporary's only when it names no defined label; not an AMDGPU
  // expression function's), in the order the symbols were made.
  void checkVariablesForObject() {
    std::vector<std::pair<uint32_t, const Symbol *>> variables;
    syms_.forEach([&](std::string_view name, Symbol &s) {
      if (s.kind != Symbol::Kind::Variable || !variableWhere_.count(&s)) return;
      if (name.starts_with(".L") && namesDefinedLabel(s.expr)) return;
      // (AMDGPU's expression functions are inlined where used: such a variable is not looked at)
      if (syms_.pool()[s.expr].kind == ExprNode::Kind::Target) return;
      variables.emplace_back(s.order, &s);
    });
    std::sort(variables.begin(), variables.end());
    for (const auto &[order, s] : variables) {
      const obj::Fixup &where = variableWhere_[s];
      RelocatableValue v;
      if (!evaluateRelocatable(syms_.pool(), s->expr, EvalStage::Final, targetInfo_, v))
        errorAt(where, where.col, "expression could not be evaluated");
      else if (v.symB)
        errorAt(
            where, where.col,
            fmt::format("symbol '{}' could not be evaluated in a subtraction expression", v.nameB));
      else if (v.symA && v.symA->commonAlign)
        errorAt(where, where.col,
                fmt::format("Common symbol '{}' cannot be used in assignment expr", v.nameA));
    }
  }
  // .cg_profile entries, written when the file ends (llvm's finalizeCGProfile).
  struct CgProfileEntry {
    std::string_view from, to;
    uint64_t count;
    obj::Fixup where;
    uint32_t fromCol, toCol;
  };
  std::vector<CgProfileEntry> cgProfile_;
  struct CgReloc {
    uint64_t offset;
    const Symbol *symbol;
    int32_t sectionSymbol;
  };
  std::vector<CgReloc> cgRelocs_;
  uint32_t cgSection_ = ~0u;
  void cgProfile(std::string_view from, std::string_view to, uint64_t count, uint32_t fromCol,
                 uint32_t toCol) override {
    obj::Fixup where = lastingFixupHere(0);
    cgProfile_.push_back({syms_.intern(std::string(from)), syms_.intern(std::string(to)), count,
                          where, fromCol, toCol});
  }
  // The .llvm.call-graph-profile section: a count per entry, and an R_AMDGPU_NONE relocation to
  // each of its symbols (a temporary label's through its section's symbol).
  void finalizeCgProfile() {
    if (cgProfile_.empty()) return;
    const SectionSpec spec{".llvm.call-graph-profile", 0x6fff4c09, 0x80000000, 8, "e",
                           "@llvm_call_graph_profile", {},         false};
    const uint32_t save = cur_, savePrevious = previous_;
    cgSection_ = findOrCreateSection(spec);
    selectSection(cgSection_);
    for (const CgProfileEntry &e : cgProfile_) {
      const uint64_t offset = code_.size();
      for (auto [name, col] : {std::pair{e.from, e.fromCol}, std::pair{e.to, e.toCol}}) {
        Symbol &s = syms_.get(name);
        if (name.starts_with(".L")) {
          if (s.kind != Symbol::Kind::Label) {
            errorAt(e.where, col,
                    fmt::format("Reference to undefined temporary symbol `{}`", name));
            continue;
          }
          cgRelocs_.push_back({offset, nullptr, static_cast<int32_t>(s.section)});
          continue;
        }
        registerSymbol(s);
        cgRelocs_.push_back({offset, &s, -1});
      }
      for (unsigned i = 0; i < 8; ++i) code_.push_back(static_cast<uint8_t>(e.count >> (8 * i)));
    }
    selectSection(save);
    previous_ = savePrevious;
  }
  struct Symver {
    Symbol *original;
    std::string_view originalName;
    std::string alias;
    bool keep;
    obj::Fixup where;
  };
  std::vector<Symver> symvers_;
  // Where each .cfi_label ([0]) and .loc_label ([1]) named its label, in directive order.
  std::unordered_map<std::string, std::vector<obj::Fixup>> generatedLabels_[2];
  void generatedLabel(std::string_view name, uint32_t col, bool line) override {
    obj::Fixup where = lastingFixupHere(col);
    generatedLabels_[line][std::string(name)].push_back(where);
  }
  void symver(std::string_view original, std::string alias, bool keepOriginal,
              uint32_t col) override {
    obj::Fixup where = lastingFixupHere(col);
    const std::string_view name = syms_.intern(std::string(original));
    symvers_.push_back({&syms_.get(name), name, std::move(alias), keepOriginal, where});
  }
  // llvm's ELF writer's symbol versions (executePostLayoutBinding): each alias registered now,
  // bound and placed as its symbol; an undefined symbol, or one whose version is written `@@@`
  // or `remove`d, renamed to its alias in the table and the relocations.
  void bindSymbolVersions(std::vector<obj::SymbolRename> &renames) {
    for (const Symver &v : symvers_) {
      const Symbol &original = *v.original;
      const bool undefined = original.kind == Symbol::Kind::Undefined;
      const size_t at = v.alias.find('@');
      std::string_view rest = std::string_view(v.alias).substr(at), tail = rest;
      if (rest.starts_with("@@@")) tail = rest.substr(undefined ? 2 : 1);
      const std::string_view name = syms_.intern(v.alias.substr(0, at) + std::string(tail));
      Symbol &alias = syms_.get(name);
      // (an undefined symbol's alias is a variable of it, out of the table: the symbol itself is
      // written under the alias's name)
      if (!undefined) registerSymbol(alias);
      if (!undefined && alias.kind == Symbol::Kind::Undefined) {
        alias.kind = original.kind;
        alias.section = original.section;
        alias.value = original.value;
        alias.expr = original.expr;
        alias.fragment = original.fragment;
        if (!alias.type) alias.type = original.type;
        if (alias.size == kNoExpr) alias.size = original.size;
      }
      alias.binding = original.binding;
      alias.visibility = original.visibility;
      if (!undefined && v.keep) continue;
      if (undefined && rest.starts_with("@@") && !rest.starts_with("@@@")) {
        errorAt(v.where, v.where.col,
                fmt::format("default version symbol {} must be defined", v.alias));
        continue;
      }
      auto known = std::find_if(renames.begin(), renames.end(),
                                [&](const auto &r) { return r.original == &original; });
      if (known != renames.end() && known->alias != &alias) {
        errorAt(v.where, v.where.col, fmt::format("multiple versions for {}", v.originalName));
        continue;
      }
      if (known == renames.end()) renames.push_back({&original, &alias, name});
    }
  }
  // Subsections' prefixes (Section::prefix) by creation order, given by the previous pass; set
  // when a subsection's start moved (another pass is needed).
  std::vector<uint64_t> subPrefixes_;
  uint32_t subCount_ = 0;
  bool subPrefixesChanged_ = false;
  // --- .reloc: resolved once the layout is final, as llvm's MCAssembler does.
  struct RelocDirective {
    uint32_t section, type;
    ExprId offsetExpr; // kNoExpr: offsetValue from the section's start
    int64_t offsetValue;
    ExprId expr;
    obj::Fixup where;
    uint32_t offsetCol, exprCol;
  };
  std::vector<RelocDirective> relocDirectives_;
  std::vector<const Symbol *> dotSymbols_; // the temporaries `.` defined (unnamed in llvm's object)
  void relocDirective(ExprId offsetExpr, int64_t offsetValue, uint32_t type, ExprId expr,
                      uint32_t offsetCol, uint32_t exprCol) override {
    obj::Fixup where = lastingFixupHere(offsetCol);
    relocDirectives_.push_back(
        {cur_, type, offsetExpr, offsetValue, expr, where, offsetCol, exprCol});
  }
  bool relocatableNow(ExprId expr) override {
    RelocatableValue v;
    return evaluateRelocatable(syms_.pool(), expr, EvalStage::Final, targetInfo_, v);
  }
  // The relocations of the .reloc directives: at a label, in its fragment (after that fragment's
  // other relocations); at a number, in the first fragment of the directive's section. The symbol
  // is the expression's own (a local label or variable too, not its section's).
  void resolveRelocDirectives(std::vector<std::vector<obj::Relocation>> &relocations) {
    std::vector<bool> added(sections_.size(), false);
    for (const RelocDirective &d : relocDirectives_) {
      uint32_t si = d.section, fragment = 0;
      int64_t offset = d.offsetValue;
      if (d.offsetExpr != kNoExpr) {
        RelocatableValue v;
        if (!evaluateRelocatable(syms_.pool(), d.offsetExpr, EvalStage::Final, targetInfo_, v) ||
            v.symB || !v.symA || v.spec != Spec::None || v.symA->kind != Symbol::Kind::Label) {
          errorAt(d.where, d.offsetCol, ".reloc offset is not relative to a section");
          continue;
        }
        si = v.symA->section;
        fragment = v.symA->fragment;
        offset = v.symA->value + v.constant;
      }
      obj::Relocation r{static_cast<uint32_t>(offset), d.type, nullptr, {}, -1, 0};
      r.fragment = fragment;
      if (d.expr != kNoExpr) {
        RelocatableValue v;
        if (!evaluateRelocatable(syms_.pool(), d.expr, EvalStage::Final, targetInfo_, v) ||
            v.symB) {
          errorAt(d.where, d.exprCol,
                  v.symB && v.symB->kind == Symbol::Kind::Undefined
                      ? fmt::format("symbol '{}' can not be undefined in a subtraction expression",
                                    v.nameB)
                      : std::string("expected relocatable expression"));
          continue;
        }
        r.addend = v.constant;
        if (v.symA) {
          r.symbol = v.alias ? v.alias : v.symA;
          r.name = v.alias ? v.aliasName : v.nameA;
          if (v.alias) r.addend -= v.aliasOffset;
          const_cast<Symbol *>(r.symbol)->usedInReloc = true;
        }
      }
      relocations[si].push_back(r);
      added[si] = true;
    }
    for (uint32_t si = 0; si < sections_.size(); ++si)
      if (added[si])
        std::stable_sort(relocations[si].begin(), relocations[si].end(),
                         [](const obj::Relocation &a, const obj::Relocation &b) {
                           return a.fragment < b.fragment;
                         });
  }
  void emitZeros(uint64_t count) override {
    writeUnwrittenBytes();
    code_.resize(code_.size() + count, 0);
  }
  uint64_t sectionOffset() override { return code_.size() + unwrittenBytes_; }
  bool raiseAlignment(uint64_t align) override {
    // (an object's writer pads the file to each section's alignment)
    if (align > sections_[cur_].align && objOut() && !claimSectionBytes(align)) return false;
    sections_[cur_].align = std::max(sections_[cur_].align, align);
    return true;
  }
  size_t sectionBytesClaimed_ = 0; // see claimSectionBytes
  bool claimSectionBytes(uint64_t bytes) override {
    if (bytes > opts_.maxSectionBytes - std::min(sectionBytesClaimed_, opts_.maxSectionBytes))
      return false;
    sectionBytesClaimed_ += bytes;
    return true;
  }
  size_t maxSectionBytes() override { return opts_.maxSectionBytes; }
  bool writesObject() override { return objOut(); }
  bool inTextSection() override { return sections_[cur_].flags & 0x4; }
  void addIdent(std::string_view text) override {
    SectionSpec spec{".comment", 1,           0x30, 1,
                     "MS",       "@progbits", {},   false}; // SHF_MERGE | SHF_STRINGS
    if (identSection_ == ~0u) {
      identSection_ = findOrCreateSection(spec);
      ident_ += '\0';
    }
    ident_ += text;
    ident_ += '\0';
  }
  void enableAddrsig() override { addrsig_ = true; }
  void addrsigSymbol(Symbol &s) override { addrsigSymbols_.push_back(&s); }
  void defineInBss(Symbol &s, uint64_t size) override {
    uint32_t save = cur_, savePrevious = previous_;
    selectSection(findOrCreateSection({".bss", 8, 0x3, 0, "aw", "@nobits", {}, false}));
    s.kind = Symbol::Kind::Label;
    s.section = cur_;
    s.value = static_cast<int64_t>(code_.size());
    if (!s.type) s.type = 1; // STT_OBJECT
    s.size = syms_.pool().constant(static_cast<int64_t>(size));
    code_.resize(code_.size() + size, 0);
    selectSection(save);
    previous_ = savePrevious;
  }

  // The text of an .amdgpu_metadata or .amdgpu_pal_metadata block (YAML) is read as lines, not
  // statements, up to the directive that ends it.
  bool inMetadata_ = false;
  std::string_view metadataEnd_;
  std::string metadataText_;
  object::PalMetadata pal_; // (printed and written when the file ends, as llvm does)

  // llvm collects the block with its lexer, statement by statement (as::scanLineJoin: a string
  // or a character constant may carry a statement over a line break, an .end_amdgpu_metadata
  // there is then not seen).
  as::LineJoin metadataJoin_;

  static constexpr std::string_view kEndHsaMetadata = ".end_amdgpu_metadata",
                                    kEndPalMetadata = ".end_amdgpu_pal_metadata";

  void metadataLine(std::string_view line, const as::SourceLine &source) {
    const bool statementStart =
        !metadataJoin_.inString && !metadataJoin_.continues && !metadataJoin_.inBlockComment;
    size_t indent = 0; // (a loop: find_first_not_of looks each character up in the set)
    while (indent < line.size() && (line[indent] == ' ' || line[indent] == '\t')) ++indent;
    if (indent == line.size()) indent = std::string_view::npos;
    std::string_view body = indent == std::string_view::npos ? "" : line.substr(indent);
    const size_t endSize = metadataEnd_.size();
    if (statementStart && body.starts_with(metadataEnd_) &&
        (body.size() == endSize || !isIdentChar(body[endSize]))) {
      inMetadata_ = false;
      metadataText_.append(line.substr(0, indent));
      // (what follows the directive on its line is a statement of its own, as in llvm)
      LexResult lr;
      const size_t count = lexLine(line, tokenRoom_, lr, inBlockComment_); // (may grow the room)
      toks_ = std::span<Token>(tokenRoom_.data(), count);
      Cursor rest{toks_, 1};
      endMetadata(static_cast<uint32_t>(indent + endSize), endsWithPlainNewline(rest.peek(), line));
      if (!lr.ok)
        error(lr.errCol, lr.errMsg);
      else if (!rest.atEnd())
        statementAt(rest, &source, false);
      return;
    }
    // A `//` comment line is no statement to llvm, whose lexer skips the comment at a statement's
    // start.
    if (statementStart && body.starts_with("//")) {
      metadataText_ += '\n';
      return;
    }
    // Each statement's text: a `#` line keeps its indentation only, a `;` outside a string or
    // character constant ends the line.
    if (statementStart && indent != std::string_view::npos && line[indent] == '#') {
      metadataText_.append(line.substr(0, indent));
    } else if (statementStart &&
               (line.empty() || // (no memchr on an empty view's null pointer)
                (!std::memchr(line.data(), ';', line.size()) &&
                 !std::memchr(line.data(), '\'', line.size()) &&
                 !std::memchr(line.data(), '"', line.size()) &&
                 !std::memchr(line.data(), '/',
                              line.size())))) { // (vectorized, unlike find_first_of)
      metadataText_.append(line);               // (the common line: nothing to scan)
    } else {
      const size_t end = as::scanLineJoin(line, metadataJoin_);
      // (llvm collects the statement's text up to its end: a `;` or `//` comment ends it, a
      // `/* */` one stays in the YAML)
      const bool cut =
          end < line.size() && (line[end] == ';' || line.substr(end).starts_with("//"));
      metadataText_.append(line.substr(0, cut ? end : line.size()));
    }
    metadataText_ += '\n';
  }

  // The block's lines up to the first one that needs metadataLine (the block's end, a `#` line,
  // a comment, a string or a character constant, one of the preprocessor's), appended at once
  // as metadataLine appends each: the line and its newline. `last`: the last line taken.
  void metadataLines(as::Preprocessor &lines, as::SourceLine &last) {
    if (metadataJoin_.inString || metadataJoin_.continues || metadataJoin_.inBlockComment) return;
    const std::string_view end = metadataEnd_;
    uint64_t count = 0;
    const std::string_view text = lines.takeLines(
        [&](std::string_view line) {
          if (hasMetadataStop(line)) return false;
          const auto indent = static_cast<size_t>(
              as::skipBlanks(line.data(), line.data() + line.size()) - line.data());
          if (indent < line.size() && (line[indent] == '#' || line.substr(indent).starts_with(end)))
            return false;
          ++count;
          return true;
        },
        last);
    if (text.empty()) return;
    metadataText_.append(text);
    statementCount_ += count;
    curLine_ = last.echo;
    curLineNo_ = last.number;
  }
  // A `;`, `'`, `"` or `/` in `line`: its statement text is not the line (metadataLine).
  static bool hasMetadataStop(std::string_view line) {
    const char *p = line.data();
    size_t n = line.size();
    auto stopBytes = [](uint64_t w) {
      constexpr uint64_t kOnes = 0x0101010101010101, kHigh = kOnes * 0x80;
      auto zeroBytes = [&](uint64_t x) { return (x - kOnes) & ~x & kHigh; };
      return zeroBytes(w ^ (kOnes * ';')) | zeroBytes(w ^ (kOnes * '\'')) |
             zeroBytes(w ^ (kOnes * '"')) | zeroBytes(w ^ (kOnes * '/'));
    };
    if (n >= 8) {
      for (; n > 8; p += 8, n -= 8) {
        uint64_t w;
        std::memcpy(&w, p, 8);
        if (stopBytes(w)) return true;
      }
      uint64_t w; // (the last eight characters, overlapping what was read)
      std::memcpy(&w, p + n - 8, 8);
      return stopBytes(w) != 0;
    }
    for (size_t k = 0; k < n; ++k)
      if (p[k] == ';' || p[k] == '\'' || p[k] == '"' || p[k] == '/') return true;
    return false;
  }

  void endMetadata(uint32_t col, bool blankLine) {
    const char *echo = blankLine ? "\n" : ""; // (llvm's empty statement after the directive)
    if (metadataEnd_ == kEndPalMetadata) {
      std::vector<std::string> badKeys;
      object::MetadataError err;
      if (!pal_.setFromYaml(metadataText_, badKeys, err)) {
        yamlDiagnostics(err);
        error(col, "invalid PAL metadata");
        for (const std::string &key : badKeys)
          extraNote(col, fmt::format("Unrecognized PAL metadata register key '{}'", key));
        return;
      }
      if (asmOut()) out_ += echo; // (the block itself when the file ends)
      return;
    }
    // (an object alone: compiler-style YAML packed as it is read, without the document)
    if (std::vector<uint8_t> bytes;
        objOut() && object::encodeHsaMetadataYamlDirect(metadataText_, bytes)) {
      emitNote("AMDGPU", object::kNtAmdgpuMetadata, bytes);
      return;
    }
    object::HsaMetadata metadata;
    object::MetadataError err;
    // (llvm-mc's null streamer reads the YAML but does not verify it)
    if (!object::parseHsaMetadataYaml(metadataText_, metadata, err,
                                      opts_.output != OutputKind::Null)) {
      yamlDiagnostics(err);
      error(col, err.message);
      return;
    }
    // (and the blank line llvm echoes for the directive's statement)
    if (asmOut()) out_ += object::printHsaMetadataAsm(metadata) + echo;
    if (objOut())
      emitNote("AMDGPU", object::kNtAmdgpuMetadata, object::encodeHsaMetadataMsgpack(metadata));
  }

  // What llvm's YAML reader prints of a block it cannot read, before the assembler's error (in
  // its own buffer, not counted as the assembler's errors).
  void yamlDiagnostics(object::MetadataError &err) {
    for (Diagnostic &d : err.yamlMessages) result_.diagnostics.push_back(std::move(d));
  }

  // llvm's AMDGPU ELF streamer's notes: appended to `.note` (SHT_NOTE, allocated under HSA
  // only), aligned to 4 within the section; the current section stays.
  void emitNote(std::string_view name, uint32_t type, const std::vector<uint8_t> &descriptor) {
    uint32_t save = cur_, savePrevious = previous_;
    selectSection(findOrCreateSection(
        {".note", 7, hsa() ? 0x2u : 0u, 0, hsa() ? "a" : "", "@note", {}, false}));
    raiseAlignment(4);
    std::vector<uint8_t> note = object::elfNote(name, type, descriptor, code_.size());
    code_.insert(code_.end(), note.begin(), note.end());
    selectSection(save);
    previous_ = savePrevious;
  }

  // `.amdhsa_kernel NAME` ... `.end_amdhsa_kernel` (object/amdhsa_kernel.h): the block's
  // statements go to kdBlock_ until it ends or fails; after an error llvm reads the block's
  // remaining lines as ordinary statements.
  std::optional<object::KdTarget> kdTarget_;
  std::optional<object::AmdhsaKernelParser> kdBlock_;
  // The block's lines, for the echo of an error located on an earlier one: their numbers and
  // places in kdText_ (one buffer, not a string per line).
  struct KdLine {
    uint32_t number;
    size_t offset, size;
  };
  std::vector<KdLine> kdLines_;
  std::string kdText_;
  void clearKdLines() {
    kdLines_.clear();
    kdText_.clear();
  }

  // `.amd_kernel_code_t` ... `.end_amd_kernel_code_t` outside HSA (object/amd_kernel_code.h),
  // read like the kernel descriptor block.
  std::optional<object::AmdKernelCodeParser> codeBlock_;

  void kernelStatement(Cursor &c) {
    if (kdBlock_) {
      if (blockStatement(c, *kdBlock_) != object::AmdhsaKernelParser::Status::Done) return;
      object::KernelDescriptor kd = kdBlock_->kernel();
      kdBlock_.reset();
      // (the blank line is the statement's end, which a statement after it on the line takes)
      if (asmOut())
        out_ += object::printAmdhsaKernel(kd, *kdTarget_, syms_) +
                (endsWithPlainNewline(c.peek(), curLine_) ? "\n" : "");
      if (objOut()) emitKernelDescriptor(kd);
    } else {
      if (blockStatement(c, *codeBlock_) != object::AmdhsaKernelParser::Status::Done) return;
      // (llvm checks the block when it ends, without a location, and writes it all the same)
      if (std::optional<std::string> e = codeBlock_->validationError()) errorWithoutLocation(*e);
      if (asmOut())
        out_ += codeBlock_->print() + (endsWithPlainNewline(c.peek(), curLine_) ? "\n" : "");
      if (objOut()) {
        writeUnwrittenBytes();
        // (a field's own expression keeps its place, for the errors of its fixup)
        for (const object::AmdKernelCodeParser::Piece &p : codeBlock_->pieces())
          emitWordExpr(p.expr, p.value, p.size, p.line, p.col);
      }
      codeBlock_.reset();
    }
    clearKdLines();
    // llvm reads what follows the block's end on its line as a new statement.
    if (!c.atEnd()) statementAt(c);
  }

  // One statement of a block directive: its errors reported (one located on an earlier line
  // of the block echoes that line), the block dropped after them.
  template <class Block> typename Block::Status blockStatement(Cursor &c, Block &block) {
    kdLines_.push_back({curLineNo_, kdText_.size(), curLine_.size()});
    kdText_ += curLine_;
    const auto status = block.statement(c, curLineNo_);
    if (status == Block::Status::More) return status;
    if (status == Block::Status::Error) {
      const std::string_view line = curLine_;
      const uint32_t lineNo = curLineNo_;
      for (const object::KdError &e : block.errors()) {
        for (const KdLine &l : kdLines_)
          if (l.number == e.line) {
            curLine_ = std::string_view(kdText_).substr(l.offset, l.size);
            curLineNo_ = l.number;
          }
        const size_t at = result_.diagnostics.size();
        error(e.col, e.message);
        if (e.endCol && at < result_.diagnostics.size())
          result_.diagnostics[at].rangeEnd = e.endCol + 1;
        curLine_ = line;
        curLineNo_ = lineNo;
      }
      const bool reread = block.rereadStatement();
      kdBlock_.reset();
      codeBlock_.reset();
      clearKdLines();
      // (llvm goes on at the failing token: a statement when it starts the line)
      if (reread) statementAt(c);
    }
    return status;
  }

  // The text of a line of the current block, kept for as long as the assembler runs.
  std::deque<std::string> keptLines_;
  std::string_view blockLineText(uint32_t number) {
    for (const KdLine &l : kdLines_)
      if (l.number == number) return keptLines_.emplace_back(kdText_.substr(l.offset, l.size));
    return {};
  }

  // A value llvm's target streamer emits (a kernel descriptor's word, an amd_kernel_code_t
  // field): written when absolute now, else a fixup located where the value was written, on
  // line `line` of the current block, or nowhere (line 0: a word llvm builds itself).
  void emitWordExpr(ExprId e, int64_t value, uint32_t size, uint32_t line = 0, uint32_t col = 0) {
    int64_t v = value;
    const bool abs = e == kNoExpr || object::evaluateAsAbsolute(syms_, e, v);
    if (abs && e != kNoExpr) registerSymbolsOf(e);
    // (llvm's object streamer: a value that fits neither signed nor unsigned is reported and
    // not written)
    if (abs && !as::fitsInBytes(v, size)) {
      errorWithoutLocation(fmt::format("value evaluated as {} is out of range.", v));
      return;
    }
    emitValue(abs ? v : 0, abs ? kNoExpr : e, size, col);
    if (abs) return;
    obj::Fixup &f = sections_[cur_].fixups.back();
    f.line = line;
    f.lineText = line ? blockLineText(line) : std::string_view();
  }

  // AMDGPUTargetELFStreamer::EmitAmdhsaKernelDescriptor: NAME.kd (64 bytes, STT_OBJECT, the
  // kernel symbol's binding and visibility) at the current offset, the kernel symbol made
  // protected if it had the default visibility, and the words in order (symbols registered and
  // fixups made as by any data directive).
  void emitKernelDescriptor(const object::KernelDescriptor &kd) {
    Symbol &code = syms_.get(kd.name);
    Symbol &desc = syms_.get(kd.name + ".kd");
    // (llvm's binding of a symbol without one: local when defined by now, else global)
    desc.binding = code.binding != Symbol::Binding::Default ? code.binding
                   : code.kind == Symbol::Kind::Label       ? Symbol::Binding::Default
                                                            : Symbol::Binding::Global;
    desc.visibility = code.visibility;
    desc.type = 1; // STT_OBJECT
    desc.size = syms_.pool().constant(64);
    if (code.visibility == 0) code.visibility = 3; // STV_PROTECTED
    writeUnwrittenBytes();
    desc.kind = Symbol::Kind::Label;
    desc.section = cur_;
    desc.value = static_cast<int64_t>(code_.size());
    registerSymbol(desc);
    uint32_t col = 0;
    using W = object::KernelDescriptor::Word;
    auto word = [&](W w) { emitWordExpr(kd.words[w], 0, object::KernelDescriptor::kSize[w]); };
    word(W::GroupSegmentFixedSize);
    word(W::PrivateSegmentFixedSize);
    word(W::KernargSize);
    emitZeros(4);
    emitValue(0, object::entryOffsetExpr(kd, syms_), 8, col);
    sections_[cur_].fixups.back().line = 0;
    emitZeros(20);
    word(W::Rsrc3);
    word(W::Rsrc1);
    word(W::Rsrc2);
    word(W::KernelCodeProperties);
    word(W::KernargPreload);
    emitZeros(4);
  }

  // The labels `.` made in the current statement, by column (see SymbolTable::locationLabel).
  uint64_t statementCount_ = 0, dotStatement_ = ~uint64_t{0};
  std::vector<std::pair<uint32_t, std::string_view>> dotLabels_;

  void statement(const as::SourceLine &source) {
    ++statementCount_;
    const std::string_view line = source.text;
    curLine_ = source.echo;
    curLineNo_ = source.number;
    if (inMetadata_) [[unlikely]] {
      metadataLine(line, source);
      return;
    }
    // A comment line (blanks, then `;`), a tenth of compiler output: an empty statement, which
    // does nothing outside a block or `-filetype=asm` (statementOnce), not lexed.
    if (!line.empty() && (line[0] == ';' || line[0] == ' ') && !inBlockComment_ && !kdBlock_ &&
        !codeBlock_ && !asmOut()) {
      const char *at = skipBlanks(line.data(), line.data() + line.size());
      if (at < line.data() + line.size() && *at == ';') {
        if (tokenRoom_.empty()) tokenRoom_.resize(1);
        tokenRoom_[0] = Token(Tok::Eol, static_cast<uint32_t>(at - line.data()), {});
        toks_ = std::span<Token>(tokenRoom_.data(), 1);
        hasColonColon_ = false;
        return;
      }
    }
    bool startsInComment = inBlockComment_;
    LexResult lr;
    size_t count = lexLine(line, tokenRoom_, lr, inBlockComment_);
    toks_ = std::span<Token>(tokenRoom_.data(), count);
    bool continuesStatement = startsInComment && commentInStatement_;
    if (inBlockComment_) commentInStatement_ = toks_.size() > 1 || continuesStatement;
    if (!lr.ok) {
      error(lr.errCol, lr.errMsg);
      return;
    }
    hasColonColon_ = lr.hasColonColon;
    Cursor c{toks_, 0};
    if (kdBlock_ || codeBlock_) [[unlikely]] {
      kernelStatement(c);
      return;
    }
    statementAt(c, &source, continuesStatement);
  }

  // The statement at `c` (a whole line's tokens, or what a directive left for a new statement):
  // its labels, then an assignment, a directive or an instruction.
  // A directive that leaves the rest of its line for a statement of its own sets this; the loop
  // below reads it (a loop: a line of many such directives is no deep recursion).
  bool restPending_ = false;
  void statementAt(Cursor &c, const as::SourceLine *source = nullptr,
                   bool continuesStatement = false) {
    for (;;) {
      statementOnce(c, source, continuesStatement);
      if (!restPending_ || c.atEnd()) break;
      restPending_ = false;
      source = nullptr;
    }
    restPending_ = false;
  }
  void statementOnce(Cursor &c, const as::SourceLine *source, bool continuesStatement) {
    const size_t start = c.pos;
    const std::string_view line = source ? source->text : curLine_;
    // Labels: `name:` (several may precede a statement), and GNU local labels `N:`.
    for (;;) {
      const Token t = c.peekName();
      if (c.peek(c.nameWidth()).kind != Tok::Colon) break;
      if (namesSymbol(t)) {
        c.skipName();
        c.next();
        defineLabel(t);
      } else if (t.kind == Tok::Integer && t.ival >= 0 && !t.overflow &&
                 t.text.find_first_not_of("0123456789") == std::string_view::npos) {
        c.next();
        c.next();
        defineLabel(syms_.defineLocalLabel(static_cast<uint32_t>(t.ival)), t.col);
      } else {
        break;
      }
    }
    // (a macro call or a directive of the macro language after labels is the preprocessor's)
    if (c.pos > start && source && lines_ && lines_->claimRest(*source, c.peek(), c.peek(1)))
      return;
    if (c.atEnd()) {
      // llvm-mc echoes an empty statement (blank line, block comment) as a blank line, but not a
      // line that ends in a `//` or `;` comment.
      if (c.pos == 0 && asmOut() && !inBlockComment_ && !continuesStatement &&
          c.peek().col == line.size())
        out_ += '\n';
      return;
    }
    const Token first = c.peekName();
    if ((first.kind == Tok::Identifier || first.kind == Tok::String) &&
        c.peek(c.nameWidth()).kind == Tok::Equal) {
      c.skipName();
      c.next();
      if (first.kind == Tok::Identifier && first.text == ".") // (llvm's `. = X`: .org X)
        runDirective(first, ".org", c);
      else
        assignSymbol(first, c, "=");
      return;
    }
    if (first.kind != Tok::Identifier) {
      error(first.col, "unexpected token at start of statement");
      return;
    }
    if (c.nameWidth() > 1) { // (`@foo`: llvm's name of an instruction, which none has)
      error(first.col, "invalid instruction");
      return;
    }
    if (first.text[0] == '.') {
      directive(c);
      return;
    }
    instruction(c);
  }

  void defineLabel(const Token &name) { defineLabel(name.text, name.col); }
  // A label: a symbol not defined yet, or a variable (llvm lets a label replace a value set with
  // .set or =).
  void defineLabel(std::string_view text, uint32_t col) {
    Symbol &s = syms_.get(text);
    if (s.kind == Symbol::Kind::Label || s.constant) {
      contextError(col, fmt::format("symbol '{}' is already defined", text));
      if (asmOut()) out_ += fmt::format("{}:\n", printedSymbolName(text));
      return;
    }
    s.kind = Symbol::Kind::Label;
    s.section = cur_;
    s.value = static_cast<int64_t>(code_.size() + unwrittenBytes_);
    s.expr = kNoExpr;
    s.fragment = sections_[cur_].fragment;
    registerSymbol(s);
    if (observer_)
      observer_->label(text, {curLine_, curLineNo_}, col, cur_, static_cast<uint64_t>(s.value));
    if (asmOut()) {
      out_ += printedSymbolName(text);
      out_ += ":\n";
    }
    // (the .lto_set_conditional assignments that waited for this label)
    if (auto waiting = conditionalAssignments_.empty()
                           ? conditionalAssignments_.end()
                           : conditionalAssignments_.find(std::string(text));
        waiting != conditionalAssignments_.end()) {
      std::vector<std::string> names = std::move(waiting->second);
      conditionalAssignments_.erase(waiting);
      for (const std::string &name : names) assignToSymbol(name, text);
    }
  }

  // NAME = TARGET, a symbol, as .lto_set_conditional makes it (nothing printed).
  void assignToSymbol(std::string_view name, std::string_view target) {
    const Token value[] = {Token(Tok::Identifier, 0, target), Token(Tok::Eol, 0, {})};
    Cursor vc{value, 0};
    assignSymbol(Token(Tok::Identifier, 0, name), vc, ".lto_set_conditional");
  }

  // .lto_set_conditional NAME, TARGET: NAME = TARGET once TARGET is defined (now or by a later
  // label), never if it is not.
  void conditionalAssignment(Cursor &c) {
    const Token sym = c.peekName();
    if (!namesSymbol(sym)) return error(sym.col, "expected identifier");
    c.skipName();
    if (!c.accept(Tok::Comma)) return error(c.peek().col, "expected comma");
    // (llvm reads an expression, then wants a symbol)
    const uint32_t targetCol = c.peek().col;
    ExprResult e = parseExpr(c, syms_, /*relocatable=*/true);
    if (!e.ok()) {
      error(e.errCol, e.error);
      return error(std::max(e.errCol, c.peek().col), "missing expression");
    }
    if (!e.symbolRef) return error(targetCol, "expected identifier");
    if (!c.atEnd()) return error(c.peek().col, "expected newline");
    // (the name, without the quotes llvm prints around some)
    std::string_view printed = e.text;
    const std::string target(printed.size() > 1 && printed.front() == '"'
                                 ? printed.substr(1, printed.size() - 2)
                                 : printed);
    if (asmOut())
      out_ += fmt::format(".lto_set_conditional {}, {}\n", printedSymbolName(sym.text), printed);
    if (syms_.get(target).kind != Symbol::Kind::Undefined)
      assignToSymbol(sym.text, target);
    else
      conditionalAssignments_[target].emplace_back(sym.text);
  }

  void assignSymbol(const Token &name, Cursor &c, std::string_view how) {
    std::string err;
    uint32_t errCol = 0;
    const uint32_t valueCol = c.peek().col;
    const size_t valueAt = c.pos;
    ExprText e = exprText(c, syms_, err, errCol, /*withText=*/asmOut());
    if (!e.ok) {
      error(errCol, err);
      // (llvm's assignment adds its own message where its lexer stopped)
      error(std::max(errCol, c.peek().col), "missing expression");
      return;
    }
    if (!c.atEnd()) {
      error(c.peek().col, "expected newline");
      return;
    }
    Symbol &s = syms_.get(name.text);
    // (.equiv: only a symbol not defined yet)
    if (s.kind == Symbol::Kind::Label || s.constant ||
        (how == ".equiv" && s.kind != Symbol::Kind::Undefined)) {
      error(valueCol, "redefinition of '" + std::string(name.text) + "'");
      return;
    }
    // A symbolic value (a label, a name defined later) is not usable as an absolute operand; it
    // is evaluated when the object is written.
    registerSymbol(s);
    s.kind = e.absolute ? Symbol::Kind::Value : Symbol::Kind::Variable;
    s.value = e.value;
    s.expr = e.absolute ? syms_.pool().constant(e.value) : e.expr;
    if (!e.absolute) {
      registerSymbolsOf(e.expr);
      // (where llvm's ELF writer reports a value it cannot write: MCExpr::getLoc)
      obj::Fixup where =
          lastingFixupHere(expressionLocation(c.toks.subspan(valueAt, c.pos - valueAt)));
      variableWhere_[&s] = where;
    }
    if (how != "=" && how != ".lto_set_conditional") s.noDeadStrip = true;
    if (e.absolute) valueSymbolWords_ |= requirementBit(name.text);
    if (asmOut() && how != ".lto_set_conditional") {
      out_ += fmt::format(".set {}, {}\n", printedSymbolName(name.text), e.text);
      if (how != "=") out_ += fmt::format("\t.no_dead_strip\t{}\n", printedSymbolName(name.text));
    }
  }

  void directive(Cursor &c) {
    const Token &d = c.next();
    std::string_view name = d.text;
    const bool palBlock = name == ".amdgpu_pal_metadata";
    if (palBlock || (name == ".amdgpu_metadata" && hsa_)) {
      // The YAML starts after the directive's name, on its line.
      inMetadata_ = true;
      metadataEnd_ = palBlock ? kEndPalMetadata : kEndHsaMetadata;
      metadataJoin_ = {};
      size_t after = d.col + name.size();
      metadataText_.assign(after <= curLine_.size() ? curLine_.substr(after) : "");
      metadataText_ += '\n';
      return;
    }
    if (name == ".amdgpu_hsa_kernel" && !hsa()) { // (a kernel symbol and a new register scope)
      const Token &sym = c.peek();
      if (sym.kind != Tok::Identifier && sym.kind != Tok::String) {
        error(sym.col, "expected symbol name");
        return;
      }
      c.next();
      // (its type only: llvm does not register the symbol, an unused one stays out)
      syms_.get(sym.text).type = 10; // STT_AMDGPU_HSA_KERNEL
      beginKernelScope();
      if (asmOut())
        out_ += fmt::format("\t.amdgpu_hsa_kernel {}\n{}", sym.text,
                            endsWithPlainNewline(c.peek(), curLine_) ? "\n" : "");
      restPending_ = true; // (llvm reads no further: the rest is a statement)
      return;
    }
    // The older metadata directives: llvm names the OSes they belong to elsewhere.
    for (auto [legacy, os] : {std::pair{".amd_amdgpu_hsa_metadata", "amdhsa"},
                              std::pair{".amd_amdgpu_pal_metadata", "amdpal"}})
      if (name == legacy && opts_.triple.find(os) == std::string::npos) {
        error(c.peek().col, fmt::format("{} directive is not available on non-{} OSes", name, os));
        return;
      }
    if (name == ".amd_amdgpu_pal_metadata") {
      legacyPalMetadata(c);
      return;
    }
    if (name == ".amdhsa_kernel" && hsa_) {
      // llvm's parseIdentifier; the block's fields may follow on the same line.
      const Token &kernel = c.peek();
      if (kernel.kind != Tok::Identifier) {
        error(d.col, "unknown directive");
        return;
      }
      c.next();
      kdTarget_ = object::kdTargetFor(target_, codeObjectVersion_);
      kdBlock_.emplace(kernel.text, *kdTarget_, syms_);
      clearKdLines();
      kernelStatement(c);
      return;
    }
    if (name == ".amd_kernel_code_t" && !hsa()) { // (the fields may follow on its line)
      kdTarget_ = object::kdTargetFor(target_, codeObjectVersion_);
      codeBlock_.emplace(*kdTarget_, syms_);
      clearKdLines();
      kernelStatement(c);
      return;
    }
    if (name == ".amdhsa_code_object_version" && hsa_) {
      codeObjectVersionDirective(c, d);
      return;
    }
    if (name == ".set" || name == ".equ" || name == ".equiv") {
      const Token sym = c.peekName();
      if (!namesSymbol(sym) || sym.text == ".") { // (`.`: no name llvm assigns to)
        error(sym.col, "expected identifier");
        return;
      }
      c.skipName();
      if (!c.accept(Tok::Comma)) {
        error(c.peek().col, "expected comma");
        return;
      }
      assignSymbol(sym, c, name);
      return;
    }
    if (name == ".lto_set_conditional") return conditionalAssignment(c);
    runDirective(d, name, c);
  }

  // A directive of src/asm/directives.cpp, its diagnostics, and what follows it on the line.
  void runDirective(const Token &d, std::string_view name, Cursor &c) {
    writeUnwrittenBytes();
    DirectiveContext ctx{syms_,    code_, out_,   asmOut(),          target_,
                         section_, *this, dwarf_, opts_.includeDirs, targetIdText_,
                         hsa()};
    std::string err;
    uint32_t errCol = 0;
    const size_t restAt = c.atEnd() ? curLine_.size() : c.peek().col;
    const bool handled = handleDirective(ctx, name, c, curLine_, err, errCol);
    for (auto &[col, msg] : ctx.errors) error(col, std::move(msg));
    if (!handled) error(errCol ? errCol : d.col, err);
    streamerErrors_ += ctx.streamerError;
    if (handled && ctx.isaNameNote && objOut())
      emitNote("AMD", object::kNtAmdHsaIsaName,
               std::vector<uint8_t>(targetIdText_.begin(), targetIdText_.end()));
    if (!ctx.errorWithoutLocation.empty())
      errorWithoutLocation(std::move(ctx.errorWithoutLocation));
    if (!ctx.errorAtNextLine.empty()) {
      if (lines_)
        lines_->errorAtNextLine(std::move(ctx.errorAtNextLine));
      else
        error(static_cast<uint32_t>(curLine_.size()), std::move(ctx.errorAtNextLine));
    }
    for (auto &[col, msg] : ctx.warnings)
      report(Severity::Warning, col ? col : d.col, std::move(msg));
    if (observer_)
      observer_->directive(name, restAt < curLine_.size() ? curLine_.substr(restAt) : "",
                           {curLine_, curLineNo_}, cur_);
    if (handled && ctx.restIsStatement) restPending_ = true;
  }

  // .amdhsa_code_object_version N: the ELF header's ABI version and which kernel descriptor
  // fields exist. llvm-mc aborts on a version it cannot write (not 4, 5 or 6) only when it writes
  // the object; gfxasm reports it at the directive.
  void codeObjectVersionDirective(Cursor &c, const Token &d) {
    uint32_t col = c.peek().col;
    // (llvm's AMDGPU parser takes a value starting with a number or a name only; it declines
    // anything else, which its generic parser then calls an unknown directive)
    if (!c.is(Tok::Integer) && !c.is(Tok::Identifier)) {
      error(d.col, "unknown directive");
      return;
    }
    ExprResult e = parseExpr(c, syms_);
    if (!e.ok()) {
      error(e.errCol, e.error);
      return;
    }
    if (e.value < 4 || e.value > 6) {
      if (objOut()) {
        error(col, fmt::format("unsupported code object version {} (gfxasm writes 4, 5 and 6)",
                               e.value));
        return;
      }
    } else {
      codeObjectVersion_ = static_cast<unsigned>(e.value);
    }
    // (llvm's blank line ends the statement: none when another follows on the line)
    if (asmOut())
      out_ += fmt::format("\t.amdhsa_code_object_version {}\n{}", e.value,
                          endsWithPlainNewline(c.peek(), curLine_) ? "\n" : "");
    // (what follows the value is a statement of its own, as in llvm)
    restPending_ = true;
  }

  void instruction(Cursor &c) {
    const size_t mnemonicAt = c.pos;
    const Token &mn = c.next();
    // A dual-issue pair `X ops :: Y ops` (VOPD) is the one entry `X::Y` whose operand list holds
    // both halves: `:: Y` reads as a comma.
    std::string &pairName = pairName_;
    pairName.clear();
    pairSeparator_ = SIZE_MAX;
    uint32_t pairYCol = 0;
    for (size_t k = c.pos; hasColonColon_ && k + 1 < toks_.size(); ++k) {
      if (toks_[k].kind != Tok::ColonColon) continue;
      if (toks_[k + 1].kind != Tok::Identifier) {
        error(toks_[k + 1].col, "expected a VOPDY instruction after ::");
        return;
      }
      // (llvm reads every `::` so; a later one is an operand no entry takes)
      if (!pairName.empty()) continue;
      pairName.append(mn.text).append("::").append(toks_[k + 1].text);
      pairYCol = toks_[k + 1].col;
      pairSeparator_ = k;
      toks_[k].kind = Tok::Comma;
      std::copy(toks_.begin() + static_cast<std::ptrdiff_t>(k) + 2, toks_.end(),
                toks_.begin() + static_cast<std::ptrdiff_t>(k) + 1);
      toks_ = toks_.first(toks_.size() - 1);
      c.toks = toks_;
    }
    int nameIndex = mnemonics_.find(pairName.empty() ? mn.text : std::string_view(pairName));
    // llvm matches mnemonics in any case. The tables hold the lower-case names, so only a name
    // the exact lookup missed is lowered (the canonical path pays nothing); the statement then
    // goes on with the lowered name, as llvm's parser does.
    if (nameIndex < 0 && hasUpperCase(pairName.empty() ? mn.text : std::string_view(pairName))) {
      lowerMnemonic_.assign(mn.text);
      toLowerAscii(lowerMnemonic_);
      toks_[mnemonicAt].text = lowerMnemonic_;
      // (of a VOPD pair only the first name: llvm reads the second as written)
      if (!pairName.empty()) pairName.replace(0, lowerMnemonic_.size(), lowerMnemonic_);
      nameIndex = mnemonics_.find(pairName.empty() ? mn.text : std::string_view(pairName));
    }
    // A VOPD pair's first name may carry _e32 (not another suffix), as in llvm.
    if (std::string_view base;
        nameIndex < 0 && !pairName.empty() && suffixRank(mn.text, base) >= 0 && isVopdX(base)) {
      std::string_view suffix = mn.text.substr(base.size());
      if (suffix != "_e32") {
        error(mn.col,
              fmt::format("{} variant of this instruction is not supported", suffix.substr(1)));
        return;
      }
      pairName.erase(base.size(), suffix.size());
      nameIndex = mnemonics_.find(pairName);
    }
    if (nameIndex < 0 && !pairName.empty() && isVopdX(mn.text)) {
      error(pairYCol, "invalid VOPDY instruction");
      return;
    }
    // `X ... :: Y` where X is no first half: X's entries, which take no `::` there.
    if (nameIndex < 0 && !pairName.empty()) nameIndex = mnemonics_.find(mn.text);
    // A first half without `::`: llvm reads its operands and then finds no `::` where the pairs
    // of the name have it (any pair of the name stands for them here).
    if (nameIndex < 0 && pairName.empty() && hasUpperCase(mn.text) == false)
      if (const InstrDesc *pair = firstPairOf(mn.text)) nameIndex = mnemonics_.find(pair->name);
    auto cands = nameIndex < 0 ? std::span<const uint32_t>()
                               : mnemonics_.entriesAt(static_cast<uint32_t>(nameIndex));
    // gfx940's old MFMA names (aliases of its own) with _e32: llvm's matcher takes the alias's
    // entries and refuses the encoding size after their operands matched ("invalid operand for
    // instruction" at the name, or at the furthest operand none took).
    bool e32OfAlias = false;
    if (cands.empty() && mnemonics_.unsupportedVariant(mn.text) == "e32" &&
        maiAliasHere(mn.text.substr(0, mn.text.size() - 4))) {
      nameIndex = mnemonics_.find(mn.text.substr(0, mn.text.size() - 4));
      if (nameIndex >= 0) {
        cands = mnemonics_.entriesAt(static_cast<uint32_t>(nameIndex));
        e32OfAlias = true;
      }
    }
    // (llvm names the variant only when this processor has the instruction in another one)
    if (cands.empty() && !mnemonics_.unsupportedVariant(mn.text).empty()) {
      if (!baseAvailableHere(mn.text)) {
        notOnThisGpu(mn);
        return;
      }
      error(mn.col, fmt::format("{} variant of this instruction is not supported",
                                mnemonics_.unsupportedVariant(mn.text)));
      return;
    }
    if (cands.empty() && arch_.traits->coverage.empty() && knownElsewhere(mn.text)) {
      notOnThisGpu(mn);
      return;
    }
    if (cands.empty()) {
      auto similar = mnemonics_.similarNames(
          mn.text, [&](const InstrDesc &d) { return availableOnTarget(d) && inDefaultVariant(d); });
      std::string hint;
      for (std::string_view n : similar)
        hint += fmt::format("{}{}", hint.empty() ? ", did you mean: " : ", ", n);
      error(mn.col, "invalid instruction" + hint + (hint.empty() ? "" : "?"));
      if (!arch_.traits->coverage.empty())
        extraNote(mn.col, fmt::format("gfxasm supports {} on {} so far", arch_.traits->coverage,
                                      target_.cpuName()));
      return;
    }
    size_t operandStart = c.pos;
    const std::span<const Candidate> available = availableCandidates(nameIndex);
    as::ParseError best;
    uint8_t bestVariant = 0;
    bool tooFew = false;
    Inst &inst = inst_; // reused: each candidate resets what it uses
    // Entries that require a word the statement does not have (offen, idxen, tfe, a DPP
    // control, ...) cannot match, nor memory entries without an operand for such a word the
    // statement has (kExcludingWords). The others are tried first; the full search in order runs
    // only when none matches, so that the error is the one it gives.
    // The words the statement has, read when an entry first needs some (most never do).
    unsigned written = 0;
    bool writtenKnown = false;
    bool skipped = false;
    for (int pass = 0; pass < 2; ++pass) {
      if (pass == 1) {
        if (!skipped) break;
        best = {};
      }
      for (const Candidate &cand : available) {
        const unsigned info = cand.requirements & ~kComputed, words = pass == 0 ? info : 0;
        const unsigned needs = words & (kComputed - 1),
                       excludes = words >> kExcludes & (kComputed - 1);
        if ((needs | excludes) && !writtenKnown) {
          written = requirementWordsWritten(operandStart);
          writtenKnown = true;
        }
        if ((needs & ~written) || (excludes & written & ~valueSymbolWords_)) {
          skipped = true;
          continue;
        }
        const InstrDesc *desc = &arch_.instrs[cand.entry];
        const EntryInfo &entryInfo = entries_[cand.entry];
        c.pos = operandStart;
        // Only the operands this entry has are reset: Inst is large and this loop is hot.
        std::memcpy(inst.ops.data(), defaults_.data() + desc->firstOperand,
                    desc->numOperands * sizeof(OperandValue));
        inst.hasLiteral = false;
        inst.literal = 0;
        inst.labelOperand = -1;
        inst.labelSymbol = {};
        inst.arch = &arch_;
        inst.desc = desc;
        as::ParseContext pctx{target_, syms_};
        pctx.families = info >> kFamilies;
        pctx.valuFacts = entryInfo.valuFacts;
        pctx.memoryFacts = &entryInfo.memoryFacts;
        bool few = false;
        if (parseOperands(pctx, c, inst, entryInfo.positional, mn, few)) {
          if (e32OfAlias) [[unlikely]] {
            // (the forms with a VGPR destination are not among them: it fails there)
            const Token &dst = toks_[operandStart];
            const bool vgprDst = dst.kind == Tok::Identifier && !dst.text.empty() &&
                                 dst.text[0] == 'v' && operandStart + 1 < toks_.size();
            error(vgprDst ? dst.col : mn.col, std::string(kInvalidOperand));
            return;
          }
          if (pctx.sextSeen || pctx.lit64Seen) [[unlikely]] {
            const char *message = nullptr;
            if (const Token *at = firstMisplacedModifier(mn, operandStart, message)) {
              error(at->col, message);
              return;
            }
          }
          if ((pctx.vgprEnd | pctx.sgprEnd) && !raiseRegisterCounters(pctx)) return;
          if (kernelScopeActive_ && (pctx.vgprEnd | pctx.sgprEnd | pctx.agprEnd))
            raiseKernelScope(pctx);
          if (pctx.err.numWarnings) warnAt(mn, pctx.err); // (a call per line otherwise)
          emit(inst, mn);
          return;
        }
        // (an error of llvm's checks after matching wins over any entry's that did not match;
        // of two entries that did not take the operands, the later variant's, see matchVariant)
        bool after = pctx.err.failedAfterMatch(), bestAfter = best.set && best.failedAfterMatch();
        const bool byVariant = !after && !bestAfter && best.set && operandsMismatch(pctx.err) &&
                               operandsMismatch(best) && entryInfo.variant != bestVariant;
        if (!best.set || (after && !bestAfter) ||
            (byVariant ? entryInfo.variant > bestVariant
                       : after == bestAfter && pctx.err.reach() > best.reach())) {
          best = pctx.err;
          bestVariant = entryInfo.variant;
          tooFew = few;
        }
      }
    }
    if (available.empty()) {
      notOnThisGpu(mn, cands);
      return;
    }
    (void)tooFew;
    // (a register llvm knows but this processor lacks fails llvm's register parser where it is
    // written, before its matcher or its checks after matching look at the statement)
    const Token *unavailable = unavailableRegisterOperand(operandStart);
    if (unavailable && !(operandsMismatch(best) || best.failedAfterMatch()) &&
        best.col <= unavailable->col)
      unavailable = nullptr;
    // (a `name:` modifier no form of the mnemonic has fails llvm's operand parser, before its
    // matcher finds an earlier operand wrong)
    // (likewise a sext the name's forms cannot read there: llvm's operand parsers fail on it
    // before any matching, see misplacedSext; the first of these in the line is reported)
    const char *sextMessage = nullptr;
    const Token *sext = firstMisplacedModifier(mn, operandStart, sextMessage);
    // (llvm parses the whole statement before matching: also before a check after matching)
    // (and before a modifier value its parser refuses, bound_ctrl:2 where llvm reads no
    // bound_ctrl)
    const Token *unknown = best.failedAfterMatch() || operandsMismatch(best) ||
                                   best.text() == "invalid bound_ctrl value."
                               ? unknownNamedModifier(mn, operandStart)
                               : nullptr;
    auto first = [](const Token *a, const Token *b) { return a && (!b || a->col < b->col); };
    // (an operand llvm's parser cannot read, before any of these)
    std::optional<OperandParseFailure> failure = operandParseFailure(mn, available, operandStart);
    // (llvm's cache-policy parser knows every processor's bits and refuses the ones this one
    // lacks: dlc, and scc before gfx90a, where the name's forms have cache bits but not sc0)
    for (size_t k = operandStart + 1, depth = 0; k + 1 < toks_.size(); ++k) {
      const Tok kind = toks_[k].kind;
      if (kind == Tok::LBrac || kind == Tok::LParen) ++depth;
      if ((kind == Tok::RBrac || kind == Tok::RParen) && depth > 0) --depth;
      if (failure && toks_[k].col >= failure->col) break;
      if (depth != 0 || kind != Tok::Identifier || toks_[k - 1].kind == Tok::Comma ||
          toks_[k - 1].kind == Tok::Colon)
        continue;
      const std::string_view word = toks_[k].text;
      const std::string_view bit = word.starts_with("no") ? word.substr(2) : word;
      if (((bit == "dlc" || bit == "scc") && foreignCachePolicy(available, word) &&
           !pastCachePolicy(available, operandStart, k)) ||
          (bit == "r128" && mn.text.starts_with("image_") && !anyTakesWord(available, word))) {
        failure = OperandParseFailure{toks_[k].col,
                                      fmt::format("{} modifier is not supported on this GPU", bit),
                                      toks_[k].col};
        break;
      }
    }
    if (failure &&
        (operandsMismatch(best) || best.failedAfterMatch() || failure->operandCol <= best.col) &&
        (!sext || failure->col < sext->col) && (!unknown || failure->col < unknown->col) &&
        (!unavailable || failure->col < unavailable->col)) {
      error(failure->col, failure->message);
      return;
    }
    if (first(sext, unknown) && first(sext, unavailable)) {
      error(sext->col, sextMessage);
      return;
    }
    if (first(unknown, unavailable)) {
      error(unknown->col, "not a valid operand.");
      return;
    }
    if (unavailable) {
      // (named as llvm prints the register: vccz is src_vccz)
      const isa::RegisterSet &rs = arch_.traits->registers;
      std::string name;
      isa::printRegister(rs, isa::lookupSpecialRegister(rs, unavailable->text)->encoding, 1, name);
      error(unavailable->col, name + " register not available on this GPU");
      return;
    }
    if (e32OfAlias) {
      error(best.failedAfterMatch() ? mn.col : best.col,
            best.failedAfterMatch() ? std::string(kInvalidOperand) : best.message());
      return;
    }
    if (std::optional<Diagnostic> glc;
        !best.failedAfterMatch() && noReturnAtomicGlc(mn, operandStart, glc)) {
      error(glc->column, glc->message);
      return;
    }
    if (uint32_t tfeCol = 0;
        !best.failedAfterMatch() && tfeStoreMatches(cands, c, operandStart, mn, tfeCol, best)) {
      error(tfeCol, "TFE modifier has no meaning for store instructions");
      return;
    }
    if (!best.failedAfterMatch() &&
        (matchesInAnotherMode(cands, c, operandStart, mn, best, bestVariant) ||
         (operandsMismatch(best) &&
          (unalignedImageFormTakes(available, c, operandStart, mn, best) ||
           lastVariantError(mn, c, operandStart, best) ||
           matchesOnAnotherArch(mn, operandStart, best) ||
           gfx10FormTakes(cands, c, operandStart, mn, best, bestVariant))))) {
      error(mn.col, "operands are not valid for this GPU or mode");
      return;
    }
    if (best.failedAfterMatch()) warnAt(mn, best);
    // (a character or a number llvm's lexer cannot read, as an operand: its parser's message)
    for (size_t k = operandStart; k < toks_.size(); ++k)
      if (toks_[k].col == best.col && toks_[k].kind == Tok::Error &&
          ((toks_[k].text.size() == 1 && !isIdentChar(toks_[k].text[0])) ||
           toks_[k].lexError != LexError::None) &&
          !best.failedAfterMatch()) {
        error(best.col, "failed parsing operand.");
        return;
      }
    error(best.col, best.message());
  }

  // llvm's matcher tries the name's entries of every mode and processor: when one that is not
  // available here takes the operands, its message is "operands are not valid for this GPU or
  // mode" (vcc in wave32, a wave64 WMMA's register sizes). Only after every available entry
  // failed: the entries are parsed again, each with a target of its processor and mode. One that
  // fails further into the operands than `best`, in the variant whose error is reported, moves
  // the error there: llvm's matcher reports the furthest operand of any entry of the name, of
  // any mode (a wave64 WMMA's destination in wave32 fails at a constant source, where the
  // wave32 form does).
  [[gnu::noinline]] bool matchesInAnotherMode(std::span<const uint32_t> entries, Cursor &c,
                                              size_t operandStart, const Token &mn,
                                              as::ParseError &best, uint8_t bestVariant) {
    // (gfx9 runs wave64 only; gfx11's wave sizes are modes of the same entries here: llvm finds
    // the other wave size's forms whose vcc is implicit, which its entries spell as a word,
    // vcc_lo or vcc; a lane mask written as an operand takes the target's width in every entry,
    // see writesLaneMask)
    const bool waveModes = arch_.name != "gfx9";
    for (uint32_t entry : entries) {
      const InstrDesc &d = arch_.instrs[entry];
      if ((d.flags & IF_DisasmOnly) || !d.cpuMask) continue;
      const bool here = availableOnTarget(d);
      if (here && !waveModes) continue;
      const unsigned cpu = (d.cpuMask & (1u << target_.cpuIndex()))
                               ? target_.cpuIndex()
                               : static_cast<unsigned>(std::countr_zero(d.cpuMask));
      // (another processor's form of an instruction this one has under the name differs in how
      // its modifiers are spelled, which llvm's parser decides, not its matcher: such forms do
      // not count; another instruction does, such as gfx942's v_mfma_f32_32x32x4_2b_bf16 under
      // gfx90a's v_mfma_f32_32x32x4bf16, or gfx90a's own one on gfx942, which lacks it)
      if (cpu != target_.cpuIndex() &&
          (sameInstructionHere(entries, d) ||
           (sameBaseName(d.name, mn.text) && namedHere(entries, d.name))))
        continue;
      const bool wave64 = (d.flags & IF_Wave64)   ? true
                          : (d.flags & IF_Wave32) ? false
                                                  : target_.wave64() != here;
      const bool true16 = (d.flags & IF_True16) && !(d.flags & IF_AlsoFake16) ? true
                          : (d.flags & IF_Fake16) && !(d.flags & IF_AlsoTrue16)
                              ? false
                              : target_.realTrue16();
      const std::optional<Target> other =
          Target::create(arch_.cpus[cpu],
                         {wave64 ? "+wavefrontsize64" : "-wavefrontsize64",
                          true16 ? "+real-true16" : "-real-true16"},
                         nullptr);
      if (!other || (other->wave64() == target_.wave64() && here) ||
          !availableInMode(d, other->realTrue16(), other->wave64()))
        continue;
      Inst inst;
      as::ParseContext pctx{*other, syms_};
      const bool parsed = parseAsEntry(d, pctx, c, operandStart, mn, inst);
      // (a lane mask read in the other wave size is one no entry takes in this one)
      if (other->wave64() != target_.wave64() && writesLaneMask(inst)) continue;
      if (parsed || pctx.err.failedAfterMatch()) return true;
      furtherMismatch(pctx.err, entryInfo(d).variant, best, bestVariant);
    }
    return false;
  }

  // llvm's image stores and atomics of gfx9 before gfx90a (whose data is a source) take an odd
  // address tuple, which gfx90a's own forms do not: when one takes the statement on a target that
  // aligns tuples, the message is "operands are not valid for this GPU or mode"; one that fails
  // further into the operands than `best` moves the error there (tfe, which gfx90a's forms lack).
  [[gnu::noinline]] bool unalignedImageFormTakes(std::span<const Candidate> available, Cursor &c,
                                                 size_t operandStart, const Token &mn,
                                                 as::ParseError &best) {
    if (!target_.alignedVgprTuples() ||
        !(mn.text.starts_with("image_store") || mn.text.starts_with("image_atomic")))
      return false;
    for (const Candidate &cand : available) {
      const InstrDesc &d = arch_.instrs[cand.entry];
      const auto ops = arch_.operandsOf(d);
      if (std::none_of(ops.begin(), ops.end(),
                       [](const OperandDesc &o) { return o.cls == OpClass::mimg_vaddr; }))
        continue;
      Inst inst;
      as::ParseContext pctx{target_, syms_};
      pctx.unalignedImageAddress = true;
      if (parseAsEntry(d, pctx, c, operandStart, mn, inst) || pctx.err.failedAfterMatch())
        return true;
      if (operandsMismatch(pctx.err) && pctx.err.reach() > best.reach()) best = pctx.err;
    }
    return false;
  }

  // A statement assembled alone (a trial): `name` and the operands' text as written.
  std::string trialStatement(std::string_view name, size_t operandStart) const {
    std::string statement(name);
    if (operandStart + 1 < toks_.size()) {
      const char *from = toks_[operandStart].text.data(), *to = from;
      for (size_t k = operandStart; k < toks_.size(); ++k)
        if (!toks_[k].text.empty()) to = std::max(to, toks_[k].text.data() + toks_[k].text.size());
      statement.append(" ").append(from, to);
    }
    return statement;
  }
  // The first error of the statement assembled alone for `t` (none: the trial took it).
  static std::optional<Diagnostic> trialError(const Target &t, const std::string &statement,
                                              TrialMatch &seen) {
    AssembleOptions options;
    options.output = OutputKind::Null;
    options.keepCode = false;
    options.emitTargetDirective = false;
    const AssembleResult r = as::assembleObserved(t, statement, options, seen);
    for (const Diagnostic &d : r.diagnostics)
      if (d.severity == Severity::Error) return d;
    return std::nullopt;
  }
  // (the statement alone knows none of this file's symbols: one that names a defined symbol,
  // whose value may be what failed here, is not tried)
  bool namesDefinedSymbol(size_t operandStart) {
    for (size_t k = operandStart; k < toks_.size(); ++k)
      if (const Symbol *s = toks_[k].kind == Tok::Identifier ? syms_.find(toks_[k].text) : nullptr;
          s && s->kind != Symbol::Kind::Undefined)
        return true;
    return false;
  }

  // llvm's matcher tries the variants of a name without an encoding suffix in turn (default,
  // VOP3, SDWA, DPP, VOP3 DPP), and when none matches, the last one that had entries of the name
  // gives the error: on gfx9 that is gfx11's (and gfx12's) VOP3 DPP form of a VOP3 instruction,
  // whose sources are VGPRs (v_max3_f16 v1, s2, ... fails at s2 there). The statement is
  // assembled alone as the `_e64_dpp` form for gfx1100 and gfx1150 (whose src1 takes scalars
  // and constants, as gfx12's), in both true16 modes; the furthest operand mismatch of these
  // becomes `best`. Never true (the message stays "invalid operand for instruction").
  [[gnu::noinline]] bool lastVariantError(const Token &mn, Cursor &c, size_t operandStart,
                                          as::ParseError &best) {
    static thread_local bool trying = false;
    std::string_view base;
    lastVariantDecided_ = false;
    if (trying || suffixRank(mn.text, base) >= 0 || !pairName_.empty()) return false;
    if (otherVop3DppError(mn, c, operandStart, best)) return false;
    if (arch_.name != "gfx9") return false;
    const std::string name = std::string(mn.text) + "_e64_dpp";
    const ArchTables *gfx11 = nullptr;
    for (const ArchTables *other : allArchs())
      if (other->name == "gfx11") gfx11 = other;
    if (!gfx11 || MnemonicTable::forArch(*gfx11).lookup(name).empty()) return false;
    if (namesDefinedSymbol(operandStart)) return false;
    const std::string statement = trialStatement(name, operandStart);
    const uint32_t operandsAt = static_cast<uint32_t>(name.size()) + 2;
    uint32_t furthest = 0;
    bool tooFew = false;
    trying = true;
    for (const char *cpu : {"gfx1100", "gfx1150"})
      for (const char *mode : {"+real-true16", "-real-true16"}) {
        const std::optional<Target> t = Target::create(cpu, {"+wavefrontsize64", mode}, nullptr);
        if (!t) continue;
        TrialMatch seen;
        const std::optional<Diagnostic> error = trialError(*t, statement, seen);
        if (!error) continue;
        if (error->message == "too few operands for instruction") tooFew = true;
        if (error->message == kInvalidOperand && error->column >= operandsAt)
          furthest = std::max(furthest, error->column - operandsAt + toks_[operandStart].col);
      }
    trying = false;
    // (a VGPR half, v1.h, is no operand of gfx9's: llvm's matcher fails there, before it finds
    // the DPP control missing)
    for (size_t k = operandStart; tooFew && k < toks_.size(); ++k)
      if (toks_[k].kind == Tok::Identifier &&
          (toks_[k].text.ends_with(".h") || toks_[k].text.ends_with(".l"))) {
        tooFew = false;
        furthest = toks_[k].col;
      }
    if (tooFew) {
      best = {};
      best.col = mn.col;
      best.fixed = "too few operands for instruction";
      best.set = true;
    } else if (furthest) {
      best = {};
      best.col = furthest;
      best.fixed = "invalid operand for instruction";
      best.set = true;
    }
    return false;
  }

  // The names whose VOP3 DPP forms only processors gfxasm lacks have (gfx12, gfx1250/gfx1251:
  // v_fma_f64, v_mul_lo_u32, ...; tools/other_targets/gen_vop3_dpp_names.py). That variant is the
  // last one llvm tries, so its entries decide where a statement of the name that matches nothing
  // fails: the statement is read as the name's VOP3 entries here with those forms' operand
  // classes (ParseContext::vop3DppModel); one that takes every operand lacks the DPP control
  // ("too few operands"). The furthest failure becomes `best`; true if there was one.
  bool lastVariantDecided_ = false; // (no other architecture's entry moves that column)
  [[gnu::noinline]] bool otherVop3DppError(const Token &mn, Cursor &c, size_t operandStart,
                                           as::ParseError &best) {
    struct OtherForm {
      std::string_view name;
      bool src0Pair; // (src0 takes a VGPR pair without DP ALU DPP)
    };
    static constexpr OtherForm kForms[] = {
#include "isa/other_vop3_dpp_names.inc"
    };
    const auto form =
        std::lower_bound(std::begin(kForms), std::end(kForms), mn.text,
                         [](const OtherForm &f, std::string_view n) { return f.name < n; });
    if (form == std::end(kForms) || form->name != mn.text) return false;
    as::ParseError furthest;
    bool tooFew = false;
    for (uint32_t entry : mnemonics_.lookup(mn.text)) {
      const InstrDesc &d = arch_.instrs[entry];
      const std::string_view format = arch_.formatOf(d).name;
      if ((format != "VOP3" && format != "VOP3SD") || !availableOnTarget(d)) continue;
      Inst inst;
      as::ParseContext pctx{target_, syms_};
      pctx.vop3DppModel = form->src0Pair ? 2 : 1;
      if (parseAsEntry(d, pctx, c, operandStart, mn, inst) || pctx.err.failedAfterMatch()) {
        tooFew = true;
      } else if (operandsMismatch(pctx.err) &&
                 (!furthest.set || pctx.err.reach() > furthest.reach())) {
        furthest = pctx.err;
      }
    }
    tooFew = tooFew || (furthest.set && furthest.reach() == ~0u);
    if (!tooFew && !furthest.set) return false;
    best = {};
    best.col = tooFew ? mn.col : furthest.col;
    best.fixed = tooFew ? "too few operands for instruction" : furthest.fixed;
    if (!tooFew && !best.fixed) best.dynamic = furthest.dynamic;
    best.set = true;
    lastVariantDecided_ = true;
    return true;
  }

  // The statement's operands read as entry `d` with `pctx` (a trial outside the search of
  // instruction(): another mode or processor, gfx10's form, a disassembler-only entry): true if
  // they make an instruction, else pctx.err says why.
  bool parseAsEntry(const InstrDesc &d, as::ParseContext &pctx, Cursor &c, size_t operandStart,
                    const Token &mn, Inst &inst) {
    // (an entry not available here may not have been looked at yet: its defaults too)
    const EntryInfo &info = entryInfo(d);
    std::memcpy(inst.ops.data(), defaults_.data() + d.firstOperand,
                d.numOperands * sizeof(OperandValue));
    inst.arch = &arch_;
    inst.desc = &d;
    pctx.families = (info.requirements & ~kComputed) >> kFamilies;
    pctx.valuFacts = info.valuFacts;
    pctx.memoryFacts = &info.memoryFacts;
    c.pos = operandStart;
    bool few = false;
    return parseOperands(pctx, c, inst, info.positional, mn, few);
  }

  // Whether `err`, another entry's, is an operand mismatch further into the operands than
  // `best`, of the variant whose error is reported: then it becomes `best`.
  static void furtherMismatch(const as::ParseError &err, uint8_t variant, as::ParseError &best,
                              uint8_t bestVariant) {
    if (operandsMismatch(err) && operandsMismatch(best) && variant == bestVariant &&
        err.reach() > best.reach())
      best = err;
  }

  // llvm's match table holds gfx10's entries too, whose 16-bit operands take v0-v255 (gfx11's
  // fake16 e32 and DPP forms take v0-v127): gfx11's fake16 entries of a name gfx10 has stand
  // for them, parsed with the full VGPR range. One that takes the operands makes the message
  // "operands are not valid for this GPU or mode" (v_fmac_f16_dpp v255, v1, v2 dpp8:[...]); one
  // of the variant whose error is reported that fails further into the operands moves the error
  // there, as llvm's matcher reports the furthest operand any entry reached (v_cos_f16_e32 v255,
  // v1 dpp8:[...] fails at dpp8, which gfx10's e32 form reaches).
  [[gnu::noinline]] bool gfx10FormTakes(std::span<const uint32_t> entries, Cursor &c,
                                        size_t operandStart, const Token &mn, as::ParseError &best,
                                        uint8_t bestVariant) {
    static constexpr std::string_view kGfx10Names[] = {
#include "isa/gfx10_mnemonics.inc"
    };
    if (!arch_.traits->true16 || !pairName_.empty()) return false;
    // (gfx10's forms of both wave sizes: those with an implicit vcc spell it vcc_lo or vcc; a
    // lane mask written as an operand takes the target's width, see matchesInAnotherMode)
    std::optional<Target> fake16[2];
    for (const bool otherWave : {false, true})
      for (uint32_t entry : entries) {
        const InstrDesc &d = arch_.instrs[entry];
        if ((d.flags & (IF_DisasmOnly | IF_True16)) || !(d.cpuMask >> target_.cpuIndex() & 1) ||
            !std::binary_search(std::begin(kGfx10Names), std::end(kGfx10Names), d.name))
          continue;
        std::optional<Target> &mode = fake16[otherWave];
        if (!mode)
          mode = Target::create(
              target_.cpuName(),
              {target_.wave64() != otherWave ? "+wavefrontsize64" : "-wavefrontsize64",
               "-real-true16"},
              nullptr);
        if (!mode || !availableInMode(d, mode->realTrue16(), mode->wave64())) continue;
        Inst inst;
        as::ParseContext pctx{*mode, syms_};
        pctx.fullRangeVgprs = true;
        const bool parsed = parseAsEntry(d, pctx, c, operandStart, mn, inst);
        if (otherWave && writesLaneMask(inst)) continue;
        if (parsed || pctx.err.failedAfterMatch()) return true;
        if (!lastVariantDecided_)
          furtherMismatch(pctx.err, entryInfo(d).variant, best, bestVariant);
      }
    return false;
  }

  // gfx11's FLAT and global atomics without a return read glc into llvm's cache policy operand
  // and refuse it after matching ("instruction must not use glc", at the word): when the
  // statement without its glc is such an atomic here; when that fails to match after the glc,
  // there (the operand llvm's matcher stopped at). True with the error in `error`.
  [[gnu::noinline]] bool noReturnAtomicGlc(const Token &mn, size_t operandStart,
                                           std::optional<Diagnostic> &error) {
    if (arch_.name == "gfx9" || mn.text.find("_atomic_") == std::string_view::npos) return false;
    const Token *glc = nullptr;
    for (size_t k = operandStart + 1; k + 1 < toks_.size(); ++k)
      if (toks_[k].kind == Tok::Identifier && toks_[k].text == "glc" &&
          toks_[k - 1].kind != Tok::Colon)
        glc = &toks_[k];
    if (!glc || namesDefinedSymbol(operandStart)) return false;
    bool noReturn = false;
    for (uint32_t entry : mnemonics_.lookup(mn.text)) {
      const InstrDesc &d = arch_.instrs[entry];
      const std::string_view format = arch_.formatOf(d).name;
      const auto ops = arch_.operandsOf(d);
      noReturn = noReturn || (availableOnTarget(d) && (format == "FLAT" || format == "GLOBAL") &&
                              std::none_of(ops.begin(), ops.end(), [](const OperandDesc &o) {
                                return o.field == Field::vdst;
                              }));
    }
    if (!noReturn) return false;
    std::string statement = trialStatement(mn.text, operandStart);
    const size_t at = statement.rfind(" glc");
    if (at == std::string::npos) return false;
    statement.erase(at, 4);
    TrialMatch seen;
    error = trialError(target_, statement, seen);
    // (the trial's statement has its operands after the name and one space)
    const uint32_t operandsAt = static_cast<uint32_t>(mn.text.size()) + 2;
    const uint32_t glcAt = static_cast<uint32_t>(at) + 2; // (the column after the removed glc)
    if (!error) {
      error = Diagnostic{};
      error->column = glc->col;
      error->message = "instruction must not use glc";
      return true;
    }
    if (error->message != kInvalidOperand || error->column < glcAt) return false;
    error->column = error->column + 4 - operandsAt + toks_[operandStart].col;
    return true;
  }

  // llvm's assembler has the buffer stores with tfe (IF_DisasmOnly here, the forms whose data
  // registers include the tfe dword): when one takes the operands, its check after matching
  // rejects the tfe, at the word (`tfeCol`); when none does, one that failed further into the
  // operands gives the error (`best`).
  [[gnu::noinline]] bool tfeStoreMatches(std::span<const uint32_t> entries, Cursor &c,
                                         size_t operandStart, const Token &mn, uint32_t &tfeCol,
                                         as::ParseError &best) {
    for (size_t k = operandStart; k < toks_.size() && !tfeCol; ++k)
      if (toks_[k].kind == Tok::Identifier && toks_[k].text == "tfe") tfeCol = toks_[k].col;
    if (!tfeCol) return false;
    for (uint32_t entry : entries) {
      const InstrDesc &d = arch_.instrs[entry];
      if (!(d.flags & IF_DisasmOnly) || !(d.cpuMask & (1u << target_.cpuIndex())) ||
          !availableInMode(d, target_.realTrue16(), target_.wave64()))
        continue;
      Inst inst;
      as::ParseContext pctx{target_, syms_};
      if (parseAsEntry(d, pctx, c, operandStart, mn, inst)) return true;
      if (operandsMismatch(pctx.err) && operandsMismatch(best) && pctx.err.reach() > best.reach())
        best = pctx.err;
    }
    return false;
  }

  // Whether two names are one without their encoding suffixes (v_cndmask_b32_dpp, v_cndmask_b32).
  static bool sameBaseName(std::string_view a, std::string_view b) {
    std::string_view baseA = a, baseB = b;
    if (suffixRank(a, baseA) < 0) baseA = a;
    if (suffixRank(b, baseB) < 0) baseB = b;
    return baseA == baseB;
  }

  // Whether the name without its encoding suffix has an entry available on the target.
  bool baseAvailableHere(std::string_view name) const {
    std::string_view base;
    if (suffixRank(name, base) < 0) return false;
    for (uint32_t entry : mnemonics_.lookup(base))
      if (availableOnTarget(arch_.instrs[entry])) return true;
    return false;
  }

  // Whether one of `entries` available on the target is named `name` (encoding suffixes aside).
  bool namedHere(std::span<const uint32_t> entries, std::string_view name) const {
    return std::any_of(entries.begin(), entries.end(), [&](uint32_t entry) {
      return sameBaseName(arch_.instrs[entry].name, name) && availableOnTarget(arch_.instrs[entry]);
    });
  }

  // Whether one of `entries` available on the target is the instruction of `d` (its format and
  // opcode).
  bool sameInstructionHere(std::span<const uint32_t> entries, const InstrDesc &d) const {
    return std::any_of(entries.begin(), entries.end(), [&](uint32_t entry) {
      const InstrDesc &e = arch_.instrs[entry];
      return e.format == d.format && e.opcode == d.opcode && availableOnTarget(e);
    });
  }

  // An error of llvm's matcher (no entry takes the operands), not of its operand parser.
  static bool operandsMismatch(const as::ParseError &e) {
    const std::string_view m = e.text();
    return m == "invalid operand for instruction" || m == "too few operands for instruction";
  }

  // llvm's match table holds every architecture's entries: when an entry of another one (gfx9's
  // full-range VGPRs of a gfx11 16-bit form, gfx11's v1.h on gfx9) takes the operands, the
  // message is "operands are not valid for this GPU or mode". Only after every entry here failed:
  // the statement is assembled alone for each processor and mode of the other architectures'
  // entries of the name.
  // A true16 one that fails further into the operands than `best`, both with "invalid operand
  // for instruction", moves the error there (llvm's matcher reports the furthest operand of any
  // of its entries: gfx11's true16 VOPC takes `vcc, v1.l` on gfx9 and fails at the next one).
  [[gnu::noinline]] bool matchesOnAnotherArch(const Token &mn, size_t operandStart,
                                              as::ParseError &best) {
    static thread_local bool trying = false; // (no trial inside a trial)
    if (trying || !pairName_.empty()) return false;
    // (an old name this processor has as an alias is llvm's mnemonic alias, applied before it
    // matches: the other architectures' entries of the new name count, gfx11's v_cmp_tru_f16 is
    // v_cmp_t_f16, which gfx9 lacks; gfx940's old MFMA names are entries of llvm's own)
    std::string name(mn.text);
    if (std::string_view base; arch_.name != "gfx9") {
      suffixRank(mn.text, base);
      const std::string_view target = mnemonics_.aliasTarget(base);
      if (!target.empty() &&
          std::any_of(mnemonics_.lookup(base).begin(), mnemonics_.lookup(base).end(),
                      [&](uint32_t e) { return availableOnTarget(arch_.instrs[e]); }))
        name = std::string(target) + std::string(mn.text.substr(base.size()));
    }
    // The statement: the (lowered) mnemonic and the operands' text as written.
    const std::string statement = trialStatement(name, operandStart);
    // (gfx90a+ align VGPR tuples in every entry's classes: an odd tuple matches none)
    if (target_.alignedVgprTuples() && hasOddVectorTuple(statement)) return false;
    if (writesForeignFlag(mn, operandStart)) return false;
    if (namesDefinedSymbol(operandStart)) return false;
    // Where the statement's comma-separated operands start (tokens).
    std::vector<size_t> operandStarts;
    for (size_t k = operandStart, depth = 0; k + 1 < toks_.size(); ++k) {
      if (operandStarts.empty() || (depth == 0 && toks_[k - 1].kind == Tok::Comma))
        operandStarts.push_back(k);
      const Tok kind = toks_[k].kind;
      if (kind == Tok::LBrac || kind == Tok::LParen) ++depth;
      if ((kind == Tok::RBrac || kind == Tok::RParen) && depth > 0) --depth;
    }
    trying = true;
    bool found = false;
    uint32_t furthest = best.col;
    for (const ArchTables *other : allArchs()) {
      if (other == &arch_ || found) continue;
      uint32_t cpusTried = 0;
      const auto otherEntries = MnemonicTable::forArch(*other).lookup(name);
      for (uint32_t entry : otherEntries) {
        const InstrDesc &d = other->instrs[entry];
        if ((d.flags & IF_DisasmOnly) || !d.cpuMask) continue;
        // (an old name the other architecture has as an alias: llvm applies an alias only where
        // the target has it, v_cmp_tru_f16 is gfx11's v_cmp_t_f16)
        if (!sameBaseName(d.name, name)) continue;
        const unsigned cpu = static_cast<unsigned>(std::countr_zero(d.cpuMask));
        if (cpusTried >> cpu & 1) continue;
        cpusTried |= 1u << cpu;
        // (the most positional operands, fewer than the statement has, of an entry of this
        // processor: llvm's matcher fails that entry at the first operand it lacks, once the
        // ones before it matched)
        int fewer = -1;
        for (uint32_t e : otherEntries) {
          const InstrDesc &o = other->instrs[e];
          if ((o.flags & IF_DisasmOnly) || !(o.cpuMask >> cpu & 1)) continue;
          int k = 0;
          bool optional = false;
          for (const OperandDesc &od : other->operandsOf(o))
            if (isPositional(od.cls)) {
              ++k;
              optional = optional || (od.flags & OF_Optional);
            }
          if (!optional && k < static_cast<int>(operandStarts.size())) fewer = std::max(fewer, k);
        }
        // (llvm checks lane masks against the wave size of the target, not the entry's: the
        // other architecture is tried in this one's; gfx9 runs wave64 only, without true16, so
        // from a wave32 target its entries with a lane mask do not count)
        const bool modes = other->name != "gfx9";
        for (unsigned mode = 0; mode < (modes ? 2u : 1u) && !found; ++mode) {
          std::vector<std::string> features;
          if (modes)
            features = {target_.wave64() ? "+wavefrontsize64" : "-wavefrontsize64",
                        mode ? "-real-true16" : "+real-true16"};
          const std::optional<Target> t = Target::create(other->cpus[cpu], features, nullptr);
          if (!t) continue;
          TrialMatch seen;
          const std::optional<Diagnostic> error = trialError(*t, statement, seen);
          // (an entry that took the operands but fails a check after matching is one llvm's
          // matcher found only its features missing for: it checks nothing more)
          as::ParseError trialError;
          if (error) trialError.dynamic = error->message;
          // (counted for gfx11's entries in the target's wave size, whose lane masks were
          // checked; gfx9's after-match checks are not all llvm's)
          // (only the VALU operand checks: llvm's image forms differ in more than checks)
          const std::string_view m = trialError.text();
          const bool valuCheck = m.find("lds_direct") != m.npos ||
                                 m.find("constant bus") != m.npos || m.find("literal") != m.npos ||
                                 m.find("op_sel") != m.npos;
          found = (!error || (trialError.failedAfterMatch() && valuCheck && modes &&
                              t->wave64() == target_.wave64())) &&
                  (t->wave64() == target_.wave64() || !seen.laneMask);
          // (the trial's statement has its operands after the name and one space)
          const uint32_t operandsAt = static_cast<uint32_t>(name.size()) + 2;
          // (only gfx11's true16 VALU entries, which take the halves v1.l and v1.h that no
          // entry here takes: elsewhere gfxasm's entries check some operands later than llvm's)
          if (error && error->message == kInvalidOperand && t->realTrue16() &&
              other->formatOf(d).name.starts_with("VOP") && best.text() == kInvalidOperand &&
              error->column >= operandsAt &&
              error->column - operandsAt + toks_[operandStart].col > furthest)
            furthest = error->column - operandsAt + toks_[operandStart].col;
          // (an entry with fewer operands than the statement, which took the ones it has: the
          // trial failed at or after the first operand it lacks)
          if (error && fewer >= 0 && best.text() == kInvalidOperand &&
              error->message == kInvalidOperand && error->column >= operandsAt &&
              error->column - operandsAt + toks_[operandStart].col >=
                  toks_[operandStarts[static_cast<size_t>(fewer)]].col) {
            as::ParseContext q{target_, syms_};
            furthest =
                std::max(furthest, sourceValueCol(q, operandStarts[static_cast<size_t>(fewer)]));
          }
        }
        if (found) break;
      }
    }
    trying = false;
    if (!found && furthest > best.col && !lastVariantDecided_) best.col = furthest;
    return found;
  }

  // A bit written as its field's name (a memory bit also with "no" before it).
  static bool isNamedBit(OpClass c) {
    return c == OpClass::mflag || c == OpClass::mem_flag || c == OpClass::mem_kept ||
           c == OpClass::mem_ignored || c == OpClass::mem_flag_unenc || c == OpClass::mem_flag_vgpr;
  }

  // Whether an operand is a named bit (row_en on gfx9, dlc on gfx942) that only other
  // architectures' entries of the name take. llvm reads a modifier word only where an entry of
  // the target has it; otherwise the word is a symbol, which no entry of any architecture takes.
  bool writesForeignFlag(const Token &mn, size_t operandStart) const {
    auto hasFlag = [&](const ArchTables &a, std::string_view word, bool onTarget) {
      for (uint32_t entry : MnemonicTable::forArch(a).lookup(mn.text)) {
        const InstrDesc &d = a.instrs[entry];
        if ((d.flags & IF_DisasmOnly) || (onTarget && !(d.cpuMask >> target_.cpuIndex() & 1)))
          continue;
        for (unsigned k = 0; k < d.numOperands; ++k) {
          const OperandDesc &o = a.operands[d.firstOperand + k];
          if (isNamedBit(o.cls) && fieldName(o.field) == word) return true;
        }
      }
      return false;
    };
    for (size_t k = operandStart; k < toks_.size(); ++k) {
      std::string_view word = toks_[k].text;
      if (toks_[k].kind != Tok::Identifier) continue;
      if (word.starts_with("no") && !hasFlag(arch_, word, true)) word.remove_prefix(2); // (nodlc)
      if (hasFlag(arch_, word, true)) continue;
      for (const ArchTables *other : allArchs())
        if (other != &arch_ && hasFlag(*other, word, false)) return true;
    }
    return false;
  }

  // Whether `text` names a VGPR or AGPR tuple at an odd register (v[3:4], a[5:8], or the list
  // [v3, v4]).
  static bool hasOddVectorTuple(std::string_view text) {
    for (size_t k = 0; k + 2 < text.size(); ++k) {
      if (text[k] == '[' && (text[k + 1] == 'v' || text[k + 1] == 'a')) {
        size_t end = k + 2;
        unsigned first = 0;
        while (end < text.size() && text[end] >= '0' && text[end] <= '9')
          first = first * 10 + static_cast<unsigned>(text[end++] - '0');
        while (end < text.size() && text[end] == ' ') ++end;
        if (end > k + 2 && end < text.size() && text[end] == ',' && (first & 1)) return true;
      }
      if (k == 0) continue;
      if (text[k] != '[' || (text[k - 1] != 'v' && text[k - 1] != 'a') ||
          (k >= 2 && isIdentChar(text[k - 2])))
        continue;
      size_t end = k + 1;
      unsigned first = 0;
      while (end < text.size() && text[end] >= '0' && text[end] <= '9')
        first = first * 10 + static_cast<unsigned>(text[end++] - '0');
      if (end > k + 1 && end < text.size() && text[end] == ':' && (first & 1)) return true;
    }
    return false;
  }

  // Whether the cache-policy word `word` is one no available form of the name takes, whose
  // forms have cache bits but not gfx940's sc0.
  // Whether an available entry takes modifier `word` (llvm's parser refuses r128 where the
  // processor has no MIMG r128 bit, gfx90a and later, before matching).
  bool anyTakesWord(std::span<const Candidate> available, std::string_view word) const {
    for (const Candidate &cand : available)
      for (const OperandDesc &o : arch_.operandsOf(arch_.instrs[cand.entry]))
        if (!isPositional(o.cls) && as::isModifierWord(o, word)) return true;
    return false;
  }

  bool foreignCachePolicy(std::span<const Candidate> available, std::string_view word) const {
    bool cacheBits = false;
    for (const Candidate &cand : available)
      for (const OperandDesc &o : arch_.operandsOf(arch_.instrs[cand.entry])) {
        if (o.field == Field::sc0 ||
            (!isPositional(o.cls) && o.cls != OpClass::mem_kept && as::isModifierWord(o, word)))
          return false;
        cacheBits = cacheBits || (as::isCachePolicy(o.field) && o.cls != OpClass::mem_kept);
      }
    return cacheBits;
  }

  // Whether the cache-policy words among the tokens [from, to) ended, for an entry with such
  // bits: one was written, then a modifier the entry places after them (lds, tfe, lwe, ...).
  // llvm's cache-policy operand is one run of words: a later cache word is an expression to its
  // parser (its matcher refuses the statement), not one it refuses for this processor.
  bool pastCachePolicy(std::span<const Candidate> available, size_t from, size_t to) const {
    for (const Candidate &cand : available) {
      const auto ops = arch_.operandsOf(arch_.instrs[cand.entry]);
      size_t first = 0;
      while (first < ops.size() &&
             !(as::isCachePolicy(ops[first].field) && ops[first].cls != OpClass::mem_kept))
        ++first;
      if (first == ops.size()) continue;
      bool cacheWord = false, past = false;
      for (size_t k = from + 1, depth = 0; k < to && !past; ++k) {
        const Tok kind = toks_[k].kind;
        if (kind == Tok::LBrac || kind == Tok::LParen) ++depth;
        if ((kind == Tok::RBrac || kind == Tok::RParen) && depth > 0) --depth;
        if (depth != 0 || kind != Tok::Identifier || toks_[k - 1].kind == Tok::Comma ||
            toks_[k - 1].kind == Tok::Colon)
          continue;
        for (size_t j = first; j < ops.size(); ++j) {
          if (isPositional(ops[j].cls) || ops[j].cls == OpClass::mimg_nsa_extra ||
              ops[j].cls == OpClass::mem_acc || ops[j].cls == OpClass::mem_acc_noasm ||
              ops[j].cls == OpClass::mem_acc_invalid || !as::isModifierWord(ops[j], toks_[k].text))
            continue;
          if (as::isCachePolicy(ops[j].field))
            cacheWord = true;
          else
            past = cacheWord;
          break;
        }
      }
      if (past) return true;
    }
    return false;
  }

  // Whether `name` is an alias here (no entry of its own on this processor) of MFMA entries.
  bool maiAliasHere(std::string_view name) const {
    if (mnemonics_.aliasTarget(name).empty()) return false;
    bool mai = false;
    for (uint32_t entry : mnemonics_.lookup(name)) {
      const InstrDesc &d = arch_.instrs[entry];
      if (!availableOnTarget(d)) continue;
      if (d.name == name || !arch_.formatOf(d).name.starts_with("VOP3P_MAI")) return false;
      mai = true;
    }
    return mai;
  }

  // Whether `name` is the first half of some dual-issue pair (an entry named `name::...`).
  bool isVopdX(std::string_view name) const {
    return firstPairOf(name) != nullptr;
  }
  const InstrDesc *firstPairOf(std::string_view name) const {
    for (uint32_t entry : mnemonics_.pairsWithFirst(name))
      if (availableOnTarget(arch_.instrs[entry])) return &arch_.instrs[entry];
    return nullptr;
  }

  // Whether some form of the mnemonic takes the modifier `word`: llvm's operand parser looks
  // at the forms of the name without its encoding suffix too (v_permlane16_swap_b32_e32 knows
  // the VOP3 form's bound_ctrl; v_add3_u32_e64 reads row_shl:1 as v_add3_u32's DPP forms do, and
  // then matches no entry), but not at the masks, bound_ctrl and fi it reads only after a
  // control, which such a name never took; a DPP control only of those this target has
  // (row_share is none on gfx9).
  // nonDppForms: whether a form other than a DPP one takes it (a VOP3 form's own bound_ctrl).
  bool modifierOfMnemonic(std::string_view mnemonic, std::string_view word,
                          bool nonDppForms = false) const {
    auto knows = [&](const OperandDesc &d, bool viaBase) {
      if (d.field == Field::dpp_ctrl || d.cls == OpClass::dpp_ctrl)
        return as::isDppControlWord(arch_, target_.dpAluDpp(), word);
      if (d.cls == OpClass::mtbuf_format)
        return word == "format" || word == "dfmt" || word == "nfmt";
      // (fields llvm decodes but neither prints nor takes: v_nop's SDWA selects)
      if (d.cls == OpClass::sdwa_unused_ignored || d.cls == OpClass::sdwa_sel_dword) return false;
      return !isPositional(d.cls) && as::isModifierWord(d, word) &&
             !(viaBase && (d.cls == OpClass::dpp_mask || d.cls == OpClass::dpp_bound ||
                           d.cls == OpClass::dpp_fi || d.cls == OpClass::dpp8_fi));
    };
    auto takes = [&](std::string_view name, bool viaBase) {
      for (uint32_t entry : mnemonics_.lookup(name)) {
        // (llvm's operand parsers are those of the entries its features allow: no op_sel of a
        // true16 form with -real-true16)
        const InstrDesc &e = arch_.instrs[entry];
        if (!(e.cpuMask >> target_.cpuIndex() & 1) ||
            !availableInMode(e, target_.realTrue16(), target_.wave64()))
          continue;
        const auto ops = arch_.operandsOf(e);
        // (the masks and fi of a DPP form, which follow its control; a VOP3 form's own
        // bound_ctrl and fi, as v_permlane32_swap_b32's, are read like any modifier)
        const bool dppForm = std::any_of(ops.begin(), ops.end(), [](const OperandDesc &d) {
          return d.field == Field::dpp_ctrl || d.cls == OpClass::dpp_ctrl ||
                 d.cls == OpClass::dpp8_sel;
        });
        if (nonDppForms && dppForm) continue;
        for (const OperandDesc &d : ops)
          if (knows(d, viaBase && dppForm)) return true;
      }
      return false;
    };
    std::string_view base;
    return takes(mnemonic, false) || (suffixRank(mnemonic, base) >= 0 && takes(base, true));
  }

  // The first operand from token `from` on that names a register llvm knows everywhere but this
  // architecture lacks (src_vccz, src_execz, src_pops_exiting_wave_id on gfx11; RegFlags
  // Reg_NotInScalar): written where an operand starts, also after -, | or a register list's [.
  const Token *unavailableRegisterOperand(size_t from) const {
    const isa::RegisterSet &rs = arch_.traits->registers;
    for (size_t k = from; k < toks_.size(); ++k) {
      if (toks_[k].kind != Tok::Identifier) continue;
      const Tok before = k == from ? Tok::Comma : toks_[k - 1].kind;
      // (llvm's operands need no comma between them: after a register or a number, too)
      if (before != Tok::Comma && before != Tok::Minus && before != Tok::Pipe &&
          before != Tok::LBrac && before != Tok::LParen && before != Tok::RBrac &&
          before != Tok::Identifier && before != Tok::Integer)
        continue;
      const isa::SpecialRegister *special = isa::lookupSpecialRegister(rs, toks_[k].text);
      if (special && (isa::specialRegisterFlags(rs, *special) & isa::Reg_NotInScalar))
        return &toks_[k];
    }
    return nullptr;
  }

  // The first `name:` modifier from token `from` on (outside brackets) that no form of the
  // mnemonic has: llvm's parser fails there before its matcher looks at the operands.
  // A DPP form's masks, bound_ctrl and fi before any DPP control are no modifier either: llvm
  // reads them only after one.
  const Token *unknownNamedModifier(const Token &mn, size_t from) const {
    int depth = 0;
    bool control = false; // (looked for from the statement's start: `from` may follow one)
    const size_t unread = dppWordUnread(mn), valuUnread = valuModifierUnread(mn);
    for (size_t k = 0; k + 1 < toks_.size(); ++k) {
      const Tok kind = toks_[k].kind;
      depth += (kind == Tok::LBrac || kind == Tok::LParen || kind == Tok::LCurly) -
               (kind == Tok::RBrac || kind == Tok::RParen || kind == Tok::RCurly);
      if (depth != 0 || kind != Tok::Identifier || (k > 0 && toks_[k - 1].kind == Tok::Colon))
        continue;
      const std::string_view word = toks_[k].text;
      control = control || word == "dpp8" || as::isDppControlWord(arch_, target_.dpAluDpp(), word);
      if (k < from || toks_[k + 1].kind != Tok::Colon) continue;
      if (k == unread || k == valuUnread) return &toks_[k];
      const bool mask =
          word == "row_mask" || word == "bank_mask" || word == "bound_ctrl" || word == "fi";
      if ((mask && !control && unread == kNoDppWindows &&
           !modifierOfMnemonic(mn.text, word, true)) ||
          !modifierOfMnemonic(mn.text, word))
        return &toks_[k];
    }
    return nullptr;
  }

  // llvm's parser reads a DPP modifier (a control, dpp8:, row_mask:, bank_mask:, bound_ctrl:,
  // fi:) by its own parser only at the operand positions some entry of the name (of any
  // encoding) has it at: in an entry whose operands (an implicit vcc written or not) and
  // modifiers (all optional but the control and dpp8) put it at index i after k optional ones,
  // at positions i-k..i. Elsewhere `name:value` fails its generic operand parser ("not a valid
  // operand."). The token index of the first such word of the statement; kNoDppWindows when no
  // entry of the name has a DPP modifier, toks_.size() when every one is read.
  static constexpr size_t kNoDppWindows = ~size_t{0};
  [[gnu::noinline]] size_t dppWordUnread(const Token &mn) const {
    enum Kind : unsigned { kCtrl, kDpp8, kRowMask, kBankMask, kBound, kFi, kKinds };
    auto kindOf = [](const OperandDesc &o) -> int {
      switch (o.cls) {
      case OpClass::dpp_ctrl: return kCtrl;
      case OpClass::dpp8_sel: return kDpp8;
      case OpClass::dpp_mask: return o.field == Field::bank_mask ? kBankMask : kRowMask;
      case OpClass::dpp_bound: return kBound;
      case OpClass::dpp_fi:
      case OpClass::dpp8_fi: return kFi;
      default: return -1;
      }
    };
    std::array<uint64_t, kKinds> read{}; // per kind: bit P, read at position P
    std::string_view base;
    const auto entries = mnemonics_.lookup(suffixRank(mn.text, base) >= 0 ? base : mn.text);
    for (uint32_t e : entries) {
      const InstrDesc &d = arch_.instrs[e];
      if (!availableOnTarget(d)) continue;
      const auto ops = arch_.operandsOf(d);
      if (std::none_of(ops.begin(), ops.end(),
                       [&](const OperandDesc &o) { return kindOf(o) >= 0; }))
        continue;
      forEachModifierWindow(ops, [&](const OperandDesc &o, unsigned first, unsigned last) {
        if (const int kind = kindOf(o); kind >= 0)
          for (unsigned p = first; p <= last && p < 64; ++p)
            read[static_cast<unsigned>(kind)] |= uint64_t{1} << p;
        return true;
      });
    }
    if (std::all_of(read.begin(), read.end(), [](uint64_t r) { return r == 0; }))
      return kNoDppWindows;
    size_t unread = toks_.size();
    forEachNamedWord(mn, [&](size_t k, unsigned position) {
      const std::string_view w = toks_[k].text;
      int kind = -1;
      if (w == "dpp8")
        kind = kDpp8;
      else if (w == "row_mask")
        kind = kRowMask;
      else if (w == "bank_mask")
        kind = kBankMask;
      else if (w == "bound_ctrl")
        kind = kBound;
      else if (w == "fi")
        kind = kFi;
      else if (as::isDppControlWord(arch_, target_.dpAluDpp(), w))
        kind = kCtrl;
      if (kind >= 0 && !(position < 64 && (read[static_cast<unsigned>(kind)] >> position & 1))) {
        unread = k;
        return false;
      }
      return true;
    });
    return unread;
  }

  // Likewise for the VALU and DS modifiers written `name:value` (op_sel:, mul:, offset1:, ...):
  // llvm's parser reads one only at the positions an entry of the name allowed here has it at
  // (after its operands and the optional modifiers before it: v_ceil_f16_e64 v5.h, v1.h, v2
  // op_sel:[1,1] fails at op_sel, not at v2; ds_write2_b32 .. offset1:1 offset0:1 at offset0).
  // The token index of the first word no such entry reads where it stands, or toks_.size()
  // (also for words of entries of other kinds, not looked at).
  [[gnu::noinline]] size_t valuModifierUnread(const Token &mn) const {
    std::string_view base;
    const auto entries = mnemonics_.lookup(suffixRank(mn.text, base) >= 0 ? base : mn.text);
    size_t unread = toks_.size();
    forEachNamedWord(mn, [&](size_t k, unsigned position) {
      const std::string_view word = toks_[k].text;
      if (word == "dpp8" || as::isDppControlWord(arch_, target_.dpAluDpp(), word)) return true;
      bool known = false, read = false, other = false;
      for (uint32_t e : entries) {
        const InstrDesc &d = arch_.instrs[e];
        if (!availableOnTarget(d)) continue;
        const std::string_view format = arch_.formatOf(d).name;
        const bool valu = format.starts_with("VOP") || format == "DS";
        forEachModifierWindow(arch_.operandsOf(d),
                              [&](const OperandDesc &o, unsigned first, unsigned last) {
                                if (!as::isModifierWord(o, word)) return true;
                                other = other || !valu; // (another kind of entry: not looked at)
                                known = true;
                                read = read || (position >= first && position <= last);
                                return !other;
                              });
        if (other) return true;
      }
      if (known && !read) {
        unread = k;
        return false;
      }
      return true;
    });
    return unread;
  }

  // Calls fn(modifier, first, last) for each modifier an entry with operands `ops` shows, with
  // the operand positions llvm's parser reads it at: after the entry's operands (an optional
  // implicit one, vcc, written or not: llvm's two forms) and the modifiers before it, which may
  // be left out (all but a DPP control and dpp8), until fn returns false.
  template <typename Fn>
  static void forEachModifierWindow(std::span<const OperandDesc> ops, Fn fn) {
    auto hidden = [](OpClass c) {
      return c == OpClass::vop_opsel_hidden || c == OpClass::vop_exec_dst ||
             c == OpClass::vop_src2_mods || c == OpClass::mhidden || c == OpClass::mai_hidden;
    };
    for (bool implicitWritten : {false, true}) {
      unsigned index = 0, optionalBefore = 0;
      for (const OperandDesc &o : ops) {
        if (isPositional(o.cls)) {
          if (!(o.flags & OF_Optional) || implicitWritten) ++index;
          continue;
        }
        if (hidden(o.cls)) continue;
        if (!fn(o, index - optionalBefore, index)) return;
        if (o.cls != OpClass::dpp_ctrl && o.cls != OpClass::dpp8_sel) ++optionalBefore;
        ++index;
      }
    }
  }

  // Calls fn(token index, position) for each `name:value` word of the statement, at its operand
  // position as llvm counts them (each comma-separated operand, and each modifier: a word after a
  // complete operand, `name:value` or a word some form takes), in order, until fn returns false.
  template <typename Fn> void forEachNamedWord(const Token &mn, Fn fn) const {
    auto endsOperand = [](Tok k) {
      return k == Tok::Identifier || k == Tok::Integer || k == Tok::Real || k == Tok::RBrac ||
             k == Tok::RParen || k == Tok::Pipe;
    };
    size_t start = 0;
    while (start < toks_.size() && &toks_[start] != &mn) ++start;
    unsigned position = 0;
    bool atStart = true;
    int depth = 0;
    for (size_t k = start + 1; k + 1 < toks_.size(); ++k) {
      const Token &t = toks_[k];
      if (depth == 0 && t.kind == Tok::Comma) {
        atStart = true;
        continue;
      }
      const bool modifier =
          depth == 0 && t.kind == Tok::Identifier && !atStart && endsOperand(toks_[k - 1].kind) &&
          (toks_[k + 1].kind == Tok::Colon || modifierOfMnemonic(mn.text, t.text) ||
           as::isDppControlWord(arch_, target_.dpAluDpp(), t.text));
      if (atStart || modifier) {
        if (t.kind == Tok::Identifier && toks_[k + 1].kind == Tok::Colon && !fn(k, position))
          return;
        ++position;
        atStart = false;
      }
      depth += (t.kind == Tok::LBrac || t.kind == Tok::LParen) -
               (t.kind == Tok::RBrac || t.kind == Tok::RParen);
    }
  }

  // The first sext llvm's operand parsers stop at: sext(..) (after an optional minus) at an
  // operand position where no form of the mnemonic (nor of its name without an encoding suffix)
  // on this target has a source taking sext (gfx9's SDWA integer sources alone do): "not a valid
  // operand." at it; a bare `sext` where one does: "expected left paren after sext" after it.
  [[gnu::noinline]] const Token *misplacedSext(const Token &mn, size_t from,
                                               const char *&message) const {
    int depth = 0;
    unsigned operand = 0;
    bool atStart = true;
    const Token *minus = nullptr;
    for (size_t k = from; k + 1 < toks_.size(); ++k) {
      const Token &t = toks_[k];
      if (atStart && depth == 0 && t.kind == Tok::Minus && !minus) {
        minus = &t;
        continue;
      }
      if (atStart && depth == 0 && t.kind == Tok::Identifier && t.text == "sext") {
        const bool taken =
            anyFormAt(mn.text, operand, [](OpClass cls) { return cls == OpClass::sdwa_src_sext; });
        const bool call = toks_[k + 1].kind == Tok::LParen;
        if (call && !taken) {
          message = "not a valid operand.";
          return minus ? minus : &t;
        }
        if (!call && taken) {
          message = "expected left paren after sext";
          return &toks_[k + 1];
        }
      }
      atStart = false;
      minus = nullptr;
      depth += (t.kind == Tok::LBrac || t.kind == Tok::LParen || t.kind == Tok::LCurly) -
               (t.kind == Tok::RBrac || t.kind == Tok::RParen || t.kind == Tok::RCurly);
      if (depth == 0 && t.kind == Tok::Comma) {
        ++operand;
        atStart = true;
      }
    }
    return nullptr;
  }

  // llvm's parser reads every operand of a statement before its matcher looks at any, so an
  // operand it cannot read is the line's error wherever the entries' operands fail: a register
  // (an index out of range, a misaligned or unavailable one, a list with a gap), a `|` or `(`
  // left open, a modifier's value (a DPP lane out of range, mul:3) or a cache-policy bit written
  // twice. The operands are read in turn as llvm's parser reads them; the first such failure is
  // returned (none when an operand is read no further: an unknown `name:` modifier or an
  // expression that does not parse, which the entries' errors describe).
  // Past a modifier's value after its name: `:value`, `:-value` or `:[...]` (nothing if none).
  static void skipModifierValue(Cursor &c) {
    if (!c.accept(Tok::Colon)) return;
    if (c.accept(Tok::LBrac)) {
      while (!c.atEnd() && !c.accept(Tok::RBrac)) c.next();
    } else {
      c.accept(Tok::Minus);
      c.next();
    }
  }
  struct OperandParseFailure {
    uint32_t col = 0;
    std::string message;
    uint32_t operandCol = 0; // where the operand starts
  };
  // llvm reads an image's address list of N > 1 registers as N + 2 operands (the brackets are
  // tokens), and its parser reads a modifier (dmask:, dim:, glc ...) by the modifier's own parser
  // only at the operand positions its entries have it at: in an entry with E address operands
  // (1 without a list, N + 2 with one) the modifier with j modifiers before it in llvm's order
  // (dmask, dim, unorm, the cache bits, r128, a16, tfe, lwe, d16; all optional) is read at
  // positions E..E+j after the data. Elsewhere `name:value` is "not a valid operand." and a bare
  // word an expression. `c` is after the list of `elements` registers.
  [[gnu::noinline]] std::optional<OperandParseFailure>
  nsaModifierOutOfPlace(std::span<const Candidate> available, Cursor c, unsigned elements) {
    uint64_t positions = 0; // bit E: an entry whose address is E operands
    const InstrDesc *order = nullptr;
    for (const Candidate &cand : available) {
      const InstrDesc &d = arch_.instrs[cand.entry];
      for (const OperandDesc &o : arch_.operandsOf(d)) {
        if (o.cls == OpClass::mimg_vaddr) positions |= 2;
        if (o.cls != OpClass::mimg_nsa_vaddr) continue;
        if (!d.addressSizes) return std::nullopt; // (ray tracing: fixed lists)
        for (unsigned n = 2; n <= 16; ++n)
          if (d.addressSizes >> (n - 1) & 1) positions |= uint64_t{1} << (std::min(n, 5u) + 2);
        order = &d;
      }
    }
    if (!order) return std::nullopt;
    // The modifier's place in llvm's order (the cache bits are one operand).
    auto slot = [&](std::string_view word) -> int {
      int j = -1;
      bool cachePolicy = false;
      for (const OperandDesc &o : arch_.operandsOf(*order)) {
        if (isPositional(o.cls)) continue;
        const bool cpol = as::isCachePolicy(o.field);
        if (!(cpol && cachePolicy)) ++j;
        cachePolicy = cpol;
        if (as::isModifierWord(o, word)) return j;
      }
      return -1;
    };
    // (the registers after the address: the descriptor, the sampler)
    bool afterAddress = false;
    for (const OperandDesc &o : arch_.operandsOf(*order)) {
      if (o.cls == OpClass::mimg_nsa_vaddr) afterAddress = true;
      if (!afterAddress || !isPositional(o.cls) || o.cls == OpClass::mimg_nsa_vaddr ||
          o.cls == OpClass::mimg_nsa_extra)
        continue;
      c.accept(Tok::Comma);
      as::ParseContext q{target_, syms_};
      isa::Reg r;
      if (!isRegisterToken(c.peek(), c.peek(1)) || !as::parseRegister(q, c, r)) return std::nullopt;
    }
    const unsigned at = elements + 2;
    for (unsigned m = 0; !c.atEnd(); ++m) {
      if (c.accept(Tok::Comma)) {
        --m;
        continue;
      }
      const Token &t = c.peek();
      if (t.kind != Tok::Identifier) return std::nullopt;
      const int j = slot(t.text);
      if (j < 0) return std::nullopt;
      bool read = false;
      for (unsigned e = 1; e <= at + m && e < 64; ++e)
        read = read || ((positions >> e & 1) && at + m <= e + static_cast<unsigned>(j));
      if (!read && c.peek(1).kind == Tok::Colon)
        return OperandParseFailure{t.col, "not a valid operand.", t.col};
      c.next();
      skipModifierValue(c);
    }
    return std::nullopt;
  }

  [[gnu::noinline]] std::optional<OperandParseFailure>
  operandParseFailure(const Token &mn, std::span<const Candidate> available, size_t from) {
    std::string_view base;
    const bool suffixed = suffixRank(mn.text, base) >= 0;
    // The entry and operand that read modifier `word` (of the name or its plain name's forms).
    auto modifierOperand = [&](std::string_view word, const InstrDesc *&entry) -> int {
      auto search = [&](std::span<const uint32_t> entries) -> int {
        for (uint32_t e : entries) {
          const InstrDesc &d = arch_.instrs[e];
          if (!availableOnTarget(d)) continue;
          const auto ops = arch_.operandsOf(d);
          for (size_t i = 0; i < ops.size(); ++i)
            if (!isPositional(ops[i].cls) && as::isModifierWord(ops[i], word)) {
              entry = &d;
              return static_cast<int>(i);
            }
        }
        return -1;
      };
      std::vector<uint32_t> own;
      for (const Candidate &cand : available) own.push_back(cand.entry);
      const int i = search(own);
      return i >= 0 || !suffixed ? i : search(mnemonics_.lookup(base));
    };
    // The messages of llvm's operand parsers for a modifier's value (not its matcher's).
    // (and, on gfx9, of its MTBUF format after the soffset)
    const bool splitFormat = arch_.traits->splitBufferFormat;
    auto parserMessage = [splitFormat](std::string_view m) {
      return (m.starts_with("invalid ") && (m.ends_with(" value") || m.ends_with(" value."))) ||
             (m.starts_with("expected a ") && m.ends_with("-bit value")) ||
             m == "duplicate cache policy modifier" ||
             (splitFormat &&
              (m.starts_with("out of range ") || m.starts_with("duplicate ") ||
               m == "expected a format string" || m == "expected a closing square bracket" ||
               m == "unsupported format" || m == "unified format is not supported on this GPU" ||
               m == "expected absolute expression" || m == "expected a colon"));
    };
    Cursor c{toks_, from};
    bool cachePolicyEnded = false;
    uint32_t cachePolicySeen = 0; // (bits by field)
    Inst inst;
    // (gfx10 and later read an image's second operand, its address, as a list of separate
    // registers: no consecutive indices needed)
    const bool nsa = mn.text.starts_with("image_") && arch_.name != "gfx9";
    unsigned positional = 0;     // (sources read so far)
    bool addressingWord = false; // (MTBUF: idxen or offen read)
    for (unsigned operand = 0; !c.atEnd();) {
      if (c.accept(Tok::Comma)) {
        // (a second comma is no operand: llvm's expression parser fails at it)
        if (c.is(Tok::Comma) && pairSeparator_ == SIZE_MAX)
          return OperandParseFailure{c.peek().col, "unknown token in expression", c.peek().col};
        continue;
      }
      const Token &t = c.peek();
      if (nsa && operand++ == 1 && c.accept(Tok::LBrac)) {
        unsigned elements = 0;
        do {
          as::ParseContext q{target_, syms_};
          isa::Reg r;
          if (!isRegisterToken(c.peek(), c.peek(1))) return std::nullopt;
          if (!as::parseRegister(q, c, r))
            return q.err.set ? std::optional(OperandParseFailure{q.err.col, q.err.message(), t.col})
                             : std::nullopt;
          ++elements;
        } while (c.accept(Tok::Comma));
        if (!c.accept(Tok::RBrac)) return std::nullopt;
        if (elements > 1)
          if (std::optional<OperandParseFailure> f = nsaModifierOutOfPlace(available, c, elements))
            return f;
        continue;
      }
      // (gfx9's MTBUF format before the soffset: llvm's parser reads dfmt:/nfmt: and a comma
      // after them, and then wants an operand: `dfmt:1,, s0` or `dfmt:1: s0` fails there)
      // A format word after the soffset (dfmt:, nfmt:) or after idxen/offen (format:) is none
      // llvm's parsers read there.
      const bool mtbuf = mn.text.starts_with("tbuffer_") && arch_.traits->splitBufferFormat;
      if (mtbuf && t.kind == Tok::Identifier && (t.text == "idxen" || t.text == "offen"))
        addressingWord = true;
      if (mtbuf && t.kind == Tok::Identifier && c.peek(1).kind == Tok::Colon && !t.commentAfter &&
          ((t.text == "format" && addressingWord) ||
           ((t.text == "dfmt" || t.text == "nfmt") && positional >= 4)))
        return OperandParseFailure{t.col, "not a valid operand.", t.col};
      if (mtbuf && t.kind == Tok::Identifier && (t.text == "dfmt" || t.text == "nfmt") &&
          c.peek(1).kind == Tok::Colon && !t.commentAfter) {
        as::ParseContext q{target_, syms_};
        if (!as::parseSplitFormatWords(q, c))
          return q.err.set ? std::optional(OperandParseFailure{q.err.col, q.err.message(), t.col})
                           : std::nullopt;
        if (c.is(Tok::Comma) || c.is(Tok::Colon))
          return OperandParseFailure{c.peek().col, "unknown token in expression", t.col};
        continue;
      }
      const bool call = c.peek(1).kind == Tok::LParen;
      if (t.kind == Tok::Identifier &&
          !(call && (t.text == "neg" || t.text == "abs" || t.text == "sext" || t.text == "lit"))) {
        const InstrDesc *entry = nullptr;
        const int i = modifierOperand(t.text, entry);
        if (i < 0 && c.peek(1).kind == Tok::Colon) return std::nullopt; // (unknownNamedModifier)
        if (i >= 0) {
          const OperandDesc &d = arch_.operandsOf(*entry)[static_cast<size_t>(i)];
          // (llvm's cache-policy operand is one run of words: a cache word after another
          // modifier that follows one is an expression to its parser, no duplicate)
          if (as::isCachePolicy(d.field) && !cachePolicyEnded) {
            const uint32_t bit = 1u << (static_cast<unsigned>(d.field) & 31);
            if (cachePolicySeen & bit)
              return OperandParseFailure{t.col, "duplicate cache policy modifier", t.col};
            cachePolicySeen |= bit;
          }
          cachePolicyEnded =
              cachePolicyEnded || (cachePolicySeen && !as::isCachePolicy(d.field) &&
                                   entry->unit != Unit::SMEM && c.peek(1).kind != Tok::Colon);
          as::ParseContext q{target_, syms_};
          const EntryInfo &info = entryInfo(*entry);
          q.families = (info.requirements & ~kComputed) >> kFamilies;
          q.valuFacts = info.valuFacts;
          q.memoryFacts = &info.memoryFacts;
          std::memcpy(inst.ops.data(), defaults_.data() + entry->firstOperand,
                      entry->numOperands * sizeof(OperandValue));
          inst.arch = &arch_;
          inst.desc = entry;
          const size_t at = c.pos;
          if (!as::parseOperand(q, c, d, static_cast<unsigned>(i), inst)) {
            if (parserMessage(q.err.text()))
              return OperandParseFailure{q.err.col, q.err.message(), t.col};
            // (a check of this entry's, not of llvm's parser: the modifier's tokens are passed,
            // `name`, `name:value` or `name:[...]`)
            c.pos = at + 1;
            skipModifierValue(c);
          }
          if (c.pos == at) return std::nullopt;
          continue;
        }
      }
      // A source: -, neg(, abs(, |, sext(, lit( around a register or an expression.
      unsigned closeParens = 0;
      bool bars = false, modifiers = false, floatModifiers = false;
      const uint32_t operandCol = t.col;
      if (c.is(Tok::Minus) && c.peek(1).kind != Tok::Integer && c.peek(1).kind != Tok::Real &&
          (c.peek(1).kind == Tok::Pipe || c.peek(1).kind == Tok::LBrac ||
           (c.peek(1).kind == Tok::Identifier &&
            (c.peek(1).text == "abs" || isRegisterToken(c.peek(1), c.peek(2)))))) {
        c.next();
        modifiers = floatModifiers = true;
      }
      bool lit = false;
      for (;;) {
        const Token &w = c.peek();
        if (w.kind == Tok::Identifier && c.peek(1).kind == Tok::LParen && !lit &&
            (w.text == "neg" || w.text == "abs" || w.text == "sext" || w.text == "lit")) {
          lit = w.text == "lit";
          modifiers = modifiers || !lit;
          floatModifiers = floatModifiers || w.text == "neg" || w.text == "abs";
          c.next();
          c.next();
          ++closeParens;
        } else if (w.kind == Tok::Pipe && !bars && !lit) {
          c.next();
          bars = modifiers = floatModifiers = true;
        } else {
          break;
        }
      }
      // (a float modifier where no form of the name reads a source with them: llvm's generic
      // operand parser takes no modifier)
      if (floatModifiers && !anyFormAt(mn.text, positional, as::takesFloatModifiers))
        return OperandParseFailure{operandCol, "not a valid operand.", operandCol};
      ++positional;
      // (a `-` before a register inside a modifier is no sign llvm reads there)
      if ((closeParens || bars) && c.is(Tok::Minus) &&
          (c.peek(1).kind == Tok::Pipe || isRegisterToken(c.peek(1), c.peek(2)) ||
           (c.peek(1).text == "abs" && c.peek(2).kind == Tok::LParen)))
        return OperandParseFailure{c.peek().col, "failed parsing operand.", operandCol};
      const uint32_t valueCol = c.peek().col;
      bool absolute = true;
      if (isRegisterToken(c.peek(), c.peek(1))) {
        as::ParseContext q{target_, syms_};
        isa::Reg r;
        if (!as::parseRegister(q, c, r)) {
          if (q.err.set) return OperandParseFailure{q.err.col, q.err.message(), operandCol};
          return std::nullopt;
        }
        if (lit) [[unlikely]]
          if (std::optional<OperandParseFailure> f =
                  litOfRegister(mn, positional - 1, valueCol, operandCol, bars, modifiers, c))
            return f;
      } else {
        if (c.is(Tok::Minus) && c.peek(1).kind == Tok::Real) c.next();
        if (c.accept(Tok::Real)) {
        } else if (!as::startsExpr(c.peek())) {
          return std::nullopt;
        } else {
          const ExprResult e = as::parseExpr(c, syms_, /*relocatable=*/true, /*primary=*/bars);
          if (!e.ok()) return std::nullopt;
          absolute = e.kind == ExprResult::Kind::Absolute;
        }
      }
      // (lit's parenthesis closes first: it is the innermost)
      if (lit && closeParens-- && !c.accept(Tok::RParen))
        return OperandParseFailure{c.peek().col, "expected closing parentheses", operandCol};
      if (bars && !c.accept(Tok::Pipe))
        return OperandParseFailure{c.peek().col, "expected vertical bar", operandCol};
      for (; closeParens; --closeParens)
        if (!c.accept(Tok::RParen))
          return OperandParseFailure{c.peek().col, "expected closing parentheses", operandCol};
      // (a source modifier takes a value known now, not a symbol's)
      if (modifiers && !absolute)
        return OperandParseFailure{valueCol, "expected an absolute expression", operandCol};
    }
    return std::nullopt;
  }

  // lit(..) of a register (source `k`, the register at `valueCol`, `c` after it): llvm's parser of
  // a source with float modifiers wants a number there ("expected immediate with lit modifier";
  // "failed parsing operand." between bars), the generic one fails at the register, and gfx9's
  // parser of SDWA integer sources reads the register as a symbol and fails after it.
  [[gnu::noinline]] std::optional<OperandParseFailure>
  litOfRegister(const Token &mn, unsigned k, uint32_t valueCol, uint32_t operandCol, bool bars,
                bool modifiers, const Cursor &c) const {
    if (bars) return OperandParseFailure{valueCol, "failed parsing operand.", operandCol};
    if (anyFormAt(mn.text, k, as::takesFloatModifiers))
      return OperandParseFailure{valueCol, "expected immediate with lit modifier", operandCol};
    if (modifiers) return std::nullopt;
    if (arch_.name == "gfx9" &&
        anyFormAt(mn.text, k, [](OpClass cls) { return cls == OpClass::sdwa_src_sext; }))
      return OperandParseFailure{c.peek().col, "unknown token in expression", operandCol};
    return OperandParseFailure{valueCol, "not a valid operand.", operandCol};
  }

  // Whether some form of `name` available on this target, or of its name without an encoding
  // suffix (llvm strips it before it looks the name up), has a positional operand `k` whose class
  // satisfies `pred`: where llvm's operand parsers read a source with float modifiers
  // (as::takesFloatModifiers), sext (an SDWA integer source), ...
  template <class Pred> bool anyFormAt(std::string_view name, unsigned k, Pred pred) const {
    auto formAt = [&](std::string_view n) {
      for (uint32_t entry : mnemonics_.lookup(n)) {
        const InstrDesc &d = arch_.instrs[entry];
        if (!availableOnTarget(d)) continue;
        // (an optional operand left out, the implicit vcc of a compare, moves the later ones)
        unsigned at = 0, required = 0;
        for (const OperandDesc &o : arch_.operandsOf(d)) {
          if (!isPositional(o.cls)) continue;
          const bool optional = o.flags & OF_Optional;
          if ((at == k || (required == k && !optional)) && pred(o.cls)) return true;
          ++at;
          required += !optional;
          if (at > k && required > k) break;
        }
      }
      return false;
    };
    std::string_view base;
    return formAt(name) || (suffixRank(name, base) >= 0 && formAt(base));
  }

  // Whether llvm reads the token `t` (followed by `next`) as the start of a register: [ (a
  // list), a numbered register (v1, s[2:3], v1.l), a special register's name.
  bool isRegisterToken(const Token &t, const Token &next) const {
    if (t.kind == Tok::LBrac) return true;
    if (t.kind != Tok::Identifier) return false;
    std::string_view s = t.text;
    for (std::string_view prefix : {"ttmp", "acc", "v", "s", "a"}) {
      if (!s.starts_with(prefix)) continue;
      std::string_view rest = s.substr(prefix.size());
      if (rest.empty()) return next.kind == Tok::LBrac;
      if (rest.ends_with(".l") || rest.ends_with(".h")) rest.remove_suffix(2);
      if (!rest.empty() &&
          std::all_of(rest.begin(), rest.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
        return true;
      break; // (else perhaps a special register's name: scc)
    }
    const isa::RegisterSet &rs = arch_.traits->registers;
    return isa::lookupSpecialRegister(rs, s) || isa::isUnavailableRegister(rs, s) || s == "null";
  }

  // The first sext or lit64 llvm's operand parsers stop at (misplacedSext, misplacedLit64).
  const Token *firstMisplacedModifier(const Token &mn, size_t from, const char *&message) const {
    const char *lit64Message = nullptr;
    const Token *sext = misplacedSext(mn, from, message),
                *lit64 = misplacedLit64(mn, from, lit64Message);
    if (lit64 && (!sext || lit64->col < sext->col)) {
      message = lit64Message;
      return lit64;
    }
    return sext;
  }

  // The first lit64 llvm's operand parsers stop at: lit64(..) (also inside neg(..) or abs(..)) at
  // an operand position where a form of the mnemonic (or of its name without an encoding suffix)
  // on this target has a source with float modifiers, which these GPUs' parser refuses it in
  // ("lit64 is not supported on this GPU"; without its parenthesis, "expected left paren after
  // lit64" after it). Elsewhere llvm reads it as lit(..).
  [[gnu::noinline]] const Token *misplacedLit64(const Token &mn, size_t from,
                                                const char *&message) const {
    int depth = 0;
    unsigned operand = 0;
    bool atStart = true;
    for (size_t k = from; k + 1 < toks_.size(); ++k) {
      const Token &t = toks_[k];
      // (at the operand's start or inside its neg(..) and abs(..), after a minus only inside
      // them; reported at the first of those words: -abs(lit64(1)) at abs)
      size_t first = k + (atStart && t.kind == Tok::Minus);
      size_t w = first;
      while (atStart && depth == 0 && w + 2 < toks_.size() && toks_[w].kind == Tok::Identifier &&
             (toks_[w].text == "neg" || toks_[w].text == "abs") && toks_[w + 1].kind == Tok::LParen)
        w += 2;
      if (atStart && depth == 0 && (w > first || first == k) && toks_[w].kind == Tok::Identifier &&
          toks_[w].text == "lit64" && anyFormAt(mn.text, operand, as::takesFloatModifiers)) {
        if (toks_[w + 1].kind == Tok::LParen) {
          message = "lit64 is not supported on this GPU";
          return &toks_[first];
        }
        message = "expected left paren after lit64";
        return &toks_[w + 1];
      }
      atStart = false;
      depth += (t.kind == Tok::LBrac || t.kind == Tok::LParen || t.kind == Tok::LCurly) -
               (t.kind == Tok::RBrac || t.kind == Tok::RParen || t.kind == Tok::RCurly);
      if (depth == 0 && t.kind == Tok::Comma) {
        ++operand;
        atStart = true;
      }
    }
    return nullptr;
  }

  // No entry of the name on this target: llvm says whether it is there in wave32 (its only
  // check of another mode) or on some other processor. `entries`: the name's entries.
  void notOnThisGpu(const Token &mn, std::span<const uint32_t> entries = {}) {
    // A suffixed name whose plain name this processor has (v_mul_legacy_f32_e32 on gfx90a,
    // VOP3 only): llvm names the encoding it lacks.
    if (std::string_view base; suffixRank(mn.text, base) >= 0)
      for (uint32_t entry : mnemonics_.lookup(base))
        if (availableOnTarget(arch_.instrs[entry])) {
          error(mn.col, fmt::format("{} variant of this instruction is not supported",
                                    mn.text.substr(base.size() + 1)));
          return;
        }
    if (target_.wave64())
      for (uint32_t entry : entries) {
        const InstrDesc &d = arch_.instrs[entry];
        if ((d.cpuMask & (1u << target_.cpuIndex())) && !(d.flags & IF_DisasmOnly) &&
            availableInMode(d, target_.realTrue16(), /*wave64=*/false)) {
          error(mn.col, "instruction requires wavesize=32");
          return;
        }
      }
    error(mn.col, "instruction not supported on this GPU");
    extraNote(mn.col, fmt::format("{} has no such instruction", target_.cpuName()));
  }

  // A mnemonic of another architecture (llvm knows every target's).
  bool knownElsewhere(std::string_view name) const {
    // (names of the processors gfxasm has no tables for, as llvm's disassembler prints them,
    // also with an encoding suffix)
    static constexpr std::string_view kOtherTargets[] = {
#include "isa/other_target_mnemonics.inc"
    };
    // (gfx6 and gfx7's own names, which llvm-mc-22's assembler knows but cannot disassemble)
    static constexpr std::string_view kSiCiTargets[] = {
#include "isa/si_mnemonics.inc"
    };
    std::string lower(name); // (llvm matches mnemonics in any case)
    toLowerAscii(lower);
    auto listed = [&](std::string_view n) {
      return std::binary_search(std::begin(kOtherTargets), std::end(kOtherTargets), n) ||
             std::binary_search(std::begin(kSiCiTargets), std::end(kSiCiTargets), n);
    };
    for (std::string_view base = lower;;) {
      if (listed(base)) return true;
      // (a name the disassembler prints only suffixed, as gfx8's v_addc_u32_e32)
      for (std::string_view suffix : kEncodingSuffixes)
        if (listed(std::string(base) + std::string(suffix))) return true;
      std::string_view stripped;
      if (suffixRank(base, stripped) < 0 || stripped == base) break;
      base = stripped;
    }
    for (const ArchTables *other : allArchs()) {
      if (other == &arch_) continue;
      if (!MnemonicTable::forArch(*other).lookup(name).empty()) return true;
      // (the first half of a dual-issue pair, X of an entry named `X::Y`)
      if (!MnemonicTable::forArch(*other).pairsWithFirst(name).empty()) return true;
    }
    return false;
  }

  void warnAt(const Token &mn, const as::ParseError &e) {
    for (unsigned k = 0; k < e.numWarnings; ++k) report(Severity::Warning, mn.col, e.warnings[k]);
  }

  // Whether llvm's matcher has the entry in its default variant, the only one its spell check
  // reads ("did you mean"): not a VOP3 (also VOP3P, VOP3-encoded interpolation), DPP or SDWA one;
  // v_readlane_b32 and v_writelane_b32 are VOP2 instructions there.
  bool inDefaultVariant(const InstrDesc &d) const {
    if (d.flags & IF_E32Suffix) return true;
    std::string_view format = arch_.formatOf(d).name;
    return !format.starts_with("VOP3") && !format.starts_with("VINTERP") &&
           format.find("_DPP") == std::string_view::npos &&
           format.find("_SDWA") == std::string_view::npos;
  }

  bool availableOnTarget(const InstrDesc &d) const {
    return (d.cpuMask & (1u << target_.cpuIndex())) && !(d.flags & IF_DisasmOnly) &&
           availableInMode(d, target_.realTrue16(), target_.wave64());
  }

  // Words whose absence rules an entry out: each is the spelling of an operand the entry
  // requires (a required flag, a DPP control), as a bit (0: not one of these words).
  [[gnu::always_inline]] static unsigned requirementBit(std::string_view word) {
    // Most words of a statement are registers: a table of the lengths a requirement word that
    // starts with the word's first character can have rejects them in line, without a branch
    // per letter.
    if (word.size() < 2 || word.size() >= 32) return 0;
    const unsigned first = static_cast<unsigned char>(word[0]) & 0x7f;
    if (!(kRequirementLengths[first] >> word.size() & 1) ||
        !(kRequirementSeconds[first] >> (word[1] & 31) & 1))
      return 0;
    return requirementWordBit(word);
  }
  [[gnu::noinline]] static unsigned requirementWordBit(std::string_view word) {
    if (word == "row_mask") return 0; // (a DPP modifier of its own, not a control)
    for (const RequirementWord &w : kRequirementWords)
      if (w.prefix ? word.size() > w.text.size() && startsWith(word, w.text)
                   : sameText(word, w.text))
        return w.bit;
    return 0;
  }
  // The requirement words that rule out a memory entry without an operand spelled so (llvm takes
  // such a word for a symbol, which no memory operand takes unless it is set to a value, and an
  // unknown modifier is an error): all but a16, which is also an AGPR.
  static constexpr unsigned kExcludingWords = 0x1ff & ~32u;
  unsigned requirementWordsWritten(size_t from) const {
    unsigned mask = 0;
    for (size_t k = from; k < toks_.size(); ++k)
      if (toks_[k].kind == Tok::Identifier) mask |= requirementBit(toks_[k].text);
    return mask;
  }

  size_t entryIndex(const InstrDesc &desc) const {
    return static_cast<size_t>(&desc - arch_.instrs.data());
  }
  [[gnu::noinline]] void computeEntry(const InstrDesc &desc) {
    unsigned needs = 0, spelled = 0, families = 0, positional = 0;
    auto ops = arch_.operandsOf(desc);
    for (size_t i = 0; i < ops.size(); ++i) {
      defaults_[desc.firstOperand + i] = {as::defaultValue(ops[i])};
      if (isPositional(ops[i].cls)) positional |= 1u << i;
      families |= as::familyBit(ops[i].cls);
      // (a DPP control is written quad_perm:, row_*, wave_*; see isModifierWord)
      const bool dppCtrl = ops[i].cls == OpClass::dpp_ctrl || ops[i].field == Field::dpp_ctrl;
      const unsigned word = requirementBit(dppCtrl ? "quad_perm" : fieldName(ops[i].field));
      spelled |= word;
      if (ops[i].cls == OpClass::dpp_ctrl || ops[i].cls == OpClass::dpp8_sel ||
          ops[i].cls == OpClass::required_flag)
        needs |= word;
    }
    const bool memory = desc.unit == Unit::VMEM || desc.unit == Unit::DS;
    const unsigned excludes = memory ? kExcludingWords & ~spelled : 0;
    EntryInfo &e = entries_[entryIndex(desc)];
    e.requirements = needs | kComputed | excludes << kExcludes | families << kFamilies;
    e.positional = positional;
    e.valuFacts = as::valuEntryFacts(arch_, desc);
    e.memoryFacts = as::memoryEntryFacts(arch_, desc);
    e.takesLiteral = enc::takesLiteral(arch_, arch_.formatOf(desc));
    e.variant = matchVariant(arch_.formatOf(desc).name);
  }
  // llvm matches a statement against its match table's variants in turn (default, VOP3, SDWA,
  // DPP, VOP3 DPP) and, when none takes the operands, reports the operand of the last variant
  // that has the name: `v_add_f32 v5, s1, v1, v2` fails at s1, where the DPP form wants a VGPR.
  static uint8_t matchVariant(std::string_view format) {
    const bool vop3 = format.starts_with("VOP3") || format == "VINTERP";
    if (format.find("DPP") != std::string_view::npos) return vop3 ? 4 : 3;
    if (format.find("SDWA") != std::string_view::npos) return 2;
    return vop3 ? 1 : 0;
  }
  const EntryInfo &entryInfo(const InstrDesc &desc) {
    const EntryInfo &e = entries_[entryIndex(desc)];
    if (!e.requirements) [[unlikely]]
      computeEntry(desc);
    return e;
  }
  // The entries of spelling `k` (MnemonicTable::find) available on the target, in order.
  std::span<const Candidate> availableCandidates(int k) {
    CandidateRange &range = nameCandidates_[static_cast<size_t>(k)];
    if (range.first == ~0u) [[unlikely]] {
      range.first = static_cast<uint32_t>(candidates_.size());
      for (uint32_t entry : mnemonics_.entriesAt(static_cast<uint32_t>(k))) {
        const InstrDesc &desc = arch_.instrs[entry];
        if (availableOnTarget(desc)) candidates_.push_back({entry, entryInfo(desc).requirements});
      }
      range.count = static_cast<uint32_t>(candidates_.size()) - range.first;
    }
    return std::span<const Candidate>(candidates_).subspan(range.first, range.count);
  }
  const enc::EncodePlan &planFor(const InstrDesc &desc) {
    uint32_t &k = entries_[entryIndex(desc)].plan;
    if (!k) [[unlikely]] {
      plans_.push_back(enc::planEncoding(arch_, desc));
      k = static_cast<uint32_t>(plans_.size());
    }
    return plans_[k - 1];
  }

  // Whether implicit operand `i` follows one left out (gfx11: a carry in without the carry out).
  [[gnu::noinline]] bool carryInWithoutCarryOut(std::span<const OperandDesc> ops, const Inst &inst,
                                                size_t i) const {
    for (size_t j = 0; j < i && arch_.traits->carryOmittable; ++j)
      if ((ops[j].flags & OF_Optional) && ops[j].field == Field::implicit && !inst.ops[j].present)
        return true;
    return false;
  }

  // `positional`: EntryInfo::positional of the entry.
  bool parseOperands(as::ParseContext &pctx, Cursor &c, Inst &inst, uint32_t positional,
                     const Token &mn, bool &tooFew) {
    auto ops = arch_.operandsOf(*inst.desc);
    bool first = true;
    // (the operands are visited by their bits: which ones are positional is the entry's pattern,
    // a branch per operand that mispredicts)
    for (uint32_t left = positional; left; left &= left - 1) {
      const size_t i = static_cast<size_t>(std::countr_zero(left));
      const OperandDesc &d = ops[i];
      if ((d.flags & OF_Optional) && (c.atEnd() || !(first || c.is(Tok::Comma)))) continue;
      if ((d.flags & OF_Optional) && d.field == Field::implicit) {
        // An implicit operand (vcc_lo of e32 forms) may be left out: skipped when not written.
        size_t save = c.pos;
        as::ParseContext trial{pctx.target, pctx.syms};
        if (!first) c.next();
        size_t operandAt = c.pos;
        if (!as::parseOperand(trial, c, d, static_cast<unsigned>(i), inst) ||
            !as::implicitLeavesEnough(inst, static_cast<unsigned>(i), c)) {
          c.pos = operandAt;
          if (as::implicitOmissionRejected(inst, static_cast<unsigned>(i) + 1, c))
            return pctx.fail(c.peek().col, "failed parsing operand.");
          c.pos = save;
          inst.ops[i].present = false;
          continue;
        }
        // (a carry in written without the carry out: llvm's entries without them end before it)
        if (i != 0 && carryInWithoutCarryOut(ops, inst, i)) [[unlikely]]
          return pctx.fail(toks_[operandAt].col, "invalid operand for instruction");
        first = false;
        continue;
      }
      // (a VOPD pair: llvm matches `::` as a token after the X half's operands)
      if (c.pos == pairSeparator_ && d.field != Field::vdsty)
        return pctx.fail(toks_[c.pos].col, "invalid operand for instruction");
      if (d.field == Field::vdsty && c.pos != pairSeparator_) [[unlikely]]
        return pairSeparatorMissing(pctx, c, mn, tooFew);
      // llvm skips one comma after each operand: commas between operands are optional.
      if (!first) c.accept(Tok::Comma);
      if (c.pos == pairSeparator_) [[unlikely]]
        return pctx.fail(toks_[c.pos].col, "invalid operand for instruction");
      if (c.atEnd()) {
        tooFew = true;
        return pctx.fail(mn.col, "too few operands for instruction");
      }
      first = false;
      size_t operandAt = c.pos;
      pctx.operandTok[i] = &c.peek();
      pctx.operandColsSet |= 1u << i;
      if (!as::parseOperand(pctx, c, d, static_cast<unsigned>(i), inst)) {
        // (at the operand or a modifier around its value: llvm's operand is the value)
        if (pctx.err.col >= toks_[operandAt].col && pctx.err.fixed &&
            std::string_view(pctx.err.fixed) == "invalid operand for instruction" &&
            (pctx.err.col != toks_[operandAt].col || !expressionSyntaxError(pctx, operandAt)))
          pctx.err.col = std::max(pctx.err.col, sourceValueCol(pctx, operandAt));
        return false;
      }
    }
    pctx.afterPositional = c.atEnd() ? nullptr : &c.peek();
    // Modifiers, in any order.
    while (!c.atEnd()) {
      if (c.pos == pairSeparator_) [[unlikely]]
        return pctx.fail(toks_[c.pos].col, "invalid operand for instruction");
      if (!first && c.accept(Tok::Comma) && c.atEnd()) break; // a trailing comma is fine too
      const Token &t = c.peek();
      bool matched = false;
      // (`name /* */ :value`: llvm reads no modifier name there, and then fails at the colon)
      // (DPP controls are read by another path that takes it: row_shl /* */ :1; so is
      // ds_swizzle's offset)
      if (t.kind == Tok::Identifier && t.commentAfter && c.peek(1).kind == Tok::Colon &&
          !(startsWith(t.text, "row_") && t.text != "row_mask") && !startsWith(t.text, "wave_") &&
          t.text != "quad_perm") [[unlikely]] {
        bool swizzleOffset =
            t.text == "offset" && std::any_of(ops.begin(), ops.end(), [](const OperandDesc &o) {
              return o.cls == isa::OpClass::ds_swizzle;
            });
        if (!swizzleOffset) return pctx.fail(c.peek(1).col, "unknown token in expression");
      }
      if (t.kind == Tok::Identifier) {
        const uint32_t modifiers = ~positional & ((1u << ops.size()) - 1);
        for (uint32_t left = modifiers; left; left &= left - 1) {
          const size_t i = static_cast<size_t>(std::countr_zero(left));
          const OperandDesc &d = ops[i];
          if (inst.ops[i].present || !as::isModifierWord(d, t.text)) continue;
          pctx.operandTok[i] = &t;
          pctx.operandColsSet |= 1u << i;
          if (!as::parseOperand(pctx, c, d, static_cast<unsigned>(i), inst)) return false;
          matched = true;
          break;
        }
      }
      if (!matched && t.kind == Tok::Identifier && as::takesReturnBitOfNonReturning(pctx, inst, t))
          [[unlikely]] {
        c.next();
        continue;
      }
      if (!matched) {
        // (a `name:value` modifier no form of the mnemonic has is no operand llvm can parse)
        if (!as::failAtUnmatchedModifier(pctx, inst, t) && !expressionSyntaxError(pctx, c.pos)) {
          // (this one, or a later modifier no form has, fails llvm's parser first: `clamp div:2`
          // where no form takes either fails at div)
          const Token *unknown = unknownNamedModifier(mn, c.pos);
          if (unknown)
            pctx.fail(unknown->col, "not a valid operand.");
          else
            pctx.fail(t.col, "invalid operand for instruction");
        }
        return false;
      }
    }
    return as::validateOperands(pctx, inst, mn.col);
  }

  // Where llvm's operand for the text at `at` starts, which its matcher reports a mismatch at: a
  // source's value, inside the modifiers its parser read (x of -|x|, neg(abs(x)), sext(x),
  // lit(x); a number's sign is the number's, as is the minus of an expression: -foo, -(1),
  // -lit(1); llvm's parser takes a minus for neg before a register, `|` or `abs` only).
  uint32_t sourceValueCol(as::ParseContext &pctx, size_t at) const {
    Cursor c{toks_, at};
    for (;;) {
      const Token &t = c.peek();
      const bool call = t.kind == Tok::Identifier && c.peek(1).kind == Tok::LParen;
      const Tok next = c.peek(1).kind;
      if (t.kind == Tok::Pipe || (t.kind == Tok::Minus && !t.commentAfter &&
                                  (next == Tok::Pipe || next == Tok::LBrac ||
                                   (next == Tok::Identifier && c.peek(1).text == "abs") ||
                                   (next == Tok::Identifier && as::minusIsNegModifier(pctx, c) &&
                                    c.peek(1).text != "neg" && c.peek(1).text != "sext" &&
                                    !as::isLitWord(c.peek(1).text))))) {
        c.next();
      } else if (call && (t.text == "neg" || t.text == "abs" || t.text == "sext" ||
                          as::isLitWord(t.text))) {
        c.next();
        c.next();
      } else {
        return t.col;
      }
    }
  }

  // Where a VOPD pair's `::` should follow the X half's operands: the end of the statement (too
  // few operands), or the operand after them.
  [[gnu::noinline]] bool pairSeparatorMissing(as::ParseContext &pctx, Cursor &c, const Token &mn,
                                              bool &tooFew) {
    c.accept(Tok::Comma);
    if (c.atEnd()) {
      tooFew = true;
      return pctx.fail(mn.col, "too few operands for instruction");
    }
    if (!expressionSyntaxError(pctx, c.pos))
      pctx.fail(c.peek().col, "invalid operand for instruction");
    return false;
  }

  // llvm parses an operand it cannot match as an expression first: text that starts none is
  // reported with the expression's error ("unknown token in expression"), not as a kind mismatch.
  bool expressionSyntaxError(as::ParseContext &pctx, size_t at) {
    Tok k = toks_[at].kind;
    if (k == Tok::Identifier || k == Tok::String || k == Tok::Error || k == Tok::Real ||
        k == Tok::ColonColon || k == Tok::LBrac || k == Tok::Pipe ||
        (k == Tok::Minus && toks_[at + 1].kind == Tok::Real))
      return false;
    Cursor e{toks_, at};
    ExprResult r = parseExpr(e, syms_, /*relocatable=*/true);
    if (r.ok()) return false;
    pctx.err = {};
    pctx.fail(r.errCol, r.error);
    return true;
  }

  // Where a branch's label is written (its errors are reported there): the operand token that
  // names it, else the mnemonic.
  uint32_t labelColumn(const Inst &inst, const Token &mn) const {
    for (const Token &t : toks_)
      if (t.col > mn.col && (t.kind == Tok::Identifier || isLocalLabelRef(t)) &&
          (t.text == inst.labelSymbol || isLocalLabelRef(t)))
        return t.col;
    return mn.col;
  }

  void emit(const Inst &inst, const Token &mn) {
    if (observer_)
      observer_->instruction(
          inst, {curLine_, curLineNo_}, mn.col, cur_, code_.size() + unwrittenBytes_,
          enc::encodedSize(arch_.formatOf(*inst.desc), inst, entryInfo(*inst.desc).takesLiteral));
    if (!opts_.keepCode && opts_.output == OutputKind::Null) {
      // Checked, not encoded (-filetype=null): only the offsets matter, for labels and
      // alignment; branch offsets are never filled in.
      unwrittenBytes_ +=
          enc::encodedSize(arch_.formatOf(*inst.desc), inst, entryInfo(*inst.desc).takesLiteral);
      return;
    }
    lineEntryHere();
    uint8_t buf[enc::kMaxInstBytes];
    size_t n = enc::encode(inst, planFor(*inst.desc), buf);
    size_t offset = code_.size();
    code_.insert(code_.end(), buf, buf + n);
    // A symbol operand leaves bytes to a fixup: a branch target's 16-bit offset, or (any other
    // class) the literal dword after the instruction, which only a relocation fills in.
    bool symbolic = inst.labelOperand >= 0;
    bool branch = symbolic && arch_.operandsOf(*inst.desc)[inst.labelOperand].cls == OpClass::label;
    size_t fixupAt = branch ? 0 : arch_.formatOf(*inst.desc).sizeBytes, fixupSize = branch ? 2 : 4;
    if (symbolic) {
      obj::Fixup f = fixupHere(branch ? labelColumn(inst, mn) : mn.col);
      f.offset = offset + fixupAt;
      f.instOffset = offset;
      f.kind = branch            ? obj::FixupKind::SoppBranch
               : inst.labelPcRel ? obj::FixupKind::PCRel4
                                 : obj::FixupKind::Data4;
      f.expr = inst.labelExpr;
      sections_[cur_].fixups.push_back(f);
      registerSymbolsOf(inst.labelExpr);
    }
    if (!asmOut()) return;
    size_t start = out_.size();
    out_ += '\t';
    print::printInst(inst, target_, out_);
    if (!opts_.showEncoding) {
      out_ += '\n';
      return;
    }
    // Bytes a label fixup fills in later are shown as A, like llvm-mc does.
    print::appendEncoding(out_, start, buf, n, symbolic ? fixupAt : 0, symbolic ? fixupSize : 0);
    if (symbolic)
      out_ += fmt::format("{:{}};   fixup A - offset: {}, value: {}, kind: {}\n", "",
                          print::kEncodingColumn, fixupAt, inst.labelSymbol,
                          branch            ? "fixup_si_sopp_br"
                          : inst.labelPcRel ? "FK_PCRel_4"
                                            : "FK_Data_4");
  }

  // (llvm lays out the object only when its parser found no error, its streamer's apart: no
  // errors of fixups then)
  bool parseFailed_ = false;
  unsigned streamerErrors_ = 0;
  void errorWithoutLocation(std::string msg) {
    Diagnostic d;
    d.file = "<unknown>";
    d.message = std::move(msg);
    result_.diagnostics.push_back(std::move(d));
    ++result_.errorCount;
  }
  void errorAt(const obj::Fixup &f, uint32_t col, std::string msg) {
    if (parseFailed_) return;
    if (f.line == 0) { // a value llvm emits without a location (a kernel descriptor's word)
      errorWithoutLocation(std::move(msg));
      return;
    }
    std::string_view line = curLine_;
    uint32_t lineNo = curLineNo_;
    curLine_ = f.lineText;
    curLineNo_ = f.line;
    error(col, std::move(msg));
    // (llvm names the buffer of the line, a macro instantiation or an included file, without
    // the instantiation notes or the include stack)
    if (!lines_ && f.source && f.source < sourceNames_.size())
      result_.diagnostics.back().file = sourceNames_[f.source];
    curLine_ = line;
    curLineNo_ = lineNo;
  }
  std::vector<std::string> sourceNames_; // (Preprocessor::sourceId)

  static uint32_t relocationType(const obj::Fixup &f, Spec spec) {
    switch (spec) {
    case Spec::Abs32Lo: return 1;      // R_AMDGPU_ABS32_LO
    case Spec::Abs32Hi: return 2;      // R_AMDGPU_ABS32_HI
    case Spec::Abs64: return 3;        // R_AMDGPU_ABS64
    case Spec::Rel64: return 5;        // R_AMDGPU_REL64
    case Spec::GotPcRel: return 7;     // R_AMDGPU_GOTPCREL
    case Spec::GotPcRel32Lo: return 8; // R_AMDGPU_GOTPCREL32_LO
    case Spec::GotPcRel32Hi: return 9; // R_AMDGPU_GOTPCREL32_HI
    case Spec::Rel32Lo: return 10;     // R_AMDGPU_REL32_LO
    case Spec::Rel32Hi: return 11;     // R_AMDGPU_REL32_HI
    case Spec::None: break;
    }
    switch (f.kind) {
    case obj::FixupKind::PCRel4: return 4; // R_AMDGPU_REL32
    case obj::FixupKind::Data8:
      return 3; // R_AMDGPU_ABS64
    // (llvm's ELF writer has no relocation for 1- and 2-byte data: it goes on as for a branch)
    case obj::FixupKind::Data1:
    case obj::FixupKind::Data2:
    case obj::FixupKind::SoppBranch: return 14; // R_AMDGPU_REL16
    default: return 6;                          // R_AMDGPU_ABS32
    }
  }

  static unsigned fixupSize(obj::FixupKind k) {
    switch (k) {
    case obj::FixupKind::Data1: return 1;
    case obj::FixupKind::Data2:
    case obj::FixupKind::SoppBranch: return 2;
    case obj::FixupKind::Data8: return 8;
    default: return 4;
    }
  }

  // Applies the fixups llvm resolves (branches and pc-relative literals within a section, label
  // differences, values known at the end) and turns the others into relocations (object output).
  // Like llvm-mc, text and null output leave unresolved branch offsets 0 without an error.
  static bool globalAlias(const RelocatableValue &v) {
    return v.alias && v.symA && !v.symB &&
           (v.alias->binding == Symbol::Binding::Global ||
            v.alias->binding == Symbol::Binding::Weak);
  }
  void resolveFixups(std::vector<std::vector<obj::Relocation>> &relocations) {
    relocations.assign(sections_.size(), {});
    // A relocation of the fixup `f` in section `si` to `v`'s symbol: a local label through its
    // section's symbol, anything else by name.
    auto relocate = [&](uint32_t si, const obj::Fixup &f, const RelocatableValue &v) {
      obj::Relocation r{f.offset, relocationType(f, v.spec), nullptr, {}, -1, v.constant};
      r.fragment = f.fragment;
      if (f.kind == obj::FixupKind::Data1 || f.kind == obj::FixupKind::Data2)
        r.dataSize = static_cast<uint8_t>(fixupSize(f.kind));
      // (llvm's ELF writer: the scratch buffer's two names, whatever the fixup)
      if (v.nameA == "SCRATCH_RSRC_DWORD0" || v.nameA == "SCRATCH_RSRC_DWORD1") r.type = 1;
      // (a global or weak variable set to a label stays: the relocation names it)
      if (globalAlias(v)) {
        r.symbol = v.alias;
        r.name = v.aliasName;
        r.addend = v.constant - v.aliasOffset;
        const_cast<Symbol &>(*v.alias).usedInReloc = true;
        relocations[si].push_back(r);
        return;
      }
      const Symbol &target = *v.symA;
      const bool local = target.kind == Symbol::Kind::Label &&
                         (v.viaLocalAlias || (target.binding != Symbol::Binding::Global &&
                                              target.binding != Symbol::Binding::Weak));
      if (local) {
        r.sectionSymbol = static_cast<int32_t>(target.section);
        r.addend += target.value;
      } else {
        r.symbol = &target;
        r.name = v.nameA;
        const_cast<Symbol &>(target).usedInReloc = true;
      }
      relocations[si].push_back(r);
    };
    for (uint32_t si = 0; si < sections_.size(); ++si) {
      obj::Section &sec = sections_[si];
      for (const obj::Fixup &f : sec.fixups) {
        RelocatableValue v;
        bool ok = evaluateRelocatable(syms_.pool(), f.expr, EvalStage::Final, targetInfo_, v);
        const unsigned size = fixupSize(f.kind);
        auto write = [&](int64_t value) {
          for (unsigned i = 0; i < size && f.offset + i < sec.data.size(); ++i)
            sec.data[f.offset + i] = static_cast<uint8_t>(static_cast<uint64_t>(value) >> (8 * i));
        };
        if (f.kind == obj::FixupKind::SoppBranch) {
          // (a global or weak label is resolved by the linker, as llvm leaves it: it may be
          // preempted)
          if (ok && v.symA && !v.symB && v.spec == Spec::None &&
              v.symA->kind == Symbol::Kind::Label && v.symA->section == si &&
              (!objOut() || (!globalAlias(v) && v.symA->binding != Symbol::Binding::Global &&
                             v.symA->binding != Symbol::Binding::Weak))) {
            int64_t delta =
                (v.symA->value + v.constant - static_cast<int64_t>(f.instOffset) - 4) / 4;
            if (delta < -32768 || delta > 32767) {
              if (objOut()) errorAt(f, f.col, "branch size exceeds simm16");
              continue;
            }
            write(delta);
          } else if (objOut() && ok && v.symA && !v.symB && v.spec == Spec::None &&
                     v.symA->kind == Symbol::Kind::Label) {
            // A label of another section: the linker's R_AMDGPU_REL16, the field what llvm's
            // backend leaves there ((0 - 4) / 4).
            write(-1);
            relocate(si, f, v);
          } else if (objOut() && ok && v.symA) {
            errorAt(f, f.col, fmt::format("undefined label '{}'", v.nameA));
          }
          continue;
        }
        if (!objOut()) continue;
        if (ok && v.absolute()) {
          write(v.constant);
          continue;
        }
        if (ok && f.kind == obj::FixupKind::PCRel4 && v.spec == Spec::None && !v.symB &&
            v.symA->kind == Symbol::Kind::Label && v.symA->section == si) {
          write(v.symA->value + v.constant - static_cast<int64_t>(f.offset));
          continue;
        }
        // A difference whose subtrahend is a label of the fixup's own section is pc-relative
        // (llvm's ELF writer): the code entry offset of a kernel descriptor, NAME@rel64 - NAME.kd.
        if (ok && v.symA && v.symB && v.symB->kind == Symbol::Kind::Label &&
            v.symB->section == si) {
          v.constant += static_cast<int64_t>(f.offset) - v.symB->value;
          v.symB = nullptr;
        }
        if (!ok || v.symB || !v.symA) {
          errorAt(f, f.col, "expected relocatable expression");
          continue;
        }
        if ((f.kind == obj::FixupKind::Data1 || f.kind == obj::FixupKind::Data2) &&
            v.spec == Spec::None && v.symA->kind == Symbol::Kind::Undefined &&
            v.nameA != "SCRATCH_RSRC_DWORD0" && v.nameA != "SCRATCH_RSRC_DWORD1") {
          errorAt(f, f.col, fmt::format("undefined label '{}'", v.nameA));
          continue;
        }
        relocate(si, f, v);
      }
    }
  }

  // `.amd_amdgpu_pal_metadata REG, VALUE, ...`: llvm's loop, each value an Integer or
  // Identifier token starting an absolute expression, kept in 32 bits; what follows the last
  // pair is read as a new statement.
  void legacyPalMetadata(Cursor &c) {
    constexpr std::string_view kName = ".amd_amdgpu_pal_metadata";
    auto value = [&](uint32_t &out) {
      const Token &t = c.peek();
      const uint32_t at = t.col;
      if (t.kind == Tok::Integer || t.kind == Tok::Identifier) {
        ExprResult e = parseExpr(c, syms_, /*relocatable=*/true); // (then llvm evaluates it)
        if (e.kind == ExprResult::Kind::Absolute) {
          out = static_cast<uint32_t>(e.value);
          return true;
        }
        if (e.ok())
          error(at, "expected absolute expression");
        else
          error(e.errCol, e.error);
      }
      error(c.peek().col, fmt::format("invalid value in {}", kName));
      return false;
    };
    for (;;) {
      uint32_t reg, val;
      if (!value(reg)) return;
      if (!c.accept(Tok::Comma)) {
        error(c.peek().col, fmt::format("expected an even number of values in {}", kName));
        return;
      }
      if (!value(val)) return;
      pal_.setLegacyRegister(reg, val);
      if (!c.accept(Tok::Comma)) break;
    }
    if (asmOut() && endsWithPlainNewline(c.peek(), curLine_)) out_ += '\n';
    restPending_ = true;
  }

  // What llvm's AMDGPU target streamer does with the PAL metadata when the file ends.
  void finishPalMetadata() {
    // (llvm's parser finishes its streamer only after a file without errors)
    if (pal_.format() == object::PalMetadata::Format::None || result_.errorCount) return;
    if (asmOut()) out_ += pal_.printAsm();
    std::vector<uint8_t> descriptor = pal_.noteDescriptor();
    if (objOut() && !descriptor.empty()) emitNote(pal_.noteName(), pal_.noteType(), descriptor);
  }

  void finish() {
    // (llvm reads an unterminated metadata block to the end of the input, and says so there)
    if (inMetadata_) errorAtEnd(fmt::format("expected directive {} not found", metadataEnd_));
    finishPalMetadata();
    writeUnwrittenBytes();
    sections_[cur_].data.swap(code_);
    mergeSubsections();
    if (subPrefixesChanged_ && !result_.errorCount) return; // assembled again
    if (identSection_ != ~0u) {
      obj::Section &comment = sections_[identSection_];
      comment.data.insert(comment.data.end(), ident_.begin(), ident_.end());
    }
    // (llvm's parser checks the file numbers, then its streamer the frames)
    for (size_t i = 1; i < dwarf_.files.size(); ++i)
      if (dwarf_.files[i].name.empty())
        errorAtEnd(fmt::format("unassigned file number: {} for .file directives", i));
    for (const auto &[name, where] : forwardLocalRefs_) {
      const Symbol *s = syms_.find(name);
      if (!s || s->kind == Symbol::Kind::Undefined)
        errorAt(where, where.col, "directional label undefined");
    }
    parseFailed_ = result_.errorCount > streamerErrors_;
    if (dwarf_.inFrame() && !parseFailed_) errorAtEnd("Unfinished frame!");
    if (!pendingLebs_.empty() && !result_.errorCount) {
      relaxLebs();
      if (lebSizesChanged_) return; // assembled again
    }
    if (objOut() && !parseFailed_) finalizeCgProfile();
    std::vector<GeneratedReloc> dwarfRelocs;
    if (objOut()) writeDwarfSections(dwarfRelocs);
    // (llvm lays the sections out twice, and reports these each time; once when LEB values
    // take part in the layout)
    for (int pass = pendingLebs_.empty() ? 2 : 1; pass > 0; --pass)
      for (const auto &[where, message] : layoutErrors_) errorAt(where, where.col, message);
    std::vector<std::vector<obj::Relocation>> relocations;
    resolveFixups(relocations);
    for (const GeneratedReloc &r : dwarfRelocs) {
      if (r.symbol.empty()) {
        relocations[r.section].push_back(
            {r.offset, r.type, nullptr, {}, static_cast<int32_t>(r.targetSection), r.addend});
        continue;
      }
      // (a personality routine or LSDA: a local label through its section's symbol; 2 bytes of
      // an undefined one are llvm's error without location, as for .short)
      Symbol &s = syms_.get(r.symbol);
      if (s.kind == Symbol::Kind::Label && s.binding != Symbol::Binding::Global &&
          s.binding != Symbol::Binding::Weak) {
        relocations[r.section].push_back(
            {r.offset, r.type, nullptr, {}, static_cast<int32_t>(s.section), r.addend + s.value});
        continue;
      }
      if (r.type == 14 && s.kind == Symbol::Kind::Undefined) { // R_AMDGPU_REL16
        errorWithoutLocation(fmt::format("undefined label '{}'", r.symbol));
        continue;
      }
      s.usedInReloc = true;
      relocations[r.section].push_back({r.offset, r.type, &s, r.symbol, -1, r.addend});
    }
    if (objOut()) resolveRelocDirectives(relocations);
    if (objOut()) checkVariablesForObject();
    for (const CgReloc &r : cgRelocs_)
      relocations[cgSection_].push_back({r.offset, 0, r.symbol, {}, r.sectionSymbol, 0});
    std::vector<obj::SymbolRename> renames;
    if (objOut()) bindSymbolVersions(renames);
    // The library's code bytes: the .text section's.
    if (opts_.keepCode || asmOut()) result_.code = sections_[0].data;
    if (!objOut() || result_.errorCount) return;
    for (obj::Section &sec : sections_)
      if (sec.nobits()) {
        sec.nobitsSize = sec.data.size();
        sec.data.clear();
      }
    obj::ObjectFileInfo info = objectFileInfo();
    info.addrsig = addrsig_;
    info.gnuAbi = gnuAbi_;
    info.unnamedTemporaries = dotSymbols_;
    info.renames = std::move(renames);
    info.addrsigSymbols.assign(addrsigSymbols_.begin(), addrsigSymbols_.end());
    result_.object = obj::writeElfObject(info, sections_, relocations, syms_, targetInfo_);
  }

  // The sections llvm generates at the end from the debug directives: call frame information
  // (.eh_frame, then .debug_frame), then the line table (.debug_line, .debug_line_str).
  struct GeneratedReloc : obj::DwarfReloc {
    uint32_t section;
  };
  // Labels a generated section's writer placed (name, offset); one already defined (a label, a
  // .cfi_label of both .eh_frame and .debug_frame) is llvm's error at its directive.
  void defineGeneratedLabels(const std::vector<std::pair<std::string, uint64_t>> &labels,
                             uint32_t section, bool line) {
    std::unordered_map<std::string_view, size_t> seen;
    for (const auto &[name, offset] : labels) {
      Symbol &s = syms_.get(syms_.intern(name));
      const size_t n = seen[name]++;
      if (s.kind != Symbol::Kind::Undefined) {
        auto &where = generatedLabels_[line];
        auto it = where.find(name);
        if (it != where.end() && n < it->second.size()) {
          const obj::Fixup &f = it->second[n];
          errorAt(f, f.col, fmt::format("symbol '{}' is already defined", name));
        }
        continue;
      }
      s.kind = Symbol::Kind::Label;
      s.section = section;
      s.value = static_cast<int64_t>(offset);
      registerSymbol(s);
    }
  }
  void writeDwarfSections(std::vector<GeneratedReloc> &out) {
    auto generate = [&](const SectionSpec &spec, auto write) {
      uint32_t index = findOrCreateSection(spec);
      std::vector<obj::DwarfReloc> relocs;
      write(index, sections_[index].data, relocs);
      for (const obj::DwarfReloc &r : relocs) out.push_back({r, index});
      return index;
    };
    if (!dwarf_.frames.empty()) {
      for (bool eh : {true, false}) {
        if (!(eh ? dwarf_.emitEhFrame : dwarf_.emitDebugFrame)) continue;
        SectionSpec spec = eh ? SectionSpec{".eh_frame", 1, 0x2, 0, "a", "@progbits", {}, false}
                              : SectionSpec{".debug_frame", 1, 0, 0, "", "@progbits", {}, false};
        generate(spec, [&](uint32_t self, std::vector<uint8_t> &data, auto &relocs) {
          std::vector<std::pair<std::string, uint64_t>> labels;
          obj::writeFrames(dwarf_, eh, self, data, relocs, &labels);
          defineGeneratedLabels(labels, self, false); // (.cfi_label)
          sections_[self].align = std::max<uint64_t>(sections_[self].align, 8);
        });
      }
    }
    if (!dwarf_.lineTableUsed) return;
    const uint32_t line = findOrCreateSection({".debug_line", 1, 0, 0, "", "@progbits", {}, false});
    uint32_t lineStr = 0;
    if (dwarf_.version >= 5)
      lineStr = findOrCreateSection({".debug_line_str", 1, 0x30, 1, "MS", "@progbits", {}, false});
    // (after finish() put the current section's bytes back: every section is in sections_)
    std::vector<uint8_t> lineData = std::move(sections_[line].data), strData;
    if (dwarf_.version >= 5) strData = std::move(sections_[lineStr].data);
    std::vector<obj::DwarfReloc> relocs;
    std::vector<uint64_t> sizes;
    for (const obj::Section &sec : sections_) sizes.push_back(sec.size());
    std::vector<std::pair<std::string, uint64_t>> labels;
    obj::writeLineTable(dwarf_, sizes, lineData, relocs, strData, lineStr, &labels);
    defineGeneratedLabels(labels, line, true); // (.loc_label)
    sections_[line].data = std::move(lineData);
    if (dwarf_.version >= 5) sections_[lineStr].data = std::move(strData);
    for (const obj::DwarfReloc &r : relocs) out.push_back({r, line});
  }

  obj::ObjectFileInfo objectFileInfo() const {
    obj::ObjectFileInfo info;
    const std::string &triple = opts_.triple;
    if (triple.find("amdhsa") != std::string::npos) {
      info.osAbi = 64; // ELFOSABI_AMDGPU_HSA
      info.abiVersion = static_cast<uint8_t>(codeObjectVersion_ - 2);
    } else if (triple.find("amdpal") != std::string::npos) {
      info.osAbi = 65; // ELFOSABI_AMDGPU_PAL
    } else if (triple.find("mesa3d") != std::string::npos) {
      info.osAbi = 66; // ELFOSABI_AMDGPU_MESA3D
    }
    // (llvm writes the code object v3 flags for the other OSes)
    info.flags = target_.elfFlags(info.osAbi == 64 ? codeObjectVersion_ : 3);
    info.rela = info.osAbi == 64;
    return info;
  }
  unsigned codeObjectVersion_;
  Symbol *nextFreeVgpr_ = nullptr, *nextFreeSgpr_ = nullptr; // (HSA only)
  std::string targetIdText_;
};

} // namespace

namespace {

// Assembles `source`, again while deferred .uleb128/.sleb128 sizes change (Assembler::emitLeb;
// sizes only grow, to 10 bytes at most, so it ends; llvm's relaxation also stops after a bound).
AssembleResult assembleRelaxed(const Target &target, std::string_view source,
                               const AssembleOptions &options, as::StatementObserver *observer) {
  std::vector<uint8_t> lebSizes;
  std::vector<uint64_t> subsectionPrefixes;
  for (unsigned pass = 0;; ++pass) {
    Assembler a(target, options, observer, std::move(lebSizes));
    a.setSubsectionPrefixes(std::move(subsectionPrefixes));
    AssembleResult r = a.run(source);
    if (pass == 64 || !a.relaxAgain(lebSizes, subsectionPrefixes)) return r;
  }
}

} // namespace

AssembleResult assemble(const Target &target, std::string_view source,
                        const AssembleOptions &options) {
  return assembleRelaxed(target, source, options, nullptr);
}

AssembleResult as::assembleObserved(const Target &target, std::string_view source,
                                    const AssembleOptions &options,
                                    as::StatementObserver &observer) {
  return assembleRelaxed(target, source, options, &observer);
}

} // namespace gfxasm
