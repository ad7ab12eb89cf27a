#include "nowhere.hlsli"
cbuffer CB { float a; };
