// -D and -I reach the preprocessor; macros decide the layout.
// RUN: %cblower layout -I %S/Inputs -D LIGHTS=2 %s | FileCheck %s
// RUN: %cblower layout -I %S/Inputs -D LIGHTS=3 -D WITH_FOG %s | FileCheck %s --check-prefix=FOG
// RUN: not %cblower layout %s 2>&1 | FileCheck %s --check-prefix=NOINC

#include "shared.hlsli"

cbuffer Lighting : register(b0) {
  Light lights[LIGHTS];
#ifdef WITH_FOG
  float fogDensity;
#endif
};

// CHECK: cbuffer Lighting : register(b0, space0)  [rules: cbuffer, size: 28 bytes]
// CHECK:  0     28    16  Light[2]                 lights  (stride 16)
// FOG: [rules: cbuffer, size: 48 bytes]
// FOG: 44      4     4  float                    fogDensity
// NOINC: error: {{.*}}shared.hlsli
