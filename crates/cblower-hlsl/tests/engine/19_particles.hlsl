// Particle simulation: emitter parameters in a ConstantBuffer<T>, curves as
// arrays sized by #define expressions, an append buffer.
// BY HAND: Emitter.Position 0, Emitter.SpawnRate 12, Emitter.ColorCurve 16, Emitter.SizeCurve 144, Emitter.Gravity 196, Emitter.MaxParticles 208
#define CURVE_KEYS      8
#define SIZE_KEYS       (CURVE_KEYS / 2)

struct EmitterParams
{
    float3 Position;
    float  SpawnRate;
    float4 ColorCurve[CURVE_KEYS];   // 16..144
    float  SizeCurve[SIZE_KEYS];     // 144, 160, 176, 192 -> ends 196
    float3 Gravity;                  // 196..208 ends exactly at the row end
    uint   MaxParticles;
};

struct Particle { float3 Pos; float Age; float3 Vel; float Size; };

ConstantBuffer<EmitterParams> Emitter : register(b0, space1);
AppendStructuredBuffer<Particle> Alive : register(u0);
ConsumeStructuredBuffer<Particle> Dead : register(u1);

float4 EvalColor(float t)
{
    float k = saturate(t) * (CURVE_KEYS - 1);
    uint i = (uint)k;
    return lerp(Emitter.ColorCurve[i], Emitter.ColorCurve[min(i + 1, CURVE_KEYS - 1)], frac(k));
}

[numthreads(256, 1, 1)]
void CSSimulate(uint id : SV_DispatchThreadID)
{
    Particle p = Dead.Consume();
    p.Pos = Emitter.Position;
    p.Vel += Emitter.Gravity * 0.016;
    p.Size = Emitter.SizeCurve[id % SIZE_KEYS] * EvalColor(p.Age).a;
    Alive.Append(p);
}
