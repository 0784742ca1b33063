// Image (MIMG) operand sizes, as llvm-mc checks them; shared with the differential test generator.
#pragma once

#include <string_view>

namespace gfxasm::as {

// Dwords of the address of image opcode `name` (e.g. image_sample_c_d_o) for dim (its encoding,
// 0 = 1D .. 7 = 2D_MSAA_ARRAY), with or without 16-bit addresses.
unsigned imageAddressDwords(std::string_view name, unsigned dim, bool a16);

} // namespace gfxasm::as
