//! The HLSL type model: what a buffer member *is*, independent of where any
//! rule set puts it. Layouts ([`crate::layout`]) are computed from these types
//! and a [`crate::RuleSet`]; the two are kept apart like rustc's `Ty` and
//! `Layout`.

use std::fmt;
use std::sync::Arc;

use crate::units::{Alignment, Size};

/// HLSL scalar types. `dword` is [`Scalar::Uint`] and `float64_t` is
/// [`Scalar::Double`]; the front end maps those spellings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Scalar {
    /// 4 bytes in every buffer kind.
    Bool,
    Int,
    Uint,
    Float,
    Double,
    /// 4 bytes (a `float`) unless native 16-bit types are enabled.
    Half,
    Min16Float,
    Min10Float,
    Min16Int,
    Min12Int,
    Min16Uint,
    Float16,
    Int16,
    Uint16,
    Int64,
    Uint64,
}

/// Options that change the size of types rather than where members go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TypeOptions {
    /// DXC's `-enable-16bit-types` (clang's `-fnative-half-type
    /// -fnative-int16-type`): `half` and the min-precision types become 2 bytes.
    pub native_16bit: bool,
}

/// What a scalar is made of, for choosing LLVM types and row-load widths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarClass {
    Float,
    Int,
    Bool,
}

impl Scalar {
    /// Every scalar, for tests and generators.
    pub const ALL: [Scalar; 16] = [
        Scalar::Bool,
        Scalar::Int,
        Scalar::Uint,
        Scalar::Float,
        Scalar::Double,
        Scalar::Half,
        Scalar::Min16Float,
        Scalar::Min10Float,
        Scalar::Min16Int,
        Scalar::Min12Int,
        Scalar::Min16Uint,
        Scalar::Float16,
        Scalar::Int16,
        Scalar::Uint16,
        Scalar::Int64,
        Scalar::Uint64,
    ];

    /// Storage size in a buffer.
    pub fn size(self, opts: TypeOptions) -> Size {
        Size::bytes(match self {
            Scalar::Bool | Scalar::Int | Scalar::Uint | Scalar::Float => 4,
            Scalar::Double | Scalar::Int64 | Scalar::Uint64 => 8,
            Scalar::Float16 | Scalar::Int16 | Scalar::Uint16 => 2,
            Scalar::Half
            | Scalar::Min16Float
            | Scalar::Min10Float
            | Scalar::Min16Int
            | Scalar::Min12Int
            | Scalar::Min16Uint => {
                if opts.native_16bit {
                    2
                } else {
                    4
                }
            }
        })
    }

    /// Scalars are self-aligned in every rule set.
    pub fn align(self, opts: TypeOptions) -> Alignment {
        Alignment::ceil_pow2(self.size(opts))
    }

    pub fn class(self) -> ScalarClass {
        match self {
            Scalar::Bool => ScalarClass::Bool,
            Scalar::Float
            | Scalar::Double
            | Scalar::Half
            | Scalar::Min16Float
            | Scalar::Min10Float
            | Scalar::Float16 => ScalarClass::Float,
            _ => ScalarClass::Int,
        }
    }

    /// True for the types that exist only with native 16-bit types
    /// (`float16_t`, `int16_t`, `uint16_t`).
    pub fn requires_native_16bit(self) -> bool {
        matches!(self, Scalar::Float16 | Scalar::Int16 | Scalar::Uint16)
    }

    /// True for the min-precision types.
    pub fn is_min_precision(self) -> bool {
        matches!(
            self,
            Scalar::Min16Float
                | Scalar::Min10Float
                | Scalar::Min16Int
                | Scalar::Min12Int
                | Scalar::Min16Uint
        )
    }

    /// The HLSL spelling.
    pub fn hlsl_name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::Int => "int",
            Scalar::Uint => "uint",
            Scalar::Float => "float",
            Scalar::Double => "double",
            Scalar::Half => "half",
            Scalar::Min16Float => "min16float",
            Scalar::Min10Float => "min10float",
            Scalar::Min16Int => "min16int",
            Scalar::Min12Int => "min12int",
            Scalar::Min16Uint => "min16uint",
            Scalar::Float16 => "float16_t",
            Scalar::Int16 => "int16_t",
            Scalar::Uint16 => "uint16_t",
            Scalar::Int64 => "int64_t",
            Scalar::Uint64 => "uint64_t",
        }
    }
}

/// Storage order of a matrix's elements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum MatrixOrder {
    /// HLSL's default: stored as an array of column vectors.
    #[default]
    ColumnMajor,
    /// Stored as an array of row vectors (`row_major`, `-Zpr`).
    RowMajor,
}

/// Resource and sampler types: they take no bytes in any buffer and are
/// filtered out of constant buffers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ResourceTy {
    /// The spelling, e.g. `Texture2D<float4>` or `SamplerState`.
    pub name: Arc<str>,
}

/// An HLSL type as far as layout is concerned.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Scalar(Scalar),
    /// `vector<T, N>` with `1 <= N <= 4`.
    Vector {
        scalar: Scalar,
        len: u8,
    },
    /// `matrix<T, R, C>`: `rows` x `cols` in HLSL's rows-by-columns naming.
    Matrix {
        scalar: Scalar,
        rows: u8,
        cols: u8,
        order: MatrixOrder,
    },
    /// `T name[len]`; multi-dimensional arrays nest (`a[2][3]` is an array of
    /// 2 arrays of 3). `stride` is WGSL's `@stride(n)` override.
    Array {
        elem: Arc<Ty>,
        len: u64,
        stride: Option<Size>,
    },
    Struct(Arc<StructTy>),
    Resource(ResourceTy),
}

impl Ty {
    pub fn scalar(s: Scalar) -> Ty {
        Ty::Scalar(s)
    }

    pub fn vector(scalar: Scalar, len: u8) -> Ty {
        Ty::Vector { scalar, len }
    }

    pub fn matrix(scalar: Scalar, rows: u8, cols: u8, order: MatrixOrder) -> Ty {
        Ty::Matrix {
            scalar,
            rows,
            cols,
            order,
        }
    }

    pub fn array(elem: Ty, len: u64) -> Ty {
        Ty::Array {
            elem: Arc::new(elem),
            len,
            stride: None,
        }
    }

    pub fn structure(s: StructTy) -> Ty {
        Ty::Struct(Arc::new(s))
    }

    /// The scalar at the bottom of a numeric type (through arrays too).
    pub fn base_scalar(&self) -> Option<Scalar> {
        match self {
            Ty::Scalar(s) => Some(*s),
            Ty::Vector { scalar, .. } | Ty::Matrix { scalar, .. } => Some(*scalar),
            Ty::Array { elem, .. } => elem.base_scalar(),
            Ty::Struct(_) | Ty::Resource(_) => None,
        }
    }

    /// True if the type holds no bytes in a constant buffer: resources, arrays
    /// of them, zero-length arrays, and structs with nothing stored.
    pub fn is_unstored(&self) -> bool {
        match self {
            Ty::Resource(_) => true,
            Ty::Array { elem, len, .. } => *len == 0 || elem.is_unstored(),
            Ty::Struct(s) => s.all_fields().all(|f| !f.is_stored()),
            _ => false,
        }
    }
}

impl fmt::Display for Ty {
    /// HLSL spelling: `float3`, `row_major float4x4`, `S`, `float[3]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Scalar(s) => f.write_str(s.hlsl_name()),
            Ty::Vector { scalar, len } => write!(f, "{}{}", scalar.hlsl_name(), len),
            Ty::Matrix {
                scalar,
                rows,
                cols,
                order,
            } => {
                if *order == MatrixOrder::RowMajor {
                    f.write_str("row_major ")?;
                }
                write!(f, "{}{}x{}", scalar.hlsl_name(), rows, cols)
            }
            Ty::Array { .. } => {
                let mut dims = Vec::new();
                let mut t = self;
                while let Ty::Array { elem, len, .. } = t {
                    dims.push(*len);
                    t = elem;
                }
                write!(f, "{t}")?;
                for d in dims {
                    write!(f, "[{d}]")?;
                }
                Ok(())
            }
            Ty::Struct(s) => f.write_str(&s.name),
            Ty::Resource(r) => f.write_str(&r.name),
        }
    }
}

/// A struct type. Base structs are kept as a chain and flattened in front of
/// the own fields when laid out, as Clang and DXC do.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructTy {
    /// The (qualified) name; anonymous structs get a name from the front end.
    pub name: Arc<str>,
    pub base: Option<Arc<StructTy>>,
    pub fields: Vec<Field>,
    /// WGSL `@align(n)` on the type.
    pub align: Option<Alignment>,
    /// WGSL `@size(n)` on the type.
    pub size: Option<Size>,
}

impl StructTy {
    pub fn new(name: impl Into<Arc<str>>, fields: Vec<Field>) -> StructTy {
        StructTy {
            name: name.into(),
            base: None,
            fields,
            align: None,
            size: None,
        }
    }

    /// Base fields (most-base first), then own fields.
    pub fn all_fields(&self) -> AllFields<'_> {
        match &self.base {
            // The common case allocates nothing.
            None => AllFields::Own(self.fields.iter()),
            Some(_) => {
                let mut chain = Vec::new();
                let mut b = Some(self);
                while let Some(s) = b {
                    chain.push(s);
                    b = s.base.as_deref();
                }
                AllFields::Chain {
                    structs: chain,
                    current: [].iter(),
                }
            }
        }
    }
}

/// Iterator over a struct's fields, bases first (see [`StructTy::all_fields`]).
pub enum AllFields<'a> {
    Own(std::slice::Iter<'a, Field>),
    Chain {
        /// Remaining structs, most-derived first (popped from the back).
        structs: Vec<&'a StructTy>,
        current: std::slice::Iter<'a, Field>,
    },
}

impl<'a> Iterator for AllFields<'a> {
    type Item = &'a Field;

    fn next(&mut self) -> Option<&'a Field> {
        match self {
            AllFields::Own(it) => it.next(),
            AllFields::Chain { structs, current } => loop {
                if let Some(f) = current.next() {
                    return Some(f);
                }
                *current = structs.pop()?.fields.iter();
            },
        }
    }
}

/// How a declaration is stored; only [`Storage::Buffer`] members take bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Storage {
    #[default]
    Buffer,
    Static,
    Groupshared,
}

/// An explicit placement written in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placement {
    /// `packoffset(c<register>.<component>)`; component 0..=3 is x..w.
    PackOffset { register: u32, component: u8 },
    /// `register(c<N>)` on a `$Globals` member: the same as `packoffset(cN)`.
    ConstantRegister(u32),
    /// Vulkan `[[vk::offset(n)]]`: a byte offset.
    VkOffset(u64),
}

impl Placement {
    /// The byte offset the placement asks for, or `None` on overflow.
    pub fn byte_offset(self) -> Option<Size> {
        match self {
            Placement::PackOffset {
                register,
                component,
            } => (register as u64)
                .checked_mul(16)
                .and_then(|b| b.checked_add(component as u64 * 4))
                .map(Size::bytes),
            Placement::ConstantRegister(r) => (r as u64).checked_mul(16).map(Size::bytes),
            Placement::VkOffset(b) => Some(Size::bytes(b)),
        }
    }
}

/// A struct field or buffer member.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    pub name: Arc<str>,
    pub ty: Ty,
    pub storage: Storage,
    pub placement: Option<Placement>,
    /// WGSL `@align(n)` on the field.
    pub align: Option<Alignment>,
    /// WGSL `@size(n)` on the field.
    pub size: Option<Size>,
    /// Declared `const` (a `const` global is still a `$Globals` member; Clang
    /// emits it as an LLVM `constant` with internal-linkage mangling).
    pub is_const: bool,
    /// Enclosing namespaces joined with `::` (`NS::In2`), for IR names.
    pub namespace: Option<Arc<str>>,
}

impl Field {
    pub fn new(name: impl Into<Arc<str>>, ty: Ty) -> Field {
        Field {
            name: name.into(),
            ty,
            storage: Storage::Buffer,
            placement: None,
            align: None,
            size: None,
            is_const: false,
            namespace: None,
        }
    }

    pub fn with_placement(mut self, p: Placement) -> Field {
        self.placement = Some(p);
        self
    }

    pub fn with_storage(mut self, s: Storage) -> Field {
        self.storage = s;
        self
    }

    /// True if the member takes bytes in a constant buffer (seed 001's filter:
    /// not static, not groupshared, not a resource, not empty, not zero-sized).
    pub fn is_stored(&self) -> bool {
        self.storage == Storage::Buffer && !self.ty.is_unstored()
    }
}
