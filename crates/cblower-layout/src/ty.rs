//! The HLSL type model: what a buffer member *is*, independent of where any
//! rule set puts it. Layouts ([`crate::layout`]) are computed from these types
//! and a [`crate::RuleSet`]; the two are kept apart like rustc's `Ty` and
//! `Layout`.

use std::fmt;
use std::sync::Arc;

use crate::units::{Alignment, Size};

/// HLSL scalar types. `dword` is [`Scalar::Uint`] and `float64_t` is
/// [`Scalar::Double`]; the front end maps those spellings. Sizes are those
/// of [`Scalar::size`]; "16-bit types" means [`TypeOptions::native_16bit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Scalar {
    /// `bool`: 4 bytes in every buffer kind.
    Bool,
    /// `int` (`int32_t`): 4 bytes.
    Int,
    /// `uint` (`uint32_t`, `dword`): 4 bytes.
    Uint,
    /// `float` (`float32_t`): 4 bytes.
    Float,
    /// `double` (`float64_t`): 8 bytes.
    Double,
    /// `half`: 4 bytes (a `float`) unless 16-bit types are on, then 2.
    Half,
    /// `min16float`: 4 bytes, 2 with 16-bit types; rejected by clang-22.
    Min16Float,
    /// `min10float`: 4 bytes, 2 with 16-bit types; rejected by clang-22.
    Min10Float,
    /// `min16int`: 4 bytes, 2 with 16-bit types; rejected by clang-22.
    Min16Int,
    /// `min12int`: 4 bytes, 2 with 16-bit types; rejected by clang-22.
    Min12Int,
    /// `min16uint`: 4 bytes, 2 with 16-bit types; rejected by clang-22.
    Min16Uint,
    /// `float16_t`: 2 bytes; the source needs 16-bit types to spell it.
    Float16,
    /// `int16_t`: 2 bytes; the source needs 16-bit types to spell it.
    Int16,
    /// `uint16_t`: 2 bytes; the source needs 16-bit types to spell it.
    Uint16,
    /// `int64_t`: 8 bytes.
    Int64,
    /// `uint64_t`: 8 bytes.
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
    /// Floating point of any width (`half`, `float`, `double`,
    /// `min16float`, `min10float`, `float16_t`).
    Float,
    /// Signed or unsigned integers of any width, min-precision ones included.
    Int,
    /// `bool` (stored as a 32-bit integer).
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

    /// Storage size in a buffer, in bytes; the same under every rule set.
    ///
    /// ```
    /// use cblower_layout::{Scalar, TypeOptions};
    ///
    /// let off = TypeOptions::default();
    /// let on = TypeOptions { native_16bit: true };
    /// assert_eq!(Scalar::Half.size(off).get(), 4);
    /// assert_eq!(Scalar::Half.size(on).get(), 2);
    /// assert_eq!(Scalar::Uint64.size(off).get(), 8);
    /// ```
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

    /// Whether the scalar is a float, an integer or a `bool`.
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

/// An HLSL type as far as layout is concerned: what a member is, with no
/// offsets. Build one with the constructors ([`Ty::scalar`], [`Ty::vector`],
/// [`Ty::matrix`], [`Ty::array`], [`Ty::structure`]); its `Display` is the
/// HLSL spelling.
///
/// Array elements and structs sit behind an [`Arc`]: a layout recognises a
/// type used by many members by the address of that shared declaration, so
/// clone a `Ty` (cheap) rather than building the same struct twice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// A single scalar.
    Scalar(Scalar),
    /// `vector<T, N>` with `1 <= N <= 4`.
    Vector {
        /// The component type.
        scalar: Scalar,
        /// Number of components, 1 to 4
        /// ([`LayoutError::BadVectorLength`](crate::LayoutError::BadVectorLength)
        /// otherwise).
        len: u8,
    },
    /// `matrix<T, R, C>`: `rows` x `cols` in HLSL's rows-by-columns naming.
    Matrix {
        /// The element type.
        scalar: Scalar,
        /// Number of rows `R`, 1 to 4.
        rows: u8,
        /// Number of columns `C`, 1 to 4.
        cols: u8,
        /// Whether columns (the default) or rows are the stored vectors.
        order: MatrixOrder,
    },
    /// `T name[len]`; multi-dimensional arrays nest (`a[2][3]` is an array of
    /// 2 arrays of 3).
    Array {
        /// The element type (for `a[2][3]`, the inner `[3]` array).
        elem: Arc<Ty>,
        /// Number of elements; 0 makes the array unstored.
        len: u64,
        /// WGSL's `@stride(n)` override, in bytes; `None` everywhere else.
        stride: Option<Size>,
    },
    /// A struct, shared by every member of that type.
    Struct(Arc<StructTy>),
    /// A resource or sampler: no bytes, filtered out of constant buffers.
    Resource(ResourceTy),
}

impl Ty {
    /// A scalar type.
    ///
    /// ```
    /// use cblower_layout::{layout_type, LayoutOptions, RuleSet, Scalar, Ty};
    ///
    /// let t = Ty::scalar(Scalar::Double);
    /// assert_eq!(t.to_string(), "double");
    /// let node = layout_type(&t, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    /// assert_eq!((node.size.get(), node.align.bytes()), (8, 8));
    /// ```
    pub fn scalar(s: Scalar) -> Ty {
        Ty::Scalar(s)
    }

    /// `vector<scalar, len>`, `len` from 1 to 4. Under cbuffer rules a
    /// vector is aligned to its component, not to its size.
    ///
    /// ```
    /// use cblower_layout::{layout_type, LayoutOptions, RuleSet, Scalar, Ty};
    ///
    /// let t = Ty::vector(Scalar::Float, 3);
    /// assert_eq!(t.to_string(), "float3");
    /// let cbuffer = layout_type(&t, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    /// assert_eq!((cbuffer.size.get(), cbuffer.align.bytes()), (12, 4));
    /// // std140 aligns a 3-component vector like a 4-component one.
    /// let std140 = layout_type(&t, LayoutOptions::new(RuleSet::Std140)).unwrap();
    /// assert_eq!((std140.size.get(), std140.align.bytes()), (12, 16));
    /// ```
    pub fn vector(scalar: Scalar, len: u8) -> Ty {
        Ty::Vector { scalar, len }
    }

    /// `matrix<scalar, rows, cols>` stored in `order`. Under cbuffer rules a
    /// matrix is an array of its stored vectors, one row (16 bytes) apart.
    ///
    /// ```
    /// use cblower_layout::{layout_type, LayoutOptions, MatrixOrder, RuleSet, Scalar, Ty};
    ///
    /// let opts = LayoutOptions::new(RuleSet::CBuffer);
    /// // Column-major float2x3: three float2 columns at 0, 16, 32.
    /// let m = Ty::matrix(Scalar::Float, 2, 3, MatrixOrder::ColumnMajor);
    /// assert_eq!(m.to_string(), "float2x3");
    /// assert_eq!(layout_type(&m, opts).unwrap().size.get(), 40);
    /// // Row-major: two float3 rows at 0 and 16.
    /// let m = Ty::matrix(Scalar::Float, 2, 3, MatrixOrder::RowMajor);
    /// assert_eq!(m.to_string(), "row_major float2x3");
    /// assert_eq!(layout_type(&m, opts).unwrap().size.get(), 28);
    /// ```
    pub fn matrix(scalar: Scalar, rows: u8, cols: u8, order: MatrixOrder) -> Ty {
        Ty::Matrix {
            scalar,
            rows,
            cols,
            order,
        }
    }

    /// `elem[len]` with no stride override. For `T a[2][3]`, write
    /// `Ty::array(Ty::array(T, 3), 2)`.
    ///
    /// ```
    /// use cblower_layout::{layout_type, LayoutOptions, NodeKind, RuleSet, Scalar, Ty};
    ///
    /// let a = Ty::array(Ty::array(Ty::scalar(Scalar::Float), 3), 2);
    /// assert_eq!(a.to_string(), "float[2][3]");
    /// // cbuffer rules: every element starts a row. The inner float[3] is
    /// // 16 + 16 + 4 = 36 bytes; the outer array's stride rounds that to 48.
    /// let node = layout_type(&a, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    /// assert_eq!(node.size.get(), 48 + 36);
    /// let NodeKind::Array { count, stride, .. } = &node.kind else { unreachable!() };
    /// assert_eq!((*count, stride.get()), (2, 48));
    /// ```
    pub fn array(elem: Ty, len: u64) -> Ty {
        Ty::Array {
            elem: Arc::new(elem),
            len,
            stride: None,
        }
    }

    /// A struct type; share the result (clone it) for every member of the
    /// type.
    ///
    /// ```
    /// use cblower_layout::{layout_type, Field, LayoutOptions, RuleSet, Scalar, StructTy, Ty};
    ///
    /// let s = Ty::structure(StructTy::new("S", vec![
    ///     Field::new("start", Ty::scalar(Scalar::Float)),
    ///     Field::new("d", Ty::scalar(Scalar::Double)),
    ///     Field::new("end", Ty::scalar(Scalar::Float)),
    /// ]));
    /// assert_eq!(s.to_string(), "S");
    /// // cbuffer rules: d is 8-aligned (at 8), end packs at 16; no tail padding.
    /// let node = layout_type(&s, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    /// assert_eq!(node.size.get(), 20);
    /// // Structured (C-like) rules round the size up to the alignment, 8.
    /// let node = layout_type(&s, LayoutOptions::new(RuleSet::Structured)).unwrap();
    /// assert_eq!(node.size.get(), 24);
    /// ```
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
    /// The base struct (`struct D : B`), whose fields come first.
    pub base: Option<Arc<StructTy>>,
    /// The struct's own fields in declaration order, unstored ones included.
    pub fields: Vec<Field>,
    /// WGSL `@align(n)` on the type.
    pub align: Option<Alignment>,
    /// WGSL `@size(n)` on the type.
    pub size: Option<Size>,
}

impl StructTy {
    /// A struct with these fields and nothing else: no base, no WGSL
    /// overrides.
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
    /// A struct without a base: its own fields.
    Own(std::slice::Iter<'a, Field>),
    /// A struct with bases: each struct's fields in turn, most-base first.
    Chain {
        /// Remaining structs, most-derived first (popped from the back).
        structs: Vec<&'a StructTy>,
        /// The rest of the fields of the struct being walked.
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
    /// An ordinary member, stored in the buffer.
    #[default]
    Buffer,
    /// `static`: a global of its own, not in the buffer.
    Static,
    /// `groupshared`: thread-group memory, not in the buffer.
    Groupshared,
}

/// An explicit placement written in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placement {
    /// `packoffset(c<register>.<component>)`: byte `16 * register + 4 *
    /// component`.
    PackOffset {
        /// The row `N` of `cN`.
        register: u32,
        /// 0 to 3 for `.x` to `.w`; more is
        /// [`LayoutError::PackOffsetComponent`](crate::LayoutError::PackOffsetComponent).
        component: u8,
    },
    /// `register(c<N>)` on a `$Globals` member: the same as `packoffset(cN)`.
    ConstantRegister(u32),
    /// Vulkan `[[vk::offset(n)]]`: byte `n` of the enclosing struct (the
    /// buffer for a buffer member).
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
    /// The name as declared.
    pub name: Arc<str>,
    /// Its type.
    pub ty: Ty,
    /// Whether it is stored in the buffer at all.
    pub storage: Storage,
    /// An explicit placement written on the declaration, if any.
    /// `packoffset` and `register(c#)` apply to buffer members under the
    /// cbuffer-like rule sets ([`RuleSet::is_cbuffer_like`](crate::RuleSet::is_cbuffer_like));
    /// see `docs/layout-rules.md` for where `vk::offset` applies.
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
    /// For a storage unit of HLSL 2021 bitfields (a struct field the front
    /// end made of consecutive bitfields, as DXC packs them): every
    /// bitfield declaration it stands for, in order, each as a field of
    /// its declared type (unnamed ones with an empty name). clang-22 does
    /// not pack bitfields; `cblower_program::effective_decl` lays these out
    /// one by one under its rules. `None` for an ordinary field.
    pub bitfields: Option<Arc<Vec<Field>>>,
    /// A global declared `[[vk::push_constant]]` or
    /// `[[vk::constant_id(N)]]`: not a `$Globals` member on SPIR-V (see
    /// `cblower_program::effective_decl`); an ordinary member on DXIL, where
    /// DXC and clang ignore the attribute.
    pub vk_global: Option<VkGlobal>,
    /// For a bitfield declaration listed in [`Field::bitfields`]: its
    /// declared width in bits (`0` for `: 0`), which may exceed its type's
    /// (clang-22 accepts that). `None` for any other field.
    pub bit_width: Option<u64>,
}

/// A Vulkan-only kind of global variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VkGlobal {
    /// `[[vk::push_constant]]`: the push-constant block.
    PushConstant,
    /// `[[vk::constant_id(N)]]`: a specialisation constant with id `N`.
    SpecConstant(u32),
}

impl Field {
    /// A stored member of type `ty` with no placement, attributes or
    /// namespace.
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
            bitfields: None,
            vk_global: None,
            bit_width: None,
        }
    }

    /// The same field with an explicit placement.
    pub fn with_placement(mut self, p: Placement) -> Field {
        self.placement = Some(p);
        self
    }

    /// The same field with another storage class.
    pub fn with_storage(mut self, s: Storage) -> Field {
        self.storage = s;
        self
    }

    /// True if the member takes bytes in a constant buffer: not `static`,
    /// not `groupshared`, and of a type that stores something (not a
    /// resource or an array of them, not an empty struct, not a
    /// zero-length array).
    pub fn is_stored(&self) -> bool {
        self.storage == Storage::Buffer && !self.ty.is_unstored()
    }
}
