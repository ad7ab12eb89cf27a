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
    /// `TextureBuffer<T> Name;`: a `ConstantBuffer<T>` on a `t` register,
    /// laid out by the same rules (as DXC does).
    #[serde(rename = "TextureBuffer")]
    TextureBuffer,
    /// The implicit buffer of non-static global variables.
    #[serde(rename = "$Globals")]
    Globals,
}

impl BufferKind {
    /// `ConstantBuffer<T>` or `TextureBuffer<T>`: one member of type `T`
    /// whose fields are the buffer's members.
    pub fn is_templated(self) -> bool {
        matches!(self, BufferKind::ConstantBuffer | BufferKind::TextureBuffer)
    }

    /// The register class the buffer binds to: `t` for `tbuffer` and
    /// `TextureBuffer<T>`, `b` for the others.
    pub fn register_class(self) -> char {
        match self {
            BufferKind::TBuffer | BufferKind::TextureBuffer => 't',
            BufferKind::CBuffer | BufferKind::ConstantBuffer | BufferKind::Globals => 'b',
        }
    }

    /// The HLSL spelling of the kind (`cbuffer`, `tbuffer`,
    /// `ConstantBuffer`, `TextureBuffer`, `$Globals`).
    pub fn keyword(self) -> &'static str {
        match self {
            BufferKind::CBuffer => "cbuffer",
            BufferKind::TBuffer => "tbuffer",
            BufferKind::ConstantBuffer => "ConstantBuffer",
            BufferKind::TextureBuffer => "TextureBuffer",
            BufferKind::Globals => "$Globals",
        }
    }
}

/// `register(bN, spaceM)`. A buffer with only `register(spaceM)` has
/// `register: None`; one with no register at all has no `Binding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Binding {
    /// The register number `N` of `register(bN)` (`tN` for a tbuffer);
    /// `None` when only a space was given.
    pub register: Option<u32>,
    /// The register space `M` of `spaceM`; 0 when not written.
    pub space: u32,
}

/// One buffer as declared: its members in source order. This is what a front
/// end hands to [`layout_buffer`](crate::layout_buffer); every error's
/// `member` index refers to [`BufferDecl::members`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BufferDecl {
    /// The buffer's name (`$Globals` for the implicit buffer).
    pub name: Arc<str>,
    /// How it was declared.
    pub kind: BufferKind,
    /// Its `register(...)`, if the source gave one.
    pub binding: Option<Binding>,
    /// For `ConstantBuffer<T>`: `T`'s name; the members are `T`'s fields.
    /// `None` for the other kinds.
    pub element_type: Option<Arc<str>>,
    /// For arrays of `ConstantBuffer<T>`: how many buffers (each element is
    /// a separate buffer with the same layout). A multi-dimensional array
    /// gives the product of its dimensions, an unbounded `Name[]`
    /// [`UNBOUNDED_RESOURCE_ARRAY`]; `None` for a single buffer.
    pub array_len: Option<u64>,
    /// Every member in declaration order, including those a constant buffer
    /// does not store (`static`, resources, ...): the layout filters them,
    /// so indices stay the source's.
    pub members: Vec<Field>,
    /// Enclosing namespaces joined with `::`, for IR names (`NS::__cblayout_CB`).
    pub namespace: Option<Arc<str>>,
    /// For a `ConstantBuffer<T>` / `TextureBuffer<T>` whose `T` derives from
    /// a base (`struct T : B`): where each base's fields end in
    /// [`BufferDecl::members`] (a member count), most-base first. The members
    /// stay flat; DXC's SPIR-V rule sets lay each base out as a struct
    /// field of its own (so the next field starts after its rounded size).
    /// Empty for every other buffer.
    pub element_bases: Vec<usize>,
}

impl BufferDecl {
    /// A buffer with these members and nothing else: no binding, no
    /// element type, not an array, in no namespace.
    pub fn new(name: impl Into<Arc<str>>, kind: BufferKind, members: Vec<Field>) -> BufferDecl {
        BufferDecl {
            name: name.into(),
            kind,
            binding: None,
            element_type: None,
            array_len: None,
            members,
            namespace: None,
            element_bases: Vec::new(),
        }
    }
}

/// `BufferDecl::array_len` of an unbounded `ConstantBuffer<T> name[]`: all
/// bits set, as the "unbounded" range size DXC writes in DXIL resource
/// metadata and clang 22 passes to `handlefrombinding` (`-1`). It is never
/// the length of a bounded array (the front end rejects one that large).
pub const UNBOUNDED_RESOURCE_ARRAY: u64 = u64::MAX;
