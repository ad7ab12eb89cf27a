//! Finding the programs the benchmark compares: the release `cblower`
//! (built through cargo unless given), `clang-22` and `opt-22`.

use std::env;
use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::BenchError;

/// Where Debian installs LLVM 22 when its versioned names are not on PATH.
const LLVM_BIN_DIR: &str = "/usr/lib/llvm-22/bin";

/// The three programs, as absolute or PATH-found paths.
#[derive(Debug)]
pub struct Tools {
    pub cblower: PathBuf,
    pub clang: PathBuf,
    pub opt: PathBuf,
}

impl Tools {
    /// Uses `cblower` when given, else builds it in release mode.
    pub fn locate(cblower: Option<PathBuf>) -> Result<Self, BenchError> {
        let clang = llvm_tool("clang-22")?;
        let opt = llvm_tool("opt-22")?;
        let cblower = match cblower {
            Some(path) if path.is_file() => path,
            Some(path) => return Err(BenchError::NoSuchCblower { path }),
            None => build_cblower()?,
        };
        Ok(Self {
            cblower,
            clang,
            opt,
        })
    }
}

/// `name` from PATH, else from the LLVM 22 directory.
fn llvm_tool(name: &str) -> Result<PathBuf, BenchError> {
    let on_path = env::var_os("PATH")
        .into_iter()
        .flat_map(|p| env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join(name));
    let fallback = Path::new(LLVM_BIN_DIR).join(name);
    on_path
        .chain(std::iter::once(fallback))
        .find(|p| p.is_file())
        .ok_or_else(|| BenchError::ToolMissing {
            name: name.to_owned(),
            fallback: LLVM_BIN_DIR.to_owned(),
        })
}

/// The workspace root (this crate's parent).
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Builds `cblower` in release mode with the cargo running us (same target
/// dir) and returns the executable cargo reports.
fn build_cblower() -> Result<PathBuf, BenchError> {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    eprintln!("building the release cblower ...");
    let mut child = Command::new(&cargo)
        .current_dir(workspace_root())
        .args([
            "build",
            "--release",
            "-p",
            "cblower-cli",
            "--bin",
            "cblower",
            "--message-format=json-render-diagnostics",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|source| BenchError::Spawn {
            program: cargo.to_string_lossy().into_owned(),
            source,
        })?;
    let mut executable = None;
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(path) = cblower_executable(&line) {
                executable = Some(path);
            }
        }
    }
    let status = child.wait().map_err(|source| BenchError::Spawn {
        program: cargo.to_string_lossy().into_owned(),
        source,
    })?;
    if !status.success() {
        return Err(BenchError::Build {
            status: status.to_string(),
        });
    }
    executable.ok_or(BenchError::NoCblowerArtifact)
}

/// The `cblower` executable path from one line of cargo's JSON messages.
fn cblower_executable(line: &str) -> Option<PathBuf> {
    let msg: serde_json::Value = serde_json::from_str(line).ok()?;
    if msg["reason"] != "compiler-artifact" || msg["target"]["name"] != "cblower" {
        return None;
    }
    msg["executable"].as_str().map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn executable_comes_from_the_cblower_artifact_only() {
        let ours = r#"{"reason":"compiler-artifact","target":{"name":"cblower","kind":["bin"]},"executable":"/t/release/cblower"}"#;
        let other = r#"{"reason":"compiler-artifact","target":{"name":"cblower-opt","kind":["bin"]},"executable":"/t/release/cblower-opt"}"#;
        let lib = r#"{"reason":"compiler-artifact","target":{"name":"cblower_cli","kind":["lib"]},"executable":null}"#;
        assert_eq!(
            cblower_executable(ours),
            Some(PathBuf::from("/t/release/cblower"))
        );
        assert_eq!(cblower_executable(other), None);
        assert_eq!(cblower_executable(lib), None);
        assert_eq!(cblower_executable(r#"{"reason":"build-finished"}"#), None);
        assert_eq!(cblower_executable("not json"), None);
    }

    #[test]
    fn missing_tool_is_an_error_naming_it() {
        let err = llvm_tool("no-such-tool-cblower-22").unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot find `no-such-tool-cblower-22` on PATH or in /usr/lib/llvm-22/bin"
        );
    }
}
