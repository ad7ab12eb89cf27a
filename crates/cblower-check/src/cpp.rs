//! `cblower check --cpp`: a header shared by C++ and HLSL, laid out by both.
//!
//! The HLSL side is our layout of every named struct and every `cbuffer`
//! of the header. The C++ side comes from the C++ compiler itself: a
//! generated translation unit includes the prelude (which maps `float3` and
//! friends to C++ types), then the header, and prints `sizeof` and
//! `offsetof` of every type and member from `main`; it is compiled and run.
//! Running a program is the one portable way to read these numbers from
//! both g++ and clang++ (no diagnostics or object files to parse), at the
//! price of needing a compiler for the machine it runs on. A first
//! `-fsyntax-only` pass with one probe per line finds the types and members
//! the C++ side does not declare (an HLSL-only `cbuffer`, a member under
//! `#ifndef __cplusplus`): they are listed as skipped, not failed.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use cblower_hlsl::Program;
use cblower_layout::{layout_type, BufferKind, LayoutOptions, NodeKind, Scalar, Ty};

use crate::spell::{pad_decls, PadNames};
use crate::{source_loc, SourceLoc};

/// The C++ types the HLSL names become.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prelude {
    /// `float3` is `float[3]`, `float3x3` is `float[3][3]`.
    Plain,
    /// DirectXMath-like storage structs (`XMFLOAT3`, `XMFLOAT4X4`).
    DirectXMath,
    /// glm-like structs (`vec3`, `mat4`).
    Glm,
    /// None: the header maps the types under `#ifdef __cplusplus`.
    None,
    /// This file.
    File(PathBuf),
}

impl Prelude {
    fn text(&self) -> Option<&'static str> {
        match self {
            Prelude::Plain => Some(include_str!("../preludes/plain.h")),
            Prelude::DirectXMath => Some(include_str!("../preludes/dxmath.h")),
            Prelude::Glm => Some(include_str!("../preludes/glm.h")),
            Prelude::None | Prelude::File(_) => None,
        }
    }
}

/// Options of [`check_cpp`].
#[derive(Clone, Debug)]
pub struct CppOptions {
    /// The HLSL rules.
    pub layout: LayoutOptions,
    /// What is included before the header.
    pub prelude: Prelude,
    /// The compiler: a name looked up on `PATH` or a path; `None` tries
    /// `c++`, `g++`, `clang++` and `clang++-22`.
    pub compiler: Option<String>,
    /// Extra compiler flags.
    pub flags: Vec<String>,
    /// The header (as included by the generated file).
    pub header: PathBuf,
}

/// A member (or a whole type, `member` empty) laid out differently.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Mismatch {
    /// The C++ type (`Frame`, `NS::Light`).
    pub type_name: String,
    /// The member.
    pub member: String,
    /// Where the member is declared in the header.
    pub location: Option<SourceLoc>,
    /// HLSL offset (from the start of the type).
    pub hlsl_offset: u64,
    /// HLSL size.
    pub hlsl_size: u64,
    /// C++ `offsetof`.
    pub cpp_offset: u64,
    /// C++ `sizeof`.
    pub cpp_size: u64,
    /// What differs, with both numbers.
    pub message: String,
    /// How to fix the header.
    pub fix: String,
}

/// The result of [`check_cpp`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CppReport {
    /// The compiler that was run.
    pub compiler: String,
    /// Types compared.
    pub types: usize,
    /// Members compared.
    pub members: usize,
    /// Every difference, in header order.
    pub mismatches: Vec<Mismatch>,
    /// Types or members the C++ side does not declare (`Type` or
    /// `Type::member`).
    pub skipped: Vec<String>,
}

/// Why the comparison could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CppError {
    /// No compiler by that name.
    #[error("C++ compiler `{name}` not found")]
    CompilerNotFound {
        /// The name or path asked for (or the names tried).
        name: String,
    },
    /// The header or the generated file did not compile.
    #[error("`{compiler}` failed on the header (exit status {status}):\n{stderr}")]
    CompilerFailed {
        /// The compiler.
        compiler: String,
        /// Its exit status.
        status: i32,
        /// What it printed.
        stderr: String,
    },
    /// The prelude file cannot be read.
    #[error("cannot read the prelude `{path}`: {message}")]
    Prelude {
        /// The file.
        path: String,
        /// The I/O error.
        message: String,
    },
    /// A temporary file or the probe program failed.
    #[error("{what}: {message}")]
    Io {
        /// What was being done.
        what: String,
        /// The error.
        message: String,
    },
    /// A type of the header cannot be laid out.
    #[error("`{type_name}` cannot be laid out: {message}")]
    Layout {
        /// The type.
        type_name: String,
        /// The layout error.
        message: String,
    },
}

impl CppError {
    /// How to fix the input.
    pub fn help(&self) -> &'static str {
        match self {
            CppError::CompilerNotFound { .. } => {
                "install g++ or clang++, or name the compiler with --cxx PATH"
            }
            CppError::CompilerFailed { .. } => {
                "fix the errors above; pass include directories and defines after `--`, or choose the prelude with --cpp-types / --cpp-prelude"
            }
            CppError::Prelude { .. } => "check the --cpp-prelude path",
            CppError::Io { .. } => "check that the temporary directory is writable",
            CppError::Layout { .. } => "run `cblower layout` on the header for the details",
        }
    }
}

/// One type to compare.
struct Item {
    cpp_name: String,
    hlsl_size: u64,
    /// Name, offset, size, type, declaration span.
    members: Vec<(String, u64, u64, Ty, Option<cblower_hlsl::Span>)>,
    location: Option<SourceLoc>,
}

fn find_compiler(name: Option<&str>) -> Result<PathBuf, CppError> {
    let on_path = |n: &str| -> Option<PathBuf> {
        if n.contains('/') {
            let p = PathBuf::from(n);
            return p.is_file().then_some(p);
        }
        std::env::split_paths(&std::env::var_os("PATH")?)
            .map(|d| d.join(n))
            .find(|p| p.is_file())
    };
    match name {
        Some(n) => on_path(n).ok_or_else(|| CppError::CompilerNotFound { name: n.to_owned() }),
        None => ["c++", "g++", "clang++", "clang++-22"]
            .into_iter()
            .find_map(on_path)
            .ok_or_else(|| CppError::CompilerNotFound {
                name: "c++, g++, clang++ or clang++-22 on PATH".to_owned(),
            }),
    }
}

fn items(program: &Program, opts: &CppOptions) -> Result<Vec<Item>, CppError> {
    let mut out = Vec::new();
    for s in &program.structs {
        let node =
            layout_type(&Ty::Struct(s.ty.clone()), opts.layout).map_err(|e| CppError::Layout {
                type_name: s.ty.name.to_string(),
                message: e.to_string(),
            })?;
        let NodeKind::Struct { fields, .. } = &node.kind else {
            continue;
        };
        let all: Vec<String> = s.ty.all_fields().map(|f| f.name.to_string()).collect();
        let members = fields
            .iter()
            .map(|f| {
                let span = all
                    .iter()
                    .position(|a| *a == *f.name)
                    .and_then(|k| s.fields.get(k).copied());
                (
                    f.name.to_string(),
                    f.node.offset.get(),
                    f.node.size.get(),
                    f.ty.clone(),
                    span,
                )
            })
            .collect();
        out.push(Item {
            cpp_name: s.ty.name.to_string(),
            hlsl_size: node.size.get(),
            members,
            location: Some(source_loc(&program.sources, s.name, s.name.start)),
        });
    }
    let buffers = program.buffers_for_lowering();
    let layouts =
        cblower_program::lay_out_program(&buffers, opts.layout, cblower_program::Target::Dxil)
            .map_err(|e| CppError::Layout {
                type_name: e
                    .buffer_index()
                    .and_then(|i| program.buffers.get(i))
                    .map(|b| b.name.to_string())
                    .unwrap_or_default(),
                message: e.to_string(),
            })?;
    for (i, l) in layouts.iter().enumerate() {
        let decl = &program.buffers[i];
        if decl.kind != BufferKind::CBuffer || decl.array_len.is_some() {
            continue;
        }
        let spans = &program.spans[i];
        let members = l
            .members()
            .map(|m| {
                let span = spans.members.get(m.decl_index()).copied();
                (
                    m.name().to_string(),
                    m.offset().get(),
                    m.size().get(),
                    m.ty().clone(),
                    span,
                )
            })
            .collect();
        let cpp_name = match &decl.namespace {
            Some(ns) => format!("{ns}::{}", decl.name),
            None => decl.name.to_string(),
        };
        out.push(Item {
            cpp_name,
            hlsl_size: l.size().get(),
            members,
            location: Some(source_loc(&program.sources, spans.name, spans.name.start)),
        });
    }
    Ok(out)
}

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn io(what: &str) -> impl Fn(std::io::Error) -> CppError + '_ {
    move |e| CppError::Io {
        what: what.to_owned(),
        message: e.to_string(),
    }
}

/// Runs `cxx` with `args`; its exit status and stderr.
fn run(cxx: &Path, args: &[String]) -> Result<(i32, String), CppError> {
    let out = Command::new(cxx)
        .args(args)
        .output()
        .map_err(io("cannot run the C++ compiler"))?;
    Ok((
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// Lines of `file` the compiler reported an error on, and whether any
/// error was reported somewhere else.
fn error_lines(stderr: &str, file: &str) -> (BTreeSet<usize>, bool) {
    let mut lines = BTreeSet::new();
    let mut elsewhere = false;
    for l in stderr.lines() {
        let Some(pos) = l.find(": error:").or_else(|| l.find(": fatal error:")) else {
            continue;
        };
        let loc = &l[..pos];
        let mut parts = loc.rsplitn(3, ':');
        let (_col, line, path) = (parts.next(), parts.next(), parts.next());
        match (path, line.and_then(|n| n.parse::<usize>().ok())) {
            (Some(p), Some(n)) if p.ends_with(file) => {
                lines.insert(n);
            }
            _ => elsewhere = true,
        }
    }
    (lines, elsewhere)
}

/// Compares the C++ compiler's layout of every struct and `cbuffer` of the
/// header `program` was read from with the HLSL layout.
pub fn check_cpp(program: &Program, opts: &CppOptions) -> Result<CppReport, CppError> {
    let cxx = find_compiler(opts.compiler.as_deref())?;
    let items = items(program, opts)?;
    let dir = std::env::temp_dir().join(format!(
        "cblower-check-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&dir).map_err(io("cannot create a temporary directory"))?;
    let dir = TempDir(dir);
    let prelude = match (&opts.prelude, opts.prelude.text()) {
        (_, Some(text)) => {
            let p = dir.0.join("cblower_prelude.h");
            std::fs::write(&p, text).map_err(io("cannot write the prelude"))?;
            Some(p)
        }
        (Prelude::File(p), None) => {
            std::fs::metadata(p).map_err(|e| CppError::Prelude {
                path: p.display().to_string(),
                message: e.to_string(),
            })?;
            Some(std::fs::canonicalize(p).unwrap_or_else(|_| p.clone()))
        }
        _ => None,
    };
    let header = std::fs::canonicalize(&opts.header).map_err(io("cannot find the header"))?;
    let mut head = String::new();
    if let Some(p) = &prelude {
        head.push_str(&format!("#include \"{}\"\n", p.display()));
    }
    head.push_str(&format!(
        "#include \"{}\"\n#include <cstddef>\n#include <cstdio>\n",
        header.display()
    ));
    let base_args = |src: &Path| -> Vec<String> {
        let mut a = vec!["-std=c++17".to_owned(), "-Wno-invalid-offsetof".to_owned()];
        a.extend(opts.flags.iter().cloned());
        a.push(src.display().to_string());
        a
    };
    // Pass 1: which types and members C++ declares.
    let mut probe = head.clone();
    let mut line = probe.lines().count();
    let mut probe_line = Vec::new();
    for (i, it) in items.iter().enumerate() {
        probe.push_str(&format!(
            "static_assert(sizeof(::{}) > 0, \"\");\n",
            it.cpp_name
        ));
        line += 1;
        probe_line.push((line, i, None));
        for (j, m) in it.members.iter().enumerate() {
            probe.push_str(&format!(
                "static_assert(offsetof(::{}, {}) + sizeof(((::{}*)nullptr)->{}) > 0, \"\");\n",
                it.cpp_name, m.0, it.cpp_name, m.0
            ));
            line += 1;
            probe_line.push((line, i, Some(j)));
        }
    }
    let probe_path = dir.0.join("cblower_probe.cpp");
    std::fs::write(&probe_path, &probe).map_err(io("cannot write the probe"))?;
    let mut args = base_args(&probe_path);
    args.push("-fsyntax-only".to_owned());
    let (status, stderr) = run(&cxx, &args)?;
    let compiler = cxx.display().to_string();
    let (bad, elsewhere) = error_lines(&stderr, "cblower_probe.cpp");
    let header_lines = head.lines().count();
    if status != 0 && (elsewhere || bad.is_empty() || bad.iter().any(|&l| l <= header_lines)) {
        return Err(CppError::CompilerFailed {
            compiler,
            status,
            stderr,
        });
    }
    let mut skipped = Vec::new();
    let missing_type: BTreeSet<usize> = probe_line
        .iter()
        .filter(|(l, _, m)| m.is_none() && bad.contains(l))
        .map(|(_, i, _)| *i)
        .collect();
    // Pass 2: print the numbers.
    let mut tu = head;
    tu.push_str("int main() {\n");
    let mut members = 0;
    let mut types = 0;
    for (l, i, m) in &probe_line {
        let it = &items[*i];
        if missing_type.contains(i) {
            if m.is_none() {
                skipped.push(it.cpp_name.clone());
            }
            continue;
        }
        match m {
            None => {
                types += 1;
                tu.push_str(&format!(
                    "  std::printf(\"T {i} %zu\\n\", sizeof(::{}));\n",
                    it.cpp_name
                ));
            }
            Some(j) if bad.contains(l) => {
                skipped.push(format!("{}::{}", it.cpp_name, it.members[*j].0));
            }
            Some(j) => {
                members += 1;
                let name = &it.members[*j].0;
                tu.push_str(&format!(
                    "  std::printf(\"M {i} {j} %zu %zu\\n\", offsetof(::{0}, {1}), sizeof(((::{0}*)nullptr)->{1}));\n",
                    it.cpp_name, name
                ));
            }
        }
    }
    tu.push_str("  return 0;\n}\n");
    let tu_path = dir.0.join("cblower_layout.cpp");
    std::fs::write(&tu_path, &tu).map_err(io("cannot write the layout program"))?;
    let exe = dir.0.join("cblower_layout");
    let mut args = base_args(&tu_path);
    args.push("-o".to_owned());
    args.push(exe.display().to_string());
    let (status, stderr) = run(&cxx, &args)?;
    if status != 0 {
        return Err(CppError::CompilerFailed {
            compiler,
            status,
            stderr,
        });
    }
    let out = Command::new(&exe)
        .output()
        .map_err(io("cannot run the layout program"))?;
    if !out.status.success() {
        return Err(CppError::Io {
            what: "the layout program failed".to_owned(),
            message: format!("exit status {:?}", out.status.code()),
        });
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut cpp_size = vec![None; items.len()];
    let mut cpp_members = vec![Vec::new(); items.len()];
    for (i, it) in items.iter().enumerate() {
        cpp_members[i] = vec![None; it.members.len()];
    }
    for l in text.lines() {
        let f: Vec<u64> = l
            .split(' ')
            .skip(1)
            .filter_map(|x| x.parse().ok())
            .collect();
        match (l.split(' ').next(), f.as_slice()) {
            (Some("T"), [i, s]) => {
                if let Some(c) = cpp_size.get_mut(*i as usize) {
                    *c = Some(*s);
                }
            }
            (Some("M"), [i, j, o, s]) => {
                if let Some(c) = cpp_members
                    .get_mut(*i as usize)
                    .and_then(|m| m.get_mut(*j as usize))
                {
                    *c = Some((*o, *s));
                }
            }
            _ => {}
        }
    }
    let mut mismatches = Vec::new();
    for (i, it) in items.iter().enumerate() {
        compare(
            program,
            opts,
            it,
            cpp_size[i],
            &cpp_members[i],
            &mut mismatches,
        );
    }
    Ok(CppReport {
        compiler,
        types,
        members,
        mismatches,
        skipped,
    })
}

/// Whether C++ may store more bytes than HLSL for this type (a struct's
/// tail, which HLSL constant buffers do not count).
fn may_be_larger(t: &Ty) -> bool {
    match t {
        Ty::Struct(_) => true,
        Ty::Array { elem, .. } => may_be_larger(elem),
        _ => false,
    }
}

fn innermost(t: &Ty) -> &Ty {
    match t {
        Ty::Array { elem, .. } => innermost(elem),
        t => t,
    }
}

fn has_bool(t: &Ty) -> bool {
    match innermost(t) {
        Ty::Scalar(s) | Ty::Vector { scalar: s, .. } | Ty::Matrix { scalar: s, .. } => {
            *s == Scalar::Bool
        }
        _ => false,
    }
}

fn size_fix(t: &Ty, hlsl: u64, cpp: u64, name: &str) -> String {
    if has_bool(t) {
        let c = cblower_mirror::cpu_scalar(Scalar::Bool, 4)
            .map(|c| c.c())
            .unwrap_or("uint32_t");
        return format!(
            "HLSL stores `bool` in 4 bytes and C++ in 1: declare it `uint` in the shared header (`{c}` on the C++ side) and test it against 0"
        );
    }
    match t {
        Ty::Array { .. } => {
            let e = innermost(t);
            let wider = match e {
                Ty::Scalar(s) | Ty::Vector { scalar: s, .. } => {
                    Some(Ty::vector(*s, crate::widen(*s, 1)).to_string())
                }
                _ => None,
            };
            match wider {
                Some(w) if hlsl > cpp => format!(
                    "HLSL starts every element of `{name}` on a 16-byte row ({hlsl} bytes in all, C++ {cpp}): declare the elements as `{w}` on both sides and use their first components"
                ),
                _ => format!("make the C++ array {hlsl} bytes: give its elements the HLSL stride"),
            }
        }
        Ty::Matrix { rows, cols, .. } => format!(
            "HLSL stores the {cols} columns of this {rows}x{cols} matrix 16 bytes apart ({hlsl} bytes), C++ in {cpp} bytes: use a C++ type with 16-byte columns (e.g. `float4 {name}[{cols}]` on both sides)"
        ),
        _ if cpp > hlsl => format!(
            "the C++ type is {cpp} bytes, HLSL's {hlsl}: map it to a {hlsl}-byte C++ type without extra alignment (e.g. three plain floats, not a SIMD vector)"
        ),
        _ => format!("the C++ type is {cpp} bytes, HLSL's {hlsl}: map it to a {hlsl}-byte C++ type"),
    }
}

fn compare(
    program: &Program,
    opts: &CppOptions,
    it: &Item,
    cpp_size: Option<u64>,
    cpp: &[Option<(u64, u64)>],
    out: &mut Vec<Mismatch>,
) {
    let mut names = PadNames::new(it.members.iter().map(|m| m.0.as_str()));
    // The end of the previous member on each side, and whether it matched.
    let mut prev: Option<(u64, u64, bool, &str)> = None;
    for (j, (name, h_off, h_size, ty, span)) in it.members.iter().enumerate() {
        let Some((c_off, c_size)) = cpp.get(j).copied().flatten() else {
            prev = None;
            continue;
        };
        let size_bad = c_size != *h_size && !(may_be_larger(ty) && c_size > *h_size);
        let off_bad = c_off != *h_off;
        let location = span.map(|s| source_loc(&program.sources, s, s.start));
        if off_bad {
            let (h_end, c_end) = prev.map_or((0, 0), |p| (p.0, p.1));
            let h_gap = h_off.saturating_sub(h_end);
            let c_gap = c_off.saturating_sub(c_end);
            let fix = match prev {
                Some((_, _, false, p)) if h_gap <= c_gap => {
                    format!("follows from `{p}` above; fix that first")
                }
                _ if h_gap > c_gap && c_gap == 0 => {
                    match pad_decls(opts.layout, cblower_layout::Scalar::Float, h_end, h_gap, false, &mut names) {
                        Some(p) => format!(
                            "write the {h_gap} bytes of HLSL padding out before it: `{}`",
                            p.iter().map(|d| d.text()).collect::<Vec<_>>().join(" ")
                        ),
                        None => format!("insert {h_gap} bytes of padding before it on the C++ side"),
                    }
                }
                _ if c_gap > h_gap => format!(
                    "C++ leaves {c_gap} bytes before it, HLSL {h_gap}: the C++ type is aligned more than HLSL aligns it; use a type without extra alignment"
                ),
                _ => format!(
                    "insert {} bytes of padding before it on the C++ side",
                    h_gap.saturating_sub(c_gap)
                ),
            };
            out.push(Mismatch {
                type_name: it.cpp_name.clone(),
                member: name.clone(),
                location: location.clone(),
                hlsl_offset: *h_off,
                hlsl_size: *h_size,
                cpp_offset: c_off,
                cpp_size: c_size,
                message: format!(
                    "'{}::{name}' is at offset {h_off} in HLSL but {c_off} in C++",
                    it.cpp_name
                ),
                fix,
            });
        }
        if size_bad {
            out.push(Mismatch {
                type_name: it.cpp_name.clone(),
                member: name.clone(),
                location,
                hlsl_offset: *h_off,
                hlsl_size: *h_size,
                cpp_offset: c_off,
                cpp_size: c_size,
                message: format!(
                    "'{}::{name}' is {h_size} bytes in HLSL but {c_size} in C++",
                    it.cpp_name
                ),
                fix: size_fix(ty, *h_size, c_size, name),
            });
        }
        prev = Some((h_off + h_size, c_off + c_size, !off_bad && !size_bad, name));
    }
    if let Some(c) = cpp_size {
        if c < it.hlsl_size {
            out.push(Mismatch {
                type_name: it.cpp_name.clone(),
                member: String::new(),
                location: it.location.clone(),
                hlsl_offset: 0,
                hlsl_size: it.hlsl_size,
                cpp_offset: 0,
                cpp_size: c,
                message: format!(
                    "'{}' is {} bytes in HLSL but only {c} in C++",
                    it.cpp_name, it.hlsl_size
                ),
                fix: "the members above differ; fix them and the sizes agree".to_owned(),
            });
        }
    }
}

/// The report as clang-style diagnostics: one `error:` per mismatch at the
/// member in the header, a `note:` with the fix, the skipped names, and a
/// summary line.
pub fn render_cpp_text(r: &CppReport) -> String {
    let mut out = String::new();
    for m in &r.mismatches {
        let at = match &m.location {
            Some(l) => format!("{}:{}:{}: ", l.file, l.at.line, l.at.col),
            None => String::new(),
        };
        out.push_str(&format!("{at}error: {}\n", m.message));
        if let Some(l) = &m.location {
            out.push_str(&format!("{:>5} | {}\n", l.at.line, l.source_line));
            let pad: String = l
                .source_line
                .bytes()
                .take(l.at.col.saturating_sub(1) as usize)
                .map(|b| if b == b'\t' { '\t' } else { ' ' })
                .collect();
            out.push_str(&format!("      | {pad}^\n"));
        }
        out.push_str(&format!("{at}note: {}\n", m.fix));
    }
    for s in &r.skipped {
        out.push_str(&format!("note: `{s}` is not declared for C++; skipped\n"));
    }
    out.push_str(&format!(
        "checked {} type{} and {} member{} with {}: {} mismatch{}\n",
        r.types,
        if r.types == 1 { "" } else { "s" },
        r.members,
        if r.members == 1 { "" } else { "s" },
        Path::new(&r.compiler)
            .file_name()
            .map_or(r.compiler.clone(), |n| n.to_string_lossy().into_owned()),
        r.mismatches.len(),
        if r.mismatches.len() == 1 { "" } else { "es" }
    ));
    out
}
