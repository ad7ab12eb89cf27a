//! Constant expressions: array sizes, `static const` initialisers, enum
//! values, template arguments and `[[vk::...]]` arguments.

use super::ast::{Expr, Ident};
use super::Parser;
use crate::diag::Diagnostic;
use crate::lexer::TokenKind;
use crate::pp::parse_int_literal;

fn precedence(op: &str, in_template: bool) -> Option<u8> {
    Some(match op {
        "||" => 1,
        "&&" => 2,
        "|" => 3,
        "^" => 4,
        "&" => 5,
        "==" | "!=" => 6,
        "<" | "<=" | ">=" => 7,
        ">" if !in_template => 7,
        "<<" => 8,
        ">>" if !in_template => 8,
        "+" | "-" => 9,
        "*" | "/" | "%" => 10,
        _ => return None,
    })
}

const SCALAR_CASTS: &[&str] = &[
    "int", "uint", "dword", "bool", "float", "half", "double", "int32_t", "uint32_t", "int64_t",
    "uint64_t", "int16_t", "uint16_t",
];

/// An integer literal's value and whether HLSL types it unsigned: a `u`
/// suffix, or a value too large for `int` (as a C compiler types a hex
/// literal; the front end works in 32 and 64 bits, see `lower::IntVal`).
pub(super) fn literal(text: &str, span: crate::source::Span) -> Expr {
    match parse_int_literal(text) {
        Some(v) => {
            let unsigned_suffix = text.trim_end_matches(['l', 'L']).ends_with(['u', 'U']);
            if unsigned_suffix || !(0..=i64::from(i32::MAX)).contains(&v) {
                Expr::UInt(v, span)
            } else {
                Expr::Int(v, span)
            }
        }
        None => Expr::Other(span),
    }
}

impl Parser<'_> {
    /// One expression. In a template argument list `>` closes the list
    /// instead of comparing.
    pub(super) fn expr(&mut self, in_template: bool) -> Result<Expr, Diagnostic> {
        self.nested(|p| p.conditional(in_template))
    }

    fn conditional(&mut self, in_template: bool) -> Result<Expr, Diagnostic> {
        let cond = self.binary(0, in_template)?;
        if !self.eat_punct("?") {
            return Ok(cond);
        }
        let a = self.expr(in_template)?;
        self.expect_punct(":", "write the condition as `c ? a : b`")?;
        let b = self.expr(in_template)?;
        Ok(Expr::Ternary(Box::new(cond), Box::new(a), Box::new(b)))
    }

    fn binary(&mut self, min_prec: u8, in_template: bool) -> Result<Expr, Diagnostic> {
        let mut lhs = self.unary()?;
        while let Some(t) = self.peek() {
            if t.kind != TokenKind::Punct {
                break;
            }
            let Some(prec) = precedence(&t.text, in_template) else {
                break;
            };
            if prec < min_prec {
                break;
            }
            let op = t.text.to_string();
            let span = t.span;
            self.advance();
            let rhs = self.nested(|p| p.binary(prec + 1, in_template))?;
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs), span);
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Expr, Diagnostic> {
        let Some(t) = self.peek().cloned() else {
            return Err(self.expected("an expression", "write a constant such as `4` or `N * 2`"));
        };
        match t.kind {
            TokenKind::Punct if matches!(&*t.text, "-" | "+" | "!" | "~") => {
                self.advance();
                let e = self.nested(|p| p.unary())?;
                Ok(Expr::Unary(t.text.to_string(), Box::new(e), t.span))
            }
            TokenKind::Punct if &*t.text == "(" => {
                // `(uint)x` is a cast; anything else is a parenthesised expression.
                let is_cast = self.peek_nth(1).is_some_and(|n| {
                    n.kind == TokenKind::Ident && SCALAR_CASTS.contains(&&*n.text)
                }) && self.peek_nth(2).is_some_and(|c| c.is_punct(")"));
                self.advance();
                if is_cast {
                    let ty = self.peek().map(|t| t.text.clone());
                    self.advance();
                    self.advance();
                    let e = self.nested(|p| p.unary())?;
                    return Ok(Expr::Cast(Box::new(e), ty));
                }
                let e = self.expr(false)?;
                self.expect_punct(")", "add the missing `)`")?;
                Ok(e)
            }
            TokenKind::Punct if &*t.text == "{" => {
                self.skip_balanced("{", "}", "initializer list")?;
                Ok(Expr::Other(t.span))
            }
            TokenKind::Number => {
                self.advance();
                Ok(literal(&t.text, t.span))
            }
            TokenKind::Str | TokenKind::Char => {
                self.advance();
                Ok(Expr::Other(t.span))
            }
            TokenKind::Ident => {
                self.advance();
                match &*t.text {
                    "true" => return Ok(Expr::Int(1, t.span)),
                    "false" => return Ok(Expr::Int(0, t.span)),
                    "sizeof" => {
                        if self.at_punct("(") {
                            let open = self.pos;
                            self.advance();
                            if let Ok(ty) = self.type_spec() {
                                if self.at_punct(")") {
                                    let close = self.here();
                                    self.advance();
                                    return Ok(Expr::SizeOf(Box::new(ty), t.span.to(close)));
                                }
                            }
                            self.pos = open;
                            self.skip_balanced("(", ")", "sizeof")?;
                        }
                        return Ok(Expr::Other(t.span));
                    }
                    _ => {}
                }
                let mut path = vec![Ident {
                    name: t.text.clone(),
                    span: t.span,
                }];
                while self.at_punct("::") {
                    self.advance();
                    path.push(self.expect_ident(
                        "a name after `::`",
                        "write a qualified name such as `NS::N`",
                    )?);
                }
                if self.at_punct("(") {
                    // `uint(N)` keeps the value; `float3(1, 2, 3)` is not a constant.
                    let start = self.pos;
                    self.advance();
                    if SCALAR_CASTS.contains(&&*t.text) && path.len() == 1 {
                        let e = self.expr(false)?;
                        if self.eat_punct(")") {
                            return Ok(Expr::Cast(Box::new(e), Some(t.text.clone())));
                        }
                    }
                    self.pos = start;
                    self.skip_balanced("(", ")", "call")?;
                    return Ok(Expr::Other(t.span));
                }
                Ok(Expr::Name(path))
            }
            _ => Err(self.expected("an expression", "write a constant such as `4` or `N * 2`")),
        }
    }
}
