// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// program-scope globals: __constant tables (.rodata), initialized (.data) and zero (.bss) __global variables
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__constant float coeffs[8] = { 0.5f, 0.25f, 0.125f, 1.0f, 2.0f, 4.0f, -1.0f, 3.0f };
__constant uint crc_table[16] = {
    0x00000000u, 0x1db71064u, 0x3b6e20c8u, 0x26d930acu, 0x76dc4190u, 0x6b6b51f4u, 0x4db26158u, 0x5005713cu,
    0xedb88320u, 0xf00f9344u, 0xd6d6a3e8u, 0xcb61b38cu, 0x9b64c2b0u, 0x86d3d2d4u, 0xa00ae278u, 0xbdbdf21cu };
__constant char greeting[] = "gfxasm corpus";
__global int counter = 42;
__global float bias[4] = { 1.0f, -1.0f, 0.5f, 2.0f };
__global uint zeroed[256];
__global ulong total;
__global int *ptr_to_counter = &counter;

__kernel void use_globals(__global const uchar *data, __global uint *out, uint n)
{
    uint i = GID_X();
    uint crc = 0xffffffffu;
    for (uint k = 0; k < n; ++k) {
        uint b = data[i * n + k];
        crc = crc_table[(crc ^ b) & 15] ^ (crc >> 4);
        crc = crc_table[(crc ^ (b >> 4)) & 15] ^ (crc >> 4);
    }
    float f = coeffs[i & 7] * bias[i & 3] + (float)greeting[i % 13];
    zeroed[i & 255] += crc;
    __atomic_fetch_add(&total, (ulong)crc, __ATOMIC_RELAXED);
    __atomic_fetch_add(ptr_to_counter, 1, __ATOMIC_RELAXED);
    out[i] = ~crc + (uint)f + (uint)counter;
}
