//! The Scheduler: keeps every active game supplied with upcoming draws and a DrawActor running for every
//! unfinished draw. At start-up it resumes whatever storage says is unfinished, so draws that fell due while the
//! server was down are drawn and settled at once.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use actix::prelude::*;
use chrono::{DateTime, Utc};

use ayo_data::draw::{Draw, DrawId};
use ayo_data::game::{Game, GameStatus};
use ayo_data::Store;

use crate::draw_actor::{CancelDraw, DrawActor, DrawFinished};
use crate::events::{Event, EventKind, Topic};
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

/// Cancel a draw that has not been drawn yet; its tickets are refunded.
#[derive(Message)]
#[rtype(result = "Result<(), String>")]
pub struct Cancel {
    pub draw_id: DrawId,
    pub reason: String,
}

pub struct Scheduler {
    store: Store,
    wallets: Arc<Wallets>,
    publish: Publisher,
    running: HashMap<DrawId, Addr<DrawActor>>,
}

impl Scheduler {
    pub fn new(store: Store, wallets: Arc<Wallets>, publish: Publisher) -> Self {
        Self { store, wallets, publish, running: HashMap::new() }
    }

    fn tick(&mut self, ctx: &mut Context<Self>) {
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
        let mut previous: Option<Draw> = recent.into_iter().next();
        while ahead < UPCOMING {
            let from = previous.as_ref().map_or(now, |p| p.draws_at.max(now));
            let Some(mut draws_at) = game.schedule.next_draw_after(from) else { return Ok(()) };
            // Too close to sell anything: take the slot after.
            while draws_at - chrono::Duration::seconds(game.close_before_secs) <= now {
                match game.schedule.next_draw_after(draws_at) {
                    Some(t) => draws_at = t,
                    None => return Ok(()),
                }
            }
            let opens_at = previous.as_ref().map_or(now, |p| p.closes_at.max(now).min(draws_at));
            let draw = Draw::schedule(self.store.games.next_id()?, game, opens_at, draws_at);
            self.store.games.put_draw(&draw)?;
            self.store.flush_blocking()?;
            self.publish.publish(Event {
                topic: Topic::Draws,
                kind: EventKind::DrawUpdated,
                data: views::draw(&draw, Some(game)),
            });
            previous = Some(draw);
            ahead += 1;
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
    type Result = ResponseFuture<Result<(), String>>;
    fn handle(&mut self, msg: Cancel, _: &mut Context<Self>) -> Self::Result {
        let actor = self.running.get(&msg.draw_id).cloned();
        Box::pin(async move {
            let actor = actor.ok_or_else(|| "This draw is not running (already drawn or finished)".to_string())?;
            actor.send(CancelDraw { reason: msg.reason }).await.map_err(|e| e.to_string())?
        })
    }
}
