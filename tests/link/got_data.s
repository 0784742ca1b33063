// Hand-written: GOT entries (preemptible, protected, hidden, undefined, weak undefined), 64-bit
// absolute pointers in writable data (dynamic relocations), .data.rel.ro, local and .L labels,
// a file symbol, sections named .text.NAME and .rodata.NAME, mergeable strings.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.file	"got_data.s"
	.section	.text.first,"ax",@progbits
	.globl	func
	.p2align	8
	.type	func,@function
func:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, extern_var@gotpcrel32@lo+4
	s_addc_u32 s1, s1, extern_var@gotpcrel32@hi+12
	s_getpc_b64 s[2:3]
	s_add_u32 s2, s2, shared_var@gotpcrel32@lo+4
	s_addc_u32 s3, s3, shared_var@gotpcrel32@hi+12
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, hidden_var@gotpcrel32@lo+4
	s_addc_u32 s5, s5, hidden_var@gotpcrel32@hi+12
	s_getpc_b64 s[6:7]
	s_add_u32 s6, s6, maybe@gotpcrel32@lo+4
	s_addc_u32 s7, s7, maybe@gotpcrel32@hi+12
	s_getpc_b64 s[8:9]
	s_add_u32 s8, s8, prot_var@rel32@lo+4
	s_addc_u32 s9, s9, prot_var@rel32@hi+12
	s_getpc_b64 s[10:11]
	s_add_u32 s10, s10, .Lstr@rel32@lo+4
	s_addc_u32 s11, s11, .Lstr@rel32@hi+12
.Lloop:
	s_cbranch_scc0 .Lloop
	s_endpgm
.Lfunc_end:
	.size	func, .Lfunc_end-func

	.section	.text.second,"ax",@progbits
	.p2align	2
	.type	local_func,@function
local_func:
	s_setpc_b64 s[30:31]
	.size	local_func, 4

	.weak	maybe
	.data
	.globl	shared_var
	.p2align	3
shared_var:
	.quad	shared_var
	.quad	hidden_var
	.quad	func
	.quad	extern_var+16
	.quad	absolute_sym
	.quad	maybe
	.globl	hidden_var
	.hidden	hidden_var
hidden_var:
	.long	7
	.globl	prot_var
	.protected prot_var
prot_var:
	.long	8

	.section	.data.rel.ro,"aw",@progbits
	.p2align	3
	.quad	prot_var
	.quad	local_func

	.section	.rodata.tables,"a",@progbits
	.byte	1, 2, 3

	.section	.rodata.str1.1,"aMS",@progbits,1
.Lstr:
	.asciz	"duplicate"
	.asciz	"unique one"
	.asciz	"duplicate"

	.set	absolute_sym, 0x1234
	.globl	absolute_sym
