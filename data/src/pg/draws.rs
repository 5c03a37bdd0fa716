//! A draw's lifecycle writes in a cluster, each made by the draw's lease holder under its fence (`lease::fenced`).

use std::time::Duration;

use super::error::PgError;
use super::lease::{fenced, Lease};
use tokio_postgres::Client;

/// Closes `lease`'s draw to sales: answers how many tickets it holds, every one of them committed, none to come.
///
/// The draw's row is locked `FOR UPDATE` first, which waits for every purchase batch holding it `FOR SHARE` (each
/// batch reads the draws it sells into that way) to commit; the tickets are counted after, in a statement of their
/// own, so the count sees them all; and a batch that comes after waits for this commit and then reads the draw
/// closed. So the tickets counted here are the draw's tickets for good: the ticket root is built over exactly them.
/// A draw that is not open is left as it is (`None`).
pub async fn close(client: &mut Client, lease: &Lease, ttl: Duration) -> Result<Option<u64>, PgError> {
    let draw = lease.draw;
    fenced(client, lease, ttl, move |tx| {
        Box::pin(async move {
            let status: Option<String> = tx
                .query_opt("SELECT status FROM draws WHERE id = $1 FOR UPDATE", &[&draw])
                .await?
                .map(|row| row.get(0));
            if status.as_deref() != Some("open") {
                return Ok(None);
            }
            let tickets: i64 = tx.query_one("SELECT count(*) FROM tickets WHERE draw_id = $1", &[&draw]).await?.get(0);
            tx.execute(
                "UPDATE draws SET status = 'closed', ticket_count = $2::bigint,
                                  doc = doc || jsonb_build_object('status', 'closed', 'ticket_count', $2::bigint)
                 WHERE id = $1",
                &[&draw, &tickets],
            )
            .await?;
            Ok(Some(tickets as u64))
        })
    })
    .await
}
