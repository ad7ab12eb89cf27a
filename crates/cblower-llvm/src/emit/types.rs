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
        /// The type in the layout struct.
        memory: RawType<'ctx>,
        /// The type a load produces.
        value: BasicTypeEnum<'ctx>,
        /// The HLSL scalar (of each component, for a vector).
        scalar: Scalar,
        /// Size in bytes.
        size: u64,
    },
    /// An array, or a matrix as the array of its columns (rows when row-major).
    Array(Rc<ArrayRepr<'ctx>>),
    /// A struct's layout type.
    Struct(Rc<StructRepr<'ctx>>),
}

/// An array, plain or padded.
#[derive(Clone, Debug)]
pub struct ArrayRepr<'ctx> {
    /// The array's layout type (`[N x E]`, or `<{ [N-1 x <{ E, pad }>], E }>`).
    pub ty: RawType<'ctx>,
    /// The element.
    pub elem: TypeRepr<'ctx>,
    /// The number of elements.
    pub count: u64,
    /// Distance between element starts.
    pub stride: u64,
    /// `<{ E, pad }>` when the array is padded (`count >= 2` and a gap).
    pub padded_elem: Option<RawType<'ctx>>,
}

/// A named packed layout struct.
#[derive(Clone, Debug)]
pub struct StructRepr<'ctx> {
    /// The named struct type.
    pub ty: RawType<'ctx>,
    /// The name LLVM gave the type (it appends `.0`, `.1` on a clash).
    pub name: String,
    /// End of the last field (no tail padding).
    pub size: u64,
    /// The stored fields, in layout order.
    pub fields: Vec<FieldRepr<'ctx>>,
}

/// A field of a layout struct.
#[derive(Clone, Debug)]
pub struct FieldRepr<'ctx> {
    /// The source name.
    pub name: Arc<str>,
    /// Index of the LLVM struct element holding the field (padding elements count).
    pub element: u32,
    /// Offset from the start of the struct.
    pub offset: u64,
    /// The field's type.
    pub repr: TypeRepr<'ctx>,
}

impl<'ctx> TypeRepr<'ctx> {
    /// The LLVM type of the value in the layout (a leaf's `memory` type).
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
