//! The money checks a store must pass (after `ayo restore`, and in drills): every wallet's ledger sums to its
//! balance and no balance is negative; every ticket of every settled draw is settled, and the draw counts them all.

use super::Store;
use crate::draw::DrawStatus;
use crate::error::StoreResult;
use crate::seam::Games;
use crate::ticket::TicketStatus;

/// What an audit looked at, and what it found wrong (nothing, for a sound store).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct AuditReport {
    pub wallets: u64,
    pub ledger_entries: u64,
    pub settled_draws: u64,
    pub settled_tickets: u64,
    pub problems: Vec<String>,
}

impl AuditReport {
    pub fn is_sound(&self) -> bool {
        self.problems.is_empty()
    }
}

impl Store {
    /// Checks the money invariants over the whole store (reads everything: an operator's tool, not a request).
    pub fn audit(&self) -> StoreResult<AuditReport> {
        if let Some(database) = self.cluster_database() {
            return database.run(|pool| async move { Ok(crate::pg::audit::audit(pool.get().await?.client()).await?) });
        }
        let mut report = AuditReport::default();
        for item in self.wallet_balances()? {
            let (user, balance) = item?;
            let entries = self.wallets()?.entries_of_user(user)?;
            let sum: i64 = entries.iter().filter(|e| e.stands()).map(|e| e.amount.as_i64()).sum();
            report.wallets += 1;
            report.ledger_entries += entries.len() as u64;
            if sum != balance {
                report.problems.push(format!("user {user}: balance {balance} kobo, ledger sums to {sum}"));
            }
            if balance < 0 {
                report.problems.push(format!("user {user}: negative balance {balance} kobo"));
            }
        }
        for (draw, status, count) in self.sled_games()?.draw_summaries()? {
            if status != DrawStatus::Settled {
                continue;
            }
            let tickets = self.wallets()?.tickets_of_draw(draw)?;
            report.settled_draws += 1;
            report.settled_tickets += tickets.len() as u64;
            if tickets.len() as u64 != count {
                report.problems.push(format!("draw {draw}: counts {count} tickets, holds {}", tickets.len()));
            }
            for ticket in tickets.iter().filter(|t| t.status == TicketStatus::Pending) {
                report.problems.push(format!("draw {draw} is settled but ticket {} is still pending", ticket.id));
            }
        }
        Ok(report)
    }
}
