// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// .eh_frame from .cfi directives: the CIE eh_frame1.s has (shared when both are linked) and
// one with a personality routine (a CIE of its own).
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.text
	.globl h1
	.type h1,@function
h1:
	.cfi_startproc
	s_nop 1
	s_setpc_b64 s[30:31]
	.cfi_endproc
	.size h1, .-h1
	.globl h2
	.type h2,@function
h2:
	.cfi_startproc
	.cfi_personality 0x1b, pers
	s_setpc_b64 s[30:31]
	.cfi_endproc
	.size h2, .-h2
pers:
	s_endpgm
