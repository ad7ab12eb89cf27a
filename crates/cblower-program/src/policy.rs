//! What each compiler puts in a buffer before any layout rule runs.
//!
//! DXC collects every non-`static` variable outside a buffer into the
//! implicit `$Globals` buffer, namespaces included. clang 22 collects only
//! translation-unit-scope ones: a variable inside a namespace becomes an
//! ordinary global and is not a member. So under the clang-22 rules a
//! `$Globals` declaration loses its namespaced members; nothing else
//! changes.
//!
//! clang 22 also does not pack HLSL 2021 bitfields: every bitfield
//! declaration is a member of its declared type (`uint a : 4; uint b : 28;`
//! is two `i32`s, `uint : 0` included). The front end packs them into DXC's
//! storage units and records the declarations on each unit
//! ([`Field::bitfields`]); under the clang-22 rules every struct holding
//! such a unit is replaced by a copy with the declarations in its place.
//!
//! DXC's SPIR-V back end packs bitfields by another rule than its DXIL one
//! (its struct lowering merges a bitfield into the previous field only when
//! that is a bitfield of the very same SPIR-V type whose unit still has room):
//! `int` and `uint` bitfields never share a unit, `min16uint` is `uint`
//! without native 16-bit types and `uint16_t` with them, and a `: 0`
//! bitfield closes nothing: it joins the open unit like any bitfield, and
//! where it cannot (first in a struct, after another field or a bitfield of
//! another type) it is a member of its own type. So for a SPIR-V target,
//! under every rule set but clang-22's, each struct (and a
//! `ConstantBuffer<T>`'s members) is repacked from the declarations the
//! front end recorded.
//!
//! `[[vk::offset(N)]]` is a SPIR-V attribute: DXC ignores it when compiling
//! to DXIL, so for a DXIL target the D3D constant-buffer rules lay out a
//! declaration with every `vk::offset` removed, in nested structs too.
//! clang 22 does not know the attribute at all ("unknown attribute
//! 'vk::offset' ignored", on SPIR-V too), so the clang-22 rules remove it
//! on both targets. Other rule sets (std140, std430, scalar, ...) describe
//! Vulkan buffers and keep it.
//!
//! A `[[vk::push_constant]]` global is the push-constant block and a
//! `[[vk::constant_id(N)]]` one a specialisation constant: on SPIR-V
//! neither is a `$Globals` member (under every rule set, as DXC and clang-22
//! do); on DXIL both compilers ignore the attributes and they stay members.
//!
//! Both the layout report and emission read buffers through
//! [`effective_decl`], so they agree on what a buffer holds.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use cblower_layout::{
    BufferDecl, BufferKind, Field, LayoutOptions, Placement, RuleSet, Scalar, StructTy, Ty,
    TypeOptions, VkGlobal,
};

use crate::Target;

/// A declaration as one rule set sees it, and where its members came from.
#[derive(Clone, Debug)]
pub struct EffectiveDecl<'a> {
    decl: Cow<'a, BufferDecl>,
    /// For a filtered declaration, the source index of each kept member.
    kept: Option<Vec<usize>>,
    /// `[[vk::push_constant]]` members left out (SPIR-V `$Globals`).
    push_constants: Vec<Field>,
    /// Parallel to `push_constants`: each one's index in the source
    /// declaration.
    push_constant_sources: Vec<usize>,
    /// A SPIR-V `$Globals` all of whose members are Vulkan globals.
    only_vulkan_globals: bool,
}

impl<'a> EffectiveDecl<'a> {
    /// The declaration as written (no member removed).
    pub fn unchanged(decl: &'a BufferDecl) -> Self {
        EffectiveDecl {
            decl: Cow::Borrowed(decl),
            kept: None,
            push_constants: Vec::new(),
            push_constant_sources: Vec::new(),
            only_vulkan_globals: false,
        }
    }

    /// The declaration the layout and emission see.
    pub fn decl(&self) -> &BufferDecl {
        &self.decl
    }

    /// The declaration when it is the source's own (not filtered or
    /// rewritten), borrowed for as long as the source.
    pub fn borrowed(&self) -> Option<&'a BufferDecl> {
        match self.decl {
            Cow::Borrowed(d) => Some(d),
            Cow::Owned(_) => None,
        }
    }

    /// The `[[vk::push_constant]]` globals left out of this `$Globals`
    /// (SPIR-V only): the push-constant block is not a buffer member.
    pub fn push_constants(&self) -> &[Field] {
        &self.push_constants
    }

    /// Whether this is a SPIR-V `$Globals` whose every member is a
    /// `[[vk::push_constant]]` or `[[vk::constant_id]]` global: no
    /// `$Globals` exists then (DXC creates it on the first ordinary global,
    /// clang only for default-buffer declarations).
    pub fn only_vulkan_globals(&self) -> bool {
        self.only_vulkan_globals
    }

    /// The index in the source declaration of push-constant block `i` of
    /// [`Self::push_constants`].
    pub fn push_constant_source(&self, i: usize) -> usize {
        self.push_constant_sources.get(i).copied().unwrap_or(i)
    }

    /// The index in the source declaration of member `i` of [`Self::decl`].
    pub fn source_member(&self, i: usize) -> usize {
        match &self.kept {
            Some(kept) => kept.get(i).copied().unwrap_or(i),
            None => i,
        }
    }
}

impl<'a> From<&'a BufferDecl> for EffectiveDecl<'a> {
    fn from(decl: &'a BufferDecl) -> Self {
        EffectiveDecl::unchanged(decl)
    }
}

/// `decl` as laid out with `opts` for `target` (see the module
/// documentation).
pub fn effective_decl(decl: &BufferDecl, opts: LayoutOptions, target: Target) -> EffectiveDecl<'_> {
    let rules = opts.rules;
    let clang22 = matches!(rules, RuleSet::Clang22(_));
    let rewrite = Rewrite {
        unpack_bitfields: clang22,
        spirv_bitfields: (target == Target::SpirV && !clang22).then_some(opts.types),
        drop_vk_offsets: clang22 || (target == Target::Dxil && rules == RuleSet::CBuffer),
    };
    let globals = decl.kind == BufferKind::Globals;
    let dropped = |m: &Field| {
        globals
            && ((clang22 && m.namespace.is_some())
                || (target == Target::SpirV && m.vk_global.is_some()))
    };
    let drops_namespaced = decl.members.iter().any(dropped);
    if !rewrite.unpack_bitfields
        && !rewrite.drop_vk_offsets
        && rewrite.spirv_bitfields.is_none()
        && !drops_namespaced
    {
        return EffectiveDecl::unchanged(decl);
    }
    let mut rewriter = Rewriter {
        rewrite,
        done: HashMap::new(),
        keep: Vec::new(),
    };
    // The members of a `ConstantBuffer<T>` are `T`'s fields: on SPIR-V its
    // bitfield units are repacked like a struct's (each new member keeps
    // the source index of its first declaration).
    let repacked = match rewrite.spirv_bitfields {
        Some(types) if decl.kind.is_templated() => rewriter.spirv_units(&decl.members, types, 0),
        _ => None,
    };
    // Only the members that change, by index: on DXIL every cbuffer is
    // asked to drop `vk::offset`s, and almost none has any, so a full
    // vector of `Option<Field>` per buffer was mostly `None`s.
    let rewritten: Vec<(usize, Field)> = decl
        .members
        .iter()
        .enumerate()
        .filter_map(|(i, m)| rewriter.field(m).map(|f| (i, f)))
        .collect();
    let push_constants: Vec<(usize, Field)> = decl
        .members
        .iter()
        .enumerate()
        .filter(|(_, m)| dropped(m) && m.vk_global == Some(VkGlobal::PushConstant))
        .map(|(i, m)| {
            // The block is laid out by DXC's SPIR-V back end too; clang-22
            // mode reads the declarations itself.
            let rewritten = match rewrite.spirv_bitfields {
                Some(_) => rewriter.field(m),
                None => None,
            };
            (i, rewritten.unwrap_or_else(|| m.clone()))
        })
        .collect();
    if !drops_namespaced && repacked.is_none() && rewritten.is_empty() {
        return EffectiveDecl::unchanged(decl);
    }
    let (kept, members): (Vec<usize>, Vec<Field>) = match repacked {
        Some(units) => units.into_iter().map(|(f, i)| (i, f)).unzip(),
        None => (0..decl.members.len())
            .filter(|&i| !dropped(&decl.members[i]))
            .map(|i| {
                let f = match rewritten.binary_search_by_key(&i, |&(at, _)| at) {
                    Ok(at) => rewritten[at].1.clone(),
                    Err(_) => decl.members[i].clone(),
                };
                (i, f)
            })
            .unzip(),
    };
    let filtered = BufferDecl {
        name: decl.name.clone(),
        kind: decl.kind,
        binding: decl.binding,
        element_type: decl.element_type.clone(),
        array_len: decl.array_len,
        members,
        namespace: decl.namespace.clone(),
        // A base's end counts the kept members from before it.
        element_bases: decl
            .element_bases
            .iter()
            .map(|&end| kept.iter().filter(|&&i| i < end).count())
            .collect(),
    };
    let (push_constant_sources, push_constants) = push_constants.into_iter().unzip();
    EffectiveDecl {
        decl: Cow::Owned(filtered),
        kept: Some(kept),
        push_constants,
        push_constant_sources,
        only_vulkan_globals: globals
            && target == Target::SpirV
            && decl.members.iter().all(|m| m.vk_global.is_some()),
    }
}

/// How deep [`Rewriter`] follows nested structs and arrays. The layout
/// engine refuses types nested more than 256 levels deep (with an error
/// naming the member); past this depth the rewriter leaves the type as it
/// is, so a hostile chain of structs is that error, not a stack overflow.
const MAX_REWRITE_DEPTH: usize = 300;

/// What [`Rewriter`] changes in types.
#[derive(Clone, Copy)]
struct Rewrite {
    /// Every bitfield declaration becomes a field of its own (clang-22).
    unpack_bitfields: bool,
    /// Bitfields are packed as DXC's SPIR-V back end packs them, with these
    /// type sizes (SPIR-V, every rule set but clang-22's).
    spirv_bitfields: Option<TypeOptions>,
    /// `vk::offset` placements are removed (D3D rules on DXIL).
    drop_vk_offsets: bool,
}

/// Rewrites members and the types they use (see [`Rewrite`]); each source
/// struct is rewritten once, so members of one struct type keep sharing
/// one `Arc`.
struct Rewriter {
    rewrite: Rewrite,
    done: HashMap<*const StructTy, Option<Arc<StructTy>>>,
    /// Keeps the source structs alive while their addresses are keys.
    keep: Vec<Arc<StructTy>>,
}

impl Rewriter {
    /// The rewritten field, or `None` when nothing in it changes.
    fn field(&mut self, f: &Field) -> Option<Field> {
        self.field_at(f, 0)
    }

    fn field_at(&mut self, f: &Field, depth: usize) -> Option<Field> {
        let ty = self.ty(&f.ty, depth);
        let drop_offset =
            self.rewrite.drop_vk_offsets && matches!(f.placement, Some(Placement::VkOffset(_)));
        if ty.is_none() && !drop_offset {
            return None;
        }
        let mut f = f.clone();
        if let Some(ty) = ty {
            f.ty = ty;
        }
        if drop_offset {
            f.placement = None;
        }
        Some(f)
    }

    /// The rewritten type, or `None` when nothing in it changes (or it is
    /// nested deeper than [`MAX_REWRITE_DEPTH`]).
    fn ty(&mut self, ty: &Ty, depth: usize) -> Option<Ty> {
        if depth > MAX_REWRITE_DEPTH {
            return None;
        }
        match ty {
            Ty::Struct(s) => self.structure(s, depth + 1).map(Ty::Struct),
            Ty::Array { elem, len, stride } => self.ty(elem, depth + 1).map(|e| Ty::Array {
                elem: Arc::new(e),
                len: *len,
                stride: *stride,
            }),
            _ => None,
        }
    }

    fn structure(&mut self, s: &Arc<StructTy>, depth: usize) -> Option<Arc<StructTy>> {
        if depth > MAX_REWRITE_DEPTH {
            return None;
        }
        if let Some(done) = self.done.get(&Arc::as_ptr(s)) {
            return done.clone();
        }
        let base = s.base.as_ref().and_then(|b| self.structure(b, depth + 1));
        let mut changed = base.is_some();
        let mut fields: Vec<Field> = Vec::with_capacity(s.fields.len());
        let repacked = match self.rewrite.spirv_bitfields {
            Some(types) => self.spirv_units(&s.fields, types, depth),
            None => None,
        };
        let plain = match repacked {
            Some(units) => {
                changed = true;
                fields.extend(units.into_iter().map(|(f, _)| f));
                &[][..]
            }
            None => &s.fields[..],
        };
        for f in plain {
            if let (true, Some(decls)) = (self.rewrite.unpack_bitfields, &f.bitfields) {
                changed = true;
                for d in decls.iter() {
                    // A field listed after `: 0` bitfields is rewritten
                    // like any other.
                    let rewritten = match d.bit_width {
                        None => self.field_at(d, depth),
                        // clang-22 ignores `vk::offset`, on bitfields too.
                        Some(_) => matches!(d.placement, Some(Placement::VkOffset(_))).then(|| {
                            let mut f = d.clone();
                            f.placement = None;
                            f
                        }),
                    };
                    fields.push(rewritten.unwrap_or_else(|| d.clone()));
                }
                continue;
            }
            match self.field_at(f, depth) {
                Some(new) => {
                    changed = true;
                    fields.push(new);
                }
                None => fields.push(f.clone()),
            }
        }
        let out = changed.then(|| {
            Arc::new(StructTy {
                name: s.name.clone(),
                base: base.or_else(|| s.base.clone()),
                fields,
                align: s.align,
                size: s.size,
            })
        });
        self.keep.push(s.clone());
        self.done.insert(Arc::as_ptr(s), out.clone());
        out
    }
}

/// Which bitfields DXC's SPIR-V back end lets share a unit: those whose
/// declared types lower to one SPIR-V integer type (signedness and width),
/// and how many bits that type holds. A `bool` in a buffer lowers to a
/// 32-bit `uint`, so it shares a unit with `uint` bitfields.
fn spirv_unit_type(s: Scalar, types: TypeOptions) -> (bool, u64) {
    let signed = matches!(
        s,
        Scalar::Int | Scalar::Int64 | Scalar::Int16 | Scalar::Min16Int | Scalar::Min12Int
    );
    (signed, 8 * s.size(types).get())
}

impl Rewriter {
    /// `fields` (a struct's, or a `ConstantBuffer<T>`'s members) with their
    /// bitfields packed as DXC's SPIR-V back end packs them, each with the
    /// index of the field its first declaration came from; `None` when
    /// that changes nothing. Other fields are rewritten as usual.
    fn spirv_units(
        &mut self,
        fields: &[Field],
        types: TypeOptions,
        depth: usize,
    ) -> Option<Vec<(Field, usize)>> {
        if !fields.iter().any(|f| f.bitfields.is_some()) {
            return None;
        }
        // Every declaration in source order: a unit stands for its
        // bitfields, a field after `: 0` bitfields for them and itself.
        let declared = fields.iter().enumerate().flat_map(|(i, f)| {
            let own = std::slice::from_ref(f);
            let list = f.bitfields.as_deref().map_or(own, Vec::as_slice);
            list.iter().map(move |d| (i, d))
        });
        // (the unit's type, bits used, its index in `out`)
        let mut open: Option<((bool, u64), u64, usize)> = None;
        let mut out: Vec<(Field, Vec<Field>, usize)> = Vec::new();
        for (source, d) in declared {
            let (Some(width), Ty::Scalar(s)) = (d.bit_width, &d.ty) else {
                open = None;
                let mut f = self.field_at(d, depth).unwrap_or_else(|| d.clone());
                f.bitfields = None;
                out.push((f, Vec::new(), source));
                continue;
            };
            let key = spirv_unit_type(*s, types);
            // DXC places a bitfield with `[[vk::offset(N)]]` at N before it
            // looks at merging: it never joins the open unit, and starts
            // one at N that the next bitfields can join.
            let placed = matches!(d.placement, Some(Placement::VkOffset(_)));
            if let (Some((unit_key, used, at)), false) = (open.as_mut(), placed) {
                if *unit_key == key && *used + width <= key.1 {
                    *used += width;
                    if let Some((unit, decls, _)) = out.get_mut(*at) {
                        if unit.name.is_empty() {
                            unit.name = d.name.clone();
                        }
                        decls.push(d.clone());
                    }
                    continue;
                }
            }
            open = Some((key, width, out.len()));
            let mut unit = Field::new(d.name.clone(), d.ty.clone());
            unit.placement = d.placement.filter(|_| placed);
            out.push((unit, vec![d.clone()], source));
        }
        let units: Vec<(Field, usize)> = out
            .into_iter()
            .map(|(mut f, decls, source)| {
                if !decls.is_empty() {
                    f.bitfields = Some(Arc::new(decls));
                }
                (f, source)
            })
            .collect();
        let same =
            units.len() == fields.len() && units.iter().zip(fields).all(|((a, _), b)| a == b);
        (!same).then_some(units)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cblower_layout::{Clang22Target, Scalar};

    fn globals() -> BufferDecl {
        let mut ns = Field::new("n", Ty::scalar(Scalar::Float));
        ns.namespace = Some("NS".into());
        BufferDecl::new(
            "$Globals",
            BufferKind::Globals,
            vec![
                Field::new("a", Ty::scalar(Scalar::Float)),
                ns,
                Field::new("b", Ty::scalar(Scalar::Int)),
            ],
        )
    }

    #[test]
    fn clang22_drops_namespaced_globals() {
        let d = globals();
        let e = effective_decl(
            &d,
            LayoutOptions::new(RuleSet::Clang22(Clang22Target::Dxil)),
            Target::Dxil,
        );
        let names: Vec<&str> = e.decl().members.iter().map(|m| &*m.name).collect();
        assert_eq!(names, ["a", "b"]);
        assert_eq!(e.source_member(1), 2);
    }

    /// A unit of two bitfields stays one member for DXC and becomes the two
    /// declarations for clang-22, in every struct that holds it (nested and
    /// in arrays), and members of one struct type keep sharing one type.
    #[test]
    fn clang22_unpacks_bitfield_units() {
        let mut unit = Field::new("a", Ty::scalar(Scalar::Uint));
        unit.bitfields = Some(Arc::new(vec![
            Field::new("a", Ty::scalar(Scalar::Uint)),
            Field::new("b", Ty::scalar(Scalar::Uint)),
        ]));
        let s = Ty::structure(StructTy::new(
            "S",
            vec![unit, Field::new("f", Ty::scalar(Scalar::Float))],
        ));
        let outer = Ty::structure(StructTy::new("O", vec![Field::new("inner", s.clone())]));
        let d = BufferDecl::new(
            "CB",
            BufferKind::CBuffer,
            vec![
                Field::new("s", s.clone()),
                Field::new("arr", Ty::array(s.clone(), 2)),
                Field::new("o", outer),
            ],
        );
        assert_eq!(
            effective_decl(&d, LayoutOptions::new(RuleSet::CBuffer), Target::Dxil).decl(),
            &d
        );
        let e = effective_decl(
            &d,
            LayoutOptions::new(RuleSet::Clang22(Clang22Target::Dxil)),
            Target::Dxil,
        );
        let names = |t: &Ty| match t {
            Ty::Struct(s) => s
                .fields
                .iter()
                .map(|f| f.name.to_string())
                .collect::<Vec<_>>(),
            _ => panic!("not a struct: {t}"),
        };
        let m = &e.decl().members;
        assert_eq!(names(&m[0].ty), ["a", "b", "f"]);
        let Ty::Array { elem, .. } = &m[1].ty else {
            panic!("not an array")
        };
        assert_eq!(names(elem), ["a", "b", "f"]);
        let (Ty::Struct(direct), Ty::Struct(in_array)) = (&m[0].ty, &**elem) else {
            panic!("not structs")
        };
        assert!(Arc::ptr_eq(direct, in_array));
        let Ty::Struct(o) = &m[2].ty else {
            panic!("not a struct")
        };
        assert_eq!(names(&o.fields[0].ty), ["a", "b", "f"]);
        assert_eq!(e.source_member(2), 2);
    }

    /// A bitfield declaration as the front end records it.
    fn bits(name: &str, s: Scalar, width: u32) -> Field {
        let mut f = Field::new(name, Ty::scalar(s));
        f.bit_width = Some(width.into());
        f
    }

    /// A storage unit as the front end packs it (DXC's DXIL rule).
    fn unit(ty: Scalar, decls: Vec<Field>) -> Field {
        let name = decls
            .iter()
            .find(|d| !d.name.is_empty())
            .map_or("", |d| &*d.name);
        let mut f = Field::new(name, Ty::scalar(ty));
        f.bitfields = Some(Arc::new(decls));
        f
    }

    /// (name, type, number of declarations) of each field of struct member
    /// `i` of `e`.
    fn units(e: &EffectiveDecl<'_>, i: usize) -> Vec<(String, String, usize)> {
        let Ty::Struct(s) = &e.decl().members[i].ty else {
            panic!("not a struct")
        };
        s.fields
            .iter()
            .map(|f| {
                let n = f.bitfields.as_ref().map_or(0, |l| l.len());
                (f.name.to_string(), f.ty.to_string(), n)
            })
            .collect()
    }

    fn owned(v: &[(&str, &str, usize)]) -> Vec<(String, String, usize)> {
        v.iter()
            .map(|(a, b, n)| (a.to_string(), b.to_string(), *n))
            .collect()
    }

    fn spirv(native_16bit: bool) -> LayoutOptions {
        LayoutOptions::new(RuleSet::RelaxedStd140).native_16bit(native_16bit)
    }

    /// DXC's SPIR-V back end shares a unit only between bitfields of one
    /// SPIR-V type that fit, and a `: 0` closes nothing (it joins the open
    /// unit, or is a member of its own where none is open); DXIL and
    /// clang-22 keep their own packing.
    #[test]
    fn spirv_repacks_bitfields_as_dxc_spirv_does() {
        use Scalar::{Float, Int, Min16Uint, Uint};
        // `uint a : 4; int b : 4; uint c : 4;`: one unsigned DXIL unit.
        let mixed = unit(
            Uint,
            vec![bits("a", Uint, 4), bits("b", Int, 4), bits("c", Uint, 4)],
        );
        // `uint a : 4; uint : 0; uint b : 4;`: two DXIL units.
        let closed = vec![
            unit(Uint, vec![bits("a", Uint, 4), bits("", Uint, 0)]),
            unit(Uint, vec![bits("b", Uint, 4)]),
        ];
        // `float x; uint : 0; float y;`: the `: 0` is kept on `y`.
        let mut y = Field::new("y", Ty::scalar(Float));
        y.bitfields = Some(Arc::new(vec![bits("", Uint, 0), y.clone()]));
        let after_float = vec![Field::new("x", Ty::scalar(Float)), y];
        // `min16uint a : 10; min16uint b : 10; uint c : 4;`
        let min16 = vec![
            unit(Min16Uint, vec![bits("a", Min16Uint, 10)]),
            unit(Min16Uint, vec![bits("b", Min16Uint, 10)]),
            unit(Uint, vec![bits("c", Uint, 4)]),
        ];
        let st = |name: &str, fields: Vec<Field>| {
            Field::new(name, Ty::structure(StructTy::new(name, fields)))
        };
        let d = BufferDecl::new(
            "CB",
            BufferKind::CBuffer,
            vec![
                st("m", vec![mixed.clone()]),
                st("c", closed),
                st("f", after_float),
                st("h", min16),
            ],
        );
        let e = effective_decl(&d, spirv(false), Target::SpirV);
        assert_eq!(
            units(&e, 0),
            owned(&[("a", "uint", 1), ("b", "int", 1), ("c", "uint", 1)])
        );
        assert_eq!(units(&e, 1), owned(&[("a", "uint", 3)]));
        assert_eq!(
            units(&e, 2),
            owned(&[("x", "float", 0), ("", "uint", 1), ("y", "float", 0)])
        );
        // Without native 16-bit types `min16uint` is a 32-bit `uint`.
        assert_eq!(units(&e, 3), owned(&[("a", "min16uint", 3)]));
        let e16 = effective_decl(&d, spirv(true), Target::SpirV);
        assert_eq!(
            units(&e16, 3),
            owned(&[
                ("a", "min16uint", 1),
                ("b", "min16uint", 1),
                ("c", "uint", 1)
            ])
        );
        // Every other rule set on SPIR-V repacks too; DXIL does not.
        let fxc = effective_decl(&d, LayoutOptions::new(RuleSet::CBuffer), Target::SpirV);
        assert_eq!(units(&fxc, 1), owned(&[("a", "uint", 3)]));
        assert_eq!(effective_decl(&d, spirv(false), Target::Dxil).decl(), &d);
        let clang = effective_decl(
            &d,
            LayoutOptions::new(RuleSet::Clang22(Clang22Target::SpirV)),
            Target::SpirV,
        );
        assert_eq!(
            units(&clang, 2),
            owned(&[("x", "float", 0), ("", "uint", 0), ("y", "float", 0)])
        );
    }

    /// A `bool` bitfield lowers to a 32-bit `uint` on SPIR-V and shares its
    /// unit (not an `int`'s); a bitfield with `vk::offset` never joins the
    /// open unit but starts one at its offset, and clang-22 drops the
    /// attribute from the declaration it unpacks.
    #[test]
    fn spirv_bool_bitfields_and_vk_offset() {
        use Scalar::{Bool, Float, Int, Uint};
        // `bool a : 1; uint b : 3; int c : 2;`: one unsigned DXIL unit.
        let mixed = unit(
            Uint,
            vec![bits("a", Bool, 1), bits("b", Uint, 3), bits("c", Int, 2)],
        );
        // `uint a : 3; [[vk::offset(8)]] uint b : 4; uint c : 2; float f;`
        let mut b = bits("b", Uint, 4);
        b.placement = Some(Placement::VkOffset(8));
        let placed = vec![
            unit(Uint, vec![bits("a", Uint, 3), b, bits("c", Uint, 2)]),
            Field::new("f", Ty::scalar(Float)),
        ];
        let st = |name: &str, fields: Vec<Field>| {
            Field::new(name, Ty::structure(StructTy::new(name, fields)))
        };
        let d = BufferDecl::new(
            "CB",
            BufferKind::CBuffer,
            vec![st("m", vec![mixed]), st("p", placed)],
        );
        let e = effective_decl(&d, spirv(false), Target::SpirV);
        assert_eq!(units(&e, 0), owned(&[("a", "bool", 2), ("c", "int", 1)]));
        assert_eq!(
            units(&e, 1),
            owned(&[("a", "uint", 1), ("b", "uint", 2), ("f", "float", 0)])
        );
        let Ty::Struct(s) = &e.decl().members[1].ty else {
            panic!("not a struct")
        };
        let placements: Vec<_> = s.fields.iter().map(|f| f.placement).collect();
        assert_eq!(placements, [None, Some(Placement::VkOffset(8)), None]);
        let clang = effective_decl(
            &d,
            LayoutOptions::new(RuleSet::Clang22(Clang22Target::SpirV)),
            Target::SpirV,
        );
        let Ty::Struct(s) = &clang.decl().members[1].ty else {
            panic!("not a struct")
        };
        assert!(s.fields.iter().all(|f| f.placement.is_none()));
        assert_eq!(s.fields.len(), 4);
    }

    /// A struct whose units DXC packs alike on both targets is not copied;
    /// a `ConstantBuffer<T>`'s members and the push-constant block are
    /// repacked, each member keeping its source index.
    #[test]
    fn spirv_repacks_templated_members_and_push_constants() {
        use Scalar::{Float, Int, Uint};
        let same = Ty::structure(StructTy::new(
            "Same",
            vec![unit(Uint, vec![bits("a", Uint, 4), bits("b", Uint, 4)])],
        ));
        let d = BufferDecl::new("CB", BufferKind::CBuffer, vec![Field::new("s", same)]);
        assert_eq!(effective_decl(&d, spirv(false), Target::SpirV).decl(), &d);
        let mut cb = BufferDecl::new(
            "cb",
            BufferKind::ConstantBuffer,
            vec![
                Field::new("f", Ty::scalar(Float)),
                unit(Uint, vec![bits("a", Uint, 4), bits("b", Int, 4)]),
                Field::new("g", Ty::scalar(Float)),
            ],
        );
        cb.element_type = Some("T".into());
        let e = effective_decl(&cb, spirv(false), Target::SpirV);
        let names: Vec<&str> = e.decl().members.iter().map(|m| &*m.name).collect();
        assert_eq!(names, ["f", "a", "b", "g"]);
        let sources: Vec<usize> = (0..4).map(|i| e.source_member(i)).collect();
        assert_eq!(sources, [0, 1, 1, 2]);
        let mut pc = Field::new(
            "pc",
            Ty::structure(StructTy::new(
                "PC",
                vec![unit(Uint, vec![bits("a", Uint, 4), bits("b", Int, 4)])],
            )),
        );
        pc.vk_global = Some(VkGlobal::PushConstant);
        let g = BufferDecl::new("$Globals", BufferKind::Globals, vec![pc]);
        let e = effective_decl(&g, spirv(false), Target::SpirV);
        let Ty::Struct(s) = &e.push_constants()[0].ty else {
            panic!("not a struct")
        };
        assert_eq!(s.fields.len(), 2);
        let clang = effective_decl(
            &g,
            LayoutOptions::new(RuleSet::Clang22(Clang22Target::SpirV)),
            Target::SpirV,
        );
        assert_eq!(clang.push_constants()[0], g.members[0]);
    }

    #[test]
    fn dxc_keeps_them() {
        let d = globals();
        let e = effective_decl(&d, LayoutOptions::new(RuleSet::CBuffer), Target::Dxil);
        assert_eq!(e.decl().members.len(), 3);
        assert_eq!(e.source_member(1), 1);
    }

    /// On SPIR-V push and specialisation constants leave `$Globals`, with
    /// their source index; a `$Globals` of nothing else is marked so the
    /// plan writes none. On DXIL they stay members.
    #[test]
    fn vulkan_globals_leave_spirv_globals() {
        let vk = |name: &str, g| {
            let mut f = Field::new(name, Ty::scalar(Scalar::Float));
            f.vk_global = Some(g);
            f
        };
        let only = BufferDecl::new(
            "$Globals",
            BufferKind::Globals,
            vec![
                vk("k", VkGlobal::SpecConstant(1)),
                vk("pc", VkGlobal::PushConstant),
            ],
        );
        let e = effective_decl(&only, LayoutOptions::new(RuleSet::CBuffer), Target::SpirV);
        assert!(e.decl().members.is_empty());
        assert!(e.only_vulkan_globals());
        assert_eq!(e.push_constants().len(), 1);
        assert_eq!(e.push_constant_source(0), 1);
        let dxil = effective_decl(&only, LayoutOptions::new(RuleSet::CBuffer), Target::Dxil);
        assert_eq!(dxil.decl().members.len(), 2);
        assert!(!dxil.only_vulkan_globals());
        let mut mixed = only.clone();
        mixed
            .members
            .push(Field::new("g", Ty::scalar(Scalar::Float)));
        let e = effective_decl(&mixed, LayoutOptions::new(RuleSet::CBuffer), Target::SpirV);
        assert!(!e.only_vulkan_globals());
        assert_eq!(e.decl().members.len(), 1);
    }
}
