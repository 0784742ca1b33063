// A .file number of 2^63 or so (the fuzzer): llvm-mc-22 keeps an entry for every number up to
// the largest and runs out of memory; gfxasm refuses numbers above 65535.
	.file	1222222222222222222 "a.c"
	.file	2 "/usr/include/b.h"
	.text
	.loc	2 7 3
	s_nop 0
