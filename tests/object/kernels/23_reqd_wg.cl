// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// kernel with reqd_work_group_size(64,1,1) and a wave-sized reduction
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fixed_wg(__global const int *in, __global int *out)
{
    __local int s[64];
    uint lid = LID_X();
    uint i = __builtin_amdgcn_workgroup_id_x() * 64 + lid;
    s[lid] = in[i];
    BARRIER();
    for (uint d = 32; d > 0; d >>= 1) {
        if (lid < d) s[lid] = __builtin_elementwise_max(s[lid], s[lid + d]);
        BARRIER();
    }
    out[i] = s[0] - in[i] + (int)LSZ_X();
}

__kernel __attribute__((reqd_work_group_size(16, 16, 1))) __attribute__((vec_type_hint(float4)))
void fixed_wg_2d(__global float *out)
{
    uint x = __builtin_amdgcn_workitem_id_x(), y = __builtin_amdgcn_workitem_id_y();
    out[(__builtin_amdgcn_workgroup_id_x() * 16 + y) * 16 + x] = (float)(x * y);
}
