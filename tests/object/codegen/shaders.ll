; Copyright 2026 The gfxasm Authors
; SPDX-License-Identifier: Apache-2.0
; Graphics shaders as LLVM's code generator writes them for PAL and Mesa (object_test.cpp
; Object.CodeGeneratorOutputMatchesLlvmMc): PAL metadata, `.amd_amdgpu_isa`, Mesa's
; amd_kernel_code_t, exports, scratch, a call between shaders.
; gfxasm-test: amdgcn-amd-amdpal gfx900
; gfxasm-test: amdgcn-amd-amdpal gfx1100
; gfxasm-test: amdgcn-amd-amdpal gfx1100 +wavefrontsize64
; gfxasm-test: amdgcn-mesa-mesa3d gfx90a
; gfxasm-test: amdgcn-mesa-mesa3d gfx1151 +real-true16
define amdgpu_ps void @pixel(float inreg %scale, <2 x float> %ij) #0 {
  %a = extractelement <2 x float> %ij, i32 0
  %b = extractelement <2 x float> %ij, i32 1
  %c = fmul float %b, %scale
  %dead = fcmp olt float %c, 0.0
  call void @llvm.amdgcn.kill(i1 %dead)
  call void @llvm.amdgcn.exp.f32(i32 0, i32 15, float %c, float %b, float %a, float 1.0, i1 true, i1 true)
  ret void
}
define amdgpu_vs void @vertex(i32 inreg %base, <4 x float> %pos, i32 %vertex_id) {
  %id = sitofp i32 %vertex_id to float
  %x = extractelement <4 x float> %pos, i32 0
  %y = fadd float %x, %id
  call void @llvm.amdgcn.exp.f32(i32 12, i32 15, float %y, float %x, float %id, float 1.0, i1 true, i1 false)
  ret void
}
define amdgpu_gs void @geometry(i32 inreg %gs2vs, i32 inreg %wave) {
  call void @llvm.amdgcn.s.sendmsg(i32 34, i32 %wave)
  call void @llvm.amdgcn.s.sendmsg(i32 3, i32 0)
  ret void
}
define amdgpu_gfx float @helper(float %a, float inreg %b) {
  %x = fmul float %a, %b
  ret float %x
}
define amdgpu_cs void @compute(<4 x i32> inreg %desc, <3 x i32> %tid, i32 %n) {
  %t = extractelement <3 x i32> %tid, i32 0
  %stack = alloca [8 x i32], addrspace(5)
  %slot = getelementptr [8 x i32], ptr addrspace(5) %stack, i32 0, i32 %n
  store volatile i32 %t, ptr addrspace(5) %slot
  %back = load volatile i32, ptr addrspace(5) %stack
  %f = uitofp i32 %back to float
  %r = call amdgpu_gfx float @helper(float %f, float inreg 2.0)
  call void @llvm.amdgcn.raw.buffer.store.f32(float %r, <4 x i32> %desc, i32 %t, i32 0, i32 0)
  ret void
}
define amdgpu_kernel void @kernel_with_call(ptr addrspace(1) %out, i32 %x) {
  %r = call i32 @external(i32 %x)
  store i32 %r, ptr addrspace(1) %out
  ret void
}
declare i32 @external(i32)
declare void @llvm.amdgcn.raw.buffer.store.f32(float, <4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.s.sendmsg(i32, i32)
declare void @llvm.amdgcn.kill(i1)
declare void @llvm.amdgcn.exp.f32(i32, i32, float, float, float, float, i1, i1)
attributes #0 = { "InitialPSInputAddr"="0xf" }
