//! Exit codes shared by both tools, matching the LLVM tools' conventions.

/// Everything worked.
pub const SUCCESS: i32 = 0;
/// The input was wrong (unreadable file, invalid IR or HLSL, a layout error).
pub const INPUT_ERROR: i32 = 1;
/// The command line was wrong (unknown flag or pass name).
pub const USAGE_ERROR: i32 = 2;
