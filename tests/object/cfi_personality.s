// .cfi_personality, .cfi_lsda (absolute and pc-relative pointers of 4 and 8 bytes, indirect),
// .cfi_return_column, .cfi_signal_frame, .cfi_window_save and .cfi_val_offset, in .eh_frame
// (a CIE per personality encoding, LSDA encoding, signal flag and return column, in llvm's
// order) and .debug_frame (one CIE). One personality symbol: llvm orders the CIEs of different
// ones by the symbols' addresses in its memory.
  .cfi_sections .eh_frame, .debug_frame
  .text
f:
  .cfi_startproc
  s_nop 0
  .cfi_endproc
g:
  .cfi_startproc
  .cfi_personality 0, pers
  .cfi_lsda 0, lsda
  s_nop 0
  .cfi_endproc
h:
  .cfi_startproc
  .cfi_personality 0x1b, pers
  .cfi_lsda 0x1b, lsda
  .cfi_return_column 16
  .cfi_signal_frame
  s_nop 0
  .cfi_window_save
  .cfi_val_offset 16, -8
  .cfi_val_offset s1, 12
  .cfi_endproc
k:
  .cfi_startproc
  .cfi_return_column 17
  .cfi_personality 3, pers
  s_nop 0
  .cfi_endproc
m:
  .cfi_startproc
  .cfi_personality 0x9b, pers
  .cfi_lsda 0x0c, lsda2
  s_nop 0
  .cfi_endproc
n:
  .cfi_startproc
  .cfi_personality 0x10, pers
  .cfi_lsda 0x1c, lsda
  .cfi_personality 0xff
  s_nop 0
  .cfi_endproc
p:
  .cfi_startproc simple
  .cfi_personality 0x0b, pers
  .cfi_lsda 4, lsda
  .cfi_signal_frame
  .cfi_return_column v1
  s_nop 0
  .cfi_endproc
  s_endpgm
