// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// softmax over rows: row max, exp, sum, normalize (one workgroup per row)
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

#define WG 128
__kernel void softmax_rows(__global const float *x, __global float *y, int cols)
{
    __local float red[WG];
    int lid = LID_X();
    int row = __builtin_amdgcn_workgroup_id_x();
    __global const float *xr = x + (long)row * cols;
    __global float *yr = y + (long)row * cols;
    float m = -__builtin_inff();
    for (int c = lid; c < cols; c += WG)
        m = __builtin_fmaxf(m, xr[c]);
    red[lid] = m;
    BARRIER();
    for (int s = WG / 2; s > 0; s >>= 1) {
        if (lid < s) red[lid] = __builtin_fmaxf(red[lid], red[lid + s]);
        BARRIER();
    }
    m = red[0];
    BARRIER();
    float sum = 0.0f;
    for (int c = lid; c < cols; c += WG) {
        float e = __builtin_expf(xr[c] - m);
        yr[c] = e;
        sum += e;
    }
    red[lid] = sum;
    BARRIER();
    for (int s = WG / 2; s > 0; s >>= 1) {
        if (lid < s) red[lid] += red[lid + s];
        BARRIER();
    }
    float inv = 1.0f / red[0];
    for (int c = lid; c < cols; c += WG)
        yr[c] *= inv;
}
