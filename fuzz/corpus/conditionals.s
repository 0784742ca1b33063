x = 3
.set y, x * 2
.if x == 3
  s_mov_b32 s0, x
.elseif y
  s_nop 1
.else
  s_nop 2
.endif
.ifdef x
.ifndef undefined_thing
.ifc a,a
.ifnc a , b
.ifeqs "q", "q"
.ifb
  s_nop 3
.endif
.endif
.endif
.endif
.endif
.endif
.ifeq x - 3
.iflt -1
.ifle 0
.ifgt 1
.ifge 0
.ifne 1
  s_nop 4
.endif
.endif
.endif
.endif
.endif
.endif
.if 0
  s_bogus
.err
.endif
.warning "careful"
.print "printed"
.else
.endif
.if 1
