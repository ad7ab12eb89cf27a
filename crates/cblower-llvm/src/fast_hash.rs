//! Hash maps and sets keyed by LLVM object addresses or small integers.
//!
//! The passes look values up by pointer hundreds of thousands of times per
//! module (is this operand an expanded constant, which function comes first,
//! have we seen this user). The standard library's SipHash is built to resist
//! adversarial keys, which addresses handed out by LLVM's allocator are not,
//! and it cost more than the rest of `spirv-cbuffer-access` put together.
//! [`WordHasher`] mixes each machine word with one rotate, xor and multiply
//! (the scheme rustc uses for its own interned pointers).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A map with [`WordHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;
/// A set with [`WordHasher`].
pub type FastSet<K> = HashSet<K, BuildHasherDefault<WordHasher>>;

/// Multiplier: an odd constant with well-spread bits (2^64 / golden ratio).
const SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// A fast, non-cryptographic hasher for word-sized keys.
#[derive(Default, Clone, Copy)]
pub struct WordHasher {
    hash: u64,
}

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        // Addresses are aligned, so their low bits carry no information; the
        // table indexes by the low bits of the hash, so fold the high bits
        // (where the multiply put the entropy) down.
        self.hash.rotate_left(26)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_addresses_spread_over_low_bits() {
        // 4096 addresses 16 bytes apart must not collide in the low 12 bits
        // much more than random keys would.
        let mut buckets = vec![0u32; 4096];
        for i in 0..4096u64 {
            let mut h = WordHasher::default();
            h.write_usize((0x5555_0000_0000 + i * 16) as usize);
            buckets[(h.finish() & 4095) as usize] += 1;
        }
        let worst = *buckets.iter().max().unwrap();
        assert!(worst <= 8, "worst bucket holds {worst} keys");
    }

    #[test]
    fn map_round_trip() {
        let mut m: FastMap<(u64, u32), i64> = FastMap::default();
        for i in 0..1000u64 {
            m.insert((i * 24, (i % 7) as u32), i as i64);
        }
        for i in 0..1000u64 {
            assert_eq!(m.get(&(i * 24, (i % 7) as u32)), Some(&(i as i64)));
        }
        assert_eq!(m.len(), 1000);
    }
}
