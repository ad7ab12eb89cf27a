// Ocean FFT: a complex-number struct with operator overloads (HLSL 2021),
// spectrum parameters and butterfly passes.
// BY HAND: OceanParams.WindDir 0, OceanParams.WindSpeed 8, OceanParams.Amplitude 12, OceanParams.Cascades 16, OceanParams.Time 200, OceanParams.Phase 208
struct Complex
{
    float Re;
    float Im;

    Complex operator+(Complex b) { Complex r; r.Re = Re + b.Re; r.Im = Im + b.Im; return r; }
    Complex operator-(Complex b) { Complex r; r.Re = Re - b.Re; r.Im = Im - b.Im; return r; }
    Complex operator*(Complex b)
    {
        Complex r;
        r.Re = Re * b.Re - Im * b.Im;
        r.Im = Re * b.Im + Im * b.Re;
        return r;
    }
    Complex Conj() { Complex r = { Re, -Im }; return r; }
};

struct CascadeParams { float Size; float Cutoff; Complex Twiddle; };

static const uint kCascadeCount = 3;

cbuffer OceanParams : register(b0)
{
    float2        WindDir;
    float         WindSpeed;
    float         Amplitude;
    CascadeParams Cascades[kCascadeCount * 2];   // Twiddle starts a row inside: 24 bytes, stride 32: 16..200
    float         Time;
    Complex       Phase;                         // struct: new row 208
};

RWTexture2D<float2> Spectrum : register(u0);
groupshared Complex gs_Row[256];

[numthreads(256, 1, 1)]
void CSButterfly(uint3 id : SV_DispatchThreadID)
{
    Complex a = { Spectrum[id.xy].x, Spectrum[id.xy].y };
    gs_Row[id.x] = a * Cascades[0].Twiddle + Phase;
    GroupMemoryBarrierWithGroupSync();
    Complex b = gs_Row[id.x ^ 1] - a.Conj();
    Spectrum[id.xy] = float2(b.Re, b.Im) * Amplitude * cos(Time);
}
