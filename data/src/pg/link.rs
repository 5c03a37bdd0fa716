//! How long a node waits on PostgreSQL before it gives up (issue 33; docs/scaling.md, "Failure modes"). Without
//! bounds, a link that silently drops packets (a cut cable, a partition, a stopped primary's host) leaves every
//! query waiting for the kernel's own retransmission limit, ≈ 15 minutes: purchases hang instead of answering 503,
//! and the node's wallets queue behind them. With these, a connection whose sent bytes go unacknowledged for
//! `UNACKNOWLEDGED` is closed by the kernel (`TCP_USER_TIMEOUT`), a new one is given up after `CONNECT`, and a
//! request waits at most `POOL_WAIT` for a free connection; the failure answers 503 and the pool connects afresh
//! once the link is back. A URL that sets `connect_timeout` or `tcp_user_timeout` itself keeps its own value.
//!
//! The other end needs a bound too: a node cut off (or frozen) in the middle of a transaction leaves PostgreSQL
//! holding that transaction's row locks (a draw's row, a wallet's) until it learns the client is gone, which through
//! a proxy or a silent partition may be never; every other node's purchases of that draw queue behind them (the fault
//! harness saw every node stall 16–27 s after the lease holder's cut healed). So each session asks the server to end
//! it when it has sat `IDLE_IN_TRANSACTION` inside a transaction without a next statement
//! (`idle_in_transaction_session_timeout`): the locks go, the stalled node's next statement fails (503), and it
//! connects afresh. A node's own transactions send statement after statement with no pause of that order. A URL
//! that sets `options` itself keeps them.

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
/// Longest a session may wait inside a transaction for its next statement before the server ends it.
pub const IDLE_IN_TRANSACTION: Duration = Duration::from_secs(5);

/// `config` with this node's bounds added where the URL set none.
pub fn bounded(mut config: tokio_postgres::Config) -> tokio_postgres::Config {
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT);
    }
    if config.get_tcp_user_timeout().is_none() {
        config.tcp_user_timeout(UNACKNOWLEDGED);
    }
    if config.get_options().is_none() {
        let ms = IDLE_IN_TRANSACTION.as_millis();
        config.options(format!("-c idle_in_transaction_session_timeout={ms}"));
    }
    // An idle connection across a cut is found dead by its keepalives instead of at its next query.
    config.keepalives(true).keepalives_idle(Duration::from_secs(5)).keepalives_interval(Duration::from_secs(2));
    config
}

/// A pool of at most `size` connections to `url`, each bounded as above, waiting at most `POOL_WAIT` for a free
/// connection, `CONNECT` to check one, and `CONNECT` per host the URL names to make one. Makes no connection yet.
pub fn pool(url: &str, size: usize) -> Result<Pool, PgError> {
    let config = bounded(url.parse()?);
    let create = create_bound(&config);
    let manager = Manager::from_config(config, NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
    Pool::builder(manager)
        .max_size(size)
        .runtime(Runtime::Tokio1)
        .timeouts(Timeouts { wait: Some(POOL_WAIT), create: Some(create), recycle: Some(CONNECT) })
        .build()
        .map_err(|e| PgError::Pool(e.to_string()))
}

/// How long the pool lets one new connection take: each host of the URL in turn gets its own connect bound, so a URL
/// naming a primary and its standby (`postgres://u@a:p1,b:p2/db?target_session_attrs=read-write`) reaches the
/// standby once the primary falls silent. With one bound for the whole connection, the silent first host used it all
/// up and a promoted standby was never tried: the fault harness's nodes answered 503 for good after a fail-over
/// (docs/scaling.md, "standby promoted").
fn create_bound(config: &tokio_postgres::Config) -> Duration {
    let per_host = config.get_connect_timeout().copied().unwrap_or(CONNECT);
    let hosts = u32::try_from(config.get_hosts().len().max(1)).unwrap_or(u32::MAX);
    per_host.saturating_mul(hosts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_connection_may_try_every_host_the_url_names_for_its_full_bound() {
        let one = bounded("postgres://ayo@a:5432/db".parse().unwrap());
        assert_eq!(create_bound(&one), CONNECT);
        let two = bounded("postgres://ayo@a:5432,b:5433/db?target_session_attrs=read-write".parse().unwrap());
        assert_eq!(create_bound(&two), CONNECT * 2);
    }
}
