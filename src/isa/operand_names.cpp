// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "isa/operand_names.h"

#include "isa/processors.h"

namespace gfxasm::isa {

const WaitcntLayout &waitcntLayoutGfx11() {
  static constexpr WaitcntLayout layout{{{10, 6}}, {{0, 3}}, {{4, 6}}};
  return layout;
}

const WaitcntLayout &waitcntLayoutGfx9() {
  static constexpr WaitcntLayout layout{{{0, 4}, {14, 2}}, {{4, 3}}, {{8, 4}}};
  return layout;
}

namespace {
constexpr std::string_view kDelayIds[] = {"NO_DEP",        "VALU_DEP_1",    "VALU_DEP_2",
                                          "VALU_DEP_3",    "VALU_DEP_4",    "TRANS32_DEP_1",
                                          "TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1",
                                          "SALU_CYCLE_1",  "SALU_CYCLE_2",  "SALU_CYCLE_3"};
constexpr std::string_view kDelaySkips[] = {"SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"};

constexpr BitField kDepctrFields[] = {{7, 1}, {0, 1}, {12, 4}, {9, 3}, {8, 1}, {1, 1}, {2, 3}};
constexpr std::string_view kDepctrNames[] = {"depctr_hold_cnt", "depctr_sa_sdst", "depctr_va_vdst",
                                             "depctr_va_sdst",  "depctr_va_ssrc", "depctr_va_vcc",
                                             "depctr_vm_vsrc"};

constexpr NamedValue kHwregs[] = {
    {"HW_REG_MODE", 1},
    {"HW_REG_STATUS", 2},
    {"HW_REG_TRAPSTS", 3},
    {"HW_REG_GPR_ALLOC", 5},
    {"HW_REG_LDS_ALLOC", 6},
    {"HW_REG_IB_STS", 7},
    {"HW_REG_SH_MEM_BASES", 15},
    {"HW_REG_PERF_SNAPSHOT_PC_LO", 18},
    {"HW_REG_PERF_SNAPSHOT_PC_HI", 19},
    {"HW_REG_FLAT_SCR_LO", 20},
    {"HW_REG_FLAT_SCR_HI", 21},
    {"HW_REG_HW_ID1", 23},
    {"HW_REG_HW_ID2", 24},
    {"HW_REG_PERF_SNAPSHOT_DATA", 27},
    {"HW_REG_SHADER_CYCLES", 29},
};

// hwreg names of targets gfxasm does not have (gfx10, gfx12, ...): an error of their own on both.
constexpr std::string_view kElsewhereHwregs[] = {
    "HW_REG_XNACK_MASK",          "HW_REG_POPS_PACKER",     "HW_REG_PERF_SNAPSHOT_DATA1",
    "HW_REG_PERF_SNAPSHOT_DATA2", "HW_REG_EXCP_FLAG_PRIV",  "HW_REG_EXCP_FLAG_USER",
    "HW_REG_TRAP_CTRL",           "HW_REG_SCRATCH_BASE_LO", "HW_REG_SCRATCH_BASE_HI",
    "HW_REG_WAVE_MODE",           "HW_REG_WAVE_STATUS",     "HW_REG_WAVE_GPR_ALLOC",
    "HW_REG_WAVE_LDS_ALLOC",      "HW_REG_WAVE_HW_ID1",     "HW_REG_WAVE_HW_ID2",
    "HW_REG_WAVE_SCHED_MODE",     "HW_REG_WAVE_STATE_PRIV", "HW_REG_WAVE_EXCP_FLAG_PRIV",
    "HW_REG_WAVE_EXCP_FLAG_USER", "HW_REG_WAVE_TRAP_CTRL",  "HW_REG_WAVE_DVGPR_ALLOC_LO",
    "HW_REG_WAVE_DVGPR_ALLOC_HI", "HW_REG_IB_STS2",         "HW_REG_SHADER_CYCLES_HI",
    "HW_REG_DVGPR_ALLOC_LO"};

constexpr std::string_view kOtherMessages[] = {"MSG_GS",
                                               "MSG_GS_DONE",
                                               "MSG_SAVEWAVE",
                                               "MSG_ORDERED_PS_DONE",
                                               "MSG_EARLY_PRIM_DEALLOC",
                                               "MSG_GET_DOORBELL",
                                               "MSG_GET_DDID",
                                               "MSG_RTN_GET_SE_AID_ID",
                                               "MSG_RTN_GET_CLUSTER_BARRIER_STATE"};

constexpr MessageName kMessages[] = {
    {"MSG_INTERRUPT", 1, true, MessageOps::None},
    {"MSG_HS_TESSFACTOR", 2, true, MessageOps::None},
    {"MSG_DEALLOC_VGPRS", 3, true, MessageOps::None},
    {"MSG_STALL_WAVE_GEN", 5, true, MessageOps::None},
    {"MSG_HALT_WAVES", 6, true, MessageOps::None},
    {"MSG_GS_ALLOC_REQ", 9, true, MessageOps::None},
    {"MSG_SYSMSG", 15, false, MessageOps::Sysmsg},
    {"MSG_RTN_GET_DOORBELL", 128, true, MessageOps::None},
    {"MSG_RTN_GET_DDID", 129, true, MessageOps::None},
    {"MSG_RTN_GET_TMA", 130, true, MessageOps::None},
    {"MSG_RTN_GET_REALTIME", 131, true, MessageOps::None},
    {"MSG_RTN_SAVE_WAVE", 132, true, MessageOps::None},
    {"MSG_RTN_GET_TBA", 133, true, MessageOps::None},
    {"MSG_RTN_GET_TBA_TO_PC", 134, true, MessageOps::None},
};

constexpr MessageOpName kGsOps[] = {{"GS_OP_NOP", 0, true},
                                    {"GS_OP_CUT", 1, true},
                                    {"GS_OP_EMIT", 2, true},
                                    {"GS_OP_EMIT_CUT", 3, true}};
constexpr MessageOpName kSysmsgOps[] = {{"SYSMSG_OP_ECC_ERR_INTERRUPT", 1, true},
                                        {"SYSMSG_OP_REG_RD", 2, true},
                                        {"SYSMSG_OP_HOST_TRAP_ACK", 3, false},
                                        {"SYSMSG_OP_TTRACE_PC", 4, true}};

// gfx9 (docs/gfx9_operands.md, section 4): the same on every gfx9 processor.
constexpr MessageName kGfx9Messages[] = {
    {"MSG_INTERRUPT", 1, true, MessageOps::None},
    {"MSG_GS", 2, true, MessageOps::Gs},
    {"MSG_GS_DONE", 3, true, MessageOps::GsDone},
    {"MSG_SAVEWAVE", 4, true, MessageOps::None},
    {"MSG_STALL_WAVE_GEN", 5, true, MessageOps::None},
    {"MSG_HALT_WAVES", 6, true, MessageOps::None},
    {"MSG_ORDERED_PS_DONE", 7, true, MessageOps::None},
    {"MSG_EARLY_PRIM_DEALLOC", 8, true, MessageOps::None},
    {"MSG_GS_ALLOC_REQ", 9, true, MessageOps::None},
    {"MSG_GET_DOORBELL", 10, true, MessageOps::None},
    {"MSG_SYSMSG", 15, true, MessageOps::Sysmsg},
};
constexpr std::string_view kGfx9OtherMessages[] = {
    "MSG_HS_TESSFACTOR",     "MSG_DEALLOC_VGPRS",     "MSG_GET_DDID",
    "MSG_RTN_GET_DOORBELL",  "MSG_RTN_GET_DDID",      "MSG_RTN_GET_TMA",
    "MSG_RTN_GET_REALTIME",  "MSG_RTN_SAVE_WAVE",     "MSG_RTN_GET_TBA",
    "MSG_RTN_GET_TBA_TO_PC", "MSG_RTN_GET_SE_AID_ID", "MSG_RTN_GET_CLUSTER_BARRIER_STATE"};

constexpr NamedValue kGfx9Hwregs[] = {
    {"HW_REG_MODE", 1},    {"HW_REG_STATUS", 2},        {"HW_REG_TRAPSTS", 3},
    {"HW_REG_HW_ID", 4},   {"HW_REG_GPR_ALLOC", 5},     {"HW_REG_LDS_ALLOC", 6},
    {"HW_REG_IB_STS", 7},  {"HW_REG_SH_MEM_BASES", 15}, {"HW_REG_TBA_LO", 16},
    {"HW_REG_TBA_HI", 17}, {"HW_REG_TMA_LO", 18},       {"HW_REG_TMA_HI", 19},
};
// gfx942, gfx950 and gfx9-4-generic only (llvm's FeatureGFX940Insts).
constexpr NamedValue kGfx940Hwregs[] = {{"HW_REG_XCC_ID", 20},
                                        {"HW_REG_SQ_PERF_SNAPSHOT_DATA", 21},
                                        {"HW_REG_SQ_PERF_SNAPSHOT_DATA1", 22},
                                        {"HW_REG_SQ_PERF_SNAPSHOT_PC_LO", 23},
                                        {"HW_REG_SQ_PERF_SNAPSHOT_PC_HI", 24}};
} // namespace

std::span<const std::string_view> delayIdNames() {
  return kDelayIds;
}
std::span<const std::string_view> delaySkipNames() {
  return kDelaySkips;
}

std::span<const BitField> depctrFields() {
  return kDepctrFields;
}
std::span<const std::string_view> depctrNames() {
  return kDepctrNames;
}
uint32_t depctrUsedMask() {
  uint32_t m = 0;
  for (const BitField &f : kDepctrFields) m |= f.mask();
  return m;
}

bool HwregNames::otherTarget(std::string_view name) const {
  for (std::span<const NamedValue> names : otherArch)
    for (const NamedValue &n : names)
      if (n.name == name) return true;
  for (std::string_view n : kElsewhereHwregs)
    if (n == name) return true;
  return false;
}

const NamedValue *HwregNames::find(unsigned cpu, std::string_view name, uint32_t id) const {
  auto match = [&](const NamedValue &n) { return name.empty() ? n.value == id : n.name == name; };
  for (const NamedValue &n : all)
    if (match(n)) return &n;
  if (someCpus >> cpu & 1)
    for (const NamedValue &n : some)
      if (match(n)) return &n;
  return nullptr;
}

const HwregNames &hwregNamesGfx11() {
  static constexpr HwregNames names{kHwregs, {}, 0, {kGfx9Hwregs, kGfx940Hwregs}};
  return names;
}
const HwregNames &hwregNamesGfx9() {
  // (gfx942's names are another target's on the other gfx9 processors)
  static const HwregNames names{
      kGfx9Hwregs, kGfx940Hwregs, processorMask("gfx9", Gfx940Insts), {kHwregs, kGfx940Hwregs}};
  return names;
}

std::span<const std::string_view> gprIdxModeNames() {
  static constexpr std::string_view kModes[] = {"SRC0", "SRC1", "SRC2", "DST"};
  return kModes;
}

std::span<const MessageOpName> gsOpNames() {
  return kGsOps;
}
const MessageNames &messageNamesGfx11() {
  static constexpr MessageNames names{255, kMessages, kOtherMessages, kSysmsgOps, false};
  return names;
}
const MessageNames &messageNamesGfx9() {
  static constexpr MessageNames names{15, kGfx9Messages, kGfx9OtherMessages, kSysmsgOps, true};
  return names;
}

namespace {
constexpr NamedValue kVersionCodes[] = {{"UC_VERSION_GFX7", 0},
                                        {"UC_VERSION_GFX10", 4},
                                        {"UC_VERSION_GFX11", 6},
                                        {"UC_VERSION_GFX12", 9}};
constexpr NamedValue kVersionFlags[] = {
    {"UC_VERSION_W64_BIT", 0x2000}, {"UC_VERSION_W32_BIT", 0x4000}, {"UC_VERSION_MDP_BIT", 0x8000}};
} // namespace

std::span<const NamedValue> versionCodeNames() {
  return kVersionCodes;
}
std::span<const NamedValue> versionFlagNames() {
  return kVersionFlags;
}

} // namespace gfxasm::isa
