// HLSL 2021 (issue #16): struct templates instantiated for layout (with
// defaults and non-type parameters), template functions skipped, bitfields
// packed into storage units of their declared type as DXC packs them, and
// enum class members sized by their underlying type.
// By hand: Range<float3> is Min 0..12, Max 16..28 (28 bytes); Ring<float, 3>
// is Items 0, 16, 32 and Head 36 (40 bytes); Flags packs Type:4 + Lit:1 +
// Index:27 into one uint (0) and Range:16 into a second (4): 8 bytes.
// Scene: Bounds 0, Exposure 28, History 32, Flags0 80, Mode0 88, Frame 92.
// RUN: %cblower layout --color never %s | FileCheck %s

template <typename T> struct Range { T Min; T Max; };
template <typename T, uint N = 3> struct Ring { T Items[N]; uint Head; };
template <typename T> T Lerp3(T a, T b, T c, float t) { return t < 0.5 ? lerp(a, b, 2 * t) : lerp(b, c, 2 * t - 1); }

struct Flags
{
    uint Type  : 4;
    uint Lit   : 1;
    int  Index : 27;
    uint Range : 16;
};

enum class Mode : uint { Off, Box, Variance };

struct Complex
{
    float Re, Im;
    Complex operator*(Complex b) { Complex r = { Re * b.Re - Im * b.Im, Re * b.Im + Im * b.Re }; return r; }
};

cbuffer Scene : register(b0)
{
    Range<float3> Bounds;
    float         Exposure;
    Ring<float>   History;
    Flags         Flags0;
    Mode          Mode0;
    uint          Frame;
};

float4 PSMain(float3 p : POSITION) : SV_Target
{
    return Lerp3(History.Items[0], History.Items[1], History.Items[2], Exposure).xxxx;
}

// CHECK:      cbuffer Scene : register(b0, space0)  [rules: cbuffer, size: 96 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     28    16  Range<float3>            Bounds
// CHECK-NEXT:        0     12     4  float3                     Min
// CHECK-NEXT:       16     12     4  float3                     Max
// CHECK-NEXT:       28      4     4  float                    Exposure
// CHECK-NEXT:       32     40    16  Ring<float, 3>           History
// CHECK-NEXT:       32     36    16  float[3]                   Items  (stride 16)
// CHECK-NEXT:       32      4     4  float                        [0]
// CHECK-NEXT:       48      4     4  float                        [1]
// CHECK-NEXT:       64      4     4  float                        [2]
// CHECK-NEXT:       68      4     4  uint                       Head
// CHECK-NEXT:       80      8    16  Flags                    Flags0
// CHECK-NEXT:       80      4     4  uint                       Type
// CHECK-NEXT:       84      4     4  uint                       Range
// CHECK-NEXT:       88      4     4  uint                     Mode0
// CHECK-NEXT:       92      4     4  uint                     Frame
// CHECK-EMPTY:
// CHECK-NOT:  $Globals
