//! Wall time and peak resident memory of one tool run.
//!
//! `getrusage(RUSAGE_CHILDREN)` reports the largest peak RSS among all the
//! children a process has waited for, never one child's own. So every run
//! goes through a fresh helper process (this binary's hidden
//! `measure-child` command): the helper starts the tool, waits for it, and
//! its children's usage is then exactly the tool's. The helper prints one
//! line, `wall_ns=N cpu_ns=N maxrss_kib=N`, and exits with the tool's status; the
//! tool's own stderr passes through the helper to the benchmark, which shows
//! it only when the run fails.

use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use nix::sys::resource::{getrusage, UsageWho};
use nix::sys::time::{TimeVal, TimeValLike};

use super::BenchError;

/// The hidden subcommand that runs one measured child.
pub const MEASURE_CHILD: &str = "measure-child";

/// What one run of a tool cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub wall: Duration,
    /// User plus system CPU time: unlike the wall time, barely affected by
    /// other jobs on a shared machine.
    pub cpu: Duration,
    pub peak_rss_kib: u64,
}

impl Sample {
    /// The helper's report line.
    fn to_line(self) -> String {
        format!(
            "wall_ns={} cpu_ns={} maxrss_kib={}",
            self.wall.as_nanos(),
            self.cpu.as_nanos(),
            self.peak_rss_kib
        )
    }

    /// Reads the helper's report line back.
    fn parse(line: &str) -> Option<Self> {
        let rest = line.trim().strip_prefix("wall_ns=")?;
        let (wall, rest) = rest.split_once(" cpu_ns=")?;
        let (cpu, rss) = rest.split_once(" maxrss_kib=")?;
        Some(Self {
            wall: Duration::from_nanos(wall.parse().ok()?),
            cpu: Duration::from_nanos(cpu.parse().ok()?),
            peak_rss_kib: rss.parse().ok()?,
        })
    }
}

/// The helper side: runs `program args`, prints the sample on stdout and
/// returns the exit code to leave with (the tool's; 1 if it was killed or
/// could not start, with the reason on stderr).
pub fn run_helper(program: &OsString, args: &[OsString]) -> i32 {
    let start = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status();
    let wall = start.elapsed();
    let status = match status {
        Ok(s) => s,
        Err(e) => {
            eprintln!("cannot run `{}`: {e}", program.to_string_lossy());
            return 1;
        }
    };
    let usage = match getrusage(UsageWho::RUSAGE_CHILDREN) {
        Ok(u) => u,
        Err(e) => {
            eprintln!("getrusage(RUSAGE_CHILDREN) failed: {e}");
            return 1;
        }
    };
    let sample = Sample {
        wall,
        cpu: duration_of(usage.user_time()) + duration_of(usage.system_time()),
        // Linux reports ru_maxrss in KiB.
        peak_rss_kib: u64::try_from(usage.max_rss()).unwrap_or(0),
    };
    println!("{}", sample.to_line());
    match status.code() {
        Some(code) => code,
        None => {
            eprintln!("`{}` was killed: {status}", program.to_string_lossy());
            1
        }
    }
}

/// A non-negative `timeval` as a `Duration` (negative ones, which the
/// kernel never reports for usage, count as zero).
fn duration_of(tv: TimeVal) -> Duration {
    Duration::from_micros(u64::try_from(tv.num_microseconds()).unwrap_or(0))
}

/// The benchmark side: measures one run of `program args` through the
/// helper `helper_exe`. A failing tool is an error carrying its stderr.
pub fn measure(helper_exe: &Path, program: &Path, args: &[OsString]) -> Result<Sample, BenchError> {
    let out = Command::new(helper_exe)
        .arg(MEASURE_CHILD)
        .arg("--")
        .arg(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|source| BenchError::Spawn {
            program: helper_exe.display().to_string(),
            source,
        })?;
    let command = command_line(program, args);
    if !out.status.success() {
        return Err(failed(command, out.status, &out.stderr));
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    Sample::parse(&stdout).ok_or_else(|| BenchError::BadSample {
        command,
        line: stdout.trim().to_owned(),
    })
}

/// Runs `program args` once without measuring (the verifier); an error
/// carrying stderr when it fails.
pub fn run_checked(program: &Path, args: &[OsString]) -> Result<(), BenchError> {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|source| BenchError::Spawn {
            program: program.display().to_string(),
            source,
        })?;
    if out.status.success() {
        Ok(())
    } else {
        Err(failed(command_line(program, args), out.status, &out.stderr))
    }
}

fn failed(command: String, status: ExitStatus, stderr: &[u8]) -> BenchError {
    BenchError::ToolFailed {
        command,
        status: status.to_string(),
        stderr: String::from_utf8_lossy(stderr).trim_end().to_owned(),
    }
}

/// `program arg arg ...`, for messages.
pub fn command_line(program: &Path, args: &[OsString]) -> String {
    let mut s = program.display().to_string();
    for a in args {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_line_round_trips() {
        let s = Sample {
            wall: Duration::from_nanos(830_000_123),
            cpu: Duration::from_nanos(790_000_000),
            peak_rss_kib: 199_680,
        };
        let line = "wall_ns=830000123 cpu_ns=790000000 maxrss_kib=199680";
        assert_eq!(s.to_line(), line);
        assert_eq!(Sample::parse(&format!("{line}\n")), Some(s));
    }

    #[test]
    fn malformed_sample_lines_are_rejected() {
        assert_eq!(Sample::parse(""), None);
        assert_eq!(Sample::parse("wall_ns=12"), None);
        assert_eq!(Sample::parse("wall_ns=12 maxrss_kib=3"), None);
        assert_eq!(Sample::parse("wall_ns=x cpu_ns=1 maxrss_kib=3"), None);
        assert_eq!(Sample::parse("cpu_ns=1 wall_ns=12 maxrss_kib=3"), None);
    }

    #[test]
    fn timevals_convert_to_durations() {
        assert_eq!(
            duration_of(TimeVal::microseconds(1_500_000)),
            Duration::from_millis(1500)
        );
        assert_eq!(duration_of(TimeVal::microseconds(-5)), Duration::ZERO);
    }
}
