.altmacro
.set sym, 7
.macro m a, b=dflt
.ascii "a|b|\a&b"
.byte \+
.endm
m %1+2, <3>
m <a!>b> %(sym*2)
m %
.irp x, <a b>, %3, c
.ascii "x\x\+"
.endr
.irpc x, <a!>b>
.ascii "x"
.endr
.noaltmacro
m 1
.byte 1 ! 2
"q\"r": .long "q\"r"
.cfi_startproc
.cfi_personality 2, p
.cfi_label l
.cfi_endproc
