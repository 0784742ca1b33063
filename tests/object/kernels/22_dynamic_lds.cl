// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// dynamic LDS: __local pointer kernel arguments sized by the host, plus static LDS
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel void dyn_lds(__global const float *in, __global float *out, __local float *scratch, __local int *flags, int n)
{
    __local float fixed_lds[32];
    uint lid = LID_X();
    uint i = GID_X();
    scratch[lid] = i < (uint)n ? in[i] : 0.0f;
    flags[lid] = scratch[lid] > 0.0f;
    if (lid < 32) fixed_lds[lid] = (float)lid;
    BARRIER();
    uint nb = (lid + 1) % LSZ_X();
    float v = scratch[nb] + (flags[nb] ? fixed_lds[lid & 31] : 0.0f);
    if (i < (uint)n)
        out[i] = v;
}
