// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// HSA metadata of code object v3+: the YAML between `.amdgpu_metadata` and `.end_amdgpu_metadata`,
// read, checked and written as llvm-mc-22 does (llvm's msgpack::Document::fromYAML, the
// AMDGPU::HSAMD::V3::MetadataVerifier, msgpack::Document::writeToBlob and toYAML): the
// MessagePack bytes of the NT_AMDGPU_METADATA note (-filetype=obj) and the re-emitted YAML block
// (-filetype=asm).
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "gfxasm/gfxasm.h"

namespace gfxasm::object {

// The kinds of llvm's msgpack::DocNode, in llvm's msgpack::Type order: map keys of different kinds
// are ordered by it (an Int key before a UInt key before a String key).
enum class MetadataKind : uint8_t { Int, UInt, Nil, Boolean, Float, String, Array, Map };

struct MetadataEntry;

// One value of the metadata document.
struct MetadataNode {
  MetadataKind kind = MetadataKind::Nil;
  int64_t intValue = 0;
  uint64_t uintValue = 0;
  bool boolValue = false;
  double floatValue = 0;
  std::string_view stringValue;       // text owned by the HsaMetadata the node belongs to
  std::vector<MetadataNode> elements; // Array
  // Map: sorted by key with metadataKeyLess, keys unique (llvm's std::map<DocNode, DocNode>).
  std::vector<MetadataEntry> entries;
};

struct MetadataEntry {
  MetadataNode key, value;
};

// llvm's DocNode ordering of map keys: by kind, then by value (strings bytewise).
bool metadataKeyLess(const MetadataNode &a, const MetadataNode &b);

// llvm's MapDocNode operations on a Map node, which stays sorted: `map[key] = value` (an equal
// key's value replaced), and `map[key]` (a Nil value inserted when the key is absent).
void setMetadataEntry(MetadataNode &map, MetadataNode key, MetadataNode value);
MetadataNode &metadataEntry(MetadataNode &map, const MetadataNode &key);

// The document and the text its strings point into (a deque: its strings stay in place when the
// document moves). Move-only: a copy's strings would point into the original.
struct HsaMetadata {
  HsaMetadata() = default;
  HsaMetadata(HsaMetadata &&) = default;
  HsaMetadata &operator=(HsaMetadata &&) = default;
  HsaMetadata(const HsaMetadata &) = delete;
  HsaMetadata &operator=(const HsaMetadata &) = delete;

  MetadataNode root; // a Map once parseHsaMetadataYaml succeeded
  std::deque<std::string> text;
};

// Why the block was rejected. llvm-mc reports every rejection (YAML that does not parse, a
// document the verifier refuses) as one error, `message`, located right after the
// `.end_amdgpu_metadata` identifier (in `\t.end_amdgpu_metadata`, line of that directive,
// column 22). `detail` says what failed, for tests and debugging; llvm-mc does not print it.
// llvm-mc also prints its YAML parser's own `YAML:line:col: error: ...` lines before that error
// for syntax errors: `yamlMessages` (yaml_diagnostics.h).
struct MetadataError {
  std::string message;
  std::string detail;
  std::vector<Diagnostic> yamlMessages;
};

constexpr std::string_view kInvalidHsaMetadata = "invalid HSA metadata";

// The message llvm's YAML traits give for a scalar written with a tag (`!int x`: "invalid
// number"), "" when the scalar reads; `tag` is the verbatim tag (`!int`, `!bool`, `!float`).
std::string metadataScalarError(std::string_view text, std::string_view tag);

// Reads `yaml`, the text llvm-mc collects between the directives (see the report/README of the
// assembler's integration: the rest of the `.amdgpu_metadata` line, then each line's statement
// text with its leading whitespace, each followed by "\n", then the leading whitespace of the
// `.end_amdgpu_metadata` line), into `out` and verifies it as llvm's non-strict verifier does
// (which may turn strings into the numbers or booleans a field needs, as llvm's does). False with
// `err` filled when llvm-mc would report "invalid HSA metadata".
// `verify` false: only read the YAML, as llvm-mc -filetype=null does (its streamer has no
// verifier: a document the verifier would refuse is accepted, and nothing is written).
// `reader`: the YAML compilers write (block style, plain and single-quoted scalars) is read by a
// fast reader of that subset, anything else by yaml-cpp (Auto); tests pick one to compare them
// (FastOnly fails where the fast reader declines).
enum class YamlReaderChoice { Auto, YamlCppOnly, FastOnly };
bool parseHsaMetadataYaml(std::string_view yaml, HsaMetadata &out, MetadataError &err,
                          bool verify = true, YamlReaderChoice reader = YamlReaderChoice::Auto);

// The bytes encodeHsaMetadataMsgpack writes for what parseHsaMetadataYaml reads and verifies
// from `yaml`, packed while reading (no document in between: the note of -filetype=obj), for the
// block-style YAML compilers write whose maps' keys are strings in increasing order; false for
// any other text, accepted or not (then take parseHsaMetadataYaml, which says what is wrong).
bool encodeHsaMetadataYamlDirect(std::string_view yaml, std::vector<uint8_t> &bytes);

// The MessagePack bytes llvm writes for the document (the note's descriptor).
std::vector<uint8_t> encodeHsaMetadataMsgpack(const HsaMetadata &metadata);
std::vector<uint8_t> encodeMetadataMsgpack(const MetadataNode &root);

// An ELF note as llvm's AMDGPU ELF streamer writes it at `offsetInSection` of its section (see
// hsaMetadataNote): namesz, descsz, type, the name, the descriptor, each padded to 4.
std::vector<uint8_t> elfNote(std::string_view name, uint32_t type,
                             const std::vector<uint8_t> &descriptor, uint64_t offsetInSection);

// The whole ELF note llvm-mc puts into the `.note` section (SHT_NOTE, flags "a") for the block:
// namesz 7, descsz, type NT_AMDGPU_METADATA (32), "AMDGPU", the MessagePack bytes; little-endian.
// llvm appends it at the section's current end without aligning first, and pads the name (whose
// NUL is only the padding's first zero) and the descriptor with zeros up to multiples of 4 of the
// offset *in the section*: `offsetInSection` is where the note starts (0 unless the source put
// bytes into `.note` before). The section's alignment becomes (at least) 4.
constexpr uint32_t kNtAmdgpuMetadata = 32;
constexpr uint32_t kNtAmdHsaIsaName = 11; // (the target id, `.amd_amdgpu_isa`)
std::vector<uint8_t> hsaMetadataNote(const HsaMetadata &metadata, uint64_t offsetInSection = 0);
std::vector<uint8_t> hsaMetadataNote(const std::vector<uint8_t> &msgpackBytes,
                                     uint64_t offsetInSection = 0);

// What `llvm-mc -filetype=asm` prints for the block: "\t.amdgpu_metadata\n---\n...\n...\n\n"
// "\t.end_amdgpu_metadata\n" (llvm's yaml::Output of the document).
std::string printHsaMetadataAsm(const HsaMetadata &metadata);

// The YAML document alone, as llvm's msgpack::Document::toYAML writes it ("---\n...\n...\n");
// `hexIntegers`: the document's hex mode (unsigned integers but 0 as 0x...; PAL metadata).
std::string printHsaMetadataYaml(const HsaMetadata &metadata);
std::string printMetadataYaml(const MetadataNode &root, bool hexIntegers);

} // namespace gfxasm::object
