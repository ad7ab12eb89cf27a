//! Parses the engine-style shaders in `tests/corpus/` (and the bundled
//! `examples/scene.hlsl`) and checks the buffers they declare.

use std::path::{Path, PathBuf};

use cblower_hlsl::{parse_file, FrontendOptions, Program, VkBinding};
use cblower_layout::{Binding, BufferKind, Placement};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

fn options() -> FrontendOptions {
    FrontendOptions {
        include_dirs: vec![corpus_dir().join("include")],
        defines: vec![
            ("FEATURE_SKINNING".into(), None),
            ("FEATURE_MORPH".into(), Some("1".into())),
        ],
        ..FrontendOptions::default()
    }
}

fn parse(path: &Path) -> Program {
    match parse_file(path, &options()) {
        Ok(p) => p,
        Err(e) => panic!("{} failed:\n{}", path.display(), e.render(false)),
    }
}

/// (name, kind, binding, [(member, type)]) per buffer.
type Summary = Vec<(String, BufferKind, Option<Binding>, Vec<(String, String)>)>;

fn summary(p: &Program) -> Summary {
    p.buffers
        .iter()
        .map(|b| {
            let members = b
                .members
                .iter()
                .map(|m| (m.name.to_string(), m.ty.to_string()))
                .collect();
            (b.name.to_string(), b.kind, b.binding, members)
        })
        .collect()
}

fn members(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect()
}

fn binding(register: Option<u32>, space: u32) -> Option<Binding> {
    Some(Binding { register, space })
}

#[test]
fn forward_pass() {
    let p = parse(&corpus_dir().join("forward.hlsl"));
    assert_eq!(
        summary(&p),
        vec![
            (
                "PerFrame".into(),
                BufferKind::CBuffer,
                binding(Some(0), 1),
                members(&[
                    ("ViewProj", "float4x4"),
                    ("EyePos", "float3"),
                    ("Time", "float"),
                    ("Lights", "Light[8]"),
                    ("LightCount", "uint"),
                ])
            ),
            (
                "PerObject".into(),
                BufferKind::CBuffer,
                binding(Some(1), 1),
                members(&[("World", "float4x4"), ("Bones", "float3x4[32]")])
            ),
            (
                "PerMaterial".into(),
                BufferKind::CBuffer,
                binding(Some(2), 1),
                members(&[
                    ("Albedo", "float4"),
                    ("Roughness", "float"),
                    ("Metalness", "float")
                ])
            ),
        ]
    );
    // The member declared through FLOAT_PARAM points at its name in forward.hlsl.
    let loc = p.sources.location(p.spans[2].members[1]);
    assert!(loc.file.ends_with("forward.hlsl"));
    assert_eq!((loc.line, loc.column), (28, 17));
}

#[test]
fn post_effects() {
    let p = parse(&corpus_dir().join("postfx.hlsl"));
    assert_eq!(
        summary(&p),
        vec![
            (
                "Tonemap".into(),
                BufferKind::ConstantBuffer,
                binding(Some(4), 0),
                members(&[
                    ("ColorMatrix", "row_major float4x4"),
                    ("Exposure", "float"),
                    ("InvResolution", "float2"),
                ])
            ),
            (
                "$Globals".into(),
                BufferKind::Globals,
                None,
                members(&[
                    ("ColorGrade", "float3x3"),
                    ("Dither", "float2x2"),
                    ("Reproject", "row_major float4x4"),
                ])
            ),
        ]
    );
    assert_eq!(p.buffers[0].element_type.as_deref(), Some("TonemapParams"));
    assert_eq!(
        p.buffers[1].members[2].placement,
        Some(Placement::ConstantRegister(8))
    );
}

#[test]
fn terrain() {
    let p = parse(&corpus_dir().join("terrain.hlsl"));
    assert_eq!(
        summary(&p),
        vec![
            (
                "TerrainParams".into(),
                BufferKind::CBuffer,
                binding(Some(5), 0),
                members(&[
                    ("Patches", "Terrain::Patch[16]"),
                    ("Splat", "float4[3]"),
                    ("HeightScale", "float"),
                ])
            ),
            (
                "HeightTiles".into(),
                BufferKind::TBuffer,
                binding(Some(3), 2),
                members(&[("TileRects", "float4[64]")])
            ),
            (
                "Wind".into(),
                BufferKind::CBuffer,
                None,
                members(&[("WindDirection", "float3"), ("WindStrength", "float")])
            ),
        ]
    );
    assert_eq!(p.buffers[0].namespace.as_deref(), Some("Terrain"));
    assert_eq!(p.vk_bindings[2], Some(VkBinding { binding: 7, set: 3 }));
    assert_eq!(
        p.buffers[2].members[1].placement,
        Some(Placement::VkOffset(12))
    );
    // `#line 100 "terrain_generated.hlsl"` renames the lines after it.
    let loc = p.sources.location(p.spans[0].name);
    assert_eq!(
        (loc.file.as_str(), loc.line, loc.column),
        ("terrain_generated.hlsl", 100, 13)
    );
}

#[test]
fn bundled_scene_example() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/scene.hlsl");
    let p = parse_file(&path, &FrontendOptions::default()).unwrap();
    let names: Vec<(&str, BufferKind, usize)> = p
        .buffers
        .iter()
        .map(|b| (&*b.name, b.kind, b.members.len()))
        .collect();
    assert_eq!(
        names,
        [
            ("FrameConstants", BufferKind::CBuffer, 6),
            ("ObjectConstants", BufferKind::CBuffer, 5),
            ("MaterialConstants", BufferKind::CBuffer, 5),
            ("Post", BufferKind::ConstantBuffer, 3),
            ("$Globals", BufferKind::Globals, 2),
        ]
    );
    let object: Vec<String> = p.buffers[1]
        .members
        .iter()
        .map(|m| m.ty.to_string())
        .collect();
    assert_eq!(
        object,
        [
            "float4x4",
            "float3x4[64]",
            "PointLight[4]",
            "uint[8]",
            "int"
        ]
    );
}

#[test]
fn missing_define_changes_the_layout() {
    let mut opts = options();
    opts.defines.clear();
    let p = parse_file(&corpus_dir().join("forward.hlsl"), &opts).unwrap();
    let object: Vec<&str> = p.buffers[1].members.iter().map(|m| &*m.name).collect();
    assert_eq!(object, ["World"]);
}
