//! A bound on how deeply member types nest, checked before any layout.
//!
//! The layout algorithms, the reports and IR emission all walk types
//! recursively, one stack frame group per level of struct, base struct or
//! array. HLSL code nests a handful of levels; a generated or hostile file can
//! nest thousands (`struct S1 { S0 s; }; struct S2 { S1 s; }; ...`), which
//! would overflow the stack instead of producing an error. So every member
//! type is measured first, without recursion, and deeper than
//! [`MAX_TYPE_NESTING`] is a [`LayoutError::NestingTooDeep`]. The limit is the
//! same as the front end's for nested declarations and `#if`s.

use std::collections::HashMap;
use std::sync::Arc;

use crate::engine::{SharedTypes, TypeKey};
use crate::error::LayoutError;
use crate::ty::{Field, StructTy, Ty};

/// The most levels of struct, base-struct and array nesting a member may have.
pub const MAX_TYPE_NESTING: usize = 256;

/// Errors for the first of `members` (with its declaration index) whose type
/// nests deeper than [`MAX_TYPE_NESTING`].
///
/// Scalars, vectors, matrices and resources cannot nest, and an array or
/// struct type already measured (the same shared declaration, see
/// `TypeKey`) is not measured again, so a million members of a few types
/// cost a million key lookups rather than a million walks.
pub fn check_nesting<'a>(
    members: impl IntoIterator<Item = (usize, &'a Field)>,
) -> Result<(), LayoutError> {
    let mut measured: SharedTypes<()> = SharedTypes::default();
    for (index, field) in members {
        let key = match &field.ty {
            Ty::Array { .. } if is_leaf_array_within_limits(&field.ty) => continue,
            Ty::Array { .. } | Ty::Struct(_) => TypeKey::of(&field.ty),
            _ => continue,
        };
        if key.is_some_and(|k| measured.contains_key(&k)) {
            continue;
        }
        if nests_too_deep(&field.ty) {
            return Err(LayoutError::NestingTooDeep {
                member: index,
                name: field.name.clone(),
                limit: MAX_TYPE_NESTING,
            });
        }
        let mut duplicate = None;
        let values = laid_out_values(&field.ty, &mut HashMap::new(), &mut duplicate);
        if let Some((s, first, second)) = duplicate {
            return Err(LayoutError::DuplicateName {
                member: index,
                name: s.fields[second].name.clone(),
                container: s.name.clone(),
                kind: "field",
                first,
                second,
            });
        }
        if values > MAX_TYPE_VALUES {
            return Err(LayoutError::TypeTooLarge {
                member: index,
                name: field.name.clone(),
                values,
                limit: MAX_TYPE_VALUES,
            });
        }
        if let Some(key) = key {
            measured.insert(key, ());
        }
    }
    Ok(())
}

/// An array (of arrays) of scalars, vectors, matrices or resources at most
/// [`MAX_TYPE_NESTING`] levels deep. Such a type is within every limit by
/// construction (one level per array, a few values each, no struct to repeat
/// a field name), so it needs no measuring: each `float4 m[3]` member has an
/// array type of its own, which the cache of measured types never hits.
fn is_leaf_array_within_limits(ty: &Ty) -> bool {
    let mut levels = 0;
    let mut t = ty;
    while let Ty::Array { elem, .. } = t {
        levels += 1;
        if levels > MAX_TYPE_NESTING {
            return false;
        }
        t = elem;
    }
    !matches!(t, Ty::Struct(_))
}

/// The most values (nodes of the layout tree) one member's type may lay out
/// to. A struct holding two copies of the previous one, forty times over, is
/// a few lines of HLSL but 2^40 fields: every layout, report and IR writer
/// would run out of memory. Arrays keep one element, so only struct fields
/// multiply; real shaders stay in the hundreds.
pub const MAX_TYPE_VALUES: u64 = 1 << 20;

/// Nodes of `ty`'s layout tree (arrays count one element), saturating;
/// memoised per struct so shared structs are counted once. Called after the
/// nesting check, so the recursion is at most [`MAX_TYPE_NESTING`] deep.
///
/// Each struct met for the first time also has its own fields checked for a
/// name declared twice; the first such struct found is left in `duplicate`
/// with the two field indices.
fn laid_out_values<'t>(
    ty: &'t Ty,
    structs: &mut HashMap<*const StructTy, u64>,
    duplicate: &mut Option<(&'t StructTy, usize, usize)>,
) -> u64 {
    match ty {
        Ty::Array { elem, .. } => 1u64.saturating_add(laid_out_values(elem, structs, duplicate)),
        // A matrix, its storage array and one vector.
        Ty::Matrix { .. } => 3,
        Ty::Struct(s) => {
            if let Some(n) = structs.get(&Arc::as_ptr(s)) {
                return *n;
            }
            // The struct and each of its bases, own fields only.
            let mut level = Some(&**s);
            while let (None, Some(st)) = (&duplicate, level) {
                if let Some((first, second)) = super::names::first_duplicate(&st.fields) {
                    *duplicate = Some((st, first, second));
                }
                level = st.base.as_deref();
            }
            let mut n = 1u64;
            for f in s.all_fields() {
                n = n.saturating_add(laid_out_values(&f.ty, structs, duplicate));
            }
            structs.insert(Arc::as_ptr(s), n);
            n
        }
        _ => 1,
    }
}

/// Depth-first walk with an explicit stack; a struct or an array is one
/// level (a base struct one more), scalars, vectors and matrices none. A
/// struct reached again at a level no greater than before adds nothing new, so
/// shared structs are not walked once per path (the walk is bounded by the
/// number of structs times the limit).
fn nests_too_deep(ty: &Ty) -> bool {
    let mut deepest: HashMap<*const StructTy, usize> = HashMap::new();
    // (type, level of its parent)
    let mut stack: Vec<(&Ty, usize)> = vec![(ty, 0)];
    let mut structs: Vec<(&Arc<StructTy>, usize)> = Vec::new();
    loop {
        while let Some((ty, parent)) = stack.pop() {
            let level = parent + 1;
            match ty {
                Ty::Array { elem, .. } if level > MAX_TYPE_NESTING => return true,
                Ty::Struct(_) if level > MAX_TYPE_NESTING => return true,
                Ty::Array { elem, .. } => stack.push((elem, level)),
                Ty::Struct(s) => structs.push((s, level)),
                _ => {}
            }
        }
        let Some((s, level)) = structs.pop() else {
            return false;
        };
        let seen = deepest.entry(Arc::as_ptr(s)).or_insert(0);
        if *seen >= level {
            continue;
        }
        *seen = level;
        stack.extend(s.fields.iter().map(|f| (&f.ty, level)));
        if let Some(base) = &s.base {
            if level + 1 > MAX_TYPE_NESTING {
                return true;
            }
            structs.push((base, level + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ty::Scalar;

    /// `S0 { float s; }`, `S1 { S0 s; }`, ...: `chain(n)` is a struct nesting `n` levels.
    fn chain(levels: usize) -> Ty {
        let mut ty = Ty::scalar(Scalar::Float);
        for i in 0..levels {
            ty = Ty::Struct(Arc::new(StructTy {
                name: Arc::from(format!("S{i}")),
                base: None,
                fields: vec![Field::new(Arc::from("s"), ty)],
                align: None,
                size: None,
            }));
        }
        ty
    }

    /// `float a[2][2]...` with `levels` array levels.
    fn leaf_array(levels: usize) -> Ty {
        let mut ty = Ty::scalar(Scalar::Float);
        for _ in 0..levels {
            ty = Ty::Array {
                elem: Arc::new(ty),
                len: 2,
                stride: None,
            };
        }
        ty
    }

    #[test]
    fn arrays_of_leaves_skip_the_walk_but_not_the_limit() {
        for levels in [1, MAX_TYPE_NESTING] {
            assert!(is_leaf_array_within_limits(&leaf_array(levels)));
            let f = Field::new("a", leaf_array(levels));
            assert_eq!(check_nesting([(0, &f)]), Ok(()));
        }
        let deep = Field::new("a", leaf_array(MAX_TYPE_NESTING + 1));
        assert!(!is_leaf_array_within_limits(&deep.ty));
        assert_eq!(
            check_nesting([(3, &deep)]),
            Err(LayoutError::NestingTooDeep {
                member: 3,
                name: Arc::from("a"),
                limit: MAX_TYPE_NESTING,
            })
        );
        // An array of structs is still measured.
        assert!(!is_leaf_array_within_limits(&Ty::Array {
            elem: Arc::new(chain(1)),
            len: 2,
            stride: None,
        }));
    }

    #[test]
    fn the_limit_itself_is_accepted_one_more_is_not() {
        assert!(!nests_too_deep(&chain(MAX_TYPE_NESTING)));
        assert!(nests_too_deep(&chain(MAX_TYPE_NESTING + 1)));
    }

    #[test]
    fn arrays_count_as_levels() {
        let mut ty = chain(MAX_TYPE_NESTING - 1);
        assert!(!nests_too_deep(&ty));
        ty = Ty::Array {
            elem: Arc::new(ty),
            len: 2,
            stride: None,
        };
        assert!(!nests_too_deep(&ty));
        ty = Ty::Array {
            elem: Arc::new(ty),
            len: 2,
            stride: None,
        };
        assert!(nests_too_deep(&ty));
    }

    #[test]
    fn doubling_structs_are_too_large_not_a_hang() {
        // S0 { float x; }, S(i) { S(i-1) a; S(i-1) b; }: S(i) lays out to
        // 2^(i+1) - 1 values.
        let doubling = |levels: usize| {
            let mut ty = Ty::scalar(Scalar::Float);
            for i in 0..levels {
                ty = Ty::Struct(Arc::new(StructTy::new(
                    format!("S{i}"),
                    vec![Field::new("a", ty.clone()), Field::new("b", ty)],
                )));
            }
            Field::new("s", ty)
        };
        assert_eq!(
            laid_out_values(&doubling(3).ty, &mut HashMap::new(), &mut None),
            15
        );
        // 2^20 - 1 values fit, 2^21 - 1 do not; 2^64 saturates.
        assert!(check_nesting([(0, &doubling(19))]).is_ok());
        assert_eq!(
            check_nesting([(2, &doubling(20))]).unwrap_err(),
            LayoutError::TypeTooLarge {
                member: 2,
                name: Arc::from("s"),
                values: (1 << 21) - 1,
                limit: MAX_TYPE_VALUES
            }
        );
        let err = check_nesting([(0, &doubling(200))]).unwrap_err();
        assert!(matches!(
            err,
            LayoutError::TypeTooLarge {
                values: u64::MAX,
                ..
            }
        ));
    }

    #[test]
    fn a_hundred_thousand_levels_are_measured_without_recursion() {
        let field = Field::new(Arc::from("deep"), chain(100_000));
        let err = check_nesting([(3, &field)]).unwrap_err();
        assert_eq!(
            err,
            LayoutError::NestingTooDeep {
                member: 3,
                name: Arc::from("deep"),
                limit: MAX_TYPE_NESTING
            }
        );
        assert_eq!(err.member(), 3);
        // Dropping the chain is recursive too (Arc<StructTy> inside Ty), so it
        // is leaked here rather than dropped on the test thread's stack.
        std::mem::forget(field);
    }
}
