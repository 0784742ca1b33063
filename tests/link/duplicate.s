// Linked twice with itself: every global definition is a duplicate (ld.lld's error names each
// place after the symbol that covers it, or the section and offset).
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.text
	.globl	twice
	.type	twice,@function
twice:
	s_endpgm
	.size	twice, 4
	.globl	twice_unsized
	.hidden	twice_unsized
twice_unsized:
	s_endpgm
	.data
	.long	0
	.globl	twice_data
twice_data:
	.long	1
	.weak	weak_twice
weak_twice:
	.long	2
