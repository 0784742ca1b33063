// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Symbols the linker defines when referenced: __start_NAME/__stop_NAME of sections named like
// C identifiers (protected, so in .dynsym), the .init_array/.fini_array/.preinit_array bounds
// (hidden; without the section, address 0 in section 1), DT_INIT for a defined _init.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.text
	.globl f
	.type f,@function
f:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, __start_mydata@gotpcrel32@lo+4
	s_addc_u32 s1, s1, __start_mydata@gotpcrel32@hi+12
	s_add_u32 s0, s0, __stop_mydata@rel32@lo+4
	s_addc_u32 s1, s1, __stop_mydata@rel32@hi+12
	s_add_u32 s0, s0, __preinit_array_start@rel32@lo+4
	s_addc_u32 s1, s1, __preinit_array_end@rel32@hi+12
	s_endpgm
.Lf_end:
	.size f, .Lf_end-f
	.globl _init
	.type _init,@function
_init:
	s_endpgm
	.section mydata,"aw",@progbits
	.p2align 3
	.quad f
	.quad __start_mydata
	.quad __stop_other
	.quad __init_array_start
	.quad __fini_array_end
	.section other,"a",@progbits
	.long 7
	.section .init_array,"aw",@init_array
	.p2align 3
	.quad f
