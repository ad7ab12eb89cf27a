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

const SCALAR_CASTS: &[&str] = &["int", "uint", "dword", "bool", "float", "half", "double"];

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
                    self.advance();
                    self.advance();
                    let e = self.nested(|p| p.unary())?;
                    return Ok(Expr::Cast(Box::new(e)));
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
                Ok(match parse_int_literal(&t.text) {
                    Some(v) => Expr::Int(v, t.span),
                    None => Expr::Other(t.span),
                })
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
                            return Ok(Expr::Cast(Box::new(e)));
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
