// #if/#ifdef/#ifndef/#elif/#else/#endif with defined(), defined NAME and
// integer expressions; -D NAME (defined as 1) and -D NAME=VALUE.
// RUN: %cblower layout --color never %s | FileCheck %s --check-prefix=NONE
// RUN: %cblower layout --color never -D QUALITY=1 %s | FileCheck %s --check-prefix=MED
// RUN: %cblower layout --color never -D QUALITY=2 -D USE_FOG %s | FileCheck %s --check-prefix=HIGH
// RUN: %cblower layout --format json -D QUALITY=2 -D USE_FOG %s | FileCheck %s --check-prefix=JSON

#ifndef QUALITY
#define QUALITY 0
#endif
cbuffer Cond {
#if QUALITY >= 2 && defined(USE_FOG)
  float4 fogColor;
#elif QUALITY == 1 || defined USE_FOG
  float fogDensity;
#else
  float noFog;
#endif
#ifdef USE_FOG
#if USE_FOG == 1
  float fogFlag;
#endif
#endif
#if (QUALITY * 4 + 1) % 3 == 0
  float2 extra;
#endif
  float last;
};

// QUALITY 0: noFog 0, (0*4+1) % 3 = 1 so no extra, last 4.
// NONE:      cbuffer Cond  [rules: cbuffer, size: 8 bytes]
// NONE-NEXT:   offset   size align  type                     name
// NONE-NEXT:        0      4     4  float                    noFog
// NONE-NEXT:        4      4     4  float                    last
// QUALITY 1: the #elif; 5 % 3 = 2.
// MED:      cbuffer Cond  [rules: cbuffer, size: 8 bytes]
// MED-NEXT:   offset   size align  type                     name
// MED-NEXT:        0      4     4  float                    fogDensity
// MED-NEXT:        4      4     4  float                    last
// QUALITY 2 with fog: fogColor 0..16, fogFlag 16, 9 % 3 = 0: extra 20..28, last 28.
// HIGH:      cbuffer Cond  [rules: cbuffer, size: 32 bytes]
// HIGH-NEXT:   offset   size align  type                     name
// HIGH-NEXT:        0     16     4  float4                   fogColor
// HIGH-NEXT:       16      4     4  float                    fogFlag
// HIGH-NEXT:       20      8     4  float2                   extra
// HIGH-NEXT:       28      4     4  float                    last

// JSON:      "name": "extra",
// JSON-NEXT: "type": "float2",
// JSON-NEXT: "offset": 20,
