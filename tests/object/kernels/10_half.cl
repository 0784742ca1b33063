// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// fp16 scalar and packed half2 math (fma, min/max, conversions)
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void half_math(__global const half2 *a, __global const half2 *b, __global half2 *c,
                        __global const half *s, __global float *f, half scale)
{
    uint i = GID_X();
    half2 x = a[i], y = b[i];
    half2 r = x * y + (half2)(scale, scale);
    r = __builtin_elementwise_max(r, x - y);
    r = __builtin_elementwise_fma(r, y, (half2)((half)0.5, (half)-0.25));
    c[i] = r;
    half h = s[i];
    h = h * h + scale;
    h = __builtin_fmaxf16(h, (half)1.0);
    f[i] = (float)h + (float)r.x * (float)r.y;
}
