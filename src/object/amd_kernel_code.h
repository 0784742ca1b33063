// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// `.amd_kernel_code_t` ... `.end_amd_kernel_code_t` outside HSA (Mesa, PAL, no OS): the 256-byte
// amd_kernel_code_t llvm-mc-22 builds from the block's `NAME = VALUE` lines
// (AMDGPUAsmParser::ParseDirectiveAMDKernelCodeT over AMDGPUMCKernelCodeT), prints back in full
// (-filetype=asm) and writes where the block ends (-filetype=obj). The fields:
// amd_kernel_code_fields.def.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "asm/expr.h"
#include "object/amdhsa_kernel.h"

namespace gfxasm::object {

class AmdKernelCodeParser {
public:
  using Status = AmdhsaKernelParser::Status;
  static constexpr std::string_view kExpectedField =
      "expected value identifier or .end_amd_kernel_code_t";

  // The defaults llvm gives the processor (initDefaultAMDKernelCodeT).
  AmdKernelCodeParser(const KdTarget &target, as::SymbolTable &syms);

  // One line's tokens (after the directive on its own line, the rest of that line). llvm reads
  // one field a line, and skips the one token after a value where the line should end.
  Status statement(as::Cursor &c, uint32_t line);
  // Error: what llvm reports, in order (a value that is no absolute expression gets two
  // messages), and whether it then reads the line again as a statement from the failing token
  // (which starts its line; else the line's rest is dropped).
  const std::vector<KdError> &errors() const { return errors_; }
  bool rereadStatement() const { return reread_; }
  // What llvm reports at the end of the input inside the block.
  std::string errorAtEnd() const {
    return pendingCheck_.empty() ? std::string(kExpectedField) : pendingCheck_;
  }

  // Done: llvm's check of COMPUTE_PGM_RSRC1 (reported without a location), the block as llvm
  // prints it ("\t.amd_kernel_code_t\n" ... "\t.end_amd_kernel_code_t\n"), and its bytes in
  // order, each piece a value or an expression of `size` bytes.
  std::optional<std::string> validationError() const;
  std::string print() const;
  struct Piece {
    uint32_t size = 0;
    int64_t value = 0;
    as::ExprId expr = as::kNoExpr;
    uint32_t line = 0, col = 0; // where a field's own expression was written (0: nowhere)
  };
  std::vector<Piece> pieces() const;

  struct Field; // (amd_kernel_code.cpp)

private:
  bool fail(uint32_t col, std::string message);
  bool value(const Field &f, as::Cursor &c);
  std::string waveCheck(const Field &f) const;
  // A field kept as an expression (`Expr`), and where its value was written.
  struct ExprField {
    as::ExprId expr = as::kNoExpr;
    uint32_t line = 0, col = 0;
  };
  const ExprField &exprField(uint32_t offset) const;
  ExprField &exprField(uint32_t offset);
  as::ExprId &expression(const Field &f);
  as::ExprId expression(const Field &f) const;
  uint64_t read(uint32_t offset, uint32_t size) const;
  void write(uint32_t offset, uint32_t size, uint64_t value);

  const KdTarget &t_;
  as::SymbolTable &syms_;
  uint8_t image_[256] = {};
  as::ExprId rsrc1_, rsrc2_, dynamicCallstack_;
  ExprField privateSize_, sgprCount_, vgprCount_;
  std::vector<KdError> errors_;
  bool reread_ = false;
  uint32_t line_ = 0;
  std::string pendingCheck_; // llvm's check at the token after the value's line: the next line
};

} // namespace gfxasm::object
