// Input of vk-fxc-layout.hlsl: packoffsets out of declaration order.
cbuffer K { float4 a : packoffset(c1); float b : packoffset(c0); };
