// RUN: cd %S && %cblower check no-fixit.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// Members written by a macro, and structs made from a template, get the warning and a note instead of a fix-it.
#define MEMBER(t, n) t n;
template <typename T> struct Pair { T a; T b; };
cbuffer Odd : register(b8) {
    float first;
    MEMBER(float4, made)
    Pair<float3> pair;
};

// CHECK:no-fixit.hlsl:4:44: warning: 4 bytes of implicit padding before 'b' in struct 'Pair<float3>' (row break: 'b' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:    4 | template <typename T> struct Pair { T a; T b; };
// CHECK-NEXT:      |                                            ^
// CHECK-NEXT:no-fixit.hlsl:4:44: note: the struct is a template instance; write the padding in the template if every instance needs it
// CHECK-NEXT:no-fixit.hlsl:7:20: warning: 12 bytes of implicit padding before 'made' in cbuffer 'Odd' (row break: 'made' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:    7 |     MEMBER(float4, made)
// CHECK-NEXT:      |                    ^
// CHECK-NEXT:no-fixit.hlsl:7:20: note: write `float3 _pad0;` here to make the padding explicit
// CHECK-NEXT:2 warnings generated.
