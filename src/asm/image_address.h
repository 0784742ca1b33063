// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Image (MIMG) operand sizes, as llvm-mc checks them; shared with the differential test generator.
#pragma once

#include <string_view>

namespace gfxasm::as {

// Dwords of the address of image opcode `name` (e.g. image_sample_c_d_o) for dim (its encoding,
// 0 = 1D .. 7 = 2D_MSAA_ARRAY), with or without 16-bit addresses.
unsigned imageAddressDwords(std::string_view name, unsigned dim, bool a16);

// The address list of image_bvh_intersect_ray and image_bvh64_intersect_ray: node pointer (2
// dwords for bvh64), ray extent, origin, direction, inverse direction (with a16 the directions
// share three dwords). Fills the elements' widths and returns how many there are.
unsigned bvhAddressWidths(std::string_view name, bool a16, unsigned (&widths)[5]);

// Dwords of the data of image opcode `name` for dmask (its low 4 bits: a dword per channel, four
// for gather4 and msaa_load), halved (rounded up) by d16, one more with tfe.
unsigned imageDataDwords(std::string_view name, unsigned dmask, bool d16, bool tfe);

} // namespace gfxasm::as
