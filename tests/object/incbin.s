// .incbin: a file's bytes (found in the working directory or an -I directory; object_test passes
// -I with this directory), all of them, from an offset, or a count of them.
  .data
start:
  .incbin "incbin.dat"
  .incbin "incbin.dat", 7
  .incbin "incbin.dat", 7, 6
  .incbin "incbin.dat",,3
  .incbin "incbin.dat", 1, 1
  .incbin "incbin.dat", 100
  .incbin "incbin.dat", 0, 0
  .incbin "inc\142in.dat", 2, 1 + 2
  .byte 1
  .p2align 2
  .text
  s_nop 0
  .incbin "incbin.dat", 0, 4
  s_endpgm
