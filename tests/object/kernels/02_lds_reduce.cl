// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// LDS tree reduction (sum) with workgroup barriers, one partial per group
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

#define WG 256
__kernel void reduce_sum(__global const float *in, __global float *partial, uint n)
{
    __local float tile[WG];
    uint lid = LID_X();
    uint i = GID_X();
    tile[lid] = i < n ? in[i] : 0.0f;
    BARRIER();
    for (uint s = WG / 2; s > 0; s >>= 1) {
        if (lid < s)
            tile[lid] += tile[lid + s];
        BARRIER();
    }
    if (lid == 0)
        partial[__builtin_amdgcn_workgroup_id_x()] = tile[0];
}
