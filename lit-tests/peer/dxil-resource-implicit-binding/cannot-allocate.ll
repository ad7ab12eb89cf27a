; When no free range is left, LLVM's error (located by the call's debug
; location; <unknown>:0:0 without one), then a note naming the resource,
; its class, space and size, and the call. Here the unbounded A[] (order 1)
; takes u3 and everything after it, so B[3] (order 2) finds only u0..u1.
; RUN: rm -f %t.out
; RUN: split-file %s %t
; RUN: not opt -S -dxil-resource-implicit-binding %t/plain.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=PLAIN
; RUN: not opt -S -dxil-resource-implicit-binding %t/located.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=LOC
; RUN: not test -e %t.out

; PLAIN: {{^}}error: <unknown>:0:0: resource cannot be allocated
; PLAIN-NEXT: {{^}}note: in function 'main': resource B (implicit binding order ID 2) needs 3 consecutive free u registers in space 0, and the explicit bindings and the resources bound before it leave none
; PLAIN-NEXT: {{^}}  %b = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.TypedBuffer_f32_1_0_0t(i32 2, i32 0, i32 3, i32 0, ptr @B.str)

; LOC: {{^}}error: shader.hlsl:7:3: resource cannot be allocated
; LOC-NEXT: {{^}}note: in function 'main': resource B (implicit binding order ID 2)

;--- plain.ll
target triple = "dxilv1.6-pc-shadermodel6.6-compute"
@B.str = private unnamed_addr constant [2 x i8] c"B\00", align 1
define void @main() {
  %e = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 2, i32 1, i32 0, ptr null)
  %a = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.TypedBuffer_f32_1_0_0t(i32 1, i32 0, i32 -1, i32 0, ptr null)
  %b = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.TypedBuffer_f32_1_0_0t(i32 2, i32 0, i32 3, i32 0, ptr @B.str)
  ret void
}
;--- located.ll
target triple = "dxilv1.6-pc-shadermodel6.6-compute"
@B.str = private unnamed_addr constant [2 x i8] c"B\00", align 1
define void @main() !dbg !5 {
  %e = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 2, i32 1, i32 0, ptr null)
  %a = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.TypedBuffer_f32_1_0_0t(i32 1, i32 0, i32 -1, i32 0, ptr null)
  %b = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.TypedBuffer_f32_1_0_0t(i32 2, i32 0, i32 3, i32 0, ptr @B.str), !dbg !8
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "shader.hlsl", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 5, type: !6, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 7, column: 3, scope: !5)
