.rept 3
  s_nop 0
.endr
.irp reg, s0, s1, s2
  s_mov_b32 \reg, 0
.endr
.irpc n, 0123
  v_mov_b32 v\n, \n
.endr
.rept 2
.rept 2
  s_nop 5
.endr
.endr
.rept 1000000000
.long 1
.endr
.rep 0
.endr
.include "missing.s"
.error "done"
.end
s_nop 9
