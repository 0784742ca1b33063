// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The messages llvm's YAML reader prints for a metadata block it cannot read.
//
// llvm-mc reads `.amdgpu_metadata` (and `.amdgpu_pal_metadata`) YAML with llvm::yaml::Input
// over msgpack::Document; when that fails, its YAML parser prints its own diagnostics
// (`YAML:3:5: error: Unexpected token. Expected Key or Block End`, the YAML line and a caret)
// before the assembler's "invalid HSA metadata". parseHsaMetadataYaml asks it where yaml-cpp
// reads a block (whether llvm's reader takes the text, how much of it; MetadataError's
// yamlMessages): what llvm prints and where: its scanner's and parser's first error, then the
// reader's own ("duplicated mapping
// key 'x'", "Map key must be a scalar", "unknown node kind" for an alias, a tagged scalar's
// "invalid number"). It follows the order in which llvm's reader pulls tokens, since that decides
// which error comes first and where a node's location is taken.
#pragma once

#include <string_view>
#include <vector>

#include "gfxasm/gfxasm.h"

namespace gfxasm::object {

// What llvm's YAML reader prints for `text` (the block as llvm-mc collects it), in order: errors
// in the buffer "YAML" (lines and columns of `text`, the YAML line echoed), or "<unknown>" line 0
// where llvm has no location; empty when it reads the text without complaint (a rejection by
// the metadata verifier, which prints nothing of its own).
std::vector<Diagnostic> llvmYamlDiagnostics(std::string_view text);

// The same reading, and how much of `text` llvm's reader looked at: it reads the first document
// that is not empty and no further (what follows it, garbage or other documents, is never
// scanned).
struct LlvmYamlReading {
  bool accepted = true; // (false also where llvm prints nothing: an unknown `%` directive)
  std::vector<Diagnostic> diagnostics;
  size_t scanned = 0;
};
LlvmYamlReading readYamlLikeLlvm(std::string_view text);

} // namespace gfxasm::object
