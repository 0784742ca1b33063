#include "isa/operand_names.h"

namespace gfxasm::isa {

const WaitcntLayout &waitcntLayoutGfx11() {
  static constexpr WaitcntLayout layout{{10, 6}, {0, 3}, {4, 6}};
  return layout;
}

namespace {
constexpr std::string_view kDelayIds[] = {
    "NO_DEP",        "VALU_DEP_1",    "VALU_DEP_2",    "VALU_DEP_3",
    "VALU_DEP_4",    "TRANS32_DEP_1", "TRANS32_DEP_2", "TRANS32_DEP_3",
    "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1", "SALU_CYCLE_2", "SALU_CYCLE_3"};
constexpr std::string_view kDelaySkips[] = {"SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"};
} // namespace

std::span<const std::string_view> delayIdNames() { return kDelayIds; }
std::span<const std::string_view> delaySkipNames() { return kDelaySkips; }

} // namespace gfxasm::isa
