#include "print/printer.h"
#include "print/append.h"

#include <fmt/format.h>

#include "asm/operand_families.h"
#include "isa/constants.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;
using namespace std::string_view_literals;

unsigned dwordsOf(OpType t, bool wave64) {
  if (t == OpType::b1) return wave64 ? 2 : 1;
  unsigned bits = typeBits(t);
  return bits <= 32 ? 1 : bits / 32;
}

void printHex(uint32_t v, std::string &out) {
  appendHex(out, v);
}

void printImmediate32(uint32_t v, std::string &out) {
  // Small integers by their signed value, the floats' patterns (also negative ones) by their bits.
  int32_t s = static_cast<int32_t>(v);
  int enc = inlineEncodingOfInt(s >= -16 && s <= 64 ? int64_t{s} : int64_t{v}, OpType::b32);
  if (enc >= 0 && printInlineConstant(static_cast<unsigned>(enc), OpType::b32, out)) return;
  printHex(v, out);
}

void printSignedHex(uint32_t v, unsigned bits, std::string &out) {
  int64_t s = static_cast<int64_t>(v & ((1ull << bits) - 1));
  if (s >> (bits - 1)) s -= int64_t{1} << bits;
  if (s < 0) out += '-';
  appendHex(out, static_cast<uint64_t>(s < 0 ? -s : s));
}

uint32_t valueOf(const Inst &inst, Field f) {
  auto ops = inst.arch->operandsOf(*inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == f) return inst.ops[i].value;
  return 0;
}

void printSource(const Inst &inst, const OperandDesc &d, uint32_t enc, bool wave64,
                 std::string &out) {
  if (printRegister(enc, dwordsOf(d.type, wave64), out)) return;
  if (printInlineConstant(enc, d.type, out)) return;
  if (enc == src::kLiteral) {
    printHex(inst.literal, out);
    return;
  }
  fmt::format_to(std::back_inserter(out), "<invalid source {}>", enc);
}

namespace {
void printOperand(const PrintContext &pc, const Inst &inst, unsigned i, std::string &out) {
  switch (inst.arch->operandsOf(*inst.desc)[i].cls) {
#define CLASS(n, positional, fam)                                                                  \
  case OpClass::n:                                                                                 \
    print_##fam(pc, inst, i, out);                                                                 \
    break;
#include "isa/classes.def"
#undef CLASS
  case OpClass::Count: break;
  }
}
} // namespace

void appendEncoding(std::string &out, size_t lineStart, const uint8_t *bytes, size_t n,
                    size_t maskFrom, size_t maskSize) {
  size_t width = out.size() - lineStart - 1;
  out.append(width < kEncodingColumn ? kEncodingColumn - width : 1, ' ');
  out += "; encoding: [";
  for (size_t i = 0; i < n; ++i) {
    if (i) out += ',';
    if (i >= maskFrom && i < maskFrom + maskSize) {
      out += 'A';
    } else {
      out += "0x";
      appendHexFixed(out, bytes[i], 2);
    }
  }
  out += "]\n";
}

void printInst(const Inst &inst, bool wave64, std::string &out) {
  PrintContext pc{wave64};
  // A dual-issue pair (VOPD) is one entry named `X::Y`; Y's operands start at its vdsty.
  std::string_view name = inst.desc->name;
  size_t pair =
      inst.arch->formatOf(*inst.desc).has(Field::vdsty) ? name.find("::") : std::string_view::npos;
  out += name.substr(0, pair);
  auto ops = inst.arch->operandsOf(*inst.desc);
  bool firstPositional = true;
  for (unsigned i = 0; i < ops.size(); ++i) {
    if (isPositional(ops[i].cls)) {
      if (pair != std::string_view::npos && ops[i].field == Field::vdsty) {
        out += " :: ";
        out += name.substr(pair + 2);
        firstPositional = true;
      }
      if (ops[i].flags & OF_Optional) {
        // An optional operand its family prints as nothing is left out (s_endpgm's 0).
        size_t mark = out.size();
        out += firstPositional ? " "sv : ", "sv;
        size_t start = out.size();
        printOperand(pc, inst, i, out);
        if (out.size() == start)
          out.resize(mark);
        else
          firstPositional = false;
        continue;
      }
      out += firstPositional ? " "sv : ", "sv;
      firstPositional = false;
      printOperand(pc, inst, i, out);
    } else {
      // Modifiers print nothing at their default value: the space goes again then.
      size_t mark = out.size();
      out += ' ';
      printOperand(pc, inst, i, out);
      if (out.size() == mark + 1) out.resize(mark);
    }
  }
}

} // namespace gfxasm::print
