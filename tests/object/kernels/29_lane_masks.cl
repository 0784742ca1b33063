// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Lane masks: 64-bit carries, selects and divergent conditions that read and rewrite VCC and
// SGPR masks (gfx11 wave64's mask-write hazard), and a permlane after a compare (gfx11)
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())

__kernel void masks(__global ulong *out, __global const ulong *in, __global const float *f, uint n)
{
    uint i = GID_X();
    ulong acc = in[i];
    float x = f[i];
    for (uint k = 0; k < n; ++k) {
        ulong v = in[i + k];
        acc = (v > acc) ? acc + v : acc - (v >> 3);
        x = (x > 0.5f) ? x * 0.25f : x + (float)(acc & 15);
        if ((acc & 7) == 3)
            acc += (ulong)x;
    }
    out[i] = acc + (ulong)(x > 2.0f ? 1 : 0);
}

__kernel void lanes(__global int *out, __global const int *in)
{
    uint i = GID_X();
    int v = in[i];
#if defined(__gfx1100__) || defined(__gfx1101__) || defined(__gfx1102__) || defined(__gfx1103__) || \
    defined(__gfx1150__) || defined(__gfx1151__) || defined(__gfx1152__) || defined(__gfx1153__)
    if (v > 16)
        v = __builtin_amdgcn_permlane16(v, v, 0x76543210u, 0xfedcba98u, false, false);
    if (v < 0)
        v = __builtin_amdgcn_permlanex16(v, v, 0x01234567u, 0x89abcdefu, false, false);
#endif
    out[i] = v;
}
