.set n, (1 << 4) + 3
s_mov_b32 s0, n * 2
s_mov_b64 s[2:3], -1.5
s_movk_i32 s1, 0x1234 // comment
/* block
 comment */ s_nop 0
