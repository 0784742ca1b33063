// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// PAL metadata against llvm-mc-22: `.amdgpu_pal_metadata` blocks (any OS) and
// `.amd_amdgpu_pal_metadata` register pairs (amdpal), in text (the block printed when the file
// ends, registers by name, unsigned numbers in hex) and in objects (the note), with the messages
// llvm gives for what it refuses.
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "object/pal_metadata.h"
#include "oracle_util.h"

namespace {

using namespace gfxasm::test;

// Both tools' text, object bytes, messages and status for `input` on each OS.
void expectSameAsLlvm(const std::string &input, const std::string &context) {
  expectSameOnTargets(input, context, {"amdgcn--amdpal", "amdgcn-amd-amdhsa", "amdgcn-mesa-mesa3d"},
                      {"gfx1100", "gfx90a"});
}

TEST(PalMetadata, MsgPackBlocks) {
  // Registers by number, by name and both; hashes; a second block replacing the first; keys of
  // other kinds; the registers map made where it is missing; the rest of the end line.
  expectSameAsLlvm(R"(s_endpgm
.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .registers:
      0x2c0a: 1
    .zed: 5
amdpal.version: [2, 3]
...
.end_amdgpu_pal_metadata
s_nop 0
	.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .hardware_stages:
      .ps:
        .entry_point:    ps_amdpal
        .scratch_memory_size: 0
        .sgpr_count:     0x1
    .internal_pipeline_hash:
      - 0x123456789abcdef0
      - 0xfedcba9876543210
    .registers:
      '0x2c0a (SPI_SHADER_PGM_RSRC1_PS)': 0
      0x2c0b: 0x42000000
      '0xa1b3 (ANY NAME)': 0x1
      0o17: 3
      011: 4
      0b101: 5
      "12 x": 6
      " 5": 8
      "-5": 9
      0x12c0a: 10
      0x1234: 11
      0xa191: -1
    .api: Vulkan
amdpal.version:
  - 0x3
  - 0x0
...
	.end_amdgpu_pal_metadata s_nop 1
s_nop 2
)",
                   "blocks");
  expectSameAsLlvm(".amdgpu_pal_metadata\n---\n- 1\n...\n.end_amdgpu_pal_metadata\n", "array");
  expectSameAsLlvm(".amdgpu_pal_metadata\n.end_amdgpu_pal_metadata ; c\n", "empty");
  expectSameAsLlvm(".amdgpu_pal_metadata\n---\nfoo: 1\namdpal.pipelines: 7\n...\n"
                   ".end_amdgpu_pal_metadata // c\ns_nop 0\n",
                   "not a list");
}

TEST(PalMetadata, RegisterPairs) {
  for (const char *pairs :
       {"0x2c0b, 5, 0x2c0a, 6, 0x2c0b, 8", "1+1, 2*3", "0x1ffffffff, 1", "0x10000001, 7",
        "1, 2 s_nop 0", "1, 2 ; c", "1, 2, 3, 4 // c", "", "0x1", "0x1, 2, 3", "x, 1", "-1, -2",
        "1, 2,", "1 2", "(1), 2", "1, y+1", "1, 2/0"})
    expectSameAsLlvm(fmt::format(".amd_amdgpu_pal_metadata {}\ns_nop 0\n", pairs), pairs);
  // Both formats: the last one decides.
  expectSameAsLlvm(".amd_amdgpu_pal_metadata 0x2c0a, 1\n.amdgpu_pal_metadata\n---\n"
                   "amdpal.version: [1,2]\n...\n.end_amdgpu_pal_metadata\n",
                   "pairs then block");
  expectSameAsLlvm(".amdgpu_pal_metadata\n---\namdpal.version: [1,2]\namdpal.pipelines:\n"
                   "  - .registers:\n      0x2c0a: 2\n...\n.end_amdgpu_pal_metadata\n"
                   ".amd_amdgpu_pal_metadata 0x2c0a, 1, 0x2c0b, 4\n",
                   "block then pairs");
}

// `.amd_amdgpu_isa` (llc's output for PAL and Mesa shaders): the target id printed back, and in
// objects an NT_AMD_HSA_ISA_NAME note ("AMD", type 11) where the directive stands among the notes.
TEST(PalMetadata, IsaNameNote) {
  for (const char *triple : {"amdgcn-amd-amdpal", "amdgcn-mesa-mesa3d"})
    for (const char *cpu : {"gfx1100", "gfx90a"}) {
      // (a target id of another processor: llvm's error, no note)
      const std::string target = fmt::format("{}--{}", triple, cpu), other = target + "x";
      expectSameOnTargets(
          fmt::format("s_endpgm\n.amd_amdgpu_isa \"{0}\"\n.amdgpu_pal_metadata\n---\n"
                      "amdpal.version: [3, 0]\n...\n.end_amdgpu_pal_metadata\n"
                      ".amd_amdgpu_isa \"{0}\" s_nop 0\n.section .note,\"\",@note\n.byte 1\n"
                      ".amd_amdgpu_isa \"{0}\"\n",
                      target),
          target, {triple}, {cpu});
      expectSameOnTargets(fmt::format(".amd_amdgpu_isa \"{}\"\n", other), other, {triple}, {cpu});
    }
}

TEST(PalMetadata, Errors) {
  // A key that is no number, YAML that does not read, an unterminated block: nothing is printed
  // or written at the end after an error, as llvm finishes only a file without errors.
  expectSameAsLlvm(".amdgpu_pal_metadata\n---\namdpal.pipelines:\n  - .registers:\n"
                   "      foo: 1\n      0x10 bar: 2\n      \"0x\": 3\n...\n"
                   ".end_amdgpu_pal_metadata\n",
                   "keys");
  expectSameAsLlvm(".amdgpu_pal_metadata\n---\n[a: b\n...\n.end_amdgpu_pal_metadata\n", "yaml");
  expectSameAsLlvm("s_nop 0\n.amdgpu_pal_metadata\n---\n", "unterminated");
  expectSameAsLlvm(".amd_amdgpu_pal_metadata 4, 5\nfoo\ns_nop 1\n", "error after");
}

TEST(PalMetadata, LeadingIntegerAsLlvmConsumesIt) {
  struct Case {
    std::string_view text;
    bool ok;
    uint64_t value;
    std::string_view rest;
  };
  for (const Case &k : std::vector<Case>{{"0x2c0a (X)", true, 0x2c0a, " (X)"},
                                         {"0X1g", true, 1, "g"},
                                         {"0b102", true, 2, "2"},
                                         {"0o17", true, 15, ""},
                                         {"017", true, 15, ""},
                                         {"09", false, 0, "9"},
                                         {"0x", false, 0, ""},
                                         {"abc", false, 0, "abc"},
                                         {"18446744073709551615", true, ~0ull, ""},
                                         {"18446744073709551616", false, 0, "18446744073709551616"},
                                         {"0", true, 0, ""}}) {
    std::string_view text = k.text;
    uint64_t value = 0;
    EXPECT_EQ(gfxasm::object::consumeLeadingInteger(text, value), k.ok) << k.text;
    EXPECT_EQ(text, k.rest) << k.text;
    if (k.ok) {
      EXPECT_EQ(value, k.value) << k.text;
    }
  }
}

} // namespace
