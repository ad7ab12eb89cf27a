//! The access API: for a front end that emitted its buffers with
//! [`super::emit_cbuffers`], build the constant-address-space pointer to a
//! member, or to a field or element inside it, with the GEP shapes clang
//! emits at `-O0`:
//!
//! | step | GEP |
//! |---|---|
//! | `a[i]` on a padded array | `getelementptr <{ E, pad }>, ptr addrspace(2) %p, i32 i, i32 0` (named `cbufferidx` when `i` is not a constant) |
//! | `a[i]` on a plain array | `getelementptr inbounds [N x E], ptr addrspace(2) %p, i32 0, i32 i` |
//! | `s.f` | `getelementptr inbounds nuw %S, ptr addrspace(2) %p, i32 0, i32 k` |
//!
//! `k` is the number of the *layout* struct's element that holds `f`, counting
//! padding elements. clang-22 uses the source struct's field number instead,
//! which reads padding whenever the struct has internal padding
//! (llvm/llvm-project#179716); this API never does. With only constant
//! indices the GEPs fold into constant expressions, as clang's do.
//!
//! A matrix is reached like its storage: `m[c]` is column `c` (row `c` when
//! row-major) in the default flavour. Vector components are not steps: load
//! the vector and extract, as clang does, or take [`component_pointer`].
//!
//! [`load`] reads a scalar or vector; [`load_leaves`] reads a whole struct,
//! array or matrix as its leaves, each with the alignment its own offset
//! allows, and never reads padding (one load of the layout type would read
//! its `dx.Padding` elements, and claim one alignment for all of it).

use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::types::BasicType;
use inkwell::values::{BasicValueEnum, IntValue, PointerValue};

use cblower_program::plan::names::offset_alignment;

use super::types::{ArrayRepr, StructRepr};
use super::{EmittedBufferArray, EmittedMember, HandleBinding, TypeRepr};
use crate::ffi::{GepFlags, LlvmError, PositionedBuilder, RawFunction, RawType, RawValue};

/// An array index: a constant, or a value computed at run time.
#[derive(Clone, Copy, Debug)]
pub enum Index<'ctx> {
    /// A constant index, checked against the array's length.
    Const(u64),
    /// An index computed at run time (any integer width; cast to `i32`).
    Dynamic(IntValue<'ctx>),
}

/// One step of a path from a member to the value read.
#[derive(Clone, Copy, Debug)]
pub enum AccessStep<'a, 'ctx> {
    /// `.name`: a field of a struct.
    Field(&'a str),
    /// `[i]`: an element of an array, or a column (row) of a matrix.
    Index(Index<'ctx>),
}

/// Why a path cannot be followed. Each variant names the step (0-based).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AccessError {
    /// The struct at `step` has no field of that name.
    #[error("step {step}: `{member}` has no field `{field}` here")]
    NoSuchField {
        /// The step.
        step: usize,
        /// The struct type's name.
        member: String,
        /// The field asked for.
        field: String,
    },
    /// `.field` on something that is not a struct.
    #[error("step {step}: `.{field}` needs a struct, but the value there is not one")]
    NotAStruct {
        /// The step.
        step: usize,
        /// The field asked for.
        field: String,
    },
    /// `[i]` on something that is not an array or matrix.
    #[error(
        "step {step}: indexing needs an array or matrix; load vectors and extract their components"
    )]
    NotAnArray {
        /// The step.
        step: usize,
    },
    /// A constant index past the end of the array.
    #[error("step {step}: index {index} is out of range for an array of {count}")]
    IndexOutOfRange {
        /// The step.
        step: usize,
        /// The index.
        index: u64,
        /// The array's length.
        count: u64,
    },
    /// [`load`] on a struct, array or matrix.
    #[error("the value at the end of the path is an aggregate; load it with `load_leaves`")]
    NotALeaf,
    /// [`component_pointer`] on something that is not a vector.
    #[error("a component index needs a vector, but the value there is not one")]
    NotAVector,
    /// A constant component index past the end of the vector.
    #[error("component {index} is out of range for a vector of {count}")]
    ComponentOutOfRange {
        /// The index.
        index: u64,
        /// The vector's length.
        count: u64,
    },
    /// [`byte_pointer`] past the end of the value.
    #[error("byte {start} is past the end of a value of {size} bytes")]
    ByteOutOfRange {
        /// The byte asked for.
        start: u64,
        /// The value's size.
        size: u64,
    },
    /// LLVM refused an instruction.
    #[error(transparent)]
    Llvm(#[from] LlvmError),
}

/// A pointer into a cbuffer member and what it points at.
#[derive(Clone, Debug)]
pub struct Access<'ctx> {
    /// The pointer (in the constant address space, `addrspace(2)` on DXIL).
    pub pointer: PointerValue<'ctx>,
    /// What it points at.
    pub repr: TypeRepr<'ctx>,
    /// Byte offset in the buffer, when every index was a constant.
    pub offset: Option<u64>,
    /// The alignment a load through `pointer` may claim: what the offset
    /// (and the strides of run-time indices) guarantee in a 16-byte-aligned buffer.
    pub align: u64,
    /// The constant part of the offset (all of it when `offset` is `Some`).
    base: u64,
    /// What the run-time indices guarantee: the least alignment of their strides (16 without any).
    stride_align: u64,
}

impl Access<'_> {
    /// The alignment a load `rel` bytes past `pointer` may claim.
    fn align_at(&self, rel: u64) -> u64 {
        self.stride_align.min(offset_alignment(self.base + rel))
    }
}

/// Builds the pointer for `member` followed by `path` at the builder's
/// insertion point.
///
/// ```
/// use cblower_layout::{
///     layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions, RuleSet, Scalar, StructTy, Ty,
/// };
/// use cblower_llvm::emit::access::{load, member_pointer, AccessStep, Index};
/// use cblower_llvm::emit::{emit_cbuffers, BufferInput, EmitOptions, HandleBinding};
/// use cblower_llvm::Target;
///
/// let light = Ty::structure(StructTy::new("Light", vec![
///     Field::new("color", Ty::vector(Scalar::Float, 3)),
///     Field::new("range", Ty::scalar(Scalar::Float)),
/// ]));
/// let decl = BufferDecl::new("Lights", BufferKind::CBuffer, vec![
///     Field::new("lights", Ty::array(light, 4)),
/// ]);
/// let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
/// let ctx = inkwell::context::Context::create();
/// let module = ctx.create_module("m");
/// let opts = EmitOptions {
///     target: Target::Dxil,
///     native_16bit: false,
///     global_ctor: false,
///     ctor_suffix: String::new(),
/// };
/// let binding = HandleBinding::Explicit { register: 0, space: 0 };
/// let input = BufferInput { decl: &decl, layout: &layout, binding };
/// let emitted = emit_cbuffers(&ctx, &module, &[input], &opts).unwrap();
/// let lights = emitted.buffers[0].member("lights").unwrap();
///
/// // float f(uint i) { return lights[i].range; }
/// let f = module.add_function("f", ctx.f32_type().fn_type(&[ctx.i32_type().into()], false), None);
/// let builder = ctx.create_builder();
/// builder.position_at_end(ctx.append_basic_block(f, "entry"));
/// let i = f.get_nth_param(0).unwrap().into_int_value();
/// let path = [AccessStep::Index(Index::Dynamic(i)), AccessStep::Field("range")];
/// let access = member_pointer(&ctx, &builder, lights, &path).unwrap();
/// assert_eq!(access.align, 4); // 16 * i + 12
/// let range = load(&builder, &access, "range").unwrap();
/// builder.build_return(Some(&range)).unwrap();
/// cblower_llvm::ir_io::verify_module(&module).unwrap();
/// ```
pub fn member_pointer<'ctx>(
    ctx: &'ctx Context,
    builder: &Builder<'ctx>,
    member: &EmittedMember<'ctx>,
    path: &[AccessStep<'_, 'ctx>],
) -> Result<Access<'ctx>, AccessError> {
    walk_path(
        ctx,
        builder,
        member.global.as_value(),
        member.repr.clone(),
        member.offset,
        path,
    )
}

/// Follows `path` from `ptr`, which points at a `repr` at byte `offset` of
/// its buffer.
fn walk_path<'ctx>(
    ctx: &'ctx Context,
    builder: &Builder<'ctx>,
    mut ptr: RawValue<'ctx>,
    mut repr: TypeRepr<'ctx>,
    mut offset: u64,
    path: &[AccessStep<'_, 'ctx>],
) -> Result<Access<'ctx>, AccessError> {
    let raw = PositionedBuilder::new(builder);
    let i32t = ctx.i32_type();
    let mut dynamic = false;
    // The alignment the run-time indices guarantee: each adds a multiple of
    // its array's stride to the constant `offset`.
    let mut stride_align = 16;
    for (step, s) in path.iter().enumerate() {
        match (s, &repr) {
            (AccessStep::Index(index), TypeRepr::Array(a)) => {
                let (idx, name) = match index {
                    Index::Const(i) => {
                        if *i >= a.count {
                            return Err(AccessError::IndexOutOfRange {
                                step,
                                index: *i,
                                count: a.count,
                            });
                        }
                        offset += i * a.stride;
                        (RawValue::i32_in(ctx, *i as u32), "")
                    }
                    Index::Dynamic(v) => {
                        dynamic = true;
                        stride_align = stride_align.min(offset_alignment(a.stride));
                        let v = builder
                            .build_int_cast(*v, i32t, "")
                            .map_err(|e| LlvmError::Builder(e.to_string()))?;
                        (RawValue::from_inkwell(v), "cbufferidx")
                    }
                };
                ptr = element_gep(ctx, &raw, a, ptr, idx, name)?;
                repr = a.elem.clone();
            }
            (AccessStep::Index(_), _) => return Err(AccessError::NotAnArray { step }),
            (AccessStep::Field(name), TypeRepr::Struct(s)) => {
                let f = s.fields.iter().find(|f| &*f.name == *name).ok_or_else(|| {
                    AccessError::NoSuchField {
                        step,
                        member: s.name.clone(),
                        field: (*name).to_owned(),
                    }
                })?;
                ptr = field_gep(ctx, &raw, s, f.element, ptr, name)?;
                offset += f.offset;
                repr = f.repr.clone();
            }
            (AccessStep::Field(name), _) => {
                return Err(AccessError::NotAStruct {
                    step,
                    field: (*name).to_owned(),
                })
            }
        }
    }
    // `lights[i].range` at 16*i + 12 is only 4-aligned, whatever the
    // member's own offset.
    let align = stride_align.min(offset_alignment(offset));
    let pointer = ptr.into_pointer_value().ok_or(AccessError::NotALeaf)?;
    Ok(Access {
        pointer,
        repr,
        offset: (!dynamic).then_some(offset),
        align,
        base: offset,
        stride_align,
    })
}

/// The pointer to element `index` of an array of `ConstantBuffer<T>`,
/// followed by `path` into its `T`, at the builder's insertion point.
///
/// The element's handle is created right there, as LLVM main creates the
/// handle of a global resource array's element where it is used:
/// `handlefrombinding(space, register, range, index, @<Name>.str)`
/// (`handlefromimplicitbinding(order id, space, range, index, ...)` without
/// a register), `range` being the array's length (-1 when unbounded) and
/// `index` the constant or run-time element index (cast to `i32`). Then
/// `getpointer(handle, i32 0)` points at the element's `T` (`%[Name].ptr`),
/// and `path` continues from there with [`member_pointer`]'s GEPs. The
/// `module` is the one the array was emitted into (the `getpointer`
/// intrinsic is declared there on first use). A constant index past a
/// bounded array's end is [`AccessError::IndexOutOfRange`] at step 0, and
/// the steps of `path` are numbered from 1.
pub fn array_element_pointer<'ctx>(
    ctx: &'ctx Context,
    module: &inkwell::module::Module<'ctx>,
    builder: &Builder<'ctx>,
    array: &EmittedBufferArray<'ctx>,
    index: Index<'ctx>,
    path: &[AccessStep<'_, 'ctx>],
) -> Result<Access<'ctx>, AccessError> {
    let idx = match index {
        Index::Const(i) => {
            if let Some(len) = array.len.filter(|&n| i >= u64::from(n)) {
                return Err(AccessError::IndexOutOfRange {
                    step: 0,
                    index: i,
                    count: u64::from(len),
                });
            }
            let i = u32::try_from(i).map_err(|_| AccessError::IndexOutOfRange {
                step: 0,
                index: i,
                count: u64::from(u32::MAX),
            })?;
            RawValue::i32_in(ctx, i)
        }
        Index::Dynamic(v) => RawValue::from_inkwell(
            builder
                .build_int_cast(v, ctx.i32_type(), "")
                .map_err(|e| LlvmError::Builder(e.to_string()))?,
        ),
    };
    let (a, b) = match array.binding {
        HandleBinding::Explicit { register, space } => (space, register),
        HandleBinding::Implicit { order_id, space } => (order_id, space),
    };
    let raw = PositionedBuilder::new(builder);
    let i32c = |v: u32| RawValue::i32_in(ctx, v);
    let handle = raw.call(
        array.create,
        &[
            i32c(a),
            i32c(b),
            i32c(array.range_size() as u32),
            idx,
            array.string,
        ],
        &format!("{}_h", array.name),
    )?;
    let (getpointer, space) = match array.target {
        crate::Target::Dxil => ("llvm.dx.resource.getpointer", 2),
        crate::Target::SpirV => ("llvm.spv.resource.getpointer", 12),
    };
    let ptr_ty = RawType::from_inkwell(ctx.ptr_type(inkwell::AddressSpace::from(space)));
    let getpointer = RawFunction::intrinsic(module, getpointer, &[ptr_ty, array.handle_type])?;
    // DXIL's offset is the byte 0; SPIR-V's is element 0 of the one-element
    // layout struct: both the element's `T`.
    let ptr = raw.call(
        getpointer,
        &[handle, i32c(0)],
        &format!("{}.ptr", array.name),
    )?;
    walk_path(ctx, builder, ptr, array.repr.clone(), 0, path).map_err(|e| match e {
        AccessError::NoSuchField {
            step,
            member,
            field,
        } => AccessError::NoSuchField {
            step: step + 1,
            member,
            field,
        },
        AccessError::NotAStruct { step, field } => AccessError::NotAStruct {
            step: step + 1,
            field,
        },
        AccessError::NotAnArray { step } => AccessError::NotAnArray { step: step + 1 },
        AccessError::IndexOutOfRange { step, index, count } => AccessError::IndexOutOfRange {
            step: step + 1,
            index,
            count,
        },
        other => other,
    })
}

/// Element `idx` of array `a` at `ptr`: `getelementptr <{ E, pad }>, ptr %p,
/// i32 idx, i32 0` when padded, else `getelementptr inbounds [N x E], ptr %p,
/// i32 0, i32 idx`.
fn element_gep<'ctx>(
    ctx: &'ctx Context,
    raw: &PositionedBuilder<'_, 'ctx>,
    a: &ArrayRepr<'ctx>,
    ptr: RawValue<'ctx>,
    idx: RawValue<'ctx>,
    name: &str,
) -> Result<RawValue<'ctx>, LlvmError> {
    let zero = RawValue::i32_in(ctx, 0);
    match a.padded_elem {
        Some(cell) => raw.gep(cell, ptr, &[idx, zero], GepFlags::NONE, name),
        None => raw.gep(a.ty, ptr, &[zero, idx], GepFlags::INBOUNDS, "arrayidx"),
    }
}

/// Element `element` of layout struct `s` at `ptr`.
fn field_gep<'ctx>(
    ctx: &'ctx Context,
    raw: &PositionedBuilder<'_, 'ctx>,
    s: &StructRepr<'ctx>,
    element: u32,
    ptr: RawValue<'ctx>,
    name: &str,
) -> Result<RawValue<'ctx>, LlvmError> {
    let zero = RawValue::i32_in(ctx, 0);
    let k = RawValue::i32_in(ctx, element);
    raw.gep(s.ty, ptr, &[zero, k], GepFlags::INBOUNDS_NUW, name)
}

/// Loads the scalar or vector `access` points at (a `bool` loads as `i32`),
/// with [`Access::align`].
pub fn load<'ctx>(
    builder: &Builder<'ctx>,
    access: &Access<'ctx>,
    name: &str,
) -> Result<BasicValueEnum<'ctx>, AccessError> {
    let TypeRepr::Leaf { value, .. } = access.repr else {
        return Err(AccessError::NotALeaf);
    };
    let v = builder
        .build_load(value, access.pointer, name)
        .map_err(|e| LlvmError::Builder(e.to_string()))?;
    if let Some(inst) = inkwell::values::BasicValue::as_instruction_value(&v) {
        inst.set_alignment(access.align as u32)
            .map_err(|e| LlvmError::Builder(e.to_string()))?;
    }
    Ok(v)
}

/// One scalar or vector read by [`load_leaves`].
#[derive(Clone, Debug)]
pub struct LoadedLeaf<'ctx> {
    /// Where the leaf sits below the access, as a source path (`.color`,
    /// `[2].range`, `[1]` for a matrix's second column); empty when the
    /// access itself is a leaf.
    pub path: String,
    /// Byte offset from the start of the value the access points at.
    pub offset: u64,
    /// The alignment the load claims: what the leaf's own offset in the
    /// buffer (and the strides of run-time indices on the way) guarantee.
    pub align: u64,
    /// The value read (a `bool` reads as `i32`).
    pub value: BasicValueEnum<'ctx>,
}

/// Loads every scalar and vector of the struct, array or matrix `access`
/// points at (or the one leaf, if it is a leaf), in layout order, each
/// through a GEP of the same shape [`member_pointer`] builds and with the
/// alignment its own offset allows. Padding is never read.
///
/// `lights[i]` of `struct Light { float3 color; float range; }` reads
/// `color` with `align 16` and `range` (12 bytes on) with `align 4`.
pub fn load_leaves<'ctx>(
    ctx: &'ctx Context,
    builder: &Builder<'ctx>,
    access: &Access<'ctx>,
    name: &str,
) -> Result<Vec<LoadedLeaf<'ctx>>, AccessError> {
    let raw = PositionedBuilder::new(builder);
    let mut walk = LeafWalk {
        ctx,
        builder,
        raw: &raw,
        access,
        name,
        path: String::new(),
        out: Vec::new(),
    };
    walk.visit(RawValue::from_inkwell(access.pointer), &access.repr, 0)?;
    Ok(walk.out)
}

struct LeafWalk<'a, 'b, 'ctx> {
    ctx: &'ctx Context,
    builder: &'a Builder<'ctx>,
    raw: &'a PositionedBuilder<'b, 'ctx>,
    access: &'a Access<'ctx>,
    name: &'a str,
    path: String,
    out: Vec<LoadedLeaf<'ctx>>,
}

impl<'ctx> LeafWalk<'_, '_, 'ctx> {
    fn visit(
        &mut self,
        ptr: RawValue<'ctx>,
        repr: &TypeRepr<'ctx>,
        rel: u64,
    ) -> Result<(), AccessError> {
        match repr {
            TypeRepr::Leaf { value, .. } => {
                let pointer = ptr.into_pointer_value().ok_or(AccessError::NotALeaf)?;
                let align = self.access.align_at(rel);
                let v = aligned_load(self.builder, *value, pointer, align, self.name)?;
                self.out.push(LoadedLeaf {
                    path: self.path.clone(),
                    offset: rel,
                    align,
                    value: v,
                });
            }
            TypeRepr::Struct(s) => {
                for f in &s.fields {
                    let p = field_gep(self.ctx, self.raw, s, f.element, ptr, &f.name)?;
                    let depth = self.path.len();
                    self.path.push('.');
                    self.path.push_str(&f.name);
                    self.visit(p, &f.repr, rel + f.offset)?;
                    self.path.truncate(depth);
                }
            }
            TypeRepr::Array(a) => {
                for k in 0..a.count {
                    let idx = RawValue::i32_in(self.ctx, k as u32);
                    let p = element_gep(self.ctx, self.raw, a, ptr, idx, "")?;
                    let depth = self.path.len();
                    self.path.push_str(&format!("[{k}]"));
                    self.visit(p, &a.elem, rel + k * a.stride)?;
                    self.path.truncate(depth);
                }
            }
        }
        Ok(())
    }
}

fn aligned_load<'ctx>(
    builder: &Builder<'ctx>,
    ty: inkwell::types::BasicTypeEnum<'ctx>,
    pointer: PointerValue<'ctx>,
    align: u64,
    name: &str,
) -> Result<BasicValueEnum<'ctx>, AccessError> {
    let v = builder
        .build_load(ty, pointer, name)
        .map_err(|e| LlvmError::Builder(e.to_string()))?;
    if let Some(inst) = inkwell::values::BasicValue::as_instruction_value(&v) {
        inst.set_alignment(align as u32)
            .map_err(|e| LlvmError::Builder(e.to_string()))?;
    }
    Ok(v)
}

/// The pointer to component `index` of the vector `access` points at
/// (`getelementptr inbounds <elem>, ptr %p, i32 index`, as clang-22 builds
/// `v[i]` on a buffer vector), as an [`Access`] to a scalar. A constant index
/// is checked against the vector's length.
pub fn component_pointer<'ctx>(
    ctx: &'ctx Context,
    builder: &Builder<'ctx>,
    access: &Access<'ctx>,
    index: Index<'ctx>,
    name: &str,
) -> Result<Access<'ctx>, AccessError> {
    let TypeRepr::Leaf { value, scalar, .. } = &access.repr else {
        return Err(AccessError::NotAVector);
    };
    let inkwell::types::BasicTypeEnum::VectorType(vector) = value else {
        return Err(AccessError::NotAVector);
    };
    let elem = vector.get_element_type();
    let count = u64::from(vector.get_size());
    let elem_size = elem
        .size_of()
        .and_then(|s| s.get_zero_extended_constant())
        .unwrap_or_else(|| access.repr.size() / count.max(1));
    let (idx, base, stride_align) = match index {
        Index::Const(i) if i >= count => {
            return Err(AccessError::ComponentOutOfRange { index: i, count })
        }
        Index::Const(i) => (
            RawValue::i32_in(ctx, i as u32),
            access.base + i * elem_size,
            access.stride_align,
        ),
        Index::Dynamic(v) => {
            let v = builder
                .build_int_cast(v, ctx.i32_type(), "")
                .map_err(|e| LlvmError::Builder(e.to_string()))?;
            (
                RawValue::from_inkwell(v),
                access.base,
                access.stride_align.min(offset_alignment(elem_size)),
            )
        }
    };
    let raw = PositionedBuilder::new(builder);
    let elem_raw = RawType::from_inkwell(elem);
    let p = raw.gep(
        elem_raw,
        RawValue::from_inkwell(access.pointer),
        &[idx],
        GepFlags::INBOUNDS,
        name,
    )?;
    let pointer = p.into_pointer_value().ok_or(AccessError::NotAVector)?;
    let constant = matches!(index, Index::Const(_));
    Ok(Access {
        pointer,
        repr: TypeRepr::Leaf {
            memory: elem_raw,
            value: elem,
            scalar: *scalar,
            size: elem_size,
        },
        offset: access.offset.filter(|_| constant).map(|_| base),
        align: stride_align.min(offset_alignment(base)),
        base,
        stride_align,
    })
}

/// A pointer `start` bytes into the value `access` points at
/// (`getelementptr inbounds i8, ptr %p, i32 start`), for copying part of a
/// value with `memcpy` or reading its bytes as another type. `start` may be
/// the value's size (the end), not past it. Returns `access.pointer` itself
/// for 0.
pub fn byte_pointer<'ctx>(
    ctx: &'ctx Context,
    builder: &Builder<'ctx>,
    access: &Access<'ctx>,
    start: u64,
    name: &str,
) -> Result<PointerValue<'ctx>, AccessError> {
    let size = access.repr.size();
    if start > size {
        return Err(AccessError::ByteOutOfRange { start, size });
    }
    if start == 0 {
        return Ok(access.pointer);
    }
    let raw = PositionedBuilder::new(builder);
    let p = raw.gep(
        RawType::from_inkwell(ctx.i8_type()),
        RawValue::from_inkwell(access.pointer),
        &[RawValue::i32_in(ctx, start as u32)],
        GepFlags::INBOUNDS,
        name,
    )?;
    p.into_pointer_value()
        .ok_or(AccessError::ByteOutOfRange { start, size })
}
