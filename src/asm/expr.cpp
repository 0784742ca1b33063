// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "asm/expr.h"
#include "isa/operand_names.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <string>
#include <vector>

namespace gfxasm::as {

SymbolTable::SymbolTable() {
  for (auto names : {isa::versionCodeNames(), isa::versionFlagNames()})
    for (const isa::NamedValue &n : names)
      map_.emplace(keep(n.name), Symbol{Symbol::Kind::Value, n.value, false, true});
}

// The spelling a symbol named `name` is kept under: the name, or for a name with a backslash (a
// quoted name's escapes) its one spelling, escapedSymbolName, made in `room`.
static std::string_view keyOf(std::string_view name, std::string &room) {
  if (name.find('\\') == std::string_view::npos) return name;
  room = escapedSymbolName(name);
  return room;
}

Symbol *SymbolTable::find(std::string_view name) {
  std::string room;
  auto it = map_.find(keyOf(name, room));
  return it == map_.end() ? nullptr : &it->second;
}

Symbol &SymbolTable::get(std::string_view name) {
  std::string room;
  const std::string_view key = keyOf(name, room);
  auto it = map_.find(key);
  if (it != map_.end()) return it->second;
  return map_.emplace(keep(key), Symbol{}).first->second;
}

std::string_view SymbolTable::nameOf(std::string_view name) const {
  std::string room;
  auto it = map_.find(keyOf(name, room));
  return it == map_.end() ? std::string_view() : it->first;
}

std::string_view SymbolTable::keep(std::string_view name) {
  if (name.empty()) return {};
  char *copy = static_cast<char *>(arena_->allocate(name.size(), 1));
  std::copy(name.begin(), name.end(), copy);
  return {copy, name.size()};
}

bool isLocalLabelRef(const Token &t) {
  std::string_view x = t.text;
  return t.kind == Tok::Error && x.size() >= 2 && (x.back() == 'b' || x.back() == 'f') &&
         std::all_of(x.begin(), x.end() - 1, [](char ch) { return ch >= '0' && ch <= '9'; });
}

bool startsExpr(const Token &t) {
  switch (t.kind) {
  case Tok::Error: return isLocalLabelRef(t) || t.text == "@"; // (`@foo`: a name to llvm)
  case Tok::Integer:
  case Tok::Identifier:
  case Tok::String: // (a quoted symbol name)
  case Tok::LParen:
  case Tok::Minus:
  case Tok::Plus:
  case Tok::Tilde:
  case Tok::Exclaim: return true;
  default: return false;
  }
}

namespace {

using expr_detail::precedence;

// Relocation specifiers AMDGPU knows after a symbol (foo@abs32@lo).
constexpr Spec kSpecifiers[] = {Spec::GotPcRel, Spec::GotPcRel32Lo, Spec::GotPcRel32Hi,
                                Spec::Rel32Lo,  Spec::Rel32Hi,      Spec::Rel64,
                                Spec::Abs32Lo,  Spec::Abs32Hi,      Spec::Abs64};

bool sameLowercase(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if ((a[i] >= 'A' && a[i] <= 'Z' ? a[i] - 'A' + 'a' : a[i]) != lower[i]) return false;
  return true;
}

constexpr TargetFn kTargetFns[] = {TargetFn::Or,         TargetFn::Max,
                                   TargetFn::ExtraSGPRs, TargetFn::TotalNumVGPRs,
                                   TargetFn::AlignTo,    TargetFn::Occupancy};

// A subexpression: its value when absolute; its node when the tree is built.
struct Value {
  int64_t v = 0;
  bool absolute = true;
  ExprId node = kNoExpr;
};

// Parses with llvm's GNU-mode precedence. A first pass only evaluates; an expression that turns
// out relocatable is read again with `build` set, keeping its tree (llvm's MCExpr) in the symbol
// table's pool.
struct Evaluator {
  Cursor &c;
  SymbolTable &syms;
  bool relocatable;
  bool build = false;
  ExprResult err;
  bool failed = false;
  unsigned depth = 0; // primaries being read: parentheses, brackets, unary operators, functions

  bool fail(uint32_t col, const char *msg) {
    if (!failed) {
      failed = true;
      err.kind = ExprResult::Kind::Error;
      err.errCol = col;
      err.error = msg;
    }
    return false;
  }

  ExprId constant(int64_t v) { return build ? syms.pool().constant(v) : kNoExpr; }

  // A specifier's name, checked case-insensitively (printed in lower case).
  bool specifier(std::string_view written, uint32_t col, Spec &spec) {
    for (Spec k : kSpecifiers)
      if (sameLowercase(written, specName(k))) {
        spec = k;
        return true;
      }
    // (a rare message, kept by the symbol table: expression errors are fixed strings)
    return fail(col, syms.intern("invalid variant '" + std::string(written) + "'").data());
  }

  bool symbol(const Token &t, Value &out) {
    // name@specifier (not in a quoted name)
    std::string_view name = t.text;
    Spec spec = Spec::None;
    if (size_t at = name.find('@');
        t.kind != Tok::String && at != std::string_view::npos && at + 1 < name.size()) {
      name = name.substr(0, at);
      if (!specifier(t.text.substr(at + 1), t.col + static_cast<uint32_t>(at) + 1, spec))
        return false;
    }
    Symbol &s = syms.get(name);
    s.referenced = true;
    // A name set to a value before it is read is that value (llvm substitutes it then).
    if (s.kind == Symbol::Kind::Value && spec == Spec::None) {
      out = {s.value, true, constant(s.value)};
      return true;
    }
    if (!relocatable) return fail(t.col, "expected absolute expression");
    out = {0, false, build ? syms.pool().symbol(&s, syms.nameOf(name), spec) : kNoExpr};
    return true;
  }

  // AMDGPU's functions: max(a, b), or(...), ... (AMDGPUAsmParser::parsePrimaryExpr), each
  // argument a whole expression (folded when absolute).
  bool function(TargetFn fn, Value &out) {
    c.next(); // name
    c.next(); // (
    // llvm's checks (AMDGPUAsmParser::parsePrimaryExpr): no arguments, a comma before ')', and
    // anything but ',' or ')' after an argument are errors; the argument count is not checked.
    auto fnError = [&](const char *what) {
      return fail(c.peek().col, syms.intern(std::string(what) + " " +
                                            std::string(targetFnName(fn)) + " expression")
                                    .data());
    };
    std::vector<Value> args;
    bool lastComma = false;
    for (;;) {
      if (c.accept(Tok::RParen)) { // (errors at the token after it, as llvm reports them)
        if (args.empty()) return fnError("empty");
        if (lastComma) return fnError("mismatch of commas in");
        break;
      }
      Value a;
      if (!wholeExpr(a)) return false;
      if (a.absolute && build) a.node = constant(a.v);
      args.push_back(a);
      lastComma = c.accept(Tok::Comma);
      if (!lastComma && !c.is(Tok::RParen)) return fnError("unexpected token in");
    }
    bool absolute = true;
    std::vector<int64_t> values;
    for (const Value &a : args) {
      absolute &= a.absolute;
      values.push_back(a.v);
    }
    int64_t v = 0;
    if (absolute && !applyTargetFn(fn, values, syms.targetInfo(), v)) absolute = false;
    out = {v, absolute, kNoExpr};
    if (build) {
      std::vector<ExprId> ids;
      for (const Value &a : args) ids.push_back(a.node);
      out.node = syms.pool().target(fn, ids);
    }
    if (!absolute && !relocatable) return fail(c.peek().col, "expected absolute expression");
    return true;
  }

  // How deeply an expression may nest: llvm recurses until its stack runs out; deeper input is
  // rejected here long before ours would.
  static constexpr unsigned kMaxDepth = 1000;

  bool primary(Value &out) {
    if (depth >= kMaxDepth) return fail(c.peek().col, "expression is nested too deeply");
    ++depth;
    bool ok = primaryAtDepth(out);
    --depth;
    return ok;
  }

  // GNU local label N: the last `N:` before (`Nb`) or the next after (`Nf`).
  bool localLabel(uint64_t n, bool forward, uint32_t col, Value &out) {
    std::string_view name = syms.localLabel(static_cast<uint32_t>(n), forward); // (llvm: 32 bits)
    if (name.empty()) return fail(col, "directional label undefined");
    if (forward && syms.forwardLocalReference) syms.forwardLocalReference(name, col);
    Token named(Tok::Identifier, col, name);
    return symbol(named, out);
  }

  bool primaryAtDepth(Value &out) {
    const Token &t = c.peek();
    switch (t.kind) {
    case Tok::Integer:
      if (t.overflow) return fail(t.col, "literal value out of range for directive");
      c.next();
      // (llvm's parser reads an integer followed by `b` or `f` as a local label reference, also
      // with blanks between: `1 b`)
      if (const Token &bf = c.peek(); isLocalLabelDirection(bf)) {
        c.next();
        return localLabel(static_cast<uint64_t>(t.ival), bf.text == "f", t.col, out);
      }
      out = {t.ival, true, constant(t.ival)};
      return true;
    case Tok::Real:
      // A floating number inside an expression is the bits of its double, as in llvm.
      c.next();
      out.v = static_cast<int64_t>(std::bit_cast<uint64_t>(t.fval));
      out = {out.v, true, constant(out.v)};
      return true;
    case Tok::LParen: {
      c.next();
      if (!wholeExpr(out)) return false;
      if (!c.accept(Tok::RParen)) return fail(c.peek().col, "expected ')'");
      // A parenthesized expression is folded when it is absolute.
      if (out.absolute && build) out.node = constant(out.v);
      return true;
    }
    case Tok::LBrac: { // llvm-mc's bracket expression: [expr] is expr, folded like (expr)
      c.next();
      if (!wholeExpr(out)) return false;
      if (!c.accept(Tok::RBrac)) return fail(c.peek().col, "expected ']' in brackets expression");
      if (out.absolute && build) out.node = constant(out.v);
      return true;
    }
    case Tok::Minus:
    case Tok::Plus:
    case Tok::Tilde:
    case Tok::Exclaim: {
      c.next();
      Value sub;
      if (!primary(sub)) return false;
      UnOp op = t.kind == Tok::Minus     ? UnOp::Minus
                : t.kind == Tok::Tilde   ? UnOp::Not
                : t.kind == Tok::Exclaim ? UnOp::LNot
                                         : UnOp::Plus;
      out.v = applyUnOp(op, sub.v);
      out.absolute = sub.absolute;
      out.node = build ? syms.pool().unary(op, sub.node) : kNoExpr;
      return true;
    }
    case Tok::Identifier:
      if (c.peek(1).kind == Tok::LParen)
        for (TargetFn fn : kTargetFns)
          if (t.text == targetFnName(fn)) return function(fn, out);
      c.next();
      if (t.text == "." && syms.locationLabel) {
        Token here(Tok::Identifier, t.col, syms.locationLabel(t.col));
        return symbol(here, out);
      }
      return symbol(t, out);
    case Tok::Error: {
      // A GNU local label reference: 1b (the last `1:`), 1f (the next one).
      std::string_view x = t.text;
      if (isLocalLabelRef(t)) {
        uint64_t n = 0;
        for (char ch : x.substr(0, x.size() - 1)) {
          const uint64_t digit = static_cast<uint64_t>(ch - '0');
          if (n > (UINT64_MAX - digit) / 10)
            return fail(t.col, "literal value out of range for directive");
          n = n * 10 + digit;
        }
        c.next();
        return localLabel(n, x.back() == 'f', t.col, out);
      }
      if (t.text == "@") {
        // llvm reads `@foo` as the name "@foo", whose part after the '@' is a specifier
        if (c.nameWidth() == 1) return fail(t.col, "expected a symbol reference");
        const Token named = c.peekName();
        c.skipName();
        return symbol(named, out);
      }
      return fail(t.col,
                  t.lexError != LexError::None ? lexErrorMessage(t.lexError) : "invalid number");
    }
    case Tok::String: {
      // A quoted symbol name, as llvm reads one.
      c.next();
      return symbol(t, out);
    }
    case Tok::Star: return fail(t.col, "invalid token in expression"); // (`*` is no PC here)
    default: return fail(t.col, "unknown token in expression");
    }
  }

  // llvm's parseExpression (the whole expression, in parentheses and brackets too): `e @spec`
  // puts the specifier on every symbol of e (foo+1 @abs32@lo is foo@abs32@lo+1); blanks and
  // comments may stand before the '@', which is no identifier's part there.
  bool wholeExpr(Value &out) {
    if (!expr(1, out)) return false;
    const Token &at = c.peek();
    if (at.kind != Tok::Error || at.text != "@") return true;
    c.next();
    const Token &name = c.peek();
    if (name.kind != Tok::Identifier)
      return fail(name.col, "unexpected symbol modifier following '@'");
    Spec spec = Spec::None;
    if (!specifier(name.text, name.col, spec)) return false;
    auto noSymbols = [&] {
      return fail(name.col, syms.intern("invalid modifier '" + std::string(name.text) +
                                        "' (no symbols present)")
                                .data());
    };
    if (out.absolute) return noSymbols();
    if (build) {
      ExprId modified = withSpecifier(out.node, spec, name);
      if (failed) return false;
      if (modified == kNoExpr) return noSymbols();
      out.node = modified;
    }
    c.next();
    return true;
  }

  // llvm's applySpecifier: the tree rebuilt with `spec` on its symbols; kNoExpr when it has none
  // outside functions; an error for a symbol that has a specifier already.
  ExprId withSpecifier(ExprId id, Spec spec, const Token &name) {
    ExprNode n = syms.pool()[id];
    switch (n.kind) {
    case ExprNode::Kind::Constant:
    case ExprNode::Kind::Target: return kNoExpr;
    case ExprNode::Kind::Symbol:
      if (n.spec != Spec::None) {
        fail(name.col, syms.intern("invalid variant on expression '" + std::string(name.text) +
                                   "' (already modified)")
                           .data());
        return kNoExpr;
      }
      return syms.pool().symbol(n.sym, n.name, spec);
    case ExprNode::Kind::Unary: {
      ExprId sub = withSpecifier(n.lhs, spec, name);
      return sub == kNoExpr ? kNoExpr : syms.pool().unary(n.unOp(), sub);
    }
    case ExprNode::Kind::Binary: {
      ExprId l = withSpecifier(n.lhs, spec, name), r = withSpecifier(n.rhs, spec, name);
      if (l == kNoExpr && r == kNoExpr) return kNoExpr;
      return syms.pool().binary(n.binOp(), l == kNoExpr ? n.lhs : l, r == kNoExpr ? n.rhs : r);
    }
    }
    return kNoExpr;
  }

  bool expr(int minPrec, Value &lhs) {
    if (!primary(lhs)) return false;
    for (;;) {
      BinOp op;
      int prec = precedence(c.peek().kind, op);
      if (prec == 0 || prec < minPrec) return true;
      uint32_t opCol = c.peek().col;
      c.next();
      Value rhs;
      if (!expr(prec + 1, rhs)) return false;
      Value r{0, lhs.absolute && rhs.absolute,
              build ? syms.pool().binary(op, lhs.node, rhs.node) : kNoExpr};
      if (r.absolute && !applyBinOp(op, lhs.v, rhs.v, r.v)) {
        if (!relocatable) return fail(opCol, "division by zero");
        r.absolute = false;
      }
      lhs = r;
    }
  }
};

// AMDGPU's choice of fixup kind for a literal: pc-relative unless a difference or an absolute
// specifier decides otherwise.
bool needsPcRel(const ExprPool &pool, ExprId i) {
  const ExprNode &n = pool[i];
  switch (n.kind) {
  case ExprNode::Kind::Symbol:
    return n.spec != Spec::Abs32Lo && n.spec != Spec::Abs32Hi && n.spec != Spec::Abs64;
  case ExprNode::Kind::Binary:
    if (n.binOp() == BinOp::Sub) return false;
    return needsPcRel(pool, n.lhs) || needsPcRel(pool, n.rhs);
  case ExprNode::Kind::Unary: return needsPcRel(pool, n.lhs);
  case ExprNode::Kind::Constant:
  case ExprNode::Kind::Target: return false;
  }
  return false;
}

} // namespace

uint32_t expressionLocation(std::span<const Token> toks) {
  while (!toks.empty() && toks.back().kind == Tok::Eol) toks = toks.first(toks.size() - 1);
  while (!toks.empty()) {
    int depth = 0;
    bool enclosed = toks.size() > 2 && toks.front().kind == Tok::LParen;
    bool operand = false; // the token before ends an operand: an operator after it is binary
    for (size_t i = 0; i < toks.size(); ++i) {
      const Tok k = toks[i].kind;
      const bool isOperator = k >= Tok::Plus && k <= Tok::ExclaimEqual && k != Tok::Tilde &&
                              k != Tok::Equal && (k != Tok::Exclaim || operand);
      if (depth == 0 && operand && isOperator) return toks[i].col;
      if (k == Tok::LParen) ++depth;
      if (k == Tok::RParen && --depth == 0 && i + 1 < toks.size()) enclosed = false;
      operand = k == Tok::Identifier || k == Tok::Integer || k == Tok::RParen || k == Tok::Real ||
                k == Tok::String;
    }
    if (!enclosed || toks.back().kind != Tok::RParen) return toks.front().col;
    toks = toks.subspan(1, toks.size() - 2);
  }
  return 0;
}

ExprResult parseExprTree(Cursor &c, SymbolTable &syms, bool relocatable, bool primary) {
  size_t start = c.pos;
  Evaluator ev{c, syms, relocatable, false, {}, false};
  Value v;
  if (!(primary ? ev.primary(v) : ev.wholeExpr(v))) return ev.err;
  ExprResult r;
  if (v.absolute) {
    r.kind = ExprResult::Kind::Absolute;
    r.value = v.v;
    return r;
  }
  // Read it again keeping the tree.
  c.pos = start;
  ev.build = true;
  // (the first pass parsed the same tokens; only a specifier after the expression can fail now)
  if (!(primary ? ev.primary(v) : ev.wholeExpr(v))) return ev.err;
  r.kind = ExprResult::Kind::Relocatable;
  r.expr = v.node;
  r.text = syms.intern(exprText(syms.pool(), v.node));
  r.symbolRef = syms.pool()[v.node].kind == ExprNode::Kind::Symbol;
  r.pcRel = needsPcRel(syms.pool(), v.node);
  return r;
}

} // namespace gfxasm::as
