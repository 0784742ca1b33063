// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// function and kernel with many arguments (stack-passed call arguments)
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

typedef struct { float a, b, c, d; int e; } params_t;

__attribute__((noinline)) float combine(float a0, float a1, float a2, float a3, float a4, float a5, float a6, float a7,
        float a8, float a9, float a10, float a11, float a12, float a13, float a14, float a15,
        float a16, float a17, float a18, float a19, float a20, float a21, float a22, float a23,
        float a24, float a25, float a26, float a27, float a28, float a29, float a30, float a31,
        float a32, float a33, float a34, float a35, double d0, long l0, int4 v0, params_t p)
{
    float s = a0 + a1 * a2 - a3 + a4 * a5 - a6 + a7 + a8 * a9 - a10 + a11 + a12 * a13 - a14 + a15;
    s += a16 + a17 * a18 - a19 + a20 * a21 - a22 + a23 + a24 * a25 - a26 + a27 + a28 * a29 - a30 + a31;
    s += a32 * a33 + a34 - a35;
    return s + (float)d0 + (float)l0 + (float)(v0.x + v0.y + v0.z + v0.w) + p.a * p.b + p.c - p.d + (float)p.e;
}

__kernel void many_args(__global float *out, __global const float *in, float k0, float k1, float k2, float k3,
                        int i0, int i1, long l0, double d0, params_t p, int4 v)
{
    uint i = GID_X();
    __global const float *x = in + i * 36;
    out[i] = combine(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9], x[10], x[11],
                     x[12], x[13], x[14], x[15], x[16], x[17], x[18], x[19], x[20], x[21], x[22], x[23],
                     x[24], x[25], x[26], x[27], x[28], x[29], x[30], x[31], k0, k1, k2, k3,
                     d0, l0 + i0 * i1, v, p);
}
