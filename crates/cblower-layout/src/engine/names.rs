//! Duplicate member and field names, found without a hash set.
//!
//! A declaration built through the API can name two members (or two fields
//! of one struct) alike, which no HLSL compiler accepts and which makes
//! every by-name lookup after it (reports, access paths, IR names)
//! ambiguous. The front end rejects such a source with a located
//! diagnostic before it builds anything; this check is the layout API's,
//! run by [`crate::layout_buffer`] on every buffer and on each distinct
//! struct type once.
//!
//! It runs on every layout, so it must cost little next to the layout of a
//! million members. Each name is hashed once with a multiply-xor hash into
//! a `u64` entry (32 bits of hash above the field's index), and two names
//! are compared only when those 32 bits agree, so a name's pointer is
//! almost never followed twice. Short lists (most structs) are compared
//! pairwise, without allocating; up to 16,384 entries use one
//! open-addressing table; longer ones are split by the top 8 hash bits with
//! a counting sort and each part gets a table that fits in the cache (one
//! table of millions of slots missed the cache on every name and doubled
//! the layout's time). Empty names (unnamed bitfields) never clash.
//!
//! A buffer's own members are not read in a pass of their own: the layout
//! hashes each stored member's name into a [`NameSet`] when it records the
//! member's placement, right after taking a reference to that same name, so
//! the name is in the cache already (a separate pass read every name, and
//! every 104-byte `Field`, from memory once more: +24% instructions and up
//! to +50% time on a million members). [`NameSet::clashes`] then only
//! answers whether two names are equal; which pair, by declaration order,
//! is [`first_duplicate`]'s job, run only when there is one.

use crate::ty::Field;

/// The first pair `(earlier, later)` of fields with equal non-empty names
/// in the same namespace, by the later one's position; `None` when all are
/// distinct.
pub(crate) fn first_duplicate(fields: &[Field]) -> Option<(usize, usize)> {
    let n = fields.len();
    if n < 2 {
        return None;
    }
    if n <= PAIRWISE_MAX {
        for (i, f) in fields.iter().enumerate().skip(1) {
            if f.name.is_empty() {
                continue;
            }
            if let Some(j) = fields[..i].iter().position(|g| same(g, f)) {
                return Some((j, i));
            }
        }
        return None;
    }
    if n <= TABLE_MAX {
        let mut table = Vec::new();
        let entries = fields
            .iter()
            .enumerate()
            .filter(|(_, f)| !f.name.is_empty())
            .map(|(i, f)| entry(hash(f.name.as_bytes()), i));
        return find_in(fields, n, entries, &mut table);
    }
    // A long list: one random access per name into a table of millions of
    // slots misses the cache every time (it doubled the layout's time), so
    // the entries are first sorted by their top 8 hash bits (a counting
    // sort, all sequential) and each of the 256 parts, a few thousand
    // entries, gets its own small table that stays in the cache.
    let entries: Vec<u64> = fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.name.is_empty())
        .map(|(i, f)| entry(hash(f.name.as_bytes()), i))
        .collect();
    let (sorted, starts, counts) = partition(&entries);
    drop(entries);
    let mut table = Vec::new();
    let mut found: Option<(usize, usize)> = None;
    for (start, count) in starts.into_iter().zip(counts) {
        let part = &sorted[start..start + count];
        if let Some((j, i)) = find_in(fields, part.len(), part.iter().copied(), &mut table) {
            // Parts are not in declaration order: keep the pair whose later
            // member comes first.
            if found.map_or(true, |(_, fi)| i < fi) {
                found = Some((j, i));
            }
        }
    }
    found
}

/// The names of a buffer's members, hashed as the layout places them
/// (declaration indices in any order), for [`NameSet::clashes`]. A set
/// made for more names than one table holds keeps them in the 256 parts
/// right away, so no counting sort is needed afterwards.
#[derive(Debug, Default)]
pub(crate) struct NameSet {
    entries: Vec<u64>,
    parts: Vec<Vec<u64>>,
}

impl NameSet {
    /// An empty set for about `capacity` names.
    pub(crate) fn with_capacity(capacity: usize) -> NameSet {
        if capacity <= TABLE_MAX {
            return NameSet {
                entries: Vec::with_capacity(capacity),
                parts: Vec::new(),
            };
        }
        // The top hash bits are close to uniform: room for the mean and
        // some slack, so few parts ever grow.
        let per_part = capacity / PARTS + capacity / (4 * PARTS) + 16;
        NameSet {
            entries: Vec::new(),
            parts: (0..PARTS).map(|_| Vec::with_capacity(per_part)).collect(),
        }
    }

    /// Adds member `index`'s name (an empty name is skipped).
    #[inline]
    pub(crate) fn add(&mut self, name: &str, index: usize) {
        if name.is_empty() {
            return;
        }
        let e = entry(hash(name.as_bytes()), index);
        match self.parts.get_mut(part(e)) {
            Some(part) => part.push(e),
            None => self.entries.push(e),
        }
    }

    /// Whether two of the names added are the same declaration's name
    /// (`fields` is what the indices refer to).
    pub(crate) fn clashes(self, fields: &[Field]) -> bool {
        let mut table = Vec::new();
        if !self.parts.is_empty() {
            return self
                .parts
                .iter()
                .any(|p| find_in(fields, p.len(), p.iter().copied(), &mut table).is_some());
        }
        let n = self.entries.len();
        if n <= TABLE_MAX {
            return find_in(fields, n, self.entries.into_iter(), &mut table).is_some();
        }
        let (sorted, starts, counts) = partition(&self.entries);
        drop(self.entries);
        starts.into_iter().zip(counts).any(|(start, count)| {
            let part = &sorted[start..start + count];
            find_in(fields, count, part.iter().copied(), &mut table).is_some()
        })
    }
}

/// `entries` counting-sorted by their top 8 hash bits: the sorted entries
/// and each part's start and length.
fn partition(entries: &[u64]) -> (Vec<u64>, [usize; PARTS], [usize; PARTS]) {
    let mut counts = [0usize; PARTS];
    for &e in entries {
        counts[part(e)] += 1;
    }
    let mut starts = [0usize; PARTS];
    let mut at = 0;
    for (start, count) in starts.iter_mut().zip(counts) {
        *start = at;
        at += count;
    }
    let mut sorted = vec![0u64; entries.len()];
    let mut next = starts;
    for &e in entries {
        let k = part(e);
        sorted[next[k]] = e;
        next[k] += 1;
    }
    (sorted, starts, counts)
}

/// Lists up to this long get one table.
const TABLE_MAX: usize = 1 << 14;

/// Parts of a long list, by the top bits of the hash.
const PARTS: usize = 256;

/// An entry: the top 32 bits of the hash above the field's index.
fn entry(h: u64, index: usize) -> u64 {
    (h & 0xffff_ffff_0000_0000) | index as u64
}

fn part(e: u64) -> usize {
    (e >> 56) as usize
}

/// The first duplicate among `entries` (at most `count` of them; when they
/// come in increasing index order, the pair whose later index is least),
/// with `table` as scratch: open addressing on the
/// hash bits below the top 8 (which pick the part), comparing two names
/// only when all 32 hash bits agree.
fn find_in(
    fields: &[Field],
    count: usize,
    entries: impl Iterator<Item = u64>,
    table: &mut Vec<u64>,
) -> Option<(usize, usize)> {
    // At most 2^24 slots: the bits below the top 8 of the 32 kept.
    let bits = (count * 2)
        .next_power_of_two()
        .trailing_zeros()
        .clamp(1, 24);
    let mask = (1usize << bits) - 1;
    // 0 is an empty slot; entries hold index + 1 below the hash bits. The
    // scratch table only grows, and is cleared with one `fill` (a `memset`;
    // `clear` and `resize` wrote the slots one at a time).
    if table.len() < 1 << bits {
        table.resize(1 << bits, 0);
    }
    let table = &mut table[..1 << bits];
    table.fill(0);
    for e in entries {
        let i = (e & 0xffff_ffff) as usize;
        let tag = e >> 32;
        let mut slot = ((e << 8) >> (64 - bits)) as usize;
        loop {
            let t = table[slot];
            if t == 0 {
                table[slot] = e + 1;
                break;
            }
            if t >> 32 == tag {
                let j = (t & 0xffff_ffff) as usize - 1;
                if same(&fields[j], &fields[i]) {
                    return Some((j, i));
                }
            }
            slot = (slot + 1) & mask;
        }
    }
    None
}

/// Two declarations of one name: `$Globals` holds globals of every
/// namespace, and `A::x` and `B::x` are two names.
fn same(a: &Field, b: &Field) -> bool {
    a.name == b.name && a.namespace == b.namespace
}

/// Lists up to this long are compared pairwise.
const PAIRWISE_MAX: usize = 16;

/// A multiply-xor hash over 8-byte words (the scheme of rustc's FxHasher);
/// its high bits depend on every input bit.
fn hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0xf135_7aea_2e62_a9c5;
    let mut h = (bytes.len() as u64).wrapping_mul(K);
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h.rotate_left(26) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        h = (h.rotate_left(26) ^ tail_word(rest)).wrapping_mul(K);
    }
    h
}

/// The 1 to 7 bytes after the last whole word as one word, without a
/// byte-by-byte copy: two overlapping 4-byte reads cover 4 to 7 bytes, and
/// the first, middle and last byte cover 1 to 3 (the length is already in
/// the hash, so equal words mean equal bytes).
fn tail_word(rest: &[u8]) -> u64 {
    let n = rest.len();
    let four = |at: usize| {
        let mut w = [0u8; 4];
        w.copy_from_slice(&rest[at..at + 4]);
        u64::from(u32::from_le_bytes(w))
    };
    if n >= 4 {
        four(0) | four(n - 4) << 32
    } else {
        u64::from(rest[0]) | u64::from(rest[n / 2]) << 8 | u64::from(rest[n - 1]) << 16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ty::{Scalar, Ty};

    fn fields(names: &[&str]) -> Vec<Field> {
        names
            .iter()
            .map(|n| Field::new(*n, Ty::scalar(Scalar::Float)))
            .collect()
    }

    #[test]
    fn short_lists_compare_pairwise() {
        assert_eq!(first_duplicate(&fields(&[])), None);
        assert_eq!(first_duplicate(&fields(&["x"])), None);
        assert_eq!(first_duplicate(&fields(&["x", "y", "z"])), None);
        assert_eq!(
            first_duplicate(&fields(&["x", "y", "x", "y"])),
            Some((0, 2))
        );
        assert_eq!(first_duplicate(&fields(&["", "a", ""])), None);
        let mut ns = fields(&["x", "x"]);
        ns[0].namespace = Some("A".into());
        ns[1].namespace = Some("B".into());
        assert_eq!(first_duplicate(&ns), None);
        ns[1].namespace = Some("A".into());
        assert_eq!(first_duplicate(&ns), Some((0, 1)));
    }

    #[test]
    fn long_lists_use_the_table() {
        let names: Vec<String> = (0..10_000).map(|i| format!("m{i}")).collect();
        let mut refs: Vec<&str> = names.iter().map(String::as_str).collect();
        assert_eq!(first_duplicate(&fields(&refs)), None);
        refs.push("m4242");
        refs.push("m7");
        assert_eq!(first_duplicate(&fields(&refs)), Some((4242, 10_000)));
        // Longer than one table: split into parts; the pair reported is
        // the one whose later name comes first, whichever part holds it.
        let names: Vec<String> = (0..50_000).map(|i| format!("member_{i}")).collect();
        let mut refs: Vec<&str> = names.iter().map(String::as_str).collect();
        assert_eq!(first_duplicate(&fields(&refs)), None);
        refs.push("member_49999");
        refs.push("member_3");
        refs[30_000] = "member_123";
        assert_eq!(first_duplicate(&fields(&refs)), Some((123, 30_000)));
        let mut unnamed = vec![""; 100];
        unnamed.push("a");
        assert_eq!(first_duplicate(&fields(&unnamed)), None);
    }

    #[test]
    fn names_sharing_a_word_are_told_apart() {
        // Same first 8 bytes and length, different tails; long names.
        let names: Vec<String> = (0..40)
            .map(|i| format!("abcdefgh_{i:02}_and_a_long_tail_{i}"))
            .collect();
        let mut refs: Vec<&str> = names.iter().map(String::as_str).collect();
        assert_eq!(first_duplicate(&fields(&refs)), None);
        refs.push(refs[17]);
        assert_eq!(first_duplicate(&fields(&refs)), Some((17, 40)));
        assert_ne!(hash(b"abcdefgh_1"), hash(b"abcdefgh_2"));
        // Every tail length, 1 to 7 bytes, and every byte position in it.
        for len in 1..8 {
            let base = vec![b'a'; len];
            for at in 0..len {
                let mut other = base.clone();
                other[at] = b'b';
                assert_ne!(tail_word(&base), tail_word(&other), "{len} {at}");
            }
        }
    }
}
