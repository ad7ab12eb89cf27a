//! `check_cpp` end to end: the shared headers of `lit-tests/check/Inputs`
//! compiled by g++ and clang++ under each built-in prelude.

use std::path::PathBuf;

use cblower_check::cpp::{check_cpp, CppError, CppOptions, Prelude};
use cblower_layout::{LayoutOptions, RuleSet};

fn input(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../lit-tests/check/Inputs")
        .join(name)
}

/// The compilers CI installs: g++, and clang++ from LLVM 22.
fn compilers() -> [&'static str; 2] {
    ["g++", "/usr/lib/llvm-22/bin/clang++"]
}

/// `Type::member`, HLSL offset and size, C++ offset and size.
type Row = (String, u64, u64, u64, u64);

fn run(header: &str, prelude: Prelude, cxx: &str) -> Result<Vec<Row>, CppError> {
    let path = input(header);
    let program = cblower_hlsl::parse_file(&path, &Default::default()).unwrap();
    let opts = CppOptions {
        layout: LayoutOptions::new(RuleSet::CBuffer),
        prelude,
        compiler: Some(cxx.to_owned()),
        flags: Vec::new(),
        header: path,
    };
    let r = check_cpp(&program, &opts)?;
    assert!(r.skipped.is_empty(), "{:?}", r.skipped);
    Ok(r.mismatches
        .into_iter()
        .map(|m| {
            (
                format!("{}::{}", m.type_name, m.member),
                m.hlsl_offset,
                m.hlsl_size,
                m.cpp_offset,
                m.cpp_size,
            )
        })
        .collect())
}

#[test]
fn the_correct_header_matches_under_every_prelude_and_compiler() {
    for cxx in compilers() {
        for prelude in [Prelude::Plain, Prelude::DirectXMath, Prelude::Glm] {
            let got = run("correct.h", prelude.clone(), cxx).unwrap();
            assert_eq!(got, [], "{cxx} {prelude:?}");
        }
    }
}

#[test]
fn float3x3_is_36_bytes_in_every_cpu_library() {
    for cxx in compilers() {
        for prelude in [Prelude::Plain, Prelude::DirectXMath, Prelude::Glm] {
            let got = run("float3x3.h", prelude.clone(), cxx).unwrap();
            assert_eq!(
                got,
                [
                    ("Object::normalMatrix".to_owned(), 0, 44, 0, 36),
                    ("Object::color".to_owned(), 48, 16, 36, 16),
                    ("Object::".to_owned(), 0, 64, 0, 52),
                ],
                "{cxx} {prelude:?}"
            );
        }
    }
}

#[test]
fn a_simd_float3_moves_the_float_after_it() {
    for cxx in compilers() {
        let got = run(
            "float3-float.h",
            Prelude::File(input("simd-prelude.h")),
            cxx,
        )
        .unwrap();
        assert_eq!(
            got,
            [
                ("Wind::direction".to_owned(), 0, 12, 0, 16),
                ("Wind::strength".to_owned(), 12, 4, 16, 4),
                ("Wind::gusts".to_owned(), 16, 16, 20, 16),
            ],
            "{cxx}"
        );
    }
}

#[test]
fn bad_compilers_and_preludes_are_errors() {
    assert_eq!(
        run("bool.h", Prelude::Plain, "no-such-compiler++").unwrap_err(),
        CppError::CompilerNotFound {
            name: "no-such-compiler++".to_owned()
        }
    );
    match run("bool.h", Prelude::File(input("no-such-prelude.h")), "g++").unwrap_err() {
        CppError::Prelude { path, .. } => assert!(path.ends_with("no-such-prelude.h")),
        other => panic!("{other:?}"),
    }
    match run("float-array.h", Prelude::None, "g++").unwrap_err() {
        CppError::CompilerFailed { status, stderr, .. } => {
            assert_eq!(status, 1);
            assert!(stderr.contains("float4"), "{stderr}");
        }
        other => panic!("{other:?}"),
    }
}
