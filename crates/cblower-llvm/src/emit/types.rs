//! The layout types of an emitted module as LLVM types: the plan's
//! [`PlanRepr`](cblower_program::plan::PlanRepr)s with every type id
//! replaced by the LLVM type the module builder made for it. The access
//! API reads them: the intended size and, for structs, which LLVM element
//! holds which field, so a GEP can never disagree with the types.

use std::rc::Rc;
use std::sync::Arc;

use cblower_layout::Scalar;
use inkwell::types::BasicTypeEnum;

use crate::ffi::RawType;
pub use cblower_program::plan::names::{needs_filtered_copy, struct_type_name};

/// The LLVM shape of a laid-out value.
#[derive(Clone, Debug)]
pub enum TypeRepr<'ctx> {
    /// A scalar or vector. `memory` is the type in the layout struct and
    /// `value` the type a load produces (they differ only for a vector kept
    /// as an array, and `bool`, which is stored as `i32` and loaded as such).
    Leaf {
        memory: RawType<'ctx>,
        value: BasicTypeEnum<'ctx>,
        scalar: Scalar,
        size: u64,
    },
    Array(Rc<ArrayRepr<'ctx>>),
    Struct(Rc<StructRepr<'ctx>>),
}

/// An array, plain or padded.
#[derive(Clone, Debug)]
pub struct ArrayRepr<'ctx> {
    pub ty: RawType<'ctx>,
    pub elem: TypeRepr<'ctx>,
    pub count: u64,
    /// Distance between element starts.
    pub stride: u64,
    /// `<{ E, pad }>` when the array is padded (`count >= 2` and a gap).
    pub padded_elem: Option<RawType<'ctx>>,
}

/// A named packed layout struct.
#[derive(Clone, Debug)]
pub struct StructRepr<'ctx> {
    pub ty: RawType<'ctx>,
    /// The name LLVM gave the type (it appends `.0`, `.1` on a clash).
    pub name: String,
    /// End of the last field (no tail padding).
    pub size: u64,
    pub fields: Vec<FieldRepr<'ctx>>,
}

/// A field of a layout struct.
#[derive(Clone, Debug)]
pub struct FieldRepr<'ctx> {
    pub name: Arc<str>,
    /// Index of the LLVM struct element holding the field (padding elements count).
    pub element: u32,
    /// Offset from the start of the struct.
    pub offset: u64,
    pub repr: TypeRepr<'ctx>,
}

impl<'ctx> TypeRepr<'ctx> {
    pub fn ty(&self) -> RawType<'ctx> {
        match self {
            TypeRepr::Leaf { memory, .. } => *memory,
            TypeRepr::Array(a) => a.ty,
            TypeRepr::Struct(s) => s.ty,
        }
    }

    /// Intended size in bytes (end of the last element, no tail padding).
    pub fn size(&self) -> u64 {
        match self {
            TypeRepr::Leaf { size, .. } => *size,
            TypeRepr::Array(a) if a.count == 0 => 0,
            TypeRepr::Array(a) => a.stride * (a.count - 1) + a.elem.size(),
            TypeRepr::Struct(s) => s.size,
        }
    }
}
