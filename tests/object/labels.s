// Labels: GNU numeric local labels (N:, Nb, Nf) in branches and data, a label replacing a
// value set with .set, .equiv.
	.text
1:
	s_nop 0
	s_cbranch_scc0 1b
	s_branch 1f
	s_nop 1
1:	s_endpgm
2:	s_nop 2
	s_cbranch_vccz 2b
	s_cbranch_execz 3f
3:
	.data
	.long	1b
	.long	3b
.set replaced, 1
replaced:
	.long	replaced
.equiv fixed, 0x20
	.long	fixed
