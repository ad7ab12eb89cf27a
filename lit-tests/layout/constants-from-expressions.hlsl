// Constants that size arrays (issue #16): static const struct members,
// static const globals from other constants, initializer-sized arrays,
// sizeof, enum values and #define'd expressions, all with HLSL's 32-bit
// integer semantics (uint arithmetic wraps, shifts keep the left type).
// By hand: Params.Taps is float[7] at 0 (6*16+4 = 100 bytes), Offsets
// float2[8] at 112 (ends 232), Wrapped float[2] at 240 (ends 260), Sized
// float[5] (sizeof(Plane) = 20 bytes / 4) at 272 (ends 340), ByEnum float4[3]
// at 352 (ends 400), Radius at 400.
// RUN: %cblower layout --color never %s | FileCheck %s

#define WRAPPED   (0xFFFFFFFFu + 3u)
#define HALF(x)   ((x) >> 1)

struct Kernel
{
    static const uint Taps = 7;
    static const uint Pairs = HALF(Taps + 1) + 4;
    float Weights[Taps];
};

struct Plane { float3 n; float d; float pad; };
enum Quality { LOW, MEDIUM, HIGH, QUALITY_COUNT };

static const int   kNegative = -1;
static const uint  kAllBits  = kNegative;              // 0xFFFFFFFF
static const uint  kCount    = (kAllBits >> 31) + 4;   // 5
static const float kJitter[] = { 0.25, 0.75, 0.5 };

cbuffer Params : register(b0)
{
    float  Taps[Kernel::Taps];
    float2 Offsets[Kernel::Pairs];
    float  Wrapped[WRAPPED];
    float  Sized[sizeof(Plane) / 4];
    float4 ByEnum[QUALITY_COUNT];
    float  Radius;
};

float Blur(float x) { return Taps[0] * x + kJitter[kCount % 3]; }

// CHECK:      cbuffer Params : register(b0, space0)  [rules: cbuffer, size: 404 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0    100    16  float[7]                 Taps  (stride 16)
// CHECK-NEXT:        0      4     4  float                      [0]
// CHECK-NEXT:       16      4     4  float                      [1]
// CHECK-NEXT:                                                   ... [2] to [5] like the others
// CHECK-NEXT:       96      4     4  float                      [6]
// CHECK-NEXT:      112    120    16  float2[8]                Offsets  (stride 16)
// CHECK-NEXT:      112      8     4  float2                     [0]
// CHECK-NEXT:      128      8     4  float2                     [1]
// CHECK-NEXT:                                                   ... [2] to [6] like the others
// CHECK-NEXT:      224      8     4  float2                     [7]
// CHECK-NEXT:      240     20    16  float[2]                 Wrapped  (stride 16)
// CHECK-NEXT:      240      4     4  float                      [0]
// CHECK-NEXT:      256      4     4  float                      [1]
// CHECK-NEXT:      272     68    16  float[5]                 Sized  (stride 16)
// CHECK-NEXT:      272      4     4  float                      [0]
// CHECK-NEXT:      288      4     4  float                      [1]
// CHECK-NEXT:      304      4     4  float                      [2]
// CHECK-NEXT:      320      4     4  float                      [3]
// CHECK-NEXT:      336      4     4  float                      [4]
// CHECK-NEXT:      352     48    16  float4[3]                ByEnum  (stride 16)
// CHECK-NEXT:      352     16     4  float4                     [0]
// CHECK-NEXT:      368     16     4  float4                     [1]
// CHECK-NEXT:      384     16     4  float4                     [2]
// CHECK-NEXT:      400      4     4  float                    Radius
// CHECK-EMPTY:
// CHECK-NOT:  $Globals
