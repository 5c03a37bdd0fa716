//! The money checks of `Store::audit` on PostgreSQL, in SQL over the typed tables: every wallet's balance is the
//! sum of its standing ledger entries; every settled draw holds as many tickets as it counts, none still pending.

use tokio_postgres::GenericClient;

use crate::seam::AuditReport;

pub async fn audit(client: &impl GenericClient) -> Result<AuditReport, tokio_postgres::Error> {
    let mut problems = super::money::unbalanced_wallets(client).await?;
    let short = client
        .query(
            "SELECT d.id, d.ticket_count, count(t.id), count(t.id) FILTER (WHERE t.status = 'pending')
             FROM draws d LEFT JOIN tickets t ON t.draw_id = d.id
             WHERE d.status = 'settled' GROUP BY d.id, d.ticket_count
             HAVING d.ticket_count <> count(t.id) OR count(t.id) FILTER (WHERE t.status = 'pending') > 0",
            &[],
        )
        .await?;
    for row in short {
        let (draw, counted, held, pending): (i64, i64, i64, i64) = (row.get(0), row.get(1), row.get(2), row.get(3));
        problems.push(format!("draw {draw}: counts {counted} tickets, holds {held}, {pending} pending"));
    }
    let totals = client
        .query_one(
            "SELECT (SELECT count(*) FROM wallets), (SELECT count(*) FROM ledger_entries),
                    (SELECT count(*) FROM draws WHERE status = 'settled'),
                    (SELECT count(*) FROM tickets t JOIN draws d ON d.id = t.draw_id WHERE d.status = 'settled')",
            &[],
        )
        .await?;
    let count = |i: usize| u64::try_from(totals.get::<_, i64>(i)).unwrap_or(0);
    Ok(AuditReport {
        wallets: count(0),
        ledger_entries: count(1),
        settled_draws: count(2),
        settled_tickets: count(3),
        problems,
    })
}
