//! `bus-seal`: what sealing costs the cluster's fan-out (docs/scaling.md, "Securing the bus"). Each message a node
//! sends another is sealed once by the sender and opened once by each receiving node, whatever the number of
//! sockets behind it; this measures both, in this process, on messages of a few sizes shaped like `wire::event`'s.

use std::time::{Duration, Instant};

use ayo::bus::key::BusKey;
use ayo::bus::seal::{Opener, Sealer, Stream};

const KEY: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";

pub fn run(sizes: &[usize], messages: usize) -> anyhow::Result<()> {
    let key = BusKey::parse(KEY).map_err(anyhow::Error::msg)?;
    println!("bus-seal: {messages} messages per size, sealed by one node and opened by another (HMAC-SHA256)");
    println!("{:>10} {:>12} {:>12} {:>14} {:>10}", "body B", "seal µs", "open µs", "seal+open µs", "MB/s");
    for &size in sizes {
        let body = message_of(size);
        let subject = "ayo.events.marquee";
        let mut sealer = Sealer::new(&key, 1, Stream::Events);
        let mut opener = Opener::new(&key, 2, Stream::Events, Duration::from_secs(30));
        let started = Instant::now();
        let sealed: Vec<Vec<u8>> = (0..messages).map(|_| sealer.seal(subject, None, &body)).collect();
        let sealing = started.elapsed();
        let started = Instant::now();
        let mut opened = 0usize;
        for message in &sealed {
            if let Ok(Some(o)) = opener.open(subject, None, message) {
                opened += o.body.len();
            }
        }
        let opening = started.elapsed();
        anyhow::ensure!(opened == body.len() * messages, "every message opens");
        let per = |d: Duration| d.as_secs_f64() * 1e6 / messages as f64;
        let total = sealing + opening;
        let mb_s = (2 * body.len() * messages) as f64 / total.as_secs_f64() / 1e6;
        println!(
            "{:>10} {:>12.2} {:>12.2} {:>14.2} {:>10.0}",
            body.len(),
            per(sealing),
            per(opening),
            per(total),
            mb_s
        );
    }
    Ok(())
}

/// A message of `size` bytes shaped as a node writes one for the bus (`wire::event`).
fn message_of(size: usize) -> Vec<u8> {
    let head = r#"{"node":"0123456789abcdef","n":1,"events":[{"type":"marquee.updated","data":{"marquees":[{"text":""#;
    let tail = r#""}]}}]}"#;
    let text = "x".repeat(size.saturating_sub(head.len() + tail.len()));
    format!("{head}{text}{tail}").into_bytes()
}
