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
