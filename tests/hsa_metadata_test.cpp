// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// HSA metadata (`.amdgpu_metadata` ... `.end_amdgpu_metadata`, src/object/hsa_metadata.*) against
// llvm-mc-22: the blocks clang-22 writes for tests/hsa_metadata/kernels.cl (several processors and
// code object versions) and the hand-written cases of tests/hsa_metadata/cases.yaml go through
// llvm-mc-22 -filetype=obj (the `.note` section's bytes) and -filetype=asm (the printed block);
// gfxasm's note and text must be the same, and where llvm-mc rejects a block ("invalid HSA
// metadata" right after `.end_amdgpu_metadata`) gfxasm must reject it too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <fmt/format.h>

#include "object/hsa_metadata.h"
#include "object/yaml_diagnostics.h"
#include "oracle_util.h"

namespace {

namespace fs = std::filesystem;
using gfxasm::object::HsaMetadata;
using gfxasm::object::MetadataError;
using gfxasm::test::parseDiagnostics;
using gfxasm::test::runShell;
using gfxasm::test::slurp;
using gfxasm::test::ToolRun;

struct OracleOutput {
  bool accepted = false;
  std::string asmBlock;      // from "\t.amdgpu_metadata\n" to "\t.end_amdgpu_metadata\n"
  std::vector<uint8_t> note; // the .note section
  std::string err;
};

class HsaMetadataVsLlvm : public ::testing::Test {
protected:
  static fs::path dir_;
  static int skippedByLexer;
  static int yamlMessagesCompared; // (blocks whose YAML messages were compared)

  static void SetUpTestSuite() {
    const char *tmp = std::getenv("TMPDIR");
    dir_ = fs::path(tmp && *tmp ? tmp : "/tmp") / fmt::format("gfxasm_hsa_metadata_{}", getpid());
    fs::create_directories(dir_);
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static ToolRun shell(const std::string &cmd) { return runShell(dir_.string(), cmd); }

  // The source llvm-mc assembles for a block body: the end directive indented by a tab, as
  // compilers write it.
  static std::string source(const std::string &body, int codeObjectVersion) {
    return fmt::format("\t.amdhsa_code_object_version {}\n\t.amdgpu_metadata\n{}"
                       "\t.end_amdgpu_metadata\n",
                       codeObjectVersion, body);
  }

  // The text llvm-mc hands its YAML reader for that source: the rest of the `.amdgpu_metadata`
  // line (nothing), each body line as a statement (its assembler comments removed: a line whose
  // first non-blank is `#` keeps only its indentation, `;` ends the line outside "strings") with
  // a line break, then the end directive's indentation.
  static std::string collected(const std::string &body) {
    std::string text = "\n";
    size_t start = 0;
    while (start < body.size()) {
      size_t end = body.find('\n', start);
      if (end == std::string::npos) end = body.size();
      std::string line = body.substr(start, end - start);
      size_t first = line.find_first_not_of(" \t");
      if (first != std::string::npos && line[first] == '#') {
        line.resize(first);
      } else {
        bool inString = false;
        for (size_t i = 0; i < line.size(); ++i) {
          if (line[i] == '"' && (i == 0 || line[i - 1] != '\\')) inString = !inString;
          if (line[i] == ';' && !inString) {
            line.resize(i);
            break;
          }
        }
      }
      text += line + "\n";
      start = end + 1;
    }
    return text + "\t";
  }

  static OracleOutput runLlvm(const std::string &body, int codeObjectVersion,
                              const std::string &cpu) {
    OracleOutput o;
    std::ofstream(dir_ / "input.s", std::ios::binary) << source(body, codeObjectVersion);
    std::string mc = gfxasm::test::llvmMcPath();
    std::string common = fmt::format("{} -triple=amdgcn-amd-amdhsa -mcpu={}", mc, cpu);
    ToolRun text = shell(common + " -filetype=asm input.s");
    o.err = text.err;
    o.accepted = text.status == 0 && text.err.empty();
    if (!o.accepted) return o;
    size_t begin = text.out.find("\t.amdgpu_metadata\n");
    constexpr std::string_view kEnd = "\t.end_amdgpu_metadata\n";
    size_t end = text.out.find(kEnd, begin == std::string::npos ? 0 : begin);
    if (begin != std::string::npos && end != std::string::npos)
      o.asmBlock = text.out.substr(begin, end + kEnd.size() - begin);
    ToolRun obj = shell(common + " -filetype=obj input.s -o input.o && llvm-objcopy-22 "
                                 "--dump-section .note=note.bin input.o");
    EXPECT_EQ(obj.status, 0) << obj.err;
    std::string bytes = slurp((dir_ / "note.bin").string());
    o.note.assign(bytes.begin(), bytes.end());
    fs::remove(dir_ / "note.bin");
    return o;
  }

  static std::string hex(const std::vector<uint8_t> &bytes) {
    std::string s;
    for (size_t i = 0; i < bytes.size(); ++i)
      s += fmt::format("{:02x}{}", bytes[i], i % 16 == 15 ? "\n" : " ");
    return s;
  }

  // -filetype=null reads the YAML but does not verify the document: the same verdict as
  // parseHsaMetadataYaml without verification.
  static void compareNull(const std::string &body, int codeObjectVersion, const std::string &cpu) {
    std::ofstream(dir_ / "input.s", std::ios::binary) << source(body, codeObjectVersion);
    ToolRun r = shell(fmt::format("{} -triple=amdgcn-amd-amdhsa -mcpu={} -filetype=null input.s",
                                  gfxasm::test::llvmMcPath(), cpu));
    if (r.err.find("expected directive .end_amdgpu_metadata not found") != std::string::npos)
      return;
    HsaMetadata metadata;
    MetadataError error;
    bool ok = gfxasm::object::parseHsaMetadataYaml(collected(body), metadata, error,
                                                   /*verify=*/false);
    EXPECT_EQ(ok, r.status == 0) << "-filetype=null: " << r.err << error.detail << "\n" << body;
  }

  // One block through both: same verdict, and on success the same note and text; on failure
  // llvm-mc's error is "invalid HSA metadata" just after `.end_amdgpu_metadata` (column 22).
  static void compare(const std::string &name, const std::string &body, int codeObjectVersion = 5,
                      const std::string &cpu = "gfx1100", bool alsoNull = false) {
    SCOPED_TRACE(name);
    if (alsoNull) compareNull(body, codeObjectVersion, cpu);
    OracleOutput llvm = runLlvm(body, codeObjectVersion, cpu);
    HsaMetadata metadata;
    MetadataError error;
    bool ok = gfxasm::object::parseHsaMetadataYaml(collected(body), metadata, error);
    if (!llvm.accepted) {
      auto diags = parseDiagnostics(llvm.err);
      ASSERT_FALSE(diags.empty()) << "llvm-mc-22 failed without a diagnostic: " << llvm.err;
      // llvm-mc's assembler lexer can run past the end directive (a 'quoted' string on the last
      // line): the block never reaches the YAML reader; that is the directive parser's business.
      if (diags[0].message == "expected directive .end_amdgpu_metadata not found") {
        ++skippedByLexer;
        return;
      }
      // Where llvm-mc puts the error: the end directive's line (3 lines before the body).
      uint32_t endLine = 3 + static_cast<uint32_t>(std::count(body.begin(), body.end(), '\n'));
      EXPECT_EQ(diags[0].message, gfxasm::object::kInvalidHsaMetadata) << llvm.err;
      EXPECT_EQ(diags[0].line, endLine) << llvm.err;
      EXPECT_EQ(diags[0].col, 22u) << llvm.err;
      EXPECT_FALSE(ok) << "llvm-mc-22 rejects this block:\n" << body << llvm.err;
      if (!ok) {
        EXPECT_EQ(error.message, gfxasm::object::kInvalidHsaMetadata);
      }
      // What llvm's YAML reader printed before that error, with its lines and carets.
      std::string yaml;
      for (const gfxasm::Diagnostic &d : gfxasm::object::llvmYamlDiagnostics(collected(body)))
        yaml += formatDiagnostic(d);
      EXPECT_EQ(yaml, llvm.err.substr(0, llvm.err.find("input.s:"))) << body;
      ++yamlMessagesCompared;
      return;
    }
    ASSERT_TRUE(ok) << "llvm-mc-22 accepts this block, gfxasm says: " << error.detail << "\n"
                    << body;
    EXPECT_EQ(gfxasm::object::printHsaMetadataAsm(metadata), llvm.asmBlock) << body;
    std::vector<uint8_t> note = gfxasm::object::hsaMetadataNote(metadata);
    EXPECT_EQ(hex(note), hex(llvm.note)) << body;
  }
};

fs::path HsaMetadataVsLlvm::dir_;
int HsaMetadataVsLlvm::skippedByLexer = 0;
int HsaMetadataVsLlvm::yamlMessagesCompared = 0;

// The `.amdgpu_metadata` blocks of a clang-22 `.s` file, each body with its line breaks.
std::vector<std::string> metadataBlocks(const std::string &assembly) {
  std::vector<std::string> blocks;
  std::istringstream in(assembly);
  std::string body;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "\t.amdgpu_metadata") {
      inside = true;
      body.clear();
    } else if (line == "\t.end_amdgpu_metadata") {
      inside = false;
      blocks.push_back(body);
    } else if (inside) {
      body += line + "\n";
    }
  }
  return blocks;
}

TEST_F(HsaMetadataVsLlvm, ClangKernels) {
  struct Variant {
    std::string cpu;
    int codeObjectVersion;
  };
  const std::vector<Variant> variants = {{"gfx900", 4},  {"gfx90a", 5},  {"gfx942", 6},
                                         {"gfx1100", 4}, {"gfx1100", 5}, {"gfx1100", 6}};
  for (const Variant &v : variants) {
    std::string cmd =
        fmt::format("clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu={} -nogpulib -O3 "
                    "-mcode-object-version={} -S '{}/kernels.cl' -o kernels.s",
                    v.cpu, v.codeObjectVersion, GFXASM_HSA_METADATA_TEST_DIR);
    ToolRun r = shell(cmd);
    ASSERT_EQ(r.status, 0) << cmd << "\n" << r.err;
    auto blocks = metadataBlocks(slurp((dir_ / "kernels.s").string()));
    ASSERT_EQ(blocks.size(), 1u) << cmd;
    compare(fmt::format("{} code object v{}", v.cpu, v.codeObjectVersion), blocks[0],
            v.codeObjectVersion, v.cpu);
  }
}

// Syntax errors where users make them: clang-22's block with a few random edits (a YAML
// indicator, quote, blank, tab or line break inserted, deleted or put in another character's
// place), each compared with llvm-mc-22 as above, llvm's YAML messages included.
TEST_F(HsaMetadataVsLlvm, EditedClangBlocks) {
  const std::string cmd =
      fmt::format("clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib "
                  "-O3 -mcode-object-version=5 -S '{}/kernels.cl' -o kernels.s",
                  GFXASM_HSA_METADATA_TEST_DIR);
  ToolRun r = shell(cmd);
  ASSERT_EQ(r.status, 0) << cmd << "\n" << r.err;
  auto blocks = metadataBlocks(slurp((dir_ / "kernels.s").string()));
  ASSERT_EQ(blocks.size(), 1u);
  // GFXASM_HSA_METADATA_SEED explores other edits.
  const char *seed = std::getenv("GFXASM_HSA_METADATA_SEED");
  std::mt19937 rng(seed && *seed ? static_cast<uint32_t>(std::strtoul(seed, nullptr, 10))
                                 : 20261129u);
  constexpr std::string_view kInserted = "[]{}:,-?&*!|>'\"%@`# \t\n.\\";
  yamlMessagesCompared = 0;
  skippedByLexer = 0;
  for (int i = 0; i < 120; ++i) {
    std::string body = blocks[0];
    for (uint32_t edits = 1 + rng() % 2; edits-- > 0;) {
      const size_t at = rng() % body.size();
      const char c = kInserted[rng() % kInserted.size()];
      switch (rng() % 3) {
      case 0: body.insert(at, 1, c); break;
      case 1: body.erase(at, 1); break;
      default: body[at] = c;
      }
    }
    if (body.empty() || body.back() != '\n') body += '\n';
    compare(fmt::format("edit {}", i), body);
  }
  EXPECT_GT(yamlMessagesCompared, 30);
  EXPECT_LT(skippedByLexer, 20);
}

TEST_F(HsaMetadataVsLlvm, HandWrittenCases) {
  std::string all = slurp(std::string(GFXASM_HSA_METADATA_TEST_DIR) + "/cases.yaml");
  ASSERT_FALSE(all.empty());
  std::string name, body;
  int count = 0;
  auto flush = [&] {
    if (name.empty()) return;
    compare(name, body, 5, "gfx1100", /*alsoNull=*/true);
    ++count;
  };
  size_t pos = 0;
  while (pos < all.size()) {
    size_t end = all.find('\n', pos);
    if (end == std::string::npos) end = all.size() - 1;
    std::string line = all.substr(pos, end + 1 - pos);
    pos = end + 1;
    if (line.starts_with("%%%% ")) {
      flush();
      name = line.substr(5, line.size() - 6);
      body.clear();
    } else if (!name.empty()) {
      body += line;
    }
  }
  flush();
  EXPECT_GT(count, 50);
}

// Random documents: block and flow collections of the scalars, keys and layouts where llvm's
// reading is peculiar (typing, quoting, tags, empty values, comments, tabs in indentation,
// documents without `...`), each compared with llvm-mc-22 as above.
class RandomYaml {
public:
  // `blockOnly`: the block-style YAML compilers write (no flow collections, comments, tabs;
  // `---` ... `...`), which the fast reader takes.
  explicit RandomYaml(uint32_t seed, bool blockOnly = false) : rng_(seed), blockOnly_(blockOnly) {}

  std::string document() {
    if (blockOnly_) {
      std::vector<std::string> lines = {"amdhsa.version:", "  - 1", "  - 2"};
      for (const char *key : {"amdhsa.kernels", "x", "y", "z", "w"})
        if (!chance(0.3)) addValue(lines, key, 0, 1);
      std::string text = "---\n";
      for (const std::string &line : lines) text += line + "\n";
      return text + "...\n";
    }
    std::vector<std::string> lines = {"amdhsa.version: [1, 2]", "amdhsa.kernels: []"};
    for (const char *key : {"x", "y", "z", "w"}) {
      if (chance(0.4)) continue;
      addValue(lines, key, 0, 1);
    }
    if (chance(0.3)) std::shuffle(lines.begin(), lines.end(), rng_);
    std::string text;
    for (std::string &line : lines) {
      if (chance(0.05)) text += "# comment\n";
      if (chance(0.03)) text += "\n";
      if (chance(0.05) && line.back() != '\'' && line.back() != '"') line += " # trailing";
      if (chance(0.04) && line.starts_with("  ")) line[0] = '\t';
      text += line + "\n";
    }
    return text + (chance(0.8) ? "...\n" : "");
  }

private:
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  template <class T> const T &pick(const std::vector<T> &v) {
    return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng_)];
  }

  // Block-only documents: no tags, anchors or double quotes.
  const std::string &pickPlain(const std::vector<std::string> &v) {
    for (;;) {
      const std::string &s = pick(v);
      if (s.find_first_of("!&\"") == std::string::npos) return s;
    }
  }

  std::string scalar() {
    static const std::vector<std::string> scalars = {"0",
                                                     "1",
                                                     "-1",
                                                     "017",
                                                     "08",
                                                     "0x1F",
                                                     "0b11",
                                                     "0o7",
                                                     "1.5",
                                                     "1e3",
                                                     "-2.5e-3",
                                                     ".5",
                                                     "3.",
                                                     "nan",
                                                     "inf",
                                                     ".inf",
                                                     "true",
                                                     "false",
                                                     "True",
                                                     "yes",
                                                     "on",
                                                     "~",
                                                     "null",
                                                     "abc",
                                                     "a b",
                                                     "a:b",
                                                     "a/b",
                                                     "x#y",
                                                     "float*",
                                                     "'quoted'",
                                                     "\"dq\"",
                                                     "\"a\\tb\"",
                                                     "\"\\u00e9\"",
                                                     "''",
                                                     "'1'",
                                                     "\"true\"",
                                                     "!str 5",
                                                     "!int 7",
                                                     "!bool y",
                                                     "!float 2",
                                                     "!nil x",
                                                     "!!str 3",
                                                     "!!int 4",
                                                     "_x",
                                                     "^x",
                                                     "a,b",
                                                     "1_0",
                                                     "+1",
                                                     "12345678901234567890",
                                                     "-9223372036854775808",
                                                     "3.4e38",
                                                     "1e-40",
                                                     "0.1",
                                                     "OpenCL C",
                                                     "k.kd",
                                                     "'it''s'",
                                                     "&a 5"};
    return blockOnly_ ? pickPlain(scalars) : pick(scalars);
  }
  std::string key() {
    static const std::vector<std::string> keys = {"a",
                                                  "b",
                                                  "c",
                                                  ".name",
                                                  ".size",
                                                  "1",
                                                  "-1",
                                                  "true",
                                                  "'q'",
                                                  "\"d k\"",
                                                  "long_key_name_exceeding16",
                                                  "kkkkkkkkkkkkkkk",
                                                  "kkkkkkkkkkkkkkkk"};
    return blockOnly_ ? pickPlain(keys) : pick(keys);
  }
  std::string flow(int depth) {
    if (blockOnly_) return scalar();
    double r = std::uniform_real_distribution<double>(0, 1)(rng_);
    if (depth > 3 || r < 0.5) return scalar();
    std::string out;
    int n = std::uniform_int_distribution<int>(0, 3)(rng_);
    if (r < 0.75) {
      for (int i = 0; i < n; ++i) out += (i ? ", " : "") + flow(depth + 1);
      return "[" + out + "]";
    }
    std::vector<std::string> used;
    for (int i = 0; i < n; ++i) {
      std::string k = key();
      if (std::find(used.begin(), used.end(), k) != used.end()) continue;
      used.push_back(k);
      out += (out.empty() ? "" : ", ") + k + ": " + flow(depth + 1);
    }
    return "{" + out + "}";
  }
  // `key:` and its value at `indent`: a flow node on the line or a block collection below it.
  void addValue(std::vector<std::string> &lines, const std::string &k, int indent, int depth) {
    std::string pad(static_cast<size_t>(indent), ' ');
    double r = std::uniform_real_distribution<double>(0, 1)(rng_);
    if (depth > 3 || r < 0.35) {
      lines.push_back(pad + k + ": " + flow(depth));
      return;
    }
    lines.push_back(pad + k + ":");
    if (r < 0.65) {
      int n = std::uniform_int_distribution<int>(1, 3)(rng_);
      for (int i = 0; i < n; ++i) {
        if (chance(0.6)) {
          lines.push_back(pad + "  - " + flow(depth + 1));
        } else {
          lines.push_back(pad + "  -");
          addValue(lines, key(), indent + 4, depth + 1);
        }
      }
      return;
    }
    std::vector<std::string> used;
    int n = std::uniform_int_distribution<int>(1, 4)(rng_);
    for (int i = 0; i < n; ++i) {
      std::string sub = key();
      if (std::find(used.begin(), used.end(), sub) != used.end()) continue;
      used.push_back(sub);
      addValue(lines, sub, indent + 2, depth + 1);
    }
  }

  std::mt19937 rng_;
  bool blockOnly_;
};

TEST_F(HsaMetadataVsLlvm, RandomDocuments) {
  // GFXASM_HSA_METADATA_SEED explores other documents.
  const char *seed = std::getenv("GFXASM_HSA_METADATA_SEED");
  RandomYaml random(seed && *seed ? static_cast<uint32_t>(std::strtoul(seed, nullptr, 10))
                                  : 20261128u);
  skippedByLexer = 0;
  for (int i = 0; i < 50; ++i) compare(fmt::format("random document {}", i), random.document());
  EXPECT_LT(skippedByLexer, 10);
}

// The fast reader of compiler-style YAML against yaml-cpp's reading (itself compared with
// llvm-mc-22 above): where the fast reader takes a text, the same verdict, note and printed YAML;
// it takes every block clang-22 writes; and block-only random documents also go to llvm-mc-22.
TEST_F(HsaMetadataVsLlvm, FastReaderReadsAsYamlCpp) {
  using gfxasm::object::YamlReaderChoice;
  auto sameReading = [](const std::string &body, bool mustTake) {
    std::string text = collected(body);
    HsaMetadata fast, slow;
    MetadataError fastError, slowError;
    bool fastOk = gfxasm::object::parseHsaMetadataYaml(text, fast, fastError, true,
                                                       YamlReaderChoice::FastOnly);
    bool declined = !fastOk && fastError.detail == "the fast reader declined";
    if (mustTake) {
      EXPECT_FALSE(declined) << body;
    }
    if (declined) return false;
    bool slowOk = gfxasm::object::parseHsaMetadataYaml(text, slow, slowError, true,
                                                       YamlReaderChoice::YamlCppOnly);
    EXPECT_EQ(fastOk, slowOk) << fastError.detail << " / " << slowError.detail << "\n" << body;
    if (fastOk && slowOk) {
      EXPECT_EQ(gfxasm::object::printHsaMetadataAsm(fast),
                gfxasm::object::printHsaMetadataAsm(slow))
          << body;
      EXPECT_EQ(hex(gfxasm::object::encodeHsaMetadataMsgpack(fast)),
                hex(gfxasm::object::encodeHsaMetadataMsgpack(slow)))
          << body;
    }
    return true;
  };
  for (const char *cpu : {"gfx900", "gfx90a", "gfx1100"}) {
    std::string cmd = fmt::format("clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa "
                                  "-mcpu={} -nogpulib -O3 -S '{}/kernels.cl' -o kernels.s",
                                  cpu, GFXASM_HSA_METADATA_TEST_DIR);
    ToolRun r = shell(cmd);
    ASSERT_EQ(r.status, 0) << cmd << "\n" << r.err;
    for (const std::string &block : metadataBlocks(slurp((dir_ / "kernels.s").string())))
      sameReading(block, /*mustTake=*/true);
  }
  // Tabs: taken inside a single-quoted scalar that ends its line, left to yaml-cpp elsewhere.
  const std::string kernelsKey = "amdhsa.version:\n  - 1\n  - 2\n";
  EXPECT_TRUE(sameReading(kernelsKey + "amdhsa.printf:\n  - '1:1:4:a\\tb\t%s\t'\n...\n", true));
  EXPECT_TRUE(sameReading(kernelsKey + "amdhsa.printf: 'x\t''y'''\n...\n", true));
  for (const char *tabbed :
       {"amdhsa.printf: a\tb\n", "amdhsa.printf: 'a'\t\n", "amdhsa.printf: 'a\t' # c\n",
        "amdhsa.printf:\t'a'\n", "amdhsa.printf: 'a\tb' 'c'\n", "\tamdhsa.printf: 'a\t'\n"})
    EXPECT_FALSE(sameReading(kernelsKey + tabbed + "...\n", false)) << tabbed;
  RandomYaml random(20261128u, /*blockOnly=*/true);
  int taken = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string body = random.document();
    if (sameReading(body, false)) ++taken;
    if (i < 20) {
      compare(fmt::format("block-only random document {}", i), body);
    }
  }
  EXPECT_GT(taken, 1000); // (quoted keys are left to yaml-cpp)
  // And the flow-style random documents: mostly declined, the same reading where taken.
  RandomYaml flowRandom(7u);
  for (int i = 0; i < 1000; ++i) sameReading(flowRandom.document(), false);
}

// The packer of -filetype=obj (encodeHsaMetadataYamlDirect: MessagePack written while reading,
// with the verifier's checks on the way) against the document's path (itself compared with
// llvm-mc-22 above): it takes every block clang-22 writes, and where it takes a text the
// document's path accepts it with the same bytes. Mutations of clang's blocks (a line dropped,
// repeated or moved, a value quoted, emptied or replaced by another kind) try its checks, its
// counts of entries and its refusals of keys out of order.
TEST_F(HsaMetadataVsLlvm, PackerWritesTheDocumentsBytes) {
  int taken = 0, declined = 0;
  auto samePacking = [&](const std::string &body, bool mustTake) {
    const std::string text = collected(body);
    std::vector<uint8_t> direct;
    const bool packed = gfxasm::object::encodeHsaMetadataYamlDirect(text, direct);
    HsaMetadata metadata;
    MetadataError error;
    const bool ok = gfxasm::object::parseHsaMetadataYaml(text, metadata, error);
    if (mustTake) {
      EXPECT_TRUE(packed) << body;
    }
    if (!packed) {
      ++declined;
      return;
    }
    ++taken;
    ASSERT_TRUE(ok) << error.detail << "\n" << body;
    EXPECT_EQ(hex(direct), hex(gfxasm::object::encodeHsaMetadataMsgpack(metadata))) << body;
  };
  std::mt19937 rng(20261129u);
  const char *replacements[] = {"'{}'", "[]",     "{}",       "-1",        "0x10",
                                "true", "false",  "1.5",      "foo",       "0",
                                "''",   "'7'",    "'true'",   "~",         "18446744073709551616",
                                "07",   "global", "by_value", "read_only", "OpenCL C"};
  for (const char *cpu : {"gfx90a", "gfx1100"}) {
    std::string cmd = fmt::format("clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa "
                                  "-mcpu={} -nogpulib -O3 -S '{}/kernels.cl' -o kernels.s",
                                  cpu, GFXASM_HSA_METADATA_TEST_DIR);
    ToolRun r = shell(cmd);
    ASSERT_EQ(r.status, 0) << cmd << "\n" << r.err;
    for (const std::string &block : metadataBlocks(slurp((dir_ / "kernels.s").string()))) {
      samePacking(block, /*mustTake=*/true);
      std::vector<std::string> lines;
      std::istringstream in(block);
      for (std::string line; std::getline(in, line);) lines.push_back(line);
      auto join = [](const std::vector<std::string> &ls) {
        std::string s;
        for (const std::string &l : ls) s += l + "\n";
        return s;
      };
      for (int m = 0; m < 1000; ++m) {
        std::vector<std::string> v = lines;
        const size_t at = std::uniform_int_distribution<size_t>(1, v.size() - 2)(rng);
        switch (std::uniform_int_distribution<int>(0, 3)(rng)) {
        case 0: v.erase(v.begin() + static_cast<ptrdiff_t>(at)); break;
        case 1: v.insert(v.begin() + static_cast<ptrdiff_t>(at), v[at]); break;
        case 2: std::swap(v[at], v[at + 1 < v.size() - 1 ? at + 1 : at - 1]); break;
        default: {
          const size_t colon = v[at].find(": ");
          const size_t dash = v[at].find("- ");
          const size_t from = colon != std::string::npos  ? colon + 2
                              : dash != std::string::npos ? dash + 2
                                                          : v[at].size();
          const std::string old = v[at].substr(from);
          const char *pattern = replacements[std::uniform_int_distribution<size_t>(
              0, std::size(replacements) - 1)(rng)];
          v[at] = v[at].substr(0, from) + fmt::format(fmt::runtime(pattern), old);
          break;
        }
        }
        samePacking(join(v), false);
      }
    }
  }
  EXPECT_GT(taken, 100);
  EXPECT_GT(declined, 1000);
}

// A note after bytes the source put into `.note`: llvm appends it unaligned and pads relative to
// the section.
TEST_F(HsaMetadataVsLlvm, NoteAfterOtherNoteBytes) {
  const std::string body = "amdhsa.version: [1, 2]\namdhsa.kernels: []\n...\n";
  HsaMetadata metadata;
  MetadataError error;
  ASSERT_TRUE(gfxasm::object::parseHsaMetadataYaml(collected(body), metadata, error));
  for (int before = 0; before < 4; ++before) {
    SCOPED_TRACE(before);
    std::string prefix = "\t.section .note,\"a\",@note\n";
    for (int i = 0; i < before; ++i) prefix += fmt::format("\t.byte {}\n", i + 1);
    std::ofstream(dir_ / "input.s") << prefix << "\t.text\n\t.amdgpu_metadata\n"
                                    << body << "\t.end_amdgpu_metadata\n";
    ToolRun r = shell(fmt::format("{} -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj "
                                  "input.s -o input.o && llvm-objcopy-22 --dump-section "
                                  ".note=note.bin input.o",
                                  gfxasm::test::llvmMcPath()));
    ASSERT_EQ(r.status, 0) << r.err;
    std::string bytes = slurp((dir_ / "note.bin").string());
    std::vector<uint8_t> expected;
    for (int i = 0; i < before; ++i) expected.push_back(static_cast<uint8_t>(i + 1));
    std::vector<uint8_t> note = gfxasm::object::hsaMetadataNote(metadata, before);
    expected.insert(expected.end(), note.begin(), note.end());
    EXPECT_EQ(hex(expected), hex(std::vector<uint8_t>(bytes.begin(), bytes.end())));
  }
}

// The note's frame, independent of the oracle: what ELF readers need to find the descriptor.
TEST(HsaMetadataNote, Layout) {
  std::vector<uint8_t> desc = {0x80, 0x01, 0x02, 0x03, 0x04};
  std::vector<uint8_t> note = gfxasm::object::hsaMetadataNote(desc);
  ASSERT_EQ(note.size(), 12u + 8u + 8u);
  EXPECT_EQ(note[0], 7);  // namesz
  EXPECT_EQ(note[4], 5);  // descsz, unpadded
  EXPECT_EQ(note[8], 32); // NT_AMDGPU_METADATA
  EXPECT_EQ(std::string(reinterpret_cast<const char *>(&note[12])), "AMDGPU");
  EXPECT_EQ(note[20], 0x80);
  EXPECT_EQ(note[27], 0); // padding
}

// Inputs that must be refused without crashing or recursing without bound.
TEST(HsaMetadataRobustness, DeepNesting) {
  HsaMetadata metadata;
  MetadataError error;
  std::string deep = "a: " + std::string(100000, '[') + "\n";
  EXPECT_FALSE(gfxasm::object::parseHsaMetadataYaml(deep, metadata, error));
  std::string dashes;
  for (int i = 0; i < 5000; ++i) dashes += "- ";
  EXPECT_FALSE(gfxasm::object::parseHsaMetadataYaml(dashes + "1\n", metadata, error));
}

} // namespace
