// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// gfx11 unified buffer formats (MTBUF format field): the names llvm-mc prints as
// format:[BUF_FMT_<name>], indexed by value; values 64..127 have no name (printed as numbers).
#pragma once

#include <string_view>

namespace gfxasm::isa {

inline constexpr std::string_view kBufFormatNames[] = {"INVALID",
                                                       "8_UNORM",
                                                       "8_SNORM",
                                                       "8_USCALED",
                                                       "8_SSCALED",
                                                       "8_UINT",
                                                       "8_SINT",
                                                       "16_UNORM",
                                                       "16_SNORM",
                                                       "16_USCALED",
                                                       "16_SSCALED",
                                                       "16_UINT",
                                                       "16_SINT",
                                                       "16_FLOAT",
                                                       "8_8_UNORM",
                                                       "8_8_SNORM",
                                                       "8_8_USCALED",
                                                       "8_8_SSCALED",
                                                       "8_8_UINT",
                                                       "8_8_SINT",
                                                       "32_UINT",
                                                       "32_SINT",
                                                       "32_FLOAT",
                                                       "16_16_UNORM",
                                                       "16_16_SNORM",
                                                       "16_16_USCALED",
                                                       "16_16_SSCALED",
                                                       "16_16_UINT",
                                                       "16_16_SINT",
                                                       "16_16_FLOAT",
                                                       "10_11_11_FLOAT",
                                                       "11_11_10_FLOAT",
                                                       "10_10_10_2_UNORM",
                                                       "10_10_10_2_SNORM",
                                                       "10_10_10_2_UINT",
                                                       "10_10_10_2_SINT",
                                                       "2_10_10_10_UNORM",
                                                       "2_10_10_10_SNORM",
                                                       "2_10_10_10_USCALED",
                                                       "2_10_10_10_SSCALED",
                                                       "2_10_10_10_UINT",
                                                       "2_10_10_10_SINT",
                                                       "8_8_8_8_UNORM",
                                                       "8_8_8_8_SNORM",
                                                       "8_8_8_8_USCALED",
                                                       "8_8_8_8_SSCALED",
                                                       "8_8_8_8_UINT",
                                                       "8_8_8_8_SINT",
                                                       "32_32_UINT",
                                                       "32_32_SINT",
                                                       "32_32_FLOAT",
                                                       "16_16_16_16_UNORM",
                                                       "16_16_16_16_SNORM",
                                                       "16_16_16_16_USCALED",
                                                       "16_16_16_16_SSCALED",
                                                       "16_16_16_16_UINT",
                                                       "16_16_16_16_SINT",
                                                       "16_16_16_16_FLOAT",
                                                       "32_32_32_UINT",
                                                       "32_32_32_SINT",
                                                       "32_32_32_FLOAT",
                                                       "32_32_32_32_UINT",
                                                       "32_32_32_32_SINT",
                                                       "32_32_32_32_FLOAT"};

// The legacy split spelling format:[BUF_DATA_FORMAT_<d>, BUF_NUM_FORMAT_<n>] names the unified
// format "<d>_<n>" (defaults: data 8, num UNORM; "INVALID" with UNORM is INVALID).
inline constexpr std::string_view kBufDataFormats[] = {
    "INVALID",     "8",        "16",          "8_8",        "32",      "16_16",
    "10_11_11",    "11_11_10", "10_10_10_2",  "2_10_10_10", "8_8_8_8", "32_32",
    "16_16_16_16", "32_32_32", "32_32_32_32", "RESERVED_15"};
inline constexpr std::string_view kBufNumFormats[] = {"UNORM", "SNORM", "USCALED",    "SSCALED",
                                                      "UINT",  "SINT",  "RESERVED_6", "FLOAT"};

constexpr unsigned kBufFormatDefault = 1; // 8_UNORM: left out when printing
// gfx9's split format field: the data format in bits 3:0, the numeric format above (the default,
// data 8 / numeric UNORM, is the same value 1).
constexpr unsigned kBufNumFormatShift = 4;

} // namespace gfxasm::isa
