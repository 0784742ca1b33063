// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// libFuzzer harness: any byte string is the text of an `.amdgpu_metadata` block; reading and
// verifying it must never crash, hang or trip a sanitizer (bad YAML or a refused document is
// "invalid HSA metadata"), and an accepted document must encode to a note and print as YAML;
// the packer of -filetype=obj must take only accepted documents, with the same bytes.
// Nesting is bounded before yaml-cpp sees the text (it recurses once per level). The messages
// llvm's YAML reader would print for a rejected block are found too (yaml_diagnostics.h).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "object/hsa_metadata.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view yaml(reinterpret_cast<const char *>(data), size);
  gfxasm::object::HsaMetadata metadata;
  gfxasm::object::MetadataError error;
  // (the packer of -filetype=obj takes a text only when the document's path accepts it, and
  // writes the same bytes)
  std::vector<uint8_t> direct;
  const bool packed = gfxasm::object::encodeHsaMetadataYamlDirect(yaml, direct);
  if (!gfxasm::object::parseHsaMetadataYaml(yaml, metadata, error)) {
    if (packed) __builtin_trap();
    for (const gfxasm::Diagnostic &d : error.yamlMessages)
      if (d.line != 0 && d.column == 0) __builtin_trap();
    return 0;
  }
  if (packed && direct != gfxasm::object::encodeHsaMetadataMsgpack(metadata)) __builtin_trap();
  std::vector<uint8_t> note = gfxasm::object::hsaMetadataNote(metadata);
  std::string text = gfxasm::object::printHsaMetadataAsm(metadata);
  if (note.size() % 4 != 0 || text.empty()) __builtin_trap();
  return 0;
}
