// Overlapping explicit registers are errors naming both declarations
// (file:line:col of each register annotation), exit code 1; the report is
// still written. Different classes or spaces do not overlap; an unbounded
// array takes every register from its first on.
// RUN: not %cblower bindings %s > %t.txt 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.txt
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: not %cblower bindings --format json %s 2>/dev/null | FileCheck %s --check-prefix=JSON

Texture2D<float4> Maps[4] : register(t0);
Texture2D<float4> Shadow : register(t3);
RWTexture2D<float4> Out : register(u3);
Texture2D<float4> Other : register(t3, space1);
Texture2D<float4> All[] : register(t10);
Texture2D<float4> Late : register(t4000);
cbuffer A : register(b2) { float a; };
cbuffer B : register(b2) { float b; };

// OUT: 3 overlapping register ranges:
// OUT-NEXT: {{.*}}overlaps.hlsl:11:28: error: registers t3 of `Shadow` overlap registers t0..t3 of `Maps` ({{.*}}overlaps.hlsl:10:29) in space0
// OUT-NEXT: {{.*}}overlaps.hlsl:15:26: error: registers t4000 of `Late` overlap registers t10.. (unbounded) of `All` ({{.*}}overlaps.hlsl:14:27) in space0
// OUT-NEXT: {{.*}}overlaps.hlsl:17:13: error: registers b2 of `B` overlap registers b2 of `A` ({{.*}}overlaps.hlsl:16:13) in space0

// The front end's overlap warnings are not printed as well: each overlap
// is reported once, as the command's error.
// ERR-NOT: warning:
// ERR: {{.*}}overlaps.hlsl:11:28: error: registers t3 of `Shadow` overlap registers t0..t3 of `Maps` ({{.*}}overlaps.hlsl:10:29) in space0
// ERR: {{.*}}overlaps.hlsl:15:26: error: registers t4000 of `Late` overlap
// ERR: {{.*}}overlaps.hlsl:17:13: error: registers b2 of `B` overlap registers b2 of `A`
// ERR: help: move one of them to free registers or another space
// ERR-NOT: warning:

// JSON:      "overlaps": [
// JSON-NEXT:   {
// JSON-NEXT:     "first": 0,
// JSON-NEXT:     "second": 1,
