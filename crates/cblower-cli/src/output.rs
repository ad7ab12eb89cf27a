//! Writing results without ever leaving a partial output file behind.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` (or stdout for `-`) atomically: the data goes to a
/// temporary file beside the target, which is renamed over it only once
/// everything was written. A failed run therefore never leaves a truncated file.
pub fn write_output(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_output_via(path, |target| {
        if target.as_os_str() == "-" {
            let mut out = std::io::stdout().lock();
            let written = out.write_all(bytes).and_then(|()| out.flush());
            // A reader that stopped early (`cblower layout ... | head`) is
            // not an error, as with LLVM's tools.
            return match written {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                other => other,
            };
        }
        let mut out = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(target)?;
        out.write_all(bytes)?;
        out.flush()
    })
}

/// Like [`write_output`], for writers that take a path and stream into it
/// (LLVM printing a module straight to a file instead of into a string):
/// `write` gets `-` for stdout, the device itself for a device or pipe, and a
/// temporary file beside `path` otherwise, renamed over `path` once `write`
/// succeeded.
pub fn write_output_via(
    path: &Path,
    write: impl FnOnce(&Path) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if path.as_os_str() == "-" {
        std::io::stdout().lock().flush()?;
        return write(path);
    }
    if std::fs::metadata(path).is_ok_and(|m| !m.file_type().is_file() && !m.is_dir()) {
        return write(path);
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".to_owned());
    let tmp = dir.join(format!(".{file_name}.cblower-tmp.{}", std::process::id()));
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

    /// `-o /dev/null` once replaced the device node with a regular file; a
    /// FIFO stands in for the device here, so a regression cannot do harm.
    #[cfg(unix)]
    #[test]
    fn a_fifo_is_written_in_place_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = std::env::temp_dir().join(format!("cblower-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        write_output(&fifo, b"through the pipe\n").unwrap();
        // Checked before joining: a replaced FIFO would leave the reader blocked.
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(reader.join().unwrap(), b"through the pipe\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn streaming_writer_goes_through_a_renamed_temporary() {
        let dir = std::env::temp_dir().join(format!("cblower-via-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("b.ll");
        write_output_via(&target, |p| {
            assert_ne!(p, target.as_path());
            std::fs::write(p, b"streamed\n")
        })
        .unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"streamed\n");
        let failed = write_output_via(&dir.join("c.ll"), |p| {
            std::fs::write(p, b"partial")?;
            Err(std::io::Error::other("writer failed"))
        });
        assert!(failed.is_err());
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["b.ll"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn failed_write_leaves_nothing() {
        let missing = std::env::temp_dir().join("cblower-no-such-dir-xyz/out.ll");
        assert!(write_output(&missing, b"x").is_err());
        assert!(!missing.exists());
    }
}
