//! Built-in HLSL type names: scalar spellings with their vector and matrix
//! suffixes, and resource types.

use cblower_layout::Scalar;

/// Every scalar spelling and what it means. The 32-bit `_t` spellings and
/// `dword` are aliases.
pub const SCALAR_SPELLINGS: &[(&str, Scalar)] = &[
    ("bool", Scalar::Bool),
    ("int", Scalar::Int),
    ("uint", Scalar::Uint),
    ("dword", Scalar::Uint),
    ("float", Scalar::Float),
    ("double", Scalar::Double),
    ("half", Scalar::Half),
    ("min16float", Scalar::Min16Float),
    ("min10float", Scalar::Min10Float),
    ("min16int", Scalar::Min16Int),
    ("min12int", Scalar::Min12Int),
    ("min16uint", Scalar::Min16Uint),
    ("float16_t", Scalar::Float16),
    ("int16_t", Scalar::Int16),
    ("uint16_t", Scalar::Uint16),
    ("int64_t", Scalar::Int64),
    ("uint64_t", Scalar::Uint64),
    ("float64_t", Scalar::Double),
    ("float32_t", Scalar::Float),
    ("int32_t", Scalar::Int),
    ("uint32_t", Scalar::Uint),
];

/// The shape a built-in numeric type name spells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A single value (`float`, `uint`).
    Scalar,
    /// A vector of 1 to 4 components (`float3` → `Vector(3)`).
    Vector(u8),
    /// A matrix of rows × columns as written (`float3x4` → `Matrix(3, 4)`),
    /// before any row- or column-major order is applied.
    Matrix(u8, u8),
}

/// `float4` → (Float, Vector(4)); `half2x3` → (Half, Matrix(2, 3)).
///
/// Every scalar spelling ends in a letter, so the shape suffix (`4`, `2x3`)
/// is split off the end first and the rest must be a whole spelling.
pub fn numeric(name: &str) -> Option<(Scalar, Shape)> {
    let b = name.as_bytes();
    let (base_len, shape) = match b {
        [.., r, b'x', c] if dim(*r).is_some() && dim(*c).is_some() => {
            (b.len() - 3, Shape::Matrix(dim(*r)?, dim(*c)?))
        }
        [.., n] if dim(*n).is_some() => (b.len() - 1, Shape::Vector(dim(*n)?)),
        _ => (b.len(), Shape::Scalar),
    };
    let base = name.get(..base_len)?;
    let (_, scalar) = SCALAR_SPELLINGS.iter().find(|(s, _)| *s == base)?;
    Some((*scalar, shape))
}

fn dim(c: u8) -> Option<u8> {
    matches!(c, b'1'..=b'4').then(|| c - b'0')
}

/// Resource, sampler and other opaque object types. They take no bytes in a
/// constant buffer.
pub const RESOURCE_TYPES: &[&str] = &[
    "Texture1D",
    "Texture1DArray",
    "Texture2D",
    "Texture2DArray",
    "Texture2DMS",
    "Texture2DMSArray",
    "Texture3D",
    "TextureCube",
    "TextureCubeArray",
    "RWTexture1D",
    "RWTexture1DArray",
    "RWTexture2D",
    "RWTexture2DArray",
    "RWTexture2DMS",
    "RWTexture2DMSArray",
    "RWTexture3D",
    "Buffer",
    "RWBuffer",
    "StructuredBuffer",
    "RWStructuredBuffer",
    "AppendStructuredBuffer",
    "ConsumeStructuredBuffer",
    "ByteAddressBuffer",
    "RWByteAddressBuffer",
    "RasterizerOrderedBuffer",
    "RasterizerOrderedByteAddressBuffer",
    "RasterizerOrderedStructuredBuffer",
    "RasterizerOrderedTexture1D",
    "RasterizerOrderedTexture1DArray",
    "RasterizerOrderedTexture2D",
    "RasterizerOrderedTexture2DArray",
    "RasterizerOrderedTexture3D",
    "FeedbackTexture2D",
    "FeedbackTexture2DArray",
    "TextureBuffer",
    "ConstantBuffer",
    "SamplerState",
    "SamplerComparisonState",
    "sampler",
    "sampler1D",
    "sampler2D",
    "sampler3D",
    "samplerCUBE",
    "sampler_state",
    "texture",
    "texture1D",
    "texture2D",
    "texture3D",
    "textureCUBE",
    "RaytracingAccelerationStructure",
    "SubpassInput",
    "SubpassInputMS",
];

/// Objects that hold no buffer data and take no register: DXR state-object
/// subobjects, inline ray queries, strings, work-graph node records and
/// mesh-shader outputs. Declarations of them are skipped.
pub const OBJECT_TYPES: &[&str] = &[
    "GlobalRootSignature",
    "LocalRootSignature",
    "StateObjectConfig",
    "SubobjectToExportsAssociation",
    "RaytracingShaderConfig",
    "RaytracingPipelineConfig",
    "RaytracingPipelineConfig1",
    "TriangleHitGroup",
    "ProceduralPrimitiveHitGroup",
    "RayQuery",
    "HitObject",
    "string",
    "DispatchNodeInputRecord",
    "RWDispatchNodeInputRecord",
    "GroupNodeInputRecords",
    "RWGroupNodeInputRecords",
    "ThreadNodeInputRecord",
    "RWThreadNodeInputRecord",
    "EmptyNodeInput",
    "NodeOutput",
    "NodeOutputArray",
    "EmptyNodeOutput",
    "EmptyNodeOutputArray",
    "GroupNodeOutputRecords",
    "ThreadNodeOutputRecords",
    "OutputPatch",
    "InputPatch",
    "PointStream",
    "LineStream",
    "TriangleStream",
];

/// Whether `name` is one of [`OBJECT_TYPES`]: a type whose declarations hold
/// no buffer data and take no register, so the front end skips them.
pub fn is_object(name: &str) -> bool {
    OBJECT_TYPES.contains(&name)
}

/// Whether `name` is one of [`RESOURCE_TYPES`] (textures, buffers, samplers,
/// ...): a global of such a type takes a register binding of its own and no
/// bytes in `$Globals`.
pub fn is_resource(name: &str) -> bool {
    RESOURCE_TYPES.contains(&name)
}

/// Every built-in type name a user may have meant, for "did you mean".
pub fn all_type_names() -> Vec<String> {
    let mut names = Vec::new();
    for (s, _) in SCALAR_SPELLINGS {
        names.push((*s).to_string());
        for n in 1..=4 {
            names.push(format!("{s}{n}"));
            for m in 1..=4 {
                names.push(format!("{s}{n}x{m}"));
            }
        }
    }
    names.extend(["vector", "matrix"].map(String::from));
    names.extend(RESOURCE_TYPES.iter().map(|s| s.to_string()));
    names
}

/// Levenshtein distance, for suggesting the closest known name.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev.get(j).copied().unwrap_or(0) + usize::from(ca != *cb);
            let del = prev.get(j + 1).copied().unwrap_or(0) + 1;
            let ins = cur.get(j).copied().unwrap_or(0) + 1;
            cur.push(sub.min(del).min(ins));
        }
        prev = cur;
    }
    prev.last().copied().unwrap_or(0)
}

/// The candidate closest to `name`, if it is close enough to be a typo.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = name.chars().count().div_ceil(3).max(1);
    candidates
        .into_iter()
        .map(|c| (edit_distance(&name.to_lowercase(), &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, c)| (*d, c.len()))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_scalar_vector_and_matrix_spellings() {
        assert_eq!(numeric("float"), Some((Scalar::Float, Shape::Scalar)));
        assert_eq!(
            numeric("min16float3"),
            Some((Scalar::Min16Float, Shape::Vector(3)))
        );
        assert_eq!(
            numeric("uint16_t2"),
            Some((Scalar::Uint16, Shape::Vector(2)))
        );
        assert_eq!(
            numeric("half2x3"),
            Some((Scalar::Half, Shape::Matrix(2, 3)))
        );
        assert_eq!(numeric("dword"), Some((Scalar::Uint, Shape::Scalar)));
        assert_eq!(
            numeric("float64_t4"),
            Some((Scalar::Double, Shape::Vector(4)))
        );
        assert_eq!(numeric("float5"), None);
        assert_eq!(numeric("float4x0"), None);
        assert_eq!(numeric("floaty"), None);
    }

    #[test]
    fn suggests_the_closest_name() {
        let names = all_type_names();
        assert_eq!(
            closest("flaot4", names.iter().map(String::as_str)),
            Some("float4")
        );
        assert_eq!(
            closest("Texture2d", names.iter().map(String::as_str)),
            Some("Texture2D")
        );
        assert_eq!(closest("zzzzzzzz", names.iter().map(String::as_str)), None);
    }
}
