; !hlsl.layouts (cblower's record of the front end's offsets) is checked
; against the data layout by dxil-cbuffer-access and removed with !hlsl.cbs.
; RUN: opt -S -dxil-cbuffer-access %s | FileCheck %s
; RUN: sed -e 's/i32 20, i32 0, i32 16}/i32 20, i32 0, i32 12}/' %s > %t.offset.ll
; RUN: not opt -S -dxil-cbuffer-access %t.offset.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=OFFSET
; RUN: sed -e 's/i32 20, i32 0, i32 16}/i32 24, i32 0, i32 16}/' %s > %t.size.ll
; RUN: not opt -S -dxil-cbuffer-access %t.size.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=SIZE
; RUN: not test -e %t.out

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"

%__cblayout_CB = type <{ float, target("dx.Padding", 12), float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden addrspace(2) global float, align 4
@b = external hidden addrspace(2) global float, align 4

; CHECK-NOT: !hlsl.layouts
; CHECK-NOT: !hlsl.cbs
; OFFSET: dxil-cbuffer-access: !hlsl.layouts: %__cblayout_CB: member 1 offset is 12 in !hlsl.layouts but 16 from the data layout
; SIZE: dxil-cbuffer-access: !hlsl.layouts: %__cblayout_CB: size is 24 in !hlsl.layouts but 20 from the data layout

!hlsl.cbs = !{!0}
!hlsl.layouts = !{!1}
!0 = !{ptr @CB.cb, ptr addrspace(2) @a, ptr addrspace(2) @b}
!1 = !{!"__cblayout_CB", i32 20, i32 0, i32 16}
