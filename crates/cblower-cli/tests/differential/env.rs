//! What the differential tests read from the environment: seeds and counts,
//! and where clang-22 is. Shared by every differential test binary (those
//! that do not need the rest of `differential` include this file alone).

use std::path::{Path, PathBuf};

/// The variable `name` as a number (decimal or `0x` hex), or `default`.
pub fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Err(_) => default,
        Ok(v) => {
            let parsed = match v.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => v.parse(),
            };
            parsed.unwrap_or_else(|_| panic!("{name}={v} is not a number"))
        }
    }
}

/// `CBLOWER_CLANG22`, else Debian's install path, else `clang-22` on PATH.
pub fn clang22() -> PathBuf {
    if let Some(path) = std::env::var_os("CBLOWER_CLANG22") {
        return PathBuf::from(path);
    }
    let debian = Path::new("/usr/lib/llvm-22/bin/clang-22");
    if debian.exists() {
        debian.to_path_buf()
    } else {
        PathBuf::from("clang-22")
    }
}
