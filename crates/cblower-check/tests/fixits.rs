//! Every warning `check` gives has a fix-it (on the warning, or on a note
//! when the edit moves members or changes a macro's definition); all of a
//! file's fix-its apply at once without overlapping; the fix-its on
//! warnings move no member and remove their warnings; and applying every
//! fix-it, notes' included, and checking again until nothing is left ends
//! with no warning at all.

use std::collections::BTreeMap;
use std::path::Path;

use cblower_check::{check_padding, CheckOptions, FixIt, PaddingWarning, WarningKind};
use cblower_layout::{Clang22Target, LayoutOptions, RuleSet};
use cblower_program::Target;

/// Every kind of gap and of fix-it: vectors and rows, structs, arrays,
/// matrices (one that would move a member when widened), multi-declarator
/// lines, `packoffset`, `ConstantBuffer<T>`, `$Globals`, members written by
/// macros, bitfield storage units, a template, struct-array elements.
const SHADER: &str = "\
#define MEMBER(t, n) t n;
#define PAIR(a, b) float a; float4 b;
struct Light {
    float3 color;
    float intensity;
    float2 cone;
};
struct Sample {
    double value;
    float weight;
};
struct Flags {
    float y;
    uint64_t kind : 4;
    uint64_t lit : 2;
};
struct Tail {
    float2 t;
    uint a : 4;
    uint b : 4;
};
struct Tap { float3 dir; };
template <typename T> struct Pair { T a; T b; };
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
cbuffer More : register(b5) {
    float lone;
    float3x3 rot;
    float packed;
    MEMBER(float4, made)
    Flags flags;
    Tail tails[2];
    Tap taps2[2];
    float2x3 mats[2];
    PAIR(pa, pb)
    Pair<float3> pair;
    float3 tail;
    float tailf;
    Tap lastTap[2];
    float afterTaps;
};
float global_time;
float4 global_tint;
";

/// Min-precision values (no clang-22 rules for them): a precision-class gap.
const PRECISION: &str = "\
cbuffer Shading : register(b6) {
    min16float shade;
    float full;
    min16float2 soft;
    float4 hard;
    float tint;
    min16float after;
};
";

/// clang-22 on SPIR-V: 3-component vectors are larger in LLVM.
const SPIRV: &str = "\
struct One { float4 x; float3 dir; };
struct Two { float3 a; float b; float3 c; };
cbuffer Excess : register(b0) {
    One one;
    Two two;
    float k;
};
";

fn all_on(rules: RuleSet) -> CheckOptions {
    let mut o = CheckOptions::new(LayoutOptions::new(rules));
    for k in WarningKind::ALL {
        o.set(k, true);
    }
    if let RuleSet::Clang22(Clang22Target::SpirV) = rules {
        o.target = Target::SpirV;
    }
    o
}

fn check(path: &Path, rules: RuleSet) -> (Vec<PaddingWarning>, cblower_hlsl::Program) {
    let program = cblower_hlsl::parse_file(path, &Default::default()).unwrap();
    (check_padding(&program, &all_on(rules)).unwrap(), program)
}

/// Every member's offset, nested ones included, padding members left out.
fn offsets(program: &cblower_hlsl::Program, rules: RuleSet) -> Vec<(String, u64)> {
    let layouts = cblower_program::lay_out_program(
        &program.buffers_for_lowering(),
        LayoutOptions::new(rules),
        all_on(rules).target,
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

/// Whether two different edits cannot both be applied.
fn overlap(a: &(usize, usize, String), b: &(usize, usize, String)) -> bool {
    if a == b {
        return false;
    }
    match (a.0 == a.1, b.0 == b.1) {
        (true, true) => a.0 == b.0,
        (true, false) => b.0 < a.0 && a.0 < b.1,
        (false, true) => a.0 < b.0 && b.0 < a.1,
        (false, false) => a.0 < b.1 && b.0 < a.1,
    }
}

/// The edits of `warnings` (on notes too when `notes`), each once; panics
/// when two overlap.
fn edits(warnings: &[PaddingWarning], notes: bool) -> Vec<(usize, usize, String)> {
    let mut all: Vec<&FixIt> = warnings.iter().filter_map(|w| w.fixit.as_ref()).collect();
    if notes {
        all.extend(warnings.iter().flat_map(|w| w.note_fixits.iter()));
    }
    let mut e: Vec<_> = all
        .into_iter()
        .map(|f| (f.start.byte as usize, f.end.byte as usize, f.text.clone()))
        .collect();
    e.sort();
    e.dedup();
    for (i, a) in e.iter().enumerate() {
        for b in &e[i + 1..] {
            assert!(!overlap(a, b), "overlapping fix-its {a:?} and {b:?}");
        }
    }
    e
}

fn apply(text: &str, edits: &[(usize, usize, String)]) -> String {
    let mut out = text.to_owned();
    for (s, e, t) in edits.iter().rev() {
        out.replace_range(*s..*e, t);
    }
    out
}

type Key = (String, String, cblower_check::GapReason);

fn keys(ws: &[PaddingWarning]) -> Vec<Key> {
    ws.iter()
        .map(|w| (w.owner.clone(), w.member.clone(), w.reason))
        .collect()
}

/// Checks `text` under `rules` in `dir`: every warning has a fix-it, the
/// fix-its of all warnings apply at once, those on warnings move nothing and
/// leave no warning that had one, and applying all fix-its round after round
/// leaves no warning. Returns how many warnings the first check gave.
fn round_trip(dir: &Path, name: &str, text: &str, rules: RuleSet) -> usize {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let (before, program) = check(&path, rules);
    let ctx = |what: &str, t: &str| format!("{rules:?} {name}: {what}\n{t}");
    for w in &before {
        assert!(
            w.fixit.is_some() || !w.note_fixits.is_empty(),
            "{}",
            ctx(&format!("no fix-it: {w:#?}"), text)
        );
    }
    // The fix-its on warnings: nothing moves, and their warnings go.
    let safe = apply(text, &edits(&before, false));
    std::fs::write(&path, &safe).unwrap();
    let (after, fixed) = check(&path, rules);
    assert_eq!(
        offsets(&fixed, rules),
        offsets(&program, rules),
        "{}",
        ctx("a fix-it on a warning moved a member", &safe)
    );
    let had_fix: Vec<Key> = keys(
        &before
            .iter()
            .filter(|w| w.fixit.is_some())
            .cloned()
            .collect::<Vec<_>>(),
    );
    for k in keys(&after) {
        assert!(
            !had_fix.contains(&k),
            "{}",
            ctx(&format!("{k:?} is still there"), &safe)
        );
    }
    // Every fix-it, round after round: no warning is left.
    let mut current = text.to_owned();
    let mut ws = before.clone();
    for _ in 0..4 {
        if ws.is_empty() {
            break;
        }
        for w in &ws {
            assert!(
                w.fixit.is_some() || !w.note_fixits.is_empty(),
                "{}",
                ctx(&format!("no fix-it: {w:#?}"), &current)
            );
        }
        current = apply(&current, &edits(&ws, true));
        std::fs::write(&path, &current).unwrap();
        // Template instances given a struct of their own are gone, and the
        // copies have no gap left.
        let mut gone: Vec<String> = Vec::new();
        for w in &ws {
            let copy = w
                .note
                .as_deref()
                .and_then(|n| n.split("a struct of its own, '").nth(1))
                .and_then(|r| r.split('\'').next());
            if let Some(copy) = copy {
                gone.push(w.owner.clone());
                gone.push(format!("struct '{copy}'"));
            }
        }
        ws = check(&path, rules).0;
        for w in &ws {
            assert!(
                !gone.contains(&w.owner),
                "{}",
                ctx(&format!("{} has a gap after its copy", w.owner), &current)
            );
        }
    }
    assert!(
        ws.is_empty(),
        "{}",
        ctx(
            &format!("left after applying every fix-it: {ws:#?}"),
            &current
        )
    );
    before.len()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cblower-fixits-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const RULES: [RuleSet; 5] = [
    RuleSet::CBuffer,
    RuleSet::Structured,
    RuleSet::Std140,
    RuleSet::Clang22(Clang22Target::Dxil),
    RuleSet::Clang22(Clang22Target::SpirV),
];

#[test]
fn every_warning_of_the_test_shaders_has_a_fixit_that_removes_it() {
    let dir = temp_dir("shaders");
    let mut counts = BTreeMap::new();
    for rules in RULES {
        let n = round_trip(&dir, "shader.hlsl", SHADER, rules);
        counts.insert(format!("{rules:?} shader"), n);
        if !matches!(rules, RuleSet::Clang22(_)) {
            let n = round_trip(&dir, "precision.hlsl", PRECISION, rules);
            counts.insert(format!("{rules:?} precision"), n);
        }
    }
    let n = round_trip(
        &dir,
        "spirv.hlsl",
        SPIRV,
        RuleSet::Clang22(Clang22Target::SpirV),
    );
    counts.insert("spirv".to_owned(), n);
    // Enough of them to mean something.
    assert!(counts["CBuffer shader"] >= 20, "{counts:?}");
    assert!(counts["CBuffer precision"] >= 3, "{counts:?}");
    assert!(counts["spirv"] >= 2, "{counts:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The precision-class gap is filled with `min16float` members, exactly.
#[test]
fn precision_class_gaps_are_filled_with_the_rows_class() {
    let dir = temp_dir("precision");
    let path = dir.join("p.hlsl");
    std::fs::write(&path, PRECISION).unwrap();
    let (ws, _) = check(&path, RuleSet::CBuffer);
    let texts: Vec<(&str, &str)> = ws
        .iter()
        .map(|w| (w.member.as_str(), w.fixit.as_ref().unwrap().text.as_str()))
        .collect();
    assert_eq!(
        texts,
        [
            ("full", "min16float3 _pad0;\n    "),
            ("soft", "float3 _pad1;\n    "),
            ("hard", "min16float2 _pad2;\n    "),
            ("after", "float3 _pad3;\n    "),
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The engine-style corpus of the front end (skipping the one file that
/// needs include directories), under every rule set: every warning has a
/// fix-it (templates whose instances differ included), they apply at once,
/// and applying them round after round leaves no warning.
#[test]
fn engine_corpus_fixits_round_trip() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cblower-hlsl/tests/engine");
    let dir = temp_dir("corpus");
    let mut files: Vec<_> = std::fs::read_dir(&corpus)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .collect();
    files.sort();
    let mut warned = 0;
    for rules in RULES {
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            if text.contains("#include") {
                continue;
            }
            let program = cblower_hlsl::parse_file(file, &Default::default()).unwrap();
            if cblower_program::lay_out_program(
                &program.buffers_for_lowering(),
                LayoutOptions::new(rules),
                all_on(rules).target,
            )
            .is_err()
            {
                continue;
            }
            let name = file.file_name().unwrap().to_str().unwrap();
            if round_trip(&dir, name, &text, rules) > 0 {
                warned += 1;
            }
        }
    }
    assert!(warned >= 90, "only {warned} files had warnings");
    std::fs::remove_dir_all(&dir).unwrap();
}
