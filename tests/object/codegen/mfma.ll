; Copyright 2026 The gfxasm Authors
; SPDX-License-Identifier: Apache-2.0
; MFMA with AGPRs as LLVM's code generator writes it (object_test.cpp
; Object.CodeGeneratorOutputMatchesLlvmMc).
; gfxasm-test: amdgcn-amd-amdhsa gfx90a
; gfxasm-test: amdgcn-amd-amdpal gfx942
define amdgpu_kernel void @mfma(ptr addrspace(1) %p, float %a, float %b, double %x, double %y) {
  %in = load <16 x float>, ptr addrspace(1) %p
  %m = call <16 x float> @llvm.amdgcn.mfma.f32.16x16x1f32(float %a, float %b, <16 x float> %in, i32 0, i32 0, i32 0)
  store <16 x float> %m, ptr addrspace(1) %p
  %d = call double @llvm.amdgcn.mfma.f64.4x4x4f64(double %x, double %y, double 0.0, i32 0, i32 0, i32 0)
  store double %d, ptr addrspace(1) %p
  ret void
}
declare <16 x float> @llvm.amdgcn.mfma.f32.16x16x1f32(float, float, <16 x float>, i32, i32, i32)
declare double @llvm.amdgcn.mfma.f64.4x4x4f64(double, double, double, i32, i32, i32)
