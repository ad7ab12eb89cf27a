//! Random HLSL for the SPIR-V access differential test.
//!
//! A case is one file: one to three cbuffers (explicit `register(bN)` or
//! implicit bindings), sometimes `$Globals` members, of scalars, vectors,
//! arrays of scalars and vectors, structs and arrays of structs; then either a
//! compute shader reading random members with constant and run-time (thread
//! ID) indices, inside branches and loops, and writing them to a
//! `RWBuffer<float>`, or a library of exported functions reading them.
//! Everything is derived from one `u64` seed, so a failing case is
//! reproduced from its seed alone.

use std::fmt::Write;

/// xorshift64*: small, fast and good enough to pick shapes.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// Declarations clang-22 needs because Debian's clang has no `hlsl.h`.
pub const PRELUDE: &str = "\
typedef unsigned int uint;
typedef vector<float,2> float2; typedef vector<float,3> float3; typedef vector<float,4> float4;
typedef vector<int,2> int2; typedef vector<int,3> int3; typedef vector<int,4> int4;
typedef vector<uint,2> uint2; typedef vector<uint,3> uint3; typedef vector<uint,4> uint4;
";

/// A scalar or vector member type: (HLSL name, components).
const VALUE_TYPES: &[(&str, u32)] = &[
    ("float", 1),
    ("float2", 2),
    ("float3", 3),
    ("float4", 4),
    ("int", 1),
    ("int2", 2),
    ("int4", 4),
    ("uint", 1),
    ("uint3", 3),
    ("double", 1),
];

/// The struct every case may use.
const STRUCT_DECL: &str = "struct Light { float3 pos; float range; float2 uv; int kind; };\n";
/// Fields of `Light`: (name, components).
const STRUCT_FIELDS: &[(&str, u32)] = &[("pos", 3), ("range", 1), ("uv", 2), ("kind", 1)];

#[derive(Clone, Debug)]
enum Shape {
    Value {
        ty: &'static str,
        comps: u32,
    },
    Array {
        ty: &'static str,
        comps: u32,
        len: u32,
    },
    Struct,
    StructArray {
        len: u32,
    },
}

#[derive(Clone, Debug)]
struct Member {
    name: String,
    shape: Shape,
}

fn value_type(rng: &mut Rng) -> (&'static str, u32) {
    *rng.pick(VALUE_TYPES)
}

fn random_member(rng: &mut Rng, name: String) -> Member {
    let shape = match rng.below(10) {
        0..=3 => {
            let (ty, comps) = value_type(rng);
            Shape::Value { ty, comps }
        }
        4..=6 => {
            let (ty, comps) = value_type(rng);
            Shape::Array {
                ty,
                comps,
                len: 1 + rng.below(5) as u32,
            }
        }
        7 => Shape::Struct,
        _ => Shape::StructArray {
            len: 2 + rng.below(3) as u32,
        },
    };
    Member { name, shape }
}

/// One component of a value, as a float expression.
fn component(rng: &mut Rng, base: &str, comps: u32) -> String {
    if comps == 1 {
        format!("(float){base}")
    } else {
        let c = ["x", "y", "z", "w"][rng.below(comps as u64) as usize];
        format!("(float){base}.{c}")
    }
}

/// An index expression: a constant, or one derived from the thread ID.
fn index(rng: &mut Rng, len: u32, runtime_ok: bool) -> String {
    if runtime_ok && rng.chance(50) {
        match rng.below(3) {
            0 => format!("(id.x % {len})"),
            1 => format!("((id.y + {}) % {len})", rng.below(7)),
            _ => "id.x".to_owned(),
        }
    } else {
        rng.below(len as u64).to_string()
    }
}

/// A float expression reading `m`.
fn read(rng: &mut Rng, m: &Member, runtime_ok: bool) -> String {
    match &m.shape {
        Shape::Value { comps, .. } => component(rng, &m.name, *comps),
        Shape::Array { comps, len, .. } => {
            let base = format!("{}[{}]", m.name, index(rng, *len, runtime_ok));
            component(rng, &base, *comps)
        }
        Shape::Struct => {
            let (f, comps) = *rng.pick(STRUCT_FIELDS);
            component(rng, &format!("{}.{f}", m.name), comps)
        }
        Shape::StructArray { len } => {
            let (f, comps) = *rng.pick(STRUCT_FIELDS);
            let base = format!("{}[{}].{f}", m.name, index(rng, *len, runtime_ok));
            component(rng, &base, comps)
        }
    }
}

fn declare(out: &mut String, m: &Member) {
    match &m.shape {
        Shape::Value { ty, .. } => writeln!(out, "  {ty} {};", m.name),
        Shape::Array { ty, len, .. } => writeln!(out, "  {ty} {}[{len}];", m.name),
        Shape::Struct => writeln!(out, "  Light {};", m.name),
        Shape::StructArray { len } => writeln!(out, "  Light {}[{len}];", m.name),
    }
    .expect("writing to a String");
}

/// The declarations of a case: buffers and `$Globals` members.
fn buffers(rng: &mut Rng, out: &mut String) -> Vec<Member> {
    out.push_str(PRELUDE);
    out.push_str(STRUCT_DECL);
    let mut all = Vec::new();
    let count = 1 + rng.below(3);
    let mut next_register = 0;
    for b in 0..count {
        let binding = if rng.chance(60) {
            next_register += 1 + rng.below(2);
            format!(" : register(b{})", next_register - 1)
        } else {
            String::new()
        };
        writeln!(out, "cbuffer CB{b}{binding} {{").expect("writing to a String");
        for i in 0..1 + rng.below(6) {
            let m = random_member(rng, format!("m{b}_{i}"));
            declare(out, &m);
            all.push(m);
        }
        out.push_str("}\n");
    }
    if rng.chance(25) {
        for i in 0..1 + rng.below(3) {
            let m = random_member(rng, format!("g{i}"));
            let mut decl = String::new();
            declare(&mut decl, &m);
            out.push_str(decl.trim_start());
            all.push(m);
        }
    }
    all
}

/// A compute shader case.
pub fn compute_case(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    let members = buffers(&mut rng, &mut out);
    out.push_str("RWBuffer<float> Out : register(u0);\n");
    out.push_str("[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {\n");
    let statements = 1 + rng.below(6);
    for s in 0..statements {
        let m = rng.pick(&members).clone();
        let mut expr = read(&mut rng, &m, true);
        if rng.chance(40) {
            let other = rng.pick(&members).clone();
            expr = format!("{expr} + {}", read(&mut rng, &other, true));
        }
        match rng.below(6) {
            0 => writeln!(out, "  if (id.x > {}) Out[{s}] = {expr};", rng.below(4)),
            1 => {
                let loop_member = rng.pick(&members).clone();
                let body = read(&mut rng, &loop_member, false);
                writeln!(
                    out,
                    "  {{ float acc = 0; for (uint i = 0; i < id.x; i++) acc += {body} * (float)i; Out[{s}] = acc + {expr}; }}"
                )
            }
            _ => writeln!(out, "  Out[{s}] = {expr};"),
        }
        .expect("writing to a String");
    }
    out.push_str("}\n");
    out
}

/// A library case: exported functions reading members, so the handle is
/// created in the global constructor and read everywhere else.
pub fn library_case(seed: u64) -> String {
    let mut rng = Rng::new(seed ^ 0x5A5A_5A5A);
    let mut out = String::new();
    let members = buffers(&mut rng, &mut out);
    for f in 0..1 + rng.below(3) {
        writeln!(out, "export float f{f}(uint3 id) {{").expect("writing to a String");
        let first = rng.pick(&members).clone();
        let mut expr = read(&mut rng, &first, true);
        for _ in 0..rng.below(3) {
            let m = rng.pick(&members).clone();
            expr = format!("{expr} + {}", read(&mut rng, &m, true));
        }
        writeln!(out, "  return {expr};\n}}").expect("writing to a String");
    }
    out
}
