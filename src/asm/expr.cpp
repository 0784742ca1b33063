#include "asm/expr.h"

namespace gfxasm::as {

Symbol *SymbolTable::find(std::string_view name) {
  auto it = map_.find(name);
  return it == map_.end() ? nullptr : &it->second;
}

Symbol &SymbolTable::get(std::string_view name) {
  auto it = map_.find(name);
  if (it != map_.end()) return it->second;
  return map_.emplace(std::string(name), Symbol{}).first->second;
}

bool startsExpr(const Token &t) {
  switch (t.kind) {
  case Tok::Integer:
  case Tok::Identifier:
  case Tok::LParen:
  case Tok::Minus:
  case Tok::Plus:
  case Tok::Tilde:
  case Tok::Exclaim: return true;
  default: return false;
  }
}

namespace {

enum class BinOp {
  None,
  LOr,
  LAnd,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Add,
  Sub,
  Or,
  And,
  Xor,
  Mul,
  Div,
  Mod,
  Shl,
  Shr
};

int precedence(Tok k, BinOp &op) {
  switch (k) {
  case Tok::PipePipe: op = BinOp::LOr; return 1;
  case Tok::AmpAmp: op = BinOp::LAnd; return 2;
  case Tok::EqualEqual: op = BinOp::Eq; return 3;
  case Tok::ExclaimEqual:
  case Tok::LessGreater: op = BinOp::Ne; return 3;
  case Tok::Less: op = BinOp::Lt; return 3;
  case Tok::LessEq: op = BinOp::Le; return 3;
  case Tok::Greater: op = BinOp::Gt; return 3;
  case Tok::GreaterEq: op = BinOp::Ge; return 3;
  case Tok::Plus: op = BinOp::Add; return 4;
  case Tok::Minus: op = BinOp::Sub; return 4;
  case Tok::Pipe: op = BinOp::Or; return 5;
  case Tok::Amp: op = BinOp::And; return 5;
  case Tok::Caret: op = BinOp::Xor; return 5;
  case Tok::Star: op = BinOp::Mul; return 6;
  case Tok::Slash: op = BinOp::Div; return 6;
  case Tok::Percent: op = BinOp::Mod; return 6;
  case Tok::LessLess: op = BinOp::Shl; return 6;
  case Tok::GreaterGreater: op = BinOp::Shr; return 6;
  default: op = BinOp::None; return 0;
  }
}

struct Evaluator {
  Cursor &c;
  SymbolTable &syms;
  bool allowSymbolic;
  ExprResult err;
  bool failed = false;
  bool symbolic = false;
  std::string_view symName;

  bool fail(uint32_t col, const char *msg) {
    if (!failed) {
      failed = true;
      err.kind = ExprResult::Kind::Error;
      err.errCol = col;
      err.error = msg;
    }
    return false;
  }

  bool primary(int64_t &v) {
    const Token &t = c.peek();
    switch (t.kind) {
    case Tok::Integer:
      c.next();
      v = t.ival;
      return true;
    case Tok::LParen: {
      c.next();
      if (!expr(0, v)) return false;
      if (!c.accept(Tok::RParen)) return fail(c.peek().col, "expected ')'");
      return true;
    }
    case Tok::LBrac: { // llvm-mc's bracket expression: [expr] is expr
      c.next();
      if (!expr(0, v)) return false;
      if (!c.accept(Tok::RBrac)) return fail(c.peek().col, "expected ']' in brackets expression");
      return true;
    }
    case Tok::Minus:
      c.next();
      if (!unary(v)) return false;
      v = static_cast<int64_t>(0ull - static_cast<uint64_t>(v));
      return true;
    case Tok::Plus: c.next(); return unary(v);
    case Tok::Tilde:
      c.next();
      if (!unary(v)) return false;
      v = ~v;
      return true;
    case Tok::Exclaim:
      c.next();
      if (!unary(v)) return false;
      v = !v;
      return true;
    case Tok::Identifier: {
      c.next();
      Symbol &s = syms.get(t.text);
      s.referenced = true;
      if (s.kind == Symbol::Kind::Value) {
        v = s.value;
        return true;
      }
      // A label or a name not yet defined: only usable alone, as a branch target.
      if (allowSymbolic && !symbolic) {
        symbolic = true;
        symName = t.text;
        v = 0;
        return true;
      }
      return fail(t.col, "expected absolute expression");
    }
    case Tok::Error: return fail(t.col, "invalid number");
    default: return fail(t.col, "unknown token in expression");
    }
  }

  bool unary(int64_t &v) {
    size_t before = c.pos;
    if (!primary(v)) return false;
    if (symbolic && c.pos != before && !failed) {
      // A unary operator applied to a label cannot be encoded.
    }
    return true;
  }

  bool expr(int minPrec, int64_t &lhs) {
    uint32_t startCol = c.peek().col;
    if (!unary(lhs)) return false;
    for (;;) {
      BinOp op;
      int prec = precedence(c.peek().kind, op);
      if (prec == 0 || prec <= minPrec - 1 || prec < minPrec) return true;
      uint32_t opCol = c.peek().col;
      c.next();
      int64_t rhs;
      if (!expr(prec + 1, rhs)) return false;
      if (symbolic) return fail(startCol, "expected an absolute expression or a label");
      uint64_t a = static_cast<uint64_t>(lhs), b = static_cast<uint64_t>(rhs);
      switch (op) {
      case BinOp::LOr: lhs = (lhs || rhs) ? 1 : 0; break;
      case BinOp::LAnd: lhs = (lhs && rhs) ? 1 : 0; break;
      case BinOp::Eq: lhs = lhs == rhs ? -1 : 0; break;
      case BinOp::Ne: lhs = lhs != rhs ? -1 : 0; break;
      case BinOp::Lt: lhs = lhs < rhs ? -1 : 0; break;
      case BinOp::Le: lhs = lhs <= rhs ? -1 : 0; break;
      case BinOp::Gt: lhs = lhs > rhs ? -1 : 0; break;
      case BinOp::Ge: lhs = lhs >= rhs ? -1 : 0; break;
      case BinOp::Add: lhs = static_cast<int64_t>(a + b); break;
      case BinOp::Sub: lhs = static_cast<int64_t>(a - b); break;
      case BinOp::Or: lhs = lhs | rhs; break;
      case BinOp::And: lhs = lhs & rhs; break;
      case BinOp::Xor: lhs = lhs ^ rhs; break;
      case BinOp::Mul: lhs = static_cast<int64_t>(a * b); break;
      case BinOp::Div:
      case BinOp::Mod:
        if (rhs == 0) return fail(opCol, "division by zero");
        if (lhs == INT64_MIN && rhs == -1)
          lhs = op == BinOp::Div ? INT64_MIN : 0;
        else
          lhs = op == BinOp::Div ? lhs / rhs : lhs % rhs;
        break;
      case BinOp::Shl: lhs = b >= 64 ? 0 : static_cast<int64_t>(a << b); break;
      case BinOp::Shr: lhs = b >= 64 ? 0 : static_cast<int64_t>(a >> b); break;
      case BinOp::None: break;
      }
    }
  }
};

} // namespace

ExprResult parseExpr(Cursor &c, SymbolTable &syms, bool allowSymbolic) {
  // Most expressions are one integer (register indices, offsets, lane selects): no evaluator.
  if (c.is(Tok::Integer)) {
    BinOp op;
    if (precedence(c.peek(1).kind, op) == 0) {
      ExprResult r;
      r.kind = ExprResult::Kind::Absolute;
      r.value = c.next().ival;
      return r;
    }
  }
  Evaluator ev{c, syms, allowSymbolic, {}, false, false, {}};
  int64_t v = 0;
  if (!ev.expr(1, v)) return ev.err;
  ExprResult r;
  if (ev.symbolic) {
    r.kind = ExprResult::Kind::Symbolic;
    r.symbol = ev.symName;
  } else {
    r.kind = ExprResult::Kind::Absolute;
    r.value = v;
  }
  return r;
}

} // namespace gfxasm::as
