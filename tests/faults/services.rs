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

/// Runs one of the test PostgreSQL's programs (`pg_ctl`, `pg_basebackup`, `psql`) as Debian's `postgres` user when
/// the run is root (they refuse root), from `/` (that user may not enter the caller's directory), answering why not
/// when it fails.
fn as_postgres(program: &str, args: &[&str]) -> Result<(), String> {
    let Ok(bin) = std::env::var("AYO_TEST_POSTGRES_BIN") else {
        return Err("AYO_TEST_POSTGRES_BIN unset (run through scripts/faults.sh)".into());
    };
    let program = format!("{bin}/{program}");
    let mut command = if rustix::process::getuid().is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--", &program]).args(args);
        c
    } else {
        let mut c = Command::new(&program);
        c.args(args);
        c
    };
    let out = command.current_dir("/").stdin(Stdio::null()).output().map_err(|e| format!("{program}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{program} {args:?} failed ({}): {}", out.status, String::from_utf8_lossy(&out.stderr).trim()))
    }
}

/// A streaming replica of the test PostgreSQL (`pg_basebackup -R`) on its own loopback port, beside the primary's
/// data directory (the `postgres` user owns that directory; scripts/cluster-services.sh removes it afterwards). The
/// primary is made to wait for it on every commit (`synchronous_standby_names = '*'`, `synchronous_commit` on, as by
/// default), so a commit the nodes saw acknowledged is on the replica before the acknowledgement: promoting it loses
/// none. Stopped when dropped.
pub struct Standby {
    pub port: u16,
    data: String,
}

impl Standby {
    /// The replica's port, chosen before it exists: the nodes' links name it from their start.
    pub fn port() -> u16 {
        free_port()
    }

    /// Makes the replica on `port` from the primary at `primary` and has the primary wait for it on every commit.
    pub async fn make(primary: &str, port: u16) -> Result<Self, String> {
        let Ok(primary_data) = std::env::var("AYO_TEST_POSTGRES_DATA") else {
            return Err("AYO_TEST_POSTGRES_DATA unset (run through scripts/faults.sh)".into());
        };
        let parent = Path::new(&primary_data).parent().ok_or("the primary's data directory has no parent")?;
        let data = parent.join("standby").display().to_string();
        let socket_dir = parent.display().to_string();
        let from = address_of(primary);
        let (host, from_port) = (from.ip().to_string(), from.port().to_string());
        let standby = Self { port, data: data.clone() };
        let made = tokio::task::spawn_blocking(move || {
            // The harness's initdb (`-A trust`, user `ayo`, a superuser) lets a replica stream from 127.0.0.1.
            as_postgres(
                "pg_basebackup",
                &["-h", &host, "-p", &from_port, "-U", "ayo", "-D", &data, "-R", "-X", "stream", "-c", "fast"],
            )?;
            // A hot standby needs at least the primary's max_connections (scripts/cluster-services.sh: 500).
            let options = format!("-p {port} -k {socket_dir} -c listen_addresses=127.0.0.1 -c max_connections=500");
            let log = format!("{data}.log");
            as_postgres("pg_ctl", &["-D", &data, "-l", &log, "-o", &options, "-w", "start"])
        })
        .await
        .map_err(|e| e.to_string())?;
        made?;
        let db = ayo_data::pg::connect(primary).await.map_err(|e| e.to_string())?;
        // Two statements: ALTER SYSTEM refuses to run inside a transaction, which one multi-statement query is.
        for sql in ["ALTER SYSTEM SET synchronous_standby_names = '*'", "SELECT pg_reload_conf()"] {
            db.batch_execute(sql).await.map_err(|e| format!("synchronous_standby_names: {e}"))?;
        }
        // Until the replica streams and is named synchronous, the primary's commits would wait on nothing.
        for _ in 0..100 {
            let sync: i64 = db
                .query_one("SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'", &[])
                .await
                .map_err(|e| e.to_string())?
                .get(0);
            if sync > 0 {
                return Ok(standby);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Err("the replica never became the primary's synchronous standby (see its log beside its data)".into())
    }

    /// Promotes the replica: from now it takes writes, and the old primary must never be let back.
    pub async fn promote(&self) -> Result<(), String> {
        let data = self.data.clone();
        let promoted = tokio::task::spawn_blocking(move || as_postgres("pg_ctl", &["-D", &data, "-w", "promote"]));
        promoted.await.map_err(|e| e.to_string())?
    }

    /// A URL of database `database` on the replica, for the run's own reads once it is promoted.
    pub fn url(&self, database: &str) -> String {
        format!("postgres://ayo@127.0.0.1:{}/{database}", self.port)
    }
}

impl Drop for Standby {
    fn drop(&mut self) {
        let _ = as_postgres("pg_ctl", &["-D", &self.data, "-m", "immediate", "stop"]);
    }
}
