// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// `.amdhsa_kernel NAME` ... `.end_amdhsa_kernel`: the kernel descriptor llvm-mc-22 builds from the
// block (AMDGPUAsmParser::ParseDirectiveAMDHSAKernel), prints back (-filetype=asm) and writes as
// the 64 bytes of `NAME.kd` (-filetype=obj). Each word is an expression tree (as::ExprPool) built
// as llvm builds its MCExprs, so that values set later in the file (clang-22's
// `max(totalnumvgprs(k.num_agpr, k.num_vgpr), 1, 0)`) print as llvm prints them and resolve at
// the end. The directives, their fields, checks and print order: amdhsa_fields.def.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "asm/expr.h"

namespace gfxasm {
class Target;
}

namespace gfxasm::object {

// What the block depends on: the processor, its features and the code object version.
struct KdTarget {
  std::string cpu;
  unsigned major = 9, minor = 0, stepping = 0;
  bool gfx90a = false;          // gfx90a, gfx942, gfx950 (llvm's isGFX90A)
  bool archFlatScratch = false; // gfx942, gfx950, gfx11
  bool kernargPreload = false;  // gfx90a, gfx942, gfx950
  bool wave32 = false;          // gfx11 without +wavefrontsize64
  bool cuMode = false, tgSplit = false;
  bool xnackSupported = false, xnackOnOrAny = false;
  unsigned codeObjectVersion = 6; // llvm-mc-22's default; `.amdhsa_code_object_version N` sets it
  as::TargetInfo info;            // for the AMDGPU expression functions
};
KdTarget kdTargetFor(const Target &target, unsigned codeObjectVersion);

// How many `.amdhsa_*` directive entries the table has.
inline constexpr size_t kAmdhsaDirectiveSlots = 0
#define AMDHSA_DIRECTIVE(name, kind, word, shift, width, resolve, gate, message, userSgprs) +1
#include "object/amdhsa_fields.def"
    ;

// The descriptor's words as expressions (ids in the symbol table's pool), and the values the
// printed block shows that are no word of it.
struct KernelDescriptor {
  enum Word : uint8_t {
#define AMDHSA_WORD(id, offset, size) id,
#include "object/amdhsa_fields.def"
    NumWords
  };
  static constexpr uint8_t kOffset[NumWords] = {
#define AMDHSA_WORD(id, offset, size) offset,
#include "object/amdhsa_fields.def"
  };
  static constexpr uint8_t kSize[NumWords] = {
#define AMDHSA_WORD(id, offset, size) size,
#include "object/amdhsa_fields.def"
  };
  static constexpr uint32_t kEntryOffset = 16; // kernel_code_entry_byte_offset: 8 bytes

  std::string name;
  std::array<as::ExprId, NumWords> words{};
  as::ExprId nextFreeVgpr = as::kNoExpr, nextFreeSgpr = as::kNoExpr;
  as::ExprId reserveVcc = as::kNoExpr, reserveFlatScr = as::kNoExpr;
};

// An error of the block: the line it is in (the `line` given with the statement it belongs to:
// the one being read, or for the register counts checked at the end, the one that gave them),
// llvm's column (0-based, as Token::col) and, where llvm underlines a range (`^~~~`), its end
// (exclusive; 0: a caret only).
struct KdError {
  uint32_t line = 0;
  uint32_t col = 0, endCol = 0;
  std::string message;
};

// Reads the statements of one block, as llvm reads them after `.amdhsa_kernel NAME`.
class AmdhsaKernelParser {
public:
  AmdhsaKernelParser(std::string_view name, const KdTarget &target, as::SymbolTable &syms);
  enum class Status : uint8_t {
    More,  // the statement is read: give the next one
    Done,  // `.end_amdhsa_kernel` was read and the block is valid: kernel() holds it. Tokens
           // after it (c.atEnd() false) are, for llvm, the start of a new statement.
    Error, // error() says why; llvm goes on with the statement's tokens from c.pos as a new
           // statement, and with the block's remaining lines as ordinary statements
  };
  // One statement's tokens (an empty statement is skipped; several fields may share a line);
  // `line`: the caller's line number, for KdError::line.
  Status statement(as::Cursor &c, uint32_t line);
  const KdError &error() const { return error_; }
  std::span<const KdError> errors() const { return {&error_, 1}; }
  // Error: whether llvm reads the line again as a statement from the failing token (a line that
  // starts with no field name; not a token after a field's value).
  bool rereadStatement() const { return reread_; }
  const KernelDescriptor &kernel() const { return kd_; }

private:
  bool fail(uint32_t col, uint32_t endCol, std::string message, uint32_t line = ~0u);
  bool field(as::Cursor &c);
  bool finish(as::Cursor &c);
  as::ExprId constant(int64_t v);
  void bitsSet(as::ExprId &word, as::ExprId value, uint32_t shift, uint32_t width);

  const KdTarget &t_;
  as::SymbolTable &syms_;
  KernelDescriptor kd_;
  KdError error_;
  // The `.amdhsa_*` lines read so far: table entries by index, other names by text.
  bool markSeen(std::string_view id, const void *directive); // false when seen before
  bool seen(std::string_view id) const;
  std::bitset<kAmdhsaDirectiveSlots> seenKnown_;
  std::set<std::string, std::less<>> seenUnknown_;
  as::ExprId accumOffset_;
  uint32_t line_ = 0; // the statement being read
  uint32_t vgprLine_ = 0, vgprCol_ = 0, vgprEnd_ = 0, sgprLine_ = 0, sgprCol_ = 0, sgprEnd_ = 0;
  uint64_t sharedVgprCount_ = 0, preloadLength_ = 0, preloadOffset_ = 0;
  unsigned impliedUserSgprs_ = 0;
  bool explicitUserSgprs_ = false;
  uint64_t userSgprCount_ = 0;
  int wave32_ = -1; // .amdhsa_wavefront_size32's value, -1 when not given
  bool reread_ = false;
};

// The block as llvm-mc-22 prints it, from "\t.amdhsa_kernel NAME\n" to "\t.end_amdhsa_kernel\n"
// (llvm-mc prints an empty line after it, as after its other target directives). Evaluates with
// the symbols as they are now (the point of `.end_amdhsa_kernel`).
std::string printAmdhsaKernel(const KernelDescriptor &kd, const KdTarget &target,
                              as::SymbolTable &syms);

// The 64 bytes of `NAME.kd`. Words absolute at `stage` (EvalStage::Final once every symbol is set)
// are written; the others are left zero and listed in `fixups`, as is the code entry offset
// (always: `NAME@rel64 - NAME.kd`, 8 bytes at 16, which llvm writes as R_AMDGPU_REL64 NAME+16).
struct KdFixup {
  uint32_t offset = 0, size = 0;
  as::ExprId expr = as::kNoExpr;
};
void writeKernelDescriptor(const KernelDescriptor &kd, as::SymbolTable &syms, as::EvalStage stage,
                           uint8_t out[64], std::vector<KdFixup> &fixups);
// `NAME@rel64 - NAME.kd` (creates the two symbols in `syms`, as llvm's ELF streamer does when it
// emits the descriptor: after the kernel's symbol, `NAME.kd`).
as::ExprId entryOffsetExpr(const KernelDescriptor &kd, as::SymbolTable &syms);

// llvm's evaluateAsAbsolute without a layout: variables are evaluated through their expressions,
// labels are not absolute.
bool evaluateAsAbsolute(const as::SymbolTable &syms, as::ExprId id, int64_t &out);
// llvm's foldAMDGPUMCExpr (known bits) before an AMDGPU directive value is printed; new nodes go
// to the symbol table's pool.
as::ExprId foldAmdgpuExpr(as::SymbolTable &syms, as::ExprId id);
// An AMDGPU directive's value as llvm's target streamer prints it: folded, then its number when
// it is absolute, else the expression.
std::string printDirectiveValue(as::SymbolTable &syms, as::ExprId e);

} // namespace gfxasm::object
