// Printing of the structured immediates: waitcnt, delay, depctr, sendmsg, hwreg.
#include <fmt/format.h>

#include "asm/operand_families.h"
#include "isa/operand_names.h"
#include "print/print_util.h"

namespace gfxasm::print {

using namespace isa;

namespace {

void printWaitcnt(uint32_t v, std::string &out) {
  const WaitcntLayout &l = waitcntLayoutGfx11();
  uint32_t vm = l.vmcnt.get(v), exp = l.expcnt.get(v), lgkm = l.lgkmcnt.get(v);
  bool all = vm == l.vmcnt.max() && exp == l.expcnt.max() && lgkm == l.lgkmcnt.max();
  const char *sep = "";
  if (vm != l.vmcnt.max() || all) fmt::format_to(std::back_inserter(out), "{}vmcnt({})", sep, vm), sep = " ";
  if (exp != l.expcnt.max() || all) fmt::format_to(std::back_inserter(out), "{}expcnt({})", sep, exp), sep = " ";
  if (lgkm != l.lgkmcnt.max() || all) fmt::format_to(std::back_inserter(out), "{}lgkmcnt({})", sep, lgkm);
}

void printDelay(uint32_t v, std::string &out) {
  auto ids = delayIdNames();
  auto skips = delaySkipNames();
  uint32_t id0 = kDelayInstId0.get(v), skip = kDelaySkip.get(v), id1 = kDelayInstId1.get(v);
  const char *sep = "";
  auto field = [&](const char *name, uint32_t val, std::span<const std::string_view> names, const char *invalid) {
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

} // namespace

void print_special(const PrintContext &, const Inst &inst, unsigned i, std::string &out) {
  const OperandDesc &d = inst.arch->operandsOf(*inst.desc)[i];
  uint32_t v = inst.ops[i].value;
  switch (d.cls) {
  case OpClass::waitcnt: printWaitcnt(v, out); break;
  case OpClass::delay: printDelay(v, out); break;
  default: printHex(v, out); break;
  }
}

} // namespace gfxasm::print
