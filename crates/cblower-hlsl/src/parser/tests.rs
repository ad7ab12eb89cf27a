//! Whole-pipeline tests: source text in, exact `BufferDecl`s (or exact
//! diagnostics) out.

use std::sync::Arc;

use cblower_layout::{
    Binding, BufferDecl, BufferKind, Field, MatrixOrder, Placement, ResourceTy, Scalar, Storage,
    StructTy, Ty,
};

use crate::{parse_source, FrontendOptions, Program, VkBinding};

fn parse_with(src: &str, opts: &FrontendOptions) -> Program {
    match parse_source("t.hlsl", src, opts) {
        Ok(p) => p,
        Err(e) => panic!("unexpected errors:\n{}", e.render(false)),
    }
}

fn parse(src: &str) -> Program {
    parse_with(src, &FrontendOptions::default())
}

/// The first diagnostic: (message, line, column).
fn error_with(src: &str, opts: &FrontendOptions) -> (String, u32, u32) {
    let e = parse_source("t.hlsl", src, opts).expect_err("expected an error");
    let d = e.diagnostics.iter().next().expect("a diagnostic");
    let l = d.location(&e.sources).expect("a location");
    (d.message.clone(), l.line, l.column)
}

fn error(src: &str) -> (String, u32, u32) {
    error_with(src, &FrontendOptions::default())
}

/// The first warning of a file that parses: (message, line, column).
fn warning(src: &str) -> (String, u32, u32) {
    let p = parse(src);
    let d = p.warnings.iter().next().expect("a warning");
    let l = d.location(&p.sources).expect("a location");
    (d.message.clone(), l.line, l.column)
}

/// The warning for a construct skipped outside buffers.
fn skipped(message: &str, line: u32, column: u32) -> (String, u32, u32) {
    (
        format!("skipped a construct the front end cannot read: {message}"),
        line,
        column,
    )
}

fn e(message: &str, line: u32, column: u32) -> (String, u32, u32) {
    (message.to_string(), line, column)
}

fn f(name: &str, ty: Ty) -> Field {
    Field::new(name, ty)
}

fn float() -> Ty {
    Ty::Scalar(Scalar::Float)
}

fn fvec(n: u8) -> Ty {
    Ty::vector(Scalar::Float, n)
}

fn fmat(r: u8, c: u8, order: MatrixOrder) -> Ty {
    Ty::matrix(Scalar::Float, r, c, order)
}

fn cbuffer(name: &str, members: Vec<Field>) -> BufferDecl {
    BufferDecl::new(name, BufferKind::CBuffer, members)
}

fn globals(members: Vec<Field>) -> BufferDecl {
    BufferDecl::new("$Globals", BufferKind::Globals, members)
}

fn structure(name: &str, fields: Vec<Field>) -> Ty {
    Ty::structure(StructTy::new(name, fields))
}

fn resource(name: &str) -> Ty {
    Ty::Resource(ResourceTy {
        name: Arc::from(name),
    })
}

fn bound(mut b: BufferDecl, register: Option<u32>, space: u32) -> BufferDecl {
    b.binding = Some(Binding { register, space });
    b
}

const COL: MatrixOrder = MatrixOrder::ColumnMajor;
const ROW: MatrixOrder = MatrixOrder::RowMajor;

#[test]
fn cbuffer_with_register_forms() {
    let p = parse(
        "cbuffer A : register(b0) { float a; }
         cbuffer B : register(b3, space2) { float4 b; };
         tbuffer T : register(t1) { uint c; }
         cbuffer S : register(space5) { float d; }
         cbuffer N { float e; }",
    );
    assert_eq!(
        p.buffers,
        vec![
            bound(cbuffer("A", vec![f("a", float())]), Some(0), 0),
            bound(cbuffer("B", vec![f("b", fvec(4))]), Some(3), 2),
            bound(
                BufferDecl::new(
                    "T",
                    BufferKind::TBuffer,
                    vec![f("c", Ty::Scalar(Scalar::Uint))]
                ),
                Some(1),
                0
            ),
            bound(cbuffer("S", vec![f("d", float())]), None, 5),
            cbuffer("N", vec![f("e", float())]),
        ]
    );
}

#[test]
fn packoffset_placements() {
    let p = parse("cbuffer CB { float4 a : packoffset(c0); float b : packoffset(c1.y); float c : packoffset(c1.w); }");
    let po = |register, component| Placement::PackOffset {
        register,
        component,
    };
    assert_eq!(
        p.buffers,
        vec![cbuffer(
            "CB",
            vec![
                f("a", fvec(4)).with_placement(po(0, 0)),
                f("b", float()).with_placement(po(1, 1)),
                f("c", float()).with_placement(po(1, 3)),
            ]
        )]
    );
}

#[test]
fn globals_come_last_with_const_and_register_and_without_static_resources_groupshared() {
    let p = parse(
        "float g0;
         cbuffer CB { float a; }
         const float k = 1.0;
         static float s = 2;
         uniform float3 g1 : register(c3);
         extern float g2 = 3.0;
         Texture2D<float4> tex : register(t0);
         SamplerState samp;
         groupshared float shared_data[64];
         float2 g3;",
    );
    let mut k = f("k", float());
    k.is_const = true;
    assert_eq!(
        p.buffers,
        vec![
            cbuffer("CB", vec![f("a", float())]),
            globals(vec![
                f("g0", float()),
                k,
                f("g1", fvec(3)).with_placement(Placement::ConstantRegister(3)),
                f("g2", float()),
                f("g3", fvec(2)),
            ]),
        ]
    );
}

#[test]
fn constant_buffer_of_struct_with_arrays_and_register() {
    let p = parse(
        "struct Light { float3 pos; float radius; };
         ConstantBuffer<Light> L : register(b2, space1);
         ConstantBuffer<Light> Many[4];",
    );
    let members = vec![f("pos", fvec(3)), f("radius", float())];
    let mut l = bound(
        BufferDecl::new("L", BufferKind::ConstantBuffer, members.clone()),
        Some(2),
        1,
    );
    l.element_type = Some(Arc::from("Light"));
    let mut many = BufferDecl::new("Many", BufferKind::ConstantBuffer, members);
    many.element_type = Some(Arc::from("Light"));
    many.array_len = Some(4);
    assert_eq!(p.buffers, vec![l, many]);
}

#[test]
fn texture_buffer_is_a_templated_buffer_on_a_t_register() {
    let p = parse(
        "struct Light { float3 pos; float radius; };
         TextureBuffer<Light> L : register(t2, space1);
         cbuffer C : register(b2, space1) { float c; }",
    );
    let members = vec![f("pos", fvec(3)), f("radius", float())];
    let mut l = bound(
        BufferDecl::new("L", BufferKind::TextureBuffer, members),
        Some(2),
        1,
    );
    l.element_type = Some(Arc::from("Light"));
    assert_eq!(p.buffers[0], l);
    assert_eq!(p.buffers[1].kind, BufferKind::CBuffer);
    // t2 and b2 in one space are different register classes: no warning.
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
}

#[test]
fn constant_buffer_array_lengths_multiply_and_unbounded_is_explicit() {
    let p = parse(
        "struct M { float4 c; };
         ConstantBuffer<M> grid[2][3];
         ConstantBuffer<M> all[] : register(b0, space5);
         ConstantBuffer<M> rows[][4];
         ConstantBuffer<M> none[0];",
    );
    let lens: Vec<Option<u64>> = p.buffers.iter().map(|b| b.array_len).collect();
    assert_eq!(
        lens,
        vec![
            Some(6),
            Some(crate::UNBOUNDED_RESOURCE_ARRAY),
            Some(crate::UNBOUNDED_RESOURCE_ARRAY),
            Some(0),
        ]
    );
}

#[test]
fn constant_buffer_array_errors() {
    assert_eq!(
        error("struct M { float4 c; };\nConstantBuffer<M> b[2][];"),
        e(
            "only the first dimension of a resource array may be unbounded",
            2,
            23
        )
    );
    assert_eq!(
        error("struct M { float4 c; };\nConstantBuffer<M> b[4294967296][4294967296];"),
        e(
            "resource array of 4294967296 x 4294967296 buffers is too large",
            2,
            32
        )
    );
}

#[test]
fn cbuffer_members_keep_static_groupshared_and_resources_and_skip_functions() {
    let p = parse(
        "cbuffer CB {
             float a;
             static const float s = 1;
             groupshared float g;
             Texture2D t;
             float helper(float x) { return x * a; }
             float b;
         }",
    );
    let mut s = f("s", float()).with_storage(Storage::Static);
    s.is_const = true;
    assert_eq!(
        p.buffers,
        vec![cbuffer(
            "CB",
            vec![
                f("a", float()),
                s,
                f("g", float()).with_storage(Storage::Groupshared),
                f("t", resource("Texture2D")),
                f("b", float()),
            ]
        )]
    );
}

#[test]
fn nested_inline_anonymous_and_base_structs() {
    let p = parse(
        "struct A { float a; };
         struct B : A { float b; };
         cbuffer CB {
             struct Inner_t { float start; } inner;
             struct { float x; } anon_member;
             B derived;
         }",
    );
    let a = Arc::new(StructTy::new("A", vec![f("a", float())]));
    let mut b = StructTy::new("B", vec![f("b", float())]);
    b.base = Some(a);
    assert_eq!(
        p.buffers,
        vec![cbuffer(
            "CB",
            vec![
                f("inner", structure("Inner_t", vec![f("start", float())])),
                f("anon_member", structure("anon", vec![f("x", float())])),
                f("derived", Ty::structure(b)),
            ]
        )]
    );
}

#[test]
fn struct_nested_in_struct_and_class_keyword() {
    let p = parse("class Outer { struct In { float v; } in_; float w; }; Outer o;");
    let inner = structure("Outer::In", vec![f("v", float())]);
    assert_eq!(
        p.buffers,
        vec![globals(vec![f(
            "o",
            structure("Outer", vec![f("in_", inner), f("w", float())])
        )])]
    );
}

#[test]
fn typedef_resolution() {
    let p = parse(
        "typedef float real;
         typedef float4 Arr4[4];
         typedef struct { float a; } S_t;
         struct P { float p; };
         typedef P PAlias;
         cbuffer CB { real r; Arr4 q; Arr4 qq[2]; S_t s; PAlias pa; }",
    );
    let arr4 = Ty::array(fvec(4), 4);
    assert_eq!(
        p.buffers,
        vec![cbuffer(
            "CB",
            vec![
                f("r", float()),
                f("q", arr4.clone()),
                f("qq", Ty::array(arr4, 2)),
                f("s", structure("S_t", vec![f("a", float())])),
                f("pa", structure("P", vec![f("p", float())])),
            ]
        )]
    );
}

#[test]
fn namespaces_qualify_structs_and_set_buffer_namespace() {
    let p = parse(
        "namespace NS { namespace In2 {
             struct S { float x; };
             cbuffer CB { S s; }
         } }
         NS::In2::S g;",
    );
    let s = structure("NS::In2::S", vec![f("x", float())]);
    let mut cb = cbuffer("CB", vec![f("s", s.clone())]);
    cb.namespace = Some(Arc::from("NS::In2"));
    cb.members[0].namespace = Some(Arc::from("NS::In2"));
    assert_eq!(p.buffers, vec![cb, globals(vec![f("g", s)])]);
}

#[test]
fn every_numeric_spelling() {
    let opts = FrontendOptions {
        native_16bit: true,
        ..FrontendOptions::default()
    };
    let p = parse_with(
        "cbuffer CB {
             bool a; int b; uint c; dword d; float e; double f_; half g;
             min16float h; min10float i; min16int j; min12int k; min16uint l;
             float16_t m; int16_t n; uint16_t o; int64_t p; uint64_t q;
             float64_t r; float32_t s; int32_t t; uint32_t u;
             min16float3 v; uint16_t2 w; half2x3 x; float1 y; unsigned int z;
         }",
        &opts,
    );
    let tys: Vec<String> = p.buffers[0]
        .members
        .iter()
        .map(|m| m.ty.to_string())
        .collect();
    assert_eq!(
        tys,
        [
            "bool",
            "int",
            "uint",
            "uint",
            "float",
            "double",
            "half",
            "min16float",
            "min10float",
            "min16int",
            "min12int",
            "min16uint",
            "float16_t",
            "int16_t",
            "uint16_t",
            "int64_t",
            "uint64_t",
            "double",
            "float",
            "int",
            "uint",
            "min16float3",
            "uint16_t2",
            "half2x3",
            "float1",
            "uint"
        ]
    );
}

#[test]
fn templated_vector_and_matrix() {
    let p = parse(
        "static const int N = 3;
         cbuffer CB { vector<float, 4> a; matrix<float, 2, 3> b; vector v; matrix m; vector<int, N> c; }",
    );
    assert_eq!(
        p.buffers,
        vec![cbuffer(
            "CB",
            vec![
                f("a", fvec(4)),
                f("b", fmat(2, 3, COL)),
                f("v", fvec(4)),
                f("m", fmat(4, 4, COL)),
                f("c", Ty::vector(Scalar::Int, 3)),
            ]
        )]
    );
}

#[test]
fn matrix_order_keyword_beats_pragma_beats_default() {
    let opts = FrontendOptions {
        default_matrix_order: ROW,
        ..FrontendOptions::default()
    };
    let p = parse_with(
        "float4x4 a;
         #pragma pack_matrix(column_major)
         float4x4 b;
         row_major float4x4 c;
         typedef row_major float3x3 RM;
         typedef float2x2 Plain;
         RM d;
         Plain e;
         #pragma pack_matrix(row_major)
         Plain f_;
         column_major float4x4 g[2];",
        &opts,
    );
    assert_eq!(
        p.buffers,
        vec![globals(vec![
            f("a", fmat(4, 4, ROW)),
            f("b", fmat(4, 4, COL)),
            f("c", fmat(4, 4, ROW)),
            f("d", fmat(3, 3, ROW)),
            f("e", fmat(2, 2, COL)),
            f("f_", fmat(2, 2, ROW)),
            f("g", Ty::array(fmat(4, 4, COL), 2)),
        ])]
    );
}

#[test]
fn array_sizes_from_macros_and_static_consts() {
    let p = parse(
        "#define COUNT 3
         static const uint N = 4;
         static const uint Cast = (uint)2 + uint(1);
         namespace NS { static const int M = N + 1; }
         enum Slots { SLOT_A, SLOT_B = 5, SLOT_C };
         cbuffer CB { float a[N * 2]; float b[COUNT]; float c[NS::M]; float d[2][3]; float e[SLOT_C]; float f_[(uint)2]; float g[Cast]; }",
    );
    assert_eq!(
        p.buffers,
        vec![cbuffer(
            "CB",
            vec![
                f("a", Ty::array(float(), 8)),
                f("b", Ty::array(float(), 3)),
                f("c", Ty::array(float(), 5)),
                f("d", Ty::array(Ty::array(float(), 3), 2)),
                f("e", Ty::array(float(), 6)),
                f("f_", Ty::array(float(), 2)),
                f("g", Ty::array(float(), 3)),
            ]
        )]
    );
}

#[test]
fn vk_attributes() {
    let p = parse(
        "[[vk::binding(5, 2)]] cbuffer V : register(b1) { [[vk::offset(16)]] float vo; }
         [[vk::binding(3)]] cbuffer W { float w; }",
    );
    assert_eq!(
        p.buffers,
        vec![
            bound(
                cbuffer(
                    "V",
                    vec![f("vo", float()).with_placement(Placement::VkOffset(16))]
                ),
                Some(1),
                0
            ),
            cbuffer("W", vec![f("w", float())]),
        ]
    );
    assert_eq!(
        p.vk_bindings,
        vec![
            Some(VkBinding { binding: 5, set: 2 }),
            Some(VkBinding { binding: 3, set: 0 })
        ]
    );
}

#[test]
fn whole_shader_constructs_are_skipped_safely() {
    let p = parse(
        r#"
        struct VSIn { float3 pos : POSITION; nointerpolation float4 c : COLOR0; linear centroid float2 uv : TEXCOORD0; };
        struct PSIn { float4 pos : SV_Position; sample float2 uv : TEXCOORD1; noperspective float z : DEPTH; };
        Texture2D<float4> tex : register(t0);
        TextureCube cube;
        Texture2DArray arr;
        RWStructuredBuffer<VSIn> rw : register(u1);
        StructuredBuffer<VSIn> sb;
        AppendStructuredBuffer<VSIn> app;
        ByteAddressBuffer bab;
        Buffer<float> buf;
        RWBuffer<float> rwbuf;
        RaytracingAccelerationStructure scene : register(t5, space1);
        SamplerComparisonState shadow_sampler { ComparisonFunc = LESS; };
        precise float pf;
        float sample;
        template <typename T> T twice(T x) { return x + x; }
        PSIn main(VSIn i, uint id : SV_VertexID) {
            PSIn o = (PSIn)0;
            o.pos = float4(i.pos, 1);
            // a comment with { unbalanced braces
            const char *s = "string with } brace";
            char c = '}';
            return o;
        }
        [numthreads(8, 8, 1)]
        void cs(uint3 id : SV_DispatchThreadID) { }
        float4 ps(PSIn i) : SV_Target { return tex.Sample(shadow_sampler, i.uv); }
        "#,
    );
    assert_eq!(
        p.buffers,
        vec![globals(vec![f("pf", float()), f("sample", float())])]
    );
}

#[test]
fn resource_type_spelling() {
    let p = parse(
        "cbuffer CB { Texture2D<float4> t; RWStructuredBuffer<vector<float, 4>> r; SamplerState s[2]; }",
    );
    let tys: Vec<String> = p.buffers[0]
        .members
        .iter()
        .map(|m| m.ty.to_string())
        .collect();
    assert_eq!(
        tys,
        [
            "Texture2D<float4>",
            "RWStructuredBuffer<vector<float, 4>>",
            "SamplerState[2]"
        ]
    );
}

#[test]
fn spans_point_at_member_names_through_includes_and_macros() {
    let p = parse(
        "#define MEMBER(t, n) t n;\ncbuffer CB {\n  float a;\n  MEMBER(float4, b)\n}\nfloat g;",
    );
    let loc = |s| {
        let l = p.sources.location(s);
        (l.line, l.column)
    };
    assert_eq!(loc(p.spans[0].name), (2, 9));
    assert_eq!(
        p.spans[0]
            .members
            .iter()
            .map(|s| loc(*s))
            .collect::<Vec<_>>(),
        [(3, 9), (4, 18)]
    );
    assert_eq!(loc(p.spans[1].members[0]), (6, 7));
    assert_eq!(p.sources.snippet(p.spans[1].members[0]), "g");
}

#[test]
fn later_stage_diagnostic_at_a_member_span() {
    let p = parse("cbuffer CB {\n  float a : packoffset(c0);\n  float b : packoffset(c0);\n}");
    let d = crate::Diagnostic::error(p.spans[0].members[1], "`b` overlaps `a`")
        .with_label(p.spans[0].members[0], "`a` is here")
        .with_help("move `b` to `packoffset(c0.y)`");
    assert_eq!(
        d.render(&p.sources, false),
        "error: `b` overlaps `a`\n  --> t.hlsl:3:9\n  |\n2 |   float a : packoffset(c0);\n  |         - `a` is here\n3 |   float b : packoffset(c0);\n  |         ^\n  |\n  = help: move `b` to `packoffset(c0.y)`\n\n"
    );
}

// ---------------------------------------------------------------------------
// Diagnostics: exact message, line and column.

#[test]
fn unknown_type_suggests_closest_name() {
    assert_eq!(
        error("cbuffer CB {\n  flaot4 c;\n}"),
        e("unknown type name `flaot4`", 2, 3)
    );
    let err = parse_source(
        "t.hlsl",
        "struct Light {}; Ligth l;",
        &FrontendOptions::default(),
    )
    .unwrap_err();
    let d = err.diagnostics.iter().next().unwrap();
    assert_eq!(d.help.as_deref(), Some("did you mean `Light`?"));
}

#[test]
fn unterminated_blocks() {
    assert_eq!(
        error("cbuffer CB {\n  float a;\n"),
        e("unterminated cbuffer `CB`: missing `}`", 1, 12)
    );
    // Never skipped: everything after them would be lost.
    assert_eq!(
        error("struct S { float a;"),
        e("unterminated struct `S`: missing `}`", 1, 10)
    );
    assert_eq!(
        error("void f() {\n  if (x) {\n}"),
        e("unterminated function body: missing `}`", 1, 10)
    );
}

#[test]
fn missing_semicolons() {
    assert_eq!(
        error("cbuffer CB {\n  float a\n  float b;\n}"),
        e("expected `;` after the declaration of `a`", 2, 10)
    );
    assert_eq!(
        error("struct S { float a; }\ncbuffer CB { S s; }"),
        e("expected `;` after struct definition", 1, 22)
    );
    assert_eq!(
        warning("float g = 1.0\nfloat h;\ncbuffer CB { float a; }"),
        skipped("expected `;` after the initializer", 1, 14)
    );
}

#[test]
fn duplicates_point_at_both_declarations() {
    let src = "cbuffer CB {\n  float a;\n  float4 a;\n}";
    assert_eq!(error(src), e("duplicate member `a` in cbuffer `CB`", 3, 10));
    let err = parse_source("t.hlsl", src, &FrontendOptions::default()).unwrap_err();
    let d = err.diagnostics.iter().next().unwrap();
    let first = err.sources.location(d.labels[0].span);
    assert_eq!((first.line, first.column), (2, 9));
    // A struct's errors are reported where a buffer uses it.
    assert_eq!(
        error("struct S {\n  float x;\n  int x;\n};\ncbuffer CB { S s; }"),
        e("duplicate field `x` in struct `S`", 3, 7)
    );
    assert!(parse("struct S {\n  float x;\n  int x;\n};")
        .buffers
        .is_empty());
    assert_eq!(
        error("float g;\nfloat g;"),
        e("duplicate global variable `g`", 2, 7)
    );
    // A member refused as a redefinition of a global, then declared again
    // in the same buffer: the second is a duplicate of the first member.
    let src = "float g;\ncbuffer B {\n  int g;\n  float g;\n}";
    let err = parse_source("t.hlsl", src, &FrontendOptions::default()).unwrap_err();
    let found: Vec<_> = err
        .diagnostics
        .iter()
        .map(|d| {
            let at = err.sources.location(d.span.unwrap());
            let first = err.sources.location(d.labels[0].span);
            (
                d.message.clone(),
                at.line,
                at.column,
                first.line,
                first.column,
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "redefinition of `g`: the members of a cbuffer share the enclosing scope with \
                 global variables and other buffers' members"
                    .to_string(),
                3,
                7,
                1,
                7
            ),
            (
                "duplicate member `g` in cbuffer `B`".to_string(),
                4,
                9,
                3,
                7
            ),
        ]
    );
}

#[test]
fn buffer_members_share_the_global_scope() {
    let redefinition = |name: &str, kw: &str| {
        format!(
            "redefinition of `{name}`: the members of a {kw} share the enclosing scope with \
             global variables and other buffers' members"
        )
    };
    // Two buffers, a global before a buffer, a tbuffer after a cbuffer.
    assert_eq!(
        error("cbuffer A { float x; }\ncbuffer B { float x; }"),
        e(&redefinition("x", "cbuffer"), 2, 19)
    );
    assert_eq!(
        error("float g;\ncbuffer B {\n  int g;\n}"),
        e(&redefinition("g", "cbuffer"), 3, 7)
    );
    assert_eq!(
        error("cbuffer A { float x; }\ntbuffer T { float x; }"),
        e(&redefinition("x", "tbuffer"), 2, 19)
    );
    // A global after a buffer member of the same name.
    assert_eq!(
        error("cbuffer A { float x; }\nfloat x;"),
        e("duplicate global variable `x`", 2, 7)
    );
    // Different namespaces are different scopes; ConstantBuffer<T> fields
    // are reached through the buffer's name and never clash.
    let ok = "namespace N { cbuffer A { float x; } }\ncbuffer B { float x; }\n\
              struct S { float x; };\nConstantBuffer<S> C;";
    let program = parse_source("t.hlsl", ok, &FrontendOptions::default()).unwrap();
    assert_eq!(program.buffers.len(), 3);
}

#[test]
fn recursive_structs() {
    assert_eq!(
        error("struct S {\n  float a;\n  S next;\n};\ncbuffer CB { S s; }"),
        e("struct `S` contains itself", 3, 3)
    );
    assert_eq!(
        error("struct N;\ntypedef N NT;\nstruct N { NT next; };\ncbuffer CB { N n; }"),
        e("struct `N` contains itself", 3, 12)
    );
    assert_eq!(
        error("struct N;\ncbuffer CB { N n; }"),
        e("struct `N` is used before it is defined", 2, 14)
    );
}

#[test]
fn bad_packoffsets() {
    assert_eq!(
        error("cbuffer CB { float a : packoffset(c1.q); }"),
        e("invalid packoffset component `q`", 1, 38)
    );
    assert_eq!(
        error("cbuffer CB { float a : packoffset(b1); }"),
        e(
            "packoffset needs a constant register `cN`, found `b1`",
            1,
            35
        )
    );
    assert_eq!(
        error("cbuffer CB { float a : packoffset(c); }"),
        e(
            "packoffset needs a constant register `cN`, found `c`",
            1,
            35
        )
    );
}

#[test]
fn bad_registers() {
    assert_eq!(
        error("cbuffer CB : register(x1) { float a; }"),
        e("unknown register type `x` in `x1`", 1, 23)
    );
    assert_eq!(
        error("cbuffer CB : register(b) { float a; }"),
        e("missing register number after `b`", 1, 23)
    );
    assert_eq!(
        error("cbuffer CB : register(b1, spac1) { float a; }"),
        e("expected a register space `spaceN`, found `spac1`", 1, 27)
    );
    assert_eq!(
        error("cbuffer CB : register(t1) { float a; }"),
        e(
            "cbuffer `CB` must be bound to a `b` register, found `t`",
            1,
            14
        )
    );
}

#[test]
fn sixteen_bit_types_need_the_option() {
    assert_eq!(
        error("cbuffer CB {\n  uint16_t2 v;\n}"),
        e("`uint16_t2` requires native 16-bit types", 2, 3)
    );
    let err = parse_source("t.hlsl", "float16_t h;", &FrontendOptions::default()).unwrap_err();
    assert_eq!(
        err.diagnostics.iter().next().unwrap().help.as_deref(),
        Some("pass --enable-16bit-types (DXC's -enable-16bit-types)")
    );
}

#[test]
fn bad_array_sizes() {
    assert_eq!(
        error("cbuffer CB { float a[N]; }"),
        e("`N` is not an integer constant", 1, 22)
    );
    assert_eq!(error("float a[];"), e("array `a` needs a size", 1, 8));
    assert_eq!(
        error("float a[2 - 3];"),
        e("array size must not be negative, found -1", 1, 11)
    );
}

#[test]
fn nesting_too_deep() {
    let src = format!("{}{}", "namespace A { ".repeat(300), "}".repeat(300));
    assert_eq!(
        error(&src),
        e("nesting is too deep (more than 256 levels)", 1, 3599)
    );
    let src = format!("float a[{}1{}];", "(".repeat(400), ")".repeat(400));
    assert_eq!(error(&src).0, "nesting is too deep (more than 256 levels)");
}

#[test]
fn stray_tokens() {
    assert_eq!(
        warning("}"),
        skipped("expected a declaration, found `}`", 1, 1)
    );
    assert_eq!(
        warning("cbuffer CB { float a; } }"),
        skipped("expected a declaration, found `}`", 1, 25)
    );
    assert_eq!(
        error("cbuffer CB { float a; } } cbuffer D { float b; ! }"),
        e("expected a declaration, found `!`", 1, 48)
    );
}

#[test]
fn render_has_location_caret_and_help() {
    let err = parse_source(
        "t.hlsl",
        "cbuffer CB : register(b) { float a; }",
        &FrontendOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        err.render(false),
        "error: missing register number after `b`\n  --> t.hlsl:1:23\n  |\n1 | cbuffer CB : register(b) { float a; }\n  |                       ^\n  |\n  = help: write the register with its number, e.g. `register(b0)`\n\n"
    );
    assert!(err.render(true).contains("\u{1b}["));
}

#[test]
fn garbage_input_never_panics() {
    let inputs = [
        "",
        "}",
        "{",
        "[[",
        "[[vk::binding(",
        "cbuffer",
        "cbuffer CB : register(",
        "struct {",
        "float a[",
        "float a : packoffset(c1.",
        "#if",
        "#define F(",
        "#include",
        "template <",
        "ConstantBuffer<",
        "ConstantBuffer<float4> x;",
        "vector<float, 9> v;",
        "matrix<float> m;",
        "enum { A = 1 / 0 };",
        "typedef",
        "namespace",
        "struct S : float { };",
        "'",
        "\"",
        "\\",
        "float a = {1, 2",
        "float4 f(",
        "#line x",
        "#pragma pack_matrix(diag)",
        "a::b::c d;",
        "RWTexture2D<unorm float4 x;",
        "float x[1 << 70];",
    ];
    for src in inputs {
        let _ = parse_source("t.hlsl", src, &FrontendOptions::default());
    }
}

/// `count` members `m0` .. named in a cbuffer, one per line after line 1.
fn many_members(count: usize) -> String {
    let mut src = String::from("cbuffer Big {\n");
    for i in 0..count {
        src.push_str(&format!("  float m{i};\n"));
    }
    src
}

#[test]
fn long_buffers_parse_past_the_token_window() {
    // Thousands of tokens: the parser's window is compacted many times.
    let mut src = many_members(3000);
    src.push_str("};\nstruct After { float4 x; };\ncbuffer Tail { After a; float b; };\n");
    let p = parse(&src);
    assert_eq!(p.buffers.len(), 2);
    assert_eq!(p.buffers[0].members.len(), 3000);
    assert_eq!(&*p.buffers[0].members[2999].name, "m2999");
    assert_eq!(
        p.buffers[1],
        cbuffer(
            "Tail",
            vec![
                f("a", structure("After", vec![f("x", fvec(4))])),
                f("b", float())
            ]
        )
    );
    // Member spans still point at their lines after compaction.
    let loc = p.sources.location(p.spans[0].members[2500]);
    assert_eq!((loc.line, loc.column), (2502, 9));
}

#[test]
fn missing_semicolon_deep_in_a_long_buffer_points_after_the_name() {
    // The error needs the token before the cursor, which compaction keeps.
    let mut src = many_members(2000);
    src.push_str("  float late\n  float next;\n};\n");
    assert_eq!(
        error(&src),
        e("expected `;` after the declaration of `late`", 2002, 13)
    );
}

#[test]
fn a_later_preprocessor_error_wins_over_an_earlier_parse_error() {
    // The parser stops at line 1, but the whole file is still preprocessed
    // and its errors are the ones reported.
    assert_eq!(
        error("cbuffer B { float a b; };\n#error late\n"),
        e("#error late", 2, 1)
    );
}

#[test]
fn continued_lines_keep_physical_columns() {
    // `flo\<newline>at4` is one token; the error after it points at the
    // physical text.
    assert_eq!(
        error("cbuffer B { flo\\\nat4 x\\\ny\n  float z; };"),
        e("expected `;` after the declaration of `xy`", 3, 2)
    );
}

// ---- issue #16: constructs real engine files hold ----

/// `type name` per member of each buffer: `Name: [..]`.
fn members_of(p: &Program) -> Vec<(String, Vec<String>)> {
    p.buffers
        .iter()
        .map(|b| {
            (
                b.name.to_string(),
                b.members
                    .iter()
                    .map(|m| format!("{} {}", m.ty, m.name))
                    .collect(),
            )
        })
        .collect()
}

fn owned(name: &str, members: &[&str]) -> (String, Vec<String>) {
    (
        name.to_string(),
        members.iter().map(|m| m.to_string()).collect(),
    )
}

fn warnings_of(p: &Program) -> Vec<String> {
    p.warnings.iter().map(|d| d.message.clone()).collect()
}

#[test]
fn unbounded_and_multidimensional_resource_arrays() {
    let p = parse(
        "Texture2D T[] : register(t0, space1);\n\
         SamplerState S[4][2];\n\
         struct P { float4 a; };\n\
         ConstantBuffer<P> C[] : register(b0, space2);\n\
         ConstantBuffer<P> D[2][3] : register(b0, space3);\n\
         cbuffer X { float x; };",
    );
    assert_eq!(
        members_of(&p),
        [
            owned("C", &["float4 a"]),
            owned("D", &["float4 a"]),
            owned("X", &["float x"])
        ]
    );
    assert_eq!(
        p.buffers[0].array_len,
        Some(crate::UNBOUNDED_RESOURCE_ARRAY)
    );
    assert_eq!(
        p.buffers[0].binding,
        Some(Binding {
            register: Some(0),
            space: 2
        })
    );
    assert_eq!(p.buffers[1].array_len, Some(6));
    // `S` has no register, so it takes the first order ID; X the second.
    assert_eq!(p.implicit_orders[2].dxil, 1);
    assert!(p.warnings.is_empty());
}

#[test]
fn overlapping_register_ranges_warn() {
    let p = parse(
        "Texture2D A[] : register(t4, space1);\n\
         Texture2D B : register(t9, space1);\n\
         Texture2D C : register(t9, space2);\n\
         RWTexture2D<float4> U[2][3] : register(u2);\n\
         RWTexture2D<float4> V : register(u8);\n\
         RWTexture2D<float4> W : register(u7);\n\
         cbuffer X : register(b1) { float x; };\n\
         struct P { float y; };\n\
         ConstantBuffer<P> Y[2] : register(b0);",
    );
    assert_eq!(
        warnings_of(&p),
        [
            "registers t9 of `B` overlap registers t4 onwards (unbounded) of `A` in space1",
            "registers u7 of `W` overlap registers u2..u7 of `U` in space0",
            "registers b0..b1 of `Y` overlap registers b1 of `X` in space0",
        ]
    );
    let w = p.warnings.iter().next().unwrap();
    let l = w.location(&p.sources).unwrap();
    assert_eq!((l.line, l.column), (2, 15));
}

#[test]
fn constants_follow_hlsl_integer_semantics() {
    let p = parse(
        "#define WRAP (0xFFFFFFFFu + 3u)\n\
         #define SHIFT ((1u << 31) >> 29)\n\
         static const int Neg = -16;\n\
         static const uint Big = Neg;\n\
         struct Params { static const uint Count = 4; float w[Params::Count]; };\n\
         struct Plane { float3 n; float d; };\n\
         enum class Mode : uint { A = 1, B = A << 2 };\n\
         static const float k[] = { 1, 2, 3 };\n\
         cbuffer X {\n\
           float a[WRAP];\n\
           float b[SHIFT];\n\
           float c[Params::Count + sizeof(Plane) / 4];\n\
           float d[(uint)Mode::B];\n\
           float e[Big > 100 ? 2 : 1];\n\
           float f[Neg < 0u ? 1 : 3];\n\
           Params p;\n\
         };\n\
         float g[] = { 1, 2, 3, };",
    );
    assert_eq!(
        members_of(&p),
        [
            owned(
                "X",
                &[
                    "float[2] a",
                    "float[4] b",
                    "float[8] c",
                    "float[4] d",
                    "float[2] e",
                    "float[3] f",
                    "Params p",
                ]
            ),
            owned("$Globals", &["float[3] g"]),
        ]
    );
    // The static member takes no bytes in the struct.
    let Ty::Struct(params) = &p.buffers[0].members[6].ty else {
        panic!("a struct");
    };
    let stored: Vec<&str> = params
        .fields
        .iter()
        .filter(|f| f.storage == Storage::Buffer)
        .map(|f| &*f.name)
        .collect();
    assert_eq!(stored, ["w"]);
}

#[test]
fn out_of_line_definitions_are_not_declarations() {
    let p = parse(
        "struct S {\n\
           float a;\n\
           static const uint N;\n\
           float f();\n\
           S operator+(S o);\n\
         };\n\
         const uint S::N = 3;\n\
         float S::f() { return this.a; }\n\
         S S::operator+(S o) { S r; r.a = a + o.a; return r; }\n\
         template <typename T> struct Box { T v; T get(); };\n\
         template <typename T> T Box<T>::get() { return v; }\n\
         bool operator==(S x, S y) { return x.a == y.a; }\n\
         cbuffer X { float v[S::N]; S s; };",
    );
    assert_eq!(members_of(&p), [owned("X", &["float[3] v", "S s"])]);
    assert!(p.warnings.is_empty(), "{:?}", warnings_of(&p));
}

#[test]
fn struct_templates_are_instantiated_for_layout() {
    let p = parse(
        "template <typename T> struct Pair { T a; T b; };\n\
         template <typename T, uint N = 2> struct Ring { T items[N]; uint head; };\n\
         template <typename T> T twice(T x) { return x + x; }\n\
         cbuffer X { Pair<float3> p; Ring<float> r; Ring<int2, 3> q; Pair<Pair<float> > pp; };",
    );
    assert_eq!(
        members_of(&p),
        [owned(
            "X",
            &[
                "Pair<float3> p",
                "Ring<float, 2> r",
                "Ring<int2, 3> q",
                "Pair<Pair<float>> pp"
            ]
        )]
    );
    let Ty::Struct(ring) = &p.buffers[0].members[2].ty else {
        panic!("a struct");
    };
    let fields: Vec<String> = ring
        .fields
        .iter()
        .map(|f| format!("{} {}", f.ty, f.name))
        .collect();
    assert_eq!(fields, ["int2[3] items", "uint head"]);
    assert_eq!(
        error("template <typename T> struct Pair { T a; };\ncbuffer X { Pair p; };"),
        e("struct template `Pair` needs template arguments", 2, 13)
    );
}

#[test]
fn elaborated_template_use_names_the_specialisation() {
    // `struct T<args> name;` is a use of `T<args>`, in a buffer and in
    // `$Globals`.
    let p = parse(
        "template <typename T> struct Pair { T a; T b; };\n\
         cbuffer C { struct Pair<float3> p; float x; };\n\
         struct Pair<float2> g;",
    );
    let names: Vec<Vec<String>> = p
        .buffers
        .iter()
        .map(|b| {
            b.members
                .iter()
                .map(|m| format!("{} {}", m.ty, m.name))
                .collect()
        })
        .collect();
    assert_eq!(
        names,
        [vec!["Pair<float3> p", "float x"], vec!["Pair<float2> g"]]
    );
}

#[test]
fn partial_specialisations_and_unread_enum_values() {
    // A partial specialisation leaves the primary template in place; an
    // enumerator written as template code is read past, and only a use of
    // it (or of one counting on from it) fails.
    let p = parse(
        "template <typename T, uint N> struct L { T v[N]; };\n\
         template <typename T> struct L<T, 1> { T v; };\n\
         enum E { A = L<float, 2>::value, B, C = 2 };\n\
         cbuffer X { L<float, 2> l; float c[C]; };",
    );
    let members: Vec<String> = p.buffers[0]
        .members
        .iter()
        .map(|m| format!("{} {}", m.ty, m.name))
        .collect();
    assert_eq!(members, ["L<float, 2> l", "float[2] c"]);
    assert_eq!(
        error("enum E { A = F<1>::v, B };\ncbuffer X { float b[B]; };"),
        e("`B` is not an integer constant", 2, 21)
    );
}

#[test]
fn bitfields_pack_into_storage_units() {
    let p = parse(
        "struct B {\n\
           uint a : 4; uint b : 1; int c : 27;\n\
           uint d : 16; uint : 8; uint : 0;\n\
           uint e : 10;\n\
           float f;\n\
           uint : 3; uint g : 2;\n\
         };\n\
         cbuffer X { B b; };",
    );
    let Ty::Struct(s) = &p.buffers[0].members[0].ty else {
        panic!("a struct");
    };
    let fields: Vec<String> = s
        .fields
        .iter()
        .map(|f| format!("{} {}", f.ty, f.name))
        .collect();
    // int and uint share a unit, which becomes unsigned; an unnamed
    // bitfield starting a unit takes the next named one's name.
    assert_eq!(fields, ["uint a", "uint d", "uint e", "float f", "uint g"]);
    assert_eq!(
        error("cbuffer X { uint a : 4; };"),
        e("bitfield `a` directly in cbuffer `X`", 1, 22)
    );
    assert_eq!(
        error("struct B { uint a : 33; };\ncbuffer X { B b; };"),
        e(
            "size of bit-field 'a' (33 bits) exceeds size of its type (32 bits)",
            1,
            17
        )
    );
}

#[test]
fn zero_width_bitfields_after_no_bitfield_are_kept_for_clang22() {
    // `: 0` that follows no bitfield takes no bytes (the struct's fields
    // are the stored ones), but clang-22 keeps it as an `i32` member: it
    // rides on the next field's (or, at the end, the previous field's)
    // bitfield list, in declaration order.
    let p = parse(
        "struct A { float x; uint : 0; float y; };\n\
         struct B { uint : 0; uint a : 4; float z; };\n\
         struct C { float w; uint : 0; };\n\
         cbuffer X { A a; B b; C c; };",
    );
    let decls = |i: usize| -> Vec<Vec<String>> {
        let Ty::Struct(s) = &p.buffers[0].members[i].ty else {
            panic!("a struct");
        };
        s.fields
            .iter()
            .map(|f| match &f.bitfields {
                Some(list) => list
                    .iter()
                    .map(|d| format!("{} {}", d.ty, d.name))
                    .collect(),
                None => vec![format!("{} {} (plain)", f.ty, f.name)],
            })
            .collect()
    };
    assert_eq!(
        decls(0),
        [
            vec!["float x (plain)".to_owned()],
            vec!["uint ".into(), "float y".into()]
        ]
    );
    assert_eq!(
        decls(1),
        [
            vec!["uint ".to_owned(), "uint a".into()],
            vec!["float z (plain)".into()]
        ]
    );
    assert_eq!(decls(2), [vec!["float w".to_owned(), "uint ".into()]]);
}

#[test]
fn enum_underlying_types_give_member_sizes() {
    let opts = FrontendOptions {
        native_16bit: true,
        ..FrontendOptions::default()
    };
    let p = parse_with(
        "enum class Small : uint16_t { A, B };\nenum Plain { X = 2 };\n\
         cbuffer C { Small s; Plain p; };",
        &opts,
    );
    assert_eq!(members_of(&p), [owned("C", &["uint16_t s", "int p"])]);
}

#[test]
fn raytracing_types_and_subobjects() {
    let p = parse(
        "RaytracingAccelerationStructure Scene : register(t0);\n\
         struct [raypayload] Payload { float4 c : read(caller) : write(closesthit, miss); };\n\
         GlobalRootSignature grs = { \"CBV(b0)\" };\n\
         LocalRootSignature lrs = { \"RootConstants(num32BitConstants=1, b1)\" };\n\
         SubobjectToExportsAssociation a = { \"lrs\", \"Hit\" };\n\
         RaytracingShaderConfig sc = { 16, 8 };\n\
         RaytracingPipelineConfig1 pc = { 1, RAYTRACING_PIPELINE_FLAG_NONE };\n\
         TriangleHitGroup Hit = { \"\", \"CH\" };\n\
         RayQuery<RAY_FLAG_CULL_NON_OPAQUE | RAY_FLAG_FORCE_OPAQUE> q;\n\
         cbuffer X { RayDesc r; float t; };\n\
         [shader(\"closesthit\")] void CH(inout Payload p, BuiltInTriangleIntersectionAttributes a) {}",
    );
    assert_eq!(members_of(&p), [owned("X", &["RayDesc r", "float t"])]);
    let Ty::Struct(ray) = &p.buffers[0].members[0].ty else {
        panic!("a struct");
    };
    let fields: Vec<String> = ray
        .fields
        .iter()
        .map(|f| format!("{} {}", f.ty, f.name))
        .collect();
    assert_eq!(
        fields,
        [
            "float3 Origin",
            "float TMin",
            "float3 Direction",
            "float TMax"
        ]
    );
    assert!(p.warnings.is_empty(), "{:?}", warnings_of(&p));
}

#[test]
fn buffers_and_namespaces_nested_in_buffers() {
    let p = parse(
        "cbuffer A : register(b0) {\n\
           float a;\n\
           cbuffer B : register(b1) { float b; };\n\
           namespace N { float c; }\n\
           float d;\n\
         };\n\
         float e;",
    );
    assert_eq!(
        members_of(&p),
        [
            owned("A", &["float a", "float c", "float d"]),
            owned("B", &["float b"]),
            owned("$Globals", &["float e"]),
        ]
    );
    // Names inside the namespace share the enclosing scope.
    assert_eq!(
        error("cbuffer A { namespace N { float c; } };\nfloat c;"),
        e("duplicate global variable `c`", 2, 7)
    );
}

#[test]
fn unknown_syntax_is_skipped_outside_buffers_only() {
    let p = parse(
        "foo bar baz { hmm };\n\
         @@ weird;\n\
         namespace N { what is this; cbuffer In { float i; }; }\n\
         float x float y;\n\
         cbuffer X { float v; };",
    );
    assert_eq!(
        members_of(&p),
        [owned("In", &["float i"]), owned("X", &["float v"])]
    );
    assert_eq!(
        warning("foo bar baz { hmm };\ncbuffer X { float v; };"),
        skipped("expected `;` after the declaration of `bar`", 1, 8)
    );
    assert_eq!(p.warnings.len(), 4);
    // Inside a buffer, the same is an error at its exact location.
    assert_eq!(
        error("cbuffer X {\n  float v;\n  foo! bar;\n};"),
        e("expected a name in the declaration, found `!`", 3, 6)
    );
    // A missing `;` never swallows the buffer after it.
    let p = parse("float g = 1\ncbuffer X { float v; };");
    assert_eq!(members_of(&p), [owned("X", &["float v"])]);
}

#[test]
fn pragma_operator_and_stage_attributes() {
    let p = parse(
        "_Pragma(\"pack_matrix(row_major)\")\n\
         [outputtopology(\"triangle\")] [numthreads(32, 1, 1)]\n\
         void MS(out vertices float4 v[64] : SV_Position, out indices uint3 t[8], in payload float4 pl) {}\n\
         [Shader(\"node\")] [NodeLaunch(\"broadcasting\")] [NodeMaxDispatchGrid(4, 1, 1)] [NumThreads(8, 1, 1)]\n\
         void Node(DispatchNodeInputRecord<float4> r, [MaxRecords(4)] NodeOutput<float4> o) {}\n\
         groupshared float gs[64];\n\
         [[vk::push_constant]] struct PC { float4 a; } pc;\n\
         cbuffer X { float4x4 m; };",
    );
    assert_eq!(
        members_of(&p),
        [
            owned("X", &["row_major float4x4 m"]),
            owned("$Globals", &["PC pc"])
        ]
    );
    assert!(p.warnings.is_empty(), "{:?}", warnings_of(&p));
}

#[test]
fn nested_namespace_definitions_and_using_aliases() {
    let p = parse(
        "namespace Engine::Render { struct Light { float3 c; float r; }; }\n\
         using LightT = Engine::Render::Light;\n\
         using namespace Engine;\n\
         using Row = row_major float3x4;\n\
         namespace Engine::Render { cbuffer Lights { LightT l[2]; Row m; }; }",
    );
    assert_eq!(
        members_of(&p),
        [owned(
            "Lights",
            &["Engine::Render::Light[2] l", "row_major float3x4 m"]
        )]
    );
    assert_eq!(p.buffers[0].namespace.as_deref(), Some("Engine::Render"));
    // `using namespace` makes a namespace's names visible for the rest of
    // the file.
    let p = parse(
        "namespace Engine { namespace Render { struct Light { float3 c; }; static const uint N = 2; } }\n\
         using namespace Engine::Render;\n\
         cbuffer Lights { Light l[N]; };",
    );
    assert_eq!(
        members_of(&p),
        [owned("Lights", &["Engine::Render::Light[2] l"])]
    );
}

#[test]
fn effect_annotations_are_skipped() {
    let p = parse(
        "cbuffer Material {\n\
           float Gloss <string UIWidget = \"slider\"; float UIMax = 1.0;> = 0.5;\n\
           float4 Tint : packoffset(c1) <string UIName = \"Tint\";>;\n\
         };\n\
         float4 Color <string UIName = \"Color\";> = { 1, 1, 1, 1 };",
    );
    assert_eq!(
        members_of(&p),
        [
            owned("Material", &["float Gloss", "float4 Tint"]),
            owned("$Globals", &["float4 Color"])
        ]
    );
}

/// A buffer's consumed tokens are released between its members; a construct
/// skipped after it (rewound to its own start) and one inside an enclosing
/// namespace (which may rewind across the buffer) still read right.
#[test]
fn skipping_after_and_around_a_long_buffer() {
    let members: String = (0..2000).map(|i| format!("  float m{i};\n")).collect();
    let top =
        format!("cbuffer A {{\n{members}}};\nfloat g = 1.0\nfloat h;\ncbuffer B {{ float b; }}");
    let nested = format!(
        "namespace N {{\ncbuffer A {{\n{members}}};\nfloat g = 1.0\nfloat h;\n}}\ncbuffer B {{ float b; }}"
    );
    for (src, line) in [(top, 2003), (nested, 2004)] {
        assert_eq!(
            warning(&src),
            skipped("expected `;` after the initializer", line, 14)
        );
        let p = parse(&src);
        let names: Vec<(&str, usize)> = p
            .buffers
            .iter()
            .map(|b| (&*b.name, b.members.len()))
            .collect();
        assert_eq!(names, [("A", 2000), ("B", 1)]);
        assert_eq!(&*p.buffers[0].members[1999].name, "m1999");
    }
    // The namespace never closes: rewinding to its start (to skip it) needs
    // the buffer's tokens, so they were kept; the error stays an error.
    let unclosed = format!("namespace N {{\ncbuffer A {{\n{members}}};\nfloat g;\n");
    assert_eq!(
        error(&unclosed),
        e("unterminated namespace: missing `}`", 1, 13)
    );
}

/// The shortcut for `type name;` gives exactly the general path's items, on
/// every shape near it: each line below either takes the shortcut or must
/// be left to the general path, and a `#pragma pack_matrix` between tokens
/// turns the shortcut off.
#[test]
fn plain_declaration_shortcut_matches_the_general_path() {
    let src = "\
struct Light { float3 position; float range; };
namespace NS { struct T { int x; }; }
typedef float4 colour;
float g_global;
cbuffer CB {
  float a;
  float4 b;
  Light c;
  colour d;
  row_major float4x4 e;
  float4x4 row_major f2;
  float e2[3];
  float e3[2][0x10u];
  float e4[2 + 1];
  float f : packoffset(c9);
  float g, h;
  const float i;
  unsigned int j;
  struct Light k;
  NS::T l;
  vector<float, 2> m;
  Texture2D t;
  float4 s : SV_Target;
  float n = 1.0;
  uint flags;
};
#pragma pack_matrix(row_major)
cbuffer CB2 { float3x3 o; float p;
#pragma pack_matrix(column_major)
  float3x3 q; };
struct S { float r; int u; };
";
    // Three-token shapes the shortcut must leave alone (a modifier or a
    // keyword where it expects a type), read only by the parser here.
    let near = "uniform w0;\nunsigned w1;\nsigned w2;\nstruct w3;\nclass w4;\nfloat static;\n";
    for text in [src, near] {
        let mut sm = crate::SourceMap::new();
        let main = sm.add("t.hlsl", None, text.to_string());
        let opts = FrontendOptions::default();
        let tokens = crate::with_big_stack(|| crate::pp::preprocess(main, &mut sm, &opts))
            .expect("preprocesses")
            .tokens;
        let end = crate::Span::new(main, text.len() as u32, text.len() as u32);
        let shortcut = super::parse_tokens(tokens.clone(), end, true);
        let general = super::parse_tokens(tokens, end, false);
        pretty_assertions::assert_eq!(shortcut, general);
    }
    // And the whole pipeline reads the buffers as before.
    let p = parse(src);
    let cb = p.buffers.iter().find(|b| &*b.name == "CB").expect("CB");
    let cb: Vec<&str> = cb.members.iter().map(|m| &*m.name).collect();
    assert_eq!(
        cb,
        [
            "a", "b", "c", "d", "e", "f2", "e2", "e3", "e4", "f", "g", "h", "i", "j", "k", "l",
            "m", "t", "s", "n", "flags"
        ]
    );
}
