//! Applying every fix-it `check` offers removes every warning it fixes,
//! and moves no member: the fixed file, checked again, warns only where no
//! fix-it was offered.

use std::path::Path;

use cblower_check::{check_padding, CheckOptions, PaddingWarning, WarningKind};
use cblower_layout::{LayoutOptions, RuleSet};

const SHADER: &str = "\
struct Light {
    float3 color;
    float intensity;
    float2 cone;
};
struct Sample {
    double value;
    float weight;
};
cbuffer Frame : register(b0) {
    float time;
    Light sun;
    float2 jitter;
    float3 position;
    float radius;
    float4 taps[2];
    float3 a, b;
    float weights[3];
    float3x3 normalMatrix;
    float4 last;
};
cbuffer Placed : register(b1) {
    float first : packoffset(c0);
    float4 second : packoffset(c2);
};
cbuffer Samples : register(b2) {
    Sample s;
    float alignment;
    double d;
};
struct Params {
    float2 uv;
    float3 normal;
};
ConstantBuffer<Params> first_params : register(b3);
ConstantBuffer<Params> second_params : register(b4);
float global_time;
float4 global_tint;
";

fn all_on(rules: RuleSet) -> CheckOptions {
    let mut o = CheckOptions::new(LayoutOptions::new(rules));
    for k in WarningKind::ALL {
        o.set(k, true);
    }
    o
}

fn check(path: &Path, rules: RuleSet) -> (Vec<PaddingWarning>, cblower_hlsl::Program) {
    let program = cblower_hlsl::parse_file(path, &Default::default()).unwrap();
    (check_padding(&program, &all_on(rules)).unwrap(), program)
}

fn offsets(program: &cblower_hlsl::Program, rules: RuleSet) -> Vec<(String, u64)> {
    let layouts = cblower_program::lay_out_program(
        &program.buffers_for_lowering(),
        LayoutOptions::new(rules),
        cblower_program::Target::Dxil,
    )
    .unwrap();
    let mut out = Vec::new();
    for l in &layouts {
        for m in l.members() {
            if !m.name().starts_with("_pad") {
                out.push((format!("{}.{}", l.name, m.name()), m.offset().get()));
            }
        }
    }
    out
}

fn apply(text: &str, warnings: &[PaddingWarning]) -> String {
    let mut edits: Vec<_> = warnings
        .iter()
        .filter_map(|w| w.fixit.as_ref())
        .map(|f| (f.start.byte as usize, f.end.byte as usize, f.text.clone()))
        .collect();
    edits.sort();
    edits.dedup();
    let mut out = text.to_owned();
    for (s, e, t) in edits.into_iter().rev() {
        out.replace_range(s..e, &t);
    }
    out
}

fn round_trip(rules: RuleSet, name: &str) {
    let dir = std::env::temp_dir().join(format!("cblower-fixits-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shader.hlsl");
    std::fs::write(&path, SHADER).unwrap();
    let (before, program) = check(&path, rules);
    let with_fix = before.iter().filter(|w| w.fixit.is_some()).count();
    assert!(
        with_fix >= 2,
        "{rules:?}: only {with_fix} fix-its: {before:#?}"
    );
    let old_offsets = offsets(&program, rules);
    std::fs::write(&path, apply(SHADER, &before)).unwrap();
    let (after, fixed) = check(&path, rules);
    // Every warning left is one that had no fix-it (a note said why).
    let unfixed: Vec<_> = before
        .iter()
        .filter(|w| {
            w.fixit.is_none()
                && w.note.as_deref()
                    != Some("the fix-it on the member before it fills this gap too")
        })
        .map(|w| (w.owner.clone(), w.member.clone(), w.reason))
        .collect();
    let left: Vec<_> = after
        .iter()
        .map(|w| (w.owner.clone(), w.member.clone(), w.reason))
        .collect();
    assert_eq!(
        left,
        unfixed,
        "{rules:?}\n{}",
        std::fs::read_to_string(&path).unwrap()
    );
    assert_eq!(offsets(&fixed, rules), old_offsets);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cbuffer_fixits_remove_their_warnings() {
    round_trip(RuleSet::CBuffer, "cbuffer");
}

#[test]
fn structured_fixits_remove_their_warnings() {
    round_trip(RuleSet::Structured, "structured");
}

#[test]
fn std140_fixits_remove_their_warnings() {
    round_trip(RuleSet::Std140, "std140");
}

/// The engine-style corpus of the front end (skipping the one file that
/// needs include directories): under several rule sets, every fix-it
/// applied leaves no warning that had one, and no member moves.
#[test]
fn engine_corpus_fixits_round_trip() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cblower-hlsl/tests/engine");
    let dir = std::env::temp_dir().join(format!("cblower-fixits-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files: Vec<_> = std::fs::read_dir(&corpus)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .collect();
    files.sort();
    let mut fixed = 0;
    for rules in [RuleSet::CBuffer, RuleSet::Std140, RuleSet::Structured] {
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            if text.contains("#include") {
                continue;
            }
            let copy = dir.join(file.file_name().unwrap());
            std::fs::write(&copy, &text).unwrap();
            let (before, program) = check(&copy, rules);
            if before.iter().all(|w| w.fixit.is_none()) {
                continue;
            }
            let old = offsets(&program, rules);
            std::fs::write(&copy, apply(&text, &before)).unwrap();
            let (after, again) = check(&copy, rules);
            let unfixed = before.iter().filter(|w| w.fixit.is_none()).count();
            assert!(
                after.iter().all(|w| w.fixit.is_none()) && after.len() <= unfixed,
                "{rules:?} {}: {after:#?}",
                file.display()
            );
            assert_eq!(offsets(&again, rules), old, "{rules:?} {}", file.display());
            fixed += 1;
        }
    }
    assert!(fixed >= 30, "only {fixed} files had fix-its");
    std::fs::remove_dir_all(&dir).unwrap();
}
