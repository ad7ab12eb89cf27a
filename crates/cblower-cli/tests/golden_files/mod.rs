//! Golden files with a bless switch, shared by the golden tests:
//! `CBLOWER_BLESS=1 cargo test` rewrites them; otherwise a mismatch is
//! reported as a line diff (`pretty_assertions`' rendering) so a failing
//! test shows what changed.

use std::path::Path;

/// Whether this run rewrites the golden files.
pub fn blessing() -> bool {
    std::env::var_os("CBLOWER_BLESS").is_some_and(|v| v != "0" && !v.is_empty())
}

/// Compares `actual` with `dir/name`, or rewrites the file when blessing.
/// Returns a description of the mismatch, if any.
pub fn check(dir: &Path, name: &str, actual: &str) -> Option<String> {
    let path = dir.join(name);
    if blessing() {
        std::fs::create_dir_all(dir).expect("the golden directory can be created");
        std::fs::write(&path, actual).expect("golden file is writable");
        return None;
    }
    let expected = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            return Some(format!(
                "{}: {e} (run with CBLOWER_BLESS=1)",
                path.display()
            ))
        }
    };
    if expected == actual {
        return None;
    }
    Some(format!(
        "{name} differs from its golden file (left: golden, right: now; CBLOWER_BLESS=1 accepts it):\n{}",
        pretty_assertions::StrComparison::new(&expected, actual)
    ))
}
