// Each directive within gfxasm's 256 MiB, together gigabytes: 20 GB of .zero, .fill, .org,
// alignment padding and .lcomm (the fuzzer's kind of input ran out of memory; llvm-mc-22 writes
// them to the object, or runs out of memory). gfxasm refuses more than
// AssembleOptions::maxSectionBytes in all.
	.rept 100
	.zero 200000000
	.fill 50000000, 4, 1
	.org . + 200000000
	.p2align 27
	.byte 1
	.lcomm a\+, 200000000
	.endr
	.rept 100
	.section .s\+,"a"
	.zero 200000000
	.endr
