//! The lab's network: one Linux network namespace per node, joined to the root namespace by a veth pair
//! (10.77.<n+1>.1 on the root side, 10.77.<n+1>.2 inside), and the cuts: an nftables table inside a node's namespace
//! that drops its packets to and from one port on the root side (the node's link to PostgreSQL or to NATS). Nothing
//! leaves this machine. Every name starts `ayof-`; whatever a crashed run left behind is swept before a run starts
//! and when the lab is dropped (scripts/faults.sh sweeps once more on any exit).

use std::io::Write;
use std::process::{Command, Stdio};

const PREFIX: &str = "ayof-";

/// The namespaces of a run; removed (with their veths and nftables tables) when dropped.
pub struct Lab {
    _made: (),
}

/// Runs a command that must succeed; panics with its output otherwise.
fn run(program: &str, args: &[&str]) {
    let out = Command::new(program).args(args).output().unwrap_or_else(|e| panic!("{program}: {e}"));
    assert!(out.status.success(), "{program} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// Removes every namespace and link of this lab's prefix, whoever made them, after killing what still runs in them
/// (nodes of a run that was killed before it could stop them) and a killed run's NATS.
pub fn sweep() {
    let listed = Command::new("ip").args(["netns", "list"]).output().map(|o| o.stdout).unwrap_or_default();
    for line in String::from_utf8_lossy(&listed).lines() {
        if let Some(name) = line.split_whitespace().next().filter(|n| n.starts_with(PREFIX)) {
            let pids = Command::new("ip").args(["netns", "pids", name]).output().map(|o| o.stdout).unwrap_or_default();
            for pid in String::from_utf8_lossy(&pids).split_whitespace() {
                let _ = Command::new("kill").args(["-9", pid]).status();
            }
            let _ = Command::new("ip").args(["netns", "del", name]).status();
        }
    }
    if let Ok(pid) = std::fs::read_to_string(crate::services::NATS_PID) {
        let _ = Command::new("kill").args(["-9", pid.trim()]).status();
        let _ = std::fs::remove_file(crate::services::NATS_PID);
    }
    let links = Command::new("ip").args(["-o", "link", "show"]).output().map(|o| o.stdout).unwrap_or_default();
    for line in String::from_utf8_lossy(&links).lines() {
        // "6: ayof-h0@if5: <…>": the name between the index and the peer.
        if let Some(name) = line.split(": ").nth(1).map(|n| n.split('@').next().unwrap_or(n)) {
            if name.starts_with(PREFIX) {
                // Often gone already with its namespace's end of the pair.
                let _ = Command::new("ip").args(["link", "del", name]).stderr(Stdio::null()).status();
            }
        }
    }
}

impl Lab {
    /// Makes `nodes` namespaces with their veth pairs, after sweeping any left over.
    pub fn new(nodes: usize) -> Self {
        sweep();
        let lab = Self { _made: () };
        for n in 0..nodes {
            let (ns, outside, inside) = (Self::namespace(n), format!("{PREFIX}h{n}"), format!("{PREFIX}n{n}"));
            run("ip", &["netns", "add", &ns]);
            run("ip", &["link", "add", &outside, "type", "veth", "peer", "name", &inside]);
            run("ip", &["link", "set", &inside, "netns", &ns]);
            run("ip", &["addr", "add", &format!("{}/24", Self::host_ip(n)), "dev", &outside]);
            run("ip", &["link", "set", &outside, "up"]);
            run(
                "ip",
                &["netns", "exec", &ns, "ip", "addr", "add", &format!("{}/24", Self::node_ip(n)), "dev", &inside],
            );
            run("ip", &["netns", "exec", &ns, "ip", "link", "set", &inside, "up"]);
            run("ip", &["netns", "exec", &ns, "ip", "link", "set", "lo", "up"]);
        }
        lab
    }

    pub fn namespace(n: usize) -> String {
        format!("{PREFIX}{n}")
    }

    /// The root namespace's end of node `n`'s veth: where its links to PostgreSQL and NATS listen.
    pub fn host_ip(n: usize) -> String {
        format!("10.77.{}.1", n + 1)
    }

    /// Node `n`'s own address, where it serves HTTP.
    pub fn node_ip(n: usize) -> String {
        format!("10.77.{}.2", n + 1)
    }

    /// Drops every packet between node `n` and the root side's `port` (both ways, established connections too),
    /// until `heal`.
    pub fn cut(&self, n: usize, port: u16) {
        let host = Self::host_ip(n);
        let rules = format!(
            "table inet ayof_cut_{port} {{\n\
             chain out {{ type filter hook output priority 0; policy accept; ip daddr {host} tcp dport {port} drop; }}\n\
             chain in {{ type filter hook input priority 0; policy accept; ip saddr {host} tcp sport {port} drop; }}\n\
             }}\n"
        );
        let mut nft = Command::new("ip")
            .args(["netns", "exec", &Self::namespace(n), "nft", "-f", "-"])
            .stdin(Stdio::piped())
            .spawn()
            .expect("nft runs");
        nft.stdin.take().expect("nft's stdin").write_all(rules.as_bytes()).expect("rules written");
        assert!(nft.wait().expect("nft ends").success(), "nft took the cut's rules");
    }

    /// Ends the cut `cut(n, port)` made.
    pub fn heal(&self, n: usize, port: u16) {
        run(
            "ip",
            &["netns", "exec", &Self::namespace(n), "nft", "delete", "table", "inet", &format!("ayof_cut_{port}")],
        );
    }
}

impl Drop for Lab {
    fn drop(&mut self) {
        sweep();
    }
}
