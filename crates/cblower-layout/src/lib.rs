//! HLSL buffer layouts as plain data.
//!
//! A layout is a pure function of a buffer declaration (or a type) and a
//! [`RuleSet`]: see [`layout_buffer`]. The result, a [`BufferLayout`], places
//! each member at its absolute offset and lays out each distinct member type
//! once; its tree view ([`BufferLayout::root`], built on demand) is a
//! [`Node`] per value with its absolute offset, size and alignment, and every
//! padding byte is an explicit range with the reason it exists. Two views of
//! the tree serve later stages: [`rows::RowView`] (which bytes of which member
//! sit in each 16-byte row) and [`shape::Shape`] (the padded-array
//! decomposition IR emission walks).

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
    Ty, TypeOptions,
};
pub use units::{Alignment, Size};
