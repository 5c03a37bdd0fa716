//! The fan-out benchmark's reference: a plain Node.js `ws` server (bench/node-ws/reference.mjs), started with the
//! same open-files limit as `ayo`, on loopback port 0. Its packages are installed (`npm ci`) on first use.

use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};

use anyhow::{bail, Context};

use crate::server::{register_child, with_fd_limit, workspace};
use crate::stats;

pub struct NodeReference {
    child: Child,
    pub addr: String,
}

impl NodeReference {
    pub fn start() -> anyhow::Result<Self> {
        let dir = workspace().join("bench/node-ws");
        if !dir.join("node_modules/ws").exists() {
            let status = std::process::Command::new("npm")
                .current_dir(&dir)
                .args(["ci", "--no-audit", "--no-fund", "--silent"])
                .status()
                .context("running npm ci in bench/node-ws")?;
            if !status.success() {
                bail!("npm ci in bench/node-ws failed");
            }
        }
        let node = std::path::PathBuf::from("node");
        let mut child = with_fd_limit(&node)
            .arg(dir.join("reference.mjs"))
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("starting node (the Node ws reference)")?;
        register_child(child.id());
        let mut stdout = BufReader::new(child.stdout.take().context("node stdout")?);
        let mut line = String::new();
        stdout.read_line(&mut line)?;
        let Some(port) = line.trim().strip_prefix("listening on ") else {
            let _ = child.kill();
            bail!("the Node ws reference did not print its port (got {line:?})");
        };
        let addr = format!("127.0.0.1:{port}");
        Ok(Self { child, addr })
    }

    pub fn ws_url(&self) -> String {
        format!("ws://{}/api/v1/ws", self.addr)
    }

    pub fn rss_kib(&self) -> u64 {
        stats::status_kib(self.child.id(), "VmRSS")
    }

    pub fn cpu_secs(&self) -> f64 {
        stats::cpu_secs(self.child.id())
    }
}

impl Drop for NodeReference {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
