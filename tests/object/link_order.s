// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Sections linked to a symbol's section (flag o, SHF_LINK_ORDER: sh_link, the switch printed with
// the symbol), as sanitizer metadata is laid out: one per linked-to symbol, in a group or not;
// local aliases of labels and globals (llvm relocates through the section's symbol); temporary
// labels named by .addrsig_sym (their section's symbol).
	.text
	.globl	kern
kern:
	s_endpgm

	.section	.bss.counter,"awG",@nobits,counter,comdat
	.globl	counter
	.p2align	5
counter:
	.zero	32

	.section	.bss.other,"aw",@nobits
other:
	.zero	8

	.section	.rodata.str1.1,"aMS",@progbits,1
.Lname:
	.asciz	"counter"

	.section	meta,"awoG",@progbits,counter,counter,comdat,unique,1
	.p2align	4
.Lmeta_counter:
	.quad	.Lalias_counter
	.quad	.Lname
	.quad	.Lalias_other+4
	.quad	local_alias
	.quad	counter

	.section	meta,"awo",@progbits,other,unique,2
.Lmeta_other:
	.quad	other
	.section	meta,"ao",@progbits,0
	.quad	0

.set .Lalias_counter, counter
.set .Lalias_other, other
.set local_alias, counter+8
	.addrsig
	.addrsig_sym	counter
	.addrsig_sym	.Lmeta_counter
	.addrsig_sym	.Lalias_counter
	.addrsig_sym	.Lname
	.addrsig_sym	kern
