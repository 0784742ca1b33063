// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// 64-bit pointer arithmetic: large strides, pointer differences and linked-list chasing
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

typedef struct node { long next_off; float value; int pad; } node_t;

__kernel void ptr64(__global float *base, ulong stride, __global const node_t *nodes, __global long *diff,
                    __global float *out, long offset)
{
    ulong i = GID_X();
    __global float *p = base + i * stride + offset;
    __global float *q = (__global float *)((__global char *)p + (stride << 20));
    diff[i] = q - p;
    float sum = 0.0f;
    __global const node_t *n = nodes + i;
    for (int k = 0; k < 8 && n->next_off != 0; ++k) {
        sum += n->value;
        n = (__global const node_t *)((__global const char *)n + n->next_off);
    }
    ulong addr = (ulong)p;
    out[i] = sum + *p + (float)(addr & 0xfff) + (float)(uintptr_t)(q - base);
}
