// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// saxpy: y = a*x + y over a 1D global range
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel void saxpy(float a, __global const float *restrict x, __global float *restrict y, uint n)
{
    uint i = GID_X();
    if (i < n)
        y[i] = __builtin_fmaf(a, x[i], y[i]);
}
