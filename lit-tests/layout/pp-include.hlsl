// #include "..." searches the including file's directory, then -I;
// #include <...> searches -I only. By hand: q 0..12, a starts c1: 16; 24.
// RUN: %cblower layout --color never -I %S/Inputs/sys %s | FileCheck %s
// RUN: %cblower layout --format json -I %S/Inputs/sys %s | FileCheck %s --check-prefix=JSON
// RUN: not %cblower layout --color never %s 2>&1 | FileCheck %s --check-prefix=NOINC

#include "Inputs/pp-quoted.hlsli"
#include <pp-angled.hlsli>
cbuffer Inc { QuotedT q; AngledT a; };

// CHECK:      cbuffer Inc  [rules: cbuffer, size: 24 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     12    16  QuotedT                  q
// CHECK-NEXT:        0     12     4  float3                     n
// CHECK-NEXT:       16      8    16  AngledT                  a
// CHECK-NEXT:       16      8     4  float2                     uv

// JSON:      "name": "a",
// JSON-NEXT: "type": "AngledT",
// JSON-NEXT: "offset": 16,

// NOINC: error: cannot find include file `pp-angled.hlsli`
// NOINC-NEXT: --> {{.*}}pp-include.hlsl:8:10
