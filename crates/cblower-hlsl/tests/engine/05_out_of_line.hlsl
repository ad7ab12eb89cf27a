// A BRDF helper class with methods and operators defined out of line.
// BY HAND: ShadingConstants.Specular 0, ShadingConstants.Roughness 12, ShadingConstants.Sheen 16, ShadingConstants.Anisotropy 28, ShadingConstants.LobeWeights 32
struct SurfaceParams
{
    float3 Specular;
    float  Roughness;

    static const uint LobeCount;
    float  D(float NdotH);
    float  G(float NdotV, float NdotL);
    SurfaceParams operator*(float s);
    bool operator==(SurfaceParams o);
};

const uint SurfaceParams::LobeCount = 2;

float SurfaceParams::D(float NdotH)
{
    float a2 = this.Roughness * this.Roughness;
    float d = NdotH * NdotH * (a2 - 1) + 1;
    return a2 / (3.14159 * d * d);
}

float SurfaceParams::G(float NdotV, float NdotL)
{
    float k = Roughness * 0.5;
    return NdotV / (NdotV * (1 - k) + k) * NdotL / (NdotL * (1 - k) + k);
}

SurfaceParams SurfaceParams::operator*(float s)
{
    SurfaceParams r = this;
    r.Specular *= s;
    return r;
}

bool SurfaceParams::operator==(SurfaceParams o) { return all(Specular == o.Specular); }

cbuffer ShadingConstants : register(b2)
{
    float3 Specular;
    float  Roughness;
    float3 Sheen;
    float  Anisotropy;
    float  LobeWeights[SurfaceParams::LobeCount];
};

float3 Shade(float3 n, float3 v, float3 l)
{
    SurfaceParams p = { Specular, Roughness };
    p = p * LobeWeights[0];
    float3 h = normalize(v + l);
    return p.Specular * p.D(saturate(dot(n, h))) * p.G(saturate(dot(n, v)), saturate(dot(n, l)));
}
