//! Rule sets: the value a caller picks per buffer to say which packing rules apply.

use crate::ty::TypeOptions;

/// Which target's data layout clang-22 used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Clang22Target {
    Dxil,
    SpirV,
}

/// Where a WGSL buffer lives; `uniform` adds the stricter uniform-buffer checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum WgslAddressSpace {
    Storage,
    Uniform,
}

/// A set of buffer packing rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum RuleSet {
    /// D3D10+ constant buffers as DXC lays them out (16-byte rows). The default.
    #[default]
    CBuffer,
    /// StructuredBuffer and C-like structs.
    Structured,
    /// GLSL/Vulkan std140.
    Std140,
    /// GLSL/Vulkan std430.
    Std430,
    /// Vulkan scalar block layout (VK_EXT_scalar_block_layout).
    Scalar,
    /// WGSL host-shareable layout, with `@align`/`@size`/`@stride`.
    Wgsl(WgslAddressSpace),
    /// clang-22's own cbuffer algorithm, bug for bug.
    Clang22(Clang22Target),
}

impl RuleSet {
    /// The CLI spelling (`cbuffer`, `clang-22`, ...).
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::CBuffer => "cbuffer",
            RuleSet::Structured => "structured",
            RuleSet::Std140 => "std140",
            RuleSet::Std430 => "std430",
            RuleSet::Scalar => "scalar",
            RuleSet::Wgsl(WgslAddressSpace::Storage) => "wgsl-storage",
            RuleSet::Wgsl(WgslAddressSpace::Uniform) => "wgsl-uniform",
            RuleSet::Clang22(_) => "clang-22",
        }
    }

    /// True for the rule sets that model constant buffers (members filtered the
    /// way Clang filters cbuffer members).
    pub fn is_cbuffer_like(self) -> bool {
        matches!(self, RuleSet::CBuffer | RuleSet::Clang22(_))
    }
}

/// Everything a layout depends on besides the type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LayoutOptions {
    pub rules: RuleSet,
    pub types: TypeOptions,
}

impl LayoutOptions {
    pub fn new(rules: RuleSet) -> LayoutOptions {
        LayoutOptions {
            rules,
            types: TypeOptions::default(),
        }
    }

    pub fn native_16bit(mut self, on: bool) -> LayoutOptions {
        self.types.native_16bit = on;
        self
    }
}
