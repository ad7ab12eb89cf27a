//! The module's global names, replaying how LLVM names globals and
//! functions: a name already taken gets `.N` appended, with one counter for
//! the whole module that starts at 1 and counts every rename
//! (`CB.cb`, `CB.cb.1`, `CB.cb.2` for three buffers `CB` in different
//! namespaces).
//!
//! Names with a dot (handles, name strings, init functions, intrinsics, and
//! every renamed name) are few, one or two per buffer, and kept exactly.
//! Names without one are member symbols, one per member, which must not
//! clash at all: a member global LLVM renamed would no longer be the
//! variable the shader reads. Only a 64-bit hash of each is kept (a member
//! costs 8 bytes here, not its name), and a repeated hash is reported to
//! the planner, which compares the names themselves. A dotted and an
//! undotted name can never be equal.

use std::hash::{Hash, Hasher};

use crate::fast_hash::{FastSet, FxHasher};
use crate::ProgramError;

/// The global names of one module.
#[derive(Default)]
pub struct SymbolTable {
    dotted: FastSet<String>,
    undotted: FastSet<u64>,
    last_unique: u64,
}

fn hash_of(name: &str) -> u64 {
    let mut h = FxHasher::default();
    name.hash(&mut h);
    h.finish()
}

impl SymbolTable {
    /// Makes room for `members` more member symbols (the planner knows
    /// every buffer's member count before it starts).
    pub fn reserve_members(&mut self, members: usize) {
        self.undotted.reserve(members);
    }

    /// Adds a global or function LLVM would rename on a clash; returns the
    /// name it gets.
    pub fn add(&mut self, wanted: &str) -> Result<String, ProgramError> {
        if !wanted.contains('.') {
            if !self.undotted.insert(hash_of(wanted)) {
                return Err(ProgramError::DuplicateSymbol {
                    name: wanted.to_owned(),
                });
            }
            return Ok(wanted.to_owned());
        }
        let mut name = wanted.to_owned();
        while self.dotted.contains(&name) {
            self.last_unique += 1;
            name = format!("{wanted}.{}", self.last_unique);
        }
        self.dotted.insert(name.clone());
        Ok(name)
    }

    /// Adds a name that must be free (an intrinsic or `llvm.global_ctors`,
    /// which LLVM would look up rather than rename).
    pub fn add_exact(&mut self, name: &str) -> Result<(), ProgramError> {
        let fresh = if name.contains('.') {
            self.dotted.insert(name.to_owned())
        } else {
            self.undotted.insert(hash_of(name))
        };
        if fresh {
            Ok(())
        } else {
            Err(ProgramError::DuplicateSymbol {
                name: name.to_owned(),
            })
        }
    }

    /// Adds a member global's symbol, which must be free. `Ok(true)` when
    /// its hash was seen before: the caller compares the names.
    pub fn add_member(&mut self, name: &str) -> Result<bool, ProgramError> {
        if name.contains('.') {
            // Not a symbol the front end makes; kept exact all the same.
            let renamed = self.add(name)?;
            if renamed != name {
                return Err(ProgramError::DuplicateSymbol {
                    name: name.to_owned(),
                });
            }
            return Ok(false);
        }
        Ok(!self.undotted.insert(hash_of(name)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_like_llvm() {
        let mut t = SymbolTable::default();
        assert_eq!(t.add("CB.cb").unwrap(), "CB.cb");
        assert_eq!(t.add("CB.cb").unwrap(), "CB.cb.1");
        assert_eq!(t.add("X.cb").unwrap(), "X.cb");
        assert_eq!(t.add("CB.cb").unwrap(), "CB.cb.2");
        assert_eq!(t.add("X.cb").unwrap(), "X.cb.3");
        assert!(!t.add_member("x").unwrap());
        assert!(t.add_member("x").unwrap());
        assert!(matches!(
            t.add_member("a.b").and_then(|_| t.add_member("a.b")),
            Err(ProgramError::DuplicateSymbol { .. })
        ));
        assert!(t.add_exact("llvm.global_ctors").is_ok());
        assert!(t.add_exact("llvm.global_ctors").is_err());
    }
}
