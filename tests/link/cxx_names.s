// C++ names in ld.lld-22's undefined-symbol errors: demangled as llvm demangles them (vector,
// complex and imaginary types, lambdas and unnamed types with their numbers, anonymous
// namespaces, templates, address spaces, clone suffixes), in the referencing function's name too.
	.text
	.globl	_ZZ4userPiyPKcCfENKUliE_clEi
	.p2align	8
	.type	_ZZ4userPiyPKcCfENKUliE_clEi,@function
_ZZ4userPiyPKcCfENKUliE_clEi:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z3fooDv4_fS_@rel32@lo+4
	s_addc_u32 s1, s1, _Z3fooDv4_fS_@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z3barCf@rel32@lo+4
	s_addc_u32 s1, s1, _Z3barCf@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z3bazGf@rel32@lo+4
	s_addc_u32 s1, s1, _Z3bazGf@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _ZZ1fvENKUlvE0_clEv@rel32@lo+4
	s_addc_u32 s1, s1, _ZZ1fvENKUlvE0_clEv@rel32@hi+12
	s_endpgm
.Lend0:
	.size	_ZZ4userPiyPKcCfENKUliE_clEi, .Lend0-_ZZ4userPiyPKcCfENKUliE_clEi
	.globl	_Z1kPU3AS1Dv4_fPU3AS3KiRi
	.type	_Z1kPU3AS1Dv4_fPU3AS3KiRi,@function
_Z1kPU3AS1Dv4_fPU3AS3KiRi:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _ZZ1fvENKUlvE1_clEv@rel32@lo+4
	s_addc_u32 s1, s1, _ZZ1fvENKUlvE1_clEv@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z1gN12_GLOBAL__N_11SE@rel32@lo+4
	s_addc_u32 s1, s1, _Z1gN12_GLOBAL__N_11SE@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z3incv.kd@rel32@lo+4
	s_addc_u32 s1, s1, _Z3incv.kd@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z3incv.a.b@rel32@lo+4
	s_addc_u32 s1, s1, _Z3incv.a.b@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _ZN1a1b1SIiLi3EE1fEi@rel32@lo+4
	s_addc_u32 s1, s1, _ZN1a1b1SIiLi3EE1fEi@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z1fN1SUt_E@rel32@lo+4
	s_addc_u32 s1, s1, _Z1fN1SUt_E@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z1fN1SUt0_E@rel32@lo+4
	s_addc_u32 s1, s1, _Z1fN1SUt0_E@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _ZZ1fvENKUlPFviEE_clES0_@rel32@lo+4
	s_addc_u32 s1, s1, _ZZ1fvENKUlPFviEE_clES0_@rel32@hi+12
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z1fILi3EEvv@rel32@lo+4
	s_addc_u32 s1, s1, _Z1fILi3EEvv@rel32@hi+12
	s_endpgm
.Lend1:
	.size	_Z1kPU3AS1Dv4_fPU3AS3KiRi, .Lend1-_Z1kPU3AS1Dv4_fPU3AS3KiRi
	.hidden	_Z3fooDv4_fS_
	.hidden	_Z3barCf
	.hidden	_Z3bazGf
	.hidden	_ZZ1fvENKUlvE0_clEv
	.hidden	_ZZ1fvENKUlvE1_clEv
	.hidden	_Z1gN12_GLOBAL__N_11SE
	.hidden	_Z3incv.kd
	.hidden	_Z3incv.a.b
	.hidden	_ZN1a1b1SIiLi3EE1fEi
	.hidden	_Z1fN1SUt_E
	.hidden	_Z1fN1SUt0_E
	.hidden	_ZZ1fvENKUlPFviEE_clES0_
	.hidden	_Z1fILi3EEvv
