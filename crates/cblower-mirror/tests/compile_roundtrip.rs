//! The proof of issue #19: the mirror of every lit shader that lays out
//! (under every rule set, both matrix orders, with and without native
//! 16-bit types) and of at least 500 generated random buffers is compiled
//! with `cc`, `c++` and `rustc`, its static assertions on; then a
//! generated `main` writes a distinct value into every scalar element of a
//! zeroed CPU instance and dumps its bytes, and each value must sit at the
//! offset the layout gives that element (found here by walking the layout
//! tree, independently of the mirror), with every other byte still zero.
//!
//! All buffers of one language go into one source file, so each compiler
//! runs once.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use cblower_hlsl::{parse_file, FrontendOptions};
use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, BufferLayout, Clang22Target, Field, LayoutOptions,
    MatrixOrder, MatrixStorage, Node, NodeKind, Placement, RuleSet, Scalar, StructTy, Ty,
    WgslAddressSpace,
};
use cblower_mirror::{mirror_buffers, CpuScalar, Lang, MathTypes, MirrorOptions};

const RULES: [RuleSet; 9] = [
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

/// Buffers with more scalar elements than this are compiled with their
/// assertions but not written element by element (huge-arrays.hlsl).
const MAX_ROUNDTRIP_ELEMENTS: usize = 4096;
/// Likewise for buffers larger than the 4096 rows a D3D constant buffer
/// can have (checked first: walking a million elements takes long).
const MAX_ROUNDTRIP_BYTES: u64 = 65_536;

struct Case {
    label: String,
    layouts: Vec<BufferLayout>,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn hlsl_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            hlsl_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "hlsl") {
            out.push(p);
        }
    }
}

fn lit_cases() -> Vec<Case> {
    let root = repo_root();
    let mut files = Vec::new();
    hlsl_files(&root.join("lit-tests/layout"), &mut files);
    hlsl_files(&root.join("lit-tests/emit"), &mut files);
    assert!(files.len() > 50, "found only {} lit shaders", files.len());
    let mut cases = Vec::new();
    for file in &files {
        let dir = file.parent().unwrap().to_path_buf();
        for (native, order) in [
            (false, MatrixOrder::ColumnMajor),
            (true, MatrixOrder::RowMajor),
        ] {
            let opts = FrontendOptions {
                include_dirs: vec![dir.clone(), dir.join("Inputs")],
                native_16bit: native,
                default_matrix_order: order,
                ..FrontendOptions::default()
            };
            let Ok(program) = parse_file(file, &opts) else {
                continue;
            };
            let buffers = program.buffers_for_lowering();
            for rules in RULES {
                let lo = LayoutOptions::new(rules).native_16bit(native);
                if let Ok(layouts) =
                    cblower_program::lay_out_program(&buffers, lo, cblower_program::Target::Dxil)
                {
                    if layouts.iter().any(|l| l.size().get() > 0) {
                        cases.push(Case {
                            label: format!(
                                "{} ({}, native16 {native}, {order:?})",
                                file.strip_prefix(&root).unwrap_or(file).display(),
                                rules.name()
                            ),
                            layouts,
                        });
                    }
                }
            }
            std::mem::forget(program);
        }
    }
    cases
}

/// xorshift64*: the generator needs no dependency and stays the same.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

fn random_scalar(rng: &mut Rng, native: bool) -> Scalar {
    loop {
        let s = rng.pick(&Scalar::ALL);
        if native || !s.requires_native_16bit() {
            return s;
        }
    }
}

fn random_ty(rng: &mut Rng, native: bool, depth: u32, structs: &mut u32) -> Ty {
    let roll = rng.below(if depth < 2 { 10 } else { 8 });
    match roll {
        0 | 1 => Ty::scalar(random_scalar(rng, native)),
        2..=4 => Ty::vector(random_scalar(rng, native), 1 + rng.below(4) as u8),
        5 | 6 => {
            let order = rng.pick(&[MatrixOrder::ColumnMajor, MatrixOrder::RowMajor]);
            Ty::matrix(
                random_scalar(rng, native),
                1 + rng.below(4) as u8,
                1 + rng.below(4) as u8,
                order,
            )
        }
        7 => {
            let elem = random_ty(rng, native, depth + 1, structs);
            let mut t = Ty::array(elem, 1 + rng.below(4));
            if rng.below(4) == 0 {
                t = Ty::array(t, 1 + rng.below(3));
            }
            t
        }
        _ => {
            *structs += 1;
            let n = 1 + rng.below(4);
            let fields = (0..n)
                .map(|i| Field::new(format!("f{i}"), random_ty(rng, native, depth + 1, structs)))
                .collect();
            Ty::structure(StructTy::new(format!("S{}", *structs), fields))
        }
    }
}

/// At least `n` random buffers that lay out, over every rule set.
fn random_cases(n: usize) -> Vec<Case> {
    let mut rng = Rng(0x005e_ed19);
    let mut cases = Vec::new();
    let mut attempt = 0u32;
    while cases.len() < n {
        attempt += 1;
        let native = rng.below(2) == 0;
        let rules = rng.pick(&RULES);
        let mut structs = 0;
        let count = 1 + rng.below(6);
        let packoffset = rules == RuleSet::CBuffer && rng.below(4) == 0;
        let mut next_register = 0u32;
        let members: Vec<Field> = (0..count)
            .map(|i| {
                let ty = random_ty(&mut rng, native, 0, &mut structs);
                let f = Field::new(format!("m{i}"), ty);
                if packoffset {
                    // Each member a few registers past the previous one's
                    // start: never overlapping for these small types.
                    let p = Placement::PackOffset {
                        register: next_register,
                        component: 0,
                    };
                    next_register += 40;
                    f.with_placement(p)
                } else {
                    f
                }
            })
            .collect();
        let decl = BufferDecl::new(format!("R{attempt}"), BufferKind::CBuffer, members);
        let opts = LayoutOptions::new(rules).native_16bit(native);
        if let Ok(layout) = layout_buffer(&decl, opts) {
            if layout.size().get() > 0 {
                cases.push(Case {
                    label: format!("random R{attempt} ({}, native16 {native})", rules.name()),
                    layouts: vec![layout],
                });
            }
        }
    }
    cases
}

/// Every scalar element of a laid-out value: HLSL path -> (offset, size).
fn gpu_elements(node: &Node, path: &str, out: &mut BTreeMap<String, (u64, u64)>) {
    let off = node.offset.get();
    match &node.kind {
        NodeKind::Scalar(_) => {
            out.insert(path.to_owned(), (off, node.size.get()));
        }
        NodeKind::Vector { len, .. } => {
            let es = node.size.get() / u64::from(*len);
            for k in 0..u64::from(*len) {
                out.insert(format!("{path}[{k}]"), (off + k * es, es));
            }
        }
        NodeKind::Matrix {
            rows,
            cols,
            order,
            repr,
            storage,
            ..
        } => {
            let col_major = *order == MatrixOrder::ColumnMajor;
            let single = !matches!(storage.kind, NodeKind::Array { .. });
            match repr {
                _ if single || *repr == MatrixStorage::Flat => {
                    let n = u64::from(*rows) * u64::from(*cols);
                    let es = storage.size.get() / n;
                    for k in 0..n {
                        let (r, c) = if col_major {
                            (k % u64::from(*rows), k / u64::from(*rows))
                        } else {
                            (k / u64::from(*cols), k % u64::from(*cols))
                        };
                        out.insert(format!("{path}[{r}][{c}]"), (off + k * es, es));
                    }
                }
                _ => {
                    let vecs: Vec<Node> = match &storage.kind {
                        NodeKind::Array { count, .. } => {
                            (0..*count).map(|i| storage.element(i).unwrap()).collect()
                        }
                        _ => unreachable!(),
                    };
                    let vlen = if col_major { *rows } else { *cols };
                    for (i, v) in vecs.iter().enumerate() {
                        let es = v.size.get() / u64::from(vlen);
                        for k in 0..u64::from(vlen) {
                            let (r, c) = if col_major {
                                (k, i as u64)
                            } else {
                                (i as u64, k)
                            };
                            out.insert(format!("{path}[{r}][{c}]"), (v.offset.get() + k * es, es));
                        }
                    }
                }
            }
        }
        NodeKind::Array { count, .. } => {
            for i in 0..*count {
                gpu_elements(&node.element(i).unwrap(), &format!("{path}[{i}]"), out);
            }
        }
        NodeKind::Struct { fields, .. } => {
            for f in fields {
                let p = if path.is_empty() {
                    f.name.to_string()
                } else {
                    format!("{path}.{}", f.name)
                };
                gpu_elements(&f.node, &p, out);
            }
        }
    }
}

/// The value written into element number `k`, as the CPU stores it.
fn value_bytes(s: CpuScalar, k: u64) -> Vec<u8> {
    let v = k + 1;
    let small = (k % 30_000) + 1;
    match s {
        CpuScalar::F32 => (v as f32).to_le_bytes().to_vec(),
        CpuScalar::F64 => (v as f64).to_le_bytes().to_vec(),
        CpuScalar::F16 | CpuScalar::U16 | CpuScalar::I16 => (small as u16).to_le_bytes().to_vec(),
        CpuScalar::I32 | CpuScalar::U32 => (v as u32).to_le_bytes().to_vec(),
        CpuScalar::I64 | CpuScalar::U64 => v.to_le_bytes().to_vec(),
        CpuScalar::U8 => vec![v as u8],
    }
}

fn literal(lang: Lang, s: CpuScalar, k: u64) -> String {
    let v = k + 1;
    let small = (k % 30_000) + 1;
    match (lang, s) {
        (Lang::Rust, CpuScalar::F32) => format!("{v}.0f32"),
        (Lang::Rust, CpuScalar::F64) => format!("{v}.0f64"),
        (Lang::Rust, CpuScalar::F16 | CpuScalar::U16) => format!("{small}u16"),
        (Lang::Rust, CpuScalar::I16) => format!("{small}i16"),
        (Lang::Rust, other) => format!("{v}{}", other.rust()),
        (_, CpuScalar::F32) => format!("{v}.0f"),
        (_, CpuScalar::F64) => format!("{v}.0"),
        (_, CpuScalar::U16 | CpuScalar::I16) => format!("{small}"),
        (_, _) => format!("{v}"),
    }
}

/// A buffer to check once the program ran: its dump tag and, per element,
/// offset, expected bytes.
struct Expect {
    label: String,
    size: u64,
    checks: Vec<(String, u64, Vec<u8>)>,
}

fn build_sources(cases: &[Case], variants: &[(Lang, MathTypes)]) -> (Vec<String>, Vec<Expect>) {
    let mut srcs = vec![String::new(); variants.len()];
    let mut mains = vec![String::new(); variants.len()];
    let mut expects = Vec::new();
    for (src, (lang, _)) in srcs.iter_mut().zip(variants) {
        if *lang == Lang::Rust {
            src.push_str("#![allow(warnings)]\nfn dump(tag: &str, p: *const u8, n: usize) {\n    let b = unsafe { std::slice::from_raw_parts(p, n) };\n    let mut s = String::with_capacity(n * 2);\n    for x in b { s.push_str(&format!(\"{:02x}\", x)); }\n    println!(\"{tag} {s}\");\n}\n");
        } else {
            src.push_str("#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n");
            src.push_str(
                "static void dump(const char *tag, const void *p, size_t n) {\n  const unsigned char *b = (const unsigned char *)p;\n  printf(\"%s \", tag);\n  for (size_t i = 0; i < n; i++) printf(\"%02x\", b[i]);\n  printf(\"\\n\");\n}\n",
            );
        }
    }
    for (ci, case) in cases.iter().enumerate() {
        for (li, (lang, types)) in variants.iter().enumerate() {
            let opts = MirrorOptions {
                prefix: format!("K{ci}_"),
                types: *types,
                ..MirrorOptions::default()
            };
            let m = mirror_buffers(&case.layouts, *lang, &opts)
                .unwrap_or_else(|e| panic!("{}: {e}", case.label));
            let mut body = String::new();
            for (bi, b) in m.buffers.iter().enumerate() {
                let Some(ty) = &b.type_name else { continue };
                if b.size > MAX_ROUNDTRIP_BYTES {
                    continue;
                }
                let mut elems = Vec::new();
                m.for_each_element(bi, &mut |e| elems.push(e));
                if elems.len() > MAX_ROUNDTRIP_ELEMENTS {
                    continue;
                }
                let tag = format!("{ci}.{bi}");
                if li == 0 {
                    let layout = &case.layouts[bi];
                    assert_eq!(*layout.name, *b.name);
                    let mut gpu = BTreeMap::new();
                    gpu_elements(layout.root(), "", &mut gpu);
                    let paths: Vec<&String> = elems.iter().map(|e| &e.hlsl_path).collect();
                    let mine: Vec<&String> = gpu.keys().collect();
                    let mut sorted = paths.clone();
                    sorted.sort();
                    assert_eq!(
                        sorted, mine,
                        "{}: element paths of `{}`",
                        case.label, b.name
                    );
                    let checks = elems
                        .iter()
                        .enumerate()
                        .map(|(k, e)| {
                            let (off, size) = gpu[&e.hlsl_path];
                            assert_eq!(size, e.scalar.size(), "{}: {}", case.label, e.hlsl_path);
                            (e.hlsl_path.clone(), off, value_bytes(e.scalar, k as u64))
                        })
                        .collect();
                    expects.push(Expect {
                        label: format!("{} buffer `{}`", case.label, b.name),
                        size: layout.size().get(),
                        checks,
                    });
                }
                match lang {
                    Lang::C | Lang::Cpp => {
                        let _ =
                            writeln!(body, "  {{\n    {ty} *x = ({ty} *)calloc(1, sizeof({ty}));");
                        for (k, e) in elems.iter().enumerate() {
                            let lit = literal(*lang, e.scalar, k as u64);
                            if e.scalar == CpuScalar::F16 {
                                let _ = writeln!(
                                    body,
                                    "    {{ uint16_t h = {lit}; memcpy((void *)&(*x){}, &h, 2); }}",
                                    e.place
                                );
                            } else {
                                let _ = writeln!(body, "    (*x){} = {lit};", e.place);
                            }
                        }
                        let _ = writeln!(
                            body,
                            "    dump(\"{tag}\", x, sizeof({ty}));\n    free(x);\n  }}"
                        );
                    }
                    Lang::Rust => {
                        let _ = writeln!(body, "    unsafe {{\n        let p = std::alloc::alloc_zeroed(std::alloc::Layout::new::<{ty}>()) as *mut {ty};\n        let x = &mut *p;");
                        for (k, e) in elems.iter().enumerate() {
                            let _ = writeln!(
                                body,
                                "        x{} = {};",
                                e.place,
                                literal(*lang, e.scalar, k as u64)
                            );
                        }
                        let _ = writeln!(body, "        dump(\"{tag}\", p as *const u8, core::mem::size_of::<{ty}>());\n        std::alloc::dealloc(p as *mut u8, std::alloc::Layout::new::<{ty}>());\n    }}");
                    }
                }
            }
            match lang {
                Lang::C | Lang::Cpp => {
                    let _ = writeln!(srcs[li], "// case {ci}: {}\n{}", case.label, m.text);
                    let _ = writeln!(srcs[li], "static void run_{ci}(void) {{\n{body}}}\n");
                    let _ = writeln!(mains[li], "  run_{ci}();");
                }
                Lang::Rust => {
                    let _ = writeln!(srcs[li], "// case {ci}: {}\nmod k{ci} {{\nuse super::dump;\n{}\npub fn run() {{\n{body}}}\n}}\n", case.label, m.text);
                    let _ = writeln!(mains[li], "    k{ci}::run();");
                }
            }
        }
    }
    for ((src, main), (lang, _)) in srcs.iter_mut().zip(&mains).zip(variants) {
        if *lang == Lang::Rust {
            let _ = writeln!(src, "fn main() {{\n{main}}}");
        } else {
            let _ = writeln!(src, "int main(void) {{\n{main}  return 0;\n}}");
        }
    }
    (srcs, expects)
}

fn compile_and_run(dir: &Path, name: &str, src: &str, compiler: &[&str]) -> String {
    let file = dir.join(name);
    std::fs::write(&file, src).unwrap();
    let exe = dir.join(format!("{name}.exe"));
    let mut cmd = Command::new(compiler[0]);
    cmd.args(&compiler[1..]).arg(&file).arg("-o").arg(&exe);
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", compiler[0]));
    assert!(
        out.status.success(),
        "{} failed on {}:\n{}",
        compiler[0],
        file.display(),
        String::from_utf8_lossy(&out.stderr)
            .lines()
            .take(60)
            .collect::<Vec<_>>()
            .join("\n")
    );
    let run = Command::new(&exe).output().unwrap();
    assert!(run.status.success(), "{} crashed", exe.display());
    String::from_utf8(run.stdout).unwrap()
}

fn check_dump(lang: &str, stdout: &str, expects: &[Expect]) {
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), expects.len(), "{lang}: one dump per buffer");
    let mut checked = 0;
    for (line, exp) in lines.iter().zip(expects) {
        let hex = line.split_once(' ').unwrap().1;
        let bytes: Vec<u8> = (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
            .collect();
        assert_eq!(
            bytes.len() as u64,
            exp.size,
            "{lang}: size of {}",
            exp.label
        );
        let mut covered = vec![false; bytes.len()];
        for (path, off, want) in &exp.checks {
            let at = *off as usize;
            assert_eq!(
                &bytes[at..at + want.len()],
                &want[..],
                "{lang}: {} element `{path}` is not at GPU offset {off}",
                exp.label
            );
            covered[at..at + want.len()]
                .iter_mut()
                .for_each(|c| *c = true);
            checked += 1;
        }
        for (i, b) in bytes.iter().enumerate() {
            assert!(
                covered[i] || *b == 0,
                "{lang}: {} byte {i} (padding) was written",
                exp.label
            );
        }
    }
    assert!(checked > 10_000, "{lang}: only {checked} elements checked");
}

#[test]
fn mirrors_compile_and_round_trip_in_c_cpp_and_rust() {
    let mut cases = lit_cases();
    let lit = cases.len();
    assert!(lit > 300, "only {lit} lit cases laid out");
    let random = random_cases(600);
    cases.extend(random);
    let (srcs, expects) = build_sources(
        &cases,
        &[
            (Lang::C, MathTypes::Plain),
            (Lang::Cpp, MathTypes::Plain),
            (Lang::Rust, MathTypes::Plain),
        ],
    );
    let dir = std::env::temp_dir().join(format!("cblower-mirror-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dir2 = dir.clone();
    let dir3 = dir.clone();
    let [c, cpp, rust]: [String; 3] = srcs.try_into().unwrap();
    // The three compilers run side by side.
    let tc = std::thread::spawn(move || {
        compile_and_run(&dir, "mirror.c", &c, &["cc", "-std=c11", "-O0", "-w"])
    });
    let tcpp = std::thread::spawn(move || {
        compile_and_run(
            &dir2,
            "mirror.cpp",
            &cpp,
            &["c++", "-std=c++17", "-O0", "-w"],
        )
    });
    let rust_out = compile_and_run(
        &dir3,
        "mirror.rs",
        &rust,
        &[
            "rustc",
            "--edition",
            "2021",
            "-C",
            "opt-level=0",
            "-C",
            "debuginfo=0",
        ],
    );
    let c_out = tc.join().unwrap();
    let cpp_out = tcpp.join().unwrap();
    check_dump("C", &c_out, &expects);
    check_dump("C++", &cpp_out, &expects);
    check_dump("Rust", &rust_out, &expects);
    eprintln!(
        "{lit} lit cases and 600 random buffers; {} buffers round-tripped in each language",
        expects.len()
    );
    let _ = std::fs::remove_dir_all(&dir3);
}

/// The newest `lib<name>-*.rlib` next to this test binary (a dev-dependency).
fn rlib(name: &str) -> (PathBuf, PathBuf) {
    let deps = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .to_path_buf();
    let prefix = format!("lib{name}-");
    let newest = std::fs::read_dir(&deps)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with(&prefix) && n.ends_with(".rlib")
        })
        .max_by_key(|e| e.metadata().and_then(|m| m.modified()).ok())
        .unwrap_or_else(|| panic!("no {prefix}*.rlib in {}", deps.display()));
    (newest.path(), deps)
}

/// `--types glam` and `--types mint`: the same cases, compiled against the
/// real crates (dev-dependencies), with the same round trip.
#[test]
fn glam_and_mint_mirrors_compile_and_round_trip() {
    let mut cases = lit_cases();
    cases.extend(random_cases(600));
    let (srcs, expects) = build_sources(
        &cases,
        &[(Lang::Rust, MathTypes::Glam), (Lang::Rust, MathTypes::Mint)],
    );
    let [glam, mint]: [String; 2] = srcs.try_into().unwrap();
    for used in [
        "glam::Vec2,",
        "glam::Vec3,",
        "glam::Vec4,",
        "glam::Mat4,",
        "glam::IVec3,",
        "glam::DVec2,",
    ] {
        assert!(glam.contains(used), "the glam mirror never uses {used}");
    }
    for used in [
        "mint::Vector3<f32>,",
        "mint::ColumnMatrix4<f32>,",
        "mint::RowMatrix4<f32>,",
        "mint::Vector2<u16>,",
    ] {
        assert!(mint.contains(used), "the mint mirror never uses {used}");
    }
    let dir = std::env::temp_dir().join(format!("cblower-mirror-math-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, src) in [("glam", glam), ("mint", mint)] {
        let (lib, deps) = rlib(name);
        let ext = format!("{name}={}", lib.display());
        let dep = format!("dependency={}", deps.display());
        let out = compile_and_run(
            &dir,
            &format!("mirror_{name}.rs"),
            &src,
            &[
                "rustc",
                "--edition",
                "2021",
                "-C",
                "opt-level=0",
                "-C",
                "debuginfo=0",
                "--extern",
                &ext,
                "-L",
                &dep,
            ],
        );
        check_dump(name, &out, &expects);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--bytemuck`: every lit case's Rust mirror derives `Pod` and `Zeroable`,
/// compiled against the real crate (its derive rejects any struct with
/// implicit padding, so this also proves the padding is all explicit).
#[test]
fn bytemuck_derives_compile() {
    let cases = lit_cases();
    let mut src = String::from("#![allow(warnings)]\n");
    for (ci, case) in cases.iter().enumerate() {
        let opts = MirrorOptions {
            prefix: format!("K{ci}_"),
            bytemuck: true,
            ..MirrorOptions::default()
        };
        let m = mirror_buffers(&case.layouts, Lang::Rust, &opts).unwrap();
        let _ = writeln!(src, "// case {ci}: {}\n{}", case.label, m.text);
        for b in &m.buffers {
            if let Some(ty) = &b.type_name {
                let _ = writeln!(
                    src,
                    "const _: fn(&{ty}) -> &[u8] = |x| bytemuck::bytes_of(x);"
                );
            }
        }
    }
    assert!(src.matches("bytemuck::Pod, bytemuck::Zeroable").count() > 1000);
    let dir = std::env::temp_dir().join(format!("cblower-mirror-pod-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mirror_pod.rs");
    std::fs::write(&file, &src).unwrap();
    let (lib, deps) = rlib("bytemuck");
    let out = Command::new("rustc")
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "lib",
            "--crate-name",
            "mirror_pod",
        ])
        .args(["-C", "opt-level=0", "-C", "debuginfo=0", "--extern"])
        .arg(format!("bytemuck={}", lib.display()))
        .arg("-L")
        .arg(format!("dependency={}", deps.display()))
        .arg("--out-dir")
        .arg(&dir)
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "rustc failed on {}:\n{}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
            .lines()
            .take(60)
            .collect::<Vec<_>>()
            .join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
