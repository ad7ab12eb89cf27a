// Object- and function-like macros, # (stringizing, here into an #include),
// ## (pasting), nested expansion and #undef. By hand: arr has
// SQUARE(3) - 7 = 2 elements at 0 and 16 (20 bytes); myVec (float3) packs
// at 20; COUNT, a member once the macro is gone, at 32; st starts c3: 48.
// RUN: %cblower layout --color never -I %S/Inputs %s | FileCheck %s
// RUN: %cblower layout --format json -I %S/Inputs %s | FileCheck %s --check-prefix=JSON

#define COUNT 3
#define SQUARE(x) ((x) * (x))
#define FIELD(type, name) type name;
#define CAT(a, b) a##b
#define STR(x) #x
#define VEC(n) CAT(float, n)
#include STR(pp_str.hlsli)

cbuffer Macros {
  float arr[SQUARE(COUNT) - 7];
  FIELD(VEC(3), CAT(my, Vec))
#undef COUNT
#ifdef COUNT
  float shouldNotExist;
#endif
  float COUNT;
  StrT st;
};

// CHECK:      cbuffer Macros  [rules: cbuffer, size: 52 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     20    16  float[2]                 arr  (stride 16)
// CHECK-NEXT:        0      4     4  float                      [0]
// CHECK-NEXT:       16      4     4  float                      [1]
// CHECK-NEXT:       20     12     4  float3                   myVec
// CHECK-NEXT:       32      4     4  float                    COUNT
// CHECK-NEXT:       48      4    16  StrT                     st
// CHECK-NEXT:       48      4     4  float                      s

// JSON:      "name": "myVec",
// JSON-NEXT: "type": "float3",
// JSON-NEXT: "offset": 20,
