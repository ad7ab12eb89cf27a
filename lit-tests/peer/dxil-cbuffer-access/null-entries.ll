; After GlobalDCE, !hlsl.cbs operands can be null: a null member keeps its
; position (so @far still gets offset 32), a null handle skips the entry.
; RUN: opt -S -dxil-cbuffer-access %s | FileCheck %s
; RUN: opt -disable-output -print-cbuffers %s 2>&1 | FileCheck %s --check-prefix=PRINT

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"

%__cblayout_Live = type <{ <4 x float>, float, target("dx.Padding", 12), i32 }>
%__cblayout_Gone = type <{ float }>
@Live.cb = global target("dx.CBuffer", %__cblayout_Live) poison
@far = external hidden addrspace(2) global i32, align 4
@unused = external hidden addrspace(2) global float, align 4

; CHECK-NOT: @far =
; CHECK-NOT: @unused =
; CHECK-LABEL: define i32 @get(
; CHECK: call ptr addrspace(2) @llvm.dx.resource.getpointer.{{.*}}(target("dx.CBuffer", %__cblayout_Live) {{%.*}}, i32 32)
define i32 @get() {
  %v = load i32, ptr addrspace(2) @far, align 4
  ret i32 %v
}

; CHECK-NOT: !hlsl.cbs
!hlsl.cbs = !{!0, !1, !2}
!0 = distinct !{ptr @Live.cb, null, ptr addrspace(2) @unused, ptr addrspace(2) @far}
!1 = !{null, null}
!2 = !{ptr @Live.cb, null}

; PRINT:      cbuffer 0: handle @Live.cb, layout %__cblayout_Live, size 36
; PRINT-NEXT:   member 0: null at offset 0
; PRINT-NEXT:   member 1: @unused at offset 16
; PRINT-NEXT:   member 2: @far at offset 32
; PRINT-NEXT: cbuffer 1: handle null (skipped)
; PRINT-NEXT: cbuffer 2: handle @Live.cb, layout %__cblayout_Live, size 36
; PRINT-NEXT:   member 0: null at offset 0
