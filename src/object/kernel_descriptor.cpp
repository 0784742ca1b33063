// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "object/kernel_descriptor.h"

#include <algorithm>

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

// The descriptor's reserved bits and printed fields (kernel_descriptor.def).
struct Reserved {
  size_t offset; // the word's byte offset
  unsigned lo, width;
  std::string_view field, why;
};
constexpr Reserved kReservedBits[] = {
#define KD_RESERVED(offset, lo, width, field, why) {offset, lo, width, field, why},
#include "object/kernel_descriptor.def"
};
enum class Kind { Directive, Comment, Text, DirectiveV5 };
struct Item {
  size_t offset; // the word's byte offset
  Kind kind;
  unsigned lo, width;
  std::string_view names; // separated by spaces
};
constexpr Item kItems[] = {
#define KD_FIELDS(offset, kind, lo, width, names) {offset, Kind::kind, lo, width, names},
#include "object/kernel_descriptor.def"
};

// The fields of the word at `offset`, in llvm's order.
void printFields(size_t offset, uint32_t word, bool v5, std::string &out) {
  for (const Item &it : kItems) {
    if (it.offset != offset) continue;
    if (it.kind == Kind::Text) out += it.names;
    if (it.kind == Kind::Text || (it.kind == Kind::DirectiveV5 && !v5)) continue;
    unsigned lo = it.lo;
    for (size_t at = 0; at < it.names.size(); lo += it.width) {
      size_t end = std::min(it.names.find(' ', at), it.names.size());
      out += fmt::format("\t{}{} {}\n", it.kind == Kind::Comment ? "; " : "",
                         it.names.substr(at, end - at), bits(word, lo, lo + it.width - 1));
      at = end + 1;
    }
  }
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
  auto u16 = [&](size_t at) { return static_cast<uint32_t>(kd[at] | kd[at + 1] << 8); };
  // llvm prints nothing but the error when a reserved bit is set.
  if (!zeroBytes(kReserved0, 4) || !zeroBytes(kReserved1, 20)) return false;
  for (const Reserved &r : kReservedBits) {
    uint32_t word = r.offset == kKernelCodeProperties ? u16(r.offset) : u32(r.offset);
    if (!bits(word, r.lo, r.lo + r.width - 1)) continue;
    unsigned lo = r.lo + (r.offset == kKernelCodeProperties ? r.offset * 8 : 0);
    unsigned hi = lo + r.width - 1;
    std::string range =
        lo == hi ? fmt::format("bit ({})", lo) : fmt::format("bits in range ({}:{})", hi, lo);
    error = fmt::format("kernel descriptor {}{}reserved {} set{}{}", r.field,
                        r.field.empty() ? "" : " ", range, r.why.empty() ? "" : ", ", r.why);
    return false;
  }
  if (!zeroBytes(kReserved3, 4)) return false;

  std::string text = fmt::format(".amdhsa_kernel {}\n", name);
  text += fmt::format("\t.amdhsa_group_segment_fixed_size {}\n", u32(kGroupSegmentFixedSize));
  text += fmt::format("\t.amdhsa_private_segment_fixed_size {}\n", u32(kPrivateSegmentFixedSize));
  text += fmt::format("\t.amdhsa_kernarg_size {}\n", u32(kKernargSize));
  // The wave size, which comes later in the descriptor, decides how RSRC3 and RSRC1 print.
  uint32_t properties = u16(kKernelCodeProperties);
  bool wave32 = bits(properties, 10, 10);
  bool v5 = abiVersion != kAbiVersionV4;
  uint32_t rsrc3 = u32(kRsrc3);
  text += fmt::format("\t{} {}\n", wave32 ? "; SHARED_VGPR_COUNT" : ".amdhsa_shared_vgpr_count",
                      bits(rsrc3, 0, 3));
  printFields(kRsrc3, rsrc3, v5, text);
  // The VGPR count is granulated: llvm prints the inverse of what its assembler encodes.
  uint32_t rsrc1 = u32(kRsrc1);
  text += fmt::format("\t.amdhsa_next_free_vgpr {}\n", (bits(rsrc1, 0, 5) + 1) * (wave32 ? 8 : 4));
  printFields(kRsrc1, rsrc1, v5, text);
  printFields(kRsrc2, u32(kRsrc2), v5, text);
  printFields(kKernelCodeProperties, properties, v5, text);
  uint32_t preload = u16(kKernargPreload);
  if (bits(preload, 0, 6))
    text += fmt::format("\t.amdhsa_user_sgpr_kernarg_preload_length {}\n", bits(preload, 0, 6));
  if (bits(preload, 7, 15))
    text += fmt::format("\t.amdhsa_user_sgpr_kernarg_preload_offset {}\n", bits(preload, 7, 15));
  out += text;
  out += ".end_amdhsa_kernel\n";
  return true;
}

} // namespace gfxasm::object
