// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// WMMA on RDNA3 (gfx11): 16x16x16 f16 -> f32, wave32 and wave64 forms
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef half halfx16 __attribute__((ext_vector_type(16)));
typedef float floatx8 __attribute__((ext_vector_type(8)));

__kernel void wmma(__global const halfx16 *a, __global const halfx16 *b, __global floatx8 *c8, __global float4 *c4)
{
    uint i = GID_X();
#if defined(__gfx1100__) || defined(__gfx1101__) || defined(__gfx1102__) || defined(__gfx1103__) || \
    defined(__gfx1150__) || defined(__gfx1151__) || defined(__gfx1152__) || defined(__gfx1153__)
#if !defined(CORPUS_WAVE64)
    floatx8 acc = c8[i];
    for (int k = 0; k < 4; ++k)
        acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a[i * 4 + k], b[i * 4 + k], acc);
    c8[i] = acc;
#else
    float4 acc = c4[i];
    for (int k = 0; k < 4; ++k)
        acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64(a[i * 4 + k], b[i * 4 + k], acc);
    c4[i] = acc;
#endif
#else
    c4[i] = (float4)((float)a[i].s0, (float)b[i].s1, 0.0f, 1.0f);
#endif
}
