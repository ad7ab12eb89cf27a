//! The results table and the issue's targets, checked on the numbers.

use std::fmt::Write as _;
use std::time::Duration;

use super::generate::Shape;
use super::measure::Sample;

/// The programs compared on every file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// `cblower emit-llvm` (release build).
    Cblower,
    /// `cblower emit-llvm --no-threads`: everything on one thread, so its
    /// elapsed time is its CPU time (what a machine with every core busy
    /// sees).
    CblowerOneThread,
    /// `clang-22 -cc1 ... -emit-llvm -disable-llvm-passes`.
    Clang,
    /// `opt-22 -S -passes=verify` on clang's output: LLVM parsing and
    /// printing the module, the least any IR-writing tool could cost.
    Floor,
}

impl Tool {
    pub const ALL: [Tool; 4] = [
        Tool::Cblower,
        Tool::CblowerOneThread,
        Tool::Clang,
        Tool::Floor,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tool::Cblower => "cblower emit-llvm",
            Tool::CblowerOneThread => "cblower emit-llvm --no-threads",
            Tool::Clang => "clang-22 -cc1",
            Tool::Floor => "opt-22 -S (floor)",
        }
    }
}

/// The median wall and CPU times and the largest peak RSS over a tool's
/// runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stat {
    pub median: Duration,
    pub median_cpu: Duration,
    pub peak_rss_kib: u64,
}

impl Stat {
    /// `None` for no samples. The median of an even count is the mean of
    /// the two middle values.
    pub fn of(samples: &[Sample]) -> Option<Self> {
        Some(Self {
            median: median(samples.iter().map(|s| s.wall).collect())?,
            median_cpu: median(samples.iter().map(|s| s.cpu).collect())?,
            peak_rss_kib: samples.iter().map(|s| s.peak_rss_kib).max()?,
        })
    }

    fn cpu_secs(self) -> f64 {
        self.median_cpu.as_secs_f64()
    }

    fn secs(self) -> f64 {
        self.median.as_secs_f64()
    }

    fn mib(self) -> f64 {
        self.peak_rss_kib as f64 / 1024.0
    }
}

fn median(mut values: Vec<Duration>) -> Option<Duration> {
    values.sort();
    let n = values.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(values[n / 2]),
        _ => Some((values[n / 2 - 1] + values[n / 2]) / 2),
    }
}

/// One file's results, a [`Stat`] per [`Tool`].
#[derive(Clone, Copy, Debug)]
pub struct FileResult {
    pub shape: Shape,
    pub cblower: Stat,
    pub one_thread: Stat,
    pub clang: Stat,
    pub floor: Stat,
}

impl FileResult {
    pub fn stat(&self, tool: Tool) -> Stat {
        match tool {
            Tool::Cblower => self.cblower,
            Tool::CblowerOneThread => self.one_thread,
            Tool::Clang => self.clang,
            Tool::Floor => self.floor,
        }
    }
}

/// The results as a Markdown table, one row per file and tool; ratios are
/// the tool's over clang-22's (time and memory) and over the floor (time).
pub fn table(results: &[FileResult]) -> String {
    let mut s = String::from(
        "| file | members | tool | median s | cpu s | peak MiB | time / clang-22 | peak / clang-22 | time / floor |\n\
         |---|---:|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in results {
        for tool in Tool::ALL {
            let st = r.stat(tool);
            let _ = writeln!(
                s,
                "| {} | {} | {} | {:.3} | {:.3} | {:.1} | {:.2} | {:.2} | {:.2} |",
                r.shape.label(),
                r.shape.members(),
                tool.name(),
                st.secs(),
                st.cpu_secs(),
                st.mib(),
                st.secs() / r.clang.secs(),
                st.mib() / r.clang.mib(),
                st.secs() / r.floor.secs(),
            );
        }
    }
    s
}

/// One target of the issue, with the measured value and its limit.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub what: String,
    pub value: f64,
    pub limit: f64,
}

impl Check {
    pub fn passed(&self) -> bool {
        self.value <= self.limit
    }
}

/// The five targets: on the `main` file, cblower's time at most 0.15x
/// clang-22's, with its threads and with `--no-threads` (whose time is its
/// CPU time: the target holds on a machine with no core to spare), and its
/// peak memory at most 0.4x clang-22's (issue #18; issue #5 asked for 0.25x
/// and 0.5x), its time no more than the floor's; and from `base` to `main`
/// (10x the members, same buffer shape) its time grows at most 11x. Growth is measured in CPU
/// time: the two files are timed at different moments, and on a shared
/// machine their wall times can wait on other jobs unequally (the three
/// tools on one file are interleaved, so their wall-time ratios are fair).
pub fn checks(main: &FileResult, base: &FileResult) -> Vec<Check> {
    let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
    let growth_limit = 1.1 * main.shape.members() as f64 / base.shape.members() as f64;
    vec![
        Check {
            what: format!("{}: time / clang-22", main.shape.label()),
            value: ratio(main.cblower.median, main.clang.median),
            limit: 0.15,
        },
        Check {
            what: format!("{}: time / clang-22, --no-threads", main.shape.label()),
            value: ratio(main.one_thread.median, main.clang.median),
            limit: 0.15,
        },
        Check {
            what: format!("{}: peak memory / clang-22", main.shape.label()),
            value: main.cblower.peak_rss_kib as f64 / main.clang.peak_rss_kib as f64,
            limit: 0.4,
        },
        Check {
            what: format!("{}: time / floor", main.shape.label()),
            value: ratio(main.cblower.median, main.floor.median),
            limit: 1.0,
        },
        Check {
            what: format!(
                "linearity: CPU time {} / CPU time {}",
                main.shape.label(),
                base.shape.label()
            ),
            value: ratio(main.cblower.median_cpu, base.cblower.median_cpu),
            limit: growth_limit,
        },
    ]
}

/// The checks as lines `PASS  what: value (limit L)`.
pub fn check_lines(checks: &[Check]) -> String {
    let mut s = String::new();
    for c in checks {
        let _ = writeln!(
            s,
            "{}  {}: {:.3} (at most {:.2})",
            if c.passed() { "PASS" } else { "FAIL" },
            c.what,
            c.value,
            c.limit
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(ms: u64, kib: u64) -> Sample {
        Sample {
            wall: Duration::from_millis(ms),
            cpu: Duration::from_millis(ms - 5),
            peak_rss_kib: kib,
        }
    }

    fn stat(ms: u64, kib: u64) -> Stat {
        Stat {
            median: Duration::from_millis(ms),
            median_cpu: Duration::from_millis(ms - 5),
            peak_rss_kib: kib,
        }
    }

    #[test]
    fn median_of_odd_and_even_counts_and_peak_is_the_largest() {
        let odd = [sample(30, 5), sample(10, 9), sample(20, 7)];
        assert_eq!(Stat::of(&odd), Some(stat(20, 9)));
        let even = [sample(40, 1), sample(10, 1), sample(30, 2), sample(20, 1)];
        assert_eq!(Stat::of(&even), Some(stat(25, 2)));
        assert_eq!(Stat::of(&[]), None);
    }

    #[test]
    fn table_rows_carry_ratios() {
        let r = FileResult {
            shape: Shape::new(100, 1000),
            cblower: stat(200, 51_200),
            one_thread: stat(240, 50_176),
            clang: stat(800, 204_800),
            floor: stat(250, 102_400),
        };
        let t = table(&[r]);
        let rows: Vec<&str> = t.lines().skip(2).collect();
        assert_eq!(
            rows,
            [
                "| 100x1k | 100000 | cblower emit-llvm | 0.200 | 0.195 | 50.0 | 0.25 | 0.25 | 0.80 |",
                "| 100x1k | 100000 | cblower emit-llvm --no-threads | 0.240 | 0.235 | 49.0 | 0.30 | 0.24 | 0.96 |",
                "| 100x1k | 100000 | clang-22 -cc1 | 0.800 | 0.795 | 200.0 | 1.00 | 1.00 | 3.20 |",
                "| 100x1k | 100000 | opt-22 -S (floor) | 0.250 | 0.245 | 100.0 | 0.31 | 0.50 | 1.00 |",
            ]
        );
    }

    #[test]
    fn checks_compare_against_the_issue_limits() {
        let main = FileResult {
            shape: Shape::new(100, 1000),
            cblower: stat(300, 51_200),
            one_thread: stat(120, 51_200),
            clang: stat(800, 204_800),
            floor: stat(250, 102_400),
        };
        let base = FileResult {
            shape: Shape::new(10, 1000),
            cblower: stat(25, 10_000),
            ..main
        };
        let c = checks(&main, &base);
        let passed: Vec<bool> = c.iter().map(Check::passed).collect();
        // 0.375 > 0.15; 0.15 <= 0.15; 0.25 <= 0.4; 1.2 > 1; CPU 295 ms / 20 ms > 11.
        assert_eq!(passed, [false, true, true, false, false]);
        assert_eq!(
            check_lines(&c),
            "FAIL  100x1k: time / clang-22: 0.375 (at most 0.15)\n\
             PASS  100x1k: time / clang-22, --no-threads: 0.150 (at most 0.15)\n\
             PASS  100x1k: peak memory / clang-22: 0.250 (at most 0.40)\n\
             FAIL  100x1k: time / floor: 1.200 (at most 1.00)\n\
             FAIL  linearity: CPU time 100x1k / CPU time 10x1k: 14.750 (at most 11.00)\n"
        );
    }
}
