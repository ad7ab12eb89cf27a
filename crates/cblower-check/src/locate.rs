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
                    // Parentheses before a name outside `[[...]]` end a
                    // macro invocation: one that writes whole declarations
                    // (`MEMBER(float4, made)` on the line before) ends
                    // where this declaration starts; any other
                    // (`DECLARE_PAIR(pos)`) is part of it, whose text is
                    // not the declaration's.
                    ")" if brackets <= 0 => {
                        if depth == 0 && t.ends_declarations(i - 1) {
                            break;
                        }
                        return None;
                    }
                    // Inside unbalanced parentheses: a macro argument.
                    "(" if depth <= 0 => return None,
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

impl Files {
    /// The bytes from the start of the declaration `back` declarations
    /// before the one declaring `name` to just after the `;` of the one
    /// `fwd` declarations after it, in the same braces: the declarations of
    /// a bitfield storage unit. `None` when any of them declares several
    /// names, sits in a preprocessor line, or the braces end first.
    pub(crate) fn run(
        &mut self,
        sources: &SourceMap,
        name: Span,
        expected: &str,
        back: usize,
        fwd: usize,
    ) -> Option<(u32, u32)> {
        sources.path(name.file)?;
        if sources.snippet(name) != expected {
            return None;
        }
        let t = self.tokens(sources, name.file)?;
        let at = t.toks.iter().position(|x| x.span.start == name.start)?;
        let plain = |k: usize| {
            let x = &t.toks[k];
            if t.directive[k] {
                return Err(());
            }
            Ok(if x.kind == TokenKind::Punct {
                Some(&*x.text)
            } else {
                None
            })
        };
        // Backward: `back + 1` declaration starts.
        let mut i = at;
        let mut starts = 0;
        let start = loop {
            if i == 0 {
                return None;
            }
            match plain(i - 1).ok()? {
                Some(";") => {
                    starts += 1;
                    if starts > back {
                        break i;
                    }
                }
                Some("{") if starts == back => break i,
                Some("{" | "}" | ",") => return None,
                _ => {}
            }
            i -= 1;
        };
        // Forward: `fwd + 1` semicolons.
        let mut j = at;
        let mut ends = 0;
        let end = loop {
            let x = t.toks.get(j)?;
            match plain(j).ok()? {
                Some(";") => {
                    ends += 1;
                    if ends > fwd {
                        break x.span.end;
                    }
                }
                Some("{" | "}" | ",") => return None,
                _ => {}
            }
            j += 1;
        };
        Some((t.toks.get(start)?.span.start, end))
    }
}

/// A macro definition found on the tokens: its name, parameters and body
/// (token indices).
struct MacroDef {
    params: Option<Vec<String>>,
    body: std::ops::Range<usize>,
}

impl Tokens {
    /// The end (exclusive) of the directive line starting at token `k`.
    fn directive_end(&self, k: usize) -> usize {
        let mut e = k + 1;
        while e < self.toks.len() && self.directive[e] && !self.toks[e].line_start {
            e += 1;
        }
        e
    }

    /// `#define name...` at token `hash` (a `#` starting a line).
    fn define_at(&self, hash: usize) -> Option<(String, MacroDef)> {
        let end = self.directive_end(hash);
        let kw = self.toks.get(hash + 1)?;
        if &*kw.text != "define" || hash + 2 >= end {
            return None;
        }
        let name = &self.toks[hash + 2];
        let mut k = hash + 3;
        let params = match self.toks.get(k) {
            // A function-like macro: `(` right after the name.
            Some(p) if k < end && p.is_punct("(") && p.span.start == name.span.end => {
                let mut ps = Vec::new();
                k += 1;
                while k < end && !self.toks[k].is_punct(")") {
                    if self.toks[k].kind == TokenKind::Ident {
                        ps.push(self.toks[k].text.to_string());
                    }
                    k += 1;
                }
                k += 1;
                Some(ps)
            }
            _ => None,
        };
        Some((
            name.text.to_string(),
            MacroDef {
                params,
                body: k.min(end)..end,
            },
        ))
    }

    /// The definition of macro `name` (the last one in the file).
    fn define(&self, name: &str) -> Option<MacroDef> {
        (0..self.toks.len())
            .rev()
            .filter(|&k| self.toks[k].line_start && self.toks[k].is_punct("#"))
            .filter_map(|k| self.define_at(k))
            .find(|(n, _)| n == name)
            .map(|(_, d)| d)
    }

    /// Whether the `)` at `close` ends an invocation of a function-like
    /// macro whose body ends with `;` (whole declarations).
    fn ends_declarations(&self, close: usize) -> bool {
        let mut depth = 0;
        let mut k = close + 1;
        let open = loop {
            if k == 0 {
                return false;
            }
            k -= 1;
            if self.directive[k] {
                return false;
            }
            if self.toks[k].is_punct(")") {
                depth += 1;
            } else if self.toks[k].is_punct("(") {
                depth -= 1;
                if depth == 0 {
                    break k;
                }
            }
        };
        let Some(m) = open.checked_sub(1).map(|m| &self.toks[m]) else {
            return false;
        };
        m.kind == TokenKind::Ident
            && self.define(&m.text).is_some_and(|d| {
                d.params.is_some()
                    && d.body.end > d.body.start
                    && self.toks[d.body.end - 1].is_punct(";")
            })
    }

    /// The index of the `)` closing the `(` at `open`.
    fn closing(&self, open: usize) -> Option<usize> {
        let mut depth = 0;
        for k in open..self.toks.len() {
            if self.directive[k] {
                return None;
            }
            if self.toks[k].is_punct("(") {
                depth += 1;
            } else if self.toks[k].is_punct(")") {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
        }
        None
    }
}

impl Files {
    /// A declaration of `name` written by a macro: where clang puts a fix-it
    /// for it, the macro invocation, when the invocation starts a
    /// declaration, the macro expands to whole declarations, and the one of
    /// `name` is the first of the expansion (for an insertion before it) or
    /// the last (after it). The range runs from the invocation to the end of
    /// the expansion's last declaration. Otherwise, when the macro is
    /// expanded once, the place in its definition (`true` with it): such an
    /// edit changes the macro, so it goes on a note.
    pub(crate) fn macro_decl(
        &mut self,
        sources: &SourceMap,
        name: Span,
        expected: &str,
        after: bool,
    ) -> Option<(Decl, bool)> {
        sources.path(name.file)?;
        let snippet = sources.snippet(name);
        let t = self.tokens(sources, name.file)?;
        let at = t.toks.iter().position(|x| x.span.start == name.start)?;
        // (invocation start, invocation end (inclusive), macro, the
        // positions in its body that produce the name).
        let (inv, inv_end, def, in_body): (usize, usize, MacroDef, Vec<usize>) = if snippet
            != expected
        {
            // A name from a macro's body, reported at the invocation.
            if t.directive[at] || t.toks[at].kind != TokenKind::Ident {
                return None;
            }
            let def = t.define(snippet)?;
            let in_body: Vec<usize> = def
                .body
                .clone()
                .filter(|&b| *t.toks[b].text == *expected)
                .collect();
            let inv_end = match &def.params {
                Some(_) => t.closing(at + 1)?,
                None => at,
            };
            (at, inv_end, def, in_body)
        } else if t.directive[at] {
            // The name is in a macro's body: `#define LIGHT float3 pos;`.
            let hash = (0..=at)
                .rev()
                .find(|&k| t.toks[k].line_start && t.toks[k].is_punct("#"))?;
            let (macro_name, def) = t.define_at(hash)?;
            if !def.body.contains(&at) {
                return None;
            }
            let uses: Vec<usize> = (0..t.toks.len())
                .filter(|&k| !t.directive[k] && *t.toks[k].text == *macro_name)
                .collect();
            let [inv] = uses[..] else {
                return None;
            };
            let inv_end = match &def.params {
                Some(_) => t.closing(inv + 1)?,
                None => inv,
            };
            (inv, inv_end, def, vec![at])
        } else {
            // The name is a macro argument: `MEMBER(float4, made)`.
            let mut depth = 0i32;
            let mut commas = 0usize;
            let mut k = at;
            let open = loop {
                if k == 0 {
                    return None;
                }
                k -= 1;
                let x = &t.toks[k];
                if t.directive[k] {
                    return None;
                }
                if x.is_punct(")") {
                    depth += 1;
                } else if x.is_punct("(") {
                    if depth == 0 {
                        break k;
                    }
                    depth -= 1;
                } else if x.is_punct(",") && depth == 0 {
                    commas += 1;
                } else if depth == 0 && (x.is_punct(";") || x.is_punct("{") || x.is_punct("}")) {
                    return None;
                }
            };
            let inv = open.checked_sub(1)?;
            if t.toks[inv].kind != TokenKind::Ident {
                return None;
            }
            let def = t.define(&t.toks[inv].text)?;
            let param = def.params.as_ref()?.get(commas)?.clone();
            let in_body: Vec<usize> = def
                .body
                .clone()
                .filter(|&b| *t.toks[b].text == *param)
                .collect();
            (inv, t.closing(open)?, def, in_body)
        };
        let [pos] = in_body[..] else {
            return None;
        };
        // The invocation starts a declaration.
        if inv > 0 {
            let p = &t.toks[inv - 1];
            let starts = t.directive[inv - 1]
                || p.is_punct(";")
                || p.is_punct("{")
                || p.is_punct("}")
                || p.is_punct(")");
            if !starts {
                return None;
            }
        }
        // The body is whole declarations, ending with `;` (or the invocation
        // is followed by one), and `name`'s is the first or last of them.
        let body: Vec<usize> = def.body.clone().collect();
        let semis: Vec<usize> = body
            .iter()
            .copied()
            .filter(|&b| t.toks[b].is_punct(";"))
            .collect();
        let ends_with_semi = body.last().is_some_and(|&b| t.toks[b].is_punct(";"));
        let mut end = t.toks[inv_end].span.end;
        if !ends_with_semi {
            let next = t.toks.get(inv_end + 1)?;
            if !next.is_punct(";") || t.directive[inv_end + 1] {
                return None;
            }
            end = next.span.end;
        }
        let in_first = semis.iter().all(|&s| s > pos);
        let in_last = semis.iter().filter(|&&s| s > pos).count() <= usize::from(ends_with_semi);
        if (after && !in_last) || (!after && !in_first) {
            // Not at an edge of the expansion: clang drops such a fix-it.
            // The edit can go in the definition, if it is expanded once.
            let macro_name = &t.toks[inv].text;
            let uses = (0..t.toks.len())
                .filter(|&k| !t.directive[k] && t.toks[k].text == *macro_name)
                .count();
            if uses != 1 {
                return None;
            }
            let (start, end) = if after {
                let semi = *semis.iter().find(|&&s| s > pos)?;
                (t.toks[semi].span.end, t.toks[semi].span.end)
            } else {
                let first = semis
                    .iter()
                    .rev()
                    .find(|&&s| s < pos)
                    .map_or(def.body.start, |s| s + 1);
                (t.toks[first].span.start, t.toks[first].span.start)
            };
            return Some((
                Decl {
                    start,
                    comma: None,
                    end,
                    sole_type_token: None,
                },
                true,
            ));
        }
        Some((
            Decl {
                start: t.toks[inv].span.start,
                comma: None,
                end,
                sole_type_token: None,
            },
            false,
        ))
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

    /// Finds a byte range from a name's span.
    type Finder = dyn Fn(&mut Files, &SourceMap, Span) -> Option<(u32, u32)>;

    /// The text `f` finds for the name (up to the first character that is
    /// not part of an identifier) at the last occurrence of `needle` in
    /// `src`.
    fn found(src: &str, needle: &str, f: &Finder) -> Option<String> {
        let mut sources = SourceMap::new();
        let id = sources.add("t.hlsl", Some("t.hlsl".into()), src.to_owned());
        let at = u32::try_from(src.rfind(needle)?).ok()?;
        let len = needle
            .find(|c: char| !c.is_alphanumeric() && c != '_')
            .unwrap_or(needle.len());
        let span = Span::new(id, at, at + u32::try_from(len).ok()?);
        let (s, e) = f(&mut Files::default(), &sources, span)?;
        Some(src[s as usize..e as usize].to_owned())
    }

    #[test]
    fn bitfield_units_span_their_declarations() {
        let src = "struct S { float y; uint a : 4; uint b : 4; uint : 0; float z; };";
        let unit = |back, fwd| {
            move |f: &mut Files, s: &SourceMap, span: Span| f.run(s, span, "a", back, fwd)
        };
        assert_eq!(
            found(src, "a :", &unit(0, 2)).as_deref(),
            Some("uint a : 4; uint b : 4; uint : 0;")
        );
        // One step back is `float y;`; more runs into the brace.
        assert_eq!(
            found(src, "a :", &unit(1, 0)).as_deref(),
            Some("float y; uint a : 4;")
        );
        assert_eq!(found(src, "a :", &unit(2, 0)), None);
        // A declaration of several names is not stepped over.
        assert_eq!(
            found("struct S { uint a : 4, b : 4; };", "a :", &unit(0, 0)),
            None
        );
    }

    #[test]
    fn macro_declarations_are_found_at_the_invocation() {
        let defs =
            "#define M(t, n) t n;\n#define PAIR(a, b) float a; float4 b;\n#define L float4 l;\n";
        let at = |after: bool, want: &'static str| {
            move |f: &mut Files, s: &SourceMap, span: Span| {
                let (d, in_def) = f.macro_decl(s, span, want, after)?;
                Some((d.start, if in_def { d.start } else { d.end }))
            }
        };
        // An argument: the whole invocation, before or after.
        let src = format!("{defs}struct S {{ float a; M(float4, made) float c; }};");
        assert_eq!(
            found(&src, "made", &at(false, "made")).as_deref(),
            Some("M(float4, made)")
        );
        assert_eq!(
            found(&src, "made", &at(true, "made")).as_deref(),
            Some("M(float4, made)")
        );
        // The declaration after the invocation starts after it.
        let mut sources = SourceMap::new();
        let id = sources.add("t.hlsl", Some("t.hlsl".into()), src.clone());
        let c = u32::try_from(src.rfind(" c;").unwrap() + 1).unwrap();
        let d = Files::default()
            .decl(&sources, Span::new(id, c, c + 1), "c")
            .unwrap();
        assert_eq!(&src[d.start as usize..d.end as usize], "float c;");
        // The second declaration of a macro: a place in its definition
        // (empty: an insertion point before `float4 b;`).
        let src = format!("{defs}struct S {{ float a; PAIR(p, q) }};");
        assert_eq!(found(&src, "q)", &at(false, "q")).as_deref(), Some(""));
        assert_eq!(
            found(&src, "p,", &at(false, "p")).as_deref(),
            Some("PAIR(p, q)")
        );
        // A name from an object-like macro's body is reported at the
        // invocation.
        let src = format!("{defs}struct S {{ float a; L }};");
        let mut sources = SourceMap::new();
        let id = sources.add("t.hlsl", Some("t.hlsl".into()), src.clone());
        let l = u32::try_from(src.rfind(" L ").unwrap() + 1).unwrap();
        let (d, in_def) = Files::default()
            .macro_decl(&sources, Span::new(id, l, l + 1), "l", false)
            .unwrap();
        assert!(!in_def);
        assert_eq!(&src[d.start as usize..d.end as usize], "L");
    }
}
