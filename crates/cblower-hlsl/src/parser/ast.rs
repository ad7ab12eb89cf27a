//! The declarations the parser keeps, as plain data. Function bodies,
//! initialiser values that are not constants, semantics and most attributes
//! are dropped while parsing; [`crate::lower`] turns the rest into
//! `cblower-layout` types.

use smol_str::SmolStr;

use cblower_layout::MatrixOrder;

use crate::source::Span;

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    /// Shared with the token it was read from (token texts are interned).
    pub name: SmolStr,
    /// Where the name was written (for diagnostics and `register` lookups).
    pub span: Span,
}

/// One top-level or block-level declaration the parser kept.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `namespace N { ... }`: names declared inside are qualified with `N::`.
    Namespace {
        /// The namespace's name.
        name: Ident,
        /// The declarations inside it, in order.
        items: Vec<Item>,
    },
    /// A `cbuffer` or `tbuffer` block.
    Buffer(BufferBlock),
    /// A `ConstantBuffer<T>` or `TextureBuffer<T>` variable.
    ConstantBuffer(ConstantBufferDecl),
    /// A variable, typedef, or a bare `struct S { ... };` (no declarators).
    Decl(Declaration),
    /// `enum` or `enum class` with its values (they are constants in array
    /// sizes and template arguments).
    Enum(EnumDef),
    /// `template <...> struct S { ... };`: instantiated when a type names it.
    Template(TemplateDef),
    /// `using namespace A::B;`: the path.
    UsingNamespace(Vec<Ident>),
}

/// A struct template.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateDef {
    /// The parameters, in order.
    pub params: Vec<TemplateParam>,
    /// The templated struct; its members may name the parameters.
    pub def: Box<StructDef>,
}

/// One template parameter: `typename T`, `uint N`, with a default.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateParam {
    /// The parameter's name.
    pub name: Ident,
    /// `typename`/`class` (true) or a value parameter such as `uint N` (false).
    pub is_type: bool,
    /// The default used when an instantiation leaves the argument out.
    pub default: Option<TemplateArg>,
}

/// Which keyword opened a [`BufferBlock`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// `cbuffer`: bound to a `b` register.
    CBuffer,
    /// `tbuffer`: bound to a `t` register.
    TBuffer,
}

/// `cbuffer Name : register(b0) { members }`.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferBlock {
    /// `cbuffer` or `tbuffer`.
    pub kind: BlockKind,
    /// The block's name.
    pub name: Ident,
    /// The `: register(...)` annotation, if written.
    pub register: Option<Register>,
    /// `[[vk::...]]` attributes before the keyword.
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
    /// `T`, the element type inside the angle brackets.
    pub element: TypeSpec,
    /// The variable's name.
    pub name: Ident,
    /// Array dimensions after the name, outermost first (`Name[4]` is one).
    pub dims: Vec<ArrayDim>,
    /// The `: register(...)` annotation, if written.
    pub register: Option<Register>,
    /// `[[vk::...]]` attributes before the declaration.
    pub attrs: Attributes,
}

/// `[[vk::binding(b, s)]]` and `[[vk::offset(n)]]`; other attributes are
/// skipped. Boxed because they are rare and every declaration has this.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Attributes {
    /// `[[vk::binding(binding, set)]]`: the binding number and, if written, the
    /// descriptor set, as unevaluated constant expressions.
    pub vk_binding: Option<Box<(Expr, Option<Expr>)>>,
    /// `[[vk::offset(n)]]`: the member's byte offset for SPIR-V, unevaluated.
    pub vk_offset: Option<Box<Expr>>,
    /// `[[vk::push_constant]]`.
    pub vk_push_constant: bool,
    /// `[[vk::constant_id(N)]]`.
    pub vk_constant_id: Option<Box<Expr>>,
}

/// The storage and matrix keywords written before a declaration's type.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Modifiers {
    /// `static`: a variable of the shader itself, never a constant-buffer
    /// member.
    pub is_static: bool,
    /// `const` (with `static`, a compile-time constant usable in array sizes).
    pub is_const: bool,
    /// `groupshared`: thread-group memory, never a constant-buffer member.
    pub is_groupshared: bool,
    /// `typedef`: the declarators name types, not variables.
    pub is_typedef: bool,
    /// `row_major` / `column_major` written on the declaration.
    pub matrix_order: Option<MatrixOrder>,
}

/// `modifiers type declarator, declarator;`
#[derive(Clone, Debug, PartialEq)]
pub struct Declaration {
    /// `[[vk::...]]` attributes before the declaration.
    pub attrs: Attributes,
    /// `static`, `const`, `row_major` and the like.
    pub modifiers: Modifiers,
    /// The type the declarators share.
    pub ty: TypeSpec,
    /// The declared names, each with its own array dimensions and annotations.
    pub declarators: Declarators,
    /// The `#pragma pack_matrix` in effect here.
    pub pack_matrix: Option<MatrixOrder>,
}

/// A type as written before the declarators.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeSpec {
    /// `float4`, `NS::S`, `Texture2D<float4>`, `vector<float, 3>`.
    Named {
        /// The (possibly `::`-qualified) type name.
        path: TypePath,
        /// `<...>` arguments, if any were written (`vector<float, 3>`).
        args: Option<Vec<TemplateArg>>,
        /// From the first part of the name to the closing `>`.
        span: Span,
    },
    /// A struct defined (or forward-declared) right here.
    Struct(Box<StructDef>),
}

impl TypeSpec {
    /// Where the type was written: the name, or the `struct` keyword.
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
    /// A name of one part (`float4`, `S`), kept inline.
    One([Ident; 1]),
    /// A qualified name (`NS::S`, `A::B::S`), one entry per part.
    Qualified(Vec<Ident>),
}

impl TypePath {
    /// A one-part name.
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

/// One argument in a `<...>` list.
#[derive(Clone, Debug, PartialEq)]
pub enum TemplateArg {
    /// A type argument (`float` in `vector<float, 3>`).
    Type(TypeSpec),
    /// A value argument (`3` in `vector<float, 3>`), unevaluated.
    Expr(Expr),
}

/// A `struct` definition or forward declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    /// Where the `struct` keyword was written (diagnostics about an unnamed
    /// struct point here).
    pub keyword_span: Span,
    /// `None` for `struct { ... } x;`.
    pub name: Option<Ident>,
    /// `struct S : Base`: the base struct, whose members come first.
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
    /// Appends a declarator.
    pub fn push(&mut self, d: Declarator) {
        if self.first.is_none() {
            self.first = Some(d);
        } else {
            self.rest.push(d);
        }
    }

    /// Whether there are no declarators (`struct S { ... };` alone).
    pub fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    /// How many declarators there are.
    pub fn len(&self) -> usize {
        usize::from(self.first.is_some()) + self.rest.len()
    }

    /// The first declarator, if any.
    pub fn first(&self) -> Option<&Declarator> {
        self.first.as_ref()
    }

    /// The last declarator, if any.
    pub fn last(&self) -> Option<&Declarator> {
        self.rest.last().or(self.first.as_ref())
    }

    /// The declarators in order.
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

/// One declared name with its array dimensions and `:` annotations.
#[derive(Clone, Debug, PartialEq)]
pub struct Declarator {
    /// The declared name.
    pub name: Ident,
    /// Array dimensions after the name, outermost first.
    pub dims: Vec<ArrayDim>,
    /// `packoffset(c2.y)`: the register (`2`), the component (0 to 3 for `x`
    /// to `w`) and where the annotation was written.
    pub packoffset: Option<(u32, u8, Span)>,
    /// `register(...)` on the declarator (the binding of a global resource
    /// or `ConstantBuffer`-like variable).
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

/// One `[...]` array dimension.
#[derive(Clone, Debug, PartialEq)]
pub struct ArrayDim {
    /// `None` for `[]`.
    pub size: Option<Expr>,
    /// From `[` to `]`.
    pub span: Span,
}

/// `register(b3, space1)`: class letter, number, space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Register {
    /// `None` for `register(space1)`.
    pub slot: Option<(char, u32)>,
    /// `space1` if written; `None` means space 0.
    pub space: Option<u32>,
    /// The whole `register(...)` annotation.
    pub span: Span,
}

/// An `enum` definition.
#[derive(Clone, Debug, PartialEq)]
pub struct EnumDef {
    /// The enum's name; `None` for an anonymous `enum { ... }`.
    pub name: Option<Ident>,
    /// The underlying type (`enum class E : uint16_t`).
    pub base: Option<TypeSpec>,
    /// The enumerators in order, each with its value expression if written
    /// (else one more than the previous).
    pub values: Vec<(Ident, Option<Expr>)>,
}

/// A constant expression, kept unevaluated until lowering knows the names
/// it refers to (array sizes, enum values, template arguments).
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A signed integer literal (`4`, `0x10`), with where it was written.
    Int(i64, Span),
    /// A non-integer literal (`1.5`, `"s"`): not usable as a constant.
    Other(Span),
    /// A name, possibly qualified (`N`, `NS::N`, `E::A`): a constant or an
    /// enumerator.
    Name(Vec<Ident>),
    /// A prefix operator (`-`, `!`, `~`, `+`) applied to an operand.
    Unary(String, Box<Expr>, Span),
    /// A binary operator (`+`, `<<`, `&&`, ...) with its two operands.
    Binary(String, Box<Expr>, Box<Expr>, Span),
    /// `cond ? then : else`.
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(uint)x` / `uint(x)`: the value is kept (the type is the scalar
    /// named, if it is an integer one).
    Cast(Box<Expr>, Option<SmolStr>),
    /// An integer literal that is unsigned (`4u`, or too large for `int`).
    UInt(i64, Span),
    /// `sizeof(T)`.
    SizeOf(Box<TypeSpec>, Span),
    /// An enumerator value the expression grammar cannot read (template
    /// code such as `N * F<N - 1>::value`): read past, never evaluated.
    Unread(Span),
}

impl Expr {
    /// The source range the expression covers.
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
