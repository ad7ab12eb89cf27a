struct AngledT { float2 uv; };
