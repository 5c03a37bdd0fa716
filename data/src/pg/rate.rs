//! Fixed-window rate counters every node shares (issue 14; docs/decisions/031), in `rate_buckets`: one row per key
//! ("login-ip:1.2.3.4"), its window's start on the database's clock and its count. Each call is one statement, so
//! nodes counting the same key at once are serialised by its row and never lose a count. The window's length is the
//! caller's (each key is always counted against one limit); a window is over once its start is that old.

use std::time::Duration;

use super::error::PgError;
use tokio_postgres::Client;

/// A key's current window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// Events counted in it.
    pub count: u32,
    /// Until it ends.
    pub left: Duration,
}

/// What one `hit` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    /// Counted: the window now holds this many.
    Counted(u32),
    /// Not counted: the window already held `max`; it ends in `left`.
    Full { left: Duration },
}

/// `key`'s current window, if it has one with anything counted.
pub async fn peek(client: &Client, key: &str, window: Duration) -> Result<Option<Window>, PgError> {
    let row = client
        .query_opt(
            "SELECT count, EXTRACT(EPOCH FROM window_start + $2::float8 * interval '1 second' - now())::float8
             FROM rate_buckets
             WHERE key = $1 AND window_start + $2::float8 * interval '1 second' > now()",
            &[&key, &window.as_secs_f64()],
        )
        .await?;
    Ok(row.map(|row| Window { count: count(row.get(0)), left: seconds(row.get(1)) }))
}

/// Counts one event for `key` unless its window already holds `max` (a window that is over starts again at one).
pub async fn hit(client: &Client, key: &str, window: Duration, max: u32) -> Result<Hit, PgError> {
    // The same one statement as `reserve`; a hit only does not need to name its window.
    Ok(match reserve(client, key, window, max).await? {
        Reserve::Counted { count, .. } => Hit::Counted(count),
        Reserve::Full { left } => Hit::Full { left },
    })
}

/// What one `reserve` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reserve {
    /// Counted: the window now holds `count`; `window` names that window (for `release`).
    Counted { count: u32, window: i64 },
    /// Not counted: the window already held `max`; it ends in `left`.
    Full { left: Duration },
}

/// `hit` that also names the window it counted in, so the event can be given back (`release`) once it turns out
/// not to have been a failure: an attempt is counted BEFORE its costly check, in the same one statement that
/// checks the budget, so however many arrive at once (on however many nodes) at most `max` are ever let through
/// (issue 28).
pub async fn reserve(client: &Client, key: &str, window: Duration, max: u32) -> Result<Reserve, PgError> {
    if max == 0 {
        return Ok(Reserve::Full { left: window });
    }
    let max = i32::try_from(max).unwrap_or(i32::MAX);
    let counted = client
        .query_opt(
            "INSERT INTO rate_buckets AS b (key, window_start, count) VALUES ($1, now(), 1)
             ON CONFLICT (key) DO UPDATE SET
                 count = CASE WHEN b.window_start + $2::float8 * interval '1 second' <= now() THEN 1
                              ELSE b.count + 1 END,
                 window_start = CASE WHEN b.window_start + $2::float8 * interval '1 second' <= now() THEN now()
                                     ELSE b.window_start END
             WHERE b.window_start + $2::float8 * interval '1 second' <= now() OR b.count < $3
             RETURNING count, (EXTRACT(EPOCH FROM window_start) * 1000000)::bigint",
            &[&key, &window.as_secs_f64(), &max],
        )
        .await?;
    if let Some(row) = counted {
        return Ok(Reserve::Counted { count: count(row.get(0)), window: row.get(1) });
    }
    // Full: how long it stays so (the window may have ended since, hence at least nothing).
    let left = client
        .query_opt(
            "SELECT EXTRACT(EPOCH FROM window_start + $2::float8 * interval '1 second' - now())::float8
             FROM rate_buckets WHERE key = $1",
            &[&key, &window.as_secs_f64()],
        )
        .await?
        .map_or(Duration::ZERO, |row| seconds(row.get(0)));
    Ok(Reserve::Full { left })
}

/// Gives back one event `reserve` counted in `window`; nothing when that window has since ended (the next one never
/// held it) or the key was cleared.
pub async fn release(client: &Client, key: &str, window: i64) -> Result<(), PgError> {
    client
        .execute(
            "UPDATE rate_buckets SET count = count - 1
             WHERE key = $1 AND count > 0 AND (EXTRACT(EPOCH FROM window_start) * 1000000)::bigint = $2",
            &[&key, &window],
        )
        .await?;
    Ok(())
}

/// Counts one event for `key` even past any limit (a failure that already happened); answers the window's count.
pub async fn record(client: &Client, key: &str, window: Duration) -> Result<u32, PgError> {
    let row = client
        .query_one(
            "INSERT INTO rate_buckets AS b (key, window_start, count) VALUES ($1, now(), 1)
             ON CONFLICT (key) DO UPDATE SET
                 count = CASE WHEN b.window_start + $2::float8 * interval '1 second' <= now() THEN 1
                              ELSE LEAST(b.count::bigint + 1, 2147483647)::int END,
                 window_start = CASE WHEN b.window_start + $2::float8 * interval '1 second' <= now() THEN now()
                                     ELSE b.window_start END
             RETURNING count",
            &[&key, &window.as_secs_f64()],
        )
        .await?;
    Ok(count(row.get(0)))
}

/// Forgets `key`'s window.
pub async fn clear(client: &Client, key: &str) -> Result<(), PgError> {
    client.execute("DELETE FROM rate_buckets WHERE key = $1", &[&key]).await?;
    Ok(())
}

/// Deletes the windows that started more than `longest` ago (the longest window any key is counted in: those are
/// all over); answers how many. Run now and then by one node (a housekeeping lease), or by every node: it is
/// idempotent.
pub async fn purge(client: &Client, longest: Duration) -> Result<u64, PgError> {
    Ok(client
        .execute(
            "DELETE FROM rate_buckets WHERE window_start <= now() - $1::float8 * interval '1 second'",
            &[&longest.as_secs_f64()],
        )
        .await?)
}

fn count(stored: i32) -> u32 {
    u32::try_from(stored).unwrap_or(0)
}

fn seconds(left: f64) -> Duration {
    Duration::try_from_secs_f64(left.max(0.0)).unwrap_or(Duration::ZERO)
}
