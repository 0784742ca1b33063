// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "object/amdhsa_kernel.h"

#include <bit>
#include <iterator>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "gfxasm/gfxasm.h"
#include "isa/processors.h"

namespace gfxasm::object {

using as::BinOp;
using as::ExprId;
using as::ExprNode;
using as::kNoExpr;
using as::UnOp;

namespace {

enum class Kind : uint8_t {
  Word,
  Bits,
  Field,
  UserSgprCount,
  PreloadLength,
  PreloadOffset,
  Wave32,
  SharedVgprCount,
  NextFreeVgpr,
  NextFreeSgpr,
  AccumOffset,
  ReserveVcc,
  ReserveFlatScr,
  ReserveXnackMask
};
enum class Resolve : uint8_t { No, First, AfterGate };
enum class Gate : uint8_t {
  Always,
  NoArchFlatScratch,
  ArchFlatScratch,
  KernargPreload,
  Gfx90a,
  Gfx10Plus,
  Gfx10Gfx11,
  Gfx11,
  Gfx11Plus,
  Gfx12Plus,
  Gfx1250,
  Wgp,
  Cov5,
  XnackMask,
  PreGfx12,
  PreGfx117,
  Wave32Feature,
  WgpDefault,
  TgSplitFeature
};

using W = KernelDescriptor::Word;

struct Directive {
  std::string_view name;
  Kind kind;
  W word;
  uint8_t shift, width;
  Resolve resolve;
  Gate gate;
  std::string_view message;
  int userSgprs;
};
constexpr Directive kDirectives[] = {
#define AMDHSA_DIRECTIVE(name, kind, word, shift, width, resolve, gate, message, userSgprs)        \
  {name, Kind::kind, W::word, shift, width, Resolve::resolve, Gate::gate, message, userSgprs},
#include "object/amdhsa_fields.def"
};
static_assert(std::size(kDirectives) == kAmdhsaDirectiveSlots);

// The entry of `.amdhsa_*` name `id` (the last one of that name, as a scan of the table finds),
// or null. Each kernel has about 60 of these lines: a hash lookup instead of a scan.
const Directive *findDirective(std::string_view id) {
  static const std::unordered_map<std::string_view, const Directive *> index = [] {
    std::unordered_map<std::string_view, const Directive *> m;
    for (const Directive &d : kDirectives) m.insert_or_assign(d.name, &d);
    return m;
  }();
  auto it = index.find(id);
  return it == index.end() ? nullptr : it->second;
}

struct PrintItem {
  std::string_view name;
  Kind kind;
  W word;
  uint8_t shift, width;
  Gate gate;
};
constexpr PrintItem kPrint[] = {
#define AMDHSA_PRINT(name, kind, word, shift, width, gate)                                         \
  {name, Kind::kind, W::word, shift, width, Gate::gate},
#include "object/amdhsa_fields.def"
};
struct Default {
  W word;
  uint8_t shift, width;
  int64_t value;
  Gate gate;
};
constexpr Default kDefaults[] = {
#define AMDHSA_DEFAULT(word, shift, width, value, gate) {W::word, shift, width, value, Gate::gate},
#include "object/amdhsa_fields.def"
};

bool gateOpen(Gate g, const KdTarget &t) {
  switch (g) {
  case Gate::Always: return true;
  case Gate::NoArchFlatScratch: return !t.archFlatScratch;
  case Gate::ArchFlatScratch: return t.archFlatScratch;
  case Gate::KernargPreload: return t.kernargPreload;
  case Gate::Gfx90a: return t.gfx90a;
  case Gate::Gfx10Plus: return t.major >= 10;
  case Gate::Gfx10Gfx11: return t.major == 10 || t.major == 11;
  case Gate::Gfx11: return t.major == 11;
  case Gate::Gfx11Plus: return t.major >= 11;
  case Gate::Gfx12Plus: return t.major >= 12;
  case Gate::Gfx1250: return false;
  case Gate::Wgp: return t.major >= 10;
  case Gate::Cov5: return t.codeObjectVersion >= 5;
  case Gate::XnackMask:
    return (t.codeObjectVersion == 4 || t.codeObjectVersion == 5) && t.xnackSupported;
  case Gate::PreGfx12: return t.major < 12;
  case Gate::PreGfx117: return t.major < 11 || (t.major == 11 && t.minor < 7);
  case Gate::Wave32Feature: return t.major >= 10 && t.wave32;
  case Gate::WgpDefault: return t.major >= 10 && !t.cuMode;
  case Gate::TgSplitFeature: return t.gfx90a && t.tgSplit;
  }
  return false;
}

uint32_t fieldMask(uint8_t shift, uint8_t width) {
  return static_cast<uint32_t>(((uint64_t(1) << width) - 1) << shift);
}

// --- llvm's evaluateAsAbsolute without a layout ---

constexpr int kMaxDepth = 256;

bool absolute(const as::SymbolTable &syms, ExprId id, int64_t &out, int depth) {
  if (depth > kMaxDepth) return false;
  const as::ExprPool &pool = syms.pool();
  const ExprNode &n = pool[id];
  switch (n.kind) {
  case ExprNode::Kind::Constant: out = n.value; return true;
  case ExprNode::Kind::Symbol: {
    if (n.spec != as::Spec::None || !n.sym) return false;
    const as::Symbol &s = *n.sym;
    if (s.kind == as::Symbol::Kind::Value) {
      out = s.value;
      return true;
    }
    if (s.kind == as::Symbol::Kind::Variable && s.expr != kNoExpr)
      return absolute(syms, s.expr, out, depth + 1);
    return false;
  }
  case ExprNode::Kind::Unary: {
    int64_t v;
    if (!absolute(syms, n.lhs, v, depth + 1)) return false;
    out = as::applyUnOp(n.unOp(), v);
    return true;
  }
  case ExprNode::Kind::Binary: {
    int64_t l, r;
    if (!absolute(syms, n.lhs, l, depth + 1) || !absolute(syms, n.rhs, r, depth + 1)) return false;
    return as::applyBinOp(n.binOp(), l, r, out);
  }
  case ExprNode::Kind::Target: {
    auto args = pool.argsOf(n);
    // (on the stack for the few arguments clang writes: a vector per call before)
    int64_t few[8];
    std::vector<int64_t> many;
    if (args.size() > std::size(few)) many.resize(args.size());
    const std::span<int64_t> values(many.empty() ? few : many.data(), args.size());
    for (size_t i = 0; i < args.size(); ++i)
      if (!absolute(syms, args[i], values[i], depth + 1)) return false;
    return as::applyTargetFn(n.fn(), values, syms.targetInfo(), out);
  }
  }
  return false;
}

// --- llvm's KnownBits, 64 bits wide, for foldAMDGPUMCExpr ---

struct Known {
  uint64_t zero = 0, one = 0;
  // A map entry llvm creates by reading a node it never analysed (DenseMap::operator[]): a
  // KnownBits of width 0, never a constant; the node's own value decides (llvm-mc-22 prints
  // `(X&~49152)|0` for a node analysed past the depth limit).
  bool empty = false;

  static Known constant(int64_t v) { return {~static_cast<uint64_t>(v), static_cast<uint64_t>(v)}; }
  bool isConstant() const { return !empty && std::popcount(zero) + std::popcount(one) == 64; }
  uint64_t value() const { return one; }
  bool isUnknown() const { return !zero && !one; }
  uint64_t maxValue() const { return ~zero; }
  uint64_t minValue() const { return one; }
  static constexpr uint64_t kSign = uint64_t(1) << 63;
  bool isNonNegative() const { return zero & kSign; }
  bool isNegative() const { return one & kSign; }
  bool isZero() const { return zero == ~uint64_t(0); }
  bool isStrictlyPositive() const { return isNonNegative() && one != 0; }
  int64_t signedMin() const {
    uint64_t m = one;
    if (!(zero & kSign)) m |= kSign;
    return static_cast<int64_t>(m);
  }
  int64_t signedMax() const {
    uint64_t m = ~zero;
    if (!(one & kSign)) m &= ~kSign;
    return static_cast<int64_t>(m);
  }
};

uint64_t highBits(unsigned n) {
  return n == 0 ? 0 : n >= 64 ? ~uint64_t(0) : ~uint64_t(0) << (64 - n);
}
uint64_t lowBits(unsigned n) {
  return n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
}

Known addCarry(const Known &l, const Known &r, bool carryZero, bool carryOne) {
  uint64_t sumZero = l.maxValue() + r.maxValue() + (carryZero ? 0 : 1);
  uint64_t sumOne = l.minValue() + r.minValue() + (carryOne ? 1 : 0);
  uint64_t carryKnownZero = ~(sumZero ^ l.zero ^ r.zero);
  uint64_t carryKnownOne = sumOne ^ l.one ^ r.one;
  uint64_t known = (l.zero | l.one) & (r.zero | r.one) & (carryKnownZero | carryKnownOne);
  return {~sumZero & known, sumOne & known};
}

Known addSub(bool add, const Known &l, const Known &r) {
  if (l.isUnknown() || r.isUnknown()) return {};
  if (add) return addCarry(l, r, true, false);
  Known notR{r.one, r.zero};
  return addCarry(l, notR, false, true);
}

Known mul(const Known &l, const Known &r) {
  uint64_t umaxL = l.maxValue(), umaxR = r.maxValue();
  unsigned __int128 wide = static_cast<unsigned __int128>(umaxL) * umaxR;
  bool overflow = (wide >> 64) != 0;
  unsigned leadZ = overflow ? 0 : std::countl_zero(static_cast<uint64_t>(wide));
  unsigned trailKnown0 = std::countr_one(l.zero | l.one);
  unsigned trailKnown1 = std::countr_one(r.zero | r.one);
  unsigned trailZero0 = std::countr_one(l.zero), trailZero1 = std::countr_one(r.zero);
  unsigned trailZ = trailZero0 + trailZero1;
  unsigned smallest = std::min(trailKnown0 - trailZero0, trailKnown1 - trailZero1);
  unsigned resultKnown = std::min(smallest + trailZ, 64u);
  uint64_t bottom = (l.one & lowBits(trailKnown0)) * (r.one & lowBits(trailKnown1));
  Known k;
  k.zero = highBits(leadZ) | (~bottom & lowBits(resultKnown));
  k.one = bottom & lowBits(resultKnown);
  return k;
}

Known udiv(const Known &l, const Known &r) {
  if (l.isZero() || r.isZero()) return Known::constant(0);
  uint64_t minDen = r.minValue(), maxNum = l.maxValue();
  uint64_t maxRes = minDen == 0 ? maxNum : maxNum / minDen;
  return {highBits(std::countl_zero(maxRes)), 0};
}

Known sdiv(const Known &l, const Known &r) {
  if (l.isNonNegative() && r.isNonNegative()) return udiv(l, r);
  if (l.isZero() || r.isZero()) return Known::constant(0);
  std::optional<int64_t> res;
  auto sdivv = [](int64_t a, int64_t b) -> int64_t {
    if (b == 0) return a;
    if (a == INT64_MIN && b == -1) return INT64_MIN;
    return a / b;
  };
  if (l.isNegative() && r.isNegative()) {
    int64_t den = r.signedMax(), num = l.signedMin();
    res = num == INT64_MIN && den == -1 ? INT64_MAX : sdivv(num, den);
  } else if (l.isNegative() && r.isNonNegative()) {
    uint64_t negMax = 0 - static_cast<uint64_t>(l.signedMax());
    if (negMax >= static_cast<uint64_t>(r.signedMax())) {
      int64_t den = r.signedMin(), num = l.signedMin();
      res = den == 0 ? num : sdivv(num, den);
    }
  } else if (l.isStrictlyPositive() && r.isNegative()) {
    if (static_cast<uint64_t>(l.signedMin()) >= 0 - static_cast<uint64_t>(r.signedMin()))
      res = sdivv(l.signedMax(), r.signedMax());
  }
  Known k;
  if (res) {
    if (*res >= 0)
      k.zero = highBits(std::countl_zero(static_cast<uint64_t>(*res)));
    else
      k.one = highBits(std::countl_one(static_cast<uint64_t>(*res)));
  }
  return k;
}

Known srem(const Known &l, const Known &r) {
  Known k;
  if (!r.isZero() && (r.zero & 1)) {
    uint64_t mask = lowBits(std::countr_one(r.zero));
    k = {l.zero & mask, l.one & mask};
  }
  if (r.isConstant() && std::has_single_bit(r.value())) {
    uint64_t low = r.value() - 1;
    if (l.isNonNegative() || (low & ~l.zero) == 0) k.zero |= ~low;
    if (l.isNegative() && (low & l.one)) k.one |= ~low;
    return k;
  }
  auto minSignBits = [](const Known &x) {
    return x.isNonNegative() ? std::countl_one(x.zero)
           : x.isNegative()  ? std::countl_one(x.one)
                             : 1;
  };
  bool nonZero = k.one != 0;
  if (l.isNegative() && nonZero)
    k.one |= highBits(std::min<unsigned>(std::countl_one(l.one), minSignBits(r)));
  else if (l.isNonNegative())
    k.zero |= highBits(std::min<unsigned>(std::countl_one(l.zero), minSignBits(r)));
  return k;
}

unsigned maxShift(uint64_t maxValue) {
  return static_cast<unsigned>(maxValue & 63);
}

// The bits known whatever the shift amount `r` is, from `minShift` on: those all the shifts
// allowed by r's known bits agree on (one shift by a constant: `byConst`).
template <class ByConst> Known overShifts(const Known &r, unsigned minShift, ByConst byConst) {
  unsigned maxS = maxShift(r.maxValue());
  if (minShift == maxS) return byConst(minShift);
  Known k;
  k.zero = k.one = ~uint64_t(0);
  for (unsigned s = minShift; s <= maxS; ++s) {
    if ((r.zero & s) != 0 || (r.one | s) != s) continue;
    Known b = byConst(s);
    k.zero &= b.zero;
    k.one &= b.one;
    if (k.isUnknown()) break;
  }
  if (k.zero & k.one) k = Known::constant(0);
  return k;
}

Known shl(const Known &l, const Known &r) {
  unsigned minShift = static_cast<unsigned>(std::min<uint64_t>(r.minValue(), 64));
  Known k;
  if (l.isUnknown()) {
    k.zero = lowBits(minShift);
    return k;
  }
  auto byConst = [&](unsigned s) {
    Known out;
    out.zero = (s >= 64 ? 0 : l.zero << s) | lowBits(s);
    out.one = s >= 64 ? 0 : l.one << s;
    return out;
  };
  return overShifts(r, minShift, byConst);
}

Known lshr(const Known &l, const Known &r) {
  unsigned minShift = static_cast<unsigned>(std::min<uint64_t>(r.minValue(), 64));
  Known k;
  if (l.isUnknown()) {
    k.zero = highBits(minShift);
    return k;
  }
  auto byConst = [&](unsigned s) {
    Known out;
    out.zero = (s >= 64 ? 0 : l.zero >> s) | highBits(s);
    out.one = s >= 64 ? 0 : l.one >> s;
    return out;
  };
  return overShifts(r, minShift, byConst);
}

std::optional<bool> eq(const Known &l, const Known &r) {
  if (l.isConstant() && r.isConstant()) return l.value() == r.value();
  if ((l.one & r.zero) || (r.one & l.zero)) return false;
  return std::nullopt;
}
std::optional<bool> sgt(const Known &l, const Known &r) {
  if (l.signedMax() <= r.signedMin()) return false;
  if (l.signedMin() > r.signedMax()) return true;
  return std::nullopt;
}
std::optional<bool> sge(const Known &l, const Known &r) {
  if (auto g = sgt(r, l)) return !*g;
  return std::nullopt;
}
Known fromBool(std::optional<bool> b) {
  if (b) return Known::constant(*b ? 1 : 0);
  return {~uint64_t(1), 0};
}

Known umax(const Known &l, const Known &r) {
  if (l.minValue() >= r.maxValue()) return l;
  if (r.minValue() >= l.maxValue()) return r;
  auto makeGE = [](const Known &k, uint64_t v) {
    unsigned n = std::countl_one(k.zero | v);
    uint64_t masked = v & highBits(n);
    return Known{k.zero, k.one | masked};
  };
  Known a = makeGE(l, r.minValue()), b = makeGE(r, l.minValue());
  return {a.zero & b.zero, a.one & b.one};
}

// foldAMDGPUMCExpr's analysis and rewriting, keyed by node as llvm keys them by MCExpr pointer.
struct Folder {
  as::SymbolTable &syms;
  std::unordered_map<ExprId, Known> kbm;

  const as::ExprPool &pool() const { return syms.pool(); }
  bool abs(ExprId id, int64_t &v) const { return absolute(syms, id, v, 0); }
  // DenseMap::operator[]: an entry never computed reads as a width-0 value.
  Known &at(ExprId id) {
    auto [it, inserted] = kbm.try_emplace(id);
    if (inserted) it->second.empty = true;
    return it->second;
  }
  void set(ExprId id, Known k) { kbm[id] = k; }

  void analyse(ExprId id, unsigned depth) {
    int64_t v;
    if (abs(id, v)) return set(id, Known::constant(v));
    if (depth == 16) return set(id, Known{});
    const ExprNode &n = pool()[id];
    switch (n.kind) {
    case ExprNode::Kind::Constant: return set(id, Known::constant(n.value));
    case ExprNode::Kind::Symbol: {
      const as::Symbol *s = n.sym;
      bool variable =
          s && (s->kind == as::Symbol::Kind::Variable || s->kind == as::Symbol::Kind::Value);
      if (!variable) return set(id, Known{});
      if (s->expr == kNoExpr) return set(id, Known::constant(s->value));
      analyse(s->expr, depth + 1);
      Known k = at(s->expr);
      return set(id, k);
    }
    case ExprNode::Kind::Unary: {
      analyse(n.lhs, depth + 1);
      Known k = at(n.lhs);
      switch (n.unOp()) {
      case UnOp::Minus: k.one |= Known::kSign; break;
      case UnOp::Plus: k.zero |= Known::kSign; break;
      case UnOp::Not: std::swap(k.zero, k.one); break;
      case UnOp::LNot: k = Known{}; break;
      }
      k.empty = false;
      return set(id, k);
    }
    case ExprNode::Kind::Binary: {
      ExprId lhs = n.lhs, rhs = n.rhs;
      BinOp op = n.binOp();
      analyse(lhs, depth + 1);
      analyse(rhs, depth + 1);
      Known l = at(lhs), r = at(rhs);
      Known k;
      switch (op) {
      case BinOp::Add: k = addSub(true, l, r); break;
      case BinOp::Sub: k = addSub(false, l, r); break;
      case BinOp::And: k = {l.zero | r.zero, l.one & r.one}; break;
      case BinOp::Or: k = {l.zero & r.zero, l.one | r.one}; break;
      case BinOp::Xor:
        k = {(l.zero & r.zero) | (l.one & r.one), (l.zero & r.one) | (l.one & r.zero)};
        break;
      case BinOp::Mul: k = mul(l, r); break;
      case BinOp::Div: k = sdiv(l, r); break;
      case BinOp::Mod: k = srem(l, r); break;
      case BinOp::Shl: k = shl(l, r); break;
      case BinOp::Shr: k = lshr(l, r); break;
      case BinOp::Eq: k = fromBool(eq(l, r)); break;
      case BinOp::Ne: {
        auto e = eq(l, r);
        k = fromBool(e ? std::optional<bool>(!*e) : std::nullopt);
        break;
      }
      case BinOp::Gt: k = fromBool(sgt(l, r)); break;
      case BinOp::Ge: k = fromBool(sge(l, r)); break;
      case BinOp::Lt: k = fromBool(sgt(r, l)); break;
      case BinOp::Le: k = fromBool(sge(r, l)); break;
      case BinOp::LAnd: {
        Known zero = Known::constant(0);
        auto ne = [&](const Known &x) -> std::optional<bool> {
          auto e = eq(x, zero);
          return e ? std::optional<bool>(!*e) : std::nullopt;
        };
        auto a = ne(l), b = ne(r);
        k = fromBool(a && b ? std::optional<bool>(*a && *b) : std::nullopt);
        break;
      }
      case BinOp::LOr: {
        Known bits{l.zero & r.zero, l.one | r.one};
        auto e = eq(bits, Known::constant(0));
        k = fromBool(e ? std::optional<bool>(!*e) : std::nullopt);
        break;
      }
      case BinOp::OrNot: // (llvm's known bits leave it unknown)
      case BinOp::None: break;
      }
      return set(id, k);
    }
    case ExprNode::Kind::Target: {
      auto args = pool().argsOf(n);
      std::vector<ExprId> list(args.begin(), args.end());
      if (n.fn() == as::TargetFn::Or || n.fn() == as::TargetFn::Max) {
        analyse(list[0], depth + 1);
        Known k = at(list[0]);
        for (ExprId a : list) {
          analyse(a, depth + 1);
          const Known &ak = at(a);
          k = n.fn() == as::TargetFn::Or ? Known{k.zero & ak.zero, k.one | ak.one} : umax(k, ak);
        }
        k.empty = false;
        return set(id, k);
      }
      return set(id, Known{}); // absolute ones were caught above
    }
    }
  }

  static bool check(const Known &k, uint64_t v) { return k.isConstant() && k.value() == v; }

  ExprId fold(ExprId id) {
    if (!kbm.count(id)) return id;
    const ExprNode n = pool()[id];
    if (n.kind == ExprNode::Kind::Constant) return id;
    if (n.kind != ExprNode::Kind::Unary) {
      const Known &k = kbm[id];
      if (k.isConstant()) return syms.pool().constant(static_cast<int64_t>(k.value()));
      int64_t v;
      if (abs(id, v)) return syms.pool().constant(v);
    }
    switch (n.kind) {
    case ExprNode::Kind::Binary: {
      ExprId lhs = n.lhs, rhs = n.rhs;
      switch (n.binOp()) {
      case BinOp::Sub:
        if (check(at(rhs), 0)) return fold(lhs);
        break;
      case BinOp::Add:
      case BinOp::Or:
        if (check(at(lhs), 0)) return fold(rhs);
        if (check(at(rhs), 0)) return fold(lhs);
        break;
      case BinOp::Mul:
        if (check(at(lhs), 1)) return fold(rhs);
        if (check(at(rhs), 1)) return fold(lhs);
        break;
      case BinOp::Shl:
      case BinOp::Shr:
        if (check(at(rhs), 0)) return fold(lhs);
        if (check(at(lhs), 0)) return syms.pool().constant(0);
        break;
      case BinOp::And:
        if (check(at(lhs), 0) || check(at(rhs), 0)) return syms.pool().constant(0);
        break;
      default: break;
      }
      ExprId nl = fold(lhs), nr = fold(rhs);
      if (nl != lhs || nr != rhs) return syms.pool().binary(n.binOp(), nl, nr);
      return id;
    }
    case ExprNode::Kind::Unary: {
      ExprId sub = fold(n.lhs);
      return sub != n.lhs ? syms.pool().unary(n.unOp(), sub) : id;
    }
    case ExprNode::Kind::Target: {
      auto args = pool().argsOf(n);
      std::vector<ExprId> list(args.begin(), args.end()), out;
      bool changed = false;
      for (ExprId a : list) {
        out.push_back(fold(a));
        changed |= out.back() != a;
      }
      return changed ? syms.pool().target(n.fn(), out) : id;
    }
    default: return id;
    }
  }
};

} // namespace

bool evaluateAsAbsolute(const as::SymbolTable &syms, ExprId id, int64_t &out) {
  return absolute(syms, id, out, 0);
}

ExprId foldAmdgpuExpr(as::SymbolTable &syms, ExprId id) {
  Folder f{syms, {}};
  f.analyse(id, 0);
  return f.fold(id);
}

KdTarget kdTargetFor(const Target &target, unsigned codeObjectVersion) {
  KdTarget t;
  t.cpu = target.cpuName();
  t.info = as::targetInfoFor(target);
  const isa::Processor *p = isa::findProcessor(t.cpu);
  t.major = p ? p->major : t.info.generation;
  t.minor = p ? p->minor : 0;
  t.stepping = p ? p->stepping : 0;
  t.gfx90a = t.info.gfx90aAgprs;
  t.archFlatScratch = t.info.architectedFlatScratch;
  t.kernargPreload = t.gfx90a;
  t.wave32 = t.major >= 10 && !target.wave64();
  t.cuMode = target.cuMode();
  t.tgSplit = target.tgSplit();
  t.xnackSupported = target.xnackSupported();
  t.xnackOnOrAny = target.xnackOnOrAny();
  t.codeObjectVersion = codeObjectVersion;
  return t;
}

// --- The block ---

AmdhsaKernelParser::AmdhsaKernelParser(std::string_view name, const KdTarget &target,
                                       as::SymbolTable &syms)
    : t_(target), syms_(syms) {
  kd_.name = std::string(name);
  // getDefaultAmdhsaKernelDescriptor: every word 0, then the defaults' bits.
  for (ExprId &w : kd_.words) w = constant(0);
  for (const Default &d : kDefaults)
    if (gateOpen(d.gate, t_)) bitsSet(kd_.words[d.word], constant(d.value), d.shift, d.width);
  kd_.nextFreeVgpr = kd_.nextFreeSgpr = constant(0);
  kd_.reserveVcc = kd_.reserveFlatScr = constant(1);
  accumOffset_ = constant(0);
}

ExprId AmdhsaKernelParser::constant(int64_t v) {
  return syms_.pool().constant(v);
}

// MCKernelDescriptor::bits_set: word = (word & ~mask) | (value << shift).
void AmdhsaKernelParser::bitsSet(ExprId &word, ExprId value, uint32_t shift, uint32_t width) {
  as::ExprPool &pool = syms_.pool();
  ExprId sft = constant(shift),
         msk = constant(fieldMask(static_cast<uint8_t>(shift), static_cast<uint8_t>(width)));
  word = pool.binary(BinOp::And, word, pool.unary(UnOp::Not, msk));
  word = pool.binary(BinOp::Or, word, pool.binary(BinOp::Shl, value, sft));
}

bool AmdhsaKernelParser::fail(uint32_t col, uint32_t endCol, std::string message, uint32_t line) {
  error_.line = line == ~0u ? line_ : line;
  error_.col = col;
  error_.endCol = endCol > col + 1 ? endCol : 0;
  error_.message = std::move(message);
  return false;
}

AmdhsaKernelParser::Status AmdhsaKernelParser::statement(as::Cursor &c, uint32_t line) {
  line_ = line;
  while (!c.atEnd()) {
    const as::Token &t = c.peek();
    if (t.kind == as::Tok::Identifier && t.text == ".end_amdhsa_kernel") {
      c.next();
      return finish(c) ? Status::Done : Status::Error;
    }
    if (!field(c)) return Status::Error;
  }
  return Status::More;
}

bool AmdhsaKernelParser::field(as::Cursor &c) {
  const as::Token &idTok = c.peek();
  if (idTok.kind != as::Tok::Identifier) {
    reread_ = c.pos == 0;
    return fail(idTok.col, 0, "expected .amdhsa_ directive or .end_amdhsa_kernel");
  }
  std::string_view id = idTok.text;
  uint32_t idCol = idTok.col, idEnd = idCol + static_cast<uint32_t>(id.size());
  c.next();
  const Directive *d = findDirective(id);
  if (!markSeen(id, d)) return fail(c.peek().col, 0, ".amdhsa_ directives cannot be repeated");

  uint32_t valCol = c.peek().col;
  as::ExprResult r = as::parseExpr(c, syms_, /*relocatable=*/true);
  if (!r.ok()) return fail(r.errCol, 0, r.error);
  uint32_t valEnd = c.peek().col;
  ExprId expr = r.kind == as::ExprResult::Kind::Absolute ? constant(r.value) : r.expr;
  int64_t ival = 0;
  bool evaluable = evaluateAsAbsolute(syms_, expr, ival);
  if (evaluable && ival < 0) return fail(valCol, valEnd, "value out of range");
  uint64_t val = evaluable ? static_cast<uint64_t>(ival) : 0;

  if (!d) return fail(idCol, idEnd, "unknown .amdhsa_kernel directive");

  auto outOfRange = [&] { return fail(valCol, valEnd, "value out of range"); };
  auto unresolvable = [&] {
    return fail(idCol, idEnd, "directive should have resolvable expression");
  };
  if (d->resolve == Resolve::First && !evaluable) return unresolvable();
  if (!gateOpen(d->gate, t_)) {
    std::string msg(d->message);
    if (size_t at = msg.find("{cpu}"); at != std::string::npos) msg.replace(at, 5, t_.cpu);
    return fail(idCol, idEnd, std::move(msg));
  }
  if (d->resolve == Resolve::AfterGate && !evaluable) return unresolvable();

  auto bits = [&] {
    if (d->width < 64 && (val >> d->width) != 0) return outOfRange();
    bitsSet(kd_.words[d->word], expr, d->shift, d->width);
    if (val && d->userSgprs > 0) impliedUserSgprs_ += static_cast<unsigned>(d->userSgprs);
    return true;
  };
  switch (d->kind) {
  case Kind::Word:
    if ((val >> 32) != 0) return outOfRange();
    kd_.words[d->word] = expr;
    return true;
  case Kind::Bits: return bits();
  case Kind::UserSgprCount:
    explicitUserSgprs_ = true;
    userSgprCount_ = static_cast<uint32_t>(val); // (llvm keeps it in an unsigned)
    return true;
  case Kind::PreloadLength:
    if (val > 16) return outOfRange(); // getMaxNumUserSGPRs
    if (!bits()) return false;
    if (val) {
      impliedUserSgprs_ += static_cast<unsigned>(val);
      preloadLength_ = val;
    }
    return true;
  case Kind::PreloadOffset:
    if (val >= 1024) return outOfRange();
    if (!bits()) return false;
    preloadOffset_ = val;
    return true;
  case Kind::Wave32: wave32_ = val ? 1 : 0; return bits();
  case Kind::SharedVgprCount: sharedVgprCount_ = val; return bits();
  case Kind::NextFreeVgpr:
    vgprLine_ = line_;
    vgprCol_ = valCol;
    vgprEnd_ = valEnd;
    kd_.nextFreeVgpr = expr;
    return true;
  case Kind::NextFreeSgpr:
    sgprLine_ = line_;
    sgprCol_ = valCol;
    sgprEnd_ = valEnd;
    kd_.nextFreeSgpr = expr;
    return true;
  case Kind::AccumOffset: accumOffset_ = expr; return true;
  case Kind::ReserveVcc:
    if (evaluable && val > 1) return outOfRange();
    kd_.reserveVcc = expr;
    return true;
  case Kind::ReserveFlatScr:
    if (evaluable && val > 1) return outOfRange();
    kd_.reserveFlatScr = expr;
    return true;
  case Kind::ReserveXnackMask:
    if (val > 1) return outOfRange();
    if ((val != 0) != t_.xnackOnOrAny)
      return fail(idCol, idEnd, ".amdhsa_reserve_xnack_mask does not match target id");
    return true;
  case Kind::Field: break;
  }
  return true;
}

bool AmdhsaKernelParser::markSeen(std::string_view id, const void *directive) {
  if (!directive) return seenUnknown_.emplace(id).second;
  size_t i = static_cast<const Directive *>(directive) - kDirectives;
  if (seenKnown_[i]) return false;
  seenKnown_[i] = true;
  return true;
}

bool AmdhsaKernelParser::seen(std::string_view id) const {
  const Directive *d = findDirective(id);
  return d ? seenKnown_[static_cast<size_t>(d - kDirectives)] : seenUnknown_.count(id) != 0;
}

bool AmdhsaKernelParser::finish(as::Cursor &c) {
  uint32_t here = c.peek().col; // llvm's TokError: at the token after .end_amdhsa_kernel
  if (!seen(".amdhsa_next_free_vgpr"))
    return fail(here, 0, ".amdhsa_next_free_vgpr directive is required");
  if (!seen(".amdhsa_next_free_sgpr"))
    return fail(here, 0, ".amdhsa_next_free_sgpr directive is required");
  as::ExprPool &pool = syms_.pool();
  auto outOfRange = [&](uint32_t line, uint32_t col, uint32_t end) {
    return fail(col, end, "value out of range", line);
  };

  uint64_t userSgprs = explicitUserSgprs_ ? userSgprCount_ : impliedUserSgprs_;
  // With preloaded kernel arguments the user SGPRs count as used (llvm-mc-22:
  // max(NEXT_FREE_SGPR, USER_SGPR_COUNT), printed as the block's .amdhsa_next_free_sgpr).
  if (preloadLength_) {
    std::array<ExprId, 2> args{kd_.nextFreeSgpr, constant(static_cast<int64_t>(userSgprs))};
    kd_.nextFreeSgpr = pool.target(as::TargetFn::Max, args);
  }

  // calculateGPRBlocks: gfx9 adds the SGPRs VCC, flat scratch and XNACK take (gfx10+ encodes none).
  ExprId numSgprs = kd_.nextFreeSgpr;
  int64_t v;
  if (t_.major >= 10) {
    numSgprs = constant(0);
  } else {
    if (evaluateAsAbsolute(syms_, numSgprs, v) && static_cast<uint64_t>(v) > 102)
      return outOfRange(sgprLine_, sgprCol_, sgprEnd_);
    std::array<ExprId, 3> args{kd_.reserveVcc, kd_.reserveFlatScr,
                               constant(t_.xnackOnOrAny ? 1 : 0)};
    ExprId extra = pool.target(as::TargetFn::ExtraSGPRs, args);
    numSgprs = pool.binary(BinOp::Add, numSgprs, extra);
  }
  // (alignto(max(n, 1), granule) / granule) - 1
  auto blocks = [&](ExprId n, int64_t granule) {
    ExprId one = constant(1), g = constant(granule);
    std::array<ExprId, 2> maxArgs{n, one};
    ExprId mx = pool.target(as::TargetFn::Max, maxArgs);
    std::array<ExprId, 2> alignArgs{mx, g};
    ExprId al = pool.target(as::TargetFn::AlignTo, alignArgs);
    return pool.binary(BinOp::Sub, pool.binary(BinOp::Div, al, g), one);
  };
  bool wave32 = wave32_ >= 0 ? wave32_ == 1 : t_.wave32;
  ExprId vgprBlocks = blocks(kd_.nextFreeVgpr, t_.gfx90a || wave32 ? 8 : 4);
  ExprId sgprBlocks = blocks(numSgprs, 8);

  int64_t vgprBlocksValue = 0;
  bool vgprBlocksKnown = evaluateAsAbsolute(syms_, vgprBlocks, vgprBlocksValue);
  if (vgprBlocksKnown && static_cast<uint64_t>(vgprBlocksValue) > 63)
    return outOfRange(vgprLine_, vgprCol_, vgprEnd_);
  bitsSet(kd_.words[W::Rsrc1], vgprBlocks, 0, 6);
  if (evaluateAsAbsolute(syms_, sgprBlocks, v) && static_cast<uint64_t>(v) > 15)
    return outOfRange(sgprLine_, sgprCol_, sgprEnd_);
  bitsSet(kd_.words[W::Rsrc1], sgprBlocks, 6, 4);

  if (explicitUserSgprs_ && impliedUserSgprs_ > userSgprCount_)
    return fail(here, 0, "amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs");
  if (userSgprs > 31) return fail(here, 0, "too many user SGPRs enabled");
  bitsSet(kd_.words[W::Rsrc2], constant(static_cast<int64_t>(userSgprs)), 1, 5);

  int64_t kernargSize;
  if (!evaluateAsAbsolute(syms_, kd_.words[W::KernargSize], kernargSize))
    return fail(here, 0, "Kernarg size should be resolvable");
  if (preloadLength_ && kernargSize &&
      preloadLength_ * 4 + preloadOffset_ * 4 > static_cast<uint64_t>(kernargSize))
    return fail(here, 0, "Kernarg preload length + offset is larger than the kernarg segment size");

  if (t_.gfx90a) {
    if (!seen(".amdhsa_accum_offset"))
      return fail(here, 0, ".amdhsa_accum_offset directive is required");
    int64_t accum;
    bool accumKnown = evaluateAsAbsolute(syms_, accumOffset_, accum);
    uint64_t uaccum = static_cast<uint64_t>(accum);
    if (accumKnown && (uaccum < 4 || uaccum > 256 || (uaccum & 3)))
      return fail(here, 0, "accum_offset should be in range [4..256] in increments of 4");
    int64_t vgprs;
    if (evaluateAsAbsolute(syms_, kd_.nextFreeVgpr, vgprs) && accumKnown &&
        uaccum > (std::max<uint64_t>(1, static_cast<uint64_t>(vgprs)) + 3) / 4 * 4)
      return fail(here, 0, "accum_offset exceeds total VGPR allocation");
    ExprId adjusted =
        pool.binary(BinOp::Sub, pool.binary(BinOp::Div, accumOffset_, constant(4)), constant(1));
    bitsSet(kd_.words[W::Rsrc3], adjusted, 0, 6);
  }

  if (t_.major == 10 || t_.major == 11) {
    if (sharedVgprCount_ && wave32_ == 1)
      return fail(here, 0, "shared_vgpr_count directive not valid on wavefront size 32");
    if (vgprBlocksKnown && sharedVgprCount_ * 2 + static_cast<uint64_t>(vgprBlocksValue) > 63)
      return fail(here, 0,
                  "shared_vgpr_count*2 + compute_pgm_rsrc1.GRANULATED_WORKITEM_VGPR_COUNT cannot "
                  "exceed 63\n");
  }
  return true;
}

// --- Printing (AMDGPUTargetAsmStreamer::EmitAmdhsaKernelDescriptor) ---

std::string printDirectiveValue(as::SymbolTable &syms, ExprId e) {
  ExprId folded = foldAmdgpuExpr(syms, e);
  int64_t v;
  if (evaluateAsAbsolute(syms, folded, v)) return std::to_string(v);
  std::string out;
  as::printExpr(syms.pool(), folded, out);
  return out;
}

std::string printAmdhsaKernel(const KernelDescriptor &kd, const KdTarget &target,
                              as::SymbolTable &syms) {
  as::ExprPool &pool = syms.pool();
  size_t mark = pool.size();
  std::string out = fmt::format("\t.amdhsa_kernel {}\n", kd.name);
  auto emit = [&](std::string_view name, ExprId e) {
    out += "\t\t";
    out += name;
    out += ' ';
    out += printDirectiveValue(syms, e);
    out += '\n';
  };
  auto bitsGet = [&](ExprId word, uint8_t shift, uint8_t width) {
    return pool.binary(BinOp::Shr,
                       pool.binary(BinOp::And, word, pool.constant(fieldMask(shift, width))),
                       pool.constant(shift));
  };
  for (const PrintItem &p : kPrint) {
    if (!gateOpen(p.gate, target)) continue;
    switch (p.kind) {
    case Kind::Word: emit(p.name, kd.words[p.word]); break;
    case Kind::Field: emit(p.name, bitsGet(kd.words[p.word], p.shift, p.width)); break;
    case Kind::NextFreeVgpr: emit(p.name, kd.nextFreeVgpr); break;
    case Kind::NextFreeSgpr: emit(p.name, kd.nextFreeSgpr); break;
    case Kind::ReserveVcc: emit(p.name, kd.reserveVcc); break;
    case Kind::ReserveFlatScr: emit(p.name, kd.reserveFlatScr); break;
    case Kind::ReserveXnackMask:
      out += fmt::format("\t\t{} {}\n", p.name, target.xnackOnOrAny ? 1 : 0);
      break;
    case Kind::AccumOffset: {
      // (ACCUM_OFFSET + 1) * 4
      ExprId bits = bitsGet(kd.words[p.word], p.shift, p.width);
      ExprId e = pool.binary(BinOp::Mul, pool.binary(BinOp::Add, bits, pool.constant(1)),
                             pool.constant(4));
      emit(p.name, e);
      break;
    }
    default: break;
    }
  }
  out += "\t.end_amdhsa_kernel\n";
  pool.truncate(mark);
  return out;
}

// --- Bytes ---

ExprId entryOffsetExpr(const KernelDescriptor &kd, as::SymbolTable &syms) {
  as::Symbol &code = syms.get(kd.name);
  std::string kdName = kd.name + ".kd";
  as::Symbol &desc = syms.get(kdName);
  as::ExprPool &pool = syms.pool();
  ExprId a = pool.symbol(&code, syms.nameOf(kd.name), as::Spec::Rel64);
  ExprId b = pool.symbol(&desc, syms.nameOf(kdName));
  return pool.binary(BinOp::Sub, a, b);
}

void writeKernelDescriptor(const KernelDescriptor &kd, as::SymbolTable &syms, as::EvalStage stage,
                           uint8_t out[64], std::vector<KdFixup> &fixups) {
  std::fill(out, out + 64, uint8_t(0));
  for (size_t w = 0; w < KernelDescriptor::NumWords; ++w) {
    uint32_t offset = KernelDescriptor::kOffset[w], size = KernelDescriptor::kSize[w];
    int64_t v;
    if (!as::evaluateAbsolute(syms.pool(), kd.words[w], stage, syms.targetInfo(), v)) {
      fixups.push_back({offset, size, kd.words[w]});
      continue;
    }
    for (uint32_t i = 0; i < size; ++i)
      out[offset + i] = static_cast<uint8_t>(static_cast<uint64_t>(v) >> (8 * i));
  }
  fixups.push_back({KernelDescriptor::kEntryOffset, 8, entryOffsetExpr(kd, syms)});
}

} // namespace gfxasm::object
