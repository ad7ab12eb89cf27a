//! The names Clang 22 gives cbuffer objects in IR, and the alignment it
//! prints on member globals.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use cblower_layout::{BufferDecl, BufferKind, Field, Scalar, StructTy, Ty, TypeOptions};

use crate::Target;

/// `%__cblayout_<Name>`, qualified by the buffer's namespace
/// (`NS::__cblayout_CB`); `$Globals` gives `__cblayout_$Globals`.
pub fn layout_struct_name(decl: &BufferDecl) -> String {
    match &decl.namespace {
        Some(ns) => format!("{ns}::__cblayout_{}", decl.name),
        None => format!("__cblayout_{}", decl.name),
    }
}

/// Clang's names for the layout structs of a module's buffers.
///
/// Clang's Sema declares each buffer's layout struct as a record in the
/// buffer's scope, and when a record of the name `__cblayout_<Name>` already
/// exists there (a second buffer of the same name, a user struct of that
/// name, or the filtered copy of a user struct `<Name>`) it appends `_1`,
/// `_2`, ... until the name is free: two `cbuffer A` give `%__cblayout_A` and
/// `%__cblayout_A_1`, and a later `cbuffer A_1` then gets `%__cblayout_A_1_1`.
/// The records known here are the user structs reachable from the buffers'
/// members and the layouts named so far; a user struct that no buffer uses
/// is not seen.
pub struct LayoutStructNames {
    taken: HashSet<String>,
    /// Reachable user structs by qualified name, for the filtered-copy check.
    structs: HashMap<String, Arc<StructTy>>,
}

impl LayoutStructNames {
    /// Records every user struct reachable from the members of `decls`
    /// (iteratively: the front end may hand over 100k nested struct types,
    /// which only the layout rejects).
    pub fn new<'a>(decls: impl IntoIterator<Item = &'a BufferDecl>) -> Self {
        let mut taken = HashSet::new();
        let mut structs = HashMap::new();
        let mut seen: HashSet<*const StructTy> = HashSet::new();
        let mut stack: Vec<&Ty> = Vec::new();
        for decl in decls {
            stack.extend(decl.members.iter().map(|f| &f.ty));
            while let Some(ty) = stack.pop() {
                match ty {
                    Ty::Array { elem, .. } => stack.push(elem),
                    Ty::Struct(s) if seen.insert(Arc::as_ptr(s)) => {
                        taken.insert(s.name.to_string());
                        structs.insert(s.name.to_string(), s.clone());
                        stack.extend(s.all_fields().map(|f| &f.ty));
                    }
                    _ => {}
                }
            }
        }
        LayoutStructNames { taken, structs }
    }

    /// The layout struct name of `decl`; call once per buffer, in order,
    /// after its layout succeeded (so its struct nesting is bounded).
    pub fn assign(&mut self, decl: &BufferDecl) -> String {
        let base = layout_struct_name(decl);
        let mut name = base.clone();
        let mut n = 0u64;
        while self.taken.contains(&name) || self.is_filtered_copy(&name) {
            n += 1;
            name = format!("{base}_{n}");
        }
        self.taken.insert(name.clone());
        name
    }

    /// Whether `name` is `[scope::]__cblayout_X` for a reachable struct
    /// `[scope::]X` whose layout type is a filtered copy of that name.
    fn is_filtered_copy(&self, name: &str) -> bool {
        let (scope, local) = match name.rsplit_once("::") {
            Some((scope, local)) => (Some(scope), local),
            None => (None, name),
        };
        let Some(source) = local.strip_prefix("__cblayout_") else {
            return false;
        };
        let qualified = match scope {
            Some(scope) => format!("{scope}::{source}"),
            None => source.to_owned(),
        };
        self.structs
            .get(&qualified)
            .is_some_and(|s| struct_type_name(s) == name)
    }
}

/// `@<Name>.cb`, or `@<Name>.tb` for a `tbuffer` or `TextureBuffer<T>`.
pub fn handle_global_name(decl: &BufferDecl) -> String {
    match decl.kind {
        BufferKind::TBuffer | BufferKind::TextureBuffer => format!("{}.tb", decl.name),
        _ => format!("{}.cb", decl.name),
    }
}

/// The symbol of a member global: the C++ (Itanium) mangled variable name.
/// Plain at global scope, `_ZN2NS2niE` inside namespaces, and with the
/// internal-linkage marker `L` for `const` variables (`_ZL2kc`, `_ZN2NSL2kcE`).
pub fn member_symbol(field: &Field) -> String {
    member_symbol_cow(field).into_owned()
}

/// [`member_symbol`], borrowing the name when it is the symbol.
pub fn member_symbol_cow(field: &Field) -> Cow<'_, str> {
    let name = &*field.name;
    if field.namespace.is_none() && !field.is_const {
        // The usual member: its own name (asked once per member by the
        // planner and again by each writer).
        return Cow::Borrowed(name);
    }
    let ns: Vec<&str> = field
        .namespace
        .as_deref()
        .map(|n| n.split("::").filter(|c| !c.is_empty()).collect())
        .unwrap_or_default();
    let local = if field.is_const { "L" } else { "" };
    if ns.is_empty() {
        return if field.is_const {
            Cow::Owned(format!("_ZL{}{name}", name.len()))
        } else {
            Cow::Borrowed(name)
        };
    }
    let mut out = String::from("_ZN");
    for c in ns {
        out.push_str(&format!("{}{c}", c.len()));
    }
    out.push_str(&format!("{local}{}{name}E", name.len()));
    Cow::Owned(out)
}

/// The alignment Clang 22 prints on a member global: the AST alignment of
/// the declaration. Vectors align to their size rounded up to a power of
/// two (`float3`: 16, `double3`: 32), matrices and arrays to their element,
/// and structs to 1, except a filtered struct that held a resource directly,
/// which keeps the handle's alignment (pointer size on DXIL, 8 on SPIR-V),
/// and a struct that declares a bitfield wider than its type directly or
/// in a base struct, which aligns to [`wide_bitfield_align`] (the largest
/// of those bitfields').
pub fn clang_member_align(ty: &Ty, target: Target, types: TypeOptions) -> u64 {
    let scalar = |s: Scalar| s.size(types).get();
    match ty {
        Ty::Scalar(s) => scalar(*s),
        Ty::Vector { scalar: s, len } => scalar(*s) * u64::from(*len).next_power_of_two(),
        Ty::Matrix { scalar: s, .. } => scalar(*s),
        Ty::Array { elem, .. } => clang_member_align(elem, target, types),
        Ty::Struct(s) => {
            let held = if s.all_fields().any(|f| matches!(f.ty, Ty::Resource(_))) {
                match target {
                    Target::Dxil => 4,
                    Target::SpirV => 8,
                }
            } else {
                1
            };
            // The bitfields of the struct and of its bases (a base's
            // alignment reaches the derived struct; a member struct's does
            // not reach its parent), unpacked or still in their units.
            s.all_fields()
                .flat_map(|f| {
                    f.bitfields
                        .as_deref()
                        .map_or(std::slice::from_ref(f), Vec::as_slice)
                })
                .map(|d| wide_bitfield_align(d, types))
                .fold(held, u64::max)
        }
        Ty::Resource(_) => 1,
    }
}

/// What a bitfield declaration does to the alignment of clang-22's struct:
/// HLSL records are laid out packed (alignment 1), but Clang lays a
/// bitfield wider than its type out in the largest integer type that its
/// width fills (`short` from 16 bits, `int` from 32, `long` from 64; no
/// 128-bit type on DXIL or SPIR-V) and raises the record's alignment to
/// that type's without the packing, so `uint a : 33` makes the struct
/// 4-aligned and `uint a : 64` (or `uint64_t a : 65`) 8-aligned. Clang's
/// record layout reads the width as a 32-bit number, so a width of 2^32 or
/// more (accepted on DXIL) counts by its low 32 bits: `2^32 + 1` is a
/// 1-bit field (no effect), `2^32 + 40` a 40-bit one, and a multiple of
/// 2^32 a zero-width one, which the packing does not reach: a named one
/// aligns the struct to its type. 1 for any other field.
pub fn wide_bitfield_align(d: &Field, types: TypeOptions) -> u64 {
    let (Some(declared), Ty::Scalar(s)) = (d.bit_width, &d.ty) else {
        return 1;
    };
    let type_bytes = s.size(types).get();
    let width = declared & u64::from(u32::MAX);
    if width > type_bytes * 8 {
        wide_bitfield_unit_align(width)
    } else if width == 0 && declared != 0 && !d.name.is_empty() {
        type_bytes
    } else {
        1
    }
}

/// The alignment of the integer type Clang lays out a bitfield of `width`
/// bits in when that is wider than its declared type: the largest of
/// `char`, `short`, `int`, `long` (1, 2, 4, 8 bytes) whose bits do not
/// exceed the width (there is no 128-bit choice).
pub fn wide_bitfield_unit_align(width: u64) -> u64 {
    match width {
        ..=15 => 1,
        16..=31 => 2,
        32..=63 => 4,
        _ => 8,
    }
}

/// The largest power of two (at most 16, a row) that divides `offset`: how
/// aligned a member at `offset` really is in a 16-byte-aligned buffer.
pub fn offset_alignment(offset: u64) -> u64 {
    if offset == 0 {
        16
    } else {
        (1u64 << offset.trailing_zeros()).min(16)
    }
}

/// Clang's LLVM name for a user struct's layout type: the qualified name, with
/// `__cblayout_` in front of the last component when members a constant
/// buffer does not store had to be removed (anywhere inside), and `anon` for
/// anonymous structs. A template instance is named after its template
/// (`Pair<float3>` is `%Pair`; a second instance becomes `%Pair.0` by LLVM's
/// renaming), as clang names every record by its declaration's name.
pub fn struct_type_name(s: &StructTy) -> String {
    layout_name(s, without_template_arguments(&s.name))
}

/// What tells two user structs apart when they share a layout type name:
/// [`struct_type_name`] with the template arguments kept, so `Pair<int>` and
/// `Pair<uint>` stay two types even where their shapes agree.
pub fn struct_identity(s: &StructTy) -> String {
    layout_name(s, &s.name)
}

/// `name` without a trailing template argument list (`NS::Pair<A::B>` is
/// `NS::Pair`).
pub fn without_template_arguments(name: &str) -> &str {
    match name.find('<') {
        Some(i) => &name[..i],
        None => name,
    }
}

fn layout_name(s: &StructTy, name: &str) -> String {
    let (scope, base) = match without_template_arguments(name).rsplit_once("::") {
        Some((scope, _)) => (Some(scope), &name[scope.len() + 2..]),
        None => (None, name),
    };
    if base == "anon" {
        return "anon".to_owned();
    }
    let base = if needs_filtered_copy(s) {
        format!("__cblayout_{base}")
    } else {
        base.to_owned()
    };
    match scope {
        Some(scope) => format!("{scope}::{base}"),
        None => base,
    }
}

/// True if laying `s` out in a constant buffer removes something from it
/// (directly or in a struct it contains).
pub fn needs_filtered_copy(s: &StructTy) -> bool {
    s.all_fields().any(|f| {
        !f.is_stored()
            || match innermost(&f.ty) {
                Ty::Struct(inner) => needs_filtered_copy(inner),
                _ => false,
            }
    })
}

fn innermost(ty: &Ty) -> &Ty {
    match ty {
        Ty::Array { elem, .. } => innermost(elem),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(name: &str, ns: Option<&str>, is_const: bool) -> Field {
        let mut f = Field::new(name, Ty::Scalar(Scalar::Float));
        f.namespace = ns.map(Arc::from);
        f.is_const = is_const;
        f
    }

    #[test]
    fn template_instances_take_their_templates_name() {
        let pair = |args: &str| {
            StructTy::new(
                format!("NS::Pair<{args}>"),
                vec![Field::new("a", Ty::Scalar(Scalar::Float))],
            )
        };
        assert_eq!(struct_type_name(&pair("float3")), "NS::Pair");
        assert_eq!(struct_type_name(&pair("A::B")), "NS::Pair");
        assert_eq!(struct_identity(&pair("A::B")), "NS::Pair<A::B>");
        assert_eq!(without_template_arguments("Plain"), "Plain");
    }

    #[test]
    fn mangling_matches_clang_22() {
        assert_eq!(member_symbol(&field("x", None, false)), "x");
        assert_eq!(member_symbol(&field("k", None, true)), "_ZL1k");
        assert_eq!(member_symbol(&field("tc", None, true)), "_ZL2tc");
        assert_eq!(member_symbol(&field("ni", Some("NS"), false)), "_ZN2NS2niE");
        assert_eq!(member_symbol(&field("nc", Some("NS"), true)), "_ZN2NSL2ncE");
        assert_eq!(
            member_symbol(&field("x2", Some("NS::In2"), false)),
            "_ZN2NS3In22x2E"
        );
    }

    #[test]
    fn clang_alignments() {
        let t = TypeOptions::default();
        let v = |s, n| Ty::Vector { scalar: s, len: n };
        assert_eq!(clang_member_align(&v(Scalar::Float, 2), Target::Dxil, t), 8);
        assert_eq!(
            clang_member_align(&v(Scalar::Float, 3), Target::Dxil, t),
            16
        );
        assert_eq!(
            clang_member_align(&v(Scalar::Double, 3), Target::Dxil, t),
            32
        );
        assert_eq!(clang_member_align(&v(Scalar::Bool, 3), Target::Dxil, t), 16);
        assert_eq!(
            clang_member_align(&v(Scalar::Double, 1), Target::Dxil, t),
            8
        );
        let native = TypeOptions { native_16bit: true };
        assert_eq!(
            clang_member_align(&v(Scalar::Half, 3), Target::Dxil, native),
            8
        );
        assert_eq!(clang_member_align(&v(Scalar::Half, 2), Target::Dxil, t), 8);
        let wide = |s, w: u64| {
            let mut f = Field::new("a", Ty::Scalar(s));
            f.bit_width = Some(w);
            wide_bitfield_align(&f, native)
        };
        // Checked against clang-22 (`lit-tests/emit/wide-bitfields.hlsl`).
        assert_eq!(wide(Scalar::Uint, 32), 1);
        assert_eq!(wide(Scalar::Uint, 33), 4);
        assert_eq!(wide(Scalar::Int, 63), 4);
        assert_eq!(wide(Scalar::Bool, 64), 8);
        assert_eq!(wide(Scalar::Uint, 1000), 8);
        assert_eq!(wide(Scalar::Uint64, 64), 1);
        assert_eq!(wide(Scalar::Uint64, 65), 8);
        assert_eq!(wide(Scalar::Int16, 17), 2);
        assert_eq!(wide(Scalar::Uint16, 32), 4);
        // Only the low 32 bits count
        // (`lit-tests/emit/wide-bitfields-truncated.hlsl`).
        assert_eq!(wide(Scalar::Uint, 1 << 32), 4);
        assert_eq!(wide(Scalar::Uint16, 1 << 32), 2);
        assert_eq!(wide(Scalar::Uint64, 1 << 60), 8);
        assert_eq!(wide(Scalar::Uint, (1 << 32) + 1), 1);
        assert_eq!(wide(Scalar::Uint, (1 << 32) + 32), 1);
        assert_eq!(wide(Scalar::Uint, (1 << 32) + 33), 4);
        assert_eq!(wide(Scalar::Uint, (1 << 33) + 64), 8);
        let mut anonymous = Field::new("", Ty::Scalar(Scalar::Uint));
        anonymous.bit_width = Some(1 << 32);
        assert_eq!(wide_bitfield_align(&anonymous, native), 1);
        let mut s = StructTy::new("S", vec![Field::new("b", Ty::Scalar(Scalar::Float))]);
        s.fields[0].bitfields = Some(Arc::new(vec![{
            let mut f = Field::new("a", Ty::Scalar(Scalar::Uint));
            f.bit_width = Some(40);
            f
        }]));
        let base = Arc::new(s);
        let s = Ty::Struct(base.clone());
        assert_eq!(clang_member_align(&s, Target::Dxil, t), 4);
        assert_eq!(
            clang_member_align(
                &Ty::Array {
                    elem: Arc::new(s.clone()),
                    len: 2,
                    stride: None,
                },
                Target::SpirV,
                t
            ),
            4
        );
        // A derived struct takes its base's alignment (checked against
        // clang-22, `lit-tests/emit/wide-bitfields-base.hlsl`); a struct
        // holding one as a field does not.
        let mut derived = StructTy::new("D", vec![Field::new("f", Ty::Scalar(Scalar::Float))]);
        derived.base = Some(base);
        let derived = Arc::new(derived);
        let mut twice = StructTy::new("E", vec![Field::new("g", Ty::Scalar(Scalar::Int))]);
        twice.base = Some(derived.clone());
        let holder = StructTy::new("H", vec![Field::new("d", Ty::Struct(derived.clone()))]);
        assert_eq!(clang_member_align(&Ty::Struct(derived), Target::Dxil, t), 4);
        assert_eq!(
            clang_member_align(&Ty::Struct(Arc::new(twice)), Target::Dxil, t),
            4
        );
        assert_eq!(
            clang_member_align(&Ty::Struct(Arc::new(holder)), Target::Dxil, t),
            1
        );
        assert_eq!(offset_alignment(0), 16);
        assert_eq!(offset_alignment(4), 4);
        assert_eq!(offset_alignment(40), 8);
        assert_eq!(offset_alignment(96), 16);
    }
}
