// First -I directory: wins for <engine-shared.hlsli>.
#pragma once
#define SHARED_ROWS 3
