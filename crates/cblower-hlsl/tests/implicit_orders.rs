//! Clang's implicit-binding order IDs, per target. The expected numbers are
//! what clang-22 passed to `handlefromimplicitbinding` for this file on
//! `dxil-pc-shadermodel6.3-library` and `spirv-unknown-vulkan1.3-library`.

use cblower_hlsl::{parse_source, FrontendOptions, ImplicitOrder};

const SOURCE: &str = r#"
RWBuffer<float> R0;                        // dx 0, vk 0
cbuffer A { float a; RWBuffer<float> Rin; } // Rin 1, A 2
RWBuffer<float> R1[4];                     // 3 (arrays take one)
static RWBuffer<float> Rs;                 // static: none
RWBuffer<float> R2 : register(u3);         // explicit: none
RWBuffer<float> R3 : register(space4);     // 4
[[vk::binding(3)]] cbuffer B { float b; }  // dx 5; bound on SPIR-V
[[vk::binding(4)]] RWBuffer<float> R4;     // dx 6; bound on SPIR-V
cbuffer C { float c; }                     // dx 7, vk 5
StructuredBuffer<float> S0;                // dx 8, vk 6
RWBuffer<float> R5, R6;                    // dx 9 10, vk 7 8
cbuffer E : register(b1) { float e; }      // explicit: none
float g;                                   // $Globals: dx 11, vk 9
"#;

#[test]
fn order_ids_match_clang_22_on_both_targets() {
    let p = parse_source("orders.hlsl", SOURCE, &FrontendOptions::default()).unwrap();
    let got: Vec<(&str, ImplicitOrder)> = p
        .buffers
        .iter()
        .zip(&p.implicit_orders)
        .map(|(b, o)| (&*b.name, *o))
        .collect();
    let o = |dxil, spirv| ImplicitOrder { dxil, spirv };
    assert_eq!(
        got,
        vec![
            ("A", o(2, 2)),
            ("B", o(5, 5)),
            ("C", o(7, 5)),
            ("E", o(11, 9)),
            ("$Globals", o(11, 9)),
        ]
    );
}

/// Name, register class, register, order IDs (DXIL, SPIR-V), `vk::binding`.
type Row = (String, char, Option<u32>, Option<(u32, u32)>, bool);

/// The bindings report's list: every resource and buffer of the same file,
/// in order, with the order IDs above (what clang-22 passed for each
/// implicitly bound one), `None` for the explicitly bound ones, the register
/// class, and where each was declared.
#[test]
fn bindings_list_every_resource_with_clang_22_order_ids() {
    let p = parse_source("orders.hlsl", SOURCE, &FrontendOptions::default()).unwrap();
    let got: Vec<Row> = p
        .bindings
        .iter()
        .map(|b| {
            (
                b.name.to_string(),
                b.class,
                b.register,
                b.implicit_order.map(|o| (o.dxil, o.spirv)),
                b.vk_binding.is_some(),
            )
        })
        .collect();
    let row = |n: &str, c, r, o, vk| (n.to_string(), c, r, o, vk);
    assert_eq!(
        got,
        vec![
            row("R0", 'u', None, Some((0, 0)), false),
            row("Rin", 'u', None, Some((1, 1)), false),
            row("A", 'b', None, Some((2, 2)), false),
            row("R1", 'u', None, Some((3, 3)), false),
            row("R2", 'u', Some(3), None, false),
            row("R3", 'u', None, Some((4, 4)), false),
            row("B", 'b', None, Some((5, 5)), true),
            row("R4", 'u', None, Some((6, 5)), true),
            row("C", 'b', None, Some((7, 5)), false),
            row("S0", 't', None, Some((8, 6)), false),
            row("R5", 'u', None, Some((9, 7)), false),
            row("R6", 'u', None, Some((10, 8)), false),
            row("E", 'b', Some(1), None, false),
            row("$Globals", 'b', None, Some((11, 9)), false),
        ]
    );
    assert!(p.binding_overlaps().is_empty());
    let r2 = p.binding_location(4).unwrap();
    assert_eq!((r2.line, r2.column), (6, 22));
    let r1 = p.bindings[3].count;
    assert_eq!(r1, cblower_program::RegisterCount::Array(4));
}

/// Counters take an order ID of their own, right after their buffer's, even
/// when the buffer is bound; numbers from clang-22 on both targets.
#[test]
fn counters_take_an_order_id_of_their_own() {
    const COUNTERS: &str = r#"
RWStructuredBuffer<float> r0 : register(u0);      // counter 0
cbuffer A { float a; }                            // 1
AppendStructuredBuffer<float> r1[3];              // 2, 3
cbuffer B { float b; }                            // 4
[[vk::binding(2)]] RWStructuredBuffer<float> r3;  // dx 5 6, vk counter 5
StructuredBuffer<float> s;                        // dx 7, vk 6 (no counter)
cbuffer C { float c; }                            // dx 8, vk 7
"#;
    let p = parse_source("counters.hlsl", COUNTERS, &FrontendOptions::default()).unwrap();
    let o = |dxil, spirv| ImplicitOrder { dxil, spirv };
    assert_eq!(p.implicit_orders, vec![o(1, 1), o(4, 4), o(8, 7)]);
}
