; A member is read but no handle is ever stored into the handle global:
; LLVM 22 stops with a fatal error, cblower reports the buffer (exit 1, no
; output file). Not run against LLVM 22's opt, whose fatal error says otherwise.
; UNSUPPORTED: llvm-opt
; RUN: rm -f %t.out
; RUN: not opt -S -passes=spirv-cbuffer-access %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: cblower-opt: {{.*}}no-handle-error.ll: spirv-cbuffer-access: !hlsl.cbs entry 0: members of @CB.cb are read but no handle is ever stored into it

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-compute"

%__cblayout_CB = type <{ float }>
@CB.cb = global target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) poison
@x = external hidden addrspace(12) global float, align 4

define float @main() {
  %v = load float, ptr addrspace(12) @x, align 4
  ret float %v
}

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(12) @x}
