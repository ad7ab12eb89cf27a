//! The padded decomposition of a layout ("explicit padding"): the shape of
//! the LLVM type that represents it, with every padding byte an item of its
//! own, so IR emission is a straight walk.
//!
//! * a struct (or the buffer) is a packed sequence of items: its fields, with
//!   a [`Shape::Padding`] item for every gap;
//! * an array whose elements need padding to reach the stride becomes
//!   `count - 1` elements of `{ element, padding }` followed by one bare
//!   element ([`Shape::PaddedArray`]); one that needs none, or has fewer than
//!   two elements, stays a plain `[count x element]` ([`Shape::Array`]);
//! * each dimension of a multi-dimensional array is decomposed separately;
//! * a matrix becomes the shape of its storage (an array of vectors, a single
//!   vector, or for clang-22 a flat scalar array).

use std::sync::Arc;

use crate::layout::{Node, NodeKind, PaddingReason};
use crate::ty::Scalar;

/// A named packed struct of the decomposition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructShape {
    /// The source struct's name (or the buffer's, for the root).
    pub name: Arc<str>,
    /// Members a constant buffer does not store were removed.
    pub filtered: bool,
    /// The fields in offset order, with a padding item for every gap
    /// (adjacent gaps merged into one).
    pub items: Vec<Shape>,
}

/// One item of the decomposition.
///
/// Under cbuffer rules `float a; float b[2];` is `a`, 12 bytes of padding
/// (the array starts a row), then `b` as one element padded to the 16-byte
/// stride followed by a bare last element: in LLVM terms
/// `<{ float, pad 12, <{ [1 x <{ float, pad 12 }>], float }> }>`.
///
/// ```
/// use cblower_layout::{layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions};
/// use cblower_layout::{RuleSet, Scalar, Shape, StructShape, Ty, TypeOptions};
///
/// let decl = BufferDecl::new("CB", BufferKind::CBuffer, vec![
///     Field::new("a", Ty::scalar(Scalar::Float)),
///     Field::new("b", Ty::array(Ty::scalar(Scalar::Float), 2)),
/// ]);
/// let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
/// let shape = StructShape::of(layout.root(), layout.name.clone());
/// assert_eq!(shape.items, [
///     Shape::Scalar(Scalar::Float),
///     Shape::Padding(12),
///     Shape::PaddedArray { elem: Box::new(Shape::Scalar(Scalar::Float)), count: 2, pad: 12 },
/// ]);
/// // 4 + 12 + (4 + 12) + 4: the buffer's size.
/// let scalar_size = |s: Scalar| s.size(TypeOptions::default()).get();
/// assert_eq!(Shape::Struct(shape.into()).size(&scalar_size), 36);
/// assert_eq!(layout.size().get(), 36);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A scalar.
    Scalar(Scalar),
    /// A vector (also a one-vector matrix).
    Vector {
        /// The component type.
        scalar: Scalar,
        /// Number of components.
        len: u8,
    },
    /// `n` bytes of explicit padding.
    Padding(u64),
    /// `[count x elem]`: elements back to back, no padding between them.
    Array {
        /// The element's shape.
        elem: Box<Shape>,
        /// Number of elements.
        count: u64,
    },
    /// `<{ [count-1 x <{ elem, Padding(pad) }>], elem }>`: every element but
    /// the last followed by the padding that reaches the stride.
    PaddedArray {
        /// The element's shape.
        elem: Box<Shape>,
        /// Number of elements (at least 2).
        count: u64,
        /// Padding bytes after each element but the last: stride minus
        /// element size.
        pad: u64,
    },
    /// A nested struct (or a buffer's root).
    Struct(Arc<StructShape>),
}

impl Shape {
    /// The decomposition of `node`.
    pub fn of(node: &Node) -> Shape {
        match &node.kind {
            NodeKind::Scalar(s) => Shape::Scalar(*s),
            NodeKind::Vector { scalar, len } => Shape::Vector {
                scalar: *scalar,
                len: *len,
            },
            NodeKind::Matrix { storage, .. } => Shape::of(storage),
            NodeKind::Array {
                count,
                stride,
                element,
                ..
            } => {
                let elem = Box::new(Shape::of(element));
                let pad = stride.get().saturating_sub(element.size.get());
                if *count >= 2 && pad > 0 {
                    Shape::PaddedArray {
                        elem,
                        count: *count,
                        pad,
                    }
                } else {
                    Shape::Array {
                        elem,
                        count: *count,
                    }
                }
            }
            NodeKind::Struct { name, .. } => {
                Shape::Struct(Arc::new(StructShape::of(node, name.clone())))
            }
        }
    }

    /// Bytes the shape covers, counting each element at the size the layout
    /// gave it (a 3-component vector counts its components only).
    pub fn size(&self, scalar_size: &dyn Fn(Scalar) -> u64) -> u64 {
        match self {
            Shape::Scalar(s) => scalar_size(*s),
            Shape::Vector { scalar, len } => scalar_size(*scalar) * *len as u64,
            Shape::Padding(n) => *n,
            Shape::Array { elem, count } => elem.size(scalar_size).saturating_mul(*count),
            Shape::PaddedArray { elem, count, pad } => {
                let e = elem.size(scalar_size);
                (e + pad).saturating_mul(count - 1).saturating_add(e)
            }
            Shape::Struct(s) => s.items.iter().map(|i| i.size(scalar_size)).sum(),
        }
    }
}

impl StructShape {
    /// The items of a struct node: fields in offset order with padding items
    /// for the gaps. LLVM-only size excess (clang-22 on SPIR-V) is not an item.
    pub fn of(node: &Node, name: Arc<str>) -> StructShape {
        let NodeKind::Struct {
            fields,
            padding,
            filtered,
            ..
        } = &node.kind
        else {
            return StructShape {
                name,
                filtered: false,
                items: vec![Shape::of(node)],
            };
        };
        let mut items = Vec::with_capacity(fields.len() + padding.len());
        let mut pads = padding
            .iter()
            .filter(|p| p.reason != PaddingReason::AllocSizeExcess)
            .peekable();
        let push_pad = |items: &mut Vec<Shape>, n: u64| match items.last_mut() {
            Some(Shape::Padding(m)) => *m += n,
            _ => items.push(Shape::Padding(n)),
        };
        for field in fields {
            while let Some(p) = pads.next_if(|p| p.offset <= field.node.offset) {
                push_pad(&mut items, p.size.get());
            }
            items.push(Shape::of(&field.node));
        }
        for p in pads {
            push_pad(&mut items, p.size.get());
        }
        StructShape {
            name,
            filtered: *filtered,
            items,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions, RuleSet, Scalar::*, Ty,
    };

    fn shape_of(members: Vec<Field>, native16: bool) -> StructShape {
        let decl = BufferDecl::new("cb2", BufferKind::CBuffer, members);
        let l = layout_buffer(
            &decl,
            LayoutOptions::new(RuleSet::CBuffer).native_16bit(native16),
        )
        .unwrap();
        StructShape::of(l.root(), l.name.clone())
    }

    fn padded(elem: Shape, count: u64, pad: u64) -> Shape {
        Shape::PaddedArray {
            elem: Box::new(elem),
            count,
            pad,
        }
    }

    #[test]
    fn cb2_padded_arrays_decomposition() {
        let s = shape_of(
            vec![
                Field::new("a1", Ty::array(Ty::scalar(Float), 3)),
                Field::new("a2", Ty::array(Ty::vector(Double, 3), 2)),
                Field::new("a3", Ty::array(Ty::vector(Uint, 4), 2)),
                Field::new("a4", Ty::array(Ty::array(Ty::scalar(Float16), 2), 2)),
            ],
            true,
        );
        let inner = padded(Shape::Scalar(Float16), 2, 14);
        assert_eq!(
            s.items,
            vec![
                padded(Shape::Scalar(Float), 3, 12),
                Shape::Padding(12),
                padded(
                    Shape::Vector {
                        scalar: Double,
                        len: 3
                    },
                    2,
                    8
                ),
                Shape::Padding(8),
                Shape::Array {
                    elem: Box::new(Shape::Vector {
                        scalar: Uint,
                        len: 4
                    }),
                    count: 2
                },
                padded(inner, 2, 14),
            ]
        );
        let size = |s: crate::Scalar| s.size(crate::TypeOptions { native_16bit: true }).get();
        assert_eq!(Shape::Struct(Arc::new(s)).size(&size), 194);
    }

    #[test]
    fn one_element_and_row_sized_arrays_stay_plain() {
        let s = shape_of(
            vec![
                Field::new("one", Ty::array(Ty::scalar(Float), 1)),
                Field::new("rows", Ty::array(Ty::vector(Float, 4), 3)),
            ],
            false,
        );
        assert_eq!(
            s.items,
            vec![
                Shape::Array {
                    elem: Box::new(Shape::Scalar(Float)),
                    count: 1
                },
                Shape::Padding(12),
                Shape::Array {
                    elem: Box::new(Shape::Vector {
                        scalar: Float,
                        len: 4
                    }),
                    count: 3
                },
            ]
        );
    }
}
