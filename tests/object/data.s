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
// Floating-point values (llvm's parseRealValue: decimal and hex floats, integers, inf and nan in
// any case, out-of-range values to infinity or zero), the .dc/.dcb/.ds families.
	.float	1.5, -2.5e-3, 0x1.8p1, 7, .5, 1e400, 1e-50, -0.0, nan, -NaN, inf, -Infinity
	.single	3.25
	.double	1.5, 0x1p-1074, 1e400, nan, 3
	.dc.s	1.0
	.dc.d	2.0
	.dc	5
	.dc.b	9
	.dc.w	8
	.dc.l	7
	.dc.a	10
	.dcb.b	3, 7
	.dcb.w	2, -1
	.dcb	1, 2
	.dcb.l	2, 0xffffffff
	.dcb.s	2, 1.5
	.dcb.d	1, -2.5
	.ds.b	3
	.ds.l	2
	.ds.p	1
	.ds	1
