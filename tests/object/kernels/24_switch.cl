// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// switch statements: dense (jump table / lookup table) and sparse cases
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__attribute__((noinline)) float apply_op(int op, float a, float b)
{
    switch (op) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return a / b;
    case 4: return __builtin_fminf(a, b);
    case 5: return __builtin_fmaxf(a, b);
    case 6: return __builtin_sqrtf(a);
    case 7: return __builtin_fabsf(a - b);
    case 8: return __builtin_floorf(a);
    case 9: return __builtin_ceilf(b);
    default: return 0.0f;
    }
}

__kernel void interp(__global const int *ops, __global const float *a, __global const float *b, __global float *out,
                     __global int *codes)
{
    uint i = GID_X();
    out[i] = apply_op(ops[i], a[i], b[i]);
    int c;
    switch (ops[i] & 15) {
    case 0: c = 17; break;
    case 1: c = 3; break;
    case 2: c = 99; break;
    case 3: c = -4; break;
    case 4: c = 12; break;
    case 5: c = 1000; break;
    case 6: c = 7; break;
    case 7: c = 64; break;
    default: c = -1;
    }
    switch (ops[i] >> 8) {
    case 1: c += 1; break;
    case 100: c *= 2; break;
    case 10000: c -= 5; break;
    case 1000000: c ^= 0x55; break;
    }
    codes[i] = c;
}
