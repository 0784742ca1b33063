// Printing of the structured immediates: waitcnt, delay, depctr, sendmsg, hwreg.
#include <algorithm>

#include <fmt/format.h>

#include "asm/operand_families.h"
#include "isa/arch_traits.h"
#include "isa/operand_names.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;

namespace {

void printWaitcnt(const WaitcntLayout &l, uint32_t v, Writer &out) {
  uint32_t vm = l.vmcnt.get(v), exp = l.expcnt.get(v), lgkm = l.lgkmcnt.get(v);
  bool all = vm == l.vmcnt.max() && exp == l.expcnt.max() && lgkm == l.lgkmcnt.max();
  const char *sep = "";
  if (vm != l.vmcnt.max() || all)
    fmt::format_to(std::back_inserter(out.str()), "{}vmcnt({})", sep, vm), sep = " ";
  if (exp != l.expcnt.max() || all)
    fmt::format_to(std::back_inserter(out.str()), "{}expcnt({})", sep, exp), sep = " ";
  if (lgkm != l.lgkmcnt.max() || all)
    fmt::format_to(std::back_inserter(out.str()), "{}lgkmcnt({})", sep, lgkm);
}

void printDelay(uint32_t v, Writer &out) {
  auto ids = delayIdNames();
  auto skips = delaySkipNames();
  uint32_t id0 = kDelayInstId0.get(v), skip = kDelaySkip.get(v), id1 = kDelayInstId1.get(v);
  const char *sep = "";
  auto field = [&](const char *name, uint32_t val, std::span<const std::string_view> names,
                   const char *invalid) {
    out += sep;
    out += name;
    out += '(';
    out += val < names.size() ? names[val] : invalid;
    out += ')';
    sep = " | ";
  };
  if (id0) field("instid0", id0, ids, "/* invalid instid value */");
  if (skip) field("instskip", skip, skips, "/* invalid instskip value */");
  if (id1) field("instid1", id1, ids, "/* invalid instid value */");
  if (!id0 && !skip && !id1) out += "0";
}

// The counters not at their maximum, or all of them when every one is; raw hex when bits no
// counter covers are set.
void printDepctr(uint32_t v, Writer &out) {
  v &= 0xffff;
  if (v & ~depctrUsedMask()) {
    printHex(v, out);
    return;
  }
  auto fields = depctrFields();
  auto names = depctrNames();
  bool allMax = std::all_of(fields.begin(), fields.end(),
                            [&](const BitField &f) { return f.get(v) == f.max(); });
  const char *sep = "";
  for (size_t k = 0; k < fields.size(); ++k) {
    if (!allMax && fields[k].get(v) == fields[k].max()) continue;
    fmt::format_to(std::back_inserter(out.str()), "{}{}({})", sep, names[k], fields[k].get(v));
    sep = " ";
  }
}

void printHwreg(uint32_t v, Writer &out) {
  uint32_t id = kHwregId.get(v), offset = kHwregOffset.get(v), size = kHwregSizeMinus1.get(v) + 1;
  out += "hwreg(";
  auto names = hwregNames();
  auto it =
      std::find_if(names.begin(), names.end(), [&](const NamedValue &n) { return n.value == id; });
  if (it != names.end())
    out += it->name;
  else
    fmt::format_to(std::back_inserter(out.str()), "{}", id);
  if (offset != 0 || size != 32)
    fmt::format_to(std::back_inserter(out.str()), ", {}, {}", offset, size);
  out += ')';
}

// gfx11 decodes only the type (8 bits) of a message: its name if it has one, the numeric triple
// if the value is the type alone, else the plain number.
void printSendmsg(uint32_t v, Writer &out) {
  uint32_t id = v & kMsgIdMax;
  auto names = messageNames();
  auto it = std::find_if(names.begin(), names.end(),
                         [&](const MessageName &m) { return m.printed && m.id == id; });
  if (it != names.end())
    fmt::format_to(std::back_inserter(out.str()), "sendmsg({})", it->name);
  else if (v == id)
    fmt::format_to(std::back_inserter(out.str()), "sendmsg({}, 0, 0)", id);
  else
    fmt::format_to(std::back_inserter(out.str()), "{}", v);
}

} // namespace

void print_special(const PrintContext &, const Inst &inst, unsigned i, Writer &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  uint32_t v = inst.ops[i].value;
  switch (d.cls) {
  case OpClass::waitcnt: printWaitcnt(inst.arch->traits->waitcnt, v, out); break;
  case OpClass::delay: printDelay(v, out); break;
  case OpClass::depctr: printDepctr(v, out); break;
  case OpClass::hwreg: printHwreg(v, out); break;
  case OpClass::sendmsg: printSendmsg(v, out); break;
  default: printHex(v, out); break;
  }
}

} // namespace gfxasm::print
