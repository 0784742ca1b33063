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

// The same from what the name says (imageAddressKind, returnsFour), for a caller that keeps
// that per opcode (the disassembler, which sizes each image instruction's registers).
// What an image opcode's address holds, from its name as llvm's tables define it:
// image_sample_c_d_cl_o = sample with z-compare, derivatives, lod clamp and offset.
struct ImageAddressKind {
  unsigned extraArgs = 0; // offset, bias, z-compare: one dword each
  bool coordinates = true;
  bool lodClampOrMip = false; // one more component
  bool gradients = false;
  bool g16 = false; // 16-bit gradients, packed
};
ImageAddressKind imageAddressKind(std::string_view name);
unsigned imageAddressDwords(const ImageAddressKind &k, unsigned dim, bool a16);
// gather4 and msaa_load return four values of the one channel dmask selects.
bool returnsFour(std::string_view name);
unsigned imageDataDwords(bool returnsFour, unsigned dmask, bool d16, bool tfe);

} // namespace gfxasm::as
