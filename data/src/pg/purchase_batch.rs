//! One purchase batch decided and written (`money::buy_together`): each purchase in order against its player's
//! balance, its draw, its idempotency key and, when the batch holds its draws' risk, its draw's limits; then the
//! sales' balances, ledger entries and tickets in three statements.

use std::collections::{HashMap, HashSet};

use serde_json::Value;
use tokio_postgres::Transaction;

use super::risk::BatchRisk;
use super::tables::{LEDGER, TICKETS};
use super::writes::{json, set_balances};
use crate::draw::DrawSales;
use crate::ledger::Moved;
use crate::money::Kobo;
use crate::seam::{stake_entry, Bought, Purchase, PurchaseError};
use crate::ticket::Ticket;

/// What a batch read before deciding: its players' balances (wallets locked), its draws (locked `FOR SHARE`) and
/// the tickets already bought under its idempotency keys.
pub(super) struct Reads {
    pub balances: HashMap<i64, i64>,
    pub draws: HashMap<i64, DrawSales>,
    pub firsts: HashMap<(i64, String), Ticket>,
}

/// A batch decided: each purchase's answer, in order, and what its sales write.
pub(super) struct Decided {
    pub answers: Vec<Bought>,
    /// The purchases sold, by their place in the batch, in order.
    pub sold: Vec<usize>,
    balances: HashMap<i64, i64>,
    moved: HashSet<i64>,
    entries: Vec<Value>,
    tickets: Vec<Value>,
}

/// Decides `purchases` in order. With `risk`, each sale is checked against its draw's limits and closed numbers
/// last (so only a sale about to be written counts); without, those are left to the caller.
pub(super) fn decide(purchases: &[Purchase], reads: &Reads, mut risk: Option<&mut BatchRisk>) -> Decided {
    let mut balances = reads.balances.clone();
    let mut firsts = reads.firsts.clone();
    let mut decided = Decided {
        answers: Vec::with_capacity(purchases.len()),
        sold: Vec::new(),
        balances: HashMap::new(),
        moved: HashSet::new(),
        entries: Vec::new(),
        tickets: Vec::new(),
    };
    for (at, purchase) in purchases.iter().enumerate() {
        let ticket = &purchase.ticket;
        let user = ticket.user_id as i64;
        let balance = balances.get(&user).copied().unwrap_or(0);
        let key = (user, ticket.idempotency_key.clone());
        if let Some(first) = firsts.get(&key) {
            let replayed = Moved { value: first.clone(), entries: vec![], balance: Kobo(balance), replayed: true };
            decided.answers.push(Ok(replayed));
            continue;
        }
        let Some(draw) = reads.draws.get(&(ticket.draw_id as i64)) else {
            decided.answers.push(Err(PurchaseError::NoSuchDraw));
            continue;
        };
        if !draw.is_selling(purchase.now) {
            decided.answers.push(Err(PurchaseError::DrawNotSelling));
            continue;
        }
        let after = balance - ticket.total_stake.as_i64();
        if after < 0 {
            let short = PurchaseError::InsufficientFunds { balance: Kobo(balance), needed: ticket.total_stake };
            decided.answers.push(Err(short));
            continue;
        }
        if let Some(risk) = risk.as_deref_mut() {
            if let Err(refused) = risk.check(purchase) {
                decided.answers.push(Err(refused));
                continue;
            }
        }
        let entry = stake_entry(purchase, Kobo(after));
        balances.insert(user, after);
        decided.moved.insert(user);
        decided.entries.push(json(&entry));
        decided.tickets.push(json(ticket));
        firsts.insert(key, ticket.clone());
        decided.sold.push(at);
        let moved = Moved { value: ticket.clone(), entries: vec![entry], balance: Kobo(after), replayed: false };
        decided.answers.push(Ok(moved));
    }
    decided.balances = balances;
    decided
}

impl Decided {
    /// Whether the batch sells anything (and so writes).
    pub fn writes(&self) -> bool {
        !self.moved.is_empty()
    }

    /// Writes the sales' balances, ledger entries and tickets (nothing when none sold), once.
    pub async fn write(&mut self, tx: &Transaction<'_>) -> Result<(), tokio_postgres::Error> {
        if !self.writes() {
            return Ok(());
        }
        let (users, amounts): (Vec<i64>, Vec<i64>) = self.moved.iter().map(|u| (*u, self.balances[u])).unzip();
        set_balances(tx, &users, &amounts).await?;
        tx.execute(LEDGER.insert, &[&Value::Array(std::mem::take(&mut self.entries))]).await?;
        tx.execute(TICKETS.insert, &[&Value::Array(std::mem::take(&mut self.tickets))]).await?;
        Ok(())
    }
}
