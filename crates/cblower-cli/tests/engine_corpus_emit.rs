//! Issue #16's engine corpus (`cblower-hlsl/tests/engine/`) through
//! `cblower emit-llvm`: every file gives a module that LLVM 22's verifier
//! accepts, for DXIL and SPIR-V and both rule sets; and the files clang-22
//! accepts (with a typedef prelude for the vector and matrix names, since no
//! `hlsl.h` ships with Debian's clang-22) give the same layout types and
//! buffer globals with `--rules clang-22`.

use std::path::{Path, PathBuf};
use std::process::Command;

use pretty_assertions::assert_eq;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../cblower-hlsl/tests/engine")
}

fn files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("engine corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .collect();
    v.sort();
    v
}

fn tool(name: &str) -> PathBuf {
    let p = Path::new("/usr/lib/llvm-22/bin").join(name);
    if p.exists() {
        p
    } else {
        PathBuf::from(format!("{name}-22"))
    }
}

fn scratch() -> PathBuf {
    let d = std::env::temp_dir().join(format!("cblower-engine-emit-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

fn cblower_emit(path: &Path, target: &str, rules: &str) -> Result<String, String> {
    cblower_emit_with(path, target, rules, &[])
}

fn cblower_emit_with(
    path: &Path,
    target: &str,
    rules: &str,
    extra: &[&str],
) -> Result<String, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_cblower"))
        .args(["emit-llvm", "--target", target, "--rules", rules])
        .args(extra)
        .arg("-I")
        .arg(dir().join("include/a"))
        .arg("-I")
        .arg(dir().join("include/b"))
        .arg(path)
        .args(["-o", "-"])
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn verify(ir: &str, name: &str) -> Result<(), String> {
    let path = scratch().join(format!("{name}.ll"));
    std::fs::write(&path, ir).map_err(|e| e.to_string())?;
    let out = Command::new(tool("opt"))
        .args(["-passes=verify", "-disable-output"])
        .arg(&path)
        .output()
        .map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&path);
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// What emission refuses, by design (docs/ir.md): `ConstantBuffer<T>`
/// (and arrays of it) under `--rules clang-22`.
/// (file stem, rules, words of the diagnostic), for both targets.
const REFUSED: [(&str, &str, &str); 3] = [
    (
        "01_bindless_textures",
        "clang-22",
        "clang 22 does not know `ConstantBuffer<T>`",
    ),
    (
        "19_particles",
        "clang-22",
        "clang 22 does not know `ConstantBuffer<T>`",
    ),
    (
        "21_tonemap_post",
        "clang-22",
        "clang 22 does not know `ConstantBuffer<T>`",
    ),
];

/// What only SPIR-V refuses: under DXC's default Vulkan layout (relaxed
/// std140) the struct `CurveParams` (20 bytes) rounds up to 32, so the
/// `packoffset(c2.y)` after it overlaps, which DXC rejects too ("packoffset
/// caused overlap with previous members").
const REFUSED_SPIRV: [(&str, &str, &str); 1] = [(
    "21_tonemap_post",
    "cbuffer",
    "explicit offset 36 of 'LutSize' is before the end of the previous member at 48",
)];

#[test]
fn every_engine_file_emits_verifying_ir() {
    let mut failures = Vec::new();
    let mut modules = 0;
    for path in files() {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("x");
        for target in ["dxil", "spirv"] {
            for rules in ["cbuffer", "clang-22"] {
                let spirv_only: &[_] = if target == "spirv" {
                    &REFUSED_SPIRV
                } else {
                    &[]
                };
                let refused = REFUSED
                    .iter()
                    .chain(spirv_only)
                    .find(|(f, r, _)| *f == stem && *r == rules)
                    .map(|(_, _, words)| *words);
                if let Some(words) = refused {
                    match cblower_emit(&path, target, rules) {
                        Err(e) if e.contains(words) => {}
                        other => failures.push(format!(
                            "{stem} {target} {rules}: expected a refusal with `{words}`, got {other:?}"
                        )),
                    }
                    continue;
                }
                match cblower_emit(&path, target, rules).and_then(|ir| {
                    if !ir.contains("@llvm.global_ctors") && !ir.contains("!hlsl.cbs") {
                        return Err("no buffers emitted".into());
                    }
                    verify(&ir, &format!("{stem}-{target}-{rules}"))
                }) {
                    Ok(()) => modules += 1,
                    Err(e) => failures.push(format!("{stem} {target} {rules}: {e}")),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(modules >= 110, "only {modules} modules");
}

/// Typedefs for the vector and matrix names (clang-22 without `hlsl.h`).
fn prelude() -> String {
    let mut out = String::from("typedef unsigned int uint;\n");
    for s in ["bool", "int", "uint", "float", "double", "half"] {
        for n in 1..=4 {
            out.push_str(&format!("typedef vector<{s},{n}> {s}{n};\n"));
        }
        for r in 1..=4 {
            for c in 1..=4 {
                out.push_str(&format!("typedef matrix<{s},{r},{c}> {s}{r}x{c};\n"));
            }
        }
    }
    out
}

fn clang_ir(path: &Path) -> Option<String> {
    let src = std::fs::read_to_string(path).ok()?;
    let tmp = scratch().join(path.file_name()?);
    std::fs::write(&tmp, prelude() + &src).ok()?;
    let out = Command::new(tool("clang"))
        .args([
            "-cc1",
            "-triple",
            "dxil-pc-shadermodel6.6-library",
            "-x",
            "hlsl",
            "-std=hlsl202x",
            "-emit-llvm",
            "-disable-llvm-passes",
            "-o",
            "-",
        ])
        .arg(&tmp)
        .output()
        .ok()?;
    let _ = std::fs::remove_file(&tmp);
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The layout types and the buffer globals: what the front end's
/// declarations decide.
fn buffer_lines(ir: &str) -> Vec<String> {
    ir.lines()
        .filter(|l| {
            l.starts_with("%__cblayout_")
                || (l.starts_with('@') && l.contains("addrspace(2)"))
                || (l.starts_with('@') && l.contains("target(\"dx.CBuffer\""))
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn files_clang22_accepts_match_its_layout_types() {
    let mut accepted = Vec::new();
    for path in files() {
        let Some(clang) = clang_ir(&path) else {
            continue;
        };
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("x")
            .to_string();
        let ours = cblower_emit(&path, "dxil", "clang-22").expect("cblower emit-llvm");
        assert_eq!(
            buffer_lines(&ours),
            buffer_lines(&clang),
            "{stem}: cblower --rules clang-22 vs clang-22"
        );
        assert!(!buffer_lines(&clang).is_empty(), "{stem}: no buffer lines");
        accepted.push(stem);
    }
    // Everything else uses resource types or intrinsics from `hlsl.h`,
    // which Debian's clang-22 does not ship; keep this list exact so a
    // change in what clang-22 accepts is noticed.
    assert_eq!(accepted, ["04_enum_sizes"]);
}

/// The handle-creating calls of a module: binding and order-ID arguments.
fn handle_calls(ir: &str) -> Vec<String> {
    ir.lines()
        .filter(|l| l.contains("= call target(\"dx.CBuffer\""))
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn resource_arrays_take_clangs_implicit_order_ids() {
    // Unbounded, multi-dimensional, implicitly and explicitly bound arrays
    // between buffers: each declaration without a register takes one order
    // ID, in source order, before the buffers after it and `$Globals`.
    let src = "RWBuffer<float> Bindless[] : register(u0, space1);\n\
               RWBuffer<float> Grid[4][2];\n\
               RWBuffer<float> Single;\n\
               cbuffer First { float x; };\n\
               RWBuffer<float> Bound[3] : register(u3);\n\
               RWBuffer<float> Open[];\n\
               cbuffer Second { float y; };\n\
               float g;\n";
    // clang_ir writes its prelude-prefixed copy into scratch(): keep the
    // case itself in a directory of its own.
    let dir = scratch().join("case");
    std::fs::create_dir_all(&dir).expect("case dir");
    let path = dir.join("resource-arrays.hlsl");
    std::fs::write(&path, src).expect("write case");
    let clang = clang_ir(&path).expect("clang-22 accepts RWBuffer arrays");
    let ours = cblower_emit(&path, "dxil", "clang-22").expect("cblower emit-llvm");
    let calls = handle_calls(&ours);
    assert_eq!(calls, handle_calls(&clang));
    // Grid, Single and Open take IDs 0, 1 and 3: First 2, Second 4, $Globals 5.
    let ids: Vec<&str> = calls
        .iter()
        .map(|c| c.rsplit_once("(i32 ").map_or("", |(_, args)| args))
        .collect();
    assert_eq!(
        ids,
        [
            "2, i32 0, i32 1, i32 0, ptr @First.str)",
            "4, i32 0, i32 1, i32 0, ptr @Second.str)",
            "5, i32 0, i32 1, i32 0, ptr @\"$Globals.str\")",
        ]
    );
    verify(&ours, "resource-arrays").expect("verifies");
    let _ = std::fs::remove_file(&path);
}

/// The engine files (macros, includes, pragmas, templates, code outside
/// the buffers) give the same bytes, or the same diagnostics, on one thread
/// (`--no-threads`) as on the front end's and planner's threads.
#[test]
fn one_thread_gives_the_same_output_on_every_engine_file() {
    let mut differ = Vec::new();
    let mut compared = 0;
    for path in files() {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("x");
        for (target, rules) in [
            ("dxil", "cbuffer"),
            ("spirv", "cbuffer"),
            ("dxil", "clang-22"),
        ] {
            let threads = cblower_emit(&path, target, rules);
            let one = cblower_emit_with(&path, target, rules, &["--no-threads"]);
            if threads != one {
                differ.push(format!("{stem} {target} {rules}"));
            }
            compared += 1;
        }
    }
    assert!(compared >= 60, "only {compared} runs compared");
    assert!(differ.is_empty(), "--no-threads changed: {differ:?}");
}
