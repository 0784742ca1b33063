// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// MFMA matrix-core ops on CDNA (f16 32x32x8, f32 4x4x1, f64 16x16x4; gfx950 16x16x32 f16)
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef float floatx16 __attribute__((ext_vector_type(16)));
typedef half halfx8 __attribute__((ext_vector_type(8)));

__kernel void mfma(__global const half4 *a, __global const half4 *b, __global float16 *c,
                   __global const float *fa, __global float4 *c4, __global const double *da, __global double4 *d4)
{
    uint i = GID_X();
#if defined(__gfx908__) || defined(__gfx90a__) || defined(__gfx942__) || defined(__gfx950__)
    float16 acc = c[i];
    for (int k = 0; k < 4; ++k)
        acc = __builtin_amdgcn_mfma_f32_32x32x8f16(a[i * 4 + k], b[i * 4 + k], acc, 0, 0, 0);
    c[i] = acc;
    float4 acc4 = c4[i];
    acc4 = __builtin_amdgcn_mfma_f32_4x4x1f32(fa[i], fa[i + 1], acc4, 4, 0, 0);
    acc4 = __builtin_amdgcn_mfma_f32_16x16x16f16(a[i], b[i], acc4, 0, 0, 0);
    c4[i] = acc4;
#endif
#if defined(__gfx90a__) || defined(__gfx942__) || defined(__gfx950__)
    d4[i] = __builtin_amdgcn_mfma_f64_16x16x4f64(da[i], da[i + 64], d4[i], 0, 0, 0);
#endif
#if defined(__gfx950__)
    halfx8 a8 = __builtin_shufflevector(a[i], a[i + 1], 0, 1, 2, 3, 4, 5, 6, 7);
    halfx8 b8 = __builtin_shufflevector(b[i], b[i + 1], 0, 1, 2, 3, 4, 5, 6, 7);
    c4[i + 1] = __builtin_amdgcn_mfma_f32_16x16x32_f16(a8, b8, c4[i + 1], 0, 0, 0);
#endif
    if (i == 0)
        c4[0].x += 1.0f;
}
