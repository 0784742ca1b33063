// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// doubles: fp64 dot product with fma, division and sqrt
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dot_norm(__global const double *x, __global const double *y, __global double *out, int n)
{
    uint i = GID_X();
    double acc = 0.0;
    for (int k = 0; k < n; ++k)
        acc = __builtin_fma(x[i * n + k], y[k], acc);
    double nrm = __builtin_sqrt(__builtin_fabs(acc) + 1e-12);
    out[i] = acc / nrm + (double)(int)i * 0.125;
}
