// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// vector types: float4/int4/uchar4 loads, stores, swizzles and conversions
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel void vec4(__global const float4 *a, __global const float4 *b, __global float4 *out,
                   __global const uchar4 *pix, __global int4 *iout, __global float2 *half_out, float4 k)
{
    uint i = GID_X();
    float4 x = a[i], y = b[i];
    float4 r = x * y + k;
    r = r.wzyx * (float4)(1.0f, 2.0f, 3.0f, 4.0f) + x.xxyy;
    out[i] = r;
    uchar4 p = pix[i];
    int4 ip = (int4)((int)p.x, (int)p.y, (int)p.z, (int)p.w);
    iout[i] = ip * 3 + (int4)(i);
    float8 wide = (float8)(x, y);
    half_out[i] = wide.s07 + wide.odd.lo;
}
