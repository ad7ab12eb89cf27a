//! The declarations the parser keeps, as plain data. Function bodies,
//! initialiser values that are not constants, semantics and most attributes
//! are dropped while parsing; [`crate::lower`] turns the rest into
//! `cblower-layout` types.

use std::sync::Arc;

use cblower_layout::MatrixOrder;

use crate::source::Span;

#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    /// Shared with the token it was read from (token texts are interned).
    pub name: Arc<str>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Namespace {
        name: Ident,
        items: Vec<Item>,
    },
    Buffer(BufferBlock),
    ConstantBuffer(ConstantBufferDecl),
    /// A variable, typedef, or a bare `struct S { ... };` (no declarators).
    Decl(Declaration),
    Enum(EnumDef),
    /// `template <...> struct S { ... };`: instantiated when a type names it.
    Template(TemplateDef),
    /// `using namespace A::B;`: the path.
    UsingNamespace(Vec<Ident>),
}

/// A struct template.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateDef {
    pub params: Vec<TemplateParam>,
    pub def: Box<StructDef>,
}

/// One template parameter: `typename T`, `uint N`, with a default.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateParam {
    pub name: Ident,
    pub is_type: bool,
    pub default: Option<TemplateArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    CBuffer,
    TBuffer,
}

/// `cbuffer Name : register(b0) { members }`.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferBlock {
    pub kind: BlockKind,
    pub name: Ident,
    pub register: Option<Register>,
    pub attrs: Attributes,
    /// Declarations in the block (functions are already dropped).
    pub items: Vec<Item>,
}

/// `ConstantBuffer<T> Name[4] : register(b0);` (or `TextureBuffer<T>`
/// on a `t` register).
#[derive(Clone, Debug, PartialEq)]
pub struct ConstantBufferDecl {
    /// True for `TextureBuffer<T>`.
    pub texture: bool,
    pub element: TypeSpec,
    pub name: Ident,
    pub dims: Vec<ArrayDim>,
    pub register: Option<Register>,
    pub attrs: Attributes,
}

/// `[[vk::binding(b, s)]]` and `[[vk::offset(n)]]`; other attributes are
/// skipped. Boxed because they are rare and every declaration has this.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Attributes {
    pub vk_binding: Option<Box<(Expr, Option<Expr>)>>,
    pub vk_offset: Option<Box<Expr>>,
    /// `[[vk::push_constant]]`.
    pub vk_push_constant: bool,
    /// `[[vk::constant_id(N)]]`.
    pub vk_constant_id: Option<Box<Expr>>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Modifiers {
    pub is_static: bool,
    pub is_const: bool,
    pub is_groupshared: bool,
    pub is_typedef: bool,
    /// `row_major` / `column_major` written on the declaration.
    pub matrix_order: Option<MatrixOrder>,
}

/// `modifiers type declarator, declarator;`
#[derive(Clone, Debug, PartialEq)]
pub struct Declaration {
    pub attrs: Attributes,
    pub modifiers: Modifiers,
    pub ty: TypeSpec,
    pub declarators: Declarators,
    /// The `#pragma pack_matrix` in effect here.
    pub pack_matrix: Option<MatrixOrder>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeSpec {
    /// `float4`, `NS::S`, `Texture2D<float4>`, `vector<float, 3>`.
    Named {
        path: TypePath,
        args: Option<Vec<TemplateArg>>,
        span: Span,
    },
    /// A struct defined (or forward-declared) right here.
    Struct(Box<StructDef>),
}

impl TypeSpec {
    pub fn span(&self) -> Span {
        match self {
            TypeSpec::Named { span, .. } => *span,
            TypeSpec::Struct(s) => s.keyword_span,
        }
    }
}

/// The parts of a type name (`float4`, `NS::S`). Almost every type name has
/// one part, which is stored inline, so naming a type allocates nothing;
/// either way the parts read as one slice.
#[derive(Clone, Debug, PartialEq)]
pub enum TypePath {
    One([Ident; 1]),
    Qualified(Vec<Ident>),
}

impl TypePath {
    pub fn new(first: Ident) -> TypePath {
        TypePath::One([first])
    }

    /// Appends `::part`.
    pub fn push(&mut self, part: Ident) {
        match self {
            TypePath::One([first]) => {
                *self = TypePath::Qualified(vec![first.clone(), part]);
            }
            TypePath::Qualified(parts) => parts.push(part),
        }
    }
}

impl std::ops::Deref for TypePath {
    type Target = [Ident];

    fn deref(&self) -> &[Ident] {
        match self {
            TypePath::One(one) => one,
            TypePath::Qualified(parts) => parts,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum TemplateArg {
    Type(TypeSpec),
    Expr(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    pub keyword_span: Span,
    /// `None` for `struct { ... } x;`.
    pub name: Option<Ident>,
    pub base: Option<TypeSpec>,
    /// `None` for a forward declaration `struct S;`.
    pub body: Option<Vec<Item>>,
}

/// The declarators of one declaration, in order. Nearly every declaration
/// has exactly one, which is kept inline: a buffer of 100k members then
/// allocates no list per member.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Declarators {
    first: Option<Declarator>,
    rest: Vec<Declarator>,
}

impl Declarators {
    pub fn push(&mut self, d: Declarator) {
        if self.first.is_none() {
            self.first = Some(d);
        } else {
            self.rest.push(d);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    pub fn len(&self) -> usize {
        usize::from(self.first.is_some()) + self.rest.len()
    }

    pub fn first(&self) -> Option<&Declarator> {
        self.first.as_ref()
    }

    pub fn last(&self) -> Option<&Declarator> {
        self.rest.last().or(self.first.as_ref())
    }

    pub fn iter(&self) -> impl Iterator<Item = &Declarator> {
        self.first.iter().chain(self.rest.iter())
    }
}

impl<'a> IntoIterator for &'a Declarators {
    type Item = &'a Declarator;
    type IntoIter =
        std::iter::Chain<std::option::Iter<'a, Declarator>, std::slice::Iter<'a, Declarator>>;

    fn into_iter(self) -> Self::IntoIter {
        self.first.iter().chain(self.rest.iter())
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Declarator {
    pub name: Ident,
    pub dims: Vec<ArrayDim>,
    pub packoffset: Option<(u32, u8, Span)>,
    pub register: Option<Register>,
    /// The initialiser if it parsed as a constant expression (boxed: rare,
    /// and declarators are moved around a lot).
    pub init: Option<Box<Expr>>,
    /// The rare parts (out-of-line name, bitfield width, initialiser list
    /// length), boxed so the common declarator stays small.
    pub extra: Option<Box<DeclaratorExtra>>,
}

/// The parts of a [`Declarator`] few declarators have.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeclaratorExtra {
    /// `S::name`: an out-of-line definition of a member of `S` (the
    /// qualifiers, without the name). Never a new variable.
    pub qualifier: Vec<Ident>,
    /// `uint a : 4`: the bit width of a bitfield (the name is empty for an
    /// unnamed one, `uint : 4`).
    pub bitfield: Option<Expr>,
    /// The number of top-level elements of a `{ ... }` initialiser, for
    /// `float k[] = { ... }`.
    pub init_list_len: Option<u64>,
}

impl Declarator {
    /// The qualifiers of an out-of-line definition (`S` in `S::N`).
    pub fn qualifier(&self) -> &[Ident] {
        self.extra.as_deref().map_or(&[], |e| &e.qualifier)
    }

    /// The bit width of a bitfield.
    pub fn bitfield(&self) -> Option<&Expr> {
        self.extra.as_deref().and_then(|e| e.bitfield.as_ref())
    }

    /// The number of elements of a `{ ... }` initialiser.
    pub fn init_list_len(&self) -> Option<u64> {
        self.extra.as_deref().and_then(|e| e.init_list_len)
    }

    /// The rare parts, created on first use.
    pub fn extra_mut(&mut self) -> &mut DeclaratorExtra {
        self.extra.get_or_insert_with(Default::default)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ArrayDim {
    /// `None` for `[]`.
    pub size: Option<Expr>,
    pub span: Span,
}

/// `register(b3, space1)`: class letter, number, space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Register {
    /// `None` for `register(space1)`.
    pub slot: Option<(char, u32)>,
    pub space: Option<u32>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EnumDef {
    pub name: Option<Ident>,
    /// The underlying type (`enum class E : uint16_t`).
    pub base: Option<TypeSpec>,
    pub values: Vec<(Ident, Option<Expr>)>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Int(i64, Span),
    /// A non-integer literal (`1.5`, `"s"`): not usable as a constant.
    Other(Span),
    Name(Vec<Ident>),
    Unary(String, Box<Expr>, Span),
    Binary(String, Box<Expr>, Box<Expr>, Span),
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(uint)x` / `uint(x)`: the value is kept (the type is the scalar
    /// named, if it is an integer one).
    Cast(Box<Expr>, Option<Arc<str>>),
    /// An integer literal that is unsigned (`4u`, or too large for `int`).
    UInt(i64, Span),
    /// `sizeof(T)`.
    SizeOf(Box<TypeSpec>, Span),
    /// An enumerator value the expression grammar cannot read (template
    /// code such as `N * F<N - 1>::value`): read past, never evaluated.
    Unread(Span),
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Int(_, s)
            | Expr::UInt(_, s)
            | Expr::SizeOf(_, s)
            | Expr::Other(s)
            | Expr::Unread(s)
            | Expr::Unary(_, _, s)
            | Expr::Binary(_, _, _, s) => *s,
            Expr::Name(path) => match (path.first(), path.last()) {
                (Some(a), Some(b)) => a.span.to(b.span),
                _ => Span::new(crate::source::FileId::default(), 0, 0),
            },
            Expr::Ternary(c, _, e) => c.span().to(e.span()),
            Expr::Cast(e, _) => e.span(),
        }
    }
}
