//! Scenario 4: GET /api/v1/health over keep-alive connections, as fast as the server answers: the ceiling of the
//! HTTP stack (routing, middleware, JSON) with no storage involved.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::rawhttp::{self, Conn};
use crate::server::Server;
use crate::stats::{self, summary};

pub fn run(connections: usize, secs: u64) -> anyhow::Result<()> {
    stats::heading(&format!("http: GET /api/v1/health, {connections} connections, {secs} s"));
    let dir = tempfile::tempdir()?;
    let server = Server::start(dir.path(), &[])?;
    let addr: SocketAddr = server.addr().parse()?;
    let request = rawhttp::get(server.addr(), "/api/v1/health");
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let (cpu0, me0) = (server.cpu_secs(), stats::cpu_secs(std::process::id()));
    let started = Instant::now();
    let results = runtime.block_on(async {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        let mut tasks = Vec::new();
        for _ in 0..connections {
            let request = request.clone();
            tasks.push(tokio::spawn(async move {
                let mut conn = Conn::connect(addr).await?;
                let mut latencies = Vec::new();
                let mut errors = 0u64;
                while tokio::time::Instant::now() < deadline {
                    let t = Instant::now();
                    match conn.call(&request).await {
                        Ok(r) if r.status == 200 => latencies.push(t.elapsed().as_secs_f64() * 1e3),
                        Ok(_) => errors += 1,
                        Err(_) => {
                            errors += 1;
                            conn = Conn::connect(addr).await?;
                        }
                    }
                }
                Ok::<_, std::io::Error>((latencies, errors))
            }));
        }
        let mut all = Vec::new();
        let mut errors = 0;
        for task in tasks {
            match task.await {
                Ok(Ok((l, e))) => {
                    all.extend(l);
                    errors += e;
                }
                _ => errors += 1,
            }
        }
        (all, errors)
    });
    let elapsed = started.elapsed().as_secs_f64();
    let (cpu1, me1) = (server.cpu_secs(), stats::cpu_secs(std::process::id()));
    let (latencies, errors) = results;
    let n = latencies.len();
    println!("requests/s: {:.0}  ({n} in {elapsed:.1} s, {errors} errors)", n as f64 / elapsed);
    println!("latency: {}", summary(latencies));
    println!(
        "server CPU: {:.1} s ({:.0} µs/request, {:.0}% of {} cores); load generator CPU: {:.1} s",
        cpu1 - cpu0,
        (cpu1 - cpu0) / n.max(1) as f64 * 1e6,
        (cpu1 - cpu0) / elapsed / stats::cores() as f64 * 100.0,
        stats::cores(),
        me1 - me0
    );
    println!("load after: {}", stats::load());
    server.kill();
    Ok(())
}
