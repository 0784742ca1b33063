// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Calls OpenCL built-ins that only the device libraries define (not linked here): ld.lld's
// "undefined hidden symbol" error, with the names demangled.
__kernel void needs_builtins(__global float *out, __global const float *in) {
  size_t i = get_global_id(0);
  out[i] = in[i];
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[i] += vload4(0, in).x;
}
