// RUN: cd %S && %cblower check --rules structured -W padding-at-end padding-at-end.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// RUN: cd %S && %cblower check --rules structured padding-at-end.hlsl 2>&1 | FileCheck %s --check-prefix=DEFAULT --strict-whitespace --match-full-lines
struct Sample {
    double value;
    float weight;
};
cbuffer Samples : register(b6) {
    Sample first;
    float alignment;
    double last;
};

// CHECK:padding-at-end.hlsl:5:11: warning: 4 bytes of implicit padding at the end of struct 'Sample' after 'weight' (struct end: the size is rounded up to the alignment) [-Wpadding-at-end]
// CHECK-NEXT:    5 |     float weight;
// CHECK-NEXT:      |           ^
// CHECK-NEXT:      |                  float _pad0;
// CHECK-NEXT:fix-it:"padding-at-end.hlsl":{5:18-5:18}:"\n    float _pad0;"
// CHECK-NEXT:padding-at-end.hlsl:10:12: warning: 4 bytes of implicit padding before 'last' in cbuffer 'Samples' (alignment: 'last' is aligned to 8 bytes) [-Wimplicit-padding]
// CHECK-NEXT:   10 |     double last;
// CHECK-NEXT:      |            ^
// CHECK-NEXT:      |     float _pad0;
// CHECK-NEXT:fix-it:"padding-at-end.hlsl":{10:5-10:5}:"float _pad0;\n    "
// CHECK-NEXT:2 warnings generated.
// DEFAULT:padding-at-end.hlsl:10:12: warning: 4 bytes of implicit padding before 'last' in cbuffer 'Samples' (alignment: 'last' is aligned to 8 bytes) [-Wimplicit-padding]
// DEFAULT-NEXT:   10 |     double last;
// DEFAULT-NEXT:      |            ^
// DEFAULT-NEXT:      |     float _pad0;
// DEFAULT-NEXT:fix-it:"padding-at-end.hlsl":{10:5-10:5}:"float _pad0;\n    "
// DEFAULT-NEXT:1 warning generated.
