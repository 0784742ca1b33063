// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Memory instructions (DS, FLAT/GLOBAL/SCRATCH, MUBUF, MTBUF, MIMG) as llvm-mc-22 assembles and
// prints them: old mnemonics, swizzle patterns, buffer formats and soffsets, image address lists
// and sizes.
#include <gtest/gtest.h>

#include "test_util.h"

namespace {

using Case = gfxasm::test::ShownCase; // expected lines from llvm-mc-22 -show-encoding

const Case kAccepted[] = {
    {"ds_write2_b32 v1, v2, v3 offset0:5 offset1:7",
     "\tds_store_2addr_b32 v1, v2, v3 offset0:5 offset1:7 ; encoding: "
     "[0x05,0x07,0x38,0xd8,0x01,0x02,0x03,0x00]"},
    {"ds_gws_init v5 offset:3 gds", "\tds_gws_init v5 offset:3 gds             ; encoding: "
                                    "[0x03,0x00,0x66,0xd8,0x05,0x00,0x00,0x00]"},
    {"ds_swizzle_b32 v1, v2 offset:100",
     "\tds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,\"00p11\") ; encoding: "
     "[0x64,0x00,0xd4,0xd8,0x02,0x00,0x00,0x01]"},
    {"ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,8,3)",
     "\tds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,8,3) ; encoding: "
     "[0x78,0x00,0xd4,0xd8,0x02,0x00,0x00,0x01]"},
    {"global_load_dword v1, v[2:3], off offset:-4096 glc slc dlc",
     "\tglobal_load_b32 v1, v[2:3], off offset:-4096 glc slc dlc ; encoding: "
     "[0x00,0xf0,0x52,0xdc,0x02,0x00,0x7c,0x01]"},
    {"global_atomic_add_u32 v0, v2, v1, s[4:5] glc",
     "\tglobal_atomic_add_u32 v0, v2, v1, s[4:5] glc ; encoding: "
     "[0x00,0x40,0xd6,0xdc,0x02,0x01,0x04,0x00]"},
    {"scratch_load_b32 v1, v2, null offset:-16",
     "\tscratch_load_b32 v1, v2, null offset:-16 ; encoding: "
     "[0xf0,0x1f,0x51,0xdc,0x02,0x00,0xfc,0x01]"},
    {"scratch_load_b32 v1, off, off", "\tscratch_load_b32 v1, off, off           ; encoding: "
                                      "[0x00,0x00,0x51,0xdc,0x00,0x00,0x7c,0x01]"},
    {"buffer_load_b32 v1, off, s[4:7], s1 offset:4096",
     "\tbuffer_load_b32 v1, off, s[4:7], s1 offset:4096 ; encoding: "
     "[0x00,0x00,0x50,0xe0,0x00,0x01,0x01,0x01]"},
    {"buffer_load_b32 v[1:2], v[2:3], s[4:7], 0.5 idxen offen tfe",
     "\tbuffer_load_b32 v[1:2], v[2:3], s[4:7], 0.5 idxen offen tfe ; encoding: "
     "[0x00,0x00,0x50,0xe0,0x02,0x01,0xe1,0xf0]"},
    {"tbuffer_load_format_x v1, v2, s[4:7], s1 format:[BUF_DATA_FORMAT_32, BUF_NUM_FORMAT_UINT] "
     "offen",
     "\ttbuffer_load_format_x v1, v2, s[4:7], s1 format:[BUF_FMT_32_UINT] offen ; encoding: "
     "[0x00,0x00,0xa0,0xe8,0x02,0x01,0x41,0x01]"},
    {"tbuffer_load_format_x v1, off, s[4:7], s1 format:77",
     "\ttbuffer_load_format_x v1, off, s[4:7], s1 format:77 ; encoding: "
     "[0x00,0x00,0x68,0xea,0x00,0x01,0x01,0x01]"},
    {"image_load v1, v2, s[4:11] dmask:0x10 dim:1D",
     "\timage_load v1, v2, s[4:11] dmask:0x10 dim:SQ_RSRC_IMG_1D ; encoding: "
     "[0x00,0x00,0x00,0xf0,0x02,0x01,0x01,0x00]"},
    {"image_sample_c_d v1, [v2, v3, v4, v5, v[6:11]], s[4:11], s[4:7] dmask:0x1 dim:SQ_RSRC_IMG_3D",
     "\timage_sample_c_d  v1, [v2, v3, v4, v5, v[6:11]], s[4:11], s[4:7] dmask:0x1 "
     "dim:SQ_RSRC_IMG_3D ; encoding: "
     "[0x09,0x01,0x84,0xf0,0x02,0x01,0x01,0x04,0x03,0x04,0x05,0x06]"},
    {"image_gather4 v[1:2], [v2, v3], s[4:11], s[4:7] dmask:0x4 dim:2D d16",
     "\timage_gather4  v[1:2], [v2, v3], s[4:11], s[4:7] dmask:0x4 dim:SQ_RSRC_IMG_2D d16 ; "
     "encoding: [0x05,0x04,0xbe,0xf0,0x02,0x01,0x01,0x04,0x03,0x00,0x00,0x00]"},
    {"image_bvh64_intersect_ray v[4:7], [v[9:10], v11, v[12:14], v[15:17]], s[4:7] a16",
     "\timage_bvh64_intersect_ray v[4:7], [v[9:10], v11, v[12:14], v[15:17]], s[4:7] a16 ; "
     "encoding: [0x81,0x8f,0x69,0xf0,0x09,0x04,0x01,0x00,0x0b,0x0c,0x0f,0x00]"},
    {"image_msaa_load v[1:4], v[2:4], s[4:11] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA",
     "\timage_msaa_load v[1:4], v[2:4], s[4:11] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA ; encoding: "
     "[0x18,0x02,0x60,0xf0,0x02,0x01,0x01,0x00]"},
    // MTBUF: a numeric format before the soffset; commas before a buffer soffset are optional.
    {"tbuffer_load_format_x v1, off, s[4:7], format:22 s1",
     "\ttbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_FMT_32_FLOAT] ; encoding: "
     "[0x00,0x00,0xb0,0xe8,0x00,0x01,0x01,0x01]"},
    {"tbuffer_load_format_x v1, off, s[4:7] format:0x16, s1 offset:4",
     "\ttbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_FMT_32_FLOAT] offset:4 ; encoding: "
     "[0x04,0x00,0xb0,0xe8,0x00,0x01,0x01,0x01]"},
    {"tbuffer_load_format_x v1, off, s[4:7], format:[1+2], s1",
     "\ttbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_FMT_8_USCALED] ; encoding: "
     "[0x00,0x00,0x18,0xe8,0x00,0x01,0x01,0x01]"},
    {"tbuffer_load_format_x v1, off, s[4:7], format:1, 1",
     "\ttbuffer_load_format_x v1, off, s[4:7], 1 ; encoding: "
     "[0x00,0x00,0x08,0xe8,0x00,0x01,0x01,0x81]"},
    {"buffer_load_b32 v1, off, s[4:7] s1", "\tbuffer_load_b32 v1, off, s[4:7], s1     ; encoding: "
                                           "[0x00,0x00,0x50,0xe0,0x00,0x01,0x01,0x01]"},
    {"buffer_store_b32 v1 off s[4:7] -1 offset:8",
     "\tbuffer_store_b32 v1, off, s[4:7], -1 offset:8 ; encoding: "
     "[0x08,0x00,0x68,0xe0,0x00,0x01,0x01,0xc1]"},
    {"ds_load_b32 v1, v2 offset:[4]", "\tds_load_b32 v1, v2 offset:4             ; encoding: "
                                      "[0x04,0x00,0xd8,0xd8,0x02,0x00,0x00,0x01]"},
    // Sampler opcodes with MSAA dims: the sizes llvm-mc has an instruction for.
    {"image_sample v0, v[20:23], s[4:11], s[12:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY",
     "\timage_sample v0, v[20:23], s[4:11], s[12:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY ; "
     "encoding: [0x1c,0x01,0x6c,0xf0,0x14,0x00,0x01,0x0c]"},
    {"image_sample_b_cl v0, v[20:27], s[4:11], s[12:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY",
     "\timage_sample_b_cl v0, v[20:27], s[4:11], s[12:15] dmask:0x1 "
     "dim:SQ_RSRC_IMG_2D_MSAA_ARRAY ; encoding: [0x1c,0x01,0x08,0xf1,0x14,0x00,0x01,0x0c]"},
    {"image_sample_d_g16 v0, [v1, v2, v3, v4, v[5:6]], s[4:11], s[12:15] dmask:0x1 "
     "dim:SQ_RSRC_IMG_2D_MSAA",
     "\timage_sample_d_g16  v0, [v1, v2, v3, v4, v[5:6]], s[4:11], s[12:15] dmask:0x1 "
     "dim:SQ_RSRC_IMG_2D_MSAA ; encoding: "
     "[0x19,0x01,0xe4,0xf0,0x01,0x00,0x01,0x0c,0x02,0x03,0x04,0x05]"},
};

// Lines llvm-mc-22 rejects, with its message.
const Case kErrors[] = {
    {"tbuffer_load_format_x v1, off, s[4:7], format:[BUF_FMT_32_FLOAT] s1", nullptr,
     "expected absolute expression"},
    {"tbuffer_load_format_x v1, off, s[4:7], format:128 s1", nullptr, "out of range format"},
    {"tbuffer_load_format_x v1, off, s[4:7], format:22 s1, format:22", nullptr, "duplicate format"},
    {"buffer_load_b32 v1, off, s[4:7], format:22 s1", nullptr, "not a valid operand."},
    {"image_gather4_b v[0:3], v[20:24], s[4:11], s[12:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY",
     nullptr, "invalid operand for instruction"},
    {"image_sample_b_cl v0, v[20:25], s[4:11], s[12:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY",
     nullptr, "invalid operand for instruction"},
    {"image_load_mip v0, v[20:24], s[4:11] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY", nullptr,
     "invalid operand for instruction"},
    {"image_sample_d v0, [v1, v2, v3, v4, v[5:10]], s[4:11], s[12:15] dmask:0x1 "
     "dim:SQ_RSRC_IMG_3D",
     nullptr, "invalid operand for instruction"},
};

// Lines llvm-mc-22 rejects (modifier order, required modifiers, operand sizes).
const char *const kRejected[] = {
    "ds_add_u32 v1, v2 gds offset:4",
    "ds_gws_init v5 offset:3",
    "global_atomic_add_u32 v[2:3], v1, off glc",
    "buffer_load_b32 v1, v2, s[4:7], s1 offen idxen",
    "buffer_store_b32 v[1:2], off, s[4:7], s1 tfe",
    "tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32]",
    "image_load v1, v2, s[4:11] dmask:0x1",
    "image_load v1, v[2:3], s[4:11] dmask:0x1 dim:2D_ARRAY",
    "image_msaa_load v[1:4], v[2:4], s[4:11] dmask:0x3 dim:SQ_RSRC_IMG_2D_MSAA",
    "image_load v1, v2, s[4:11] dmask:0x1 dim:1D glc unorm",
    "tbuffer_load_format_x v1, off, s[4:7], format:22",
    "image_sample v0, [v1, v2, v3, v4], s[4:11], s[12:15] dmask:0x1 "
    "dim:SQ_RSRC_IMG_2D_MSAA_ARRAY",
    "image_gather4_b v[0:3], [v1, v2, v3, v4, v5], s[4:11], s[12:15] dmask:0x1 "
    "dim:SQ_RSRC_IMG_2D_MSAA_ARRAY",
};

// gfx9 images: no dim or NSA, the address any width the opcode has (a list of consecutive VGPRs
// too), da; the data size message names the modifiers an instruction has; gfx90a: acc for tfe.
const Case kGfx900Images[] = {
    {"image_load v[2:6], v[2:5], s[4:11] dmask:0xf unorm glc slc tfe lwe da",
     "\timage_load v[2:6], v[2:5], s[4:11] dmask:0xf unorm glc slc tfe lwe da ; encoding: "
     "[0x00,0x7f,0x03,0xf2,0x02,0x02,0x01,0x00]"},
    {"image_load v[2:3], v2, s[4:11] dmask:0xf a16 d16",
     "\timage_load v[2:3], v2, s[4:11] dmask:0xf a16 d16 ; encoding: "
     "[0x00,0x8f,0x00,0xf0,0x02,0x02,0x01,0x80]"},
    {"image_sample_c_d_cl_o v[2:5], v[2:9], s[4:11], s[4:7] dmask:0xf",
     "\timage_sample_c_d_cl_o v[2:5], v[2:9], s[4:11], s[4:7] dmask:0xf ; encoding: "
     "[0x00,0x0f,0xec,0xf0,0x02,0x02,0x21,0x00]"},
    {"image_load v[1:2], [v4, v5], s[4:11] dmask:0x3 noda",
     "\timage_load v[1:2], v[4:5], s[4:11] dmask:0x3 ; encoding: "
     "[0x00,0x03,0x00,0xf0,0x04,0x01,0x01,0x00]"},
    {"image_atomic_cmpswap v[2:3], v2, s[4:11] dmask:0x3 glc",
     "\timage_atomic_cmpswap v[2:3], v2, s[4:11] dmask:0x3 glc ; encoding: "
     "[0x00,0x23,0x44,0xf0,0x02,0x02,0x01,0x00]"},
    {"image_load v[1:2], v2, s[4:11] dmask:0x1", nullptr,
     "image data size does not match dmask, d16 and tfe"},
    {"image_atomic_cmpswap v[2:3], v2, s[4:11] dmask:0x1", nullptr,
     "image data size does not match dmask and tfe"},
    {"image_atomic_add v2, v2, s[4:11] dmask:0x2", nullptr, "invalid atomic image dmask"},
    {"image_gather4 v[2:3], v[2:3], s[4:11], s[4:7] dmask:0x1 d16",
     "\timage_gather4 v[2:3], v[2:3], s[4:11], s[4:7] dmask:0x1 d16 ; encoding: "
     "[0x00,0x01,0x00,0xf1,0x02,0x02,0x21,0x80]"},
};

// gfx900: an address width image_load does not have, no `off` data, no AGPRs.
const char *const kGfx900InvalidImages[] = {
    "image_load v[2:5], v[2:7], s[4:11] dmask:0xf",
    "image_sample off, v2, s[4:11], s[4:7] dmask:0x1",
    "image_load a[2:5], v2, s[4:11] dmask:0xf",
};

const Case kGfx90aImages[] = {
    {"image_load a[2:5], v2, s[4:11] dmask:0xf scc",
     "\timage_load a[2:5], v2, s[4:11] dmask:0xf scc ; encoding: "
     "[0x80,0x0f,0x01,0xf0,0x02,0x02,0x01,0x00]"},
    {"image_load v[2:3], v2, s[4:11] dmask:0xf d16",
     "\timage_load v[2:3], v2, s[4:11] dmask:0xf d16 ; encoding: "
     "[0x00,0x0f,0x00,0xf0,0x02,0x02,0x01,0x80]"},
    {"image_load v[2:5], v2, s[4:11] dmask:0xf d16", nullptr,
     "image data size does not match dmask and d16"},
    {"image_load v[1:4], v2, s[4:11] dmask:0xf", nullptr, "invalid operand for instruction"},
    {"image_load v[2:6], v2, s[4:11] dmask:0xf tfe", nullptr, "invalid operand for instruction"},
};

TEST(Memory, Gfx9ImagesMatchLlvmMc) {
  for (const Case &c : kGfx900Images) gfxasm::test::checkShown(c, "gfx900");
  for (const Case &c : kGfx90aImages) gfxasm::test::checkShown(c, "gfx90a");
  for (const char *line : kGfx900InvalidImages)
    EXPECT_EQ(gfxasm::test::shownLine(line, "gfx900"), "error: invalid operand for instruction")
        << line;
}

TEST(Memory, MatchesLlvmMc) {
  for (const Case &c : kAccepted) gfxasm::test::checkShown(c);
}

TEST(Memory, ReportsLlvmMcsErrors) {
  for (const Case &c : kErrors) gfxasm::test::checkShown(c);
}

TEST(Memory, RejectsWhatLlvmMcRejects) {
  for (const char *line : kRejected)
    EXPECT_EQ(gfxasm::test::shownLine(line).rfind("error: ", 0), 0u) << line;
}

} // namespace
