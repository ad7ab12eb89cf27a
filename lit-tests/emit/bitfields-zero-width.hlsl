// A `: 0` bitfield that does not follow another bitfield (issue #15, DXC
// details). It takes no bytes in the default mode: the struct's stored
// fields are the other ones (a zero-width bitfield only closes a storage
// unit). clang-22 does not pack bitfields and keeps every one, this one too,
// as a member of its declared type (an `i32`), wherever it stands: first, in
// the middle or last. (After a unit that a `: 0` already closed it is the
// same; that case is in the front end's unit tests, since two unnamed
// members in one struct have one path in the mirror round trip.)
// --rules clang-22 reproduces that, and the RUN lines compare with clang-22
// itself on both targets.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXC
// RUN: %cblower emit-llvm --rules clang-22 %s | FileCheck %s --check-prefix=CLANG
// RUN: %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -o - %s | FileCheck %s --check-prefix=CLANG
// RUN: %cblower emit-llvm --rules clang-22 --target spirv %s | FileCheck %s --check-prefix=CLANG
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -o - %s | FileCheck %s --check-prefix=CLANG

struct A { float x; unsigned int : 0; float y; };
struct B { unsigned int : 0; unsigned int a : 4; float z; };
struct C { float w; unsigned int : 0; };
cbuffer CB { A a; B b; C c; }

// DXC:      %A = type <{ float, float }>
// DXC-NEXT: %B = type <{ i32, float }>
// DXC-NEXT: %C = type <{ float }>

// CLANG-DAG: %A = type <{ float, i32, float }>
// CLANG-DAG: %B = type <{ i32, i32, float }>
// CLANG-DAG: %C = type <{ float, i32 }>
