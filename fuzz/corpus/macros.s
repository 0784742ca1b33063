.macro add3 dst, a, b=1, c:req
  s_add_u32 \dst, \a, \b
  s_add_u32 \dst, \dst, \c
  .long \@
.endm
add3 s0, s1, , 5
add3 c=s3, dst=s4, a=s5
.macro vlist first, rest:vararg
  s_mov_b32 \first, 0
.ifnb \rest
  vlist \rest
.endif
.endm
vlist s0, s1, s2
.macro rec n
.if \n
  s_nop \n
  rec (\n - 1)
.else
.exitm
.endif
.endm
rec 3
.macro s_nop_twice
  s_nop 0\()
  s_nop 1
.endm
s_nop_twice
.purgem s_nop_twice
.macro deep
deep
.endm
deep
