//! WGSL input for cblower: reads a WGSL file with naga's WGSL front end
//! (`naga::front::wgsl`, the one wgpu uses) and turns every `var<uniform>`
//! and `var<storage>` into a [`BufferDecl`] that the layout engine lays out
//! under its WGSL rule sets ([`RuleSet::Wgsl`]). No LLVM.
//!
//! # What becomes what
//!
//! * `var<uniform> camera: Camera;` is a buffer named `camera` whose members
//!   are `Camera`'s fields (like HLSL's `ConstantBuffer<Camera>`), laid out
//!   under `wgsl-uniform`: the host-shareable layout plus the uniform
//!   address space's checks (structures and arrays at multiples of 16, array
//!   strides and structure sizes multiples of 16).
//! * `var<storage, read> ...` and `var<storage, read_write> ...` are laid
//!   out under `wgsl-storage`.
//! * A variable whose type is not a struct (`var<uniform> time: f32;`,
//!   `var<storage> data: array<f32>;`) is a buffer with one member named
//!   after the variable.
//! * `@align(n)` and `@size(n)` on struct members become
//!   [`Field::align`] and [`Field::size`]. naga applies them and keeps only
//!   the offsets, so they are read back from the struct's source text (whose
//!   span naga keeps); their argument must be an integer literal or the name
//!   of a module-scope `const` of integer type.
//! * A runtime-sized array (`array<T>`, storage buffers only, as the
//!   variable's type or the last member of its struct) is laid out with one
//!   element: the buffer's minimum binding size, as WebGPU counts it.
//!   [`WgslBuffer::runtime_array`] says which member it is.
//! * `@group(g) @binding(b)` go to [`WgslBuffer::group`] and
//!   [`WgslBuffer::binding`].
//!
//! naga's errors become [`Diagnostic`]s at the file, line and column naga
//! points at, with naga's message and notes and a `help:` line, rendered
//! like the HLSL front end's.
//!
//! ```
//! let src = "struct Camera { view_proj: mat4x4<f32>, position: vec3<f32>, exposure: f32 }\n\
//!            @group(0) @binding(0) var<uniform> camera: Camera;";
//! let module = cblower_wgsl::parse_wgsl("camera.wgsl", src).map_err(|e| e.render(false))?;
//! let layouts = module.lay_out(None).map_err(|d| d.render(&module.sources, false))?;
//! let offsets: Vec<u64> = layouts[0].members().map(|m| m.offset().get()).collect();
//! assert_eq!(offsets, [0, 64, 76]);
//! assert_eq!(layouts[0].size().get(), 80);
//! # Ok::<(), String>(())
//! ```

#![deny(missing_docs)]

mod members;
mod types;

use std::path::Path;
use std::sync::Arc;

use cblower_hlsl::{BufferSpans, Diagnostic, Diagnostics, FileId, ParseError, SourceMap, Span};
use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, BufferLayout, Field, LayoutOptions, RuleSet, Ty,
    WgslAddressSpace,
};

pub use types::TypeIssue;

/// How a buffer variable may be accessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    /// `var<uniform>`.
    Uniform,
    /// `var<storage>` or `var<storage, read>`.
    Read,
    /// `var<storage, read_write>`.
    ReadWrite,
}

impl Access {
    /// The address space and access mode as WGSL writes them between `var<`
    /// and `>`.
    pub fn wgsl(self) -> &'static str {
        match self {
            Access::Uniform => "uniform",
            Access::Read => "storage, read",
            Access::ReadWrite => "storage, read_write",
        }
    }
}

/// One `var<uniform>` or `var<storage>` of the file.
#[derive(Clone, Debug)]
pub struct WgslBuffer {
    /// The variable as a buffer: named after the variable, its members the
    /// fields of its struct type (kind `ConstantBuffer`, element type the
    /// struct's name), or one member named after the variable when its type
    /// is not a struct (kind `CBuffer`). No HLSL binding: see
    /// [`WgslBuffer::group`] and [`WgslBuffer::binding`].
    pub decl: BufferDecl,
    /// Which WGSL rule set lays it out by default.
    pub space: WgslAddressSpace,
    /// Its address space and access mode.
    pub access: Access,
    /// `@group(n)`, if given.
    pub group: Option<u32>,
    /// `@binding(n)`, if given.
    pub binding: Option<u32>,
    /// The variable's type as WGSL spells it (`Camera`, `array<f32>`).
    pub type_name: String,
    /// The index in [`BufferDecl::members`] of the member that is a
    /// runtime-sized array (laid out with one element), if any.
    pub runtime_array: Option<usize>,
    /// Where the variable and its members are written.
    pub spans: BufferSpans,
}

impl WgslBuffer {
    /// The rule set this buffer's address space calls for.
    pub fn rule_set(&self) -> RuleSet {
        RuleSet::Wgsl(self.space)
    }
}

/// The buffers of one WGSL file.
#[derive(Clone, Debug)]
pub struct WgslModule {
    /// Every `var<uniform>` and `var<storage>`, in source order.
    pub buffers: Vec<WgslBuffer>,
    /// Every struct type of the module that the layout engine can represent,
    /// by name, in naga's type order (dependencies first).
    pub structs: Vec<(Arc<str>, Ty)>,
    /// Non-fatal diagnostics (none today; kept for symmetry with the HLSL
    /// front end).
    pub warnings: Diagnostics,
    /// The file read, for rendering diagnostics at [`Span`]s.
    pub sources: SourceMap,
}

impl WgslModule {
    /// Lays out every buffer under its address space's rule set, or under
    /// `rules` for all of them when given. A layout error becomes a
    /// diagnostic at the member (or variable) it is about.
    pub fn lay_out(&self, rules: Option<RuleSet>) -> Result<Vec<BufferLayout>, Diagnostic> {
        self.buffers
            .iter()
            .map(|b| {
                let opts = LayoutOptions::new(rules.unwrap_or(b.rule_set()));
                layout_buffer(&b.decl, opts).map_err(|e| {
                    let span = b
                        .spans
                        .members
                        .get(e.member())
                        .copied()
                        .unwrap_or(b.spans.name);
                    Diagnostic::error(span, e.to_string())
                        .with_help(wgsl_help(&e))
                        .with_note(format!(
                            "in var<{}> {}: {}",
                            b.access.wgsl(),
                            b.decl.name,
                            b.type_name
                        ))
                })
            })
            .collect()
    }
}

/// How to fix a layout error in WGSL terms (the layout crate's help speaks
/// of `@stride`, which WGSL no longer has).
fn wgsl_help(e: &cblower_layout::LayoutError) -> String {
    let cblower_layout::LayoutError::Wgsl { rule, .. } = e else {
        return e.help();
    };
    if rule.contains("to start at a multiple of 16") {
        "put @align(16) on this member".into()
    } else if rule.contains("structure sizes to be a multiple of 16") {
        "round the struct's size up to a multiple of 16: @size(n) on its last member, or a padding member".into()
    } else if rule.contains("strides that are a multiple of 16") {
        "use an element whose size is a multiple of 16 (vec4<f32> instead of f32 or vec2<f32>, \
         or a struct with @size(16) on its member)"
            .into()
    } else {
        e.help()
    }
}

/// Reads a WGSL file and collects its buffers.
pub fn read_wgsl_file(path: &Path) -> Result<WgslModule, ParseError> {
    match std::fs::read(path) {
        Ok(bytes) => {
            let text = String::from_utf8(bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
            parse_wgsl(&path.display().to_string(), &text)
        }
        Err(e) => Err(ParseError {
            diagnostics: Diagnostic::error_without_span(format!(
                "cannot read `{}`: {e}",
                path.display()
            ))
            .with_help("check the path and the file's permissions")
            .into(),
            sources: SourceMap::new(),
        }),
    }
}

/// Parses WGSL source named `name` (for diagnostics) and collects its
/// buffers.
pub fn parse_wgsl(name: &str, text: &str) -> Result<WgslModule, ParseError> {
    let mut sources = SourceMap::new();
    let file = sources.add(name, None, text.to_string());
    let fail = |sources: SourceMap, d: Diagnostic| ParseError {
        diagnostics: d.into(),
        sources,
    };
    let module = match naga::front::wgsl::parse_str(text) {
        Ok(m) => m,
        Err(e) => {
            let d = naga_diagnostic(file, text, &e);
            return Err(fail(sources, d));
        }
    };
    match collect(file, text, &module) {
        Ok((buffers, structs)) => Ok(WgslModule {
            buffers,
            structs,
            warnings: Diagnostics::new(),
            sources,
        }),
        Err(d) => Err(fail(sources, d)),
    }
}

/// A byte range of the file as a [`Span`] (clamped to the file).
fn span(file: FileId, text: &str, r: std::ops::Range<usize>) -> Span {
    let len = text.len();
    let start = r.start.min(len);
    let end = r.end.clamp(start, len);
    Span::new(
        file,
        u32::try_from(start).unwrap_or(u32::MAX),
        u32::try_from(end).unwrap_or(u32::MAX),
    )
}

/// naga's parse error as our diagnostic: the first label is the location,
/// the others are labels, naga's notes are notes.
fn naga_diagnostic(file: FileId, text: &str, e: &naga::front::wgsl::ParseError) -> Diagnostic {
    let mut labels = e.labels();
    let mut d = match labels.next() {
        Some((s, msg)) => match s.to_range() {
            Some(r) => {
                let sp = span(file, text, r);
                let d = Diagnostic::error(sp, e.message());
                if msg.is_empty() {
                    d
                } else {
                    d.with_label(sp, msg)
                }
            }
            None => Diagnostic::error_without_span(e.message()),
        },
        None => Diagnostic::error_without_span(e.message()),
    };
    for (s, msg) in labels {
        if let Some(r) = s.to_range() {
            d = d.with_label(span(file, text, r), msg);
        }
    }
    for note in e.notes() {
        d = d.with_note(note);
    }
    d.with_help(
        "correct the WGSL at this location: cblower reads WGSL through naga's front end \
         (the one wgpu uses), which rejects it",
    )
}

type Collected = (Vec<WgslBuffer>, Vec<(Arc<str>, Ty)>);

/// Every buffer variable of `module`, with its declaration and spans.
fn collect(file: FileId, text: &str, module: &naga::Module) -> Result<Collected, Diagnostic> {
    let table = types::TypeTable::build(module, text);
    let to_span = |r: std::ops::Range<usize>| span(file, text, r);
    let mut buffers = Vec::new();
    for (handle, var) in module.global_variables.iter() {
        let access = match var.space {
            naga::AddressSpace::Uniform => Access::Uniform,
            naga::AddressSpace::Storage { access } => {
                if access.contains(naga::StorageAccess::STORE) {
                    Access::ReadWrite
                } else {
                    Access::Read
                }
            }
            _ => continue,
        };
        let space = match access {
            Access::Uniform => WgslAddressSpace::Uniform,
            Access::Read | Access::ReadWrite => WgslAddressSpace::Storage,
        };
        let var_range = module.global_variables.get_span(handle).to_range();
        let name: Arc<str> = var.name.as_deref().unwrap_or("_").into();
        let name_range = var_range
            .clone()
            .and_then(|r| find_name(text, r, &name))
            .or(var_range.clone())
            .unwrap_or(0..0);
        let name_span = to_span(name_range.clone());
        let issue_at = |issue: &TypeIssue| {
            let at = issue.span.clone().map(to_span).unwrap_or(name_span);
            Diagnostic::error(
                at,
                format!("var<{}> {name}: {}", access.wgsl(), issue.message),
            )
            .with_help(issue.help.clone())
        };
        let entry = table.get(var.ty);
        let ty = match &entry.ty {
            Ok(ty) => ty.clone(),
            Err(issue) => return Err(issue_at(issue)),
        };
        if entry.runtime_sized && access == Access::Uniform {
            return Err(Diagnostic::error(
                name_span,
                format!(
                    "var<uniform> {name} holds a runtime-sized array: only storage buffers may"
                ),
            )
            .with_help(
                "give the array a fixed length (array<T, N>), or declare the variable var<storage, read>",
            ));
        }
        let (decl, member_spans, runtime_array) = match (&ty, &entry.struct_members) {
            (Ty::Struct(s), Some(spans)) => {
                let mut decl =
                    BufferDecl::new(name.clone(), BufferKind::ConstantBuffer, s.fields.clone());
                decl.element_type = Some(s.name.clone());
                let runtime = entry
                    .runtime_sized
                    .then(|| s.fields.len().saturating_sub(1));
                let spans: Vec<Span> = spans.iter().cloned().map(to_span).collect();
                (decl, spans, runtime)
            }
            _ => {
                let decl = BufferDecl::new(
                    name.clone(),
                    BufferKind::CBuffer,
                    vec![Field::new(name.clone(), ty.clone())],
                );
                (decl, vec![name_span], entry.runtime_sized.then_some(0))
            }
        };
        buffers.push(WgslBuffer {
            decl,
            space,
            access,
            group: var.binding.as_ref().map(|b| b.group),
            binding: var.binding.as_ref().map(|b| b.binding),
            type_name: entry.wgsl_name.clone(),
            runtime_array,
            spans: BufferSpans {
                name: name_span,
                members: member_spans,
            },
        });
    }
    Ok((buffers, table.structs()))
}

/// The range of the identifier `name` inside `range` of `text` (the
/// variable's name in its declaration), skipping `var<...>` and attributes.
fn find_name(
    text: &str,
    range: std::ops::Range<usize>,
    name: &str,
) -> Option<std::ops::Range<usize>> {
    let hay = text.get(range.clone())?;
    let b = hay.as_bytes();
    let is_ident = |c: u8| c == b'_' || c.is_ascii_alphanumeric() || c >= 0x80;
    let mut from = 0;
    while let Some(pos) = hay[from..].find(name) {
        let s = from + pos;
        let e = s + name.len();
        let before_ok = s == 0 || !is_ident(b[s - 1]);
        let after_ok = e == b.len() || !is_ident(b[e]);
        // The variable's name follows `var<...>` (so a '>' or whitespace)
        // and is followed by ':' (possibly after spaces).
        let followed_by_colon = hay[e..].trim_start().starts_with(':');
        if before_ok && after_ok && followed_by_colon {
            return Some(range.start + s..range.start + e);
        }
        from = e;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(src: &str) -> (String, u32, u32, Option<String>) {
        let d = match parse_wgsl("t.wgsl", src) {
            Ok(m) => match m.lay_out(None) {
                Ok(_) => panic!("accepted"),
                Err(d) => (d.clone(), m.sources),
            },
            Err(e) => {
                let d = e.diagnostics.iter().next().expect("one").clone();
                (d, e.sources)
            }
        };
        let loc = d.0.location(&d.1).expect("located");
        (d.0.message, loc.line, loc.column, d.0.help)
    }

    type Summary = (
        String,
        Access,
        Option<u32>,
        Option<u32>,
        String,
        Option<usize>,
    );

    #[test]
    fn buffers_bindings_and_access() {
        let m = parse_wgsl(
            "t.wgsl",
            "struct P { a: vec3<f32>, b: f32, c: array<vec4<f32>> }\n\
             @group(2) @binding(3) var<storage, read_write> p: P;\n\
             var<storage> q: array<u32, 4>;\n\
             @group(0) @binding(0) var<uniform> u: vec4<f32>;\n\
             var<private> ignored: f32;\n\
             var<workgroup> shared_: array<f32, 64>;",
        )
        .unwrap();
        let summary: Vec<Summary> = m
            .buffers
            .iter()
            .map(|b| {
                (
                    b.decl.name.to_string(),
                    b.access,
                    b.group,
                    b.binding,
                    b.type_name.clone(),
                    b.runtime_array,
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                (
                    "p".into(),
                    Access::ReadWrite,
                    Some(2),
                    Some(3),
                    "P".into(),
                    Some(2)
                ),
                (
                    "q".into(),
                    Access::Read,
                    None,
                    None,
                    "array<u32, 4>".into(),
                    None
                ),
                (
                    "u".into(),
                    Access::Uniform,
                    Some(0),
                    Some(0),
                    "vec4<f32>".into(),
                    None
                ),
            ]
        );
        assert_eq!(m.buffers[0].decl.kind, BufferKind::ConstantBuffer);
        assert_eq!(m.buffers[0].decl.element_type.as_deref(), Some("P"));
        assert_eq!(m.buffers[1].decl.kind, BufferKind::CBuffer);
        let layouts = m.lay_out(None).unwrap();
        let p: Vec<u64> = layouts[0].members().map(|m| m.offset().get()).collect();
        assert_eq!((p, layouts[0].size().get()), (vec![0, 12, 16], 32));
        assert_eq!(layouts[0].rules, RuleSet::Wgsl(WgslAddressSpace::Storage));
        assert_eq!(layouts[2].rules, RuleSet::Wgsl(WgslAddressSpace::Uniform));
        // A rule set for all: std140 puts nothing differently here but the name.
        let all = m.lay_out(Some(RuleSet::Std140)).unwrap();
        assert!(all.iter().all(|l| l.rules == RuleSet::Std140));
    }

    #[test]
    fn attribute_arguments_literals_consts_and_expressions() {
        let m = parse_wgsl(
            "t.wgsl",
            "const A = 8u;\nconst B: i32 = 32;\n\
             struct S { @align(A * 2u) x: f32, @size(A) y: f32, @size(B) z: f32, @align(0x20) w: f32 }\n\
             @group(0) @binding(0) var<storage> s: S;",
        )
        .unwrap();
        let l = &m.lay_out(None).unwrap()[0];
        let offsets: Vec<u64> = l.members().map(|m| m.offset().get()).collect();
        assert_eq!((offsets, l.size().get()), (vec![0, 4, 12, 64], 96));
    }

    #[test]
    fn naga_errors_are_located() {
        let (msg, line, col, help) = error("struct S { x: f32 }\nvar<uniform> s: S\nfn f() {}");
        assert_eq!(msg, "expected `;`, found \"fn\"");
        assert_eq!((line, col), (3, 1));
        assert!(help.unwrap().contains("naga's front end"));
        let (msg, line, col, _) =
            error("struct S { x: f32 }\nvar<uniform> s: S;\nfn f() -> f32 { return s.y; }");
        assert_eq!(msg, "invalid field accessor `y`");
        assert_eq!((line, col), (3, 26));
    }

    #[test]
    fn buffer_types_that_cannot_be_laid_out() {
        let (msg, line, col, _) = error("struct S { x: f32, flag: bool }\nvar<uniform> s: S;");
        assert_eq!(
            msg,
            "var<uniform> s: member 'flag' of struct S: bool is not host-shareable"
        );
        assert_eq!((line, col), (1, 20));
        let (msg, line, col, _) = error("struct S { n: u32, xs: array<f32> }\nvar<uniform> s: S;");
        assert_eq!(
            msg,
            "var<uniform> s holds a runtime-sized array: only storage buffers may"
        );
        assert_eq!((line, col), (2, 14));
        let (msg, line, col, _) = error("struct S { xs: array<f32>, n: u32 }\nvar<storage> s: S;");
        assert_eq!(
            msg,
            "var<storage, read> s: member 'xs' of struct S is runtime-sized but not the last member"
        );
        assert_eq!((line, col), (1, 12));
        let (msg, line, col, _) =
            error("struct A { xs: array<f32> }\nstruct B { n: u32, a: A }\nvar<storage> b: B;");
        assert_eq!(
            msg,
            "var<storage, read> b: member 'a' of struct B has a struct type that ends in a runtime-sized array"
        );
        assert_eq!((line, col), (2, 20));
        let (msg, line, col, help) =
            error("struct S { a: f32, b: array<f32, 4> }\nvar<uniform> s: S;");
        assert_eq!(
            msg,
            "'b': array 'b' at byte offset 4: uniform buffers require arrays to start at a multiple of 16"
        );
        assert_eq!(
            (line, col, help.as_deref()),
            (1, 20, Some("put @align(16) on this member"))
        );
        let (msg, line, col, _) = error("@group(0) @binding(0) var<uniform> u: array<f32, 4>;");
        assert_eq!(
            msg,
            "'u': array 'u' has stride 4: uniform buffers require array strides that are a multiple of 16"
        );
        assert_eq!((line, col), (1, 36));
    }

    #[test]
    fn unreadable_files_are_diagnosed() {
        let e = read_wgsl_file(Path::new("/nonexistent/x.wgsl")).unwrap_err();
        assert!(e
            .render(false)
            .starts_with("error: cannot read `/nonexistent/x.wgsl`"));
    }
}
