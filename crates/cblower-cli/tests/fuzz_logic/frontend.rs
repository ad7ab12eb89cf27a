//! `frontend`: bytes as (lossy UTF-8) HLSL text → preprocess → parse →
//! layout under every rule set, with native 16-bit types on and off.
//! Diagnostics are rendered too, since the CLI renders every one of them.

use cblower_hlsl::{parse_source, FrontendOptions};
use cblower_layout::{Clang22Target, LayoutOptions, RuleSet, WgslAddressSpace};
use cblower_program::Target;

/// Every rule set the layout engine knows.
pub const ALL_RULES: [RuleSet; 9] = [
    RuleSet::CBuffer,
    RuleSet::Structured,
    RuleSet::Std140,
    RuleSet::Std430,
    RuleSet::Scalar,
    RuleSet::Wgsl(WgslAddressSpace::Storage),
    RuleSet::Wgsl(WgslAddressSpace::Uniform),
    RuleSet::Clang22(Clang22Target::Dxil),
    RuleSet::Clang22(Clang22Target::SpirV),
];

pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for native_16bit in [false, true] {
        let opts = FrontendOptions {
            native_16bit,
            ..FrontendOptions::default()
        };
        let program = match parse_source("fuzz.hlsl", &text, &opts) {
            Ok(p) => p,
            Err(e) => {
                let _ = e.render(false);
                continue;
            }
        };
        let _ = program.warnings.render(&program.sources, false);
        for rules in ALL_RULES {
            let layout_opts = LayoutOptions::new(rules).native_16bit(native_16bit);
            let buffers = program.buffers_for_lowering();
            for target in [Target::Dxil, Target::SpirV] {
                if let Err(e) = cblower_program::lay_out_program(&buffers, layout_opts, target) {
                    let _ = program.diagnostic(&e).render(&program.sources, false);
                }
            }
        }
    }
}
