// --format html: one self-contained page (no external URL), names escaped,
// padding labelled with its reason, every member block at offset/size times
// the byte width; -o writes the file; --compare draws each rule set side by
// side and marks what moved.
// RUN: rm -f %t.html
// RUN: %cblower layout --format html -o %t.html %s
// RUN: FileCheck %s < %t.html
// RUN: FileCheck %s --check-prefix=NONET --implicit-check-not=http --implicit-check-not=src= < %t.html
// RUN: %cblower layout --format html --compare clang-22 --compare std140 %s | FileCheck %s --check-prefix=CMP
// RUN: %cblower layout --color never --compare clang-22 %s | FileCheck %s --check-prefix=TEXT
// RUN: not %cblower layout --format json --compare std140 %s 2>&1 | FileCheck %s --check-prefix=JSONCMP

struct Light { float3 dir; float intensity; };
cbuffer Lighting : register(b1) {
  float3 ambient;
  float2x3 basis;
  float weights[2];
  Light key;
};

// CHECK: <!DOCTYPE html>
// CHECK: <title>html-report.hlsl – cblower layout</title>
// CHECK: @media (prefers-color-scheme: dark)
// CHECK: @media print
// CHECK: <h2>cbuffer Lighting : register(b1, space0)</h2>
// CHECK: <div class="side" data-rules="cbuffer">
// CHECK: <g class="pad" data-offset="12" data-size="4" data-reason="matrix start">
// CHECK: <g class="pad" data-offset="24" data-size="8" data-reason="matrix column">
// CHECK: <g class="member f0" data-path="ambient" data-type="float3" data-offset="0" data-size="12" data-align="4" data-placed="at the start">
// CHECK-NEXT: offset 0, size 12, align 4
// CHECK-NEXT: at the start (cbuffer rules)</title>
// CHECK-NEXT: <rect class="block" x="48" y="20" width="432" height="30"/>
// CHECK: <g class="member f1" data-path="basis" data-type="float2x3" data-offset="16" data-size="40"
// CHECK: <rect class="block" x="48" y="50" width="288" height="30"/><text class="label" x="192" y="69" text-anchor="middle">basis.c0</text>
// CHECK: <g class="member f2" data-path="weights[1]" data-type="float" data-offset="80" data-size="4" data-align="4" data-placed="after array element padding">
// CHECK: <g class="outline" data-path="key">
// CHECK: <table class="members">
// CHECK: <td style="padding-left:1.5rem">dir</td>
// CHECK: <script>
// CHECK: </html>
// NONET: <svg xmlns="http://www.w3.org/2000/svg"

// CMP: <div class="side" data-rules="cbuffer">
// CMP: <div class="side" data-rules="clang-22">
// CMP: <g class="member f1 changed" data-path="basis"
// CMP: <div class="side" data-rules="std140">
// CMP: <table class="compare">
// CMP: <tr class="changed-row"><td>basis</td><td>float2x3</td><td class="n">16+40</td><td class="n">16+24</td><td class="n">16+48</td><td>clang-22: size 40 -&gt; 24; std140: size 40 -&gt; 48</td></tr>

// TEXT:      c0   |ambient                            |pad: matrix|  pad: matrix start
// TEXT-NEXT: c1   |basis.c0               |pad: matrix column-----|
// TEXT:      c6   |key.dir                            |key.intensi|  key.intensity
// TEXT:      cbuffer Lighting: cbuffer 112 bytes, clang-22 96 bytes
// TEXT-NEXT:   member         type      cbuffer  clang-22  why
// TEXT-NEXT:   basis          float2x3    16+40     16+24  clang-22: size 40 -> 24
// TEXT-NEXT:   weights        float[2]    64+20     48+20  clang-22: an earlier member moved or grew

// JSONCMP: error: --compare needs --format text or --format html
