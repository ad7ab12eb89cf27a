//! `xtask bench-emit`: times `cblower emit-llvm` against clang-22 and against
//! LLVM's parse-and-print floor on generated files (issue #5).
//!
//! Full mode times the files (1 x 10k, 1k x 20 and 100 x 1k members)
//! plus 10 x 1k, the 10x-smaller twin of 100 x 1k for the linearity check,
//! and fails when a target is missed. Short mode (for CI) times files ten
//! times smaller once each and only requires that every tool ran and that
//! our output verifies; it still prints the targets, for information.

mod generate;
mod machine;
pub mod measure;
mod report;
mod tools;

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::Args;

use generate::{write_hlsl, Shape};
use measure::{measure, run_checked, Sample};
use report::{check_lines, checks, table, FileResult, Stat, Tool};
use tools::Tools;

/// Why the benchmark could not produce its table.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("cannot find `{name}` on PATH or in {fallback}")]
    ToolMissing { name: String, fallback: String },
    #[error("no cblower executable at `{}`", path.display())]
    NoSuchCblower { path: PathBuf },
    #[error("cannot run `{program}`: {source}")]
    Spawn { program: String, source: io::Error },
    #[error("building cblower failed ({status})")]
    Build { status: String },
    #[error("cargo built cblower but reported no `cblower` executable")]
    NoCblowerArtifact,
    #[error("`{command}` failed ({status}):\n{stderr}")]
    ToolFailed {
        command: String,
        status: String,
        stderr: String,
    },
    #[error("measuring `{command}` gave `{line}`, not `wall_ns=N cpu_ns=N maxrss_kib=N`")]
    BadSample { command: String, line: String },
    #[error("cannot write `{}`: {source}", path.display())]
    Write { path: PathBuf, source: io::Error },
    #[error("--runs must be at least 1, not {runs}")]
    NoRuns { runs: usize },
    #[error("the benchmark plan does not time the files its targets are checked on")]
    PlanWithoutTargetFiles,
    #[error("`cblower emit-llvm --no-threads` wrote other bytes than with threads: compare `{}` and `{}`", threads.display(), one.display())]
    ThreadsChangedOutput { threads: PathBuf, one: PathBuf },
    #[error("cannot read `{}`: {source}", path.display())]
    Read { path: PathBuf, source: io::Error },
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// CI mode: files ten times smaller, one run each, targets not enforced.
    #[arg(long)]
    pub short: bool,
    /// Runs per tool and file (the median is reported); default 5, 1 with --short.
    #[arg(long, value_name = "N")]
    pub runs: Option<usize>,
    /// A cblower executable to time instead of building the release one.
    #[arg(long, value_name = "PATH")]
    pub cblower: Option<PathBuf>,
    /// Write the generated files and outputs here and keep them (default: a
    /// temporary directory, removed afterwards).
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,
}

/// Which files to time and which two of them the targets are checked on.
struct Plan {
    shapes: Vec<Shape>,
    /// The file the time and memory targets apply to.
    main: Shape,
    /// The file with a tenth of `main`'s members, same buffer shape.
    linear_base: Shape,
    runs: usize,
}

impl Plan {
    fn new(short: bool, runs: Option<usize>) -> Result<Self, BenchError> {
        let runs = runs.unwrap_or(if short { 1 } else { 5 });
        if runs == 0 {
            return Err(BenchError::NoRuns { runs });
        }
        Ok(if short {
            Plan {
                shapes: vec![
                    Shape::new(1, 1000),
                    Shape::new(100, 20),
                    Shape::new(10, 1000),
                ],
                main: Shape::new(10, 1000),
                linear_base: Shape::new(1, 1000),
                runs,
            }
        } else {
            Plan {
                // 10k members in buffers of 2k, not one buffer of 10k: one
                // buffer of 10k members is about 211 KB, over the 4096 rows
                // (64 KiB) a D3D constant buffer may hold, which the default
                // rules refuse as DXC does. Each 2k buffer is about 42 KB.
                shapes: vec![
                    Shape::new(5, 2000),
                    Shape::new(1000, 20),
                    Shape::new(100, 1000),
                    Shape::new(10, 1000),
                ],
                main: Shape::new(100, 1000),
                linear_base: Shape::new(10, 1000),
                runs,
            }
        })
    }
}

/// Runs the benchmark; returns the exit code (1 on a missed target in full
/// mode or on any failure).
pub fn run(args: &BenchArgs) -> i32 {
    match run_inner(args) {
        Ok(all_passed) if all_passed || args.short => 0,
        Ok(_) => 1,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

fn run_inner(args: &BenchArgs) -> Result<bool, BenchError> {
    let plan = Plan::new(args.short, args.runs)?;
    let helper = std::env::current_exe().map_err(|source| BenchError::Spawn {
        program: "xtask (current executable)".to_owned(),
        source,
    })?;
    let tools = Tools::locate(args.cblower.clone())?;

    let temp;
    let dir: &Path = match &args.keep {
        Some(d) => {
            std::fs::create_dir_all(d).map_err(|source| BenchError::Write {
                path: d.clone(),
                source,
            })?;
            d
        }
        None => {
            temp = tempfile::Builder::new()
                .prefix("cblower-bench-emit")
                .tempdir()
                .map_err(|source| BenchError::Write {
                    path: std::env::temp_dir(),
                    source,
                })?;
            temp.path()
        }
    };

    println!(
        "# IR emission benchmark ({} mode)",
        if args.short { "short" } else { "full" }
    );
    println!("{}", machine::describe(&tools.clang));
    println!("load average at start: {}", machine::load_average());
    println!("cblower: {}", tools.cblower.display());
    println!(
        "runs per tool and file: {} (median wall and CPU time, largest peak RSS)\n",
        plan.runs
    );

    let mut results = Vec::new();
    for &shape in &plan.shapes {
        eprintln!("timing {} ({} members) ...", shape.label(), shape.members());
        results.push(bench_file(&tools, &helper, dir, shape, plan.runs)?);
    }
    println!("load average at end: {}\n", machine::load_average());
    println!("{}", table(&results));

    let find = |s: Shape| results.iter().find(|r| r.shape == s);
    let (Some(main), Some(base)) = (find(plan.main), find(plan.linear_base)) else {
        return Err(BenchError::PlanWithoutTargetFiles);
    };
    let checks = checks(main, base);
    print!("{}", check_lines(&checks));
    let all_passed = checks.iter().all(report::Check::passed);
    if args.short {
        println!("short mode: all tools ran and every output verified; targets not enforced");
    } else if all_passed {
        println!("all targets met");
    } else {
        println!("targets missed");
    }
    Ok(all_passed)
}

/// Generates the file for `shape`, checks that our output verifies, and
/// times the three tools `runs` times each (interleaved, so a slow moment
/// on the machine hits all three alike).
fn bench_file(
    tools: &Tools,
    helper: &Path,
    dir: &Path,
    shape: Shape,
    runs: usize,
) -> Result<FileResult, BenchError> {
    let label = shape.label();
    let hlsl = dir.join(format!("{label}.hlsl"));
    write_file(&hlsl, shape)?;
    let ours = dir.join(format!("{label}.cblower.ll"));
    let clangs = dir.join(format!("{label}.clang.ll"));
    let floor = dir.join(format!("{label}.floor.ll"));

    let args_of = |parts: &[&dyn AsRef<std::ffi::OsStr>]| -> Vec<OsString> {
        parts.iter().map(|p| p.as_ref().to_owned()).collect()
    };
    let cblower_args = args_of(&[&"emit-llvm", &hlsl, &"-o", &ours]);
    let ours_one = dir.join(format!("{label}.cblower-no-threads.ll"));
    let one_thread_args = args_of(&[&"emit-llvm", &"--no-threads", &hlsl, &"-o", &ours_one]);
    let clang_args = args_of(&[
        &"-cc1",
        &"-triple",
        &"dxil-pc-shadermodel6.3-library",
        &"-x",
        &"hlsl",
        &"-emit-llvm",
        &"-disable-llvm-passes",
        &hlsl,
        &"-o",
        &clangs,
    ]);
    let floor_args = args_of(&[&"-S", &"-passes=verify", &clangs, &"-o", &floor]);

    let mut samples: [Vec<Sample>; 4] = Default::default();
    for _ in 0..runs {
        for (i, tool) in Tool::ALL.into_iter().enumerate() {
            let sample = match tool {
                Tool::Cblower => measure(helper, &tools.cblower, &cblower_args)?,
                Tool::CblowerOneThread => measure(helper, &tools.cblower, &one_thread_args)?,
                Tool::Clang => measure(helper, &tools.clang, &clang_args)?,
                Tool::Floor => measure(helper, &tools.opt, &floor_args)?,
            };
            samples[i].push(sample);
        }
    }
    run_checked(
        &tools.opt,
        &args_of(&[&"-passes=verify", &"-disable-output", &ours]),
    )?;
    let read = |path: &Path| {
        std::fs::read(path).map_err(|source| BenchError::Read {
            path: path.to_path_buf(),
            source,
        })
    };
    if read(&ours)? != read(&ours_one)? {
        return Err(BenchError::ThreadsChangedOutput {
            threads: ours,
            one: ours_one,
        });
    }

    let [ours_s, one_s, clang_s, floor_s] = samples.map(|s| Stat::of(&s));
    let (Some(cblower), Some(one_thread), Some(clang), Some(floor)) =
        (ours_s, one_s, clang_s, floor_s)
    else {
        return Err(BenchError::NoRuns { runs });
    };
    Ok(FileResult {
        shape,
        cblower,
        one_thread,
        clang,
        floor,
    })
}

fn write_file(path: &Path, shape: Shape) -> Result<(), BenchError> {
    let err = |source| BenchError::Write {
        path: path.to_path_buf(),
        source,
    };
    let mut out = BufWriter::new(File::create(path).map_err(err)?);
    write_hlsl(shape, &mut out).map_err(err)?;
    out.flush().map_err(err)
}
