//! Arrays of `ConstantBuffer<T>` through the API: the access API creates
//! each element's handle where it is read (constant and run-time element
//! indices), and the lowering pipelines turn what it writes into row loads
//! (DXIL) or leave valid SPIR-V-target IR, verified; `lli` runs the reads
//! before and after `dxil-lower` and both read the layout's bytes.

use cblower_layout::{
    layout_buffer, Binding, BufferDecl, BufferKind, Field, LayoutOptions, RuleSet, Scalar, Ty,
    UNBOUNDED_RESOURCE_ARRAY,
};
use cblower_llvm::emit::access::{array_element_pointer, load, AccessError, AccessStep, Index};
use cblower_llvm::emit::{
    add_module_flags, emit_cbuffers, prepare_module, BufferInput, EmitOptions, HandleBinding,
};
use cblower_llvm::ir_io::verify_module;
use cblower_llvm::passes::{parse_pipeline, run_pipeline};
use cblower_llvm::Target;
use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::values::AnyValue;

/// `struct Light { float3 pos; float range; float4 color; };
/// ConstantBuffer<Light> lights[len] : register(b2, space1);`
fn lights(len: u64) -> BufferDecl {
    let mut d = BufferDecl::new(
        "lights",
        BufferKind::ConstantBuffer,
        vec![
            Field::new("pos", Ty::vector(Scalar::Float, 3)),
            Field::new("range", Ty::scalar(Scalar::Float)),
            Field::new("color", Ty::vector(Scalar::Float, 4)),
        ],
    );
    d.element_type = Some("Light".into());
    d.array_len = Some(len);
    d.binding = Some(Binding {
        register: Some(2),
        space: 1,
    });
    d
}

/// `float f(uint i) { return lights[i].range + lights[3].color.y; }`,
/// built through the access API, then `pipeline`; the module is verified
/// and `f` returned as text.
fn read_two_elements(target: Target, len: u64, triple: Option<&str>, pipeline: &str) -> String {
    let binding = HandleBinding::Explicit {
        register: 2,
        space: 1,
    };
    read_two_elements_bound(target, len, binding, triple, pipeline)
}

fn read_two_elements_bound(
    target: Target,
    len: u64,
    binding: HandleBinding,
    triple: Option<&str>,
    pipeline: &str,
) -> String {
    let decl = lights(len);
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    let ctx = Context::create();
    let module = ctx.create_module("arrays");
    prepare_module(&module, target);
    if let Some(triple) = triple {
        module.set_triple(&inkwell::targets::TargetTriple::create(triple));
    }
    let opts = EmitOptions {
        target,
        native_16bit: false,
        global_ctor: false,
        ctor_suffix: String::new(),
    };
    let input = BufferInput {
        decl: &decl,
        layout: &layout,
        binding,
    };
    let emitted = emit_cbuffers(&ctx, &module, &[input], &opts).unwrap();
    add_module_flags(&ctx, &module, target, false).unwrap();
    assert!(emitted.buffers.is_empty());
    let array = &emitted.arrays[0];
    let f32t = ctx.f32_type();
    let f = module.add_function("f", f32t.fn_type(&[ctx.i32_type().into()], false), None);
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(f, "entry"));
    let i = f.get_nth_param(0).unwrap().into_int_value();
    let range = array_element_pointer(
        &ctx,
        &module,
        &builder,
        array,
        Index::Dynamic(i),
        &[AccessStep::Field("range")],
    )
    .unwrap();
    assert_eq!((range.offset, range.align), (Some(12), 4));
    let range = load(&builder, &range, "range").unwrap().into_float_value();
    let color = array_element_pointer(
        &ctx,
        &module,
        &builder,
        array,
        Index::Const(3),
        &[AccessStep::Field("color")],
    )
    .unwrap();
    let color = load(&builder, &color, "color").unwrap().into_vector_value();
    let y = builder
        .build_extract_element(color, ctx.i32_type().const_int(1, false), "y")
        .unwrap()
        .into_float_value();
    let sum = builder.build_float_add(range, y, "sum").unwrap();
    builder.build_return(Some(&sum)).unwrap();
    verify_module(&module).unwrap();
    if !pipeline.is_empty() {
        let passes = parse_pipeline(pipeline).unwrap();
        run_pipeline(&module, &passes, &mut Vec::new()).unwrap();
    }
    verify_module(&module).unwrap();
    function_text(&module, "f")
}

fn function_text(module: &Module<'_>, name: &str) -> String {
    module
        .get_function(name)
        .unwrap()
        .print_to_string()
        .to_string()
}

#[test]
fn dxil_access_creates_each_elements_handle_where_it_is_read() {
    let f = read_two_elements(Target::Dxil, 4, None, "");
    assert_eq!(
        f,
        r#"define float @f(i32 %0) {
entry:
  %lights_h = call target("dx.CBuffer", %__cblayout_lights) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_lightsst(i32 1, i32 2, i32 4, i32 %0, ptr @lights.str)
  %lights.ptr = call ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s___cblayout_lightsst(target("dx.CBuffer", %__cblayout_lights) %lights_h, i32 0)
  %range = getelementptr inbounds nuw %Light, ptr addrspace(2) %lights.ptr, i32 0, i32 1
  %range1 = load float, ptr addrspace(2) %range, align 4
  %lights_h2 = call target("dx.CBuffer", %__cblayout_lights) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_lightsst(i32 1, i32 2, i32 4, i32 3, ptr @lights.str)
  %lights.ptr3 = call ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s___cblayout_lightsst(target("dx.CBuffer", %__cblayout_lights) %lights_h2, i32 0)
  %color = getelementptr inbounds nuw %Light, ptr addrspace(2) %lights.ptr3, i32 0, i32 2
  %color4 = load <4 x float>, ptr addrspace(2) %color, align 16
  %y = extractelement <4 x float> %color4, i32 1
  %sum = fadd float %range1, %y
  ret float %sum
}
"#
    );
}

/// `dxil-lower` on DXIL 1.3: `createHandle` with the element's register
/// (the run-time index plus the range's first register, 2; the constant
/// element 3 folded to register 5), then row loads: `range` is row 0
/// element 3, `color` row 1.
#[test]
fn dxil_lower_turns_array_elements_into_row_loads() {
    let f = read_two_elements(Target::Dxil, 4, None, "dxil-lower");
    assert_eq!(
        f,
        r#"define float @f(i32 %0) {
entry:
  %1 = add i32 %0, 2
  %lights_h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 %1, i1 false)
  %range1.load = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %lights_h, i32 0)
  %range1.extract = extractvalue %dx.types.CBufRet.f32 %range1.load, 3
  %lights_h2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 5, i1 false)
  %color4.load = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %lights_h2, i32 1)
  %color4.extract = extractvalue %dx.types.CBufRet.f32 %color4.load, 0
  %color4.extract5 = extractvalue %dx.types.CBufRet.f32 %color4.load, 1
  %color4.extract6 = extractvalue %dx.types.CBufRet.f32 %color4.load, 2
  %color4.extract7 = extractvalue %dx.types.CBufRet.f32 %color4.load, 3
  %color4.upto0 = insertelement <4 x float> poison, float %color4.extract, i32 0
  %color4.upto1 = insertelement <4 x float> %color4.upto0, float %color4.extract5, i32 1
  %color4.upto2 = insertelement <4 x float> %color4.upto1, float %color4.extract6, i32 2
  %color4.upto3 = insertelement <4 x float> %color4.upto2, float %color4.extract7, i32 3
  %y = extractelement <4 x float> %color4.upto3, i32 1
  %sum = fadd float %range1.extract, %y
  ret float %sum
}
"#
    );
}

/// An unbounded array on DXIL 1.6: the binding's upper bound is the last
/// register (-1) and the handle is annotated with the element's size.
#[test]
fn dxil_lower_binds_an_unbounded_array_to_the_end_of_its_space() {
    let f = read_two_elements(
        Target::Dxil,
        UNBOUNDED_RESOURCE_ARRAY,
        Some("dxilv1.6-pc-shadermodel6.6-library"),
        "dxil-lower",
    );
    let handles: Vec<&str> = f.lines().filter(|l| l.contains("Handle @dx.op.")).collect();
    assert_eq!(
        handles,
        [
            "  %lights_h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 -1, i32 1, i8 2 }, i32 %1, i1 false)",
            "  %lights_h_annot = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %lights_h, %dx.types.ResourceProperties { i32 13, i32 32 })",
            "  %lights_h2 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 -1, i32 1, i8 2 }, i32 5, i1 false)",
            "  %lights_h2_annot = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %lights_h2, %dx.types.ResourceProperties { i32 13, i32 32 })",
        ]
    );
    assert!(f.contains("  %1 = add i32 %0, 2\n"));
    assert!(
        f.contains("@dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %lights_h_annot, i32 0)")
    );
    assert!(f.contains(
        "@dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %lights_h2_annot, i32 1)"
    ));
}

/// An implicitly bound array: `dxil-resource-implicit-binding` gives it
/// the lowest free run of 4 registers (b0..b3 of space 5), so the run-time
/// index is the register itself and the constant element 3 is register 3
/// (the calls are unnamed: the implicit-binding pass names its
/// replacements as LLVM's does, not at all).
#[test]
fn dxil_lower_binds_an_implicit_array_to_a_free_range() {
    let binding = HandleBinding::Implicit {
        order_id: 0,
        space: 5,
    };
    let f = read_two_elements_bound(
        Target::Dxil,
        4,
        binding,
        Some("dxilv1.6-pc-shadermodel6.6-library"),
        "dxil-lower",
    );
    let handles: Vec<&str> = f
        .lines()
        .filter(|l| l.contains("@dx.op.createHandleFromBinding"))
        .collect();
    assert_eq!(
        handles,
        [
            "  %1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 3, i32 5, i8 2 }, i32 %0, i1 false)",
            "  %3 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 3, i32 5, i8 2 }, i32 3, i1 false)",
        ]
    );
}

/// SPIR-V: `spirv-cbuffer-access` has nothing to rewrite (no member
/// globals); the per-element handle, `getpointer` and loads are what LLVM's
/// SPIR-V backend takes, and the module verifies.
#[test]
fn spirv_access_is_left_valid_by_spirv_cbuffer_access() {
    let f = read_two_elements(Target::SpirV, 4, None, "spirv-cbuffer-access");
    assert_eq!(
        f,
        r#"define float @f(i32 %0) {
entry:
  %lights_h = call target("spirv.VulkanBuffer", %__cblayout_lights, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_lightss_2_0t(i32 1, i32 2, i32 4, i32 %0, ptr @lights.str)
  %lights.ptr = call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_lightss_2_0t(target("spirv.VulkanBuffer", %__cblayout_lights, 2, 0) %lights_h, i32 0)
  %range = getelementptr inbounds nuw %Light, ptr addrspace(12) %lights.ptr, i32 0, i32 1
  %range1 = load float, ptr addrspace(12) %range, align 4
  %lights_h2 = call target("spirv.VulkanBuffer", %__cblayout_lights, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_lightss_2_0t(i32 1, i32 2, i32 4, i32 3, ptr @lights.str)
  %lights.ptr3 = call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_lightss_2_0t(target("spirv.VulkanBuffer", %__cblayout_lights, 2, 0) %lights_h2, i32 0)
  %color = getelementptr inbounds nuw %Light, ptr addrspace(12) %lights.ptr3, i32 0, i32 2
  %color4 = load <4 x float>, ptr addrspace(12) %color, align 16
  %y = extractelement <4 x float> %color4, i32 1
  %sum = fadd float %range1, %y
  ret float %sum
}
"#
    );
}

/// A constant element index past a bounded array's end is refused at step
/// 0; the path's steps count from 1.
#[test]
fn element_indices_and_paths_are_checked() {
    let decl = lights(4);
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    let ctx = Context::create();
    let module = ctx.create_module("arrays");
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
    let emitted = emit_cbuffers(&ctx, &module, &[input], &opts).unwrap();
    let array = &emitted.arrays[0];
    assert_eq!(array.range_size(), 4);
    let f = module.add_function("g", ctx.void_type().fn_type(&[], false), None);
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(f, "entry"));
    let at = |index, path| error_of(&ctx, &module, &builder, array, index, path);
    assert_eq!(
        at(Index::Const(4), &[]),
        Some(AccessError::IndexOutOfRange {
            step: 0,
            index: 4,
            count: 4
        })
    );
    assert_eq!(
        at(Index::Const(1), &[AccessStep::Field("nope")]),
        Some(AccessError::NoSuchField {
            step: 1,
            member: "Light".into(),
            field: "nope".into()
        })
    );
    assert_eq!(
        at(
            Index::Const(1),
            &[AccessStep::Field("pos"), AccessStep::Field("x")]
        ),
        Some(AccessError::NotAStruct {
            step: 2,
            field: "x".into()
        })
    );
}

fn error_of<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    builder: &inkwell::builder::Builder<'ctx>,
    array: &cblower_llvm::emit::EmittedBufferArray<'ctx>,
    index: Index<'ctx>,
    path: &[AccessStep<'_, 'ctx>],
) -> Option<AccessError> {
    array_element_pointer(ctx, module, builder, array, index, path).err()
}

/// Byte `k` of the buffers' memory: below 0x40, so no 4-byte word read as
/// a float is a NaN whose bits a call could change.
fn pattern(k: usize) -> u8 {
    ((k * 29 + 7) % 64) as u8
}

/// Element stride of the buffers in the test's memory (3 rows).
const STRIDE: usize = 48;

/// `struct Item { float2 uv; float range; float4 color; int id; };`
/// (0, 8, 16, 32; size 36) `ConstantBuffer<Item> items[4] : register(b2)`
/// and `void f(uint i, out bytes)` storing `items[i].range`,
/// `items[i].color`, `items[i].id` and `items[2].uv` (32 bytes).
fn semantic_module(ctx: &Context) -> Module<'_> {
    let mut decl = BufferDecl::new(
        "items",
        BufferKind::ConstantBuffer,
        vec![
            Field::new("uv", Ty::vector(Scalar::Float, 2)),
            Field::new("range", Ty::scalar(Scalar::Float)),
            Field::new("color", Ty::vector(Scalar::Float, 4)),
            Field::new("id", Ty::scalar(Scalar::Int)),
        ],
    );
    decl.element_type = Some("Item".into());
    decl.array_len = Some(4);
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    let module = ctx.create_module("semantic");
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
        binding: HandleBinding::Explicit {
            register: 2,
            space: 0,
        },
    };
    let emitted = emit_cbuffers(ctx, &module, &[input], &opts).unwrap();
    add_module_flags(ctx, &module, Target::Dxil, false).unwrap();
    let array = &emitted.arrays[0];
    let ptr = ctx.ptr_type(inkwell::AddressSpace::default());
    let f = module.add_function(
        "f",
        ctx.void_type()
            .fn_type(&[ctx.i32_type().into(), ptr.into()], false),
        None,
    );
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(f, "entry"));
    let i = f.get_nth_param(0).unwrap().into_int_value();
    let out = f.get_nth_param(1).unwrap().into_pointer_value();
    // The output: <{ float, <4 x float>, i32, <2 x float> }>, 32 bytes.
    let f32t = ctx.f32_type();
    let out_ty = ctx.struct_type(
        &[
            f32t.into(),
            f32t.vec_type(4).into(),
            ctx.i32_type().into(),
            f32t.vec_type(2).into(),
        ],
        true,
    );
    let reads: [(Index<'_>, &str, u32); 4] = [
        (Index::Dynamic(i), "range", 0),
        (Index::Dynamic(i), "color", 1),
        (Index::Dynamic(i), "id", 2),
        (Index::Const(2), "uv", 3),
    ];
    for (index, field, at) in reads {
        let access = array_element_pointer(
            ctx,
            &module,
            &builder,
            array,
            index,
            &[AccessStep::Field(field)],
        )
        .unwrap();
        let v = load(&builder, &access, field).unwrap();
        let dst = builder.build_struct_gep(out_ty, out, at, "dst").unwrap();
        builder
            .build_store(dst, v)
            .unwrap()
            .set_alignment(1)
            .unwrap();
    }
    builder.build_return(None).unwrap();
    verify_module(&module).unwrap();
    module
}

/// The driver both `lli` runs share: `@data` (4 elements at a 48-byte
/// stride), `main` calling `f` for every element and printing the 32 bytes
/// it stored as hex, one line per element.
fn driver() -> String {
    let bytes: String = (0..4 * STRIDE)
        .map(|k| format!("\\{:02X}", pattern(k)))
        .collect();
    format!(
        r#"@data = global [{n} x i8] c"{bytes}", align 16
@fmt = private constant [5 x i8] c"%02x\00"
@nl = private constant [2 x i8] c"\0A\00"
declare i32 @printf(ptr, ...)
define i32 @main() {{
entry:
  %out = alloca [32 x i8], align 16
  br label %elem
elem:
  %i = phi i32 [ 0, %entry ], [ %i1, %done ]
  call void @f(i32 %i, ptr %out)
  br label %byte
byte:
  %k = phi i32 [ 0, %elem ], [ %k1, %byte ]
  %p = getelementptr i8, ptr %out, i32 %k
  %b = load i8, ptr %p
  %w = zext i8 %b to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %w)
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, 32
  br i1 %more, label %byte, label %done
done:
  call i32 (ptr, ...) @printf(ptr @nl)
  %i1 = add i32 %i, 1
  %again = icmp ult i32 %i1, 4
  br i1 %again, label %elem, label %exit
exit:
  ret i32 0
}}
"#,
        n = 4 * STRIDE
    )
}

/// What `f` must store for element `i`, as `main` prints it.
fn expected() -> String {
    let mut out = String::new();
    for i in 0..4 {
        let base = i * STRIDE;
        let uv = 2 * STRIDE;
        let ranges = [(base + 8, 4), (base + 16, 16), (base + 32, 4), (uv, 8)];
        for (start, len) in ranges {
            for k in start..start + len {
                out.push_str(&format!("{:02x}", pattern(k)));
            }
        }
        out.push('\n');
    }
    out
}

/// Runs `ir` (with the driver appended) with `lli`.
fn run_lli(ir: &str, what: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("cblower-cbarrays-{what}-{}.ll", std::process::id()));
    std::fs::write(&path, format!("{ir}\n{}", driver())).unwrap();
    let out = std::process::Command::new("/usr/lib/llvm-22/bin/lli")
        .arg(&path)
        .output()
        .expect("run lli");
    let _ = std::fs::remove_file(&path);
    assert!(
        out.status.success(),
        "{what}: lli failed:\n{}\n{ir}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The module for the host: no DXIL triple and data layout, handle and
/// padding types as `ptr` and bytes.
fn for_host(ir: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for line in ir.lines() {
        if line.starts_with("target ") || line.starts_with("declare") {
            continue;
        }
        let mut l = line.replace("target(\"dx.CBuffer\", %__cblayout_items)", "ptr");
        while let Some(start) = l.find("target(\"dx.Padding\", ") {
            let rest = &l[start + 21..];
            let end = rest.find(')').unwrap();
            l = format!("{}[{} x i8]{}", &l[..start], &rest[..end], &rest[end + 1..]);
        }
        lines.push(l.replace("addrspace(2) ", ""));
    }
    lines
}

/// `items[i].field` read through the access API, executed before lowering
/// (the element's handle is `@data + 48 * index`, `getpointer` returns it)
/// and after `dxil-lower` (`createHandle` gives `@data + 48 * (register -
/// 2)`, `cbufferLoadLegacy` the 16 bytes of the row): both runs print the
/// bytes of the buffers at the layout's offsets for every run-time index.
#[test]
fn lli_before_and_after_dxil_lower_read_the_same_bytes() {
    let ctx = Context::create();
    let module = semantic_module(&ctx);
    let before_ir = module.print_to_string().to_string();
    let mut before = for_host(&before_ir).join("\n");
    before = before
        .replace(
            "@llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_itemsst",
            "@test.handle",
        )
        .replace(
            "@llvm.dx.resource.getpointer.p2.tdx.CBuffer_s___cblayout_itemsst",
            "@test.getpointer",
        );
    before.push_str(
        "\ndefine ptr @test.handle(i32 %space, i32 %reg, i32 %range, i32 %i, ptr %name) {\n\
         \x20 %p = getelementptr [48 x i8], ptr @data, i32 %i\n  ret ptr %p\n}\n\
         define ptr @test.getpointer(ptr %h, i32 %o) {\n  ret ptr %h\n}\n",
    );
    let got = run_lli(&before, "before");
    assert_eq!(got, expected(), "before lowering");

    run_pipeline(
        &module,
        &parse_pipeline("dxil-lower").unwrap(),
        &mut Vec::new(),
    )
    .unwrap();
    verify_module(&module).unwrap();
    let after_ir = module.print_to_string().to_string();
    assert!(after_ir.contains("@dx.op.createHandle(i32 57, i8 2, i32 0, i32 %"));
    let mut after = Vec::new();
    let mut n = 0;
    for line in for_host(&after_ir) {
        // A row comes back through memory: a call returning the struct by
        // value may change the bytes of a float.
        match line.split_once(" = call %dx.types.CBufRet.") {
            Some((lhs, rest)) => {
                let (overload, args) = rest.split_once(' ').unwrap();
                let args = args.split_once('(').unwrap().1;
                n += 1;
                after.push(format!("  %row.{n} = call ptr @test.row({args}"));
                after.push(format!(
                    "{lhs} = load %dx.types.CBufRet.{overload}, ptr %row.{n}, align 1"
                ));
            }
            None => after.push(line),
        }
    }
    let mut after = after.join("\n");
    after.push_str(
        "\ndefine %dx.types.Handle @dx.op.createHandle(i32 %op, i8 %class, i32 %id, i32 %reg, i1 %nu) {\n\
         \x20 %e = sub i32 %reg, 2\n  %p = getelementptr [48 x i8], ptr @data, i32 %e\n\
         \x20 %h = insertvalue %dx.types.Handle poison, ptr %p, 0\n  ret %dx.types.Handle %h\n}\n\
         define ptr @test.row(i32 %op, %dx.types.Handle %h, i32 %row) {\n\
         \x20 %p = extractvalue %dx.types.Handle %h, 0\n\
         \x20 %q = getelementptr [16 x i8], ptr %p, i32 %row\n  ret ptr %q\n}\n",
    );
    let got = run_lli(&after, "after");
    assert_eq!(got, expected(), "after dxil-lower");
}
