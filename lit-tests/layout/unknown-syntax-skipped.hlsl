// Unknown syntax outside a buffer does not stop the layout (issue #16): the
// construct is skipped up to its `;` or closing `}` with a warning, and the
// buffers around it are laid out; the same inside a buffer is an error at
// its exact location, with nothing written.
// By hand: Before.A 0; After.B 0, C 16; Ns::Inside.D 0.
// RUN: %cblower layout --color never %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: rm -f %t.ll
// RUN: sh -c '%cblower emit-llvm --color never -D BAD_MEMBER %s -o %t.ll; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not test -e %t.ll

cbuffer Before : register(b0) { float A; };

layout(std140) uniform Block { vec4 glslOnly; };
@property(readonly) float weird;
float Broken float Twice;

namespace Ns
{
    what is this;
    cbuffer Inside : register(b2) { float D; };
}

cbuffer After : register(b1)
{
    float  B;
    float4 C;
#ifdef BAD_MEMBER
    float  E @ 3;
#endif
};

float4 PSMain() : SV_Target { return A + B + C + D; }

// CHECK:      cbuffer Before : register(b0, space0)  [rules: cbuffer, size: 4 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    A
// CHECK-EMPTY:
// CHECK:      cbuffer Inside : register(b2, space0)  [rules: cbuffer, size: 4 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    D
// CHECK-EMPTY:
// CHECK:      cbuffer After : register(b1, space0)  [rules: cbuffer, size: 32 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    B
// CHECK-NEXT:       16     16     4  float4                   C
// CHECK-EMPTY:

// WARN:      warning: skipped a construct the front end cannot read: expected a name in the declaration, found `(`
// WARN-NEXT:   --> {{.*}}unknown-syntax-skipped.hlsl:14:7
// WARN:      = help: the buffers are laid out without it; if it declares a buffer, a `$Globals` member or a type a buffer uses, fix it
// WARN:      warning: skipped a construct the front end cannot read: expected a declaration, found `@`
// WARN-NEXT:   --> {{.*}}unknown-syntax-skipped.hlsl:15:1
// WARN:      warning: skipped a construct the front end cannot read: expected `;` after the declaration of `Broken`
// WARN-NEXT:   --> {{.*}}unknown-syntax-skipped.hlsl:16:13
// WARN:      warning: skipped a construct the front end cannot read: expected `;` after the declaration of `is`
// WARN-NEXT:   --> {{.*}}unknown-syntax-skipped.hlsl:20:12
// WARN-NOT:  warning

// ERR:      error: expected `;` after the declaration of `E`
// ERR-NEXT:   --> {{.*}}unknown-syntax-skipped.hlsl:29:13
// ERR:      exit=1
