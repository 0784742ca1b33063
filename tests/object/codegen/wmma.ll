; Copyright 2026 The gfxasm Authors
; SPDX-License-Identifier: Apache-2.0
; WMMA as LLVM's code generator writes it for gfx11 (object_test.cpp
; Object.CodeGeneratorOutputMatchesLlvmMc).
; gfxasm-test: amdgcn-amd-amdpal gfx1100
; gfxasm-test: amdgcn-amd-amdpal gfx1151 +real-true16
define amdgpu_ps void @wmma(<16 x half> %a, <16 x half> %b, <8 x float> %c, <4 x i32> %i, <8 x i32> %ic, ptr addrspace(1) %out) {
  %r = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16(<16 x half> %a, <16 x half> %b, <8 x float> %c)
  store <8 x float> %r, ptr addrspace(1) %out
  %s = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8(i1 1, <4 x i32> %i, i1 0, <4 x i32> %i, <8 x i32> %ic, i1 1)
  %o = getelementptr <8 x i32>, ptr addrspace(1) %out, i32 1
  store <8 x i32> %s, ptr addrspace(1) %o
  ret void
}
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16(<16 x half>, <16 x half>, <8 x float>)
declare <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8(i1 immarg, <4 x i32>, i1 immarg, <4 x i32>, <8 x i32>, i1 immarg)
