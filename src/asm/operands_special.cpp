#include "asm/operand_families.h"

#include <algorithm>

#include "isa/operand_names.h"

namespace gfxasm::as {

using namespace isa;

namespace {

// True when the cursor is at `identifier (`: a symbolic field rather than an expression.
bool atNamedField(const Cursor &c) {
  return c.peek().kind == Tok::Identifier && c.peek(1).kind == Tok::LParen;
}

// A plain integer or absolute expression for the whole 16-bit operand.
bool parsePlain(ParseContext &ctx, Cursor &c, OperandValue &v) {
  const Token &start = c.peek();
  if (!startsExpr(start)) return ctx.fail(start.col, "invalid operand for instruction");
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  v.value = static_cast<uint32_t>(e.value) & 0xffff;
  return true;
}

// Parses `( expr )` after a field name; returns the value and the expression's column.
bool parseParenValue(ParseContext &ctx, Cursor &c, int64_t &value, uint32_t &col) {
  if (!c.accept(Tok::LParen)) return ctx.fail(c.peek().col, "expected a left parenthesis");
  col = c.peek().col;
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  if (!c.accept(Tok::RParen)) return ctx.fail(c.peek().col, "expected a closing parenthesis");
  value = e.value;
  return true;
}

// Parses `( NAME )` where NAME is one of `names`; returns its index.
bool parseParenName(ParseContext &ctx, Cursor &c, std::span<const std::string_view> names,
                    unsigned &index) {
  if (!c.accept(Tok::LParen)) return ctx.fail(c.peek().col, "expected a left parenthesis");
  const Token &t = c.peek();
  if (t.kind != Tok::Identifier) return ctx.fail(t.col, "expected a value name");
  auto it = std::find(names.begin(), names.end(), t.text);
  if (it == names.end()) return ctx.fail(t.col, "invalid value name " + std::string(t.text));
  c.next();
  if (!c.accept(Tok::RParen)) return ctx.fail(c.peek().col, "expected a right parenthesis");
  index = static_cast<unsigned>(it - names.begin());
  return true;
}

} // namespace

namespace {

bool parseWaitcnt(ParseContext &ctx, Cursor &c, OperandValue &v) {
  if (!atNamedField(c)) return parsePlain(ctx, c, v);
  const WaitcntLayout &l = waitcntLayoutGfx11();
  uint32_t value = l.allMask();
  while (!c.atEnd()) {
    const Token &name = c.peek();
    if (name.kind != Tok::Identifier) return ctx.fail(name.col, "expected a counter name");
    std::string_view n = name.text;
    bool sat = n.size() > 4 && n.substr(n.size() - 4) == "_sat";
    if (sat) n.remove_suffix(4);
    const BitField *f = n == "vmcnt" ? &l.vmcnt : n == "expcnt" ? &l.expcnt : n == "lgkmcnt" ? &l.lgkmcnt : nullptr;
    if (!f) return ctx.fail(name.col, "invalid counter name " + std::string(name.text));
    c.next();
    int64_t cnt;
    uint32_t col;
    if (!parseParenValue(ctx, c, cnt, col)) return false;
    if (cnt < 0 || static_cast<uint64_t>(cnt) > f->max()) {
      if (!sat) return ctx.fail(col, "too large value for " + std::string(n));
      cnt = cnt < 0 ? 0 : f->max();
    }
    value = f->set(value, static_cast<uint32_t>(cnt));
    // Separators between counters: '&', ',' or nothing.
    if (c.is(Tok::Amp) || c.is(Tok::Comma)) {
      c.next();
      if (c.atEnd()) return ctx.fail(c.peek().col, "expected a counter name");
    }
  }
  v.value = value;
  return true;
}

bool parseDelay(ParseContext &ctx, Cursor &c, OperandValue &v) {
  if (!atNamedField(c)) return parsePlain(ctx, c, v);
  uint32_t value = 0;
  for (;;) {
    const Token &name = c.peek();
    if (name.kind != Tok::Identifier) return ctx.fail(name.col, "expected a field name");
    c.next();
    unsigned idx;
    if (name.text == "instid0" || name.text == "instid1") {
      if (!parseParenName(ctx, c, delayIdNames(), idx)) return false;
      value = (name.text == "instid0" ? kDelayInstId0 : kDelayInstId1).set(value, idx);
    } else if (name.text == "instskip") {
      if (!parseParenName(ctx, c, delaySkipNames(), idx)) return false;
      value = kDelaySkip.set(value, idx);
    } else {
      return ctx.fail(name.col, "invalid field name " + std::string(name.text));
    }
    if (c.atEnd()) break;
    if (!c.accept(Tok::Pipe)) return ctx.fail(c.peek().col, "invalid operand for instruction");
  }
  v.value = value;
  return true;
}

bool parseDepctr(ParseContext &ctx, Cursor &c, OperandValue &v) { return parsePlain(ctx, c, v); }
bool parseSendmsg(ParseContext &ctx, Cursor &c, OperandValue &v) { return parsePlain(ctx, c, v); }
bool parseHwreg(ParseContext &ctx, Cursor &c, OperandValue &v) { return parsePlain(ctx, c, v); }

} // namespace

uint32_t default_special(const OperandDesc &) { return 0; }

bool parse_special(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  switch (d.cls) {
  case OpClass::waitcnt: return parseWaitcnt(ctx, c, v);
  case OpClass::delay: return parseDelay(ctx, c, v);
  case OpClass::depctr: return parseDepctr(ctx, c, v);
  case OpClass::sendmsg: return parseSendmsg(ctx, c, v);
  case OpClass::hwreg: return parseHwreg(ctx, c, v);
  default: return ctx.fail(c.peek().col, "invalid operand for instruction");
  }
}

} // namespace gfxasm::as
