//! HLSL buffer layouts as plain data: where every member of a constant
//! buffer (or a structured, std140, std430, scalar or WGSL buffer) goes, and
//! why every padding byte is there. No LLVM; a front end, a report or an IR
//! writer reads the result.
//!
//! # From declaration to layout
//!
//! 1. **The type model** ([`ty`]): a member's type is a [`Ty`] (scalar,
//!    vector, matrix, array, struct or resource) with no offsets; a
//!    [`Field`] gives it a name, a storage class and an optional explicit
//!    [`Placement`] (`packoffset`, `register(c#)`, `vk::offset`).
//! 2. **The declaration** ([`buffer`]): a [`BufferDecl`] is one buffer as
//!    written (name, [`BufferKind`], binding, members in source order,
//!    including those a constant buffer does not store).
//! 3. **The layout**: [`layout_buffer`]`(&decl, `[`LayoutOptions`]`)` applies
//!    one [`RuleSet`] (DXC's cbuffer rules by default; clang 22's, or the
//!    aligned ones) with the [`TypeOptions`] (native 16-bit types), and
//!    returns a [`BufferLayout`] or a [`LayoutError`] naming the member at
//!    fault by its index in [`BufferDecl::members`]. [`layout_type`] lays
//!    out a single type the same way.
//! 4. **Reading the result**: a [`BufferLayout`] has the stored members in
//!    layout order ([`BufferLayout::members`]: name, offset, size, index in
//!    the declaration), every padding run with its [`PaddingReason`]
//!    ([`BufferLayout::padding`]) and, built on demand, the tree of [`Node`]s
//!    ([`BufferLayout::root`]). Two views of the tree serve later stages:
//!    [`RowView`] (which bytes of which member sit in each 16-byte row) and
//!    [`Shape`] (the padded decomposition that IR emission walks).
//!
//! All quantities are bytes ([`Size`], [`Alignment`]) and all arithmetic is
//! checked: a layout past 2^64 bytes is [`LayoutError::SizeOverflow`], never
//! a wrapped offset. `docs/layout-rules.md` and `docs/layout-rules-aligned.md`
//! in the repository state every rule, with diagrams.
//!
//! # Example
//!
//! A struct starts a row under cbuffer rules and has no tail padding, so the
//! member after it packs into its last row:
//!
//! ```text
//! c0  bbbbbbbb--------        struct start
//! c1  ssss----dddddddd        (d is 8-aligned inside the struct)
//! c2  eeeeaaaaaaaaaaaa        after: 36
//! ```
//!
//! ```
//! use cblower_layout::{layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions};
//! use cblower_layout::{PaddingReason, RowView, RuleSet, Scalar, Shape, StructShape};
//! use cblower_layout::{StructTy, Ty};
//!
//! let inner = Ty::structure(StructTy::new("Inner", vec![
//!     Field::new("start", Ty::scalar(Scalar::Float)),
//!     Field::new("d", Ty::scalar(Scalar::Double)),
//!     Field::new("end", Ty::scalar(Scalar::Float)),
//! ]));
//! let decl = BufferDecl::new("CB", BufferKind::CBuffer, vec![
//!     Field::new("before", Ty::vector(Scalar::Float, 2)),
//!     Field::new("inner", inner),
//!     Field::new("after", Ty::vector(Scalar::Float, 3)),
//! ]);
//! let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer))?;
//!
//! // Members: offset and size in bytes.
//! let members: Vec<(&str, u64, u64)> = layout
//!     .members()
//!     .map(|m| (m.name().as_ref(), m.offset().get(), m.size().get()))
//!     .collect();
//! assert_eq!(members, [("before", 0, 8), ("inner", 16, 20), ("after", 36, 12)]);
//! assert_eq!(layout.size().get(), 48);
//!
//! // Padding, inside members too, in offset order.
//! let padding: Vec<(u64, u64, PaddingReason)> = layout
//!     .padding()
//!     .iter()
//!     .map(|p| (p.offset.get(), p.size.get(), p.reason))
//!     .collect();
//! assert_eq!(padding, [
//!     (8, 8, PaddingReason::StructStart),
//!     (20, 4, PaddingReason::Alignment),
//! ]);
//!
//! // Rows: three, the last shared by `inner.end` and `after`.
//! let rows = RowView::new(layout.root());
//! assert_eq!(rows.rows.len(), 3);
//! assert_eq!(rows.member_bytes().get(), 8 + 4 + 8 + 4 + 12);
//!
//! // Shape: the items of the LLVM struct that represents the buffer.
//! let shape = StructShape::of(layout.root(), layout.name.clone());
//! let Shape::Struct(inner) = &shape.items[2] else { unreachable!() };
//! assert_eq!(inner.items, [
//!     Shape::Scalar(Scalar::Float),
//!     Shape::Padding(4),
//!     Shape::Scalar(Scalar::Double),
//!     Shape::Scalar(Scalar::Float),
//! ]);
//! assert_eq!(shape.items.len(), 4); // before, padding, inner, after
//! # Ok::<(), cblower_layout::LayoutError>(())
//! ```

#![deny(missing_docs)]

pub mod buffer;
pub mod engine;
pub mod error;
pub mod layout;
pub mod rows;
pub mod rules;
pub mod shape;
pub mod ty;
pub mod units;

pub use buffer::{Binding, BufferDecl, BufferKind, UNBOUNDED_RESOURCE_ARRAY};
pub use engine::{layout_buffer, layout_buffer_tree, layout_type};
pub use error::LayoutError;
pub use layout::{
    BufferLayout, FieldNode, MatrixStorage, Member, MemberType, Node, NodeKind, Padding,
    PaddingReason,
};
pub use rows::{CellContent, Row, RowCell, RowView};
pub use rules::{Clang22Target, LayoutOptions, RuleSet, WgslAddressSpace};
pub use shape::{Shape, StructShape};
pub use ty::{
    AllFields, Field, MatrixOrder, Placement, ResourceTy, Scalar, ScalarClass, Storage, StructTy,
    Ty, TypeOptions, VkGlobal,
};
pub use units::{Alignment, Size};
