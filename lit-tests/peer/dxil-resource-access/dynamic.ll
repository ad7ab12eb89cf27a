; dxil-resource-access with run-time indices in the post-InstCombine shapes
; LLVM 22 handles: an index over a 16-byte padded element is the row itself,
; added to the member's first row; an index over a 32-byte element is scaled
; by 2 rows; a constant i8 GEP after it picks the element.
; RUN: opt -S -dxil-resource-access %s | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"

; struct Light { float2 pos; uint id; };   (size 12 -> stride 16 in arrays of 2+)
; cbuffer Scene { uint counts[6]; float3 dirs[3]; Light lights[2]; }
%Light = type <{ <2 x float>, i32 }>
%__cblayout_Scene = type <{ <{ [5 x <{ i32, target("dx.Padding", 12) }>], i32 }>, target("dx.Padding", 12),
                            <{ [2 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, target("dx.Padding", 4),
                            <{ [1 x <{ %Light, target("dx.Padding", 4) }>], %Light }> }>
@Scene.cb = global target("dx.CBuffer", %__cblayout_Scene) poison

define void @read(ptr %out, i32 %i) {
entry:
  %h = load target("dx.CBuffer", %__cblayout_Scene), ptr @Scene.cb, align 4

; counts[i]: member at row 0, so the row is %i itself.
; CHECK:      %c.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.i32.i32.i32.i32.tdx.CBuffer_s___cblayout_Scenest(target("dx.CBuffer", %__cblayout_Scene) %h, i32 %i)
; CHECK-NEXT: %c.extract = extractvalue { i32, i32, i32, i32 } %c.load, 0
; CHECK-NEXT: store i32 %c.extract, ptr %out
  %pc = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_Scene) %h, i32 0)
  %gc = getelementptr <{ i32, target("dx.Padding", 12) }>, ptr addrspace(2) %pc, i32 %i
  %c = load i32, ptr addrspace(2) %gc, align 4
  store i32 %c, ptr %out, align 4

; dirs[i].y: member at byte 96 = row 6; then byte 4 of the row = element 1.
; CHECK:      [[R:%.*]] = add i32 %i, 6
; CHECK-NEXT: [[R2:%.*]] = add i32 [[R]], 0
; CHECK-NEXT: %d.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Scenest(target("dx.CBuffer", %__cblayout_Scene) %h, i32 [[R2]])
; CHECK-NEXT: %d.extract = extractvalue { float, float, float, float } %d.load, 1
  %pd = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_Scene) %h, i32 96)
  %gd = getelementptr <{ <3 x float>, target("dx.Padding", 4) }>, ptr addrspace(2) %pd, i32 %i
  %gdy = getelementptr inbounds nuw i8, ptr addrspace(2) %gd, i32 4
  %d = load float, ptr addrspace(2) %gdy, align 4
  store float %d, ptr %out, align 4

; counts[5] through a constant i8 GEP over the whole member: row 5, element 0.
; CHECK:      %k.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Scene) %h, i32 5)
; CHECK-NEXT: %k.extract = extractvalue { i32, i32, i32, i32 } %k.load, 0
  %pk = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_Scene) %h, i32 0)
  %gk = getelementptr inbounds nuw i8, ptr addrspace(2) %pk, i32 80
  %k = load i32, ptr addrspace(2) %gk, align 4
  store i32 %k, ptr %out, align 4

; lights[i].id: member at byte 144 = row 9, Light stride 16, id at byte 8.
; CHECK:      [[L:%.*]] = add i32 %i, 9
; CHECK-NEXT: [[L2:%.*]] = add i32 [[L]], 0
; CHECK-NEXT: %l.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Scene) %h, i32 [[L2]])
; CHECK-NEXT: %l.extract = extractvalue { i32, i32, i32, i32 } %l.load, 2
  %pl = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_Scene) %h, i32 144)
  %gl = getelementptr <{ %Light, target("dx.Padding", 4) }>, ptr addrspace(2) %pl, i32 %i
  %gli = getelementptr inbounds nuw i8, ptr addrspace(2) %gl, i32 8
  %l = load i32, ptr addrspace(2) %gli, align 4
  store i32 %l, ptr %out, align 4

; CHECK-NOT: getelementptr {{.*}}addrspace(2)
; CHECK-NOT: call ptr addrspace(2) @llvm.dx.resource.getpointer
; CHECK: ret void
  ret void
}
