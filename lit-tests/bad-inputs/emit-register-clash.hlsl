// Two cbuffers on the same register and space. Clang 22's front end accepts
// this (its -emit-llvm output binds both to b0), and so does `cblower
// emit-llvm`; LLVM's DirectX back end rejects it when compiling to DXIL, and
// so does the DXIL lowering (`--lower`, dxil-lower), with LLVM's wording, at
// the call that creates the second buffer's handle.
// RUN: rm -f %t.out
// RUN: %cblower emit-llvm %s -o %t.ll
// RUN: sh -c '%cblower emit-llvm --lower --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: sh -c '%cblower-opt -S -passes=dxil-lower %t.ll -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not test -e %t.out
cbuffer First : register(b0) { float a; };
cbuffer Second : register(b0) { float b; };

// CHECK: error: dxil-lower: dxil-op-lower: in function '_init_buffer_Second.cb': resource First at register 0 overlaps with resource Second at register 0 in space 0
// CHECK-NEXT: %Second.cb_h = call target("dx.CBuffer", %__cblayout_Second) @llvm.dx.resource.handlefrombinding.{{.*}}(i32 0, i32 0, i32 1, i32 0, ptr @Second.str)
// CHECK: exit=1
// OPT: cblower-opt: {{.*}}.ll: dxil-op-lower: in function '_init_buffer_Second.cb': resource First at register 0 overlaps with resource Second at register 0 in space 0
// OPT: exit=1
