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
//! Both the layout report and emission read buffers through
//! [`effective_decl`], so they agree on what a buffer holds.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use cblower_layout::{BufferDecl, BufferKind, Field, RuleSet, StructTy, Ty};

/// A declaration as one rule set sees it, and where its members came from.
#[derive(Clone, Debug)]
pub struct EffectiveDecl<'a> {
    decl: Cow<'a, BufferDecl>,
    /// For a filtered declaration, the source index of each kept member.
    kept: Option<Vec<usize>>,
}

impl<'a> EffectiveDecl<'a> {
    /// The declaration as written (no member removed).
    pub fn unchanged(decl: &'a BufferDecl) -> Self {
        EffectiveDecl {
            decl: Cow::Borrowed(decl),
            kept: None,
        }
    }

    /// The declaration the layout and emission see.
    pub fn decl(&self) -> &BufferDecl {
        &self.decl
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

/// `decl` as laid out under `rules` (see the module documentation).
pub fn effective_decl(decl: &BufferDecl, rules: RuleSet) -> EffectiveDecl<'_> {
    let clang22 = matches!(rules, RuleSet::Clang22(_));
    if !clang22 {
        return EffectiveDecl::unchanged(decl);
    }
    let drops_namespaced =
        decl.kind == BufferKind::Globals && decl.members.iter().any(|m| m.namespace.is_some());
    let mut unpacker = BitfieldUnpacker::default();
    let unpacked: Vec<Option<Ty>> = decl.members.iter().map(|m| unpacker.ty(&m.ty)).collect();
    let any_unpacked = unpacked.iter().any(Option::is_some);
    if !drops_namespaced && !any_unpacked {
        return EffectiveDecl::unchanged(decl);
    }
    let kept: Vec<usize> = (0..decl.members.len())
        .filter(|&i| decl.kind != BufferKind::Globals || decl.members[i].namespace.is_none())
        .collect();
    let members = kept
        .iter()
        .map(|&i| {
            let mut m = decl.members[i].clone();
            if let Some(Some(ty)) = unpacked.get(i) {
                m.ty = ty.clone();
            }
            m
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
    EffectiveDecl {
        decl: Cow::Owned(filtered),
        kept: drops_namespaced.then_some(kept),
    }
}

/// Rewrites types so that every bitfield declaration is a field of its own
/// (clang-22's view); each source struct is rewritten once, so members of
/// one struct type keep sharing one `Arc`.
#[derive(Default)]
struct BitfieldUnpacker {
    done: HashMap<*const StructTy, Option<Arc<StructTy>>>,
    /// Keeps the source structs alive while their addresses are keys.
    keep: Vec<Arc<StructTy>>,
}

impl BitfieldUnpacker {
    /// The rewritten type, or `None` when nothing in it changes.
    fn ty(&mut self, ty: &Ty) -> Option<Ty> {
        match ty {
            Ty::Struct(s) => self.structure(s).map(Ty::Struct),
            Ty::Array { elem, len, stride } => self.ty(elem).map(|e| Ty::Array {
                elem: Arc::new(e),
                len: *len,
                stride: *stride,
            }),
            _ => None,
        }
    }

    fn structure(&mut self, s: &Arc<StructTy>) -> Option<Arc<StructTy>> {
        if let Some(done) = self.done.get(&Arc::as_ptr(s)) {
            return done.clone();
        }
        let base = s.base.as_ref().and_then(|b| self.structure(b));
        let mut changed = base.is_some();
        let mut fields: Vec<Field> = Vec::with_capacity(s.fields.len());
        for f in &s.fields {
            if let Some(decls) = &f.bitfields {
                changed = true;
                fields.extend(decls.iter().cloned());
                continue;
            }
            match self.ty(&f.ty) {
                Some(t) => {
                    changed = true;
                    let mut f = f.clone();
                    f.ty = t;
                    fields.push(f);
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
        let e = effective_decl(&d, RuleSet::Clang22(Clang22Target::Dxil));
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
        assert_eq!(effective_decl(&d, RuleSet::CBuffer).decl(), &d);
        let e = effective_decl(&d, RuleSet::Clang22(Clang22Target::Dxil));
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
        let e = effective_decl(&d, RuleSet::CBuffer);
        assert_eq!(e.decl().members.len(), 3);
        assert_eq!(e.source_member(1), 1);
    }
}
