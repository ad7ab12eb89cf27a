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
//! the vector and extract, as clang does.

use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::values::{BasicValueEnum, IntValue, PointerValue};

use cblower_program::plan::names::offset_alignment;

use super::{EmittedMember, TypeRepr};
use crate::ffi::{GepFlags, LlvmError, PositionedBuilder, RawValue};

/// An array index: a constant, or a value computed at run time.
#[derive(Clone, Copy, Debug)]
pub enum Index<'ctx> {
    Const(u64),
    Dynamic(IntValue<'ctx>),
}

/// One step of a path from a member to the value read.
#[derive(Clone, Copy, Debug)]
pub enum AccessStep<'a, 'ctx> {
    Field(&'a str),
    Index(Index<'ctx>),
}

/// Why a path cannot be followed. Each variant names the step (0-based).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AccessError {
    #[error("step {step}: `{member}` has no field `{field}` here")]
    NoSuchField {
        step: usize,
        member: String,
        field: String,
    },
    #[error("step {step}: `.{field}` needs a struct, but the value there is not one")]
    NotAStruct { step: usize, field: String },
    #[error(
        "step {step}: indexing needs an array or matrix; load vectors and extract their components"
    )]
    NotAnArray { step: usize },
    #[error("step {step}: index {index} is out of range for an array of {count}")]
    IndexOutOfRange { step: usize, index: u64, count: u64 },
    #[error("the value at the end of the path is an aggregate; load its fields one by one")]
    NotALeaf,
    #[error(transparent)]
    Llvm(#[from] LlvmError),
}

/// A pointer into a cbuffer member and what it points at.
#[derive(Clone, Debug)]
pub struct Access<'ctx> {
    pub pointer: PointerValue<'ctx>,
    pub repr: TypeRepr<'ctx>,
    /// Byte offset in the buffer, when every index was a constant.
    pub offset: Option<u64>,
    /// The alignment a load through `pointer` may claim: what the offset
    /// (and the strides of run-time indices) guarantee in a 16-byte-aligned buffer.
    pub align: u64,
}

/// Builds the pointer for `member` followed by `path` at the builder's
/// insertion point.
pub fn member_pointer<'ctx>(
    ctx: &'ctx Context,
    builder: &Builder<'ctx>,
    member: &EmittedMember<'ctx>,
    path: &[AccessStep<'_, 'ctx>],
) -> Result<Access<'ctx>, AccessError> {
    let raw = PositionedBuilder::new(builder);
    let i32t = ctx.i32_type();
    let mut ptr = member.global.as_value();
    let mut repr = member.repr.clone();
    let mut offset = member.offset;
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
                let zero = RawValue::i32_in(ctx, 0);
                ptr = match a.padded_elem {
                    Some(cell) => raw.gep(cell, ptr, &[idx, zero], GepFlags::NONE, name)?,
                    None => raw.gep(a.ty, ptr, &[zero, idx], GepFlags::INBOUNDS, "arrayidx")?,
                };
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
                let zero = RawValue::i32_in(ctx, 0);
                let k = RawValue::i32_in(ctx, f.element);
                ptr = raw.gep(s.ty, ptr, &[zero, k], GepFlags::INBOUNDS_NUW, name)?;
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
    })
}

/// Loads the scalar or vector `access` points at (a `bool` loads as `i32`).
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
