	v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]
	v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]
	s_mov_b32 s0, 0
	v_wmma_f32_16x16x16_f16 v[32:39], v[0:7], v[24:31], v[16:23]
	s_cbranch_scc0 .L1
	v_nop
.L1:
	v_wmma_f16_16x16x16_f16 v[40:47], v[32:39], v[0:7], v[40:47]
	s_endpgm
