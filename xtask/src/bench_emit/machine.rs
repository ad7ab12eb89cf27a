//! A one-line description of the machine, printed above the table so that
//! recorded figures say where they were measured.

use std::path::Path;
use std::process::Command;

/// `machine: <cpu>, <n> logical CPUs, <m> GiB RAM; <clang version>`.
pub fn describe(clang: &Path) -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| field(&t, "model name"))
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let mem_gib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| field(&t, "MemTotal"))
        .and_then(|v| v.trim_end_matches(" kB").trim().parse::<f64>().ok())
        .map_or_else(
            || "unknown".to_owned(),
            |kib| format!("{:.1}", kib / 1024.0 / 1024.0),
        );
    let clang_version = Command::new(clang)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|t| t.lines().next().map(str::to_owned))
        .unwrap_or_else(|| "clang-22 (version unknown)".to_owned());
    format!("machine: {cpu}, {cpus} logical CPUs, {mem_gib} GiB RAM; {clang_version}")
}

/// The 1-, 5- and 15-minute load averages (`/proc/loadavg`): CI machines
/// are shared, and figures taken under load say so next to the table.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|t| t.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The value of `key : value` in a /proc text file.
fn field(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        (k.trim() == key).then(|| v.trim().to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn reads_proc_fields() {
        let t = "processor\t: 0\nmodel name\t: AMD EPYC\nMemTotal:       24684084 kB\n";
        assert_eq!(field(t, "model name").as_deref(), Some("AMD EPYC"));
        assert_eq!(field(t, "MemTotal").as_deref(), Some("24684084 kB"));
        assert_eq!(field(t, "cpu MHz"), None);
    }
}
