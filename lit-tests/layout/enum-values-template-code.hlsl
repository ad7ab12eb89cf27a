// Enumerator values written as template code (`N * Pow<B, N - 1>::value`,
// as in DXC's template tests): the front end cannot evaluate them, so the
// enum is read past (and a partial specialisation of the template is not
// taken for the template itself); enumerators with plain values stay usable as sizes,
// and a use of an unread one is an error at the use.
// RUN: %cblower layout --color never %s 2>&1 | FileCheck %s
// RUN: not %cblower layout --color never -D USE_UNREAD %s 2>&1 | FileCheck --check-prefix=UNREAD %s

template <uint B, uint N> struct Pow { enum { value = B * Pow<B, N - 1>::value }; };
template <uint B> struct Pow<B, 0> { enum { value = 1 }; };

// A partial specialisation does not replace its primary template.
template <typename T, uint N> struct Lanes { T v[N]; };
template <typename T> struct Lanes<T, 1> { T v; };

enum Taps { Base = Pow<2, 3>::value, AfterBase, Fixed = 3, AfterFixed };

cbuffer Blur : register(b0)
{
    float4 Weights[Fixed];
    float  Radius[AfterFixed];
    Lanes<float, 2> Pair;
#ifdef USE_UNREAD
    float  Extra[AfterBase];
#endif
};

[numthreads(1, 1, 1)]
void main()
{
}

// clang-22 -std=hlsl202x gives <{ [3 x float4], float[4] (stride 16),
// pad 12, %Lanes(float[2], stride 16) }>: the offsets below.
// CHECK-NOT:  warning
// CHECK:      cbuffer Blur : register(b0, space0)  [rules: cbuffer, size: 132 bytes]
// CHECK-NEXT:   offset   size align  type            name
// CHECK-NEXT:        0     48    16  float4[3]       Weights  (stride 16)
// CHECK:            48     52    16  float[4]        Radius  (stride 16)
// CHECK:           112     20    16  Lanes<float, 2> Pair
// CHECK-NEXT:      112     20    16  float[2]          v  (stride 16)

// UNREAD:      error: `AfterBase` is not an integer constant
// UNREAD-NEXT:  --> {{.*}}enum-values-template-code.hlsl:24:18
