use std::path::PathBuf;

use super::*;
use crate::source::Location;

fn opts() -> FrontendOptions {
    FrontendOptions::default()
}

/// Output tokens joined by single spaces (pragma markers as `<pack:...>`).
fn run_with(src: &str, opts: &FrontendOptions) -> Result<String, Vec<(String, String, u32, u32)>> {
    let mut sm = SourceMap::new();
    let main = sm.add("main.hlsl", None, src.to_string());
    match crate::with_big_stack(|| preprocess(main, &mut sm, opts)) {
        Ok(p) => Ok(p
            .tokens
            .iter()
            .map(|t| match t.kind {
                TokenKind::PackMatrix(o) => format!("<pack:{o:?}>"),
                _ => t.text.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")),
        Err(d) => Err(d
            .iter()
            .map(|d| {
                let l = d.location(&sm).unwrap_or(Location {
                    file: String::new(),
                    line: 0,
                    column: 0,
                });
                (d.message.clone(), l.file, l.line, l.column)
            })
            .collect()),
    }
}

fn run(src: &str) -> Result<String, Vec<(String, String, u32, u32)>> {
    run_with(src, &opts())
}

fn err(message: &str, line: u32, column: u32) -> Result<String, Vec<(String, String, u32, u32)>> {
    Err(vec![(
        message.to_string(),
        "main.hlsl".to_string(),
        line,
        column,
    )])
}

/// A fresh directory with the given files, for include tests.
fn temp_tree(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cblower-pp-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (name, text) in files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn object_like_macros_expand_and_undef_stops_them() {
    assert_eq!(
        run("#define N 4\n#define M (N * 2)\nfloat a[M];\n#undef N\nN"),
        Ok("float a [ ( 4 * 2 ) ] ; N".into())
    );
}

#[test]
fn function_like_macros_substitute_expanded_arguments() {
    assert_eq!(
        run("#define SQ(x) ((x) * (x))\n#define TWO 2\nSQ(TWO + 1) SQ"),
        Ok("( ( 2 + 1 ) * ( 2 + 1 ) ) SQ".into())
    );
}

#[test]
fn nested_parentheses_and_commas_in_arguments() {
    assert_eq!(
        run("#define FIRST(a, b) a\nFIRST(f(1, 2), 3)"),
        Ok("f ( 1 , 2 )".into())
    );
}

#[test]
fn stringizing_and_pasting() {
    assert_eq!(
        run("#define STR(x) #x\n#define CAT(a, b) a ## b\nSTR(a  +  \"q\") CAT(float, 4) CAT(Light, Count)"),
        Ok(r#""a + \"q\"" float4 LightCount"#.into())
    );
}

#[test]
fn variadic_macros_and_gnu_comma_paste() {
    assert_eq!(
        run("#define V(f, ...) f(__VA_ARGS__)\n#define G(f, ...) f(0 , ## __VA_ARGS__)\nV(g, 1, 2) G(h) G(h, 5)"),
        Ok("g ( 1 , 2 ) h ( 0 ) h ( 0 , 5 )".into())
    );
}

#[test]
fn self_referential_macros_stop() {
    assert_eq!(run("#define A A + B\n#define B A\nA"), Ok("A + A".into()));
}

#[test]
fn conditionals_choose_one_group() {
    let src = "#define LEVEL 2\n#if LEVEL > 2\na\n#elif LEVEL == 2 && defined(LEVEL)\nb\n#else\nc\n#endif\n#ifdef NOPE\nd\n#endif\n#ifndef NOPE\ne\n#endif\n#if defined NOPE || !0\nf\n#endif";
    assert_eq!(run(src), Ok("b e f".into()));
}

#[test]
fn skipped_groups_ignore_bad_tokens_and_nested_directives() {
    let src = "#if 0\n#if 1\nit's \"unterminated\n#error no\n#endif\n#bogus\n#else\nx\n#endif";
    assert_eq!(run(src), Ok("x".into()));
}

#[test]
fn command_line_defines() {
    let mut o = opts();
    o.defines = vec![("A".into(), None), ("B".into(), Some("7".into()))];
    assert_eq!(run_with("A B __HLSL_VERSION", &o), Ok("1 7 2021".into()));
}

#[test]
fn pack_matrix_pragma_is_passed_on_in_place() {
    assert_eq!(
        run("a\n#pragma pack_matrix(row_major)\nb\n#pragma pack_matrix(column_major)\n#pragma warning(disable: 3205)\nc"),
        Ok("a <pack:RowMajor> b <pack:ColumnMajor> c".into())
    );
}

#[test]
fn line_directive_remaps_later_locations() {
    assert_eq!(
        run("#line 40 \"gen.hlsl\"\n#error boom"),
        Err(vec![("#error boom".into(), "gen.hlsl".into(), 40, 1)])
    );
    assert_eq!(
        run("#line 10\n__LINE__ __FILE__"),
        Ok("10 \"main.hlsl\"".into())
    );
}

#[test]
fn error_directive_reports_its_text() {
    assert_eq!(
        run("\n  #error Unsupported platform"),
        err("#error Unsupported platform", 2, 3)
    );
}

#[test]
fn warning_directive_is_not_fatal() {
    let mut sm = SourceMap::new();
    let main = sm.add("main.hlsl", None, "#warning careful\nx".into());
    let p = preprocess(main, &mut sm, &opts()).unwrap();
    assert_eq!(p.tokens.len(), 1);
    let w: Vec<_> = p.warnings.iter().map(|d| d.message.clone()).collect();
    assert_eq!(w, ["#warning careful"]);
}

#[test]
fn unbalanced_conditionals_are_errors() {
    assert_eq!(
        run("#if 1\nx"),
        err("unterminated conditional directive", 1, 1)
    );
    assert_eq!(run("x\n#endif"), err("`#endif` without `#if`", 2, 1));
    assert_eq!(run("#else"), err("`#else` without `#if`", 1, 1));
    assert_eq!(
        run("#if 0\n#else\n#else\n#endif"),
        err("`#else` after `#else`", 3, 1)
    );
}

#[test]
fn macro_argument_count_mismatch() {
    assert_eq!(
        run("#define F(a, b) a\nfloat F(1, 2, 3);"),
        err("macro `F` expects 2 arguments, but 3 were given", 2, 7)
    );
    assert_eq!(
        run("#define G() 1\nG(x)"),
        err("macro `G` expects 0 arguments, but 1 was given", 2, 1)
    );
    assert_eq!(
        run("#define H(a) a\nH(1"),
        err("unterminated argument list invoking macro `H`", 2, 1)
    );
}

#[test]
fn bad_if_expressions() {
    assert_eq!(
        run("#if 1 +\n#endif"),
        err(
            "expected a value in preprocessor expression, found end of line",
            1,
            1
        )
    );
    assert_eq!(
        run("#if 4 / 0\n#endif"),
        err("division by zero in preprocessor expression", 1, 7)
    );
}

#[test]
fn bad_defines() {
    assert_eq!(
        run("#define 3 x"),
        err("macro name must be an identifier", 1, 9)
    );
    assert_eq!(
        run("#define F(x) #y"),
        err("`#` is not followed by a macro parameter", 1, 14)
    );
    assert_eq!(
        run("#define F(x) ## x"),
        err("`##` cannot be at either end of a macro body", 1, 14)
    );
}

#[test]
fn unknown_directive_and_unterminated_string() {
    assert_eq!(
        run("#inclde \"a\""),
        err("unknown preprocessor directive `#inclde`", 1, 1)
    );
    assert_eq!(run("x \"abc\ny"), err("unterminated string literal", 1, 3));
}

#[test]
fn unterminated_comment_is_reported() {
    assert_eq!(
        run("float a; /* open"),
        err("unterminated block comment", 1, 10)
    );
}

#[test]
fn deep_macro_nesting_is_an_error_not_a_crash() {
    let mut src = String::from("#define F(x) x\n");
    src.push_str(&"F(".repeat(300));
    src.push('1');
    src.push_str(&")".repeat(300));
    let r = run(&src);
    assert_eq!(
        r,
        err(
            "macro expansion is nested too deeply (more than 256 levels)",
            2,
            515
        )
    );
}

#[test]
fn includes_resolve_relative_then_include_dirs() {
    let dir = temp_tree(
        "rel",
        &[
            (
                "main.hlsl",
                "#include \"sub/a.hlsli\"\n#include <b.hlsli>\nmain",
            ),
            ("sub/a.hlsli", "#include \"c.hlsli\"\na"),
            ("sub/c.hlsli", "c"),
            ("inc/b.hlsli", "#pragma once\nb"),
        ],
    );
    let mut o = opts();
    o.include_dirs = vec![dir.join("inc")];
    let mut sm = SourceMap::new();
    let path = dir.join("main.hlsl");
    let text = std::fs::read_to_string(&path).unwrap();
    let main = sm.add("main.hlsl", Some(path), text);
    let p = preprocess(main, &mut sm, &o).unwrap();
    let texts: Vec<&str> = p.tokens.iter().map(|t| &*t.text).collect();
    assert_eq!(texts, ["c", "a", "b", "main"]);
    // Spans point into the file each token came from.
    assert!(sm.name(p.tokens[0].span.file).ends_with("c.hlsli"));
    assert_eq!(sm.location(p.tokens[1].span).line, 2);
}

#[test]
fn pragma_once_includes_a_header_once() {
    let dir = temp_tree(
        "once",
        &[
            ("main.hlsl", "#include \"h.hlsli\"\n#include \"h.hlsli\"\nx"),
            ("h.hlsli", "#pragma once\nh"),
        ],
    );
    let mut sm = SourceMap::new();
    let path = dir.join("main.hlsl");
    let main = sm.add(
        "main.hlsl",
        Some(path.clone()),
        std::fs::read_to_string(path).unwrap(),
    );
    let p = preprocess(main, &mut sm, &opts()).unwrap();
    assert_eq!(p.tokens.len(), 2);
}

#[test]
fn include_cycle_names_the_chain() {
    let dir = temp_tree(
        "cycle",
        &[
            ("main.hlsl", "#include \"a.hlsli\"\n"),
            ("a.hlsli", "#include \"b.hlsli\"\n"),
            ("b.hlsli", "\n#include \"a.hlsli\"\n"),
        ],
    );
    let mut sm = SourceMap::new();
    let path = dir.join("main.hlsl");
    let main = sm.add(
        "main.hlsl",
        Some(path.clone()),
        std::fs::read_to_string(path).unwrap(),
    );
    let errs = preprocess(main, &mut sm, &opts()).unwrap_err();
    let d = errs.iter().next().unwrap();
    let a = dir.join("a.hlsli").display().to_string();
    let b = dir.join("b.hlsli").display().to_string();
    assert_eq!(d.message, format!("#include cycle: {a} -> {b} -> {a}"));
    let loc = d.location(&sm).unwrap();
    assert_eq!((loc.file, loc.line, loc.column), (b, 2, 10));
}

/// Preprocesses `main.hlsl` of a [`temp_tree`] and joins the tokens.
fn run_tree(test: &str, files: &[(&str, &str)]) -> Result<String, Vec<String>> {
    let dir = temp_tree(test, files);
    let mut sm = SourceMap::new();
    let path = dir.join("main.hlsl");
    let main = sm.add(
        "main.hlsl",
        Some(path.clone()),
        std::fs::read_to_string(path).unwrap(),
    );
    match preprocess(main, &mut sm, &opts()) {
        Ok(p) => Ok(p
            .tokens
            .iter()
            .map(|t| t.text.to_string())
            .collect::<Vec<_>>()
            .join(" ")),
        Err(d) => Err(d.iter().map(|d| d.message.clone()).collect()),
    }
}

#[test]
fn guarded_header_that_includes_itself_stops_at_its_guard() {
    let guarded = "#ifndef SELF_H\n#define SELF_H\n#include \"self.hlsli\"\nself\n#endif\n";
    assert_eq!(
        run_tree(
            "self-guard",
            &[
                (
                    "main.hlsl",
                    "#include \"self.hlsli\"\n#include \"self.hlsli\"\nmain"
                ),
                ("self.hlsli", guarded),
            ],
        ),
        Ok("self main".into())
    );
}

#[test]
fn guarded_headers_that_include_each_other_are_read_once() {
    assert_eq!(
        run_tree(
            "mutual-guard",
            &[
                ("main.hlsl", "#include \"a.hlsli\"\nmain"),
                (
                    "a.hlsli",
                    "#if !defined(A_H)\n#define A_H\n#include \"b.hlsli\"\na\n#endif",
                ),
                (
                    "b.hlsli",
                    "#ifndef B_H\n#define B_H\n#include \"a.hlsli\"\nb\n#endif",
                ),
            ],
        ),
        Ok("b a main".into())
    );
}

#[test]
fn a_file_may_include_itself_under_a_condition_it_changes() {
    // The X-macro idiom: the second reading sees PASS defined.
    let text =
        "#ifndef PASS\n#define PASS 1\nfirst\n#include \"main.hlsl\"\n#else\nsecond\n#endif\n";
    assert_eq!(
        run_tree("self-xmacro", &[("main.hlsl", text)]),
        Ok("first second".into())
    );
}

#[test]
fn an_unguarded_self_include_is_one_cycle_error() {
    let errs = run_tree("self-loop", &[("main.hlsl", "x\n#include \"main.hlsl\"\n")]).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].starts_with("#include cycle: "), "{errs:?}");
    assert!(errs[0].ends_with("main.hlsl"), "{errs:?}");
    assert_eq!(errs[0].matches(" -> ").count(), 1, "{errs:?}");
}

#[test]
fn missing_include_lists_searched_directories() {
    let mut o = opts();
    o.include_dirs = vec![
        PathBuf::from("shaders/include"),
        PathBuf::from("third_party"),
    ];
    let mut sm = SourceMap::new();
    let main = sm.add("main.hlsl", None, "\n#include \"nope.hlsli\"".into());
    let errs = preprocess(main, &mut sm, &o).unwrap_err();
    let d = errs.iter().next().unwrap();
    assert_eq!(d.message, "cannot find include file `nope.hlsli`");
    assert_eq!(
        d.help.as_deref(),
        Some("searched shaders/include, third_party; add the directory that contains it with -I")
    );
    let loc = d.location(&sm).unwrap();
    assert_eq!((loc.line, loc.column), (2, 10));
}

#[test]
fn tokens_from_macro_bodies_point_at_the_invocation() {
    let mut sm = SourceMap::new();
    let main = sm.add(
        "main.hlsl",
        None,
        "#define DECL(n) float n;\n  DECL(value)".into(),
    );
    let p = preprocess(main, &mut sm, &opts()).unwrap();
    let locs: Vec<(u32, u32)> = p
        .tokens
        .iter()
        .map(|t| {
            let l = sm.location(t.span);
            (l.line, l.column)
        })
        .collect();
    // `float` and `;` come from the body (the invocation), `value` from the argument.
    assert_eq!(locs, [(2, 3), (2, 8), (2, 3)]);
}
