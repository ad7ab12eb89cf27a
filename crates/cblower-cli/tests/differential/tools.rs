//! Running the two compilers on a case: clang-22 on the prelude + body, and
//! `cblower emit-llvm` on the body alone.

use std::path::{Path, PathBuf};
use std::process::Command;

pub use super::env::clang22;
use super::model::Case;
use super::render;
use super::vk_model::VkFlag;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Dxil,
    SpirV,
}

impl Target {
    pub const BOTH: [Target; 2] = [Target::Dxil, Target::SpirV];

    pub fn clang_triple(self) -> &'static str {
        match self {
            Target::Dxil => "dxil-pc-shadermodel6.3-library",
            Target::SpirV => "spirv-unknown-vulkan1.3-library",
        }
    }

    pub fn cblower_name(self) -> &'static str {
        match self {
            Target::Dxil => "dxil",
            Target::SpirV => "spirv",
        }
    }
}

/// A directory for this test process's input files.
pub fn scratch_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cblower-diff-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}

/// What a successful run printed: (standard output, standard error).
fn run_full(mut cmd: Command, what: &str) -> Result<(String, String), String> {
    let output = cmd
        .output()
        .map_err(|e| format!("{what}: cannot start: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{what} failed ({})\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let out = String::from_utf8(output.stdout)
        .map_err(|e| format!("{what}: output is not UTF-8: {e}"))?;
    Ok((out, String::from_utf8_lossy(&output.stderr).into_owned()))
}

/// Written into an error when a failed `cblower emit-llvm` left its output
/// file behind.
pub const LEFT_OUTPUT: &str = "and left its output file behind";

/// clang-22's `.ll` text for the case.
pub fn clang_ir(case: &Case, target: Target, dir: &Path) -> Result<String, String> {
    clang_ir_core(case, "", target.clang_triple(), dir)
}

/// clang-22's `.ll` text for the case, compiled for `triple`.
pub fn clang_ir_for_triple(case: &Case, triple: &str, dir: &Path) -> Result<String, String> {
    clang_ir_core(case, "", triple, dir)
}

/// clang-22's `.ll` text for the case with `extra` declarations after it.
pub fn clang_ir_with(
    case: &Case,
    extra: &str,
    target: Target,
    dir: &Path,
) -> Result<String, String> {
    clang_ir_core(case, extra, target.clang_triple(), dir)
}

fn clang_ir_core(case: &Case, extra: &str, triple: &str, dir: &Path) -> Result<String, String> {
    clang_ir_full(case, extra, triple, dir).map(|(ir, _)| ir)
}

/// clang-22's `.ll` text and its warnings (standard error) for the case
/// with `extra` declarations after it.
pub fn clang_ir_warnings(
    case: &Case,
    extra: &str,
    target: Target,
    dir: &Path,
) -> Result<(String, String), String> {
    clang_ir_full(case, extra, target.clang_triple(), dir)
}

fn clang_ir_full(
    case: &Case,
    extra: &str,
    triple: &str,
    dir: &Path,
) -> Result<(String, String), String> {
    let path = dir.join(format!("case-{:016x}-{triple}-clang.hlsl", case.seed));
    std::fs::write(&path, render::clang_source(case) + extra).map_err(|e| e.to_string())?;
    let mut cmd = Command::new(clang22());
    cmd.args(["-cc1", "-triple", triple, "-x", "hlsl", "-emit-llvm"]);
    cmd.arg("-disable-llvm-passes");
    if case.native16 {
        cmd.args(["-fnative-half-type", "-fnative-int16-type"]);
    }
    cmd.arg("-o").arg("-").arg(&path);
    let result = run_full(cmd, "clang-22");
    let _ = std::fs::remove_file(&path);
    result
}

/// Which `--rules` cblower runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    Clang22,
    Cbuffer,
}

impl Rules {
    fn tag(self) -> &'static str {
        match self {
            Rules::Clang22 => "clang22",
            Rules::Cbuffer => "default",
        }
    }
}

/// `cblower emit-llvm`'s `.ll` text for the case.
pub fn cblower_ir(case: &Case, target: Target, rules: Rules, dir: &Path) -> Result<String, String> {
    cblower_ir_core(
        case,
        "",
        &["--target", target.cblower_name()],
        rules,
        None,
        dir,
    )
}

/// `cblower emit-llvm --target spirv`'s `.ll` text for the case (and
/// `extra` after it) in the default mode with DXC's layout flag `flag`.
pub fn cblower_ir_vk(case: &Case, extra: &str, flag: VkFlag, dir: &Path) -> Result<String, String> {
    cblower_ir_core(
        case,
        extra,
        &["--target", "spirv"],
        Rules::Cbuffer,
        Some(flag),
        dir,
    )
}

/// The triple `clang --driver-mode=dxc` passes to `-cc1` for `args`
/// (`-T cs_6_6`, `-spirv`, `-fspv-target-env=...`), from its `-###` output.
pub fn dxc_driver_triple(args: &[&str], dir: &Path) -> Result<String, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let path = dir.join("driver-probe.hlsl");
    std::fs::write(&path, "").map_err(|e| e.to_string())?;
    let output = Command::new(clang22())
        .arg("--driver-mode=dxc")
        .args(args)
        .args(["-E", "main", "-###"])
        .arg(&path)
        .output()
        .map_err(|e| format!("clang-22 --driver-mode=dxc: cannot start: {e}"))?;
    let text = String::from_utf8_lossy(&output.stderr);
    let at = text
        .find("\"-triple\" \"")
        .ok_or_else(|| format!("no -triple in the driver's commands: {text}"))?;
    let rest = &text[at + "\"-triple\" \"".len()..];
    Ok(rest[..rest.find('"').unwrap_or(rest.len())].to_owned())
}

/// `cblower emit-llvm`'s `.ll` text for the case with `args` (the target,
/// triple, profile, stage) before the rules.
pub fn cblower_ir_args(
    case: &Case,
    args: &[&str],
    rules: Rules,
    dir: &Path,
) -> Result<String, String> {
    cblower_ir_core(case, "", args, rules, None, dir)
}

/// `cblower emit-llvm`'s `.ll` text for the case with `extra` declarations
/// after it.
pub fn cblower_ir_with(
    case: &Case,
    extra: &str,
    target: Target,
    rules: Rules,
    dir: &Path,
) -> Result<String, String> {
    cblower_ir_core(
        case,
        extra,
        &["--target", target.cblower_name()],
        rules,
        None,
        dir,
    )
}

/// `cblower emit-llvm`'s `.ll` text and its warnings (standard error) for
/// the case with `extra` declarations after it.
pub fn cblower_ir_warnings(
    case: &Case,
    extra: &str,
    target: Target,
    rules: Rules,
    dir: &Path,
) -> Result<(String, String), String> {
    cblower_ir_full(
        case,
        extra,
        &["--target", target.cblower_name()],
        rules,
        None,
        dir,
    )
}

fn cblower_ir_core(
    case: &Case,
    extra: &str,
    args: &[&str],
    rules: Rules,
    vk: Option<VkFlag>,
    dir: &Path,
) -> Result<String, String> {
    cblower_ir_full(case, extra, args, rules, vk, dir).map(|(ir, _)| ir)
}

/// Runs `cblower emit-llvm -o <file>` and reads the file back; a failure
/// that leaves the file behind says so ([`LEFT_OUTPUT`]).
fn cblower_ir_full(
    case: &Case,
    extra: &str,
    args: &[&str],
    rules: Rules,
    vk: Option<VkFlag>,
    dir: &Path,
) -> Result<(String, String), String> {
    let tag = format!("{}{}", args.join("_"), vk.map_or("", |f| f.tag()));
    let path = dir.join(format!("case-{:016x}-{tag}.hlsl", case.seed));
    let out = dir.join(format!("case-{:016x}-{tag}-{}.ll", case.seed, rules.tag()));
    std::fs::write(&path, render::body(case) + extra).map_err(|e| e.to_string())?;
    let spirv = args.iter().any(|a| a.starts_with("spirv"));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cblower"));
    cmd.arg("emit-llvm").args(args);
    cmd.args([
        "--rules",
        if rules == Rules::Clang22 {
            "clang-22"
        } else {
            "cbuffer"
        },
    ]);
    // Unless a test asks for one of DXC's Vulkan layouts (checked against
    // the independent model in `vk_model`), the default mode on SPIR-V asks
    // for the D3D rules, which the independent D3D packer checks.
    if rules == Rules::Cbuffer && spirv {
        if let Some(arg) = vk.unwrap_or(VkFlag::Dx).cblower_arg() {
            cmd.arg(arg);
        }
    }
    if case.native16 {
        cmd.arg("--enable-16bit-types");
    }
    cmd.arg("--color")
        .arg("never")
        .arg("-o")
        .arg(&out)
        .arg(&path);
    let result = run_full(cmd, "cblower emit-llvm");
    let _ = std::fs::remove_file(&path);
    let written = std::fs::read_to_string(&out);
    let _ = std::fs::remove_file(&out);
    match (result, written) {
        (Ok((_, warnings)), Ok(ll)) => Ok((ll, warnings)),
        (Ok(_), Err(e)) => Err(format!(
            "cblower emit-llvm succeeded but wrote no output file: {e}"
        )),
        (Err(e), Ok(_)) => Err(format!("{e}\ncblower emit-llvm failed {LEFT_OUTPUT}")),
        (Err(e), Err(_)) => Err(e),
    }
}
