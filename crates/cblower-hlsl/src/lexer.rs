//! Splits source text into preprocessing tokens.
//!
//! The lexer works on "logical" characters: backslash-newline pairs are
//! removed first (translation phase 2) but every character remembers its byte
//! offset, so token spans still point at the physical text.

use std::sync::Arc;

use cblower_layout::MatrixOrder;

use crate::diag::Diagnostic;
use crate::source::{FileId, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    Ident,
    /// A preprocessing number: `4`, `0x10`, `1.5f`, `2e-3`.
    Number,
    Str,
    Char,
    Punct,
    /// A string literal that runs into the end of the line; reported only if
    /// it is not in a skipped `#if` group.
    UnterminatedStr,
    /// `#pragma pack_matrix(...)`, passed through to the parser in place.
    PackMatrix(MatrixOrder),
    /// End of one file's tokens (only inside the preprocessor).
    EndOfFile,
}

/// One token. Tokens produced by macro expansion carry the names of the
/// macros they came from in `hideset` so those are not expanded again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub text: Arc<str>,
    pub span: Span,
    /// First token on its line (directives start with such a `#`).
    pub line_start: bool,
    /// Whitespace or a comment precedes it (for stringizing).
    pub space_before: bool,
    pub hideset: Vec<Arc<str>>,
}

impl Token {
    pub fn new(kind: TokenKind, text: impl Into<Arc<str>>, span: Span) -> Token {
        Token {
            kind,
            text: text.into(),
            span,
            line_start: false,
            space_before: false,
            hideset: Vec::new(),
        }
    }

    pub fn is_punct(&self, p: &str) -> bool {
        self.kind == TokenKind::Punct && &*self.text == p
    }

    pub fn is_ident(&self, name: &str) -> bool {
        self.kind == TokenKind::Ident && &*self.text == name
    }
}

/// Punctuators, longest first so the first match is the longest.
const PUNCTUATORS: &[&str] = &[
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "::", "##",
];

/// Lexes a whole file. Fails only on an unterminated block comment, after
/// which nothing sensible can follow.
pub fn lex(file: FileId, text: &str) -> Result<Vec<Token>, Diagnostic> {
    let chars = logical_chars(text);
    Lexer {
        file,
        chars,
        pos: 0,
        end_byte: u32::try_from(text.len()).unwrap_or(u32::MAX),
    }
    .run()
}

/// Lexes text that has no file position of its own (the result of `##`
/// pasting); every token gets `span`.
pub fn lex_at(text: &str, span: Span) -> Vec<Token> {
    let mut toks = lex(span.file, text).unwrap_or_default();
    for t in &mut toks {
        t.span = span;
        t.line_start = false;
    }
    toks
}

fn logical_chars(text: &str) -> Vec<(u32, char)> {
    let raw: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&(pos, c)) = raw.get(i) {
        if c == '\\' {
            let next = raw.get(i + 1).map(|x| x.1);
            let after = raw.get(i + 2).map(|x| x.1);
            if next == Some('\n') {
                i += 2;
                continue;
            }
            if next == Some('\r') && after == Some('\n') {
                i += 3;
                continue;
            }
        }
        out.push((u32::try_from(pos).unwrap_or(u32::MAX), c));
        i += 1;
    }
    out
}

struct Lexer {
    file: FileId,
    chars: Vec<(u32, char)>,
    pos: usize,
    end_byte: u32,
}

impl Lexer {
    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).map(|c| c.1)
    }

    fn byte_at(&self, index: usize) -> u32 {
        self.chars.get(index).map_or(self.end_byte, |c| c.0)
    }

    /// Byte just past the logical character at `index`.
    fn byte_after(&self, index: usize) -> u32 {
        self.chars
            .get(index)
            .map_or(self.end_byte, |(b, c)| b + c.len_utf8() as u32)
    }

    fn span_from(&self, start: usize) -> Span {
        let end = if self.pos > start {
            self.byte_after(self.pos - 1)
        } else {
            self.byte_at(start)
        };
        Span::new(self.file, self.byte_at(start), end)
    }

    fn text_from(&self, start: usize) -> String {
        self.chars
            .get(start..self.pos)
            .unwrap_or(&[])
            .iter()
            .map(|c| c.1)
            .collect()
    }

    fn run(mut self) -> Result<Vec<Token>, Diagnostic> {
        let mut tokens = Vec::new();
        let mut line_start = true;
        let mut space_before = false;
        while let Some(c) = self.peek_at(0) {
            if c == '\n' {
                self.pos += 1;
                line_start = true;
                space_before = true;
                continue;
            }
            if c.is_whitespace() {
                self.pos += 1;
                space_before = true;
                continue;
            }
            if c == '/' && self.peek_at(1) == Some('/') {
                while self.peek_at(0).is_some_and(|c| c != '\n') {
                    self.pos += 1;
                }
                space_before = true;
                continue;
            }
            if c == '/' && self.peek_at(1) == Some('*') {
                let start = self.pos;
                self.pos += 2;
                loop {
                    match self.peek_at(0) {
                        None => {
                            self.pos = start + 2;
                            return Err(Diagnostic::error(
                                self.span_from(start),
                                "unterminated block comment",
                            )
                            .with_help("close the comment with `*/`"));
                        }
                        Some('*') if self.peek_at(1) == Some('/') => {
                            self.pos += 2;
                            break;
                        }
                        Some(_) => self.pos += 1,
                    }
                }
                space_before = true;
                continue;
            }
            let start = self.pos;
            let kind = self.token(c);
            let mut tok = Token::new(kind, self.text_from(start), self.span_from(start));
            tok.line_start = line_start;
            tok.space_before = space_before;
            line_start = false;
            space_before = false;
            tokens.push(tok);
        }
        Ok(tokens)
    }

    /// Consumes one token starting with `c` and says what it is.
    fn token(&mut self, c: char) -> TokenKind {
        if c.is_alphabetic() || c == '_' {
            while self
                .peek_at(0)
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
            {
                self.pos += 1;
            }
            return TokenKind::Ident;
        }
        if c.is_ascii_digit() || (c == '.' && self.peek_at(1).is_some_and(|d| d.is_ascii_digit())) {
            self.pos += 1;
            while let Some(c) = self.peek_at(0) {
                if matches!(c, 'e' | 'E' | 'p' | 'P') && matches!(self.peek_at(1), Some('+' | '-'))
                {
                    self.pos += 2;
                } else if c.is_alphanumeric() || c == '_' || c == '.' {
                    self.pos += 1;
                } else {
                    break;
                }
            }
            return TokenKind::Number;
        }
        if c == '"' || c == '\'' {
            let start = self.pos;
            self.pos += 1;
            loop {
                match self.peek_at(0) {
                    None | Some('\n') => break,
                    Some('\\') => self.pos += 2,
                    Some(q) if q == c => {
                        self.pos += 1;
                        return if c == '"' {
                            TokenKind::Str
                        } else {
                            TokenKind::Char
                        };
                    }
                    Some(_) => self.pos += 1,
                }
            }
            self.pos = self.pos.min(self.chars.len());
            if c == '"' {
                return TokenKind::UnterminatedStr;
            }
            // A lone apostrophe (e.g. in prose inside `#if 0`) is just punctuation.
            self.pos = start + 1;
            return TokenKind::Punct;
        }
        for p in PUNCTUATORS {
            if p.chars()
                .enumerate()
                .all(|(i, pc)| self.peek_at(i) == Some(pc))
            {
                self.pos += p.chars().count();
                return TokenKind::Punct;
            }
        }
        self.pos += 1;
        TokenKind::Punct
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceMap;

    fn texts(src: &str) -> Vec<String> {
        let mut sm = SourceMap::new();
        let f = sm.add("t", None, src.into());
        lex(f, src)
            .unwrap()
            .into_iter()
            .map(|t| t.text.to_string())
            .collect()
    }

    #[test]
    fn splits_identifiers_numbers_and_punctuators() {
        assert_eq!(
            texts("float4 a[N*2]:register(b0);x>>=1.5e-3f"),
            [
                "float4", "a", "[", "N", "*", "2", "]", ":", "register", "(", "b0", ")", ";", "x",
                ">>=", "1.5e-3f"
            ]
        );
    }

    #[test]
    fn skips_comments_and_joins_continued_lines() {
        assert_eq!(texts("a // c\nb /* x\n y */ c\\\nd"), ["a", "b", "cd"]);
    }

    #[test]
    fn strings_and_chars_are_single_tokens() {
        assert_eq!(texts(r#""a \" b" 'c'"#), [r#""a \" b""#, "'c'"]);
    }

    #[test]
    fn line_start_marks_first_token_of_each_line() {
        let mut sm = SourceMap::new();
        let src = "#define A\n  # if B\nx y";
        let f = sm.add("t", None, src.into());
        let starts: Vec<bool> = lex(f, src).unwrap().iter().map(|t| t.line_start).collect();
        assert_eq!(
            starts,
            [true, false, false, true, false, false, true, false]
        );
    }

    #[test]
    fn unterminated_block_comment_is_an_error_at_its_start() {
        let mut sm = SourceMap::new();
        let f = sm.add("t", None, "a /* never".into());
        let err = lex(f, "a /* never").unwrap_err();
        assert_eq!(err.message, "unterminated block comment");
        assert_eq!(err.span, Some(Span::new(f, 2, 4)));
    }

    #[test]
    fn unterminated_string_is_a_token_the_preprocessor_reports() {
        let mut sm = SourceMap::new();
        let f = sm.add("t", None, "\"abc\nx".into());
        let toks = lex(f, "\"abc\nx").unwrap();
        assert_eq!(toks[0].kind, TokenKind::UnterminatedStr);
        assert_eq!(toks[1].text.as_ref(), "x");
    }
}
