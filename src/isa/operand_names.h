// Symbolic names and bit layouts of the special immediate operands (s_waitcnt, s_delay_alu,
// s_sendmsg, s_getreg/s_setreg, s_waitcnt_depctr), shared by the parser and the printer.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace gfxasm::isa {

struct BitField {
  uint8_t shift;
  uint8_t width;
  uint32_t mask() const { return ((1u << width) - 1) << shift; }
  uint32_t max() const { return (1u << width) - 1; }
  uint32_t get(uint32_t v) const { return (v >> shift) & max(); }
  uint32_t set(uint32_t v, uint32_t f) const { return (v & ~mask()) | ((f & max()) << shift); }
};

// s_waitcnt counters on gfx11: expcnt 2:0, lgkmcnt 9:4, vmcnt 15:10.
struct WaitcntLayout {
  BitField vmcnt, expcnt, lgkmcnt;
  uint32_t allMask() const { return vmcnt.mask() | expcnt.mask() | lgkmcnt.mask(); }
};
const WaitcntLayout &waitcntLayoutGfx11();

// s_delay_alu: instid0 3:0, instskip 6:4, instid1 10:7.
constexpr BitField kDelayInstId0{0, 4}, kDelaySkip{4, 3}, kDelayInstId1{7, 4};
std::span<const std::string_view> delayIdNames();   // index = value (NO_DEP ... SALU_CYCLE_3)
std::span<const std::string_view> delaySkipNames(); // index = value (SAME ... SKIP_4)

} // namespace gfxasm::isa
