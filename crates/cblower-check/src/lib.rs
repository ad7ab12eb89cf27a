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

mod concrete;
pub mod cpp;
mod locate;
mod render;
mod spell;

use std::collections::{HashMap, HashSet};

use cblower_hlsl::{Program, SourceMap, Span};
use cblower_layout::{
    layout_type, FieldNode, LayoutOptions, MatrixOrder, Node, NodeKind, Padding, PaddingReason,
    RuleSet, Scalar, StructTy, Ty,
};

pub use locate::LineCol;
pub use render::{render_json, render_text};

use locate::Files;
use spell::{pad_decls, Moved, Owner, PadNames};

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
    /// The fix-it attached to the note (one or more edits), as clang
    /// attaches one to a `note:`: applied, it removes the warning, but it
    /// moves the members the note names (or edits a macro's definition), so
    /// it is not applied blindly.
    pub note_fixits: Vec<FixIt>,
}

/// What a warning gets: a fix-it safe to apply, a note, a fix-it on the note.
#[derive(Clone, Default)]
struct Fix {
    fixit: Option<FixIt>,
    note: Option<String>,
    note_fixits: Vec<FixIt>,
}

impl Fix {
    fn note(text: impl Into<String>) -> Fix {
        Fix {
            note: Some(text.into()),
            ..Fix::default()
        }
    }

    /// `fx` on the warning when nothing moves, else on a note naming what
    /// moves; `what` says what the edit does (`declaring it `float4``).
    fn of(fx: Option<FixIt>, moved: &[Moved], what: &str) -> Fix {
        match (fx, moved.is_empty()) {
            (Some(fx), true) => Fix {
                fixit: Some(fx),
                ..Fix::default()
            },
            (Some(fx), false) => Fix {
                note: Some(format!(
                    "{what} removes the padding but moves {}; apply it only where whatever fills the buffer moves them too",
                    Moved::list(moved)
                )),
                note_fixits: vec![fx],
                ..Fix::default()
            },
            (None, _) => Fix::note(format!("{what} makes the padding explicit")),
        }
    }

    /// Several edits that only make sense together (`edits` in source
    /// order): a single one goes through [`Fix::of`]; more ride on a note,
    /// as clang's notes carry multi-part fix-its.
    fn several(mut edits: Vec<FixIt>, moved: &[Moved], what: &str) -> Fix {
        if edits.len() == 1 {
            return Fix::of(edits.pop(), moved, what);
        }
        let note = if moved.is_empty() {
            format!("{what} removes the padding and moves nothing")
        } else {
            format!(
                "{what} removes the padding but moves {}; apply it only where whatever fills the buffer moves them too",
                Moved::list(moved)
            )
        };
        Fix {
            fixit: None,
            note: Some(note),
            note_fixits: edits,
        }
    }
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
    buffers: std::rc::Rc<Vec<cblower_program::ProgramBuffer<'a>>>,
    /// The padding names handed out in each struct, by struct name.
    struct_pads: HashMap<String, PadNames>,
    opts: CheckOptions,
    files: Files,
    seen_structs: HashSet<String>,
    out: Vec<PaddingWarning>,
    /// Inside a struct made from a template (template name, instance
    /// name): its text is every instance's, so its warnings wait in
    /// `pending` until every instance is checked.
    in_template: Option<(String, String)>,
    /// The warnings of template instances: (template, instance, warning).
    pending: Vec<(String, String, PaddingWarning)>,
    /// The instances of each template the buffers use.
    instances: HashMap<String, Vec<String>>,
    /// Each template instance's struct, by instance name.
    instance_tys: HashMap<String, StructTy>,
    /// The fix for the elements of arrays of a struct, by struct and stride.
    tails: HashMap<(String, u64), Fix>,
    /// In a struct: its fields declared as bitfields, with the
    /// declarations before and after theirs that an edit steps over.
    units: HashMap<String, (usize, usize)>,
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
        buffers: std::rc::Rc::new(buffers.clone()),
        struct_pads: HashMap::new(),
        opts: *opts,
        files: Files::default(),
        seen_structs: HashSet::new(),
        out: Vec::new(),
        in_template: None,
        pending: Vec::new(),
        instances: HashMap::new(),
        instance_tys: HashMap::new(),
        tails: HashMap::new(),
        units: HashMap::new(),
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
    ctx.settle_templates();
    let mut out = std::mem::take(&mut ctx.out);
    let mut seen = HashSet::new();
    out.retain(|w| seen.insert((w.location.clone(), w.message.clone())));
    out.sort_by(|a, b| a.location.cmp(&b.location));
    settle_conflicts(&mut out);
    Ok(out)
}

/// Whether two edits of one file cannot both be applied: their ranges
/// overlap, an insertion falls strictly inside a replaced range, or two
/// different insertions go at one place. Identical edits are one edit.
fn conflict(a: &FixIt, b: &FixIt) -> bool {
    if a.start.file != b.start.file
        || (a.start.byte, a.end.byte, &a.text) == (b.start.byte, b.end.byte, &b.text)
    {
        return false;
    }
    let (s1, e1, s2, e2) = (a.start.byte, a.end.byte, b.start.byte, b.end.byte);
    match (s1 == e1, s2 == e2) {
        (true, true) => s1 == s2,
        (true, false) => s2 < s1 && s1 < e2,
        (false, true) => s1 < s2 && s2 < e1,
        (false, false) => s1 < e2 && s2 < e1,
    }
}

/// Makes every edit of every warning applicable at once: fix-its on
/// warnings first, then those on notes, in source order; one that conflicts
/// with an edit already kept is dropped and its note says so.
fn settle_conflicts(out: &mut [PaddingWarning]) {
    let mut kept: Vec<FixIt> = Vec::new();
    const DROPPED: &str =
        "its fix-it would overlap the one of an earlier warning; apply that one and check again";
    for w in out.iter_mut() {
        if let Some(fx) = &w.fixit {
            if kept.iter().any(|k| conflict(k, fx)) {
                w.fixit = None;
                w.note = Some(DROPPED.to_owned());
            } else {
                kept.push(fx.clone());
            }
        }
    }
    for w in out.iter_mut() {
        if w.note_fixits
            .iter()
            .any(|fx| kept.iter().any(|k| conflict(k, fx)))
        {
            w.note_fixits.clear();
            w.note = Some(DROPPED.to_owned());
        } else {
            kept.extend(w.note_fixits.iter().cloned());
        }
    }
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

    fn emit(&mut self, w: PaddingWarning) {
        if !self.opts.is_on(w.kind) {
            return;
        }
        match &self.in_template {
            Some((t, i)) => self.pending.push((t.clone(), i.clone(), w)),
            None => self.out.push(w),
        }
    }

    /// The warnings of template instances keep their fix-its (edits of the
    /// template's text) when every instance of the template has the same
    /// gaps with the same fix-its; otherwise a note says which differ.
    fn settle_templates(&mut self) {
        // A gap is the same in two instances when it is before or inside
        // the same member and has the same fix-it, or, without one, is as
        // large, at the same offset, with the same note.
        type Sig = (
            String,
            GapReason,
            u64,
            u64,
            Option<(u32, u32, String)>,
            Option<String>,
        );
        let sig = |w: &PaddingWarning| -> Sig {
            match &w.fixit {
                // One edit of the template's text, laid out in each
                // instance: the same edit fixes the same gap.
                Some(f) => (
                    w.member.clone(),
                    w.reason,
                    0,
                    0,
                    Some((f.start.byte, f.end.byte, f.text.clone())),
                    None,
                ),
                None => (
                    w.member.clone(),
                    w.reason,
                    w.bytes,
                    w.offset,
                    None,
                    w.note.clone(),
                ),
            }
        };
        let pending = std::mem::take(&mut self.pending);
        let mut by_instance: HashMap<(&str, &str), Vec<Sig>> = HashMap::new();
        for (t, i, w) in &pending {
            by_instance.entry((t, i)).or_default().push(sig(w));
        }
        for v in by_instance.values_mut() {
            v.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
        }
        // Each warning with what its instance lacks, if anything: a note's
        // start, saying why the template's text cannot be edited.
        let mut lacking: Vec<(String, String, PaddingWarning, Option<String>)> = Vec::new();
        for (t, i, w) in pending.iter().cloned() {
            let all = self.instances.get(&t).cloned().unwrap_or_default();
            let mine = sig(&w);
            // The instances that do not have this very gap with this fix.
            let differ: Vec<String> = all
                .iter()
                .filter(|other| **other != i)
                .filter_map(|other| {
                    let theirs = by_instance.get(&(t.as_str(), other.as_str()));
                    let same_place =
                        |v: &Vec<Sig>| v.iter().any(|o| o.0 == mine.0 && o.1 == mine.1);
                    if theirs.is_some_and(|v| v.contains(&mine)) {
                        None
                    } else if theirs.is_some_and(same_place) {
                        Some(format!("'{other}' has a different one here"))
                    } else {
                        Some(format!("'{other}' has none here"))
                    }
                })
                .collect();
            let why = if !differ.is_empty() {
                Some(format!(
                    "'{i}' is an instance of template '{t}' whose instances differ ({}): no edit of the template's text fixes them all",
                    differ.join(", ")
                ))
            } else if w.fixit.is_none() && w.note_fixits.is_empty() {
                Some(format!(
                    "'{i}' is an instance of template '{t}'; {}",
                    w.note
                        .as_deref()
                        .unwrap_or("no edit of the template's text fills the gap")
                ))
            } else {
                None
            };
            lacking.push((t, i, w, why));
        }
        // Those instances get structs of their own; the ones declared before
        // one declaration share one insertion there.
        let mut concretes: HashMap<String, Option<concrete::Concrete>> = HashMap::new();
        let mut at: Vec<(Span, String)> = Vec::new();
        for (t, i, _, why) in &lacking {
            if why.is_none() || concretes.contains_key(i) {
                continue;
            }
            let c = self.concrete(t, i);
            if let Some(c) = &c {
                match at.iter_mut().find(|(s, _)| *s == c.anchor) {
                    Some((_, text)) => text.push_str(&c.text),
                    None => at.push((c.anchor, c.text.clone())),
                }
            }
            concretes.insert(i.clone(), c);
        }
        for (_, i, mut w, why) in lacking {
            if let Some(why) = why {
                w.fixit = None;
                w.note_fixits.clear();
                match concretes.get(&i).cloned().flatten() {
                    Some(c) => {
                        let with = if c.changed.is_empty() {
                            String::new()
                        } else {
                            let list: Vec<String> =
                                c.changed.iter().map(|d| format!("`{d}`")).collect();
                            format!(" (with {})", list.join(", "))
                        };
                        let effect = if c.moved.is_empty() {
                            "removes the padding and moves nothing".to_owned()
                        } else {
                            format!(
                                "removes the padding but moves {}; apply it only where whatever fills the buffer moves them too",
                                Moved::list(&c.moved)
                            )
                        };
                        w.note = Some(format!(
                            "{why}; giving it a struct of its own, '{}'{with}, declared before its first use and named there instead, {effect}",
                            c.name
                        ));
                        let text = at
                            .iter()
                            .find(|(s, _)| *s == c.anchor)
                            .map(|(_, t)| t.clone())
                            .unwrap_or(c.text);
                        let here = self.loc(c.anchor, c.anchor.start);
                        w.note_fixits.push(FixIt {
                            start: here.clone(),
                            end: here,
                            text,
                        });
                        w.note_fixits.extend(c.uses);
                    }
                    None => {
                        w.note = Some(format!("{why}; give the instance its own struct"));
                    }
                }
            }
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
        let struct_name = match owner {
            Owner::Struct { ty, .. } => Some(ty.name.to_string()),
            Owner::Buffer { .. } => None,
        };
        let mut pad_names = if is_buffer {
            std::mem::replace(&mut self.buffer_pads, PadNames::new([]))
        } else {
            struct_name
                .as_ref()
                .and_then(|n| self.struct_pads.remove(n))
                .unwrap_or_else(|| PadNames::new(names.iter().copied()))
        };
        // Members whose padding inside gets a retype fix-it: that fix-it
        // also fills the gap right after them, which gets the same one.
        let mut retyped: HashMap<u64, FixIt> = HashMap::new();
        for f in fields {
            let span = span_of(&f.name);
            if let Some(fx) = self.inside(what, owner, f, span, own_index) {
                retyped.insert(f.node.end().get(), fx);
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
                GapReason::AllocSizeExcess => {
                    "clang-22's LLVM type stores each 3-component vector in 16 bytes, past the size it laid out".to_owned()
                }
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
            let fix = match (retyped.get(&(offset + base)), reason, span) {
                (Some(fx), _, _) => Fix {
                    fixit: Some(fx.clone()),
                    note: Some("the fix-it on the member before it fills this gap too".to_owned()),
                    note_fixits: Vec::new(),
                },
                (None, GapReason::AllocSizeExcess, _) => {
                    self.excess_fix(owner, fields, span_of, own_index)
                }
                (None, _, None) => Fix::default(),
                (None, _, Some(span)) => {
                    // A precision-class gap is filled with members of the
                    // row's class (the other one than the next member's).
                    let scalar = match (reason, innermost_scalar(&f.ty)) {
                        (GapReason::PrecisionClass, Some(s)) if !s.is_min_precision() => {
                            Scalar::Min16Float
                        }
                        _ => Scalar::Float,
                    };
                    let gap = Gap {
                        offset,
                        bytes,
                        at_end,
                        packoffset,
                        scalar,
                    };
                    self.insert_fix(owner, span, f, gap, &mut pad_names, own_index)
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
                fixit: fix.fixit,
                note: fix.note,
                note_fixits: fix.note_fixits,
            });
        }
        if is_buffer {
            self.buffer_pads = pad_names;
        } else if let Some(n) = struct_name {
            self.struct_pads.insert(n, pad_names);
        }
    }

    /// The fix-it writing the gap out as explicit members before `f` (or
    /// after it, at the end), laid out again to prove nothing moves.
    fn insert_fix(
        &mut self,
        owner: &Owner<'_>,
        span: Span,
        f: &FieldNode,
        gap: Gap,
        pad_names: &mut PadNames,
        own_index: &dyn Fn(&str) -> Option<usize>,
    ) -> Fix {
        let Gap {
            offset,
            bytes,
            at_end,
            packoffset,
            scalar,
        } = gap;
        let index = if at_end { None } else { own_index(&f.name) };
        // The padding is made of the row's precision class: `scalar` first,
        // then the other class (a gap in a min-precision row for any other
        // reason). The first that lays out exactly wins.
        let other = if scalar == Scalar::Float {
            Scalar::Min16Float
        } else {
            Scalar::Float
        };
        let mut pads = None;
        for s in [scalar, other] {
            let mut names = pad_names.clone();
            let Some(p) = pad_decls(self.opts.layout, s, offset, bytes, packoffset, &mut names)
            else {
                continue;
            };
            if (at_end || index.is_some())
                && owner.accepts_insert(self.opts.layout, self.opts.target, index, &p)
            {
                *pad_names = names;
                pads = Some(p);
                break;
            }
        }
        match pads {
            Some(pads) => {
                let text: Vec<String> = pads.iter().map(|p| p.text()).collect();
                let unit = self.units.get(&*f.name).copied();
                match self.insertion(span, &f.name, at_end, &text, unit) {
                    Some((fx, false)) => Fix {
                        fixit: Some(fx),
                        ..Fix::default()
                    },
                    Some((fx, true)) => Fix {
                        note: Some(format!(
                            "'{}' is not the {} declaration its macro writes, so no fix-it can go at the invocation; this one writes `{}` into the macro's definition",
                            f.name,
                            if at_end { "last" } else { "first" },
                            text.join(" ")
                        )),
                        note_fixits: vec![fx],
                        ..Fix::default()
                    },
                    None => Fix::note(format!(
                        "write `{}` here to make the padding explicit",
                        text.join(" ")
                    )),
                }
            }
            _ if gap.scalar != Scalar::Float => Fix::note(
                "no padding member of the row's precision class fills the gap; reorder the members so min-precision values share rows",
            ),
            _ => Fix::note(format!(
                "no explicit member fills {bytes} byte{} at offset {offset} under the {} rules",
                plural(bytes),
                self.opts.layout.rules.name()
            )),
        }
    }

    /// clang-22 on SPIR-V: the owner's LLVM size exceeds clang's by the
    /// alloc size of its 3-component vectors. Declaring them 4-component
    /// vectors removes the excess: one edit from the first such type to the
    /// last, on the warning when nothing moves, else on a note.
    fn excess_fix(
        &mut self,
        owner: &Owner<'_>,
        fields: &[FieldNode],
        span_of: &dyn Fn(&str) -> Option<Span>,
        own_index: &dyn Fn(&str) -> Option<usize>,
    ) -> Fix {
        let give_up = || {
            Fix::note("this gap exists only in clang-22's LLVM type sizes: declare the 3-component vectors as 4-component ones")
        };
        let vec3: Vec<(&FieldNode, Scalar, usize)> = fields
            .iter()
            .filter_map(|f| match f.ty {
                Ty::Vector { scalar, len: 3 } => Some((f, scalar, own_index(&f.name)?)),
                _ => None,
            })
            .collect();
        if vec3.is_empty() {
            return give_up();
        }
        let edits: Vec<(usize, Ty)> = vec3
            .iter()
            .map(|(_, s, i)| (*i, Ty::vector(*s, 4)))
            .collect();
        let no_excess = |root: &Node, _: &FieldNode| match &root.kind {
            NodeKind::Struct { padding, .. } => padding
                .iter()
                .all(|p| p.reason != PaddingReason::AllocSizeExcess),
            _ => false,
        };
        let Some(moved) =
            owner.retype_moves(self.opts.layout, self.opts.target, &edits, &no_excess)
        else {
            return give_up();
        };
        let mut parts = Vec::new();
        for (f, s, _) in &vec3 {
            let old = Ty::vector(*s, 3).to_string();
            let new = Ty::vector(*s, 4).to_string();
            match span_of(&f.name).and_then(|sp| self.retype(sp, &f.name, &old, &new)) {
                Some(fx) => parts.push(fx),
                None => return give_up(),
            }
        }
        parts.sort_by_key(|p| p.start.byte);
        let names: Vec<String> = vec3.iter().map(|(f, ..)| format!("'{}'", f.name)).collect();
        let what = format!("declaring {} with 4 components", names.join(", "));
        Fix::several(parts, &moved, &what)
    }

    /// The fix-it inserting `decls` before the declaration of `name` (or
    /// after it when `after`); for a bitfield storage unit, `unit` counts
    /// its declarations before and after the one of `name`.
    fn insertion(
        &mut self,
        span: Span,
        name: &str,
        after: bool,
        decls: &[String],
        unit: Option<(usize, usize)>,
    ) -> Option<(FixIt, bool)> {
        let sources: &SourceMap = &self.program.sources;
        let mut in_def = false;
        let d = match unit {
            // A bitfield storage unit: before its first declaration, after
            // its last.
            Some((back, fwd)) => {
                let (start, end) = self.files.run(sources, span, name, back, fwd)?;
                locate::Decl {
                    start,
                    comma: None,
                    end,
                    sole_type_token: None,
                }
            }
            None => match self.files.decl(sources, span, name) {
                Some(d) => d,
                // Written by a macro: at the invocation, as clang moves a
                // fix-it to the expansion site.
                None => {
                    let (d, def) = self.files.macro_decl(sources, span, name, after)?;
                    in_def = def;
                    d
                }
            },
        };
        let text = sources.text(span.file);
        let joined = decls.join(" ");
        let (at, end, new) = if in_def {
            // Inside a `#define`: on the same line.
            if after {
                (d.end, d.end, format!(" {joined}"))
            } else {
                (d.start, d.start, format!("{joined} "))
            }
        } else if after {
            let (indent, _) = locate::indent_at(text, d.start);
            let line_end = d.end as usize
                + text[d.end as usize..]
                    .find('\n')
                    .unwrap_or(text.len() - d.end as usize);
            let tail = text.get(d.end as usize..line_end).unwrap_or("").trim();
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
        Some((
            FixIt {
                start: self.loc(span, at),
                end: self.loc(span, end),
                text: new,
            },
            in_def,
        ))
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
    /// structs it holds. Returns the fix-it, when it is safe, that widens
    /// `f` (it fills the gap right after `f` too).
    fn inside(
        &mut self,
        what: &str,
        owner: &Owner<'_>,
        f: &FieldNode,
        span: Option<Span>,
        own_index: &dyn Fn(&str) -> Option<usize>,
    ) -> Option<FixIt> {
        let mut safe = None;
        let location = span.map(|s| self.loc(s, s.start));
        // The innermost element of nested arrays.
        let mut node = &f.node;
        let mut ty = &f.ty;
        let mut total_elems = 1u64;
        let mut elem_pad = 0u64;
        let mut inner_stride = 0u64;
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
            inner_stride = stride.get();
            node = element;
            ty = elem;
        }
        let mut matrix_bytes = 0;
        if let NodeKind::Matrix { storage, .. } = &node.kind {
            storage.for_each_padding(&mut |p| matrix_bytes += p.size.get());
        }
        // Widening a matrix removes the padding inside it and between the
        // elements of an array of it: both warnings get the same edit.
        let matrix_fix = match &node.kind {
            NodeKind::Matrix {
                order,
                rows,
                cols,
                scalar,
                ..
            } if matrix_bytes > 0 || elem_pad > 0 => {
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
                Some(self.retype_fix(
                    owner,
                    f,
                    span,
                    own_index,
                    &old,
                    &new,
                    &rewrap(&f.ty, &new_ty),
                ))
            }
            _ => None,
        };
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
            let fix = match (&matrix_fix, ty) {
                (Some(m), _) => m.clone(),
                (None, Ty::Struct(st)) => self.tail_fix(st, element_size, inner_stride),
                (None, _) => self.element_fix(owner, f, ty, span, own_index),
            };
            safe = safe.or(fix.fixit.clone());
            self.emit(PaddingWarning {
                kind: WarningKind::ImplicitPadding,
                reason: GapReason::ArrayElement,
                bytes: elem_pad,
                offset: f.node.offset.get(),
                owner: what.to_owned(),
                member: f.name.to_string(),
                message,
                location: location.clone(),
                fixit: fix.fixit,
                note: fix.note,
                note_fixits: fix.note_fixits,
            });
        }
        match (&node.kind, ty) {
            (NodeKind::Matrix { order, .. }, _) if matrix_bytes > 0 => {
                let bytes = matrix_bytes * total_elems;
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
                let fix = matrix_fix.unwrap_or_default();
                safe = safe.or(fix.fixit.clone());
                self.emit(PaddingWarning {
                    kind: WarningKind::ImplicitPadding,
                    reason,
                    bytes,
                    offset: f.node.offset.get(),
                    owner: what.to_owned(),
                    member: f.name.to_string(),
                    message,
                    location,
                    fixit: fix.fixit,
                    note: fix.note,
                    note_fixits: fix.note_fixits,
                });
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
        safe
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
        // A built-in struct (`RayDesc`) has no text to edit: like clang in
        // system headers, no warning inside it.
        if info.is_none() {
            return;
        }
        let all: Vec<String> = s.all_fields().map(|f| f.name.to_string()).collect();
        let own_start = all.len() - s.fields.len();
        // The front end's fields (bitfields packed into storage units, which
        // the clang-22 rules unpack), parallel to the spans.
        let declared: Vec<String> = info
            .map(|i| i.ty.all_fields().map(|f| f.name.to_string()).collect())
            .unwrap_or_default();
        let span_of = |n: &str| {
            let k = declared.iter().position(|a| a == n)?;
            info.and_then(|i| i.fields.get(k).copied())
        };
        let units = info
            .map(|i| bitfield_units(&i.ty, self.opts.layout.rules))
            .unwrap_or_default();
        let outer_units = std::mem::replace(&mut self.units, units);
        let own_index = |n: &str| {
            let k = all.iter().position(|a| a == n)?;
            k.checked_sub(own_start)
        };
        let base = node.offset.get();
        let owner = Owner::Struct {
            ty: s,
            node,
            buffers: self.buffers.clone(),
        };
        let names: Vec<&str> = all.iter().map(String::as_str).collect();
        let template = name
            .split_once('<')
            .map(|(t, _)| (t.to_owned(), name.to_owned()));
        if let Some((t, i)) = &template {
            self.instances.entry(t.clone()).or_default().push(i.clone());
            self.instance_tys.insert(i.clone(), s.clone());
        }
        let outer = std::mem::replace(&mut self.in_template, template);
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
        self.units = outer_units;
    }

    /// Padding between the elements of an array of struct `st`: explicit
    /// members at the end of the struct until its size is the stride,
    /// checked by laying out every buffer again with the struct so changed.
    fn tail_fix(&mut self, st: &StructTy, size: u64, stride: u64) -> Fix {
        // Every array of the struct gets the one edit of its definition.
        let key = (st.name.to_string(), stride);
        if let Some(f) = self.tails.get(&key) {
            return f.clone();
        }
        let fix = self.new_tail_fix(st, size, stride);
        self.tails.insert(key, fix.clone());
        fix
    }

    fn new_tail_fix(&mut self, st: &StructTy, size: u64, stride: u64) -> Fix {
        let fallback = || {
            Fix::note(format!(
                "add explicit members at the end of struct '{}' until its size is the element stride",
                st.name
            ))
        };
        let program = self.program;
        let opts = self.opts.layout;
        let Some(info) = program.structs.iter().find(|i| i.ty.name == st.name) else {
            return fallback();
        };
        // The last declaration as written (a bitfield unit spans several).
        let (Some(last), Some(&last_span)) = (info.ty.all_fields().last(), info.fields.last())
        else {
            return fallback();
        };
        let unit = spell::unit_steps(last);
        if st.name.contains('<') {
            return Fix::note(
                "the struct is a template instance; write the padding in the template if every instance needs it",
            );
        }
        // clang-22 on SPIR-V: while the struct holds 3-component vectors its
        // LLVM size exceeds the one laid out, and the elements with it; they
        // become 4-component vectors first.
        let has_excess = |t: &StructTy| {
            layout_type(&Ty::Struct(std::sync::Arc::new(t.clone())), opts).is_ok_and(|n| {
                let mut excess = false;
                if let NodeKind::Struct { padding, .. } = &n.kind {
                    excess = padding
                        .iter()
                        .any(|p| p.reason == PaddingReason::AllocSizeExcess);
                }
                excess
            })
        };
        let mut base = st.clone();
        let mut widened = Vec::new();
        let (mut from, mut to) = (size, stride);
        if has_excess(st) {
            for f in &mut base.fields {
                if let Ty::Vector { scalar, len: 3 } = f.ty {
                    f.ty = Ty::vector(scalar, 4);
                    widened.push((f.name.to_string(), scalar));
                }
            }
            let Ok(n) = layout_type(&Ty::Struct(std::sync::Arc::new(base.clone())), opts) else {
                return fallback();
            };
            if has_excess(&base) {
                return fallback();
            }
            from = n.size.get();
            to = from.div_ceil(16) * 16;
        }
        let names = self
            .struct_pads
            .entry(st.name.to_string())
            .or_insert_with(|| PadNames::new(st.all_fields().map(|f| &*f.name)));
        let Some(pads) = pad_decls(
            opts,
            Scalar::Float,
            from,
            to.saturating_sub(from),
            false,
            names,
        ) else {
            return fallback();
        };
        let Some(fixed) = spell::tail_fits(opts, &base, &pads, to) else {
            return fallback();
        };
        let Some(moved) = spell::program_moves(&self.buffers, opts, self.opts.target, &fixed)
        else {
            return fallback();
        };
        let text: Vec<String> = pads.iter().map(|p| p.text()).collect();
        let mut edits = Vec::new();
        for (name, scalar) in &widened {
            let k = info.ty.all_fields().position(|f| *f.name == **name);
            let old = Ty::vector(*scalar, 3).to_string();
            let new = Ty::vector(*scalar, 4).to_string();
            match k
                .and_then(|k| info.fields.get(k).copied())
                .and_then(|sp| self.retype(sp, name, &old, &new))
            {
                Some(fx) => edits.push(fx),
                None => return fallback(),
            }
        }
        if !pads.is_empty() {
            match self.insertion(last_span, &last.name, true, &text, unit) {
                Some((fx, false)) => edits.push(fx),
                // An edit inside a macro's definition is not offered here.
                _ => return fallback(),
            }
        }
        let mut what = Vec::new();
        if !widened.is_empty() {
            let ns: Vec<String> = widened.iter().map(|(n, _)| format!("'{n}'")).collect();
            what.push(format!("declaring {} with 4 components", ns.join(", ")));
        }
        if !pads.is_empty() {
            what.push(format!("adding `{}` at the end", text.join(" ")));
        }
        let what = format!("{} of struct '{}'", what.join(" and "), st.name);
        Fix::several(edits, &moved, &what)
    }

    /// Padding between the elements of array member `f` whose innermost
    /// element type (a scalar or vector) is `elem`.
    fn element_fix(
        &mut self,
        owner: &Owner<'_>,
        f: &FieldNode,
        elem: &Ty,
        span: Option<Span>,
        own_index: &dyn Fn(&str) -> Option<usize>,
    ) -> Fix {
        let (s, n) = match elem {
            Ty::Scalar(s) => (*s, 1),
            Ty::Vector { scalar, len } => (*scalar, *len),
            _ => return Fix::note("the element type has no wider form"),
        };
        let w = widen(s, n);
        if w == n {
            return Fix::note(format!(
                "no wider '{}' vector fills the element stride",
                s.hlsl_name()
            ));
        }
        let new_ty = Ty::vector(s, w);
        let old = elem.to_string();
        let new = new_ty.to_string();
        self.retype_fix(
            owner,
            f,
            span,
            own_index,
            &old,
            &new,
            &rewrap(&f.ty, &new_ty),
        )
    }

    /// Giving `f` the type `new_ty` (spelled `new` where its type token reads
    /// `old`): on the warning when nothing moves, else on a note.
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
    ) -> Fix {
        let Some(index) = own_index(&f.name) else {
            return Fix::default();
        };
        let clean = |_: &Node, f: &FieldNode| f.node.try_for_each_padding(&mut |_| false);
        let moved = owner.retype_moves(
            self.opts.layout,
            self.opts.target,
            &[(index, new_ty.clone())],
            &clean,
        );
        let fx = span.and_then(|s| self.retype(s, &f.name, old, new));
        match moved {
            Some(m) => Fix::of(fx, &m, &format!("declaring it `{new}`")),
            None => Fix::note(format!(
                "declaring it `{new}` would not remove the padding; change the members together"
            )),
        }
    }
}

/// A gap to write out.
#[derive(Clone, Copy)]
struct Gap {
    offset: u64,
    bytes: u64,
    at_end: bool,
    packoffset: bool,
    /// What the padding members are made of.
    scalar: Scalar,
}

/// The bitfields of struct `s` as the front end declared it: a storage
/// unit's field spans its declarations ([`spell::unit_steps`]), except
/// under the clang-22 rules, which give each bitfield its own member.
fn bitfield_units(s: &StructTy, rules: RuleSet) -> HashMap<String, (usize, usize)> {
    let mut out = HashMap::new();
    for f in s.all_fields() {
        let Some(list) = &f.bitfields else { continue };
        if matches!(rules, RuleSet::Clang22(_)) {
            for b in list.iter().filter(|b| !b.name.is_empty()) {
                out.insert(b.name.to_string(), (0, 0));
            }
        } else if let Some(steps) = spell::unit_steps(f) {
            out.insert(f.name.to_string(), steps);
        }
    }
    out
}

/// The scalar of a scalar, vector or matrix, through arrays.
fn innermost_scalar(ty: &Ty) -> Option<Scalar> {
    match ty {
        Ty::Scalar(s) | Ty::Vector { scalar: s, .. } | Ty::Matrix { scalar: s, .. } => Some(*s),
        Ty::Array { elem, .. } => innermost_scalar(elem),
        _ => None,
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
