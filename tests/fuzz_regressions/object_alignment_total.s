// Alignments that cost no padding in a section but gigabytes in an object, whose writer pads the
// file to each section's alignment (llvm-mc-22 writes a 1 GiB file for `.p2align 30` alone).
	.p2align 31
	.rept 100
	.section .a\+,"a"
	.p2align 28
	.endr
