; dxil-forward-handle-accesses: a load of a handle global is replaced by the
; handle creation stored into it in the same function, when the creation
; dominates the load (here from the entry block into both arms of a branch).
; Once nothing loads the global, the store into it and the global go.
; RUN: opt -S -dxil-forward-handle-accesses %s | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison

; CHECK-LABEL: define float @main(i1 %c)
; CHECK-NEXT: entry:
; CHECK-NEXT: %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr null)
; CHECK-NEXT: br i1 %c, label %a, label %b
; CHECK: a:
; CHECK-NEXT: %ra = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB) %h, i32 0)
; CHECK: b:
; CHECK-NEXT: %rb = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB) %h, i32 0)
; CHECK-NOT: load target
; CHECK-NOT: @CB.cb

define float @main(i1 %c) {
entry:
  %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr null)
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr @CB.cb, align 4
  br i1 %c, label %a, label %b
a:
  %la = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
  %ra = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %la, i32 0)
  %xa = extractvalue { float, float, float, float } %ra, 0
  br label %done
b:
  %lb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
  %rb = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %lb, i32 0)
  %xb = extractvalue { float, float, float, float } %rb, 1
  br label %done
done:
  %r = phi float [ %xa, %a ], [ %xb, %b ]
  ret float %r
}
