// Section groups (COMDAT), as HIP and C++ compiler output writes them for inline functions and
// templates: a .group section before its first member, the .rela sections as members, a
// signature that is defined (a weak function) or not (bound to its .group), mergeable members,
// and a group without comdat.
	.text
	s_nop 0
	.section	.text._Z3fooi,"axG",@progbits,_Z3fooi,comdat
	.weak	_Z3fooi
	.type	_Z3fooi,@function
_Z3fooi:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, bar@rel32@lo+4
	s_addc_u32 s1, s1, bar@rel32@hi+12
	s_setpc_b64 s[30:31]
	.section	.rodata._Z3barv,"aG",@progbits,_Z3barv,comdat
	.long 5
	.quad _Z3fooi
	.section	.rodata.str,"aMSG",@progbits,1,_Z3strv,comdat
	.asciz "abc"
	.section	.data.plain,"awG",@progbits,plain_group
	.long 7
	.section	.text._Z3fooi,"axG",@progbits,_Z3fooi,comdat
	s_endpgm
	.text
	s_nop 1
