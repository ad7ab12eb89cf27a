//! Rule sets: the value a caller picks per buffer to say which packing rules apply.

use crate::ty::TypeOptions;

/// Which target's data layout clang-22 used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Clang22Target {
    /// The DXIL target (`dxil-pc-shadermodel6.x-...`) and its data layout.
    Dxil,
    /// The SPIR-V target (`spirv-unknown-vulkan...`), whose data layout
    /// aligns 3-component vectors like 4-component ones and gives them the
    /// alloc size of four components.
    SpirV,
}

/// Where a WGSL buffer lives; `uniform` adds the stricter uniform-buffer checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum WgslAddressSpace {
    /// `var<storage>`: the host-shareable rules only.
    Storage,
    /// `var<uniform>`: also structs, arrays and strides on 16-byte
    /// multiples ([`LayoutError::Wgsl`](crate::LayoutError::Wgsl) otherwise).
    Uniform,
}

/// A set of buffer packing rules: the one choice that decides where every
/// member goes. `docs/layout-rules.md` and `docs/layout-rules-aligned.md`
/// give every rule of every set.
///
/// The same members under three rule sets (`float a; float2 b;`): DXC packs
/// `b` right after `a`, clang 22 aligns the `<2 x float>` to 8, and std430
/// aligns a 2-component vector to twice its component.
///
/// ```
/// use cblower_layout::{layout_buffer, BufferDecl, BufferKind, Clang22Target, Field};
/// use cblower_layout::{LayoutOptions, RuleSet, Scalar, Ty};
///
/// let decl = BufferDecl::new("CB", BufferKind::CBuffer, vec![
///     Field::new("a", Ty::scalar(Scalar::Float)),
///     Field::new("b", Ty::vector(Scalar::Float, 2)),
/// ]);
/// let offset_of_b = |rules| {
///     let layout = layout_buffer(&decl, LayoutOptions::new(rules)).unwrap();
///     (layout.member(1).unwrap().offset().get(), layout.size().get())
/// };
/// assert_eq!(offset_of_b(RuleSet::CBuffer), (4, 12));
/// assert_eq!(offset_of_b(RuleSet::Clang22(Clang22Target::Dxil)), (8, 16));
/// // std430 also rounds the block's size up to its alignment (8).
/// assert_eq!(offset_of_b(RuleSet::Std430), (8, 16));
///
/// assert_eq!(RuleSet::default(), RuleSet::CBuffer);
/// assert_eq!(RuleSet::Clang22(Clang22Target::SpirV).name(), "clang-22");
/// assert!(RuleSet::Clang22(Clang22Target::Dxil).is_cbuffer_like());
/// assert!(!RuleSet::Std140.is_cbuffer_like());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum RuleSet {
    /// D3D10+ constant buffers as DXC lays them out (16-byte rows). The default.
    #[default]
    CBuffer,
    /// DXC's FXC-compatible layout of constant and texture buffers on
    /// SPIR-V (`-fvk-use-dx-layout`, DXC's `FxcCTBuffer`): the 16-byte rows
    /// of [`RuleSet::CBuffer`], with the differences of DXC's SPIR-V back
    /// end: `packoffset` members placed in declaration order (never sorted;
    /// one before the previous member's end is an error) without the D3D
    /// checks, no min-precision row rule and min-precision types aligned
    /// to their size everywhere, and 64-bit matrices stored as several 3- or
    /// 4-component vectors refused
    /// ([`LayoutError::FxcOverlappingMatrix`](crate::LayoutError::FxcOverlappingMatrix)).
    FxcCBuffer,
    /// StructuredBuffer and C-like structs.
    Structured,
    /// GLSL/Vulkan std140.
    Std140,
    /// GLSL/Vulkan std430.
    Std430,
    /// std140 with `VK_KHR_relaxed_block_layout`'s vector rule, as DXC
    /// applies it: a vector whose component is at most 4 bytes aligns to its
    /// component unless that makes it straddle a 16-byte boundary
    /// improperly. DXC's default for constant buffers on SPIR-V.
    RelaxedStd140,
    /// std430 with the same relaxed vector rule: DXC's default for
    /// structured buffers, `tbuffer`s and push constants on SPIR-V.
    RelaxedStd430,
    /// Vulkan scalar block layout (VK_EXT_scalar_block_layout).
    Scalar,
    /// The scalar block layout as DXC computes it for
    /// `-fvk-use-scalar-layout`: like [`RuleSet::Scalar`], except that a
    /// struct's size is the end of its last member, not rounded up to the
    /// struct's alignment (so an array of structs has that unrounded stride
    /// and a member after a struct may pack into what would be its tail).
    /// DXC skips SPIR-V's block layout validation under this flag.
    ScalarDxc,
    /// WGSL host-shareable layout, with `@align`/`@size`/`@stride`.
    Wgsl(WgslAddressSpace),
    /// clang-22's own cbuffer algorithm, bug for bug.
    Clang22(Clang22Target),
}

impl RuleSet {
    /// The spelling of `--rules` on the command line and in reports
    /// (`cbuffer`, `wgsl-uniform`, `clang-22`, ...); both clang-22 targets
    /// are `clang-22`.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::CBuffer => "cbuffer",
            RuleSet::FxcCBuffer => "fxc-cbuffer",
            RuleSet::Structured => "structured",
            RuleSet::Std140 => "std140",
            RuleSet::Std430 => "std430",
            RuleSet::RelaxedStd140 => "relaxed-std140",
            RuleSet::RelaxedStd430 => "relaxed-std430",
            RuleSet::Scalar => "scalar",
            RuleSet::ScalarDxc => "scalar-dxc",
            RuleSet::Wgsl(WgslAddressSpace::Storage) => "wgsl-storage",
            RuleSet::Wgsl(WgslAddressSpace::Uniform) => "wgsl-uniform",
            RuleSet::Clang22(_) => "clang-22",
        }
    }

    /// True for the rule sets that model DXC's SPIR-V layouts of constant
    /// and texture buffers (relaxed and strict std140/std430, scalar, the
    /// FXC-compatible one): they
    /// place `packoffset` and `register(c#)` members exactly where they say,
    /// `register(c#)` ones first and `packoffset` ones in declaration order,
    /// as DXC's SPIR-V back end does under every `-fvk-use-*` flag.
    pub fn places_packoffset_in_order(self) -> bool {
        matches!(
            self,
            RuleSet::Std140
                | RuleSet::Std430
                | RuleSet::RelaxedStd140
                | RuleSet::RelaxedStd430
                | RuleSet::Scalar
                | RuleSet::ScalarDxc
                | RuleSet::FxcCBuffer
        )
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
    /// Where members go.
    pub rules: RuleSet,
    /// How large the scalar types are.
    pub types: TypeOptions,
}

impl LayoutOptions {
    /// `rules` with the default type options (native 16-bit types off).
    pub fn new(rules: RuleSet) -> LayoutOptions {
        LayoutOptions {
            rules,
            types: TypeOptions::default(),
        }
    }

    /// The same options with native 16-bit types on or off
    /// ([`TypeOptions::native_16bit`]).
    pub fn native_16bit(mut self, on: bool) -> LayoutOptions {
        self.types.native_16bit = on;
        self
    }
}
