// Line tables (.file, .loc) and call frames in .debug_frame, as clang -g writes them and beyond:
// DWARF 5 file tables with MD5 sums and directories, every .loc flag, two .loc in a row, data
// and alignment between entries, line and address advances of every size, two code sections,
// a pending .loc dropped by a section switch; CFI instructions with advances of every size.
	.file	0 "/work/build" "/work/src/kernel.cl" md5 0x1eba52862c8077716469dec6aa0145f9
	.file	1 "/usr/include" "stdint.h" md5 0x00112233445566778899aabbccddeeff
	.file	2 "/work/src" "helper.h" md5 0xffeeddccbbaa99887766554433221100
	.file	3 "/usr/include" "other.h" md5 0x0123456789abcdef0123456789abcdef
	.cfi_sections .debug_frame
	.text
	.globl	f
	.p2align	8
	.type	f,@function
f:
.Lfunc_begin0:
	.loc	0 10 0
	.cfi_startproc
	s_mov_b32 s0, 0
	.loc	0 11 14 prologue_end
	.loc	0 12 3
	s_nop 0
	.loc	1 400 2 is_stmt 0
	s_nop 1
	.loc	2 3 7 basic_block discriminator 5
	.cfi_def_cfa 32, 16
	s_nop 2
	.loc	0 12 1 is_stmt 1 isa 3 epilogue_begin
	.long	0x12345678
	.cfi_def_cfa_offset 24
	.loc	3 1 1
	.byte	1, 2, 3, 4
	.p2align 6
	.loc	0 13 9
	.cfi_offset 34, -8
	s_nop 3
	.fill 80, 4, 0xbf800000
	.loc	0 1000000 1
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset 35, 4
	s_nop 4
	.fill 300, 4, 0xbf800000
	.loc	0 14 0
	.cfi_register 38, 2561
	.cfi_undefined s5
	.cfi_same_value v7
	.cfi_restore 37
	.cfi_restore 200
	.cfi_remember_state
	.cfi_restore_state
	.cfi_escape 0x0f, 4, 0x90
	.cfi_llvm_def_aspace_cfa 32, 0, 6
	s_nop 5
	.fill 17000, 4, 0xbf800000
	.loc	0 15 2
	.cfi_def_cfa_register 33
	s_setpc_b64 s[30:31]
.Lfunc_end0:
	.size	f, .Lfunc_end0-f
	.cfi_endproc

	.section	.text.g,"ax",@progbits
g:
	.cfi_startproc simple
	.loc	0 20 0
	s_nop 0
	.loc	0 21 0
	.section	.rodata,"a",@progbits
	.long	7
	.section	.text.g,"ax",@progbits
	s_nop 0
	.loc	2 1 1
	.ascii	"abcd"
.Lg_mid:
	.loc	2 2 2
	.uleb128 .Lg_mid-g
	.sleb128 -300, 70000
	.byte	0, 0
	s_endpgm
.Lg_end:
	.cfi_endproc

	.section	.debug_info,"",@progbits
	.long	.Lline_table_start0
	.long	.debug_abbrev
	.quad	.Lfunc_begin0
	.uleb128 .Lfunc_end0-.Lfunc_begin0
	.section	.debug_abbrev,"",@progbits
	.byte	1
	.section	.debug_line,"",@progbits
.Lline_table_start0:
