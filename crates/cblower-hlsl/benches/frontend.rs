//! Times the whole front end (`parse_source`: preprocessor, parser and
//! lowering) on generated files shaped like the IR-emission benchmark's
//! (`xtask bench-emit`): `N` cbuffers of 1000 members drawn from the same
//! weighted mix of scalars, vectors, matrices, arrays and structs, after the
//! typedef prelude clang-22 needs. Throughput is in input bytes per second.
//! Figures and the target (5x faster than before, see the "Front end"
//! section of docs/performance.md) are recorded there.

use cblower_hlsl::{parse_source, FrontendOptions};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// The prelude of the emission benchmark's files.
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

/// (type, array suffix, weight): the emission benchmark's member mix.
const KINDS: [(&str, &str, u32); 20] = [
    ("float", "", 8),
    ("float2", "", 5),
    ("float3", "", 6),
    ("float4", "", 7),
    ("int", "", 3),
    ("uint", "", 4),
    ("int4", "", 2),
    ("uint2", "", 2),
    ("uint3", "", 1),
    ("bool", "", 2),
    ("double", "", 1),
    ("float4x4", "", 3),
    ("float3x4", "", 1),
    ("float2x2", "", 1),
    ("float", "[4]", 2),
    ("float4", "[3]", 2),
    ("int2", "[2]", 1),
    ("Light", "", 1),
    ("Material", "[2]", 1),
    ("Surface", "", 1),
];

/// `buffers` cbuffers of 1000 members each; two in three have a register.
fn generate(buffers: usize) -> String {
    let total: u32 = KINDS.iter().map(|k| k.2).sum();
    let mut state: u64 = 0x5eed_cb10_3e12;
    let mut out = String::from(PRELUDE);
    for b in 0..buffers {
        match b % 3 {
            2 => out.push_str(&format!("cbuffer CB{b} {{\n")),
            _ if b % 10 == 0 => {
                out.push_str(&format!("cbuffer CB{b} : register(b{b}, space1) {{\n"))
            }
            _ => out.push_str(&format!("cbuffer CB{b} : register(b{b}) {{\n")),
        }
        for m in 0..1000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mut r = ((state >> 33) as u32) % total;
            let mut kind = KINDS[0];
            for k in KINDS {
                if r < k.2 {
                    kind = k;
                    break;
                }
                r -= k.2;
            }
            out.push_str(&format!("  {} m{b}_{m}{};\n", kind.0, kind.1));
        }
        out.push_str("};\n");
    }
    out
}

fn front_end(c: &mut Criterion) {
    let opts = FrontendOptions::default();
    let mut group = c.benchmark_group("front_end");
    group.sample_size(10);
    for buffers in [10, 100] {
        let text = generate(buffers);
        let members = buffers * 1000;
        // A wrong result would make the timing meaningless.
        let program = match parse_source("bench.hlsl", &text, &opts) {
            Ok(p) => p,
            Err(e) => panic!("generated file does not parse:\n{}", e.render(false)),
        };
        let parsed: usize = program.buffers.iter().map(|b| b.members.len()).sum();
        assert_eq!(parsed, members);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("parse_source", format!("{buffers}x1k")),
            &text,
            |b, text| b.iter(|| parse_source("bench.hlsl", text, &opts)),
        );
    }
    group.finish();
}

criterion_group!(benches, front_end);
criterion_main!(benches);
