// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Odd SGPR/TTMP tuples (random encodings of SOP, SMEM and VOP3 with odd registers; raw dwords:
// the assembler takes aligned tuples only): llvm-objdump prints its decoder's
// '; Warning: SGPR_64: scalar reg isn't aligned N' after each such line; listed in wave32 and with
// --mattr=+wavefrontsize64 (lane masks of two registers). gfx11 encodings.
.text
.globl f
.type f,@function
f:
.long 0x90fc7504
.long 0xbed90b01
.long 0xf4256067, 0x6f765f5c
.long 0xbee72591
.long 0x7db3f469
.long 0x8f8b2b83
.long 0xf42903a8, 0x00fe00a0
.long 0xf4302380, 0x8a1dcdef
.long 0xbe91494f
.long 0xbe9337a3
.long 0x84953f6a
.long 0x8599721b
.long 0xba1b0126
.long 0xbe830393
.long 0x859f729b
.long 0xf42a6a44, 0x000001dc
.long 0xf40dacc3, 0xaf4cdfb5
.long 0xbe8529c5
.long 0xbeb52934
.long 0x943ba0ff, 0xbe938da5
.long 0xbec1013d
.long 0xf42bb0fc, 0x00000075
.long 0x8ec23615
.long 0xf432116e, 0x00290058
.long 0x918783fd
.long 0x7d484847
.long 0xbf0eba49
.long 0xbecd479a
.long 0x84cd5c31
.long 0x86d1a125
.long 0x7daa0055
.long 0xbed70154
.long 0x8fd9949c
.long 0xf42d22ab, 0x000000d8
.long 0x8bdd915d
.long 0x90df617b
.long 0x7d4c8073
.long 0xd403c275, 0x00e60099
.long 0xd6fc4369, 0x0000105a
.long 0xd520370d, 0x00009d07
.long 0x7efc7a0b
.long 0xdc5ae573, 0x813bb5d8
.long 0xd61444a3, 0x00000fc7
.long 0xd61421b3, 0x00008849
.long 0xd72763b7, 0x00380065
.long 0xd5b491ca, 0x00e90059
.long 0x7e845e0d
.long 0xd6147657, 0x715d9fcd
.long 0x7c5c483d
.long 0xbe811913
.long 0xbec5193f
.long 0xbed30b1f
.long 0xbed80937
.long 0x85e95186
.long 0x918bce86
.long 0x940d8bc0
.long 0x8e911f82
.long 0xbe944313
.long 0xbe96490d
.long 0x98835849
s_subvector_loop_begin s0, 1
s_subvector_loop_end s1, 1
s_call_b64 s[4:5], 1
s_nop 0
s_endpgm
