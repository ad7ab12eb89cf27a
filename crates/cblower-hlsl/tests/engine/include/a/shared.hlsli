// Found first for <shared.hlsli>: the first -I directory wins.
#pragma once
#define SHARED_FROM_A 1
#define SHARED_ROWS 3
