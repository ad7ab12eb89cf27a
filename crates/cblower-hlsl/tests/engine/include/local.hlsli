// Next to the including file: found for "local.hlsli" before any -I.
#pragma once
#define LOCAL_ROWS 2
