//! Links LLVM 22: statically into release builds, dynamically otherwise.
//!
//! llvm-sys is built with `no-llvm-linking`, so this script decides. A release
//! binary (`cblower-opt`, `cblower`) links LLVM's static libraries: only the
//! parts it calls are in it, and starting it costs no symbol lookups in the
//! 100-MiB `libLLVM-22.so` (18 M of `cblower-opt`'s 342 M instructions on the
//! 10k-load SPIR-V benchmark module; see `docs/performance.md`). Debug builds
//! (the tests and their doctests, `cargo build`) link `libLLVM-22.so`, which
//! links in a fraction of the time.
//! `CBLOWER_LLVM_LINK=static` or `=dynamic` overrides the choice.
//!
//! LLVM is found as llvm-sys finds it: `$LLVM_SYS_221_PREFIX/bin/llvm-config`
//! (`.cargo/config.toml` sets it to Debian's `/usr/lib/llvm-22`), else
//! `llvm-config-22` or `llvm-config` on the path.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    println!("cargo:rerun-if-env-changed=CBLOWER_LLVM_LINK");
    let config = llvm_config_path();
    let release = std::env::var("PROFILE").is_ok_and(|p| p == "release");
    let link_static = match std::env::var("CBLOWER_LLVM_LINK").as_deref() {
        Ok("static") => true,
        Ok("dynamic") => false,
        Ok(other) => panic!("CBLOWER_LLVM_LINK is '{other}'; use 'static' or 'dynamic'"),
        Err(_) => release,
    };
    let mode = if link_static {
        "--link-static"
    } else {
        "--link-shared"
    };
    let libdir = llvm_config(&config, &["--libdir"]);
    println!("cargo:rustc-link-search=native={}", libdir.trim());
    for lib in llvm_config(&config, &[mode, "--libs"]).split_whitespace() {
        let name = lib.strip_prefix("-l").unwrap_or(lib);
        if link_static {
            // Not bundled into this crate's rlib: the linker reads LLVM's
            // archives where they are, once, for the final binary.
            println!("cargo:rustc-link-lib=static:-bundle={name}");
        } else {
            println!("cargo:rustc-link-lib=dylib={name}");
        }
    }
    for lib in llvm_config(&config, &[mode, "--system-libs"]).split_whitespace() {
        if let Some(name) = lib.strip_prefix("-l") {
            println!("cargo:rustc-link-lib=dylib={name}");
        } else if let Some(name) = shared_library_name(Path::new(lib)) {
            // A full path (`/usr/lib/x86_64-linux-gnu/libz3.so`).
            if let Some(dir) = Path::new(lib).parent() {
                println!("cargo:rustc-link-search=native={}", dir.display());
            }
            println!("cargo:rustc-link-lib=dylib={name}");
        } else {
            panic!("llvm-config --system-libs printed '{lib}', which is not a library");
        }
    }
    // LLVM is C++: its static libraries need the C++ runtime.
    println!("cargo:rustc-link-lib=dylib=stdc++");
}

/// `libz3.so` or `libz3.so.4` → `z3`.
fn shared_library_name(path: &Path) -> Option<String> {
    let file = path.file_name()?.to_str()?;
    let stem = file.strip_prefix("lib")?;
    let end = stem.find(".so")?;
    Some(stem[..end].to_owned())
}

fn llvm_config_path() -> PathBuf {
    if let Some(prefix) = std::env::var_os("LLVM_SYS_221_PREFIX") {
        let path = PathBuf::from(prefix).join("bin").join("llvm-config");
        if path.exists() {
            return path;
        }
    }
    for name in ["llvm-config-22", "llvm-config"] {
        if Command::new(name).arg("--version").output().is_ok() {
            return PathBuf::from(name);
        }
    }
    panic!(
        "llvm-config for LLVM 22 not found: set LLVM_SYS_221_PREFIX (llvm-config/install.sh \
         installs Debian's LLVM 22 in /usr/lib/llvm-22)"
    );
}

fn llvm_config(config: &Path, args: &[&str]) -> String {
    let out = Command::new(config)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", config.display()));
    if !out.status.success() {
        panic!(
            "{} {} failed: {}",
            config.display(),
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    String::from_utf8(out.stdout).expect("llvm-config prints UTF-8")
}
