// ConstantBuffer<T> and arrays of them: one layout for every element; the
// header and the JSON say how many buffers the declaration binds. An
// unbounded `[]` is an unbounded register range (as in DXC), shown as `[]`
// and `"array_len": null`; dimensions multiply ([2][3] binds 6).
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON
// RUN: not %cblower layout -D BAD_DIM %s 2>&1 | FileCheck %s --check-prefix=BAD

struct Material { float4 albedo; float roughness; float2 uvScale; };
ConstantBuffer<Material> Single : register(b0);
ConstantBuffer<Material> Mats[4] : register(b1, space2);
ConstantBuffer<Material> Bindless[] : register(b0, space3);
ConstantBuffer<Material> Grid[2][3];
#ifdef BAD_DIM
ConstantBuffer<Material> Bad[2][];
#endif

// albedo 0..16, roughness 16, uvScale 20..28: 28 bytes in every buffer.
// CHECK:      ConstantBuffer Single : register(b0, space0)  [rules: cbuffer, size: 28 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     16     4  float4                   albedo
// CHECK-NEXT:       16      4     4  float                    roughness
// CHECK-NEXT:       20      8     4  float2                   uvScale
// CHECK:      ConstantBuffer Mats[4] : register(b1, space2)  [rules: cbuffer, size: 28 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     16     4  float4                   albedo
// CHECK:      ConstantBuffer Bindless[] : register(b0, space3)  [rules: cbuffer, size: 28 bytes]
// CHECK:      ConstantBuffer Grid[6]  [rules: cbuffer, size: 28 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     16     4  float4                   albedo
// CHECK-NEXT:       16      4     4  float                    roughness
// CHECK-NEXT:       20      8     4  float2                   uvScale

// JSON:      "name": "Single",
// JSON-NEXT: "kind": "ConstantBuffer",
// JSON-NEXT: "binding": {
// JSON:      "name": "Mats",
// JSON-NEXT: "kind": "ConstantBuffer",
// JSON-NEXT: "array_len": 4,
// JSON-NEXT: "binding": {
// JSON-NEXT:   "register": 1,
// JSON-NEXT:   "space": 2
// JSON:      "size": 28,
// JSON:      "name": "Bindless",
// JSON-NEXT: "kind": "ConstantBuffer",
// JSON-NEXT: "array_len": null,
// JSON-NEXT: "binding": {
// JSON-NEXT:   "register": 0,
// JSON-NEXT:   "space": 3
// JSON:      "name": "Grid",
// JSON-NEXT: "kind": "ConstantBuffer",
// JSON-NEXT: "array_len": 6,
// JSON-NEXT: "binding": null,

// BAD: error: only the first dimension of a resource array may be unbounded
// BAD-NEXT: --> {{.*}}constantbuffer-arrays.hlsl:15:32
// BAD: help: give this dimension a size, or move `[]` to the front
