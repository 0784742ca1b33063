// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Canonical text of an instruction, as llvm-mc's AMDGPU instruction printer writes it. Shared by
// the assembler (-show-encoding output) and the disassembler.
#pragma once

#include <string>

#include "isa/inst.h"
#include "print/writer.h"

namespace gfxasm {
class Target;
}

namespace gfxasm::print {

// For `target` (its wave size, and names some of its processors lack).
void printInst(const isa::Inst &inst, const Target &target, std::string &out);
// The same into a writer (one writer for many instructions saves its appends to the string).
void printInst(const isa::Inst &inst, const Target &target, Writer &out);

// llvm-mc's `-show-encoding` column: the comment starts at column 40 of the line that begins at
// out[lineStart] (a tab counts one).
constexpr size_t kEncodingColumn = 40;
// Appends ` ; encoding: [0x..,...]` and the newline; bytes [maskFrom, maskFrom + maskSize) are
// shown as A (filled in by a fixup).
void appendEncoding(std::string &out, size_t lineStart, const uint8_t *bytes, size_t n,
                    size_t maskFrom = 0, size_t maskSize = 0);

} // namespace gfxasm::print
