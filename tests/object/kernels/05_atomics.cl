// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// atomics: global and local, int and float, histogram and counters
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel void histogram(__global const uint *data, uint n, __global uint *hist, __global float *fsum,
                        __global int *minv, __global ulong *count64)
{
    __local uint lhist[64];
    __local float lsum;
    uint lid = LID_X();
    if (lid < 64) lhist[lid] = 0;
    if (lid == 0) lsum = 0.0f;
    BARRIER();
    uint i = GID_X();
    if (i < n) {
        uint v = data[i];
        __atomic_fetch_add(&lhist[v & 63], 1u, __ATOMIC_RELAXED);
        __atomic_fetch_add(&lsum, (float)v * 0.5f, __ATOMIC_RELAXED);
        __scoped_atomic_fetch_min(minv, (int)v - 1000, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
        __atomic_fetch_add(count64, 1ul, __ATOMIC_SEQ_CST);
    }
    BARRIER();
    if (lid < 64)
        __scoped_atomic_fetch_add(&hist[lid], lhist[lid], __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
    if (lid == 0) {
        __scoped_atomic_fetch_add(fsum, lsum, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
        uint expected = 0;
        __atomic_compare_exchange_n(&hist[64], &expected, 1u, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
        __atomic_exchange_n(&hist[65], lhist[0], __ATOMIC_RELEASE);
    }
}
