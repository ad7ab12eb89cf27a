//! What naga's IR forgets about a struct: where each member is written and
//! its `@align(n)` / `@size(n)` attributes. naga applies both while it lowers
//! the struct and keeps only the resulting offsets, so this module reads them
//! back from the source text of the struct declaration (whose span naga
//! keeps): a small scanner over the struct body that knows WGSL's comments,
//! template brackets and attribute arguments, and nothing else.

use std::ops::Range;

/// One member of a struct body as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SourceMember {
    /// The member's name.
    pub name: String,
    /// Byte range of the name in the file.
    pub name_span: Range<usize>,
    /// The argument of `@align(...)`, as its tokens, and where it is.
    pub align: Option<AttrArg>,
    /// The argument of `@size(...)`.
    pub size: Option<AttrArg>,
}

/// The argument of an attribute: its text (comments removed, tokens joined
/// by single spaces) and its byte range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AttrArg {
    pub text: String,
    pub span: Range<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Ident,
    Number,
    Punct(u8),
}

/// Splits `src[range]` into tokens (identifiers, numbers, single-byte
/// punctuation), skipping whitespace, `//` comments and nested `/* */`
/// comments. Returns each token's kind and byte range in `src`.
fn tokens(src: &str, range: Range<usize>) -> Vec<(Tok, Range<usize>)> {
    let b = src.as_bytes();
    let end = range.end.min(b.len());
    let mut i = range.start;
    let mut out = Vec::new();
    while i < end {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < end && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0usize;
            while i < end {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == b'_' || c.is_ascii_alphabetic() || c >= 0x80 {
            let s = i;
            while i < end && (b[i] == b'_' || b[i].is_ascii_alphanumeric() || b[i] >= 0x80) {
                i += 1;
            }
            out.push((Tok::Ident, s..i));
        } else if c.is_ascii_digit() {
            let s = i;
            while i < end && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                i += 1;
            }
            out.push((Tok::Number, s..i));
        } else {
            out.push((Tok::Punct(c), i..i + 1));
            i += 1;
        }
    }
    out
}

/// The members of the struct declared at or after byte `from` of `src`:
/// the body is the first `{ ... }` there. `None` when no body is found
/// (naga gave a span that is not a struct declaration).
pub(crate) fn struct_members(src: &str, from: usize) -> Option<Vec<SourceMember>> {
    let toks = tokens(src, from..src.len());
    let open = toks.iter().position(|(t, _)| *t == Tok::Punct(b'{'))?;
    let mut members = Vec::new();
    let mut i = open + 1;
    loop {
        // Attributes.
        let mut align = None;
        let mut size = None;
        while matches!(toks.get(i), Some((Tok::Punct(b'@'), _))) {
            let name = toks.get(i + 1).map(|(_, r)| &src[r.clone()]);
            i += 2;
            if matches!(toks.get(i), Some((Tok::Punct(b'('), _))) {
                let arg_start = i + 1;
                let mut depth = 1usize;
                i += 1;
                while depth > 0 {
                    match toks.get(i)? {
                        (Tok::Punct(b'('), _) => depth += 1,
                        (Tok::Punct(b')'), _) => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                }
                // toks[arg_start .. i-1] is the argument (without the ')').
                let arg = &toks[arg_start..i - 1];
                let arg = match (arg.first(), arg.last()) {
                    (Some(first), Some(last)) => Some(AttrArg {
                        text: arg
                            .iter()
                            .map(|(_, r)| &src[r.clone()])
                            .collect::<Vec<_>>()
                            .join(" "),
                        span: first.1.start..last.1.end,
                    }),
                    _ => None,
                };
                match name {
                    Some("align") => align = arg,
                    Some("size") => size = arg,
                    _ => {}
                }
            }
        }
        match toks.get(i)? {
            (Tok::Punct(b'}'), _) => return Some(members),
            (Tok::Ident, r) => {
                let name_span = r.clone();
                members.push(SourceMember {
                    name: src[name_span.clone()].to_owned(),
                    name_span,
                    align,
                    size,
                });
                i += 1;
            }
            _ => return None,
        }
        // `: type` up to a comma at bracket depth 0, or the closing brace.
        let mut angle = 0usize;
        let mut paren = 0usize;
        loop {
            match toks.get(i)? {
                (Tok::Punct(b'<'), _) if paren == 0 => angle += 1,
                (Tok::Punct(b'>'), _) if paren == 0 => angle = angle.saturating_sub(1),
                (Tok::Punct(b'('), _) => paren += 1,
                (Tok::Punct(b')'), _) => paren = paren.saturating_sub(1),
                (Tok::Punct(b','), _) if angle == 0 && paren == 0 => {
                    i += 1;
                    break;
                }
                (Tok::Punct(b'}'), _) if angle == 0 && paren == 0 => break,
                _ => {}
            }
            i += 1;
        }
    }
}

/// Parses an integer literal as WGSL writes it (`16`, `16u`, `16i`, `0x10`).
pub(crate) fn int_literal(text: &str) -> Option<u64> {
    let t = text.trim_end_matches(['u', 'i']);
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16).ok()
    } else {
        t.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_with_attributes_comments_and_templates() {
        let src = "// lights\nstruct Light {\n  @align(16) pos: vec3<f32>, /* range, /* nested */ */\n  @size(0x20) range: f32,\n  m: array<vec4<f32>, 4>,\n  @location(0) @size( 8u ) last: vec2<f32>\n}";
        let m = struct_members(src, 0).unwrap();
        let names: Vec<&str> = m.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["pos", "range", "m", "last"]);
        assert_eq!(m[0].align.as_ref().unwrap().text, "16");
        assert_eq!(&src[m[0].name_span.clone()], "pos");
        assert_eq!(m[1].size.as_ref().unwrap().text, "0x20");
        assert_eq!(int_literal("0x20"), Some(32));
        assert_eq!(m[3].size.as_ref().unwrap().text, "8u");
        assert_eq!(&src[m[3].size.as_ref().unwrap().span.clone()], "8u");
        assert!(m[2].align.is_none() && m[2].size.is_none());
    }

    #[test]
    fn trailing_comma_and_unterminated_bodies() {
        let m = struct_members("struct S { a: f32, }", 0).unwrap();
        assert_eq!(m.len(), 1);
        assert_eq!(struct_members("struct S { a: f32", 0), None);
        assert_eq!(struct_members("fn f() -> f32", 0), None);
    }

    #[test]
    fn int_literals() {
        assert_eq!(int_literal("16"), Some(16));
        assert_eq!(int_literal("16u"), Some(16));
        assert_eq!(int_literal("4i"), Some(4));
        assert_eq!(int_literal("N"), None);
    }
}
