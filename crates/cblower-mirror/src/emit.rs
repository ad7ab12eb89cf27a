//! Printing the model as C, C++ or Rust.

use std::collections::{BTreeSet, HashSet};
use std::fmt::Write;

use cblower_layout::BufferLayout;

use crate::model::{CTy, GStruct, HSeg, Model};
use crate::{CpuScalar, Lang, MirrorOptions};

const C_KEYWORDS: &[&str] = &[
    "alignas",
    "alignof",
    "and",
    "and_eq",
    "asm",
    "auto",
    "bitand",
    "bitor",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "char8_t",
    "char16_t",
    "char32_t",
    "class",
    "compl",
    "concept",
    "const",
    "consteval",
    "constexpr",
    "constinit",
    "const_cast",
    "continue",
    "co_await",
    "co_return",
    "co_yield",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "dynamic_cast",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "nullptr",
    "operator",
    "or",
    "or_eq",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "requires",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "static_cast",
    "struct",
    "switch",
    "template",
    "this",
    "thread_local",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "wchar_t",
    "while",
    "xor",
    "xor_eq",
    "_Bool",
    "_Complex",
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_Generic",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
    "offsetof",
];

const RUST_KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "else", "enum", "extern", "false", "fn", "for", "if",
    "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static",
    "struct", "trait", "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn",
    "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized",
    "virtual", "yield", "try", "gen",
];

/// A valid identifier in `lang` for an HLSL name (`NS::Light` -> `NS_Light`).
fn ident(name: &str, lang: Lang) -> String {
    let mut s: String = name
        .replace("::", "_")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    match lang {
        Lang::C | Lang::Cpp => {
            if C_KEYWORDS.contains(&s.as_str()) {
                s.push('_');
            }
        }
        Lang::Rust => {
            if matches!(s.as_str(), "self" | "Self" | "super" | "crate" | "_") {
                s.push('_');
            } else if RUST_KEYWORDS.contains(&s.as_str()) {
                s.insert_str(0, "r#");
            }
        }
    }
    s
}

fn reachable(model: &Model, roots: &[Option<usize>]) -> BTreeSet<usize> {
    fn visit(model: &Model, t: &CTy, seen: &mut BTreeSet<usize>) {
        match t {
            CTy::Struct(id) => {
                if seen.insert(*id) {
                    for f in &model.structs[*id].fields {
                        visit(model, &f.cty, seen);
                    }
                }
            }
            CTy::Array(e, _) => visit(model, e, seen),
            CTy::Scalar(_) | CTy::Vector(..) | CTy::Math(_) => {}
        }
    }
    let mut seen = BTreeSet::new();
    for r in roots.iter().flatten() {
        visit(model, &CTy::Struct(*r), &mut seen);
    }
    seen
}

struct Printer {
    lang: Lang,
    type_names: Vec<String>,
    field_names: Vec<Vec<String>>,
}

impl Printer {
    /// C / C++: the type before the name and the array dimensions after it.
    fn c_decl(&self, t: &CTy) -> (String, String) {
        match t {
            CTy::Scalar(s) => (s.c().to_owned(), String::new()),
            CTy::Vector(s, n) => match self.lang {
                Lang::Cpp => (vector_alias(*s, *n), String::new()),
                _ => (s.c().to_owned(), format!("[{n}]")),
            },
            CTy::Array(e, n) => {
                let (base, dims) = self.c_decl(e);
                (base, format!("[{n}]{dims}"))
            }
            CTy::Struct(id) => (self.type_names[*id].clone(), String::new()),
            // Math types are Rust only (rejected before emission).
            CTy::Math(m) => (m.rust.clone(), String::new()),
        }
    }

    fn rust_ty(&self, t: &CTy) -> String {
        match t {
            CTy::Scalar(s) => s.rust().to_owned(),
            CTy::Vector(s, n) => format!("[{}; {n}]", s.rust()),
            CTy::Array(e, n) => format!("[{}; {n}]", self.rust_ty(e)),
            CTy::Struct(id) => self.type_names[*id].clone(),
            CTy::Math(m) => m.rust.clone(),
        }
    }

    fn write_struct(&self, out: &mut String, id: usize, s: &GStruct, opts: &MirrorOptions) {
        let name = &self.type_names[id];
        let names = &self.field_names[id];
        let layout_note = if s.packed {
            " Packed: the members' natural alignment would not give these offsets."
        } else {
            ""
        };
        match self.lang {
            Lang::C | Lang::Cpp => {
                let _ = writeln!(out, "// {}{layout_note}", s.doc);
                if s.packed {
                    out.push_str("#pragma pack(push, 1)\n");
                }
                if self.lang == Lang::C {
                    let _ = writeln!(out, "typedef struct {name} {{");
                } else {
                    let _ = writeln!(out, "struct {name} {{");
                }
                for (f, fname) in s.fields.iter().zip(names) {
                    let (base, dims) = self.c_decl(&f.cty);
                    let _ = writeln!(out, "    {base} {fname}{dims}; // {}", f.comment);
                }
                if self.lang == Lang::C {
                    let _ = writeln!(out, "}} {name};");
                } else {
                    out.push_str("};\n");
                }
                if s.packed {
                    out.push_str("#pragma pack(pop)\n");
                }
                let sa = if self.lang == Lang::C {
                    "_Static_assert"
                } else {
                    "static_assert"
                };
                let _ = writeln!(
                    out,
                    "{sa}(sizeof({name}) == {}, \"{name}: {} bytes\");",
                    s.size, s.size
                );
                for (f, fname) in s.fields.iter().zip(names) {
                    let _ = writeln!(
                        out,
                        "{sa}(offsetof({name}, {fname}) == {}, \"{name}.{fname} at byte {}\");",
                        f.offset, f.offset
                    );
                }
            }
            Lang::Rust => {
                let _ = writeln!(out, "/// {}{layout_note}", s.doc);
                if s.packed {
                    out.push_str("#[repr(C, packed)]\n");
                } else {
                    out.push_str("#[repr(C)]\n");
                }
                if opts.bytemuck {
                    out.push_str("#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]\n");
                } else {
                    out.push_str("#[derive(Clone, Copy)]\n");
                }
                out.push_str("#[allow(non_camel_case_types, non_snake_case)]\n");
                let _ = writeln!(out, "pub struct {name} {{");
                for (f, fname) in s.fields.iter().zip(names) {
                    let _ = writeln!(out, "    /// {}", f.comment);
                    let _ = writeln!(out, "    pub {fname}: {},", self.rust_ty(&f.cty));
                }
                out.push_str("}\n");
                let _ = writeln!(
                    out,
                    "const _: () = assert!(core::mem::size_of::<{name}>() == {});",
                    s.size
                );
                for (f, fname) in s.fields.iter().zip(names) {
                    let _ = writeln!(
                        out,
                        "const _: () = assert!(core::mem::offset_of!({name}, {fname}) == {});",
                        f.offset
                    );
                }
            }
        }
        out.push('\n');
    }
}

fn vector_alias(s: CpuScalar, n: u8) -> String {
    format!("cblower_{}{n}", s.hlsl_like())
}

const HALF_TYPEDEF: &str = "\
#ifndef CBLOWER_HALF_DEFINED
#define CBLOWER_HALF_DEFINED
// half: _Float16 where the compiler has it, else its bits (define
// CBLOWER_HALF_BITS to always get the bits).
#if defined(__FLT16_MAX__) && !defined(CBLOWER_HALF_BITS)
typedef _Float16 cblower_half;
#else
typedef uint16_t cblower_half;
#endif
#endif
";

/// Prints the model: the text, the type name of every struct id (empty
/// for those not printed) and the field names of every struct.
pub(crate) fn emit(
    model: &Model,
    layouts: &[&BufferLayout],
    roots: &[Option<usize>],
    opts: &MirrorOptions,
) -> (String, Vec<String>, Vec<Vec<String>>) {
    let lang = model.lang;
    let shown = reachable(model, roots);
    let mut type_names = vec![String::new(); model.structs.len()];
    let mut used: HashSet<String> = HashSet::new();
    // Buffers first, so they keep their own names.
    let order: Vec<usize> = roots
        .iter()
        .flatten()
        .copied()
        .chain(shown.iter().copied())
        .collect();
    for id in order {
        if !type_names[id].is_empty() {
            continue;
        }
        let base = ident(&format!("{}{}", opts.prefix, model.structs[id].hint), lang);
        let mut name = base.clone();
        let mut n = 2;
        while used.contains(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        used.insert(name.clone());
        type_names[id] = name;
    }
    let field_names: Vec<Vec<String>> = model
        .structs
        .iter()
        .map(|s| {
            let mut seen: HashSet<String> = HashSet::new();
            s.fields
                .iter()
                .map(|f| {
                    let mut n = if matches!(f.hlsl, HSeg::Pad(_)) {
                        f.name.clone()
                    } else {
                        ident(&f.name, lang)
                    };
                    while seen.contains(&n) {
                        n.push('_');
                    }
                    seen.insert(n.clone());
                    n
                })
                .collect()
        })
        .collect();
    let printer = Printer {
        lang,
        type_names,
        field_names,
    };
    let mut out = String::new();
    let source = opts
        .source
        .as_deref()
        .map(|s| format!(" of {s}"))
        .unwrap_or_default();
    let lang_name = match lang {
        Lang::C => "C",
        Lang::Cpp => "C++",
        Lang::Rust => "Rust",
    };
    let c = "//";
    let _ = writeln!(
        out,
        "{c} cblower mirror{source}: {lang_name} structs laid out byte for byte like the GPU buffers."
    );
    let _ = writeln!(
        out,
        "{c} Every gap is a named padding member; the assertions after each struct prove its size and offsets."
    );
    let _ = writeln!(
        out,
        "{c} Generated: edit the HLSL and run the command again."
    );
    if lang != Lang::Rust {
        out.push_str("#include <stddef.h>\n#include <stdint.h>\n");
        let mut used = BTreeSet::new();
        for &id in &shown {
            for f in &model.structs[id].fields {
                collect_scalars(&f.cty, &mut used);
            }
        }
        if used.contains(&CpuScalar::F16) {
            out.push_str(HALF_TYPEDEF);
        }
    }
    if lang == Lang::Cpp {
        let mut vectors = BTreeSet::new();
        for &id in &shown {
            for f in &model.structs[id].fields {
                collect_vectors(&f.cty, &mut vectors);
            }
        }
        for (s, n) in vectors {
            let alias = vector_alias(s, n);
            let hook = alias.to_uppercase();
            let _ = write!(
                out,
                "#ifndef {hook}_DEFINED\n#define {hook}_DEFINED\n#ifdef {hook}\ntypedef {hook} {alias}; // your type; the assertions check it fits\n#else\ntypedef {} {alias}[{n}];\n#endif\n#endif\n",
                s.c()
            );
        }
    }
    out.push('\n');
    for (layout, root) in layouts.iter().zip(roots) {
        if root.is_none() {
            let _ = writeln!(
                out,
                "{c} HLSL buffer `{}` stores nothing: no struct.\n",
                layout.name
            );
        }
    }
    for &id in &shown {
        printer.write_struct(&mut out, id, &model.structs[id], opts);
    }
    (out, printer.type_names, printer.field_names)
}

fn collect_vectors(t: &CTy, out: &mut BTreeSet<(CpuScalar, u8)>) {
    match t {
        CTy::Vector(s, n) => {
            out.insert((*s, *n));
        }
        CTy::Array(e, _) => collect_vectors(e, out),
        _ => {}
    }
}

fn collect_scalars(t: &CTy, out: &mut BTreeSet<CpuScalar>) {
    match t {
        CTy::Scalar(s) | CTy::Vector(s, _) => {
            out.insert(*s);
        }
        CTy::Array(e, _) => collect_scalars(e, out),
        CTy::Struct(_) | CTy::Math(_) => {}
    }
}
