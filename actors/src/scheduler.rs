//! The Scheduler: keeps every active game supplied with upcoming draws and a DrawActor running for every
//! unfinished draw. At start-up it resumes whatever storage says is unfinished, so draws that fell due while the
//! server was down are drawn and settled at once.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use actix::prelude::*;
use chrono::{DateTime, Utc};

use ayo_data::draw::{Draw, DrawId, DrawStatus};
use ayo_data::game::{Game, GameId, GameStatus};
use ayo_data::lotto::Balls;
use ayo_data::Store;

use crate::draw_actor::{
    self, BeaconRefused, CancelDraw, DrawActor, DrawFinished, OpenNow, RevealRefused, RevealWitness, SignCommitment,
    StandDown, TakeBeacon,
};
use crate::events::{Event, EventKind, Topic};
use crate::lead::Lead;
use crate::publisher::Publisher;
use crate::views;
use crate::wallet::Wallets;

/// How often the scheduler looks for work (new draws to create, draws without an actor).
const TICK: Duration = Duration::from_secs(15);
/// How many future draws each active game keeps scheduled.
const UPCOMING: usize = 2;

/// Look for work now (after a game was created or changed).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Refresh;

/// Cancel a draw that has not been drawn yet; its tickets are refunded. After sales close only an `emergency`
/// cancel may (see `CancelDraw`); it answers the balls the draw would have had.
#[derive(Message)]
#[rtype(result = "Result<Option<Balls>, String>")]
pub struct Cancel {
    pub draw_id: DrawId,
    pub reason: String,
    pub emergency: bool,
}

/// Whether the scheduler has resumed every unfinished draw (it does so when it starts, before any message).
#[derive(Message)]
#[rtype(result = "bool")]
pub struct Resumed;

/// Whether this node runs the draws now (in a cluster, whether it holds the lottery's lease).
#[derive(Message)]
#[rtype(result = "bool")]
pub struct Leading;

impl Handler<Leading> for Scheduler {
    type Result = bool;
    fn handle(&mut self, _: Leading, _: &mut Context<Self>) -> bool {
        self.leading
    }
}

impl Handler<Resumed> for Scheduler {
    type Result = bool;
    fn handle(&mut self, _: Resumed, _: &mut Context<Self>) -> bool {
        true
    }
}

/// The witness's secret for a draw, passed on to its actor.
#[derive(Message)]
#[rtype(result = "Result<Draw, RevealRefused>")]
pub struct Reveal {
    pub draw_id: DrawId,
    pub reveal: RevealWitness,
}

/// A game's draw was cancelled: if it has nothing on sale now, its next draw opens at once.
#[derive(Message)]
#[rtype(result = "()")]
struct PutNextOnSale(GameId);

pub struct Scheduler {
    store: Store,
    wallets: Arc<Wallets>,
    publish: Publisher,
    running: HashMap<DrawId, Addr<DrawActor>>,
    /// Whether this node runs the draws: always on its own, only while it holds the lottery's lease in a cluster.
    leading: bool,
}

impl Scheduler {
    pub fn new(store: Store, wallets: Arc<Wallets>, publish: Publisher, leading: bool) -> Self {
        Self { store, wallets, publish, running: HashMap::new(), leading }
    }

    fn tick(&mut self, ctx: &mut Context<Self>) {
        if !self.leading {
            return;
        }
        let now = Utc::now();
        match self.store.games.games() {
            Ok(games) => {
                for game in games.iter().filter(|g| g.status == GameStatus::Active) {
                    if let Err(e) = self.plan(game, now) {
                        tracing::error!(game = game.id, error = %e, "could not schedule draws");
                    }
                }
            }
            Err(e) => tracing::error!(error = %e, "could not read games"),
        }
        let unfinished = self.store.games.unfinished_draws().unwrap_or_default();
        for draw in unfinished {
            if self.running.get(&draw.id).is_some_and(|a| a.connected()) {
                continue;
            }
            let actor = DrawActor::new(
                draw.id,
                self.store.clone(),
                self.wallets.clone(),
                self.publish.clone(),
                ctx.address().recipient(),
            );
            self.running.insert(draw.id, actor.start());
        }
    }

    /// Creates draws until the game has `UPCOMING` draws still ahead. Each opens when the one before it closes
    /// (the first one at once), so a game always has exactly one draw on sale.
    fn plan(&self, game: &Game, now: DateTime<Utc>) -> ayo_data::StoreResult<()> {
        let recent = self.store.games.draws_of_game(game.id, UPCOMING + 1)?;
        let mut ahead = recent.iter().filter(|d| d.draws_at > now && !d.status.is_finished()).count();
        // The next slot comes after the latest draw, cancelled or not (a cancelled slot is not drawn again), but
        // sales open when the latest draw that still happens closes, so cancelling a draw leaves no gap in sales.
        let mut latest_slot = recent.first().map(|d| d.draws_at);
        // Draws are numbered per game in schedule order (docs/decisions/059), from the latest one, cancelled or not.
        let mut number = Draw::number_after(recent.first(), || self.draws_stored(game.id))?;
        let mut previous: Option<Draw> = recent.into_iter().find(|d| d.status != DrawStatus::Cancelled);
        while ahead < UPCOMING {
            let from = latest_slot.map_or(now, |at| at.max(now));
            let Some(mut draws_at) = game.schedule.next_draw_after(from) else { return Ok(()) };
            // Too close to sell anything: take the slot after.
            while draws_at - chrono::Duration::seconds(game.close_before_secs) <= now {
                match game.schedule.next_draw_after(draws_at) {
                    Some(t) => draws_at = t,
                    None => return Ok(()),
                }
            }
            let opens_at = previous.as_ref().map_or(now, |p| p.closes_at.max(now).min(draws_at));
            let mut draw = Draw::schedule(self.store.games.next_id()?, game, opens_at, draws_at);
            draw.number = Some(number);
            // The witness's secret is fixed before the first ticket (none yet: the draw is not stored); the
            // witnesses take turns, from the one after the previous draw's.
            let after = previous.as_ref().and_then(|p| p.witness.as_ref()).map(|w| w.witness_id);
            if draw.party.needs_witness() {
                draw.witness = crate::witness_turn::take_next(&self.store, after)?;
            }
            self.store.games.put_draw(&draw)?;
            self.store.flush_blocking()?;
            self.publish.publish(Event {
                topic: Topic::Draws,
                kind: EventKind::DrawUpdated,
                data: views::draw(&draw, Some(game)),
            });
            latest_slot = Some(draw.draws_at);
            number += 1;
            previous = Some(draw);
            ahead += 1;
        }
        Ok(())
    }

    /// How many draws of `game` the store holds: the count a draw written without a number stands for.
    fn draws_stored(&self, game: GameId) -> ayo_data::StoreResult<u64> {
        let count = ayo_data::seam::Slice { offset: 0, limit: 1, oldest_first: false };
        Ok(self.store.games.draws_page(Some(game), count)?.total)
    }

    /// Keeps "one draw on sale per game" true after a cancellation: tops the game up, and if none of its draws is
    /// open, asks the earliest scheduled one to open now rather than when the cancelled draw would have closed.
    fn put_next_on_sale(&mut self, game_id: GameId, ctx: &mut Context<Self>) -> ayo_data::StoreResult<()> {
        if self.store.games.game(game_id)?.is_none_or(|g| g.status != GameStatus::Active) {
            return Ok(());
        }
        // Tops every game up and starts an actor for every new draw.
        self.tick(ctx);
        let draws = self.store.games.draws_of_game(game_id, UPCOMING + 2)?;
        if draws.iter().any(|d| d.status == DrawStatus::Open) {
            return Ok(());
        }
        // Newest first: the last scheduled one is the earliest.
        let Some(next) = draws.iter().rev().find(|d| d.status == DrawStatus::Scheduled) else { return Ok(()) };
        if let Some(actor) = self.running.get(&next.id) {
            actor.do_send(OpenNow);
        }
        Ok(())
    }
}

impl Actor for Scheduler {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        self.tick(ctx);
        ctx.run_interval(TICK, |act, ctx| act.tick(ctx));
    }
}

impl Handler<Refresh> for Scheduler {
    type Result = ();
    fn handle(&mut self, _: Refresh, ctx: &mut Context<Self>) {
        self.tick(ctx);
    }
}

impl Handler<DrawFinished> for Scheduler {
    type Result = ();
    fn handle(&mut self, DrawFinished(id): DrawFinished, ctx: &mut Context<Self>) {
        self.running.remove(&id);
        // A finished draw may leave its game short of upcoming draws.
        ctx.run_later(Duration::from_millis(10), |act, ctx| act.tick(ctx));
    }
}

impl Handler<Cancel> for Scheduler {
    type Result = ResponseFuture<Result<Option<Balls>, String>>;
    fn handle(&mut self, msg: Cancel, ctx: &mut Context<Self>) -> Self::Result {
        if !self.leading {
            return Box::pin(async { Err(ANOTHER_NODE.to_string()) });
        }
        if !self.running.contains_key(&msg.draw_id) {
            // Planned since the last tick: its actor starts now.
            self.tick(ctx);
        }
        let actor = self.running.get(&msg.draw_id).cloned();
        let game = self.store.games.draw(msg.draw_id).ok().flatten().map(|d| d.game_id);
        let scheduler = ctx.address();
        Box::pin(async move {
            let actor = actor.ok_or_else(|| "This draw is not running (already drawn or finished)".to_string())?;
            let would_be = actor
                .send(CancelDraw { reason: msg.reason, emergency: msg.emergency })
                .await
                .map_err(|e| e.to_string())??;
            if let Some(game) = game {
                scheduler.do_send(PutNextOnSale(game));
            }
            Ok(would_be)
        })
    }
}

impl Handler<Reveal> for Scheduler {
    type Result = ResponseFuture<Result<Draw, RevealRefused>>;
    fn handle(&mut self, msg: Reveal, _: &mut Context<Self>) -> Self::Result {
        if !self.leading {
            // Only the node running the draws takes a reveal, through the draw's actor, so a reveal can never race the
            // draw's own close or cancellation (docs/fairness.md, "Reveal in order"): the asking node passes it on
            // over the bus (`bus::lead::reveal`).
            return Box::pin(async { Err(RevealRefused::Elsewhere) });
        }
        let actor = self.running.get(&msg.draw_id).cloned();
        let store = self.store.clone();
        Box::pin(async move {
            let Some(actor) = actor else { return Err(finished(&store, msg.draw_id)) };
            // An actor that stopped between the lookup and the send has finished its draw (drawn or cancelled).
            actor.send(msg.reveal).await.unwrap_or_else(|_| Err(finished(&store, msg.draw_id)))
        })
    }
}

/// The named witness's signature of its commitment on a draw, passed on to its actor.
#[derive(Message)]
#[rtype(result = "Result<Draw, RevealRefused>")]
pub struct Sign {
    pub draw_id: DrawId,
    pub sign: SignCommitment,
}

impl Handler<Sign> for Scheduler {
    type Result = ResponseFuture<Result<Draw, RevealRefused>>;
    fn handle(&mut self, msg: Sign, ctx: &mut Context<Self>) -> Self::Result {
        if !self.leading {
            // As a reveal: only the draw's actor, on the node running the draws, takes it (`bus::lead::witness`).
            return Box::pin(async { Err(RevealRefused::Elsewhere) });
        }
        if !self.running.contains_key(&msg.draw_id) {
            // Planned since the last tick: its actor starts now.
            self.tick(ctx);
        }
        let actor = self.running.get(&msg.draw_id).cloned();
        let store = self.store.clone();
        Box::pin(async move {
            let Some(actor) = actor else { return Err(finished(&store, msg.draw_id)) };
            actor.send(msg.sign).await.unwrap_or_else(|_| Err(finished(&store, msg.draw_id)))
        })
    }
}

/// Why a witness's act on a draw with no running actor is refused: the draw is past taking it, named by its status.
fn finished(store: &Store, draw_id: DrawId) -> RevealRefused {
    let status = store.games.draw(draw_id).ok().flatten().map(|d| d.status.as_str());
    RevealRefused::TooLate(status.unwrap_or("finished").to_string())
}

/// A draw's drand round as fetched, passed on to its actor.
#[derive(Message)]
#[rtype(result = "Result<Draw, BeaconRefused>")]
pub struct Beacon {
    pub draw_id: DrawId,
    pub take: TakeBeacon,
}

impl Handler<Beacon> for Scheduler {
    type Result = ResponseFuture<Result<Draw, BeaconRefused>>;
    fn handle(&mut self, msg: Beacon, _: &mut Context<Self>) -> Self::Result {
        if !self.leading {
            let taken = draw_actor::take_beacon(&self.store, &self.publish, msg.draw_id, msg.take);
            return Box::pin(async move { taken });
        }
        let actor = self.running.get(&msg.draw_id).cloned();
        Box::pin(async move {
            let actor = actor.ok_or(BeaconRefused::NotAwaited)?;
            actor.send(msg.take).await.unwrap_or(Err(BeaconRefused::NotAwaited))
        })
    }
}

/// Why a node that does not run the draws refuses to cancel one.
pub const ANOTHER_NODE: &str = "Another node of the cluster runs the draws at the moment: try again in a few seconds";

impl Handler<Lead> for Scheduler {
    type Result = ();
    fn handle(&mut self, Lead(leading): Lead, ctx: &mut Context<Self>) {
        self.leading = leading;
        if leading {
            tracing::info!("this node runs the draws now");
            self.tick(ctx);
        } else {
            tracing::warn!(draws = self.running.len(), "this node no longer runs the draws");
            for (_, actor) in self.running.drain() {
                actor.do_send(StandDown);
            }
        }
    }
}

impl Handler<PutNextOnSale> for Scheduler {
    type Result = ();
    fn handle(&mut self, PutNextOnSale(game): PutNextOnSale, ctx: &mut Context<Self>) {
        if let Err(e) = self.put_next_on_sale(game, ctx) {
            tracing::error!(game, error = %e, "could not put the next draw on sale");
        }
    }
}
