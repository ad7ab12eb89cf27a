//! Differential test of clang-22's `[[vk::push_constant]]` structs (issue
//! #15): random HLSL records, with bitfields of every width (over-wide
//! ones included), `: 0`, bases, member structs, arrays and empty structs,
//! are compiled by clang-22 and by `cblower emit-llvm --target spirv
//! --rules clang-22`; the `%struct.*` types and the `@p` global (its
//! `align`) must be identical. This is the second net under the record
//! layout and lowering model in `cblower-program/src/plan/
//! push_constant_record.rs`; the lit tests pin chosen shapes.
//!
//! Environment: `CBLOWER_PC_SEED` (first case seed, decimal or 0x-hex),
//! `CBLOWER_PC_CASES` (default 160), `CBLOWER_CLANG22` (compiler path).

#[path = "differential/env.rs"]
mod env;
// The generator shared with the clang-22 differential; not all of it is
// used here.
#[allow(dead_code)]
#[path = "differential/prng.rs"]
mod prng;

use std::fmt::Write as _;
use std::process::Command;

use env::{clang22, env_u64};
use prng::SplitMix64;

const DEFAULT_SEED: u64 = 0x5EC0_2D1F_F00D_0001;
const DEFAULT_CASES: u64 = 160;

/// A bitfield type: its spelling (a macro the run defines for each
/// compiler) and its bits.
const BIT_TYPES: [(&str, u64); 6] = [
    ("uint", 32),
    ("int", 32),
    ("bool", 32),
    ("U16", 16),
    ("U64", 64),
    ("I64", 64),
];
const PLAIN_TYPES: [&str; 6] = ["float", "uint", "double", "U16", "U64", "bool"];

/// One random translation unit: helper structs, then `P` and its block.
fn generate(rng: &mut SplitMix64) -> String {
    let mut src = String::from("typedef unsigned int uint;\nstruct E {};\n");
    // `E` is empty: a base or field of it takes no storage.
    let mut structs: Vec<String> = vec!["E".to_owned()];
    let helpers = rng.range(0, 3);
    for i in 0..=helpers {
        let name = if i == helpers {
            "P".to_owned()
        } else {
            format!("S{i}")
        };
        let base = match rng.chance(30) {
            true => format!(" : {}", rng.pick(&structs)),
            false => String::new(),
        };
        let mut body = String::new();
        let fields = if rng.chance(8) { 0 } else { rng.range(1, 7) };
        for f in 0..fields {
            let roll = rng.below(100);
            if roll < 55 {
                let &(ty, bits) = rng.pick(&BIT_TYPES);
                let width = match rng.below(100) {
                    0..=9 => 0,
                    10..=59 => u64::from(rng.range(1, bits as u32)),
                    60..=89 => bits + u64::from(rng.range(1, 70)),
                    _ => u64::from(rng.range(1, 1100)),
                };
                if width == 0 {
                    let _ = write!(body, " {ty} : 0;");
                } else if rng.chance(10) {
                    let _ = write!(body, " {ty} : {width};");
                } else {
                    let _ = write!(body, " {ty} {name}_{f} : {width};");
                }
            } else if roll < 85 {
                let _ = write!(body, " {} {name}_{f};", rng.pick(&PLAIN_TYPES));
            } else {
                let inner = rng.pick(&structs).clone();
                match rng.below(3) {
                    0 => {
                        let _ = write!(body, " {inner} {name}_{f}[{}];", rng.range(1, 3));
                    }
                    _ => {
                        let _ = write!(body, " {inner} {name}_{f};");
                    }
                }
            }
        }
        let _ = writeln!(src, "struct {name}{base} {{{body} }};");
        structs.push(name);
    }
    src.push_str("[[vk::push_constant]] P p;\n");
    src
}

/// The `%struct.*` and `@p` lines of a module, or the tool's failure.
fn record_lines(
    output: std::io::Result<std::process::Output>,
    what: &str,
) -> Result<Vec<String>, String> {
    let output = output.map_err(|e| format!("{what}: cannot start: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{what} failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|l| l.starts_with("%struct.") || l.starts_with("@p = "))
        .map(str::to_owned)
        .collect())
}

#[test]
fn push_constant_records_match_clang22() {
    let first = env_u64("CBLOWER_PC_SEED", DEFAULT_SEED);
    let cases = env_u64("CBLOWER_PC_CASES", DEFAULT_CASES);
    let dir = std::env::temp_dir().join(format!("cblower-pc-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create scratch directory");
    let cblower = env!("CARGO_BIN_EXE_cblower");
    let mut failures = Vec::new();
    let (mut wide, mut widened, mut bases) = (0, 0, 0);
    for seed in first..first + cases {
        let src = generate(&mut SplitMix64::new(seed));
        let file = dir.join(format!("case-{seed:x}.hlsl"));
        std::fs::write(&file, &src).expect("write case");
        let clang = record_lines(
            Command::new(clang22())
                .args(["-cc1", "-triple", "spirv-unknown-vulkan1.3-library"])
                .args(["-emit-llvm", "-disable-llvm-passes", "-fnative-int16-type"])
                .args(["-D", "U16=unsigned short", "-D", "U64=unsigned long"])
                .args(["-D", "I64=long", "-o", "-"])
                .arg(&file)
                .output(),
            "clang-22",
        );
        let ours = record_lines(
            Command::new(cblower)
                .args(["emit-llvm", "--target", "spirv", "--rules", "clang-22"])
                .args(["--enable-16bit-types", "--color", "never"])
                .args([
                    "-D",
                    "U16=uint16_t",
                    "-D",
                    "U64=uint64_t",
                    "-D",
                    "I64=int64_t",
                ])
                .arg(&file)
                .output(),
            "cblower",
        );
        match (&clang, &ours) {
            (Ok(a), Ok(b)) if a == b => {
                let text = a.join("\n");
                wide += usize::from(!text.contains(", align 1"));
                widened += usize::from(text.split([' ', ',']).any(|t| {
                    t.strip_prefix('i')
                        .and_then(|n| n.parse::<u64>().ok())
                        .is_some_and(|n| n > 64)
                }));
                bases += usize::from(text.contains(".base = "));
            }
            _ => failures.push(format!(
                "seed {seed:#x}:\n{src}clang-22: {clang:#?}\ncblower: {ours:#?}"
            )),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "push-constant records: {cases} cases, {} failed; {wide} over-aligned, {widened} with a widened unit, {bases} with a base-subobject type",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {cases} cases differ (rerun one with CBLOWER_PC_SEED=<seed> CBLOWER_PC_CASES=1):\n{}",
        failures.len(),
        failures.iter().take(3).cloned().collect::<Vec<_>>().join("\n")
    );
    // The generator must reach the shapes this test exists for.
    assert!(
        wide > cases as usize / 4,
        "only {wide} over-aligned records"
    );
    assert!(widened > 0, "no access unit wider than 64 bits generated");
    assert!(bases > 0, "no base-subobject type generated");
}
