//! Splits source text into preprocessing tokens.
//!
//! The lexer works on "logical" text: backslash-newline pairs are removed
//! first (translation phase 2), but token spans point at the physical text.
//! It hands out one token at a time, so a file never exists as a token
//! vector, and token texts are interned.

use std::sync::Arc;

use smol_str::SmolStr;

use cblower_layout::MatrixOrder;

use crate::diag::Diagnostic;
use crate::source::{FileId, Span};

/// What a [`Token`] is, as far as the preprocessor and parser care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier or keyword (`float4`, `cbuffer`, `row_major`).
    Ident,
    /// A preprocessing number: `4`, `0x10`, `1.5f`, `2e-3`.
    Number,
    /// A complete string literal `"..."`.
    Str,
    /// A character literal `'c'` (kept only so it does not lex as punctuation).
    Char,
    /// An operator or punctuator (`::`, `{`, `<<=`), longest match first.
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
    /// What kind of token it is.
    pub kind: TokenKind,
    /// The spelling as written (after line splices are removed); short
    /// ones (nearly every token) are stored inline, long ones shared.
    pub text: SmolStr,
    /// Where the token was written. A token from a macro body gets the span
    /// of the macro invocation (so diagnostics point at the user's line);
    /// tokens from macro arguments keep their own.
    pub span: Span,
    /// First token on its line (directives start with such a `#`).
    pub line_start: bool,
    /// Whitespace or a comment precedes it (for stringizing).
    pub space_before: bool,
    /// Names of the macros whose expansion produced this token; they are not
    /// expanded again inside it (the C "hide set").
    pub hideset: Vec<SmolStr>,
}

impl Token {
    /// A token of `kind` with spelling `text` at `span`, on no new line, with
    /// no whitespace before it and an empty hide set.
    pub fn new(kind: TokenKind, text: impl Into<SmolStr>, span: Span) -> Token {
        Token {
            kind,
            text: text.into(),
            span,
            line_start: false,
            space_before: false,
            hideset: Vec::new(),
        }
    }

    /// Whether this is the punctuator `p`.
    pub fn is_punct(&self, p: &str) -> bool {
        self.kind == TokenKind::Punct && same_text(&self.text, p)
    }

    /// Whether this is the identifier or keyword `name`.
    pub fn is_ident(&self, name: &str) -> bool {
        self.kind == TokenKind::Ident && same_text(&self.text, name)
    }
}

/// String equality that rejects on length and first byte before comparing
/// the rest: the parser asks "is this `;`?" of nearly every token, and a
/// library `memcmp` call costs more than these checks.
fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.first() == b.first() && a == b
}

/// Punctuators, longest first so the first match is the longest.
const PUNCTUATORS: &[&str] = &[
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "::", "##",
];

/// ASCII letters, digits and `_` (the identifier bytes the lexer skips in
/// its inner loop, one table load each).
const ASCII_IDENT: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_';
        c += 1;
    }
    t
};

/// The first bytes of [`PUNCTUATORS`] (a unit test checks the two agree).
const MULTI_BYTE_PUNCT_STARTS: &[u8] = b"<>.-+*/%&|^=!:#";

/// Lexes a whole file. Fails only on an unterminated block comment, after
/// which nothing sensible can follow.
pub fn lex(file: FileId, text: &str) -> Result<Vec<Token>, Diagnostic> {
    let mut interner = Interner::default();
    let mut lexer = Lexer::new(file, Arc::new(text.to_string()));
    let mut tokens = Vec::new();
    while let Some(t) = lexer.next_token(&mut interner)? {
        tokens.push(t);
    }
    Ok(tokens)
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

/// A small, fast hash for short identifier strings (the multiply-rotate
/// scheme of rustc's `FxHasher`). Keys come from source files, which are
/// trusted input to a compiler, so no protection against collisions is
/// needed.
#[derive(Clone, Copy, Default)]
pub struct FastHasher(u64);

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl std::hash::Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(little_endian_word(c));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            self.add(little_endian_word(rest));
        }
    }

    fn write_u8(&mut self, b: u8) {
        self.add(u64::from(b));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        // The multiply mixes upward: bring the well-mixed high bits down to
        // where hash tables take the bucket index from.
        self.0.rotate_left(26)
    }
}

/// Up to eight bytes as one word (without a `memcpy` call or a loop over
/// the bytes): eight bytes are one read, four to seven two overlapping
/// 4-byte reads (the last four in the low half), one to three the first,
/// middle and last byte. Different
/// short texts of one length give different words; texts of different
/// lengths may share one, which only costs a cache miss in the spelling
/// cache (hashes decide slots, never equality).
fn little_endian_word(bytes: &[u8]) -> u64 {
    let four = |at: usize| {
        bytes
            .get(at..at + 4)
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .map_or(0, |w| u64::from(u32::from_le_bytes(w)))
    };
    match bytes.len() {
        0 => 0,
        n @ 1..=3 => {
            u64::from(bytes[0]) | u64::from(bytes[n / 2]) << 8 | u64::from(bytes[n - 1]) << 16
        }
        // The last bytes low: names mostly differ at their ends, and the
        // multiply carries low bits into every higher one, not back down.
        n @ 4..=7 => four(n - 4) | four(0) << 32,
        _ => bytes
            .get(..8)
            .and_then(|b| <[u8; 8]>::try_from(b).ok())
            .map_or(0, u64::from_le_bytes),
    }
}

/// Builds [`FastHasher`]s for the front end's maps.
pub type FastHash = std::hash::BuildHasherDefault<FastHasher>;

/// Slots of the cache of long spellings of a preprocessor run.
const SPELLING_SLOTS: usize = 256;

/// The longest spelling [`SmolStr`] stores inline (its own limit, which it
/// does not export).
const INLINE_SPELLING: usize = 23;

/// Makes the texts of tokens. A spelling of up to [`INLINE_SPELLING`]
/// bytes, which is every punctuator and keyword and nearly every name,
/// is stored inside the token: making, cloning and dropping such a token
/// touches no memory shared with another token. That matters because the
/// preprocessor, the parser and lowering run on different threads: with
/// shared, reference-counted texts, the count of `;` or `float4` moved
/// between the cores on every token. A longer spelling is allocated once
/// and shared through a small direct-mapped cache (identity of texts never
/// matters, only their contents).
#[derive(Default)]
pub struct Interner {
    /// Empty for an interner that caches nothing (one-off lexing).
    slots: Vec<Option<SmolStr>>,
}

impl Interner {
    /// An interner with a cache.
    pub fn cached() -> Interner {
        Interner {
            slots: vec![None; SPELLING_SLOTS],
        }
    }

    /// The text for `text`: inline when it is short, else a cached copy if
    /// this spelling was seen recently, else a new allocation that is then
    /// cached.
    pub fn intern(&mut self, text: &str) -> SmolStr {
        if text.len() <= INLINE_SPELLING {
            // A byte loop: cheaper than a `memcpy` call for a few bytes.
            return SmolStr::new_inline(text);
        }
        if self.slots.is_empty() {
            return SmolStr::new(text);
        }
        let mut h = FastHasher::default();
        std::hash::Hasher::write(&mut h, text.as_bytes());
        let slot = (std::hash::Hasher::finish(&h) as usize) % SPELLING_SLOTS;
        match self.slots.get_mut(slot) {
            Some(Some(t)) if same_text(t, text) => t.clone(),
            Some(entry) => entry.insert(SmolStr::new(text)).clone(),
            None => SmolStr::new(text),
        }
    }
}

/// Where backslash-newline pairs were removed (translation phase 2): each
/// entry is a position in the spliced text and how many physical bytes were
/// removed before it. Empty for the usual file without continuations.
struct Splices {
    at: Vec<(u32, u32)>,
}

impl Splices {
    /// The physical byte of spliced position `pos`.
    fn physical(&self, pos: usize) -> u32 {
        let pos = u32::try_from(pos).unwrap_or(u32::MAX);
        if self.at.is_empty() {
            return pos;
        }
        let i = self.at.partition_point(|&(p, _)| p <= pos);
        let removed = i
            .checked_sub(1)
            .and_then(|i| self.at.get(i))
            .map_or(0, |e| e.1);
        pos.saturating_add(removed)
    }
}

/// `text` without its backslash-newline pairs, and where they were; `None`
/// when there are none (then the text is used as it is).
fn splice(text: &str) -> Option<(String, Splices)> {
    let bytes = text.as_bytes();
    let continuation = |i: usize| match (bytes.get(i + 1), bytes.get(i + 2)) {
        (Some(b'\n'), _) => Some(2),
        (Some(b'\r'), Some(b'\n')) => Some(3),
        _ => None,
    };
    // `find` looks for the backslashes with `memchr`.
    let mut from = 0;
    let first = loop {
        let i = from + text.get(from..)?.find('\\')?;
        if continuation(i).is_some() {
            break i;
        }
        from = i + 1;
    };
    let mut out = String::with_capacity(text.len());
    let mut at = Vec::new();
    let mut removed = 0u32;
    let mut copied_to = 0;
    let mut i = first;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            if let Some(n) = continuation(i) {
                out.push_str(text.get(copied_to..i).unwrap_or(""));
                removed += n as u32;
                i += n;
                copied_to = i;
                at.push((u32::try_from(out.len()).unwrap_or(u32::MAX), removed));
                continue;
            }
        }
        i += 1;
    }
    out.push_str(text.get(copied_to..).unwrap_or(""));
    Some((out, Splices { at }))
}

/// Turns one file into tokens on demand.
///
/// It works on the "logical" text: backslash-newline pairs are removed first
/// (only for files that have any), but token spans are mapped back to the
/// physical text.
pub struct Lexer {
    file: FileId,
    /// The logical text: the file's own text unless it had continuations.
    text: Arc<String>,
    splices: Splices,
    /// Physical length of the file.
    end_byte: u32,
    pos: usize,
    line_start: bool,
}

impl Lexer {
    /// A lexer over one file's `text`. Backslash-newline splices are removed
    /// first; spans still point at the physical bytes.
    pub fn new(file: FileId, text: Arc<String>) -> Lexer {
        let end_byte = u32::try_from(text.len()).unwrap_or(u32::MAX);
        let (text, splices) = match splice(&text) {
            Some((logical, splices)) => (Arc::new(logical), splices),
            None => (text, Splices { at: Vec::new() }),
        };
        Lexer {
            file,
            text,
            splices,
            end_byte,
            pos: 0,
            line_start: true,
        }
    }

    /// The file being lexed.
    pub fn file(&self) -> FileId {
        self.file
    }

    /// The physical end of the file (where its end-of-file token goes).
    pub fn end_byte(&self) -> u32 {
        self.end_byte
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.text.as_bytes().get(at).copied()
    }

    /// The character at byte `at` of the logical text.
    fn char_at(&self, at: usize) -> Option<char> {
        match self.byte(at)? {
            b if b.is_ascii() => Some(char::from(b)),
            _ => self.text.get(at..)?.chars().next(),
        }
    }

    /// Byte just past the character at `at`.
    fn after_char(&self, at: usize) -> usize {
        at + self.char_at(at).map_or(1, char::len_utf8)
    }

    fn span(&self, start: usize, end: usize) -> Span {
        let s = self.physical(start);
        let e = if end > start {
            // Continuations never split a character, so the last byte of
            // the token maps one-to-one.
            self.physical(end - 1).saturating_add(1)
        } else {
            s
        };
        Span::new(self.file, s, e)
    }

    fn physical(&self, at: usize) -> u32 {
        if at >= self.text.len() {
            return self.end_byte;
        }
        self.splices.physical(at)
    }

    /// Finds the first unterminated block comment, so a file that has one
    /// can be rejected before any of its tokens is used (as a whole-file
    /// lexer would). Only files containing `/*` need the scan.
    pub fn check_comments(&self) -> Result<(), Diagnostic> {
        if !self.text.contains("/*") {
            return Ok(());
        }
        let mut scan = Lexer {
            file: self.file,
            text: self.text.clone(),
            splices: Splices {
                at: self.splices.at.clone(),
            },
            end_byte: self.end_byte,
            pos: self.pos,
            line_start: self.line_start,
        };
        while scan.next_raw()?.is_some() {}
        Ok(())
    }

    /// The next token, `None` at the end of the text.
    pub fn next_token(&mut self, interner: &mut Interner) -> Result<Option<Token>, Diagnostic> {
        let Some(raw) = self.next_raw()? else {
            return Ok(None);
        };
        let spelling = self.text.get(raw.start..raw.end).unwrap_or("");
        let text = interner.intern(spelling);
        Ok(Some(Token {
            kind: raw.kind,
            text,
            span: self.span(raw.start, raw.end),
            line_start: raw.line_start,
            space_before: raw.space_before,
            hideset: Vec::new(),
        }))
    }

    /// Skips whitespace and comments and consumes one token.
    fn next_raw(&mut self) -> Result<Option<RawToken>, Diagnostic> {
        let mut space_before = false;
        loop {
            let Some(b) = self.byte(self.pos) else {
                return Ok(None);
            };
            match b {
                b'\n' => {
                    self.pos += 1;
                    self.line_start = true;
                    space_before = true;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                    self.pos += 1;
                    space_before = true;
                }
                b'/' if self.byte(self.pos + 1) == Some(b'/') => {
                    let rest = self.text.as_bytes().get(self.pos..).unwrap_or(&[]);
                    self.pos += rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
                    space_before = true;
                }
                b'/' if self.byte(self.pos + 1) == Some(b'*') => {
                    let start = self.pos;
                    let body = self.text.get(start + 2..).unwrap_or("");
                    let Some(close) = body.find("*/") else {
                        return Err(Diagnostic::error(
                            self.span(start, start + 2),
                            "unterminated block comment",
                        )
                        .with_help("close the comment with `*/`"));
                    };
                    self.pos = start + 2 + close + 2;
                    space_before = true;
                }
                _ if !b.is_ascii() && self.char_at(self.pos).is_some_and(char::is_whitespace) => {
                    self.pos = self.after_char(self.pos);
                    space_before = true;
                }
                _ => break,
            }
        }
        let start = self.pos;
        let kind = self.token();
        let raw = RawToken {
            kind,
            start,
            end: self.pos,
            line_start: self.line_start,
            space_before,
        };
        self.line_start = false;
        Ok(Some(raw))
    }

    fn is_ident_char(&self, at: usize) -> bool {
        match self.byte(at) {
            Some(b) if b.is_ascii() => b.is_ascii_alphanumeric() || b == b'_',
            Some(_) => self.char_at(at).is_some_and(char::is_alphanumeric),
            None => false,
        }
    }

    /// Moves the cursor past identifier characters.
    fn skip_ident_chars(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            if ASCII_IDENT[usize::from(b)] {
                self.pos += 1;
            } else if !b.is_ascii() && self.is_ident_char(self.pos) {
                self.pos = self.after_char(self.pos);
            } else {
                break;
            }
        }
    }

    /// Consumes one token at the cursor (not whitespace) and says what it is.
    fn token(&mut self) -> TokenKind {
        let Some(c) = self.char_at(self.pos) else {
            return TokenKind::Punct;
        };
        if c.is_alphabetic() || c == '_' {
            self.pos = self.after_char(self.pos);
            self.skip_ident_chars();
            return TokenKind::Ident;
        }
        let next = self.byte(self.pos + 1);
        if c.is_ascii_digit() || (c == '.' && next.is_some_and(|d| d.is_ascii_digit())) {
            self.pos += 1;
            while let Some(b) = self.byte(self.pos) {
                if matches!(b, b'e' | b'E' | b'p' | b'P')
                    && matches!(self.byte(self.pos + 1), Some(b'+' | b'-'))
                {
                    self.pos += 2;
                } else if b == b'.' || self.is_ident_char(self.pos) {
                    self.pos = self.after_char(self.pos);
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
                match self.byte(self.pos) {
                    None | Some(b'\n') => break,
                    Some(b'\\') => {
                        self.pos += 1;
                        if self.pos < self.text.len() {
                            self.pos = self.after_char(self.pos);
                        }
                    }
                    Some(q) if char::from(q) == c => {
                        self.pos += 1;
                        return if c == '"' {
                            TokenKind::Str
                        } else {
                            TokenKind::Char
                        };
                    }
                    Some(_) => self.pos = self.after_char(self.pos),
                }
            }
            if c == '"' {
                return TokenKind::UnterminatedStr;
            }
            // A lone apostrophe (e.g. in prose inside `#if 0`) is just punctuation.
            self.pos = start + 1;
            return TokenKind::Punct;
        }
        let rest = self.text.as_bytes().get(self.pos..).unwrap_or(&[]);
        // Most punctuation (`;`, `{`, `,`) starts no longer punctuator.
        if rest
            .first()
            .is_some_and(|b| MULTI_BYTE_PUNCT_STARTS.contains(b))
        {
            if let Some(p) = PUNCTUATORS.iter().find(|p| rest.starts_with(p.as_bytes())) {
                self.pos += p.len();
                return TokenKind::Punct;
            }
        }
        self.pos = self.after_char(self.pos);
        TokenKind::Punct
    }
}

/// A token before its text is interned: byte range of the logical text.
struct RawToken {
    kind: TokenKind,
    start: usize,
    end: usize,
    line_start: bool,
    space_before: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceMap;

    #[test]
    fn multi_byte_punctuators_start_with_the_listed_bytes() {
        let mut starts: Vec<u8> = PUNCTUATORS.iter().map(|p| p.as_bytes()[0]).collect();
        starts.sort_unstable();
        starts.dedup();
        let mut listed = MULTI_BYTE_PUNCT_STARTS.to_vec();
        listed.sort_unstable();
        assert_eq!(starts, listed);
    }

    #[test]
    fn short_words_are_read_whole() {
        assert_eq!(little_endian_word(b""), 0);
        assert_eq!(little_endian_word(b"a"), 0x61_61_61);
        assert_eq!(little_endian_word(b"ab"), 0x62_62_61);
        assert_eq!(little_endian_word(b"abcde"), 0x64_63_62_61_65_64_63_62);
        assert_eq!(
            little_endian_word(b"abcdefgh"),
            u64::from_le_bytes(*b"abcdefgh")
        );
        assert_ne!(little_endian_word(b"m0_1"), little_endian_word(b"m0_2"));
    }

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
        assert_eq!(toks[1].text.as_str(), "x");
    }

    #[test]
    fn spans_of_continued_tokens_cover_their_physical_bytes() {
        let src = "ab\\\ncd ef\\\r\n+ \"s\\\nt\"";
        let mut sm = SourceMap::new();
        let f = sm.add("t", None, src.into());
        let toks = lex(f, src).unwrap();
        let got: Vec<(&str, u32, u32)> = toks
            .iter()
            .map(|t| (&*t.text, t.span.start, t.span.end))
            .collect();
        assert_eq!(
            got,
            [
                ("abcd", 0, 6),
                ("ef", 7, 9),
                ("+", 12, 13),
                ("\"st\"", 14, 20)
            ]
        );
    }

    #[test]
    fn short_texts_are_inline_and_long_ones_shared_through_eviction() {
        let mut cache = Interner::cached();
        let short = cache.intern("float4");
        assert!(!short.is_heap_allocated());
        assert_eq!(short, "float4");
        // The longest inline spelling (`SmolStr::new_inline` panics beyond
        // its own limit, so this pins the two limits together).
        let edge = "a".repeat(INLINE_SPELLING);
        assert!(!cache.intern(&edge).is_heap_allocated());
        assert!(cache.intern(&format!("{edge}b")).is_heap_allocated());
        let long = "g_PreviousViewProjectionMatrix";
        let (a, b) = (cache.intern(long), cache.intern(long));
        assert!(a.is_heap_allocated());
        assert_eq!(
            a.as_ptr(),
            b.as_ptr(),
            "one allocation for a repeated long spelling"
        );
        // Far more long spellings than slots: every text is still right.
        for i in 0..3 * SPELLING_SLOTS {
            let name = format!("{long}_{i}");
            assert_eq!(&*cache.intern(&name), name);
        }
        assert_eq!(&*cache.intern(long), long);
        assert_eq!(&*Interner::default().intern(long), long);
    }
}
