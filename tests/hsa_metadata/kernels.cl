// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Kernels whose HSA metadata covers the argument kinds and kernel attributes clang-22 writes:
// pointers to global/constant/local memory, vectors, structs by value, half and double, samplers,
// images, pipes, queues (device enqueue), printf, restrict/volatile/const qualifiers and the
// work-group attributes. hsa_metadata_test compiles it for several processors and code object
// versions and compares gfxasm's note and text with llvm-mc-22's.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

typedef struct {
  int a;
  float b;
  char c;
} Small;

typedef struct {
  double d[5];
  long e;
} Large;

__kernel __attribute__((reqd_work_group_size(64, 1, 1))) __attribute__((vec_type_hint(float4))) void
arguments(__global float *restrict out, __constant float *table, __local float *scratch,
          float4 vector, Small small, Large large, __global half *halves, double scale,
          volatile __global int *flags, const __global uchar *bytes, sampler_t sampler,
          read_only image2d_t image, write_only image1d_t image1, read_write image3d_t image3) {
  size_t i = get_global_id(0);
  scratch[get_local_id(0)] = table[i & 7];
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 texel = read_imagef(image, sampler, (int2)(0, 0));
  write_imagef(image1, (int)i, texel);
  out[i] = scratch[0] + vector.x + small.b + (float)large.d[2] + (float)halves[i] +
           (float)scale + texel.y + (float)bytes[i] + (float)large.e;
  flags[i] = small.a + small.c;
  float4 t3 = read_imagef(image3, (int4)(1, 2, 3, 0));
  write_imagef(image3, (int4)(0, 0, 0, 0), t3);
}

__kernel __attribute__((work_group_size_hint(32, 2, 1))) void pipes(__global int *p,
                                                                    read_only pipe int in,
                                                                    write_only pipe float4 out) {
  int x;
  read_pipe(in, &x);
  float4 y = (float4)(x);
  write_pipe(out, &y);
  p[0] = x;
}

__kernel void printing(__global const char *message, int count, long big, char small) {
  printf("count %d big %ld\n", count, big);
  printf("%s %c %f\n", message, small, 1.5f);
  printf("tab\there 'q' \t%d\t\n", count); // (tabs inside the single-quoted YAML scalar)
}

void child(__global int *p) { p[get_global_id(0)] = 7; }

__kernel void enqueue(__global int *p, queue_t queue) {
  enqueue_kernel(queue, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(64), ^{ child(p); });
}

__kernel void empty(void) {}

__global int program_scope_counter;
__constant float program_scope_table[4] = {1, 2, 3, 4};

__kernel void globals(__global float *out) {
  program_scope_counter += 1;
  out[0] = program_scope_table[program_scope_counter & 3];
}
