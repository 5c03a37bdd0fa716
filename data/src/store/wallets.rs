//! Wallets (balances in kobo), the ledger, tickets and idempotency records: every money move is one sled
//! transaction over these trees, so a balance and its ledger entry are never apart.
//!
//! The WalletActor of a player is the only caller of the writing methods for that player; the transactions make
//! each move atomic, the actor keeps one player's moves in order.

use chrono::{DateTime, Utc};
use sled::transaction::{ConflictableTransactionError as Conflict, TransactionalTree};
use sled::Transactional;

use super::codec::{decode, encode, id_key};
use super::games::GameStore;
use super::keys::{last_id, tagged};
use super::users::abort;
use crate::draw::{Draw, DrawId};
use crate::error::{StoreError, StoreResult};
use crate::ledger::{EntryKind, EntryStatus, LedgerEntry};
use crate::money::Kobo;
use crate::ticket::{Ticket, TicketId, TicketStatus};
use crate::user::UserId;

const ENTRY: u8 = b'e';
const ENTRY_BY_USER: u8 = b'u';
const TICKET: u8 = b't';
const TICKET_BY_DRAW: u8 = b'd';
const TICKET_BY_USER: u8 = b'u';

#[derive(Clone)]
pub struct WalletStore {
    db: sled::Db,
    pub(super) balances: sled::Tree,
    pub(super) ledger: sled::Tree,
    pub(super) tickets: sled::Tree,
    idempotency: sled::Tree,
    draws: sled::Tree,
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
}

/// A ticket to buy, already validated and priced.
#[derive(Debug, Clone)]
pub struct Purchase {
    pub ticket: Ticket,
    pub entry_id: u64,
    pub now: DateTime<Utc>,
}

/// The result of a money move: the entries written and the balance after them.
#[derive(Debug, Clone, PartialEq)]
pub struct Moved<T> {
    pub value: T,
    pub entries: Vec<LedgerEntry>,
    pub balance: Kobo,
    /// True when this was a replay of an earlier request: nothing changed.
    pub replayed: bool,
}

/// A ticket's outcome decided by the draw: what it won (zero when it lost).
#[derive(Debug, Clone, Copy)]
pub struct Outcome {
    pub ticket: TicketId,
    pub lines_won: u64,
    pub winnings: Kobo,
}

pub(super) fn read_balance(tx: &TransactionalTree, user: UserId) -> Result<Kobo, Conflict<StoreError>> {
    Ok(match tx.get(id_key(user))? {
        Some(bytes) => Kobo(i64::from_be_bytes(
            bytes
                .as_ref()
                .try_into()
                .map_err(|_| abort(StoreError::Corrupt { tree: "wallets", detail: "balance width".into() }))?,
        )),
        None => Kobo::ZERO,
    })
}

pub(super) fn put_entry(ledger: &TransactionalTree, entry: &LedgerEntry) -> Result<(), Conflict<StoreError>> {
    ledger.insert(tagged(ENTRY, &[entry.id]), encode(entry).map_err(abort)?)?;
    ledger.insert(tagged(ENTRY_BY_USER, &[entry.user_id, entry.id]), &[])?;
    Ok(())
}

pub(super) fn read_entry(ledger: &TransactionalTree, id: u64) -> Result<Option<LedgerEntry>, Conflict<StoreError>> {
    ledger.get(tagged(ENTRY, &[id]))?.map(|b| decode(&b).map_err(abort)).transpose()
}

fn put_ticket(tickets: &TransactionalTree, ticket: &Ticket) -> Result<(), Conflict<StoreError>> {
    tickets.insert(tagged(TICKET, &[ticket.id]), encode(ticket).map_err(abort)?)?;
    Ok(())
}

fn read_ticket(tickets: &TransactionalTree, id: TicketId) -> Result<Option<Ticket>, Conflict<StoreError>> {
    tickets.get(tagged(TICKET, &[id]))?.map(|b| decode(&b).map_err(abort)).transpose()
}

fn idem_key(user: UserId, key: &str) -> Vec<u8> {
    let mut k = tagged(b'p', &[user]);
    k.extend_from_slice(key.as_bytes());
    k
}

impl WalletStore {
    pub(super) fn open(db: &sled::Db, games: &GameStore) -> StoreResult<Self> {
        Ok(Self {
            db: db.clone(),
            balances: db.open_tree("wallets")?,
            ledger: db.open_tree("ledger")?,
            tickets: db.open_tree("tickets")?,
            idempotency: db.open_tree("idempotency")?,
            draws: games.draws.clone(),
        })
    }

    /// Fresh ids for tickets and ledger entries (one shared, increasing sequence).
    pub fn next_id(&self) -> StoreResult<u64> {
        Ok(self.db.generate_id()? + 1)
    }

    /// The balance in kobo.
    pub fn balance(&self, user: UserId) -> StoreResult<i64> {
        match self.balances.get(id_key(user))? {
            None => Ok(0),
            Some(bytes) => {
                let arr: [u8; 8] = bytes.as_ref().try_into().map_err(|_| StoreError::Corrupt {
                    tree: "wallets",
                    detail: format!("balance of {} bytes", bytes.len()),
                })?;
                Ok(i64::from_be_bytes(arr))
            }
        }
    }

    /// Buys a ticket: checks the draw is selling and the balance covers it, then writes the ticket, the stake entry,
    /// the new balance and the idempotency record together. A repeated idempotency key returns the first ticket.
    pub fn purchase(&self, purchase: &Purchase) -> StoreResult<Result<Moved<Ticket>, PurchaseError>> {
        let ticket = &purchase.ticket;
        let user = ticket.user_id;
        let idem = idem_key(user, &ticket.idempotency_key);
        let result = (&self.balances, &self.ledger, &self.tickets, &self.idempotency, &self.draws).transaction(
            |(balances, ledger, tickets, idempotency, draws)| {
                if let Some(first) = idempotency.get(&idem)? {
                    let id = last_id(&first).unwrap_or_default();
                    if let Some(existing) = read_ticket(tickets, id)? {
                        let balance = read_balance(balances, user)?;
                        return Ok(Ok(Moved { value: existing, entries: vec![], balance, replayed: true }));
                    }
                }
                let Some(draw_bytes) = draws.get(GameStore::draw_key(ticket.draw_id))? else {
                    return Ok(Err(PurchaseError::NoSuchDraw));
                };
                let draw: Draw = decode(&draw_bytes).map_err(abort)?;
                if !draw.is_selling(purchase.now) {
                    return Ok(Err(PurchaseError::DrawNotSelling));
                }
                let balance = read_balance(balances, user)?;
                let after = balance.checked_sub(ticket.total_stake).filter(|b| !b.is_negative());
                let Some(after) = after else {
                    return Ok(Err(PurchaseError::InsufficientFunds { balance, needed: ticket.total_stake }));
                };
                let entry = LedgerEntry {
                    id: purchase.entry_id,
                    user_id: user,
                    kind: EntryKind::Stake,
                    status: EntryStatus::Success,
                    amount: Kobo(-ticket.total_stake.as_i64()),
                    balance_after: after,
                    reference: format!("ticket:{}", ticket.id),
                    description: format!("{} ticket for draw #{}", ticket.bet.bet_type().as_str(), ticket.draw_id),
                    created_at: purchase.now,
                };
                balances.insert(&id_key(user), &after.as_i64().to_be_bytes())?;
                put_entry(ledger, &entry)?;
                put_ticket(tickets, ticket)?;
                tickets.insert(tagged(TICKET_BY_DRAW, &[ticket.draw_id, ticket.id]), &[])?;
                tickets.insert(tagged(TICKET_BY_USER, &[user, ticket.id]), &[])?;
                idempotency.insert(idem.as_slice(), &id_key(ticket.id))?;
                Ok(Ok(Moved { value: ticket.clone(), entries: vec![entry], balance: after, replayed: false }))
            },
        )?;
        Ok(result)
    }

    /// Settles one player's tickets of a draw: each still-pending ticket becomes won (credited) or lost, in one
    /// transaction. A ticket already settled is skipped, so running this again after a crash pays nothing twice.
    pub fn settle(
        &self,
        user: UserId,
        outcomes: &[Outcome],
        entry_ids: &[u64],
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Ticket>>> {
        let result = (&self.balances, &self.ledger, &self.tickets).transaction(|(balances, ledger, tickets)| {
            let mut balance = read_balance(balances, user)?;
            let mut settled = Vec::new();
            let mut entries = Vec::new();
            for (outcome, entry_id) in outcomes.iter().zip(entry_ids) {
                let Some(mut ticket) = read_ticket(tickets, outcome.ticket)? else { continue };
                if ticket.status != TicketStatus::Pending || ticket.user_id != user {
                    continue;
                }
                ticket.lines_won = outcome.lines_won;
                ticket.winnings = outcome.winnings;
                ticket.settled_at = Some(now);
                ticket.status = if outcome.winnings.is_positive() { TicketStatus::Won } else { TicketStatus::Lost };
                if outcome.winnings.is_positive() {
                    balance = balance.checked_add(outcome.winnings).ok_or_else(|| {
                        abort(StoreError::Corrupt { tree: "wallets", detail: "balance overflow".into() })
                    })?;
                    let entry = LedgerEntry {
                        id: *entry_id,
                        user_id: user,
                        kind: EntryKind::Win,
                        status: EntryStatus::Success,
                        amount: outcome.winnings,
                        balance_after: balance,
                        reference: format!("ticket:{}", ticket.id),
                        description: format!("Winnings of ticket #{} in draw #{}", ticket.id, ticket.draw_id),
                        created_at: now,
                    };
                    put_entry(ledger, &entry)?;
                    entries.push(entry);
                }
                put_ticket(tickets, &ticket)?;
                settled.push(ticket);
            }
            balances.insert(&id_key(user), &balance.as_i64().to_be_bytes())?;
            Ok(Moved { value: settled, entries, balance, replayed: false })
        })?;
        Ok(result)
    }

    /// Refunds one player's pending tickets of a cancelled draw in full, once.
    pub fn refund(
        &self,
        user: UserId,
        tickets_to_refund: &[TicketId],
        entry_ids: &[u64],
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Ticket>>> {
        let result = (&self.balances, &self.ledger, &self.tickets).transaction(|(balances, ledger, tickets)| {
            let mut balance = read_balance(balances, user)?;
            let mut refunded = Vec::new();
            let mut entries = Vec::new();
            for (id, entry_id) in tickets_to_refund.iter().zip(entry_ids) {
                let Some(mut ticket) = read_ticket(tickets, *id)? else { continue };
                if ticket.status != TicketStatus::Pending || ticket.user_id != user {
                    continue;
                }
                ticket.status = TicketStatus::Refunded;
                ticket.settled_at = Some(now);
                balance = balance
                    .checked_add(ticket.total_stake)
                    .ok_or_else(|| abort(StoreError::Corrupt { tree: "wallets", detail: "balance overflow".into() }))?;
                let entry = LedgerEntry {
                    id: *entry_id,
                    user_id: user,
                    kind: EntryKind::Refund,
                    status: EntryStatus::Success,
                    amount: ticket.total_stake,
                    balance_after: balance,
                    reference: format!("ticket:{}", ticket.id),
                    description: format!("Refund of ticket #{}: draw #{} was cancelled", ticket.id, ticket.draw_id),
                    created_at: now,
                };
                put_entry(ledger, &entry)?;
                put_ticket(tickets, &ticket)?;
                entries.push(entry);
                refunded.push(ticket);
            }
            balances.insert(&id_key(user), &balance.as_i64().to_be_bytes())?;
            Ok(Moved { value: refunded, entries, balance, replayed: false })
        })?;
        Ok(result)
    }

    /// Adds a signed amount with its entry (deposits, adjustments); refuses to go below zero.
    pub fn apply(&self, entry: LedgerEntry) -> StoreResult<Option<Moved<LedgerEntry>>> {
        let result = (&self.balances, &self.ledger).transaction(|(balances, ledger)| {
            let balance = read_balance(balances, entry.user_id)?;
            let Some(after) = balance.checked_add(entry.amount).filter(|b| !b.is_negative()) else {
                return Ok(None);
            };
            let mut entry = entry.clone();
            entry.balance_after = after;
            balances.insert(&id_key(entry.user_id), &after.as_i64().to_be_bytes())?;
            put_entry(ledger, &entry)?;
            Ok(Some(Moved { value: entry.clone(), entries: vec![entry], balance: after, replayed: false }))
        })?;
        Ok(result)
    }

    pub fn ticket(&self, id: TicketId) -> StoreResult<Option<Ticket>> {
        self.tickets.get(tagged(TICKET, &[id]))?.map(|b| decode(&b)).transpose()
    }

    /// The ids of a draw's tickets in id order: what `tickets_hash` covers.
    pub fn ticket_ids_of_draw(&self, draw: DrawId) -> StoreResult<Vec<TicketId>> {
        self.tickets
            .scan_prefix(tagged(TICKET_BY_DRAW, &[draw]))
            .keys()
            .map(|k| Ok(last_id(&k?).unwrap_or(0)))
            .collect()
    }

    pub fn tickets_of_draw(&self, draw: DrawId) -> StoreResult<Vec<Ticket>> {
        let mut out = Vec::new();
        for id in self.ticket_ids_of_draw(draw)? {
            out.extend(self.ticket(id)?);
        }
        Ok(out)
    }

    /// A player's tickets, newest first.
    pub fn tickets_of_user(&self, user: UserId) -> StoreResult<Vec<Ticket>> {
        let mut out = Vec::new();
        for key in self.tickets.scan_prefix(tagged(TICKET_BY_USER, &[user])).keys().rev() {
            if let Some(t) = last_id(&key?).map(|id| self.ticket(id)).transpose()?.flatten() {
                out.push(t);
            }
        }
        Ok(out)
    }

    /// A player's ledger, newest first.
    pub fn entries_of_user(&self, user: UserId) -> StoreResult<Vec<LedgerEntry>> {
        let mut out = Vec::new();
        for key in self.ledger.scan_prefix(tagged(ENTRY_BY_USER, &[user])).keys().rev() {
            let Some(id) = last_id(&key?) else { continue };
            if let Some(bytes) = self.ledger.get(tagged(ENTRY, &[id]))? {
                out.push(decode(&bytes)?);
            }
        }
        Ok(out)
    }
}
