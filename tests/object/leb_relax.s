// .uleb128/.sleb128 of values known only later: llvm lays them out empty, then grows each to
// its value's size until no size changes (never shrinking); the labels after them move.
  .text
func:
  s_nop 0
  .uleb128 .Lend_text - func
  s_nop 0
.Lend_text:
  s_endpgm

  .data
.La:
  .uleb128 .Lb - .La
  .sleb128 .La - .Lb
  .sleb128 .Lb - .La
  .fill 124
.Lb:
  .byte 1
  .p2align 3
.Lc:
  .uleb128 .Ld - .Lc, .Ld - .Lc
  .fill 300
.Ld:
  .long .Lc, .Ld, .Lg - .La
.Le:
  .uleb128 .Lf - .Le
  .fill 125
.Lf:
  .sleb128 .Lg - .Lf, -(.Lg - .Lf), (.Lg - .Lf) * 1000
  .fill 57
.Lg:
  .byte 2
  .uleb128 .Lg - .Lh + 200
  .byte 3
.Lh:
  .quad .Lh

  .section .debug_abbrev,"",@progbits
  .uleb128 1, 17, 1
  .byte 0
  .section .debug_info,"",@progbits
.Linfo_start:
  .long .Linfo_end - .Linfo_start - 4
  .uleb128 .Lstr_end - .Lstr
.Lstr:
  .fill 130, 1, 0x41
.Lstr_end:
  .sleb128 .Linfo_start - .Linfo_end
  .long .debug_abbrev
.Linfo_end:
  .byte 0

  // A value that shrinks once an earlier one grows: the later one keeps its size, padded.
  .section .rodata,"a",@progbits
.Lq0:
  .uleb128 .Lbig - .Lq0
.Lq:
  .uleb128 128 - (.Lq - .Lq0)
  .sleb128 64 - (.Lq - .Lq0), -65 + (.Lq - .Lq0)
  .fill 200
.Lbig:
  .byte 4
