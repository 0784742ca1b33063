// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// register pressure: dynamically indexed 64-element private array and many live values (scratch)
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel void private_array(__global const float *in, __global const int *idx, __global float *out)
{
    uint i = GID_X();
    float priv[64];
    for (int k = 0; k < 64; ++k)
        priv[k] = in[i * 64 + k] * (float)(k + 1);
    float s = 0.0f;
    for (int k = 0; k < 16; ++k)
        s += priv[idx[i * 16 + k] & 63];
    priv[idx[i] & 63] = s;
    out[i] = priv[(idx[i] >> 6) & 63] + s;
}

__kernel void many_live(__global const float4 *in, __global float4 *out, int n)
{
    uint i = GID_X();
    float4 v[48];
    #pragma unroll
    for (int k = 0; k < 48; ++k)
        v[k] = in[i * 48 + k];
    float4 acc = 0.0f;
    for (int it = 0; it < n; ++it) {
        #pragma unroll
        for (int k = 0; k < 48; ++k) {
            acc = acc * v[k] + v[(k + 7) % 48];
            v[k] = v[k].yzwx + acc;
        }
    }
    #pragma unroll
    for (int k = 0; k < 48; ++k)
        out[i * 48 + k] = v[k] + acc;
}
