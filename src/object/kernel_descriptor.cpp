#include "object/kernel_descriptor.h"

#include <fmt/format.h>

namespace gfxasm::object {

namespace {

// Kernel descriptor layout (AMDGPUUsage "Kernel Descriptor"): byte offsets.
constexpr size_t kGroupSegmentFixedSize = 0, kPrivateSegmentFixedSize = 4, kKernargSize = 8,
                 kReserved0 = 12, kReserved1 = 24, kRsrc3 = 44, kRsrc1 = 48, kRsrc2 = 52,
                 kKernelCodeProperties = 56, kKernargPreload = 58, kReserved3 = 60;
// EI_ABIVERSION of code object v4; v5 and later add .amdhsa_uses_dynamic_stack (llvm takes
// any other value for its default, v5 or later).
constexpr uint8_t kAbiVersionV4 = 2;

uint32_t bits(uint32_t word, unsigned lo, unsigned hi) {
  return static_cast<uint32_t>((word >> lo) & ((uint64_t(1) << (hi - lo + 1)) - 1));
}

// One field of a descriptor word as llvm prints it: a directive, a comment (fields no directive
// sets), a reserved range that must be zero, or fixed text.
enum class Kind { Directive, Comment, Reserved, Text, DirectiveV5 };
struct Item {
  Kind kind;
  std::string_view name; // the directive; a reserved range: the field llvm's message names
  unsigned lo = 0, hi = 0;
  std::string_view why = {}; // a reserved range: llvm's reason
};

// COMPUTE_PGM_RSRC3 after its first field (gfx11).
constexpr Item kRsrc3Items[] = {
    {Kind::Directive, ".amdhsa_inst_pref_size", 4, 9},
    {Kind::Comment, "TRAP_ON_START", 10, 10},
    {Kind::Comment, "TRAP_ON_END", 11, 11},
    {Kind::Reserved, "COMPUTE_PGM_RSRC3", 12, 12, "must be zero on gfx10+"},
    {Kind::Reserved, "COMPUTE_PGM_RSRC3", 13, 13, "must be zero on gfx10 or gfx11"},
    {Kind::Reserved, "COMPUTE_PGM_RSRC3", 14, 21, "must be zero on gfx10+"},
    {Kind::Reserved, "COMPUTE_PGM_RSRC3", 22, 30, "must be zero on gfx10+"},
    {Kind::Comment, "IMAGE_OP", 31, 31},
};
// COMPUTE_PGM_RSRC1 after .amdhsa_next_free_vgpr. llvm cannot recover the directives that add
// to the SGPR count (always 0 on gfx10+) and prints them as 0.
constexpr Item kRsrc1Items[] = {
    {Kind::Reserved, "COMPUTE_PGM_RSRC1_GRANULATED_WAVEFRONT_SGPR_COUNT", 6, 9,
     "must be zero on gfx10+"},
    {Kind::Text, "\t.amdhsa_reserve_vcc 0\n\t.amdhsa_reserve_xnack_mask 0\n"
                 "\t.amdhsa_next_free_sgpr 8\n"},
    {Kind::Reserved, "COMPUTE_PGM_RSRC1_PRIORITY", 10, 11},
    {Kind::Directive, ".amdhsa_float_round_mode_32", 12, 13},
    {Kind::Directive, ".amdhsa_float_round_mode_16_64", 14, 15},
    {Kind::Directive, ".amdhsa_float_denorm_mode_32", 16, 17},
    {Kind::Directive, ".amdhsa_float_denorm_mode_16_64", 18, 19},
    {Kind::Reserved, "COMPUTE_PGM_RSRC1_PRIV", 20, 20},
    {Kind::Directive, ".amdhsa_dx10_clamp", 21, 21},
    {Kind::Reserved, "COMPUTE_PGM_RSRC1_DEBUG_MODE", 22, 22},
    {Kind::Directive, ".amdhsa_ieee_mode", 23, 23},
    {Kind::Reserved, "COMPUTE_PGM_RSRC1_BULKY", 24, 24},
    {Kind::Reserved, "COMPUTE_PGM_RSRC1_CDBG_USER", 25, 25},
    {Kind::Directive, ".amdhsa_fp16_overflow", 26, 26},
    {Kind::Reserved, "COMPUTE_PGM_RSRC1", 27, 27},
    {Kind::Reserved, "COMPUTE_PGM_RSRC1", 28, 28},
    {Kind::Directive, ".amdhsa_workgroup_processor_mode", 29, 29},
    {Kind::Directive, ".amdhsa_memory_ordered", 30, 30},
    {Kind::Directive, ".amdhsa_forward_progress", 31, 31},
};
constexpr Item kRsrc2Items[] = {
    {Kind::Directive, ".amdhsa_enable_private_segment", 0, 0},
    {Kind::Directive, ".amdhsa_system_sgpr_workgroup_id_x", 7, 7},
    {Kind::Directive, ".amdhsa_system_sgpr_workgroup_id_y", 8, 8},
    {Kind::Directive, ".amdhsa_system_sgpr_workgroup_id_z", 9, 9},
    {Kind::Directive, ".amdhsa_system_sgpr_workgroup_info", 10, 10},
    {Kind::Directive, ".amdhsa_system_vgpr_workitem_id", 11, 12},
    {Kind::Reserved, "COMPUTE_PGM_RSRC2_ENABLE_EXCEPTION_ADDRESS_WATCH", 13, 13},
    {Kind::Reserved, "COMPUTE_PGM_RSRC2_ENABLE_EXCEPTION_MEMORY", 14, 14},
    {Kind::Reserved, "COMPUTE_PGM_RSRC2_GRANULATED_LDS_SIZE", 15, 23},
    {Kind::Directive, ".amdhsa_exception_fp_ieee_invalid_op", 24, 24},
    {Kind::Directive, ".amdhsa_exception_fp_denorm_src", 25, 25},
    {Kind::Directive, ".amdhsa_exception_fp_ieee_div_zero", 26, 26},
    {Kind::Directive, ".amdhsa_exception_fp_ieee_overflow", 27, 27},
    {Kind::Directive, ".amdhsa_exception_fp_ieee_underflow", 28, 28},
    {Kind::Directive, ".amdhsa_exception_fp_ieee_inexact", 29, 29},
    {Kind::Directive, ".amdhsa_exception_int_div_zero", 30, 30},
    {Kind::Reserved, "COMPUTE_PGM_RSRC2", 31, 31},
};
// The kernel code properties (16 bits); their reserved bits are counted from the descriptor's
// first bit and not named.
constexpr Item kPropertiesItems[] = {
    {Kind::Directive, ".amdhsa_user_sgpr_dispatch_ptr", 1, 1},
    {Kind::Directive, ".amdhsa_user_sgpr_queue_ptr", 2, 2},
    {Kind::Directive, ".amdhsa_user_sgpr_kernarg_segment_ptr", 3, 3},
    {Kind::Directive, ".amdhsa_user_sgpr_dispatch_id", 4, 4},
    {Kind::Directive, ".amdhsa_user_sgpr_private_segment_size", 6, 6},
    {Kind::Reserved, "", 7, 9},
    {Kind::Directive, ".amdhsa_wavefront_size32", 10, 10},
    {Kind::DirectiveV5, ".amdhsa_uses_dynamic_stack", 11, 11},
    {Kind::Reserved, "", 12, 15},
};

// Prints a word's items in order; false at the first reserved range that is not zero, with
// llvm's message (bit numbers counted from the word's first bit plus `baseBit`).
bool printItems(uint32_t word, std::span<const Item> items, bool v5, unsigned baseBit,
                std::string &out, std::string &error) {
  for (const Item &it : items) {
    uint32_t v = bits(word, it.lo, it.hi);
    switch (it.kind) {
    case Kind::DirectiveV5:
      if (!v5) break;
      [[fallthrough]];
    case Kind::Directive: out += fmt::format("\t{} {}\n", it.name, v); break;
    case Kind::Comment: out += fmt::format("\t; {} {}\n", it.name, v); break;
    case Kind::Text: out += it.name; break;
    case Kind::Reserved: {
      if (!v) break;
      unsigned lo = it.lo + baseBit, hi = it.hi + baseBit;
      std::string range =
          lo == hi ? fmt::format("bit ({})", lo) : fmt::format("bits in range ({}:{})", hi, lo);
      error = fmt::format("kernel descriptor {}{}reserved {} set{}{}", it.name,
                          it.name.empty() ? "" : " ", range, it.why.empty() ? "" : ", ", it.why);
      return false;
    }
    }
  }
  return true;
}

} // namespace

bool decodeKernelDescriptor(std::string_view name, std::span<const uint8_t, 64> kd,
                            uint8_t abiVersion, std::string &out, std::string &error) {
  auto u32 = [&](size_t at) {
    return kd[at] | kd[at + 1] << 8 | kd[at + 2] << 16 | static_cast<uint32_t>(kd[at + 3]) << 24;
  };
  auto zeroBytes = [&](size_t at, size_t n) {
    for (size_t i = at; i < at + n; ++i)
      if (kd[i]) {
        error = fmt::format("kernel descriptor reserved bits in range ({}:{}) set",
                            (at + n) * 8 - 1, at * 8);
        return false;
      }
    return true;
  };
  std::string text = fmt::format(".amdhsa_kernel {}\n", name);
  text += fmt::format("\t.amdhsa_group_segment_fixed_size {}\n", u32(kGroupSegmentFixedSize));
  text += fmt::format("\t.amdhsa_private_segment_fixed_size {}\n", u32(kPrivateSegmentFixedSize));
  text += fmt::format("\t.amdhsa_kernarg_size {}\n", u32(kKernargSize));
  if (!zeroBytes(kReserved0, 4) || !zeroBytes(kReserved1, 20)) return false;

  // The wave size, which comes later in the descriptor, decides how RSRC3 and RSRC1 print.
  uint32_t properties = kd[kKernelCodeProperties] | kd[kKernelCodeProperties + 1] << 8;
  bool wave32 = bits(properties, 10, 10);
  bool v5 = abiVersion != kAbiVersionV4;

  uint32_t rsrc3 = u32(kRsrc3);
  text += fmt::format("\t{} {}\n", wave32 ? "; SHARED_VGPR_COUNT" : ".amdhsa_shared_vgpr_count",
                      bits(rsrc3, 0, 3));
  if (!printItems(rsrc3, kRsrc3Items, v5, 0, text, error)) return false;
  // The VGPR count is granulated: llvm prints the inverse of what its assembler encodes.
  uint32_t rsrc1 = u32(kRsrc1);
  text += fmt::format("\t.amdhsa_next_free_vgpr {}\n", (bits(rsrc1, 0, 5) + 1) * (wave32 ? 8 : 4));
  if (!printItems(rsrc1, kRsrc1Items, v5, 0, text, error) ||
      !printItems(u32(kRsrc2), kRsrc2Items, v5, 0, text, error) ||
      !printItems(properties, kPropertiesItems, v5, kKernelCodeProperties * 8, text, error))
    return false;

  uint32_t preload = kd[kKernargPreload] | kd[kKernargPreload + 1] << 8;
  if (bits(preload, 0, 6))
    text += fmt::format("\t.amdhsa_user_sgpr_kernarg_preload_length {}\n", bits(preload, 0, 6));
  if (bits(preload, 7, 15))
    text += fmt::format("\t.amdhsa_user_sgpr_kernarg_preload_offset {}\n", bits(preload, 7, 15));
  if (!zeroBytes(kReserved3, 4)) return false;

  out += text;
  out += ".end_amdhsa_kernel\n";
  return true;
}

} // namespace gfxasm::object
