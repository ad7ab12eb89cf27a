//! Maps and sets for the planner's internal tables.
//!
//! Their keys are our own: type definitions, interned ids, symbol names the
//! front end made, a 64-bit hash of a member symbol. None come from an
//! adversary who could aim collisions at the table (a shader that did would
//! only slow its own compilation), so the keyed SipHash of the standard
//! library buys nothing here, and it cost about a tenth of `emit-llvm`'s
//! instructions on a 100k-member file. `FxHasher` (from `rustc-hash`, which
//! the workspace already builds for naga) mixes a word per step with one
//! rotate, xor and multiply.

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;

pub(crate) use rustc_hash::FxHasher;

/// A hash map with [`FxHasher`].
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
/// A hash set with [`FxHasher`].
pub(crate) type FastSet<K> = HashSet<K, BuildHasherDefault<FxHasher>>;
