// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// An AMDHSA kernel descriptor (64 bytes) as the `.amdhsa_kernel` block llvm-objdump prints for a
// `NAME.kd` symbol in a code section (llvm's AMDGPUDisassembler::decodeKernelDescriptor), gfx11.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace gfxasm::object {

// Appends the block for kernel `name` to `out`; false with llvm's message in `error` (and nothing
// appended) when a reserved bit is set. `abiVersion` is the ELF header's EI_ABIVERSION.
bool decodeKernelDescriptor(std::string_view name, std::span<const uint8_t, 64> kd,
                            uint8_t abiVersion, std::string &out, std::string &error);

} // namespace gfxasm::object
