//! Issue #8, item 4: inkwell 0.11 panics ("Unsupported type: TargetExt")
//! when it inspects a target extension type, and every layout struct holds
//! one (`dx.Padding`, or the buffer handle's `dx.CBuffer` /
//! `spirv.VulkanBuffer`). These tests emit every construct the emitter
//! knows, walk every member path with the access API and run every pass
//! pipeline over the result, on both targets in both flavours: any place
//! that handed such a type to inkwell would panic here. A second test keeps
//! all `unsafe` inside `crates/cblower-llvm/src/ffi/`, each block with its
//! `// SAFETY:` comment.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use cblower_layout::{
    layout_buffer, Binding, BufferDecl, BufferKind, BufferLayout, Clang22Target, Field,
    LayoutOptions, MatrixOrder, ResourceTy, RuleSet, Scalar, Storage, StructTy, Ty,
};
use cblower_llvm::emit::access::{load, member_pointer, AccessStep, Index};
use cblower_llvm::emit::{
    add_module_flags, emit_cbuffers, prepare_module, BufferInput, EmitOptions, EmittedMember,
    Flavor, HandleBinding, TypeRepr,
};
use cblower_llvm::ir_io::verify_module;
use cblower_llvm::passes::{parse_pipeline, run_pipeline, Pass};
use cblower_llvm::Target;
use inkwell::context::Context;
use inkwell::values::IntValue;

/// Every scalar (the layout crate's own list).
const ALL_SCALARS: [Scalar; 16] = Scalar::ALL;

fn field(name: &str, ty: Ty) -> Field {
    Field::new(name, ty)
}

fn texture() -> Ty {
    Ty::Resource(ResourceTy {
        name: "Texture2D<float4>".into(),
    })
}

/// A struct with internal padding, a nested struct, an array and a matrix.
fn inner_struct() -> Ty {
    Ty::structure(StructTy::new(
        "Inner",
        vec![
            field("f", Ty::scalar(Scalar::Float)),
            field("d", Ty::scalar(Scalar::Double)),
            field("v3", Ty::vector(Scalar::Float, 3)),
            field("a", Ty::array(Ty::scalar(Scalar::Uint), 2)),
        ],
    ))
}

fn outer_struct() -> Ty {
    let mut s = StructTy::new(
        "Outer",
        vec![
            field("inner", inner_struct()),
            field("m", Ty::matrix(Scalar::Float, 2, 3, MatrixOrder::RowMajor)),
            field("tail", Ty::scalar(Scalar::Half)),
        ],
    );
    s.base = Some(Arc::new(StructTy::new(
        "Base",
        vec![field("b", Ty::vector(Scalar::Int, 2))],
    )));
    Ty::structure(s)
}

/// A struct that loses a resource member in the cbuffer layout.
fn filtered_struct() -> Ty {
    Ty::structure(StructTy::new(
        "WithTexture",
        vec![
            field("before", Ty::scalar(Scalar::Float)),
            field("tex", texture()),
            field("after", Ty::vector(Scalar::Float, 2)),
        ],
    ))
}

fn bound(mut d: BufferDecl, register: u32) -> BufferDecl {
    d.binding = Some(Binding {
        register: Some(register),
        space: 0,
    });
    d
}

/// Every construct the emitter knows, spread over buffers of every kind.
fn every_construct(with_constant_buffer: bool) -> Vec<BufferDecl> {
    let mut scalars = Vec::new();
    let mut vectors = Vec::new();
    for (i, s) in ALL_SCALARS.iter().enumerate() {
        scalars.push(field(&format!("s{i}"), Ty::scalar(*s)));
        for len in 1..=4 {
            vectors.push(field(&format!("v{i}_{len}"), Ty::vector(*s, len)));
        }
    }
    let mut matrices = Vec::new();
    for s in [
        Scalar::Float,
        Scalar::Half,
        Scalar::Double,
        Scalar::Int,
        Scalar::Bool,
    ] {
        for rows in 1..=4 {
            for cols in 1..=4 {
                for (order, o) in [
                    (MatrixOrder::ColumnMajor, "c"),
                    (MatrixOrder::RowMajor, "r"),
                ] {
                    let name = format!("m_{}_{rows}x{cols}{o}", s.hlsl_name());
                    matrices.push(field(&name, Ty::matrix(s, rows, cols, order)));
                }
            }
        }
    }
    let arrays = vec![
        field("padded", Ty::array(Ty::scalar(Scalar::Float), 3)),
        field("plain", Ty::array(Ty::vector(Scalar::Float, 4), 3)),
        field("padded_v3", Ty::array(Ty::vector(Scalar::Float, 3), 2)),
        field("padded_half", Ty::array(Ty::scalar(Scalar::Half), 5)),
        field("single", Ty::array(Ty::scalar(Scalar::Float), 1)),
        field(
            "grid",
            Ty::array(Ty::array(Ty::vector(Scalar::Int, 2), 3), 2),
        ),
        field(
            "mats",
            Ty::array(Ty::matrix(Scalar::Float, 3, 2, MatrixOrder::ColumnMajor), 2),
        ),
        field("structs", Ty::array(inner_struct(), 2)),
        field("doubles", Ty::array(Ty::scalar(Scalar::Double), 3)),
    ];
    let structs = vec![
        field("inner", inner_struct()),
        field("outer", outer_struct()),
        field("filtered", filtered_struct()),
        field("filtered_array", Ty::array(filtered_struct(), 2)),
        field("tex", texture()),
        field("hidden", Ty::scalar(Scalar::Float)).with_storage(Storage::Static),
        field("after_hidden", Ty::vector(Scalar::Float, 3)),
    ];
    let mut globals_members = vec![
        field("g_float", Ty::scalar(Scalar::Float)),
        field("g_arr", Ty::array(Ty::vector(Scalar::Float, 2), 2)),
    ];
    let mut constant = field("g_const", Ty::scalar(Scalar::Int));
    constant.is_const = true;
    globals_members.push(constant);

    let mut decls = vec![
        bound(BufferDecl::new("Scalars", BufferKind::CBuffer, scalars), 0),
        bound(BufferDecl::new("Vectors", BufferKind::CBuffer, vectors), 1),
        BufferDecl::new("Matrices", BufferKind::CBuffer, matrices),
        bound(BufferDecl::new("Arrays", BufferKind::TBuffer, arrays), 3),
        BufferDecl::new("Structs", BufferKind::CBuffer, structs),
    ];
    if with_constant_buffer {
        let mut cb = BufferDecl::new(
            "Material",
            BufferKind::ConstantBuffer,
            vec![
                field("albedo", Ty::vector(Scalar::Float, 3)),
                field("rough", Ty::scalar(Scalar::Float)),
                field("detail", inner_struct()),
            ],
        );
        cb.element_type = Some("MaterialData".into());
        decls.push(bound(cb, 5));
    }
    decls.push(BufferDecl::new(
        "$Globals",
        BufferKind::Globals,
        globals_members,
    ));
    decls
}

/// Lays out `decl`, dropping the members the rule set does not support
/// (clang-22 rejects some scalar types outright) and the 16-bit ones when
/// native 16-bit types are off.
fn lay_out(decl: &mut BufferDecl, opts: LayoutOptions) -> BufferLayout {
    loop {
        match layout_buffer(decl, opts) {
            Ok(l) => return l,
            Err(e) => {
                let member = e.member();
                assert!(
                    member < decl.members.len(),
                    "{}: unexpected layout error {e}",
                    decl.name
                );
                decl.members.remove(member);
            }
        }
    }
}

/// Every path from a member to a leaf: all constant indices of small
/// arrays (first and last of larger ones), and a run-time index for each.
fn leaf_paths(repr: &TypeRepr<'_>, prefix: &mut Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    match repr {
        TypeRepr::Leaf { .. } => out.push(prefix.clone()),
        TypeRepr::Array(a) => {
            let mut indices: Vec<PathStep> = if a.count <= 4 {
                (0..a.count).map(PathStep::Const).collect()
            } else {
                vec![PathStep::Const(0), PathStep::Const(a.count - 1)]
            };
            indices.push(PathStep::Dynamic);
            for i in indices {
                prefix.push(i);
                leaf_paths(&a.elem, prefix, out);
                prefix.pop();
            }
        }
        TypeRepr::Struct(s) => {
            for f in &s.fields {
                prefix.push(PathStep::Field(f.name.to_string()));
                leaf_paths(&f.repr, prefix, out);
                prefix.pop();
            }
        }
    }
}

#[derive(Clone, Debug)]
enum PathStep {
    Field(String),
    Const(u64),
    Dynamic,
}

/// Loads every leaf of `member`; returns how many loads were built.
fn load_every_leaf<'ctx>(
    ctx: &'ctx Context,
    builder: &inkwell::builder::Builder<'ctx>,
    member: &EmittedMember<'ctx>,
    dynamic: IntValue<'ctx>,
) -> usize {
    let mut paths = Vec::new();
    leaf_paths(&member.repr, &mut Vec::new(), &mut paths);
    for path in &paths {
        let steps: Vec<AccessStep<'_, 'ctx>> = path
            .iter()
            .map(|s| match s {
                PathStep::Field(name) => AccessStep::Field(name),
                PathStep::Const(i) => AccessStep::Index(Index::Const(*i)),
                PathStep::Dynamic => AccessStep::Index(Index::Dynamic(dynamic)),
            })
            .collect();
        let access = member_pointer(ctx, builder, member, &steps)
            .unwrap_or_else(|e| panic!("{}: path {path:?}: {e}", member.name));
        load(builder, &access, "v").unwrap_or_else(|e| panic!("{}: {path:?}: {e}", member.name));
    }
    paths.len()
}

/// What one (target, flavour, 16-bit) combination produced.
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    buffers: usize,
    members: usize,
    loads: usize,
    /// Pipeline name → `Ok` or the error's text.
    pipelines: Vec<(String, Result<(), String>)>,
}

fn emit_everything(target: Target, flavor: Flavor, native_16bit: bool) -> Outcome {
    let rules = match (flavor, target) {
        (Flavor::Dxc, _) => RuleSet::CBuffer,
        (Flavor::Clang22, Target::Dxil) => RuleSet::Clang22(Clang22Target::Dxil),
        (Flavor::Clang22, Target::SpirV) => RuleSet::Clang22(Clang22Target::SpirV),
    };
    let mut decls = every_construct(flavor == Flavor::Dxc);
    let opts = LayoutOptions::new(rules).native_16bit(native_16bit);
    let layouts: Vec<BufferLayout> = decls.iter_mut().map(|d| lay_out(d, opts)).collect();
    let inputs: Vec<BufferInput<'_>> = decls
        .iter()
        .zip(&layouts)
        .enumerate()
        .map(|(i, (decl, layout))| BufferInput {
            decl,
            layout,
            binding: match decl.binding.and_then(|b| b.register) {
                Some(register) => HandleBinding::Explicit { register, space: 0 },
                None => HandleBinding::Implicit {
                    order_id: i as u32,
                    space: 0,
                },
            },
        })
        .collect();

    let ctx = Context::create();
    let module = ctx.create_module("everything");
    prepare_module(&module, target);
    let emit_opts = EmitOptions {
        target,
        native_16bit,
        global_ctor: true,
        ctor_suffix: "everything.hlsl".into(),
    };
    let emitted = emit_cbuffers(&ctx, &module, &inputs, &emit_opts).expect("emission");
    add_module_flags(&ctx, &module, target, native_16bit).expect("module flags");
    verify_module(&module).expect("emitted module verifies");

    let fn_type = ctx.void_type().fn_type(&[ctx.i32_type().into()], false);
    let function = module.add_function("read_everything", fn_type, None);
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(function, "entry"));
    let dynamic = function.get_nth_param(0).unwrap().into_int_value();
    let mut loads = 0;
    let mut members = 0;
    for buffer in &emitted.buffers {
        for member in &buffer.members {
            members += 1;
            loads += load_every_leaf(&ctx, &builder, member, dynamic);
        }
    }
    builder.build_return(None).unwrap();
    verify_module(&module).expect("module with loads verifies");
    // Printing walks every type through LLVM, not inkwell.
    assert!(module.print_to_string().to_string().contains("target(\""));

    let mut pipelines = Vec::new();
    let mut names: Vec<&str> = Pass::known_names();
    // Past the handle forwarding (which needs handles created in the
    // function that loads them), so op lowering sees the init functions.
    names.push("dxil-cbuffer-lowering,dxil-resource-implicit-binding,dxil-op-lower");
    for name in names {
        let copy = module.clone();
        let passes = parse_pipeline(name).unwrap();
        let result = run_pipeline(&copy, &passes, &mut Vec::new())
            .map_err(|e| e.to_string().lines().next().unwrap_or("").to_owned());
        if result.is_ok() {
            verify_module(&copy).expect("a pipeline that succeeded leaves a valid module");
        }
        pipelines.push((name.to_owned(), result));
    }
    Outcome {
        buffers: emitted.buffers.len(),
        members,
        loads,
        pipelines,
    }
}

/// The pipelines that refuse a module, each with a phrase of its error.
/// Every refusal is a clean error about the input: handles used outside
/// the function that creates them, or a pass of one target on the other's
/// module.
fn expected_refusals(target: Target) -> Vec<(&'static str, &'static str)> {
    const COMBINED: &str = "dxil-cbuffer-lowering,dxil-resource-implicit-binding,dxil-op-lower";
    const SPIRV: &str =
        "this is a SPIR-V module: run spirv-cbuffer-access instead of the DXIL passes";
    match target {
        // clang-22's 4-byte-strided matrix storage indexed at run time is
        // lowered since run-time offsets inside a row are (issue #14).
        Target::Dxil => vec![
            (
                "spirv-cbuffer-access",
                "this is a DXIL module: run dxil-cbuffer-access",
            ),
            ("dxil-op-lower", "the cbuffer has no register yet"),
            (COMBINED, "reads a handle loaded from a global"),
        ],
        // The DXIL access passes refuse a SPIR-V module at its handle type
        // (they used to count spirv.Padding elements as members).
        Target::SpirV => vec![
            ("dxil-cbuffer-access", SPIRV),
            ("dxil-cbuffer-lowering", SPIRV),
            ("dxil-lower", SPIRV),
            (COMBINED, SPIRV),
        ],
    }
}

#[test]
fn every_emitted_construct_survives_access_and_every_pipeline() {
    for target in [Target::Dxil, Target::SpirV] {
        for flavor in [Flavor::Dxc, Flavor::Clang22] {
            for native_16bit in [false, true] {
                let what = format!("{target:?} {flavor:?} 16-bit {native_16bit}");
                let outcome = emit_everything(target, flavor, native_16bit);
                // clang-22 drops ConstantBuffer<T> and the scalar types it
                // rejects (more of them without native 16-bit types).
                let expected = match (flavor, native_16bit) {
                    (Flavor::Dxc, _) => (7, 258, 698),
                    (Flavor::Clang22, false) => (6, 217, 680),
                    (Flavor::Clang22, true) => (6, 232, 695),
                };
                assert_eq!(
                    (outcome.buffers, outcome.members, outcome.loads),
                    expected,
                    "{what}"
                );
                let refusals: Vec<(&str, &str)> = outcome
                    .pipelines
                    .iter()
                    .filter_map(|(name, r)| r.as_ref().err().map(|e| (name.as_str(), e.as_str())))
                    .collect();
                let expected = expected_refusals(target);
                assert_eq!(refusals.len(), expected.len(), "{what}: {refusals:#?}");
                for ((name, error), (want_name, phrase)) in refusals.iter().zip(&expected) {
                    assert_eq!(name, want_name, "{what}");
                    assert!(error.contains(phrase), "{what}: {name}: {error}");
                }
            }
        }
    }
}

/// The `.rs` files of the workspace's own crates (not `target/`, not fuzz output).
fn rust_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            let name = entry.file_name();
            if name != "target" && name != "corpus" && name != "artifacts" {
                rust_sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code part of a line (before a `//` comment).
fn code_part(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

/// Findings for one file: `unsafe` outside ffi/, or an ffi block without SAFETY.
fn unsafe_findings(path: &Path, text: &str, in_ffi: bool) -> Vec<String> {
    // Spelled in pieces so this file does not trip its own check.
    let keyword = concat!("uns", "afe");
    let opt_out = concat!("allow(uns", "afe_code)");
    let lines: Vec<&str> = text.lines().collect();
    let mut findings = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = code_part(line);
        let has_keyword = code
            .match_indices(keyword)
            .any(|(at, _)| is_keyword_use(code, at, keyword.len()));
        let opts_out = line.contains(opt_out);
        if !in_ffi && (has_keyword || opts_out) {
            findings.push(format!(
                "{}:{}: `{keyword}` outside ffi/",
                path.display(),
                i + 1
            ));
            continue;
        }
        if in_ffi && has_keyword && !has_safety_comment(&lines, i) {
            findings.push(format!(
                "{}:{}: `{keyword}` without a `// SAFETY:` comment above or inside it",
                path.display(),
                i + 1
            ));
        }
    }
    findings
}

/// `unsafe` as a keyword (`unsafe {`, `unsafe fn`, `unsafe impl`, ...), not
/// part of an identifier like `unsafe_code` or inside a string.
fn is_keyword_use(code: &str, at: usize, len: usize) -> bool {
    let before = code[..at].chars().next_back();
    let after = code[at + len..].chars().next();
    let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let quotes_before = code[..at].matches('"').count();
    !ident(before) && !ident(after) && quotes_before % 2 == 0
}

/// A `// SAFETY:` comment on line `i`, in the comment lines directly above
/// it or above the statement it continues (rustfmt splits `let x =\n
/// unsafe { .. }` over lines), or in the first lines inside the block.
fn has_safety_comment(lines: &[&str], i: usize) -> bool {
    let is_safety = |l: &str| l.contains("// SAFETY:");
    if is_safety(lines[i]) {
        return true;
    }
    let mut j = i;
    while j > 0 {
        let above = lines[j - 1].trim();
        if above.starts_with("//") {
            if is_safety(above) {
                return true;
            }
        } else if !continues_into_next_line(above) {
            break;
        }
        j -= 1;
    }
    lines
        .iter()
        .skip(i + 1)
        .take_while(|l| l.trim_start().starts_with("//"))
        .any(|l| is_safety(l))
}

/// True if a code line is an unfinished part of a statement, not the end of
/// one or the opening of a block (a function body, an `if`, a match arm...).
fn continues_into_next_line(line: &str) -> bool {
    let code = code_part(line).trim_end();
    if code.is_empty() || code.ends_with(';') || code.ends_with('}') {
        return false;
    }
    if code.ends_with('{') {
        let opens_block = code == "{"
            || [
                "fn ", "if ", "else", "match ", "for ", "while ", "loop", "impl", "=>",
            ]
            .iter()
            .any(|k| code.contains(k))
            || code.contains(concat!("uns", "afe"));
        return !opens_block;
    }
    true
}

#[test]
fn unsafe_code_lives_only_in_ffi_and_every_block_says_why() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let ffi = root.join("crates/cblower-llvm/src/ffi");
    let mut files = Vec::new();
    for dir in ["crates", "xtask", "fuzz"] {
        rust_sources(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "found only {} source files", files.len());
    let mut ffi_blocks = 0;
    let mut findings = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let in_ffi = path.starts_with(&ffi);
        if in_ffi {
            ffi_blocks += text.matches(concat!("uns", "afe {")).count();
        }
        findings.extend(unsafe_findings(path, &text, in_ffi));
    }
    assert!(
        ffi_blocks > 20,
        "expected the ffi module's blocks, found {ffi_blocks}"
    );
    assert!(findings.is_empty(), "{findings:#?}");
}

#[test]
fn the_unsafe_check_catches_what_it_should() {
    let kw = concat!("uns", "afe");
    let outside = format!("fn f() {{ {kw} {{ g() }} }}\n");
    assert_eq!(unsafe_findings(Path::new("x.rs"), &outside, false).len(), 1);
    let bare = format!("fn f() {{\n    let x = 1;\n    {kw} {{ g() }}\n}}\n");
    assert_eq!(unsafe_findings(Path::new("x.rs"), &bare, true).len(), 1);
    let above = format!("    // SAFETY: g has no preconditions.\n    {kw} {{ g() }}\n");
    assert!(unsafe_findings(Path::new("x.rs"), &above, true).is_empty());
    let inside =
        format!("    {kw} {{\n        // SAFETY: g has no preconditions.\n        g()\n    }}\n");
    assert!(unsafe_findings(Path::new("x.rs"), &inside, true).is_empty());
    let split =
        format!("    // SAFETY: g has no preconditions.\n    let x =\n        {kw} {{ g() }};\n");
    assert!(unsafe_findings(Path::new("x.rs"), &split, true).is_empty());
    let literal = format!(
        "    // SAFETY: g has no preconditions.\n    S {{\n        raw: {kw} {{ g() }},\n    }}\n"
    );
    assert!(unsafe_findings(Path::new("x.rs"), &literal, true).is_empty());
    let previous =
        format!("    // SAFETY: for h only.\n    h();\n    let x =\n        {kw} {{ g() }};\n");
    assert_eq!(unsafe_findings(Path::new("x.rs"), &previous, true).len(), 1);
    let body = format!("    // SAFETY: about f.\n    fn f() {{\n        {kw} {{ g() }}\n    }}\n");
    assert_eq!(unsafe_findings(Path::new("x.rs"), &body, true).len(), 1);
    let words = format!("// {kw} in a comment\nlet s = \"{kw} {{\";\nlet {kw}_code = 1;\n");
    assert!(unsafe_findings(Path::new("x.rs"), &words, false).is_empty());
}
