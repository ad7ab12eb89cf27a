// Input of vk-fxc-layout.hlsl: a double3x2 followed by a member.
cbuffer DM3 { double3x2 m; float x; };
