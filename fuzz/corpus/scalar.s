s_load_b128 s[4:7], s[0:1], 0x10
s_waitcnt lgkmcnt(0)
s_add_u32 s0, s4, s5
s_endpgm
