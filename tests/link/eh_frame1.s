// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// .eh_frame from .cfi directives: one CIE and an FDE per function, in two text sections.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.text
	.globl g1
	.type g1,@function
g1:
	.cfi_startproc
	s_nop 0
	.cfi_def_cfa_offset 16
	s_setpc_b64 s[30:31]
	.cfi_endproc
	.size g1, .-g1
	.section .text.two,"ax",@progbits
	.globl g2
	.type g2,@function
g2:
	.cfi_startproc
	s_setpc_b64 s[30:31]
	.cfi_endproc
	.size g2, .-g2
