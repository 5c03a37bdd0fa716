//! The real `ayo` binary, built if needed and started on loopback port 0 with a data directory, its log captured.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};

use crate::stats;

/// The server's token secret in benchmarks, so the bench can sign tokens for the players it seeds.
pub const JWT_SECRET: &str = "bb55be10ed7cb11a385649e92e05664f7fd5559e47fae065da7b4c032c0b6c48";

/// The seal key of cluster nodes in benchmarks (`AYO_SEED_KEY`, the same on every node).
pub const SEED_KEY: &str = "aa9b54af40e1307ab2ae7c7540bddded3341436a3c0b9ddab726f45d5f0cb9b1";
/// The key sealing the bus messages of cluster nodes in benchmarks (`AYO_BUS_KEY`, the same on every node).
pub const BUS_KEY: &str = "300a196d4d78082a987c4dd85f1496866871ac30b5f197b78d8ca03e2621b2ad";

/// The workspace root (the bench crate sits in `bench/`).
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Builds the `ayo` binary next to this one (same profile, same target directory) and returns its path.
/// `AYO_BIN` names a binary to use instead, unbuilt.
pub fn build_ayo() -> anyhow::Result<PathBuf> {
    if let Ok(bin) = std::env::var("AYO_BIN") {
        return Ok(PathBuf::from(bin));
    }
    let exe = std::env::current_exe()?;
    let dir = exe.parent().context("the bench binary has no directory")?.to_path_buf();
    let release = dir.file_name().is_some_and(|n| n == "release");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut build = Command::new(cargo);
    // Into the target directory this binary came from, whatever CARGO_TARGET_DIR says now.
    let target = dir.parent().context("the bench binary is not in a target directory")?;
    build.current_dir(workspace()).args(["build", "-q", "-p", "ayo", "--bin", "ayo", "--target-dir"]).arg(target);
    if release {
        build.arg("--release");
    }
    eprintln!("building the ayo binary ({}) …", if release { "release" } else { "debug" });
    if !build.status().context("running cargo build")?.success() {
        bail!("cargo build of the ayo binary failed");
    }
    Ok(dir.join("ayo"))
}

/// `build_ayo` once per process.
pub fn ayo_bin() -> anyhow::Result<PathBuf> {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    if let Some(bin) = BIN.get() {
        return Ok(bin.clone());
    }
    let bin = build_ayo()?;
    Ok(BIN.get_or_init(|| bin).clone())
}

/// Processes this bench started (servers, load processes): killed if the bench is interrupted.
static CHILDREN: Mutex<Vec<u32>> = Mutex::new(Vec::new());

pub fn register_child(pid: u32) {
    CHILDREN.lock().unwrap_or_else(|p| p.into_inner()).push(pid);
}

/// On Ctrl-C or SIGTERM, SIGKILLs every process this bench started (by pid), then exits.
pub fn kill_children_on_signal() {
    std::thread::spawn(|| {
        let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_all().build() else { return };
        runtime.block_on(async {
            let Ok(mut term) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) else {
                return;
            };
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
        });
        let pids = CHILDREN.lock().unwrap_or_else(|p| p.into_inner()).clone();
        for pid in pids {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        }
        std::process::exit(130);
    });
}

/// Runs `program args…` with the open-files limit raised to the hard limit (at most 20,000 here).
pub fn with_fd_limit(program: &Path) -> Command {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg("ulimit -n 20000 2>/dev/null || ulimit -n \"$(ulimit -Hn)\"; exec \"$0\" \"$@\"")
        .arg(program);
    command
}

#[derive(Default)]
struct Log {
    /// Lines worth keeping in memory (settlement timings, errors).
    kept: Vec<String>,
    lines: u64,
}

pub struct Server {
    child: Child,
    pub url: String,
    pub pid: u32,
    log: Arc<Mutex<Log>>,
}

impl Server {
    /// `ayo serve --bind 127.0.0.1:0 --data-dir DIR [extra…]`; returns once it printed its URL.
    pub fn start(data_dir: &Path, extra: &[&str]) -> anyhow::Result<Self> {
        Self::start_with(data_dir, extra, &[])
    }

    /// A cluster node: `ayo serve --store STORE --bus BUS` with the keys every node shares (`SEED_KEY`, `BUS_KEY`).
    pub fn start_node(data_dir: &Path, store: &str, bus: &str) -> anyhow::Result<Self> {
        let env = [("AYO_SEED_KEY", SEED_KEY), ("AYO_BUS_KEY", BUS_KEY)];
        Self::start_with(data_dir, &["--store", store, "--bus", bus], &env)
    }

    /// A node on the bus only: `ayo serve --bus BUS` with the bus key every node shares (`BUS_KEY`).
    pub fn start_on_bus(data_dir: &Path, bus: &str) -> anyhow::Result<Self> {
        Self::start_with(data_dir, &["--bus", bus], &[("AYO_BUS_KEY", BUS_KEY)])
    }

    fn start_with(data_dir: &Path, extra: &[&str], env: &[(&str, &str)]) -> anyhow::Result<Self> {
        let bin = ayo_bin()?;
        let log_path = data_dir.join("server.log");
        let mut child = with_fd_limit(&bin)
            .args(["serve", "--bind", "127.0.0.1:0", "--data-dir"])
            .env("AYO_PAYMENTS", "sandbox")
            .arg(data_dir)
            .args(extra)
            .env("AYO_JWT_SECRET", JWT_SECRET)
            // Each load process stands in for thousands of clients from one source address: no guest cap for it
            // (src/http/realtime/admission.rs; the descriptor budget still applies).
            .env("AYO_WS_GUESTS_PER_ADDRESS", "1000000")
            .envs(env.iter().copied())
            .env("NO_COLOR", "1")
            .env_remove("AYO_BIND")
            .env_remove("AYO_DATA_DIR")
            .env_remove("AYO_SMTP_URL")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("starting {}", bin.display()))?;
        let pid = child.id();
        register_child(pid);
        let log = Arc::new(Mutex::new(Log::default()));
        let stderr = child.stderr.take().context("server stderr")?;
        let kept = log.clone();
        std::thread::spawn(move || {
            let mut file = std::fs::File::create(log_path).ok();
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(f) = file.as_mut() {
                    let _ = writeln!(f, "{line}");
                }
                let mut log = kept.lock().unwrap_or_else(|p| p.into_inner());
                log.lines += 1;
                if line.contains("settlement")
                    || line.contains("ahead of the draw")
                    || line.contains("ERROR")
                    || line.contains("laggard")
                {
                    log.kept.push(line);
                }
            }
        });
        let mut stdout = BufReader::new(child.stdout.take().context("server stdout")?);
        let mut line = String::new();
        stdout.read_line(&mut line)?;
        let Some(url) = line.trim().strip_prefix("Ayo Lotto listening on ") else {
            let _ = child.kill();
            bail!("the server did not print its URL (got {line:?}); see {}", data_dir.join("server.log").display());
        };
        let url = url.to_string();
        // Keep draining stdout (the demo's credentials) so the server never blocks on it.
        std::thread::spawn(move || for _ in stdout.lines().map_while(Result::ok) {});
        Ok(Self { child, url, pid, log })
    }

    /// `127.0.0.1:PORT`.
    pub fn addr(&self) -> &str {
        self.url.trim_start_matches("http://")
    }

    pub fn ws_url(&self) -> String {
        format!("ws://{}/api/v1/ws", self.addr())
    }

    pub fn rss_kib(&self) -> u64 {
        stats::status_kib(self.pid, "VmRSS")
    }

    pub fn peak_rss_kib(&self) -> u64 {
        stats::status_kib(self.pid, "VmHWM")
    }

    pub fn cpu_secs(&self) -> f64 {
        stats::cpu_secs(self.pid)
    }

    pub fn fds(&self) -> usize {
        stats::open_fds(self.pid)
    }

    /// Waits for a kept log line containing `needle`.
    pub fn wait_log(&self, needle: &str, timeout: Duration) -> Option<String> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Some(line) = self.log_lines().into_iter().find(|l| l.contains(needle)) {
                return Some(line);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    pub fn log_lines(&self) -> Vec<String> {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).kept.clone()
    }

    pub fn log_line_count(&self) -> u64 {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).lines
    }

    /// SIGKILL: no shutdown code runs. Every acknowledged write must already be on disk.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The value of `key=` in a tracing log line.
pub fn log_field(line: &str, key: &str) -> Option<i64> {
    let at = line.find(&format!(" {key}="))? + key.len() + 2;
    line[at..].split(|c: char| !c.is_ascii_digit() && c != '-').next()?.parse().ok()
}

/// The timestamp at the start of a tracing log line, in µs since the epoch.
pub fn log_time_us(line: &str) -> Option<u64> {
    let stamp = line.split_whitespace().next()?;
    let t = chrono::DateTime::parse_from_rfc3339(stamp).ok()?;
    u64::try_from(t.timestamp_micros()).ok()
}

/// A small blocking HTTP/1.1 request (`Connection: close`): (status, body).
pub fn http(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> anyhow::Result<(u16, String)> {
    use std::io::Read;
    let mut stream = std::net::TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(token) = token {
        request.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    let body = body.unwrap_or("");
    if !body.is_empty() || method != "GET" {
        request.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes())?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    let status = response.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = response.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    Ok((status, body))
}

/// Opens the store of a data directory, retrying while a killed server's lock lingers.
pub fn open_store(data_dir: &Path) -> anyhow::Result<ayo_data::Store> {
    let mut last = None;
    for _ in 0..100 {
        match ayo::server::startup::open_store(&ayo::server::config::Settings::new(
            String::new(),
            data_dir.to_path_buf(),
            false,
        )) {
            Ok(store) => return Ok(store),
            Err(e) => last = Some(e),
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Err(anyhow::anyhow!("opening the store: {last:?}"))
}
