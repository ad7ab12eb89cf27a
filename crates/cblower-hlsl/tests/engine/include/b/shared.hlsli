// Only found when include/a is not searched first.
#pragma once
#define SHARED_ROWS 5
