// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// OpenCL kernels that tests/objdump_test.cpp compiles with clang-22 (gfx11, wave32 and wave64;
// gfx9 with GFX9, and MFMA for gfx908 and later)
// and lists with llvm-objdump-22 -d and gfxasm objdump: a spread of what compilers emit (scalar
// and vector ALU, 16/32/64-bit arithmetic, memory of every kind, calls, loops, DPP, WMMA).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define LID() ((int)__builtin_amdgcn_workitem_id_x())
#define GID() ((int)__builtin_amdgcn_workgroup_id_x() * 64 + LID())

__attribute__((noinline)) float helper(float x, int n) {
  for (int i = 0; i < n; ++i) x = x * x + 0.5f;
  return x;
}

__kernel void add(__global float *a, __global const float *b, int n) {
  int i = GID();
  if (i < n) a[i] += b[i] * 2.0f;
}

__kernel void loop(__global int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) s += a[i] * i;
  a[GID()] = s;
}

__kernel void calls(__global float *a, int n) {
  int i = GID();
  a[i] = helper(a[i], n);
}

__kernel void lds(__global float *a, __local float *t) {
  int l = LID();
  t[l] = a[GID()];
  __builtin_amdgcn_s_barrier();
  a[GID()] = t[63 - l] + __builtin_sqrtf(t[l]) + __builtin_amdgcn_rsqf(t[l ^ 1]);
}

__kernel void atomics(__global int *a, __global double *d, __local int *l) {
  __atomic_fetch_add(a, 1, __ATOMIC_RELAXED);
  int old = __atomic_fetch_max(a + 1, GID(), __ATOMIC_SEQ_CST);
  __atomic_fetch_add(l, old, __ATOMIC_RELAXED);
  int i = GID();
  d[i] = d[i] * 3.25 + 1.0 / d[i];
  switch (i & 3) {
  case 0: a[i] = 5; break;
  case 1: a[i] = 7; break;
  case 2: a[i] ^= 9; break;
  default: a[i] = -1;
  }
}

__kernel void halves(__global half *h, __global short *s, __global uchar *c) {
  int i = GID();
  h[i] = h[i] * (half)1.5h + h[i + 1];
  s[i] = s[i] >> 3;
  c[i] = c[i] + c[i + 7];
}

__kernel void math(__global float *f, __global double *d, __global long *l, __global uint *u) {
  int i = GID();
  f[i] = __builtin_fmaf(f[i], 0.25f, 1e10f) / f[i + 1];
  d[i] = __builtin_fma(d[i], d[i + 1], 123.456) + (double)l[i];
  l[i] = l[i] * 77 + (l[i + 1] >> 13);
  u[i] = __builtin_popcount(u[i]) + __builtin_clz(u[i + 1] | 1) + (u[i] / 7) + ((u[i] << 5) | (u[i] >> 27));
#ifndef NO_FDOT2 // (gfx900 has no dot instructions)
  f[i + 2] = __builtin_amdgcn_fdot2((half2)(1.0h, 2.0h), (half2)(f[i], 3.0h), 0.5f, false);
#endif
}

__kernel void lanes(__global int *a, __global float *f) {
  int i = GID();
  int x = a[i];
  a[i] = __builtin_amdgcn_readfirstlane(x) + __builtin_amdgcn_update_dpp(0, x, 0x111, 0xf, 0xf, false) +
#ifdef GFX9 // (row_bcast:15 and wave_shr:1; gfx9 has no DPP8 or permlane)
         __builtin_amdgcn_update_dpp(0, x, 0x142, 0xa, 0xf, false) +
         __builtin_amdgcn_update_dpp(0, x, 0x138, 0xf, 0xf, true) +
#else
         __builtin_amdgcn_mov_dpp8(x, 0x00fac688) + __builtin_amdgcn_permlane16(x, x, 1, 2, false, false) +
#endif
         __builtin_amdgcn_ds_swizzle(x, 0x41f);
  f[i] = __builtin_amdgcn_ds_bpermute(i * 4, x) * 0.5f;
}

#ifdef GFX9
// Bytes and halves the compiler picks SDWA for; packed half math (VOP3P).
__kernel void packed(__global uchar4 *b, __global half2 *h, __global ushort2 *s) {
  int i = GID();
  uchar4 v = b[i];
  b[i] = (uchar4)(v.y + v.w, v.x * v.z, v.w >> 1, v.x & v.y);
  h[i] = h[i] * h[i + 1] + (half2)(0.5h, -2.0h);
  s[i] = s[i] + s[i + 3];
}
#endif

#ifdef MFMA // gfx908 and later: matrix cores and accumulation registers
typedef float v4f __attribute__((ext_vector_type(4)));
typedef float v16f __attribute__((ext_vector_type(16)));
typedef half v4h __attribute__((ext_vector_type(4)));
__kernel void mfma(__global v4h *a, __global v16f *c, __global v4f *d) {
  int i = LID();
  c[i] = __builtin_amdgcn_mfma_f32_32x32x8f16(a[i], a[i + 1], c[i], 0, 0, 0);
  d[i] = __builtin_amdgcn_mfma_f32_16x16x4f32(1.0f, 2.0f, d[i], 1, 2, 3);
}
#endif

#ifdef WAVE32 // the test defines it for wave32 builds (the builtin is wave32 only)
typedef half v16h __attribute__((ext_vector_type(16)));
typedef float v8f __attribute__((ext_vector_type(8)));
__kernel void wmma(__global v16h *a, __global v8f *c) {
  int i = LID();
  c[i] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a[i], a[i + 1], c[i]);
}
#endif
