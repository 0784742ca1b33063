// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Common symbols (.comm: the alignment is a power of two here): hidden, default (through the
// GOT), one that grows in commons2.s, one a later object defines, one replacing a weak
// definition, one an earlier reference leaves undefined; a .bss of its own after them.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.text
	.globl k1
	.type k1,@function
k1:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, c_hidden@rel32@lo+4
	s_addc_u32 s1, s1, c_hidden@rel32@hi+12
	s_add_u32 s0, s0, c_default@gotpcrel32@lo+4
	s_addc_u32 s1, s1, c_default@gotpcrel32@hi+12
	s_endpgm
	.hidden c_hidden
	.comm c_hidden, 8, 3
	.comm c_default, 4, 2
	.comm c_grow, 2, 1
	.comm c_defined_later, 16, 4
	.weak c_weakdef
	.data
	.quad c_weakdef
	.quad c_undef_here
c_weakdef:
	.long 1
	.bss
	.zero 3
