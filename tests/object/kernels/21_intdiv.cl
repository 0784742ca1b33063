// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// integer division and modulo, 32- and 64-bit, signed and unsigned
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel void intdiv(__global const int *a, __global const int *b, __global const ulong *la, __global const long *lb,
                     __global int *q, __global uint *uq, __global ulong *lq, __global long *lr)
{
    uint i = GID_X();
    int x = a[i], y = b[i] | 1;
    q[2 * i] = x / y;
    q[2 * i + 1] = x % y;
    uq[i] = (uint)x / (uint)y + (uint)x % 10u + (uint)x / 7u;
    lq[i] = la[i] / (ulong)(lb[i] | 1) + la[i] % 1000000007ul;
    lr[i] = lb[i] % (long)(y) + lb[i] / -3;
}
