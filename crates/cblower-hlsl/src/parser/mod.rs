//! Parses the preprocessed tokens into [`ast`] declarations.
//!
//! Only what decides buffer layouts is kept. Function bodies, initialisers,
//! semantics and unknown attributes are skipped with their brackets balanced,
//! so whole real-world shader files can be read. Outside buffers, a
//! construct it cannot read is skipped with a warning (`Parser::top_item`);
//! inside a buffer the first syntax error stops the file (later errors after
//! a syntax error are mostly noise).

pub mod ast;
mod decl;
mod expr;

use cblower_layout::MatrixOrder;

use crate::diag::Diagnostic;
use crate::lexer::{Token, TokenKind};
use crate::source::Span;
use ast::{BlockKind, BufferBlock, EnumDef, Expr, Ident, Item};

/// Deepest nesting of namespaces, structs, template arguments and
/// parenthesised expressions.
pub const MAX_DEPTH: usize = 256;

/// Where an item is being parsed: decides which constructs are allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Context {
    TopLevel,
    Buffer,
    Struct,
}

/// Where the parser's tokens come from, one at a time (the preprocessor).
pub trait TokenSource {
    /// The next token; `None` at the end of the input.
    fn next_token(&mut self) -> Option<Token>;
}

impl TokenSource for crate::pp::Preprocessor<'_> {
    fn next_token(&mut self) -> Option<Token> {
        crate::pp::Preprocessor::next_token(self)
    }
}

/// Non-pragma tokens kept available after the cursor: the parser looks at
/// most three tokens ahead (`peek_nth(2)`).
const LOOKAHEAD: usize = 4;

/// Consumed tokens kept before the window is compacted (an item never looks
/// back further than the token before the cursor).
const RELEASE_AFTER: usize = 256;

/// Parses tokens pulled from `source`, handing each top-level item to `sink`
/// as soon as it is complete, so neither all tokens nor all items are ever
/// held at once.
pub fn parse_stream(
    source: &mut dyn TokenSource,
    end: Span,
    mut sink: impl FnMut(Item),
) -> Result<Vec<Diagnostic>, Diagnostic> {
    let mut p = Parser::with_source(source, end);
    let mut items = Vec::new();
    while p.peek().is_some() {
        p.release();
        p.top_item(&mut items)?;
        for item in items.drain(..) {
            sink(item);
        }
    }
    Ok(p.warnings)
}

/// A `#pragma pack_matrix` marker in the token stream.
fn is_marker(t: &Token) -> bool {
    matches!(t.kind, TokenKind::PackMatrix(_))
}

pub(crate) struct Parser<'s> {
    /// A window of the token stream: `pos` is the cursor in it.
    tokens: Vec<Token>,
    pos: usize,
    /// How many `#pragma pack_matrix` markers `tokens` holds (almost always
    /// none: then the window needs no filtering to count or index it).
    markers: usize,
    /// Where more tokens come from (`None` once it is exhausted, or for a
    /// parser over a fixed token list).
    source: Option<&'s mut dyn TokenSource>,
    depth: usize,
    pack_matrix: Option<MatrixOrder>,
    end: Span,
    /// How many `cbuffer`/`tbuffer`/`ConstantBuffer` declarations enclose the
    /// cursor: a syntax error there is never skipped.
    buffer_depth: usize,
    /// Set when an error came from inside a buffer declaration.
    fatal: bool,
    /// Items being parsed that may rewind the cursor to their start (a
    /// top-level construct that is skipped on a syntax error): while any
    /// is open, consumed tokens are kept.
    rewindable: usize,
    /// Whether common shapes may be read by shortcuts (see
    /// `Parser::plain_type_and_name`); off only in the test that compares
    /// them with the general path.
    shortcuts: bool,
    /// Constructs skipped outside buffers, as warnings.
    warnings: Vec<Diagnostic>,
}

impl<'s> Parser<'s> {
    fn new(tokens: Vec<Token>, end: Span) -> Parser<'s> {
        let markers = tokens.iter().filter(|t| is_marker(t)).count();
        let mut p = Parser {
            tokens,
            pos: 0,
            markers,
            source: None,
            depth: 0,
            pack_matrix: None,
            end,
            buffer_depth: 0,
            fatal: false,
            rewindable: 0,
            shortcuts: true,
            warnings: Vec::new(),
        };
        p.apply_pragmas();
        p
    }

    fn with_source(source: &'s mut dyn TokenSource, end: Span) -> Parser<'s> {
        let mut p = Parser {
            tokens: Vec::new(),
            pos: 0,
            markers: 0,
            source: Some(source),
            depth: 0,
            pack_matrix: None,
            end,
            buffer_depth: 0,
            fatal: false,
            rewindable: 0,
            shortcuts: true,
            warnings: Vec::new(),
        };
        p.fill();
        p.apply_pragmas();
        p
    }

    /// Pulls tokens until [`LOOKAHEAD`] non-pragma tokens follow the cursor
    /// (or the source is exhausted), so `peek` and `peek_nth` can borrow.
    fn fill(&mut self) {
        let Some(source) = self.source.as_mut() else {
            return;
        };
        let window = self.tokens.get(self.pos..).unwrap_or(&[]);
        let mut ahead = if self.markers == 0 {
            window.len()
        } else {
            window.iter().filter(|t| !is_marker(t)).count()
        };
        while ahead < LOOKAHEAD {
            let Some(t) = source.next_token() else {
                self.source = None;
                return;
            };
            if is_marker(&t) {
                self.markers += 1;
            } else {
                ahead += 1;
            }
            self.tokens.push(t);
        }
    }

    /// Drops consumed tokens but the last (for [`Parser::after_previous`]).
    /// Only called between items, when nothing holds a position (see
    /// [`Parser::rewindable`]).
    fn release(&mut self) {
        if self.pos > RELEASE_AFTER {
            self.tokens.drain(..self.pos - 1);
            self.pos = 1;
            if self.markers > 0 {
                self.markers = self.tokens.iter().filter(|t| is_marker(t)).count();
            }
        }
    }

    /// Consumes `#pragma pack_matrix` markers at the cursor, so `peek` never
    /// sees one and the state changes exactly where the pragma was.
    fn apply_pragmas(&mut self) {
        while let Some(t) = self.tokens.get(self.pos) {
            let TokenKind::PackMatrix(order) = t.kind else {
                break;
            };
            self.pack_matrix = Some(order);
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    /// The `n`-th token after the cursor, not counting pragma markers.
    fn peek_nth(&self, n: usize) -> Option<&Token> {
        if self.markers == 0 {
            return self.tokens.get(self.pos + n);
        }
        self.tokens
            .get(self.pos..)?
            .iter()
            .filter(|t| !matches!(t.kind, TokenKind::PackMatrix(_)))
            .nth(n)
    }

    fn bump(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.pos).cloned();
        self.advance();
        t
    }

    /// Moves past the current token without copying it.
    fn advance(&mut self) {
        if self.pos < self.tokens.len() {
            self.pos += 1;
            self.fill();
            self.apply_pragmas();
        }
    }

    fn at_punct(&self, p: &str) -> bool {
        self.peek().is_some_and(|t| t.is_punct(p))
    }

    fn at_ident(&self, name: &str) -> bool {
        self.peek().is_some_and(|t| t.is_ident(name))
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        if self.at_punct(p) {
            self.advance();
            true
        } else {
            false
        }
    }

    /// The span of the current token, or the end of the input.
    fn here(&self) -> Span {
        self.peek().map_or(self.end, |t| t.span)
    }

    /// Just after the previous token: where a missing `;` belongs.
    fn after_previous(&self) -> Span {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.tokens.get(i))
            .map_or(self.end, |t| t.span.after())
    }

    fn describe_current(&self) -> String {
        match self.peek() {
            Some(t) => format!("`{}`", t.text),
            None => "end of file".into(),
        }
    }

    fn expected(&self, what: &str, help: &str) -> Diagnostic {
        Diagnostic::error(
            self.here(),
            format!("expected {what}, found {}", self.describe_current()),
        )
        .with_help(help.to_string())
    }

    fn expect_punct(&mut self, p: &str, help: &str) -> Result<Token, Diagnostic> {
        if self.at_punct(p) {
            if let Some(t) = self.bump() {
                return Ok(t);
            }
        }
        Err(self.expected(&format!("`{p}`"), help))
    }

    fn expect_ident(&mut self, what: &str, help: &str) -> Result<Ident, Diagnostic> {
        match self.peek() {
            Some(t) if t.kind == TokenKind::Ident => {
                let id = Ident {
                    name: t.text.clone(),
                    span: t.span,
                };
                self.advance();
                Ok(id)
            }
            _ => Err(self.expected(what, help)),
        }
    }

    /// Runs `f` one nesting level deeper, failing past [`MAX_DEPTH`].
    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Parser<'s>) -> Result<T, Diagnostic>,
    ) -> Result<T, Diagnostic> {
        if self.depth >= MAX_DEPTH {
            // A resource limit, not unknown syntax: never skipped.
            self.fatal = true;
            return Err(Diagnostic::error(
                self.here(),
                format!("nesting is too deep (more than {MAX_DEPTH} levels)"),
            )
            .with_help(
                "flatten the nested namespaces, structs, template arguments or parentheses",
            ));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    /// Skips from an opening bracket at the cursor to just past its match.
    fn skip_balanced(&mut self, open: &str, close: &str, what: &str) -> Result<(), Diagnostic> {
        let Some(start) = self.bump() else {
            return Ok(());
        };
        let mut depth = 1usize;
        while depth > 0 {
            let Some(t) = self.bump() else {
                return Err(Diagnostic::error(
                    start.span,
                    format!("unterminated {what}: missing `{close}`"),
                )
                .with_help(format!("add `{close}` to close the `{open}` opened here")));
            };
            if t.is_punct(open) {
                depth += 1;
            } else if t.is_punct(close) {
                depth -= 1;
            }
        }
        Ok(())
    }

    /// Skips to just past the next `;` at bracket depth 0.
    fn skip_statement(&mut self) -> Result<(), Diagnostic> {
        loop {
            match self.peek() {
                None => return Err(self.expected("`;`", "end the declaration with `;`")),
                Some(t) if t.is_punct(";") => {
                    self.advance();
                    return Ok(());
                }
                Some(t) if t.is_punct("{") => self.skip_balanced("{", "}", "block")?,
                Some(t) if t.is_punct("(") => self.skip_balanced("(", ")", "parenthesis")?,
                Some(_) => {
                    self.advance();
                }
            }
        }
    }

    /// One item outside any buffer. A syntax error here does not stop the
    /// file: the construct is skipped up to the `;` or `}` that ends it (or
    /// up to a buffer declaration that follows it) with a warning, and
    /// parsing goes on. Errors inside a buffer declaration stay errors.
    fn top_item(&mut self, out: &mut Vec<Item>) -> Result<(), Diagnostic> {
        let start = self.pos;
        let saved_depth = self.depth;
        let kept = out.len();
        // `cbuffer {` without a name is a wrong buffer declaration.
        let starts_buffer = self
            .peek()
            .is_some_and(|t| matches!(&*t.text, "cbuffer" | "tbuffer"));
        // A buffer is never skipped (its errors are fatal), so only other
        // constructs may rewind to `start`.
        let rewindable = usize::from(!starts_buffer);
        self.rewindable += rewindable;
        let parsed = self.item(out, Context::TopLevel);
        self.rewindable -= rewindable;
        let err = match parsed {
            Ok(()) => return Ok(()),
            Err(e) => e,
        };
        if self.fatal || self.buffer_depth > 0 || starts_buffer {
            self.fatal = true;
            return Err(err);
        }
        out.truncate(kept);
        self.depth = saved_depth;
        self.pos = start;
        if !self.skip_construct() {
            // Unclosed to the end of the file: skipping would lose
            // everything after it, buffers included.
            self.fatal = true;
            return Err(err);
        }
        let mut warning = err;
        warning.severity = crate::diag::Severity::Warning;
        warning.message = format!(
            "skipped a construct the front end cannot read: {}",
            warning.message
        );
        warning.help = Some(
            "the buffers are laid out without it; if it declares a buffer, a `$Globals` \
             member or a type a buffer uses, fix it"
                .to_string(),
        );
        self.warnings.push(warning);
        Ok(())
    }

    /// Skips one construct from the cursor: through the `;` that ends it at
    /// bracket depth 0, or through the `}` that closes its outermost brace
    /// (and a `;` after it). Stops before a `}` it did not open and before
    /// a buffer declaration at depth 0, so neither is ever swallowed.
    /// Returns false if the end of the file came with a bracket still open.
    fn skip_construct(&mut self) -> bool {
        let mut depth = 0usize;
        let mut first = true;
        while let Some(t) = self.peek() {
            if depth == 0 && !first && self.at_buffer_start() {
                return true;
            }
            first = false;
            if t.is_punct(";") && depth == 0 {
                self.advance();
                return true;
            }
            if t.is_punct("{") || t.is_punct("(") || t.is_punct("[") {
                depth += 1;
            } else if t.is_punct("}") || t.is_punct(")") || t.is_punct("]") {
                if depth == 0 {
                    if t.is_punct("}") && self.depth > 0 {
                        return true; // closes an enclosing namespace
                    }
                    self.advance();
                    continue;
                }
                depth -= 1;
                let closed_brace = t.is_punct("}");
                self.advance();
                if depth == 0 && closed_brace {
                    self.eat_punct(";");
                    return true;
                }
                continue;
            }
            self.advance();
        }
        depth == 0
    }

    /// `cbuffer Name`, `tbuffer Name`, `ConstantBuffer<` or `TextureBuffer<`
    /// at the cursor.
    fn at_buffer_start(&self) -> bool {
        let Some(t) = self.peek() else {
            return false;
        };
        let next = self.peek_nth(1);
        match &*t.text {
            "cbuffer" | "tbuffer" => next.is_some_and(|n| n.kind == TokenKind::Ident),
            "ConstantBuffer" | "TextureBuffer" => next.is_some_and(|n| n.is_punct("<")),
            _ => false,
        }
    }

    /// Parses one item (or skips one function / stray `;`) into `out`.
    fn item(&mut self, out: &mut Vec<Item>, ctx: Context) -> Result<(), Diagnostic> {
        if self.eat_punct(";") {
            return Ok(());
        }
        let attrs = self.attributes()?;
        let Some(tok) = self.peek().cloned() else {
            return Err(self.expected(
                "a declaration",
                "remove the attribute or add the declaration it belongs to",
            ));
        };
        if tok.kind != TokenKind::Ident && !tok.is_punct("::") {
            return Err(Diagnostic::error(
                tok.span,
                format!("expected a declaration, found `{}`", tok.text),
            )
            .with_help(if tok.is_punct("}") {
                "remove this `}` or add the `{` it should close"
            } else {
                "check for a missing `;` or a stray token before this point"
            }));
        }
        let next_is_ident = self.peek_nth(1).is_some_and(|t| t.kind == TokenKind::Ident);
        match &*tok.text {
            "namespace" if ctx != Context::Struct => {
                self.advance();
                // `namespace A::B { ... }` is `namespace A { namespace B { ... } }`.
                let mut names =
                    vec![self.expect_ident("a namespace name", "write `namespace Name { ... }`")?];
                while self.eat_punct("::") {
                    names.push(self.expect_ident(
                        "a namespace name after `::`",
                        "write `namespace A::B { ... }`",
                    )?);
                }
                let open = self.expect_punct("{", "open the namespace body with `{`")?;
                let mut items = self.nested(|p| p.items_until_close(&open, "namespace", ctx))?;
                while let Some(name) = names.pop() {
                    if names.is_empty() {
                        out.push(Item::Namespace { name, items });
                        break;
                    }
                    items = vec![Item::Namespace { name, items }];
                }
            }
            "cbuffer" | "tbuffer" if next_is_ident && ctx != Context::Struct => {
                self.buffer_depth += 1;
                let b = self.buffer_block(attrs);
                self.buffer_depth -= 1;
                let b = b.inspect_err(|_| self.fatal = true)?;
                out.push(Item::Buffer(b));
            }
            "ConstantBuffer" | "TextureBuffer"
                if ctx == Context::TopLevel
                    && self.peek_nth(1).is_some_and(|t| t.is_punct("<")) =>
            {
                self.buffer_depth += 1;
                let cbs = self.constant_buffer(attrs);
                self.buffer_depth -= 1;
                for cb in cbs.inspect_err(|_| self.fatal = true)? {
                    out.push(Item::ConstantBuffer(cb));
                }
            }
            "template" => {
                self.advance();
                let params = if self.at_punct("<") {
                    self.template_header()?
                } else {
                    Vec::new() // `template struct S<int>;` (an explicit instantiation)
                };
                // `template <uint M> struct A<M, 0> { ... }` (a partial
                // specialisation) must not replace the primary template.
                let specialises = (self.at_ident("struct") || self.at_ident("class"))
                    && self.peek_nth(1).is_some_and(|t| t.kind == TokenKind::Ident)
                    && self.peek_nth(2).is_some_and(|t| t.is_punct("<"));
                let mut inner = Vec::new();
                self.item(&mut inner, ctx)?;
                // Struct templates are kept (a buffer may use an instance);
                // function templates, specialisations and everything else
                // are dropped.
                if let (false, [Item::Decl(d)]) = (specialises, inner.as_slice()) {
                    if let ast::TypeSpec::Struct(def) = &d.ty {
                        if def.body.is_some() && d.declarators.is_empty() && !params.is_empty() {
                            out.push(Item::Template(ast::TemplateDef {
                                params,
                                def: def.clone(),
                            }));
                        }
                    }
                }
            }
            "enum" => {
                let e = self.enum_def()?;
                out.push(Item::Enum(e));
            }
            "interface" => {
                while !self.at_punct("{") {
                    if self.bump().is_none() {
                        return Err(self.expected("`{`", "write `interface Name { ... };`"));
                    }
                }
                self.skip_balanced("{", "}", "interface")?;
                self.eat_punct(";");
            }
            // `using Name = type;` is a typedef; `using namespace N;` and the
            // rest declare nothing a buffer needs.
            "using"
                if self.peek_nth(1).is_some_and(|t| t.kind == TokenKind::Ident)
                    && self.peek_nth(2).is_some_and(|t| t.is_punct("=")) =>
            {
                let pack_matrix = self.pack_matrix;
                self.advance();
                let name = self.expect_ident("an alias name", "write `using Name = type;`")?;
                self.advance(); // `=`
                let mut modifiers = ast::Modifiers {
                    is_typedef: true,
                    ..ast::Modifiers::default()
                };
                while self.at_ident("row_major") || self.at_ident("column_major") {
                    modifiers.matrix_order = Some(if self.at_ident("row_major") {
                        MatrixOrder::RowMajor
                    } else {
                        MatrixOrder::ColumnMajor
                    });
                    self.advance();
                }
                let ty = self.type_spec()?;
                let dims = self.array_dims()?;
                self.expect_punct(";", "end the alias with `;`")?;
                let mut declarators = ast::Declarators::default();
                declarators.push(ast::Declarator {
                    name,
                    dims,
                    packoffset: None,
                    register: None,
                    init: None,
                    extra: None,
                });
                out.push(Item::Decl(ast::Declaration {
                    attrs,
                    modifiers,
                    ty,
                    declarators,
                    pack_matrix,
                }));
            }
            "using" if self.peek_nth(1).is_some_and(|t| t.is_ident("namespace")) => {
                self.advance();
                self.advance();
                self.eat_punct("::");
                let mut path =
                    vec![self.expect_ident("a namespace name", "write `using namespace Name;`")?];
                while self.eat_punct("::") {
                    path.push(self.expect_ident(
                        "a namespace name after `::`",
                        "write `using namespace A::B;`",
                    )?);
                }
                self.expect_punct(";", "end the directive with `;`")?;
                out.push(Item::UsingNamespace(path));
            }
            "using" | "static_assert" | "_Static_assert" => self.skip_statement()?,
            "_Pragma" if self.peek_nth(1).is_some_and(|t| t.is_punct("(")) => {
                // The operator form of `#pragma`: only `pack_matrix` matters.
                self.advance();
                self.advance();
                let text = match self.peek() {
                    Some(t) if t.kind == TokenKind::Str => t.text.clone(),
                    _ => return Err(self.expected("a string", "write `_Pragma(\"...\")`")),
                };
                self.advance();
                self.expect_punct(")", "close `_Pragma(...)` with `)`")?;
                let body: String = text.chars().filter(|c| !c.is_whitespace()).collect();
                if body.contains("pack_matrix(row_major)") {
                    self.pack_matrix = Some(MatrixOrder::RowMajor);
                } else if body.contains("pack_matrix(column_major)") {
                    self.pack_matrix = Some(MatrixOrder::ColumnMajor);
                }
            }
            "technique" | "technique10" | "technique11" | "pass" => {
                while !self.at_punct("{") {
                    if self.bump().is_none() {
                        return Err(self.expected("`{`", "write `technique11 Name { ... }`"));
                    }
                }
                self.skip_balanced("{", "}", "technique")?;
                self.eat_punct(";");
            }
            _ => {
                if let Some(d) = self.declaration(attrs)? {
                    out.push(Item::Decl(d));
                }
            }
        }
        Ok(())
    }

    /// Items up to the `}` matching `open` (which was just consumed).
    fn items_until_close(
        &mut self,
        open: &Token,
        what: &str,
        ctx: Context,
    ) -> Result<Vec<Item>, Diagnostic> {
        let mut items = Vec::new();
        loop {
            if self.eat_punct("}") {
                return Ok(items);
            }
            if self.peek().is_none() {
                return Err(Diagnostic::error(
                    open.span,
                    format!("unterminated {what}: missing `}}`"),
                )
                .with_help(format!("add `}}` to close the {what} opened here")));
            }
            if ctx == Context::TopLevel {
                self.top_item(&mut items)?;
            } else {
                // Between the members of a buffer nothing holds a position
                // unless an enclosing construct may rewind (an error inside
                // a buffer is never skipped): a buffer of thousands of
                // members then keeps only a few of its tokens at a time.
                if ctx == Context::Buffer && self.rewindable == 0 {
                    self.release();
                }
                self.item(&mut items, ctx)?;
            }
        }
    }

    fn buffer_block(&mut self, attrs: ast::Attributes) -> Result<BufferBlock, Diagnostic> {
        let kw = self.bump();
        let kind = if kw.is_some_and(|t| t.is_ident("tbuffer")) {
            BlockKind::TBuffer
        } else {
            BlockKind::CBuffer
        };
        let kw_text = if kind == BlockKind::TBuffer {
            "tbuffer"
        } else {
            "cbuffer"
        };
        let name = self.expect_ident("a buffer name", "write `cbuffer Name { ... }`")?;
        let mut register = None;
        while self.eat_punct(":") {
            if self.at_ident("register") {
                let r = self.register()?;
                register.get_or_insert(r);
            } else {
                return Err(self.expected(
                    "`register(...)`",
                    "write `cbuffer Name : register(b0) { ... }`",
                ));
            }
        }
        let open = self.expect_punct("{", &format!("open the {kw_text} body with `{{`"))?;
        let items = self.nested(|p| {
            p.items_until_close(
                &open,
                &format!("{kw_text} `{}`", name.name),
                Context::Buffer,
            )
        })?;
        self.eat_punct(";");
        Ok(BufferBlock {
            kind,
            name,
            register,
            attrs,
            items,
        })
    }

    /// `<typename T, uint N = 4>` after `template`: each parameter's name,
    /// whether it is a type, and its default. Nested angle brackets in
    /// defaults are counted.
    fn template_header(&mut self) -> Result<Vec<ast::TemplateParam>, Diagnostic> {
        let Some(open) = self.bump() else {
            return Ok(Vec::new());
        };
        let unterminated = |_: &Self| {
            Diagnostic::error(open.span, "unterminated template parameter list")
                .with_help("close it with `>`")
        };
        let mut params = Vec::new();
        loop {
            if self.eat_punct(">") {
                return Ok(params);
            }
            // One parameter: words up to `,` / `>` / `=` at depth 0; the
            // last word is its name, `typename`/`class` make it a type.
            let mut words: Vec<Ident> = Vec::new();
            let mut default = None;
            loop {
                let Some(t) = self.peek().cloned() else {
                    return Err(unterminated(self));
                };
                if t.is_punct(",") || t.is_punct(">") {
                    break;
                }
                if t.is_punct("=") {
                    self.advance();
                    let start = self.pos;
                    let mut depth = 0i32;
                    while let Some(t) = self.peek() {
                        if depth == 0 && (t.is_punct(",") || t.is_punct(">")) {
                            break;
                        }
                        if t.is_punct("<") || t.is_punct("(") {
                            depth += 1;
                        } else if t.is_punct(">") || t.is_punct(")") {
                            depth -= 1;
                        } else if t.is_punct(">>") {
                            depth -= 2;
                        }
                        self.advance();
                    }
                    let tokens: Vec<Token> = self
                        .tokens
                        .get(start..self.pos)
                        .unwrap_or(&[])
                        .iter()
                        .filter(|t| !matches!(t.kind, TokenKind::PackMatrix(_)))
                        .cloned()
                        .collect();
                    default = Some(tokens);
                    continue;
                }
                if t.kind == TokenKind::Ident {
                    words.push(Ident {
                        name: t.text.clone(),
                        span: t.span,
                    });
                }
                self.advance();
            }
            self.eat_punct(",");
            let is_type = words
                .first()
                .is_some_and(|w| matches!(&*w.name, "typename" | "class"));
            if let Some(name) = words.pop() {
                if !matches!(&*name.name, "typename" | "class") {
                    params.push(ast::TemplateParam {
                        name,
                        is_type,
                        default: default.and_then(|tokens| {
                            let mut sub = Parser::new(tokens, self.here());
                            sub.depth = self.depth;
                            if is_type {
                                sub.type_spec().ok().map(ast::TemplateArg::Type)
                            } else {
                                sub.expr(true).ok().map(ast::TemplateArg::Expr)
                            }
                        }),
                    });
                }
            }
        }
    }

    /// The value after `A =` in an enum. Template code writes values such as
    /// `n * F<n - 1>::value`, which the expression grammar cannot read: when
    /// the tokens up to the next `,` or `}` (counting `<>` as brackets)
    /// are not one expression, the value is [`Expr::Unread`]: the enum is read
    /// past and only a use of that enumerator as a constant fails.
    fn enumerator_value(&mut self) -> Result<Expr, Diagnostic> {
        let start = self.pos;
        let mut depth = 0i32;
        let mut end = None;
        let mut i = start;
        loop {
            if i >= self.tokens.len() && !self.pull_one() {
                break;
            }
            let Some(t) = self.tokens.get(i) else {
                break;
            };
            if t.kind == TokenKind::Punct {
                match &*t.text {
                    "(" | "[" | "{" | "<" => depth += 1,
                    ")" | "]" | ">" => depth -= 1,
                    ">>" => depth -= 2,
                    "}" if depth == 0 => {
                        end = Some(i);
                        break;
                    }
                    "}" => depth -= 1,
                    "," if depth == 0 => {
                        end = Some(i);
                        break;
                    }
                    ";" => break,
                    _ => {}
                }
            }
            if depth < 0 {
                break;
            }
            i += 1;
        }
        let Some(end) = end.filter(|&e| e > start) else {
            return self.expr(false);
        };
        let tokens: Vec<Token> = self
            .tokens
            .get(start..end)
            .unwrap_or(&[])
            .iter()
            .filter(|t| !matches!(t.kind, TokenKind::PackMatrix(_)))
            .cloned()
            .collect();
        let span = tokens
            .first()
            .zip(tokens.last())
            .map_or(self.here(), |(a, b)| a.span.to(b.span));
        let mut sub = Parser::new(tokens, self.here());
        sub.depth = self.depth;
        let value = match sub.expr(false) {
            Ok(e) if sub.peek().is_none() => e,
            _ => Expr::Unread(span),
        };
        self.pos = end;
        self.fill();
        Ok(value)
    }

    /// Pulls one more token from the source into the window; `false` when
    /// the source is exhausted.
    fn pull_one(&mut self) -> bool {
        let Some(source) = self.source.as_mut() else {
            return false;
        };
        match source.next_token() {
            Some(t) => {
                self.tokens.push(t);
                true
            }
            None => {
                self.source = None;
                false
            }
        }
    }

    fn enum_def(&mut self) -> Result<EnumDef, Diagnostic> {
        self.advance();
        if self.at_ident("class") || self.at_ident("struct") {
            self.advance();
        }
        let name = match self.peek() {
            Some(t) if t.kind == TokenKind::Ident => self
                .expect_ident("an enum name", "write `enum Name { A, B };`")
                .ok(),
            _ => None,
        };
        let mut base = None;
        if self.eat_punct(":") {
            base = Some(self.type_spec()?);
        }
        let mut values = Vec::new();
        if self.at_punct("{") {
            let open = self.bump();
            loop {
                if self.eat_punct("}") {
                    break;
                }
                if self.peek().is_none() {
                    return Err(Diagnostic::error(
                        open.map_or(self.end, |t| t.span),
                        "unterminated enum: missing `}`",
                    )
                    .with_help("add `}` to close the enum"));
                }
                let id =
                    self.expect_ident("an enumerator name", "write `enum Name { A, B = 2 };`")?;
                let value = if self.eat_punct("=") {
                    Some(self.enumerator_value()?)
                } else {
                    None
                };
                values.push((id, value));
                if !self.eat_punct(",") && !self.at_punct("}") {
                    return Err(self.expected("`,` or `}`", "separate enumerators with `,`"));
                }
            }
        }
        // `enum E { ... } e;` declares a variable too; that variable is an
        // int-sized value we do not track (rare in buffers).
        while !self.at_punct(";") {
            if self.bump().is_none() {
                return Err(self.expected("`;`", "end the enum with `;`"));
            }
        }
        self.advance();
        Ok(EnumDef { name, base, values })
    }
}

#[cfg(test)]
mod tests;

/// A whole token list parsed as a file, with or without the shortcuts for
/// common shapes (for the test that compares the two).
#[cfg(test)]
pub(crate) fn parse_tokens(
    tokens: Vec<Token>,
    end: Span,
    shortcuts: bool,
) -> Result<Vec<Item>, Diagnostic> {
    let mut p = Parser::new(tokens, end);
    p.shortcuts = shortcuts;
    let mut items = Vec::new();
    while p.peek().is_some() {
        p.top_item(&mut items)?;
    }
    Ok(items)
}
