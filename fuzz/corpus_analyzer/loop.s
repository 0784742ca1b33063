	s_mov_b32 s0, 4
.Lloop:
	v_add_f32_e32 v0, v1, v0
	global_load_b32 v1, v[2:3], off
	v_exp_f32_e32 v4, v0
	v_mul_f32_e32 v5, v4, v4
	s_sub_u32 s0, s0, 1
	s_cbranch_scc1 .Lloop
	s_endpgm
