// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// prefix scan: work-efficient (Blelloch) exclusive scan in local memory
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

#define N 512
__kernel void exclusive_scan(__global const int *in, __global int *out, __global int *block_sums)
{
    __local int temp[N];
    int lid = LID_X();
    int base = __builtin_amdgcn_workgroup_id_x() * N;
    temp[2 * lid] = in[base + 2 * lid];
    temp[2 * lid + 1] = in[base + 2 * lid + 1];
    int offset = 1;
    for (int d = N >> 1; d > 0; d >>= 1) {
        BARRIER();
        if (lid < d) {
            int ai = offset * (2 * lid + 1) - 1;
            int bi = offset * (2 * lid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (lid == 0) {
        block_sums[__builtin_amdgcn_workgroup_id_x()] = temp[N - 1];
        temp[N - 1] = 0;
    }
    for (int d = 1; d < N; d *= 2) {
        offset >>= 1;
        BARRIER();
        if (lid < d) {
            int ai = offset * (2 * lid + 1) - 1;
            int bi = offset * (2 * lid + 2) - 1;
            int t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    BARRIER();
    out[base + 2 * lid] = temp[2 * lid];
    out[base + 2 * lid + 1] = temp[2 * lid + 1];
}
