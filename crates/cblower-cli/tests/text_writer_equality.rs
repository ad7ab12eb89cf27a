//! The direct IR text writer (`cblower_llvm::emit::text`) against the LLVM
//! path (`emit_cbuffers` + `add_module_flags`, printed by LLVM): for every
//! input, both targets, both rule sets and with and without native 16-bit
//! types, the two must write the same bytes and report the same warnings.
//! When the writer hands an input back (`Unsupported`), `emit-llvm` falls
//! back to the LLVM path; the test counts those cases and requires that the
//! ordinary inputs (the generated cases, the corpus shaders) never do.
//!
//! Inputs: every `lit-tests/emit` and `lit-tests/layout` shader, the example
//! and corpus shaders of the golden test, the emit fuzz corpus and
//! regressions, and `CBLOWER_TEXT_CASES` (default 300) cases of the clang-22
//! differential test's seeded generator. A sample of the writer's output
//! is also parsed back and verified by LLVM.

#[allow(dead_code)]
mod differential;
#[allow(dead_code)]
mod fuzz_logic;

use std::path::{Path, PathBuf};

use cblower_cli::emit_cmd::{binding_of, clang22_globals};
use cblower_hlsl::{parse_file, parse_source, FrontendOptions, Program};
use cblower_layout::{layout_buffer, BufferDecl, Clang22Target, LayoutOptions, RuleSet};
use cblower_llvm::emit::text::{plan_module, TextInput};
use cblower_llvm::emit::{
    add_module_flags, emit_cbuffers, prepare_module, BufferInput, EmitOptions, EmitWarning,
    HandleBinding,
};
use cblower_llvm::ffi::verify_module;
use cblower_llvm::ir_io::{parse_module, print_module};
use cblower_llvm::Target;
use inkwell::context::Context;

const TARGETS: [Target; 2] = [Target::Dxil, Target::SpirV];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rule_sets(target: Target) -> [RuleSet; 2] {
    let clang = match target {
        Target::Dxil => Clang22Target::Dxil,
        Target::SpirV => Clang22Target::SpirV,
    };
    [RuleSet::CBuffer, RuleSet::Clang22(clang)]
}

#[derive(Default)]
struct Tally {
    identical: usize,
    /// Inputs neither path emits (layout or emission errors).
    rejected: usize,
    /// `label: reason` of every case the writer handed back.
    fell_back: Vec<String>,
    verified: usize,
}

/// What the LLVM path prints and warns, or `None` when it rejects the input.
fn via_llvm(
    module_id: &str,
    decls: &[BufferDecl],
    bindings: &[HandleBinding],
    layout_opts: LayoutOptions,
    opts: &EmitOptions,
) -> Option<(String, Vec<EmitWarning>)> {
    let layouts: Vec<_> = decls
        .iter()
        .map(|d| layout_buffer(d, layout_opts).ok())
        .collect::<Option<_>>()?;
    let inputs: Vec<BufferInput<'_>> = decls
        .iter()
        .zip(&layouts)
        .zip(bindings)
        .map(|((decl, layout), &binding)| BufferInput {
            decl,
            layout,
            binding,
        })
        .collect();
    let ctx = Context::create();
    let module = ctx.create_module(module_id);
    module.set_source_file_name(module_id);
    prepare_module(&module, opts.target);
    let emitted = emit_cbuffers(&ctx, &module, &inputs, opts)
        .and_then(|e| add_module_flags(&ctx, &module, opts.target, opts.native_16bit).map(|()| e))
        .ok()?;
    verify_module(&module).expect("the LLVM path's module verifies");
    Some((print_module(&module), emitted.warnings))
}

/// The first line where two texts differ, for the failure message.
fn first_difference(a: &str, b: &str) -> String {
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  llvm: {x}\n  text: {y}", i + 1);
        }
    }
    format!(
        "one text is a prefix of the other ({} and {} bytes)",
        a.len(),
        b.len()
    )
}

/// Both paths on one module; panics on any difference.
#[allow(clippy::too_many_arguments)]
fn compare(
    label: &str,
    module_id: &str,
    decls: &[BufferDecl],
    bindings: &[HandleBinding],
    target: Target,
    rules: RuleSet,
    native_16bit: bool,
    verify: bool,
    tally: &mut Tally,
) {
    let layout_opts = LayoutOptions::new(rules).native_16bit(native_16bit);
    let opts = EmitOptions {
        target,
        native_16bit,
        global_ctor: true,
        ctor_suffix: "shader.hlsl".into(),
    };
    let label = format!("{label} {target:?} {} 16bit={native_16bit}", rules.name());
    let expected = via_llvm(module_id, decls, bindings, layout_opts, &opts);
    let inputs: Vec<TextInput<'_>> = decls
        .iter()
        .zip(bindings)
        .map(|(decl, &binding)| TextInput { decl, binding })
        .collect();
    let mut lay_out = |d: &BufferDecl| layout_buffer(d, layout_opts).ok();
    let planned = plan_module(module_id, &inputs, &mut lay_out, rules, &opts);
    match (expected, planned) {
        (None, Err(_)) => tally.rejected += 1,
        (None, Ok(_)) => panic!("{label}: the writer accepts what the LLVM path rejects"),
        (Some(_), Err(reason)) => tally.fell_back.push(format!("{label}: {reason}")),
        (Some((llvm_text, llvm_warnings)), Ok(module)) => {
            let mut bytes = Vec::new();
            module.write_to(&mut bytes).expect("writing to memory");
            let text = String::from_utf8(bytes).expect("the writer writes UTF-8");
            assert!(
                text == llvm_text,
                "{label}: the texts differ at {}",
                first_difference(&llvm_text, &text)
            );
            assert_eq!(module.warnings(), llvm_warnings.as_slice(), "{label}");
            tally.identical += 1;
            if verify {
                let ctx = Context::create();
                let parsed = parse_module(&ctx, text.as_bytes(), module_id)
                    .unwrap_or_else(|e| panic!("{label}: LLVM cannot parse the text: {e:?}"));
                verify_module(&parsed)
                    .unwrap_or_else(|e| panic!("{label}: the text does not verify: {e}"));
                assert_eq!(print_module(&parsed), text, "{label}: LLVM reprints it");
                tally.verified += 1;
            }
        }
    }
}

/// A parsed program through every target and rule set, as `emit-llvm` runs it.
fn compare_program(
    label: &str,
    module_id: &str,
    program: &Program,
    native_16bit: bool,
    tally: &mut Tally,
) {
    for target in TARGETS {
        for rules in rule_sets(target) {
            let mut program = program.clone();
            if matches!(rules, RuleSet::Clang22(_)) {
                clang22_globals(&mut program);
            }
            let bindings: Vec<HandleBinding> = (0..program.buffers.len())
                .map(|i| binding_of(&program, i, target))
                .collect();
            let verify = tally.identical % 7 == 0;
            compare(
                label,
                module_id,
                &program.buffers,
                &bindings,
                target,
                rules,
                native_16bit,
                verify,
                tally,
            );
        }
    }
}

fn hlsl_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the lit directory exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .collect();
    files.sort();
    files
}

fn report(what: &str, tally: &Tally) {
    eprintln!(
        "{what}: {} identical ({} parsed back and verified), {} rejected by both paths, {} fell back",
        tally.identical,
        tally.verified,
        tally.rejected,
        tally.fell_back.len()
    );
    for f in &tally.fell_back {
        eprintln!("  fell back: {f}");
    }
}

#[test]
fn lit_shaders_write_the_same_text() {
    let mut tally = Tally::default();
    for dir in ["lit-tests/emit", "lit-tests/layout"] {
        for file in hlsl_files(&repo().join(dir)) {
            for native_16bit in [false, true] {
                let opts = FrontendOptions {
                    native_16bit,
                    ..FrontendOptions::default()
                };
                let Ok(program) = parse_file(&file, &opts) else {
                    continue;
                };
                let id = file.display().to_string();
                compare_program(&id, &id, &program, native_16bit, &mut tally);
            }
        }
    }
    report("lit shaders", &tally);
    assert!(
        tally.identical > 300,
        "too few cases emitted: {}",
        tally.identical
    );
    assert!(tally.fell_back.is_empty(), "a lit shader fell back");
}

#[test]
fn corpus_shaders_write_the_same_text_without_falling_back() {
    let mut tally = Tally::default();
    let corpus = repo().join("crates/cblower-hlsl/tests/corpus");
    let mut inputs = vec![(
        repo().join("examples/scene.hlsl"),
        FrontendOptions::default(),
    )];
    for stem in ["forward", "postfx", "terrain", "deferred"] {
        let opts = FrontendOptions {
            include_dirs: vec![corpus.join("include")],
            defines: vec![
                ("FEATURE_SKINNING".into(), None),
                ("FEATURE_MORPH".into(), Some("1".into())),
            ],
            ..FrontendOptions::default()
        };
        inputs.push((corpus.join(format!("{stem}.hlsl")), opts));
    }
    for (file, opts) in inputs {
        for native_16bit in [false, true] {
            let opts = FrontendOptions {
                native_16bit,
                ..opts.clone()
            };
            let program = parse_file(&file, &opts).expect("the corpus shaders parse");
            let id = file.display().to_string();
            compare_program(&id, &id, &program, native_16bit, &mut tally);
        }
    }
    report("corpus shaders", &tally);
    assert_eq!(tally.identical, 5 * 2 * 4 - tally.rejected);
    assert!(tally.fell_back.is_empty());
}

#[test]
fn fuzz_emit_inputs_write_the_same_text() {
    let mut tally = Tally::default();
    let mut files = Vec::new();
    for kind in ["corpus", "regressions"] {
        if let Ok(entries) = std::fs::read_dir(repo().join("fuzz").join(kind).join("emit")) {
            files.extend(entries.map(|e| e.expect("readable entry").path()));
        }
    }
    files.sort();
    assert!(files.len() >= 10, "the emit fuzz corpus is missing");
    for file in files {
        let data = std::fs::read(&file).expect("readable corpus file");
        let Some((native_16bit, decls, _)) = fuzz_logic::emit::declarations(&data) else {
            continue;
        };
        let label = file.file_name().unwrap().to_string_lossy().into_owned();
        for target in TARGETS {
            for rules in rule_sets(target) {
                let mut decls = decls.clone();
                let opts = LayoutOptions::new(rules).native_16bit(native_16bit);
                if fuzz_logic::emit::lay_out(&mut decls, opts).is_none() {
                    continue;
                }
                let bindings: Vec<HandleBinding> = decls
                    .iter()
                    .enumerate()
                    .map(|(i, d)| fuzz_logic::emit::binding_of(d, i))
                    .collect();
                let verify = tally.identical % 5 == 0;
                compare(
                    &label,
                    "fuzz",
                    &decls,
                    &bindings,
                    target,
                    rules,
                    native_16bit,
                    verify,
                    &mut tally,
                );
            }
        }
    }
    report("fuzz emit inputs", &tally);
    assert!(
        tally.identical >= 40,
        "too few cases emitted: {}",
        tally.identical
    );
    assert!(
        tally.fell_back.len() * 20 <= tally.identical,
        "more than 5% of the fuzz inputs fell back"
    );
}

#[test]
fn generated_cases_write_the_same_text_without_falling_back() {
    let cases: u64 = std::env::var("CBLOWER_TEXT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut tally = Tally::default();
    let gen = differential::generate::GenOptions::default();
    for i in 0..cases {
        let seed = 0x7E27_0000_0000_0000 + i;
        let case = differential::generate::generate(seed, &gen);
        let source = differential::render::body(&case);
        let opts = FrontendOptions {
            native_16bit: case.native16,
            ..FrontendOptions::default()
        };
        let name = format!("case-{seed:#x}.hlsl");
        let program = parse_source(&name, &source, &opts)
            .unwrap_or_else(|_| panic!("generated case {seed:#x} parses:\n{source}"));
        compare_program(&name, &name, &program, case.native16, &mut tally);
    }
    report("generated cases", &tally);
    assert!(tally.identical as u64 >= cases * 3, "too few cases emitted");
    assert!(tally.fell_back.is_empty());
}

/// Shapes picked to exercise LLVM's rules the writer replays: the order of
/// `TypeFinder`'s walk (`%C` before `%B`), a struct name clash
/// (`%__cblayout_S.0`), a register printed as a negative `i32`, `tbuffer`,
/// `ConstantBuffer<T>`, `$Globals`, vectors kept as arrays, min precision.
/// Two buffers declaring the same global `x` make LLVM rename one (`@x.1`):
/// the writer must hand that module back rather than guess.
#[test]
fn tricky_shapes_write_the_same_text() {
    let sources = [
        (
            "order.hlsl",
            "struct B { float b; }; struct C { float c; }; struct A { B b; C c; };\n\
             cbuffer S { A a; B bb; };\n",
        ),
        (
            "clash.hlsl",
            "struct __cblayout_S { float x; };\ncbuffer S { __cblayout_S s; float y; };\n\
             cbuffer T : register(b4294967295, space7) { float z; };\n",
        ),
        (
            "kinds.hlsl",
            "struct P { float4 v; };\ntbuffer TB { float a; };\n\
             ConstantBuffer<P> CB : register(b3);\n\
             cbuffer A { float3 v3[3]; half2 h; min16int m; double2x3 d; };\nfloat g;\n",
        ),
        // The front end rejects a member name used in two buffers; the
        // library API accepts it (the member is renamed below), and the
        // writer hands such a module back to LLVM.
        (
            "dup.hlsl",
            "cbuffer A { float x; };\ncbuffer B { float y; };\n",
        ),
    ];
    let mut tally = Tally::default();
    for (name, source) in sources {
        for native_16bit in [false, true] {
            let opts = FrontendOptions {
                native_16bit,
                ..FrontendOptions::default()
            };
            let mut program = parse_source(name, source, &opts).expect("the source parses");
            if name == "dup.hlsl" {
                program.buffers[1].members[0].name = "x".into();
            }
            let before = tally.identical;
            compare_program(name, name, &program, native_16bit, &mut tally);
            if name == "order.hlsl" {
                assert_eq!(tally.identical - before, 4);
            }
        }
    }
    report("tricky shapes", &tally);
    assert!(!tally.fell_back.is_empty());
    for f in &tally.fell_back {
        assert!(f.starts_with("dup.hlsl") && f.contains("`x`"), "{f}");
    }
    // kinds.hlsl: ConstantBuffer<T> has no clang-22 IR, so both paths reject it there.
    assert_eq!(tally.identical, 3 * 2 * 4 - 2 * 2);
}
