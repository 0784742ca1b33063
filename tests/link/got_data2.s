// Second object for got_data.s: the same mergeable strings (deduplicated across objects), a weak
// definition, a .bss array and a function the first object's GOT names.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.text
	.globl	second
	.p2align	8
	.type	second,@function
second:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, .Lmsg@rel32@lo+4
	s_addc_u32 s1, s1, .Lmsg@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, buffer@rel32@lo+4
	s_addc_u32 s1, s1, buffer@rel32@hi+12
	s_endpgm
	.size	second, .-second

	.weak	weak_def
	.type	weak_def,@object
	.data
weak_def:
	.long	5
	.size	weak_def, 4

	.bss
	.globl	buffer
	.hidden	buffer
	.p2align	4
buffer:
	.zero	256
	.size	buffer, 256

	.section	.rodata.str1.1,"aMS",@progbits,1
.Lmsg:
	.asciz	"unique two"
	.asciz	"duplicate"
