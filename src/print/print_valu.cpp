// Printing of the VOP1/VOP2/VOPC/VOP3/VOP3SD operands.
#include <fmt/format.h>

#include "asm/operand_families.h"
#include "asm/valu_operands.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/append.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;
using as::isE32;
using as::isTrue16Operand;
using as::kOpselSuffixShift;
using as::opselSlot;

namespace {

uint32_t opselBits(const Inst &inst) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == Field::op_sel) return inst.ops[i].value & ((1u << kOpselSuffixShift) - 1);
  return 0;
}

// A VGPR field value (8-bit field: n; 9-bit source field: 256 + n) of operand `d`.
void printVgpr(const PrintContext &pc, const Inst &inst, const OperandDesc &d, uint32_t value,
               std::string &out) {
  unsigned n = value >= src::kVgpr0 ? value - src::kVgpr0 : value;
  if (isTrue16Operand(inst, d.type)) {
    bool hi;
    if (isE32(inst)) {
      hi = n & 128;
      n &= 127;
    } else {
      hi = opselBits(inst) >> opselSlot(d.field) & 1;
    }
    printVgprHalf(n, hi, out);
    return;
  }
  printRegister(src::kVgpr0 + n, dwordsOf(d.type, pc.wave64), out);
}

// A literal prints as lit(...) when written so or when it would read back as an inline constant.
bool literalForm(const Inst &inst, const OperandDesc &d, const OperandValue &v) {
  return v.value == src::kLiteral &&
         ((v.mods & Mod_Lit) || as::valuLiteralLooksInline(inst.literal, d.type));
}

void printConstant(const Inst &inst, const OperandDesc &d, const OperandValue &v,
                   std::string &out) {
  uint32_t enc = v.value;
  if (printInlineConstant(enc, d.type, out)) return;
  if (enc == src::kLiteral) {
    bool lit = literalForm(inst, d, v);
    if (lit && (v.mods & Mod_LitNegative)) {
      // lit(-5): llvm shows the negative integer as 64 bits
      int64_t value = typeBits(d.type) == 16 ? int64_t{static_cast<int16_t>(inst.literal)}
                                             : int64_t{static_cast<int32_t>(inst.literal)};
      fmt::format_to(std::back_inserter(out), "lit(0x{:x})", static_cast<uint64_t>(value));
      return;
    }
    if (lit) out += "lit(";
    // b16 shows the low half, but a lit(...) all of it (a float's f32 bits).
    uint32_t shown = lit && d.type == OpType::b16 ? inst.literal
                                                  : as::valuLiteralPrintValue(inst.literal, d.type);
    if (v.mods & Mod_Bf16Negative) shown = static_cast<uint32_t>(static_cast<int16_t>(shown));
    printHex(shown, out);
    if (lit) out += ')';
    return;
  }
  fmt::format_to(std::back_inserter(out), "<invalid source {}>", enc);
}

void printValuSource(const PrintContext &pc, const Inst &inst, unsigned i, std::string &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  uint32_t enc = v.value;
  if (static_cast<int>(i) == inst.labelOperand) {
    out += inst.labelSymbol; // a relocatable literal
    return;
  }
  bool isReg = enc >= src::kVgpr0 || enc < src::kIntZero ||
               (enc >= src::kSharedBase && enc < src::kFloatFirst) ||
               (enc > src::kInvPi && enc != src::kLiteral);
  bool neg = v.mods & Mod_Neg, abs = v.mods & Mod_Abs;
  // llvm writes neg of a number as neg(...) (the minus would read as the number's sign); a
  // literal shown as lit(...) takes a plain minus.
  bool litForm = literalForm(inst, d, v);
  bool negCall = neg && !abs && !isReg && !litForm;
  if (negCall)
    out += "neg(";
  else if (neg)
    out += '-';
  if (abs) out += '|';
  if (enc >= src::kVgpr0)
    printVgpr(pc, inst, d, enc, out);
  else if (!printRegister(enc, dwordsOf(d.type, pc.wave64), out))
    printConstant(inst, d, v, out);
  if (abs) out += '|';
  if (negCall) out += ')';
}

bool hasVgprDst(const Inst &inst) {
  int dst = as::operandIndex(inst, Field::vdst);
  return dst >= 0 && inst.arch->operandsOf(*inst.desc)[dst].cls == OpClass::vgpr;
}

void printOpsel(const Inst &inst, const OperandDesc &d, uint32_t value, std::string &out) {
  unsigned bits = value & ((1u << kOpselSuffixShift) - 1);
  if (!bits || d.cls == OpClass::vop_opsel_hidden) return;
  unsigned n = d.cls == OpClass::vop_opsel3                                       ? 3
               : d.cls == OpClass::vop_opsel4 || d.cls == OpClass::vop_opsel_dot2 ? 4
                                                                                  : 2;
  // v_fmac_*: the tied src2's entry repeats the destination's bit.
  bool tied = n == 4 && as::operandIndex(inst, Field::src2) < 0;
  out += "op_sel:[";
  for (unsigned k = 0; k < n; ++k) {
    unsigned bit = d.cls == OpClass::vop_opsel_pair || k < n - 1 ? k : 3;
    if (tied && k == 2) bit = 3;
    if (bit == 3 && d.cls != OpClass::vop_opsel_pair && !hasVgprDst(inst))
      bit = 4; // VOPC: always 0
    if (k) out += ',';
    out += (bits >> bit & 1) ? '1' : '0';
  }
  out += ']';
}

} // namespace

void print_valu(const PrintContext &pc, const Inst &inst, unsigned i, std::string &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  const OperandValue &v = inst.ops[i];
  switch (d.cls) {
  case OpClass::vgpr: printVgpr(pc, inst, d, v.value, out); break;
  case OpClass::vsrc:
  case OpClass::vsrc_mod:
  case OpClass::vsrc_neg:
  case OpClass::vssrc:
  case OpClass::vssrc_inline: printValuSource(pc, inst, i, out); break;
  case OpClass::vmask:
  case OpClass::vsdst_nom0: printSource(inst, d, v.value, pc.wave64, out); break;
  case OpClass::vcc: out += pc.wave64 ? "vcc" : "vcc_lo"; break;
  case OpClass::vk: printHex(as::valuLiteralPrintValue(v.value, d.type), out); break;
  case OpClass::vop_opsel2:
  case OpClass::vop_opsel3:
  case OpClass::vop_opsel4:
  case OpClass::vop_opsel_dot2:
  case OpClass::vop_opsel_pair:
  case OpClass::vop_opsel_hidden: printOpsel(inst, d, v.value, out); break;
  case OpClass::vop_clamp:
    if (v.value) out += "clamp";
    break;
  case OpClass::vop_omod:
    if (v.value) out += v.value == 1 ? "mul:2" : v.value == 2 ? "mul:4" : "div:2";
    break;
  default: break;
  }
}

} // namespace gfxasm::print
