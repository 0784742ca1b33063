// A scalar loop for gfx90a (CDNA2): gfx9's SMEM offsets, s_waitcnt with its split vmcnt,
// hwreg and sendmsg as gfx9 spells them.
//   gfxasm -mcpu=gfx90a -mattr=+xnack -show-encoding examples/gfx90a_scalar.s
  s_load_dwordx4 s[4:7], s[0:1], 0x0
  s_load_dword s8, s[0:1], s2 offset:0x10
  s_mov_b32 s10, 0
  s_waitcnt lgkmcnt(0)
loop:
  s_add_u32 s10, s10, s8
  s_cmp_lt_u32 s10, 0x1000
  s_cbranch_scc1 loop
  s_getreg_b32 s11, hwreg(HW_REG_HW_ID, 8, 4)
  s_store_dword s10, s[4:5], 0x20 glc
  s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
  s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)
  s_endpgm
