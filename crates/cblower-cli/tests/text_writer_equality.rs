//! The two sinks of one emission plan: the text writer
//! (`cblower_llvm::emit::text::write_text`) against the module builder
//! (`build_module`, printed by LLVM). For every input, both targets, both
//! rule sets and with and without native 16-bit types, the plan is made
//! once and the two sinks must write the same bytes. A sample of the
//! texts is also parsed back by LLVM, verified and reprinted unchanged.
//!
//! Inputs: every `lit-tests/emit` and `lit-tests/layout` shader, the example
//! and corpus shaders of the golden test, the emit fuzz corpus and
//! regressions, and `CBLOWER_TEXT_CASES` (default 300) cases of the clang-22
//! differential test's seeded generator.

#[allow(dead_code)]
mod differential;
#[allow(dead_code)]
mod fuzz_logic;

use std::path::{Path, PathBuf};

use cblower_hlsl::{parse_file, parse_source, FrontendOptions, Program};
use cblower_layout::BufferDecl;
use cblower_llvm::emit::text::write_text;
use cblower_llvm::emit::{build_module, EmissionPlan, HandleBinding};
use cblower_llvm::ir_io::verify_module;
use cblower_llvm::ir_io::{parse_module, print_module};
use cblower_llvm::Target;
use cblower_program::plan::plan_module;
use cblower_program::{EffectiveDecl, Flavor, PlanInput, PlanOptions, ProgramError, TargetTriple};
use inkwell::context::Context;
use pretty_assertions::assert_eq;

const TARGETS: [Target; 2] = [Target::Dxil, Target::SpirV];
const FLAVORS: [Flavor; 2] = [Flavor::Dxc, Flavor::Clang22];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[derive(Default)]
struct Tally {
    identical: usize,
    /// Inputs that cannot be planned (layout or emission errors).
    rejected: usize,
    verified: usize,
}

fn plan_options(
    module_id: &str,
    target: Target,
    flavor: Flavor,
    native_16bit: bool,
) -> PlanOptions {
    PlanOptions {
        native_16bit,
        ctor_suffix: "shader.hlsl".into(),
        module_id: module_id.to_owned(),
        ..PlanOptions::new(target, flavor)
    }
}

/// Both sinks of one plan; panics on any difference.
fn compare(
    label: &str,
    plan: Result<EmissionPlan<'_>, ProgramError>,
    verify: bool,
    tally: &mut Tally,
) {
    let Ok(plan) = plan else {
        tally.rejected += 1;
        return;
    };
    let label = format!(
        "{label} {:?} {:?} 16bit={}",
        plan.target, plan.flavor, plan.native_16bit
    );
    let ctx = Context::create();
    let (module, emitted) = build_module(&ctx, &plan)
        .unwrap_or_else(|e| panic!("{label}: the module sink refuses a plan: {e}"));
    let llvm_text = print_module(&module);
    let mut bytes = Vec::new();
    write_text(&plan, &mut bytes).expect("writing to memory");
    let text = String::from_utf8(bytes).expect("the writer writes UTF-8");
    assert_eq!(llvm_text, text, "{label}");
    assert_eq!(emitted.warnings, plan.warnings, "{label}");
    tally.identical += 1;
    if verify {
        let ctx = Context::create();
        let parsed = parse_module(&ctx, text.as_bytes(), &plan.module_id)
            .unwrap_or_else(|e| panic!("{label}: LLVM cannot parse the text: {e:?}"));
        verify_module(&parsed).unwrap_or_else(|e| panic!("{label}: the text does not verify: {e}"));
        assert_eq!(print_module(&parsed), text, "{label}: LLVM reprints it");
        tally.verified += 1;
    }
}

/// Declarations with their bindings, planned as they are.
fn compare_decls(
    label: &str,
    decls: &[BufferDecl],
    bindings: &[HandleBinding],
    opts: &PlanOptions,
    verify: bool,
    tally: &mut Tally,
) {
    let inputs = decls
        .iter()
        .zip(bindings)
        .map(|(decl, &binding)| PlanInput {
            decl: EffectiveDecl::unchanged(decl),
            binding,
            layout: None,
            member_order: &[],
        })
        .collect();
    compare(label, plan_module(inputs, opts), verify, tally);
}

/// A parsed program through every target and flavour, as `emit-llvm` plans it.
fn compare_program(
    label: &str,
    module_id: &str,
    program: &Program,
    native_16bit: bool,
    tally: &mut Tally,
) {
    let buffers = program.buffers_for_lowering();
    for target in TARGETS {
        for flavor in FLAVORS {
            let opts = plan_options(module_id, target, flavor, native_16bit);
            let verify = tally.identical.is_multiple_of(7);
            compare(label, cblower_program::plan(&buffers, &opts), verify, tally);
        }
        // A stage's triple: a new triple line, no `@llvm.global_ctors`.
        let stage = match target {
            Target::Dxil => "dxil-pc-shadermodel6.6-compute",
            Target::SpirV => "spirv1.5-unknown-vulkan1.2-pixel",
        };
        let opts = PlanOptions {
            triple: Some(TargetTriple::parse(stage, None).expect("a valid triple")),
            ..plan_options(module_id, target, Flavor::Dxc, native_16bit)
        };
        compare(label, cblower_program::plan(&buffers, &opts), true, tally);
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
        "{what}: {} identical ({} parsed back and verified), {} not plannable",
        tally.identical, tally.verified, tally.rejected,
    );
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
}

#[test]
fn corpus_shaders_write_the_same_text() {
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
    // Per shader and 16-bit setting: 2 targets x (2 flavours + 1 stage triple).
    assert_eq!(tally.identical, 5 * 2 * 6 - tally.rejected);
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
            for flavor in FLAVORS {
                let mut decls = decls.clone();
                let opts = plan_options("fuzz", target, flavor, native_16bit);
                if fuzz_logic::emit::lay_out(&mut decls, opts.layout_options()).is_none() {
                    continue;
                }
                let bindings: Vec<HandleBinding> = decls
                    .iter()
                    .enumerate()
                    .map(|(i, d)| fuzz_logic::emit::binding_of(d, i))
                    .collect();
                let verify = tally.identical % 5 == 0;
                compare_decls(&label, &decls, &bindings, &opts, verify, &mut tally);
            }
        }
    }
    report("fuzz emit inputs", &tally);
    assert!(
        tally.identical >= 40,
        "too few cases emitted: {}",
        tally.identical
    );
}

#[test]
fn generated_cases_write_the_same_text() {
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
}

/// Shapes picked to exercise LLVM's rules the writer replays: the order of
/// `TypeFinder`'s walk (`%C` before `%B`), a struct name clash
/// (`%__cblayout_S.0`), a register printed as a negative `i32`, `tbuffer`,
/// `ConstantBuffer<T>` and arrays of it, `$Globals`, vectors kept as
/// arrays, min precision.
/// Two buffers declaring the same global `x` would make LLVM rename one
/// (`@x.1`): planning refuses that module rather than let a member global
/// change its name.
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
        // Arrays of ConstantBuffer<T>: only name strings and intrinsic
        // declarations, alone (attribute group #0) and after a cbuffer (#1).
        (
            "cbarrays.hlsl",
            "struct P { float3 v; float s; };\nConstantBuffer<P> one[2] : register(b1);\n\
             ConstantBuffer<P> all[];\n",
        ),
        (
            "cbarrays-mixed.hlsl",
            "struct P { float3 v; float s; };\ncbuffer A { P p; };\n\
             ConstantBuffer<P> arr[3] : register(b4, space2);\nConstantBuffer<P> CB;\n",
        ),
        // A push-constant block alone (SPIR-V: its global and an empty
        // $Globals), with a nested struct array, a 16-bit member and a
        // struct clang-22 leaves unpacked (`{ <4 x float>, <3 x float> }`).
        (
            "pushconst.hlsl",
            "struct Q { float a; double d; };\nstruct N { float4 c; float3 a; };\n\
             struct PC { Q q[2]; half h; float3 v; N n; };\n\
             [[vk::push_constant]] PC pc;\n",
        ),
        // The front end rejects a member name used in two buffers; through
        // the library API (the member is renamed below) planning refuses it.
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
            if name == "dup.hlsl" {
                for target in TARGETS {
                    for flavor in FLAVORS {
                        let opts = plan_options(name, target, flavor, native_16bit);
                        let planned = cblower_program::plan(&program.buffers_for_lowering(), &opts);
                        assert!(
                            matches!(planned, Err(ProgramError::DuplicateSymbol { ref name }) if name == "x"),
                            "{target:?} {flavor:?}: {:?}",
                            planned.err()
                        );
                    }
                }
                continue;
            }
            let before = tally.identical;
            compare_program(name, name, &program, native_16bit, &mut tally);
            if name == "order.hlsl" {
                assert_eq!(tally.identical - before, 6);
            }
        }
    }
    report("tricky shapes", &tally);
    // kinds.hlsl and the two array files: ConstantBuffer<T> has no clang-22
    // IR, so planning rejects them there (2 targets x 2 16-bit settings);
    // per file and 16-bit setting: 2 targets x (2 flavours + 1 stage triple).
    assert_eq!(tally.identical, 6 * 2 * 6 - 3 * 2 * 2);
}
