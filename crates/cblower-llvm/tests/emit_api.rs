//! The emission API on buffers built by hand (no front end): the exact IR
//! of a small example in both flavours, the access API's GEP shapes, and
//! errors for inputs IR cannot be emitted for.

use cblower_layout::{
    layout_buffer, Binding, BufferDecl, BufferKind, BufferLayout, Clang22Target, Field,
    LayoutOptions, MatrixOrder, RuleSet, Scalar, StructTy, Ty,
};
use cblower_llvm::emit::access::{
    byte_pointer, component_pointer, load, load_leaves, member_pointer, AccessError, AccessStep,
    Index,
};
use cblower_llvm::emit::{
    add_module_flags, emit_cbuffers, prepare_module, BufferInput, EmitError, EmitOptions,
    EmitWarning, HandleBinding,
};
use cblower_llvm::ir_io::verify_module;
use cblower_llvm::Target;
use cblower_program::ProgramError;
use inkwell::context::Context;
use pretty_assertions::assert_eq;

fn inner() -> Ty {
    Ty::structure(StructTy::new(
        "Inner",
        vec![
            Field::new("start", Ty::scalar(Scalar::Float)),
            Field::new("d", Ty::scalar(Scalar::Double)),
            Field::new("end", Ty::scalar(Scalar::Float)),
        ],
    ))
}

/// `cbuffer CB : register(b0) { float a1[3]; float2 v; Inner inner; float3 arr[2]; }`
fn example() -> BufferDecl {
    let mut d = BufferDecl::new(
        "CB",
        BufferKind::CBuffer,
        vec![
            Field::new("a1", Ty::array(Ty::scalar(Scalar::Float), 3)),
            Field::new("v", Ty::vector(Scalar::Float, 2)),
            Field::new("inner", inner()),
            Field::new("arr", Ty::array(Ty::vector(Scalar::Float, 3), 2)),
        ],
    );
    d.binding = Some(Binding {
        register: Some(0),
        space: 0,
    });
    d
}

fn emit_text(decls: &[BufferDecl], rules: RuleSet, target: Target) -> (String, Vec<EmitWarning>) {
    let layouts: Vec<BufferLayout> = decls
        .iter()
        .map(|d| layout_buffer(d, LayoutOptions::new(rules)).unwrap())
        .collect();
    let inputs: Vec<BufferInput> = decls
        .iter()
        .zip(&layouts)
        .enumerate()
        .map(|(i, (decl, layout))| BufferInput {
            decl,
            layout,
            binding: match decl.binding.and_then(|b| b.register) {
                Some(r) => HandleBinding::Explicit {
                    register: r,
                    space: 0,
                },
                None => HandleBinding::Implicit {
                    order_id: i as u32,
                    space: 0,
                },
            },
        })
        .collect();
    let ctx = Context::create();
    let module = ctx.create_module("t");
    prepare_module(&module, target);
    let opts = EmitOptions {
        target,
        native_16bit: false,
        global_ctor: true,
        ctor_suffix: "t.hlsl".into(),
    };
    let out = emit_cbuffers(&ctx, &module, &inputs, &opts).unwrap();
    add_module_flags(&ctx, &module, target, false).unwrap();
    verify_module(&module).unwrap();
    (module.print_to_string().to_string(), out.warnings)
}

#[test]
fn clang22_flavour_reproduces_clang_22_types_and_globals() {
    let (ir, warnings) = emit_text(
        &[example()],
        RuleSet::Clang22(Clang22Target::Dxil),
        Target::Dxil,
    );
    assert!(warnings.is_empty());
    // clang-22 puts the float2 at 40 (ABI alignment 8), not DXC's 36.
    let expected = [
        // (what clang-22 prints for the same declarations)
        "%__cblayout_CB = type <{ <{ [2 x <{ float, target(\"dx.Padding\", 12) }>], float }>, target(\"dx.Padding\", 4), <2 x float>, %Inner, target(\"dx.Padding\", 12), <{ [1 x <{ <3 x float>, target(\"dx.Padding\", 4) }>], <3 x float> }> }>",
        "%Inner = type <{ float, target(\"dx.Padding\", 4), double, float }>",
        "@CB.cb = global target(\"dx.CBuffer\", %__cblayout_CB) poison",
        "@a1 = external hidden addrspace(2) global <{ [2 x <{ float, target(\"dx.Padding\", 12) }>], float }>, align 4",
        "@v = external hidden addrspace(2) global <2 x float>, align 8",
        "@inner = external hidden addrspace(2) global %Inner, align 1",
        "@arr = external hidden addrspace(2) global <{ [1 x <{ <3 x float>, target(\"dx.Padding\", 4) }>], <3 x float> }>, align 16",
        "@CB.str = private unnamed_addr constant [3 x i8] c\"CB\\00\", align 1",
        "  %CB.cb_h = call target(\"dx.CBuffer\", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr @CB.str)",
        "  store target(\"dx.CBuffer\", %__cblayout_CB) %CB.cb_h, ptr @CB.cb, align 4",
        "!0 = !{ptr @CB.cb, ptr addrspace(2) @a1, ptr addrspace(2) @v, ptr addrspace(2) @inner, ptr addrspace(2) @arr}",
    ];
    for line in expected {
        assert!(ir.lines().any(|l| l == line), "missing `{line}` in\n{ir}");
    }
    assert!(
        !ir.contains("hlsl.layouts"),
        "clang never emits !hlsl.layouts"
    );
}

#[test]
fn dxc_flavour_places_members_at_dxc_offsets() {
    let (ir, _) = emit_text(&[example()], RuleSet::CBuffer, Target::Dxil);
    // a1 0..36, v at 36, inner at 48 (20 bytes), arr at 80: 80 + 16 + 12 = 108.
    assert!(ir.contains("%__cblayout_CB = type <{ <{ [2 x <{ float, target(\"dx.Padding\", 12) }>], float }>, <2 x float>, target(\"dx.Padding\", 4), %Inner, target(\"dx.Padding\", 12), <{ [1 x <{ <3 x float>, target(\"dx.Padding\", 4) }>], <3 x float> }> }>\n"), "{ir}");
    assert!(
        ir.contains("@v = external hidden addrspace(2) global <2 x float>, align 4\n"),
        "{ir}"
    );
    assert!(
        ir.contains("!{!\"__cblayout_CB\", i32 108, i32 0, i32 36, i32 48, i32 80}"),
        "{ir}"
    );
    assert!(
        ir.contains("!{!\"Inner\", i32 20, i32 0, i32 8, i32 16}"),
        "{ir}"
    );
}

#[test]
fn spirv_three_element_vectors_keep_llvm_offsets_right_by_default() {
    let decl = BufferDecl::new(
        "V",
        BufferKind::CBuffer,
        vec![
            Field::new("p", Ty::vector(Scalar::Float, 3)),
            Field::new("f", Ty::scalar(Scalar::Float)),
        ],
    );
    let (ir, warnings) = emit_text(std::slice::from_ref(&decl), RuleSet::CBuffer, Target::SpirV);
    assert!(warnings.is_empty());
    assert!(
        ir.contains("%__cblayout_V = type <{ [3 x float], float }>\n"),
        "{ir}"
    );
    let (ir, warnings) = emit_text(
        &[decl],
        RuleSet::Clang22(Clang22Target::SpirV),
        Target::SpirV,
    );
    assert!(
        ir.contains("%__cblayout_V = type <{ <3 x float>, float }>\n"),
        "{ir}"
    );
    assert_eq!(
        warnings,
        vec![EmitWarning::OffsetDrift {
            buffer: "V".into(),
            member: "f".into(),
            intended: 12,
            llvm: 16
        }]
    );
}

#[test]
fn access_api_builds_clang_shapes_with_layout_field_numbers() {
    let decl = example();
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    let ctx = Context::create();
    let module = ctx.create_module("t");
    prepare_module(&module, Target::Dxil);
    let opts = EmitOptions {
        target: Target::Dxil,
        native_16bit: false,
        global_ctor: false,
        ctor_suffix: String::new(),
    };
    let input = BufferInput {
        decl: &decl,
        layout: &layout,
        binding: HandleBinding::Implicit {
            order_id: 0,
            space: 0,
        },
    };
    let out = emit_cbuffers(&ctx, &module, &[input], &opts).unwrap();
    let b = &out.buffers[0];

    let f32t = ctx.f32_type();
    let f = module.add_function("read", f32t.fn_type(&[ctx.i32_type().into()], false), None);
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(f, "entry"));
    let i = f.get_nth_param(0).unwrap().into_int_value();

    let a1 = b.member("a1").unwrap();
    let c = member_pointer(&ctx, &builder, a1, &[AccessStep::Index(Index::Const(2))]).unwrap();
    assert_eq!((c.offset, c.align), (Some(32), 16));
    let x = load(&builder, &c, "x").unwrap().into_float_value();
    let d = member_pointer(&ctx, &builder, a1, &[AccessStep::Index(Index::Dynamic(i))]).unwrap();
    assert_eq!((d.offset, d.align), (None, 16));
    let y = load(&builder, &d, "y").unwrap().into_float_value();
    let inner = b.member("inner").unwrap();
    let e = member_pointer(&ctx, &builder, inner, &[AccessStep::Field("end")]).unwrap();
    assert_eq!((e.offset, e.align), (Some(64), 16));
    let z = load(&builder, &e, "z").unwrap().into_float_value();
    let arr = b.member("arr").unwrap();
    let v = member_pointer(&ctx, &builder, arr, &[AccessStep::Index(Index::Dynamic(i))]).unwrap();
    let w = load(&builder, &v, "w").unwrap().into_vector_value();
    let w0 = builder
        .build_extract_element(w, ctx.i32_type().const_zero(), "w0")
        .unwrap()
        .into_float_value();
    let s = builder.build_float_add(x, y, "s").unwrap();
    let s = builder.build_float_add(s, z, "s").unwrap();
    let s = builder.build_float_add(s, w0, "s").unwrap();
    builder.build_return(Some(&s)).unwrap();
    verify_module(&module).unwrap();

    let ir = module.print_to_string().to_string();
    for line in [
        "  %x = load float, ptr addrspace(2) getelementptr (<{ float, target(\"dx.Padding\", 12) }>, ptr addrspace(2) @a1, i32 2, i32 0), align 16",
        "  %cbufferidx = getelementptr <{ float, target(\"dx.Padding\", 12) }>, ptr addrspace(2) @a1, i32 %0, i32 0",
        // `end` is element 3 of %Inner = <{ float, pad 4, double, float }>;
        // clang-22 would use the source field number 2 (the double).
        "  %z = load float, ptr addrspace(2) getelementptr inbounds nuw (%Inner, ptr addrspace(2) @inner, i32 0, i32 3), align 16",
        "  %cbufferidx1 = getelementptr <{ <3 x float>, target(\"dx.Padding\", 4) }>, ptr addrspace(2) @arr, i32 %0, i32 0",
    ] {
        assert!(ir.lines().any(|l| l == line), "missing `{line}` in\n{ir}");
    }

    assert_eq!(
        member_pointer(&ctx, &builder, a1, &[AccessStep::Index(Index::Const(3))]).unwrap_err(),
        AccessError::IndexOutOfRange {
            step: 0,
            index: 3,
            count: 3
        }
    );
    assert!(matches!(
        member_pointer(&ctx, &builder, inner, &[AccessStep::Field("nope")]),
        Err(AccessError::NoSuchField { .. })
    ));
    assert!(matches!(
        member_pointer(
            &ctx,
            &builder,
            b.member("v").unwrap(),
            &[AccessStep::Index(Index::Const(0))]
        ),
        Err(AccessError::NotAnArray { step: 0 })
    ));
}

#[test]
fn inputs_ir_cannot_be_emitted_for_are_errors() {
    let decl = example();
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::Std140)).unwrap();
    let ctx = Context::create();
    let module = ctx.create_module("t");
    let opts = EmitOptions {
        target: Target::Dxil,
        native_16bit: false,
        global_ctor: true,
        ctor_suffix: "t".into(),
    };
    let input = BufferInput {
        decl: &decl,
        layout: &layout,
        binding: HandleBinding::Implicit {
            order_id: 0,
            space: 0,
        },
    };
    assert_eq!(
        emit_cbuffers(&ctx, &module, &[input], &opts).unwrap_err(),
        EmitError::Program(ProgramError::UnsupportedRules {
            buffer: "CB".into(),
            rules: "std140"
        })
    );
    let spirv = layout_buffer(
        &decl,
        LayoutOptions::new(RuleSet::Clang22(Clang22Target::SpirV)),
    )
    .unwrap();
    let input = BufferInput {
        layout: &spirv,
        ..input
    };
    assert!(matches!(
        emit_cbuffers(&ctx, &module, &[input], &opts),
        Err(EmitError::Program(ProgramError::TargetMismatch { .. }))
    ));
}

fn dxc_input<'a>(decl: &'a BufferDecl, layout: &'a BufferLayout) -> BufferInput<'a> {
    BufferInput {
        decl,
        layout,
        binding: HandleBinding::Explicit {
            register: 0,
            space: 0,
        },
    }
}

fn dxc_opts() -> EmitOptions {
    EmitOptions {
        target: Target::Dxil,
        native_16bit: false,
        global_ctor: false,
        ctor_suffix: String::new(),
    }
}

/// A second emission into the same module would need LLVM to rename every
/// type and global (`%__cblayout_CB.0`, `@a1.1`, ...): the builder refuses
/// it, naming the first clash, and adds nothing it would have renamed.
#[test]
fn emitting_twice_into_one_module_is_refused_not_renamed() {
    let decl = example();
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    let ctx = Context::create();
    let module = ctx.create_module("twice");
    let input = dxc_input(&decl, &layout);
    emit_cbuffers(&ctx, &module, &[input], &dxc_opts()).unwrap();
    assert_eq!(
        emit_cbuffers(&ctx, &module, &[input], &dxc_opts()).unwrap_err(),
        EmitError::NameTaken {
            what: "type",
            name: "__cblayout_CB".into()
        }
    );
    let ir = module.print_to_string().to_string();
    assert!(!ir.contains(".0 = type"), "a type was renamed:\n{ir}");
    assert!(!ir.contains("@a1.1"), "a global was renamed:\n{ir}");
    verify_module(&module).unwrap();
}

/// A global or function of the caller's that takes a member's name is a
/// clash too, found before anything is added.
#[test]
fn a_callers_global_with_a_members_name_is_refused() {
    let decl = example();
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    let ctx = Context::create();
    let module = ctx.create_module("clash");
    prepare_module(&module, Target::Dxil);
    module.add_global(ctx.i32_type(), None, "inner");
    let before = module.print_to_string().to_string();
    assert_eq!(
        emit_cbuffers(&ctx, &module, &[dxc_input(&decl, &layout)], &dxc_opts()).unwrap_err(),
        EmitError::NameTaken {
            what: "global",
            name: "inner".into()
        }
    );
    assert_eq!(module.print_to_string().to_string(), before);
    let other = Context::create();
    let module = other.create_module("clash");
    let f = other.void_type().fn_type(&[], false);
    module.add_function("_init_buffer_CB.cb", f, None);
    assert_eq!(
        emit_cbuffers(&other, &module, &[dxc_input(&decl, &layout)], &dxc_opts()).unwrap_err(),
        EmitError::NameTaken {
            what: "function",
            name: "_init_buffer_CB.cb".into()
        }
    );
}

/// The builder sets the target's triple and data layout on a bare module
/// (nothing to call first) and refuses a module laid out for another target.
#[test]
fn module_data_layout_is_set_or_checked() {
    let decl = example();
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    let ctx = Context::create();
    let bare = ctx.create_module("bare");
    emit_cbuffers(&ctx, &bare, &[dxc_input(&decl, &layout)], &dxc_opts()).unwrap();
    assert_eq!(
        bare.get_data_layout().as_str().to_str().unwrap(),
        Target::Dxil.data_layout()
    );
    assert_eq!(
        bare.get_triple().as_str().to_str().unwrap(),
        Target::Dxil.library_triple()
    );
    verify_module(&bare).unwrap();

    let other = ctx.create_module("other");
    prepare_module(&other, Target::SpirV);
    assert!(matches!(
        emit_cbuffers(&ctx, &other, &[dxc_input(&decl, &layout)], &dxc_opts()),
        Err(EmitError::DataLayoutMismatch {
            target: Target::Dxil,
            ..
        })
    ));
}

/// A load after a run-time index claims only what every index value
/// guarantees: `lights[i].range` sits at `16*i + 12` (align 4), however
/// aligned the array itself is; `lights[i].pos` at `16*i` keeps 16.
#[test]
fn access_alignment_after_a_run_time_index_is_what_every_index_guarantees() {
    let light = Ty::structure(StructTy::new(
        "Light",
        vec![
            Field::new("pos", Ty::vector(Scalar::Float, 3)),
            Field::new("range", Ty::scalar(Scalar::Float)),
        ],
    ));
    let decl = BufferDecl::new(
        "Lights",
        BufferKind::CBuffer,
        vec![
            Field::new("count", Ty::scalar(Scalar::Uint)),
            Field::new("lights", Ty::array(light, 4)),
        ],
    );
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    let ctx = Context::create();
    let module = ctx.create_module("align");
    let out = emit_cbuffers(&ctx, &module, &[dxc_input(&decl, &layout)], &dxc_opts()).unwrap();
    let f = module.add_function(
        "f",
        ctx.void_type().fn_type(&[ctx.i32_type().into()], false),
        None,
    );
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(f, "entry"));
    let i = f.get_nth_param(0).unwrap().into_int_value();
    let lights = out.buffers[0].member("lights").unwrap();
    let path = |field| {
        [
            AccessStep::Index(Index::Dynamic(i)),
            AccessStep::Field(field),
        ]
    };
    let range = member_pointer(&ctx, &builder, lights, &path("range")).unwrap();
    assert_eq!((range.offset, range.align), (None, 4));
    let pos = member_pointer(&ctx, &builder, lights, &path("pos")).unwrap();
    assert_eq!((pos.offset, pos.align), (None, 16));
    let fixed = [
        AccessStep::Index(Index::Const(1)),
        AccessStep::Field("range"),
    ];
    let one = member_pointer(&ctx, &builder, lights, &fixed).unwrap();
    // lights at 16, element 1 at 32, range at 44.
    assert_eq!((one.offset, one.align), (Some(44), 4));
    load(&builder, &range, "r").unwrap();
    builder.build_return(None).unwrap();
    verify_module(&module).unwrap();
    let ir = module.print_to_string().to_string();
    assert!(
        ir.contains("%r = load float, ptr addrspace(2) %range, align 4"),
        "{ir}"
    );
}

/// `cbuffer Scene { uint count; Light lights[3]; float3x2 m; }` with
/// `struct Light { float3 pos; float range; }`.
fn scene() -> BufferDecl {
    let light = Ty::structure(StructTy::new(
        "Light",
        vec![
            Field::new("pos", Ty::vector(Scalar::Float, 3)),
            Field::new("range", Ty::scalar(Scalar::Float)),
        ],
    ));
    BufferDecl::new(
        "Scene",
        BufferKind::CBuffer,
        vec![
            Field::new("count", Ty::scalar(Scalar::Uint)),
            Field::new("lights", Ty::array(light, 3)),
            Field::new(
                "m",
                Ty::matrix(Scalar::Float, 3, 2, MatrixOrder::ColumnMajor),
            ),
        ],
    )
}

#[test]
fn whole_structs_arrays_and_matrices_load_leaf_by_leaf_each_aligned() {
    let decl = scene();
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    let ctx = Context::create();
    let module = ctx.create_module("leaves");
    let out = emit_cbuffers(&ctx, &module, &[dxc_input(&decl, &layout)], &dxc_opts()).unwrap();
    let f = module.add_function(
        "f",
        ctx.void_type().fn_type(&[ctx.i32_type().into()], false),
        None,
    );
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(f, "entry"));
    let i = f.get_nth_param(0).unwrap().into_int_value();
    let b = &out.buffers[0];
    let lights = b.member("lights").unwrap();

    // lights[i]: a run-time index over 16-byte elements.
    let dynamic = member_pointer(
        &ctx,
        &builder,
        lights,
        &[AccessStep::Index(Index::Dynamic(i))],
    )
    .unwrap();
    let leaves = load_leaves(&ctx, &builder, &dynamic, "li").unwrap();
    let summary: Vec<(&str, u64, u64)> = leaves
        .iter()
        .map(|l| (l.path.as_str(), l.offset, l.align))
        .collect();
    assert_eq!(summary, [(".pos", 0, 16), (".range", 12, 4)]);

    // The whole array: lights at 16, each Light 16 bytes.
    let all = member_pointer(&ctx, &builder, lights, &[]).unwrap();
    let leaves = load_leaves(&ctx, &builder, &all, "all").unwrap();
    let summary: Vec<(&str, u64, u64)> = leaves
        .iter()
        .map(|l| (l.path.as_str(), l.offset, l.align))
        .collect();
    assert_eq!(
        summary,
        [
            ("[0].pos", 0, 16),
            ("[0].range", 12, 4),
            ("[1].pos", 16, 16),
            ("[1].range", 28, 4),
            ("[2].pos", 32, 16),
            ("[2].range", 44, 4),
        ]
    );

    // float3x2, column-major: two columns of float3, 16 bytes apart, at 64.
    let m = member_pointer(&ctx, &builder, b.member("m").unwrap(), &[]).unwrap();
    let cols = load_leaves(&ctx, &builder, &m, "col").unwrap();
    let summary: Vec<(&str, u64, u64)> = cols
        .iter()
        .map(|l| (l.path.as_str(), l.offset, l.align))
        .collect();
    assert_eq!(summary, [("[0]", 0, 16), ("[1]", 16, 16)]);

    // A leaf access is its one leaf.
    let count = member_pointer(&ctx, &builder, b.member("count").unwrap(), &[]).unwrap();
    let one = load_leaves(&ctx, &builder, &count, "n").unwrap();
    assert_eq!((one.len(), one[0].path.as_str(), one[0].align), (1, "", 16));
    assert_eq!(
        load(&builder, &all, "x").unwrap_err(),
        AccessError::NotALeaf
    );

    builder.build_return(None).unwrap();
    verify_module(&module).unwrap();
    let ir = module.print_to_string().to_string();
    for line in [
        // Light is 16 bytes, so the array is plain (no padded cells).
        "  %arrayidx = getelementptr inbounds [3 x %Light], ptr addrspace(2) @lights, i32 0, i32 %0",
        "  %pos = getelementptr inbounds nuw %Light, ptr addrspace(2) %arrayidx, i32 0, i32 0",
        "  %li = load <3 x float>, ptr addrspace(2) %pos, align 16",
        "  %range = getelementptr inbounds nuw %Light, ptr addrspace(2) %arrayidx, i32 0, i32 1",
        "  %li1 = load float, ptr addrspace(2) %range, align 4",
        "  %all = load <3 x float>, ptr addrspace(2) @lights, align 16",
        "  %all4 = load float, ptr addrspace(2) getelementptr inbounds nuw (%Light, ptr addrspace(2) getelementptr inbounds ([3 x %Light], ptr addrspace(2) @lights, i32 0, i32 1), i32 0, i32 1), align 4",
        "  %all6 = load float, ptr addrspace(2) getelementptr inbounds nuw (%Light, ptr addrspace(2) getelementptr inbounds ([3 x %Light], ptr addrspace(2) @lights, i32 0, i32 2), i32 0, i32 1), align 4",
        // The matrix's columns are a padded array of float3.
        "  %col = load <3 x float>, ptr addrspace(2) @m, align 16",
        "  %col7 = load <3 x float>, ptr addrspace(2) getelementptr (<{ <3 x float>, target(\"dx.Padding\", 4) }>, ptr addrspace(2) @m, i32 1, i32 0), align 16",
        "  %n = load i32, ptr addrspace(2) @count, align 16",
    ] {
        assert!(ir.lines().any(|l| l == line), "missing `{line}` in\n{ir}");
    }
}

#[test]
fn components_and_bytes_of_a_member_are_checked_pointers() {
    let decl = scene();
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    let ctx = Context::create();
    let module = ctx.create_module("comp");
    let out = emit_cbuffers(&ctx, &module, &[dxc_input(&decl, &layout)], &dxc_opts()).unwrap();
    let f = module.add_function(
        "f",
        ctx.void_type().fn_type(&[ctx.i32_type().into()], false),
        None,
    );
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(f, "entry"));
    let i = f.get_nth_param(0).unwrap().into_int_value();
    let lights = out.buffers[0].member("lights").unwrap();
    let pos = member_pointer(
        &ctx,
        &builder,
        lights,
        &[AccessStep::Index(Index::Const(1)), AccessStep::Field("pos")],
    )
    .unwrap();
    assert_eq!((pos.offset, pos.align), (Some(32), 16));
    let y = component_pointer(&ctx, &builder, &pos, Index::Const(1), "y").unwrap();
    assert_eq!((y.offset, y.align), (Some(36), 4));
    let z = component_pointer(&ctx, &builder, &pos, Index::Dynamic(i), "c").unwrap();
    assert_eq!((z.offset, z.align), (None, 4));
    load(&builder, &z, "pc").unwrap();
    assert_eq!(
        component_pointer(&ctx, &builder, &pos, Index::Const(3), "w").unwrap_err(),
        AccessError::ComponentOutOfRange { index: 3, count: 3 }
    );
    let whole = member_pointer(&ctx, &builder, lights, &[]).unwrap();
    assert_eq!(
        component_pointer(&ctx, &builder, &whole, Index::Const(0), "x").unwrap_err(),
        AccessError::NotAVector
    );
    let p = byte_pointer(&ctx, &builder, &whole, 44, "b").unwrap();
    assert!(p.is_const());
    assert_eq!(
        byte_pointer(&ctx, &builder, &whole, 49, "b").unwrap_err(),
        AccessError::ByteOutOfRange {
            start: 49,
            size: 48
        }
    );
    builder.build_return(None).unwrap();
    verify_module(&module).unwrap();
    let ir = module.print_to_string().to_string();
    // (LLVM folds `.pos`, element 0 at offset 0, into the element's address.)
    assert!(
        ir.lines().any(|l| l
            == "  %c = getelementptr inbounds float, ptr addrspace(2) getelementptr inbounds ([3 x %Light], ptr addrspace(2) @lights, i32 0, i32 1), i32 %0"),
        "{ir}"
    );
    assert!(
        ir.contains("%pc = load float, ptr addrspace(2) %c, align 4"),
        "{ir}"
    );
}
