//! Emits a generated module: the buffers through `cblower_llvm::emit`, one
//! test function per read through `emit::access` (clang's `-O0` GEP shapes),
//! and a `main` that runs every function over every index tried and prints
//! the bytes it wrote.
//!
//! A test function is `void @case_N(ptr %out, i32 %i, i32 %j)`: it follows
//! its path and stores what it read into `%out` (an aggregate leaf by leaf,
//! at the leaves' offsets in the layout; a memcpy copies straight there).

use std::fmt::Write as _;

use cblower_layout::{layout_buffer, BufferDecl, BufferLayout, LayoutOptions, RuleSet};
use cblower_llvm::emit::access::{
    byte_pointer, component_pointer, load, load_leaves, member_pointer, AccessStep, Index,
};
use cblower_llvm::emit::{
    emit_cbuffers, prepare_module, BufferInput, EmitOptions, EmittedMember, HandleBinding,
};
use cblower_llvm::ir_io::verify_module;
use cblower_llvm::Target;
use inkwell::context::Context;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValue, BasicValueEnum, PointerValue};
use inkwell::AddressSpace;

use super::binding::{bindings, Binding, DXIL_TRIPLES};
use super::gen::{self, Action, OddLoad, Read, Rng, Step};

/// Reads per buffer of run-time vector components and odd load types.
const ODD_READS_PER_BUFFER: usize = 3;

/// A member's place in the generated buffers.
#[derive(Clone, Debug)]
pub struct MemberInfo {
    pub symbol: String,
    pub buffer: usize,
    pub offset: u64,
    pub size: u64,
}

/// A generated module, before any transformation.
pub struct Generated {
    /// The module as cblower emits it (DXIL triple and data layout).
    pub ir: String,
    /// The `main` function and helpers, appended after host rewriting.
    pub driver: String,
    pub members: Vec<MemberInfo>,
    /// Size of each buffer (name, bytes).
    pub buffers: Vec<(String, u64)>,
    /// Number of test functions.
    pub cases: usize,
    /// Number of (function, index) runs `main` makes.
    pub runs: usize,
    /// Where each buffer is bound, in buffer order.
    pub bindings: Vec<Binding>,
    /// The triple the `dxil-lower` run uses (it picks the handle operations).
    pub dxil_triple: &'static str,
}

/// Builds module number `seed` with `reads_per_buffer` reads per buffer.
pub fn generate(seed: u64, buffers: usize, reads_per_buffer: usize) -> Result<Generated, String> {
    let mut rng = Rng::new(seed);
    let decls: Vec<BufferDecl> = (0..buffers)
        .map(|b| gen::buffer(&mut rng, &format!("B{b}"), &format!("T{b}")))
        .collect();
    let opts = LayoutOptions::new(RuleSet::CBuffer).native_16bit(true);
    let layouts: Vec<BufferLayout> = decls
        .iter()
        .map(|d| layout_buffer(d, opts).map_err(|e| format!("layout: {e}")))
        .collect::<Result<_, _>>()?;
    let bindings = bindings(seed, buffers);
    let inputs: Vec<BufferInput> = decls
        .iter()
        .zip(&layouts)
        .zip(&bindings)
        .map(|((decl, layout), b)| BufferInput {
            decl,
            layout,
            binding: match b.implicit_order {
                Some(order_id) => HandleBinding::Implicit {
                    order_id,
                    space: b.space,
                },
                None => HandleBinding::Explicit {
                    register: b.lower,
                    space: b.space,
                },
            },
        })
        .collect();
    let ctx = Context::create();
    let module = ctx.create_module(&format!("semantic{seed}"));
    prepare_module(&module, Target::Dxil);
    let emit_opts = EmitOptions {
        target: Target::Dxil,
        native_16bit: true,
        global_ctor: false,
        ctor_suffix: String::new(),
    };
    let emitted =
        emit_cbuffers(&ctx, &module, &inputs, &emit_opts).map_err(|e| format!("emit: {e}"))?;

    let mut members = Vec::new();
    let mut reads: Vec<(Read, &EmittedMember)> = Vec::new();
    for (b, buffer) in emitted.buffers.iter().enumerate() {
        for m in &buffer.members {
            members.push(MemberInfo {
                symbol: m.symbol.clone(),
                buffer: b,
                offset: m.offset,
                size: m.repr.size(),
            });
        }
        for _ in 0..reads_per_buffer {
            let k = rng.below(buffer.members.len() as u64) as usize;
            let m = &buffer.members[k];
            reads.push((gen::read(&mut rng, &m.repr), m));
        }
    }
    // Run-time components and odd load types, from a generator of their own
    // so the reads above stay what they were for every seed.
    let mut odd_rng = Rng::new(seed ^ 0x0dd_1ead_5eed);
    for buffer in &emitted.buffers {
        for _ in 0..ODD_READS_PER_BUFFER {
            let k = odd_rng.below(buffer.members.len() as u64) as usize;
            let m = &buffer.members[k];
            reads.push((gen::odd_read(&mut odd_rng, &m.repr), m));
        }
    }

    let mut driver = String::new();
    let mut runs = 0;
    for (n, (read, member)) in reads.iter().enumerate() {
        build_case(&ctx, &module, n, read, member).map_err(|e| format!("case {n}: {e}"))?;
        let counts: Vec<u64> = read.path.iter().filter_map(Step::dynamic_count).collect();
        let is = counts
            .first()
            .map_or(vec![0], |c| gen::tried_indices(&mut rng, *c));
        let js = counts
            .get(1)
            .map_or(vec![0], |c| gen::tried_indices(&mut rng, *c));
        for &i in &is {
            for &j in &js {
                runs += 1;
                writeln!(
                    driver,
                    "  call void @llvm.memset.p0.i32(ptr @out, i8 -91, i32 512, i1 false)\n  \
                     call void @case_{n}(ptr @out, i32 {i}, i32 {j})\n  \
                     call void @dump(i32 {n}, i32 {i}, i32 {j}, i32 {})",
                    read.out_size
                )
                .map_err(|e| e.to_string())?;
            }
        }
    }
    verify_module(&module).map_err(|e| e.to_string())?;
    Ok(Generated {
        ir: module.print_to_string().to_string(),
        driver: format!("{DRIVER_HEAD}{driver}  ret i32 0\n}}\n"),
        members,
        buffers: emitted
            .buffers
            .iter()
            .map(|b| (b.name.to_string(), b.layout_type.size))
            .collect(),
        cases: reads.len(),
        runs,
        bindings,
        dxil_triple: DXIL_TRIPLES[(seed % DXIL_TRIPLES.len() as u64) as usize],
    })
}

/// The output buffer, `printf`, and `@dump` (prints `case i j: <hex bytes>`).
const DRIVER_HEAD: &str = r#"
@out = global [512 x i8] zeroinitializer, align 16
@fmt.head = private constant [10 x i8] c"%d %d %d:\00"
@fmt.byte = private constant [5 x i8] c"%02x\00"
@fmt.end = private constant [2 x i8] c"\0A\00"
declare i32 @printf(ptr, ...)
declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)

define void @dump(i32 %case, i32 %i, i32 %j, i32 %n) {
entry:
  call i32 (ptr, ...) @printf(ptr @fmt.head, i32 %case, i32 %i, i32 %j)
  br label %test
test:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %more = icmp ult i32 %k, %n
  br i1 %more, label %body, label %done
body:
  %p = getelementptr i8, ptr @out, i32 %k
  %b = load i8, ptr %p
  %w = zext i8 %b to i32
  call i32 (ptr, ...) @printf(ptr @fmt.byte, i32 %w)
  %k1 = add i32 %k, 1
  br label %test
done:
  call i32 (ptr, ...) @printf(ptr @fmt.end)
  ret void
}

define i32 @main() {
"#;

/// `void @case_N(ptr %out, i32 %i, i32 %j)` for one read.
fn build_case<'ctx>(
    ctx: &'ctx Context,
    module: &inkwell::module::Module<'ctx>,
    n: usize,
    read: &Read,
    member: &EmittedMember<'ctx>,
) -> Result<(), String> {
    let i32t = ctx.i32_type();
    let ptr = ctx.ptr_type(AddressSpace::default());
    let fn_ty = ctx
        .void_type()
        .fn_type(&[ptr.into(), i32t.into(), i32t.into()], false);
    let f = module.add_function(&format!("case_{n}"), fn_ty, None);
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(f, "entry"));
    let ret = builder.build_return(None).map_err(|e| e.to_string())?;
    builder.position_before(&ret);
    let out = f.get_nth_param(0).ok_or("no %out")?.into_pointer_value();
    let params = [
        f.get_nth_param(1).ok_or("no %i")?.into_int_value(),
        f.get_nth_param(2).ok_or("no %j")?.into_int_value(),
    ];
    let steps: Vec<AccessStep> = read
        .path
        .iter()
        .filter_map(|s| match s {
            Step::Field(name) => Some(AccessStep::Field(name)),
            Step::Const(c) => Some(AccessStep::Index(Index::Const(*c))),
            Step::Dynamic { slot, .. } => Some(AccessStep::Index(Index::Dynamic(params[*slot]))),
            Step::Component { .. } => None,
        })
        .collect();
    let access = member_pointer(ctx, &builder, member, &steps).map_err(|e| e.to_string())?;
    if let Some(Step::Component { slot, .. }) = read.path.last() {
        // `v[i]`: a GEP over the component type, then a scalar load.
        let comp = component_pointer(
            ctx,
            &builder,
            &access,
            Index::Dynamic(params[*slot]),
            "comp",
        )
        .map_err(|e| e.to_string())?;
        if let Action::Memcpy { len, .. } = read.action {
            builder
                .build_memcpy(out, 1, comp.pointer, 1, i32t.const_int(len, false))
                .map_err(|e| e.to_string())?;
        } else {
            let v = load(&builder, &comp, "v").map_err(|e| e.to_string())?;
            store_unaligned(&builder, v, out)?;
        }
        return Ok(());
    }
    match read.action {
        Action::Reinterpret { start, kind } => {
            let ty: BasicTypeEnum = match kind {
                OddLoad::I8 => ctx.i8_type().into(),
                OddLoad::I24 => std::num::NonZeroU32::new(24)
                    .and_then(|bits| ctx.custom_width_int_type(bits).ok())
                    .ok_or("no i24")?
                    .into(),
                OddLoad::Bytes3 => ctx.i8_type().vec_type(3).into(),
                OddLoad::Bools(bits) => ctx.bool_type().vec_type(bits).into(),
                OddLoad::I128 => ctx.i128_type().into(),
            };
            let p =
                byte_pointer(ctx, &builder, &access, start, "odd").map_err(|e| e.to_string())?;
            let v = builder.build_load(ty, p, "v").map_err(|e| e.to_string())?;
            if let Some(inst) = v.as_instruction_value() {
                inst.set_alignment(1).map_err(|e| e.to_string())?;
            }
            store_unaligned(&builder, v, out)?;
        }
        Action::Load => {
            let v = load(&builder, &access, "v").map_err(|e| e.to_string())?;
            store_unaligned(&builder, v, out)?;
        }
        Action::Aggregate => {
            // Leaf by leaf, each stored at its layout offset.
            for leaf in load_leaves(ctx, &builder, &access, "agg").map_err(|e| e.to_string())? {
                let dst = out_at(ctx, &builder, out, leaf.offset)?;
                store_unaligned(&builder, leaf.value, dst)?;
            }
        }
        Action::Memcpy { start, len } => {
            let src =
                byte_pointer(ctx, &builder, &access, start, "part").map_err(|e| e.to_string())?;
            builder
                .build_memcpy(out, 1, src, 1, i32t.const_int(len, false))
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// `store <v>, ptr <out>, align 1`.
fn store_unaligned<'ctx>(
    builder: &inkwell::builder::Builder<'ctx>,
    v: BasicValueEnum<'ctx>,
    out: PointerValue<'ctx>,
) -> Result<(), String> {
    let st = builder.build_store(out, v).map_err(|e| e.to_string())?;
    st.set_alignment(1).map_err(|e| e.to_string())
}

/// `out + offset` bytes: element 1 of `<{ [offset x i8], i8 }>` (inkwell's
/// struct GEP is safe; its other GEPs are `unsafe`, which the workspace
/// denies, and `ptrtoint` would cut a host pointer to DXIL's 32 bits).
fn out_at<'ctx>(
    ctx: &'ctx Context,
    builder: &inkwell::builder::Builder<'ctx>,
    out: PointerValue<'ctx>,
    offset: u64,
) -> Result<PointerValue<'ctx>, String> {
    if offset == 0 {
        return Ok(out);
    }
    let i8t = ctx.i8_type();
    let skip = ctx.struct_type(&[i8t.array_type(offset as u32).into(), i8t.into()], true);
    builder
        .build_struct_gep(skip, out, 1, "")
        .map_err(|e| e.to_string())
}
