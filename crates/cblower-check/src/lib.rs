//! `cblower check`: the layout engine as a build guard.
//!
//! Two checks, both driven by the HLSL rules `cblower-layout` implements:
//!
//! * [`check_padding`]: a warning at the member after every run of
//!   implicit padding in a buffer, or in a struct a buffer uses, with the
//!   number of bytes, the rule that made the gap ([`GapReason`]) and a
//!   clang-style fix-it that writes the gap out as explicit members (or,
//!   for padding inside an array or matrix, widens the element type). Every
//!   fix-it is laid out again before it is offered: applied, it leaves every
//!   other member where it was and removes the warning.
//! * [`cpp::check_cpp`]: for a header shared by C++ and HLSL, compiles a
//!   generated C++ translation unit with the C++ compiler and reports every
//!   member whose C++ offset or size differs from the HLSL one.
//!
//! ```
//! use cblower_check::{check_padding, render_text, CheckOptions, WarningKind};
//! use cblower_layout::LayoutOptions;
//!
//! let dir = std::env::temp_dir().join(format!("cblower-check-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let file = dir.join("frame.hlsl");
//! std::fs::write(&file, "cbuffer Frame {\n    float time;\n    float4 tint;\n};\n").unwrap();
//! let program = cblower_hlsl::parse_file(&file, &Default::default()).unwrap();
//! let opts = CheckOptions::default();
//! let warnings = check_padding(&program, &opts).unwrap();
//! assert_eq!(warnings.len(), 1);
//! assert_eq!(warnings[0].kind, WarningKind::RowStraddle);
//! assert_eq!(warnings[0].bytes, 12);
//! assert_eq!(warnings[0].fixit.as_ref().unwrap().text, "float3 _pad0;\n    ");
//! assert!(render_text(&warnings, false).contains("[-Wrow-straddle]"));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```
#![deny(missing_docs)]

pub mod cpp;
mod locate;
mod render;
mod spell;

use std::collections::HashSet;

use cblower_hlsl::{Program, SourceMap, Span};
use cblower_layout::{
    FieldNode, LayoutOptions, MatrixOrder, Node, NodeKind, Padding, PaddingReason, RuleSet, Scalar,
    StructTy, Ty,
};

pub use locate::LineCol;
pub use render::{render_json, render_text};

use locate::Files;
use spell::{pad_decls, Owner, PadNames};

/// The warning groups, named as `-W` takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WarningKind {
    /// A gap before a member (alignment, array or struct start, packoffset,
    /// precision class) or inside an array or matrix.
    ImplicitPadding,
    /// A gap at the end of a struct (its size rounded up to its alignment).
    PaddingAtEnd,
    /// A gap left because the next member would have straddled a 16-byte row.
    RowStraddle,
}

impl WarningKind {
    /// Every kind, in `-W` order.
    pub const ALL: [WarningKind; 3] = [
        WarningKind::ImplicitPadding,
        WarningKind::PaddingAtEnd,
        WarningKind::RowStraddle,
    ];

    /// The `-W` name (`implicit-padding`).
    pub fn flag(self) -> &'static str {
        match self {
            WarningKind::ImplicitPadding => "implicit-padding",
            WarningKind::PaddingAtEnd => "padding-at-end",
            WarningKind::RowStraddle => "row-straddle",
        }
    }

    /// The kind a `-W` name (without `no-`) names.
    pub fn from_flag(name: &str) -> Option<WarningKind> {
        WarningKind::ALL.into_iter().find(|k| k.flag() == name)
    }

    /// On when no `-W` says otherwise: all but `padding-at-end` (a struct's
    /// tail moves no member the shader reads; see `docs/check.md`).
    pub fn default_on(self) -> bool {
        self != WarningKind::PaddingAtEnd
    }
}

/// Why a gap exists, in the words of the warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GapReason {
    /// The member would have straddled a 16-byte row.
    RowBreak,
    /// Arrays start a new row.
    ArrayStart,
    /// Each array element starts at a multiple of the stride.
    ArrayElement,
    /// Each stored column of a column-major matrix starts a new row.
    MatrixColumn,
    /// Each stored row of a row-major matrix starts a new row.
    MatrixRow,
    /// Structs start a new row (or at their alignment).
    StructStart,
    /// A struct's size rounded up to its alignment.
    StructEnd,
    /// The member's type alignment.
    Alignment,
    /// Min-precision and full-precision values do not share a row.
    PrecisionClass,
    /// A gap before a member placed with `packoffset`, `register(c#)` or
    /// `vk::offset`.
    PackOffset,
    /// WGSL `@size(n)` larger than the type.
    FieldSize,
    /// clang-22 on SPIR-V: the LLVM size of a 3-element vector.
    AllocSizeExcess,
}

impl GapReason {
    fn of(p: PaddingReason) -> GapReason {
        match p {
            PaddingReason::RowBoundary => GapReason::RowBreak,
            PaddingReason::ArrayStart => GapReason::ArrayStart,
            PaddingReason::ArrayElement => GapReason::ArrayElement,
            PaddingReason::StructStart => GapReason::StructStart,
            PaddingReason::Alignment => GapReason::Alignment,
            PaddingReason::PrecisionClass => GapReason::PrecisionClass,
            PaddingReason::Tail => GapReason::StructEnd,
            PaddingReason::ExplicitOffset => GapReason::PackOffset,
            PaddingReason::FieldSize => GapReason::FieldSize,
            PaddingReason::AllocSizeExcess => GapReason::AllocSizeExcess,
        }
    }

    /// A short label (`row break`, `matrix column`, ...).
    pub fn label(self) -> &'static str {
        match self {
            GapReason::RowBreak => "row break",
            GapReason::ArrayStart => "array start",
            GapReason::ArrayElement => "array element",
            GapReason::MatrixColumn => "matrix column",
            GapReason::MatrixRow => "matrix row",
            GapReason::StructStart => "struct start",
            GapReason::StructEnd => "struct end",
            GapReason::Alignment => "alignment",
            GapReason::PrecisionClass => "precision class",
            GapReason::PackOffset => "packoffset",
            GapReason::FieldSize => "field size",
            GapReason::AllocSizeExcess => "alloc size excess",
        }
    }

    fn kind(self) -> WarningKind {
        match self {
            GapReason::RowBreak => WarningKind::RowStraddle,
            GapReason::StructEnd => WarningKind::PaddingAtEnd,
            _ => WarningKind::ImplicitPadding,
        }
    }
}

/// What `check` looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// The rule set and type sizes the buffers are laid out with.
    pub layout: LayoutOptions,
    /// The enabled warning kinds, indexed like [`WarningKind::ALL`].
    pub enabled: [bool; 3],
    /// The target whose policy decides what a buffer holds (on SPIR-V,
    /// `[[vk::offset]]` applies and push constants are not `$Globals`).
    pub target: cblower_program::Target,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions::new(LayoutOptions::new(RuleSet::CBuffer))
    }
}

impl CheckOptions {
    /// The defaults ([`WarningKind::default_on`]) under `layout`.
    pub fn new(layout: LayoutOptions) -> CheckOptions {
        CheckOptions {
            layout,
            enabled: WarningKind::ALL.map(WarningKind::default_on),
            target: cblower_program::Target::Dxil,
        }
    }

    /// Turns a kind on or off.
    pub fn set(&mut self, kind: WarningKind, on: bool) {
        if let Some(i) = WarningKind::ALL.iter().position(|k| *k == kind) {
            self.enabled[i] = on;
        }
    }

    /// Whether a kind is on.
    pub fn is_on(&self, kind: WarningKind) -> bool {
        WarningKind::ALL
            .iter()
            .position(|k| *k == kind)
            .is_some_and(|i| self.enabled[i])
    }
}

/// A source position: file name as opened, 1-based line and byte column.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct SourceLoc {
    /// The file as it was named on the command line or `#include`d.
    pub file: String,
    /// Line and column.
    #[serde(flatten)]
    pub at: LineCol,
    /// Byte offset in the file.
    #[serde(skip)]
    pub byte: u32,
    /// The text of the line (for the snippet under a diagnostic).
    #[serde(skip)]
    pub source_line: String,
}

/// An edit that fixes a warning: replace `start..end` (equal for an
/// insertion) of `file` with `text`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct FixIt {
    /// Where the replaced range starts.
    pub start: SourceLoc,
    /// Where it ends (exclusive).
    pub end: SourceLoc,
    /// The new text.
    pub text: String,
}

/// One implicit-padding warning.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct PaddingWarning {
    /// Its `-W` group.
    pub kind: WarningKind,
    /// Why the gap is there.
    pub reason: GapReason,
    /// Padding bytes.
    pub bytes: u64,
    /// Offset of the first padding byte from the start of the owner.
    pub offset: u64,
    /// `cbuffer 'Frame'` or `struct 'Light'`.
    pub owner: String,
    /// The member after the gap (for a gap at the end, the last member;
    /// for a gap inside an array or matrix, that member).
    pub member: String,
    /// The message, without location and group.
    pub message: String,
    /// Where the member is declared, when it came from a file.
    pub location: Option<SourceLoc>,
    /// The edit that makes the padding explicit.
    pub fixit: Option<FixIt>,
    /// Why there is no fix-it, or what else to know.
    pub note: Option<String>,
}

/// Why `check` could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// A buffer could not be laid out.
    #[error("buffer `{buffer}` cannot be laid out: {message}")]
    Layout {
        /// The buffer's index in the program.
        index: usize,
        /// Its name.
        buffer: String,
        /// The layout error.
        message: String,
    },
}

struct Ctx<'a> {
    program: &'a Program,
    opts: CheckOptions,
    files: Files,
    seen_structs: HashSet<String>,
    out: Vec<PaddingWarning>,
    /// Inside a struct made from a template: its text is every
    /// instance's, so no fix-it is offered.
    in_template: bool,
    /// Buffer members share one scope: padding names are unique across
    /// every buffer of the file.
    buffer_pads: PadNames,
}

/// Every implicit-padding warning of the enabled kinds in `program`'s
/// buffers and in the structs they use, in source order.
pub fn check_padding(
    program: &Program,
    opts: &CheckOptions,
) -> Result<Vec<PaddingWarning>, CheckError> {
    let buffers = program.buffers_for_lowering();
    let layouts =
        cblower_program::lay_out_program(&buffers, opts.layout, opts.target).map_err(|e| {
            let index = e.buffer_index().unwrap_or(0);
            CheckError::Layout {
                index,
                buffer: program
                    .buffers
                    .get(index)
                    .map(|b| b.name.to_string())
                    .unwrap_or_default(),
                message: e.to_string(),
            }
        })?;
    let mut ctx = Ctx {
        program,
        opts: *opts,
        files: Files::default(),
        seen_structs: HashSet::new(),
        out: Vec::new(),
        in_template: false,
        buffer_pads: PadNames::new(
            program
                .buffers
                .iter()
                .flat_map(|b| b.members.iter().map(|m| &*m.name)),
        ),
    };
    let mut element_types = HashSet::new();
    for (i, layout) in layouts.iter().enumerate() {
        let decl = &program.buffers[i];
        let spans = &program.spans[i];
        // `ConstantBuffer<T>`: the members are `T`'s fields, in `T`'s scope;
        // a second buffer of the same `T` has the same gaps at the same place.
        let element = decl
            .element_type
            .clone()
            .filter(|_| decl.kind == cblower_layout::BufferKind::ConstantBuffer);
        if let Some(t) = &element {
            if !element_types.insert(t.clone()) {
                continue;
            }
        }
        let what = match decl.kind {
            cblower_layout::BufferKind::Globals => "'$Globals'".to_owned(),
            cblower_layout::BufferKind::CBuffer => format!("cbuffer '{}'", decl.name),
            cblower_layout::BufferKind::TBuffer => format!("tbuffer '{}'", decl.name),
            cblower_layout::BufferKind::ConstantBuffer => {
                format!("ConstantBuffer '{}'", decl.name)
            }
            cblower_layout::BufferKind::TextureBuffer => {
                format!("TextureBuffer '{}'", decl.name)
            }
        };
        let span_of = |name: &str| {
            decl.members
                .iter()
                .position(|m| &*m.name == name)
                .and_then(|k| spans.members.get(k).copied())
        };
        let fields = layout.fields();
        let padding = match &layout.root().kind {
            NodeKind::Struct { padding, .. } => padding.clone(),
            _ => Vec::new(),
        };
        let owner = Owner::Buffer {
            buffer: buffers[i],
            layout,
            own_scope: element.is_some(),
        };
        let own_index = |name: &str| decl.members.iter().position(|m| &*m.name == name);
        let names: Vec<&str> = decl.members.iter().map(|m| &*m.name).collect();
        ctx.owner(
            &what, &owner, fields, &padding, 0, &span_of, &own_index, &names,
        );
    }
    let mut out = std::mem::take(&mut ctx.out);
    let mut seen = HashSet::new();
    out.retain(|w| seen.insert((w.location.clone(), w.message.clone())));
    out.sort_by(|a, b| a.location.cmp(&b.location));
    Ok(out)
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The position of `byte` in `span`'s file.
pub(crate) fn source_loc(sources: &SourceMap, span: Span, byte: u32) -> SourceLoc {
    SourceLoc {
        file: sources.name(span.file).to_owned(),
        at: locate::line_col(sources.text(span.file), byte),
        byte,
        source_line: locate::line_text(sources.text(span.file), byte).to_owned(),
    }
}

impl Ctx<'_> {
    fn loc(&self, span: Span, byte: u32) -> SourceLoc {
        source_loc(&self.program.sources, span, byte)
    }

    fn emit(&mut self, mut w: PaddingWarning) {
        if self.in_template && w.fixit.is_some() {
            w.fixit = None;
            w.note = Some(
                "the struct is a template instance; write the padding in the template if every instance needs it".to_owned(),
            );
        }
        if self.opts.is_on(w.kind) {
            self.out.push(w);
        }
    }

    /// The gaps of one buffer or struct, then what is inside its members.
    #[allow(clippy::too_many_arguments)]
    fn owner(
        &mut self,
        what: &str,
        owner: &Owner<'_>,
        fields: &[FieldNode],
        padding: &[Padding],
        base: u64,
        span_of: &dyn Fn(&str) -> Option<Span>,
        own_index: &dyn Fn(&str) -> Option<usize>,
        names: &[&str],
    ) {
        let is_buffer = matches!(
            owner,
            Owner::Buffer {
                own_scope: false,
                ..
            }
        );
        let mut pad_names = if is_buffer {
            std::mem::replace(&mut self.buffer_pads, PadNames::new([]))
        } else {
            PadNames::new(names.iter().copied())
        };
        // Members whose padding inside gets a retype fix-it: that fix-it
        // also fills the gap right after them, which gets none of its own.
        let mut retyped = HashSet::new();
        for f in fields {
            let span = span_of(&f.name);
            if self.inside(what, owner, f, span, own_index) {
                retyped.insert(f.node.end());
            }
        }
        // Runs before the same member are one gap.
        let mut gaps: Vec<(Option<usize>, u64, u64, PaddingReason)> = Vec::new();
        for p in padding {
            let next = fields.iter().position(|f| f.node.offset >= p.end());
            match gaps.last_mut() {
                Some(g) if g.0 == next && g.1 + g.2 == p.offset.get() => {
                    g.2 += p.size.get();
                    g.3 = p.reason;
                }
                _ => gaps.push((next, p.offset.get(), p.size.get(), p.reason)),
            }
        }
        for (next, offset, bytes, reason) in gaps {
            let offset = offset - base;
            let reason = GapReason::of(reason);
            let Some(member) = next.or(fields.len().checked_sub(1)) else {
                continue;
            };
            let f = &fields[member];
            let at_end = next.is_none();
            let reason = if at_end && reason != GapReason::AllocSizeExcess {
                GapReason::StructEnd
            } else {
                reason
            };
            let why = match reason {
                GapReason::RowBreak => format!("'{}' would straddle a 16-byte row", f.name),
                GapReason::ArrayStart => "arrays start a new 16-byte row".to_owned(),
                GapReason::StructStart if self.opts.layout.rules.is_cbuffer_like() => {
                    "structs start a new 16-byte row".to_owned()
                }
                GapReason::StructStart | GapReason::Alignment => {
                    format!("'{}' is aligned to {} bytes", f.name, f.node.align.bytes())
                }
                GapReason::PrecisionClass => {
                    "min-precision and full-precision values do not share a row".to_owned()
                }
                GapReason::PackOffset => format!("'{}' is placed explicitly", f.name),
                GapReason::StructEnd => "the size is rounded up to the alignment".to_owned(),
                _ => reason.label().to_owned(),
            };
            let message = if at_end {
                format!(
                    "{bytes} byte{} of implicit padding at the end of {what} after '{}' ({}: {why})",
                    plural(bytes),
                    f.name,
                    reason.label()
                )
            } else {
                format!(
                    "{bytes} byte{} of implicit padding before '{}' in {what} ({}: {why})",
                    plural(bytes),
                    f.name,
                    reason.label()
                )
            };
            let span = span_of(&f.name);
            let location = span.map(|s| self.loc(s, s.start));
            let packoffset = !at_end
                && reason == GapReason::PackOffset
                && self.opts.layout.rules.is_cbuffer_like();
            let (fixit, note) = match (reason, span) {
                _ if retyped.contains(&cblower_layout::units::Size::bytes(offset + base)) => (
                    None,
                    Some("the fix-it on the member before it fills this gap too".to_owned()),
                ),
                (GapReason::PrecisionClass, _) => (
                    None,
                    Some("a full-precision padding member would itself move to the next row; reorder the members so min-precision values share rows".to_owned()),
                ),
                (GapReason::AllocSizeExcess, _) => (None, Some("this gap exists only in clang-22's LLVM type sizes".to_owned())),
                (_, None) => (None, None),
                (_, Some(span)) => {
                    let pads = pad_decls(self.opts.layout, offset, bytes, packoffset, &mut pad_names);
                    let index = if at_end { None } else { own_index(&f.name) };
                    match pads {
                        Some(pads)
                            if (at_end || index.is_some())
                                && owner.accepts_insert(self.opts.layout, self.opts.target, index, &pads) =>
                        {
                            let text: Vec<String> = pads.iter().map(|p| p.text()).collect();
                            match self.insertion(span, &f.name, at_end, &text) {
                                Some(fx) => (Some(fx), None),
                                None => (None, Some(format!("write `{}` here to make the padding explicit", text.join(" ")))),
                            }
                        }
                        _ => (
                            None,
                            Some(format!(
                                "no explicit member fills {bytes} byte{} at offset {offset} under the {} rules",
                                plural(bytes),
                                self.opts.layout.rules.name()
                            )),
                        ),
                    }
                }
            };
            self.emit(PaddingWarning {
                kind: reason.kind(),
                reason,
                bytes,
                offset,
                owner: what.to_owned(),
                member: f.name.to_string(),
                message,
                location,
                fixit,
                note,
            });
        }
        if is_buffer {
            self.buffer_pads = pad_names;
        }
    }

    /// The fix-it inserting `decls` before the declaration of `name` (or
    /// after it when `after`).
    fn insertion(
        &mut self,
        span: Span,
        name: &str,
        after: bool,
        decls: &[String],
    ) -> Option<FixIt> {
        let sources: &SourceMap = &self.program.sources;
        let d = self.files.decl(sources, span, name)?;
        let text = sources.text(span.file);
        let joined = decls.join(" ");
        let (at, end, new) = if after {
            let (indent, _) = locate::indent_at(text, d.start);
            let rest = locate::line_text(text, d.end);
            let line_end = d.end as usize
                + text[d.end as usize..]
                    .find('\n')
                    .unwrap_or(text.len() - d.end as usize);
            let tail = text.get(d.end as usize..line_end).unwrap_or("").trim();
            let _ = rest;
            if tail.is_empty() || tail.starts_with("//") {
                let e = u32::try_from(line_end).ok()?;
                let e = if text[..line_end].ends_with('\r') {
                    e - 1
                } else {
                    e
                };
                (e, e, format!("\n{indent}{joined}"))
            } else {
                (d.end, d.end, format!(" {joined}"))
            }
        } else if let Some((comma, ty)) = &d.comma {
            (*comma, span.start, format!("; {joined} {ty} "))
        } else {
            let (indent, line_begins) = locate::indent_at(text, d.start);
            if line_begins {
                (d.start, d.start, format!("{joined}\n{indent}"))
            } else {
                (d.start, d.start, format!("{joined} "))
            }
        };
        Some(FixIt {
            start: self.loc(span, at),
            end: self.loc(span, end),
            text: new,
        })
    }

    /// The fix-it replacing the type token of `name`'s declaration with
    /// `new`, when it reads `old`.
    fn retype(&mut self, span: Span, name: &str, old: &str, new: &str) -> Option<FixIt> {
        let sources: &SourceMap = &self.program.sources;
        let d = self.files.decl(sources, span, name)?;
        let t = d.sole_type_token?;
        if sources.snippet(t) != old {
            return None;
        }
        Some(FixIt {
            start: self.loc(span, t.start),
            end: self.loc(span, t.end),
            text: new.to_owned(),
        })
    }

    /// Padding inside member `f`: array elements, matrix vectors, and the
    /// structs it holds.
    fn inside(
        &mut self,
        what: &str,
        owner: &Owner<'_>,
        f: &FieldNode,
        span: Option<Span>,
        own_index: &dyn Fn(&str) -> Option<usize>,
    ) -> bool {
        let mut retyped = false;
        let location = span.map(|s| self.loc(s, s.start));
        // The innermost element of nested arrays.
        let mut node = &f.node;
        let mut ty = &f.ty;
        let mut total_elems = 1u64;
        let mut elem_pad = 0u64;
        while let (
            NodeKind::Array {
                count,
                stride,
                element,
                trailing_padding,
            },
            Ty::Array { elem, .. },
        ) = (&node.kind, ty)
        {
            let gap = stride.get().saturating_sub(element.size.get());
            let gaps = if *trailing_padding {
                *count
            } else {
                count.saturating_sub(1)
            };
            elem_pad += total_elems * gaps * gap;
            total_elems = total_elems.saturating_mul(*count);
            node = element;
            ty = elem;
        }
        if elem_pad > 0 {
            let element_size = node.size.get();
            let stride = element_size
                + match &f.node.kind {
                    NodeKind::Array { stride, .. } => stride.get().saturating_sub(element_size),
                    _ => 0,
                };
            let message = format!(
                "{elem_pad} byte{} of implicit padding inside '{}' in {what} (array element: each {element_size}-byte element of '{}' takes {stride} bytes)",
                plural(elem_pad),
                f.name,
                ty
            );
            let (fixit, note) = self.element_fix(owner, f, ty, span, own_index);
            retyped |= fixit.is_some();
            self.emit(PaddingWarning {
                kind: WarningKind::ImplicitPadding,
                reason: GapReason::ArrayElement,
                bytes: elem_pad,
                offset: f.node.offset.get(),
                owner: what.to_owned(),
                member: f.name.to_string(),
                message,
                location: location.clone(),
                fixit,
                note,
            });
        }
        match (&node.kind, ty) {
            (
                NodeKind::Matrix {
                    storage,
                    order,
                    rows,
                    cols,
                    scalar,
                    ..
                },
                _,
            ) => {
                let mut bytes = 0;
                storage.for_each_padding(&mut |p| bytes += p.size.get());
                if bytes > 0 {
                    let bytes = bytes * total_elems;
                    let reason = match order {
                        MatrixOrder::ColumnMajor => GapReason::MatrixColumn,
                        MatrixOrder::RowMajor => GapReason::MatrixRow,
                    };
                    let vectors = match order {
                        MatrixOrder::ColumnMajor => "column",
                        MatrixOrder::RowMajor => "row",
                    };
                    let message = format!(
                        "{bytes} byte{} of implicit padding inside '{}' in {what} ({}: each stored {vectors} of '{}' starts a 16-byte row)",
                        plural(bytes),
                        f.name,
                        reason.label(),
                        ty
                    );
                    let (r, c) = match order {
                        MatrixOrder::ColumnMajor => (widen(*scalar, *rows), *cols),
                        MatrixOrder::RowMajor => (*rows, widen(*scalar, *cols)),
                    };
                    let new_ty = Ty::Matrix {
                        scalar: *scalar,
                        rows: r,
                        cols: c,
                        order: *order,
                    };
                    let old = format!("{}{rows}x{cols}", scalar.hlsl_name());
                    let new = format!("{}{r}x{c}", scalar.hlsl_name());
                    let (fixit, note) = self.retype_fix(
                        owner,
                        f,
                        span,
                        own_index,
                        &old,
                        &new,
                        &rewrap(&f.ty, &new_ty),
                    );
                    retyped |= fixit.is_some();
                    self.emit(PaddingWarning {
                        kind: WarningKind::ImplicitPadding,
                        reason,
                        bytes,
                        offset: f.node.offset.get(),
                        owner: what.to_owned(),
                        member: f.name.to_string(),
                        message,
                        location,
                        fixit,
                        note,
                    });
                }
            }
            (
                NodeKind::Struct {
                    fields,
                    padding,
                    name,
                    ..
                },
                Ty::Struct(s),
            ) => {
                self.structure(s, name, node, fields, padding);
            }
            _ => {}
        }
        retyped
    }

    fn structure(
        &mut self,
        s: &StructTy,
        name: &str,
        node: &Node,
        fields: &[FieldNode],
        padding: &[Padding],
    ) {
        if !self.seen_structs.insert(name.to_owned()) {
            return;
        }
        let program = self.program;
        let info = program.structs.iter().find(|i| *i.ty.name == *name);
        let all: Vec<String> = s.all_fields().map(|f| f.name.to_string()).collect();
        let own_start = all.len() - s.fields.len();
        let span_of = |n: &str| {
            let k = all.iter().position(|a| a == n)?;
            info.and_then(|i| i.fields.get(k).copied())
        };
        let own_index = |n: &str| {
            let k = all.iter().position(|a| a == n)?;
            k.checked_sub(own_start)
        };
        let base = node.offset.get();
        let owner = Owner::Struct { ty: s, node };
        let names: Vec<&str> = all.iter().map(String::as_str).collect();
        let outer = self.in_template;
        self.in_template = outer || name.contains('<');
        self.owner(
            &format!("struct '{name}'"),
            &owner,
            fields,
            padding,
            base,
            &span_of,
            &own_index,
            &names,
        );
        self.in_template = outer;
    }

    /// Padding between the elements of array member `f` whose innermost
    /// element type is `elem`.
    fn element_fix(
        &mut self,
        owner: &Owner<'_>,
        f: &FieldNode,
        elem: &Ty,
        span: Option<Span>,
        own_index: &dyn Fn(&str) -> Option<usize>,
    ) -> (Option<FixIt>, Option<String>) {
        let wider = match elem {
            Ty::Scalar(s) => Some((*s, 1)),
            Ty::Vector { scalar, len } => Some((*scalar, *len)),
            _ => None,
        };
        match (elem, wider) {
            (_, Some((s, n))) => {
                let w = widen(s, n);
                if w == n {
                    return (None, Some(format!("no wider '{}' vector fills the element stride", s.hlsl_name())));
                }
                let new_ty = Ty::vector(s, w);
                let old = elem.to_string();
                let new = new_ty.to_string();
                self.retype_fix(owner, f, span, own_index, &old, &new, &rewrap(&f.ty, &new_ty))
            }
            (Ty::Struct(st), _) => (
                None,
                Some(format!(
                    "add explicit members at the end of struct '{}' until its size is the element stride",
                    st.name
                )),
            ),
            _ => (None, Some("the element type has no wider form".to_owned())),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn retype_fix(
        &mut self,
        owner: &Owner<'_>,
        f: &FieldNode,
        span: Option<Span>,
        own_index: &dyn Fn(&str) -> Option<usize>,
        old: &str,
        new: &str,
        new_ty: &Ty,
    ) -> (Option<FixIt>, Option<String>) {
        let Some(index) = own_index(&f.name) else {
            return (None, None);
        };
        if !owner.accepts_retype(self.opts.layout, self.opts.target, index, new_ty) {
            return (
                None,
                Some(format!(
                    "declaring it `{new}` would move the members after it; change them together"
                )),
            );
        }
        match span.and_then(|s| self.retype(s, &f.name, old, new)) {
            Some(fx) => (Some(fx), None),
            None => (
                None,
                Some(format!(
                    "declare it as `{new}` to make the padding explicit"
                )),
            ),
        }
    }
}

/// `ty` with its innermost element replaced by `new`.
fn rewrap(ty: &Ty, new: &Ty) -> Ty {
    match ty {
        Ty::Array { elem, len, stride } => Ty::Array {
            elem: std::sync::Arc::new(rewrap(elem, new)),
            len: *len,
            stride: *stride,
        },
        _ => new.clone(),
    }
}

/// How many `s` fill a 16-byte row (at most 4, at least `n`).
pub(crate) fn widen(s: Scalar, n: u8) -> u8 {
    let size = match s {
        Scalar::Double | Scalar::Int64 | Scalar::Uint64 => 8,
        _ => 4,
    };
    (16 / size).clamp(u64::from(n), 4) as u8
}
