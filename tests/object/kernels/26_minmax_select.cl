// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// select/min/max/clamp via clang builtins and ternaries (no device libs)
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel void minmax(__global const float *a, __global const float *b, __global float *out,
                     __global const int *ia, __global int *iout, __global uint *uout, float lo, float hi)
{
    uint i = GID_X();
    float x = a[i], y = b[i];
    float c = __builtin_fminf(__builtin_fmaxf(x, lo), hi);
    float m = x > y ? x : y;
    float s = __builtin_copysignf(__builtin_fabsf(x), y);
    float r = __builtin_rintf(x) + __builtin_truncf(y) + __builtin_amdgcn_fractf(x);
    out[i] = c + m + s + r + __builtin_amdgcn_rcpf(y) + __builtin_amdgcn_rsqf(__builtin_fabsf(x) + 1.0f);
    int v = ia[i];
    iout[i] = __builtin_elementwise_min(__builtin_elementwise_max(v, -128), 127) + __builtin_abs(v) + (v < 0 ? -v : 3);
    uint u = (uint)v;
    uout[i] = __builtin_elementwise_min(u, 255u) + (uint)__builtin_popcount(u) + (uint)__builtin_clz(u | 1) +
              __builtin_bitreverse32(u) + __builtin_amdgcn_ubfe(u, 4, 8) + (uint)__builtin_amdgcn_sad_u8(u, 7u, 0);
}
