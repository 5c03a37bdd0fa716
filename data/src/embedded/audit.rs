//! The money checks (`seam::AuditReport`) over the embedded store's trees: every wallet's ledger sums to its
//! balance and no balance is negative; every ticket of every settled draw is settled, and the draw counts them all.

use super::Embedded;
use crate::draw::DrawStatus;
use crate::error::StoreResult;
use crate::seam::{unbalanced, AuditReport, Games};
use crate::ticket::TicketStatus;

impl Embedded {
    /// Checks the money invariants over the whole store (reads everything: an operator's tool, not a request).
    pub fn audit(&self) -> StoreResult<AuditReport> {
        let mut report = AuditReport::default();
        for sum in self.wallets.ledger_sums() {
            let sum = sum?;
            report.wallets += 1;
            report.ledger_entries += sum.entries;
            if sum.ledger_sum != sum.balance {
                report.problems.push(unbalanced(sum.user, sum.balance, sum.ledger_sum));
            }
            if sum.balance < 0 {
                report.problems.push(format!("user {}: negative balance {} kobo", sum.user, sum.balance));
            }
        }
        for (draw, status, count) in self.games.draw_summaries()? {
            if status != DrawStatus::Settled {
                continue;
            }
            let tickets = self.wallets.tickets_of_draw(draw)?;
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
