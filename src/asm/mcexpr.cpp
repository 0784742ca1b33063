// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "asm/mcexpr.h"

#include <algorithm>

#include "asm/expr.h"

namespace gfxasm::as {

std::string_view targetFnName(TargetFn fn) {
  switch (fn) {
  case TargetFn::Or: return "or";
  case TargetFn::Max: return "max";
  case TargetFn::ExtraSGPRs: return "extrasgprs";
  case TargetFn::TotalNumVGPRs: return "totalnumvgprs";
  case TargetFn::AlignTo: return "alignto";
  case TargetFn::Occupancy: return "occupancy";
  }
  return "";
}

std::string_view specName(Spec s) {
  switch (s) {
  case Spec::None: return "";
  case Spec::GotPcRel: return "gotpcrel";
  case Spec::GotPcRel32Lo: return "gotpcrel32@lo";
  case Spec::GotPcRel32Hi: return "gotpcrel32@hi";
  case Spec::Rel32Lo: return "rel32@lo";
  case Spec::Rel32Hi: return "rel32@hi";
  case Spec::Rel64: return "rel64";
  case Spec::Abs32Lo: return "abs32@lo";
  case Spec::Abs32Hi: return "abs32@hi";
  case Spec::Abs64: return "abs64";
  }
  return "";
}

ExprId ExprPool::constant(int64_t v) {
  ExprNode n;
  n.value = v;
  return add(n);
}
ExprId ExprPool::symbol(Symbol *sym, std::string_view name, Spec spec) {
  ExprNode n;
  n.kind = ExprNode::Kind::Symbol;
  n.sym = sym;
  n.name = name;
  n.spec = spec;
  return add(n);
}
ExprId ExprPool::unary(UnOp op, ExprId sub) {
  ExprNode n;
  n.kind = ExprNode::Kind::Unary;
  n.op = static_cast<uint8_t>(op);
  n.lhs = sub;
  return add(n);
}
ExprId ExprPool::binary(BinOp op, ExprId lhs, ExprId rhs) {
  ExprNode n;
  n.kind = ExprNode::Kind::Binary;
  n.op = static_cast<uint8_t>(op);
  n.lhs = lhs;
  n.rhs = rhs;
  return add(n);
}
ExprId ExprPool::target(TargetFn fn, std::span<const ExprId> args) {
  ExprNode n;
  n.kind = ExprNode::Kind::Target;
  n.op = static_cast<uint8_t>(fn);
  n.lhs = static_cast<uint32_t>(args_.size());
  n.rhs = static_cast<uint32_t>(args.size());
  args_.insert(args_.end(), args.begin(), args.end());
  return add(n);
}

namespace {

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
  case BinOp::OrNot: return "!";
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

int printPrecedence(BinOp op) {
  return op == BinOp::Add || op == BinOp::Sub ? 1 : 0;
}

void printNode(const ExprPool &pool, ExprId id, int surrounding, std::string &out) {
  constexpr int kMaxPrec = 9;
  const ExprNode &n = pool[id];
  switch (n.kind) {
  case ExprNode::Kind::Constant: out += std::to_string(n.value); return;
  case ExprNode::Kind::Symbol:
    out += printedSymbolName(n.name);
    if (n.spec != Spec::None) {
      out += '@';
      out += specName(n.spec);
    }
    return;
  case ExprNode::Kind::Unary:
    out += n.unOp() == UnOp::Minus  ? '-'
           : n.unOp() == UnOp::Not  ? '~'
           : n.unOp() == UnOp::LNot ? '!'
                                    : '+';
    printNode(pool, n.lhs, kMaxPrec, out);
    return;
  case ExprNode::Kind::Binary: {
    int prec = printPrecedence(n.binOp());
    bool paren = prec < surrounding;
    if (paren) out += '(';
    int sub = prec ? prec : kMaxPrec;
    printNode(pool, n.lhs, sub, out);
    const ExprNode &r = pool[n.rhs];
    if (n.binOp() == BinOp::Add && r.kind == ExprNode::Kind::Constant && r.value < 0) {
      out += std::to_string(r.value);
    } else {
      out += opText(n.binOp());
      printNode(pool, n.rhs, sub + 1, out);
    }
    if (paren) out += ')';
    return;
  }
  case ExprNode::Kind::Target: {
    out += targetFnName(n.fn());
    out += '(';
    bool first = true;
    for (ExprId a : pool.argsOf(n)) {
      if (!first) out += ", ";
      first = false;
      printNode(pool, a, 0, out);
    }
    out += ')';
    return;
  }
  }
}

// Variables are evaluated through their expressions; a cycle (x = y, y = x) is not evaluable.
constexpr int kMaxVariableDepth = 256;

bool evaluate(const ExprPool &pool, ExprId id, EvalStage stage, const TargetInfo &target,
              RelocatableValue &out, int depth);

bool evaluateSymbol(const ExprPool &pool, const ExprNode &n, EvalStage stage,
                    const TargetInfo &target, RelocatableValue &out, int depth) {
  const Symbol &s = *n.sym;
  if (n.spec == Spec::None) {
    if (s.kind == Symbol::Kind::Value) {
      out = {};
      out.constant = s.value;
      return true;
    }
    if (s.kind == Symbol::Kind::Variable && stage == EvalStage::Final) {
      if (depth > kMaxVariableDepth) return false;
      if (!evaluate(pool, s.expr, stage, target, out, depth + 1)) return false;
      if (out.symA && !out.symB && out.symA->kind == Symbol::Kind::Label &&
          s.binding != Symbol::Binding::Global && s.binding != Symbol::Binding::Weak)
        out.viaLocalAlias = true;
      if (out.symA && !out.symB && out.symA->kind == Symbol::Kind::Label &&
          out.spec == Spec::None) {
        out.alias = &s;
        out.aliasName = n.name;
        out.aliasOffset = out.constant;
      }
      return true;
    }
  }
  if (stage == EvalStage::Parse) return false;
  out = {};
  out.symA = &s;
  out.nameA = n.name;
  out.spec = n.spec;
  return true;
}

// a - b of two relocatable values: labels of one section cancel out (the layout is final when
// it is asked: gfxasm never relaxes).
bool subtract(RelocatableValue &a, const RelocatableValue &b) {
  // (a difference keeps the minuend's specifier, as llvm's evaluateSymbolicAdd: the code entry
  // offset of a kernel descriptor is NAME@rel64 - NAME.kd)
  if (b.symB || (b.symA && b.spec != Spec::None)) return false;
  a.constant =
      static_cast<int64_t>(static_cast<uint64_t>(a.constant) - static_cast<uint64_t>(b.constant));
  if (!b.symA) return true;
  if (a.symB) return false;
  a.symB = b.symA;
  a.nameB = b.nameA;
  // Two labels of one section: their distance.
  if (a.symA && a.spec == Spec::None && a.symA->kind == Symbol::Kind::Label &&
      a.symB->kind == Symbol::Kind::Label && a.symA->section == a.symB->section) {
    a.constant += a.symA->value - a.symB->value;
    a.symA = a.symB = nullptr;
    a.nameA = a.nameB = {};
  }
  return true;
}

bool evaluate(const ExprPool &pool, ExprId id, EvalStage stage, const TargetInfo &target,
              RelocatableValue &out, int depth) {
  const ExprNode &n = pool[id];
  switch (n.kind) {
  case ExprNode::Kind::Constant:
    out = {};
    out.constant = n.value;
    return true;
  case ExprNode::Kind::Symbol: return evaluateSymbol(pool, n, stage, target, out, depth);
  case ExprNode::Kind::Unary: {
    RelocatableValue v;
    if (!evaluate(pool, n.lhs, stage, target, v, depth)) return false;
    if (v.absolute()) {
      out = {};
      out.constant = applyUnOp(n.unOp(), v.constant);
      return true;
    }
    if (n.unOp() == UnOp::Plus) {
      out = v;
      return true;
    }
    if (n.unOp() != UnOp::Minus || v.symB || v.spec != Spec::None) return false;
    // -(a - b + c) is b - a - c.
    out = {};
    out.symA = v.symB;
    out.nameA = v.nameB;
    out.symB = v.symA;
    out.nameB = v.nameA;
    out.constant = static_cast<int64_t>(0ull - static_cast<uint64_t>(v.constant));
    return true;
  }
  case ExprNode::Kind::Binary: {
    RelocatableValue l, r;
    if (!evaluate(pool, n.lhs, stage, target, l, depth) ||
        !evaluate(pool, n.rhs, stage, target, r, depth))
      return false;
    if (l.absolute() && r.absolute()) {
      out = {};
      return applyBinOp(n.binOp(), l.constant, r.constant, out.constant);
    }
    if (n.binOp() == BinOp::Add) {
      if (!r.absolute() && !l.absolute()) {
        // a + (c - b) or (a - b) + c: one symbol each side at most.
        if (l.symB || r.symB) {
          if (l.symB && r.symA && !r.symB && !l.symA) {
            std::swap(l, r);
          } else if (!(r.symB && !r.symA)) {
            return false;
          }
        } else {
          return false;
        }
      }
      if (l.absolute()) std::swap(l, r);
      if (!r.absolute()) {
        // l = a (+c), r = -b (+c)
        if (r.symA || !r.symB || l.symB) return false;
        RelocatableValue nb;
        nb.symA = r.symB;
        nb.nameA = r.nameB;
        l.constant += r.constant;
        if (!subtract(l, nb)) return false;
        out = l;
        return true;
      }
      out = l;
      out.constant = static_cast<int64_t>(static_cast<uint64_t>(l.constant) +
                                          static_cast<uint64_t>(r.constant));
      return true;
    }
    if (n.binOp() == BinOp::Sub) {
      if (!subtract(l, r)) return false;
      out = l;
      return true;
    }
    return false;
  }
  case ExprNode::Kind::Target: {
    auto args = pool.argsOf(n);
    std::vector<int64_t> values(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
      RelocatableValue v;
      if (!evaluate(pool, args[i], stage, target, v, depth) || !v.absolute()) return false;
      values[i] = v.constant;
    }
    out = {};
    return applyTargetFn(n.fn(), values, target, out.constant);
  }
  }
  return false;
}

} // namespace

std::string unescapedSymbolName(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '\\' && i + 1 < name.size() && (name[i + 1] == '\\' || name[i + 1] == '"')) ++i;
    out += name[i];
  }
  return out;
}

std::string escapedSymbolText(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  for (char c : text) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out;
}

std::string escapedSymbolName(std::string_view name) {
  return escapedSymbolText(unescapedSymbolName(name));
}

std::string printedSymbolName(std::string_view name) {
  if (name.find('\\') != std::string_view::npos) return '"' + escapedSymbolName(name) + '"';
  const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '.' || ch == '$';
  });
  if (plain) return std::string(name);
  std::string quoted;
  quoted.reserve(name.size() + 2);
  quoted += '"';
  quoted.append(name);
  quoted += '"';
  return quoted;
}

void printExpr(const ExprPool &pool, ExprId id, std::string &out) {
  printNode(pool, id, 0, out);
}

std::string exprText(const ExprPool &pool, ExprId id) {
  std::string s;
  printExpr(pool, id, s);
  return s;
}

bool applyBinOp(BinOp op, int64_t lhs, int64_t rhs, int64_t &out) {
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
  case BinOp::OrNot: out = lhs | ~rhs; break;
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
  // (llvm shifts by the count's low 6 bits, as the x86 instruction it compiles to: 1<<65 is 2)
  case BinOp::Shl: out = static_cast<int64_t>(a << (b & 63)); break;
  case BinOp::Shr: out = static_cast<int64_t>(a >> (b & 63)); break;
  case BinOp::None: break;
  }
  return true;
}

int64_t applyUnOp(UnOp op, int64_t v) {
  switch (op) {
  case UnOp::Minus: return static_cast<int64_t>(0ull - static_cast<uint64_t>(v));
  case UnOp::Not: return ~v;
  case UnOp::LNot: return !v;
  case UnOp::Plus: return v;
  }
  return v;
}

bool evaluateRelocatable(const ExprPool &pool, ExprId id, EvalStage stage, const TargetInfo &target,
                         RelocatableValue &out) {
  return evaluate(pool, id, stage, target, out, 0);
}

bool evaluateAbsolute(const ExprPool &pool, ExprId id, EvalStage stage, const TargetInfo &target,
                      int64_t &out) {
  RelocatableValue v;
  if (!evaluate(pool, id, stage, target, v, 0) || !v.absolute()) return false;
  out = v.constant;
  return true;
}

} // namespace gfxasm::as
