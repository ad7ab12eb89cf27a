//! Lays out one buffer of 1,000,000 members of mixed kinds (scalars, vectors,
//! matrices, arrays, nested structs, arrays of structs) under the DXC cbuffer
//! rules and under clang-22's. Throughput is reported in members per second;
//! the target is 10M members/s on one core (docs/performance.md).

use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, Clang22Target, Field, LayoutOptions, MatrixOrder,
    RuleSet, Scalar, StructTy, Ty,
};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const MEMBERS: usize = 1_000_000;

fn mixed_members(n: usize) -> Vec<Field> {
    let light = Ty::structure(StructTy::new(
        "Light",
        vec![
            Field::new("position", Ty::vector(Scalar::Float, 3)),
            Field::new("range", Ty::scalar(Scalar::Float)),
            Field::new("color", Ty::vector(Scalar::Float, 3)),
            Field::new(
                "inner",
                Ty::structure(StructTy::new(
                    "Cone",
                    vec![Field::new("angles", Ty::vector(Scalar::Float, 2))],
                )),
            ),
        ],
    ));
    let kinds = [
        Ty::scalar(Scalar::Float),
        Ty::vector(Scalar::Float, 3),
        Ty::scalar(Scalar::Uint),
        Ty::vector(Scalar::Float, 2),
        Ty::matrix(Scalar::Float, 4, 4, MatrixOrder::ColumnMajor),
        Ty::array(Ty::vector(Scalar::Float, 4), 4),
        Ty::array(Ty::scalar(Scalar::Float), 3),
        light.clone(),
        Ty::array(light, 2),
        Ty::scalar(Scalar::Double),
    ];
    (0..n)
        .map(|i| Field::new(format!("m{i}"), kinds[i % kinds.len()].clone()))
        .collect()
}

fn bench(c: &mut Criterion) {
    let decl = BufferDecl::new("Big", BufferKind::CBuffer, mixed_members(MEMBERS));
    let mut group = c.benchmark_group("layout_1m_members");
    group.throughput(Throughput::Elements(MEMBERS as u64));
    group.sample_size(10);
    for rules in [
        RuleSet::CBuffer,
        RuleSet::Clang22(Clang22Target::Dxil),
        RuleSet::Std140,
    ] {
        group.bench_function(rules.name(), |b| {
            b.iter(|| layout_buffer(&decl, LayoutOptions::new(rules)).map(|l| l.size()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
