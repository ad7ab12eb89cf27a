//! Writing results without ever leaving a partial output file behind.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` (or stdout for `-`) atomically: the data goes to a
/// temporary file beside the target, which is renamed over it only once
/// everything was written. A failed run therefore never leaves a truncated file.
pub fn write_output(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)?;
        return out.flush();
    }
    write_output_with(path, |tmp| std::fs::write(tmp, bytes))
}

/// Like [`write_output`] for a file path, but `write` produces the file
/// itself (e.g. LLVM printing a module straight to disk, without the whole
/// text in memory). `write` gets the temporary path to fill; the target is
/// replaced only if it succeeds.
pub fn write_output_with(
    path: &Path,
    write: impl FnOnce(&Path) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".to_owned());
    let tmp = dir.join(format!(".{file_name}.cblower-tmp.{}", std::process::id()));
    // No fsync: the rename is what makes the file appear whole; durability
    // across a power cut is not a compiler's business (and costs time).
    let result = write(&tmp).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_whole_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("cblower-out-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("a.ll");
        write_output(&target, b"hello\n").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"hello\n");
        let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(leftovers.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn failed_write_leaves_nothing() {
        let missing = std::env::temp_dir().join("cblower-no-such-dir-xyz/out.ll");
        assert!(write_output(&missing, b"x").is_err());
        assert!(!missing.exists());
    }
}
