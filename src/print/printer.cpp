// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "print/printer.h"
#include "gfxasm/gfxasm.h"
#include "print/append.h"
#include "print/writer.h"

#include <fmt/format.h>

#include "isa/constants.h"
#include "isa/registers.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;
using namespace std::string_view_literals;

void Writer::flush() {
  s_.append(buf_, static_cast<size_t>(p_ - buf_));
  p_ = buf_;
}

Writer &Writer::appendLong(const char *d, size_t n) {
  flush();
  s_.append(d, n);
  return *this;
}

void printHex(uint32_t v, Writer &out) {
  appendHex(out, v);
}

void printImmediate32(uint32_t v, Writer &out) {
  // Small integers by their signed value, the floats' patterns (also negative ones) by their bits.
  int32_t s = static_cast<int32_t>(v);
  int enc = inlineEncodingOfInt(s >= -16 && s <= 64 ? int64_t{s} : int64_t{v}, OpType::b32);
  if (enc >= 0 && printInlineConstant(static_cast<unsigned>(enc), OpType::b32, out)) return;
  printHex(v, out);
}

void noteUnalignedTupleText(unsigned dwords, std::string_view file, Writer &out) {
  invalidRegisterNote(fmt::format("{}_{}_Align2", file, dwords * 32), out);
}

void printSignedHex(uint32_t v, unsigned bits, Writer &out) {
  if (v < 16 && bits > 4) { // (row_mask:0xf and the like)
    char *p = out.room(3);
    p[0] = '0';
    p[1] = 'x';
    p[2] = "0123456789abcdef"[v];
    out.advance(p + 3);
    return;
  }
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

void printSource(const Inst &inst, const OperandDesc &d, uint32_t enc, bool wave64, Writer &out) {
  if (printRegister(registersOf(*inst.arch), enc, dwordsOf(d.type, wave64), out)) return;
  if (printInlineConstant(enc, d.type, out)) return;
  if (enc == src::kLiteral) {
    printHex(inst.literal, out);
    return;
  }
  fmt::format_to(std::back_inserter(out.str()), "<invalid source {}>", enc);
}

namespace {
// Each class's family printer.
using PrintFn = void (*)(const PrintContext &, const Inst &, unsigned, Writer &);
constexpr PrintFn kPrinters[] = {
#define CLASS(n, positional, fam) print_##fam,
#include "isa/classes.def"
#undef CLASS
};

// " " before the first positional operand, ", " before the others.
void separate(bool first, Writer &out) {
  char *p = out.room(2);
  p[0] = first ? ' ' : ',';
  p[1] = ' ';
  out.advance(p + (first ? 1 : 2));
}

// Modifier classes their family prints as nothing when the value and modifiers are 0 (most
// modifiers are, and need no call then).
constexpr bool silentAtZero(OpClass c) {
  switch (c) {
  case OpClass::flag:
  case OpClass::vop_opsel2:
  case OpClass::vop_opsel3:
  case OpClass::vop_opsel4:
  case OpClass::vop_opsel_dot2:
  case OpClass::vop_opsel_pair:
  case OpClass::vop_opsel_hidden:
  case OpClass::vop_opsel_byte:
  case OpClass::vop_bitop3:
  case OpClass::vop_clamp:
  case OpClass::vop_omod:
  case OpClass::vop_exec_dst:
  case OpClass::sel:
  case OpClass::dpp_bound:
  case OpClass::dpp_fi:
  case OpClass::dpp8_fi:
  case OpClass::mem_offset_u16:
  case OpClass::mem_offset_u8:
  case OpClass::mem_offset_u12:
  case OpClass::mem_offset_s13:
  case OpClass::mimg_nsa_extra:
  case OpClass::dmask:
  case OpClass::mem_flag:
  case OpClass::ds_swizzle:
  case OpClass::exp_en:
  case OpClass::mop_sel:
  case OpClass::mflag:
  case OpClass::mhidden:
  case OpClass::mai_mod:
  case OpClass::mai_neg:
  case OpClass::mai_hidden:
  case OpClass::mem_kept:
  case OpClass::mem_ignored: return true;
  default: return false;
  }
}
} // namespace

void appendEncoding(std::string &out, size_t lineStart, const uint8_t *bytes, size_t n,
                    size_t maskFrom, size_t maskSize) {
  size_t width = out.size() - lineStart - 1;
  Writer w(out);
  w.append(width < kEncodingColumn ? kEncodingColumn - width : 1, ' ');
  w += "; encoding: [";
  for (size_t i = 0; i < n; ++i) {
    char *p = w.room(5);
    *p = ',';
    p += i != 0;
    if (i >= maskFrom && i < maskFrom + maskSize) {
      *p++ = 'A';
    } else {
      p[0] = '0';
      p[1] = 'x';
      p[2] = "0123456789abcdef"[bytes[i] >> 4];
      p[3] = "0123456789abcdef"[bytes[i] & 15];
      p += 4;
    }
    w.advance(p);
  }
  w += "]\n";
}

void printInst(const Inst &inst, const Target &target, std::string &text) {
  Writer out(text);
  printInst(inst, target, out);
}

void printInst(const Inst &inst, const Target &target, Writer &out) {
  const bool wave64 = target.wave64();
  PrintContext pc{wave64, registersOf(*inst.arch), target.cpuIndex(), target.alignedVgprTuples(),
                  target.dpAluDpp()};
  // A dual-issue pair (VOPD) is one entry named `X::Y`; Y's operands start at its vdsty.
  std::string_view name = inst.desc->name;
  size_t pair =
      inst.arch->formatOf(*inst.desc).has(Field::vdsty) ? name.find("::") : std::string_view::npos;
  out += name.substr(0, pair);
  auto ops = inst.arch->operandsOf(*inst.desc);
  bool firstPositional = true;
  for (unsigned i = 0; i < ops.size(); ++i) {
    const OperandDesc &d = ops[i];
    uint32_t v = inst.ops[i].value;
    // The plainest classes, without their family's call.
    switch (d.cls) {
    case OpClass::vgpr_tuple:
      if (pc.alignedVgprTuples) break; // (odd tuples decoded there get a note)
      [[fallthrough]];
    case OpClass::pvdst:
      separate(firstPositional, out);
      firstPositional = false;
      printVgprs(v, dwordsOf(d.type, wave64), out);
      if (d.cls == OpClass::pvdst) // (v_pk_*_f32's pair)
        noteUnalignedTuple(pc, inst, v, dwordsOf(d.type, wave64), "VReg", out);
      continue;
    case OpClass::vopd_vsrc:
    case OpClass::vopd_vsrc2:
      separate(firstPositional, out);
      firstPositional = false;
      printVgprs(v, 1, out);
      continue;
    case OpClass::flag:
    case OpClass::mem_flag: printFlag(d.field, v, true, out); continue;
    case OpClass::mem_offset_u16:
    case OpClass::mem_offset_u8:
    case OpClass::mem_offset_u12: printNamedDecimal(d.field, v, true, out); continue;
    case OpClass::mem_offset_s13:
      printNamedDecimal(d.field, signExtend(v, 13), true, out);
      continue;
    case OpClass::dpp_mask: printDppMask(d.field, v, true, out); continue;
    case OpClass::dpp8_sel: printDpp8Selects(v, true, out); continue;
    default: break;
    }
    OpClass cls = d.cls;
    if (isPositional(cls)) {
      if (pair != std::string_view::npos && d.field == Field::vdsty) {
        out += " :: ";
        out += name.substr(pair + 2);
        firstPositional = true;
      }
      if (d.flags & OF_Optional) {
        // An optional operand its family prints as nothing is left out (s_endpgm's 0).
        size_t mark = out.size();
        separate(firstPositional, out);
        size_t start = out.size();
        kPrinters[static_cast<unsigned>(cls)](pc, inst, i, out);
        if (out.size() == start)
          out.resize(mark);
        else
          firstPositional = false;
        continue;
      }
      separate(firstPositional, out);
      firstPositional = false;
      kPrinters[static_cast<unsigned>(cls)](pc, inst, i, out);
    } else if (v != 0 || inst.ops[i].mods != 0 || !silentAtZero(cls)) {
      // Modifiers print nothing at their default value: the space goes again then.
      size_t mark = out.size();
      out += ' ';
      kPrinters[static_cast<unsigned>(cls)](pc, inst, i, out);
      if (out.size() == mark + 1) out.resize(mark);
    }
  }
}

} // namespace gfxasm::print
