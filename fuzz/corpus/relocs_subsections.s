// .reloc, subsections, .symver, .cg_profile, .cfi_label and .loc_label
a:
  .reloc a, R_AMDGPU_ABS32, b
  .reloc 0, BFD_RELOC_64, c+4
  .reloc .+4, R_AMDGPU_REL32_LO, d
  .long 0, 0
  .reloc 2, R_AMDGPU_NONE
.subsection 2
l2: .byte 1
  .p2align 4
  .long l2 - l0
.subsection 1
l1: s_nop 0
.text 0
l0: s_branch l1
.pushsection .data, 3, "aw"
  .quad l1
.popsection
.set alias, l1
.globl alias
  .long alias + 1
.symver a, a@V1
.symver u, u@@@V2
  .long u
.cg_profile a, u, 7
.file 1 "a.c"
.loc 1 3
  s_nop 0
.loc_label line_end
.cfi_startproc
  s_nop 0
.cfi_label frame_point
.cfi_endproc
