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

// Memory (aligned to 8) kept for the program's life, handed out in order from blocks of 64 KiB:
// per-entry data built on first use (print plans, decode steps) lies together in the order a
// listing first meets the entries, not scattered over the heap. (thread-safe)
void *keptMemory(size_t n);

// A plan that printInst follows for entry `desc` (printer.cpp's PrintPlan, opaque here), for a
// caller that keeps it with its own per-entry data (the decoder, as isa::Inst::printPlan): its
// size, and the plan built at `memory` (aligned to 8, planBytes long) for processors that note
// odd VGPR tuples or not.
size_t planBytes(const isa::ArchTables &arch, const isa::InstrDesc &desc);
const void *buildPlanAt(const isa::ArchTables &arch, const isa::InstrDesc &desc,
                        bool alignedVgprTuples, void *memory);

// llvm-mc's `-show-encoding` column: the comment starts at column 40 of the line that begins at
// out[lineStart] (a tab counts one).
constexpr size_t kEncodingColumn = 40;
// Appends ` ; encoding: [0x..,...]` and the newline; bytes [maskFrom, maskFrom + maskSize) are
// shown as A (filled in by a fixup).
void appendEncoding(std::string &out, size_t lineStart, const uint8_t *bytes, size_t n,
                    size_t maskFrom = 0, size_t maskSize = 0);

} // namespace gfxasm::print
