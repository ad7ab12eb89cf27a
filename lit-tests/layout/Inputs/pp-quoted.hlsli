struct QuotedT { float3 n; };
