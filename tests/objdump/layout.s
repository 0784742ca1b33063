// Layout cases for tests/objdump_test.cpp, assembled by llvm-mc-22 and listed by llvm-objdump-22
// and gfxasm objdump: symbols of each type at one address, branch targets (labels, symbolized
// operands, before the section), data symbols, runs of zeros, bytes that are no instruction, an
// instruction running into the next symbol, sections without symbols, quoted names, a code object
// v2 kernel symbol and kernel descriptors in a code section.
.text
.globl kern
.type kern,@function
kern:
  s_mov_b32 s0, 1
loop:
  s_add_u32 s0, s0, 1
  s_cbranch_scc1 loop
  s_branch .Lfwd
  s_cbranch_execz kern
  s_call_b64 s[30:31], loop
  s_call_b64 s[30:31], kern
  s_subvector_loop_begin s4, loop
  s_subvector_loop_end s5, .Lfwd
.Lfwd:
  s_branch after_data
  .long 0xffffffff
  .long 0, 0, 0
  s_nop 0
  .long 0, 0
  .byte 0
after_data:
  s_endpgm
.type tbl,@object
tbl:
  .long 0x41424344, 0x00010203, 0x61
  .byte 1, 2, 3
.size tbl, 15
zlabel:
blabel:
.type blabel,@function
  s_endpgm
  v_mov_b32 v0, 0x12345678
  .byte 0xbf, 0x80
.type obj2,@object
obj2:
.type code2,@function
code2:
  s_nop 3
.type both_data,@object
.type both_data2,@object
both_data:
both_data2:
  .byte 0x7e, 0x20, 0x41, 0x0a, 0x00, 0xff, 0x80, 0x21, 0x22
"weird name":
  s_nop 0
"a\"q":
  s_branch "weird name"
  s_branch "a\"q"
  s_branch "x@y"
"x@y":
  s_branch "9lives"
  s_branch 65535
"9lives":
  s_cbranch_vccz "a\\b"
"a\\b":
  s_endpgm
.type tlsym,@tls_object
tlsym:
  s_nop 4
.type v2kern,@gnu_indirect_function
v2kern:
  s_endpgm

.section .text.nosym,"ax",@progbits
  s_nop 1
  s_branch 0
  s_branch 3
  s_branch 65533

.section .text.before,"ax",@progbits
f3:
  s_nop 2
  s_branch -3
  .byte 1, 2, 3

.section .text.kd,"ax",@progbits
.p2align 6
.type good.kd,@object
good.kd:
  .long 0x100, 0x20, 0x30, 0, 0, 0, 0, 0, 0, 0, 0, 0x1f0, 0x60af0001, 0x1389, 0x0040040b, 0
.type unaligned.kd,@object
unaligned.kd:
  .long 1, 2, 3
.p2align 6
.type bad.kd,@object
bad.kd:
  .long 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x1000, 0, 0, 0x400, 0
.type after_kd,@function
after_kd:
  s_endpgm

.section .data.notcode,"aw",@progbits
  .long 0xbf800000
