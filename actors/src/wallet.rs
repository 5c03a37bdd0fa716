//! WalletActor: one per active player, the only writer of that player's balance. Each move is one sled
//! transaction (balance + ledger entry + idempotency record), flushed to disk before the reply; then the player's
//! browsers are told.
//!
//! The flush is awaited outside the actor's turn, so the next purchase's transaction runs while the disk works:
//! concurrent moves share a flush (group commit) and each is still acknowledged only once durable.
//!
//! Purchases are the exception to "one transaction per move": the wallet queues its player's purchase, in order,
//! with the store's purchase queue, which buys every purchase queued meanwhile, of every player, in one
//! transaction (`ayo_data::embedded::purchases`: sled's per-transaction cost is shared). Each is still decided alone
//! (balance, draw selling, idempotency key) and acknowledged only once durable.
//!
//! Settlement is the one exception to "flushed before the reply": a draw's DrawActor sends every player's wallet
//! one `SettleTickets`, each wallet writes its player's settlement in one transaction and replies at once, then
//! the DrawActor flushes once for all of them and only then lets the wallets tell their players (see
//! `SettleTickets`). Nothing is told before it is durable, and the draw is marked settled only after that flush.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix::prelude::*;
use chrono::{DateTime, Utc};
use serde_json::json;

use ayo_data::draw::Draw;
use ayo_data::game::Game;
use ayo_data::ledger::LedgerEntry;
use ayo_data::ledger::Moved;
use ayo_data::seam::{Outcome, Payout, Purchase, PurchaseError, Refund};
use ayo_data::ticket::{Ticket, TicketCard, TicketId};
use ayo_data::user::UserId;
use ayo_data::Store;

use crate::events::{EventKind, Rendered, Topic};
use crate::publisher::Publisher;
use crate::views;

mod money;
pub use money::{CreditDeposit, HoldWithdrawal, MoveWithdrawal, OpenDeposit};
mod adjust;
pub use adjust::Adjust;

#[derive(Debug, thiserror::Error)]
pub enum WalletError {
    #[error(transparent)]
    Refused(#[from] PurchaseError),
    /// The store failed; kept whole (not as text) so the edge can tell a database out of reach (503) from a bug.
    #[error("storage: {0}")]
    Store(#[source] ayo_data::StoreError),
    #[error("the wallet is not available")]
    Unavailable,
}

impl From<ayo_data::StoreError> for WalletError {
    fn from(e: ayo_data::StoreError) -> Self {
        WalletError::Store(e)
    }
}

/// Buy a ticket (already validated and priced); replays of its idempotency key return the first ticket.
#[derive(Message)]
#[rtype(result = "Result<Moved<Ticket>, WalletError>")]
pub struct BuyTicket(pub Purchase);

/// Settle this player's pending tickets of one draw with their decided outcomes: every one of them (see
/// `WalletStore::settle`), in one transaction, once. Answers how many were written now (0 for a rerun, which
/// tells nobody again) as soon as the transaction is done, *before* it is durable: the sender (the DrawActor)
/// flushes once for all the draw's wallets and then sends `true` on `durable`; only then does the wallet tell the
/// player (`wallet.updated`, then the settled tickets). If `durable` closes without `true`, nobody is told.
#[derive(Message)]
#[rtype(result = "Result<usize, WalletError>")]
pub struct SettleTickets {
    pub draw: Arc<Draw>,
    pub game: Arc<Game>,
    pub tickets: Vec<(TicketCard, Outcome)>,
    pub now: DateTime<Utc>,
    pub durable: tokio::sync::watch::Receiver<bool>,
}

/// Refund this player's pending tickets of a cancelled draw.
#[derive(Message)]
#[rtype(result = "Result<usize, WalletError>")]
pub struct RefundTickets {
    pub tickets: Vec<TicketId>,
    pub now: DateTime<Utc>,
}

/// Apply one ledger entry (an adjustment); `None` if it would overdraw. With `once`, at most once per key: a
/// repeat answers the first entry, `replayed`.
#[derive(Message)]
#[rtype(result = "Result<Option<Moved<LedgerEntry>>, WalletError>")]
pub struct ApplyEntry {
    pub entry: LedgerEntry,
    pub once: Option<String>,
}

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

    /// Tells the player's browsers (if any is listening) about a durable move: `wallet.updated` for each entry,
    /// then the tickets `tickets` builds, settled. Events and each ticket's JSON are serialised here, once, on the
    /// wallet's thread, and handed to the Hub in one message; the Hub frames the tickets as each of the player's
    /// connections asked (`ticket.settled` each, or one `tickets.settled`: see `hub::SettledForm`), so the wallet
    /// need not know which. Nothing is built for a player with no socket open.
    fn announce(&self, balance: i64, entries: &[LedgerEntry], tickets: Tickets) {
        let topic = Topic::User(self.user);
        if !self.publish.is_listening(&topic) {
            return;
        }
        let events: Vec<Rendered> = entries
            .iter()
            .map(|entry| {
                let data = json!({ "balance": balance, "transaction": views::entry(entry) });
                Rendered::new(EventKind::WalletUpdated, &data)
            })
            .collect();
        let Tickets { build, draw, game } = tickets;
        match views::settled_tickets(&build(), draw.as_deref(), game.as_deref()) {
            Some(settled) => self.publish.publish_settled(topic, events, settled),
            None if !events.is_empty() => self.publish.publish_rendered(topic, events),
            None => {}
        }
    }

    /// Flushes, then announces: nothing is told before it is durable.
    fn durable<T: 'static>(
        &self,
        moved: Moved<T>,
        tickets: Tickets,
    ) -> ResponseActFuture<Self, Result<Moved<T>, WalletError>> {
        let store = self.store.clone();
        Box::pin(async move { store.flush().await.map(|_| moved) }.into_actor(self).map(move |flushed, act, _| {
            let moved = flushed?;
            act.announce(moved.balance.as_i64(), &moved.entries, tickets);
            Ok(moved)
        }))
    }
}

/// The tickets a move settled, built only if someone will be told, with their draw and game for the push.
struct Tickets {
    build: Box<dyn FnOnce() -> Vec<Ticket>>,
    draw: Option<Arc<Draw>>,
    game: Option<Arc<Game>>,
}

impl Tickets {
    fn none() -> Self {
        Self { build: Box::new(Vec::new), draw: None, game: None }
    }
}

impl Handler<BuyTicket> for WalletActor {
    type Result = ResponseActFuture<Self, Result<Moved<Ticket>, WalletError>>;

    fn handle(&mut self, BuyTicket(purchase): BuyTicket, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        // Queued now, in this player's order; bought in a transaction shared with other players' purchases.
        let bought = self.store.buy(purchase);
        Box::pin(async move { Ok::<_, WalletError>(bought.await??) }.into_actor(self).then(
            |bought, act, _| match bought {
                Ok(moved) => act.durable(moved, Tickets::none()),
                Err(e) => Box::pin(fut::ready(Err(e))),
            },
        ))
    }
}

impl Handler<SettleTickets> for WalletActor {
    type Result = Result<usize, WalletError>;

    fn handle(&mut self, msg: SettleTickets, ctx: &mut Context<Self>) -> Self::Result {
        self.touch();
        let SettleTickets { draw, game, tickets, now, mut durable } = msg;
        let outcomes: Vec<Outcome> = tickets.iter().map(|(_, outcome)| *outcome).collect();
        let lines = outcomes.iter().map(Outcome::entry_count).sum();
        // Ids are taken outside the transaction, which may run more than once.
        let ids = (0..lines).map(|_| self.store.ids.next_id()).collect::<Result<Vec<_>, _>>()?;
        let moved = self
            .store
            .money
            .settle(Payout { user: self.user, draw: draw.id, outcomes: &outcomes, entry_ids: &ids }, now)?;
        // A rerun (already settled before a crash) changes nothing and tells nobody again.
        if moved.replayed {
            return Ok(0);
        }
        let count = moved.value.len();
        let (draw_id, game_id) = (draw.id, draw.game_id);
        let build = move || {
            tickets
                .iter()
                .map(|(card, o)| card.settled(draw_id, game_id, (o.lines_won, o.winnings, o.tax), now))
                .collect()
        };
        let told = Tickets { build: Box::new(build), draw: Some(draw), game: Some(game) };
        let (balance, entries) = (moved.balance.as_i64(), moved.entries);
        let made_durable = async move { durable.wait_for(|durable| *durable).await.is_ok() };
        ctx.spawn(made_durable.into_actor(self).map(move |durable, act, _| {
            if durable {
                act.announce(balance, &entries, told);
            }
        }));
        Ok(count)
    }
}

impl Handler<RefundTickets> for WalletActor {
    type Result = ResponseActFuture<Self, Result<usize, WalletError>>;

    fn handle(&mut self, msg: RefundTickets, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        let ids = (0..msg.tickets.len()).map(|_| self.store.ids.next_id()).collect::<Result<Vec<_>, _>>();
        let moved = ids.and_then(|ids| {
            let refund = Refund { user: self.user, tickets: &msg.tickets, entry_ids: &ids };
            self.store.money.refund(refund, msg.now)
        });
        match moved {
            Ok(moved) => {
                let refunded = moved.value.clone();
                let draw = refunded.first().and_then(|t| self.store.games.draw(t.draw_id).ok().flatten());
                let game = draw.as_ref().and_then(|d| self.store.games.game(d.game_id).ok().flatten());
                let tickets =
                    Tickets { build: Box::new(move || refunded), draw: draw.map(Arc::new), game: game.map(Arc::new) };
                Box::pin(self.durable(moved, tickets).map(|r, _, _| r.map(|m| m.value.len())))
            }
            Err(e) => Box::pin(fut::ready(Err(e.into()))),
        }
    }
}

impl Handler<ApplyEntry> for WalletActor {
    type Result = ResponseActFuture<Self, Result<Option<Moved<LedgerEntry>>, WalletError>>;

    fn handle(&mut self, ApplyEntry { entry, once }: ApplyEntry, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        match self.store.money.apply_once(entry, once.as_deref()) {
            Ok(Some(moved)) => Box::pin(self.durable(moved, Tickets::none()).map(|r, _, _| r.map(Some))),
            Ok(None) => Box::pin(fut::ready(Ok(None))),
            Err(e) => Box::pin(fut::ready(Err(e.into()))),
        }
    }
}

/// The arbiter of a player: a hash of the id, not the id itself, since ids come from one shared sequence and
/// players created in a row often have ids of one parity (a sign-up, then its first ledger entry, …), which
/// `id % 2` would put all on one thread.
fn shard_of(user: UserId, shards: usize) -> usize {
    let mixed = user.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
    usize::try_from(mixed).unwrap_or(0) % shards.max(1)
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

    /// Wallet actors running now (each stops after a while unused).
    pub fn alive(&self) -> usize {
        self.actors.lock().unwrap_or_else(|p| p.into_inner()).values().filter(|a| a.connected()).count()
    }

    pub fn get(&self, user: UserId) -> Addr<WalletActor> {
        let mut actors = self.actors.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(addr) = actors.get(&user).filter(|a| a.connected()) {
            return addr.clone();
        }
        let shard = shard_of(user, self.arbiters.len());
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

#[cfg(test)]
mod tests {
    use super::shard_of;

    #[test]
    fn players_whose_ids_step_by_two_are_spread_over_every_arbiter() {
        let mut per_shard = [0usize; 2];
        for user in (3..20_003u64).step_by(2) {
            per_shard[shard_of(user, 2)] += 1;
        }
        assert!(per_shard.iter().all(|&n| n > 4_000), "{per_shard:?}");
    }
}
