// Shared declarations for the corpus shaders.
#pragma once

#ifndef MAX_LIGHTS
#define MAX_LIGHTS 8
#endif

// Declares a constant buffer at a register slot in the engine's space.
#define ENGINE_SPACE space1
#define DECLARE_CBUFFER(name, slot) cbuffer name : register(b##slot, ENGINE_SPACE)
#define FLOAT_PARAM(n) float n;

struct Light
{
    float3 position;
    float  range;
    float3 color;
    uint   flags;
};

static const uint kMaxBones = 32;
