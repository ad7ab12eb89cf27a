//! Turns a generated `Case` into HLSL text, and writes the typedef prelude
//! Debian's clang-22 needs because it ships no `hlsl.h`.

use std::fmt::Write;

use super::model::{Buffer, BufferKind, Case, Item, Member, Scalar, Storage, Ty, VkGlobal};

/// The declarations, as cblower reads them (its front end knows every
/// built-in type name).
pub fn body(case: &Case) -> String {
    body_with_positions(case).0
}

/// Where a bitfield declaration of the body stands (1-based, in bytes):
/// the line, the column of its type and of its name (none for an unnamed
/// one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitfieldPos {
    pub struct_index: usize,
    pub field_index: usize,
    pub line: usize,
    pub type_col: usize,
    pub name_col: Option<usize>,
}

/// [`body`] with the position of every bitfield declaration.
pub fn body_with_positions(case: &Case) -> (String, Vec<BitfieldPos>) {
    let mut out = String::new();
    let mut positions = Vec::new();
    let uses_empty = case
        .structs
        .iter()
        .any(|s| s.fields.iter().any(|(_, t)| mentions_empty(t)))
        || case.items.iter().any(|item| match item {
            Item::Buffer(b) => b.members.iter().any(|m| mentions_empty(&m.ty)),
            Item::Global(m) => mentions_empty(&m.ty),
            Item::ResourceGlobal { .. } => false,
        });
    if uses_empty {
        out.push_str("struct Empty {};\n");
    }
    for (struct_index, def) in case.structs.iter().enumerate() {
        let line = out.matches('\n').count() + 1;
        let line_start = out.len();
        write!(out, "struct {}", def.name).unwrap();
        if let Some(base) = def.base {
            write!(out, " : {}", case.structs[base].name).unwrap();
        }
        out.push_str(" {");
        for (field_index, (name, ty)) in def.fields.iter().enumerate() {
            let Ty::Bitfield(s, w) = ty else {
                write!(out, " {};", declarator(case, ty, name)).unwrap();
                continue;
            };
            out.push(' ');
            if let Some(at) = def.vk_offset(name) {
                write!(out, "[[vk::offset({at})]] ").unwrap();
            }
            let type_col = out.len() - line_start + 1;
            write!(out, "{} ", s.spelling()).unwrap();
            let name_col = (!name.is_empty()).then(|| out.len() - line_start + 1);
            if !name.is_empty() {
                write!(out, "{name} ").unwrap();
            }
            write!(out, ": {w};").unwrap();
            positions.push(BitfieldPos {
                struct_index,
                field_index,
                line,
                type_col,
                name_col,
            });
        }
        out.push_str(" };\n");
    }
    for item in &case.items {
        match item {
            Item::Buffer(b) => buffer(case, b, &mut out),
            Item::Global(m) => writeln!(out, "{};", member(case, m)).unwrap(),
            Item::ResourceGlobal {
                name,
                slot,
                kind,
                dims,
                vk_binding,
            } => {
                if let Some(b) = vk_binding {
                    write!(out, "[[vk::binding({b}, 7)]] ").unwrap();
                }
                write!(out, "{} {name}", kind.spelling()).unwrap();
                for d in dims {
                    match d {
                        0 => out.push_str("[]"),
                        n => write!(out, "[{n}]").unwrap(),
                    }
                }
                if let Some(slot) = slot {
                    write!(out, " : register({}{slot})", kind.class()).unwrap();
                }
                out.push_str(";\n");
            }
        }
    }
    (out, positions)
}

/// How many lines [`clang_source`] puts before the body.
pub fn prelude_lines(case: &Case) -> usize {
    prelude(case.native16).matches('\n').count()
}

/// The file clang-22 compiles: the prelude, then the declarations.
pub fn clang_source(case: &Case) -> String {
    let mut out = prelude(case.native16);
    out.push_str(&body(case));
    out
}

fn prelude(native16: bool) -> String {
    let mut out = String::from(
        "typedef unsigned int uint;\ntypedef long int64_t;\ntypedef unsigned long uint64_t;\n",
    );
    let mut scalars: Vec<Scalar> = Scalar::ALWAYS.to_vec();
    if native16 {
        out.push_str(
            "typedef half float16_t;\ntypedef short int16_t;\ntypedef unsigned short uint16_t;\n",
        );
        scalars.extend(Scalar::NATIVE_16);
    }
    for s in scalars {
        let name = s.spelling();
        for n in 1..=4 {
            writeln!(out, "typedef vector<{name},{n}> {name}{n};").unwrap();
        }
        for r in 1..=4 {
            for c in 1..=4 {
                writeln!(out, "typedef matrix<{name},{r},{c}> {name}{r}x{c};").unwrap();
            }
        }
    }
    out
}

fn mentions_empty(ty: &Ty) -> bool {
    match ty {
        Ty::Empty => true,
        Ty::Array(elem, _) => mentions_empty(elem),
        _ => false,
    }
}

fn type_name(case: &Case, ty: &Ty) -> String {
    match ty {
        Ty::Scalar(s) => s.spelling().to_string(),
        Ty::Vector(s, n) => format!("{}{n}", s.spelling()),
        Ty::Matrix(s, r, c) => format!("{}{r}x{c}", s.spelling()),
        Ty::Array(elem, _) => type_name(case, elem),
        Ty::Struct(i) => case.structs[*i].name.clone(),
        Ty::Empty => "Empty".to_string(),
        Ty::Resource => "RWBuffer<float>".to_string(),
        Ty::Res(kind) => kind.spelling().to_string(),
        Ty::Bitfield(s, _) => s.spelling().to_string(),
    }
}

/// `float name[2][3]`.
fn declarator(case: &Case, ty: &Ty, name: &str) -> String {
    let mut dims = String::new();
    let mut t = ty;
    while let Ty::Array(elem, n) = t {
        write!(dims, "[{n}]").unwrap();
        t = elem;
    }
    format!("{} {name}{dims}", type_name(case, t))
}

fn member(case: &Case, m: &Member) -> String {
    let prefix = match m.storage {
        Storage::Stored => "",
        Storage::Static => "static ",
        Storage::Groupshared => "groupshared ",
    };
    let attrs = match (m.vk_offset, m.vk_global) {
        (Some(at), _) => format!("[[vk::offset({at})]] "),
        (None, Some(VkGlobal::PushConstant)) => "[[vk::push_constant]] ".to_string(),
        (None, Some(VkGlobal::SpecConstant(id))) => format!("[[vk::constant_id({id})]] const "),
        (None, None) => String::new(),
    };
    let mut text = format!("{attrs}{prefix}{}", declarator(case, &m.ty, &m.name));
    if matches!(m.vk_global, Some(VkGlobal::SpecConstant(_))) {
        text.push_str(" = 1");
    }
    if let Some(offset) = m.packoffset {
        let component = ["x", "y", "z", "w"][(offset % 16 / 4) as usize];
        if component == "x" && m.name.len().is_multiple_of(2) {
            write!(text, " : packoffset(c{})", offset / 16).unwrap();
        } else {
            write!(text, " : packoffset(c{}.{component})", offset / 16).unwrap();
        }
    }
    text
}

fn buffer(case: &Case, b: &Buffer, out: &mut String) {
    let (keyword, class) = match b.kind {
        BufferKind::CBuffer => ("cbuffer", 'b'),
        BufferKind::TBuffer => ("tbuffer", 't'),
    };
    write!(out, "{keyword} {}", b.name).unwrap();
    match b.register {
        None => {}
        Some(r) => {
            let parts: Vec<String> = r
                .slot
                .map(|s| format!("{class}{s}"))
                .into_iter()
                .chain(r.space.map(|s| format!("space{s}")))
                .collect();
            write!(out, " : register({})", parts.join(", ")).unwrap();
        }
    }
    out.push_str(" {\n");
    for m in &b.members {
        writeln!(out, "  {};", member(case, m)).unwrap();
    }
    out.push_str("};\n");
}
