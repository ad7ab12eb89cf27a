//! Per-target constants: triples, data layouts and the names of the target
//! types Clang 22 uses for cbuffer padding and handles.

/// The two code generation targets Clang's HLSL support has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// DirectX (DXIL).
    Dxil,
    /// Vulkan (SPIR-V).
    SpirV,
}

impl Target {
    /// The data layout string clang-22 puts on HLSL modules for this target.
    pub const fn data_layout(self) -> &'static str {
        match self {
            Target::Dxil => "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64",
            Target::SpirV => "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10",
        }
    }

    /// The target triple clang-22 uses for a shader-model 6.3 library.
    pub const fn library_triple(self) -> &'static str {
        match self {
            Target::Dxil => "dxilv1.3-pc-shadermodel6.3-library",
            Target::SpirV => "spirv-unknown-vulkan1.3-library",
        }
    }

    /// Address space of cbuffer member globals (`hlsl_constant`).
    pub const fn constant_address_space(self) -> u32 {
        match self {
            Target::Dxil => 2,
            Target::SpirV => 12,
        }
    }

    /// Name of the padding target extension type (one integer parameter: bytes).
    pub const fn padding_type_name(self) -> &'static str {
        match self {
            Target::Dxil => "dx.Padding",
            Target::SpirV => "spirv.Padding",
        }
    }
}
