// Input of vk-packoffset-flags.hlsl: a float2 at c0.y.
cbuffer M { float a : packoffset(c0); float2 v : packoffset(c0.y); };
