//! Benchmark inputs: HLSL files of many cbuffers with a realistic mix of
//! members, written so that both our front end and clang-22 accept them.
//!
//! Debian's clang-22 ships no `hlsl.h`, so every file starts with the
//! typedefs clang needs (`typedef vector<float,4> float4;`, ...); our front
//! end knows these names already and accepts the typedefs too. That keeps one
//! file per shape, fed unchanged to every tool.
//!
//! The member sequence is deterministic (a fixed-seed generator), so two runs
//! of the benchmark time the same bytes.

use std::io::{self, Write};

/// How many buffers a file has and how many members each buffer has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub buffers: usize,
    pub members_per_buffer: usize,
}

impl Shape {
    pub const fn new(buffers: usize, members_per_buffer: usize) -> Self {
        Self {
            buffers,
            members_per_buffer,
        }
    }

    /// Members in the whole file.
    pub const fn members(self) -> usize {
        self.buffers * self.members_per_buffer
    }

    /// A short name such as `100x1k` (buffers x members per buffer).
    pub fn label(self) -> String {
        format!(
            "{}x{}",
            short_count(self.buffers),
            short_count(self.members_per_buffer)
        )
    }
}

/// `1000` as `1k`, `20` as `20`.
fn short_count(n: usize) -> String {
    if n >= 1000 && n % 1000 == 0 {
        format!("{}k", n / 1000)
    } else {
        n.to_string()
    }
}

/// The typedefs clang-22 needs and the structs members refer to.
const PRELUDE: &str = "\
typedef unsigned int uint;
typedef vector<float,2> float2;
typedef vector<float,3> float3;
typedef vector<float,4> float4;
typedef vector<int,2> int2;
typedef vector<int,4> int4;
typedef vector<uint,2> uint2;
typedef vector<uint,3> uint3;
typedef matrix<float,2,2> float2x2;
typedef matrix<float,3,4> float3x4;
typedef matrix<float,4,4> float4x4;

struct Light { float3 position; float range; float3 color; float intensity; };
struct Material { float4 albedo; float2 uv_scale; float roughness; uint flags; };
struct Surface : Material { float3 normal; Light key; };

";

/// One kind of member: its type, an array suffix, and how often it is drawn
/// (out of [`TOTAL_WEIGHT`]). Scalars and vectors dominate, as in real
/// shaders; matrices, arrays and structs are rarer but always present.
struct MemberKind {
    ty: &'static str,
    array: &'static str,
    weight: u32,
}

const fn kind(ty: &'static str, array: &'static str, weight: u32) -> MemberKind {
    MemberKind { ty, array, weight }
}

const KINDS: [MemberKind; 20] = [
    kind("float", "", 8),
    kind("float2", "", 5),
    kind("float3", "", 6),
    kind("float4", "", 7),
    kind("int", "", 3),
    kind("uint", "", 4),
    kind("int4", "", 2),
    kind("uint2", "", 2),
    kind("uint3", "", 1),
    kind("bool", "", 2),
    kind("double", "", 1),
    kind("float4x4", "", 3),
    kind("float3x4", "", 1),
    kind("float2x2", "", 1),
    kind("float", "[4]", 2),
    kind("float4", "[3]", 2),
    kind("int2", "[2]", 1),
    kind("Light", "", 1),
    kind("Material", "[2]", 1),
    kind("Surface", "", 1),
];

const TOTAL_WEIGHT: u32 = {
    let mut sum = 0;
    let mut i = 0;
    while i < KINDS.len() {
        sum += KINDS[i].weight;
        i += 1;
    }
    sum
};

/// A 64-bit linear congruential generator (Knuth's MMIX constants): enough
/// to vary the member mix, and stable across platforms and releases.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as u32
    }

    fn pick(&mut self) -> &'static MemberKind {
        let mut r = self.next() % TOTAL_WEIGHT;
        for k in &KINDS {
            if r < k.weight {
                return k;
            }
            r -= k.weight;
        }
        &KINDS[0]
    }
}

/// The seed every file starts from.
const SEED: u64 = 0x5eed_cb10_3e12;

/// Writes the file for `shape`: buffer `CB<i>` holds members `m<i>_<j>`.
/// Two buffers in three get an explicit `register(b<i>)` (every tenth also
/// a space), the third an implicit binding, so both kinds of handle
/// creation are timed.
pub fn write_hlsl(shape: Shape, out: &mut impl Write) -> io::Result<()> {
    out.write_all(PRELUDE.as_bytes())?;
    let mut rng = Lcg(SEED);
    for b in 0..shape.buffers {
        match b % 3 {
            2 => writeln!(out, "cbuffer CB{b} {{")?,
            _ if b % 10 == 0 => writeln!(out, "cbuffer CB{b} : register(b{b}, space1) {{")?,
            _ => writeln!(out, "cbuffer CB{b} : register(b{b}) {{")?,
        }
        for m in 0..shape.members_per_buffer {
            let k = rng.pick();
            writeln!(out, "  {} m{b}_{m}{};", k.ty, k.array)?;
        }
        writeln!(out, "}};")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(shape: Shape) -> String {
        let mut v = Vec::new();
        write_hlsl(shape, &mut v).unwrap();
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn labels_use_k_for_thousands() {
        assert_eq!(Shape::new(100, 1000).label(), "100x1k");
        assert_eq!(Shape::new(1000, 20).label(), "1kx20");
        assert_eq!(Shape::new(1, 10_000).label(), "1x10k");
        assert_eq!(Shape::new(10, 1500).label(), "10x1500");
        assert_eq!(Shape::new(100, 1000).members(), 100_000);
    }

    #[test]
    fn small_file_is_exact() {
        let body = text(Shape::new(3, 2));
        let body = body.strip_prefix(PRELUDE).unwrap();
        assert_eq!(
            body,
            "cbuffer CB0 : register(b0, space1) {\n  double m0_0;\n  float4 m0_1;\n};\n\
             cbuffer CB1 : register(b1) {\n  float m1_0;\n  float4 m1_1;\n};\n\
             cbuffer CB2 {\n  bool m2_0;\n  uint3 m2_1;\n};\n"
        );
    }

    #[test]
    fn every_line_is_a_member_and_all_kinds_appear() {
        let shape = Shape::new(10, 100);
        let t = text(shape);
        let members: Vec<&str> = t.lines().filter(|l| l.starts_with("  ")).collect();
        assert_eq!(members.len(), 1000);
        for k in &KINDS {
            let decl = format!("  {} ", k.ty);
            assert!(
                members
                    .iter()
                    .any(|l| l.starts_with(&decl) && l.ends_with(&format!("{};", k.array))),
                "no `{}{}` member in 1000",
                k.ty,
                k.array
            );
        }
    }

    #[test]
    fn weights_sum_to_table_total() {
        assert_eq!(TOTAL_WEIGHT, 54);
    }
}
