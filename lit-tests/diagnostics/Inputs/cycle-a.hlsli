#include "cycle-b.hlsli"
