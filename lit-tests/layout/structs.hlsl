// Struct definitions: a base struct (its fields come first), a nested named
// struct, an anonymous struct member. Every struct starts a row and has no
// tail padding. By hand: lead 0; d at 16 (color 16..32, weight 32), ends 36;
// o at 48: nested 48 (uv 48..56), inner starts c4 at 64 (a 64), tail 68; 72.
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON

struct Base { float4 color; };
struct Derived : Base { float weight; };
struct Outer {
  struct Nested { float2 uv; } nested;
  struct { float a; } inner;
  float tail;
};
cbuffer Structs { float lead; Derived d; Outer o; };

// CHECK:      cbuffer Structs  [rules: cbuffer, size: 72 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    lead
// CHECK-NEXT:       16     20    16  Derived                  d
// CHECK-NEXT:       16     16     4  float4                     color
// CHECK-NEXT:       32      4     4  float                      weight
// CHECK-NEXT:       48     24    16  Outer                    o
// CHECK-NEXT:       48      8    16  Outer::Nested              nested
// CHECK-NEXT:       48      8     4  float2                       uv
// CHECK-NEXT:       64      4    16  Outer::anon                inner
// CHECK-NEXT:       64      4     4  float                        a
// CHECK-NEXT:       68      4     4  float                      tail
// CHECK-EMPTY:
// CHECK-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// CHECK-NEXT:   c0   |lead       |pad: struct start------------------|
// CHECK-NEXT:   c1   |d.color                                        |
// CHECK-NEXT:   c2   |d.weight   |pad: struct start------------------|
// CHECK-NEXT:   c3   |o.nested.uv            |pad: struct start------|
// CHECK-NEXT:   c4   |o.inner.a  |o.tail     |                       |

// JSON:      "name": "o",
// JSON-NEXT: "type": "Outer",
// JSON-NEXT: "offset": 48,
// JSON-NEXT: "size": 24,
// JSON-NEXT: "align": 16,
// JSON-NEXT: "fields": [
// JSON:        "name": "inner",
// JSON-NEXT:   "type": "Outer::anon",
// JSON-NEXT:   "offset": 64,
// JSON-NEXT:   "size": 4,
