// Call frames without .cfi_sections: .eh_frame (its CIE "zR", pc-relative FDE addresses), two
// frames; a line table of DWARF 4 (no .file 0): file and directory lists in the header.
	.file	1 "a.c"
	.file	2 "/usr/include/b.h"
	.file	3 "inc" "c.h"
	.text
h:
	.cfi_startproc
	.loc	1 5 0
	s_nop 0
	.cfi_def_cfa_offset 16
	.loc	2 7 3
	s_nop 0
	.cfi_endproc
k:
	.cfi_startproc
	.loc	3 1 0
	s_endpgm
	.cfi_endproc
