// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Common symbols for commons1.s: larger size and alignment, protected, and the definition that
// wins over commons1.s's common.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.comm c_grow, 24, 5
	.comm c_default, 2, 4
	.comm c_undef_here, 12, 2
	.comm c_weakdef, 4, 2
	.comm c_protected, 4, 2
	.protected c_protected
	.data
	.globl c_defined_later
c_defined_later:
	.long 5
