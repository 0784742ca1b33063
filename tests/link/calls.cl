// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Functions called from kernels.cl (another object: the call is a relocation between objects).
__constant float weights[4] = {0.5f, 0.25f, 0.125f, 0.125f};
__global float bias = 1.0f;

__attribute__((noinline)) int scale(int x) { return x * 3 + 1; }
__attribute__((noinline)) float blend(float a, float b) {
  return a * weights[0] + b * weights[1] + bias;
}

__kernel void lone(__global int *p) { p[0] = scale(p[1]); }
