// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Building the program model: assembly through the assembler's statement stream, objects through
// the ELF reader and the decoder; functions split at function symbols, blocks at labels and
// branches.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <unordered_map>

#include "analysis/dataflow.h"
#include "analysis/program.h"
#include "asm/statement_observer.h"
#include "decode/decoder.h"
#include "isa/arch_traits.h"
#include "object/elf_reader.h"
#include "print/printer.h"

namespace gfxasm::analysis {

bool Program::gfx11() const {
  return arch && arch->name.starts_with("gfx11");
}

const isa::Processor *Program::processor() const {
  return target ? isa::findProcessor(target->cpuName()) : nullptr;
}

bool Program::has(isa::ProcessorFeature feature) const {
  const isa::Processor *p = processor();
  return p && p->has(feature);
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// The statement stream, collected in order: instructions of executable sections, labels and the
// function symbols (.type X,@function).
class Collector final : public as::StatementObserver {
public:
  Collector(const Target &target, Program &p) : target_(target), p_(p) {
    sectionFlags_.push_back(0x6); // .text
  }

  struct Item {
    bool isLabel;
    uint32_t section;
    std::string label;
    Instruction ins;
  };
  std::vector<Item> items;
  std::vector<std::string> functionSymbols;

  void instruction(const isa::Inst &inst, const as::StatementSource &at, uint32_t col0,
                   uint32_t section, uint64_t offset, unsigned sizeBytes) override {
    Item it{false, section, {}, {}};
    Instruction &ins = it.ins;
    ins.inst = inst;
    if (inst.labelOperand >= 0) ins.targetLabel = std::string(inst.labelSymbol);
    ins.inst.labelSymbol = {};
    ins.offset = offset;
    ins.size = static_cast<uint8_t>(sizeBytes);
    ins.loc = locate(at, col0);
    classify(target_, ins);
    // llvm's WAVE_BARRIER pseudo leaves only a comment line ("; wave barrier") before the next
    // instruction; it is a barrier for the memory model.
    if (ins.loc.inMainFile && ins.loc.sourceOffset > 0) {
      std::string_view before = std::string_view(p_.source).substr(0, ins.loc.sourceOffset - 1);
      std::string_view prev = before.substr(before.rfind('\n') + 1);
      if (trim(prev) == "; wave barrier") ins.traits |= T_Barrier;
    }
    items.push_back(std::move(it));
  }
  void label(std::string_view name, const as::StatementSource &, uint32_t, uint32_t section,
             uint64_t) override {
    items.push_back({true, section, std::string(name), {}});
  }
  void directive(std::string_view name, std::string_view rest, const as::StatementSource &,
                 uint32_t) override {
    if (name != ".type") return;
    size_t comma = rest.find(',');
    if (comma == std::string_view::npos) return;
    std::string_view kind = trim(rest.substr(comma + 1));
    if (kind == "@function" || kind == "%function" || kind == "STT_FUNC")
      functionSymbols.emplace_back(trim(rest.substr(0, comma)));
  }
  void section(uint32_t index, std::string_view, uint64_t flags) override {
    if (sectionFlags_.size() <= index) sectionFlags_.resize(index + 1, 0);
    sectionFlags_[index] = flags;
  }
  bool executable(uint32_t section) const {
    return section < sectionFlags_.size() && (sectionFlags_[section] & 0x4);
  }

private:
  SourceLoc locate(const as::StatementSource &at, uint32_t col0) {
    SourceLoc loc;
    loc.line = at.lineNumber;
    loc.column = col0 + 1;
    const char *base = p_.source.data();
    if (at.line.data() >= base && at.line.data() + at.line.size() <= base + p_.source.size()) {
      loc.inMainFile = true;
      loc.sourceOffset = static_cast<size_t>(at.line.data() - base);
      loc.lineText = at.line;
    } else {
      // (a macro expansion's or included file's line: keep a copy)
      auto it = copies_.find(at.line);
      if (it == copies_.end()) {
        p_.buffers.push_back(std::make_unique<std::string>(at.line));
        it = copies_.emplace(*p_.buffers.back(), p_.buffers.back().get()).first;
      }
      loc.lineText = *it->second;
    }
    return loc;
  }

  const Target &target_;
  Program &p_;
  std::vector<uint64_t> sectionFlags_;
  std::unordered_map<std::string_view, std::string *> copies_;
};

void numberInstructions(Program &p) {
  uint32_t id = 0;
  for (Function &f : p.functions)
    for (Instruction &ins : f.insts) ins.id = id++;
  p.numInstructions = id;
}

} // namespace

std::vector<uint32_t> reversePostOrder(const Function &f) {
  const size_t n = f.blocks.size();
  std::vector<uint32_t> post;
  std::vector<char> seen(n, 0);
  if (n == 0) return post;
  // Iterative DFS.
  std::vector<std::pair<uint32_t, size_t>> stack{{0, 0}};
  seen[0] = 1;
  while (!stack.empty()) {
    auto &[b, next] = stack.back();
    if (next < f.blocks[b].succs.size()) {
      uint32_t s = f.blocks[b].succs[next++];
      if (!seen[s]) {
        seen[s] = 1;
        stack.push_back({s, 0});
      }
    } else {
      post.push_back(b);
      stack.pop_back();
    }
  }
  std::reverse(post.begin(), post.end());
  for (uint32_t b = 0; b < n; ++b)
    if (!seen[b]) post.push_back(b);
  return post;
}

void buildCfg(Function &f) {
  const uint32_t n = static_cast<uint32_t>(f.insts.size());
  // Resolve branch targets: labels (assembly) or offsets (objects).
  std::unordered_map<std::string_view, uint32_t> labelAt;
  for (auto &[name, at] : f.labels) labelAt.emplace(name, at);
  std::unordered_map<uint64_t, uint32_t> offsetAt;
  for (uint32_t i = 0; i < n; ++i) offsetAt.emplace(f.insts[i].offset, i);
  std::vector<char> starts(n + 1, 0);
  if (n) starts[0] = 1;
  for (auto &[name, at] : f.labels) starts[at] = 1;
  for (uint32_t i = 0; i < n; ++i) {
    Instruction &ins = f.insts[i];
    if (ins.has(T_Jump | T_CondBranch)) {
      if (!ins.targetLabel.empty()) {
        auto it = labelAt.find(ins.targetLabel);
        if (it != labelAt.end() && it->second < n) ins.target = static_cast<int32_t>(it->second);
      } else if (ins.targetOffset >= 0) {
        auto it = offsetAt.find(static_cast<uint64_t>(ins.targetOffset));
        if (it != offsetAt.end()) ins.target = static_cast<int32_t>(it->second);
      }
      if (ins.target >= 0) starts[ins.target] = 1;
    }
    if (ins.endsBlock()) starts[i + 1] = 1;
  }
  f.blocks.clear();
  f.blockOf.assign(n, 0);
  for (uint32_t i = 0; i < n; ++i) {
    if (starts[i]) {
      BasicBlock b;
      b.index = static_cast<uint32_t>(f.blocks.size());
      b.begin = i;
      f.blocks.push_back(b);
    }
    f.blocks.back().end = i + 1;
    f.blockOf[i] = f.blocks.back().index;
  }
  for (auto &[name, at] : f.labels)
    if (at < n && f.blocks[f.blockOf[at]].begin == at && f.blocks[f.blockOf[at]].label.empty())
      f.blocks[f.blockOf[at]].label = name;
  auto link = [&](uint32_t from, uint32_t to) {
    auto &s = f.blocks[from].succs;
    if (std::find(s.begin(), s.end(), to) == s.end()) {
      s.push_back(to);
      f.blocks[to].preds.push_back(from);
    }
  };
  for (BasicBlock &b : f.blocks) {
    const Instruction &last = f.insts[b.end - 1];
    if (last.target >= 0) link(b.index, f.blockOf[last.target]);
    if (last.fallsThrough() && b.end < n) link(b.index, f.blockOf[b.end]);
  }
}

std::unique_ptr<Program> loadAssembly(const Target &target, std::string_view source,
                                      std::string_view fileName,
                                      const std::vector<std::string> &includeDirs,
                                      size_t maxExpansionBytes, size_t maxSectionBytes) {
  auto p = std::make_unique<Program>();
  p->target = &target;
  p->arch = static_cast<const isa::ArchTables *>(target.arch());
  p->fileName = std::string(fileName);
  p->source = std::string(source);
  Collector c(target, *p);
  AssembleOptions opts;
  opts.fileName = p->fileName;
  opts.output = OutputKind::Null;
  opts.keepCode = false;
  opts.includeDirs = includeDirs;
  opts.maxExpansionBytes = maxExpansionBytes;
  opts.maxSectionBytes = maxSectionBytes;
  AssembleResult r = as::assembleObserved(target, p->source, opts, c);
  p->diagnostics = std::move(r.diagnostics);
  p->errorCount = r.errorCount;

  // Kernels: the names of .amdhsa_kernel blocks (the assembler reads those itself).
  // Their LDS: a literal .amdhsa_group_segment_fixed_size inside the block (an expression is
  // left unknown).
  std::vector<std::string> kernels;
  std::map<std::string, uint64_t> kernelLds;
  for (size_t at = p->source.find(".amdhsa_kernel "); at != std::string::npos;
       at = p->source.find(".amdhsa_kernel ", at + 1)) {
    size_t b = at + 15, e = b;
    while (e < p->source.size() && !std::isspace(static_cast<unsigned char>(p->source[e]))) ++e;
    kernels.emplace_back(p->source.substr(b, e - b));
    constexpr std::string_view kLds = ".amdhsa_group_segment_fixed_size";
    size_t end = p->source.find(".end_amdhsa_kernel", e);
    size_t lds = p->source.find(kLds, e);
    if (lds == std::string::npos || lds > end) continue;
    const char *v = p->source.c_str() + lds + kLds.size();
    char *stop = nullptr;
    unsigned long long bytes = std::strtoull(v, &stop, 0);
    while (*stop == ' ' || *stop == '\t') ++stop;
    if (stop != v && (*stop == '\n' || *stop == '\r' || *stop == ';' || *stop == '\0'))
      kernelLds[kernels.back()] = bytes;
  }
  std::sort(c.functionSymbols.begin(), c.functionSymbols.end());
  auto isFunction = [&](const std::string &name) {
    return std::binary_search(c.functionSymbols.begin(), c.functionSymbols.end(), name);
  };
  // Split per executable section: a function starts at a function symbol's label, or at the
  // first instruction of a section outside any function.
  std::map<uint32_t, size_t> open; // section -> index of the function being filled
  std::map<uint32_t, std::vector<std::string>> sectionLabels;
  auto isKernel = [&](const std::string &name) {
    return std::find(kernels.begin(), kernels.end(), name) != kernels.end();
  };
  for (Collector::Item &it : c.items) {
    if (!c.executable(it.section)) continue;
    auto &ls = sectionLabels[it.section];
    if (it.isLabel) {
      if (isFunction(it.label)) {
        p->functions.emplace_back();
        p->functions.back().name = it.label;
        p->functions.back().kernel = isKernel(it.label);
        if (auto lds = kernelLds.find(it.label); lds != kernelLds.end())
          p->functions.back().ldsBytes = lds->second;
        open[it.section] = p->functions.size() - 1;
        ls.clear();
      } else {
        ls.push_back(it.label);
      }
      continue;
    }
    auto o = open.find(it.section);
    if (o == open.end()) {
      p->functions.emplace_back();
      p->functions.back().name = ls.empty() ? "<code>" : ls.front();
      // (code outside any function symbol: an entry point, as a kernel is)
      p->functions.back().kernel = true;
      o = open.emplace(it.section, p->functions.size() - 1).first;
    }
    Function &f = p->functions[o->second];
    for (std::string &l : ls)
      f.labels.emplace_back(std::move(l), static_cast<uint32_t>(f.insts.size()));
    ls.clear();
    f.insts.push_back(std::move(it.ins));
  }
  // Drop functions without instructions (a symbol whose code is elsewhere).
  std::erase_if(p->functions, [](const Function &f) { return f.insts.empty(); });
  for (Function &f : p->functions) buildCfg(f);
  numberInstructions(*p);
  return p;
}

namespace {

// `.p2align` in code pads with s_nop 0, which the text analysis never sees: the s_nops where
// control cannot arrive (after an instruction that does not fall through, up to the next branch
// target) are padding, not part of the program.
void dropAlignmentPadding(Function &f) {
  std::vector<int64_t> targets;
  for (const Instruction &ins : f.insts)
    if (ins.targetOffset >= 0) targets.push_back(ins.targetOffset);
  std::sort(targets.begin(), targets.end());
  bool unreachable = false;
  std::erase_if(f.insts, [&](const Instruction &ins) {
    bool target =
        std::binary_search(targets.begin(), targets.end(), static_cast<int64_t>(ins.offset));
    if (unreachable && !target && ins.has(T_Nop)) return true;
    unreachable = !ins.fallsThrough();
    return false;
  });
}

} // namespace

std::unique_ptr<Program> loadObject(const Target &target, std::span<const uint8_t> bytes,
                                    std::string_view fileName, std::string *error) {
  auto elf = object::ElfFile::parse(bytes, error);
  if (!elf) return nullptr;
  auto p = std::make_unique<Program>();
  p->target = &target;
  p->arch = static_cast<const isa::ArchTables *>(target.arch());
  p->fileName = std::string(fileName);
  std::string problem;
  auto syms = elf->symbols(2 /*SHT_SYMTAB*/, &problem);
  if (!syms || syms->size() <= 1) syms = elf->symbols(11 /*SHT_DYNSYM*/, &problem);
  if (!syms) {
    *error = problem;
    return nullptr;
  }
  std::vector<std::string> kernels;
  for (const object::ElfSymbol &s : *syms)
    if (s.name.ends_with(".kd")) kernels.emplace_back(s.name.substr(0, s.name.size() - 3));
  dec::Decoder decoder(target);
  for (const object::ElfSymbol &s : *syms) {
    if (s.type != 2 /*STT_FUNC*/ || s.section == 0 || s.section >= elf->sections().size()) continue;
    const object::ElfSection &sec = elf->sections()[s.section];
    if (!(sec.flags & 0x4)) continue;
    auto data = elf->contents(sec, error);
    if (!data) return nullptr;
    uint64_t start = s.value - (elf->fileType() == 1 ? 0 : sec.addr);
    uint64_t size = s.size ? s.size : (data->size() > start ? data->size() - start : 0);
    if (start > data->size() || size > data->size() - start) {
      *error = "symbol " + std::string(s.name) + " lies outside its section";
      return nullptr;
    }
    Function f;
    f.name = std::string(s.name);
    f.kernel = std::find(kernels.begin(), kernels.end(), f.name) != kernels.end();
    // The decoder reads up to 16 bytes past an instruction: decode from a padded copy.
    std::vector<uint8_t> code(data->begin() + static_cast<std::ptrdiff_t>(start),
                              data->begin() + static_cast<std::ptrdiff_t>(start + size));
    code.resize(code.size() + 32, 0);
    for (size_t at = 0; at < size;) {
      Instruction ins;
      size_t n = decoder.decode(code.data() + at, size - at, ins.inst);
      if (n == 0) break; // data or padding after the code
      ins.offset = sec.addr * (elf->fileType() != 1) + start + at;
      // (no source line: the instruction's text, as the disassembler prints it, stands for it)
      auto text = std::make_unique<std::string>("\t");
      print::printInst(ins.inst, target, *text);
      ins.loc.lineText = *text;
      p->buffers.push_back(std::move(text));
      ins.size = static_cast<uint8_t>(n);
      classify(target, ins);
      if (ins.inst.labelOperand >= 0 || ins.has(T_Jump | T_CondBranch)) {
        auto ops = p->arch->operandsOf(*ins.inst.desc);
        for (size_t i = 0; i < ops.size(); ++i)
          if (ops[i].cls == isa::OpClass::label) {
            int16_t rel = static_cast<int16_t>(ins.inst.ops[i].value & 0xffff);
            ins.targetOffset = static_cast<int64_t>(ins.offset) + 4 + 4 * int64_t{rel};
          }
      }
      f.insts.push_back(std::move(ins));
      at += n;
      if (f.insts.back().has(T_EndProgram) && s.size == 0) break;
    }
    if (f.insts.empty()) continue;
    dropAlignmentPadding(f);
    buildCfg(f);
    p->functions.push_back(std::move(f));
  }
  numberInstructions(*p);
  return p;
}

std::string writeFixed(const Program &program, const std::vector<Edit> &edits) {
  // Per main-file line start: what happens to the line (in edit order).
  struct LineEdit {
    std::vector<std::string> before;
    bool remove = false;
    std::string replace;
    bool replaced = false;
  };
  std::map<size_t, LineEdit> at;
  std::map<size_t, std::string_view> indent;
  for (const Edit &e : edits) {
    const Instruction &ins = program.functions[e.function].insts[e.instruction];
    if (!ins.loc.inMainFile) continue;
    LineEdit &le = at[ins.loc.sourceOffset];
    std::string_view line = ins.loc.lineText;
    size_t ws = line.find_first_not_of(" \t");
    indent[ins.loc.sourceOffset] = line.substr(0, ws == std::string_view::npos ? 0 : ws);
    switch (e.kind) {
    case Edit::Kind::InsertBefore: le.before.push_back(e.text); break;
    case Edit::Kind::Remove: le.remove = true; break;
    case Edit::Kind::Replace:
      le.replace = e.text;
      le.replaced = true;
      break;
    }
  }
  const std::string &src = program.source;
  std::string out;
  out.reserve(src.size() + edits.size() * 32);
  size_t pos = 0;
  for (auto &[offset, le] : at) {
    out.append(src, pos, offset - pos);
    size_t eol = src.find('\n', offset);
    size_t lineEnd = eol == std::string::npos ? src.size() : eol + 1;
    std::string_view ind = indent[offset];
    if (ind.empty()) ind = "\t";
    for (const std::string &t : le.before) {
      out.append(ind);
      out += t;
      out += '\n';
    }
    if (le.replaced) {
      out.append(ind);
      out += le.replace;
      out += '\n';
    } else if (!le.remove) {
      out.append(src, offset, lineEnd - offset);
    }
    pos = lineEnd;
  }
  out.append(src, pos, std::string::npos);
  return out;
}

} // namespace gfxasm::analysis
