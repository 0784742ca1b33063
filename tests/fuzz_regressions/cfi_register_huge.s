// A register name with an index wider than 64 bits in a .cfi directive (its number was read
// with std::stoul, which throws: a crash); 4294967296 wrapped to s0. llvm-mc-22: "invalid
// register index", "register index is out of range".
	.cfi_startproc
	.cfi_undefined s99999999999999999999
	.cfi_undefined s4294967296
	.cfi_undefined v4294967295
	.cfi_offset a99999999999999999999999999999, 0
	.cfi_register s1, v00000000000000000000000000000000000000000000000001
	.cfi_endproc
