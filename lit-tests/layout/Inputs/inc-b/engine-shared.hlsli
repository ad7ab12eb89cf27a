// Second -I directory: shadowed by inc-a.
#pragma once
#define SHARED_ROWS 5
