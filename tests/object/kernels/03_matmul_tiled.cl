// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// tiled matrix multiply C = A*B with 16x16 local-memory tiles
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

#define TS 16
__kernel void matmul_tiled(__global const float *A, __global const float *B, __global float *C, int M, int N, int K)
{
    __local float As[TS][TS];
    __local float Bs[TS][TS];
    int tx = __builtin_amdgcn_workitem_id_x();
    int ty = __builtin_amdgcn_workitem_id_y();
    int row = __builtin_amdgcn_workgroup_id_y() * TS + ty;
    int col = __builtin_amdgcn_workgroup_id_x() * TS + tx;
    float acc = 0.0f;
    for (int t = 0; t < K; t += TS) {
        As[ty][tx] = (row < M && t + tx < K) ? A[row * K + t + tx] : 0.0f;
        Bs[ty][tx] = (col < N && t + ty < K) ? B[(t + ty) * N + col] : 0.0f;
        BARRIER();
        #pragma unroll
        for (int k = 0; k < TS; ++k)
            acc = __builtin_fmaf(As[ty][k], Bs[k][tx], acc);
        BARRIER();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}
