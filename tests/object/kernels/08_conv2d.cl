// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// 2D convolution with a 5x5 filter in constant memory and clamped borders
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

#define R 2
__kernel void conv2d(__global const float *img, __global float *out, __constant float *filt, int w, int h)
{
    int x = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() + __builtin_amdgcn_workitem_id_x();
    int y = __builtin_amdgcn_workgroup_id_y() * __builtin_amdgcn_workgroup_size_y() + __builtin_amdgcn_workitem_id_y();
    if (x >= w || y >= h)
        return;
    float acc = 0.0f;
    for (int fy = -R; fy <= R; ++fy) {
        int yy = __builtin_elementwise_min(__builtin_elementwise_max(y + fy, 0), h - 1);
        for (int fx = -R; fx <= R; ++fx) {
            int xx = __builtin_elementwise_min(__builtin_elementwise_max(x + fx, 0), w - 1);
            acc = __builtin_fmaf(img[yy * w + xx], filt[(fy + R) * (2 * R + 1) + fx + R], acc);
        }
    }
    out[y * w + x] = acc;
}
