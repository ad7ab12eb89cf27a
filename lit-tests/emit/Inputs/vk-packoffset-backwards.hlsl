// Input of vk-packoffset-flags.hlsl: a packoffset before the previous member's end.
cbuffer K { float4 a : packoffset(c1); float b : packoffset(c0); };
