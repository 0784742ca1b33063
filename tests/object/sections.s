// Sections and data: well-known names, flags and types, entity sizes, push/pop, alignment with
// fill values in code and data, .zero/.space/.fill, strings, .ident and .addrsig.
	.rodata
	.zero	3
	.zero	2, 7
	.space	4
	.space	2, 0x41
	.skip	1
	.fill	3, 4, 0xbf9f0000
	.fill	2
	.fill	2, 2
	.ascii	"ab\n", "c"
	.asciz	"xy"
	.string	"s\t\"q\101\x42"
	.byte	97, -1, 255
	.short	0x1234
	.value	6
	.int	7
	.pushsection .data
	.long	1
	.popsection
	.long	2
	.text
	s_nop 0
	.previous
	.long	3
	.byte	0
	.long	1
	.p2alignl 4, 0xbf800000
	.short	1
	.p2alignw 3, 0x1234
	.balignl 16, 7
	.byte	1
	.balign	8, 1
	.bss
	.zero	12
	.section	.AMDGPU.csdata,"",@progbits
	.section	".note.GNU-stack","",@progbits
	.section	.foo,"aMS",@progbits,1
	.asciz	"merged"
	.section	.bar,"aw",@nobits
	.zero	32
	.section	.text.other,"ax",@progbits
	.p2align	8
other:
	s_nop 1
	s_endpgm
	.p2alignl 7, 3214868480
	.fill 96, 4, 3214868480
	.text
	.p2align	6
	s_endpgm
	.ident	"first ident"
	.ident	"second"
	.addrsig
	.addrsig_sym other
