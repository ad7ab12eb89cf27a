//! Macro definitions and expansion.
//!
//! Expansion follows the classic hide-set algorithm (Prosser's, as used by
//! small C compilers): each token produced by expanding macro `M` carries `M`
//! in its hide set and is never expanded as `M` again, which makes
//! self-referential macros terminate. Tokens that come from macro *arguments*
//! keep their own spans; tokens from a macro *body* get the span of the
//! invocation, so diagnostics point at the line the user wrote.

use smol_str::SmolStr;

use crate::diag::Diagnostic;
use crate::lexer::{lex_at, Token, TokenKind};
use crate::source::Span;

use super::input::TokenStack;
use super::{Preprocessor, MAX_DEPTH};

/// Expansion stops with an error once this many tokens were produced by
/// macros in one translation unit (guards against exponential blow-up).
const MAX_EXPANDED_TOKENS: usize = 4_000_000;

#[derive(Clone, Debug)]
pub struct Macro {
    pub name: SmolStr,
    /// `Some` for function-like macros.
    pub params: Option<Vec<SmolStr>>,
    /// The last parameter is `...` (`__VA_ARGS__`).
    pub variadic: bool,
    pub body: Vec<Token>,
    /// The macro name in its `#define` (for "defined here" labels).
    pub span: Span,
}

impl Macro {
    fn param_index(&self, tok: &Token) -> Option<usize> {
        if tok.kind != TokenKind::Ident {
            return None;
        }
        self.params.as_ref()?.iter().position(|p| **p == *tok.text)
    }

    fn fixed_params(&self) -> usize {
        let n = self.params.as_ref().map_or(0, Vec::len);
        if self.variadic {
            n.saturating_sub(1)
        } else {
            n
        }
    }
}

/// Parses the tokens after `#define` (the name first).
pub fn parse_define(line: &[Token], directive: Span) -> Result<Macro, Diagnostic> {
    let Some(name) = line.first().filter(|t| t.kind == TokenKind::Ident) else {
        return Err(Diagnostic::error(
            line.first().map_or(directive, |t| t.span),
            "macro name must be an identifier",
        )
        .with_help("write `#define NAME value`"));
    };
    if &*name.text == "defined" {
        return Err(
            Diagnostic::error(name.span, "`defined` cannot be used as a macro name")
                .with_help("choose another name"),
        );
    }
    let mut rest = &line[1..];
    let mut params = None;
    let mut variadic = false;
    if rest
        .first()
        .is_some_and(|t| t.is_punct("(") && !t.space_before)
    {
        let mut names: Vec<SmolStr> = Vec::new();
        let mut i = 1;
        let mut expect_name = true;
        loop {
            let Some(t) = rest.get(i) else {
                return Err(Diagnostic::error(
                    name.span,
                    format!("missing `)` in the parameter list of macro `{}`", name.text),
                )
                .with_help("close the parameter list with `)`"));
            };
            i += 1;
            if t.is_punct(")") && (!expect_name || names.is_empty()) {
                break;
            }
            if expect_name && t.kind == TokenKind::Ident && !variadic {
                if names.contains(&t.text) {
                    return Err(Diagnostic::error(
                        t.span,
                        format!("duplicate macro parameter `{}`", t.text),
                    )
                    .with_help("give each parameter a different name"));
                }
                names.push(t.text.clone());
                expect_name = false;
            } else if expect_name && t.is_punct("...") && !variadic {
                names.push(SmolStr::new_inline("__VA_ARGS__"));
                variadic = true;
                expect_name = false;
            } else if !expect_name && t.is_punct(",") && !variadic {
                expect_name = true;
            } else {
                return Err(Diagnostic::error(
                    t.span,
                    format!("unexpected `{}` in macro parameter list", t.text),
                )
                .with_help(
                    "parameters are identifiers separated by `,`, optionally ending in `...`",
                ));
            }
        }
        rest = rest.get(i..).unwrap_or(&[]);
        params = Some(names);
    }
    let body: Vec<Token> = rest.to_vec();
    if let Some(t) = body
        .first()
        .filter(|t| t.is_punct("##"))
        .or_else(|| body.last().filter(|t| t.is_punct("##")))
    {
        return Err(
            Diagnostic::error(t.span, "`##` cannot be at either end of a macro body")
                .with_help("`##` pastes the tokens on its two sides; put a token on each side"),
        );
    }
    let m = Macro {
        name: name.text.clone(),
        params,
        variadic,
        body,
        span: name.span,
    };
    if m.params.is_some() {
        for (i, t) in m.body.iter().enumerate() {
            if t.is_punct("#") && m.body.get(i + 1).and_then(|n| m.param_index(n)).is_none() {
                return Err(
                    Diagnostic::error(t.span, "`#` is not followed by a macro parameter")
                        .with_help("`#` turns a parameter into a string: write `#param`"),
                );
            }
        }
    }
    Ok(m)
}

impl Preprocessor<'_> {
    /// If `tok` names a macro that may be expanded here, expands it and
    /// pushes the result back onto `input` (a stack, next token last).
    /// Returns `Ok(false)` if `tok` is not a macro invocation.
    pub(super) fn try_expand(
        &mut self,
        tok: &Token,
        input: &mut impl TokenStack,
        depth: usize,
    ) -> Result<bool, Diagnostic> {
        if tok.kind != TokenKind::Ident || tok.hideset.contains(&tok.text) {
            return Ok(false);
        }
        if let Some(t) = self.builtin_macro(tok) {
            input.push(t);
            return Ok(true);
        }
        let Some(m) = self.macros.get(&tok.text).cloned() else {
            return Ok(false);
        };
        if m.params.is_none() {
            let mut hideset = tok.hideset.clone();
            hideset.push(m.name.clone());
            let body = self.substitute(&m, &[], tok.span, depth)?;
            self.push_expansion(tok, body, hideset, input)?;
            return Ok(true);
        }
        // A function-like macro name not followed by `(` is left alone.
        if !input.peek().is_some_and(|t| t.is_punct("(")) {
            return Ok(false);
        }
        input.pop();
        let (args, close) = collect_args(tok, &m, input)?;
        let args = self.check_arg_count(tok, &m, args)?;
        let mut hideset: Vec<SmolStr> = tok
            .hideset
            .iter()
            .filter(|n| close.hideset.contains(n))
            .cloned()
            .collect();
        hideset.push(m.name.clone());
        let body = self.substitute(&m, &args, tok.span, depth)?;
        self.push_expansion(tok, body, hideset, input)?;
        Ok(true)
    }

    fn push_expansion(
        &mut self,
        site: &Token,
        mut body: Vec<Token>,
        hideset: Vec<SmolStr>,
        input: &mut impl TokenStack,
    ) -> Result<(), Diagnostic> {
        self.expanded_tokens += body.len();
        if self.expanded_tokens > MAX_EXPANDED_TOKENS {
            return Err(
                Diagnostic::error(site.span, "macro expansion produced too many tokens")
                    .with_help("check for macros that expand exponentially"),
            );
        }
        for (i, t) in body.iter_mut().enumerate() {
            for h in &hideset {
                if !t.hideset.contains(h) {
                    t.hideset.push(h.clone());
                }
            }
            t.line_start = false;
            if i == 0 {
                t.space_before = site.space_before;
            }
        }
        input.push_all(body);
        Ok(())
    }

    /// `__LINE__` and `__FILE__`.
    fn builtin_macro(&self, tok: &Token) -> Option<Token> {
        let (kind, text) = match &*tok.text {
            "__LINE__" => (
                TokenKind::Number,
                self.sources.presumed_line_of(tok.span).to_string(),
            ),
            "__FILE__" => (
                TokenKind::Str,
                format!("{:?}", self.sources.presumed_name_of(tok.span)),
            ),
            _ => return None,
        };
        let mut t = Token::new(kind, text, tok.span);
        t.space_before = tok.space_before;
        t.hideset = tok.hideset.clone();
        Some(t)
    }

    fn check_arg_count(
        &self,
        site: &Token,
        m: &Macro,
        mut args: Vec<Vec<Token>>,
    ) -> Result<Vec<Vec<Token>>, Diagnostic> {
        let declared = m.params.as_ref().map_or(0, Vec::len);
        // `F()` passes one empty argument, which is "no arguments" for a
        // macro without parameters.
        if declared == 0 && args.len() == 1 && args.first().is_some_and(Vec::is_empty) {
            args.clear();
        }
        let fixed = m.fixed_params();
        if m.variadic {
            if args.len() < fixed {
                return Err(arg_count_error(
                    site,
                    m,
                    args.len(),
                    &format!("at least {fixed}"),
                ));
            }
            // Everything after the fixed arguments is `__VA_ARGS__`.
            let mut rest = args.split_off(fixed.min(args.len()));
            let mut va = Vec::new();
            for (i, a) in rest.iter_mut().enumerate() {
                if i > 0 {
                    let mut comma = Token::new(TokenKind::Punct, ",", site.span);
                    comma.space_before = false;
                    va.push(comma);
                }
                va.append(a);
            }
            args.push(va);
            Ok(args)
        } else if args.len() != fixed {
            Err(arg_count_error(site, m, args.len(), &fixed.to_string()))
        } else {
            Ok(args)
        }
    }

    /// Replaces parameters in the body, applying `#` and `##`.
    fn substitute(
        &mut self,
        m: &Macro,
        args: &[Vec<Token>],
        site: Span,
        depth: usize,
    ) -> Result<Vec<Token>, Diagnostic> {
        let mut out: Vec<Token> = Vec::new();
        let body = &m.body;
        let mut i = 0;
        while let Some(t) = body.get(i) {
            let from_body = |t: &Token| {
                let mut t = t.clone();
                t.span = site;
                t
            };
            // `#param`: stringize the unexpanded argument.
            if t.is_punct("#") && m.params.is_some() {
                if let Some(idx) = body.get(i + 1).and_then(|n| m.param_index(n)) {
                    let mut s = stringize(args.get(idx).map_or(&[][..], Vec::as_slice), site);
                    s.space_before = t.space_before;
                    out.push(s);
                    i += 2;
                    continue;
                }
            }
            // `lhs ## rhs`: paste with the unexpanded right-hand argument.
            if t.is_punct("##") {
                let Some(rhs) = body.get(i + 1) else { break };
                i += 2;
                let rhs_tokens: Vec<Token> = match m.param_index(rhs) {
                    Some(idx) => args.get(idx).cloned().unwrap_or_default(),
                    None => vec![from_body(rhs)],
                };
                // GNU `, ## __VA_ARGS__`: drop the comma if there are no
                // variadic arguments.
                if rhs_tokens.is_empty() {
                    if m.variadic
                        && &*rhs.text == "__VA_ARGS__"
                        && out.last().is_some_and(|t| t.is_punct(","))
                    {
                        out.pop();
                    }
                    continue;
                }
                let mut rhs_iter = rhs_tokens.into_iter();
                match (out.pop(), rhs_iter.next()) {
                    (Some(lhs), Some(first)) => {
                        let text = format!("{}{}", lhs.text, first.text);
                        let mut pasted = lex_at(&text, lhs.span);
                        if let Some(p) = pasted.first_mut() {
                            p.space_before = lhs.space_before;
                        }
                        out.extend(pasted);
                    }
                    (None, Some(first)) => out.push(first),
                    (lhs, None) => out.extend(lhs),
                }
                out.extend(rhs_iter);
                continue;
            }
            if let Some(idx) = m.param_index(t) {
                let arg = args.get(idx).cloned().unwrap_or_default();
                let next_is_paste = body.get(i + 1).is_some_and(|n| n.is_punct("##"));
                let mut tokens = if next_is_paste {
                    arg
                } else {
                    self.expand_list(arg, depth + 1)?
                };
                if let Some(f) = tokens.first_mut() {
                    f.space_before = t.space_before;
                }
                out.extend(tokens);
                i += 1;
                continue;
            }
            out.push(from_body(t));
            i += 1;
        }
        Ok(out)
    }

    /// Fully macro-expands a token list on its own (macro arguments, `#if`
    /// lines, `#include` operands).
    pub(super) fn expand_list(
        &mut self,
        tokens: Vec<Token>,
        depth: usize,
    ) -> Result<Vec<Token>, Diagnostic> {
        if depth > MAX_DEPTH {
            let span = tokens.first().map(|t| t.span);
            let msg =
                format!("macro expansion is nested too deeply (more than {MAX_DEPTH} levels)");
            let d = match span {
                Some(s) => Diagnostic::error(s, msg),
                None => Diagnostic::error_without_span(msg),
            };
            return Err(d.with_help("simplify the nested macro invocations"));
        }
        let mut input: Vec<Token> = tokens.into_iter().rev().collect();
        let mut out = Vec::new();
        while let Some(t) = input.pop() {
            if !self.try_expand(&t, &mut input, depth)? {
                out.push(t);
            }
        }
        Ok(out)
    }
}

/// Reads `a, (b, c), d)` after the `(` of an invocation: the arguments and
/// the closing `)`.
fn collect_args(
    site: &Token,
    m: &Macro,
    input: &mut impl TokenStack,
) -> Result<(Vec<Vec<Token>>, Token), Diagnostic> {
    let mut args = vec![Vec::new()];
    let mut depth = 0usize;
    loop {
        let Some(t) = input.pop() else {
            return Err(unterminated_invocation(site));
        };
        if t.kind == TokenKind::EndOfFile {
            input.push(t);
            return Err(unterminated_invocation(site));
        }
        if t.is_punct(")") && depth == 0 {
            return Ok((args, t));
        }
        if t.is_punct(",") && depth == 0 && !(m.variadic && args.len() > m.fixed_params()) {
            args.push(Vec::new());
            continue;
        }
        if t.is_punct("(") {
            depth += 1;
        } else if t.is_punct(")") {
            depth -= 1;
        }
        if let Some(a) = args.last_mut() {
            a.push(t);
        }
    }
}

fn unterminated_invocation(site: &Token) -> Diagnostic {
    Diagnostic::error(
        site.span,
        format!("unterminated argument list invoking macro `{}`", site.text),
    )
    .with_help("add the missing `)` to close the macro arguments")
}

fn arg_count_error(site: &Token, m: &Macro, given: usize, expected: &str) -> Diagnostic {
    let plural = if expected == "1" { "" } else { "s" };
    Diagnostic::error(
        site.span,
        format!(
            "macro `{}` expects {expected} argument{plural}, but {given} {} given",
            m.name,
            if given == 1 { "was" } else { "were" }
        ),
    )
    .with_label(m.span, "macro defined here")
    .with_help(format!("pass {expected} argument{plural} to `{}`", m.name))
}

/// `#x`: the argument's spelling as a string literal, with single spaces
/// where the argument had whitespace.
fn stringize(arg: &[Token], span: Span) -> Token {
    let mut s = String::from("\"");
    for (i, t) in arg.iter().enumerate() {
        if i > 0 && t.space_before {
            s.push(' ');
        }
        if matches!(t.kind, TokenKind::Str | TokenKind::Char) {
            for c in t.text.chars() {
                if c == '"' || c == '\\' {
                    s.push('\\');
                }
                s.push(c);
            }
        } else {
            s.push_str(&t.text);
        }
    }
    s.push('"');
    Token::new(TokenKind::Str, s, span)
}
