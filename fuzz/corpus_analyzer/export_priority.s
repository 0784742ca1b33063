	s_setprio 1
	exp mrt0 v0, v1, v0, v1
	exp mrt1 v0, v1, v0, v1
	v_add_f32 v0, v0, v1
	s_cbranch_scc0 .L1
	exp mrt2 v0, v1, v0, v1 done
.L1:
	s_setprio 0
	exp mrt0 v0, v1, v0, v1 done
	s_endpgm
