//! What each compiler puts in a buffer before any layout rule runs.
//!
//! DXC collects every non-`static` variable outside a buffer into the
//! implicit `$Globals` buffer, namespaces included. clang 22 collects only
//! translation-unit-scope ones: a variable inside a namespace becomes an
//! ordinary global and is not a member. So under the clang-22 rules a
//! `$Globals` declaration loses its namespaced members; nothing else
//! changes. Both the layout report and emission read buffers through
//! [`effective_decl`], so they agree on what a buffer holds.

use std::borrow::Cow;

use cblower_layout::{BufferDecl, BufferKind, RuleSet};

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
    let clang22_globals = matches!(rules, RuleSet::Clang22(_)) && decl.kind == BufferKind::Globals;
    if !clang22_globals || decl.members.iter().all(|m| m.namespace.is_none()) {
        return EffectiveDecl::unchanged(decl);
    }
    let kept: Vec<usize> = (0..decl.members.len())
        .filter(|&i| decl.members[i].namespace.is_none())
        .collect();
    let filtered = BufferDecl {
        name: decl.name.clone(),
        kind: decl.kind,
        binding: decl.binding,
        element_type: decl.element_type.clone(),
        array_len: decl.array_len,
        members: kept.iter().map(|&i| decl.members[i].clone()).collect(),
        namespace: decl.namespace.clone(),
    };
    EffectiveDecl {
        decl: Cow::Owned(filtered),
        kept: Some(kept),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cblower_layout::{Clang22Target, Field, Scalar, Ty};

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

    #[test]
    fn dxc_keeps_them() {
        let d = globals();
        let e = effective_decl(&d, RuleSet::CBuffer);
        assert_eq!(e.decl().members.len(), 3);
        assert_eq!(e.source_member(1), 1);
    }
}
