// Without native 16-bit types, a row never mixes min-precision and
// full-precision data (DXC's legacy cbuffer layout).
// RUN: %cblower layout %s | FileCheck %s
// RUN: %cblower layout --enable-16bit-types %s | FileCheck %s --check-prefix=NATIVE

cbuffer Foo { min16float h1; float3 f3; min16float2 h2; float3 f3_1; };

// CHECK: cbuffer Foo  [rules: cbuffer, size: 60 bytes]
// CHECK:  0      4     4  min16float               h1
// CHECK: 16     12     4  float3                   f3
// CHECK: 32      8     4  min16float2              h2
// CHECK: 48     12     4  float3                   f3_1
// CHECK: c0   |h1         |pad: precision class---------------|

// NATIVE: [rules: cbuffer, size: 32 bytes]
// NATIVE:  0      2     2  min16float               h1
// NATIVE:  4     12     4  float3                   f3
// NATIVE: 16      4     2  min16float2              h2
// NATIVE: 20     12     4  float3                   f3_1
