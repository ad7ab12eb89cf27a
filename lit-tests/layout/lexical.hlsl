// Comments (with braces and keywords inside), string literals, and line
// continuations in a macro and inside an identifier do not disturb the
// declarations. By hand: first 0, pos_x 4, pos_y 8, last would cross c0 at
// 12 so it starts c1: 16..32; spliced 32.
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON

/* cbuffer Fake { float nope; }; } */
// cbuffer Fake2 { float nope; }; {
#define DECLARE_PAIR(n) float n##_x; \
                        float n##_y;
cbuffer Lexical {
  float /* inline } comment */ first;
  DECLARE_PAIR(pos)
  float4 last; // trailing } comment
  float spl\
iced;
};
void log() { printf("} cbuffer X { float y; } {\" }"); }

// CHECK:      cbuffer Lexical  [rules: cbuffer, size: 36 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    first
// CHECK-NEXT:        4      4     4  float                    pos_x
// CHECK-NEXT:        8      4     4  float                    pos_y
// CHECK-NEXT:       16     16     4  float4                   last
// CHECK-NEXT:       32      4     4  float                    spliced
// CHECK-NOT: {{Fake|nope| X }}

// JSON:      "buffers": [
// JSON-NEXT:   {
// JSON-NEXT:     "name": "Lexical",
// JSON:          "padding": [
// JSON-NEXT:       {
// JSON-NEXT:         "offset": 12,
// JSON-NEXT:         "size": 4,
// JSON-NEXT:         "reason": "row_boundary"
// JSON-NEXT:       }
// JSON-NEXT:     ]
// JSON-NEXT:   }
// JSON-NEXT: ]
