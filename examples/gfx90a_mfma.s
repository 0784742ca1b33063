// A matrix-core tile for gfx90a (CDNA2): global loads, a 32x32x8 f16 MFMA into AGPRs,
// v_accvgpr reads, packed f32 math on even VGPR pairs, LDS and DPP.
//   gfxasm -mcpu=gfx90a -show-encoding examples/gfx90a_mfma.s
  s_load_dwordx4 s[0:3], s[4:5], 0x0
  v_lshlrev_b32 v1, 3, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx2 v[2:3], v1, s[0:1]
  global_load_dwordx2 v[4:5], v1, s[0:1] offset:512
  v_accvgpr_write_b32 a0, 0
  v_accvgpr_write_b32 a1, 0
  s_waitcnt vmcnt(0)
  v_mfma_f32_32x32x8f16 a[0:15], v[2:3], v[4:5], a[0:15] cbsz:1 abid:0 blgp:2
  s_nop 15
  v_accvgpr_read_b32 v6, a0
  v_accvgpr_read_b32 v7, a1
  v_pk_fma_f32 v[8:9], v[6:7], v[6:7], v[6:7] op_sel_hi:[1,0,1]
  v_add_f32_dpp v10, v8, v9 row_shr:1 bound_ctrl:0
  v_mov_b32_dpp v11, v10 row_newbcast:3 row_mask:0xa
  ds_write_b64 v1, v[8:9] offset:64
  s_waitcnt lgkmcnt(0)
  ds_read2_b32 v[12:13], v1 offset0:16 offset1:17
  s_waitcnt lgkmcnt(0)
  global_store_dwordx2 v1, v[12:13], s[2:3] glc
  s_endpgm
