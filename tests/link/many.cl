// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Many small kernels: .dynsym gets several GNU hash buckets and a multi-word bloom filter.
__kernel void k0_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 0; }
__kernel void k1_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 1; }
__kernel void k2_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 2; }
__kernel void k3_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 3; }
__kernel void k4_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 4; }
__kernel void k5_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 5; }
__kernel void k6_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 6; }
__kernel void k7_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 7; }
__kernel void k8_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 8; }
__kernel void k9_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 9; }
__kernel void k10_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 10; }
__kernel void k11_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 11; }
__kernel void k12_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 12; }
__kernel void k13_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 13; }
__kernel void k14_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 14; }
__kernel void k15_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 15; }
__kernel void k16_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 16; }
__kernel void k17_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 17; }
__kernel void k18_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 18; }
__kernel void k19_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 19; }
__kernel void k20_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 20; }
__kernel void k21_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 21; }
__kernel void k22_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 22; }
__kernel void k23_add(__global int *p) { p[__builtin_amdgcn_workitem_id_x()] += 23; }
