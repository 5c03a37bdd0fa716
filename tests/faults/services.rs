//! The services under the nodes: a NATS server of the run's own (so it can be stopped and started again on the same
//! port) and the PostgreSQL that scripts/cluster-services.sh started (restarted with its own `pg_ctl`, which that
//! script names in `AYO_TEST_POSTGRES_BIN` and `AYO_TEST_POSTGRES_DATA`).

use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub const NEEDS_SERVICES: &str =
    "AYO_TEST_POSTGRES_URL: run through scripts/faults.sh (or scripts/cluster-services.sh)";

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port()
}

/// `host:port` of a URL such as `postgres://user@127.0.0.1:5432/db` or `nats://127.0.0.1:4222`.
pub fn address_of(url: &str) -> SocketAddr {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let rest = rest.rsplit_once('@').map_or(rest, |(_, rest)| rest);
    let host_port = rest.split('/').next().unwrap_or(rest);
    host_port.parse().unwrap_or_else(|e| panic!("{host_port}: {e}"))
}

/// Where the run's NATS writes its pid, so a sweep after a killed run can stop it (`lab::sweep`, scripts/faults.sh).
pub const NATS_PID: &str = "/tmp/ayof-nats.pid";

/// The run's NATS server on 127.0.0.1.
pub struct Nats {
    pub port: u16,
    log: PathBuf,
    child: Option<Child>,
}

impl Nats {
    pub async fn start(dir: &Path) -> Self {
        let mut nats = Self { port: free_port(), log: dir.join("nats.log"), child: None };
        nats.up().await;
        nats
    }

    pub fn address(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.port))
    }

    async fn up(&mut self) {
        let log = std::fs::OpenOptions::new().create(true).append(true).open(&self.log).expect("the NATS log");
        let child = Command::new("nats-server")
            .args(["-a", "127.0.0.1", "-p", &self.port.to_string()])
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("nats-server (Debian's package) runs");
        let _ = std::fs::write(NATS_PID, child.id().to_string());
        self.child = Some(child);
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(self.address()).await.is_ok() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("NATS did not start on port {}", self.port);
    }

    /// Stops NATS (SIGKILL: nothing flushed, as a crash), waits `down`, starts it again on the same port.
    pub async fn restart(&mut self, down: Duration) {
        self.stop();
        tokio::time::sleep(down).await;
        self.up().await;
    }

    fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
            let _ = std::fs::remove_file(NATS_PID);
        }
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Restarts the test PostgreSQL (a fast shutdown: open transactions are rolled back, connections cut), answering
/// why not when this run cannot.
pub fn restart_postgres() -> Result<(), String> {
    let (Ok(bin), Ok(data)) = (std::env::var("AYO_TEST_POSTGRES_BIN"), std::env::var("AYO_TEST_POSTGRES_DATA")) else {
        return Err("AYO_TEST_POSTGRES_BIN / AYO_TEST_POSTGRES_DATA unset (run through scripts/faults.sh)".into());
    };
    let pg_ctl = format!("{bin}/pg_ctl");
    // The restarted server logs beside its data (`-l`), and pg_ctl's own output is not read: the server it starts
    // would hold any pipe given here open for its whole life.
    let log = format!("{data}/restart.log");
    let args = ["-D", data.as_str(), "-l", log.as_str(), "-m", "fast", "-w", "restart"];
    // initdb and pg_ctl refuse root: the server runs as Debian's `postgres` user (see scripts/cluster-services.sh).
    let mut command = if rustix::process::getuid().is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--", &pg_ctl]).args(args);
        c
    } else {
        let mut c = Command::new(&pg_ctl);
        c.args(args);
        c
    };
    let status = command
        .current_dir("/")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| e.to_string())?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("pg_ctl restart failed ({status}); see {log}"))
    }
}
