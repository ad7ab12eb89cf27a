#include "cycle-a.hlsli"
cbuffer CB { float a; };
