// LDS symbols (.amdgpu_lds) referenced from code and data, .org, and data values of every size
// holding symbols and label differences.
	.amdgpu_lds lds_table, 256, 16
	.amdgpu_lds lds_unused, 4
	.amdgpu_lds lds_default, 8
	.globl	lds_default
	.text
start:
	s_mov_b32 s0, lds_table@abs32@lo
	v_mov_b32 v0, lds_default@abs32@lo
	s_endpgm
end:
	.data
	.long	lds_table
	.quad	lds_default
	.byte	end-start
	.short	end-start
	.org	32
	.long	7
	.org	40, 0xaa
	.quad	start
// .org at a label plus an offset (placed at layout: a temporary label for `.`), a zero byte
// alignment (one), and .fill's sizes: over 8 (truncated, a warning), negative (nothing), a
// pattern wider than 32 bits (truncated), three-byte values.
	.byte	7
	.balign	0
	.byte	8
	.org	.+4
	.byte	9
org_base:
	.org	org_base+8, 0xaa
	.byte	1
	.fill	1, 9, 2
	.fill	1, -1, 3
	.fill	1, 8, 0x123456789
	.fill	2, 3, 0x11223344
	.ascii	"\x41\101\t\"\\"
