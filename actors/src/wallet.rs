//! WalletActor: one per active player, the only writer of that player's balance. Each move is one sled
//! transaction (balance + ledger entry + idempotency record), flushed to disk before the reply; then the player's
//! browsers are told.
//!
//! The flush is awaited outside the actor's turn, so the next purchase's transaction runs while the disk works:
//! concurrent moves share a flush (group commit) and each is still acknowledged only once durable.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix::prelude::*;
use chrono::{DateTime, Utc};
use serde_json::json;

use ayo_data::ledger::LedgerEntry;
use ayo_data::store::{Moved, Outcome, Purchase, PurchaseError};
use ayo_data::ticket::{Ticket, TicketId};
use ayo_data::user::UserId;
use ayo_data::Store;

use crate::events::{Event, EventKind, Topic};
use crate::publisher::Publisher;
use crate::views;

mod money;
pub use money::{CreditDeposit, HoldWithdrawal, MoveWithdrawal, OpenDeposit};

#[derive(Debug, thiserror::Error)]
pub enum WalletError {
    #[error(transparent)]
    Refused(#[from] PurchaseError),
    #[error("storage: {0}")]
    Store(String),
    #[error("the wallet is not available")]
    Unavailable,
}

impl From<ayo_data::StoreError> for WalletError {
    fn from(e: ayo_data::StoreError) -> Self {
        WalletError::Store(e.to_string())
    }
}

/// Buy a ticket (already validated and priced); replays of its idempotency key return the first ticket.
#[derive(Message)]
#[rtype(result = "Result<Moved<Ticket>, WalletError>")]
pub struct BuyTicket(pub Purchase);

/// Settle this player's tickets of one draw with their decided outcomes.
#[derive(Message)]
#[rtype(result = "Result<usize, WalletError>")]
pub struct SettleTickets {
    pub outcomes: Vec<Outcome>,
    pub now: DateTime<Utc>,
}

/// Refund this player's pending tickets of a cancelled draw.
#[derive(Message)]
#[rtype(result = "Result<usize, WalletError>")]
pub struct RefundTickets {
    pub tickets: Vec<TicketId>,
    pub now: DateTime<Utc>,
}

/// Apply one ledger entry (a deposit, a withdrawal hold, an adjustment); `None` if it would overdraw.
#[derive(Message)]
#[rtype(result = "Result<Option<Moved<LedgerEntry>>, WalletError>")]
pub struct ApplyEntry(pub LedgerEntry);

pub struct WalletActor {
    user: UserId,
    store: Store,
    publish: Publisher,
    last_used: std::time::Instant,
}

/// A wallet idle this long stops; the next message for that player starts a fresh one.
const IDLE_STOP: std::time::Duration = std::time::Duration::from_secs(600);

impl Actor for WalletActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.run_interval(IDLE_STOP / 10, |act, ctx| {
            if act.last_used.elapsed() >= IDLE_STOP {
                ctx.stop();
            }
        });
    }
}

impl WalletActor {
    fn touch(&mut self) {
        self.last_used = std::time::Instant::now();
    }

    fn announce(&self, balance: i64, entries: &[LedgerEntry], tickets: &[Ticket]) {
        for entry in entries {
            self.publish.publish(Event {
                topic: Topic::User(self.user),
                kind: EventKind::WalletUpdated,
                data: json!({ "balance": balance, "transaction": views::entry(entry) }),
            });
        }
        for ticket in tickets {
            let draw = self.store.games.draw(ticket.draw_id).ok().flatten();
            self.publish.publish(Event {
                topic: Topic::User(self.user),
                kind: EventKind::TicketSettled,
                data: views::ticket(ticket, draw.as_ref(), None),
            });
        }
    }

    /// Flushes, then announces: nothing is told before it is durable.
    fn durable<T: 'static>(
        &self,
        moved: Moved<T>,
        settled: Vec<Ticket>,
    ) -> ResponseActFuture<Self, Result<Moved<T>, WalletError>> {
        let store = self.store.clone();
        Box::pin(async move { store.flush().await.map(|_| moved) }.into_actor(self).map(move |flushed, act, _| {
            let moved = flushed?;
            act.announce(moved.balance.as_i64(), &moved.entries, &settled);
            Ok(moved)
        }))
    }
}

impl Handler<BuyTicket> for WalletActor {
    type Result = ResponseActFuture<Self, Result<Moved<Ticket>, WalletError>>;

    fn handle(&mut self, BuyTicket(purchase): BuyTicket, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        match self.store.wallets.purchase(&purchase) {
            Ok(Ok(moved)) => self.durable(moved, vec![]),
            Ok(Err(refused)) => Box::pin(fut::ready(Err(refused.into()))),
            Err(e) => Box::pin(fut::ready(Err(e.into()))),
        }
    }
}

impl Handler<SettleTickets> for WalletActor {
    type Result = ResponseActFuture<Self, Result<usize, WalletError>>;

    fn handle(&mut self, msg: SettleTickets, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        let ids = (0..msg.outcomes.len()).map(|_| self.store.wallets.next_id()).collect::<Result<Vec<_>, _>>();
        let moved = ids.and_then(|ids| self.store.wallets.settle(self.user, &msg.outcomes, &ids, msg.now));
        match moved {
            Ok(moved) => {
                let settled = moved.value.clone();
                Box::pin(self.durable(moved, settled).map(|r, _, _| r.map(|m| m.value.len())))
            }
            Err(e) => Box::pin(fut::ready(Err(e.into()))),
        }
    }
}

impl Handler<RefundTickets> for WalletActor {
    type Result = ResponseActFuture<Self, Result<usize, WalletError>>;

    fn handle(&mut self, msg: RefundTickets, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        let ids = (0..msg.tickets.len()).map(|_| self.store.wallets.next_id()).collect::<Result<Vec<_>, _>>();
        let moved = ids.and_then(|ids| self.store.wallets.refund(self.user, &msg.tickets, &ids, msg.now));
        match moved {
            Ok(moved) => {
                let refunded = moved.value.clone();
                Box::pin(self.durable(moved, refunded).map(|r, _, _| r.map(|m| m.value.len())))
            }
            Err(e) => Box::pin(fut::ready(Err(e.into()))),
        }
    }
}

impl Handler<ApplyEntry> for WalletActor {
    type Result = ResponseActFuture<Self, Result<Option<Moved<LedgerEntry>>, WalletError>>;

    fn handle(&mut self, ApplyEntry(entry): ApplyEntry, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        match self.store.wallets.apply(entry) {
            Ok(Some(moved)) => Box::pin(self.durable(moved, vec![]).map(|r, _, _| r.map(Some))),
            Ok(None) => Box::pin(fut::ready(Ok(None))),
            Err(e) => Box::pin(fut::ready(Err(e.into()))),
        }
    }
}

/// Finds or starts the WalletActor of a player. Wallets live on a small pool of arbiters (threads), a player always
/// on the same one, so one player's moves stay in order while different players' run side by side.
pub struct Wallets {
    store: Store,
    publish: Publisher,
    arbiters: Vec<ArbiterHandle>,
    actors: Mutex<HashMap<UserId, Addr<WalletActor>>>,
}

impl Wallets {
    pub fn new(store: Store, publish: Publisher, threads: usize) -> Arc<Self> {
        let arbiters = (0..threads.max(1)).map(|_| Arbiter::new().handle()).collect();
        Arc::new(Self { store, publish, arbiters, actors: Mutex::new(HashMap::new()) })
    }

    pub fn get(&self, user: UserId) -> Addr<WalletActor> {
        let mut actors = self.actors.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(addr) = actors.get(&user).filter(|a| a.connected()) {
            return addr.clone();
        }
        let shard = usize::try_from(user).unwrap_or(0) % self.arbiters.len();
        let (store, publish) = (self.store.clone(), self.publish.clone());
        let addr = WalletActor::start_in_arbiter(&self.arbiters[shard], move |_| WalletActor {
            user,
            store,
            publish,
            last_used: std::time::Instant::now(),
        });
        actors.insert(user, addr.clone());
        addr
    }
}
