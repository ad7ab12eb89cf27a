// Seed 000, rule 3a: a column-major float2x3 is three float2 columns, one row
// each; a one-column matrix is a plain vector. clang-22 stores flat arrays.
// RUN: %cblower layout %s | FileCheck %s
// RUN: %cblower layout --rules clang-22 %s | FileCheck %s --check-prefix=CLANG
// RUN: %cblower layout --matrix-order row %s | FileCheck %s --check-prefix=ROW

cbuffer ExampleMatrices { float2 before; float2x3 mat; float2x1 smol_mat; };

// CHECK: cbuffer ExampleMatrices  [rules: cbuffer, size: 64 bytes]
// CHECK:        16     40    16  float2x3                 mat
// CHECK:        56      8     4  float2x1                 smol_mat
// CHECK:   c0   |before                 |pad: matrix start------|
// CHECK:   c1   |mat.c0                 |pad: matrix column-----|
// CHECK:   c2   |mat.c1                 |pad: matrix column-----|
// CHECK:   c3   |mat.c2                 |smol_mat               |

// CLANG: cbuffer ExampleMatrices  [rules: clang-22, size: 56 bytes]
// CLANG:        16     24     4  float2x3                 mat
// CLANG:        48      8     4  float2x1                 smol_mat

// Row-major: float2x3 is two float3 rows (28 bytes); float2x1 is two
// one-component rows, 16 bytes apart.
// ROW: cbuffer ExampleMatrices  [rules: cbuffer, size: 68 bytes]
// ROW:        16     28    16  row_major float2x3       mat
// ROW:        48     20    16  row_major float2x1       smol_mat
