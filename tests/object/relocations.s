// Relocations with addends of every width, against defined and undefined symbols, from code
// and data. An HSA object keeps the addends in .rela sections; other OSes' objects (PAL, Mesa,
// none) have .rel sections and the addends in the relocated bytes.
	.text
	.globl	entry
entry:
	s_mov_b32 s0, extern_sym@abs32@lo+12
	s_mov_b32 s1, extern_sym@abs32@hi+12
	s_add_u32 s2, s2, local_data@rel32@lo+4
	s_addc_u32 s3, s3, local_data@rel32@hi+12
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, extern_sym@gotpcrel32@lo+4
	s_addc_u32 s5, s5, extern_sym@gotpcrel32@hi+12
	s_endpgm
	.data
local_data:
	.long	extern_sym+0x11223344
	.long	local_data+8
	.quad	extern_sym-0x10
	.quad	entry+0x123456789
	.long	extern_sym
// Branches the linker resolves: to a label of another section (through its section symbol, the
// addend in the relocation or, without .rela, in the branch's offset field) and to a global
// label, also of the branch's own section (it may be preempted).
	.text
	s_branch cold_path
	s_cbranch_scc1 .Lcold_later
	s_branch entry
	s_branch global_cold
	.section .text.unlikely,"ax",@progbits
cold_path:
	s_nop 0
.Lcold_later:
	s_nop 1
	.globl	global_cold
global_cold:
	s_endpgm
// The scratch buffer's names: R_AMDGPU_ABS32_LO whatever the fixup, as llvm's ELF writer does.
	.text
	s_mov_b32 s36, SCRATCH_RSRC_DWORD0
	s_mov_b32 s37, SCRATCH_RSRC_DWORD1
	.data
	.long	SCRATCH_RSRC_DWORD1
