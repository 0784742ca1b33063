// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// matrix transpose through a padded local tile (bank-conflict free)
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

#define TD 32
__kernel void transpose(__global float *out, __global const float *in, int width, int height)
{
    __local float tile[TD][TD + 1];
    int lx = __builtin_amdgcn_workitem_id_x();
    int ly = __builtin_amdgcn_workitem_id_y();
    int bx = __builtin_amdgcn_workgroup_id_x() * TD;
    int by = __builtin_amdgcn_workgroup_id_y() * TD;
    for (int j = ly; j < TD; j += 8) {
        int x = bx + lx, y = by + j;
        if (x < width && y < height)
            tile[j][lx] = in[y * width + x];
    }
    BARRIER();
    for (int j = ly; j < TD; j += 8) {
        int x = by + lx, y = bx + j;
        if (x < height && y < width)
            out[y * height + x] = tile[lx][j];
    }
}
