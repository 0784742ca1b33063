// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Build-time tool: turns an ISA data file (isa/<arch>.isa) into constant C++ tables.
//
//   isa_tablegen <output.inc> <c++ identifier> <input.isa>...
//
// The inputs are read in order as one file (isa/<arch>/arch.isa first, then one file per family).
// Data file lines (# starts a comment):
//   arch NAME
//   cpus CPU...                        order gives the cpu bit of each CPU
//   format NAME BYTES [HI:LO=VALUE]... FIELD=HI:LO[,HI:LO][?]...
//                                      ? : the decoder ignores the field in instructions without
//                                      an operand there (else it must be zero)
//                                      HI:LO~VALUE: fixed bits the decoder does not look at
//   inst FORMAT NAME OPCODE [FIELD:CLASS[:TYPE][?]]... [@unit=U] [@cpus=A,B] [@flags=F|G]
//                                      [@vaddr=1-4,8] (MIMG: the address sizes, in dwords)
//   alias OLD NEW                      mnemonic OLD is accepted as NEW (printed as NEW)
// Unknown names are errors, so a typo in the data fails the build instead of the assembler.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

const char *const kFields[] = {
#define FIELD(n) #n,
#include "isa/fields.def"
#undef FIELD
};
const char *const kClasses[] = {
#define CLASS(n, positional, family) #n,
#include "isa/classes.def"
#undef CLASS
};
const char *const kTypes[] = {
#define TYPE(n, bits, kind) #n,
#include "isa/types.def"
#undef TYPE
};
const char *const kUnits[] = {"none", "salu", "valu",   "trans",   "smem", "vmem",
                              "ds",   "exp",  "branch", "message", "wait"};
const char *const kUnitEnums[] = {"None", "SALU", "VALU",   "TRANS",   "SMEM", "VMEM",
                                  "DS",   "EXP",  "Branch", "Message", "Wait"};
// Each @flags name and its InstrFlags enumerator (src/isa/isa.h).
const char *const kFlags[] = {"true16",
                              "fake16",
                              "wave32",
                              "wave64",
                              "also_true16",
                              "disasm_only",
                              "hidden_mods",
                              "dpp_ctrl_source",
                              "dpp_src1_raw",
                              "lds_src0",
                              "src1_kind_swapped",
                              "no_lit_src0",
                              "dot_opsel_fixed",
                              "odd_tuples",
                              "split_data",
                              "unaligned_vaddr",
                              "e32_suffix",
                              "also_fake16",
                              "asm_only"};
const char *const kFlagEnums[] = {
    "True16",          "Fake16",     "Wave32",        "Wave64",     "AlsoTrue16",
    "DisasmOnly",      "HiddenMods", "DppCtrlSource", "DppSrc1Raw", "LdsSrc0",
    "Src1KindSwapped", "NoLitSrc0",  "DotOpselFixed", "OddTuples",  "SplitData",
    "UnalignedVaddr",  "E32Suffix",  "AlsoFake16",    "AsmOnly"};
static_assert(std::size(kFlags) == std::size(kFlagEnums));

std::string gFile;
int gLine = 0;

[[noreturn]] void fail(const std::string &msg) {
  std::cerr << gFile << ":" << gLine << ": error: " << msg << "\n";
  std::exit(1);
}

template <size_t N>
int indexOf(const char *const (&names)[N], const std::string &s, const char *what) {
  for (size_t i = 0; i < N; ++i)
    if (s == names[i]) return static_cast<int>(i);
  fail(std::string("unknown ") + what + " '" + s + "'");
}

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

unsigned long parseNum(const std::string &s) {
  char *end = nullptr;
  unsigned long v = std::strtoul(s.c_str(), &end, 0);
  if (s.empty() || *end) fail("bad number '" + s + "'");
  return v;
}

struct Range {
  unsigned lo, width;
};
Range parseRange(const std::string &s) {
  auto parts = split(s, ':');
  if (parts.size() != 2) fail("bad bit range '" + s + "'");
  unsigned hi = parseNum(parts[0]), lo = parseNum(parts[1]);
  if (hi < lo || hi >= 128 || hi - lo >= 63) fail("bad bit range '" + s + "' (at most 63 bits)");
  return {lo, hi - lo + 1};
}

struct Format {
  std::string name;
  unsigned bytes;
  struct Fixed {
    Range range;
    unsigned long value;
    bool decodeIgnored;
  };
  std::vector<Fixed> fixed;
  std::map<int, std::vector<Range>> fields;
  std::set<int> ignoredUnused;
};
struct Operand {
  int field, cls, type, flags;
};
struct Inst {
  std::string name;
  int format;
  unsigned long opcode;
  std::vector<Operand> ops;
  int unit = 0;
  unsigned long cpuMask = ~0ul;
  std::vector<std::string> flags;
  unsigned addressSizes = 0;
  int order; // position in the file: ties keep the data's preference order
};

struct Alias {
  std::string name, target;
  std::string file;
  int line;
  bool operator<(const Alias &o) const { return name < o.name; }
};

} // namespace

int main(int argc, char **argv) {
  if (argc < 4) {
    std::cerr << "usage: isa_tablegen <output.inc> <identifier> <input.isa>...\n";
    return 2;
  }
  std::string arch;
  std::vector<std::string> cpus;
  std::vector<Format> formats;
  std::map<std::string, int> formatIndex;
  std::vector<Inst> insts;
  std::vector<Alias> aliases;
  for (int argi = 3; argi < argc; ++argi) {
    gFile = argv[argi];
    gLine = 0;
    std::ifstream in(argv[argi]);
    if (!in) fail("cannot open input");
    std::string line;
    while (std::getline(in, line)) {
      ++gLine;
      if (auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
      std::istringstream ls(line);
      std::vector<std::string> w;
      for (std::string t; ls >> t;) w.push_back(t);
      if (w.empty()) continue;
      if (w[0] == "arch") {
        if (w.size() != 2) fail("arch takes one name");
        arch = w[1];
      } else if (w[0] == "cpus") {
        cpus.assign(w.begin() + 1, w.end());
        if (cpus.size() > 32) fail("at most 32 cpus per arch");
      } else if (w[0] == "format") {
        if (w.size() < 3) fail("format NAME BYTES ...");
        Format f;
        f.name = w[1];
        f.bytes = parseNum(w[2]);
        if (f.bytes == 0 || f.bytes > 16 || f.bytes % 4) fail("format size must be 4..16 bytes");
        for (size_t i = 3; i < w.size(); ++i) {
          auto eq = w[i].find_first_of("=~");
          if (eq == std::string::npos)
            fail("expected FIELD=HI:LO or HI:LO=VALUE in '" + w[i] + "'");
          std::string lhs = w[i].substr(0, eq), rhs = w[i].substr(eq + 1);
          if (std::isdigit(static_cast<unsigned char>(lhs[0]))) {
            Range r = parseRange(lhs);
            if (f.fixed.size() == 4) fail("at most 4 fixed bit ranges");
            f.fixed.push_back({r, parseNum(rhs), w[i][eq] == '~'});
          } else if (w[i][eq] == '~') {
            fail("expected FIELD=HI:LO in '" + w[i] + "'");
          } else {
            int fi = indexOf(kFields, lhs, "field");
            if (!rhs.empty() && rhs.back() == '?') {
              f.ignoredUnused.insert(fi);
              rhs.pop_back();
            }
            for (auto &part : split(rhs, ',')) f.fields[fi].push_back(parseRange(part));
            if (f.fields[fi].size() > 3) fail("at most 3 ranges per field");
          }
        }
        formatIndex[f.name] = static_cast<int>(formats.size());
        formats.push_back(std::move(f));
      } else if (w[0] == "inst") {
        if (w.size() < 4) fail("inst FORMAT NAME OPCODE ...");
        Inst ins;
        auto fit = formatIndex.find(w[1]);
        if (fit == formatIndex.end()) fail("unknown format '" + w[1] + "'");
        ins.format = fit->second;
        ins.name = w[2];
        ins.opcode = parseNum(w[3]);
        ins.order = static_cast<int>(insts.size());
        for (size_t i = 4; i < w.size(); ++i) {
          std::string t = w[i];
          if (t[0] == '@') {
            auto eq = t.find('=');
            if (eq == std::string::npos) fail("attribute needs a value: '" + t + "'");
            std::string key = t.substr(1, eq - 1), val = t.substr(eq + 1);
            if (key == "unit") {
              ins.unit = indexOf(kUnits, val, "unit");
            } else if (key == "cpus") {
              ins.cpuMask = 0;
              for (auto &c : split(val, ',')) {
                auto it = std::find(cpus.begin(), cpus.end(), c);
                if (it == cpus.end()) fail("unknown cpu '" + c + "'");
                ins.cpuMask |= 1ul << (it - cpus.begin());
              }
            } else if (key == "flags") {
              for (auto &fl : split(val, '|')) {
                indexOf(kFlags, fl, "flag");
                ins.flags.push_back(fl);
              }
            } else if (key == "vaddr") {
              for (auto &part : split(val, ',')) {
                auto ends = split(part, '-');
                unsigned lo = parseNum(ends[0]), hi = parseNum(ends.back());
                if (ends.size() > 2 || lo < 1 || hi > 16 || lo > hi)
                  fail("bad address sizes '" + val + "' (1 to 16 dwords)");
                for (unsigned n = lo; n <= hi; ++n) ins.addressSizes |= 1u << (n - 1);
              }
            } else {
              fail("unknown attribute '" + key + "'");
            }
            continue;
          }
          Operand op{};
          if (t.back() == '?') {
            op.flags |= 1;
            t.pop_back();
          }
          auto parts = split(t, ':');
          if (parts.size() < 2 || parts.size() > 3)
            fail("operand must be FIELD:CLASS[:TYPE]: '" + t + "'");
          op.field = indexOf(kFields, parts[0], "field");
          op.cls = indexOf(kClasses, parts[1], "class");
          op.type = parts.size() == 3 ? indexOf(kTypes, parts[2], "type") : 0;
          // `lit` is the literal dword after the instruction, `implicit` has no bits: no bit field.
          if (parts[0] != "lit" && parts[0] != "implicit" &&
              !formats[ins.format].fields.count(op.field))
            fail("format " + formats[ins.format].name + " has no field " + parts[0]);
          ins.ops.push_back(op);
        }
        if (ins.ops.size() > 24) fail("more than 24 operands (isa::kMaxOperands)");
        if (ins.cpuMask == ~0ul)
          ins.cpuMask = cpus.size() == 32 ? 0xfffffffful : (1ul << cpus.size()) - 1;
        insts.push_back(std::move(ins));
      } else if (w[0] == "alias") {
        if (w.size() != 3) fail("alias OLD NEW");
        aliases.push_back({w[1], w[2], gFile, gLine});
      } else {
        fail("unknown line kind '" + w[0] + "'");
      }
    }
  }
  if (arch.empty()) fail("missing arch line");
  std::sort(aliases.begin(), aliases.end());
  for (auto &a : aliases) {
    gFile = a.file;
    gLine = a.line;
    bool known =
        std::any_of(insts.begin(), insts.end(), [&](const Inst &i) { return i.name == a.target; });
    // A target may also be a name without its encoding suffix (v_add_f32 for v_add_f32_e32).
    bool base = std::any_of(insts.begin(), insts.end(),
                            [&](const Inst &i) { return i.name.rfind(a.target + "_e", 0) == 0; });
    if (!known && !base) fail("alias target '" + a.target + "' is no instruction");
  }
  std::stable_sort(insts.begin(), insts.end(), [](const Inst &a, const Inst &b) {
    return a.name != b.name ? a.name < b.name : a.order < b.order;
  });

  std::ostringstream o;
  const std::string id = argv[2];
  o << "// Generated by tools/isa_tablegen from the " << arch << " ISA data files. Do not edit.\n";
  o << "namespace gfxasm::isa::gen_" << id << " {\n";
  o << "inline constexpr std::string_view cpus[] = {";
  for (auto &c : cpus) o << "\"" << c << "\", ";
  o << "};\n";
  o << "inline constexpr FormatDesc formats[] = {\n";
  for (auto &f : formats) {
    o << "  {\"" << f.name << "\", " << f.bytes << ", " << f.fixed.size() << ", {";
    for (auto &[r, v, ignored] : f.fixed)
      o << "{{" << r.lo << ", " << r.width << "}, " << v << "u, " << (ignored ? "true" : "false")
        << "}, ";
    o << "}, {";
    for (size_t fi = 0; fi < std::size(kFields); ++fi) {
      auto it = f.fields.find(static_cast<int>(fi));
      if (it == f.fields.end()) {
        o << "{}, ";
        continue;
      }
      o << "{{";
      for (auto &r : it->second) o << "{" << r.lo << ", " << r.width << "}, ";
      o << "}, " << it->second.size() << (f.ignoredUnused.count(it->first) ? ", true" : "")
        << "}, ";
    }
    o << "}},\n";
  }
  o << "};\n";
  o << "inline constexpr OperandDesc operands[] = {\n";
  size_t total = 0;
  for (auto &ins : insts) {
    for (auto &op : ins.ops)
      o << "  {Field::" << kFields[op.field] << ", OpClass::" << kClasses[op.cls]
        << ", OpType::" << kTypes[op.type] << ", " << op.flags << "},\n";
  }
  o << "  {}};\n";
  o << "inline constexpr InstrDesc instrs[] = {\n";
  for (auto &ins : insts) {
    std::string flags = "0";
    for (auto &fl : ins.flags) {
      flags += std::string("|IF_") + kFlagEnums[indexOf(kFlags, fl, "flag")];
    }
    o << "  {\"" << ins.name << "\", " << ins.format << ", " << ins.ops.size() << ", 0x" << std::hex
      << ins.opcode << std::dec << "u, " << total << ", 0x" << std::hex << ins.cpuMask << std::dec
      << "u, " << flags << ", Unit::" << kUnitEnums[ins.unit] << ", 0x" << std::hex
      << ins.addressSizes << std::dec << "},\n";
    total += ins.ops.size();
  }
  o << "};\n";
  o << "inline constexpr MnemonicAlias aliases[] = {\n";
  for (auto &a : aliases) o << "  {\"" << a.name << "\", \"" << a.target << "\"},\n";
  o << "  {}};\n";
  o << "inline constexpr ArchTables tables{\"" << arch << "\", cpus, formats, instrs, operands, "
    << "std::span<const MnemonicAlias>(aliases, " << aliases.size() << ")};\n";
  o << "} // namespace gfxasm::isa::gen_" << id << "\n";

  // Only rewrite when changed, so dependent objects are not rebuilt needlessly.
  std::string text = o.str();
  {
    std::ifstream old(argv[1]);
    std::stringstream ss;
    ss << old.rdbuf();
    if (old && ss.str() == text) return 0;
  }
  std::ofstream out(argv[1]);
  out << text;
  return out ? 0 : 1;
}
