//! `cblower` writes IR text without loading libLLVM; the module path
//! (`--lower`, bitcode, `--via-llvm`) runs `cblower-emit-module`, which
//! links it. The dynamic loader's `LD_DEBUG=libs` trace (glibc) names
//! every library a process loads.

#![cfg(all(target_os = "linux", target_env = "gnu"))]

use std::path::PathBuf;
use std::process::{Command, Output};

const CBLOWER: &str = env!("CARGO_BIN_EXE_cblower");
const HELPER: &str = env!("CARGO_BIN_EXE_cblower-emit-module");

const SHADER: &str = "cbuffer CB : register(b0) { float4 color; float scale; };\n";

fn shader(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cblower-no-llvm-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, SHADER).unwrap();
    path
}

fn traced(program: &str, args: &[&std::ffi::OsStr]) -> Output {
    Command::new(program)
        .args(args)
        .env("LD_DEBUG", "libs")
        .output()
        .unwrap()
}

fn remove(file: &std::path::Path) {
    if let Some(dir) = file.parent() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// The libraries the trace says were searched for and loaded.
fn loaded(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter_map(|l| l.split("find library=").nth(1))
        .filter_map(|l| l.split(' ').next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn text_emission_does_not_load_llvm() {
    let file = shader("text.hlsl");
    let out = traced(CBLOWER, &["emit-llvm".as_ref(), file.as_os_str()]);
    remove(&file);
    assert!(out.status.success(), "{out:?}");
    let libs = loaded(&out);
    assert!(libs.iter().any(|l| l == "libc.so.6"), "no trace: {libs:?}");
    assert!(
        !libs.iter().any(|l| l.starts_with("libLLVM")),
        "cblower loaded {libs:?}"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("@CB.cb = global target(\"dx.CBuffer\", %__cblayout_CB) poison\n"),
        "{text}"
    );
}

#[test]
fn module_path_runs_the_helper_which_loads_llvm() {
    let file = shader("lower.hlsl");
    let out = traced(
        CBLOWER,
        &["emit-llvm".as_ref(), "--lower".as_ref(), file.as_os_str()],
    );
    assert!(out.status.success(), "{out:?}");
    let libs = loaded(&out);
    assert!(
        libs.iter().any(|l| l.starts_with("libLLVM")),
        "the module path did not load LLVM: {libs:?}"
    );
    // Same bytes as the helper run directly.
    let direct = Command::new(HELPER)
        .args(["emit-llvm".as_ref(), "--lower".as_ref(), file.as_os_str()])
        .output()
        .unwrap();
    remove(&file);
    assert!(direct.status.success(), "{direct:?}");
    assert_eq!(out.stdout, direct.stdout);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)"
        ),
        "{text}"
    );
}

#[test]
fn usage_errors_are_reported_before_the_helper_runs() {
    let out = Command::new(CBLOWER)
        .args(["emit-llvm", "--lower", "--rules", "frob", "x.hlsl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("invalid value 'frob' for '--rules <RULES>'"),
        "{err}"
    );
}
