//! Buffer declarations: the input of a layout, whichever front end made it.

use std::sync::Arc;

use crate::ty::Field;

/// How a buffer was declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum BufferKind {
    /// `cbuffer Name { ... }`
    #[serde(rename = "cbuffer")]
    CBuffer,
    /// `tbuffer Name { ... }`
    #[serde(rename = "tbuffer")]
    TBuffer,
    /// `ConstantBuffer<T> Name;` (members are `T`'s fields, reached as `Name.f`).
    #[serde(rename = "ConstantBuffer")]
    ConstantBuffer,
    /// The implicit buffer of non-static global variables.
    #[serde(rename = "$Globals")]
    Globals,
}

/// `register(bN, spaceM)`. A buffer with only `register(spaceM)` has
/// `register: None`; one with no register at all has no `Binding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Binding {
    pub register: Option<u32>,
    pub space: u32,
}

/// One buffer as declared: its members in source order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BufferDecl {
    pub name: Arc<str>,
    pub kind: BufferKind,
    pub binding: Option<Binding>,
    /// For `ConstantBuffer<T>`: `T`'s name; the members are `T`'s fields.
    pub element_type: Option<Arc<str>>,
    /// For arrays of `ConstantBuffer<T>`: the array length (each element is a
    /// separate buffer with the same layout).
    pub array_len: Option<u64>,
    pub members: Vec<Field>,
    /// Enclosing namespaces joined with `::`, for IR names (`NS::__cblayout_CB`).
    pub namespace: Option<Arc<str>>,
}

impl BufferDecl {
    pub fn new(name: impl Into<Arc<str>>, kind: BufferKind, members: Vec<Field>) -> BufferDecl {
        BufferDecl {
            name: name.into(),
            kind,
            binding: None,
            element_type: None,
            array_len: None,
            members,
            namespace: None,
        }
    }
}

/// `BufferDecl::array_len` of an unbounded `ConstantBuffer<T> name[]`: all
/// bits set, as the "unbounded" range size DXC writes in DXIL resource
/// metadata and clang 22 passes to `handlefrombinding` (`-1`). It is never
/// the length of a bounded array (the front end rejects one that large).
pub const UNBOUNDED_RESOURCE_ARRAY: u64 = u64::MAX;
