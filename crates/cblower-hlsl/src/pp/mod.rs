//! The C preprocessor as DXC and Clang's HLSL mode run it.
//!
//! # Why this is hand-written
//!
//! Existing crates were evaluated first (`cargo info`; `cargo search` did not
//! answer from this machine):
//!
//! - `gpp` 0.6: object-like macros only, no `#if`/`#elif` expressions, no
//!   function-like macros, `#include file` without quotes, no spans.
//! - `pp-rs` 0.2 (naga's GLSL preprocessor): has function-like macros and
//!   `#if`, but follows GLSL rules: no `#include`, no `#` / `##`, and `#line`
//!   takes a source-string number instead of a file name.
//! - `shader-prepper` 0.3 and `glsl-include` 0.3: only `#include` expansion;
//!   every other directive is copied through for a real compiler to handle.
//! - `mcpp` bindings: not published on crates.io (and would be C code behind
//!   FFI, which this workspace avoids).
//!
//! None keeps a span per output token, which the diagnostics and the layout
//! error reporting need (a member's span must survive `#include` and macro
//! expansion). So this module implements the directives itself, on the
//! tokens of [`crate::lexer`].
//!
//! # What it does
//!
//! `#include "..."`/`<...>`, object- and function-like `#define` (with `#`,
//! `##`, `__VA_ARGS__` and GNU `, ## __VA_ARGS__`), `#undef`,
//! `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif`, `#line`, `#error`,
//! `#warning`, `#pragma once`, and `#pragma pack_matrix(...)`, which is passed
//! to the parser as a [`TokenKind::PackMatrix`] token at its position. Other
//! pragmas are ignored. Command-line `-D` defines are run as `#define` lines
//! of a pseudo-file named `<command line>`, so errors in them have a location.

mod expr;
mod input;
mod macros;

use smol_str::SmolStr;
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::{Path, PathBuf};

use cblower_layout::MatrixOrder;

use crate::diag::{Diagnostic, Diagnostics};
use crate::lexer::{FastHash, Token, TokenKind};
use crate::source::{FileId, SourceMap, Span};
use crate::FrontendOptions;

pub use expr::parse_int_literal;
use input::{Input, TokenStack};
use macros::{parse_define, Macro};

/// Deepest `#include`, `#if` and macro-argument nesting accepted.
pub const MAX_DEPTH: usize = 256;

/// The preprocessed token stream of a translation unit.
#[cfg(test)]
#[derive(Debug)]
pub struct Preprocessed {
    /// The tokens left after directives and macro expansion, in order.
    pub tokens: Vec<Token>,
    /// `#warning`s.
    pub warnings: Diagnostics,
}

/// Runs the preprocessor on `main`, which must already be in `sources`;
/// included files are added to `sources` as they are read. The whole token
/// stream is collected; the front end itself pulls tokens one at a time
/// from a [`Preprocessor`] instead.
#[cfg(test)]
pub fn preprocess(
    main: FileId,
    sources: &mut SourceMap,
    opts: &FrontendOptions,
) -> Result<Preprocessed, Diagnostics> {
    let mut pp = Preprocessor::new(main, sources, opts);
    let mut tokens = Vec::new();
    while let Some(t) = pp.next_token() {
        tokens.push(t);
    }
    let diags = pp.finish();
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(Preprocessed {
        tokens,
        warnings: diags,
    })
}

/// One file being read.
struct Frame {
    file: FileId,
    /// Canonical path (or name for in-memory files): identity for include
    /// cycles and `#pragma once`.
    key: PathBuf,
    /// How many `#if`s were open when the file was entered.
    conds_at_entry: usize,
}

/// One open `#if` group.
struct Cond {
    span: Span,
    /// Some group of this `#if` chain has been taken.
    taken: bool,
    seen_else: bool,
}

/// The preprocessor of one translation unit, run on demand: each
/// [`Preprocessor::next_token`] reads input only until the next output token
/// is known.
pub struct Preprocessor<'a> {
    sources: &'a mut SourceMap,
    opts: &'a FrontendOptions,
    macros: HashMap<SmolStr, Macro, FastHash>,
    /// First bytes of every macro name ever defined: an identifier starting
    /// with another byte needs no lookup (most do not name a macro).
    macro_initials: [bool; 256],
    /// Tokens still to read.
    input: Input,
    frames: Vec<Frame>,
    conds: Vec<Cond>,
    once: HashSet<PathBuf>,
    /// Output tokens not yet handed out.
    out: VecDeque<Token>,
    diags: Diagnostics,
    expanded_tokens: usize,
    /// An error after which nothing more is read (runaway `#include`).
    fatal: bool,
    /// Nothing more will be read.
    done: bool,
}

impl<'a> Preprocessor<'a> {
    /// Opens `main` (already in `sources`) and the command-line defines.
    pub fn new(
        main: FileId,
        sources: &'a mut SourceMap,
        opts: &'a FrontendOptions,
    ) -> Preprocessor<'a> {
        let mut pp = Preprocessor {
            sources,
            opts,
            macros: HashMap::default(),
            macro_initials: [false; 256],
            input: Input::new(),
            frames: Vec::new(),
            conds: Vec::new(),
            once: HashSet::new(),
            out: VecDeque::new(),
            diags: Diagnostics::new(),
            expanded_tokens: 0,
            fatal: false,
            done: false,
        };
        let key = pp
            .sources
            .path(main)
            .map(canonical)
            .unwrap_or_else(|| PathBuf::from(pp.sources.name(main)));
        if pp.enter_file(main, key) {
            let cmdline = pp.command_line_file();
            pp.enter_file(cmdline, PathBuf::from("<command line>"));
        } else {
            pp.done = true;
        }
        pp
    }

    /// The next output token; `None` at the end of the translation unit or
    /// after an error that stops preprocessing.
    pub fn next_token(&mut self) -> Option<Token> {
        loop {
            if let Some(t) = self.out.pop_front() {
                return Some(t);
            }
            if self.done {
                return None;
            }
            let Some(tok) = self.input.pop() else {
                self.done = true;
                continue;
            };
            let r = self.step(tok);
            if !self.input.errors.is_empty() {
                for d in std::mem::take(&mut self.input.errors) {
                    self.diags.push(d);
                }
            }
            match r {
                // `out` was empty (or `step` would not have run): this token
                // is next.
                Ok(Some(t)) if self.out.is_empty() => return Some(t),
                Ok(Some(t)) => self.out.push_back(t),
                Ok(None) => {}
                Err(d) => {
                    self.diags.push(d);
                    // An error inside macro expansion may leave garbage; stop at
                    // errors that leave the input in an unknown state.
                    if self.fatal || self.diags.len() > 50 {
                        self.done = true;
                    }
                }
            }
        }
    }

    /// Reads the rest of the input (so every error is found) and returns
    /// the diagnostics: `#warning`s and errors, in source order.
    pub fn finish(mut self) -> Diagnostics {
        while self.next_token().is_some() {}
        self.diags
    }

    /// The `-D` options and predefined macros, as `#define` lines.
    fn command_line_file(&mut self) -> FileId {
        let mut text = String::from("#define __HLSL_VERSION 2021\n");
        if self.opts.native_16bit {
            text.push_str("#define __HLSL_ENABLE_16_BIT 1\n");
        }
        for (name, value) in &self.opts.defines {
            text.push_str(&format!(
                "#define {name} {}\n",
                value.as_deref().unwrap_or("1")
            ));
        }
        self.sources.add("<command line>", None, text)
    }

    /// Starts reading `file`. Returns false on a lexer error (an
    /// unterminated block comment: then none of the file is read).
    fn enter_file(&mut self, file: FileId, key: PathBuf) -> bool {
        if let Err(d) = self.input.enter(file, self.sources.shared_text(file)) {
            self.diags.push(d);
            return false;
        }
        self.frames.push(Frame {
            file,
            key,
            conds_at_entry: self.conds.len(),
        });
        true
    }

    /// Handles one input token: a directive, a macro to expand, or a token
    /// that is output as it is (returned, the common case).
    fn step(&mut self, tok: Token) -> Result<Option<Token>, Diagnostic> {
        match tok.kind {
            TokenKind::EndOfFile => {
                self.leave_file();
                Ok(None)
            }
            TokenKind::Punct if tok.line_start && &*tok.text == "#" && tok.hideset.is_empty() => {
                let line = self.take_line();
                self.directive(&tok, line).map(|()| None)
            }
            TokenKind::UnterminatedStr => {
                Err(Diagnostic::error(tok.span, "unterminated string literal")
                    .with_help("close the string with `\"` on the same line"))
            }
            TokenKind::Ident if self.may_expand(&tok) => {
                let mut input = std::mem::take(&mut self.input);
                let r = self.try_expand(&tok, &mut input, 0);
                self.input = input;
                Ok(if r? { None } else { Some(tok) })
            }
            _ => Ok(Some(tok)),
        }
    }

    fn leave_file(&mut self) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        self.input.leave();
        while self.conds.len() > frame.conds_at_entry {
            if let Some(c) = self.conds.pop() {
                self.diags.push(
                    Diagnostic::error(c.span, "unterminated conditional directive")
                        .with_help("add a matching `#endif` before the end of this file"),
                );
            }
        }
    }

    /// The rest of the current directive line.
    fn take_line(&mut self) -> Vec<Token> {
        let mut line = Vec::new();
        while let Some(t) = self.input.peek() {
            if t.line_start || t.kind == TokenKind::EndOfFile {
                break;
            }
            if let Some(t) = self.input.pop() {
                line.push(t);
            }
        }
        line
    }

    fn current_file(&self) -> Option<&Frame> {
        self.frames.last()
    }

    fn directive(&mut self, hash: &Token, line: Vec<Token>) -> Result<(), Diagnostic> {
        let Some(name) = line.first() else {
            return Ok(()); // the null directive `#`
        };
        let name_text = name.text.to_string();
        let span = hash.span.to(name.span);
        let args = line.get(1..).unwrap_or(&[]);
        match name_text.as_str() {
            "define" => {
                let m = parse_define(args, span)?;
                let initial = m.name.as_bytes().first().copied().unwrap_or(0);
                self.macro_initials[usize::from(initial)] = true;
                self.macros.insert(m.name.clone(), m);
            }
            "undef" => match args.first() {
                Some(t) if t.kind == TokenKind::Ident => {
                    self.macros.remove(&t.text);
                }
                _ => {
                    return Err(Diagnostic::error(span, "expected a macro name after `#undef`")
                        .with_help("write `#undef NAME`"))
                }
            },
            "include" => self.include(span, args)?,
            "if" => {
                // A bad condition still opens the group (as false), so its
                // `#endif` does not cause a second error.
                let v = self.condition(span, args);
                self.open_cond(span, *v.as_ref().unwrap_or(&false))?;
                v?;
            }
            "ifdef" | "ifndef" => {
                let Some(t) = args.first().filter(|t| t.kind == TokenKind::Ident) else {
                    return Err(Diagnostic::error(
                        span,
                        format!("expected a macro name after `#{name_text}`"),
                    )
                    .with_help(format!("write `#{name_text} NAME`")));
                };
                let defined = self.is_defined(&t.text);
                self.open_cond(span, defined == (name_text == "ifdef"))?;
            }
            "elif" => {
                let Some(c) = self.conds.last() else {
                    return Err(unmatched(span, "#elif"));
                };
                if c.seen_else {
                    return Err(Diagnostic::error(span, "`#elif` after `#else`")
                        .with_help("move the `#elif` before the `#else`"));
                }
                if c.taken {
                    self.skip_group();
                } else {
                    let v = self.condition(span, args);
                    let taken = *v.as_ref().unwrap_or(&false);
                    if let Some(c) = self.conds.last_mut() {
                        c.taken = taken;
                    }
                    if !taken {
                        self.skip_group();
                    }
                    v?;
                }
            }
            "else" => {
                let Some(c) = self.conds.last_mut() else {
                    return Err(unmatched(span, "#else"));
                };
                if c.seen_else {
                    return Err(Diagnostic::error(span, "`#else` after `#else`")
                        .with_help("a conditional can have only one `#else`"));
                }
                c.seen_else = true;
                if c.taken {
                    self.skip_group();
                } else {
                    c.taken = true;
                }
            }
            "endif" => {
                if self.conds.len() <= self.current_file().map_or(0, |f| f.conds_at_entry) {
                    return Err(unmatched(span, "#endif"));
                }
                self.conds.pop();
            }
            "line" => self.line_directive(hash, span, args)?,
            "error" => {
                let text = self.rest_text(args);
                return Err(Diagnostic::error(span, format!("#error {text}").trim_end().to_string())
                    .with_help("this `#error` was reached; check the -D defines and the `#if` conditions around it"));
            }
            "warning" => {
                let text = self.rest_text(args);
                self.diags.push(
                    Diagnostic::warning(span, format!("#warning {text}").trim_end().to_string())
                        .with_help("this `#warning` was reached"),
                );
            }
            "pragma" => self.pragma(span, args)?,
            _ => {
                return Err(Diagnostic::error(
                    span,
                    format!("unknown preprocessor directive `#{name_text}`"),
                )
                .with_help("known directives are #include, #define, #undef, #if, #ifdef, #ifndef, #elif, #else, #endif, #line, #error, #warning and #pragma"))
            }
        }
        Ok(())
    }

    /// Whether an identifier names a macro (so expansion must be tried).
    fn may_expand(&self, tok: &Token) -> bool {
        let initial = tok.text.as_bytes().first().copied().unwrap_or(0);
        (self.macro_initials[usize::from(initial)] && self.macros.contains_key(&*tok.text))
            || matches!(&*tok.text, "__LINE__" | "__FILE__")
    }

    fn is_defined(&self, name: &str) -> bool {
        self.macros.contains_key(name) || matches!(name, "__LINE__" | "__FILE__")
    }

    fn open_cond(&mut self, span: Span, taken: bool) -> Result<(), Diagnostic> {
        if self.conds.len() >= MAX_DEPTH {
            return Err(Diagnostic::error(
                span,
                format!("`#if` nesting is too deep (more than {MAX_DEPTH} levels)"),
            )
            .with_help("flatten the conditionals"));
        }
        self.conds.push(Cond {
            span,
            taken,
            seen_else: false,
        });
        if !taken {
            self.skip_group();
        }
        Ok(())
    }

    /// Skips tokens up to (not including) the `#elif`, `#else` or `#endif`
    /// that ends the current group, or the end of the file.
    fn skip_group(&mut self) {
        let mut nesting = 0usize;
        loop {
            let Some(t) = self.input.peek() else { return };
            if t.kind == TokenKind::EndOfFile {
                return;
            }
            let is_directive = t.line_start && t.is_punct("#");
            if is_directive {
                let name = self
                    .input
                    .peek_second()
                    .filter(|n| !n.line_start)
                    .map(|n| n.text.clone());
                match name.as_deref().unwrap_or("") {
                    "if" | "ifdef" | "ifndef" => nesting += 1,
                    "elif" | "else" if nesting == 0 => return,
                    "endif" if nesting == 0 => return,
                    "endif" => nesting -= 1,
                    _ => {}
                }
            }
            self.input.pop();
        }
    }

    /// Evaluates a `#if`/`#elif` condition.
    fn condition(&mut self, span: Span, args: &[Token]) -> Result<bool, Diagnostic> {
        if args.is_empty() {
            return Err(
                Diagnostic::error(span, "expected an expression after the directive")
                    .with_help("write a condition such as `#if defined(NAME) && NAME > 1`"),
            );
        }
        // Replace `defined X` / `defined(X)` before expanding macros.
        let mut replaced = Vec::new();
        let mut i = 0;
        while let Some(t) = args.get(i) {
            if t.is_ident("defined") {
                let (name, used) = match (args.get(i + 1), args.get(i + 2), args.get(i + 3)) {
                    (Some(n), _, _) if n.kind == TokenKind::Ident => (Some(n), 2),
                    (Some(o), Some(n), Some(c))
                        if o.is_punct("(") && n.kind == TokenKind::Ident && c.is_punct(")") =>
                    {
                        (Some(n), 4)
                    }
                    _ => (None, 1),
                };
                let Some(name) = name else {
                    return Err(
                        Diagnostic::error(t.span, "expected a macro name after `defined`")
                            .with_help("write `defined(NAME)` or `defined NAME`"),
                    );
                };
                let value = if self.is_defined(&name.text) {
                    "1"
                } else {
                    "0"
                };
                replaced.push(Token::new(TokenKind::Number, value, name.span));
                i += used;
                continue;
            }
            replaced.push(t.clone());
            i += 1;
        }
        let expanded = self.expand_list(replaced, 1)?;
        expr::evaluate(&expanded, span).map(|v| v != 0)
    }

    fn rest_text(&self, args: &[Token]) -> String {
        match (args.first(), args.last()) {
            (Some(a), Some(b)) => self.sources.snippet(a.span.to(b.span)).to_string(),
            _ => String::new(),
        }
    }

    fn line_directive(
        &mut self,
        hash: &Token,
        span: Span,
        args: &[Token],
    ) -> Result<(), Diagnostic> {
        let args = self.expand_list(args.to_vec(), 1)?;
        let number = args
            .first()
            .filter(|t| t.kind == TokenKind::Number)
            .and_then(|t| t.text.parse::<u32>().ok());
        let Some(number) = number else {
            return Err(
                Diagnostic::error(span, "expected a line number after `#line`")
                    .with_help("write `#line 42` or `#line 42 \"file.hlsl\"`"),
            );
        };
        let name = match args.get(1) {
            None => None,
            Some(t) if t.kind == TokenKind::Str => Some(unquote(&t.text)),
            Some(t) => {
                return Err(Diagnostic::error(
                    t.span,
                    "expected a file name in quotes after the `#line` number",
                )
                .with_help("write `#line 42 \"file.hlsl\"`"))
            }
        };
        if let Some(frame) = self.current_file() {
            let file = frame.file;
            self.sources
                .add_line_remap(file, hash.span.start, number, name);
        }
        Ok(())
    }

    fn pragma(&mut self, span: Span, args: &[Token]) -> Result<(), Diagnostic> {
        let Some(first) = args.first() else {
            return Ok(());
        };
        match &*first.text {
            "once" => {
                if let Some(f) = self.current_file() {
                    let key = f.key.clone();
                    self.once.insert(key);
                }
            }
            "pack_matrix" => {
                let arg = match (args.get(1), args.get(2), args.get(3)) {
                    (Some(o), Some(a), Some(c)) if o.is_punct("(") && c.is_punct(")") => Some(a),
                    _ => None,
                };
                let order = match arg.map(|a| &*a.text) {
                    Some("row_major") => MatrixOrder::RowMajor,
                    Some("column_major") => MatrixOrder::ColumnMajor,
                    _ => {
                        return Err(Diagnostic::error(
                            span.to(args.last().map_or(span, |t| t.span)),
                            "malformed `#pragma pack_matrix`",
                        )
                        .with_help("write `#pragma pack_matrix(row_major)` or `#pragma pack_matrix(column_major)`"))
                    }
                };
                let empty = self.input.interner().intern("");
                self.out
                    .push_back(Token::new(TokenKind::PackMatrix(order), empty, first.span));
            }
            _ => {}
        }
        Ok(())
    }

    fn include(&mut self, span: Span, args: &[Token]) -> Result<(), Diagnostic> {
        let (name, quoted, name_span) = match self.include_operand(args) {
            Some(x) => x,
            None => {
                let expanded = self.expand_list(args.to_vec(), 1)?;
                self.include_operand(&expanded).ok_or_else(|| {
                    Diagnostic::error(span, "expected \"file\" or <file> after `#include`")
                        .with_help("write `#include \"common.hlsli\"` or `#include <common.hlsli>`")
                })?
            }
        };
        let mut searched = Vec::new();
        if quoted {
            if let Some(dir) = self
                .current_file()
                .and_then(|f| self.sources.path(f.file))
                .and_then(Path::parent)
            {
                searched.push(dir.to_path_buf());
            }
        }
        searched.extend(self.opts.include_dirs.iter().cloned());
        let found = searched.iter().map(|d| d.join(&name)).find(|p| p.is_file());
        let Some(path) = found else {
            let dirs: Vec<String> = searched
                .iter()
                .map(|d| {
                    let s = d.display().to_string();
                    if s.is_empty() {
                        ".".to_string()
                    } else {
                        s
                    }
                })
                .collect();
            let help = if dirs.is_empty() {
                "no directories were searched; add the directory that contains it with -I"
                    .to_string()
            } else {
                format!(
                    "searched {}; add the directory that contains it with -I",
                    dirs.join(", ")
                )
            };
            return Err(
                Diagnostic::error(name_span, format!("cannot find include file `{name}`"))
                    .with_help(help),
            );
        };
        let key = canonical(&path);
        if self.once.contains(&key) {
            return Ok(());
        }
        if self.frames.len() > MAX_DEPTH {
            return Err(self.too_deep(name_span, &key, &path));
        }
        let text = match std::fs::read(&path) {
            Ok(bytes) => String::from_utf8(bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
            Err(e) => {
                return Err(Diagnostic::error(
                    name_span,
                    format!("cannot read include file `{}`: {e}", path.display()),
                )
                .with_help("check the file's permissions"))
            }
        };
        let file = self
            .sources
            .add(path.display().to_string(), Some(path.clone()), text);
        self.enter_file(file, key);
        Ok(())
    }

    /// The error for an `#include` past [`MAX_DEPTH`] open files. It stops
    /// preprocessing (as in clang, where it is fatal): every open file would
    /// otherwise go on to repeat it.
    ///
    /// A file that is already open may be included again, as clang and DXC
    /// allow: an include guard (`#ifndef H` / `#define H`) or another
    /// condition usually ends the recursion on the next level, and the guarded
    /// text is skipped like any false `#if` group. Only a recursion that never
    /// ends reaches this limit; it is then reported as the cycle it is, from
    /// the innermost earlier opening of `key` to the include at hand.
    fn too_deep(&mut self, name_span: Span, key: &Path, path: &Path) -> Diagnostic {
        self.fatal = true;
        let Some(pos) = self.frames.iter().rposition(|f| f.key == key) else {
            return Diagnostic::error(
                name_span,
                format!("`#include` nesting is too deep (more than {MAX_DEPTH} levels)"),
            )
            .with_help("check for headers that include each other");
        };
        let chain: Vec<String> = self.frames[pos..]
            .iter()
            .map(|f| self.sources.name(f.file).to_string())
            .chain(std::iter::once(path.display().to_string()))
            .collect();
        Diagnostic::error(name_span, format!("#include cycle: {}", chain.join(" -> "))).with_help(
            "remove one of these includes, or guard the headers with `#pragma once` or \
             `#ifndef NAME` / `#define NAME` / `#endif`",
        )
    }

    /// `"name"` or `<name>` → (name, quoted, span).
    fn include_operand(&self, args: &[Token]) -> Option<(String, bool, Span)> {
        let first = args.first()?;
        if first.kind == TokenKind::Str {
            return Some((unquote(&first.text), true, first.span));
        }
        if first.is_punct("<") {
            let close = args.iter().position(|t| t.is_punct(">"))?;
            let last = args.get(close)?;
            let span = first.span.to(last.span);
            if first.span.file == last.span.file {
                let text = self.sources.snippet(span);
                let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
                return Some((inner.trim().to_string(), false, span));
            }
            let inner: String = args.get(1..close)?.iter().map(|t| &*t.text).collect();
            return Some((inner, false, span));
        }
        None
    }
}

fn unmatched(span: Span, directive: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{directive}` without `#if`"))
        .with_help("remove it, or add the `#if` it belongs to")
}

fn unquote(s: &str) -> String {
    s.strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(s)
        .to_string()
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

#[cfg(test)]
mod tests;
