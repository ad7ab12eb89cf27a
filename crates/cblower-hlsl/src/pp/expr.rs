//! Integer expressions of `#if` / `#elif`, evaluated on already
//! macro-expanded tokens (with `defined` already replaced by `0`/`1`).
//!
//! Arithmetic is on `i64` and wraps, like the 64-bit `intmax_t` C
//! preprocessors use; identifiers that are still left are `0` (`true` is `1`).

use crate::diag::Diagnostic;
use crate::lexer::{Token, TokenKind};
use crate::source::Span;

/// How deeply parentheses and unary operators may nest.
const MAX_DEPTH: usize = 256;

pub fn evaluate(tokens: &[Token], directive: Span) -> Result<i64, Diagnostic> {
    let mut p = ExprParser {
        tokens,
        pos: 0,
        directive,
        depth: 0,
    };
    let v = p.conditional()?;
    if let Some(t) = tokens.get(p.pos) {
        return Err(Diagnostic::error(
            t.span,
            format!("unexpected `{}` in preprocessor expression", t.text),
        )
        .with_help("a `#if` condition is one integer expression; check for a missing operator or parenthesis"));
    }
    Ok(v)
}

/// Parses an integer literal with C suffixes (`u`, `l`, `ll`); `None` for
/// floating-point or malformed numbers.
pub fn parse_int_literal(text: &str) -> Option<i64> {
    let t = text.trim_end_matches(['u', 'U', 'l', 'L']);
    let (digits, radix) = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        (b, 2)
    } else if t.len() > 1 && t.starts_with('0') {
        (&t[1..], 8)
    } else {
        (t, 10)
    };
    if digits.is_empty() {
        return None;
    }
    u64::from_str_radix(digits, radix).ok().map(|v| v as i64)
}

struct ExprParser<'t> {
    tokens: &'t [Token],
    pos: usize,
    directive: Span,
    depth: usize,
}

impl ExprParser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn peek_punct(&self) -> Option<&str> {
        self.peek()
            .filter(|t| t.kind == TokenKind::Punct)
            .map(|t| &*t.text)
    }

    fn here(&self) -> Span {
        self.peek().map_or(self.directive, |t| t.span)
    }

    fn expected_expression(&self) -> Diagnostic {
        let found = self
            .peek()
            .map_or("end of line".to_string(), |t| format!("`{}`", t.text));
        Diagnostic::error(
            self.here(),
            format!("expected a value in preprocessor expression, found {found}"),
        )
        .with_help("write an integer, a macro name or `defined(NAME)`")
    }

    fn conditional(&mut self) -> Result<i64, Diagnostic> {
        let cond = self.binary(0)?;
        if self.peek_punct() != Some("?") {
            return Ok(cond);
        }
        self.pos += 1;
        let a = self.enter(|p| p.conditional())?;
        if self.peek_punct() != Some(":") {
            return Err(
                Diagnostic::error(self.here(), "expected `:` in `?:` expression")
                    .with_help("write the condition as `c ? a : b`"),
            );
        }
        self.pos += 1;
        let b = self.enter(|p| p.conditional())?;
        Ok(if cond != 0 { a } else { b })
    }

    fn enter(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<i64, Diagnostic>,
    ) -> Result<i64, Diagnostic> {
        if self.depth >= MAX_DEPTH {
            return Err(Diagnostic::error(
                self.here(),
                format!(
                    "preprocessor expression is nested too deeply (more than {MAX_DEPTH} levels)"
                ),
            )
            .with_help("split the condition into several macros"));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    /// Precedence climbing over the binary operators, loosest first.
    fn binary(&mut self, min_prec: u8) -> Result<i64, Diagnostic> {
        let mut lhs = self.unary()?;
        while let Some(op) = self.peek_punct() {
            let Some(prec) = precedence(op) else { break };
            if prec < min_prec {
                break;
            }
            let op = op.to_string();
            let op_span = self.here();
            self.pos += 1;
            let rhs = self.binary(prec + 1)?;
            lhs = apply(&op, lhs, rhs).ok_or_else(|| {
                Diagnostic::error(op_span, "division by zero in preprocessor expression")
                    .with_help("make sure the divisor is not 0")
            })?;
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<i64, Diagnostic> {
        let Some(tok) = self.peek().cloned() else {
            return Err(self.expected_expression());
        };
        match tok.kind {
            TokenKind::Punct => {
                let op = tok.text.to_string();
                match op.as_str() {
                    "(" => {
                        self.pos += 1;
                        let v = self.enter(|p| p.conditional())?;
                        if self.peek_punct() != Some(")") {
                            return Err(Diagnostic::error(self.here(), "expected `)`")
                                .with_label(tok.span, "to match this `(`")
                                .with_help("add the missing `)`"));
                        }
                        self.pos += 1;
                        Ok(v)
                    }
                    "-" | "+" | "!" | "~" => {
                        self.pos += 1;
                        let v = self.enter(|p| p.unary())?;
                        Ok(match op.as_str() {
                            "-" => v.wrapping_neg(),
                            "+" => v,
                            "!" => i64::from(v == 0),
                            _ => !v,
                        })
                    }
                    _ => Err(self.expected_expression()),
                }
            }
            TokenKind::Number => {
                self.pos += 1;
                parse_int_literal(&tok.text).ok_or_else(|| {
                    Diagnostic::error(
                        tok.span,
                        format!(
                            "`{}` is not an integer in preprocessor expression",
                            tok.text
                        ),
                    )
                    .with_help("`#if` conditions can only use integer constants")
                })
            }
            TokenKind::Char => {
                self.pos += 1;
                let inner = tok.text.trim_matches('\'');
                Ok(inner.chars().next().map_or(0, |c| c as i64))
            }
            TokenKind::Ident => {
                self.pos += 1;
                Ok(i64::from(&*tok.text == "true"))
            }
            _ => Err(self.expected_expression()),
        }
    }
}

fn precedence(op: &str) -> Option<u8> {
    Some(match op {
        "||" => 1,
        "&&" => 2,
        "|" => 3,
        "^" => 4,
        "&" => 5,
        "==" | "!=" => 6,
        "<" | ">" | "<=" | ">=" => 7,
        "<<" | ">>" => 8,
        "+" | "-" => 9,
        "*" | "/" | "%" => 10,
        _ => return None,
    })
}

/// `None` on division by zero.
fn apply(op: &str, a: i64, b: i64) -> Option<i64> {
    Some(match op {
        "||" => i64::from(a != 0 || b != 0),
        "&&" => i64::from(a != 0 && b != 0),
        "|" => a | b,
        "^" => a ^ b,
        "&" => a & b,
        "==" => i64::from(a == b),
        "!=" => i64::from(a != b),
        "<" => i64::from(a < b),
        ">" => i64::from(a > b),
        "<=" => i64::from(a <= b),
        ">=" => i64::from(a >= b),
        "<<" => a.wrapping_shl((b & 63) as u32),
        ">>" => a.wrapping_shr((b & 63) as u32),
        "+" => a.wrapping_add(b),
        "-" => a.wrapping_sub(b),
        "*" => a.wrapping_mul(b),
        "/" => a.checked_div(b).or(if b == 0 { None } else { Some(a) })?,
        "%" => a.checked_rem(b).or(if b == 0 { None } else { Some(0) })?,
        _ => 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::lex;
    use crate::source::SourceMap;

    fn eval(src: &str) -> Result<i64, (String, u32)> {
        let mut sm = SourceMap::new();
        let f = sm.add("e", None, src.into());
        let toks = lex(f, src).unwrap();
        evaluate(&toks, Span::new(f, 0, 0)).map_err(|d| {
            let col = d.location(&sm).map_or(0, |l| l.column);
            (d.message, col)
        })
    }

    #[test]
    fn follows_c_precedence() {
        assert_eq!(eval("1 + 2 * 3"), Ok(7));
        assert_eq!(eval("(1 + 2) * 3"), Ok(9));
        assert_eq!(eval("1 << 4 | 1"), Ok(17));
        assert_eq!(eval("2 > 1 && 3 == 3"), Ok(1));
        assert_eq!(eval("0 || !0"), Ok(1));
        assert_eq!(eval("-3 / 2"), Ok(-1));
        assert_eq!(eval("7 % 4 ^ 1"), Ok(2));
        assert_eq!(eval("~0 & 0xF0"), Ok(240));
        assert_eq!(eval("010 + 0x10 + 10u"), Ok(34));
    }

    #[test]
    fn ternary_is_right_associative() {
        assert_eq!(eval("0 ? 1 : 2 ? 3 : 4"), Ok(3));
        assert_eq!(eval("1 ? 5 : 6"), Ok(5));
    }

    #[test]
    fn unknown_identifiers_are_zero_and_true_is_one() {
        assert_eq!(eval("UNKNOWN + 1"), Ok(1));
        assert_eq!(eval("true"), Ok(1));
    }

    #[test]
    fn reports_errors_with_columns() {
        assert_eq!(
            eval("1 / 0"),
            Err(("division by zero in preprocessor expression".into(), 3))
        );
        assert_eq!(
            eval("1 +"),
            Err((
                "expected a value in preprocessor expression, found end of line".into(),
                1
            ))
        );
        assert_eq!(
            eval("1.5 > 1"),
            Err((
                "`1.5` is not an integer in preprocessor expression".into(),
                1
            ))
        );
        assert_eq!(
            eval("1 2"),
            Err(("unexpected `2` in preprocessor expression".into(), 3))
        );
    }
}
