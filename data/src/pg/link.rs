//! How long a node waits on PostgreSQL before it gives up (issue 33; docs/scaling.md, "Failure modes"). Without
//! bounds, a link that silently drops packets (a cut cable, a partition, a stopped primary's host) leaves every
//! query waiting for the kernel's own retransmission limit, ≈ 15 minutes: purchases hang instead of answering 503,
//! and the node's wallets queue behind them. With these, a connection whose sent bytes go unacknowledged for
//! `UNACKNOWLEDGED` is closed by the kernel (`TCP_USER_TIMEOUT`), a new one is given up after `CONNECT`, and a
//! request waits at most `POOL_WAIT` for a free connection; the failure answers 503 and the pool connects afresh
//! once the link is back. A URL that sets `connect_timeout` or `tcp_user_timeout` itself keeps its own value.

use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime, Timeouts};
use tokio_postgres::NoTls;

use super::error::PgError;

/// Longest a connection's sent bytes may go unacknowledged before the kernel drops it.
pub const UNACKNOWLEDGED: Duration = Duration::from_secs(5);
/// Longest a new connection may take to open.
pub const CONNECT: Duration = Duration::from_secs(5);
/// Longest a request waits for a pooled connection (all of them busy, or being made).
pub const POOL_WAIT: Duration = Duration::from_secs(10);

/// `config` with this node's bounds added where the URL set none.
pub fn bounded(mut config: tokio_postgres::Config) -> tokio_postgres::Config {
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT);
    }
    if config.get_tcp_user_timeout().is_none() {
        config.tcp_user_timeout(UNACKNOWLEDGED);
    }
    // An idle connection across a cut is found dead by its keepalives instead of at its next query.
    config.keepalives(true).keepalives_idle(Duration::from_secs(5)).keepalives_interval(Duration::from_secs(2));
    config
}

/// A pool of at most `size` connections to `url`, each bounded as above, waiting at most `POOL_WAIT` for a free
/// connection and `CONNECT` to make or check one. Makes no connection yet.
pub fn pool(url: &str, size: usize) -> Result<Pool, PgError> {
    let manager =
        Manager::from_config(bounded(url.parse()?), NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
    Pool::builder(manager)
        .max_size(size)
        .runtime(Runtime::Tokio1)
        .timeouts(Timeouts { wait: Some(POOL_WAIT), create: Some(CONNECT), recycle: Some(CONNECT) })
        .build()
        .map_err(|e| PgError::Pool(e.to_string()))
}
