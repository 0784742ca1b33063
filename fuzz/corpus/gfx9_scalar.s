s_mov_b32 s0, s1
s_mov_b64 flat_scratch, s[2:3]
s_add_u32 s101, xnack_mask_lo, m0
s_waitcnt vmcnt(63) lgkmcnt(3)
s_nop 0
s_endpgm
s_mov_b32 s0, null
s_load_dword s1, s[2:3], 0x10
