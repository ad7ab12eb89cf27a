// The shader of the screenshot in docs/cli.md (tools/docs-screenshot.sh).
struct Light { float3 dir; float intensity; float2 spot; };
cbuffer Lighting : register(b1) {
  float3 ambient;
  float2 fog;
  float2x3 basis;
  float weights[3];
  Light key;
  float exposure;
};
