// --rules cbuffer: DXC's rows: vectors align to their component, arrays and structs start a
// row, no tail padding.
// RUN: %cblower layout --color never --rules cbuffer %s | FileCheck %s
// RUN: %cblower layout --format json --rules cbuffer %s | FileCheck %s --check-prefix=JSON

struct P { float x; };
cbuffer R { float a; float3 b; float c; float arr[2]; float2 v2; P s; float last; };

// CHECK:      cbuffer R  [rules: cbuffer, size: 72 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    a
// CHECK-NEXT:        4     12     4  float3                   b
// CHECK-NEXT:       16      4     4  float                    c
// CHECK-NEXT:       32     20    16  float[2]                 arr  (stride 16)
// CHECK-NEXT:       32      4     4  float                      [0]
// CHECK-NEXT:       48      4     4  float                      [1]
// CHECK-NEXT:       52      8     4  float2                   v2
// CHECK-NEXT:       64      4    16  P                        s
// CHECK-NEXT:       64      4     4  float                      x
// CHECK-NEXT:       68      4     4  float                    last
// CHECK-EMPTY:
// CHECK-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// CHECK-NEXT:   c0   |a          |b                                  |
// CHECK-NEXT:   c1   |c          |pad: array start-------------------|
// CHECK-NEXT:   c2   |arr[0]     |pad: array element-----------------|
// CHECK-NEXT:   c3   |arr[1]     |v2                     |pad: struct|
// CHECK-NEXT:   c4   |s.x        |last       |                       |

// JSON:      "name": "R",
// JSON:      "rules": "cbuffer",
// JSON-NEXT: "size": 72,
// JSON:      "name": "v2",
// JSON-NEXT: "type": "float2",
// JSON-NEXT: "offset": 52,
