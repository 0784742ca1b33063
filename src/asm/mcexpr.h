// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Expression trees as llvm's MC layer keeps them (MCExpr): what an operand, a data directive, a
// symbol assignment or a kernel descriptor field holds until it can be evaluated, possibly only
// once the whole file is read (symbols set later, label offsets, relocations).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gfxasm {
class Target;
}

namespace gfxasm::as {

struct Symbol;

using ExprId = uint32_t;
constexpr ExprId kNoExpr = ~0u;

// llvm's binary operators (MCBinaryExpr), in GNU-mode precedence order for the parser.
enum class BinOp : uint8_t {
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
  OrNot, // a | ~b (GNU's binary '!')
  And,
  Xor,
  Mul,
  Div,
  Mod,
  Shl,
  Shr
};
enum class UnOp : uint8_t { Minus, Plus, Not /* ~ */, LNot /* ! */ };

// AMDGPU's expression functions (llvm's AMDGPUMCExpr), as clang-22 writes them into `.set` and
// `.amdhsa_*` values: max(a, b, ...), or(a, b, ...), extrasgprs(vcc, flat_scratch, xnack),
// totalnumvgprs(agprs, vgprs), alignto(x, align), occupancy(...).
enum class TargetFn : uint8_t { Or, Max, ExtraSGPRs, TotalNumVGPRs, AlignTo, Occupancy };
std::string_view targetFnName(TargetFn fn);

// Relocation specifiers after a symbol (foo@rel32@lo).
enum class Spec : uint8_t {
  None,
  GotPcRel,
  GotPcRel32Lo,
  GotPcRel32Hi,
  Rel32Lo,
  Rel32Hi,
  Rel64,
  Abs32Lo,
  Abs32Hi,
  Abs64
};
std::string_view specName(Spec s); // as llvm prints it after '@' ("rel32@lo")

struct ExprNode {
  enum class Kind : uint8_t { Constant, Symbol, Unary, Binary, Target } kind = Kind::Constant;
  uint8_t op = 0; // UnOp, BinOp or TargetFn
  Spec spec = Spec::None;
  // Unary: lhs; Binary: lhs, rhs; Target: its arguments are args[lhs .. lhs + rhs).
  uint32_t lhs = 0, rhs = 0;
  int64_t value = 0;     // Constant
  Symbol *sym = nullptr; // Symbol (owned by the SymbolTable, stable)
  std::string_view name; // Symbol: its name (the table's key, stable)
  BinOp binOp() const { return static_cast<BinOp>(op); }
  UnOp unOp() const { return static_cast<UnOp>(op); }
  TargetFn fn() const { return static_cast<TargetFn>(op); }
};

// The nodes of every expression of one assembly: ids stay valid to its end.
class ExprPool {
public:
  ExprId constant(int64_t v);
  ExprId symbol(Symbol *sym, std::string_view name, Spec spec = Spec::None);
  ExprId unary(UnOp op, ExprId sub);
  ExprId binary(BinOp op, ExprId lhs, ExprId rhs);
  ExprId target(TargetFn fn, std::span<const ExprId> args);
  const ExprNode &operator[](ExprId id) const { return nodes_[id]; }
  std::span<const ExprId> argsOf(const ExprNode &n) const {
    return std::span<const ExprId>(args_).subspan(n.lhs, n.rhs);
  }
  size_t size() const { return nodes_.size(); }
  // Drops the nodes from `mark` on (an expression parsed only to be evaluated).
  void truncate(size_t mark) { nodes_.resize(mark); }

private:
  ExprId add(const ExprNode &n) {
    nodes_.push_back(n);
    return static_cast<ExprId>(nodes_.size() - 1);
  }
  std::vector<ExprNode> nodes_;
  std::vector<ExprId> args_;
};

// Appends the expression as llvm's MCExpr printer prints it (parentheses only where + and - meet
// other operators, x+-4 as x-4, names holding '@' quoted, functions as name(a, b)).
void printExpr(const ExprPool &pool, ExprId id, std::string &out);

// A symbol's name as llvm prints it: quoted unless letters, digits, '_', '$' and '.' only.
std::string printedSymbolName(std::string_view name);
// A quoted symbol name's escapes as llvm reads them (MCContext::parseSymbol): `\\` and `\"` are
// the character, any other backslash stays. Names are kept as they are written, in one spelling
// per symbol: escapedSymbolName (the name's backslashes and quotes escaped, as llvm prints it);
// the object's symbol table holds unescapedSymbolName.
std::string unescapedSymbolName(std::string_view name);
std::string escapedSymbolName(std::string_view name);
// `text` with its backslashes and quotes escaped (escapedSymbolName of an unescaped name).
std::string escapedSymbolText(std::string_view text);
std::string exprText(const ExprPool &pool, ExprId id);

// The value of an expression as llvm's evaluateAsRelocatable gives it: symA - symB + constant,
// with symA's specifier. Absolute when both symbols are null.
struct RelocatableValue {
  const Symbol *symA = nullptr, *symB = nullptr;
  std::string_view nameA, nameB;
  Spec spec = Spec::None;
  int64_t constant = 0;
  // symA was reached through a local variable set to a label (`.set .L1, counter`): llvm keeps
  // such an alias (MCExpr's canExpand) and relocates through its section, as for a local label.
  bool viaLocalAlias = false;
  // symA was reached through the variable `alias` set to a label plus aliasOffset (the outermost
  // such variable): llvm keeps a variable in a section unexpanded in a relocation (MCExpr's
  // canExpand), which a global or weak one and `.reloc` then name.
  const Symbol *alias = nullptr;
  std::string_view aliasName;
  int64_t aliasOffset = 0;
  bool absolute() const { return !symA && !symB; }
};

// How far an evaluation may look: while parsing (only symbols set to absolute values), or once
// the layout is final (label offsets in their sections, variables through their expressions).
enum class EvalStage : uint8_t { Parse, Final };

// The AMDGPU expression functions need the processor (extrasgprs, totalnumvgprs; occupancy
// takes what it needs as arguments). targetInfoFor (amdgpu_expr.cpp) fills it from a Target.
struct TargetInfo {
  bool gfx90aAgprs = false; // gfx90a+: AGPRs allocated after the VGPRs, aligned to 4
  bool hasXnackReplay = false;
  unsigned generation = 0; // the ISA major version: 9 or 11
  // gfx942, gfx950, gfx11 (llvm's FeatureArchitectedFlatScratch): extrasgprs counts flat_scratch
  // as used on gfx9.
  bool architectedFlatScratch = false;
};

TargetInfo targetInfoFor(const Target &target);

bool evaluateRelocatable(const ExprPool &pool, ExprId id, EvalStage stage, const TargetInfo &target,
                         RelocatableValue &out);
// True with `out` set when the expression is an absolute value at this stage.
bool evaluateAbsolute(const ExprPool &pool, ExprId id, EvalStage stage, const TargetInfo &target,
                      int64_t &out);
// lhs op rhs of absolute operands as llvm computes them; false when it cannot (division by zero).
bool applyBinOp(BinOp op, int64_t lhs, int64_t rhs, int64_t &out);
int64_t applyUnOp(UnOp op, int64_t v);
// An AMDGPU function of absolute arguments; false when llvm cannot evaluate it.
bool applyTargetFn(TargetFn fn, std::span<const int64_t> args, const TargetInfo &target,
                   int64_t &out);

} // namespace gfxasm::as
