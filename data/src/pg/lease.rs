//! Who runs a draw's lifecycle in a cluster (issue 14; docs/decisions/031): a lease in `draw_leases` with a fencing
//! token. A node takes a draw's lease for a time-to-live on the database's clock, renews it well before it runs out
//! (`LeaseKeeper`), and makes every write of that draw's lifecycle through `fenced`, which first locks the lease row
//! and checks (holder, fence) still holds it: a node that was paused or cut off past its lease finds, when it comes
//! back, that its writes are refused (`PgError::Fenced`), whoever holds the draw now.
//!
//! `holder` names one run of one node (its name and a random part, say), never reused after a restart: a lease is
//! "ours" only for the run that took it.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;
use tokio::time::Instant;
use tokio_postgres::Transaction;

use super::error::PgError;
use tokio_postgres::Client;

/// A lease's fencing token: grows each time a draw's lease is given anew (to another holder, or after it lapsed),
/// never goes back (a release keeps the row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fence(pub i64);

/// A lease as its holder knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    pub draw: i64,
    pub holder: String,
    pub fence: Fence,
}

/// Takes `draw`'s lease for `ttl` when it is free, lapsed, or already `holder`'s; answers its fence, or `None` while
/// another holder's lease runs. Taking a live lease of one's own again extends it and keeps its fence.
pub async fn acquire(client: &Client, draw: i64, holder: &str, ttl: Duration) -> Result<Option<Fence>, PgError> {
    let row = client
        .query_opt(
            "INSERT INTO draw_leases AS l (draw_id, holder, fence, expires_at)
             VALUES ($1, $2, 1, now() + $3::float8 * interval '1 second')
             ON CONFLICT (draw_id) DO UPDATE SET
                 fence = CASE WHEN l.holder = $2 AND l.expires_at > now() THEN l.fence ELSE l.fence + 1 END,
                 holder = $2,
                 expires_at = EXCLUDED.expires_at
             WHERE l.holder = $2 OR l.expires_at <= now()
             RETURNING fence",
            &[&draw, &holder, &ttl.as_secs_f64()],
        )
        .await?;
    Ok(row.map(|row| Fence(row.get(0))))
}

/// Extends `lease` to `ttl` from now, if it still holds (same holder and fence, not run out); answers whether it did.
/// A lease that ran out is not renewed even when nobody took it: its holder acquires again, under a new fence.
pub async fn renew(client: &Client, lease: &Lease, ttl: Duration) -> Result<bool, PgError> {
    let renewed = client
        .execute(
            "UPDATE draw_leases SET expires_at = now() + $4::float8 * interval '1 second'
             WHERE draw_id = $1 AND holder = $2 AND fence = $3 AND expires_at > now()",
            &[&lease.draw, &lease.holder, &lease.fence.0, &ttl.as_secs_f64()],
        )
        .await?;
    Ok(renewed == 1)
}

/// Gives `lease` up so another node may take the draw at once; answers whether it was still held. The row stays,
/// so the next fence is higher.
pub async fn release(client: &Client, lease: &Lease) -> Result<bool, PgError> {
    let released = client
        .execute(
            "UPDATE draw_leases SET expires_at = '-infinity'
             WHERE draw_id = $1 AND holder = $2 AND fence = $3 AND expires_at > now()",
            &[&lease.draw, &lease.holder, &lease.fence.0],
        )
        .await?;
    Ok(released == 1)
}

/// Opens a transaction that holds `lease`: the lease row is locked `FOR SHARE` and checked (holder, fence, not run
/// out) first, so until the commit no other node can take the draw (taking it updates that row and waits for the
/// lock), and a node that lost it gets `PgError::Fenced` with nothing begun. The transaction ends the session if it
/// idles longer than a lease's life, so a node paused mid-write cannot hold a take-over back for longer than that.
/// Dropped without `commit`, it rolls back.
pub async fn begin<'c>(client: &'c mut Client, lease: &Lease, ttl: Duration) -> Result<Transaction<'c>, PgError> {
    let tx = client.transaction().await?;
    let idle_ms = ttl.as_millis().clamp(1, i32::MAX as u128);
    tx.batch_execute(&format!("SET LOCAL idle_in_transaction_session_timeout = {idle_ms}")).await?;
    let held = tx
        .query_opt(
            "SELECT 1 FROM draw_leases
             WHERE draw_id = $1 AND holder = $2 AND fence = $3 AND expires_at > now()
             FOR SHARE",
            &[&lease.draw, &lease.holder, &lease.fence.0],
        )
        .await?;
    if held.is_none() {
        tx.rollback().await?;
        return Err(PgError::Fenced { draw: lease.draw, fence: lease.fence.0 });
    }
    Ok(tx)
}

/// Statements run inside a fenced transaction; see `fenced`.
pub type FencedWork<'t, T> = Pin<Box<dyn Future<Output = Result<T, PgError>> + Send + 't>>;

/// Runs `work`'s statements in one transaction that holds `lease` (see `begin`), committed when `work` succeeds and
/// rolled back otherwise; a lost lease answers `PgError::Fenced` and runs nothing. `work` owns what it uses (moved
/// in, as into a spawned task): its future may borrow only the transaction.
///
/// ```ignore
/// fenced(&mut client, &lease, ttl, move |tx| Box::pin(async move {
///     tx.execute("UPDATE draws SET status = 'closed' WHERE id = $1", &[&draw]).await?;
///     Ok(())
/// })).await?;
/// ```
pub async fn fenced<T, F>(client: &mut Client, lease: &Lease, ttl: Duration, work: F) -> Result<T, PgError>
where
    F: for<'t> FnOnce(&'t Transaction<'t>) -> FencedWork<'t, T>,
{
    let tx = begin(client, lease, ttl).await?;
    let answer = work(&tx).await?;
    tx.commit().await?;
    Ok(answer)
}

/// Where a kept lease stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hold {
    Held(Fence),
    /// Refused a renewal, or could not renew before it would have run out: stop the draw's work.
    Lost,
}

/// Keeps a lease renewed every third of its life in a tokio task, and says when it is lost (`watch`, `lost`), so
/// the draw's actor stops. Renewal failures (the database unreachable) are retried until the lease would have run
/// out, counted on this node's monotonic clock from when the last successful renewal was asked: never later than
/// the database's own expiry, whatever either wall clock says. Dropping the keeper stops renewing (the lease then
/// runs out); `release` gives it up at once.
pub struct LeaseKeeper {
    client: Arc<Client>,
    lease: Lease,
    hold: watch::Receiver<Hold>,
    task: tokio::task::JoinHandle<()>,
}

impl LeaseKeeper {
    /// Acquires `draw`'s lease for `holder` (see `acquire`) and keeps it; `None` while another holder has it.
    pub async fn acquire(client: Arc<Client>, draw: i64, holder: &str, ttl: Duration) -> Result<Option<Self>, PgError> {
        let asked = Instant::now();
        let Some(fence) = acquire(&client, draw, holder, ttl).await? else { return Ok(None) };
        let lease = Lease { draw, holder: holder.to_string(), fence };
        let (tell, hold) = watch::channel(Hold::Held(fence));
        let task = tokio::spawn(keep(client.clone(), lease.clone(), ttl, asked + ttl, tell));
        Ok(Some(Self { client, lease, hold, task }))
    }

    pub fn lease(&self) -> &Lease {
        &self.lease
    }

    pub fn is_held(&self) -> bool {
        *self.hold.borrow() != Hold::Lost
    }

    /// Where the lease stands, to watch alongside other work.
    pub fn watch(&self) -> watch::Receiver<Hold> {
        self.hold.clone()
    }

    /// Resolves once the lease is lost.
    pub async fn lost(&self) {
        let mut hold = self.hold.clone();
        // The sender lives as long as the renewing task; its end without a word also means the lease is not kept.
        let _ = hold.wait_for(|h| *h == Hold::Lost).await;
    }

    /// Stops renewing and gives the lease up, so another node may take the draw at once; answers whether it was
    /// still held.
    pub async fn release(self) -> Result<bool, PgError> {
        self.task.abort();
        release(&self.client, &self.lease).await
    }
}

impl Drop for LeaseKeeper {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Renews `lease` every `ttl / 3` until refused or out of time, then says `Lost`.
async fn keep(client: Arc<Client>, lease: Lease, ttl: Duration, mut deadline: Instant, tell: watch::Sender<Hold>) {
    loop {
        tokio::time::sleep(ttl / 3).await;
        let asked = Instant::now();
        let left = deadline.saturating_duration_since(asked);
        match tokio::time::timeout(left, renew(&client, &lease, ttl)).await {
            Ok(Ok(true)) => deadline = asked + ttl,
            Ok(Ok(false)) => {
                tracing::warn!(draw = lease.draw, fence = lease.fence.0, "the draw's lease was lost");
                break;
            }
            Ok(Err(e)) if Instant::now() < deadline => {
                tracing::warn!(draw = lease.draw, error = %e, "could not renew the draw's lease; retrying");
            }
            Ok(Err(_)) | Err(_) => {
                tracing::warn!(draw = lease.draw, fence = lease.fence.0, "the draw's lease ran out unrenewed");
                break;
            }
        }
    }
    let _ = tell.send(Hold::Lost);
}
