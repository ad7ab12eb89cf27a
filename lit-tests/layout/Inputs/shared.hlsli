#pragma once
struct Light { float3 direction; };
