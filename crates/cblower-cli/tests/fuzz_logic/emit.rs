//! `emit`: random but valid buffer declarations (built from the input with
//! `arbitrary::Unstructured`) → layout → `emit_cbuffers` on both targets in
//! both flavours → the LLVM verifier must accept the module → the access API
//! on random member paths → the verifier again → the target's lowering
//! pipeline, which may refuse the module but must never break it.

use std::sync::Arc;

use arbitrary::Unstructured;
use cblower_layout::{
    layout_buffer, Binding, BufferDecl, BufferKind, BufferLayout, Clang22Target, Field,
    LayoutOptions, MatrixOrder, Placement, ResourceTy, RuleSet, Scalar, Storage, StructTy, Ty,
};
use cblower_llvm::emit::access::{load, member_pointer, AccessError, AccessStep, Index};
use cblower_llvm::emit::text::write_text;
use cblower_llvm::emit::{
    add_module_flags, emit_cbuffers, plan_buffers, prepare_module, BufferInput, EmitError,
    EmitOptions, EmitWarning, EmittedCBuffers, HandleBinding, TypeRepr,
};
use cblower_llvm::ir_io::verify_module;
use cblower_llvm::passes::{parse_pipeline, run_pipeline, PipelineError};
use cblower_llvm::Target;
use cblower_program::ProgramError;
use inkwell::context::Context;
use inkwell::module::Module;

/// Deepest nesting of arrays and structs generated.
const MAX_DEPTH: u32 = 4;

/// Every scalar (the layout crate's own list).
const SCALARS: [Scalar; 16] = Scalar::ALL;

/// Builds declarations from fuzz bytes; names are unique across the whole
/// translation unit, as HLSL requires.
struct DeclGen<'a, 'b> {
    u: &'b mut Unstructured<'a>,
    native_16bit: bool,
    next_name: u32,
}

type Gen<T> = arbitrary::Result<T>;

impl DeclGen<'_, '_> {
    fn fresh(&mut self, prefix: &str) -> Arc<str> {
        self.next_name += 1;
        format!("{prefix}{}", self.next_name).into()
    }

    fn scalar(&mut self) -> Gen<Scalar> {
        let s = *self.u.choose(&SCALARS)?;
        Ok(if s.requires_native_16bit() && !self.native_16bit {
            Scalar::Float
        } else {
            s
        })
    }

    fn ty(&mut self, depth: u32) -> Gen<Ty> {
        let max_kind = if depth >= MAX_DEPTH { 2 } else { 5 };
        Ok(match self.u.int_in_range(0..=max_kind)? {
            0 => Ty::scalar(self.scalar()?),
            1 => Ty::vector(self.scalar()?, self.u.int_in_range(1..=4)?),
            2 => {
                let order = if self.u.arbitrary()? {
                    MatrixOrder::RowMajor
                } else {
                    MatrixOrder::ColumnMajor
                };
                let rows = self.u.int_in_range(1..=4)?;
                let cols = self.u.int_in_range(1..=4)?;
                Ty::matrix(self.scalar()?, rows, cols, order)
            }
            3 => {
                let len = match self.u.int_in_range(0..=9u8)? {
                    9 => 64,
                    n => u64::from(n.max(1)),
                };
                Ty::array(self.ty(depth + 1)?, len)
            }
            4 => self.structure(depth + 1)?,
            _ => Ty::Resource(ResourceTy {
                name: "Texture2D<float4>".into(),
            }),
        })
    }

    fn structure(&mut self, depth: u32) -> Gen<Ty> {
        let mut s = StructTy::new(self.fresh("S"), self.fields(depth, false)?);
        if depth < MAX_DEPTH && self.u.ratio(1, 6)? {
            let base = StructTy::new(self.fresh("Base"), self.fields(depth + 1, false)?);
            s.base = Some(Arc::new(base));
        }
        Ok(Ty::structure(s))
    }

    fn fields(&mut self, depth: u32, buffer_members: bool) -> Gen<Vec<Field>> {
        let count = self.u.int_in_range(0..=4)?;
        let mut fields = Vec::with_capacity(count);
        for _ in 0..count {
            let mut f = Field::new(self.fresh("m"), self.ty(depth)?);
            if self.u.ratio(1, 10)? {
                f.storage = Storage::Static;
            }
            if buffer_members && self.u.ratio(1, 4)? {
                f.placement = Some(Placement::PackOffset {
                    register: self.u.int_in_range(0..=12)?,
                    component: self.u.int_in_range(0..=3)?,
                });
            }
            fields.push(f);
        }
        Ok(fields)
    }

    fn buffer(&mut self, kind: BufferKind) -> Gen<BufferDecl> {
        let mut decl = BufferDecl::new(self.fresh("CB"), kind, Vec::new());
        decl.members = self.fields(0, kind != BufferKind::ConstantBuffer)?;
        if kind == BufferKind::ConstantBuffer {
            decl.element_type = Some(self.fresh("T"));
        }
        if kind == BufferKind::Globals {
            for m in &mut decl.members {
                m.is_const = self.u.ratio(1, 5)?;
            }
        } else if self.u.arbitrary()? {
            decl.binding = Some(Binding {
                register: if self.u.arbitrary()? {
                    Some(self.u.int_in_range(0..=15)?)
                } else {
                    None
                },
                space: self.u.int_in_range(0..=3)?,
            });
        }
        Ok(decl)
    }

    /// One to three buffers, `$Globals` (if any) last as the front end
    /// orders them.
    fn program(&mut self) -> Gen<Vec<BufferDecl>> {
        let count = self.u.int_in_range(1..=3)?;
        let mut decls = Vec::with_capacity(count);
        let mut globals = None;
        for _ in 0..count {
            let kind = *self.u.choose(&[
                BufferKind::CBuffer,
                BufferKind::TBuffer,
                BufferKind::ConstantBuffer,
                BufferKind::Globals,
            ])?;
            if kind == BufferKind::Globals {
                if globals.is_none() {
                    globals = Some(self.buffer(kind)?);
                }
            } else {
                decls.push(self.buffer(kind)?);
            }
        }
        decls.extend(globals);
        Ok(decls)
    }
}

/// Lays out every buffer; a buffer whose packoffsets the rules reject is
/// retried without them (so the input still reaches emission).
pub fn lay_out(decls: &mut [BufferDecl], opts: LayoutOptions) -> Option<Vec<BufferLayout>> {
    let mut layouts = Vec::with_capacity(decls.len());
    for decl in decls.iter_mut() {
        let layout = match layout_buffer(decl, opts) {
            Ok(l) => l,
            Err(_) => {
                for m in &mut decl.members {
                    m.placement = None;
                }
                layout_buffer(decl, opts).ok()?
            }
        };
        layouts.push(layout);
    }
    Some(layouts)
}

pub fn binding_of(decl: &BufferDecl, i: usize) -> HandleBinding {
    let space = decl.binding.map_or(0, |b| b.space);
    match decl.binding.and_then(|b| b.register) {
        Some(register) => HandleBinding::Explicit { register, space },
        None => HandleBinding::Implicit {
            order_id: i as u32,
            space,
        },
    }
}

/// What the emit target builds from `data`: whether 16-bit types are
/// native, the declarations, and the rest of the bytes (the seed of the
/// member walks). Also used by the text writer's equality test.
pub fn declarations(data: &[u8]) -> Option<(bool, Vec<BufferDecl>, Vec<u8>)> {
    let mut u = Unstructured::new(data);
    let native_16bit = u.arbitrary::<bool>().ok()?;
    let mut generator = DeclGen {
        u: &mut u,
        native_16bit,
        next_name: 0,
    };
    let decls = generator.program().ok()?;
    Some((native_16bit, decls, u.take_rest().to_vec()))
}

pub fn run(data: &[u8]) {
    let Some((native_16bit, decls, walk_seed)) = declarations(data) else {
        return;
    };
    for target in [Target::Dxil, Target::SpirV] {
        let clang22 = match target {
            Target::Dxil => Clang22Target::Dxil,
            Target::SpirV => Clang22Target::SpirV,
        };
        for rules in [RuleSet::CBuffer, RuleSet::Clang22(clang22)] {
            let mut decls = decls.clone();
            let opts = LayoutOptions::new(rules).native_16bit(native_16bit);
            let Some(layouts) = lay_out(&mut decls, opts) else {
                continue;
            };
            emit_and_check(&decls, &layouts, target, native_16bit, &walk_seed);
        }
    }
}

/// Emits, verifies, walks member paths and lowers; panics on every outcome
/// that is a cblower bug rather than an input cblower declines.
pub fn emit_and_check(
    decls: &[BufferDecl],
    layouts: &[BufferLayout],
    target: Target,
    native_16bit: bool,
    walk_seed: &[u8],
) {
    let inputs: Vec<BufferInput<'_>> = decls
        .iter()
        .zip(layouts)
        .enumerate()
        .map(|(i, (decl, layout))| BufferInput {
            decl,
            layout,
            binding: binding_of(decl, i),
        })
        .collect();
    let ctx = Context::create();
    let module = ctx.create_module("fuzz");
    prepare_module(&module, target);
    let opts = EmitOptions {
        target,
        native_16bit,
        global_ctor: true,
        ctor_suffix: "fuzz.hlsl".into(),
    };
    let emitted = emit_cbuffers(&ctx, &module, &inputs, &opts)
        .and_then(|e| add_module_flags(&ctx, &module, target, native_16bit).map(|()| e));
    let emitted = match emitted {
        Ok(e) => e,
        Err(EmitError::Program(
            ProgramError::ConstantBufferInClang22 { .. }
            | ProgramError::ConstantBufferArray { .. }
            | ProgramError::PaddingTooLarge { .. }
            | ProgramError::CBufferTooLarge { .. },
        )) => return,
        Err(e) => panic!("emission failed on a valid declaration: {e}\n{decls:#?}"),
    };
    if let Err(e) = verify_module(&module) {
        panic!(
            "emitted module does not verify: {e}\n{}",
            module.print_to_string()
        );
    }
    check_text_writer(decls, &inputs, &opts, &module, &emitted.warnings);
    walk_members(&ctx, &module, &emitted, walk_seed);
    if let Err(e) = verify_module(&module) {
        panic!(
            "module with access paths does not verify: {e}\n{}",
            module.print_to_string()
        );
    }
    let pipeline = match target {
        Target::Dxil => "dxil-lower",
        Target::SpirV => "spirv-cbuffer-access",
    };
    let passes = parse_pipeline(pipeline).expect("known pipeline");
    match run_pipeline(&module, &passes, &mut std::io::sink()) {
        Ok(()) => {}
        Err(e @ (PipelineError::BrokenInput(_) | PipelineError::BrokenOutput { .. })) => {
            panic!("{pipeline}: {e}\n{}", module.print_to_string())
        }
        Err(_) => {}
    }
}

/// The text sink must write what LLVM prints for the module the module
/// sink just built from the same plan.
fn check_text_writer(
    decls: &[BufferDecl],
    inputs: &[BufferInput<'_>],
    opts: &EmitOptions,
    module: &Module<'_>,
    warnings: &[EmitWarning],
) {
    let name = module.get_name().to_string_lossy().into_owned();
    let plan = plan_buffers(inputs, opts, &name).expect("the module sink built this plan");
    let mut bytes = Vec::new();
    write_text(&plan, &mut bytes).expect("writing to memory");
    let llvm = module.print_to_string().to_string();
    assert!(
        bytes == llvm.as_bytes(),
        "the text writer differs from LLVM:\n{}\n---\n{llvm}\n{decls:#?}",
        String::from_utf8_lossy(&bytes)
    );
    assert_eq!(plan.warnings, warnings);
}

/// Adds `define void @fuzz_access(i32 %i)` loading one random path into
/// every member (run-time indices use `%i`).
fn walk_members<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    emitted: &EmittedCBuffers<'ctx>,
    walk_seed: &[u8],
) {
    let fn_type = ctx.void_type().fn_type(&[ctx.i32_type().into()], false);
    let function = module.add_function("fuzz_access", fn_type, None);
    let entry = ctx.append_basic_block(function, "entry");
    let builder = ctx.create_builder();
    builder.position_at_end(entry);
    let dynamic = function
        .get_nth_param(0)
        .expect("one parameter")
        .into_int_value();
    let mut u = Unstructured::new(walk_seed);
    for buffer in &emitted.buffers {
        for member in &buffer.members {
            let Ok((names, steps)) = random_path(&mut u, &member.repr) else {
                break;
            };
            let path: Vec<AccessStep<'_, 'ctx>> = steps
                .iter()
                .map(|s| match s {
                    PathStep::Field(k) => AccessStep::Field(&names[*k]),
                    PathStep::Const(i) => AccessStep::Index(Index::Const(*i)),
                    PathStep::Dynamic => AccessStep::Index(Index::Dynamic(dynamic)),
                })
                .collect();
            check_access(ctx, &builder, member, &path);
        }
    }
    builder.build_return(None).expect("ret void");
}

fn check_access<'ctx>(
    ctx: &'ctx Context,
    builder: &inkwell::builder::Builder<'ctx>,
    member: &cblower_llvm::emit::EmittedMember<'ctx>,
    path: &[AccessStep<'_, 'ctx>],
) {
    match member_pointer(ctx, builder, member, path) {
        Ok(access) => match load(builder, &access, "v") {
            Ok(_) | Err(AccessError::NotALeaf) => {}
            Err(e) => panic!("load through a valid path failed: {e}"),
        },
        Err(AccessError::Llvm(e)) => panic!("access API hit an LLVM error: {e}"),
        Err(_) => {}
    }
}

enum PathStep {
    Field(usize),
    Const(u64),
    Dynamic,
}

/// A path down `repr`: mostly valid steps, sometimes a wrong one (an index
/// past the end, a missing field, indexing a leaf) to exercise the errors.
fn random_path(
    u: &mut Unstructured<'_>,
    repr: &TypeRepr<'_>,
) -> arbitrary::Result<(Vec<String>, Vec<PathStep>)> {
    let mut names = Vec::new();
    let mut steps = Vec::new();
    let mut here = repr.clone();
    loop {
        if u.ratio(1, 16)? {
            // A deliberately wrong step.
            match u.int_in_range(0..=2)? {
                0 => steps.push(PathStep::Const(u64::from(u.arbitrary::<u16>()?) + 1000)),
                1 => {
                    names.push("no_such_field".to_owned());
                    steps.push(PathStep::Field(names.len() - 1));
                }
                _ => steps.push(PathStep::Dynamic),
            }
            return Ok((names, steps));
        }
        here = match &here {
            TypeRepr::Leaf { .. } => return Ok((names, steps)),
            TypeRepr::Array(a) => {
                if u.arbitrary()? {
                    steps.push(PathStep::Dynamic);
                } else {
                    steps.push(PathStep::Const(
                        u.int_in_range(0..=a.count.saturating_sub(1))?,
                    ));
                }
                a.elem.clone()
            }
            TypeRepr::Struct(s) => {
                if s.fields.is_empty() {
                    return Ok((names, steps));
                }
                let f = u.choose(&s.fields)?;
                names.push(f.name.to_string());
                steps.push(PathStep::Field(names.len() - 1));
                f.repr.clone()
            }
        };
    }
}
