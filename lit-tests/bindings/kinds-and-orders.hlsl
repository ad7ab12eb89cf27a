// Every resource and buffer with its class, registers, space, count and how
// it was bound; the order IDs are clang-22's (implicit ones counted in source
// order, per target: a vk::binding binds on SPIR-V only; a RWStructuredBuffer's
// counter takes the ID after the buffer's). Unbounded arrays show as ranges.
// RUN: %cblower bindings %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %cblower bindings --format json %s | FileCheck %s --check-prefix=JSON
// RUN: %cblower bindings --format html %s | FileCheck %s --check-prefix=HTML

Texture2D<float4> Albedo : register(t0);
Texture2D<float4> Maps[4] : register(t1, space1);
Texture2D<float4> Bindless[] : register(t0, space2);
SamplerState Linear;
RWStructuredBuffer<uint> Counters;
[[vk::binding(3, 1)]] RWTexture2D<float4> Out;
cbuffer Frame : register(b0) { float4x4 view; };
cbuffer Implicit { float time; };
struct P { float4 x; };
ConstantBuffer<P> Params[2] : register(b1, space3);
float g;

// CHECK:  class registers        space count     kind                     name     assigned                                                                          declared at
// CHECK-NEXT:  t     t0               0     1         Texture2D<float4>        Albedo   explicit register                                                                 {{.*}}kinds-and-orders.hlsl:9:28
// CHECK-NEXT:  t     t1..t4           1     4         Texture2D<float4>        Maps     explicit register                                                                 {{.*}}kinds-and-orders.hlsl:10:29
// CHECK-NEXT:  t     t0.. (unbounded) 2     unbounded Texture2D<float4>        Bindless explicit register                                                                 {{.*}}kinds-and-orders.hlsl:11:32
// CHECK-NEXT:  s     -                0     1         SamplerState             Linear   implicit, order ID 0 (DXIL) / 0 (SPIR-V)                                          {{.*}}kinds-and-orders.hlsl:12:14
// CHECK-NEXT:  u     -                0     1         RWStructuredBuffer<uint> Counters implicit, order ID 1 (DXIL) / 1 (SPIR-V); counter: order ID 2 (DXIL) / 2 (SPIR-V) {{.*}}kinds-and-orders.hlsl:13:26
// CHECK-NEXT:  u     -                0     1         RWTexture2D<float4>      Out      implicit, order ID 3 (DXIL); SPIR-V: vk::binding(3, 1)                            {{.*}}kinds-and-orders.hlsl:14:43
// CHECK-NEXT:  b     b0               0     1         cbuffer                  Frame    explicit register                                                                 {{.*}}kinds-and-orders.hlsl:15:17
// CHECK-NEXT:  b     -                0     1         cbuffer                  Implicit implicit, order ID 4 (DXIL) / 3 (SPIR-V)                                          {{.*}}kinds-and-orders.hlsl:16:9
// CHECK-NEXT:  b     b1..b2           3     2         ConstantBuffer<P>        Params   explicit register                                                                 {{.*}}kinds-and-orders.hlsl:18:31
// CHECK-NEXT:  b     -                0     1         cbuffer                  $Globals implicit, order ID 5 (DXIL) / 4 (SPIR-V)                                          {{.*}}kinds-and-orders.hlsl:19:7
// CHECK-EMPTY:
// CHECK-NEXT:no overlapping registers

// JSON:      "name": "Bindless",
// JSON-NEXT: "kind": "Texture2D<float4>",
// JSON-NEXT: "class": "t",
// JSON-NEXT: "register": 0,
// JSON-NEXT: "space": 2,
// JSON-NEXT: "count": null,
// JSON-NEXT: "registers": "t0.. (unbounded)",
// JSON-NEXT: "assigned": "explicit",
// JSON-NEXT: "implicit_order": null,
// JSON-NEXT: "counter_order": null,
// JSON-NEXT: "vk_binding": null,
// JSON:      "name": "Counters",
// JSON:      "counter_order": {
// JSON-NEXT:   "dxil": 2,
// JSON-NEXT:   "spirv": 2
// JSON-NEXT: },
// JSON:      "name": "Out",
// JSON:      "assigned": "implicit",
// JSON-NEXT: "implicit_order": {
// JSON-NEXT:   "dxil": 3,
// JSON-NEXT:   "spirv": 3
// JSON-NEXT: },
// JSON-NEXT: "counter_order": null,
// JSON-NEXT: "vk_binding": {
// JSON-NEXT:   "binding": 3,
// JSON-NEXT:   "set": 1
// JSON:      "overlaps": []

// HTML: <title>kinds-and-orders.hlsl – cblower bindings</title>
// HTML: <tr><td>u</td><td>–</td><td class="n">0</td><td class="n">1</td><td>RWStructuredBuffer&lt;uint&gt;</td><td>Counters</td>
// HTML: <p>No overlapping registers.</p>
