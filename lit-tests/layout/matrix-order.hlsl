// Matrix storage order: the row_major/column_major keyword wins, then
// #pragma pack_matrix, then --matrix-order (default column). A column-major
// float2x3 is three float2 columns (16+16+8 = 40 bytes); a row-major one two
// float3 rows (16+12 = 28 bytes).
// RUN: %cblower layout --color never %s | FileCheck %s --check-prefixes=CHECK,COL
// RUN: %cblower layout --color never --matrix-order row %s | FileCheck %s --check-prefixes=CHECK,ROW
// RUN: %cblower layout --format json --matrix-order row %s | FileCheck %s --check-prefix=JSON

cbuffer Keywords { row_major float2x3 r; column_major float2x3 c; float2x3 dflt; };
#pragma pack_matrix(row_major)
cbuffer Pragma { float2x3 p; column_major float2x3 kc; };
#pragma pack_matrix(column_major)
cbuffer Back { float2x3 q; };

// r 0..28; c starts c2: 32..72; dflt starts c5: 80, 40 bytes (column) or 28 (row).
// COL:        cbuffer Keywords  [rules: cbuffer, size: 120 bytes]
// ROW:        cbuffer Keywords  [rules: cbuffer, size: 108 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT: 0     28    16  row_major float2x3       r
// CHECK-NEXT: 32     40    16  float2x3                 c
// COL-NEXT:   80     40    16  float2x3                 dflt
// ROW-NEXT:   80     28    16  row_major float2x3       dflt
// Matrix padding is named for the matrix (between rows or columns, and in
// front of a matrix), and labels cut short are repeated in full after the row.
// CHECK:      c0   |r.r0                               |pad: matrix|  pad: matrix row
// CHECK-NEXT: c1   |r.r1                               |pad: matrix|  pad: matrix start
// CHECK-NEXT: c2   |c.c0                   |pad: matrix column-----|
// CHECK:      cbuffer Pragma  [rules: cbuffer, size: 72 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     28    16  row_major float2x3       p
// CHECK-NEXT:       32     40    16  float2x3                 kc
// CHECK:      cbuffer Back  [rules: cbuffer, size: 40 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     40    16  float2x3                 q

// JSON:      "name": "dflt",
// JSON-NEXT: "type": "row_major float2x3",
// JSON-NEXT: "offset": 80,
// JSON-NEXT: "size": 28,
