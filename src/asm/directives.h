// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Assembler directives (.text, .globl, .p2align, .type, .amdgcn_target, ...).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "asm/expr.h"

namespace gfxasm {
class Target;
}
namespace gfxasm::obj {
struct DwarfTables;
}

namespace gfxasm::as {

// A section as a `.section` directive or a section switch names it.
// Whether `v` fits `bytes` bytes as a signed or as an unsigned number (llvm's isIntN || isUIntN:
// what a data directive and an emitted value must).
inline bool fitsInBytes(int64_t v, unsigned bytes) {
  if (bytes >= 8) return true;
  const unsigned bits = 8 * bytes;
  return v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << bits);
}

struct SectionSpec {
  std::string name;
  uint32_t type = 1; // SHT_*
  uint64_t flags = 0;
  uint64_t entsize = 0;
  std::string flagsText, typeText; // as printed: "ax", "@progbits"
  std::string group;               // a section group's signature (flag G)
  bool comdat = false;
  uint32_t uniqueId = ~0u; // `,unique,N`: one of several sections of the same name
  std::string linkedTo{};  // flag o (SHF_LINK_ORDER): the symbol whose section sh_link names
  uint32_t subsection = 0; // (llvm's subsections: laid out in increasing number)
};

// What directives do to the object being built (sections, data, symbols): the assembler.
class ObjectStreamer {
public:
  virtual ~ObjectStreamer() = default;
  virtual void switchSection(const SectionSpec &spec) = 0;
  virtual bool pushSection() = 0; // .pushsection's save: false when nothing to save
  virtual bool popSection() = 0;  // false: no section to pop
  virtual bool previousSection() = 0;
  virtual SectionSpec currentSection() = 0;
  // A data value of `size` bytes: written now when absolute, else a fixup (col: for its errors).
  virtual void emitValue(int64_t value, ExprId expr, unsigned size, uint32_t col) = 0;
  virtual void registerSymbol(Symbol &s) = 0;
  // Symbols an expression names, registered in the order they appear.
  virtual void registerSymbolsOf(ExprId expr) = 0;
  virtual void emitZeros(uint64_t count) = 0; // .zero/.space/.comm's room in the section
  virtual uint64_t sectionOffset() = 0;
  // Raises the section's alignment; false (nothing changed) when, in an object, the file padding
  // it may need does not fit in AssembleOptions::maxSectionBytes.
  virtual bool raiseAlignment(uint64_t align) = 0;
  // Counts `bytes` that a repeating or padding directive adds to the sections against
  // AssembleOptions::maxSectionBytes: false (nothing counted) when they do not fit.
  virtual bool claimSectionBytes(uint64_t bytes) = 0;
  virtual size_t maxSectionBytes() = 0;
  virtual bool inTextSection() = 0;
  virtual bool writesObject() = 0; // -filetype=obj
  virtual void addIdent(std::string_view text) = 0;
  virtual void enableAddrsig() = 0;
  virtual void addrsigSymbol(Symbol &s) = 0;
  virtual void defineInBss(Symbol &s, uint64_t size) = 0; // .lcomm
  virtual uint32_t sectionIndex() = 0; // the current section's (in creation order)
  // Bytes are about to be written here: a pending `.loc` gets its line entry (data directives
  // that write values or strings; instructions and emitValue do it themselves).
  virtual void lineEntryHere() = 0;
  // A relocatable expression's value where it is already known (a difference of defined labels
  // whose distance is final).
  virtual bool evaluateNow(ExprId expr, int64_t &value) = 0;
  // A .uleb128/.sleb128 of a value known only once the layout is final (-filetype=obj): its size
  // is relaxed as llvm relaxes it (col: where llvm reports it if it is not absolute then).
  virtual void emitLeb(ExprId expr, bool isSigned, uint32_t col) = 0;
  // A label's offset plus a constant, when `expr` is one and the label is defined (.org).
  virtual bool labelOffsetNow(ExprId expr, int64_t &value) = 0;
  // An error llvm reports when it lays out the object (only when its parser found none).
  virtual void layoutError(uint32_t col, std::string message) = 0;
  virtual void markGnuAbi() = 0; // a GNU extension of ELF is used (llvm's markGnuAbi)
  // llvm's layout starts a new fragment here (an alignment, .zero/.space/.skip, .org, a deferred
  // LEB): a `.reloc` at a label puts its relocation after those of the label's fragment.
  virtual void newFragment() = 0;
  // `.reloc OFFSET, TYPE[, EXPR]` (-filetype=obj): offset absolute (`offsetValue`, from the
  // section's start) or relocatable (`offsetExpr`), the relocation's symbol and addend from
  // `expr` (kNoExpr: none); the columns of the offset and the expression for its errors.
  virtual void relocDirective(ExprId offsetExpr, int64_t offsetValue, uint32_t type, ExprId expr,
                              uint32_t offsetCol, uint32_t exprCol) = 0;
  // Whether llvm's evaluateAsRelocatable takes `expr` (a symbol minus a symbol plus a constant).
  virtual bool relocatableNow(ExprId expr) = 0;
  // `.subsection N`: the current section's subsection N (0: the section's own).
  virtual void switchSubsection(uint32_t number) = 0;
  // `.symver NAME, ALIAS@VERSION[, remove]` (at column `col`), done when the object is written.
  // `.cg_profile FROM, TO, COUNT` (the names at columns fromCol and toCol).
  virtual void cgProfile(std::string_view from, std::string_view to, uint64_t count,
                         uint32_t fromCol, uint32_t toCol) = 0;
  virtual void symver(std::string_view original, std::string alias, bool keepOriginal,
                      uint32_t col) = 0;
  // `.cfi_label NAME` (`line`: `.loc_label NAME`) with NAME at column `col`: the label llvm
  // defines when it writes the frames (the line table), where its "already defined" error points.
  virtual void generatedLabel(std::string_view name, uint32_t col, bool line) = 0;
};

struct DirectiveContext {
  SymbolTable &syms;
  std::vector<uint8_t> &code;
  std::string &out; // asm output stream
  bool asmOut;
  const Target &target;
  std::string &section; // the section last switched to, as name,flags,type ("" before any switch)
  ObjectStreamer &streamer;
  obj::DwarfTables &dwarf;                     // .file/.loc/.cfi_* (asm/dwarf_directives.cpp)
  const std::vector<std::string> &includeDirs; // -I: where .incbin looks
  // llvm's target id: triple (arch-vendor-os-environment), processor, and for HSA the features
  // (`amdgcn-amd-amdhsa--gfx90a:xnack+`, `amdgcn-amd-amdpal--gfx1100`).
  std::string_view targetId;
  bool hsa; // an amdhsa triple
  std::vector<std::pair<uint32_t, std::string>>
      warnings{}; // (0-based column, 0: the directive's; message)
  std::vector<std::pair<uint32_t, std::string>> errors{}; // before the directive's own error
  std::string errorAtNextLine{};      // llvm's streamer reports it where its lexer is then
  std::string errorWithoutLocation{}; // llvm's context reports it without a location
  // What follows the directive is a statement of its own: llvm's handlers of .popsection,
  // .previous and the AMDGPU target directives stop reading without checking for the end.
  bool restIsStatement = false;
  // The error is llvm's streamer's (its context's), not its parser's: it does not keep llvm from
  // laying out the object at the end.
  bool streamerError = false;
  // `.amd_amdgpu_isa`: llvm's ELF streamer writes the target id as an NT_AMD_HSA_ISA_NAME note.
  bool isaNameNote = false;
};

// An expression operand of a directive or symbol assignment: absolute (its value, printed in
// decimal), or relocatable (labels, names defined later), printed as llvm prints it back
// (parseExpr's text). ok is false with `err`/`errCol` set when it is neither.
struct ExprText {
  bool ok = false;
  bool absolute = false;
  int64_t value = 0;
  std::string text;
  ExprId expr = kNoExpr; // relocatable: its tree
};
// `withText` false: no text (an object's .set, which prints nothing).
ExprText exprText(Cursor &c, SymbolTable &syms, std::string &err, uint32_t &errCol,
                  bool withText = true);

// Records a directive's error (message, 0-based column) and returns false: `return fail(col, msg)`.
struct DirectiveError {
  std::string &msg;
  uint32_t &col;
  bool operator()(uint32_t at, std::string text) {
    msg = std::move(text);
    col = at;
    return false;
  }
};

// The bytes of a string token's text (llvm's escapes), and bytes as llvm prints them in quotes.
std::string unescape(std::string_view t);
std::string escape(std::string_view bytes);
// Bytes as llvm's asm streamer prints them: one as .byte, more as .ascii, or .asciz when the
// last is 0; nothing for none.
void printBytes(std::string &out, std::string_view bytes);

// The debug-information directives (.file, .loc, .cfi_*, .uleb128, .sleb128): `handled` false
// when `name` is none of them.
bool dwarfDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, std::string &err,
                    uint32_t &errCol, bool &handled);

// Handles directive `name` with its operands at the cursor; false with `err`/`errCol` on error.
bool handleDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, std::string_view line,
                     std::string &err, uint32_t &errCol);

} // namespace gfxasm::as
