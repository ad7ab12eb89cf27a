//! Where declarations start and end in the source text, found on the
//! file's tokens (so comments and `[[attributes]]` are handled), and
//! clang-style byte positions.

use std::collections::HashMap;

use cblower_hlsl::{lex, FileId, SourceMap, Span, Token, TokenKind};

/// A 1-based line and byte column, as clang prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct LineCol {
    /// 1-based line.
    pub line: u32,
    /// 1-based byte column.
    pub col: u32,
}

/// The token index of each file, lexed once.
#[derive(Default)]
pub(crate) struct Files {
    tokens: HashMap<FileId, Option<Tokens>>,
}

pub(crate) struct Tokens {
    toks: Vec<Token>,
    /// Parallel: the token is part of a preprocessor directive line.
    directive: Vec<bool>,
}

/// One declaration around a declarator name.
pub(crate) struct Decl {
    /// Byte where the declaration (or, for a later declarator, the text
    /// after the preceding comma) starts.
    pub start: u32,
    /// For a declarator that is not the first: the byte of the preceding
    /// `,` and the declaration's type text (`row_major float3x3`).
    pub comma: Option<(u32, String)>,
    /// Byte just after the terminating `;`.
    pub end: u32,
    /// The type token (the token before the first declarator's name), when
    /// the declaration has exactly one declarator.
    pub sole_type_token: Option<Span>,
}

/// Byte offset to 1-based line and byte column in `text`.
pub(crate) fn line_col(text: &str, byte: u32) -> LineCol {
    let byte = (byte as usize).min(text.len());
    let before = &text.as_bytes()[..byte];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    LineCol {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        col: u32::try_from(byte - line_start + 1).unwrap_or(u32::MAX),
    }
}

/// The whole physical line holding `byte`, without its newline.
pub(crate) fn line_text(text: &str, byte: u32) -> &str {
    let byte = (byte as usize).min(text.len());
    let start = text[..byte].rfind('\n').map_or(0, |p| p + 1);
    let end = text[byte..].find('\n').map_or(text.len(), |p| byte + p);
    text[start..end].trim_end_matches('\r')
}

/// The leading blanks of the line holding `byte`, and whether only blanks
/// precede `byte` on it.
pub(crate) fn indent_at(text: &str, byte: u32) -> (String, bool) {
    let byte = (byte as usize).min(text.len());
    let start = text[..byte].rfind('\n').map_or(0, |p| p + 1);
    let before = &text[start..byte];
    let indent: String = before
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    (indent.clone(), indent.len() == before.len())
}

impl Files {
    fn tokens(&mut self, sources: &SourceMap, file: FileId) -> Option<&Tokens> {
        self.tokens
            .entry(file)
            .or_insert_with(|| {
                let toks = lex(file, sources.text(file)).ok()?;
                let mut directive = Vec::with_capacity(toks.len());
                let mut in_directive = false;
                for t in &toks {
                    if t.line_start {
                        in_directive = t.is_punct("#");
                    }
                    directive.push(in_directive);
                }
                Some(Tokens { toks, directive })
            })
            .as_ref()
    }

    /// The declaration whose declarator name is at `name` (a span that
    /// must cover exactly `expected` in a file read from disk); `None` for
    /// names made by macros or files without a path.
    pub(crate) fn decl(&mut self, sources: &SourceMap, name: Span, expected: &str) -> Option<Decl> {
        sources.path(name.file)?;
        if sources.snippet(name) != expected {
            return None;
        }
        let t = self.tokens(sources, name.file)?;
        let at = t.toks.iter().position(|x| x.span.start == name.start)?;
        // Back to the `;`, `{` or `}` before the declaration, or a comma
        // outside brackets.
        let mut depth = 0i32;
        let mut brackets = 0i32;
        let mut i = at;
        let mut comma = None;
        while i > 0 {
            let p = &t.toks[i - 1];
            if t.directive[i - 1] || matches!(p.kind, TokenKind::PackMatrix(_)) {
                break;
            }
            if p.kind == TokenKind::Punct {
                match &*p.text {
                    "]" => brackets += 1,
                    "[" => brackets -= 1,
                    _ => {}
                }
                match &*p.text {
                    // Parentheses before a name outside `[[...]]` are a
                    // macro invocation (`DECLARE_PAIR(pos)`): the text is
                    // not the declaration's.
                    ")" if brackets <= 0 => return None,
                    ")" | "]" | ">" => depth += 1,
                    "(" | "[" | "<" => depth -= 1,
                    ";" | "{" | "}" if depth <= 0 => break,
                    "," if depth == 0 && comma.is_none() => {
                        comma = Some(i - 1);
                    }
                    _ => {}
                }
            }
            i -= 1;
        }
        let first = i;
        if first >= at {
            return None;
        }
        // Forward to the `;`.
        let mut depth = 0i32;
        let mut j = at;
        let mut commas = 0;
        let end = loop {
            let x = t.toks.get(j)?;
            if t.directive[j] {
                return None;
            }
            if x.kind == TokenKind::Punct {
                match &*x.text {
                    "(" | "[" | "<" => depth += 1,
                    ")" | "]" | ">" => depth -= 1,
                    "," if depth == 0 => commas += 1,
                    // A bitfield (`uint a : 1;`) shares its storage with
                    // the declarations around it: no one place to edit.
                    ":" if depth == 0
                        && t.toks
                            .get(j + 1)
                            .is_some_and(|n| n.kind == TokenKind::Number) =>
                    {
                        return None
                    }
                    ";" if depth <= 0 => break x.span.end,
                    "{" | "}" => return None,
                    _ => {}
                }
            }
            j += 1;
        };
        let sole_type_token = (comma.is_none() && commas == 0 && at > first)
            .then(|| t.toks[at - 1].clone())
            .filter(|tok| tok.kind == TokenKind::Ident)
            .map(|tok| tok.span);
        Some(Decl {
            start: match comma {
                Some(c) => t.toks[c].span.start,
                None => t.toks[first].span.start,
            },
            comma: match comma {
                Some(c) => Some((t.toks[c].span.start, type_text(sources, t, first, c)?)),
                None => None,
            },
            end,
            sole_type_token,
        })
    }
}

/// The text of a declaration's type: from its first token to the name of
/// its first declarator (the last identifier before a `[`, `:` or `,` at
/// the top level), `comma` being the first declarator's end.
fn type_text(sources: &SourceMap, t: &Tokens, first: usize, comma: usize) -> Option<String> {
    let mut depth = 0i32;
    let mut name = None;
    for k in first..comma {
        let x = &t.toks[k];
        if x.kind == TokenKind::Punct {
            match &*x.text {
                "(" | "<" => depth += 1,
                ")" | ">" => depth -= 1,
                "[" | ":" if depth == 0 => break,
                _ => {}
            }
        } else if x.kind == TokenKind::Ident && depth == 0 {
            name = Some(k);
        }
    }
    let name = name.filter(|&n| n > first)?;
    let text = sources.text(t.toks[first].span.file);
    let s = text.get(t.toks[first].span.start as usize..t.toks[name].span.start as usize)?;
    Some(s.trim_end().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_bytes_like_clang() {
        let text = "a\n\tb\u{e9}c;\n";
        assert_eq!(line_col(text, 0), LineCol { line: 1, col: 1 });
        assert_eq!(line_col(text, 3), LineCol { line: 2, col: 2 });
        // `c` follows a two-byte character: column 5, as clang counts.
        assert_eq!(line_col(text, 6), LineCol { line: 2, col: 5 });
        assert_eq!(line_text(text, 4), "\tb\u{e9}c;");
        assert_eq!(indent_at(text, 3), ("\t".to_owned(), true));
        assert_eq!(indent_at(text, 4), ("\t".to_owned(), false));
    }

    /// The declaration's text, its comma and type text, its sole type token.
    type Found = (String, Option<(u32, String)>, String);

    fn decl_of(src: &str, name: &str) -> Option<Found> {
        let mut sources = SourceMap::new();
        let id = sources.add("t.hlsl", Some("t.hlsl".into()), src.to_owned());
        let at = u32::try_from(src.rfind(name)?).ok()?;
        let span = Span::new(id, at, at + u32::try_from(name.len()).ok()?);
        let d = Files::default().decl(&sources, span, name)?;
        let ty = d
            .sole_type_token
            .map(|t| sources.snippet(t).to_owned())
            .unwrap_or_default();
        Some((
            src[d.start as usize..d.end as usize].to_owned(),
            d.comma,
            ty,
        ))
    }

    #[test]
    fn declarations_are_found_on_tokens() {
        let (text, comma, ty) =
            decl_of("cbuffer B {\n  // x; y\n  row_major float3x3 m;\n};", "m").unwrap();
        assert_eq!(
            (text.as_str(), comma, ty.as_str()),
            ("row_major float3x3 m;", None, "float3x3")
        );
        let (text, comma, ty) = decl_of("cbuffer B { vector<float, 2> a, b; };", "b").unwrap();
        assert_eq!(text, ", b;");
        assert_eq!(comma, Some((30, "vector<float, 2>".to_owned())));
        assert_eq!(ty, "");
        let (text, _, _) = decl_of(
            "cbuffer B { [[vk::offset(4)]] float fade : packoffset(c0.y); };",
            "fade",
        )
        .unwrap();
        assert_eq!(text, "[[vk::offset(4)]] float fade : packoffset(c0.y);");
    }
}
