// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Kernels for the linker test: several kernels, a non-inlined call into calls.cl, program-scope
// globals in .data, .rodata and .bss reached through PC-relative relocations.
__attribute__((noinline)) int scale(int x);
__attribute__((noinline)) float blend(float a, float b);

__global int counters[4] = {1, 2, 3, 4};
__constant int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__global int scratch[64];

__kernel void saxpy(__global float *y, __global const float *x, float a) {
  int i = __builtin_amdgcn_workitem_id_x();
  y[i] = a * x[i] + y[i];
}

__kernel void use_globals(__global int *out, int n) {
  int i = __builtin_amdgcn_workitem_id_x();
  scratch[i & 63] += n;
  out[i] = scale(i) + counters[i & 3] + table[n & 7] + scratch[(i + 1) & 63];
}

__kernel void reduce(__global float *out, __global const float *in) {
  __local float tile[64];
  int i = __builtin_amdgcn_workitem_id_x();
  tile[i] = in[i];
  __builtin_amdgcn_s_barrier();
  for (int s = 32; s > 0; s >>= 1) {
    if (i < s) tile[i] = blend(tile[i], tile[i + s]);
    __builtin_amdgcn_s_barrier();
  }
  if (i == 0) out[0] = tile[0];
}
