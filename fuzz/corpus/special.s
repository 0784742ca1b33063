s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(SALU_CYCLE_1)
s_waitcnt vmcnt(1) & lgkmcnt_sat(100) & expcnt(2)
s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
