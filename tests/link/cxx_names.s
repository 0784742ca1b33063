// C++ names in ld.lld-22's undefined-symbol errors: demangled as llvm demangles them (vector,
// complex and imaginary types, lambdas and unnamed types with their numbers, anonymous
// namespaces, templates, address spaces, clone suffixes), in the referencing function's name too.
.macro reach names:vararg
  .irp name, \names
    s_getpc_b64 s[0:1]
    s_add_u32 s0, s0, \name@rel32@lo+4
    s_addc_u32 s1, s1, \name@rel32@hi+12
    .hidden \name
  .endr
.endm
.macro function name, references:vararg
  .globl \name
  .type \name,@function
\name:
  reach \references
  s_endpgm
  .size \name, . - \name
.endm
	.text
	function _ZZ4userPiyPKcCfENKUliE_clEi, _Z3fooDv4_fS_, _Z3barCf, _Z3bazGf, _ZZ1fvENKUlvE0_clEv
	function _Z1kPU3AS1Dv4_fPU3AS3KiRi, _ZZ1fvENKUlvE1_clEv, _Z1gN12_GLOBAL__N_11SE, _Z3incv.kd, _Z3incv.a.b, _ZN1a1b1SIiLi3EE1fEi, _Z1fN1SUt_E, _Z1fN1SUt0_E, _ZZ1fvENKUlPFviEE_clES0_, _Z1fILi3EEvv
