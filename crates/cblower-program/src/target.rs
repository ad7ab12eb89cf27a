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

    /// The bits of clang-22's `size_t` for this target as its size checks
    /// use them (at most 61): a bitfield width or an array's bytes must fit.
    /// DXIL's is 64-bit, logical SPIR-V's 32-bit.
    pub const fn clang22_size_bits(self) -> u32 {
        match self {
            Target::Dxil => 61,
            Target::SpirV => 32,
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

/// The shader stage of a triple's environment component, as clang-22 names
/// it (`...-compute`). `Library` is a DXIL library or its SPIR-V analogue:
/// no entry point, the global constructor registered in
/// `@llvm.global_ctors`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShaderStage {
    /// `pixel` (`ps_` profiles).
    Pixel,
    /// `vertex` (`vs_`).
    Vertex,
    /// `geometry` (`gs_`).
    Geometry,
    /// `hull` (`hs_`).
    Hull,
    /// `domain` (`ds_`).
    Domain,
    /// `compute` (`cs_`).
    Compute,
    /// `library` (`lib_`).
    Library,
    /// `raygeneration`.
    RayGeneration,
    /// `intersection`.
    Intersection,
    /// `anyhit`.
    AnyHit,
    /// `closesthit`.
    ClosestHit,
    /// `miss`.
    Miss,
    /// `callable`.
    Callable,
    /// `mesh` (`ms_`, shader model 6.5 and later).
    Mesh,
    /// `amplification` (`as_`, shader model 6.5 and later).
    Amplification,
}

impl ShaderStage {
    /// Every stage, in the order the usage messages list them.
    pub const ALL: [ShaderStage; 15] = [
        ShaderStage::Pixel,
        ShaderStage::Vertex,
        ShaderStage::Geometry,
        ShaderStage::Hull,
        ShaderStage::Domain,
        ShaderStage::Compute,
        ShaderStage::Library,
        ShaderStage::RayGeneration,
        ShaderStage::Intersection,
        ShaderStage::AnyHit,
        ShaderStage::ClosestHit,
        ShaderStage::Miss,
        ShaderStage::Callable,
        ShaderStage::Mesh,
        ShaderStage::Amplification,
    ];

    /// The triple's environment name (`compute`, `library`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            ShaderStage::Pixel => "pixel",
            ShaderStage::Vertex => "vertex",
            ShaderStage::Geometry => "geometry",
            ShaderStage::Hull => "hull",
            ShaderStage::Domain => "domain",
            ShaderStage::Compute => "compute",
            ShaderStage::Library => "library",
            ShaderStage::RayGeneration => "raygeneration",
            ShaderStage::Intersection => "intersection",
            ShaderStage::AnyHit => "anyhit",
            ShaderStage::ClosestHit => "closesthit",
            ShaderStage::Miss => "miss",
            ShaderStage::Callable => "callable",
            ShaderStage::Mesh => "mesh",
            ShaderStage::Amplification => "amplification",
        }
    }

    /// The stage an environment name names (exact, lower case, as clang
    /// accepts it).
    pub fn from_name(name: &str) -> Option<ShaderStage> {
        ShaderStage::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The stage of a `-T` profile's prefix (`cs` in `cs_6_6`), as clang's
    /// `--driver-mode=dxc` maps it. Ray tracing stages have no profile (they
    /// live in libraries).
    pub fn from_profile_prefix(prefix: &str) -> Option<ShaderStage> {
        Some(match prefix {
            "ps" => ShaderStage::Pixel,
            "vs" => ShaderStage::Vertex,
            "gs" => ShaderStage::Geometry,
            "hs" => ShaderStage::Hull,
            "ds" => ShaderStage::Domain,
            "cs" => ShaderStage::Compute,
            "lib" => ShaderStage::Library,
            "ms" => ShaderStage::Mesh,
            "as" => ShaderStage::Amplification,
            _ => return None,
        })
    }

    /// Whether this is a library (no entry point of its own).
    pub const fn is_library(self) -> bool {
        matches!(self, ShaderStage::Library)
    }
}

impl std::fmt::Display for ShaderStage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The DXIL triples cblower accepts, for usage messages.
pub const DXIL_TRIPLE_FORMS: &str =
    "dxil-<vendor>-shadermodel6.<0-9>-<stage> or dxilv1.<0-9>-<vendor>-shadermodel6.<0-9>-<stage>";
/// The SPIR-V triples cblower accepts, for usage messages.
pub const SPIRV_TRIPLE_FORMS: &str = "spirv-<vendor>-vulkan[1.2|1.3]-<stage>, spirv1.5-<vendor>-vulkan[1.2]-<stage> or spirv1.6-<vendor>-vulkan1.3-<stage>";
/// The `-T` profiles cblower accepts, for usage messages.
pub const PROFILE_FORMS: &str =
    "<ps|vs|gs|hs|ds|cs|lib>_6_<0-9> or <ms|as>_6_<5-9> (e.g. cs_6_6, lib_6_3, ps_6_0)";

/// Why a triple or profile is refused. The message names the accepted
/// forms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TripleError {
    /// Not a DXIL or SPIR-V triple clang-22 generates HLSL code for.
    #[error("`{triple}` is not a supported target triple: {why}; accepted: {DXIL_TRIPLE_FORMS}; {SPIRV_TRIPLE_FORMS}; <stage> is one of {stages}")]
    Triple {
        /// The triple as given.
        triple: String,
        /// What is wrong with it.
        why: String,
        /// The stage names.
        stages: String,
    },
    /// Not a `-T` profile clang's dxc driver maps to a triple.
    #[error("`{profile}` is not a supported shader profile: {why}; accepted: {PROFILE_FORMS}")]
    Profile {
        /// The profile as given.
        profile: String,
        /// What is wrong with it.
        why: String,
    },
}

fn stage_list() -> String {
    ShaderStage::ALL.map(ShaderStage::name).join(", ")
}

/// A code generation triple for an HLSL module: the target, the shader
/// stage, the DXIL shader model, and the triple text as clang-22 prints it
/// in `target triple` (a plain `dxil` arch is normalised to the DXIL version
/// of the shader model: `dxil-pc-shadermodel6.6-compute` prints as
/// `dxilv1.6-pc-shadermodel6.6-compute`; SPIR-V triples print as given).
///
/// What changes with the triple in the module cblower emits (checked against
/// clang-22): the `target triple` line, and whether the global constructor
/// is registered in `@llvm.global_ctors` (libraries only; for a stage
/// clang's entry-point wrapper calls it, and that wrapper is function code
/// cblower does not emit). The data layout, `!dx.valver` and the module
/// flags are the same for every triple of a target.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TargetTriple {
    target: Target,
    stage: ShaderStage,
    /// `(6, minor)` on DXIL.
    shader_model: Option<(u32, u32)>,
    text: String,
}

impl TargetTriple {
    /// The shader-model 6.3 library triple (`--target`'s default).
    pub fn library(target: Target) -> TargetTriple {
        TargetTriple::default_for(target, ShaderStage::Library)
    }

    /// The default triple of `target` with another stage:
    /// `dxilv1.3-pc-shadermodel6.3-<stage>` or
    /// `spirv-unknown-vulkan1.3-<stage>` (`--stage` alone).
    pub fn default_for(target: Target, stage: ShaderStage) -> TargetTriple {
        let text = match target {
            Target::Dxil => format!("dxilv1.3-pc-shadermodel6.3-{stage}"),
            Target::SpirV => format!("spirv-unknown-vulkan1.3-{stage}"),
        };
        TargetTriple {
            target,
            stage,
            shader_model: (target == Target::Dxil).then_some((6, 3)),
            text,
        }
    }

    /// Parses a triple clang-22 accepts for HLSL code generation (see
    /// [`DXIL_TRIPLE_FORMS`], [`SPIRV_TRIPLE_FORMS`]). `stage` supplies the
    /// environment of a three-part triple; given with a four-part triple it
    /// must agree with it.
    pub fn parse(triple: &str, stage: Option<ShaderStage>) -> Result<TargetTriple, TripleError> {
        let bad = |why: String| TripleError::Triple {
            triple: triple.to_owned(),
            why,
            stages: stage_list(),
        };
        let parts: Vec<&str> = triple.split('-').collect();
        let (arch, vendor, os, env) = match parts.as_slice() {
            [a, v, o, e] => (*a, *v, *o, Some(*e)),
            [a, v, o] => (*a, *v, *o, None),
            _ => {
                return Err(bad(
                    "a triple has four parts, <arch>-<vendor>-<os>-<stage>".to_owned()
                ))
            }
        };
        if !arch.starts_with("dxil") && !arch.starts_with("spirv") {
            return Err(bad(format!("`{arch}` is neither a DXIL nor a SPIR-V arch")));
        }
        let stage = match (env, stage) {
            (Some(e), given) => {
                let s = ShaderStage::from_name(e)
                    .ok_or_else(|| bad(format!("`{e}` is not a shader stage")))?;
                if let Some(g) = given.filter(|g| *g != s) {
                    return Err(bad(format!("its stage `{s}` conflicts with `--stage {g}`")));
                }
                s
            }
            (None, Some(g)) => g,
            (None, None) => {
                return Err(bad(
                    "it names no shader stage (add `-<stage>` or pass `--stage`)".to_owned(),
                ))
            }
        };
        if !vendor
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(bad(format!("`{vendor}` is not a vendor name")));
        }
        // clang fills an empty vendor in as `unknown`.
        let vendor = if vendor.is_empty() { "unknown" } else { vendor };
        if let Some(dxil) = arch.strip_prefix("dxil") {
            let minor = os
                .strip_prefix("shadermodel6.")
                .and_then(single_digit)
                .ok_or_else(|| {
                    bad(format!(
                        "the OS of a DXIL triple is shadermodel6.0 to shadermodel6.9, not `{os}`"
                    ))
                })?;
            let arch = match dxil {
                "" => format!("dxilv1.{minor}"),
                v => match v.strip_prefix("v1.").and_then(single_digit) {
                    Some(_) => arch.to_owned(),
                    None => {
                        return Err(bad(format!(
                            "the DXIL arch is `dxil` or `dxilv1.0` to `dxilv1.9`, not `{arch}`"
                        )))
                    }
                },
            };
            return Ok(TargetTriple {
                target: Target::Dxil,
                stage,
                shader_model: Some((6, minor)),
                text: format!("{arch}-{vendor}-{os}-{stage}"),
            });
        }
        // A SPIR-V arch from here on.
        let vulkan = match os {
            "vulkan" => None,
            "vulkan1.2" => Some(2),
            "vulkan1.3" => Some(3),
            _ => {
                return Err(bad(format!(
                    "the OS of a SPIR-V triple is vulkan, vulkan1.2 or vulkan1.3, not `{os}`"
                )))
            }
        };
        let fits = match arch {
            "spirv" => true,
            "spirv1.5" => vulkan != Some(3),
            "spirv1.6" => vulkan == Some(3),
            _ => {
                return Err(bad(format!(
                    "the SPIR-V arch is `spirv`, `spirv1.5` or `spirv1.6`, not `{arch}`"
                )))
            }
        };
        if !fits {
            return Err(bad(format!(
                "{arch} does not go with {os} (spirv1.5 is Vulkan 1.2's, spirv1.6 is Vulkan 1.3's)"
            )));
        }
        Ok(TargetTriple {
            target: Target::SpirV,
            stage,
            shader_model: None,
            text: format!("{arch}-{vendor}-{os}-{stage}"),
        })
    }

    /// The triple of a `-T` profile (`cs_6_6`), as clang's
    /// `--driver-mode=dxc` maps it: `dxilv1.6-unknown-shadermodel6.6-compute`
    /// on DXIL; on SPIR-V `spirv1.6-unknown-vulkan1.3-<stage>`, or
    /// `spirv1.5-unknown-vulkan1.2-<stage>` when `vulkan_1_2` (the driver's
    /// `-fspv-target-env=vulkan1.2`).
    pub fn from_profile(
        profile: &str,
        target: Target,
        vulkan_1_2: bool,
    ) -> Result<TargetTriple, TripleError> {
        let bad = |why: &str| TripleError::Profile {
            profile: profile.to_owned(),
            why: why.to_owned(),
        };
        let mut parts = profile.split('_');
        let (Some(prefix), Some(major), Some(minor), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("a profile is <stage>_<major>_<minor>"));
        };
        let stage = ShaderStage::from_profile_prefix(prefix)
            .ok_or_else(|| bad("the stage prefix is one of ps, vs, gs, hs, ds, cs, lib, ms, as"))?;
        if major != "6" {
            return Err(bad("the shader model is 6.0 to 6.9"));
        }
        let minor = single_digit(minor).ok_or_else(|| bad("the shader model is 6.0 to 6.9"))?;
        if matches!(stage, ShaderStage::Mesh | ShaderStage::Amplification) && minor < 5 {
            return Err(bad(
                "mesh and amplification shaders need shader model 6.5 or later",
            ));
        }
        Ok(match target {
            Target::Dxil => TargetTriple {
                target,
                stage,
                shader_model: Some((6, minor)),
                text: format!("dxilv1.{minor}-unknown-shadermodel6.{minor}-{stage}"),
            },
            Target::SpirV => TargetTriple {
                target,
                stage,
                shader_model: None,
                text: if vulkan_1_2 {
                    format!("spirv1.5-unknown-vulkan1.2-{stage}")
                } else {
                    format!("spirv1.6-unknown-vulkan1.3-{stage}")
                },
            },
        })
    }

    /// The target.
    pub const fn target(&self) -> Target {
        self.target
    }

    /// The shader stage.
    pub const fn stage(&self) -> ShaderStage {
        self.stage
    }

    /// The DXIL shader model, `(6, minor)`; `None` on SPIR-V.
    pub const fn shader_model(&self) -> Option<(u32, u32)> {
        self.shader_model
    }

    /// The triple as clang-22 prints it in `target triple`.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether native 16-bit types are allowed: clang-22 refuses
    /// `-fnative-half-type` below shader model 6.2; SPIR-V always allows
    /// them.
    pub fn allows_native_16bit(&self) -> bool {
        match self.shader_model {
            Some((_, minor)) => minor >= 2,
            None => true,
        }
    }
}

impl std::fmt::Display for TargetTriple {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// `0`..`9` as one decimal digit (clang-22 supports no minor version past 9).
fn single_digit(s: &str) -> Option<u32> {
    match s.as_bytes() {
        [d @ b'0'..=b'9'] => Some(u32::from(d - b'0')),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &str) -> String {
        TargetTriple::parse(t, None)
            .map(|t| t.to_string())
            .unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn dxil_triples_normalise_as_clang_prints_them() {
        assert_eq!(
            text("dxil-pc-shadermodel6.6-compute"),
            "dxilv1.6-pc-shadermodel6.6-compute"
        );
        assert_eq!(
            text("dxil-pc-shadermodel6.0-pixel"),
            "dxilv1.0-pc-shadermodel6.0-pixel"
        );
        assert_eq!(
            text("dxilv1.2-pc-shadermodel6.8-compute"),
            "dxilv1.2-pc-shadermodel6.8-compute"
        );
        assert_eq!(
            text("dxil--shadermodel6.6-vertex"),
            "dxilv1.6-unknown-shadermodel6.6-vertex"
        );
        let t = TargetTriple::parse("dxil-pc-shadermodel6.8-library", None).unwrap();
        assert_eq!(
            (t.target(), t.stage(), t.shader_model()),
            (Target::Dxil, ShaderStage::Library, Some((6, 8)))
        );
    }

    #[test]
    fn spirv_triples_print_as_given() {
        for t in [
            "spirv-unknown-vulkan1.3-compute",
            "spirv-unknown-vulkan1.2-library",
            "spirv-unknown-vulkan-compute",
            "spirv1.5-unknown-vulkan1.2-pixel",
            "spirv1.5-unknown-vulkan-vertex",
            "spirv1.6-unknown-vulkan1.3-library",
        ] {
            assert_eq!(text(t), t);
        }
        let t = TargetTriple::parse("spirv-unknown-vulkan1.3", Some(ShaderStage::Mesh)).unwrap();
        assert_eq!(t.as_str(), "spirv-unknown-vulkan1.3-mesh");
    }

    #[test]
    fn refused_triples_say_why() {
        for (t, why) in [
            (
                "dxil-pc-shadermodel6.10-compute",
                "shadermodel6.0 to shadermodel6.9, not `shadermodel6.10`",
            ),
            ("dxil-pc-shadermodel5.1-compute", "not `shadermodel5.1`"),
            ("dxilv2.0-pc-shadermodel6.6-compute", "not `dxilv2.0`"),
            (
                "dxil-pc-shadermodel6.6-node",
                "`node` is not a shader stage",
            ),
            ("dxil-pc-shadermodel6.6", "names no shader stage"),
            (
                "spirv1.6-unknown-vulkan1.2-compute",
                "spirv1.6 does not go with vulkan1.2",
            ),
            (
                "spirv1.5-unknown-vulkan1.3-compute",
                "spirv1.5 does not go with vulkan1.3",
            ),
            ("spirv-unknown-vulkan1.1-compute", "not `vulkan1.1`"),
            ("spirv64-unknown-vulkan1.3-compute", "not `spirv64`"),
            (
                "x86_64-pc-linux-gnu",
                "`x86_64` is neither a DXIL nor a SPIR-V arch",
            ),
            ("dxil-pc-shadermodel6.6-compute-x", "four parts"),
        ] {
            let e = text(t);
            assert!(e.contains(why), "{t}: {e}");
            assert!(
                e.contains(DXIL_TRIPLE_FORMS) && e.contains(SPIRV_TRIPLE_FORMS),
                "{e}"
            );
        }
        let e = TargetTriple::parse("dxil-pc-shadermodel6.6-compute", Some(ShaderStage::Pixel))
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("its stage `compute` conflicts with `--stage pixel`"),
            "{e}"
        );
    }

    #[test]
    fn profiles_map_as_the_dxc_driver_maps_them() {
        let p = |s, t, v| {
            TargetTriple::from_profile(s, t, v)
                .map(|t| t.to_string())
                .unwrap_or_else(|e| e.to_string())
        };
        assert_eq!(
            p("cs_6_6", Target::Dxil, false),
            "dxilv1.6-unknown-shadermodel6.6-compute"
        );
        assert_eq!(
            p("lib_6_3", Target::Dxil, false),
            "dxilv1.3-unknown-shadermodel6.3-library"
        );
        assert_eq!(
            p("ms_6_5", Target::Dxil, false),
            "dxilv1.5-unknown-shadermodel6.5-mesh"
        );
        assert_eq!(
            p("ps_6_0", Target::SpirV, false),
            "spirv1.6-unknown-vulkan1.3-pixel"
        );
        assert_eq!(
            p("vs_6_2", Target::SpirV, true),
            "spirv1.5-unknown-vulkan1.2-vertex"
        );
        for (bad, why) in [
            ("cs_6_10", "6.0 to 6.9"),
            ("cs_5_1", "6.0 to 6.9"),
            ("ms_6_4", "6.5 or later"),
            ("xs_6_0", "prefix"),
            ("cs_6", "<stage>_<major>_<minor>"),
            ("lib_6_x", "6.0 to 6.9"),
        ] {
            let e = p(bad, Target::Dxil, false);
            assert!(e.contains(why) && e.contains(PROFILE_FORMS), "{bad}: {e}");
        }
    }

    #[test]
    fn native_16bit_needs_shader_model_6_2() {
        let t = |s| TargetTriple::parse(s, None).unwrap().allows_native_16bit();
        assert!(!t("dxil-pc-shadermodel6.1-compute"));
        assert!(t("dxil-pc-shadermodel6.2-compute"));
        assert!(t("spirv-unknown-vulkan1.2-compute"));
        assert_eq!(
            TargetTriple::library(Target::Dxil).as_str(),
            Target::Dxil.library_triple()
        );
        assert_eq!(
            TargetTriple::library(Target::SpirV).as_str(),
            Target::SpirV.library_triple()
        );
    }
}
