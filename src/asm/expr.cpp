#include "asm/expr.h"
#include "isa/operand_names.h"

#include <bit>
#include <string>
#include <vector>

namespace gfxasm::as {

SymbolTable::SymbolTable() {
  for (auto names : {isa::versionCodeNames(), isa::versionFlagNames()})
    for (const isa::NamedValue &n : names)
      map_.emplace(std::string(n.name), Symbol{Symbol::Kind::Value, n.value, false, true});
}

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

using expr_detail::BinOp;
using expr_detail::precedence;

// Relocation specifiers AMDGPU knows after a symbol (foo@abs32@lo), as llvm prints them.
constexpr std::string_view kSpecifiers[] = {"gotpcrel", "gotpcrel32@lo", "gotpcrel32@hi",
                                            "rel32@lo", "rel32@hi",      "rel64",
                                            "abs32@lo", "abs32@hi",      "abs64"};

bool sameLowercase(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if ((a[i] >= 'A' && a[i] <= 'Z' ? a[i] - 'A' + 'a' : a[i]) != lower[i]) return false;
  return true;
}

// A node of a relocatable expression: llvm's MCExpr, which it prints back as written (constant
// subexpressions in parentheses folded, the rest kept).
struct Node {
  enum class Kind : uint8_t { Constant, Symbol, Unary, Binary } kind = Kind::Constant;
  Tok unaryOp = Tok::Minus;
  BinOp op = BinOp::None;
  std::string_view name, specifier; // Symbol: name@specifier
  int lhs = -1, rhs = -1;
  int64_t value = 0;
};

// A subexpression: its value when absolute; its node when the tree is built.
struct Value {
  int64_t v = 0;
  bool absolute = true;
  int node = -1;
};

// Parses with llvm's GNU-mode precedence. A first pass only evaluates; an expression that turns
// out relocatable is read again with `build` set, keeping its tree for printing.
struct Evaluator {
  Cursor &c;
  SymbolTable &syms;
  bool relocatable;
  bool build = false;
  std::vector<Node> nodes;
  ExprResult err;
  bool failed = false;

  bool fail(uint32_t col, const char *msg) {
    if (!failed) {
      failed = true;
      err.kind = ExprResult::Kind::Error;
      err.errCol = col;
      err.error = msg;
    }
    return false;
  }

  int add(Node n) {
    if (!build) return -1;
    nodes.push_back(n);
    return static_cast<int>(nodes.size()) - 1;
  }
  int constant(int64_t v) {
    return add({Node::Kind::Constant, Tok::Eol, BinOp::None, {}, {}, -1, -1, v});
  }

  bool symbol(const Token &t, Value &out) {
    // name@specifier: the specifier is checked (case-insensitively) and printed in lower case.
    std::string_view name = t.text, spec;
    if (size_t at = name.find('@'); at != std::string_view::npos && at + 1 < name.size()) {
      spec = name.substr(at + 1);
      name = name.substr(0, at);
      const std::string_view *known = nullptr;
      for (const std::string_view &k : kSpecifiers)
        if (sameLowercase(spec, k)) known = &k;
      // (a rare message, kept by the symbol table: expression errors are fixed strings)
      if (!known)
        return fail(t.col + static_cast<uint32_t>(name.size()) + 1,
                    syms.intern("invalid variant '" + std::string(spec) + "'").data());
      spec = *known;
    }
    Symbol &s = syms.get(name);
    s.referenced = true;
    // A name set to a value before it is read is that value (llvm substitutes it then).
    if (s.kind == Symbol::Kind::Value && spec.empty()) {
      out = {s.value, true, constant(s.value)};
      return true;
    }
    if (!relocatable) return fail(t.col, "expected absolute expression");
    out = {0, false, add({Node::Kind::Symbol, Tok::Eol, BinOp::None, name, spec, -1, -1, 0})};
    return true;
  }

  bool primary(Value &out) {
    const Token &t = c.peek();
    switch (t.kind) {
    case Tok::Integer:
      c.next();
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
      if (!expr(1, out)) return false;
      if (!c.accept(Tok::RParen)) return fail(c.peek().col, "expected ')'");
      // A parenthesized expression is folded when it is absolute.
      if (out.absolute && build) out.node = constant(out.v);
      return true;
    }
    case Tok::LBrac: { // llvm-mc's bracket expression: [expr] is expr, folded like (expr)
      c.next();
      if (!expr(1, out)) return false;
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
      uint64_t u = static_cast<uint64_t>(sub.v);
      out.v = t.kind == Tok::Minus     ? static_cast<int64_t>(0ull - u)
              : t.kind == Tok::Tilde   ? ~sub.v
              : t.kind == Tok::Exclaim ? !sub.v
                                       : sub.v;
      out.absolute = sub.absolute;
      out.node = add({Node::Kind::Unary, t.kind, BinOp::None, {}, {}, sub.node, -1, out.v});
      return true;
    }
    case Tok::Identifier: c.next(); return symbol(t, out);
    case Tok::Error: return fail(t.col, "invalid number");
    default: return fail(t.col, "unknown token in expression");
    }
  }

  // lhs op rhs of absolute operands; false when llvm cannot evaluate it (division by zero).
  static bool apply(BinOp op, int64_t lhs, int64_t rhs, int64_t &out) {
    uint64_t a = static_cast<uint64_t>(lhs), b = static_cast<uint64_t>(rhs);
    switch (op) {
    case BinOp::LOr: out = (lhs || rhs) ? 1 : 0; break;
    case BinOp::LAnd: out = (lhs && rhs) ? 1 : 0; break;
    case BinOp::Eq: out = lhs == rhs ? -1 : 0; break;
    case BinOp::Ne: out = lhs != rhs ? -1 : 0; break;
    case BinOp::Lt: out = lhs < rhs ? -1 : 0; break;
    case BinOp::Le: out = lhs <= rhs ? -1 : 0; break;
    case BinOp::Gt: out = lhs > rhs ? -1 : 0; break;
    case BinOp::Ge: out = lhs >= rhs ? -1 : 0; break;
    case BinOp::Add: out = static_cast<int64_t>(a + b); break;
    case BinOp::Sub: out = static_cast<int64_t>(a - b); break;
    case BinOp::Or: out = lhs | rhs; break;
    case BinOp::And: out = lhs & rhs; break;
    case BinOp::Xor: out = lhs ^ rhs; break;
    case BinOp::Mul: out = static_cast<int64_t>(a * b); break;
    case BinOp::Div:
    case BinOp::Mod:
      if (rhs == 0) return false;
      if (lhs == INT64_MIN && rhs == -1)
        out = op == BinOp::Div ? INT64_MIN : 0;
      else
        out = op == BinOp::Div ? lhs / rhs : lhs % rhs;
      break;
    case BinOp::Shl: out = b >= 64 ? 0 : static_cast<int64_t>(a << b); break;
    case BinOp::Shr: out = b >= 64 ? 0 : static_cast<int64_t>(a >> b); break;
    case BinOp::None: break;
    }
    return true;
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
              add({Node::Kind::Binary, Tok::Eol, op, {}, {}, lhs.node, rhs.node, 0})};
      if (r.absolute && !apply(op, lhs.v, rhs.v, r.v)) {
        if (!relocatable) return fail(opCol, "division by zero");
        r.absolute = false;
      }
      lhs = r;
    }
  }
};

int printPrecedence(BinOp op) {
  return op == BinOp::Add || op == BinOp::Sub ? 1 : 0;
}

const char *opText(BinOp op) {
  switch (op) {
  case BinOp::LOr: return "||";
  case BinOp::LAnd: return "&&";
  case BinOp::Eq: return "==";
  case BinOp::Ne: return "!=";
  case BinOp::Lt: return "<";
  case BinOp::Le: return "<=";
  case BinOp::Gt: return ">";
  case BinOp::Ge: return ">=";
  case BinOp::Add: return "+";
  case BinOp::Sub: return "-";
  case BinOp::Or: return "|";
  case BinOp::And: return "&";
  case BinOp::Xor: return "^";
  case BinOp::Mul: return "*";
  case BinOp::Div: return "/";
  case BinOp::Mod: return "%";
  case BinOp::Shl: return "<<";
  case BinOp::Shr: return ">>";
  case BinOp::None: break;
  }
  return "";
}

// llvm's MCExpr::print: parentheses only where + and - (precedence 1) meet other operators,
// which it treats as binding tighter (9); `x+-4` prints as x-4; names with '@' are quoted.
void printNode(const std::vector<Node> &nodes, int i, int surrounding, std::string &out) {
  constexpr int kMaxPrec = 9;
  const Node &n = nodes[static_cast<size_t>(i)];
  switch (n.kind) {
  case Node::Kind::Constant: out += std::to_string(n.value); return;
  case Node::Kind::Symbol:
    if (n.name.find('@') != std::string_view::npos) {
      out += '"';
      out += n.name;
      out += '"';
    } else {
      out += n.name;
    }
    if (!n.specifier.empty()) {
      out += '@';
      out += n.specifier;
    }
    return;
  case Node::Kind::Unary:
    out += n.unaryOp == Tok::Minus     ? '-'
           : n.unaryOp == Tok::Tilde   ? '~'
           : n.unaryOp == Tok::Exclaim ? '!'
                                       : '+';
    printNode(nodes, n.lhs, kMaxPrec, out);
    return;
  case Node::Kind::Binary: {
    int prec = printPrecedence(n.op);
    bool paren = prec < surrounding;
    if (paren) out += '(';
    int sub = prec ? prec : kMaxPrec;
    printNode(nodes, n.lhs, sub, out);
    const Node &r = nodes[static_cast<size_t>(n.rhs)];
    if (n.op == BinOp::Add && r.kind == Node::Kind::Constant && r.value < 0) {
      out += std::to_string(r.value);
    } else {
      out += opText(n.op);
      printNode(nodes, n.rhs, sub + 1, out);
    }
    if (paren) out += ')';
    return;
  }
  }
}

// AMDGPU's choice of fixup kind for a literal: pc-relative unless a difference or an absolute
// specifier decides otherwise.
bool needsPcRel(const std::vector<Node> &nodes, int i) {
  const Node &n = nodes[static_cast<size_t>(i)];
  switch (n.kind) {
  case Node::Kind::Symbol:
    return n.specifier != "abs32@lo" && n.specifier != "abs32@hi" && n.specifier != "abs64";
  case Node::Kind::Binary:
    if (n.op == BinOp::Sub) return false;
    return needsPcRel(nodes, n.lhs) || needsPcRel(nodes, n.rhs);
  case Node::Kind::Unary: return needsPcRel(nodes, n.lhs);
  case Node::Kind::Constant: return false;
  }
  return false;
}

} // namespace

ExprResult parseExprTree(Cursor &c, SymbolTable &syms, bool relocatable, bool primary) {
  size_t start = c.pos;
  Evaluator ev{c, syms, relocatable, false, {}, {}, false};
  Value v;
  if (!(primary ? ev.primary(v) : ev.expr(1, v))) return ev.err;
  ExprResult r;
  if (v.absolute) {
    r.kind = ExprResult::Kind::Absolute;
    r.value = v.v;
    return r;
  }
  // Read it again keeping the tree.
  c.pos = start;
  ev.build = true;
  bool ok = primary ? ev.primary(v) : ev.expr(1, v);
  (void)ok; // the first pass parsed the same tokens
  std::string text;
  printNode(ev.nodes, v.node, 0, text);
  r.kind = ExprResult::Kind::Relocatable;
  r.text = syms.intern(std::move(text));
  r.symbolRef = ev.nodes[static_cast<size_t>(v.node)].kind == Node::Kind::Symbol;
  r.pcRel = needsPcRel(ev.nodes, v.node);
  return r;
}

} // namespace gfxasm::as
