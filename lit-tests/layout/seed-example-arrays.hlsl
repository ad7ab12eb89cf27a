// Seed 000, rule 3: each array element starts a row; the next member packs
// into the last element's row.
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --rules clang-22 %s | FileCheck %s --check-prefix=CLANG

cbuffer ExampleArrays { float2 before; float array[2]; float2 after; };

// CHECK:      cbuffer ExampleArrays  [rules: cbuffer, size: 44 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      8     4  float2                   before
// CHECK-NEXT:       16     20    16  float[2]                 array  (stride 16)
// CHECK-NEXT:       16      4     4  float                      [0]
// CHECK-NEXT:       32      4     4  float                      [1]
// CHECK-NEXT:       36      8     4  float2                   after
// CHECK-EMPTY:
// CHECK-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// CHECK-NEXT:   c0   |before                 |pad: array start-------|
// CHECK-NEXT:   c1   |array[0]   |pad: array element-----------------|
// CHECK-NEXT:   c2   |array[1]   |after                  |           |

// clang-22 aligns float2 to 8, so `after` moves to 40.
// CLANG: cbuffer ExampleArrays  [rules: clang-22, size: 48 bytes]
// CLANG:        40      8     8  float2                   after
