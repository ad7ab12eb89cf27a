// #line renumbers the lines after it (and renames the file) in diagnostics.
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON
// RUN: not %cblower layout --color never -D BAD %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %cblower layout --color never -D BAD2 %s 2>&1 | FileCheck %s --check-prefix=BAD2

cbuffer Lines {
  float before;
#line 100 "generated.hlsl"
#ifdef BAD
  flaot x;
#endif
#line 40
#ifdef BAD2
  float before;
#endif
  float after;
};

// CHECK:      cbuffer Lines  [rules: cbuffer, size: 8 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    before
// CHECK-NEXT:        4      4     4  float                    after

// JSON:      "name": "after",
// JSON-NEXT: "type": "float",
// JSON-NEXT: "offset": 4,

// `flaot` is on the second line after `#line 100`.
// BAD: error: unknown type name `flaot`
// BAD-NEXT: --> generated.hlsl:101:3
// BAD2: generated.hlsl:41:
