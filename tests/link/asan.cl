// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// AddressSanitizer device code (clang-22 -fsanitize=address): a common symbol
// (___asan_globals_registered), asan_globals sections linked to their globals (SHF_LINK_ORDER),
// __start_/__stop_asan_globals, module constructors in .init_array/.fini_array and their
// .eh_frame records. PREFIX names the globals so that two objects of this file can be linked.
#ifndef PREFIX
#define PREFIX a
#endif
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
__constant int CAT(PREFIX, _table)[16] = {1, 2, 3, 5, 8, 13};
__constant float CAT(PREFIX, _scale)[4] = {0.5f, 2.0f};

__kernel void CAT(PREFIX, _gather)(__global int *out, __global const int *idx) {
  uint i = __builtin_amdgcn_workitem_id_x();
  out[i] = CAT(PREFIX, _table)[idx[i] & 15] * (int)CAT(PREFIX, _scale)[i & 3];
}
