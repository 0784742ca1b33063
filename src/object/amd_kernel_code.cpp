// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "object/amd_kernel_code.h"

#include <utility>

#include <fmt/format.h>

namespace gfxasm::object {

using as::BinOp;
using as::ExprId;

enum class FieldKind : uint8_t { Plain, Expr, Rsrc1, Rsrc2, CodeProp, CodeExpr };

struct AmdKernelCodeParser::Field {
  std::string_view name, alias;
  FieldKind kind;
  uint32_t offset, size, shift, width;
  uint64_t mask() const { return (uint64_t(1) << width) - 1; }
};

namespace {

constexpr AmdKernelCodeParser::Field kFields[] = {
#define AKC_FIELD(name, alias, kind, offset, size, shift, width)                                   \
  {#name, #alias, FieldKind::kind, offset, size, shift, width},
#include "object/amd_kernel_code_fields.def"
#undef AKC_FIELD
};

constexpr uint32_t kCodePropertiesOffset = 56;
constexpr uint32_t kWavefrontSize32Bit = 1u << 10;

} // namespace

AmdKernelCodeParser::AmdKernelCodeParser(const KdTarget &target, as::SymbolTable &syms)
    : t_(target), syms_(syms) {
  write(0, 4, 1); // amd_code_version 1.2
  write(4, 4, 2);
  write(8, 2, 1); // AMD_MACHINE_KIND_AMDGPU
  write(10, 2, t_.major);
  write(12, 2, t_.minor);
  write(14, 2, t_.stepping);
  write(16, 8, 256); // the code right after the 256 bytes
  write(100, 1, 4);  // kernarg, group and private segment alignments: 2^4
  write(101, 1, 4);
  write(102, 1, 4);
  write(103, 1, t_.wave32 ? 5 : 6);
  write(104, 4, 0xffffffff); // call_convention -1: no indirect calls
  if (t_.wave32) write(kCodePropertiesOffset, 4, kWavefrontSize32Bit);
  // GFX10+: WGP_MODE (not in CU mode), MEM_ORDERED and FWD_PROGRESS; llvm sets the last with an
  // int shifted into bit 31, so the 64-bit register pair is sign-extended: RSRC2 all ones.
  uint64_t rsrc = 0;
  if (t_.major >= 10)
    rsrc = (t_.cuMode ? 0 : uint64_t(1) << 29) | uint64_t(1) << 30 | 0xffffffff80000000ull;
  as::ExprPool &pool = syms_.pool();
  rsrc1_ = pool.constant(static_cast<int64_t>(rsrc & 0xffffffff));
  rsrc2_ = pool.constant(static_cast<int64_t>(rsrc >> 32));
  dynamicCallstack_ = pool.constant(0);
  for (ExprField *f : {&privateSize_, &sgprCount_, &vgprCount_}) f->expr = dynamicCallstack_;
}

uint64_t AmdKernelCodeParser::read(uint32_t offset, uint32_t size) const {
  uint64_t v = 0;
  for (uint32_t i = 0; i < size; ++i) v |= uint64_t(image_[offset + i]) << (8 * i);
  return v;
}

void AmdKernelCodeParser::write(uint32_t offset, uint32_t size, uint64_t value) {
  for (uint32_t i = 0; i < size; ++i) image_[offset + i] = static_cast<uint8_t>(value >> (8 * i));
}

const AmdKernelCodeParser::ExprField &AmdKernelCodeParser::exprField(uint32_t offset) const {
  return offset == 60 ? privateSize_ : offset == 84 ? sgprCount_ : vgprCount_;
}

AmdKernelCodeParser::ExprField &AmdKernelCodeParser::exprField(uint32_t offset) {
  return const_cast<ExprField &>(std::as_const(*this).exprField(offset));
}

ExprId &AmdKernelCodeParser::expression(const Field &f) {
  switch (f.kind) {
  case FieldKind::Rsrc1: return rsrc1_;
  case FieldKind::Rsrc2: return rsrc2_;
  case FieldKind::CodeExpr: return dynamicCallstack_;
  default: return exprField(f.offset).expr;
  }
}

ExprId AmdKernelCodeParser::expression(const Field &f) const {
  return const_cast<AmdKernelCodeParser *>(this)->expression(f);
}

bool AmdKernelCodeParser::fail(uint32_t col, std::string message) {
  errors_.push_back({line_, col, 0, std::move(message)});
  return false;
}

// llvm's parseAbsoluteExpression for plain fields and code properties, parseExpression for the
// others (kept as expressions), each with its second message when it fails.
bool AmdKernelCodeParser::value(const Field &f, as::Cursor &c) {
  const uint32_t at = c.peek().col;
  const size_t start = c.pos;
  as::ExprResult r = as::parseExpr(c, syms_, /*relocatable=*/true);
  const bool absoluteWanted = f.kind == FieldKind::Plain || f.kind == FieldKind::CodeProp;
  if (!r.ok() || (absoluteWanted && r.kind != as::ExprResult::Kind::Absolute)) {
    if (r.ok())
      fail(at, "expected absolute expression");
    else
      fail(r.errCol, r.error);
    return fail(c.peek().col, absoluteWanted ? "integer absolute expression expected"
                                             : "Could not parse expression");
  }
  as::ExprPool &pool = syms_.pool();
  const ExprId v = r.kind == as::ExprResult::Kind::Absolute ? pool.constant(r.value) : r.expr;
  const uint64_t value = static_cast<uint64_t>(r.value);
  switch (f.kind) {
  case FieldKind::Plain: write(f.offset, f.size, value); break;
  case FieldKind::CodeProp: {
    const uint64_t mask = f.mask() << f.shift;
    write(f.offset, 4, (read(f.offset, 4) & ~mask) | ((value << f.shift) & mask));
    break;
  }
  case FieldKind::Rsrc1:
  case FieldKind::Rsrc2: {
    // (word & COMPLEMENT) | ((value & mask) << shift), the complement a 32-bit constant
    ExprId &word = expression(f);
    ExprId bits = pool.binary(BinOp::And, v, pool.constant(static_cast<int64_t>(f.mask())));
    if (f.shift) bits = pool.binary(BinOp::Shl, bits, pool.constant(f.shift));
    const auto complement = static_cast<uint32_t>(~(f.mask() << f.shift));
    word = pool.binary(BinOp::Or, pool.binary(BinOp::And, word, pool.constant(complement)), bits);
    break;
  }
  case FieldKind::CodeExpr: dynamicCallstack_ = v; break;
  case FieldKind::Expr:
    exprField(f.offset) = {v, line_,
                           as::expressionLocation({c.toks.data() + start, c.pos - start})};
    break;
  }
  return true;
}

// What llvm checks after reading a wavefront size field.
std::string AmdKernelCodeParser::waveCheck(const Field &f) const {
  const bool gfx10Plus = t_.major >= 10;
  if (f.name == "enable_wavefront_size32") {
    if (read(kCodePropertiesOffset, 4) & kWavefrontSize32Bit) {
      if (!gfx10Plus) return "enable_wavefront_size32=1 is only allowed on GFX10+";
      if (!t_.wave32) return "enable_wavefront_size32=1 requires +WavefrontSize32";
    } else if (t_.wave32) {
      return "enable_wavefront_size32=0 requires +WavefrontSize64";
    }
  } else if (f.name == "wavefront_size") {
    const uint64_t size = read(f.offset, f.size);
    if (size == 5) {
      if (!gfx10Plus) return "wavefront_size=5 is only allowed on GFX10+";
      if (!t_.wave32) return "wavefront_size=5 requires +WavefrontSize32";
    } else if (size == 6 && t_.wave32) {
      return "wavefront_size=6 requires +WavefrontSize64";
    }
  }
  return "";
}

AmdKernelCodeParser::Status AmdKernelCodeParser::statement(as::Cursor &c, uint32_t line) {
  line_ = line;
  if (!pendingCheck_.empty()) { // (at this line's first token, which llvm then reads again)
    reread_ = true;
    fail(c.peek().col, std::move(pendingCheck_));
    return Status::Error;
  }
  while (!c.atEnd()) {
    const as::Token &id = c.peek();
    if (id.kind != as::Tok::Identifier) {
      reread_ = c.pos == 0;
      fail(id.col, std::string(kExpectedField));
      return Status::Error;
    }
    c.next();
    if (id.text == ".end_amd_kernel_code_t") return Status::Done;
    if (id.text == "max_scratch_backing_memory_byte_size") { // (deprecated: ignored)
      while (!c.atEnd()) c.next();
      return Status::More;
    }
    const Field *f = nullptr;
    for (const Field &k : kFields)
      if (k.name == id.text || k.alias == id.text) f = &k;
    if (!f) {
      fail(c.peek().col, fmt::format("unexpected amd_kernel_code_t field name {}", id.text));
      return Status::Error;
    }
    if (!c.accept(as::Tok::Equal)) {
      fail(c.peek().col, "expected '='");
      return Status::Error;
    }
    if (!value(*f, c)) return Status::Error;
    // llvm lexes the token after the value (the line's end, normally) and checks there.
    const bool lineEnds = c.atEnd();
    if (!lineEnds) c.next();
    std::string check = waveCheck(*f);
    if (!check.empty()) {
      if (lineEnds) {
        pendingCheck_ = std::move(check);
        return Status::More;
      }
      fail(c.peek().col, std::move(check));
      return Status::Error;
    }
  }
  return Status::More;
}

std::optional<std::string> AmdKernelCodeParser::validationError() const {
  int64_t rsrc1;
  if (!evaluateAsAbsolute(syms_, rsrc1_, rsrc1) || t_.major >= 10) return std::nullopt;
  for (const Field &f : kFields)
    if (f.kind == FieldKind::Rsrc1 && f.shift >= 29 && (rsrc1 >> f.shift & 1))
      return fmt::format("{}=1 is only allowed on GFX10+", f.name);
  return std::nullopt;
}

std::string AmdKernelCodeParser::print() const {
  as::ExprPool &pool = syms_.pool();
  std::string out = "\t.amd_kernel_code_t\n";
  for (const Field &f : kFields) {
    out += fmt::format("\t\t{} = ", f.name);
    switch (f.kind) {
    case FieldKind::Plain: {
      // llvm prints (int)value: 32 bits and more wrap to a signed 32-bit number
      const uint64_t v = read(f.offset, f.size);
      out += f.size >= 4 ? std::to_string(static_cast<int32_t>(v)) : std::to_string(v);
      break;
    }
    case FieldKind::CodeProp: out += std::to_string(read(f.offset, 4) >> f.shift & f.mask()); break;
    case FieldKind::Rsrc1:
    case FieldKind::Rsrc2: {
      ExprId bits = expression(f);
      if (f.shift) bits = pool.binary(BinOp::Shr, bits, pool.constant(f.shift));
      bits = pool.binary(BinOp::And, bits, pool.constant(static_cast<int64_t>(f.mask())));
      out += printDirectiveValue(syms_, bits);
      break;
    }
    default: out += printDirectiveValue(syms_, expression(f)); break;
    }
    out += '\n';
  }
  return out + "\t.end_amd_kernel_code_t\n";
}

std::vector<AmdKernelCodeParser::Piece> AmdKernelCodeParser::pieces() const {
  as::ExprPool &pool = syms_.pool();
  // code_properties with is_dynamic_callstack's bit: props | ((expr & 1) << 20)
  const ExprId codeProperties = pool.binary(
      BinOp::Or, pool.constant(static_cast<int64_t>(read(kCodePropertiesOffset, 4))),
      pool.binary(BinOp::Shl, pool.binary(BinOp::And, dynamicCallstack_, pool.constant(1)),
                  pool.constant(20)));
  // The words kept as expressions, in the order of their offsets: the RSRC pair and the code
  // properties, then the table's expression fields.
  struct Word {
    uint32_t offset, size;
    ExprField field;
  };
  std::vector<Word> exprs = {{48, 4, {rsrc1_}}, {52, 4, {rsrc2_}}, {56, 4, {codeProperties}}};
  for (const Field &f : kFields)
    if (f.kind == FieldKind::Expr) exprs.push_back({f.offset, f.size, exprField(f.offset)});
  std::vector<Piece> out;
  uint32_t at = 0;
  auto bytesUpTo = [&](uint32_t end) {
    for (; at < end; at += 8) {
      const uint32_t n = std::min<uint32_t>(8, end - at);
      out.push_back({n, static_cast<int64_t>(read(at, n)), as::kNoExpr});
    }
    at = end;
  };
  for (const Word &e : exprs) {
    bytesUpTo(e.offset);
    out.push_back({e.size, 0, e.field.expr, e.field.line, e.field.col});
    at += e.size;
  }
  bytesUpTo(256);
  return out;
}

} // namespace gfxasm::object
