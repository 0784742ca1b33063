// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// loops with divergent branches and data-dependent trip counts (Collatz, early exit)
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel void collatz(__global const uint *start, __global uint *steps, __global float *acc, uint limit)
{
    uint i = GID_X();
    uint v = start[i];
    uint n = 0;
    float f = 0.0f;
    while (v != 1 && n < limit) {
        if (v & 1) {
            v = 3 * v + 1;
            f += 1.5f;
        } else {
            v >>= 1;
            if (v % 7 == 0)
                f *= 0.5f;
        }
        ++n;
        if (f > 1000.0f)
            break;
    }
    if (i & 1)
        steps[i] = n;
    else
        acc[i] = f;
}
