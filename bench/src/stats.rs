//! Percentiles and the machine facts printed next to every figure.

use std::time::{SystemTime, UNIX_EPOCH};

/// p50, p99 and max of a sample (nearest rank); zeros when empty.
pub struct Summary {
    pub n: usize,
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

pub fn summary(mut values: Vec<f64>) -> Summary {
    if values.is_empty() {
        return Summary { n: 0, p50: 0.0, p99: 0.0, max: 0.0 };
    }
    values.sort_by(f64::total_cmp);
    let at = |q: f64| {
        let rank = ((q * values.len() as f64).ceil() as usize).clamp(1, values.len());
        values[rank - 1]
    };
    Summary { n: values.len(), p50: at(0.50), p99: at(0.99), max: values[values.len() - 1] }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms (n = {})", self.p50, self.p99, self.max, self.n)
    }
}

pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The 1-minute load average, as `uptime` shows it.
pub fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(String::from))
        .unwrap_or_else(|| "?".into())
}

/// Prints the scenario's heading with the machine facts.
pub fn heading(title: &str) {
    println!();
    println!("== {title} ==  (cores: {}, load: {})", cores(), load());
}

pub fn now_us() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64)
}

/// CPU seconds (user + system) a process has used, from /proc.
pub fn cpu_secs(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return 0.0 };
    // Fields after the command name (which may hold spaces) start after the last ')'.
    let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else { return 0.0 };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 of the whole line: 11 and 12 after the name and state.
    (ticks(11) + ticks(12)) / 100.0
}

/// A field of /proc/<pid>/status in KiB (`VmRSS`, `VmHWM`).
pub fn status_kib(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field) && l[field.len()..].starts_with(':'))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

pub fn open_fds(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count())
}
