; Copyright 2026 The gfxasm Authors
; SPDX-License-Identifier: Apache-2.0
; Half precision as LLVM's code generator writes them (object_test.cpp
; Object.CodeGeneratorOutputMatchesLlvmMc): 16-bit scalars and pairs, true16 and wave64 on gfx11.
; gfxasm-test: amdgcn-amd-amdpal gfx1100
; gfxasm-test: amdgcn-amd-amdhsa gfx1100 +wavefrontsize64
; gfxasm-test: amdgcn-amd-amdhsa gfx1151 +real-true16
define amdgpu_kernel void @halves(ptr addrspace(1) %p, half %s, i16 %k) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr <2 x half>, ptr addrspace(1) %p, i32 %id
  %v = load <2 x half>, ptr addrspace(1) %g
  %a = extractelement <2 x half> %v, i32 0
  %b = extractelement <2 x half> %v, i32 1
  %c = call half @llvm.fma.f16(half %a, half %b, half %s)
  %d = sitofp i16 %k to half
  %e = fdiv half %c, %d
  %w = insertelement <2 x half> %v, half %e, i32 1
  %x = fmul <2 x half> %w, %v
  store <2 x half> %x, ptr addrspace(1) %g
  ret void
}
declare half @llvm.fma.f16(half, half, half)
declare i32 @llvm.amdgcn.workitem.id.x()
