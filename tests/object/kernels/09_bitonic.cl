// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// bitonic sort: one compare-exchange step (global) and a local-memory sort of 256 keys
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel void bitonic_step(__global uint *keys, uint j, uint k)
{
    uint i = GID_X();
    uint ixj = i ^ j;
    if (ixj > i) {
        uint a = keys[i], b = keys[ixj];
        int up = (i & k) == 0;
        if ((a > b) == up) {
            keys[i] = b;
            keys[ixj] = a;
        }
    }
}

__kernel void bitonic_local(__global uint *keys)
{
    __local uint s[256];
    uint lid = LID_X();
    uint base = __builtin_amdgcn_workgroup_id_x() * 256;
    s[lid] = keys[base + lid];
    for (uint k = 2; k <= 256; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            BARRIER();
            uint p = lid ^ j;
            if (p > lid) {
                uint a = s[lid], b = s[p];
                if ((a > b) == ((lid & k) == 0)) { s[lid] = b; s[p] = a; }
            }
        }
    }
    BARRIER();
    keys[base + lid] = s[lid];
}
