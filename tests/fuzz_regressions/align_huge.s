// An alignment of 2^31 bytes after one byte: gigabytes of padding (the fuzzer ran out of memory);
// gfxasm refuses more than 256 MiB from one directive in an object.
	.text
	.byte 1
	.p2align 31
	.data
	.byte 2
	.balign 0x80000000, 7
