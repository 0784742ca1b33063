// Alignment directives in code and data sections: llvm pads a code section without a fill
// value with s_nop (printed as `.p2align N` whatever the fill size), and prints every other
// alignment with its fill value, 0 when none is written. A value alignment whose fill size does
// not divide the padding writes the whole values that fit (llvm lays out what follows as if the
// whole padding were there, which gfxasm does not copy: no alignment follows one here).
	.text
	s_nop 0
	.p2align 4
	s_nop 1
	.p2alignw 3
	s_nop 2
	.p2alignl 4,,8
	s_nop 3
	.balignw 16, 0x1234
	s_nop 4
	.p2align 3, 0
	.byte 1
	.p2align 2, 0x7, 3
	.data
	.balignw 4, 0x55aa
	.byte 1
	.p2align 2
	.byte 2
	.balign 8,,6
	.byte 3
	.p2alignw 3
	.short 4
	.balignl 16, -2
	.byte 5
	.section .rodata.k,"a",@progbits
	.quad 1
	.p2align 6
	.quad 2
