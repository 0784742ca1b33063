// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// .eh_frame written as records: FDEs for an undefined function and for no symbol (left out by
// the linker, their relocations too), one for a hidden function, and the input's terminator
// followed by bytes the linker does not read.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.text
	.globl j1
	.hidden j1
j1:
	s_setpc_b64 s[30:31]
	.section .eh_frame,"a",@progbits
.Lcie:
	.long .Lcie_end-.Lcie-4
	.long 0
	.byte 1
	.asciz "zR"
	.byte 4, 0x7c, 16, 1, 0x1b
	.p2align 2
.Lcie_end:
.Lfde1:
	.long .Lfde1_end-.Lfde1-4
	.long .Lfde1+4-.Lcie
	.long undefined_fn-.
	.long 8
	.byte 0
	.p2align 2
.Lfde1_end:
.Lfde2:
	.long .Lfde2_end-.Lfde2-4
	.long .Lfde2+4-.Lcie
	.long j1-.
	.long 4
	.byte 0
	.p2align 2
.Lfde2_end:
.Lfde3:
	.long .Lfde3_end-.Lfde3-4
	.long .Lfde3+4-.Lcie
	.long 0
	.long 4
	.byte 0
	.p2align 2
.Lfde3_end:
	.long 0
	.long 12345
