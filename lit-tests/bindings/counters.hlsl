// The counter of a read-write, append or consume structured buffer takes its
// own implicit-binding order ID, right after the buffer's, even when the
// buffer has a register: clang-22 passes order ID 0 to rw's
// __createFromBindingWithImplicitCounter, 1 and 2 to cs's
// __createFromImplicitBindingWithImplicitCounter, and 3 to CB's
// handlefromimplicitbinding (checked with clang-22 -cc1 -triple
// dxil-pc-shadermodel6.6-compute on a shader that uses all three).
// RUN: %cblower bindings %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %cblower bindings --format json %s | FileCheck %s --check-prefix=JSON

RWStructuredBuffer<float> rw : register(u1);
ConsumeStructuredBuffer<float> cs[2];
cbuffer CB { float x; };

// CHECK:  class registers space count kind                           name assigned                                                                          declared at
// CHECK-NEXT:  u     u1        0     1     RWStructuredBuffer<float>      rw   explicit register; counter: order ID 0 (DXIL) / 0 (SPIR-V)                        {{.*}}counters.hlsl:11:32
// CHECK-NEXT:  u     -         0     2     ConsumeStructuredBuffer<float> cs   implicit, order ID 1 (DXIL) / 1 (SPIR-V); counter: order ID 2 (DXIL) / 2 (SPIR-V) {{.*}}counters.hlsl:12:32
// CHECK-NEXT:  b     -         0     1     cbuffer                        CB   implicit, order ID 3 (DXIL) / 3 (SPIR-V)                                          {{.*}}counters.hlsl:13:9

// JSON:      "name": "rw",
// JSON:      "implicit_order": null,
// JSON-NEXT: "counter_order": {
// JSON-NEXT:   "dxil": 0,
// JSON-NEXT:   "spirv": 0
// JSON-NEXT: },
// JSON:      "name": "CB",
// JSON:      "implicit_order": {
// JSON-NEXT:   "dxil": 3,
// JSON-NEXT:   "spirv": 3
// JSON-NEXT: },
// JSON-NEXT: "counter_order": null,
