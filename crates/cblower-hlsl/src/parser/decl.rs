//! Declarations: modifiers, types, declarators, attributes, `register` and
//! `packoffset`.

use cblower_layout::MatrixOrder;

use super::ast::{
    ArrayDim, Attributes, ConstantBufferDecl, Declaration, Declarator, Declarators, Expr, Ident,
    Modifiers, Register, StructDef, TemplateArg, TypePath, TypeSpec,
};
use super::{Context, Parser};
use crate::diag::Diagnostic;
use crate::lexer::{Token, TokenKind};

/// Words that modify a declaration rather than name its type. Only treated as
/// modifiers when an identifier follows, so `float sample;` still works.
fn is_modifier(word: &str) -> bool {
    // A `match` on the string compares lengths first, then a few bytes; a
    // list scan compared the word with every entry, twice per declaration.
    matches!(
        word,
        "static"
            | "const"
            | "uniform"
            | "extern"
            | "groupshared"
            | "precise"
            | "row_major"
            | "column_major"
            | "linear"
            | "nointerpolation"
            | "noperspective"
            | "centroid"
            | "sample"
            | "volatile"
            | "mutable"
            | "inline"
            | "export"
            | "shared"
            | "snorm"
            | "unorm"
            | "globallycoherent"
            | "reordercoherent"
            | "typedef"
            | "in"
            | "out"
            | "inout"
    )
}

/// Keywords that cannot name a declarator; seeing one where a name belongs
/// almost always means a `;` is missing.
fn is_reserved(word: &str) -> bool {
    // A `match`, not a list scan: asked of every declarator name.
    matches!(
        word,
        "cbuffer"
            | "tbuffer"
            | "struct"
            | "class"
            | "typedef"
            | "namespace"
            | "static"
            | "const"
            | "uniform"
            | "groupshared"
            | "return"
            | "if"
            | "else"
            | "for"
            | "while"
            | "enum"
            | "template"
    )
}

const REGISTER_HELP: &str = "use `b` for constant buffers, `t` for textures and tbuffers, `s` for samplers, `u` for UAVs or `c` for constants, e.g. `register(b0)`";

impl Parser<'_> {
    /// `[attr]` and `[[vk::attr(...)]]` lists before a declaration.
    pub(super) fn attributes(&mut self) -> Result<Attributes, Diagnostic> {
        let mut attrs = Attributes::default();
        while self.at_punct("[") {
            let double = self.peek_nth(1).is_some_and(|t| t.is_punct("["));
            let open = self.bump();
            if double {
                self.advance();
            }
            loop {
                if self.at_punct("]") {
                    break;
                }
                let mut name = self
                    .expect_ident(
                        "an attribute name",
                        "write attributes as `[name(args)]` or `[[vk::name(args)]]`",
                    )?
                    .name;
                while self.eat_punct("::") {
                    let part = self.expect_ident(
                        "an attribute name after `::`",
                        "write e.g. `[[vk::binding(0, 1)]]`",
                    )?;
                    name = format!("{name}::{}", part.name).into();
                }
                if &*name == "vk::push_constant" {
                    attrs.vk_push_constant = true;
                }
                if self.at_punct("(") {
                    if matches!(&*name, "vk::binding" | "vk::offset" | "vk::constant_id") {
                        self.advance();
                        let mut args = vec![self.expr(false)?];
                        while self.eat_punct(",") {
                            args.push(self.expr(false)?);
                        }
                        self.expect_punct(")", "close the attribute arguments with `)`")?;
                        let mut args = args.into_iter();
                        if &*name == "vk::offset" {
                            attrs.vk_offset = args.next().map(Box::new);
                        } else if &*name == "vk::constant_id" {
                            attrs.vk_constant_id = args.next().map(Box::new);
                        } else if let Some(b) = args.next() {
                            attrs.vk_binding = Some(Box::new((b, args.next())));
                        }
                    } else {
                        self.skip_balanced("(", ")", "attribute arguments")?;
                    }
                }
                if !self.eat_punct(",") {
                    break;
                }
            }
            if self.peek().is_none() {
                return Err(Diagnostic::error(
                    open.map_or(self.end, |t| t.span),
                    "unterminated attribute: missing `]`",
                )
                .with_help("close the attribute with `]`"));
            }
            self.expect_punct("]", "close the attribute with `]`")?;
            if double {
                self.expect_punct("]", "close the attribute with `]]`")?;
            }
        }
        Ok(attrs)
    }

    fn modifiers(&mut self, mods: &mut Modifiers) {
        while let Some(t) = self.peek() {
            if t.kind != TokenKind::Ident || !is_modifier(&t.text) {
                break;
            }
            let word = t.text.clone();
            let next_is_word = self
                .peek_nth(1)
                .is_some_and(|n| n.kind == TokenKind::Ident || n.is_punct("::"));
            if !next_is_word {
                break;
            }
            match &*word {
                "static" => mods.is_static = true,
                "const" => mods.is_const = true,
                "groupshared" => mods.is_groupshared = true,
                "typedef" => mods.is_typedef = true,
                "row_major" => mods.matrix_order = Some(MatrixOrder::RowMajor),
                "column_major" => mods.matrix_order = Some(MatrixOrder::ColumnMajor),
                _ => {}
            }
            self.advance();
        }
    }

    /// A declaration or a function. Functions are skipped and give `None`.
    pub(super) fn declaration(
        &mut self,
        attrs: Attributes,
    ) -> Result<Option<Declaration>, Diagnostic> {
        let pack_matrix = self.pack_matrix;
        if let Some((ty, name)) = self.plain_type_and_name() {
            let span = ty.span;
            let mut declarators = Declarators::default();
            declarators.push(Declarator {
                name,
                dims: Vec::new(),
                packoffset: None,
                register: None,
                init: None,
                extra: None,
            });
            return Ok(Some(Declaration {
                attrs,
                modifiers: Modifiers::default(),
                ty: TypeSpec::Named {
                    path: TypePath::new(ty),
                    args: None,
                    span,
                },
                declarators,
                pack_matrix,
            }));
        }
        let mut modifiers = Modifiers::default();
        self.modifiers(&mut modifiers);
        let ty = self.type_spec()?;
        self.modifiers(&mut modifiers);
        let is_struct_def = matches!(&ty, TypeSpec::Struct(s) if s.body.is_some());
        let mut declarators = Declarators::default();
        if self.eat_punct(";") {
            return Ok(Some(Declaration {
                attrs,
                modifiers,
                ty,
                declarators,
                pack_matrix,
            }));
        }
        loop {
            // `uint : 4;` (an unnamed bitfield)
            if self.at_punct(":") && self.peek_nth(1).is_some_and(starts_bit_width) {
                let name = Ident {
                    name: "".into(),
                    span: self.here(),
                };
                declarators.push(self.declarator_rest(name, Vec::new())?);
                if self.eat_punct(",") {
                    continue;
                }
                self.expect_punct(";", "end the bitfield with `;`")?;
                break;
            }
            let mut name = match self.peek() {
                Some(t) if t.kind == TokenKind::Ident && !is_reserved(&t.text) => {
                    self.expect_ident("a name", "")?
                }
                _ if is_struct_def && declarators.is_empty() => {
                    // Skipping it would lose the struct and point the error
                    // at its first use instead: a plain mistake, reported.
                    self.fatal = true;
                    return Err(Diagnostic::error(
                        self.after_previous(),
                        "expected `;` after struct definition",
                    )
                    .with_help("add `;` after the closing `}`"));
                }
                _ => {
                    return Err(self.expected(
                        "a name in the declaration",
                        "write the declaration as `type name;`",
                    ))
                }
            };
            // `S::name` / `Pair<T>::name`: an out-of-line member definition.
            let mut qualifier = Vec::new();
            while &*name.name != "operator" {
                if self.at_punct("<") && !self.skip_angles_before_scope() {
                    break;
                }
                if !self.at_punct("::") {
                    break;
                }
                self.advance();
                if self.at_punct("~") {
                    self.advance();
                }
                let part = self.expect_ident(
                    "a member name after `::`",
                    "write an out-of-line definition as `type S::name`",
                )?;
                qualifier.push(std::mem::replace(&mut name, part));
            }
            if &*name.name == "operator" || self.at_punct("(") {
                if declarators.is_empty() {
                    self.skip_function()?;
                    return Ok(None);
                }
                return Err(self.expected("`,` or `;`", "declare functions separately"));
            }
            declarators.push(self.declarator_rest(name, qualifier)?);
            if self.eat_punct(",") {
                continue;
            }
            if self.eat_punct(";") {
                break;
            }
            let last = declarators
                .last()
                .map_or(String::new(), |d| d.name.name.to_string());
            return Err(Diagnostic::error(
                self.after_previous(),
                format!("expected `;` after the declaration of `{last}`"),
            )
            .with_help("add `;` at the end of the declaration"));
        }
        Ok(Some(Declaration {
            attrs,
            modifiers,
            ty,
            declarators,
            pack_matrix,
        }))
    }

    /// `type name;` with a one-word type and nothing else, the shape of
    /// most buffer members: the two names, consumed through the `;`, read
    /// without the general path's dozen checks per token. `None`, with
    /// nothing consumed, for any other shape. The general path gives the
    /// same declaration for this one (a unit test holds the two to that).
    fn plain_type_and_name(&mut self) -> Option<(Ident, Ident)> {
        if !self.shortcuts {
            return None;
        }
        // (A `#pragma pack_matrix` marker among these three is not an
        // identifier or `;`, so that shape is left to the general path.)
        let [ty, name, end] = self.tokens.get(self.pos..self.pos + 3)? else {
            return None;
        };
        // The token kinds first: they reject most other shapes at once.
        if ty.kind != TokenKind::Ident || name.kind != TokenKind::Ident || !end.is_punct(";") {
            return None;
        }
        let plain_type = !is_modifier(&ty.text)
            && !matches!(&*ty.text, "struct" | "class" | "unsigned" | "signed");
        let plain_name =
            !is_reserved(&name.text) && !is_modifier(&name.text) && &*name.text != "operator";
        if !(plain_type && plain_name) {
            return None;
        }
        let names = (
            Ident {
                name: ty.text.clone(),
                span: ty.span,
            },
            Ident {
                name: name.text.clone(),
                span: name.span,
            },
        );
        for _ in 0..3 {
            self.advance();
        }
        Some(names)
    }

    /// At `<` after a name: skips the template arguments if `::` follows
    /// them (`Pair<T>::f`) and returns true; otherwise leaves the cursor.
    fn skip_angles_before_scope(&mut self) -> bool {
        let start = self.pos;
        let mut depth = 0i32;
        while let Some(t) = self.peek() {
            if t.is_punct("<") {
                depth += 1;
            } else if t.is_punct(">") {
                depth -= 1;
            } else if t.is_punct(">>") {
                depth -= 2;
            } else if t.is_punct(";") || t.is_punct("{") || t.is_punct("}") {
                break;
            }
            self.advance();
            if depth <= 0 {
                if self.at_punct("::") {
                    return true;
                }
                break;
            }
        }
        self.pos = start;
        false
    }

    /// Skips a function's parameters, semantics and body (or `;`).
    fn skip_function(&mut self) -> Result<(), Diagnostic> {
        if self.at_punct("(") {
            self.skip_balanced("(", ")", "parameter list")?;
        }
        loop {
            match self.peek() {
                Some(t) if t.is_punct(";") => {
                    self.advance();
                    return Ok(());
                }
                Some(t) if t.is_punct("{") => {
                    return self.skip_balanced("{", "}", "function body");
                }
                Some(t) if t.is_punct("}") => {
                    return Err(self.expected(
                        "`;` or a function body",
                        "end a function declaration with `;` or give it a `{ ... }` body",
                    ))
                }
                Some(t) if t.is_punct("(") => self.skip_balanced("(", ")", "parenthesis")?,
                Some(_) => {
                    self.advance();
                }
                None => {
                    return Err(self.expected(
                        "`;` or a function body",
                        "end a function declaration with `;` or give it a `{ ... }` body",
                    ))
                }
            }
        }
    }

    /// Array dimensions, `: register/packoffset/semantic`, initialiser.
    fn declarator_rest(
        &mut self,
        name: Ident,
        qualifier: Vec<Ident>,
    ) -> Result<Declarator, Diagnostic> {
        let dims = self.array_dims()?;
        let mut d = Declarator {
            name,
            dims,
            packoffset: None,
            register: None,
            init: None,
            extra: None,
        };
        if !qualifier.is_empty() {
            d.extra_mut().qualifier = qualifier;
        }
        while self.eat_punct(":") {
            if self.peek().is_some_and(starts_bit_width) {
                d.extra_mut().bitfield = Some(self.expr(false)?);
            } else if self.at_ident("register") {
                let r = self.register()?;
                d.register.get_or_insert(r);
            } else if self.at_ident("packoffset") {
                let p = self.packoffset()?;
                d.packoffset.get_or_insert(p);
            } else if self.peek().is_some_and(|t| t.kind == TokenKind::Ident) {
                // A semantic such as SV_Target or TEXCOORD0, or a payload
                // access qualifier `read(caller, closesthit)`.
                self.advance();
                if self.at_punct("(") {
                    self.skip_balanced("(", ")", "qualifier arguments")?;
                }
            } else {
                return Err(self.expected(
                    "a semantic, `register(...)` or `packoffset(...)` after `:`",
                    "write e.g. `: packoffset(c0)` or `: register(c0)`",
                ));
            }
        }
        if self.at_punct("<") {
            // Effect-framework annotations: `float g <string UIName = "g";> = 1;`
            self.skip_balanced("<", ">", "annotation")?;
        }
        if self.eat_punct("=") {
            if self.at_punct("{") {
                d.extra_mut().init_list_len = Some(self.count_init_list()?);
            }
            d.init = self.initializer()?.map(Box::new);
        }
        if self.at_punct("{") {
            // Effect-framework state blocks: `SamplerState s { Filter = ...; };`
            self.skip_balanced("{", "}", "state block")?;
        }
        Ok(d)
    }

    /// The number of top-level elements of the `{ ... }` at the cursor,
    /// leaving the cursor where it is (a trailing `,` adds none).
    fn count_init_list(&mut self) -> Result<u64, Diagnostic> {
        let start = self.pos;
        self.advance();
        let mut depth = 0usize;
        let mut count = 0u64;
        let mut pending = false;
        loop {
            let Some(t) = self.peek() else {
                self.pos = start;
                return Err(self.expected("`}`", "close the initializer list with `}`"));
            };
            if depth == 0 && t.is_punct("}") {
                break;
            }
            if depth == 0 && t.is_punct(",") {
                count += u64::from(pending);
                pending = false;
            } else {
                pending = true;
                if t.is_punct("{") || t.is_punct("(") || t.is_punct("[") {
                    depth += 1;
                } else if t.is_punct("}") || t.is_punct(")") || t.is_punct("]") {
                    depth = depth.saturating_sub(1);
                }
            }
            self.advance();
        }
        self.pos = start;
        Ok(count + u64::from(pending))
    }

    pub(super) fn array_dims(&mut self) -> Result<Vec<ArrayDim>, Diagnostic> {
        let mut dims = Vec::new();
        while self.at_punct("[") {
            if let Some(dim) = self.literal_dim() {
                dims.push(dim);
                continue;
            }
            let open = self.bump();
            let start = open.map_or(self.end, |t| t.span);
            let size = if self.at_punct("]") {
                None
            } else {
                Some(self.expr(false)?)
            };
            let close = self.expect_punct("]", "close the array size with `]`")?;
            dims.push(ArrayDim {
                size,
                span: start.to(close.span),
            });
        }
        Ok(dims)
    }

    /// `[4]`, the usual array size, read without the expression parser:
    /// the same dimension the general path gives, or `None` (nothing
    /// consumed) for any other size (the equivalence test in `tests.rs`
    /// covers both).
    fn literal_dim(&mut self) -> Option<ArrayDim> {
        // The general path would fail at the nesting limit: leave it that.
        if !self.shortcuts || self.depth + 1 >= super::MAX_DEPTH {
            return None;
        }
        let [open, size, close] = self.tokens.get(self.pos..self.pos + 3)? else {
            return None;
        };
        if size.kind != TokenKind::Number || !close.is_punct("]") || !open.is_punct("[") {
            return None;
        }
        let dim = ArrayDim {
            size: Some(super::expr::literal(&size.text, size.span)),
            span: open.span.to(close.span),
        };
        for _ in 0..3 {
            self.advance();
        }
        Some(dim)
    }

    /// Skips an initialiser up to the `,` or `;` that ends it, keeping its
    /// value if it is a constant expression.
    fn initializer(&mut self) -> Result<Option<Expr>, Diagnostic> {
        let start = self.pos;
        // Two operands in a row (`1.0 float`) mean the `;` is missing.
        let mut after_operand = false;
        loop {
            let is_operand = self
                .peek()
                .is_some_and(|t| matches!(t.kind, TokenKind::Ident | TokenKind::Number));
            if is_operand && after_operand {
                return Err(Diagnostic::error(
                    self.after_previous(),
                    "expected `;` after the initializer",
                )
                .with_help("add `;` at the end of the declaration"));
            }
            let was_operand = after_operand;
            after_operand = is_operand
                || self
                    .peek()
                    .is_some_and(|t| t.is_punct(")") || t.is_punct("]") || t.is_punct("}"));
            match self.peek() {
                None => return Err(self.expected("`;`", "end the declaration with `;`")),
                Some(t) if t.is_punct(",") || t.is_punct(";") => break,
                Some(t) if t.is_punct("}") || t.is_punct(")") || t.is_punct("]") => {
                    return Err(self.expected("`;`", "end the declaration with `;`"))
                }
                Some(t) if t.is_punct("{") => {
                    self.skip_balanced("{", "}", "initializer list")?;
                    after_operand = true;
                }
                Some(t) if t.is_punct("(") => {
                    self.skip_balanced("(", ")", "parenthesis")?;
                    // `f(x)` is an operand; `(T)x` and `(a + b)` may be followed by one.
                    after_operand = was_operand;
                }
                Some(t) if t.is_punct("[") => {
                    self.skip_balanced("[", "]", "bracket")?;
                    after_operand = true;
                }
                Some(_) => {
                    self.advance();
                }
            }
        }
        let tokens: Vec<Token> = self
            .tokens
            .get(start..self.pos)
            .unwrap_or(&[])
            .iter()
            .filter(|t| !matches!(t.kind, TokenKind::PackMatrix(_)))
            .cloned()
            .collect();
        let mut sub = Parser::new(tokens, self.here());
        sub.depth = self.depth;
        Ok(match sub.expr(false) {
            Ok(e) if sub.peek().is_none() => Some(e),
            _ => None,
        })
    }

    /// A type: `float4`, `NS::S`, `Texture2D<float4>`, `unsigned int`, or an
    /// inline `struct`.
    pub(super) fn type_spec(&mut self) -> Result<TypeSpec, Diagnostic> {
        if self.at_ident("struct") || self.at_ident("class") {
            if let Some(t) = self.elaborated_template_use() {
                return Ok(t);
            }
            return self.struct_def().map(|s| TypeSpec::Struct(Box::new(s)));
        }
        if self.at_ident("unsigned") || self.at_ident("signed") {
            let t = self.bump();
            let span = t.as_ref().map_or(self.end, |t| t.span);
            let unsigned = t.is_some_and(|t| t.is_ident("unsigned"));
            let mut full = span;
            if self.at_ident("int") {
                full = span.to(self.here());
                self.advance();
            }
            let name = if unsigned { "uint" } else { "int" };
            return Ok(TypeSpec::Named {
                path: TypePath::new(Ident {
                    name: name.into(),
                    span: full,
                }),
                args: None,
                span: full,
            });
        }
        self.eat_punct("::"); // a leading `::` names the global scope, which lookup reaches anyway
        let first = self.expect_ident(
            "a type name",
            "write a type such as `float4` or a struct name",
        )?;
        let mut span = first.span;
        let mut path = TypePath::new(first);
        while self.at_punct("::") && self.peek_nth(1).is_some_and(|t| t.kind == TokenKind::Ident) {
            self.advance();
            let part = self.expect_ident(
                "a name after `::`",
                "write a qualified name such as `NS::S`",
            )?;
            span = span.to(part.span);
            path.push(part);
        }
        let mut args = None;
        if self.at_punct("<") {
            self.advance();
            let list = self.nested(|p| p.template_args())?;
            span = span.to(self.after_previous());
            args = Some(list);
        }
        Ok(TypeSpec::Named { path, args, span })
    }

    /// `struct Pair<float4> p;`: an elaborated use of a template
    /// specialisation, read as the named type `Pair<float4>`. `None` (nothing
    /// consumed) when the keyword starts a definition or specialisation
    /// instead (`struct S<int> { ... }`, `struct S<int> : B { ... }`).
    fn elaborated_template_use(&mut self) -> Option<TypeSpec> {
        let is_use = self.peek_nth(1).is_some_and(|t| t.kind == TokenKind::Ident)
            && self.peek_nth(2).is_some_and(|t| t.is_punct("<"));
        if !is_use {
            return None;
        }
        let start = self.pos;
        self.advance();
        match self.type_spec() {
            Ok(t) if !(self.at_punct("{") || self.at_punct(":") || self.at_ident("final")) => {
                Some(t)
            }
            _ => {
                self.pos = start;
                None
            }
        }
    }

    /// Arguments after `<`, through the closing `>`.
    fn template_args(&mut self) -> Result<Vec<TemplateArg>, Diagnostic> {
        let mut args = Vec::new();
        loop {
            while self.at_ident("unorm") || self.at_ident("snorm") {
                self.advance();
            }
            let starts_expr = self.peek().is_some_and(|t| {
                matches!(t.kind, TokenKind::Number) || t.is_punct("(") || t.is_punct("-")
            });
            if starts_expr {
                args.push(TemplateArg::Expr(self.expr(true)?));
            } else {
                let start = self.pos;
                let ty = self.type_spec()?;
                // `RayQuery<RAY_FLAG_A | RAY_FLAG_B>`: a name followed by an
                // operator is the start of a constant expression.
                let operator_follows = self.peek().is_some_and(|t| {
                    t.kind == TokenKind::Punct && !matches!(&*t.text, "," | ">" | ">>")
                });
                if operator_follows && matches!(&ty, TypeSpec::Named { args: None, .. }) {
                    self.pos = start;
                    args.push(TemplateArg::Expr(self.expr(true)?));
                } else {
                    args.push(TemplateArg::Type(ty));
                }
            }
            if self.eat_punct(",") {
                continue;
            }
            self.close_angle()?;
            return Ok(args);
        }
    }

    /// Consumes one `>`, splitting `>>` into two.
    fn close_angle(&mut self) -> Result<(), Diagnostic> {
        if self.eat_punct(">") {
            return Ok(());
        }
        if self.at_punct(">>") {
            if let Some(t) = self.tokens.get_mut(self.pos) {
                t.text = ">".into();
                t.span.start = t.span.start.saturating_add(1).min(t.span.end);
            }
            return Ok(());
        }
        Err(self.expected("`>`", "close the template arguments with `>`"))
    }

    fn struct_def(&mut self) -> Result<StructDef, Diagnostic> {
        let kw = self.bump();
        let keyword_span = kw.map_or(self.end, |t| t.span);
        // `struct [raypayload] Payload`: attributes between keyword and name.
        self.attributes()?;
        let name = if self.peek().is_some_and(|t| t.kind == TokenKind::Ident) {
            Some(self.expect_ident("a struct name", "")?)
        } else {
            None
        };
        // `struct S<int> { ... }` (a specialization): the arguments are dropped.
        if name.is_some() && self.at_punct("<") {
            self.skip_balanced("<", ">", "template arguments")?;
        }
        // `struct S final`
        if self.at_ident("final") {
            self.advance();
        }
        let mut base = None;
        if self.eat_punct(":") {
            if self.at_ident("public") || self.at_ident("private") || self.at_ident("protected") {
                self.advance();
            }
            base = Some(self.type_spec()?);
        }
        let mut body = None;
        if self.at_punct("{") {
            let open = self
                .bump()
                .unwrap_or_else(|| Token::new(TokenKind::Punct, "{", keyword_span));
            let what = match &name {
                Some(n) => format!("struct `{}`", n.name),
                None => "struct".to_string(),
            };
            body = Some(self.nested(|p| p.items_until_close(&open, &what, Context::Struct))?);
        } else if name.is_none() {
            return Err(self.expected("a struct name or `{`", "write `struct Name { ... };`"));
        }
        Ok(StructDef {
            keyword_span,
            name,
            base,
            body,
        })
    }

    /// `ConstantBuffer<T> Name[dims] : register(...), ...;` (or
    /// `TextureBuffer<T>`).
    pub(super) fn constant_buffer(
        &mut self,
        attrs: Attributes,
    ) -> Result<Vec<ConstantBufferDecl>, Diagnostic> {
        let texture = self.peek().is_some_and(|t| t.is_ident("TextureBuffer"));
        self.advance();
        self.expect_punct("<", "write `ConstantBuffer<T> Name;`")?;
        let element = self.nested(|p| p.type_spec())?;
        self.close_angle()?;
        let mut out = Vec::new();
        loop {
            let name = self.expect_ident("a buffer name", "write `ConstantBuffer<T> Name;`")?;
            let dims = self.array_dims()?;
            let mut register = None;
            while self.eat_punct(":") {
                if self.at_ident("register") {
                    let r = self.register()?;
                    register.get_or_insert(r);
                } else {
                    return Err(self.expected(
                        "`register(...)`",
                        "write `ConstantBuffer<T> Name : register(b0);`",
                    ));
                }
            }
            out.push(ConstantBufferDecl {
                texture,
                element: element.clone(),
                name,
                dims,
                register,
                attrs: attrs.clone(),
            });
            if self.eat_punct(",") {
                continue;
            }
            if self.eat_punct(";") {
                return Ok(out);
            }
            let last = out
                .last()
                .map_or(String::new(), |c| c.name.name.to_string());
            return Err(Diagnostic::error(
                self.after_previous(),
                format!("expected `;` after the declaration of `{last}`"),
            )
            .with_help("add `;` at the end of the declaration"));
        }
    }

    /// `register(b3)`, `register(b3, space1)`, `register(space1)`, with the
    /// optional shader-profile form `register(ps_5_0, b3)`.
    pub(super) fn register(&mut self) -> Result<Register, Diagnostic> {
        let kw = self.bump();
        let start = kw.map_or(self.end, |t| t.span);
        self.expect_punct("(", "write `register(b0)`")?;
        let mut slot = None;
        let mut space = None;
        let mut first = self.register_word()?;
        if is_profile(&first.text) && self.at_punct(",") {
            self.advance();
            first = self.register_word()?;
        }
        if let Some(n) = space_number(&first.text) {
            space = Some(n.map_err(|()| bad_space(&first))?);
        } else {
            slot = Some(parse_slot(&first)?);
            if self.eat_punct(",") {
                let second = self.register_word()?;
                match space_number(&second.text) {
                    Some(Ok(n)) => space = Some(n),
                    _ => return Err(bad_space(&second)),
                }
            }
        }
        let close = self.expect_punct(")", "close `register(...)` with `)`")?;
        Ok(Register {
            slot,
            space,
            span: start.to(close.span),
        })
    }

    fn register_word(&mut self) -> Result<Token, Diagnostic> {
        match self.peek() {
            Some(t) if matches!(t.kind, TokenKind::Ident | TokenKind::Number) => {
                let t = t.clone();
                self.advance();
                Ok(t)
            }
            _ => Err(self.expected("a register such as `b0`", REGISTER_HELP)),
        }
    }

    /// `packoffset(c3)` / `packoffset(c3.y)` → (register, component, span).
    fn packoffset(&mut self) -> Result<(u32, u8, crate::source::Span), Diagnostic> {
        let kw = self.bump();
        let start = kw.map_or(self.end, |t| t.span);
        self.expect_punct("(", "write `packoffset(c0)` or `packoffset(c0.y)`")?;
        let reg = match self.peek() {
            Some(t) if matches!(t.kind, TokenKind::Ident | TokenKind::Number) => t.clone(),
            _ => {
                return Err(self.expected(
                    "a constant register such as `c0`",
                    "write `packoffset(c0)` or `packoffset(c0.y)`",
                ))
            }
        };
        self.advance();
        let lower = reg.text.to_ascii_lowercase();
        let number = lower
            .strip_prefix('c')
            .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|d| d.parse::<u32>().ok());
        let Some(register) = number else {
            return Err(Diagnostic::error(
                reg.span,
                format!(
                    "packoffset needs a constant register `cN`, found `{}`",
                    reg.text
                ),
            )
            .with_help("write e.g. `packoffset(c1)` or `packoffset(c1.y)`"));
        };
        let mut component = 0u8;
        if self.eat_punct(".") {
            let c = match self.peek() {
                Some(t) if t.kind == TokenKind::Ident => t.clone(),
                _ => {
                    return Err(self.expected(
                        "a component `x`, `y`, `z` or `w`",
                        "write e.g. `packoffset(c1.y)`",
                    ))
                }
            };
            self.advance();
            component = match &*c.text {
                "x" | "r" => 0,
                "y" | "g" => 1,
                "z" | "b" => 2,
                "w" | "a" => 3,
                other => {
                    return Err(Diagnostic::error(
                        c.span,
                        format!("invalid packoffset component `{other}`"),
                    )
                    .with_help("use one of `x`, `y`, `z` or `w` (or `r`, `g`, `b`, `a`)"))
                }
            };
        }
        let close = self.expect_punct(")", "close `packoffset(...)` with `)`")?;
        Ok((register, component, start.to(close.span)))
    }
}

fn is_profile(word: &str) -> bool {
    matches!(word, "vs" | "ps" | "gs" | "hs" | "ds" | "cs") || word.contains('_')
}

/// `Some(Ok(n))` for `spaceN`, `Some(Err)` for `space` without a number,
/// `None` if the word does not start with `space`.
fn space_number(word: &str) -> Option<Result<u32, ()>> {
    let digits = word.strip_prefix("space")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Err(()));
    }
    Some(digits.parse().map_err(|_| ()))
}

fn bad_space(t: &Token) -> Diagnostic {
    Diagnostic::error(
        t.span,
        format!("expected a register space `spaceN`, found `{}`", t.text),
    )
    .with_help("write the space as `space` and its number, e.g. `register(b1, space0)`")
}

fn parse_slot(t: &Token) -> Result<(char, u32), Diagnostic> {
    let text = t.text.to_ascii_lowercase();
    let mut chars = text.chars();
    let class = chars.next().unwrap_or(' ');
    let digits = chars.as_str();
    if !matches!(class, 'b' | 't' | 's' | 'u' | 'c') {
        return Err(Diagnostic::error(
            t.span,
            format!("unknown register type `{class}` in `{}`", t.text),
        )
        .with_help(REGISTER_HELP));
    }
    if digits.is_empty() {
        return Err(Diagnostic::error(
            t.span,
            format!("missing register number after `{}`", t.text),
        )
        .with_help(format!(
            "write the register with its number, e.g. `register({class}0)`"
        )));
    }
    match digits.parse::<u32>() {
        Ok(n) if digits.bytes().all(|b| b.is_ascii_digit()) => Ok((class, n)),
        _ => Err(
            Diagnostic::error(t.span, format!("invalid register number in `{}`", t.text))
                .with_help(format!(
                    "write the register as a letter and a number, e.g. `register({class}0)`"
                )),
        ),
    }
}

/// Whether `t`, after a declarator's `:`, starts a bitfield width rather
/// than a semantic, `register` or `packoffset`: a number, a parenthesis or
/// a unary operator (`uint a : -1;` is a width, which both compilers refuse
/// as negative).
fn starts_bit_width(t: &Token) -> bool {
    t.kind == TokenKind::Number || ["(", "-", "+", "~", "!"].iter().any(|p| t.is_punct(p))
}
