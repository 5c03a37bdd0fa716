//! The money moves as one contract over two engines (decisions 029 and 032): a purchase, a player's settlement or
//! refund of one draw, a keyed ledger entry (a deposit's credit goes through `Payments`). The embedded store (sled,
//! one process) writes each in a sled transaction that becomes durable at the next `Store::flush`, so many players'
//! moves share one flush; PostgreSQL (any number of nodes) commits each before it answers, and `Store::flush` is a
//! no-op there. What callers rely on, whichever engine answers:
//!
//! - a purchase is decided alone and in the order it was queued: a replay of its idempotency key answers the first
//!   ticket and moves nothing, a draw that is not selling or a balance short of the stake refuses it and writes
//!   nothing; no interleaving of purchases, wherever they arrive, takes a balance below zero;
//! - a keyed ledger move happens once per key; one that would take a balance below zero is refused;
//! - a player's tickets of a draw are settled once, and refunded once: a rerun, or another node taking over, pays
//!   nothing twice;
//! - every balance equals the sum of its standing ledger entries (`LedgerEntry::stands`: a failed withdrawal's
//!   entry stays with its money back); `unbalanced` lists the wallets where it does not.
//!
//! The contract tests (`data/tests/money_contract.rs`) run the same cases against both engines. This module also
//! holds the records the moves speak (`Purchase`, `Moved`, `Outcome`…) and the ledger lines both engines write for
//! them, so the two write the same entries.

use std::future::Future;
use std::pin::Pin;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::draw::DrawId;
use crate::error::StoreResult;
use crate::ledger::{EntryKind, EntryStatus, LedgerEntry, Moved};
use crate::money::Kobo;
use crate::ticket::{Ticket, TicketId, TicketStatus};
use crate::user::UserId;

/// An answer still on its way.
pub type Answer<T> = Pin<Box<dyn Future<Output = StoreResult<T>> + Send + 'static>>;

pub trait Money: Send + Sync {
    /// Queues one purchase now (so a player's purchases are bought in the order they were queued), to be bought
    /// together with whatever else is queued; the answer comes once its transaction committed.
    fn buy(&self, purchase: Purchase) -> Answer<Bought>;

    /// Settles one player's pending tickets of a draw: winnings and tax with their entries (`entry_ids`, as many as
    /// the outcomes' `Outcome::entry_count`), once.
    fn settle(&self, payout: Payout<'_>, now: DateTime<Utc>) -> StoreResult<Moved<Vec<Outcome>>>;

    /// Refunds those of `tickets` still pending and this player's (a cancelled draw's), each with its entry
    /// (`entry_ids`, one per ticket, in order); a ticket already settled or refunded is left alone, so a rerun
    /// refunds nothing twice.
    fn refund(&self, refund: Refund<'_>, now: DateTime<Utc>) -> StoreResult<Moved<Vec<Ticket>>>;

    /// Adds `entry`'s signed amount to its player's balance with the entry, at most once per `key`; `None` when it
    /// would take the balance below zero (nothing written).
    fn apply_once(&self, entry: LedgerEntry, key: Option<&str>) -> StoreResult<Option<Moved<LedgerEntry>>>;

    /// The wallets whose balance differs from the sum of their standing ledger entries, described (none in a sound
    /// store).
    fn unbalanced(&self) -> StoreResult<Vec<String>>;
}

/// One player's settlement of one draw, as `Money::settle` takes it: the outcomes of the player's pending tickets and
/// the ids of the ledger entries they write (as many as the outcomes' `Outcome::entry_count`).
#[derive(Debug, Clone, Copy)]
pub struct Payout<'a> {
    pub user: UserId,
    pub draw: DrawId,
    pub outcomes: &'a [Outcome],
    pub entry_ids: &'a [u64],
}

/// One player's refund of a cancelled draw's tickets, as `Money::refund` takes it: the tickets and the ids of their
/// refund entries, one per ticket, in order.
#[derive(Debug, Clone, Copy)]
pub struct Refund<'a> {
    pub user: UserId,
    pub tickets: &'a [TicketId],
    pub entry_ids: &'a [u64],
}

/// How `unbalanced` (and the audit) describes a wallet, whichever engine found it.
pub fn unbalanced(user: UserId, balance: i64, ledger_sum: i64) -> String {
    format!("user {user}: balance {balance} kobo, ledger sums to {ledger_sum}")
}

/// Why a purchase was refused. Nothing was written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PurchaseError {
    #[error("Your balance of {balance} is less than this ticket's {needed}")]
    InsufficientFunds { balance: Kobo, needed: Kobo },
    #[error("Sales for this draw are closed")]
    DrawNotSelling,
    #[error("This draw does not exist")]
    NoSuchDraw,
    /// The sale would take the draw past one of its game's risk limits, or picks a closed number
    /// (docs/decisions/048-exact-liability.md); `largest_stake_per_line` is the most it would still take, if any.
    #[error("{message}")]
    LiabilityLimit { message: String, largest_stake_per_line: Option<Kobo> },
}

/// A ticket to buy, already validated and priced.
#[derive(Debug, Clone)]
pub struct Purchase {
    pub ticket: Ticket,
    pub entry_id: u64,
    pub now: DateTime<Utc>,
}

/// A ticket's outcome decided by the draw: what it won (zero when it lost), gross, and the withholding tax taken
/// from that win (`crate::tax`); the player is credited `winnings − tax`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub ticket: TicketId,
    pub lines_won: u64,
    pub winnings: Kobo,
    #[serde(default, skip_serializing_if = "Kobo::is_zero")]
    pub tax: Kobo,
}

impl Outcome {
    pub fn untaxed(ticket: TicketId, lines_won: u64, winnings: Kobo) -> Self {
        Self { ticket, lines_won, winnings, tax: Kobo::ZERO }
    }

    /// The ledger lines `Money::settle` writes for it: its win and its tax, each only if there is one.
    pub fn ledger_lines(&self) -> [(EntryKind, i64); 2] {
        let won = self.winnings.as_i64().max(0);
        // The tax never exceeds the win it is taken from, so the balance only grows.
        [(EntryKind::Win, won), (EntryKind::Tax, -self.tax.as_i64().clamp(0, won))]
    }

    /// How many entry ids settling it takes.
    pub fn entry_count(&self) -> usize {
        self.ledger_lines().iter().filter(|(_, amount)| *amount != 0).count()
    }
}

/// How one player's tickets of one draw were settled: written once, with the winnings, by `Money::settle`.
/// Every ticket of that player and draw still stored as pending is settled by it: won with what `outcomes` says,
/// or lost (no lines won, nothing paid) when it is not listed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerSettlement {
    pub settled_at: DateTime<Utc>,
    /// The tickets that won any line, by ticket id.
    pub outcomes: Vec<Outcome>,
}

impl PlayerSettlement {
    /// The record of a player's settlement at `now`: the outcomes that won any line, by ticket id.
    pub fn of(outcomes: &[Outcome], now: DateTime<Utc>) -> Self {
        let mut listed: Vec<Outcome> =
            outcomes.iter().filter(|o| o.lines_won > 0 || o.winnings.is_positive()).copied().collect();
        listed.sort_by_key(|o| o.ticket);
        listed.dedup_by_key(|o| o.ticket);
        Self { settled_at: now, outcomes: listed }
    }

    /// Applies this settlement to a ticket of its player and draw that is stored as pending.
    pub fn apply(&self, ticket: &mut Ticket) {
        if ticket.status != TicketStatus::Pending {
            return;
        }
        let outcome = self
            .outcomes
            .binary_search_by_key(&ticket.id, |o| o.ticket)
            .ok()
            .and_then(|i| self.outcomes.get(i))
            .copied()
            .unwrap_or(Outcome::untaxed(ticket.id, 0, Kobo::ZERO));
        ticket.lines_won = outcome.lines_won;
        ticket.winnings = outcome.winnings;
        ticket.tax = outcome.tax;
        ticket.settled_at = Some(self.settled_at);
        ticket.status = if outcome.winnings.is_positive() { TicketStatus::Won } else { TicketStatus::Lost };
    }
}

/// The ledger entry of a purchase's stake, leaving `balance_after` (either engine writes the same lines).
pub(crate) fn stake_entry(purchase: &Purchase, balance_after: Kobo) -> LedgerEntry {
    let ticket = &purchase.ticket;
    LedgerEntry {
        id: purchase.entry_id,
        user_id: ticket.user_id,
        kind: EntryKind::Stake,
        status: EntryStatus::Success,
        amount: Kobo(-ticket.total_stake.as_i64()),
        balance_after,
        reference: format!("ticket:{}", ticket.id),
        description: format!("{} ticket for draw #{}", ticket.bet.bet_type().as_str(), ticket.draw_id),
        created_at: purchase.now,
    }
}

/// The ledger entry of one of an outcome's lines (`Outcome::ledger_lines`: its win or its tax).
pub(crate) fn settlement_entry(
    (user, draw): (UserId, DrawId),
    outcome: &Outcome,
    (kind, amount): (EntryKind, i64),
    id: u64,
    balance_after: Kobo,
    now: DateTime<Utc>,
) -> LedgerEntry {
    let what = if kind == EntryKind::Win { "Winnings of" } else { "Withholding tax on" };
    LedgerEntry {
        id,
        user_id: user,
        kind,
        status: EntryStatus::Success,
        amount: Kobo(amount),
        balance_after,
        reference: format!("ticket:{}", outcome.ticket),
        description: format!("{what} ticket #{} in draw #{}", outcome.ticket, draw),
        created_at: now,
    }
}

/// The ledger entry of a ticket's refund (its draw was cancelled).
pub(crate) fn refund_entry(ticket: &Ticket, id: u64, balance_after: Kobo, now: DateTime<Utc>) -> LedgerEntry {
    LedgerEntry {
        id,
        user_id: ticket.user_id,
        kind: EntryKind::Refund,
        status: EntryStatus::Success,
        amount: ticket.total_stake,
        balance_after,
        reference: format!("ticket:{}", ticket.id),
        description: format!("Refund of ticket #{}: draw #{} was cancelled", ticket.id, ticket.draw_id),
        created_at: now,
    }
}

pub type Bought = Result<Moved<Ticket>, PurchaseError>;
