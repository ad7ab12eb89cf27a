#include "cycle-a.hlsli"
