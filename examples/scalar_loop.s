// A gfx11 kernel body that sums the dwords of a buffer with the scalar unit.
// Kernel arguments (s[0:1]): +0 buffer address (64-bit), +8 dword count. The sum is left in s10
// and twice the sum in s11 (gfx11 has no scalar stores; a vector store would write them out).
// Assemble: gfxasm -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -show-encoding examples/scalar_loop.s

  s_load_b128 s[4:7], s[0:1], 0x0          // s[4:5] = buffer, s6 = count
  s_mov_b32 s10, 0                         // sum
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s6, 0
  s_cbranch_scc1 .Lstore

.Lloop:
  s_load_b32 s11, s[4:5], 0x0
  s_add_u32 s4, s4, 4                      // advance the 64-bit address
  s_addc_u32 s5, s5, 0
  s_sub_u32 s6, s6, 1
  s_waitcnt lgkmcnt(0)
  s_add_u32 s10, s10, s11
  s_cmp_lg_u32 s6, 0
  s_cbranch_scc1 .Lloop

.Lstore:
  s_mov_b32 s12, s10
  s_delay_alu instid0(SALU_CYCLE_1)
  s_lshl_b32 s11, s12, 1                   // depends on the s_mov just before it
  s_endpgm
