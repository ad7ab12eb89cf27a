//! Differential test of `cblower emit-llvm` against clang-22 (issue #5).
//!
//! Random buffer declarations are compiled by clang-22 and by cblower for
//! DXIL and SPIR-V. With `--rules clang-22` the cbuffer lowering must be
//! identical; in the default mode the offsets the layout types give must be
//! DXC's, as computed by an independent packer. See `docs/testing.md`.
//!
//! Environment: `CBLOWER_DIFF_SEED` (first case seed, decimal or 0x-hex),
//! `CBLOWER_DIFF_CASES` (cases per target, default 500),
//! `CBLOWER_DIFF_JOBS` (parallel workers), `CBLOWER_CLANG22` (compiler path).

mod differential;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use pretty_assertions::assert_eq;

use differential::checks::{
    check_default_mode, check_dxc_offsets, compare_lowering, compare_width_warnings, vk_verdict,
};
use differential::coverage::Coverage;
use differential::dxc_packer::{pack_buffer, PackedMember};
use differential::env::env_u64;
use differential::generate::{generate, GenOptions};
use differential::model::{Buffer, BufferKind, Case, Item, Member, Scalar, Storage, StructDef, Ty};
use differential::prng::SplitMix64;
use differential::render;
use differential::tools::{self, Rules, Target};
use differential::vk_model::{pack_buffer_vk, Model, Rule, VkFlag};

const DEFAULT_SEED: u64 = 0xC1A9_2022_5EED_0001;
const DEFAULT_CASES: u64 = 500;
/// Failures printed in full (`CBLOWER_DIFF_SHOW`); the rest are listed by seed.
const SHOWN_FAILURES: u64 = 3;

/// Case seeds: consecutive from `CBLOWER_DIFF_SEED`, so a printed seed with
/// `CBLOWER_DIFF_CASES=1` reruns exactly that case.
fn case_seeds(offset: u64) -> Vec<u64> {
    let first = env_u64("CBLOWER_DIFF_SEED", DEFAULT_SEED).wrapping_add(offset);
    let count = env_u64("CBLOWER_DIFF_CASES", DEFAULT_CASES);
    (0..count).map(|i| first.wrapping_add(i)).collect()
}

/// Runs `check` on every seed on a few threads (the work is mostly waiting
/// for child processes) and returns the failures in seed order.
fn run_parallel(seeds: &[u64], check: impl Fn(u64) -> Vec<String> + Sync) -> Vec<(u64, String)> {
    let jobs = env_u64(
        "CBLOWER_DIFF_JOBS",
        std::thread::available_parallelism()
            .map_or(2, |n| n.get() as u64 * 2)
            .min(8),
    ) as usize;
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&seed) = seeds.get(i) else { break };
                for failure in check(seed) {
                    failures.lock().unwrap().push((seed, failure));
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort_by_key(|(seed, _)| *seed);
    failures
}

fn report(what: &str, total: usize, failures: &[(u64, String)]) {
    report_with(
        what,
        total,
        failures,
        "CBLOWER_DIFF_SEED",
        "CBLOWER_DIFF_CASES",
    );
}

/// [`report`] with the variables that rerun one case of this test.
fn report_with(
    what: &str,
    total: usize,
    failures: &[(u64, String)],
    seed_var: &str,
    cases_var: &str,
) {
    if failures.is_empty() {
        return;
    }
    let shown = env_u64("CBLOWER_DIFF_SHOW", SHOWN_FAILURES) as usize;
    let mut text = format!("{what}: {} of {total} checks failed\n", failures.len());
    for (seed, failure) in failures.iter().take(shown) {
        text.push_str(&format!(
            "\n==== case seed {seed:#x} (rerun: {seed_var}={seed:#x} {cases_var}=1)\n{failure}\n"
        ));
    }
    if failures.len() > shown {
        let seeds: Vec<String> = failures[shown..]
            .iter()
            .map(|(s, _)| format!("{s:#x}"))
            .collect();
        text.push_str(&format!("\nother failing seeds: {}\n", seeds.join(" ")));
    }
    panic!("{text}");
}

/// The default mode's layout flag on `target`: SPIR-V runs with
/// `--fvk-use-dx-layout` (DXC's FXC rule, from the Vulkan model).
fn spirv_flag(target: Target) -> Option<VkFlag> {
    (target == Target::SpirV).then_some(VkFlag::Dx)
}

/// `--rules clang-22` against clang-22 on one target: the same lowering,
/// and the same `-Wbitfield-width` warnings at the same places (those the
/// case's over-wide bitfields call for).
fn clang22_failures(case: &Case, target: Target, dir: &std::path::Path) -> Vec<String> {
    let (clang, clang_warnings) = match tools::clang_ir_warnings(case, "", target, dir) {
        Ok(out) => out,
        Err(e) => return vec![failure(case, target, "clang-22 rejected the case", &e)],
    };
    let verdict = tools::cblower_ir_warnings(case, "", target, Rules::Clang22, dir).and_then(
        |(ours, our_warnings)| {
            compare_lowering(&clang, &ours)?;
            compare_width_warnings(case, &clang_warnings, &our_warnings)
        },
    );
    match verdict {
        Ok(()) => Vec::new(),
        Err(e) => vec![failure(case, target, "--rules clang-22 vs clang-22", &e)],
    }
}

fn failure(case: &Case, target: Target, check: &str, detail: &str) -> String {
    format!(
        "target {target:?}, {check}, native 16-bit types: {}\n--- HLSL (clang-22 also gets the typedef prelude)\n{}--- details\n{detail}",
        case.native16,
        render::body(case)
    )
}

/// The main differential test: every case, both targets, both modes.
#[test]
fn cblower_matches_clang22_and_dxc_offsets() {
    let seeds = case_seeds(0);
    let dir = tools::scratch_dir("main");
    let failures = run_parallel(&seeds, |seed| {
        let case = generate(seed, &GenOptions::default());
        let mut failures = Vec::new();
        for target in Target::BOTH {
            failures.extend(clang22_failures(&case, target, &dir));
            let ours = tools::cblower_ir(&case, target, Rules::Cbuffer, &dir);
            // On SPIR-V --fvk-use-dx-layout: DXC's FXC rule, from the
            // Vulkan model.
            let verdict = check_default_mode(&case, spirv_flag(target), ours);
            if let Err(e) = verdict {
                failures.push(failure(&case, target, "default rules vs DXC", &e));
            }
        }
        failures
    });
    let _ = std::fs::remove_dir_all(&dir);
    print_coverage(
        "differential",
        &seeds
            .iter()
            .map(|&s| generate(s, &GenOptions::default()))
            .collect::<Vec<_>>(),
    );
    report("differential", seeds.len() * 4, &failures);
}

/// First seed of the conformance test (`CBLOWER_DIFF_CONF_SEED`).
const DEFAULT_CONFORMANCE_SEED: u64 = 0xC1A9_2022_C0F0_0001;
/// Cases per target of the conformance test (`CBLOWER_DIFF_CONF_CASES`).
const DEFAULT_CONFORMANCE_CASES: u64 = 150;

/// The conformance cases (issue #15): the generator's extra constructs
/// (resources of every kind with counters, arrays and `vk::binding`,
/// bitfields, `vk::offset`, push and specialisation constants, arrays of
/// matrices with `packoffset`). `--rules clang-22` must match clang-22; the
/// default rules must give the DXC packer's offsets, or reject the case as
/// an overlap when the generator placed a member by clang-22's sizes where
/// DXC's say it overlaps.
#[test]
fn cblower_matches_clang22_and_dxc_on_conformance_cases() {
    let first = env_u64("CBLOWER_DIFF_CONF_SEED", DEFAULT_CONFORMANCE_SEED);
    let count = env_u64("CBLOWER_DIFF_CONF_CASES", DEFAULT_CONFORMANCE_CASES);
    let seeds: Vec<u64> = (0..count).map(|i| first.wrapping_add(i)).collect();
    let dir = tools::scratch_dir("conformance");
    let opts = GenOptions {
        conformance: true,
        ..GenOptions::default()
    };
    let failures = run_parallel(&seeds, |seed| {
        let case = generate(seed, &opts);
        let mut failures = Vec::new();
        for target in Target::BOTH {
            failures.extend(clang22_failures(&case, target, &dir));
            let ours = tools::cblower_ir(&case, target, Rules::Cbuffer, &dir);
            let verdict = check_default_mode(&case, spirv_flag(target), ours);
            if let Err(e) = verdict {
                failures.push(failure(&case, target, "default rules vs DXC packer", &e));
            }
        }
        failures
    });
    let _ = std::fs::remove_dir_all(&dir);
    print_coverage(
        "conformance differential",
        &seeds
            .iter()
            .map(|&s| generate(s, &opts))
            .collect::<Vec<_>>(),
    );
    report_with(
        "conformance differential",
        seeds.len() * 4,
        &failures,
        "CBLOWER_DIFF_CONF_SEED",
        "CBLOWER_DIFF_CONF_CASES",
    );
}

/// First seed of the fresh done-when set of issue #15
/// (`CBLOWER_DIFF_FRESH_SEED`): a range no other test uses.
const DEFAULT_FRESH_SEED: u64 = 0xC1A9_2022_F5E5_0001;
/// DXIL files of the fresh set (`CBLOWER_DIFF_FRESH_DXIL`).
const DEFAULT_FRESH_DXIL: u64 = 300;
/// SPIR-V files of the fresh set (`CBLOWER_DIFF_FRESH_SPIRV`), seeded after
/// the DXIL ones, so every file is a different declaration set.
const DEFAULT_FRESH_SPIRV: u64 = 100;

/// Issue #15's done-when run: 400 freshly generated conformance files (300
/// compiled for DXIL, 100 others for SPIR-V, from a seed range nobody else
/// uses) must be identical to clang-22 under `--rules clang-22` (or, for the
/// one in eight that also declares a `TextureBuffer<T>` or min-precision
/// members, rejected for clang-22's reason) and give DXC's offsets (or
/// DXC's overlap rejection) in the default mode.
#[test]
fn fresh_conformance_set_matches_clang22_and_dxc() {
    let first = env_u64("CBLOWER_DIFF_FRESH_SEED", DEFAULT_FRESH_SEED);
    let dxil = env_u64("CBLOWER_DIFF_FRESH_DXIL", DEFAULT_FRESH_DXIL);
    let spirv = env_u64("CBLOWER_DIFF_FRESH_SPIRV", DEFAULT_FRESH_SPIRV);
    let seeds: Vec<u64> = (0..dxil + spirv).map(|i| first.wrapping_add(i)).collect();
    let spirv_from = first.wrapping_add(dxil);
    let dir = tools::scratch_dir("fresh");
    let opts = GenOptions {
        conformance: true,
        ..GenOptions::default()
    };
    let failures = run_parallel(&seeds, |seed| {
        let case = generate(seed, &opts);
        let index = seed.wrapping_sub(first);
        let target = if index < spirv_from.wrapping_sub(first) {
            Target::Dxil
        } else {
            Target::SpirV
        };
        // Every eighth file also declares what clang-22 rejects (a
        // `TextureBuffer<T>`, or min-precision members): clang-22 and
        // `--rules clang-22` must both refuse it, for that reason, while
        // the default mode still gives DXC's offsets for the rest.
        let extra = fresh_extra(index);
        let mut failures = Vec::new();
        match (
            tools::clang_ir_warnings(&case, extra.text, target, &dir),
            extra.clang_says,
        ) {
            (Ok((clang, clang_warnings)), None) => {
                let ours =
                    tools::cblower_ir_warnings(&case, extra.text, target, Rules::Clang22, &dir);
                let verdict = ours.and_then(|(ours, our_warnings)| {
                    compare_lowering(&clang, &ours)?;
                    compare_width_warnings(&case, &clang_warnings, &our_warnings)
                });
                if let Err(e) = verdict {
                    failures.push(failure(&case, target, "--rules clang-22 vs clang-22", &e));
                }
            }
            (Err(e), None) => {
                failures.push(failure(&case, target, "clang-22 rejected the case", &e))
            }
            (Err(e), Some((clang_says, we_say))) => {
                let ours = tools::cblower_ir_with(&case, extra.text, target, Rules::Clang22, &dir);
                let verdict = match ours {
                    _ if !e.contains(clang_says) => {
                        Err(format!("clang-22 rejected it for another reason:\n{e}"))
                    }
                    Err(ours) if ours.contains(we_say) => Ok(()),
                    Err(ours) => Err(format!("--rules clang-22 rejected it otherwise:\n{ours}")),
                    Ok(_) => Err("clang-22 rejects this, --rules clang-22 accepted it".into()),
                };
                if let Err(e) = verdict {
                    failures.push(failure(&case, target, "--rules clang-22 rejection", &e));
                }
            }
            (Ok(_), Some(_)) => failures.push(failure(
                &case,
                target,
                "clang-22 accepted what it should reject",
                extra.text,
            )),
        }
        let ours = tools::cblower_ir_with(&case, extra.text, target, Rules::Cbuffer, &dir);
        let verdict = check_default_mode(&case, spirv_flag(target), ours);
        if let Err(e) = verdict {
            failures.push(failure(&case, target, "default rules vs DXC packer", &e));
        }
        failures
    });
    let _ = std::fs::remove_dir_all(&dir);
    let cases: Vec<Case> = seeds.iter().map(|&s| generate(s, &opts)).collect();
    let split = dxil.min(cases.len() as u64) as usize;
    print_coverage("fresh conformance set, DXIL", &cases[..split]);
    print_coverage("fresh conformance set, SPIR-V", &cases[split..]);
    report_with(
        "fresh conformance set",
        seeds.len() * 2,
        &failures,
        "CBLOWER_DIFF_FRESH_SEED",
        "CBLOWER_DIFF_FRESH_DXIL",
    );
}

/// DXC's Vulkan layouts in the default mode (issue #15 item 6): every SPIR-V
/// file the three tests above generate (the main cases, the conformance
/// cases and the fresh set's SPIR-V files) is emitted with no layout flag
/// (relaxed std140 / std430), `--fvk-use-gl-layout` (std140 / std430) and
/// `--fvk-use-scalar-layout`, and the offsets and components the
/// `spirv.Padding` layout types give must be those of the independent model
/// of DXC's SPIR-V layouts (`differential/vk_model.rs`); where that model
/// says DXC rejects the buffer (a `packoffset` before the previous
/// member's end), cblower must reject it too.
#[test]
fn spirv_default_mode_matches_dxc_vulkan_layouts() {
    let main: Vec<(u64, GenOptions, &str)> = case_seeds(0)
        .into_iter()
        .map(|s| (s, GenOptions::default(), ""))
        .collect();
    let conformance = GenOptions {
        conformance: true,
        ..GenOptions::default()
    };
    let conf_first = env_u64("CBLOWER_DIFF_CONF_SEED", DEFAULT_CONFORMANCE_SEED);
    let conf_count = env_u64("CBLOWER_DIFF_CONF_CASES", DEFAULT_CONFORMANCE_CASES);
    let fresh_first = env_u64("CBLOWER_DIFF_FRESH_SEED", DEFAULT_FRESH_SEED);
    let fresh_dxil = env_u64("CBLOWER_DIFF_FRESH_DXIL", DEFAULT_FRESH_DXIL);
    let fresh_spirv = env_u64("CBLOWER_DIFF_FRESH_SPIRV", DEFAULT_FRESH_SPIRV);
    let mut jobs = main;
    jobs.extend((0..conf_count).map(|i| (conf_first.wrapping_add(i), conformance, "")));
    jobs.extend((fresh_dxil..fresh_dxil + fresh_spirv).map(|index| {
        (
            fresh_first.wrapping_add(index),
            conformance,
            fresh_extra(index).text,
        )
    }));
    let dir = tools::scratch_dir("vk-layouts");
    let indices: Vec<u64> = (0..jobs.len() as u64).collect();
    let failures = run_parallel(&indices, |i| {
        let (seed, opts, extra) = &jobs[i as usize];
        let case = generate(*seed, opts);
        let mut failures = Vec::new();
        for flag in [VkFlag::Default, VkFlag::Gl, VkFlag::Scalar] {
            // DXC's D3D overlap check (`case.dxc_rejects`) does not run on
            // SPIR-V: a case it rejects on DXIL is still laid out here.
            let ours = tools::cblower_ir_vk(&case, extra, flag, &dir);
            if let Err(e) = check_default_mode(&case, Some(flag), ours) {
                failures.push(failure(
                    &case,
                    Target::SpirV,
                    &format!("default rules {flag:?} vs DXC's Vulkan layout model"),
                    &e,
                ));
            }
        }
        failures
    });
    let _ = std::fs::remove_dir_all(&dir);
    print_coverage(
        "DXC Vulkan layouts",
        &jobs
            .iter()
            .map(|(seed, opts, _)| generate(*seed, opts))
            .collect::<Vec<_>>(),
    );
    report_with(
        "DXC Vulkan layouts",
        jobs.len() * 3,
        &failures,
        "CBLOWER_DIFF_SEED",
        "CBLOWER_DIFF_CASES",
    );
}

/// First seed the bitfield-feature test searches from
/// (`CBLOWER_DIFF_BITS_SEED`).
const DEFAULT_BITS_SEED: u64 = 0xC1A9_2022_B17F_0001;
/// Files of each kind the bitfield-feature test takes
/// (`CBLOWER_DIFF_BITS_CASES`).
const DEFAULT_BITS_CASES: u64 = 40;

/// Which of the bitfield features of issue #15 item 8 a conformance file
/// exercises where it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum BitsKind {
    /// An over-wide bitfield in a struct a declaration uses: clang-22 warns,
    /// DXC refuses.
    WideUsed,
    /// Over-wide bitfields only in structs nothing uses: clang-22 warns,
    /// the default mode lays the file out.
    WideUnused,
    /// `[[vk::offset(N)]]` on a bitfield of a used struct, in a file DXC's
    /// SPIR-V back end lays out.
    VkOffset,
}

fn bits_kind(case: &Case) -> Option<BitsKind> {
    if case.dxc_refuses_wide_bitfields() {
        return Some(BitsKind::WideUsed);
    }
    let vk_offset = case
        .used_structs()
        .iter()
        .any(|&s| !case.structs[s].vk_offsets.is_empty());
    if vk_offset && vk_verdict(case, VkFlag::Dx).is_ok() {
        return Some(BitsKind::VkOffset);
    }
    (!case.wide_bitfields().is_empty()).then_some(BitsKind::WideUnused)
}

/// Issue #15 item 8: conformance files picked (from
/// `CBLOWER_DIFF_BITS_SEED` on) for holding the two bitfield features where
/// they matter, `CBLOWER_DIFF_BITS_CASES` of each kind ([`BitsKind`]). On
/// both targets `--rules clang-22` must give clang-22's lowering and its
/// `-Wbitfield-width` warnings, and the default mode DXC's refusal of a
/// used over-wide bitfield or DXC's layout (the D3D packer on DXIL, where
/// `vk::offset` is ignored; the Vulkan model on SPIR-V under
/// `--fvk-use-dx-layout` and each of DXC's other layout flags, where a
/// `vk::offset` bitfield starts a unit at its offset).
#[test]
fn bitfield_features_match_clang22_and_dxc() {
    let first = env_u64("CBLOWER_DIFF_BITS_SEED", DEFAULT_BITS_SEED);
    let per_kind = env_u64("CBLOWER_DIFF_BITS_CASES", DEFAULT_BITS_CASES) as usize;
    let opts = GenOptions {
        conformance: true,
        ..GenOptions::default()
    };
    let mut taken: std::collections::BTreeMap<BitsKind, Vec<u64>> = Default::default();
    for i in 0..200_000u64 {
        if taken.len() == 3 && taken.values().all(|v| v.len() >= per_kind) {
            break;
        }
        let seed = first.wrapping_add(i);
        let Some(kind) = bits_kind(&generate(seed, &opts)) else {
            continue;
        };
        let list = taken.entry(kind).or_default();
        if list.len() < per_kind {
            list.push(seed);
        }
    }
    for kind in [BitsKind::WideUsed, BitsKind::WideUnused, BitsKind::VkOffset] {
        let found = taken.get(&kind).map_or(0, Vec::len);
        assert_eq!(found, per_kind, "files of kind {kind:?} found");
    }
    let seeds: Vec<u64> = taken.into_values().flatten().collect();
    let dir = tools::scratch_dir("bitfields");
    let failures = run_parallel(&seeds, |seed| {
        let case = generate(seed, &opts);
        let mut failures = Vec::new();
        for target in Target::BOTH {
            failures.extend(clang22_failures(&case, target, &dir));
            let ours = tools::cblower_ir(&case, target, Rules::Cbuffer, &dir);
            if let Err(e) = check_default_mode(&case, spirv_flag(target), ours) {
                failures.push(failure(&case, target, "default rules vs DXC", &e));
            }
        }
        for flag in [VkFlag::Default, VkFlag::Gl, VkFlag::Scalar] {
            let ours = tools::cblower_ir_vk(&case, "", flag, &dir);
            if let Err(e) = check_default_mode(&case, Some(flag), ours) {
                failures.push(failure(
                    &case,
                    Target::SpirV,
                    &format!("default rules {flag:?} vs DXC's Vulkan layout model"),
                    &e,
                ));
            }
        }
        failures
    });
    let _ = std::fs::remove_dir_all(&dir);
    print_coverage(
        "bitfield features",
        &seeds
            .iter()
            .map(|&s| generate(s, &opts))
            .collect::<Vec<_>>(),
    );
    // Every seed is listed in its own failure, so rerun one with
    // CBLOWER_DIFF_CONF_SEED=<seed> CBLOWER_DIFF_CONF_CASES=1 (the
    // conformance test runs the same file on both targets).
    report_with(
        "bitfield features",
        seeds.len() * 7,
        &failures,
        "CBLOWER_DIFF_CONF_SEED",
        "CBLOWER_DIFF_CONF_CASES",
    );
}

/// The warnings and errors the over-wide bitfields of a file call for, at
/// the places `render` writes them (checked by hand on the rendered line).
#[test]
fn over_wide_bitfield_diagnostics_are_placed_on_the_rendered_text() {
    use differential::checks::{expected_width_errors, expected_width_warnings};
    use Scalar::*;
    let mut s0 = def(
        "S0",
        None,
        vec![
            ("f", Ty::Scalar(Float)),
            ("a", Ty::Bitfield(Uint, 33)),
            ("", Ty::Bitfield(Int, 40)),
            ("c", Ty::Bitfield(Bool, 64)),
            ("d", Ty::Bitfield(Uint64, 4_294_967_295)),
            ("e", Ty::Bitfield(Uint, 5)),
        ],
    );
    s0.vk_offsets = vec![("e".into(), 48)];
    let unused = def("S1", None, vec![("w", Ty::Bitfield(Int, 1000))]);
    let (case, _) = seed000_case(false, vec![s0, unused], vec![stored("m", Ty::Struct(0))]);
    let text = render::body(&case);
    assert_eq!(
        text.lines().next().unwrap(),
        "struct S0 { float f; uint a : 33; int : 40; bool c : 64; \
         uint64_t d : 4294967295; [[vk::offset(48)]] uint e : 5; };"
    );
    let warning = |line, col, name: &str, width: &str, bits| {
        (
            line,
            col,
            format!("width of bit-field '{name}' ({width} bits) exceeds the width of its type; value will be truncated to {bits} bits"),
        )
    };
    assert_eq!(
        expected_width_warnings(&case),
        vec![
            warning(1, 27, "a", "33", 32),
            warning(1, 67, "d", "4'294'967'295", 64),
            warning(2, 17, "w", "1'000", 32),
        ]
    );
    let error = |col, what: &str, width: u64, bits| {
        (
            1,
            col,
            format!("size of {what} ({width} bits) exceeds size of its type ({bits} bits)"),
        )
    };
    assert_eq!(
        expected_width_errors(&case),
        vec![
            error(27, "bit-field 'a'", 33, 32),
            error(35, "anonymous bit-field", 40, 32),
            error(50, "bit-field 'c'", 64, 32),
            error(67, "bit-field 'd'", 4_294_967_295, 64),
        ]
    );
    assert!(case.dxc_refuses_wide_bitfields());
}

/// The files the three differential tests generate, by name: the main
/// cases, the conformance cases and the fresh set's DXIL and SPIR-V files
/// (seeds and generator options, after the `CBLOWER_DIFF_*` variables).
fn test_file_sets() -> Vec<(&'static str, Vec<(u64, GenOptions)>)> {
    let conformance = GenOptions {
        conformance: true,
        ..GenOptions::default()
    };
    let with = |seeds: Vec<u64>, opts: GenOptions| -> Vec<(u64, GenOptions)> {
        seeds.into_iter().map(|s| (s, opts)).collect()
    };
    let conf_first = env_u64("CBLOWER_DIFF_CONF_SEED", DEFAULT_CONFORMANCE_SEED);
    let conf_count = env_u64("CBLOWER_DIFF_CONF_CASES", DEFAULT_CONFORMANCE_CASES);
    let fresh_first = env_u64("CBLOWER_DIFF_FRESH_SEED", DEFAULT_FRESH_SEED);
    let fresh_dxil = env_u64("CBLOWER_DIFF_FRESH_DXIL", DEFAULT_FRESH_DXIL);
    let fresh_spirv = env_u64("CBLOWER_DIFF_FRESH_SPIRV", DEFAULT_FRESH_SPIRV);
    let range = |first: u64, from: u64, to: u64| -> Vec<u64> {
        (from..to).map(|i| first.wrapping_add(i)).collect()
    };
    vec![
        ("main", with(case_seeds(0), GenOptions::default())),
        (
            "conformance",
            with(range(conf_first, 0, conf_count), conformance),
        ),
        (
            "fresh DXIL",
            with(range(fresh_first, 0, fresh_dxil), conformance),
        ),
        (
            "fresh SPIR-V",
            with(
                range(fresh_first, fresh_dxil, fresh_dxil + fresh_spirv),
                conformance,
            ),
        ),
    ]
}

/// Prints what the files of a test held (`-- --nocapture` shows it).
fn print_coverage<'a>(what: &str, cases: impl IntoIterator<Item = &'a Case>) {
    println!("{what}: {}", Coverage::of(cases));
}

/// What the fresh set adds after a case: declarations clang-22 rejects, the
/// words of its error and of ours.
struct FreshExtra {
    text: &'static str,
    clang_says: Option<(&'static str, &'static str)>,
}

fn fresh_extra(index: u64) -> FreshExtra {
    match (index % 8, index / 8 % 2) {
        (7, 0) => FreshExtra {
            text: "struct FreshTB { float4 a; float b; float2 c; };\n\
                   TextureBuffer<FreshTB> FreshTextureBuffer : register(t30);\n",
            clang_says: Some((
                "no template named 'TextureBuffer'",
                "clang 22 does not know `TextureBuffer<T>`",
            )),
        },
        (7, _) => FreshExtra {
            text: "cbuffer FreshMinPrecision : register(b30) { min16float mpa; float4 mpb; min16float2 mpc; };\n",
            clang_says: Some((
                "unknown type name 'min16float'",
                "which clang-22 does not support",
            )),
        },
        _ => FreshExtra {
            text: "",
            clang_says: None,
        },
    }
}

/// The files the differential tests generate from their default seeds
/// (`CBLOWER_DIFF_*` change them), with the constructs they hold: the
/// counts are printed, and the over-wide and `vk::offset` bitfields must be
/// among them, on both sides of DXC's refusal.
#[test]
fn default_seed_sets_cover_every_bitfield_feature() {
    let sets = test_file_sets();
    for (what, files) in &sets {
        let cases: Vec<Case> = files
            .iter()
            .map(|(seed, opts)| generate(*seed, opts))
            .collect();
        println!("{what}: {}", Coverage::of(&cases));
    }
    let conformance: Vec<Case> = sets
        .iter()
        .filter(|(what, _)| *what != "main")
        .flat_map(|(_, files)| files.iter().map(|(seed, opts)| generate(*seed, opts)))
        .collect();
    let c = Coverage::of(&conformance);
    assert!(c.wide_bitfields_used > 10, "{c}");
    assert!(c.wide_bitfields > c.wide_bitfields_used, "{c}");
    assert!(c.vk_offset_bitfields > 10, "{c}");
}

/// Over a few hundred seeds the conformance generator writes every
/// construct it is meant to.
#[test]
fn conformance_generator_covers_its_constructs() {
    let opts = GenOptions {
        conformance: true,
        ..GenOptions::default()
    };
    let mut text = String::new();
    let mut rejects = 0;
    for seed in 0..300 {
        let case = generate(seed, &opts);
        rejects += u32::from(case.dxc_rejects);
        text.push_str(&render::body(&case));
    }
    assert!(rejects > 5, "cases DXC rejects: {rejects}");
    for construct in [
        "\nRWStructuredBuffer<float> r",
        "\nAppendStructuredBuffer<float> r",
        "\nConsumeStructuredBuffer<float> r",
        "\nRasterizerOrderedStructuredBuffer<float> r",
        "StructuredBuffer<float> x",
        "[]",
        "[[vk::binding(",
        ": register(u",
        ": register(t",
        "x3 m",
        "[[vk::offset(",
        "[[vk::push_constant]] S",
        "[[vk::constant_id(",
        " : 0;",
        "uint : ",
        "int64_t b",
        " bool b",
    ] {
        assert!(
            text.contains(construct),
            "no conformance case contains `{construct}`"
        );
    }
}

/// The packer is trustworthy where clang-22 and DXC agree: on cases without
/// over-aligned vectors and matrices, clang-22's own DXIL layout types give
/// the packer's offsets.
#[test]
fn dxc_packer_agrees_with_clang22_dxil_where_they_should() {
    let seeds: Vec<u64> = case_seeds(1 << 40).into_iter().take(200).collect();
    let dir = tools::scratch_dir("packer");
    let opts = GenOptions {
        dxc_compatible_only: true,
        ..GenOptions::default()
    };
    let failures = run_parallel(&seeds, |seed| {
        let case = generate(seed, &opts);
        let verdict =
            tools::clang_ir(&case, Target::Dxil, &dir).and_then(|ir| check_dxc_offsets(&case, &ir));
        match verdict {
            Ok(()) => vec![],
            Err(e) => vec![failure(
                &case,
                Target::Dxil,
                "clang-22 DXIL vs DXC packer",
                &e,
            )],
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
    report("packer vs clang-22", seeds.len(), &failures);
}

#[test]
fn splitmix64_matches_the_reference_sequence() {
    let mut rng = SplitMix64::new(0);
    assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
}

/// Same seed, same file; and over a few hundred seeds every construct the
/// issue lists shows up.
#[test]
fn generator_is_reproducible_and_covers_every_construct() {
    let opts = GenOptions::default();
    assert_eq!(
        render::body(&generate(42, &opts)),
        render::body(&generate(42, &opts))
    );
    assert_ne!(
        render::body(&generate(42, &opts)),
        render::body(&generate(43, &opts))
    );
    let mut text = String::new();
    let mut native16 = 0;
    for seed in 0..300 {
        let case = generate(seed, &opts);
        native16 += u32::from(case.native16);
        text.push_str(&render::body(&case));
    }
    assert!(native16 > 50, "16-bit cases: {native16}");
    let constructs = [
        "bool ",
        "int ",
        "uint ",
        "float ",
        "double ",
        "int64_t ",
        "uint64_t ",
        "half ",
        "float16_t",
        "int16_t",
        "uint16_t",
        "float1 ",
        "int2 ",
        "uint3 ",
        "double4 ",
        "half2x3 ",
        "float4x1 ",
        "][",
        "struct S1 : S0",
        "tbuffer ",
        "register(b",
        "register(t",
        ", space",
        ": register(space",
        "packoffset(c",
        ".w)",
        "static ",
        "groupshared ",
        "RWBuffer<float> x",
        "Empty x",
        "[0];",
        "\nRWBuffer<float> r",
        "\nfloat g",
    ];
    for construct in constructs {
        assert!(
            text.contains(construct),
            "no generated case contains `{construct}`"
        );
    }
    let out_of_order = (0..300).any(|seed| {
        generate(seed, &opts).items.iter().any(|item| match item {
            Item::Buffer(b) => {
                let offsets: Vec<u64> = b.members.iter().filter_map(|m| m.packoffset).collect();
                offsets.windows(2).any(|w| w[0] > w[1])
            }
            _ => false,
        })
    });
    assert!(
        out_of_order,
        "no buffer with packoffsets out of declaration order"
    );
}

fn stored(name: &str, ty: Ty) -> Member {
    Member {
        name: name.to_string(),
        ty,
        storage: Storage::Stored,
        packoffset: None,
        vk_offset: None,
        vk_global: None,
    }
}

fn seed000_case(native16: bool, structs: Vec<StructDef>, members: Vec<Member>) -> (Case, Buffer) {
    let buffer = Buffer {
        kind: BufferKind::CBuffer,
        name: "Example".into(),
        register: None,
        members,
    };
    let case = Case {
        seed: 0,
        native16,
        dxc_rejects: false,
        structs,
        items: vec![Item::Buffer(buffer.clone())],
    };
    (case, buffer)
}

fn offsets(packed: &[PackedMember]) -> Vec<u64> {
    packed.iter().map(|m| m.offset).collect()
}

fn end(packed: &[PackedMember]) -> u64 {
    packed
        .iter()
        .flat_map(|m| &m.leaves)
        .map(|l| l.offset + l.size)
        .max()
        .unwrap_or(0)
}

fn def(name: &str, base: Option<usize>, fields: Vec<(&str, Ty)>) -> StructDef {
    StructDef {
        name: name.into(),
        base,
        fields: fields.into_iter().map(|(n, t)| (n.into(), t)).collect(),
        vk_offsets: Vec::new(),
    }
}

fn vk_offsets(case: &Case, buffer: &Buffer, flag: VkFlag) -> Vec<u64> {
    offsets(&pack_buffer_vk(case, buffer, flag).unwrap())
}

/// The Vulkan layout model reproduces DXC's own `vk.layout.*` tests (the
/// offsets of their CHECK lines). The model has no `row_major`, so a
/// `row_major RxC` matrix of DXC's test is written as the column-major
/// `CxR` one, which is stored the same way (C-component vectors, R of them).
#[test]
fn vk_model_reproduces_dxc_vk_layout_tests() {
    use Scalar::*;
    let (s, v, m, a, st) = (
        Ty::Scalar,
        Ty::Vector,
        Ty::Matrix,
        |t: Ty, n| Ty::Array(Box::new(t), n),
        Ty::Struct,
    );

    // vk.layout.cbuffer.std140.hlsl (-fvk-use-gl-layout).
    let structs = vec![
        def("R", None, vec![("rf", v(Float, 2))]),
        def(
            "S",
            None,
            vec![
                ("sf1", st(0)),
                ("sf2", s(Float)),
                ("sf3", v(Float, 3)),
                ("sf4", s(Float)),
            ],
        ),
        def(
            "T",
            None,
            vec![
                ("tf1", s(Int)),
                ("tf2", a(st(0), 3)),
                ("tf3", m(Float, 3, 2)),
                ("tf4", st(1)),
                ("tf5", s(Float)),
                ("tf6", m(Int, 2, 3)),
            ],
        ),
    ];
    let members = vec![
        stored("a", s(Bool)),
        stored("b", v(Uint, 1)),
        stored("c", v(Float, 3)),
        stored("d", m(Float, 3, 2)),
        stored("e", m(Float, 2, 3)),
        stored("f", m(Float, 2, 1)),
        stored("g", a(m(Float, 3, 2), 3)),
        stored("h", a(m(Float, 2, 2), 4)),
        stored("t", st(2)),
        stored("y", m(Int, 3, 2)),
        stored("z", s(Float)),
    ];
    let (case, b) = seed000_case(false, structs, members);
    let std140 = Model {
        case: &case,
        rule: Rule::Std140,
    };
    assert_eq!(std140.struct_offsets(1), (16, 48, vec![0, 16, 32, 44]));
    assert_eq!(
        std140.struct_offsets(2),
        (16, 208, vec![0, 16, 64, 96, 144, 160])
    );
    assert_eq!(
        vk_offsets(&case, &b, VkFlag::Gl),
        [0, 4, 16, 32, 64, 112, 128, 224, 352, 560, 592]
    );

    // vk.layout.cbuffer.scalar.hlsl (-fvk-use-scalar-layout
    // -enable-16bit-types): S is 28 bytes, not rounded to its alignment 8,
    // so T's `tf4` ends at 84 and the 2-byte `tf5` goes there.
    let structs = vec![
        def("R", None, vec![("rf", s(Double))]),
        def(
            "S",
            None,
            vec![
                ("sf1", st(0)),
                ("sf2", s(Float)),
                ("sf3", v(Float, 3)),
                ("sf4", s(Float)),
            ],
        ),
        def(
            "T",
            None,
            vec![
                ("tf1", s(Int)),
                ("tf2", a(st(0), 3)),
                ("tf3", m(Float, 3, 2)),
                ("tf4", st(1)),
                ("tf5", s(Float16)),
                ("tf6", s(Float)),
            ],
        ),
    ];
    let members = vec![
        stored("a", s(Bool)),
        stored("b", v(Uint, 1)),
        stored("c", v(Float, 3)),
        stored("d", m(Float, 3, 2)),
        stored("e", m(Float, 2, 3)),
        stored("f", m(Float, 2, 1)),
        stored("g", a(m(Float, 3, 2), 3)),
        stored("h", a(m(Float, 2, 2), 4)),
        stored("t", st(2)),
        stored("z", s(Float)),
    ];
    let (case, b) = seed000_case(true, structs, members);
    let scalar = Model {
        case: &case,
        rule: Rule::Scalar,
    };
    assert_eq!(scalar.struct_offsets(1), (8, 28, vec![0, 8, 12, 24]));
    assert_eq!(
        scalar.struct_offsets(2),
        (8, 92, vec![0, 8, 32, 56, 84, 88])
    );
    assert_eq!(
        vk_offsets(&case, &b, VkFlag::Scalar),
        [0, 4, 8, 20, 44, 68, 76, 148, 216, 308]
    );

    // vk.layout.vector.relaxed.hlsl (no flag): the same struct in a
    // cbuffer (relaxed std140) and a tbuffer (relaxed std430).
    let mut fields = Vec::new();
    for (i, ty) in [
        s(Float),
        v(Float, 3),
        v(Float, 3),
        v(Float, 1),
        s(Float),
        v(Float, 2),
        v(Float, 1),
        v(Float, 2),
        v(Float, 2),
        v(Float, 2),
        v(Float, 3),
        s(Float),
        v(Float, 1),
        v(Float, 4),
        v(Float, 3),
        s(Float),
        a(v(Float, 1), 1),
        a(v(Float, 3), 1),
        a(v(Float, 3), 1),
        a(s(Float), 1),
        a(v(Float, 1), 2),
        a(v(Float, 3), 2),
        a(v(Float, 3), 2),
        a(s(Float), 2),
    ]
    .into_iter()
    .enumerate()
    {
        fields.push((format!("f{i}"), ty));
    }
    let relaxed = StructDef {
        name: "S".into(),
        base: None,
        fields,
        vk_offsets: Vec::new(),
    };
    let (case, _) = seed000_case(false, vec![relaxed], vec![]);
    let model = |rule| Model { case: &case, rule };
    assert_eq!(
        model(Rule::RelaxedStd140).struct_offsets(0).2,
        [
            0, 4, 16, 28, 32, 36, 44, 48, 56, 64, 80, 92, 96, 112, 128, 140, 144, 160, 176, 192,
            208, 240, 272, 304
        ]
    );
    assert_eq!(
        model(Rule::RelaxedStd430).struct_offsets(0),
        (
            16,
            288,
            vec![
                0, 4, 16, 28, 32, 36, 44, 48, 56, 64, 80, 92, 96, 112, 128, 140, 144, 160, 176,
                192, 196, 208, 240, 272
            ]
        )
    );

    // vk.layout.tbuffer.std430.hlsl (no flag: relaxed std430 for tbuffers).
    let structs = vec![def(
        "S",
        None,
        vec![
            ("a", a(s(Float), 2)),
            ("b", a(v(Float, 3), 2)),
            ("c", a(m(Float, 3, 2), 2)),
            ("d", a(m(Float, 2, 3), 2)),
            ("e", a(m(Float, 2, 3), 2)),
            ("f", a(m(Int, 3, 2), 2)),
            ("g", s(Int)),
        ],
    )];
    let (mut case, _) = seed000_case(false, structs, vec![]);
    let tb = Buffer {
        kind: BufferKind::TBuffer,
        name: "myTbuffer".into(),
        register: None,
        members: vec![stored("s", a(st(0), 2)), stored("t", s(Uint))],
    };
    case.items = vec![Item::Buffer(tb.clone())];
    let std430 = Model {
        case: &case,
        rule: Rule::RelaxedStd430,
    };
    assert_eq!(
        std430.struct_offsets(0),
        (16, 288, vec![0, 16, 48, 112, 160, 208, 272])
    );
    assert_eq!(vk_offsets(&case, &tb, VkFlag::Default), [0, 576]);
}

/// The model's FXC rule (`-fvk-use-dx-layout`) reproduces DXC's
/// `vk.layout.cbuffer.fxc.hlsl` (its CHECK offsets, which are FXC's), with
/// `row_major RxC` written as the column-major `CxR`.
#[test]
fn vk_model_reproduces_dxc_fxc_layout_test() {
    use Scalar::*;
    let (s, v, m, a) = (Ty::Scalar, Ty::Vector, Ty::Matrix, |t: Ty, n| {
        Ty::Array(Box::new(t), n)
    });
    let fields = vec![
        ("scalar1", s(Float)),
        ("scalar2", s(Double)),
        ("vector1", v(Float, 3)),
        ("vector2", v(Float, 3)),
        ("vector3", v(Double, 3)),
        ("vector4", v(Double, 3)),
        ("matrix1", m(Float, 2, 3)),
        ("matrix2", m(Float, 3, 2)),
        ("matrix3", m(Float, 3, 2)),
        ("matrix4", m(Float, 2, 3)),
        ("scalarArray1", a(s(Float), 1)),
        ("scalarArray2", a(s(Double), 2)),
        ("vectorArray1", a(v(Float, 3), 1)),
        ("vectorArray2", a(v(Float, 3), 2)),
        ("vectorArray3", a(v(Double, 3), 3)),
        ("vectorArray4", a(v(Double, 3), 4)),
        ("matrixArray1", a(m(Float, 2, 3), 1)),
        ("matrixArray2", a(m(Float, 3, 2), 2)),
        ("matrixArray3", a(m(Float, 3, 2), 3)),
        ("matrixArray4", a(m(Float, 2, 3), 4)),
    ];
    let members = vec![
        stored("CB_scalar1", s(Float)),
        stored("CB_sArray", a(Ty::Struct(0), 2)),
        stored("CB_scalarArray1", a(s(Float), 1)),
        stored("CB_vectorArray1", a(v(Float, 3), 1)),
        stored("CB_vector1", v(Float, 3)),
        stored("CB_matrixArray1", a(m(Float, 2, 3), 1)),
        stored("CB_vector2", v(Float, 3)),
        stored("CB_scalarArray2", a(s(Double), 2)),
        stored("CB_matrix1", m(Float, 2, 3)),
        stored("CB_vector3", v(Double, 3)),
        stored("CB_matrix2", m(Float, 3, 2)),
        stored("CB_matrixArray2", a(m(Float, 3, 2), 2)),
        stored("CB_matrix3", m(Float, 3, 2)),
        stored("CB_matrix4", m(Float, 2, 3)),
        stored("CB_vectorArray2", a(v(Float, 3), 2)),
        stored("CB_matrixArray3", a(m(Float, 3, 2), 3)),
        stored("CB_vectorArray3", a(v(Double, 3), 3)),
        stored("CB_matrixArray4", a(m(Float, 2, 3), 4)),
        stored("CB_vector4", v(Double, 3)),
        stored("CB_vectorArray4", a(v(Double, 3), 4)),
        stored("CB_scalar2", s(Double)),
        stored("CB_vector5", v(Float, 3)),
        stored("CB_scalarArray3", a(s(Int), 3)),
        stored("CB_vector6", v(Float, 3)),
    ];
    let (case, b) = seed000_case(false, vec![def("S", None, fields)], members);
    let fxc = Model {
        case: &case,
        rule: Rule::FxcCTBuffer,
    };
    assert_eq!(
        fxc.struct_offsets(0),
        (
            16,
            984,
            vec![
                0, 8, 16, 32, 48, 80, 112, 160, 192, 224, 272, 288, 320, 336, 368, 464, 592, 640,
                704, 800
            ]
        )
    );
    assert_eq!(
        vk_offsets(&case, &b, VkFlag::Dx),
        [
            0, 16, 2000, 2016, 2032, 2048, 2096, 2112, 2144, 2192, 2224, 2256, 2320, 2352, 2400,
            2432, 2528, 2624, 2816, 2848, 2968, 2976, 2992, 3028
        ]
    );
    // A double3x2 (two columns of double3) is what DXC sizes as if its
    // columns were 16 bytes apart: the model reports it.
    let (case, b) = seed000_case(false, vec![], vec![stored("dm", m(Double, 3, 2))]);
    assert!(pack_buffer_vk(&case, &b, VkFlag::Dx).is_err());
    assert!(pack_buffer_vk(&case, &b, VkFlag::Default).is_ok());
}

/// DXC's SPIR-V back end places `packoffset` members in declaration order
/// under every flag and rejects one before the previous member's end; a
/// derived struct's base is a struct field of its own.
#[test]
fn vk_model_packoffset_and_bases() {
    use Scalar::*;
    let placed = |name: &str, ty, at| Member {
        packoffset: Some(at),
        ..stored(name, ty)
    };
    let (case, b) = seed000_case(
        false,
        vec![],
        vec![
            placed("x", Ty::Scalar(Float), 32),
            placed("y", Ty::Vector(Float, 4), 48),
        ],
    );
    for flag in [VkFlag::Default, VkFlag::Gl, VkFlag::Scalar] {
        assert_eq!(vk_offsets(&case, &b, flag), [32, 48]);
    }
    let (case, b) = seed000_case(
        false,
        vec![],
        vec![
            placed("x", Ty::Scalar(Float), 32),
            placed("y", Ty::Scalar(Float), 0),
        ],
    );
    assert!(pack_buffer_vk(&case, &b, VkFlag::Gl).is_err());
    // A float2 at c0.y: relaxed std140 and scalar accept it, std140 (which
    // SPIR-V's validator checks under -fvk-use-gl-layout) does not.
    let (case, b) = seed000_case(false, vec![], vec![placed("v", Ty::Vector(Float, 2), 4)]);
    assert!(pack_buffer_vk(&case, &b, VkFlag::Default).is_ok());
    assert!(pack_buffer_vk(&case, &b, VkFlag::Scalar).is_ok());
    assert!(pack_buffer_vk(&case, &b, VkFlag::Gl).is_err());

    // struct B { float x; }; struct D : B { float y; }: under std140 the
    // base is a 16-byte struct, so y is at 16; under std430 at 4.
    let (case, _) = seed000_case(
        false,
        vec![
            def("B", None, vec![("x", Ty::Scalar(Float))]),
            def("D", Some(0), vec![("y", Ty::Scalar(Float))]),
        ],
        vec![],
    );
    let model = |rule| Model { case: &case, rule };
    assert_eq!(model(Rule::Std140).struct_offsets(1), (16, 32, vec![0, 16]));
    assert_eq!(model(Rule::Std430).struct_offsets(1), (4, 8, vec![0, 4]));
}

/// The Vulkan model packs bitfields as DXC's SPIR-V back end does, as its
/// own tests show: `vk.layout.cbuffer.bitfield` (relaxed std140: a run of
/// one type shares a unit while it fits, a `uint` and an `int` run never
/// do) and `vk.layout.rwstructuredbuffer.bitfield` (relaxed std430: the
/// struct sizes are its array strides). The `: 0` cases follow the struct
/// lowering: it joins the open unit of its type, and elsewhere it is a
/// member of its own type.
#[test]
fn vk_model_reproduces_dxc_bitfield_tests() {
    use Scalar::*;
    let b = Ty::Bitfield;
    let (s, v, st) = (Ty::Scalar, Ty::Vector, Ty::Struct);
    let structs = vec![
        // vk.layout.cbuffer.bitfield: S5 (overflow), S6 (types), S7 (mix),
        // S10 (alternating types), S13 (a float4 after a unit).
        def("S5", None, vec![("f1", b(Uint, 30)), ("f2", b(Uint, 3))]),
        def("S6", None, vec![("f2", b(Uint, 1)), ("f1", b(Int, 1))]),
        def(
            "S7",
            None,
            vec![
                ("f1", s(Uint)),
                ("f2", b(Uint, 1)),
                ("f3", b(Uint, 1)),
                ("f4", s(Uint)),
            ],
        ),
        def(
            "S10",
            None,
            vec![
                ("f2", b(Uint, 1)),
                ("f1", b(Int, 1)),
                ("f3", b(Uint, 1)),
                ("f4", b(Int, 1)),
            ],
        ),
        def("S13", None, vec![("f1", b(Uint, 1)), ("f2", v(Float, 4))]),
        // vk.layout.rwstructuredbuffer.bitfield: S1, S4 (a full second
        // unit), S9 (units around an array of S1).
        def("S1", None, vec![("f1", b(Uint, 1)), ("f2", b(Uint, 1))]),
        def("S4", None, vec![("f1", b(Uint, 1)), ("f2", b(Uint, 32))]),
        def(
            "S9",
            None,
            vec![
                ("f1", b(Uint, 1)),
                ("f2", b(Uint, 1)),
                ("f3", Ty::Array(Box::new(st(5)), 10)),
                ("f4", b(Uint, 1)),
                ("f5", b(Uint, 1)),
            ],
        ),
        // `: 0`: closing nothing, and a member after a float.
        def(
            "Z",
            None,
            vec![("a", b(Uint, 4)), ("", b(Uint, 0)), ("c", b(Uint, 4))],
        ),
        def(
            "F",
            None,
            vec![("x", s(Float)), ("", b(Uint, 0)), ("y", s(Float))],
        ),
        // `bool` lowers to a 32-bit `uint` in a buffer (LowerTypeVisitor),
        // so it shares a unit with `uint` bitfields, not with `int` ones.
        def(
            "B",
            None,
            vec![
                ("a", b(Bool, 1)),
                ("b", b(Uint, 3)),
                ("c", b(Int, 2)),
                ("d", b(Bool, 1)),
            ],
        ),
    ];
    let mut structs = structs;
    // `[[vk::offset(8)]]` on `b` (lit-tests/emit/vk-offset-bitfield.hlsl):
    // b does not join a's unit, c joins b's, f follows at 12.
    let mut o = def(
        "O",
        None,
        vec![
            ("a", b(Uint, 3)),
            ("b", b(Uint, 4)),
            ("c", b(Uint, 2)),
            ("f", s(Float)),
        ],
    );
    o.vk_offsets = vec![("b".into(), 8)];
    structs.push(o);
    let (case, _) = seed000_case(false, structs, vec![]);
    let model = |rule| Model { case: &case, rule };
    for rule in [
        Rule::RelaxedStd140,
        Rule::Std430,
        Rule::Scalar,
        Rule::FxcCTBuffer,
    ] {
        assert_eq!(model(rule).struct_offsets(11).2, vec![0, 8, 12], "{rule:?}");
    }
    let relaxed = model(Rule::RelaxedStd140);
    assert_eq!(relaxed.struct_offsets(0), (16, 16, vec![0, 4]));
    assert_eq!(relaxed.struct_offsets(1), (16, 16, vec![0, 4]));
    assert_eq!(relaxed.struct_offsets(2), (16, 16, vec![0, 4, 8]));
    assert_eq!(relaxed.struct_offsets(3), (16, 16, vec![0, 4, 8, 12]));
    assert_eq!(relaxed.struct_offsets(4), (16, 32, vec![0, 16]));
    assert_eq!(relaxed.struct_offsets(8), (16, 16, vec![0]));
    assert_eq!(relaxed.struct_offsets(9), (16, 16, vec![0, 4, 8]));
    let std430 = model(Rule::RelaxedStd430);
    assert_eq!(std430.struct_offsets(5), (4, 4, vec![0]));
    assert_eq!(std430.struct_offsets(6), (4, 8, vec![0, 4]));
    assert_eq!(std430.struct_offsets(7), (4, 48, vec![0, 4, 44]));
    assert_eq!(std430.struct_offsets(10), (4, 12, vec![0, 4, 8]));
    // DXC's FXC structured rule (push constants under -fvk-use-dx-layout):
    // a `float4` after a unit sits at 4, the struct is rounded to 4.
    let fxc_sbuffer = model(Rule::FxcSBuffer);
    assert_eq!(fxc_sbuffer.struct_offsets(4), (4, 20, vec![0, 4]));
    assert_eq!(fxc_sbuffer.struct_offsets(10), (4, 12, vec![0, 4, 8]));
}

/// Every constant-buffer example of seed 000, with the offsets and sizes the
/// article gives.
#[test]
fn dxc_packer_reproduces_the_seed_000_examples() {
    use Scalar::*;
    let v = Ty::Vector;
    let s = Ty::Scalar;
    let (case, b) = seed000_case(
        true,
        vec![],
        vec![
            stored("smol", s(Uint16)),
            stored("f1", s(Float)),
            stored("f2", s(Float)),
            stored("lorg", s(Double)),
            stored("four_bytes", s(Bool)),
        ],
    );
    let p = pack_buffer(&case, &b);
    assert_eq!((offsets(&p), end(&p)), (vec![0, 4, 8, 16, 24], 28));

    let (case, b) = seed000_case(
        true,
        vec![],
        vec![
            stored("f1", s(Float)),
            stored("vec", v(Float, 3)),
            stored("other_vec", v(Uint, 3)),
            stored("f2", s(Float)),
            stored("smol", s(Float16)),
            stored("intvec", v(Int, 2)),
        ],
    );
    let p = pack_buffer(&case, &b);
    assert_eq!((offsets(&p), end(&p)), (vec![0, 4, 16, 28, 32, 36], 44));

    let (case, b) = seed000_case(
        false,
        vec![],
        vec![
            stored("position", v(Float, 3)),
            stored("normal", v(Float, 3)),
            stored("index", s(Uint)),
            stored("d", v(Double, 4)),
        ],
    );
    let p = pack_buffer(&case, &b);
    assert_eq!((offsets(&p), end(&p)), (vec![0, 16, 28, 32], 64));

    let (case, b) = seed000_case(
        false,
        vec![],
        vec![
            stored("before", v(Float, 2)),
            stored("array", Ty::Array(Box::new(s(Float)), 2)),
            stored("after", v(Float, 2)),
        ],
    );
    let p = pack_buffer(&case, &b);
    assert_eq!((offsets(&p), end(&p)), (vec![0, 16, 36], 44));
    let array_elements: Vec<u64> = p[1].leaves.iter().map(|l| l.offset).collect();
    assert_eq!(array_elements, [16, 32]);

    let (case, b) = seed000_case(
        false,
        vec![],
        vec![
            stored("before", v(Float, 2)),
            stored("mat", Ty::Matrix(Float, 2, 3)),
            stored("smol_mat", Ty::Matrix(Float, 2, 1)),
        ],
    );
    let p = pack_buffer(&case, &b);
    assert_eq!((offsets(&p), end(&p)), (vec![0, 16, 56], 64));
    let columns: Vec<u64> = p[1].leaves.iter().map(|l| l.offset).collect();
    assert_eq!(columns, [16, 20, 32, 36, 48, 52]);

    let inner = StructDef {
        name: "Inner_t".into(),
        base: None,
        fields: vec![
            ("start".into(), s(Float)),
            ("d".into(), s(Double)),
            ("end".into(), s(Float)),
        ],
        vk_offsets: Vec::new(),
    };
    let (case, b) = seed000_case(
        false,
        vec![inner],
        vec![
            stored("before", v(Float, 2)),
            stored("inner", Ty::Struct(0)),
            stored("after", v(Float, 3)),
        ],
    );
    let p = pack_buffer(&case, &b);
    assert_eq!((offsets(&p), end(&p)), (vec![0, 16, 36], 48));
    let fields: Vec<u64> = p[1].leaves.iter().map(|l| l.offset).collect();
    assert_eq!(fields, [16, 24, 32]);
}

/// A hand-written file with every shape the comparator reads.
const COMPARATOR_SAMPLE: &str = "struct Inner { float start; double d; float end; };
struct W { float a; RWBuffer<float> r; float3 b; };
cbuffer CB : register(b3, space1) { float a1[3]; float2 v; Inner inn[2]; W w; int j; }
RWBuffer<float> rw;
cbuffer C2 : register(space2) { float4 x : packoffset(c2); float y : packoffset(c0.z); }
tbuffer T { float t; static float st; groupshared float gs; }
float g1;
int2 g2;
";

fn clang_sample(target: Target) -> String {
    let case = Case {
        seed: 0x5A4D,
        native16: false,
        dxc_rejects: false,
        structs: vec![],
        items: vec![],
    };
    let dir = tools::scratch_dir("sample");
    let path = dir.join("sample.hlsl");
    let source = render::clang_source(&case) + COMPARATOR_SAMPLE;
    std::fs::write(&path, source).unwrap();
    let output = std::process::Command::new(tools::clang22())
        .args([
            "-cc1",
            "-triple",
            target.clang_triple(),
            "-x",
            "hlsl",
            "-emit-llvm",
        ])
        .args(["-disable-llvm-passes", "-o", "-"])
        .arg(&path)
        .output()
        .expect("run clang-22");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Moves the call line mentioning `moved` to just after the one mentioning
/// `anchor`.
fn move_line_after(ll: &str, moved: &str, anchor: &str) -> String {
    let is_call = |l: &str, callee: &str| l.contains("call ") && l.contains(callee);
    let moved_line = ll.lines().find(|l| is_call(l, moved)).expect("moved call");
    let mut out = Vec::new();
    for line in ll.lines().filter(|l| *l != moved_line) {
        out.push(line);
        if is_call(line, anchor) {
            out.push(moved_line);
        }
    }
    out.join("\n")
}

/// The comparator finds clang's output equal to itself and to versions that
/// differ only where it must not look, and reports every injected change.
#[test]
fn comparator_is_reflexive_and_reports_injected_differences() {
    for target in Target::BOTH {
        let ll = clang_sample(target);
        assert_eq!(compare_lowering(&ll, &ll), Ok(()));
        let pad = if target == Target::Dxil {
            "dx.Padding"
        } else {
            "spirv.Padding"
        };
        let space = if target == Target::Dxil {
            "addrspace(2)"
        } else {
            "addrspace(12)"
        };

        let type_lines: Vec<&str> = ll.lines().filter(|l| l.starts_with('%')).collect();
        let mut reordered: Vec<&str> = ll.lines().filter(|l| !l.starts_with('%')).collect();
        reordered.splice(4..4, type_lines.iter().rev().copied());
        let benign = [
            ("type definitions in another order", reordered.join("\n")),
            (
                "a uniquing suffix on a user struct",
                ll.replace("%Inner", "%Inner.0"),
            ),
            (
                "another constructor name",
                ll.replace("_GLOBAL__sub_I_sample.hlsl", "ctor"),
            ),
            (
                "another wchar_size",
                ll.replace("!\"wchar_size\", i32 4", "!\"wchar_size\", i32 2"),
            ),
        ];
        for (what, text) in benign {
            assert_eq!(compare_lowering(&ll, &text), Ok(()), "{target:?}: {what}");
        }

        let injected = [
            (
                "a padding size",
                ll.replacen(&format!("{pad}\", 12"), &format!("{pad}\", 8"), 1),
            ),
            (
                "a nested struct body",
                ll.replace("double, float }>", "double, i32 }>"),
            ),
            (
                "a layout type name",
                ll.replace("%__cblayout_C2", "%__cblayout_C2x"),
            ),
            (
                "a member alignment",
                ll.replace(
                    &format!("{space} global float, align 4"),
                    &format!("{space} global float, align 8"),
                ),
            ),
            (
                "a member linkage",
                ll.replacen("external hidden", "external", 1),
            ),
            (
                "global vs constant",
                ll.replacen(&format!("{space} global"), &format!("{space} constant"), 1),
            ),
            (
                "a member address space",
                ll.replace(
                    "@y = external hidden addrspace(",
                    "@y = external hidden addrspace(7",
                ),
            ),
            (
                "hlsl.cbs order",
                ll.replace(
                    ", ptr addrspace(2) @y, ptr addrspace(2) @x}",
                    ", ptr addrspace(2) @x, ptr addrspace(2) @y}",
                )
                .replace(
                    ", ptr addrspace(12) @y, ptr addrspace(12) @x}",
                    ", ptr addrspace(12) @x, ptr addrspace(12) @y}",
                ),
            ),
            (
                "a binding space",
                ll.replace(
                    "(i32 1, i32 3, i32 1, i32 0, ptr @CB.str)",
                    "(i32 0, i32 3, i32 1, i32 0, ptr @CB.str)",
                ),
            ),
            (
                "an implicit order id",
                ll.replace(
                    "(i32 1, i32 2, i32 1, i32 0, ptr @C2.str)",
                    "(i32 2, i32 2, i32 1, i32 0, ptr @C2.str)",
                ),
            ),
            ("a name string", ll.replace("c\"C2\\00\"", "c\"C3\\00\"")),
            (
                "the init attributes",
                ll.replace(
                    "attributes #0 = { alwaysinline }",
                    "attributes #0 = { noinline }",
                ),
            ),
            (
                "the handle initializer",
                ll.replacen(") poison", ") undef", 1),
            ),
            (
                "the data layout",
                ll.replacen("target datalayout = \"e-", "target datalayout = \"E-", 1),
            ),
            (
                "the native 16-bit flag",
                ll.replace("!llvm.module.flags = !{", "!llvm.module.flags = !{!99, ")
                    + "\n!99 = !{i32 1, !\"dx.nativelowprec\", i32 1}\n",
            ),
            (
                "the constructor order",
                move_line_after(&ll, "@_init_buffer_CB.cb()", "@_init_buffer_T.tb()"),
            ),
        ];
        for (what, text) in injected {
            assert!(
                text != ll,
                "{target:?}: the injection of {what} changed nothing"
            );
            let verdict = compare_lowering(&ll, &text);
            assert!(verdict.is_err(), "{target:?}: {what} not reported");
            let diff = verdict.unwrap_err();
            assert!(
                diff.lines()
                    .any(|l| l.starts_with("- ") || l.starts_with("+ ")),
                "{target:?}: {what}: {diff}"
            );
        }
    }
}

/// The default-mode check is not blind: clang-22's own DXIL layout of seed
/// 000's vector example (int2 at 40, DXC 36) fails it, naming the member.
#[test]
fn dxc_offset_check_rejects_clang22_where_it_differs_from_dxc() {
    use Scalar::*;
    let (case, _) = seed000_case(
        true,
        vec![],
        vec![
            stored("f1", Ty::Scalar(Float)),
            stored("vec", Ty::Vector(Float, 3)),
            stored("other_vec", Ty::Vector(Uint, 3)),
            stored("f2", Ty::Scalar(Float)),
            stored("smol", Ty::Scalar(Float16)),
            stored("intvec", Ty::Vector(Int, 2)),
        ],
    );
    let dir = tools::scratch_dir("vector-example");
    let ll = tools::clang_ir(&case, Target::Dxil, &dir).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let problems = check_dxc_offsets(&case, &ll).unwrap_err();
    assert_eq!(
        problems,
        "@Example.cb member intvec:\n    DXC packer: offset 36 components [36:4 40:4]\n    IR layout:  offset 40 components [40:4 44:4]\n"
    );
}

/// The module-level pieces of a `.ll` text that change with the triple or
/// the stage (checked by diffing clang-22's output across triples): the
/// triple, the data layout, `@llvm.global_ctors` (libraries only), the
/// named metadata lists, the module flags and `!dx.valver`, and the
/// init functions and constructor defined. `!llvm.ident` is clang's own; `!hlsl.layouts` is the
/// default mode's own and left out with `default_mode`.
fn module_pieces(ll: &str, default_mode: bool) -> Result<Vec<String>, String> {
    let m = differential::ll_module::parse_module(ll)?;
    let mut pieces = vec![
        format!("triple {}", m.triple),
        format!("datalayout {}", m.datalayout),
    ];
    // The constructor is named after the input file, which differs
    // between the two compilers' runs here.
    let file_named = |l: &str| match l.find("@_GLOBAL__sub_I_") {
        Some(at) => {
            let end = l[at..].find(['(', ',']).map_or(l.len(), |e| at + e);
            format!("{}@_GLOBAL__sub_I_<file>{}", &l[..at], &l[end..])
        }
        None => l.to_owned(),
    };
    pieces.extend(
        ll.lines()
            .filter(|l| l.starts_with("@llvm.global_ctors"))
            .map(file_named),
    );
    let mut named: Vec<&String> = m
        .named_metadata
        .keys()
        .filter(|k| *k != "llvm.ident" && !(default_mode && *k == "hlsl.layouts"))
        .collect();
    named.sort();
    pieces.push(format!("named metadata {named:?}"));
    for list in ["llvm.module.flags", "dx.valver"] {
        for node in m.named_nodes(list) {
            pieces.push(format!("!{list} {}", node.join(", ")));
        }
    }
    let mut defined: Vec<String> = ll
        .lines()
        .filter(|l| l.starts_with("define "))
        // Functions of what cblower emits (clang also defines the resource
        // classes' constructors of a case's other resources).
        .filter(|l| {
            l.contains("@_init_buffer_")
                || l.contains("@\"_init_buffer_")
                || l.contains("@_GLOBAL__sub_I_")
        })
        .map(|l| {
            let head = &l[..l.find('(').unwrap_or(l.len())];
            // The default mode defines the SPIR-V init functions `spir_func`
            // on purpose (clang-22's C convention mismatches its calls).
            let head = match (default_mode, head.find('@')) {
                (true, Some(at)) => &head[at..],
                _ => head,
            };
            file_named(head)
        })
        .collect();
    defined.sort();
    pieces.extend(defined);
    Ok(pieces)
}

/// How one row of the triple table names its triple to cblower, and how
/// clang-22 gets the same one.
enum TripleSpec {
    /// `--triple T` to cblower, `-triple T` to `clang -cc1`.
    Triple(&'static str),
    /// `--triple T --stage S` to cblower (a three-part triple);
    /// `-triple T-S` to clang.
    TripleStage(&'static str, &'static str),
    /// cblower arguments (`-T`, `--target`, `-fspv-target-env`) and the
    /// `clang --driver-mode=dxc` arguments whose `-cc1` triple clang gets.
    Profile(&'static [&'static str], &'static [&'static str]),
}

/// DXIL shader models 6.0 to 6.8 with compute, library, pixel and vertex
/// stages, explicit DXIL versions, three-part triples with `--stage`, `-T`
/// profiles on both targets (the triple clang's dxc driver picks), SPIR-V
/// Vulkan 1.2/1.3 and versioned SPIR-V arches.
fn triple_table() -> Vec<TripleSpec> {
    const DXIL: [&str; 36] = [
        "dxil-pc-shadermodel6.0-compute",
        "dxil-pc-shadermodel6.0-library",
        "dxil-pc-shadermodel6.0-pixel",
        "dxil-pc-shadermodel6.0-vertex",
        "dxil-pc-shadermodel6.1-compute",
        "dxil-pc-shadermodel6.1-library",
        "dxil-pc-shadermodel6.1-pixel",
        "dxil-pc-shadermodel6.1-vertex",
        "dxil-pc-shadermodel6.2-compute",
        "dxil-pc-shadermodel6.2-library",
        "dxil-pc-shadermodel6.2-pixel",
        "dxil-pc-shadermodel6.2-vertex",
        "dxil-pc-shadermodel6.3-compute",
        "dxil-pc-shadermodel6.3-library",
        "dxil-pc-shadermodel6.3-pixel",
        "dxil-pc-shadermodel6.3-vertex",
        "dxil-pc-shadermodel6.4-compute",
        "dxil-pc-shadermodel6.4-library",
        "dxil-pc-shadermodel6.4-pixel",
        "dxil-pc-shadermodel6.4-vertex",
        "dxil-pc-shadermodel6.5-compute",
        "dxil-pc-shadermodel6.5-library",
        "dxil-pc-shadermodel6.5-pixel",
        "dxil-pc-shadermodel6.5-vertex",
        "dxil-pc-shadermodel6.6-compute",
        "dxil-pc-shadermodel6.6-library",
        "dxil-pc-shadermodel6.6-pixel",
        "dxil-pc-shadermodel6.6-vertex",
        "dxil-pc-shadermodel6.7-compute",
        "dxil-pc-shadermodel6.7-library",
        "dxil-pc-shadermodel6.7-pixel",
        "dxil-pc-shadermodel6.7-vertex",
        "dxil-pc-shadermodel6.8-compute",
        "dxil-pc-shadermodel6.8-library",
        "dxil-pc-shadermodel6.8-pixel",
        "dxil-pc-shadermodel6.8-vertex",
    ];
    let mut table: Vec<TripleSpec> = DXIL.into_iter().map(TripleSpec::Triple).collect();
    table.extend(
        [
            "dxilv1.2-pc-shadermodel6.8-compute",
            "dxilv1.8-unknown-shadermodel6.8-library",
            "dxil-pc-shadermodel6.5-mesh",
            "dxil-pc-shadermodel6.6-amplification",
            "dxil-pc-shadermodel6.3-raygeneration",
            "spirv-unknown-vulkan1.2-compute",
            "spirv-unknown-vulkan1.2-library",
            "spirv-unknown-vulkan1.3-compute",
            "spirv-unknown-vulkan1.3-library",
            "spirv-unknown-vulkan1.3-pixel",
            "spirv-unknown-vulkan1.3-vertex",
            "spirv-unknown-vulkan-compute",
            "spirv1.5-unknown-vulkan1.2-compute",
            "spirv1.6-unknown-vulkan1.3-library",
        ]
        .map(TripleSpec::Triple),
    );
    table.push(TripleSpec::TripleStage("dxil-pc-shadermodel6.6", "compute"));
    table.push(TripleSpec::TripleStage("spirv-unknown-vulkan1.3", "pixel"));
    for (ours, driver) in [
        (&["-T", "cs_6_0"][..], &["-T", "cs_6_0"][..]),
        (&["-T", "lib_6_3"], &["-T", "lib_6_3"]),
        (&["-T", "ps_6_6"], &["-T", "ps_6_6"]),
        (&["-T", "vs_6_8"], &["-T", "vs_6_8"]),
        (&["-T", "ms_6_5"], &["-T", "ms_6_5"]),
        (&["-Tas_6_7"], &["-T", "as_6_7"]),
        (
            &["--target", "spirv", "-T", "cs_6_6"],
            &["-spirv", "-T", "cs_6_6"],
        ),
        (
            &[
                "--target",
                "spirv",
                "-T",
                "lib_6_3",
                "-fspv-target-env=vulkan1.2",
            ],
            &["-spirv", "-fspv-target-env=vulkan1.2", "-T", "lib_6_3"],
        ),
    ] {
        table.push(TripleSpec::Profile(ours, driver));
    }
    table
}

/// Issue #17 item 6: `--triple`, `-T` and `--stage` against clang-22 on a
/// table of triples, for a few generated cases each. With `--rules
/// clang-22` the lowering (as the main test compares it) and every
/// module-level piece must match clang-22's output for the same triple; in
/// the default mode the module-level pieces must too.
#[test]
fn cblower_matches_clang22_across_triples_and_profiles() {
    let table = triple_table();
    let dir = tools::scratch_dir("triples");
    // Cases without native 16-bit types (clang refuses those below shader
    // model 6.2; that refusal has its own check below), and that DXC's
    // SPIR-V layout under --fvk-use-dx-layout accepts (it refuses
    // `packoffset`s out of declaration order).
    let cases: Vec<Case> = (0..)
        .map(|i| {
            generate(
                DEFAULT_SEED.wrapping_add(0x7217 + i),
                &GenOptions::default(),
            )
        })
        .filter(|c| !c.native16 && vk_verdict(c, VkFlag::Dx).is_ok())
        .take(2)
        .collect();
    let indices: Vec<u64> = (0..table.len() as u64).collect();
    let failures = run_parallel(&indices, |i| {
        let spec = &table[i as usize];
        let (ours, clang_triple): (Vec<&str>, Result<String, String>) = match spec {
            TripleSpec::Triple(t) => (vec!["--triple", t], Ok((*t).to_owned())),
            TripleSpec::TripleStage(t, s) => {
                (vec!["--triple", t, "--stage", s], Ok(format!("{t}-{s}")))
            }
            TripleSpec::Profile(ours, driver) => (
                ours.to_vec(),
                tools::dxc_driver_triple(driver, &dir.join(format!("probe-{i}"))),
            ),
        };
        let what = ours.join(" ");
        let clang_triple = match clang_triple {
            Ok(t) => t,
            Err(e) => return vec![format!("{what}: {e}")],
        };
        let mut failures = Vec::new();
        for case in &cases {
            let clang = match tools::clang_ir_for_triple(case, &clang_triple, &dir) {
                Ok(ir) => ir,
                Err(e) => {
                    failures.push(format!("{what}: clang-22 -triple {clang_triple}: {e}"));
                    continue;
                }
            };
            let clang_pieces = module_pieces(&clang, false);
            let ours_clang22 = tools::cblower_ir_args(case, &ours, Rules::Clang22, &dir);
            let verdict = ours_clang22.and_then(|ll| {
                compare_lowering(&clang, &ll)?;
                let (want, got) = (clang_pieces.clone()?, module_pieces(&ll, false)?);
                if want == got {
                    Ok(())
                } else {
                    Err(differential::text_diff::line_diff(
                        "clang-22", &want, "cblower", &got,
                    ))
                }
            });
            if let Err(e) = verdict {
                failures.push(format!(
                    "{what} --rules clang-22 vs clang-22 -triple {clang_triple}, case {:#x}:\n{e}",
                    case.seed
                ));
            }
            let verdict =
                tools::cblower_ir_args(case, &ours, Rules::Cbuffer, &dir).and_then(|ll| {
                    let want = module_pieces(&clang, true)?;
                    let got = module_pieces(&ll, true)?;
                    if want == got {
                        Ok(())
                    } else {
                        Err(differential::text_diff::line_diff(
                            "clang-22", &want, "cblower", &got,
                        ))
                    }
                });
            if let Err(e) = verdict {
                failures.push(format!(
                    "{what} (default rules) vs clang-22 -triple {clang_triple}, case {:#x}:\n{e}",
                    case.seed
                ));
            }
        }
        failures
    });
    let _ = std::fs::remove_dir_all(&dir);
    let shown: Vec<&str> = failures.iter().take(5).map(|(_, f)| f.as_str()).collect();
    assert!(
        failures.is_empty(),
        "triple table: {} of {} checks failed (first {} below)\n\n{}",
        failures.len(),
        table.len() * cases.len() * 2,
        shown.len(),
        shown.join("\n\n")
    );
}

/// What clang-22 refuses, cblower refuses as a usage error (exit 2): native
/// 16-bit types below shader model 6.2, a SPIR-V arch that does not go with
/// its Vulkan version.
#[test]
fn cblower_refuses_what_clang22_refuses_for_a_triple() {
    let dir = tools::scratch_dir("triple-refusals");
    let source = dir.join("cb.hlsl");
    std::fs::write(&source, "cbuffer CB { float4 a; };\n").unwrap();
    for (ours, clang_args) in [
        (
            &["-T", "cs_6_1", "--enable-16bit-types"][..],
            &[
                "-triple",
                "dxil-pc-shadermodel6.1-compute",
                "-fnative-half-type",
            ][..],
        ),
        (
            &["--triple", "spirv1.6-unknown-vulkan1.2-compute"],
            &["-triple", "spirv1.6-unknown-vulkan1.2-compute"],
        ),
        (
            &["--triple", "spirv-unknown-vulkan1.1-compute"],
            &["-triple", "spirv-unknown-vulkan1.1-compute"],
        ),
        (
            &["--triple", "dxil-pc-shadermodel6.6"],
            &["-triple", "dxil-pc-shadermodel6.6"],
        ),
    ] {
        let clang = std::process::Command::new(tools::clang22())
            .arg("-cc1")
            .args(clang_args)
            .args(["-x", "hlsl", "-emit-llvm", "-o", "-"])
            .arg(&source)
            .output()
            .unwrap();
        assert!(!clang.status.success(), "clang-22 accepted {clang_args:?}");
        let ours_out = std::process::Command::new(env!("CARGO_BIN_EXE_cblower"))
            .arg("emit-llvm")
            .args(ours)
            .arg(&source)
            .output()
            .unwrap();
        assert_eq!(ours_out.status.code(), Some(2), "{ours:?}");
        assert!(ours_out.stdout.is_empty(), "{ours:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The push-constant blocks (issue #15 item 5) appended after generated
/// cases: `--rules clang-22` must give clang-22's `@pc` global and its
/// `%struct.*` types line for line (plain and packed structs, 3-element
/// vectors, matrices, `bool`, arrays, nested and base structs, bitfields
/// with `: 0`, empty structs and zero-length arrays).
const PUSH_CONSTANT_EXTRAS: [&str; 5] = [
    "struct PushInner { float a; float2 b; };\n\
     struct PushPC { float4 tint; float scale; float3 v; bool b; float2x3 m; PushInner i; PushInner arr[2]; };\n\
     [[vk::push_constant]] PushPC pc;\n",
    "struct PushBase { float3 a; };\n\
     struct PushPC : PushBase { float b; double2 d; int3 c[2]; };\n\
     [[vk::push_constant]] PushPC pc;\n",
    "struct PushPC { float4 c; float3 a; float4x4 m; bool4 flags; };\n\
     [[vk::push_constant]] PushPC pc;\n",
    "struct PushEmpty {};\n\
     struct PushBits { uint a : 3; int b : 20; };\n\
     struct PushPC : PushEmpty { float f; uint b : 12; uint : 0; uint64_t c : 40; \
     PushEmpty e; float z[0]; PushBits bits[2]; uint d : 1; };\n\
     [[vk::push_constant]] PushPC pc;\n",
    "struct PushEmpty {};\n\
     struct PushPC { PushEmpty e; float3 z[0]; int a : 31; int b : 3; double d; PushEmpty tail; };\n\
     [[vk::push_constant]] PushPC pc;\n",
];

/// The lines of a module that describe push-constant blocks.
fn push_constant_lines(ll: &str) -> Vec<&str> {
    ll.lines()
        .filter(|l| l.starts_with("%struct.Push") || l.contains("addrspace(13)"))
        .collect()
}

#[test]
fn push_constant_blocks_match_clang22() {
    let dir = tools::scratch_dir("push-constants");
    let cases: Vec<Case> = (0..)
        .map(|i| {
            generate(
                DEFAULT_SEED.wrapping_add(0x9C00 + i),
                &GenOptions::default(),
            )
        })
        .filter(|c| !c.native16)
        .take(PUSH_CONSTANT_EXTRAS.len())
        .collect();
    for (case, extra) in cases.iter().zip(PUSH_CONSTANT_EXTRAS) {
        let clang = tools::clang_ir_with(case, extra, Target::SpirV, &dir)
            .unwrap_or_else(|e| panic!("clang-22 rejected case {:#x}: {e}", case.seed));
        let ours = tools::cblower_ir_with(case, extra, Target::SpirV, Rules::Clang22, &dir)
            .unwrap_or_else(|e| panic!("cblower rejected case {:#x}: {e}", case.seed));
        let want = push_constant_lines(&clang);
        assert!(
            want.len() >= 2,
            "clang-22 emitted no push constant:\n{clang}"
        );
        assert_eq!(want, push_constant_lines(&ours), "case {:#x}", case.seed);
        compare_lowering(&clang, &ours).unwrap_or_else(|e| panic!("case {:#x}: {e}", case.seed));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The module-level definitions of a `.ll` text, in order: each named
/// type and each global (`@llvm.global_ctors` left out: it names the input
/// file), keyed by its name.
fn module_definitions(ll: &str) -> Vec<(&str, &str)> {
    ll.lines()
        .filter(|l| (l.starts_with('%') && l.contains(" = type ")) || l.starts_with('@'))
        .filter(|l| !l.starts_with("@llvm.global_ctors"))
        .filter_map(|l| l.split_once(" = ").map(|(name, _)| (name, l)))
        .collect()
}

/// Where a case's push-constant global sits: `(gap, gaps, globals)`, the
/// number of buffers declared before it, the number of buffers, and whether
/// `$Globals` has members (a stored global that is not a Vulkan global).
fn push_constant_position(case: &Case) -> Option<(usize, usize, bool)> {
    let buffers = case
        .items
        .iter()
        .filter(|i| matches!(i, Item::Buffer(_)))
        .count();
    let at = case.items.iter().position(|i| {
        matches!(i, Item::Global(m) if m.vk_global == Some(differential::model::VkGlobal::PushConstant))
    })?;
    let gap = case.items[..at]
        .iter()
        .filter(|i| matches!(i, Item::Buffer(_)))
        .count();
    let globals = case.items.iter().any(
        |i| matches!(i, Item::Global(m) if m.vk_global.is_none() && m.storage == Storage::Stored),
    );
    Some((gap, buffers, globals))
}

/// Issue #15 item 5: a push-constant block may be declared before, between
/// or after the cbuffers, with or without `$Globals` members. clang-22
/// emits its global, and so its `%struct.*` types, where it is declared;
/// `--rules clang-22` must give every type and global line of clang-22's
/// module that cblower emits, in clang-22's order, byte for byte (clang's
/// other resources filtered out), and the same lowering.
#[test]
fn push_constant_placement_matches_clang22() {
    let dir = tools::scratch_dir("push-constant-placement");
    let opts = GenOptions {
        conformance: true,
        push_constant_anywhere: true,
        ..GenOptions::default()
    };
    let cases: Vec<Case> = (0..)
        .map(|i| generate(DEFAULT_SEED.wrapping_add(0x9D00 + i), &opts))
        .filter(|c| push_constant_position(c).is_some())
        .take(env_u64("CBLOWER_DIFF_PC_CASES", 120) as usize)
        .collect();
    // Every relative position, with and without `$Globals` members.
    let mut seen = std::collections::BTreeSet::new();
    for case in &cases {
        if let Some((gap, buffers, globals)) = push_constant_position(case) {
            let place = match gap {
                0 => "first",
                g if g == buffers => "last",
                _ => "between",
            };
            seen.insert((place, globals));
        }
    }
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        [
            ("between", false),
            ("between", true),
            ("first", false),
            ("first", true),
            ("last", false),
            ("last", true)
        ]
    );
    let seeds: Vec<u64> = cases.iter().map(|c| c.seed).collect();
    let failures = run_parallel(&seeds, |seed| {
        let case = generate(seed, &opts);
        let clang = match tools::clang_ir(&case, Target::SpirV, &dir) {
            Ok(ir) => ir,
            Err(e) => return vec![failure(&case, Target::SpirV, "clang-22 rejected", &e)],
        };
        let ours = match tools::cblower_ir(&case, Target::SpirV, Rules::Clang22, &dir) {
            Ok(ir) => ir,
            Err(e) => return vec![failure(&case, Target::SpirV, "cblower rejected", &e)],
        };
        let mine = module_definitions(&ours);
        if !mine.iter().any(|(_, l)| l.contains("addrspace(13)")) {
            return vec![failure(&case, Target::SpirV, "no push constant", &ours)];
        }
        let names: std::collections::HashSet<&str> = mine.iter().map(|(n, _)| *n).collect();
        let want: Vec<&str> = module_definitions(&clang)
            .into_iter()
            .filter(|(n, _)| names.contains(n))
            .map(|(_, l)| l)
            .collect();
        let got: Vec<&str> = mine.iter().map(|(_, l)| *l).collect();
        let mut out = Vec::new();
        if want != got {
            let detail = format!(
                "clang-22:\n{}\ncblower:\n{}",
                want.join("\n"),
                got.join("\n")
            );
            out.push(failure(&case, Target::SpirV, "definition order", &detail));
        }
        if let Err(e) = compare_lowering(&clang, &ours) {
            out.push(failure(&case, Target::SpirV, "lowering", &e));
        }
        out
    });
    let _ = std::fs::remove_dir_all(&dir);
    report_with(
        "push-constant placement",
        seeds.len(),
        &failures,
        "CBLOWER_DIFF_SEED",
        "CBLOWER_DIFF_PC_CASES",
    );
}
