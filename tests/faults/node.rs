//! A node of the lab: the real `ayo serve --store --bus` process inside its own network namespace, reaching
//! PostgreSQL and NATS only through its two links, its log kept in a file so the run can read what it did (which
//! node took the lottery's lease, and when a stale one found it lost).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::lab::Lab;
use crate::link::Link;

/// The tokens' secret (`AYO_JWT_SECRET`): the run signs its players' tokens with it.
pub const JWT_SECRET: &str = "34955458d24ac8898f063715474e9bd59c649bfff76c2f363f5c34b9606479dd";
/// The seed key every node shares (`AYO_SEED_KEY`).
pub const SEED_KEY: &str = "74458b9e5814fdd1fce99d21448f8a0b26f85e892cb0ef812d66dacc8469d461";
const BUS_KEY: &str = "01dffb78130d1c9ff31f255d316f682d6b3491d60ae9b92f47a7df3430fbc122";

pub struct Node {
    pub index: usize,
    pub url: String,
    pub pg: Link,
    pub nats: Link,
    log: PathBuf,
    clock: PathBuf,
    child: Child,
}

const FAKETIME: &str = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1";

impl Node {
    /// Starts node `index` of `lab` on the database `database` (its name on the test PostgreSQL), with its links to
    /// PostgreSQL at `pg` and NATS at `nats`, and to the replica at `standby` if any: then its store URL names both
    /// hosts and asks for the one that takes writes (`tokio_postgres::Config`, data/src/pg/link.rs), so a new
    /// connection finds the promoted replica once the primary is gone.
    pub async fn start(index: usize, dir: &Path, database: &str, pg: Link, nats: Link, standby: Option<Link>) -> Self {
        let host = Lab::host_ip(index);
        // The link forwards on its own task; only its port is needed here.
        let store = match &standby {
            None => format!("postgres://ayo@{host}:{}/{database}", pg.port),
            Some(replica) => format!(
                "postgres://ayo@{host}:{},{host}:{}/{database}?target_session_attrs=read-write",
                pg.port, replica.port
            ),
        };
        let bus = format!("nats://{host}:{}", nats.port);
        let data_dir = dir.join(format!("node{index}"));
        std::fs::create_dir_all(&data_dir).expect("the node's data directory");
        let log = dir.join(format!("node{index}.log"));
        let stderr = std::fs::File::create(&log).expect("the node's log");
        // `ip netns exec` execs the server itself, so this child's pid is the server's (SIGSTOP reaches it).
        // The node's wall clock, steppable alone (libfaketime, Debian's `libfaketime`): the offset in `clock` is read
        // again every second; the monotonic clock (timers, the lease's own count) is left alone, as a real step of
        // the system clock by NTP or an operator would leave it.
        let clock = dir.join(format!("clock{index}"));
        std::fs::write(&clock, "+0").expect("the node's clock offset");
        let bin = std::env::var("AYO_FAULT_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_ayo").to_string());
        let mut child = Command::new("ip")
            .args(["netns", "exec", &Lab::namespace(index), &bin, "serve", "--bind"])
            .arg(format!("{}:0", Lab::node_ip(index)))
            .arg("--data-dir")
            .arg(&data_dir)
            .args(["--store", &store, "--bus", &bus])
            .env("AYO_PAYMENTS", "sandbox")
            .env("AYO_JWT_SECRET", JWT_SECRET)
            .env("AYO_SEED_KEY", SEED_KEY)
            .env("AYO_BUS_KEY", BUS_KEY)
            .env("RUST_LOG", "info")
            .envs(
                std::path::Path::new(FAKETIME)
                    .exists()
                    .then(|| {
                        [
                            ("LD_PRELOAD", FAKETIME.to_string()),
                            ("FAKETIME_TIMESTAMP_FILE", clock.display().to_string()),
                            ("FAKETIME_CACHE_DURATION", "1".to_string()),
                            ("FAKETIME_DONT_FAKE_MONOTONIC", "1".to_string()),
                        ]
                    })
                    .into_iter()
                    .flatten(),
            )
            .env_remove("AYO_BIND")
            .env_remove("AYO_DATA_DIR")
            .env_remove("AYO_STORE_URL")
            .env_remove("AYO_BUS_URL")
            .env_remove("AYO_LOG_FORMAT")
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("ayo serve starts");
        let stdout = child.stdout.take().expect("the node's stdout");
        let line = tokio::task::spawn_blocking(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            line
        })
        .await
        .expect("the node's first line");
        let url = line.trim().strip_prefix("Ayo Lotto listening on ").map(str::to_string);
        let url = url.unwrap_or_else(|| {
            panic!("node {index} printed {line:?}; its log:\n{}", std::fs::read_to_string(&log).unwrap_or_default())
        });
        Self { index, url, pg, nats, log, clock, child }
    }

    pub fn pid(&self) -> i32 {
        i32::try_from(self.child.id()).expect("a pid")
    }

    /// The node's log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Whether the node's last word on the lottery's lease is that it took it.
    pub fn leads(&self) -> bool {
        let log = self.log();
        let took = log.rfind("this node took the lottery's lease");
        let left =
            [log.rfind("this node lost the lottery's lease"), log.rfind("this node gave the lottery's lease up")]
                .into_iter()
                .flatten()
                .max();
        matches!((took, left), (Some(t), l) if l.is_none_or(|l| l < t))
    }

    /// Steps the node's wall clock to `offset` seconds from the machine's (read within a second); answers false when
    /// this machine has no libfaketime, so the step cannot be made.
    pub fn step_clock(&self, offset: i64) -> bool {
        std::fs::write(&self.clock, format!("{offset:+}")).expect("the node's clock offset");
        std::path::Path::new(FAKETIME).exists()
    }

    /// SIGSTOP (`true`) or SIGCONT: the whole process frozen, its sockets open, its clocks running on.
    pub fn freeze(&self, frozen: bool) {
        let signal = if frozen { "-STOP" } else { "-CONT" };
        let done = Command::new("kill").args([signal, &self.pid().to_string()]).status().expect("kill runs");
        assert!(done.success(), "kill {signal} {}", self.pid());
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
