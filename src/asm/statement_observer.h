// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// A read-only view of the assembler's statement stream for tools built on the assembler (the
// analyzer): every instruction, label and directive as the assembler handles it, after macro
// expansion, .if, .rept and .include, with the section and offset it lands at. The assembler
// stays the only parser of assembly text.
#pragma once

#include <cstdint>
#include <string_view>

#include "gfxasm/gfxasm.h"
#include "isa/inst.h"

namespace gfxasm::as {

// Where a statement is: its whole line (a view into the caller's source when the line is the
// main file's, else into a macro instantiation or an included file) and 1-based line number in
// that buffer.
struct StatementSource {
  std::string_view line;
  uint32_t lineNumber = 0;
};

class StatementObserver {
public:
  virtual ~StatementObserver() = default;
  // An instruction that assembled; `inst` is valid during the call only (its label symbol views
  // the statement's text). col0: the mnemonic's 0-based column.
  virtual void instruction(const isa::Inst &inst, const StatementSource &at, uint32_t col0,
                           uint32_t section, uint64_t offset, unsigned sizeBytes) = 0;
  virtual void label(std::string_view name, const StatementSource &at, uint32_t col0,
                     uint32_t section, uint64_t offset) = 0;
  // Any directive the assembler itself reads (not the macro stage's): its name and the rest of
  // the line (as written), after it was applied.
  virtual void directive(std::string_view name, std::string_view rest, const StatementSource &at,
                         uint32_t section) = 0;
  // A section the assembler created (index = its position; 0 is .text) and its ELF flags.
  virtual void section(uint32_t index, std::string_view name, uint64_t flags) = 0;
};

// assemble() with an observer (OutputKind::Null is the cheapest: nothing printed).
AssembleResult assembleObserved(const Target &target, std::string_view source,
                                const AssembleOptions &options, StatementObserver &observer);

} // namespace gfxasm::as
