// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Operands of the structured immediates: s_waitcnt, s_delay_alu, s_waitcnt_depctr, sendmsg and
// hwreg, by name or as plain numbers and expressions.
#include "asm/operand_families.h"

#include <algorithm>
#include <cstdint>

#include "gfxasm/gfxasm.h"
#include "isa/arch_traits.h"
#include "isa/operand_names.h"

namespace gfxasm::as {

using namespace isa;

namespace {

// True when the cursor is at `identifier (`: a symbolic field rather than an expression.
bool atNamedField(const Cursor &c) {
  return c.peek().kind == Tok::Identifier && !c.peek().commentAfter &&
         c.peek(1).kind == Tok::LParen;
}

// A plain integer or absolute expression for the whole operand, within [lo, hi].
// `what` names the structured forms for the error on a name that is neither they nor a value.
bool parsePlainInRange(ParseContext &ctx, Cursor &c, OperandValue &v, int64_t lo, int64_t hi,
                       const char *rangeError, const char *what = nullptr) {
  const Token &start = c.peek();
  if (!startsValueExpr(start)) return ctx.fail(start.col, "invalid operand for instruction");
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok() && what && namesSymbol(start) && e.errCol == start.col)
    return ctx.fail(start.col, std::string("expected ") + what + " or an absolute expression");
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  if (e.value < lo || e.value > hi) return ctx.fail(start.col, rangeError);
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

// Parses `( NAME )` after a field name; the name is checked by the caller, after the syntax
// (llvm reports a missing parenthesis before an unknown field or value name).
bool parseParenIdentifier(ParseContext &ctx, Cursor &c, const Token *&value) {
  if (!c.accept(Tok::LParen)) return ctx.fail(c.peek().col, "expected a left parenthesis");
  value = &c.peek();
  if (value->kind != Tok::Identifier) return ctx.fail(value->col, "expected a value name");
  c.next();
  if (!c.accept(Tok::RParen)) return ctx.fail(c.peek().col, "expected a right parenthesis");
  return true;
}

} // namespace

namespace {

bool parseWaitcnt(ParseContext &ctx, Cursor &c, OperandValue &v) {
  if (!atNamedField(c)) return parsePlainInRange(ctx, c, v, INT64_MIN, INT64_MAX, nullptr);
  const WaitcntLayout &l = targetTraits(ctx).waitcnt;
  uint32_t value = l.allMask();
  while (!c.atEnd()) {
    const Token &name = c.peek();
    if (name.kind != Tok::Identifier) return ctx.fail(name.col, "expected a counter name");
    std::string_view n = name.text;
    bool sat = n.size() > 4 && n.substr(n.size() - 4) == "_sat";
    if (sat) n.remove_suffix(4);
    const SplitField *f = n == "vmcnt"     ? &l.vmcnt
                          : n == "expcnt"  ? &l.expcnt
                          : n == "lgkmcnt" ? &l.lgkmcnt
                                           : nullptr;
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
  if (!atNamedField(c)) return parsePlainInRange(ctx, c, v, INT64_MIN, INT64_MAX, nullptr);
  uint32_t value = 0;
  for (;;) {
    const Token &name = c.peek();
    if (name.kind != Tok::Identifier) return ctx.fail(name.col, "expected a field name");
    c.next();
    const Token *valueName = nullptr;
    if (!parseParenIdentifier(ctx, c, valueName)) return false;
    bool isSkip = name.text == "instskip";
    if (!isSkip && name.text != "instid0" && name.text != "instid1")
      return ctx.fail(name.col, "invalid field name " + std::string(name.text));
    std::span<const std::string_view> names = isSkip ? delaySkipNames() : delayIdNames();
    auto it = std::find(names.begin(), names.end(), valueName->text);
    if (it == names.end())
      return ctx.fail(valueName->col, "invalid value name " + std::string(valueName->text));
    auto idx = static_cast<unsigned>(it - names.begin());
    value = (isSkip                   ? kDelaySkip
             : name.text == "instid0" ? kDelayInstId0
                                      : kDelayInstId1)
                .set(value, idx);
    if (c.atEnd()) break;
    if (!c.accept(Tok::Pipe)) return ctx.fail(c.peek().col, "invalid operand for instruction");
  }
  v.value = value;
  return true;
}

constexpr const char *k16BitOnly = "invalid immediate: only 16-bit values are legal";

// depctr_va_vdst(0) depctr_vm_vsrc(0) ...: separated by spaces, '&' or ','; counters left out
// stay at their maximum.
bool parseDepctr(ParseContext &ctx, Cursor &c, OperandValue &v) {
  if (!atNamedField(c))
    return parsePlainInRange(ctx, c, v, -32768, 65535, "invalid operand for instruction");
  auto fields = depctrFields();
  auto names = depctrNames();
  uint32_t value = 0, seen = 0;
  for (const BitField &f : fields) value |= f.mask();
  while (!c.atEnd()) {
    const Token &name = c.peek();
    if (name.kind != Tok::Identifier) return ctx.fail(name.col, "expected a counter name");
    auto it = std::find(names.begin(), names.end(), name.text);
    if (it == names.end())
      return ctx.fail(name.col, "invalid counter name " + std::string(name.text));
    size_t k = static_cast<size_t>(it - names.begin());
    if (seen & (1u << k))
      return ctx.fail(name.col, "duplicate counter name " + std::string(name.text));
    seen |= 1u << k;
    c.next();
    int64_t cnt;
    uint32_t col;
    if (!parseParenValue(ctx, c, cnt, col)) return false;
    if (cnt < 0 || static_cast<uint64_t>(cnt) > fields[k].max())
      return ctx.fail(col, "invalid value for " + std::string(name.text));
    value = fields[k].set(value, static_cast<uint32_t>(cnt));
    if (c.is(Tok::Amp) || c.is(Tok::Comma)) {
      c.next();
      if (c.atEnd()) return ctx.fail(c.peek().col, "expected a counter name");
    }
  }
  v.value = value;
  return true;
}

// An absolute expression argument of sendmsg/hwreg; `name` is set when it is one of `names`.
template <typename Named>
bool parseNameOrExpr(ParseContext &ctx, Cursor &c, std::span<const Named> names, const Named *&name,
                     int64_t &value, const char *what,
                     std::span<const std::string_view> otherTargets = {},
                     const char *otherTargetError = nullptr) {
  const Token &t = c.peek();
  name = nullptr;
  if (t.kind == Tok::Identifier) {
    for (const Named &n : names) {
      if (n.name == t.text) {
        name = &n;
        c.next();
        return true;
      }
    }
    if (std::find(otherTargets.begin(), otherTargets.end(), t.text) != otherTargets.end())
      return ctx.fail(t.col, otherTargetError);
    const Symbol *s = ctx.syms.find(t.text);
    if (!s || s->kind != Symbol::Kind::Value)
      return ctx.fail(t.col, std::string("expected ") + what + " or an absolute expression");
  }
  if (!startsValueExpr(t)) return ctx.fail(t.col, "unknown token in expression");
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return ctx.fail(e.errCol, e.error);
  value = e.value;
  return true;
}

// sendmsg(type[, op[, stream]]). A type given by name is checked strictly (the operations it
// takes, whether a stream may follow); a numeric one only against the fields' ranges.
bool parseSendmsg(ParseContext &ctx, Cursor &c, OperandValue &v) {
  if (!(c.peek().kind == Tok::Identifier && c.peek().text == "sendmsg" && !c.peek().commentAfter &&
        c.peek(1).kind == Tok::LParen))
    return parsePlainInRange(ctx, c, v, 0, 65535, k16BitOnly, "a sendmsg macro");
  c.next();
  c.next();
  const MessageNames &messages = targetTraits(ctx).messages;
  const MessageName *msg;
  int64_t id = 0, op = 0, stream = 0;
  uint32_t idCol = c.peek().col;
  // (another processor's message name: llvm reads the whole macro, then refuses the id)
  if (c.is(Tok::Identifier) && std::find(messages.otherTargets.begin(), messages.otherTargets.end(),
                                         c.peek().text) != messages.otherTargets.end()) {
    c.next();
    // (an operation: a name of the processor's operations, or an expression; a stream)
    for (int field = 0; field < 2 && c.accept(Tok::Comma); ++field) {
      const Token &t = c.peek();
      if (field == 0 && t.kind == Tok::Identifier &&
          std::any_of(messages.names.begin(), messages.names.end(), [&](const MessageName &m) {
            const auto ops = messageOpNames(messages, static_cast<unsigned>(m.id));
            return std::any_of(ops.begin(), ops.end(),
                               [&](const MessageOpName &o) { return o.name == t.text; });
          })) {
        c.next();
        continue;
      }
      if (field == 0 && t.kind == Tok::Identifier) {
        const Symbol *sym = ctx.syms.find(t.text);
        if (!sym || sym->kind != Symbol::Kind::Value)
          return ctx.fail(t.col, "expected an operation name or an absolute expression");
      }
      ExprResult e = parseExpr(c, ctx.syms);
      if (!e.ok()) return ctx.fail(e.errCol, e.error);
    }
    if (!c.accept(Tok::RParen)) return ctx.fail(c.peek().col, "expected a closing parenthesis");
    return ctx.fail(idCol, "specified message id is not supported on this GPU");
  }
  if (!parseNameOrExpr(ctx, c, messages.names, msg, id, "a message name")) return false;
  if (msg) id = msg->id;
  bool hasOp = false, hasStream = false;
  uint32_t opCol = 0, streamCol = 0;
  // Everything parses first; the checks follow, in llvm's order.
  if (c.accept(Tok::Comma)) {
    hasOp = true;
    opCol = c.peek().col;
    const MessageOpName *opName;
    if (!parseNameOrExpr(ctx, c, messageOpNames(messages, static_cast<unsigned>(id)), opName, op,
                         "an operation name"))
      return false;
    if (opName) {
      if (!opName->supported)
        return ctx.fail(opCol, "specified operation id is not supported on this GPU");
      op = opName->value;
    }
    if (c.accept(Tok::Comma)) {
      hasStream = true;
      streamCol = c.peek().col;
      ExprResult e = parseExpr(c, ctx.syms);
      if (!e.ok()) return ctx.fail(e.errCol, e.error);
      stream = e.value;
    }
  }
  if (!c.accept(Tok::RParen)) return ctx.fail(c.peek().col, "expected a closing parenthesis");
  if (!msg && (id < 0 || id > messages.idMax)) return ctx.fail(idCol, "invalid message id");
  if (msg && msg->ops == MessageOps::None && hasOp)
    return ctx.fail(opCol, "message does not support operations");
  if (msg && msg->ops != MessageOps::None) {
    if (!hasOp) return ctx.fail(idCol, "missing message operation");
    bool valid = false;
    for (const MessageOpName &o : messageOpNames(messages, msg->id))
      valid |= o.supported && o.value == op;
    if (msg->ops == MessageOps::Gs && op == 0) valid = false; // (MSG_GS takes no GS_OP_NOP)
    if (!valid) return ctx.fail(opCol, "invalid operation id");
    // Streams go with the GS operations that emit or cut.
    if (hasStream && (msg->ops == MessageOps::Sysmsg || op == 0))
      return ctx.fail(streamCol, "message operation does not support streams");
  }
  if (op < 0 || op > kMsgOpMax) return ctx.fail(opCol, "invalid operation id");
  if (stream < 0 || stream > kMsgStreamMax) return ctx.fail(streamCol, "invalid message stream id");
  v.value = static_cast<uint32_t>(id | op << kMsgOpShift | stream << kMsgStreamShift);
  return true;
}

// gpr_idx(MODE, ...) in any order, each once, or a 4-bit number.
bool parseGprIdx(ParseContext &ctx, Cursor &c, OperandValue &v) {
  constexpr const char *k4BitOnly = "invalid immediate: only 4-bit values are legal";
  if (!(c.peek().kind == Tok::Identifier && c.peek().text == "gpr_idx" && !c.peek().commentAfter &&
        c.peek(1).kind == Tok::LParen))
    return parsePlainInRange(ctx, c, v, 0, 15, k4BitOnly);
  c.next();
  c.next();
  auto names = gprIdxModeNames();
  uint32_t value = 0;
  if (!c.accept(Tok::RParen)) {
    for (;;) {
      const Token &t = c.peek();
      auto it =
          t.kind == Tok::Identifier ? std::find(names.begin(), names.end(), t.text) : names.end();
      if (it == names.end())
        return ctx.fail(t.col, "expected a VGPR index mode or a closing parenthesis");
      uint32_t bit = 1u << (it - names.begin());
      if (value & bit) return ctx.fail(t.col, "duplicate VGPR index mode");
      value |= bit;
      c.next();
      if (c.accept(Tok::RParen)) break;
      if (!c.accept(Tok::Comma))
        return ctx.fail(c.peek().col, "expected a comma or a closing parenthesis");
    }
  }
  v.value = value;
  return true;
}

bool checkHwregFields(ParseContext &ctx, int64_t id, uint32_t idCol, int64_t offset,
                      uint32_t offCol, int64_t size, uint32_t sizeCol) {
  if (id < 0 || id > kHwregId.max())
    return ctx.fail(idCol, "invalid hardware register: only 6-bit values are legal");
  if (offset < 0 || offset > kHwregOffset.max())
    return ctx.fail(offCol, "invalid bit offset: only 5-bit values are legal");
  if (size < 1 || size > 32)
    return ctx.fail(sizeCol, "invalid bitfield width: only values from 1 to 32 are legal");
  return true;
}

uint32_t hwregValue(int64_t id, int64_t offset, int64_t size) {
  return kHwregSizeMinus1.set(
      kHwregOffset.set(static_cast<uint32_t>(id), static_cast<uint32_t>(offset)),
      static_cast<uint32_t>(size - 1));
}

// {id: N, offset: N, size: N}: any order, each optional (0, 0, 32).
bool parseHwregStruct(ParseContext &ctx, Cursor &c, OperandValue &v) {
  c.next(); // '{'
  constexpr std::string_view kFields[] = {"id", "offset", "size"};
  int64_t values[3] = {0, 0, 32};
  uint32_t cols[3] = {c.peek().col, c.peek().col, c.peek().col};
  bool seen[3] = {};
  while (!c.accept(Tok::RCurly)) {
    const Token &name = c.peek();
    if (name.kind != Tok::Identifier) return ctx.fail(name.col, "field name expected");
    auto it = std::find(std::begin(kFields), std::end(kFields), name.text);
    if (it == std::end(kFields)) return ctx.fail(name.col, "unknown field");
    size_t k = static_cast<size_t>(it - std::begin(kFields));
    if (seen[k]) return ctx.fail(name.col, "duplicate field");
    seen[k] = true;
    c.next();
    if (!c.accept(Tok::Colon)) return ctx.fail(c.peek().col, "colon expected");
    cols[k] = c.peek().col;
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    values[k] = e.value;
    if (!c.accept(Tok::Comma) && !c.is(Tok::RCurly))
      return ctx.fail(c.peek().col, "comma or closing brace expected");
  }
  if (!checkHwregFields(ctx, values[0], cols[0], values[1], cols[1], values[2], cols[2]))
    return false;
  v.value = hwregValue(values[0], values[1], values[2]);
  return true;
}

// hwreg(reg[, offset, size]), {id: .., offset: .., size: ..}, or a 16-bit number.
bool parseHwreg(ParseContext &ctx, Cursor &c, OperandValue &v) {
  if (c.is(Tok::LCurly)) return parseHwregStruct(ctx, c, v);
  if (!(c.peek().kind == Tok::Identifier && c.peek().text == "hwreg" && !c.peek().commentAfter &&
        c.peek(1).kind == Tok::LParen))
    return parsePlainInRange(ctx, c, v, 0, 65535, k16BitOnly,
                             "a hwreg macro, structured immediate");
  c.next();
  c.next();
  const HwregNames &hwregs = targetTraits(ctx).hwregs;
  int64_t id = 0, offset = 0, size = 32;
  uint32_t idCol = c.peek().col, offCol = 0, sizeCol = 0;
  const Token &t = c.peek();
  if (const NamedValue *reg =
          t.kind == Tok::Identifier ? hwregs.find(ctx.target.cpuIndex(), t.text) : nullptr) {
    c.next();
    id = reg->value;
  } else {
    if (t.kind == Tok::Identifier && hwregs.otherTarget(t.text))
      return ctx.fail(t.col, "invalid hardware register: not supported on this GPU");
    const NamedValue *none;
    if (!parseNameOrExpr(ctx, c, std::span<const NamedValue>(), none, id, "a register name"))
      return false;
  }
  if (!c.is(Tok::Comma) && !c.is(Tok::RParen))
    return ctx.fail(c.peek().col, "expected a comma or a closing parenthesis");
  if (c.accept(Tok::Comma)) {
    offCol = c.peek().col;
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    offset = e.value;
    if (!c.accept(Tok::Comma)) return ctx.fail(c.peek().col, "expected a comma");
    sizeCol = c.peek().col;
    e = parseExpr(c, ctx.syms);
    if (!e.ok()) return ctx.fail(e.errCol, e.error);
    size = e.value;
  }
  if (!c.accept(Tok::RParen)) return ctx.fail(c.peek().col, "expected a closing parenthesis");
  if (!checkHwregFields(ctx, id, idCol, offset, offCol, size, sizeCol)) return false;
  v.value = hwregValue(id, offset, size);
  return true;
}

} // namespace

uint32_t default_special(const OperandDesc &) {
  return 0;
}

bool parse_special(ParseContext &ctx, Cursor &c, const OperandDesc &d, unsigned idx, Inst &inst) {
  OperandValue &v = inst.ops[idx];
  switch (d.cls) {
  case OpClass::waitcnt: return parseWaitcnt(ctx, c, v);
  case OpClass::delay: return parseDelay(ctx, c, v);
  case OpClass::depctr: return parseDepctr(ctx, c, v);
  case OpClass::sendmsg: return parseSendmsg(ctx, c, v);
  case OpClass::hwreg: return parseHwreg(ctx, c, v);
  case OpClass::gpr_idx: return parseGprIdx(ctx, c, v);
  default: return ctx.fail(c.peek().col, "invalid operand for instruction");
  }
}

} // namespace gfxasm::as
