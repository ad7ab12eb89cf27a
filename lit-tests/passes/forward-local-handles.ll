; dxil-forward-handle-accesses through allocas (clang's -O0 shape of a handle
; kept in a local and copied into a temporary): each load from an alloca
; stored once, by a store that dominates it, reads the stored handle; loads
; are taken in program order, so the chain global -> %h.addr -> %tmp is
; followed link by link. The allocas, their stores and the then unread
; global go.
; RUN: %cblower-opt -S -passes=dxil-forward-handle-accesses %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-forward-handle-accesses %s | %opt-22 -passes=verify -disable-output

; CHECK-NOT: @CB.cb =
; CHECK-LABEL: define float @main()
; CHECK-NEXT: entry:
; CHECK-NEXT: %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr null)
; CHECK-NEXT: %r = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB) %h, i32 0)
; CHECK-NEXT: %x = extractvalue { float, float, float, float } %r, 0
; CHECK-NEXT: ret float %x
; CHECK-NEXT: }

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison

define float @main() {
entry:
  %h.addr = alloca target("dx.CBuffer", %__cblayout_CB), align 4
  %tmp = alloca target("dx.CBuffer", %__cblayout_CB), align 4
  %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr null)
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr @CB.cb, align 4
  %g = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
  store target("dx.CBuffer", %__cblayout_CB) %g, ptr %h.addr, align 4
  %a = load target("dx.CBuffer", %__cblayout_CB), ptr %h.addr, align 4
  store target("dx.CBuffer", %__cblayout_CB) %a, ptr %tmp, align 4
  %b = load target("dx.CBuffer", %__cblayout_CB), ptr %tmp, align 4
  %r = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %b, i32 0)
  %x = extractvalue { float, float, float, float } %r, 0
  ret float %x
}
