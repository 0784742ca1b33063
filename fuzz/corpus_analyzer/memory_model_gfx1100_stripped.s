	s_load_b64 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v0, 2, v0
	s_load_b128 s[0:3], s[0:1], 0x0
	s_mov_b32 s7, exec_lo
	s_mov_b32 s6, 0
	global_load_b32 v1, v0, s[4:5]
	global_store_b32 v0, v1, s[2:3]
.LBB54_1:                               ; =>This Inner Loop Header: Depth=1
	s_ctz_i32_b32 s8, s7
	s_delay_alu instid0(SALU_CYCLE_1)
	v_readlane_b32 s9, v1, s8
	v_writelane_b32 v0, s6, s8
	s_lshl_b32 s8, 1, s8
	s_add_i32 s6, s6, s9
	s_and_not1_b32 s7, s7, s8
	s_cbranch_scc1 .LBB54_1
	v_mbcnt_lo_u32_b32 v1, exec_lo, 0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1)
	v_cmp_eq_u32_e32 vcc_lo, 0, v1
	s_and_saveexec_b32 s7, vcc_lo
	s_xor_b32 s7, exec_lo, s7
	s_cbranch_execz .LBB54_4
	v_dual_mov_b32 v1, 0 :: v_dual_mov_b32 v2, s6
	global_atomic_add_u32 v1, v1, v2, s[0:1] glc
	buffer_gl1_inv
	buffer_gl0_inv
.LBB54_4:
	s_or_b32 exec_lo, exec_lo, s7
	v_readfirstlane_b32 s0, v1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add_nc_u32_e32 v0, s0, v0
	v_ashrrev_i32_e32 v1, 31, v0
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_add_co_u32 v2, vcc_lo, s4, v0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_add_co_ci_u32_e64 v3, null, s5, v1, vcc_lo
	v_add_co_u32 v0, vcc_lo, s2, v0
	v_add_co_ci_u32_e64 v1, null, s3, v1, vcc_lo
	global_load_b32 v2, v[2:3], off
	global_store_b32 v[0:1], v2, off
	s_endpgm
	s_load_b64 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v3, 2, v0
	s_load_b128 s[0:3], s[0:1], 0x0
	v_mov_b32_e32 v1, 0
	global_load_b32 v0, v3, s[4:5]
	global_store_b32 v1, v0, s[2:3] offset:4
	global_load_b32 v0, v1, s[0:1] glc
	buffer_gl1_inv
	buffer_gl0_inv
	v_ashrrev_i32_e32 v1, 31, v0
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64 v[1:2], 2, v[0:1]
	v_add_co_u32 v1, vcc_lo, s4, v1
	s_delay_alu instid0(VALU_DEP_1)
	v_add_co_ci_u32_e64 v2, null, s5, v2, vcc_lo
	global_load_b32 v1, v[1:2], off
	v_add_nc_u32_e32 v0, v1, v0
	global_store_b32 v3, v0, s[2:3]
	s_endpgm
	s_load_b64 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v0, 2, v0
	s_load_b128 s[0:3], s[0:1], 0x0
	v_mov_b32_e32 v2, 0
	global_load_b32 v1, v0, s[4:5]
	global_store_b32 v0, v1, s[2:3]
	global_store_b32 v2, v1, s[0:1]
	global_load_b32 v0, v2, s[4:5] offset:12
	global_store_b32 v2, v0, s[2:3] offset:8
	s_endpgm
