// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// non-inlined calls between device functions and a recursive function
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__attribute__((noinline)) float poly(float x, float a, float b, float c)
{
    return __builtin_fmaf(__builtin_fmaf(a, x, b), x, c);
}

__attribute__((noinline)) int fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__attribute__((noinline)) uint gcd(uint a, uint b)
{
    return b == 0 ? a : gcd(b, a % b);
}

__attribute__((noinline)) void store_pair(__global float *p, float a, float b)
{
    p[0] = a;
    p[1] = b;
}

__kernel void calls(__global float *out, __global const uint *in)
{
    uint i = GID_X();
    float x = (float)in[i];
    float y = poly(x, 1.5f, -2.0f, 0.25f);
    int f = fib(in[i] & 15);
    uint g = gcd(in[i], in[i + 1]);
    store_pair(out + 2 * i, y, (float)(f + (int)g));
}
