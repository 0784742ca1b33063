// Symbols and relocations: bindings, visibility, types, sizes, local labels relocated against
// their section, label differences resolved, variables set with .set / = / .equ.
	.text
	.globl	entry
	.type	entry,@function
entry:
	s_add_u32 s0, s0, ext_fn@rel32@lo+4
	s_addc_u32 s1, s1, ext_fn@rel32@hi+12
	s_add_u32 s0, s0, table@abs32@lo
	s_add_u32 s0, s0, table@abs32@hi
	s_add_u32 s0, s0, .Ldata_tmp
	s_add_u32 s0, s0, got_sym@gotpcrel32@lo+4
	s_add_u32 s0, s0, got_sym@gotpcrel32@hi+12
	s_add_u32 s0, s0, here
here:
	s_cbranch_scc1 .Lback
	s_branch here
.Lback:
	s_endpgm
.Lentry_end:
	.size	entry, .Lentry_end-entry

	.data
table:
	.long	5
.Ldata_tmp:
	.long	entry
	.quad	ext_data
	.long	.Lentry_end-entry
	.quad	entry@rel64
	.short	.Lback-here
	.byte	.Lentry_end-.Lback
	.4byte	weak_sym
	.8byte	table+8
.set value_one, 7
.set undefined_based, ext_later+1
value_two = 3
.equ value_three, 0x10
	.local	local_undef
	.weak	weak_sym
	.hidden	hidden_sym
	.globl	hidden_sym
hidden_sym:
	.byte	1
	.protected	prot_sym
	.internal	int_sym
	.comm	common_sym, 8, 4
	.comm	common_small, 2
	.lcomm	lcomm_sym, 16
	.type	table,@object
	.size	table, 4
