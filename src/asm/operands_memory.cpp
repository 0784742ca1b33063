// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Operands of the DS, FLAT/GLOBAL/SCRATCH, MUBUF, MTBUF, MIMG formats.
#include <algorithm>
#include <bit>
#include <iterator>

#include <fmt/format.h>

#include "asm/image_address.h"
#include "asm/memory_operands.h"
#include "asm/operand_families.h"
#include "gfxasm/gfxasm.h"
#include "isa/arch_traits.h"
#include "isa/buffer_formats.h"
#include "isa/constants.h"

namespace gfxasm::as {

using namespace isa;

namespace {

bool invalid(ParseContext &ctx, uint32_t col) {
  return ctx.fail(col, "invalid operand for instruction");
}

// VGPRs at the cursor: v5, v[4:7], [v4, v5]; the field holds the first register's number. With
// `agpr`, AGPRs (a5, a[4:7]) are taken too and set it.
bool parseVgprs(ParseContext &ctx, Cursor &c, OperandValue &v, bool *agpr = nullptr) {
  const Token &start = c.peek();
  Reg r;
  if (!parseRegister(ctx, c, r)) return ctx.err.set ? false : invalid(ctx, start.col);
  bool isAgpr = r.file == RegFile::AGPR && agpr;
  if ((r.file != RegFile::VGPR && !isAgpr) || r.half) return invalid(ctx, start.col);
  if (agpr) *agpr = isAgpr;
  v.value = r.index;
  v.regCount = static_cast<uint8_t>(r.count);
  return true;
}

bool isAccClass(OpClass c) {
  return c == OpClass::mem_acc || c == OpClass::mem_acc_noasm || c == OpClass::mem_acc_invalid;
}

// A data operand (av_tuple): VGPRs, or AGPRs where the entry's acc bit is one the assembler sets;
// every data operand of the instruction is of the file the first one is.
bool parseDataRegisters(ParseContext &ctx, Cursor &c, Inst &inst, OperandValue &v) {
  const Token &start = c.peek();
  bool agpr = false, accOperand = false;
  if (!parseVgprs(ctx, c, v, &agpr)) return false;
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    if (!isAccClass(ops[i].cls)) continue;
    accOperand = true;
    OperandValue &acc = inst.ops[i];
    if (agpr && ops[i].cls != OpClass::mem_acc) return invalid(ctx, start.col);
    if (acc.present && acc.value != agpr) return invalid(ctx, start.col);
    acc.present = true;
    acc.value = agpr;
  }
  return !agpr || accOperand || invalid(ctx, start.col);
}

// Whether the data registers read so far are AGPRs (the entry's acc operand is set).
bool readAgprs(const Inst &inst) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (isAccClass(ops[i].cls) && inst.ops[i].present && inst.ops[i].value) return true;
  return false;
}

// `name:expr` of a modifier (llvm-mc also takes a bracket expression, offset:[4]); the name is at
// the cursor.
bool parseModifierValue(ParseContext &ctx, Cursor &c, int64_t &value, uint32_t &col) {
  c.next();
  if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
  col = c.peek().col;
  if (!startsExpr(c.peek()) && !c.is(Tok::LBrac)) return invalid(ctx, col);
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  value = e.value;
  return true;
}

// (llvm reports an offset out of range at the modifier's name: `offset:5000` under `offset`)
// (`checkedAfterMatch`: a memory instruction's offset, whose range llvm checks after matching
// (validateOffset/validateFlatOffset): on gfx11 in the order of its checks after matching, so
// that an operand no entry takes comes first; on gfx9 before its other checks of a memory
// instruction (register alignment, cache bits) and after every mismatch and parse error)
bool parseOffset(ParseContext &ctx, Cursor &c, OperandValue &v, int64_t lo, int64_t hi,
                 unsigned bits, const char *msg, const Inst *checkedAfterMatch = nullptr) {
  int64_t value = 0;
  uint32_t col = 0;
  const uint32_t nameCol = c.peek().col;
  if (!parseModifierValue(ctx, c, value, col)) return false;
  v.value = static_cast<uint32_t>(value) & ((1u << bits) - 1);
  if (value >= lo && value <= hi) return true;
  if (!checkedAfterMatch) return ctx.fail(nameCol, msg);
  if (checkedAfterMatch->arch->name != "gfx9") return ctx.deferCheck(nameCol, msg, 3);
  ctx.afterMatchError = msg;
  ctx.afterMatchCol = nameCol;
  return true;
}

bool isWord(Cursor &c, std::string_view w) {
  return c.is(Tok::Identifier) && c.peek().text == w;
}

// The SGPR base of GLOBAL (a 64-bit pair) and SCRATCH (one SGPR) addressing.
bool parseFlatSaddr(ParseContext &ctx, Cursor &c, const OperandDesc &d, const Inst &inst,
                    OperandValue &v) {
  const Token &start = c.peek();
  Reg r;
  if (!parseRegister(ctx, c, r)) return ctx.err.set ? false : invalid(ctx, start.col);
  unsigned dwords = typeDwords(d.type, false);
  if (!isScalarDestination(r) || !regWidthOk(r, dwords)) return invalid(ctx, start.col);
  bool special = r.file == RegFile::Special;
  if (dwords == 2) {
    // A pair: SGPRs, ttmps or the special pairs among them (vcc; gfx9's flat_scratch and
    // xnack_mask); exec and null too where flatSaddrTakesExec.
    bool anyPair = flatSaddrTakesExec(*inst.arch, *inst.desc);
    if (special && r.index >= src::kTtmp0 && !anyPair) return invalid(ctx, start.col);
  } else if (special && r.index == src::kExecHi) {
    return invalid(ctx, start.col);
  }
  v.value = sourceEncoding(r);
  return true;
}

} // namespace

bool flatSaddrTakesExec(const ArchTables &arch, const InstrDesc &desc) {
  bool vaddr = false, lds = desc.name.find("_lds_") != std::string_view::npos;
  for (const OperandDesc &o : arch.operandsOf(desc)) {
    vaddr |= o.field == Field::vaddr && o.cls != OpClass::mem_off;
    lds |= o.field == Field::lds;
  }
  return !vaddr || lds;
}

namespace {

// Resource/sampler descriptors: an aligned SGPR or TTMP tuple, encoded as its first register / 4.
bool parseDescriptor(ParseContext &ctx, Cursor &c, const OperandDesc &d, OperandValue &v) {
  const Token &start = c.peek();
  Reg r;
  if (!parseRegister(ctx, c, r)) return ctx.err.set ? false : invalid(ctx, start.col);
  if ((r.file != RegFile::SGPR && r.file != RegFile::TTMP) || r.count != typeDwords(d.type, false))
    return invalid(ctx, start.col);
  v.value = sourceEncoding(r) / 4;
  return true;
}

bool atNamedModifier(const Cursor &c, size_t ahead = 0) {
  return c.peek(ahead).kind == Tok::Identifier && c.peek(ahead + 1).kind == Tok::Colon;
}

// `word:N` before an MTBUF soffset (llvm-mc's older syntax: a number only, no names): format:N,
// or on gfx9 dfmt:N and nfmt:N. `what` names the value in the range error.
bool parseFormatNumber(ParseContext &ctx, Cursor &c, int64_t max, std::string_view what,
                       int64_t &out) {
  uint32_t col = c.peek().col; // llvm-mc reports a value out of range at the word
  c.next();
  c.next(); // word :
  // A name has no value here (format:[BUF_FMT_32_FLOAT] is a bracket expression to llvm-mc,
  // which reports that at the expression's start).
  uint32_t at = c.peek().col;
  ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
  if (e.kind == ExprResult::Kind::Relocatable) return ctx.fail(at, "expected absolute expression");
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  if (e.value < 0 || e.value > max) return ctx.fail(col, fmt::format("out of range {}", what));
  out = e.value;
  return true;
}

// gfx9's split format before the soffset: dfmt:D and nfmt:N, either or both, in either order,
// each with or without a comma after it (the other one keeps its default, data 8 and UNORM).
bool parseSplitFormat(ParseContext &ctx, Cursor &c, OperandValue &v) {
  int64_t data = 1, num = 0;
  bool haveData = false, haveNum = false;
  while (atNamedModifier(c) && !c.peek().commentAfter &&
         ((c.peek().text == "dfmt" && !haveData) || (c.peek().text == "nfmt" && !haveNum))) {
    bool isData = c.peek().text == "dfmt";
    if (isData ? !parseFormatNumber(ctx, c, 15, "dfmt", data)
               : !parseFormatNumber(ctx, c, 7, "nfmt", num))
      return false;
    (isData ? haveData : haveNum) = true;
    c.accept(Tok::Comma);
  }
  v.value = static_cast<uint32_t>(data | num << kBufNumFormatShift);
  v.present = true;
  return true;
}

// Buffer soffset: a 32-bit scalar register or an inline constant; no literal, no lds_direct, and
// not the registers an architecture lacks in scalar operands (gfx11: src_vccz, src_execz,
// src_pops_exiting_wave_id).
// MTBUF takes its format before the soffset too (`format:22, s1`), and then not after it.
bool parseBufferSoffset(ParseContext &ctx, Cursor &c, const OperandDesc &d, Inst &inst,
                        OperandValue &v) {
  int format = -1;
  const bool split = inst.arch->traits->splitBufferFormat;
  // (llvm-mc looks ahead for the colon here: with a comment between, the word is a symbol)
  if (atNamedModifier(c) && !c.peek().commentAfter) {
    // gfx9 takes dfmt:/nfmt: here (its format:[...] comes after the soffset only), later
    // processors format:N
    std::string_view word = c.peek().text;
    if ((split ? word != "dfmt" && word != "nfmt" : word != "format") ||
        (format = operandIndex(inst, Field::format)) < 0)
      return ctx.fail(c.peek().col, "not a valid operand.");
    OperandValue &f = inst.ops[format];
    if (split) {
      if (!parseSplitFormat(ctx, c, f)) return false;
    } else {
      int64_t n = 0;
      if (!parseFormatNumber(ctx, c, 127, "format", n)) return false;
      f.value = static_cast<uint32_t>(n);
      f.present = true;
      c.accept(Tok::Comma);
    }
    if (c.atEnd()) { // "too few operands" (validate_memory reports it at the mnemonic)
      v.present = false;
      return true;
    }
  }
  const Token &start = c.peek();
  if (atNamedModifier(c)) {
    // A second format: llvm-mc takes the name for a symbol, which no soffset is.
    if (format >= 0 &&
        (split ? start.text == "dfmt" || start.text == "nfmt" : start.text == "format"))
      return invalid(ctx, start.col);
    return ctx.fail(start.col, "not a valid operand.");
  }
  Reg r;
  if (parseRegister(ctx, c, r)) {
    if (!isScalarFile(r) || !regWidthOk(r, 1) ||
        (r.file == RegFile::Special && (r.flags & Reg_NotInScalar)))
      return invalid(ctx, start.col);
    v.value = sourceEncoding(r);
  } else {
    if (ctx.err.set) return false;
    bool hadLiteral = inst.hasLiteral;
    if (!parseSourceImmediate(ctx, c, d, v, inst)) {
      // A name llvm-mc reads as a symbol (glc, an undefined label): no operand an soffset takes.
      if (start.kind != Tok::Identifier) return false;
      ctx.err = {};
      return invalid(ctx, start.col);
    }
    if (v.value == src::kLiteral) {
      inst.hasLiteral = hadLiteral;
      return invalid(ctx, start.col);
    }
  }
  if (v.value == src::kLdsDirect) return invalid(ctx, start.col);
  size_t next = c.is(Tok::Comma) ? 1 : 0;
  if (format >= 0 && atNamedModifier(c, next) && c.peek(next).text == "format")
    return ctx.fail(c.peek(next).col, "duplicate format");
  return true;
}

template <size_t N> int indexIn(const std::string_view (&names)[N], std::string_view s) {
  for (size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<int>(i);
  return -1;
}

// format:N, format:[BUF_FMT_x], format:[BUF_DATA_FORMAT_d, BUF_NUM_FORMAT_n] (either or both).
// With split formats (gfx9) the field holds the data format in bits 3:0 and the numeric one in
// 6:4, and there is no unified name.
bool parseBufferFormat(ParseContext &ctx, Cursor &c, const Inst &inst, OperandValue &v) {
  const bool split = inst.arch->traits->splitBufferFormat;
  c.next();
  if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
  uint32_t col = c.peek().col;
  if (!c.accept(Tok::LBrac)) {
    if (!startsExpr(c.peek())) return invalid(ctx, col);
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    if (e.value < 0 || e.value > 127) return ctx.fail(col, "out of range format");
    v.value = static_cast<uint32_t>(e.value);
    return true;
  }
  std::string_view data = "8", num = "UNORM";
  bool haveData = false, haveNum = false;
  col = c.peek().col; // (a pair no format has is reported at its first name)
  do {
    const Token &t = c.peek();
    if (t.kind != Tok::Identifier) return ctx.fail(t.col, "expected a format string");
    std::string_view name = t.text;
    if (name.starts_with("BUF_FMT_") && !haveData && !haveNum) {
      int f = indexIn(kBufFormatNames, name.substr(8));
      if (f < 0) return ctx.fail(t.col, "unsupported format");
      if (split) return ctx.fail(t.col, "unified format is not supported on this GPU");
      c.next();
      if (!c.accept(Tok::RBrac)) return ctx.fail(c.peek().col, "expected a closing square bracket");
      v.value = static_cast<uint32_t>(f);
      return true;
    }
    if (name.starts_with("BUF_DATA_FORMAT_") && indexIn(kBufDataFormats, name.substr(16)) >= 0) {
      if (haveData) return ctx.fail(t.col, "duplicate data format");
      data = name.substr(16);
      haveData = true;
    } else if (name.starts_with("BUF_NUM_FORMAT_") &&
               indexIn(kBufNumFormats, name.substr(15)) >= 0 &&
               (split || name.substr(15) != "RESERVED_6")) { // (a name gfx10+ lack in llvm)
      if (haveNum) return ctx.fail(t.col, "duplicate numeric format");
      num = name.substr(15);
      haveNum = true;
    } else {
      return ctx.fail(t.col, "unsupported format"); // (a name llvm does not know: at it)
    }
    c.next();
  } while (c.accept(Tok::Comma));
  // (the unified format the pair names is looked up before the closing bracket)
  if (!split && !c.is(Tok::RBrac) &&
      indexIn(kBufFormatNames, data == "INVALID" && num == "UNORM"
                                   ? std::string("INVALID")
                                   : std::string(data) + "_" + std::string(num)) < 0)
    return ctx.fail(col, "unsupported format");
  if (!c.accept(Tok::RBrac)) return ctx.fail(c.peek().col, "expected a closing square bracket");
  if (split) {
    v.value = static_cast<uint32_t>(indexIn(kBufDataFormats, data) | indexIn(kBufNumFormats, num)
                                                                         << kBufNumFormatShift);
    return true;
  }
  std::string unified =
      data == "INVALID" && num == "UNORM" ? "INVALID" : std::string(data) + "_" + std::string(num);
  int f = indexIn(kBufFormatNames, unified);
  if (f < 0) return ctx.fail(col, "unsupported format");
  v.value = static_cast<uint32_t>(f);
  return true;
}

// llvm-mc reads a memory instruction's modifiers in one fixed order (the order they print in; glc,
// slc and dlc, or their gfx9 names, in any order among themselves): true if none that comes after
// operand `idx` was written yet.
bool inModifierOrder(const Inst &inst, unsigned idx) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t j = idx + 1; j < ops.size(); ++j) {
    if (isPositional(ops[j].cls) || !inst.ops[j].present || ops[j].cls == OpClass::mimg_nsa_extra ||
        isAccClass(ops[j].cls))
      continue;
    if (!(isCachePolicy(ops[idx].field) && isCachePolicy(ops[j].field))) return false;
  }
  return true;
}

// (not bits the assembler refuses everywhere: gfx90a's buffer_wbl2 takes no cache word)
bool takesCacheBits(const Inst &inst) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  return std::any_of(ops.begin(), ops.end(), [](const OperandDesc &o) {
    return isCachePolicy(o.field) && o.cls != OpClass::mem_kept;
  });
}

// Whether the entry's cache-policy words ended: one was written (present), and a modifier the
// entry places after them (see Assembler::pastCachePolicy).
bool pastCachePolicy(const Inst &inst) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  size_t i = 0;
  while (i < ops.size() && !(isCachePolicy(ops[i].field) && ops[i].cls != OpClass::mem_kept)) ++i;
  bool cacheWord = false;
  for (size_t j = i; j < ops.size(); ++j) {
    if (!inst.ops[j].present || isPositional(ops[j].cls) || ops[j].cls == OpClass::mimg_nsa_extra ||
        isAccClass(ops[j].cls))
      continue;
    if (isCachePolicy(ops[j].field))
      cacheWord = true;
    else if (cacheWord)
      return true;
  }
  return false;
}

bool failNotSupported(ParseContext &ctx, uint32_t col, std::string_view modifier) {
  return ctx.fail(col, fmt::format("{} modifier is not supported on this GPU", modifier));
}

// A bit the processor's decoder reads but its assembler refuses: llvm names the word where the
// instruction takes cache bits (a third one of other processors) or gds.
bool unsupportedModifier(ParseContext &ctx, const Inst &inst, const OperandDesc &d,
                         const Token &word) {
  if (d.field != Field::gds && !takesCacheBits(inst)) return invalid(ctx, word.col);
  return failNotSupported(ctx, word.col, word.text);
}

// --- ds_swizzle_b32 patterns

bool swizzleNumber(ParseContext &ctx, Cursor &c, int64_t lo, int64_t hi, const char *msg,
                   int64_t &out) {
  if (!c.accept(Tok::Comma)) return ctx.fail(c.peek().col, "expected a comma");
  uint32_t col = c.peek().col;
  if (!startsValueExpr(c.peek())) return invalid(ctx, col);
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  if (e.value < lo || e.value > hi) return ctx.fail(col, msg);
  out = e.value;
  return true;
}

bool swizzlePowerOfTwo(ParseContext &ctx, Cursor &c, int64_t lo, int64_t hi, const char *msg,
                       int64_t &out) {
  uint32_t col = c.peek(1).col;
  if (!swizzleNumber(ctx, c, lo, hi, msg, out)) return false;
  if (!std::has_single_bit(static_cast<uint64_t>(out)))
    return ctx.fail(col, "group size must be a power of two");
  return true;
}

// swizzle(MODE, ...) after `offset:`: the 16-bit pattern llvm's encodings define.
bool parseSwizzleMacro(ParseContext &ctx, Cursor &c, uint32_t &value) {
  c.next(); // swizzle
  if (!c.accept(Tok::LParen)) return ctx.fail(c.peek().col, "expected a left parenthesis");
  const Token &mode = c.peek();
  if (mode.kind != Tok::Identifier) return ctx.fail(mode.col, "expected a swizzle mode");
  c.next();
  int64_t a = 0, b = 0;
  if (mode.text == "QUAD_PERM") {
    value = 0x8000;
    for (unsigned lane = 0; lane < 4; ++lane) {
      if (!swizzleNumber(ctx, c, 0, 3, "expected a 2-bit lane id", a)) return false;
      value |= static_cast<uint32_t>(a) << (2 * lane);
    }
  } else if (mode.text == "BITMASK_PERM") {
    if (!c.accept(Tok::Comma)) return ctx.fail(c.peek().col, "expected a comma");
    const Token &mask = c.peek();
    if (mask.kind != Tok::String || mask.text.size() != 5)
      return ctx.fail(mask.col, "expected a 5-character mask");
    uint32_t andMask = 0, orMask = 0, xorMask = 0;
    for (unsigned i = 0; i < 5; ++i) {
      uint32_t bit = 1u << (4 - i);
      switch (mask.text[i]) {
      case '0': break;
      case '1': orMask |= bit; break;
      case 'p': andMask |= bit; break;
      case 'i':
        andMask |= bit;
        xorMask |= bit;
        break;
      default: return ctx.fail(mask.col, "invalid mask");
      }
    }
    c.next();
    value = andMask | orMask << 5 | xorMask << 10;
  } else if (mode.text == "BROADCAST") {
    if (!swizzlePowerOfTwo(ctx, c, 2, 32, "group size must be in the interval [2,32]", a))
      return false;
    if (!swizzleNumber(ctx, c, 0, a - 1, "lane id must be in the interval [0,group size - 1]", b))
      return false;
    value = static_cast<uint32_t>(0x20 - a) | static_cast<uint32_t>(b) << 5;
  } else if (mode.text == "SWAP") {
    if (!swizzlePowerOfTwo(ctx, c, 1, 16, "group size must be in the interval [1,16]", a))
      return false;
    value = 0x1f | static_cast<uint32_t>(a) << 10;
  } else if (mode.text == "REVERSE") {
    if (!swizzlePowerOfTwo(ctx, c, 2, 32, "group size must be in the interval [2,32]", a))
      return false;
    value = 0x1f | static_cast<uint32_t>(a - 1) << 10;
  } else if (mode.text == "FFT") {
    if (!swizzleNumber(ctx, c, 0, 31, "FFT swizzle must be in the interval [0,31]", a))
      return false;
    value = 0xe000 | static_cast<uint32_t>(a);
  } else if (mode.text == "ROTATE") {
    if (!swizzleNumber(ctx, c, 0, 1, "direction must be 0 (left) or 1 (right)", a)) return false;
    if (!swizzleNumber(ctx, c, 0, 31, "number of threads to rotate must be in the interval [0,31]",
                       b))
      return false;
    value = 0xc000 | static_cast<uint32_t>(a) << 10 | static_cast<uint32_t>(b) << 5;
  } else {
    return ctx.fail(mode.col, "expected a swizzle mode");
  }
  if (!c.accept(Tok::RParen)) return ctx.fail(c.peek().col, "expected a closing parentheses");
  return true;
}

bool parseSwizzle(ParseContext &ctx, Cursor &c, OperandValue &v) {
  if (c.peek(2).kind == Tok::Identifier && c.peek(2).text == "swizzle" &&
      c.peek(1).kind == Tok::Colon) {
    c.next();
    c.next();
    return parseSwizzleMacro(ctx, c, v.value);
  }
  return parseOffset(ctx, c, v, 0, 0xffff, 16, "expected a 16-bit offset");
}

// --- MIMG

constexpr std::string_view kDimNames[] = {"1D",       "2D",       "3D",      "CUBE",
                                          "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY"};
constexpr unsigned kDimCoords[] = {1, 2, 3, 3, 2, 3, 3, 4};
constexpr unsigned kDimGradients[] = {2, 4, 6, 4, 2, 4, 4, 4};
constexpr unsigned kMaxNsaAddresses = 5;

// dim:SQ_RSRC_IMG_2D_ARRAY or dim:2D_ARRAY (to the lexer an integer and a name right after it,
// which llvm's parser joins); the name after the prefix in any case, as llvm-mc compares it
// (dim:2d_msaa, dim:SQ_RSRC_IMG_cube).
bool parseDim(ParseContext &ctx, Cursor &c, OperandValue &v) {
  c.next();
  if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
  const Token &t = c.peek();
  std::string_view name;
  if (t.kind == Tok::Integer) {
    const Token &rest = c.peek(1);
    if (rest.kind != Tok::Identifier || rest.col != t.col + t.text.size())
      return ctx.fail(t.col, "invalid dim value");
    name = std::string_view(t.text.data(), t.text.size() + rest.text.size());
    c.next();
  } else if (t.kind == Tok::Identifier) {
    name = t.text;
  } else {
    return ctx.fail(t.col, "invalid dim value");
  }
  c.next();
  if (name.starts_with("SQ_RSRC_IMG_")) name.remove_prefix(12);
  for (unsigned i = 0; i < std::size(kDimNames); ++i) {
    if (sameTextIgnoringCase(kDimNames[i], name)) {
      v.value = i;
      return true;
    }
  }
  return ctx.fail(t.col, "invalid dim value");
}

// Whether llvm-mc has the image instruction with an n-dword address. It has one instruction per
// address register class (and list length), which the dims do not tell (image_sample has 4
// dwords, for 2D_MSAA_ARRAY only; image_gather4_b not the 5 that dim needs): the sizes are data.
bool hasAddressSize(const Inst &inst, unsigned n) {
  return n >= 1 && n <= 16 && (inst.desc->addressSizes >> (n - 1) & 1);
}

// [v1, v5, v[6:8]]: the first address in vaddr, the others in the vaddr1..4 operands. The
// elements are single VGPRs, but a fifth may hold the remaining addresses (partial NSA); the
// ray-tracing forms (no sizes in the data) are checked once a16 is known.
bool parseAddressList(ParseContext &ctx, Cursor &c, OperandValue &v, Inst &inst) {
  const Token &start = c.peek();
  if (!c.accept(Tok::LBrac)) return invalid(ctx, start.col);
  bool sized = inst.desc->addressSizes != 0;
  auto elementOk = [&](unsigned i, unsigned width) {
    return !sized || (i + 1 < kMaxNsaAddresses ? width == 1 : hasAddressSize(inst, i + width));
  };
  uint32_t col = c.peek().col;
  if (!parseVgprs(ctx, c, v)) return false;
  if (!elementOk(0, v.regCount)) return invalid(ctx, col);
  static constexpr Field kExtra[] = {Field::vaddr1, Field::vaddr2, Field::vaddr3, Field::vaddr4};
  unsigned n = 0;
  while (c.accept(Tok::Comma)) {
    if (n == std::size(kExtra)) return invalid(ctx, c.peek().col);
    int idx = operandIndex(inst, kExtra[n++]);
    if (idx < 0) return invalid(ctx, c.peek().col);
    inst.ops[idx].present = true;
    col = c.peek().col;
    if (!parseVgprs(ctx, c, inst.ops[idx])) return false;
    if (!elementOk(n, inst.ops[idx].regCount)) return invalid(ctx, col);
  }
  if (!c.accept(Tok::RBrac)) return ctx.fail(c.peek().col, "expected a closing square bracket");
  if (n == 0) return invalid(ctx, start.col); // one address is the plain (non-NSA) form
  if (sized && n + 1 < kMaxNsaAddresses && !hasAddressSize(inst, n + 1))
    return invalid(ctx, start.col);
  return true;
}

// Whether the list at the cursor has one element (`[v1]`, `[v[1]]`, `[[v1]]`): no comma at its
// own level before its closing bracket.
bool oneElementList(const Cursor &c) {
  int depth = 0;
  for (size_t k = c.pos; k < c.toks.size(); ++k) {
    const Tok t = c.toks[k].kind;
    if (t == Tok::LBrac) ++depth;
    if (t == Tok::RBrac && --depth == 0) return true;
    if ((t == Tok::Comma && depth == 1) || t == Tok::Eol) return false;
  }
  return false;
}

// The image address: a VGPR tuple, or a one-element list (a longer list is the NSA form), of a
// width llvm-mc has the instruction for; with a type (the ray-tracing forms) the width is fixed.
bool parseImageAddress(ParseContext &ctx, Cursor &c, const OperandDesc &d, Inst &inst,
                       OperandValue &v) {
  const Token &start = c.peek();
  // (gfx11: a longer list is the NSA form; gfx9, without one, reads it as a register tuple)
  if (c.is(Tok::LBrac) && !oneElementList(c) && operandIndex(inst, Field::dim) >= 0)
    return invalid(ctx, start.col);
  if (!parseVgprs(ctx, c, v)) return false;
  if (typeBits(d.type) ? v.regCount != typeDwords(d.type, false)
                       : !hasAddressSize(inst, v.regCount))
    return invalid(ctx, start.col);
  return true;
}

// Whether llvm has the image opcode `name` with data of `dwords` registers (its entries' data
// classes; the checks after matching compare them with dmask, d16 and tfe): 1 to `maxData` + 1
// (tfe), from 2 for the compare-and-swaps; gathers 2 (d16), 4 and 5, MSAA loads 2 to 5.
bool imageDataWidthExists(std::string_view name, unsigned maxData, unsigned dwords) {
  if (name.find("gather4") != std::string_view::npos)
    return dwords == 2 || dwords == 4 || dwords == 5;
  const bool pairs = name.find("cmpswap") != std::string_view::npos ||
                     name.find("msaa_load") != std::string_view::npos;
  return dwords >= (pairs ? 2u : 1u) && dwords <= maxData + 1;
}

struct ImageOperands {
  int vdata = -1, vaddr = -1, extra[4] = {-1, -1, -1, -1};
  uint32_t dmask = 0, dim = 0;
  unsigned maxData = 4; // data dwords without tfe: 4, or 2 for 32-bit atomics
  bool hasDim = false, d16 = false, tfe = false, a16 = false, nsa = false;
};

ImageOperands imageOperands(const Inst &inst) {
  ImageOperands io;
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    const OperandValue &v = inst.ops[i];
    switch (ops[i].field) {
    case Field::vdata:
      io.vdata = static_cast<int>(i);
      io.maxData = typeDwords(ops[i].type, false);
      break;
    case Field::vaddr:
      // Only image addresses are checked here (the other formats' widths are in their entries).
      if (ops[i].cls == OpClass::mimg_vaddr || ops[i].cls == OpClass::mimg_nsa_vaddr)
        io.vaddr = static_cast<int>(i);
      io.nsa = ops[i].cls == OpClass::mimg_nsa_vaddr;
      break;
    case Field::vaddr1:
    case Field::vaddr2:
    case Field::vaddr3:
    case Field::vaddr4:
      io.extra[static_cast<unsigned>(ops[i].field) - static_cast<unsigned>(Field::vaddr1)] =
          static_cast<int>(i);
      break;
    case Field::dmask: io.dmask = v.value; break;
    case Field::dim:
      io.dim = v.value;
      io.hasDim = v.present;
      break;
    case Field::d16: io.d16 = v.value; break;
    case Field::tfe: io.tfe = v.value; break;
    case Field::a16: io.a16 = v.value; break;
    default: break;
    }
  }
  return io;
}

// The widths of an address list's elements; returns how many there are.
unsigned addressListWidths(const Inst &inst, const ImageOperands &io,
                           unsigned (&widths)[kMaxNsaAddresses]) {
  widths[0] = inst.ops[io.vaddr].regCount;
  unsigned n = 1;
  for (int idx : io.extra)
    if (idx >= 0 && inst.ops[idx].present) widths[n++] = inst.ops[idx].regCount;
  return n;
}

bool bvhAddressListOk(const Inst &inst, const ImageOperands &io) {
  unsigned widths[kMaxNsaAddresses], want[kMaxNsaAddresses];
  unsigned n = addressListWidths(inst, io, widths);
  return n == bvhAddressWidths(inst.desc->name, io.a16, want) &&
         std::equal(widths, widths + n, want);
}

// The address list's size as llvm-mc counts it: the elements, or, where more addresses than
// elements are needed, the registers (a last tuple).
unsigned addressListDwords(const Inst &inst, const ImageOperands &io, unsigned want) {
  unsigned widths[kMaxNsaAddresses];
  unsigned n = addressListWidths(inst, io, widths), total = 0;
  for (unsigned i = 0; i < n; ++i) total += widths[i];
  return want <= kMaxNsaAddresses ? n : total;
}

bool validateImage(ParseContext &ctx, Inst &inst, uint32_t col) {
  ImageOperands io = imageOperands(inst);
  if (io.vaddr < 0) return true;
  std::string_view name = inst.desc->name;
  bool bvh = name.starts_with("image_bvh");
  if (bvh) {
    if (io.nsa && !bvhAddressListOk(inst, io))
      return ctx.fail(col, "image address size does not match a16");
    return true;
  }
  // gfx9 has no dim: its address is any width the opcode has (checked as it was parsed).
  // llvm's checks after matching, in its order: dim, MSAA dim (at dim:), data size, address size
  // (at the mnemonic), the atomics' and gathers' dmask (at dmask:).
  const int dimIdx = operandIndex(inst, Field::dim);
  bool dims = dimIdx >= 0;
  if (dims && !io.hasDim) return ctx.fail(col, "missing dim operand");
  if (dims && name.find("msaa") != std::string_view::npos && io.dim < 6)
    return ctx.fail(ctx.colOf(static_cast<size_t>(dimIdx), col), "invalid dim; must be MSAA type");
  unsigned dmask = io.dmask & 0xf;
  bool fixedFour = returnsFour(name);
  // A sample without data (`off`) takes the atomics' dmask rule.
  bool noData = inst.ops[io.vdata].regCount == 0;
  unsigned data = imageDataDwords(name, dmask, io.d16, io.tfe);
  unsigned have = inst.ops[io.vdata].regCount;
  if (have != data && !noData) {
    // llvm names the modifiers the instruction has (gfx90a: no tfe; atomics: no d16).
    bool hasD16 = operandIndex(inst, Field::d16) >= 0, hasTfe = operandIndex(inst, Field::tfe) >= 0;
    return ctx.fail(col, hasD16 && hasTfe ? "image data size does not match dmask, d16 and tfe"
                         : hasD16         ? "image data size does not match dmask and d16"
                         : hasTfe         ? "image data size does not match dmask and tfe"
                                          : "image data size does not match dmask");
  }
  if (dims) {
    unsigned want = imageAddressDwords(name, io.dim, io.a16);
    have = io.nsa ? addressListDwords(inst, io, want) : inst.ops[io.vaddr].regCount;
    // An 8-VGPR address also serves 5 to 7 dwords (older assembly did not have those widths),
    // where llvm-mc has it (the address sizes were checked as the operand was parsed).
    if (have != want && !(!io.nsa && have == 8 && want >= 5 && want <= 7))
      return ctx.fail(col, "image address size does not match dim and a16");
  }
  const int dmaskIdx = operandIndex(inst, Field::dmask);
  const uint32_t dmaskCol = dmaskIdx < 0 ? col : ctx.colOf(static_cast<size_t>(dmaskIdx), col);
  if ((noData || name.starts_with("image_atomic")) && dmask != 0x1 && dmask != 0x3 && dmask != 0xf)
    return ctx.fail(dmaskCol, "invalid atomic image dmask");
  if (fixedFour && std::popcount(dmask) != 1)
    return ctx.fail(dmaskCol, "invalid image_gather dmask: only one bit must be set");
  return true;
}

} // namespace

bool isCachePolicy(Field f) {
  switch (f) {
  case Field::glc:
  case Field::slc:
  case Field::dlc:
  case Field::sc0:
  case Field::nt:
  case Field::sc1:
  case Field::scc: return true;
  default: return false;
  }
}

bool parseSplitFormatWords(ParseContext &ctx, Cursor &c) {
  OperandValue v;
  return parseSplitFormat(ctx, c, v);
}

bool unmatched_memory(ParseContext &ctx, const Inst &inst, const Token &word) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  // (llvm's cache-policy operand is one run of words: after a modifier the entry places after
  // them (lds, tfe, lwe, ...), a cache word is an expression to llvm, which its matcher refuses)
  if (pastCachePolicy(inst)) return false;
  for (size_t i = 0; i < ops.size(); ++i)
    if (inst.ops[i].present && isCachePolicy(ops[i].field) && isModifierWord(ops[i], word.text)) {
      ctx.fail(word.col, "duplicate cache policy modifier");
      return true;
    }
  std::string_view bit = word.text.starts_with("no") ? word.text.substr(2) : word.text;
  bool foreign = (bit == "dlc" || bit == "scc")
                     ? takesCacheBits(inst) && operandIndex(inst, Field::sc0) < 0
                     : bit == "r128" && operandIndex(inst, Field::dmask) >= 0;
  if (foreign) failNotSupported(ctx, word.col, bit);
  return foreign;
}

bool takesReturnBitOfNonReturning(ParseContext &ctx, const Inst &inst, const Token &word) {
  const std::string_view name = inst.desc->name;
  if (!(name.starts_with("flat_atomic") || name.starts_with("global_atomic") ||
        name.starts_with("scratch_atomic")) ||
      operandIndex(inst, Field::vdst) >= 0)
    return false;
  // (the target's return bit: sc0 where the entry has gfx940's cache bits, else glc)
  const std::string_view bit = operandIndex(inst, Field::nt) >= 0 ? "sc0" : "glc";
  const std::string_view text = word.text;
  ctx.cacheWordTaken = true;
  if (text == bit) {
    if (!ctx.afterMatchError) {
      ctx.afterMatchError =
          bit == "glc" ? "instruction must not use glc" : "instruction must not use sc0";
      ctx.afterMatchCol = word.col;
    }
    return true;
  }
  if (isNegatedName(text, bit)) return true;
  ctx.cacheWordTaken = false;
  return false;
}

unsigned bvhAddressWidths(std::string_view name, bool a16, unsigned (&widths)[5]) {
  static constexpr unsigned kBvh[] = {1, 1, 3, 3, 3};
  std::copy(std::begin(kBvh), std::end(kBvh), widths);
  if (name.starts_with("image_bvh64")) widths[0] = 2;
  return a16 ? 4 : 5;
}

unsigned imageDataDwords(std::string_view name, unsigned dmask, bool d16, bool tfe) {
  return imageDataDwords(returnsFour(name), dmask, d16, tfe);
}

unsigned imageDataDwords(bool four, unsigned dmask, bool d16, bool tfe) {
  unsigned data = four ? 4 : std::max(1, std::popcount(dmask & 0xf));
  if (d16) data = (data + 1) / 2;
  return data + (tfe ? 1 : 0);
}

unsigned imageAddressDwords(std::string_view name, unsigned dim, bool a16) {
  return imageAddressDwords(imageAddressKind(name), dim, a16);
}

ImageAddressKind imageAddressKind(std::string_view name) {
  ImageAddressKind k;
  name.remove_prefix(std::string_view("image_").size());
  if (name.starts_with("get_resinfo")) {
    k.coordinates = false;
    k.lodClampOrMip = true;
    return k;
  }
  bool sampler =
      name.starts_with("sample") || name.starts_with("gather4") || name.starts_with("get_lod");
  size_t pos = name.find('_');
  while (pos != std::string_view::npos) {
    size_t next = name.find('_', pos + 1);
    std::string_view tok =
        name.substr(pos + 1, next == std::string_view::npos ? next : next - pos - 1);
    pos = next;
    if (tok == "mip" || (sampler && (tok == "l" || tok == "cl"))) k.lodClampOrMip = true;
    if (!sampler) continue;
    if (tok == "c" || tok == "o" || tok == "b") ++k.extraArgs;
    if (tok == "d") k.gradients = true;
    if (tok == "g16") k.g16 = true;
  }
  return k;
}

// gather4 and msaa_load return four values of the one channel dmask selects.
bool returnsFour(std::string_view name) {
  return name.find("gather4") != std::string_view::npos ||
         name.find("msaa_load") != std::string_view::npos;
}

unsigned imageAddressDwords(const ImageAddressKind &k, unsigned dim, bool a16) {
  unsigned components = (k.coordinates ? kDimCoords[dim] : 0) + (k.lodClampOrMip ? 1 : 0);
  unsigned dwords = k.extraArgs + (a16 ? (components + 1) / 2 : components);
  // gfx11 has g16 opcodes: a16 alone keeps 32-bit gradients.
  if (k.gradients) dwords += k.g16 ? (kDimGradients[dim] / 2 + 1) / 2 * 2 : kDimGradients[dim];
  return dwords;
}

// The buffer addressing words (offen, idxen), which llvm's entries spell right after the
// positional operands; their other required words (tfe, glc, ...) are modifiers.
bool isAddressingWord(Field f) {
  return f == Field::offen || f == Field::idxen;
}

// Whether the word `at` stands where llvm's entry spells its required words: right after the
// positional operands that end at `first`, after only the entry's other required words.
bool followsPositionals(const Inst &inst, const Token *first, const Token *at) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  while (at > first) {
    const Token &prev = at[-1];
    const bool requiredWord = std::any_of(ops.begin(), ops.end(), [&](const OperandDesc &o) {
      return o.cls == OpClass::required_flag && isAddressingWord(o.field) &&
             prev.text == fieldName(o.field);
    });
    if (prev.kind != Tok::Comma && !requiredWord) return false;
    --at;
  }
  return at == first;
}

// An entry's addressing word the statement lacks: llvm's entry spells its words right after the
// positional operands in its order (idxen offen), so its matcher fails at the first token there
// that is not the next word (`v[2:3], s[4:7], s1 idxen glc` fails at glc), or runs out of
// operands at the end of the statement.
bool missingAddressingWord(ParseContext &ctx, const Inst &inst, uint32_t col) {
  const Token *t = ctx.afterPositional;
  for (const OperandDesc &o : inst.arch->operandsOf(*inst.desc)) {
    if (o.cls != OpClass::required_flag || !isAddressingWord(o.field)) continue;
    while (t->kind == Tok::Comma) ++t;
    if (t->kind == Tok::Eol) return ctx.fail(col, "too few operands for instruction");
    if (t->text != fieldName(o.field)) break;
    ++t;
  }
  return invalid(ctx, t->col);
}

uint32_t default_memory(const OperandDesc &d) {
  if (d.cls == OpClass::mem_off && d.field == Field::saddr) return src::kNull;
  if (d.cls == OpClass::required_flag) return 1;
  if (d.cls == OpClass::mtbuf_format) return kBufFormatDefault;
  return 0;
}

bool parse_memory(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  const Token &start = c.peek();
  // (a modifier out of llvm's order is read, then matches no operand of the entry there)
  if (!isPositional(d.cls) &&
      (!inModifierOrder(inst, idx) || (ctx.cacheWordTaken && !isCachePolicy(d.field))))
    return invalid(ctx, start.col);
  switch (d.cls) {
  case OpClass::vgpr_tuple:
  case OpClass::av_tuple:
    if (!(d.cls == OpClass::av_tuple ? parseDataRegisters(ctx, c, inst, v) : parseVgprs(ctx, c, v)))
      return false;
    if (v.regCount != typeDwords(d.type, false)) return invalid(ctx, start.col);
    if ((v.value & 1) && ctx.target.alignedVgprTuples() && !(inst.desc->flags & IF_OddTuples)) {
      // (the AGPR classes of llvm's returning DS and FLAT atomics and its MTBUF address class
      // take any tuple; their alignment is checked after matching)
      if (v.regCount > 1 &&
          ((d.cls == OpClass::av_tuple && (inst.desc->flags & IF_SplitData) && readAgprs(inst)) ||
           (d.field == Field::vaddr && inst.arch->formatOf(*inst.desc).name == "MTBUF"))) {
        if (!ctx.afterMatchError) {
          ctx.afterMatchError = "invalid register class: vgpr tuples must be 64 bit aligned";
          ctx.afterMatchCol = 0;
        }
        return true;
      }
      if (v.regCount > 1) return invalid(ctx, start.col);
      // llvm's check after matching: the GWS data register is one of an aligned pair.
      if (startsWith(inst.desc->name, "ds_gws") && !ctx.afterMatchError) {
        ctx.afterMatchError = "vgpr must be even aligned";
        ctx.afterMatchCol = start.col;
      }
    }
    return true;
  case OpClass::mem_off:
    if (!isWord(c, "off")) return invalid(ctx, start.col);
    c.next();
    if (d.field == Field::saddr) v.value = inst.arch->traits->saddrOff;
    return true;
  case OpClass::flat_saddr: return parseFlatSaddr(ctx, c, d, inst, v);
  case OpClass::mem_offset_u16:
    return parseOffset(ctx, c, v, 0, 0xffff, 16, "expected a 16-bit unsigned offset", &inst);
  case OpClass::mem_offset_u8: {
    const uint32_t nameCol = c.peek().col;
    int64_t value = 0;
    uint32_t col = 0;
    if (!parseModifierValue(ctx, c, value, col)) return false;
    if (value < 0 || value > 0xff)
      return ctx.fail(nameCol, fmt::format("invalid {} value.", fieldName(d.field)));
    v.value = static_cast<uint32_t>(value);
    return true;
  }
  case OpClass::mem_offset_u12:
    return parseOffset(ctx, c, v, 0, 0xfff, 12, "expected a 12-bit unsigned offset", &inst);
  case OpClass::mem_offset_s13:
    return parseOffset(ctx, c, v, -0x1000, 0xfff, 13, "expected a 13-bit signed offset", &inst);
  case OpClass::mem_flag:
  case OpClass::mem_flag_vgpr:                     // (dropped with AGPR data: validate_memory)
    v.value = c.peek().text == fieldName(d.field); // (0 for noNAME)
    c.next();
    return true;
  case OpClass::mem_flag_unenc: // printed, never encoded
    c.next();
    v.present = true;
    return true;
  case OpClass::required_flag:
    // (llvm's entries spell the word right after the positional operands)
    if (isAddressingWord(d.field) && ctx.afterPositional &&
        !followsPositionals(inst, ctx.afterPositional, &start))
      return invalid(ctx, ctx.afterPositional->col);
    c.next();
    v.value = 1;
    return true;
  case OpClass::srsrc: return parseDescriptor(ctx, c, d, v);
  case OpClass::buf_soffset: return parseBufferSoffset(ctx, c, d, inst, v);
  case OpClass::mtbuf_format: {
    // (llvm spells a format written after the soffset before offen/idxen)
    const bool first = ctx.afterPositional == &start;
    if (!parseBufferFormat(ctx, c, inst, v)) return false;
    if (first) ctx.afterPositional = c.atEnd() ? nullptr : &c.peek();
    return true;
  }
  case OpClass::mimg_vdata:
    // gfx11's image_sample* may discard the result: `off` (no data registers, regCount 0).
    if (isWord(c, "off") && inst.desc->name.starts_with("image_sample") &&
        operandIndex(inst, Field::dim) >= 0) {
      c.next();
      return true;
    }
    // AGPRs where the entry has an acc operand (gfx90a).
    if (!parseDataRegisters(ctx, c, inst, v)) return false;
    if (v.regCount > 1 && (v.value & 1) && ctx.target.alignedVgprTuples())
      return invalid(ctx, start.col);
    if (!imageDataWidthExists(inst.desc->name, typeDwords(d.type, false), v.regCount))
      return invalid(ctx, start.col);
    return true;
  case OpClass::mimg_vaddr:
    if (!parseImageAddress(ctx, c, d, inst, v)) return false;
    if (v.regCount > 1 && (v.value & 1) && ctx.target.alignedVgprTuples() &&
        !ctx.unalignedImageAddress)
      return invalid(ctx, start.col);
    return true;
  case OpClass::mimg_nsa_vaddr: return parseAddressList(ctx, c, v, inst);
  case OpClass::dmask: {
    int64_t value = 0;
    uint32_t col = 0;
    if (!parseModifierValue(ctx, c, value, col)) return false;
    v.value = static_cast<uint32_t>(value); // printed as written; the field keeps 4 bits
    return true;
  }
  case OpClass::dim: return parseDim(ctx, c, v);
  case OpClass::ds_swizzle: return parseSwizzle(ctx, c, v);
  case OpClass::mem_ignored:
    if (start.text != fieldName(d.field)) { // noNAME: llvm's parser reads the bit as 0
      c.next();
      return true;
    }
    return unsupportedModifier(ctx, inst, d, start);
  case OpClass::mem_kept: return unsupportedModifier(ctx, inst, d, start);
  case OpClass::mem_acc:
  case OpClass::mem_acc_noasm:
  case OpClass::mem_acc_invalid: return invalid(ctx, start.col); // (no word: set by the data)
  default: break;
  }
  return invalid(ctx, start.col);
}

MemoryEntryFacts memoryEntryFacts(const ArchTables &arch, const InstrDesc &desc) {
  MemoryEntryFacts f;
  f.memory = desc.unit == Unit::VMEM || desc.unit == Unit::DS;
  auto ops = arch.operandsOf(desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    const OpClass cls = ops[i].cls;
    if (cls == OpClass::required_flag || cls == OpClass::buf_soffset) f.required |= 1u << i;
    if (isAccClass(cls)) f.acc = static_cast<int8_t>(i);
    if (cls == OpClass::mem_flag_vgpr) f.flagVgpr |= 1u << i;
    f.image |= (cls == OpClass::mimg_vaddr || cls == OpClass::mimg_nsa_vaddr) &&
               ops[i].field == Field::vaddr;
  }
  return f;
}

bool validate_memory(ParseContext &ctx, Inst &inst, uint32_t col) {
  // (the facts of the entry's operands: from the assembler's cache, which has them per entry)
  const MemoryEntryFacts f =
      ctx.memoryFacts ? *ctx.memoryFacts : memoryEntryFacts(*inst.arch, *inst.desc);
  if (!f.memory) return true;
  for (uint32_t left = f.required; left; left &= left - 1) {
    const unsigned i = static_cast<unsigned>(std::countr_zero(left));
    if (inst.ops[i].present) continue;
    const Field field = inst.arch->operandsOf(*inst.desc)[i].field;
    // (a returning atomic without glc/sc0 matches in llvm, whose check after matching says so,
    // after the offset's range)
    // (gfx9 keeps the offset's error in afterMatchError, gfx11 among the ordered checks)
    if (field == Field::glc || field == Field::sc0)
      for (const auto &[err, errCol] : {std::pair{ctx.afterMatchError, ctx.afterMatchCol},
                                        std::pair{ctx.earlyCheckError, ctx.earlyCheckCol}})
        if (err && std::string_view(err).ends_with(" offset")) return ctx.fail(errCol, err);
    if (field == Field::glc) return ctx.fail(col, "instruction must use glc");
    if (field == Field::sc0) return ctx.fail(col, "instruction must use sc0");
    return isAddressingWord(field) && ctx.afterPositional
               ? missingAddressingWord(ctx, inst, col)
               : ctx.fail(col, "too few operands for instruction");
  }
  if (ctx.afterMatchError)
    return ctx.fail(ctx.afterMatchCol ? ctx.afterMatchCol : col, ctx.afterMatchError);
  // llvm encodes a mem_flag_vgpr bit as 0 with AGPR data, printing it still.
  if (f.acc >= 0 && inst.ops[f.acc].value) {
    for (uint32_t left = f.flagVgpr; left; left &= left - 1) {
      OperandValue &v = inst.ops[std::countr_zero(left)];
      if (!v.value) continue;
      v.value = 0;
      v.present = true;
    }
  }
  // (validateImage checks nothing without an image address)
  return !f.image || validateImage(ctx, inst, col);
}

} // namespace gfxasm::as
