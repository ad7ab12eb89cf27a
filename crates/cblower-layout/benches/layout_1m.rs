//! Lays out one buffer of 1,000,000 members of mixed kinds (scalars, vectors,
//! matrices, arrays, nested structs, arrays of structs) with [`layout_buffer`]
//! under the DXC cbuffer rules, clang-22's, std140, structured and WGSL
//! storage, dropping each result inside the timed loop. Throughput is
//! reported in members per second; the target is 10M members/s on one core
//! (docs/performance.md). The `layout_1m_members_root` group also builds the
//! tree view ([`BufferLayout::root`]) of each result, to show what it costs;
//! `layout_1m_members_tree` computes the tree directly, member by member
//! (the algorithm `layout_buffer` used before it returned placements).

use cblower_layout::{
    layout_buffer, layout_buffer_tree, BufferDecl, BufferKind, BufferLayout, Clang22Target,
    LayoutOptions, RuleSet, WgslAddressSpace,
};
#[path = "support/member_mix.rs"]
mod member_mix;
use member_mix::mixed_members;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const MEMBERS: usize = 1_000_000;

const RULES: [RuleSet; 5] = [
    RuleSet::CBuffer,
    RuleSet::Clang22(Clang22Target::Dxil),
    RuleSet::Std140,
    RuleSet::Structured,
    RuleSet::Wgsl(WgslAddressSpace::Storage),
];

fn bench(c: &mut Criterion) {
    let decl = BufferDecl::new("Big", BufferKind::CBuffer, mixed_members(MEMBERS));
    let mut group = c.benchmark_group("layout_1m_members");
    group.throughput(Throughput::Elements(MEMBERS as u64));
    group.sample_size(10);
    for rules in RULES {
        group.bench_function(rules.name(), |b| {
            b.iter(|| layout_buffer(&decl, LayoutOptions::new(rules)).map(|l| l.member_count()))
        });
    }
    group.finish();

    // The same layouts computed as a tree, member by member in place: what
    // `layout_buffer` did before it returned placements.
    let mut group = c.benchmark_group("layout_1m_members_tree");
    group.throughput(Throughput::Elements(MEMBERS as u64));
    group.sample_size(10);
    for rules in [
        RuleSet::CBuffer,
        RuleSet::Clang22(Clang22Target::Dxil),
        RuleSet::Std140,
    ] {
        group.bench_function(rules.name(), |b| {
            b.iter(|| {
                layout_buffer_tree(&decl, LayoutOptions::new(rules)).map(|(root, _)| root.size)
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("layout_1m_members_root");
    group.throughput(Throughput::Elements(MEMBERS as u64));
    group.sample_size(10);
    for rules in [RuleSet::CBuffer, RuleSet::Clang22(Clang22Target::Dxil)] {
        group.bench_function(rules.name(), |b| {
            b.iter(|| {
                layout_buffer(&decl, LayoutOptions::new(rules)).map(|l: BufferLayout| l.root().size)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
