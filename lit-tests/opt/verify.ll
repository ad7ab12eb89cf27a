; cblower-opt reads text, bitcode and stdin, verifies, and writes text with -S
; and bitcode without, like opt. Target extension types survive the round trip.
; RUN: %cblower-opt -S -passes=verify %s | FileCheck %s
; RUN: %cblower-opt -passes=verify %s -o %t.bc
; RUN: %cblower-opt -S %t.bc -o - | FileCheck %s
; RUN: cat %s | %cblower-opt -S -passes=verify - | FileCheck %s
; -mtriple names the DXIL version after the shader model, as opt does.
; RUN: %cblower-opt -S -mtriple=dxil-pc-shadermodel6.6-compute %s | FileCheck %s --check-prefix=TRIPLE

; CHECK: %__cblayout_T = type <{ float, target("dx.Padding", 12), float }>
; CHECK: @T.cb = global target("dx.CBuffer", %__cblayout_T) poison
; CHECK: @t = external hidden addrspace(2) global %__cblayout_T, align 4
; TRIPLE: target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%__cblayout_T = type <{ float, target("dx.Padding", 12), float }>
@T.cb = global target("dx.CBuffer", %__cblayout_T) poison
@t = external hidden addrspace(2) global %__cblayout_T, align 4
