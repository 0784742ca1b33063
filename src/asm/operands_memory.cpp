// Operands of the DS, FLAT/GLOBAL/SCRATCH, MUBUF, MTBUF, MIMG formats.
#include "asm/operand_families.h"
#include "isa/buffer_formats.h"
#include "isa/constants.h"

namespace gfxasm::as {

using namespace isa;

namespace {

bool invalid(ParseContext &ctx, uint32_t col) { return ctx.fail(col, "invalid operand for instruction"); }

// VGPRs at the cursor: v5, v[4:7], [v4, v5]; the field holds the first register's number.
bool parseVgprs(ParseContext &ctx, Cursor &c, OperandValue &v) {
  const Token &start = c.peek();
  Reg r;
  if (!parseRegister(ctx, c, r)) return ctx.err.set ? false : invalid(ctx, start.col);
  if (r.file != RegFile::VGPR || r.half) return invalid(ctx, start.col);
  v.value = r.index;
  v.regCount = static_cast<uint8_t>(r.count);
  return true;
}

// `name:expr` of a modifier; the name is at the cursor.
bool parseModifierValue(ParseContext &ctx, Cursor &c, int64_t &value, uint32_t &col) {
  c.next();
  if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "expected a colon");
  col = c.peek().col;
  if (!startsExpr(c.peek())) return invalid(ctx, col);
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  value = e.value;
  return true;
}

bool parseOffset(ParseContext &ctx, Cursor &c, OperandValue &v, int64_t lo, int64_t hi, unsigned bits,
                 const char *msg) {
  int64_t value = 0;
  uint32_t col = 0;
  if (!parseModifierValue(ctx, c, value, col)) return false;
  if (value < lo || value > hi) return ctx.fail(col, msg);
  v.value = static_cast<uint32_t>(value) & ((1u << bits) - 1);
  return true;
}

bool isWord(Cursor &c, std::string_view w) { return c.is(Tok::Identifier) && c.peek().text == w; }

// The SGPR base of GLOBAL (a 64-bit pair) and SCRATCH (one SGPR) addressing.
bool parseFlatSaddr(ParseContext &ctx, Cursor &c, const OperandDesc &d, const Inst &inst, OperandValue &v) {
  const Token &start = c.peek();
  Reg r;
  if (!parseRegister(ctx, c, r)) return ctx.err.set ? false : invalid(ctx, start.col);
  unsigned dwords = typeDwords(d.type, false);
  if (!isScalarDestination(r) || !regWidthOk(r, dwords)) return invalid(ctx, start.col);
  bool special = r.file == RegFile::Special;
  if (dwords == 2) {
    // A pair: SGPRs, ttmps or vcc; exec and null too in the forms without a VGPR address (addtid).
    bool anyPair = operandIndex(inst, Field::vaddr) < 0;
    if (special && r.index != src::kVccLo && !anyPair) return invalid(ctx, start.col);
  } else if (special && r.index == src::kExecHi) {
    return invalid(ctx, start.col);
  }
  v.value = sourceEncoding(r);
  return true;
}

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

// Buffer soffset: a 32-bit scalar register or an inline constant; no literal, and not the
// registers gfx11 does not have (src_vccz, src_execz, src_pops_exiting_wave_id, lds_direct).
bool parseBufferSoffset(ParseContext &ctx, Cursor &c, const OperandDesc &d, Inst &inst, OperandValue &v) {
  const Token &start = c.peek();
  Reg r;
  if (parseRegister(ctx, c, r)) {
    if (!isScalarFile(r) || !regWidthOk(r, 1)) return invalid(ctx, start.col);
    v.value = sourceEncoding(r);
  } else {
    if (ctx.err.set) return false;
    bool hadLiteral = inst.hasLiteral;
    if (!parseSourceImmediate(ctx, c, d, v, inst)) return false;
    if (v.value == src::kLiteral) {
      inst.hasLiteral = hadLiteral;
      return invalid(ctx, start.col);
    }
  }
  if (v.value == src::kVccz || v.value == src::kExecz || v.value == src::kPopsExitingWaveId ||
      v.value == src::kLdsDirect)
    return invalid(ctx, start.col);
  return true;
}

template <size_t N> int indexIn(const std::string_view (&names)[N], std::string_view s) {
  for (size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<int>(i);
  return -1;
}

// format:N, format:[BUF_FMT_x], format:[BUF_DATA_FORMAT_d, BUF_NUM_FORMAT_n] (either or both).
bool parseBufferFormat(ParseContext &ctx, Cursor &c, OperandValue &v) {
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
  do {
    const Token &t = c.peek();
    if (t.kind != Tok::Identifier) return ctx.fail(t.col, "expected a format string");
    std::string_view name = t.text;
    if (name.starts_with("BUF_FMT_") && !haveData && !haveNum) {
      int f = indexIn(kBufFormatNames, name.substr(8));
      if (f < 0) return ctx.fail(col, "unsupported format");
      c.next();
      if (!c.accept(Tok::RBrac)) return ctx.fail(c.peek().col, "expected a closing square bracket");
      v.value = static_cast<uint32_t>(f);
      return true;
    }
    if (name.starts_with("BUF_DATA_FORMAT_") && indexIn(kBufDataFormats, name.substr(16)) >= 0) {
      if (haveData) return ctx.fail(t.col, "duplicate data format");
      data = name.substr(16);
      haveData = true;
    } else if (name.starts_with("BUF_NUM_FORMAT_") && indexIn(kBufNumFormats, name.substr(15)) >= 0) {
      if (haveNum) return ctx.fail(t.col, "duplicate numeric format");
      num = name.substr(15);
      haveNum = true;
    } else {
      return ctx.fail(col, "unsupported format");
    }
    c.next();
  } while (c.accept(Tok::Comma));
  if (!c.accept(Tok::RBrac)) return ctx.fail(c.peek().col, "expected a closing square bracket");
  std::string unified = data == "INVALID" && num == "UNORM" ? "INVALID" : std::string(data) + "_" + std::string(num);
  int f = indexIn(kBufFormatNames, unified);
  if (f < 0) return ctx.fail(col, "unsupported format");
  v.value = static_cast<uint32_t>(f);
  return true;
}

// llvm reads format, idxen and offen as fixed parts of the buffer syntax: right after soffset, in
// that order, before the other modifiers. True if only the modifiers allowed before `field` came.
bool onlyEarlierBufferModifiers(const Inst &inst, Field field) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    if (isPositional(ops[i].cls) || !inst.ops[i].present || ops[i].field == field) continue;
    Field f = ops[i].field;
    bool earlier = f == Field::format || (field == Field::offen && f == Field::idxen);
    if (!earlier || field == Field::format) return false;
  }
  return true;
}

} // namespace

uint32_t default_memory(const OperandDesc &d) {
  if (d.cls == OpClass::mem_off && d.field == Field::saddr) return src::kNull;
  if (d.cls == OpClass::required_flag) return 1;
  if (d.cls == OpClass::mtbuf_format) return kBufFormatDefault;
  return 0;
}

bool parse_memory(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  const Token &start = c.peek();
  switch (d.cls) {
  case OpClass::vgpr_tuple:
    if (!parseVgprs(ctx, c, v)) return false;
    if (v.regCount != typeDwords(d.type, false)) return invalid(ctx, start.col);
    return true;
  case OpClass::mem_off:
    if (!isWord(c, "off")) return invalid(ctx, start.col);
    c.next();
    return true;
  case OpClass::flat_saddr:
    return parseFlatSaddr(ctx, c, d, inst, v);
  case OpClass::mem_offset_u16:
    return parseOffset(ctx, c, v, 0, 0xffff, 16, "expected a 16-bit unsigned offset");
  case OpClass::mem_offset_u8:
    return parseOffset(ctx, c, v, 0, 0xff, 8, "invalid offset value");
  case OpClass::mem_offset_u12:
    return parseOffset(ctx, c, v, 0, 0xfff, 12, "expected a 12-bit unsigned offset");
  case OpClass::mem_offset_s13:
    return parseOffset(ctx, c, v, -0x1000, 0xfff, 13, "expected a 13-bit signed offset");
  case OpClass::required_flag:
    if ((d.field == Field::idxen || d.field == Field::offen) && !onlyEarlierBufferModifiers(inst, d.field))
      return invalid(ctx, start.col);
    c.next();
    v.value = 1;
    return true;
  case OpClass::srsrc:
    return parseDescriptor(ctx, c, d, v);
  case OpClass::buf_soffset:
    return parseBufferSoffset(ctx, c, d, inst, v);
  case OpClass::mtbuf_format:
    if (!onlyEarlierBufferModifiers(inst, d.field)) return invalid(ctx, start.col);
    return parseBufferFormat(ctx, c, v);
  default:
    break;
  }
  return invalid(ctx, start.col);
}

bool validate_memory(ParseContext &ctx, Inst &inst, uint32_t col) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i) {
    if (ops[i].cls == OpClass::required_flag && !inst.ops[i].present)
      return ctx.fail(col, "too few operands for instruction");
  }
  return true;
}

} // namespace gfxasm::as
