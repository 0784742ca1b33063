	s_load_dwordx2 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v0, 2, v0
	s_load_dwordx4 s[0:3], s[0:1], 0x0
	s_mov_b64 s[6:7], exec
	s_mov_b32 s8, 0
	global_load_dword v1, v0, s[4:5]
	global_store_dword v0, v1, s[2:3]
.LBB54_1:                               ; =>This Inner Loop Header: Depth=1
	s_ff1_i32_b64 s9, s[6:7]
	s_mov_b32 m0, s9
	v_readlane_b32 s10, v1, s9
	v_writelane_b32 v0, s8, m0
	s_add_i32 s8, s8, s10
	s_lshl_b64 s[10:11], 1, s9
	s_andn2_b64 s[6:7], s[6:7], s[10:11]
	s_cbranch_scc1 .LBB54_1
	v_mbcnt_lo_u32_b32 v1, exec_lo, 0
	v_mbcnt_hi_u32_b32 v1, exec_hi, v1
	v_cmp_eq_u32_e32 vcc, 0, v1
	s_and_saveexec_b64 s[6:7], vcc
	s_xor_b64 s[6:7], exec, s[6:7]
	s_cbranch_execz .LBB54_4
	v_mov_b32_e32 v1, 0
	v_mov_b32_e32 v2, s8
	buffer_wbl2 sc1
	global_atomic_add v1, v1, v2, s[0:1] sc0
	buffer_inv sc1
.LBB54_4:
	s_or_b64 exec, exec, s[6:7]
	v_readfirstlane_b32 s0, v1
	s_nop 1
	v_add_u32_e32 v0, s0, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_lshl_add_u64 v[2:3], s[4:5], 0, v[0:1]
	global_load_dword v2, v[2:3], off
	v_lshl_add_u64 v[0:1], s[2:3], 0, v[0:1]
	global_store_dword v[0:1], v2, off
	s_endpgm
	s_load_dwordx2 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v4, 2, v0
	s_load_dwordx4 s[0:3], s[0:1], 0x0
	v_mov_b32_e32 v0, 0
	global_load_dword v1, v4, s[4:5]
	global_store_dword v0, v1, s[2:3] offset:4
	global_load_dword v0, v0, s[0:1] sc1
	buffer_inv sc1
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[2:3], 2, v[0:1]
	v_lshl_add_u64 v[2:3], s[4:5], 0, v[2:3]
	global_load_dword v1, v[2:3], off
	v_add_u32_e32 v0, v1, v0
	global_store_dword v4, v0, s[2:3]
	s_endpgm
	s_load_dwordx2 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v0, 2, v0
	s_load_dwordx4 s[0:3], s[0:1], 0x0
	v_mov_b32_e32 v1, 0
	global_load_dword v2, v0, s[4:5]
	global_store_dword v0, v2, s[2:3]
	buffer_wbl2 sc0 sc1
	global_store_dword v1, v2, s[0:1] sc0 sc1
	global_load_dword v0, v1, s[4:5] offset:12
	global_store_dword v1, v0, s[2:3] offset:8
	s_endpgm
