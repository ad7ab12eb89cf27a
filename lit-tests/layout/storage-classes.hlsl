// static (and static const) and groupshared take no bytes; const and
// uniform members are stored. Non-static, non-resource globals form $Globals.
// By hand: Storage a 0, b 4, c 8, d 12 (16 bytes); $Globals gUniform 0,
// gConst 4, gPlain 8 (12 bytes).
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON

cbuffer Storage {
  float a;
  static const float kScale = 2.0;
  const float b;
  static float s;
  uniform float c;
  float d;
};
static float gStatic;
static const int gCount = 4;
groupshared float gShared[64];
uniform float gUniform;
const float gConst;
float gPlain;

// CHECK:      cbuffer Storage  [rules: cbuffer, size: 16 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    a
// CHECK-NEXT:        4      4     4  float                    b
// CHECK-NEXT:        8      4     4  float                    c
// CHECK-NEXT:       12      4     4  float                    d
// CHECK-EMPTY:
// CHECK:      cbuffer $Globals  [rules: cbuffer, size: 12 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    gUniform
// CHECK-NEXT:        4      4     4  float                    gConst
// CHECK-NEXT:        8      4     4  float                    gPlain
// CHECK-EMPTY:
// CHECK-NOT: {{kScale|gStatic|gCount|gShared| s$}}

// JSON:      "name": "$Globals",
// JSON-NEXT: "kind": "$Globals",
// JSON-NEXT: "binding": null,
// JSON-NEXT: "rules": "cbuffer",
// JSON-NEXT: "size": 12,
// JSON-NOT:  "gShared"
