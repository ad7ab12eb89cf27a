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

use cblower_layout::{BufferDecl, BufferKind, Field, Placement, RuleSet, StructTy, Ty, VkGlobal};

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

/// `decl` as laid out under `rules` for `target` (see the module
/// documentation).
pub fn effective_decl(decl: &BufferDecl, rules: RuleSet, target: Target) -> EffectiveDecl<'_> {
    let clang22 = matches!(rules, RuleSet::Clang22(_));
    let rewrite = Rewrite {
        unpack_bitfields: clang22,
        drop_vk_offsets: clang22 || (target == Target::Dxil && rules == RuleSet::CBuffer),
    };
    let globals = decl.kind == BufferKind::Globals;
    let dropped = |m: &Field| {
        globals
            && ((clang22 && m.namespace.is_some())
                || (target == Target::SpirV && m.vk_global.is_some()))
    };
    let drops_namespaced = decl.members.iter().any(dropped);
    if !rewrite.unpack_bitfields && !rewrite.drop_vk_offsets && !drops_namespaced {
        return EffectiveDecl::unchanged(decl);
    }
    let mut rewriter = Rewriter {
        rewrite,
        done: HashMap::new(),
        keep: Vec::new(),
    };
    let rewritten: Vec<Option<Field>> = decl.members.iter().map(|m| rewriter.field(m)).collect();
    if !drops_namespaced && rewritten.iter().all(Option::is_none) {
        return EffectiveDecl::unchanged(decl);
    }
    let kept: Vec<usize> = (0..decl.members.len())
        .filter(|&i| !dropped(&decl.members[i]))
        .collect();
    let members = kept
        .iter()
        .map(|&i| match rewritten.get(i) {
            Some(Some(f)) => f.clone(),
            _ => decl.members[i].clone(),
        })
        .collect();
    let filtered = BufferDecl {
        name: decl.name.clone(),
        kind: decl.kind,
        binding: decl.binding,
        element_type: decl.element_type.clone(),
        array_len: decl.array_len,
        members,
        namespace: decl.namespace.clone(),
    };
    let (push_constant_sources, push_constants) = decl
        .members
        .iter()
        .enumerate()
        .filter(|(_, m)| dropped(m) && m.vk_global == Some(VkGlobal::PushConstant))
        .map(|(i, m)| (i, m.clone()))
        .unzip();
    EffectiveDecl {
        decl: Cow::Owned(filtered),
        kept: drops_namespaced.then_some(kept),
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
        for f in &s.fields {
            if let (true, Some(decls)) = (self.rewrite.unpack_bitfields, &f.bitfields) {
                changed = true;
                fields.extend(decls.iter().cloned());
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
        let e = effective_decl(&d, RuleSet::Clang22(Clang22Target::Dxil), Target::Dxil);
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
            effective_decl(&d, RuleSet::CBuffer, Target::Dxil).decl(),
            &d
        );
        let e = effective_decl(&d, RuleSet::Clang22(Clang22Target::Dxil), Target::Dxil);
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

    #[test]
    fn dxc_keeps_them() {
        let d = globals();
        let e = effective_decl(&d, RuleSet::CBuffer, Target::Dxil);
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
        let e = effective_decl(&only, RuleSet::CBuffer, Target::SpirV);
        assert!(e.decl().members.is_empty());
        assert!(e.only_vulkan_globals());
        assert_eq!(e.push_constants().len(), 1);
        assert_eq!(e.push_constant_source(0), 1);
        let dxil = effective_decl(&only, RuleSet::CBuffer, Target::Dxil);
        assert_eq!(dxil.decl().members.len(), 2);
        assert!(!dxil.only_vulkan_globals());
        let mut mixed = only.clone();
        mixed
            .members
            .push(Field::new("g", Ty::scalar(Scalar::Float)));
        let e = effective_decl(&mixed, RuleSet::CBuffer, Target::SpirV);
        assert!(!e.only_vulkan_globals());
        assert_eq!(e.decl().members.len(), 1);
    }
}
