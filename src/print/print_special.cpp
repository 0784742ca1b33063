// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
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
  // (common in real code: written without a formatting call)
  std::string_view sep;
  auto counter = [&](std::string_view name, uint32_t count) {
    out += sep;
    out += name;
    appendDecimal(out, count);
    out += ')';
    sep = " ";
  };
  if (vm != l.vmcnt.max() || all) counter("vmcnt(", vm);
  if (exp != l.expcnt.max() || all) counter("expcnt(", exp);
  if (lgkm != l.lgkmcnt.max() || all) counter("lgkmcnt(", lgkm);
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

void printHwreg(const HwregNames &hwregs, unsigned cpu, uint32_t v, Writer &out) {
  uint32_t id = kHwregId.get(v), offset = kHwregOffset.get(v), size = kHwregSizeMinus1.get(v) + 1;
  out += "hwreg(";
  if (const NamedValue *n = hwregs.find(cpu, {}, id))
    out += n->name;
  else
    fmt::format_to(std::back_inserter(out.str()), "{}", id);
  if (offset != 0 || size != 32)
    fmt::format_to(std::back_inserter(out.str()), ", {}, {}", offset, size);
  out += ')';
}

// The modes in their order; a value no mode list gives (decoded) in hex.
void printGprIdx(uint32_t v, Writer &out) {
  if (v > 15) {
    printHex(v, out);
    return;
  }
  out += "gpr_idx(";
  const char *sep = "";
  auto names = gprIdxModeNames();
  for (unsigned i = 0; i < names.size(); ++i) {
    if (!(v >> i & 1)) continue;
    out += sep;
    out += names[i];
    sep = ",";
  }
  out += ')';
}

// gfx11 decodes only the type (8 bits) of a message: its name if it has one, the numeric triple
// if the value is the type alone, else the plain number. gfx9 decodes the type (4 bits), the
// operation and the stream: the names where the message takes that operation and stream (other
// bits ignored), else the numeric triple if no other bit is set, else the plain number.
void printSendmsg(const MessageNames &messages, uint32_t v, Writer &out) {
  uint32_t id = v & messages.idMax;
  uint32_t op = v >> kMsgOpShift & kMsgOpMax, stream = v >> kMsgStreamShift & kMsgStreamMax;
  const MessageName *msg = nullptr;
  for (const MessageName &m : messages.names)
    if (m.printed && m.id == id) msg = &m;
  if (msg && !messages.printsOps) {
    fmt::format_to(std::back_inserter(out.str()), "sendmsg({})", msg->name);
    return;
  }
  if (msg) {
    const MessageOpName *opName = nullptr;
    if (msg->ops != MessageOps::None)
      for (const MessageOpName &o : messageOpNames(messages, id))
        if (o.supported && o.value == op) opName = &o;
    bool gs = msg->ops == MessageOps::Gs || msg->ops == MessageOps::GsDone;
    if (msg->ops == MessageOps::None && op == 0 && stream == 0) {
      fmt::format_to(std::back_inserter(out.str()), "sendmsg({})", msg->name);
      return;
    }
    if (opName && (op == 0 ? msg->ops != MessageOps::Gs && stream == 0 : gs || stream == 0)) {
      fmt::format_to(std::back_inserter(out.str()), "sendmsg({}, {}", msg->name, opName->name);
      if (gs && op != 0) fmt::format_to(std::back_inserter(out.str()), ", {}", stream);
      out += ')';
      return;
    }
  }
  if (!messages.printsOps) op = stream = 0; // (gfx11: the type's bits only)
  if (v == (id | op << kMsgOpShift | stream << kMsgStreamShift))
    fmt::format_to(std::back_inserter(out.str()), "sendmsg({}, {}, {})", id, op, stream);
  else
    fmt::format_to(std::back_inserter(out.str()), "{}", v);
}

} // namespace

namespace {
// (once per class: printer_special)
[[gnu::always_inline]] inline void printSpecial(OpClass cls, const PrintContext &pc,
                                                const Inst &inst, unsigned i, Writer &out) {
  uint32_t v = inst.ops[i].value;
  switch (cls) {
  case OpClass::waitcnt: printWaitcnt(inst.arch->traits->waitcnt, v, out); break;
  case OpClass::delay: printDelay(v, out); break;
  case OpClass::depctr: printDepctr(v, out); break;
  case OpClass::hwreg: printHwreg(inst.arch->traits->hwregs, pc.cpuIndex, v, out); break;
  case OpClass::sendmsg: printSendmsg(inst.arch->traits->messages, v, out); break;
  case OpClass::gpr_idx: printGprIdx(v, out); break;
  default: printHex(v, out); break;
  }
}
} // namespace

PrintFn printer_special(OpClass c) {
  return classPrinter<Family::special, printSpecial>(c);
}

} // namespace gfxasm::print
