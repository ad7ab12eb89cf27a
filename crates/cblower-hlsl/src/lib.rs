//! HLSL declaration front end: reads whole shader files and returns the
//! constant buffers they declare as `cblower-layout` [`BufferDecl`]s, the
//! resources they bind, and where each was written.
//!
//! # Guide
//!
//! [`parse_file`] (a file on disk, `#include`s resolved next to it and in
//! [`FrontendOptions::include_dirs`]) and [`parse_source`] (text in memory)
//! are the entry points. Both return a [`Program`]:
//!
//! - [`Program::buffers`]: every `cbuffer`, `tbuffer`, `ConstantBuffer<T>`
//!   and `TextureBuffer<T>` in source order, with the implicit `$Globals`
//!   buffer (loose global variables) last. Each is a declaration without
//!   offsets; `cblower_layout::layout_buffer` (one buffer) or
//!   `cblower_program::lay_out_program` (all of them, with the `$Globals`
//!   policy of a target) computes the layout.
//! - [`Program::bindings`]: every buffer and resource (`Texture2D`,
//!   `RWStructuredBuffer`, samplers, ...) with its `register(...)` or the
//!   order clang binds it implicitly; [`Program::binding_overlaps`] finds
//!   explicit registers that collide.
//! - [`Program::spans`] and [`Program::binding_spans`]: where each buffer,
//!   member and binding was declared, so a later stage can report an error
//!   at the right line ([`Program::diagnostic`] does it for layout and
//!   planning errors).
//! - [`Program::warnings`] and, on failure, [`ParseError`]: [`Diagnostic`]s
//!   with `file:line:col`, what is wrong and how to fix it, rendered with
//!   `codespan-reporting` against [`Program::sources`].
//!
//! Only declarations matter: function bodies and non-constant initialisers
//! are skipped, so a whole shader can be read. Inside, the pipeline is the
//! preprocessor (spans kept per token) → the parser (declarations only) →
//! lowering (name resolution, templates, array sizes, matrix orders); the
//! three run interleaved, one top-level item at a time, and are private to
//! the crate. What a tool needs besides the [`Program`] is at the root: the
//! diagnostics ([`Diagnostic`], [`Diagnostics`], [`ParseError`]), source
//! locations ([`SourceMap`], [`Span`], [`Location`]) and the raw lexer
//! ([`lex`], [`Token`], [`TokenKind`]) for tools that find declarations in
//! the text again (`cblower check` places its fix-its with it).
//!
//! # Example
//!
//! Two constant buffers and a texture; the offsets come from the
//! `cbuffer` rules (16-byte rows, no member straddles a row):
//!
//! ```
//! use cblower_hlsl::{parse_source, FrontendOptions};
//! use cblower_layout::{layout_buffer, LayoutOptions, RuleSet};
//!
//! let source = r#"
//!     struct Light { float3 position; float range; };
//!     cbuffer Frame : register(b0) { float4x4 view; float time; float2 jitter; };
//!     cbuffer Lights : register(b1) { Light lights[2]; uint count; };
//!     Texture2D<float4> albedo : register(t0);
//! "#;
//! let program = parse_source("scene.hlsl", source, &FrontendOptions::default())
//!     .map_err(|e| e.render(false))?;
//!
//! let mut offsets = Vec::new();
//! for decl in &program.buffers {
//!     let layout = layout_buffer(decl, LayoutOptions::new(RuleSet::CBuffer))?;
//!     for m in layout.members() {
//!         println!("{}.{}: offset {}", decl.name, m.name(), m.offset().get());
//!         offsets.push((decl.name.to_string(), m.name().to_string(), m.offset().get()));
//!     }
//! }
//! let expected = [
//!     ("Frame", "view", 0),
//!     ("Frame", "time", 64),
//!     ("Frame", "jitter", 68), // fits in the rest of time's row
//!     ("Lights", "lights", 0),
//!     ("Lights", "count", 32), // after two 16-byte Lights
//! ];
//! let expected: Vec<(String, String, u64)> = expected
//!     .iter()
//!     .map(|&(b, m, o)| (b.to_string(), m.to_string(), o))
//!     .collect();
//! assert_eq!(offsets, expected);
//!
//! // The texture is no buffer, but it is a binding.
//! let names: Vec<(&str, char, Option<u32>)> = program
//!     .bindings
//!     .iter()
//!     .map(|b| (&*b.name, b.class, b.register))
//!     .collect();
//! assert_eq!(names, [("Frame", 'b', Some(0)), ("Lights", 'b', Some(1)), ("albedo", 't', Some(0))]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A shorter one, reading the declared types:
//!
//! ```
//! let opts = cblower_hlsl::FrontendOptions::default();
//! let program = cblower_hlsl::parse_source(
//!     "demo.hlsl",
//!     "cbuffer Frame : register(b0) { float4x4 view; float time; };",
//!     &opts,
//! )
//! .unwrap();
//! assert_eq!(&*program.buffers[0].name, "Frame");
//! assert_eq!(program.buffers[0].members[1].ty.to_string(), "float");
//! ```

#![deny(missing_docs)]

pub(crate) mod builtin;
pub(crate) mod diag;
pub(crate) mod intval;
pub(crate) mod lexer;
pub(crate) mod lower;
pub(crate) mod parser;
pub(crate) mod pp;
pub(crate) mod source;

use std::path::{Path, PathBuf};

pub use cblower_layout::{BufferDecl, MatrixOrder};
pub use diag::{Diagnostic, Diagnostics, Label, ParseError, Severity};
pub use lexer::{lex, Token, TokenKind};
/// The text type of tokens and names ([`Token::text`], `Ident::name`): short
/// spellings inline, long ones shared.
pub use smol_str::SmolStr;
pub use source::{FileId, Location, SourceMap, Span};

pub use cblower_layout::UNBOUNDED_RESOURCE_ARRAY;

/// What the command line decides about a translation unit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrontendOptions {
    /// `-I` directories, searched in order after the including file's
    /// directory (for `"..."`) or alone (for `<...>`).
    pub include_dirs: Vec<PathBuf>,
    /// `-D NAME` (`None`, defined as `1`) and `-D NAME=VALUE`.
    pub defines: Vec<(String, Option<String>)>,
    /// DXC's `-enable-16bit-types`: allows `float16_t`, `int16_t`, `uint16_t`.
    pub native_16bit: bool,
    /// `-Zpr` / `-Zpc`: the matrix order when neither a keyword nor
    /// `#pragma pack_matrix` says otherwise.
    pub default_matrix_order: MatrixOrder,
    /// Whether the preprocessor, parser and lowering may each run on a
    /// thread of their own (the `Program` and the diagnostics are the same
    /// either way).
    pub threads: Threads,
    /// Whose rules decide what the front end accepts, and how it records
    /// it, where DXC and clang-22 part: DXC's (the default) or clang-22's,
    /// for `--rules clang-22`.
    pub accept_as: AcceptAs,
}

/// The compiler whose rules the front end follows where DXC and clang-22
/// part on what a declaration means or whether it is valid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AcceptAs {
    /// DXC: a bitfield wider than its type is an error ("size of
    /// bit-field 'a' (33 bits) exceeds size of its type (32 bits)"), and a
    /// `: 0` takes no bytes.
    #[default]
    Dxc,
    /// clang-22, as it compiles for this target: a bitfield wider than its
    /// type gets its `-Wbitfield-width` warning, and its "too wide" error
    /// from 2^61 bits on DXIL or 2^32 bits on SPIR-V (the bits of the
    /// target's `size_t`, at most 61); `: 0` bitfields that are all a
    /// struct declares, after a base that is not an empty class, stay in
    /// the struct (clang-22 gives them members); on SPIR-V an array of 4
    /// GiB or more (2^61 bytes on DXIL, by Clang's `sizeof`) is its "array is
    /// too large" error, and an array's length counts by its low 32 bits.
    /// The layout is clang-22's, see `cblower_program::effective_decl`.
    Clang22(cblower_program::Target),
}

/// `[[vk::binding]]` and Clang's implicit-binding order IDs: one binding
/// concept, shared with emission (see `cblower_program::binding`).
pub use cblower_program::{ImplicitOrder, Threads, VkBinding};

/// Where a buffer and its members were declared, for diagnostics of later
/// stages (e.g. a packoffset overlap found by the layout engine).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferSpans {
    /// The buffer's name (for `$Globals`: its first member).
    pub name: Span,
    /// Each member's declarator name, parallel to `BufferDecl::members`.
    pub members: Vec<Span>,
}

/// Where a named struct and its fields were declared (`cblower check`
/// places its warnings and fix-its there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructSpans {
    /// The struct as the layout engine sees it (qualified name, base first).
    pub ty: std::sync::Arc<cblower_layout::StructTy>,
    /// The struct's name in its definition.
    pub name: Span,
    /// Each field's declarator name, parallel to `ty.all_fields()`.
    pub fields: Vec<Span>,
}

/// The buffers of one translation unit.
#[derive(Clone, Debug)]
pub struct Program {
    /// In source order, with the implicit `$Globals` buffer (if any) last.
    pub buffers: Vec<BufferDecl>,
    /// Parallel to `buffers`.
    pub spans: Vec<BufferSpans>,
    /// Parallel to `buffers`: `[[vk::binding]]` attributes.
    pub vk_bindings: Vec<Option<VkBinding>>,
    /// Parallel to `buffers`: Clang's implicit-binding order IDs.
    pub implicit_orders: Vec<ImplicitOrder>,
    /// Every resource and buffer declaration with what binds it, in
    /// clang's implicit-binding order (`$Globals` last); see
    /// [`Program::binding_overlaps`].
    pub bindings: Vec<cblower_program::DeclaredBinding>,
    /// Parallel to `bindings`: where each was declared (its name) and its
    /// `register(...)` annotation, if any.
    pub binding_spans: Vec<(Span, Option<Span>)>,
    /// `#warning`s and other non-fatal diagnostics.
    pub warnings: Diagnostics,
    /// Every file read, for rendering diagnostics at [`Span`]s.
    pub sources: SourceMap,
    /// Every named struct defined without errors, in source order.
    pub structs: Vec<StructSpans>,
    /// Parallel to the members of `$Globals`: how many of `buffers` were
    /// declared before each (see [`cblower_program::ProgramBuffer::member_order`]).
    pub globals_order: Vec<usize>,
}

impl Program {
    /// The buffers with what decides their bindings, for
    /// `cblower_program::lay_out_program` and `cblower_program::plan`.
    pub fn buffers_for_lowering(&self) -> Vec<cblower_program::ProgramBuffer<'_>> {
        self.buffers
            .iter()
            .enumerate()
            .map(|(i, decl)| cblower_program::ProgramBuffer {
                decl,
                vk_binding: self.vk_bindings.get(i).copied().flatten(),
                implicit_order: self.implicit_orders.get(i).copied().unwrap_or_default(),
                member_order: if decl.kind == cblower_layout::BufferKind::Globals {
                    &self.globals_order
                } else {
                    &[]
                },
            })
            .collect()
    }

    /// Every pair of [`Program::bindings`] whose explicit registers overlap
    /// (see [`cblower_program::binding_overlaps`]).
    pub fn binding_overlaps(&self) -> Vec<cblower_program::BindingOverlap> {
        cblower_program::binding_overlaps(&self.bindings)
    }

    /// Where binding `i` was declared: its `register(...)` annotation if it
    /// has one, else its name.
    pub fn binding_location(&self, i: usize) -> Option<Location> {
        let (name, register) = self.binding_spans.get(i)?;
        Some(self.sources.location(register.unwrap_or(*name)))
    }

    /// The diagnostic for a layout or planning error, at the member or
    /// buffer declaration it is about.
    pub fn diagnostic(&self, e: &cblower_program::ProgramError) -> Diagnostic {
        let help = e.help();
        let spans = e.buffer_index().and_then(|i| self.spans.get(i));
        let span = match e.member_index() {
            Some(member) => spans.and_then(|s| s.members.get(member).copied()),
            None => spans.map(|s| s.name),
        };
        match span {
            Some(span) => Diagnostic::error(span, e.to_string()).with_help(help),
            None => {
                let buffer = e.buffer_index().and_then(|i| self.buffers.get(i));
                let message = match buffer {
                    Some(b) => format!("in buffer '{}': {e}", b.name),
                    None => e.to_string(),
                };
                Diagnostic::error_without_span(message).with_help(help)
            }
        }
    }
}

/// Reads, preprocesses and parses a shader file.
pub fn parse_file(path: &Path, opts: &FrontendOptions) -> Result<Program, ParseError> {
    let mut sources = SourceMap::new();
    let text = match std::fs::read(path) {
        // Valid UTF-8 (the usual case) becomes the text without a copy.
        Ok(bytes) => String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        Err(e) => {
            return Err(ParseError {
                diagnostics: Diagnostic::error_without_span(format!(
                    "cannot read `{}`: {e}",
                    path.display()
                ))
                .with_help("check the path and the file's permissions")
                .into(),
                sources,
            })
        }
    };
    let main = sources.add(path.display().to_string(), Some(path.to_path_buf()), text);
    run(main, sources, opts)
}

/// Parses in-memory source named `name`. `#include "..."` is resolved
/// against the `-I` directories only (there is no including directory).
pub fn parse_source(name: &str, text: &str, opts: &FrontendOptions) -> Result<Program, ParseError> {
    let mut sources = SourceMap::new();
    let main = sources.add(name, None, text.to_string());
    run(main, sources, opts)
}

/// Stack for the front end's thread: nesting is bounded at 256 levels
/// everywhere, which in a debug build needs more than a default 2 MiB stack.
const FRONTEND_STACK_BYTES: usize = 256 << 20;

/// Runs `f` on a thread with a [`FRONTEND_STACK_BYTES`] stack (or on this
/// thread if one cannot be started).
pub(crate) fn with_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let job = std::sync::Mutex::new(Some(f));
    let take = || job.lock().ok().and_then(|mut j| j.take());
    let from_thread = std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("cblower-hlsl".into())
            .stack_size(FRONTEND_STACK_BYTES)
            .spawn_scoped(scope, || take().map(|f| f()));
        match spawned.map(|h| h.join()) {
            Ok(Ok(v)) => v,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => None,
        }
    });
    match from_thread {
        Some(v) => v,
        // No thread could be started: run here with the stack we have.
        None => match take() {
            Some(f) => f(),
            None => unreachable!("the front-end job ran but returned nothing"),
        },
    }
}

fn run(main: FileId, sources: SourceMap, opts: &FrontendOptions) -> Result<Program, ParseError> {
    with_big_stack(|| run_here(main, sources, opts, opts.threads == Threads::Pipelined))
}

/// Tokens the preprocessor hands to the parser at a time, across threads.
const TOKEN_BATCH: usize = 512;

/// Batches in flight between the two threads (bounds the memory ahead).
const BATCHES_AHEAD: usize = 8;

/// Parsed top-level items waiting for the lowering thread (a buffer's item
/// holds all its members' declarations).
const ITEMS_AHEAD: usize = 2;

/// The parser's end of the channel from the preprocessor's thread.
struct Received {
    rx: std::sync::mpsc::Receiver<Vec<Token>>,
    /// Emptied batches go back to the preprocessor's thread for reuse.
    spent: std::sync::mpsc::Sender<Vec<Token>>,
    /// The current batch, last token first (so each is popped off the end).
    batch: Vec<Token>,
}

impl parser::TokenSource for Received {
    fn next_token(&mut self) -> Option<Token> {
        loop {
            if let Some(t) = self.batch.pop() {
                return Some(t);
            }
            let next = self.rx.recv().ok()?;
            let old = std::mem::replace(&mut self.batch, next);
            // The preprocessor may have finished: then the batch is dropped.
            let _ = self.spent.send(old);
        }
    }
}

/// Preprocesses on a second thread while this one parses and lowers: the
/// token stream, and so the result, is exactly the sequential one (the
/// preprocessor never depends on the parser, and [`pp::Preprocessor::finish`]
/// reads the whole input either way). `None` if no thread could be started
/// (then nothing was read).
#[allow(clippy::type_complexity)]
fn preprocess_beside(
    main: FileId,
    sources: &mut SourceMap,
    opts: &FrontendOptions,
    end: Span,
    lowerer: &mut lower::Lowerer,
) -> Option<(Result<Vec<Diagnostic>, Diagnostic>, Diagnostics)> {
    use std::sync::mpsc;
    let lowering = std::sync::Mutex::new(lowerer);
    let (tx, rx) = mpsc::sync_channel::<Vec<Token>>(BATCHES_AHEAD);
    let (spent_tx, spent_rx) = mpsc::channel::<Vec<Token>>();
    std::thread::scope(|scope| {
        let producer = std::thread::Builder::new()
            .name("cblower-hlsl-pp".into())
            .stack_size(FRONTEND_STACK_BYTES)
            .spawn_scoped(scope, move || {
                let mut pp = pp::Preprocessor::new(main, sources, opts);
                let mut batch = Vec::with_capacity(TOKEN_BATCH);
                while let Some(t) = pp.next_token() {
                    batch.push(t);
                    if batch.len() == TOKEN_BATCH {
                        batch.reverse();
                        let fresh = spent_rx
                            .try_recv()
                            .unwrap_or_else(|_| Vec::with_capacity(TOKEN_BATCH));
                        if tx.send(std::mem::replace(&mut batch, fresh)).is_err() {
                            // The parser stopped: only the diagnostics matter.
                            break;
                        }
                    }
                }
                if !batch.is_empty() {
                    batch.reverse();
                    let _ = tx.send(batch);
                }
                drop(tx);
                pp.finish()
            })
            .ok()?;
        let mut source = Received {
            rx,
            spent: spent_tx,
            batch: Vec::new(),
        };
        let (items_tx, items_rx) = mpsc::sync_channel::<parser::ast::Item>(ITEMS_AHEAD);
        let lowering_here = &lowering;
        let lowering_thread = std::thread::Builder::new()
            .name("cblower-hlsl-lower".into())
            .stack_size(FRONTEND_STACK_BYTES)
            .spawn_scoped(scope, move || {
                // Never contended: this thread holds it from start to end.
                if let Ok(mut lowerer) = lowering_here.lock() {
                    for item in items_rx {
                        lowerer.item(&item);
                    }
                }
            });
        let parsed = match &lowering_thread {
            // A send fails only when the lowering thread panicked: its join
            // below passes the panic on.
            Ok(_) => parser::parse_stream(&mut source, end, |item| {
                let _ = items_tx.send(item);
            }),
            Err(_) => {
                // No thread ever held it, so it cannot be poisoned.
                let mut lowerer = lowering.lock().unwrap_or_else(|p| p.into_inner());
                parser::parse_stream(&mut source, end, |item| lowerer.item(&item))
            }
        };
        drop(source);
        drop(items_tx);
        if let Ok(handle) = lowering_thread {
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
        match producer.join() {
            Ok(diagnostics) => Some((parsed, diagnostics)),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// The front end on this thread; with `beside`, the preprocessor runs on a
/// second one (see [`preprocess_beside`]).
fn run_here(
    main: FileId,
    mut sources: SourceMap,
    opts: &FrontendOptions,
    beside: bool,
) -> Result<Program, ParseError> {
    let end = u32::try_from(sources.text(main).len()).unwrap_or(u32::MAX);
    let end = Span::new(main, end, end);
    // Preprocessor, parser and lowering run interleaved: each top-level item
    // is lowered and dropped as soon as it is parsed.
    let mut lowerer = lower::Lowerer::new(opts);
    let (parsed, mut diagnostics) = match beside
        .then(|| preprocess_beside(main, &mut sources, opts, end, &mut lowerer))
        .flatten()
    {
        Some(done) => done,
        None => {
            let mut pp = pp::Preprocessor::new(main, &mut sources, opts);
            let parsed = parser::parse_stream(&mut pp, end, |item| lowerer.item(&item));
            (parsed, pp.finish())
        }
    };
    // Preprocessor errors anywhere in the file take precedence over parse
    // and lowering errors, which may only be their consequences.
    if diagnostics.has_errors() {
        return Err(ParseError {
            diagnostics,
            sources,
        });
    }
    let lowered = match parsed {
        Ok(skipped) => {
            for w in skipped {
                diagnostics.push(w);
            }
            lowerer.finish()
        }
        Err(d) => Err(d.into()),
    };
    match lowered {
        Ok((l, lowering_warnings)) => {
            diagnostics.extend(lowering_warnings);
            Ok(Program {
                buffers: l.buffers,
                spans: l.spans,
                vk_bindings: l.vk_bindings,
                implicit_orders: l.implicit_orders,
                bindings: l.bindings,
                binding_spans: l.binding_spans,
                warnings: diagnostics,
                sources,
                structs: l.structs,
                globals_order: l.globals_order,
            })
        }
        Err(d) => {
            diagnostics.extend(d);
            Err(ParseError {
                diagnostics,
                sources,
            })
        }
    }
}

#[cfg(test)]
mod beside_tests {
    use super::*;

    /// The whole front-end result, with the preprocessor beside the parser
    /// and without.
    fn both(text: &str) -> (String, String) {
        let opts = FrontendOptions::default();
        let run = |beside| {
            let mut sources = SourceMap::new();
            let main = sources.add("t.hlsl", None, text.to_string());
            format!("{:?}", run_here(main, sources, &opts, beside))
        };
        (run(true), run(false))
    }

    /// Many batches (the channel fills and the preprocessor waits), a macro,
    /// a pragma between items and a `#warning` late in the file.
    #[test]
    fn same_program_as_sequential() {
        let mut text = String::from("#define T float4\n");
        for b in 0..40 {
            text.push_str(&format!("cbuffer B{b} {{\n"));
            for m in 0..60 {
                text.push_str(&format!("  T m{b}_{m}[2];\n"));
            }
            text.push_str("};\n#pragma pack_matrix(row_major)\n");
        }
        text.push_str("#warning \"late\"\n");
        let (beside, alone) = both(&text);
        assert!(beside.starts_with("Ok("), "{beside}");
        assert!(beside.contains("m39_59"));
        assert!(beside.contains("late"));
        assert_eq!(beside, alone);
    }

    /// The parser stops at an early syntax error while the preprocessor has
    /// most of the file still to send: its error further down still wins.
    #[test]
    fn early_parse_error_and_late_preprocessor_error() {
        let mut text = String::from("cbuffer A { float a b; };\n");
        for m in 0..5000 {
            text.push_str(&format!("cbuffer C{m} {{ float c{m}; }};\n"));
        }
        text.push_str("#error \"stop here\"\n");
        let (beside, alone) = both(&text);
        assert!(beside.starts_with("Err("), "{beside}");
        assert!(beside.contains("stop here"), "{beside}");
        assert_eq!(beside, alone);
        // Without the preprocessor error, the parse error is reported.
        let cut = text.replace("#error \"stop here\"\n", "");
        let (beside, alone) = both(&cut);
        assert!(beside.starts_with("Err("), "{beside}");
        assert!(!beside.contains("stop here"));
        assert_eq!(beside, alone);
    }
}
