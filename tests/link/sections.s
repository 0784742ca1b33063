// Hand-written: .bss without .data (a NOBITS section opens the last segment), a note section of
// its own with 8-byte alignment, a non-allocated section with an absolute relocation, and
// fixed-size mergeable constants (.rodata.cst8: the duplicate 8 bytes kept once).
.text
.globl f
.type f,@function
f: s_getpc_b64 s[0:1]
 s_add_u32 s0, s0, buf@rel32@lo+4
 s_addc_u32 s1, s1, buf@rel32@hi+12
 s_endpgm
.size f, .-f
.bss
.globl buf
.hidden buf
.p2align 6
buf: .zero 100
.section .note.custom,"a",@note
.p2align 3
.long 4, 4, 1
.asciz "abc"
.long 5
.section .mystuff,"",@progbits
.quad f
.section .rodata.cst8,"aM",@progbits,8
.quad 1
.quad 2
.quad 1
