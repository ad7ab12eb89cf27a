// Input of vk-fxc-layout.hlsl: packoffsets the D3D rules refuse (a float3 crossing a row).
cbuffer PO { float a : packoffset(c0.y); float3 v : packoffset(c0.z); float4 w : packoffset(c2); };
