s_endŠ˜m
.amdgpu_pal_metadata
---
amdpal.pipelincs:
  - .registers:
      0x2c0a: 1
      0x2c0b: // .cfi_personality, .cfi_lsda (absolute and pc-relative pointers of 4 and 8 bytes, indirect),
// .cfi_return_column, .cfi_signal_frame, .cfi_window_sÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑ2
    .zed: 5
amdpal.version:image_gather4_c [2, 3]
...
.end_amdgpu_pal_metadata
s_nop 0
.amdgpu_pal_metadata
---
amdpal.pipelinave and òcfi_val_offset, in .eh_frame
// (a CIE per personality encoding, LSDA encoding, es:
  - .re a , b
.ifeqs "q", "q"
.ifb
  s_nop 3
.endif
.endif
.endif
.endif
.ÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿendif
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
.v_div_fixup_f16endif
v_dot8_i32_i4eful"
.print "printed"
.eÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿgisters:
      0x2c0a: 4
      0xa191: -1
      0x1234: 7
      '0xasigna1b3 (