// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Section switches as llvm keeps and prints them: flags with the name's defaults, types by name,
// numeric flags, unique ids (sections apart of one name), groups, switches back; symbol types
// in every spelling; alignment and data directives of every name.
.text
.globl f1, f2
.type f1, @function
.type f2, %function
.type f3, "function"
.type f4, STT_FUNC
.type f5 STT_OBJECT
.type f7, @tls_object
.type f8, @common
.type f9, @notype
.type f10, @gnu_indirect_function
f1:
  s_nop 0
f2:
  s_endpgm
.size f1, f2-f1
.size f2, .-f2
.weak w1
.hidden h1
.protected p1
.internal i1
.local l1
.section .text.hot,"ax",@progbits
.p2align 2
.section .rodata.cst4,"aM",@progbits,4
.long 1
.section .data.rel.ro,"aw"
.quad f1
.section .note.GNU-stack,"",@progbits
.section .AMDGPU.csdata,"",@progbits
.section .bss.x,"aw",@nobits
.zero 16
.section .tbss,"awT",@nobits
.section .init_array,"aw",@init_array
.section .comdat_sec,"axG",@progbits,grp,comdat
s_nop 1
.section .text.unique,"ax",@progbits,unique,1
s_nop 2
.section .text.unique,"ax",@progbits,unique,2
s_nop 3
.pushsection .data
.byte 1
.popsection
.previous
.text
.ident "clang version 22"
.ident "another"
.addrsig
.addrsig_sym f1
.p2alignl 3, 0xbf800000
.balignw 8, 0x1234
.balignl 16, 0xbf800000
.p2align 4,,8
.align 8
.4byte 1
.2byte 2
.value 4
.8byte 6
.dc.l 7
.dc.w 8
.dc.b 9
.dc.a 10
.string "s"
.zero 3, 7
.section .text.foo,"a",@progbits
.section .rodata.x,"",@progbits
.section .data.y,"x"
.section .bss.z
.section .foo,"wa"
.section .tdata.q,"",@progbits
.section .note.x
.section .init_array.5
.section .text.u,"ax",@progbits,unique,3
.section .text.u,"ax",@progbits,unique,3
.section .text.u,"ax",@progbits
.pushsection .grp,"aG",@progbits,g1
.popsection
.section .grp,"aG",@progbits,g1
.previous
.section .bar,"0x3"
.section .num,"a",@0x70000001
