// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// f64 MFMA (DGEMM) between address arithmetic and loads (gfx90a's DGEMM VALU -> VMEM hazard)
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void dgemm(__global const double *a, __global const double *b, __global double *c,
                    __global const uint *idx, uint n)
{
    uint i = GID_X();
#if defined(__gfx90a__) || defined(__gfx942__) || defined(__gfx950__)
    double acc = c[i];
    for (uint k = 0; k < n; ++k) {
        uint j = idx[i + k];
        acc = __builtin_amdgcn_mfma_f64_4x4x4f64(a[j], b[j + 1], acc, 0, 0, 0);
    }
    c[i] = acc;
#else
    c[i] = a[i] * b[i] + (double)idx[i] + (double)n;
#endif
}
