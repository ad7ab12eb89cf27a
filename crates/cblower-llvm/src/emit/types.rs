//! Layout types: the LLVM types of laid-out buffers, with every padding byte
//! an explicit `target("dx.Padding", N)` / `target("spirv.Padding", N)`.
//!
//! The walk follows the layout tree (`cblower_layout::Node`) together with the
//! source type (`Ty`), which it needs only to know *which* struct a struct node
//! is, so each user struct gets one named type for the whole module:
//!
//! * scalars and vectors become `float`, `<3 x float>`, ...; a vector whose
//!   LLVM alloc size exceeds its size under the target's data layout (a
//!   3-element vector on SPIR-V) becomes `[3 x T]` in the default flavour, so
//!   that LLVM's own offsets stay the intended ones;
//! * a matrix becomes the type of its storage (array of vectors, one vector,
//!   or clang-22's flat scalar array);
//! * an array whose stride exceeds its element's size, with two or more
//!   elements, becomes `<{ [N-1 x <{ E, pad }>], E }>`; otherwise `[N x E]`;
//! * a struct becomes a named packed struct of its fields in offset order,
//!   with a padding element for every gap.
//!
//! Alongside each LLVM type the builder keeps a [`TypeRepr`]: the intended
//! size and, for structs, which LLVM element holds which field. The access
//! API and `!hlsl.layouts` are read from it, so neither can disagree with the
//! types.

use std::rc::Rc;
use std::sync::Arc;

use cblower_layout::{Node, NodeKind, Scalar, StructTy, Ty};
use inkwell::context::Context;
use inkwell::types::{BasicType, BasicTypeEnum};

use super::struct_cache::StructCache;
use super::{EmitError, Flavor};
use crate::ffi::{DataLayoutQuery, RawType};
use crate::Target;

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

/// Builds layout types into one context, sharing struct types module-wide.
pub struct LayoutTypes<'ctx> {
    ctx: &'ctx Context,
    target: Target,
    flavor: Flavor,
    native_16bit: bool,
    dl: DataLayoutQuery,
    /// Which user structs share a type ([`StructCache`]'s policy).
    structs: StructCache<Rc<StructRepr<'ctx>>>,
    /// Every named struct built, in creation order (for `!hlsl.layouts`).
    named: Vec<Rc<StructRepr<'ctx>>>,
}

impl<'ctx> LayoutTypes<'ctx> {
    pub fn new(
        ctx: &'ctx Context,
        target: Target,
        flavor: Flavor,
        native_16bit: bool,
    ) -> Result<Self, EmitError> {
        Ok(LayoutTypes {
            ctx,
            target,
            flavor,
            native_16bit,
            dl: DataLayoutQuery::new(target.data_layout())?,
            structs: StructCache::default(),
            named: Vec::new(),
        })
    }

    pub fn data_layout(&self) -> &DataLayoutQuery {
        &self.dl
    }

    /// The named structs built so far, in creation order.
    pub fn named_structs(&self) -> &[Rc<StructRepr<'ctx>>] {
        &self.named
    }

    /// `target("dx.Padding", n)` / `target("spirv.Padding", n)`.
    pub fn padding(&self, bytes: u64) -> Result<RawType<'ctx>, EmitError> {
        let n = u32::try_from(bytes).map_err(|_| EmitError::PaddingTooLarge { bytes })?;
        Ok(RawType::target_ext(
            self.ctx,
            self.target.padding_type_name(),
            &[],
            &[n],
        )?)
    }

    /// The in-memory LLVM type of a scalar (`bool` is `i32`).
    pub fn scalar_type(&self, s: Scalar) -> BasicTypeEnum<'ctx> {
        let c = self.ctx;
        let short = self.native_16bit;
        match s {
            Scalar::Bool | Scalar::Int | Scalar::Uint => c.i32_type().into(),
            Scalar::Float => c.f32_type().into(),
            Scalar::Double => c.f64_type().into(),
            Scalar::Half | Scalar::Min16Float | Scalar::Min10Float if short => c.f16_type().into(),
            Scalar::Half | Scalar::Min16Float | Scalar::Min10Float => c.f32_type().into(),
            Scalar::Min16Int | Scalar::Min12Int | Scalar::Min16Uint if short => c.i16_type().into(),
            Scalar::Min16Int | Scalar::Min12Int | Scalar::Min16Uint => c.i32_type().into(),
            Scalar::Float16 => c.f16_type().into(),
            Scalar::Int16 | Scalar::Uint16 => c.i16_type().into(),
            Scalar::Int64 | Scalar::Uint64 => c.i64_type().into(),
        }
    }

    fn leaf(&self, scalar: Scalar, len: Option<u8>, size: u64) -> TypeRepr<'ctx> {
        let elem = self.scalar_type(scalar);
        let Some(len) = len else {
            return TypeRepr::Leaf {
                memory: RawType::from_inkwell(elem),
                value: elem,
                scalar,
                size,
            };
        };
        let vector: BasicTypeEnum<'ctx> = match elem {
            BasicTypeEnum::FloatType(t) => t.vec_type(u32::from(len)).into(),
            BasicTypeEnum::IntType(t) => t.vec_type(u32::from(len)).into(),
            other => other,
        };
        let mut memory = RawType::from_inkwell(vector);
        if self.flavor == Flavor::Dxc && self.dl.alloc_size(memory) != self.dl.size_in_bytes(memory)
        {
            // LLVM would give the vector more bytes than it has in the buffer.
            memory = RawType::from_inkwell(elem.array_type(u32::from(len)));
        }
        TypeRepr::Leaf {
            memory,
            value: vector,
            scalar,
            size,
        }
    }

    /// The type of `node`; `ty` is the node's source type when known.
    pub fn repr(&mut self, node: &Node, ty: Option<&Ty>) -> Result<TypeRepr<'ctx>, EmitError> {
        match &node.kind {
            NodeKind::Scalar(s) => Ok(self.leaf(*s, None, node.size.get())),
            NodeKind::Vector { scalar, len } => Ok(self.leaf(*scalar, Some(*len), node.size.get())),
            NodeKind::Matrix { storage, .. } => self.repr(storage, None),
            NodeKind::Array {
                count,
                stride,
                element,
                ..
            } => {
                let elem_ty = match ty {
                    Some(Ty::Array { elem, .. }) => Some(&**elem),
                    _ => None,
                };
                let elem = self.repr(element, elem_ty)?;
                let stride = stride.get();
                let pad = stride.saturating_sub(element.size.get());
                let (ty, padded_elem) = if *count >= 2 && pad > 0 {
                    let cell =
                        RawType::literal_struct(self.ctx, &[elem.ty(), self.padding(pad)?], true);
                    let ty = RawType::literal_struct(
                        self.ctx,
                        &[cell.array_of(count - 1), elem.ty()],
                        true,
                    );
                    (ty, Some(cell))
                } else {
                    (elem.ty().array_of(*count), None)
                };
                Ok(TypeRepr::Array(Rc::new(ArrayRepr {
                    ty,
                    elem,
                    count: *count,
                    stride,
                    padded_elem,
                })))
            }
            NodeKind::Struct { name, .. } => {
                let source = match ty {
                    Some(Ty::Struct(s)) => Some(s),
                    _ => None,
                };
                if let Some(repr) = source.and_then(|s| self.structs.for_source(s)) {
                    return Ok(TypeRepr::Struct(repr));
                }
                let llvm_name = match source {
                    Some(s) => struct_type_name(s),
                    None => name.to_string(),
                };
                let repr = self.user_struct(&llvm_name, node)?;
                if let Some(s) = source {
                    self.structs.remember_source(s, repr.clone());
                }
                Ok(TypeRepr::Struct(repr))
            }
        }
    }

    /// A named packed struct `%name` of the fields of struct node `node`,
    /// padding included.
    pub fn named_struct(
        &mut self,
        name: &str,
        node: &Node,
    ) -> Result<Rc<StructRepr<'ctx>>, EmitError> {
        let ty = RawType::named_struct(self.ctx, name)?;
        let actual_name = ty.struct_name().unwrap_or_default();
        let mut elements = Vec::new();
        let mut fields = Vec::new();
        let mut cursor = node.offset.get();
        if let NodeKind::Struct { fields: nodes, .. } = &node.kind {
            fields.reserve(nodes.len());
            for f in nodes {
                let at = f.node.offset.get();
                if at > cursor {
                    elements.push(self.padding(at - cursor)?);
                }
                let repr = self.repr(&f.node, Some(&f.ty))?;
                fields.push(FieldRepr {
                    name: f.name.clone(),
                    element: elements.len() as u32,
                    offset: at - node.offset.get(),
                    repr: repr.clone(),
                });
                elements.push(repr.ty());
                cursor = match self.flavor {
                    // Exactly clang's running offset: where the member really
                    // starts (an explicit offset that overlaps the previous
                    // member does not move it back) plus the data-layout size
                    // of its type, which for a struct holding a SPIR-V
                    // 3-element vector exceeds the layout's size.
                    Flavor::Clang22 => at.max(cursor) + self.dl.size_in_bytes(repr.ty()),
                    Flavor::Dxc => cursor.max(at + f.node.size.get()),
                };
            }
        }
        ty.set_struct_body(&elements, true)?;
        let repr = Rc::new(StructRepr {
            ty,
            name: actual_name,
            size: cursor - node.offset.get(),
            fields,
        });
        self.named.push(repr.clone());
        Ok(repr)
    }

    /// The layout type of a user struct called `llvm_name`: the one already
    /// built under that name, or a new one.
    pub fn user_struct(
        &mut self,
        llvm_name: &str,
        node: &Node,
    ) -> Result<Rc<StructRepr<'ctx>>, EmitError> {
        let key = match self.structs.for_name(llvm_name, node) {
            Ok(shared) => return Ok(shared),
            Err(key) => key,
        };
        let repr = self.named_struct(llvm_name, node)?;
        self.structs.remember_name(key, repr.clone());
        Ok(repr)
    }

    /// A named packed struct holding exactly one element of type `inner`
    /// (the layout struct of a `ConstantBuffer<T>`: `<{ %T }>`).
    pub fn wrapper_struct(
        &mut self,
        name: &str,
        field: Arc<str>,
        inner: TypeRepr<'ctx>,
    ) -> Result<Rc<StructRepr<'ctx>>, EmitError> {
        let ty = RawType::named_struct(self.ctx, name)?;
        ty.set_struct_body(&[inner.ty()], true)?;
        let repr = Rc::new(StructRepr {
            ty,
            name: ty.struct_name().unwrap_or_default(),
            size: inner.size(),
            fields: vec![FieldRepr {
                name: field,
                element: 0,
                offset: 0,
                repr: inner,
            }],
        });
        self.named.push(repr.clone());
        Ok(repr)
    }

    /// The struct type built for `s`, if any.
    pub fn struct_for(&self, s: &Arc<StructTy>) -> Option<Rc<StructRepr<'ctx>>> {
        self.structs.for_source(s)
    }
}

/// Clang's LLVM name for a user struct's layout type: the qualified name, with
/// `__cblayout_` in front of the last component when members a constant
/// buffer does not store had to be removed (anywhere inside), and `anon` for
/// anonymous structs.
pub fn struct_type_name(s: &StructTy) -> String {
    let (scope, base) = match s.name.rsplit_once("::") {
        Some((scope, base)) => (Some(scope), base),
        None => (None, &*s.name),
    };
    if base == "anon" {
        return "anon".to_owned();
    }
    let base = if needs_filtered_copy(s) {
        format!("__cblayout_{base}")
    } else {
        base.to_owned()
    };
    match scope {
        Some(scope) => format!("{scope}::{base}"),
        None => base,
    }
}

/// True if laying `s` out in a constant buffer removes something from it
/// (directly or in a struct it contains).
pub fn needs_filtered_copy(s: &StructTy) -> bool {
    s.all_fields().any(|f| {
        !f.is_stored()
            || match innermost(&f.ty) {
                Ty::Struct(inner) => needs_filtered_copy(inner),
                _ => false,
            }
    })
}

fn innermost(ty: &Ty) -> &Ty {
    match ty {
        Ty::Array { elem, .. } => innermost(elem),
        other => other,
    }
}
