//! A node's link to a service (PostgreSQL or NATS), as a small userspace TCP proxy: it listens on the node's veth
//! address in the root namespace and forwards to the service on loopback. This kernel has no `netem` qdisc, so a
//! slow, lossy link is made here: while `slow`, every chunk each way waits `DELAY`, and one in twenty (`LOSS`) waits
//! `STALL` more, as a segment lost and sent again after the sender's retransmission timeout would; order is kept.
//! Cuts are not made here but by nftables inside the node's namespace (`lab`), so the node's kernel sees them.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rand::Rng;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::time::Instant;

pub const DELAY: Duration = Duration::from_millis(200);
pub const LOSS: f64 = 0.05;
/// Linux's first retransmission timeout is ≥ 200 ms and doubles: a lost segment costs about this much.
pub const STALL: Duration = Duration::from_millis(600);

pub struct Link {
    pub port: u16,
    slow: Arc<AtomicBool>,
}

impl Link {
    /// Listens on `ip` (a free port) and forwards each connection to `target`.
    pub async fn open(ip: &str, target: SocketAddr) -> Self {
        let listener = TcpListener::bind((ip, 0)).await.expect("the link listens");
        let port = listener.local_addr().expect("its address").port();
        let slow = Arc::new(AtomicBool::new(false));
        let shared = slow.clone();
        tokio::spawn(async move {
            while let Ok((near, _)) = listener.accept().await {
                let slow = shared.clone();
                tokio::spawn(async move {
                    // The service down (restarting): the node's connection ends at once, as it would.
                    let Ok(far) = TcpStream::connect(target).await else { return };
                    let _ = near.set_nodelay(true);
                    let _ = far.set_nodelay(true);
                    let (near_read, near_write) = near.into_split();
                    let (far_read, far_write) = far.into_split();
                    tokio::spawn(pipe(near_read, far_write, slow.clone()));
                    tokio::spawn(pipe(far_read, near_write, slow));
                });
            }
        });
        Self { port, slow }
    }

    /// Makes the link slow and lossy (`true`) or clean again.
    pub fn slow(&self, on: bool) {
        self.slow.store(on, Ordering::SeqCst);
    }
}

/// Copies one direction, each chunk delivered no earlier than it is due and never before the one read before it.
async fn pipe(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    slow: Arc<AtomicBool>,
) {
    let (chunks, mut due) = mpsc::unbounded_channel::<(Vec<u8>, Instant)>();
    let writer = tokio::spawn(async move {
        while let Some((chunk, at)) = due.recv().await {
            tokio::time::sleep_until(at).await;
            if to.write_all(&chunk).await.is_err() {
                return;
            }
        }
        let _ = to.shutdown().await;
    });
    let mut last = Instant::now();
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        let read = match from.read(&mut buffer).await {
            Ok(0) | Err(_) => break,
            Ok(read) => read,
        };
        let mut at = Instant::now();
        if slow.load(Ordering::SeqCst) {
            at += DELAY;
            if rand::thread_rng().gen_bool(LOSS) {
                at += STALL;
            }
        }
        last = last.max(at);
        if chunks.send((buffer[..read].to_vec(), last)).is_err() {
            break;
        }
    }
    drop(chunks);
    let _ = writer.await;
}
