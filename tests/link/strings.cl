// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Constant strings and tables: mergeable read-only sections, and -O0/-g variants in the test.
__constant char greeting[] = "hello from the GPU";
__constant char other[] = "another string";

__kernel void copy_string(__global char *out, int which) {
  int i = __builtin_amdgcn_workitem_id_x();
  out[i] = which ? greeting[i % sizeof(greeting)] : other[i % sizeof(other)];
}
