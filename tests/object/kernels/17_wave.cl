// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// wave intrinsics: DPP moves, ds_swizzle, ds_bpermute, readfirstlane and ballots
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LSZ_X() ((uint)__builtin_amdgcn_workgroup_size_x())
#define GID_X() ((uint)__builtin_amdgcn_workgroup_id_x() * LSZ_X() + LID_X())
#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); __builtin_amdgcn_s_barrier(); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel void wave_ops(__global int *data, __global ulong *masks, __global uint *masks32)
{
    uint i = GID_X();
    int v = data[i];
    /* row_shr:1 (0x111) and row_ror:4 (0x124) are valid on GFX9, GFX10 and GFX11 */
    int s = v + __builtin_amdgcn_update_dpp(0, v, 0x111, 0xf, 0xf, false);
    s += __builtin_amdgcn_mov_dpp(s, 0x124, 0xf, 0xf, true);
    /* quad_perm:[1,0,3,2] */
    s += __builtin_amdgcn_mov_dpp(s, 0xb1, 0xf, 0xf, false);
    /* swizzle: swap neighbours in groups of 32 (bitmask mode, xor_mask=1) */
    s += __builtin_amdgcn_ds_swizzle(s, 0x041f);
    s += __builtin_amdgcn_ds_bpermute((int)((LID_X() + 1) & 63) * 4, s);
    int first = __builtin_amdgcn_readfirstlane(s);
    int lane = __builtin_amdgcn_mbcnt_lo(~0u, 0);
    masks[i] = __builtin_amdgcn_ballot_w64(s > first);
#if (defined(__GFX10__) || defined(__GFX11__)) && !defined(CORPUS_WAVE64)
    masks32[i] = __builtin_amdgcn_ballot_w32((s & 1) != 0);
#endif
    data[i] = s + first + lane + __builtin_amdgcn_readlane(v, 3) + (int)__builtin_amdgcn_wavefrontsize();
}
