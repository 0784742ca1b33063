// HSA metadata (`.amdgpu_metadata` ... `.end_amdgpu_metadata`, src/object/hsa_metadata.*) against
// llvm-mc-22: the blocks clang-22 writes for tests/hsa_metadata/kernels.cl (several processors and
// code object versions) and the hand-written cases of tests/hsa_metadata/cases.yaml go through
// llvm-mc-22 -filetype=obj (the `.note` section's bytes) and -filetype=asm (the printed block);
// gfxasm's note and text must be the same, and where llvm-mc rejects a block ("invalid HSA
// metadata" right after `.end_amdgpu_metadata`) gfxasm must reject it too.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <fmt/format.h>

#include "object/hsa_metadata.h"
#include "oracle_util.h"

namespace {

namespace fs = std::filesystem;
using gfxasm::object::HsaMetadata;
using gfxasm::object::MetadataError;
using gfxasm::test::parseDiagnostics;
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

  static void SetUpTestSuite() {
    const char *tmp = std::getenv("TMPDIR");
    dir_ = fs::path(tmp && *tmp ? tmp : "/tmp") / fmt::format("gfxasm_hsa_metadata_{}", getpid());
    fs::create_directories(dir_);
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static ToolRun shell(const std::string &cmd) {
    ToolRun r;
    std::string full = fmt::format("cd '{}' && {} >out.txt 2>err.txt", dir_.string(), cmd);
    int st = std::system(full.c_str());
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = slurp((dir_ / "out.txt").string());
    r.err = slurp((dir_ / "err.txt").string());
    return r;
  }

  // The source llvm-mc assembles for a block body: the end directive indented by a tab, as
  // compilers write it.
  static std::string source(const std::string &body, int codeObjectVersion) {
    return fmt::format("\t.amdhsa_code_object_version {}\n\t.amdgpu_metadata\n{}"
                       "\t.end_amdgpu_metadata\n",
                       codeObjectVersion, body);
  }

  // The text llvm-mc hands its YAML reader for that source: the rest of the `.amdgpu_metadata`
  // line (nothing), each body line with its line break, the end directive's indentation.
  static std::string collected(const std::string &body) { return "\n" + body + "\t"; }

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

  // One block through both: same verdict, and on success the same note and text; on failure
  // llvm-mc's error is "invalid HSA metadata" just after `.end_amdgpu_metadata` (column 22).
  static void compare(const std::string &name, const std::string &body, int codeObjectVersion = 5,
                      const std::string &cpu = "gfx1100") {
    SCOPED_TRACE(name);
    OracleOutput llvm = runLlvm(body, codeObjectVersion, cpu);
    HsaMetadata metadata;
    MetadataError error;
    bool ok = gfxasm::object::parseHsaMetadataYaml(collected(body), metadata, error);
    if (!llvm.accepted) {
      auto diags = parseDiagnostics(llvm.err);
      ASSERT_FALSE(diags.empty()) << "llvm-mc-22 failed without a diagnostic: " << llvm.err;
      // Where llvm-mc puts the error: the end directive's line (3 lines before the body).
      uint32_t endLine = 3 + static_cast<uint32_t>(std::count(body.begin(), body.end(), '\n'));
      EXPECT_EQ(diags[0].message, gfxasm::object::kInvalidHsaMetadata) << llvm.err;
      EXPECT_EQ(diags[0].line, endLine) << llvm.err;
      EXPECT_EQ(diags[0].col, 22u) << llvm.err;
      EXPECT_FALSE(ok) << "llvm-mc-22 rejects this block:\n" << body << llvm.err;
      if (!ok) {
        EXPECT_EQ(error.message, gfxasm::object::kInvalidHsaMetadata);
      }
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

TEST_F(HsaMetadataVsLlvm, HandWrittenCases) {
  std::string all = slurp(std::string(GFXASM_HSA_METADATA_TEST_DIR) + "/cases.yaml");
  ASSERT_FALSE(all.empty());
  std::string name, body;
  int count = 0;
  auto flush = [&] {
    if (name.empty()) return;
    compare(name, body);
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
