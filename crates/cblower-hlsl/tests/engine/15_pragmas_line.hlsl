// Generated shader: #pragma of several kinds, #line remapping, __FILE__ and
// __LINE__ (which sizes an array here, as some generators do).
// BY HAND: Generated.Rows 0, Generated.Tail 52
#pragma once
#pragma warning(disable : 3557 3571)
#pragma warning(push)
#pragma dxc diagnostic push
#pragma dxc diagnostic ignored "-Wconversion"
#pragma pack_matrix(row_major)
#pragma message("compiling the generated pass")
#pragma def(ps_5_0, c0, 0, 0, 0, 0)

static const string kSourceFile = __FILE__;
#line 2 "generated/pass.hlsl"
cbuffer Generated : register(b0)
{
    float Rows[__LINE__];      // line 4 of generated/pass.hlsl: 4 elements, 0..52
    float Tail;
};
#pragma dxc diagnostic pop
#pragma warning(pop)

float4 PSMain() : SV_Target { return Rows[0] + Tail; }
