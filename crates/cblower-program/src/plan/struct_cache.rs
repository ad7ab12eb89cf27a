//! Which user structs share one named layout type: the policy both emitters
//! (the LLVM module builder in [`super::types`] and the text writer in
//! [`super::text`]) follow, so they cannot name or share types differently.
//!
//! * A source struct (`Arc<StructTy>`) gets one type for the whole module
//!   per laid-out shape, keyed by the address of the `Arc` (kept alive
//!   here): on SPIR-V a struct used by a `cbuffer` and by a `tbuffer` is
//!   laid out by two rule sets (std140 and std430, or their relaxed forms)
//!   and gets a type for each (`S`, `S.0`).
//! * A struct reached through a different `Arc` (a `ConstantBuffer<T>`'s
//!   element, or a declaration built by another front end) still gets that
//!   type when its Clang name *and* its laid-out shape match: two different
//!   structs that share a name (possible through the library API) must not
//!   share a type.
//! * Anonymous structs (`anon`) are never merged: Clang gives each its own
//!   type (`anon`, `anon.0`, ...).

use std::collections::HashMap;
use std::sync::Arc;

use cblower_layout::{Node, Shape, StructShape, StructTy};

/// The name-and-shape key of a user struct that was not found by name.
pub struct NameKey((String, Vec<Shape>));

/// The types built for one source struct, each with the laid-out shape it
/// was built for (the `Arc` keeps the key's address alive).
type BySource<R> = (Arc<StructTy>, Vec<(Vec<Shape>, R)>);

/// Type handles (`R`) of the user structs built so far.
pub struct StructCache<R> {
    by_source: HashMap<*const StructTy, BySource<R>>,
    by_name: HashMap<(String, Vec<Shape>), R>,
}

impl<R: Clone> Default for StructCache<R> {
    fn default() -> Self {
        StructCache {
            by_source: HashMap::new(),
            by_name: HashMap::new(),
        }
    }
}

impl<R: Clone> StructCache<R> {
    /// The type built for this very source struct laid out as `node`, if
    /// any.
    pub fn for_source(&self, s: &Arc<StructTy>, node: &Node) -> Option<R> {
        let (_, built) = self.by_source.get(&Arc::as_ptr(s))?;
        let items = StructShape::of(node, Arc::from("")).items;
        built
            .iter()
            .find(|(shape, _)| *shape == items)
            .map(|(_, r)| r.clone())
    }

    /// Remembers the type of a source struct laid out as `node`.
    pub fn remember_source(&mut self, s: &Arc<StructTy>, node: &Node, r: R) {
        let items = StructShape::of(node, Arc::from("")).items;
        self.by_source
            .entry(Arc::as_ptr(s))
            .or_insert_with(|| (s.clone(), Vec::new()))
            .1
            .push((items, r));
    }

    /// The type built for the struct `llvm_name` (its identity: the layout
    /// name with template arguments) laid out as `node`:
    /// `Ok` with the shared type, or `Err` with the key to
    /// [`remember_name`](Self::remember_name) the new type under. Anonymous
    /// structs always miss and have no key (`Err(None)`).
    pub fn for_name(&self, llvm_name: &str, node: &Node) -> Result<R, Option<NameKey>> {
        if llvm_name == "anon" {
            return Err(None);
        }
        let key = (
            llvm_name.to_owned(),
            StructShape::of(node, Arc::from("")).items,
        );
        match self.by_name.get(&key) {
            Some(r) => Ok(r.clone()),
            None => Err(Some(NameKey(key))),
        }
    }

    /// Remembers a new named type under the key [`for_name`](Self::for_name) gave.
    pub fn remember_name(&mut self, key: Option<NameKey>, r: R) {
        if let Some(NameKey(key)) = key {
            self.by_name.insert(key, r);
        }
    }
}
