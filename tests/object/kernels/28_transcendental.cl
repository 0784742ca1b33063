// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Transcendental math whose results feed the next VALU ops soon (gfx11's TRANS-use hazard)
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void trans(__global float *out, __global const float *in, uint n)
{
    uint i = GID_X();
    float x = in[i];
    float a = __builtin_amdgcn_exp2f(x) * x + __builtin_amdgcn_logf(x + 2.0f);
    float b = __builtin_amdgcn_sqrtf(a) - __builtin_amdgcn_rsqf(x * x + 1.0f);
    float c = __builtin_amdgcn_sinf(b) + __builtin_amdgcn_cosf(a) * __builtin_amdgcn_rcpf(b + 3.0f);
    for (uint k = 0; k < n; ++k) {
        a = __builtin_amdgcn_exp2f(a * 0.5f) + b;
        b = __builtin_amdgcn_logf(fabs(a) + 1.0f) * c;
    }
    out[i] = a * b + c;
}

__kernel void trans_half(__global half *out, __global const half *in)
{
    uint i = GID_X();
    half x = in[i];
    half y = __builtin_amdgcn_exp2f((float)x) > 1.0f ? (half)__builtin_amdgcn_rcpf((float)x) : x;
    out[i] = y * (half)__builtin_amdgcn_sqrtf((float)y + 1.0f) + x;
}
