//! Seeded random cbuffers and random reads of their members.
//!
//! A buffer gets 2 to 6 members: scalars and vectors of every 16/32/64-bit
//! type (native 16-bit types on), arrays (nested too), structs (nested too)
//! and the odd matrix. A read is a path from a member to a value (array
//! indices constant or run-time, at most two run-time ones, fed by the test
//! function's `%i` and `%j`) and what is done there: load a scalar/vector,
//! load a whole struct/array, or `memcpy` all or part of its bytes.

use cblower_layout::{BufferDecl, BufferKind, Field, MatrixOrder, Scalar, StructTy, Ty};
use cblower_llvm::emit::TypeRepr;

/// splitmix64: small, seedable, good enough for test generation.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability `percent`%.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

const SCALARS: [Scalar; 10] = [
    Scalar::Float,
    Scalar::Int,
    Scalar::Uint,
    Scalar::Bool,
    Scalar::Double,
    Scalar::Half,
    Scalar::Int16,
    Scalar::Uint16,
    Scalar::Int64,
    Scalar::Uint64,
];

fn leaf(rng: &mut Rng) -> Ty {
    let s = rng.pick(&SCALARS);
    match rng.below(10) {
        0..=3 => Ty::scalar(s),
        4..=8 => Ty::vector(s, 2 + rng.below(3) as u8),
        _ if matches!(s, Scalar::Float | Scalar::Int | Scalar::Half) => Ty::matrix(
            s,
            1 + rng.below(3) as u8,
            2 + rng.below(3) as u8,
            if rng.chance(50) {
                MatrixOrder::RowMajor
            } else {
                MatrixOrder::ColumnMajor
            },
        ),
        _ => Ty::vector(s, 1),
    }
}

/// A random member type; `depth` limits nesting; `structs` numbers struct names.
fn member_type(rng: &mut Rng, depth: u32, prefix: &str, structs: &mut u32) -> Ty {
    if depth == 0 {
        return leaf(rng);
    }
    match rng.below(10) {
        0..=3 => leaf(rng),
        4..=6 => Ty::array(
            member_type(rng, depth - 1, prefix, structs),
            1 + rng.below(4),
        ),
        _ => {
            *structs += 1;
            let name = format!("{prefix}S{structs}");
            let count = 1 + rng.below(4);
            let fields = (0..count)
                .map(|k| {
                    Field::new(
                        format!("f{k}"),
                        member_type(rng, depth - 1, prefix, structs),
                    )
                })
                .collect();
            Ty::structure(StructTy::new(name, fields))
        }
    }
}

/// A random `cbuffer <name>`; struct names start with `prefix`.
pub fn buffer(rng: &mut Rng, name: &str, prefix: &str) -> BufferDecl {
    let mut structs = 0;
    let count = 2 + rng.below(5);
    let members = (0..count)
        .map(|k| {
            Field::new(
                format!("{}_m{k}", name.to_lowercase()),
                member_type(rng, 2, prefix, &mut structs),
            )
        })
        .collect();
    BufferDecl::new(name, BufferKind::CBuffer, members)
}

/// One step of a read path.
#[derive(Clone, Debug)]
pub enum Step {
    Field(String),
    Const(u64),
    /// Run-time index from parameter `slot` (0 = `%i`, 1 = `%j`) into an
    /// array of `count` elements.
    Dynamic {
        slot: usize,
        count: u64,
    },
    /// Run-time index from parameter `slot` into the `count` components of
    /// a vector (`v[i]`: a GEP over the scalar type, a 4- or 8- or 2-byte
    /// stride inside the row); always the last step.
    Component {
        slot: usize,
        count: u64,
    },
}

impl Step {
    /// The number of values a run-time step takes, `None` for a constant one.
    pub fn dynamic_count(&self) -> Option<u64> {
        match self {
            Step::Dynamic { count, .. } | Step::Component { count, .. } => Some(*count),
            _ => None,
        }
    }
}

/// A load type no row element holds: what the byte-assembly fallback reads.
#[derive(Clone, Copy, Debug)]
pub enum OddLoad {
    I8,
    I24,
    Bytes3,
    /// `<bits x i1>`, a whole number of bytes (InstCombine's `bool` vectors).
    Bools(u32),
    I128,
}

impl OddLoad {
    pub fn size(self) -> u64 {
        match self {
            OddLoad::I8 => 1,
            OddLoad::I24 | OddLoad::Bytes3 => 3,
            OddLoad::Bools(bits) => u64::from(bits / 8),
            OddLoad::I128 => 16,
        }
    }
}

/// What the test function does at the end of the path.
#[derive(Clone, Debug)]
pub enum Action {
    /// Load the scalar or vector.
    Load,
    /// Load the whole struct or array.
    Aggregate,
    /// `memcpy` bytes `start..start+len` of the value.
    Memcpy { start: u64, len: u64 },
    /// Load an [`OddLoad`] at byte `start` of the value.
    Reinterpret { start: u64, kind: OddLoad },
}

/// A read of one member.
#[derive(Clone, Debug)]
pub struct Read {
    pub path: Vec<Step>,
    pub action: Action,
    /// Bytes the read writes to the output buffer.
    pub out_size: u64,
}

/// A random read of a member whose type is `repr`.
pub fn read(rng: &mut Rng, repr: &TypeRepr<'_>) -> Read {
    let mut path = Vec::new();
    let mut node = repr.clone();
    let mut slots = 0;
    loop {
        let stop_here = !matches!(node, TypeRepr::Leaf { .. }) && rng.chance(25);
        if stop_here {
            break;
        }
        match node {
            TypeRepr::Leaf { .. } => break,
            TypeRepr::Array(a) => {
                // A run-time index into a one-element array can only be 0,
                // and after InstCombine drops the array type the pass cannot
                // tell (its stride need not be whole rows): keep it constant.
                if slots < 2 && a.count > 1 && rng.chance(50) {
                    path.push(Step::Dynamic {
                        slot: slots,
                        count: a.count,
                    });
                    slots += 1;
                } else {
                    path.push(Step::Const(rng.below(a.count)));
                }
                node = a.elem.clone();
            }
            TypeRepr::Struct(s) => {
                let f = &s.fields[rng.below(s.fields.len() as u64) as usize];
                path.push(Step::Field(f.name.to_string()));
                node = f.repr.clone();
            }
        }
    }
    let size = node.size();
    let leaf = matches!(node, TypeRepr::Leaf { .. });
    let action = if size > 0 && rng.chance(30) {
        if rng.chance(50) {
            Action::Memcpy {
                start: 0,
                len: size,
            }
        } else {
            let start = rng.below(size);
            let len = 1 + rng.below(size - start);
            Action::Memcpy { start, len }
        }
    } else if leaf {
        Action::Load
    } else {
        Action::Aggregate
    };
    let out_size = match action {
        Action::Memcpy { len, .. } => len,
        _ => size,
    };
    Read {
        path,
        action,
        out_size,
    }
}

/// The index values a run-time step is tried with: all of them for short
/// arrays, else the ends and two in between.
pub fn tried_indices(rng: &mut Rng, count: u64) -> Vec<u64> {
    if count <= 4 {
        return (0..count).collect();
    }
    let mut v = vec![
        0,
        count - 1,
        1 + rng.below(count - 2),
        1 + rng.below(count - 2),
    ];
    v.sort_unstable();
    v.dedup();
    v
}

/// A read for the run-time-offset and byte-assembly paths (issue #14):
/// either a run-time component of a vector leaf (after a path that may hold
/// a run-time array index too, as in `data[i >> 2][i & 3]`), or a load of
/// an odd type (`i8`, `i24`, `<3 x i8>`, `<N x i1>`, `i128`) at a random
/// byte of the value. Drawn from its own generator, so the other reads of a
/// seed stay as they were.
pub fn odd_read(rng: &mut Rng, repr: &TypeRepr<'_>) -> Read {
    let mut path = Vec::new();
    let mut node = repr.clone();
    let mut slots = 0;
    loop {
        if !matches!(node, TypeRepr::Leaf { .. }) && rng.chance(15) {
            break;
        }
        match node {
            TypeRepr::Leaf { .. } => break,
            TypeRepr::Array(a) => {
                if slots < 1 && a.count > 1 && rng.chance(50) {
                    path.push(Step::Dynamic {
                        slot: slots,
                        count: a.count,
                    });
                    slots += 1;
                } else {
                    path.push(Step::Const(rng.below(a.count)));
                }
                node = a.elem.clone();
            }
            TypeRepr::Struct(s) => {
                let f = &s.fields[rng.below(s.fields.len() as u64) as usize];
                path.push(Step::Field(f.name.to_string()));
                node = f.repr.clone();
            }
        }
    }
    if let TypeRepr::Leaf { memory, .. } = &node {
        let count = memory
            .vector_info()
            .map(|(_, n)| u64::from(n))
            .or_else(|| memory.array_info().map(|(_, n)| n))
            .unwrap_or(1);
        if count > 1 && rng.chance(60) {
            let width = node.size() / count;
            path.push(Step::Component { slot: slots, count });
            // Loaded, or copied from the run-time component on (a `memcpy`
            // whose source moves inside a row).
            if rng.chance(30) {
                let len = 1 + rng.below(width);
                return Read {
                    path,
                    action: Action::Memcpy { start: 0, len },
                    out_size: len,
                };
            }
            return Read {
                path,
                action: Action::Load,
                out_size: width,
            };
        }
    }
    let size = node.size();
    let kinds: Vec<OddLoad> = [
        OddLoad::I8,
        OddLoad::I24,
        OddLoad::Bytes3,
        OddLoad::Bools(8 * (1 + rng.below(12) as u32)),
        OddLoad::I128,
    ]
    .into_iter()
    .filter(|k| k.size() <= size)
    .collect();
    if kinds.is_empty() {
        return Read {
            path,
            action: if matches!(node, TypeRepr::Leaf { .. }) {
                Action::Load
            } else {
                Action::Aggregate
            },
            out_size: size,
        };
    }
    let kind = rng.pick(&kinds);
    let start = rng.below(size - kind.size() + 1);
    Read {
        path,
        action: Action::Reinterpret { start, kind },
        out_size: kind.size(),
    }
}
