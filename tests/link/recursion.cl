// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// A recursive function and a kernel that calls it (stack, private segment).
__attribute__((noinline)) int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__kernel void fib_kernel(__global int *out) {
  int i = __builtin_amdgcn_workitem_id_x();
  out[i] = fib(i & 15);
}
