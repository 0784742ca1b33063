// Relocations ld.lld refuses in a shared object: PC-relative references to preemptible
// (default-visibility) symbols, a 32-bit absolute address, and an undefined hidden symbol.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.text
	.globl	caller
	.hidden	caller
	.type	caller,@function
caller:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, missing_hidden@rel32@lo+4
	s_addc_u32 s1, s1, missing_hidden@rel32@hi+12
	s_add_u32 s0, s0, missing_default@rel32@lo+4
	s_add_u32 s0, s0, preemptible@rel32@lo+4
	s_endpgm
	.size	caller, .-caller
	.hidden	missing_hidden
	.data
	.globl	preemptible
preemptible:
	.long	absolute_ref
	.quad	preemptible
