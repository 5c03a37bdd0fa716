//! DrawActor: one per unfinished draw, owner of its clock and state machine
//! (scheduled → open → closed → drawn → settled, or cancelled).
//!
//! Every transition is persisted before it is published. Each step looks only at the stored state and the clock,
//! so an actor started after a crash simply carries on: a due draw is drawn, a drawn draw is settled, and
//! settlement skips tickets already settled, so none is paid twice.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use actix::prelude::*;
use chrono::Utc;

use ayo_data::draw::{Draw, DrawId, DrawStatus, BEACON_ABSENT_REASON, NO_WITNESS_REASON, WITNESS_ABSENT_REASON};
use ayo_data::draw_settlement::{add_settled_earlier, DrawTickets, Records, Taxing};
use ayo_data::game::Game;
use ayo_data::lagos::lagos_day;
use ayo_data::lotto::witness_signature::{self, SignatureError};
use ayo_data::lotto::{draw_balls_bound, witness_commitment, Balls};
use ayo_data::merkle;
use ayo_data::seam::Outcome;
use ayo_data::ticket::{Ticket, TicketCard, TicketId, TicketStatus};
use ayo_data::user::UserId;
use ayo_data::{Store, StoreResult};

use crate::events::{Event, EventKind, Topic};
use crate::publisher::Publisher;
use crate::views;
use crate::wallet::{RefundTickets, SettleTickets, Wallets};

/// Tells the scheduler a draw actor has finished its work and stopped.
#[derive(Message)]
#[rtype(result = "()")]
pub struct DrawFinished(pub DrawId);

/// Cancel this draw (admin): every pending ticket is refunded in full. Once sales have closed only an
/// `emergency` cancel may, and it computes and publishes the balls the draw would have had, with its seed.
#[derive(Message)]
#[rtype(result = "Result<Option<Balls>, String>")]
pub struct CancelDraw {
    pub reason: String,
    pub emergency: bool,
}

/// The independent witness reveals their secret for this draw (after the tickets root is published, before the
/// draw time), signed over the draw, the seed commitment, its own commitment, the root and the secret.
#[derive(Message, Clone, serde::Serialize, serde::Deserialize)]
#[rtype(result = "Result<Draw, RevealRefused>")]
pub struct RevealWitness {
    pub witness_id: UserId,
    pub secret: String,
    /// Ed25519 over `witness_signature::reveal_message`, 128 hex; required of a named witness.
    pub signature: Option<String>,
}

/// The named witness signs its commitment on this draw (over the draw's id and the operator's seed commitment)
/// before any ticket is sold.
#[derive(Message, Clone, serde::Serialize, serde::Deserialize)]
#[rtype(result = "Result<Draw, RevealRefused>")]
pub struct SignCommitment {
    pub witness_id: UserId,
    pub signature: String,
}

/// Why a witness's reveal was not taken (carried between the nodes of a cluster as it is).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum RevealRefused {
    #[error("This draw is not awaiting a secret of yours")]
    NotYours,
    #[error("Sales are still open: reveal once the draw has closed and published its tickets root")]
    TooEarly,
    #[error("Too late: the draw is {0}")]
    TooLate(String),
    #[error(
        "The secret is not 64 lowercase hexadecimal characters, or its SHA-256 is not the commitment of this draw"
    )]
    WrongSecret,
    #[error("The draw could not be saved")]
    NotSaved,
    #[error("The signature {0}")]
    BadSignature(SignatureError),
    #[error("Sales have begun: a commitment is signed before the first ticket")]
    SignedTooLate,
    /// This node does not run the draws (a cluster): the reveal goes to the node that does (the lease holder).
    #[error("Another node of the cluster runs the draws: try again in a few seconds")]
    Elsewhere,
}

/// Open this scheduled draw now (the draw before it was cancelled, so the game has nothing on sale).
#[derive(Message)]
#[rtype(result = "()")]
pub struct OpenNow;

pub struct DrawActor {
    pub draw_id: DrawId,
    pub store: Store,
    pub wallets: Arc<Wallets>,
    pub publish: Publisher,
    pub on_finish: Recipient<DrawFinished>,
    /// The timer of the next step, replaced whenever a step is scheduled.
    timer: Option<SpawnHandle>,
    /// Set while settling or refunding, so a second run cannot start.
    busy: bool,
    /// The closed draw's tickets, being read ahead of the draw or read (see `read_ahead`); taken by `settle`.
    read_ahead: Option<tokio::task::JoinHandle<StoreResult<ReadAhead>>>,
}

/// A closed draw's tickets read ahead of the draw, with whether they are the ones its published root commits to.
struct ReadAhead {
    tickets: DrawTickets,
    /// `ayo_data::committed_tickets::check` of exactly these tickets.
    committed: Result<(), String>,
    /// The tickets root they were checked against.
    root: Option<String>,
}

impl DrawActor {
    pub fn new(
        draw_id: DrawId,
        store: Store,
        wallets: Arc<Wallets>,
        publish: Publisher,
        on_finish: Recipient<DrawFinished>,
    ) -> Self {
        Self { draw_id, store, wallets, publish, on_finish, timer: None, busy: false, read_ahead: None }
    }

    fn load(&self) -> Option<(Draw, Option<Game>)> {
        let draw = self.store.games.draw(self.draw_id).ok().flatten()?;
        let game = self.store.games.game(draw.game_id).ok().flatten();
        Some((draw, game))
    }

    /// Puts a selling draw's liability in memory as the actor starts (at start-up, or as the draw is scheduled),
    /// with its exact worst case, if its game has limits: so no buyer's purchase waits for it to be rebuilt from the
    /// tickets (docs/decisions/053-incremental-reserve-check.md). Only the embedded store keeps one.
    fn warm_risk(&self) {
        let Some((draw, game)) = self.load() else { return };
        let limited = game.as_ref().is_some_and(|g| g.risk_limits.any());
        if !limited || !matches!(draw.status, DrawStatus::Scheduled | DrawStatus::Open) {
            return;
        }
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || {
            let Ok(embedded) = store.embedded() else { return };
            if let Err(e) = embedded.wallets.warm_risk(draw.id, game.as_ref()) {
                tracing::warn!(draw = draw.id, error = %e, "could not read the draw's liability ahead of its sales");
            }
        });
    }

    fn save_and_publish(&self, draw: &Draw, game: Option<&Game>, kind: EventKind) -> bool {
        if let Err(e) = self.store.games.put_draw(draw).and_then(|_| self.store.flush_blocking()) {
            tracing::error!(draw = draw.id, error = %e, "could not save the draw; will retry");
            return false;
        }
        self.publish.publish(Event { topic: Topic::Draws, kind, data: views::draw(draw, game) });
        true
    }

    /// Does whatever the stored state and the clock call for, then sleeps until the next moment that matters.
    fn step(&mut self, ctx: &mut Context<Self>) {
        if self.busy {
            return;
        }
        let Some((mut draw, game)) = self.load() else {
            ctx.stop();
            return;
        };
        let now = Utc::now();
        let next = match draw.status {
            // No sale without an independent party (docs/fairness.md): held until a witness has signed its
            // commitment on this draw; never found one by its closing time, it is cancelled with nothing sold.
            DrawStatus::Scheduled if now >= draw.opens_at && !draw.party_ready() => {
                if now >= draw.closes_at {
                    draw.status = DrawStatus::Cancelled;
                    draw.cancelled_reason = Some(NO_WITNESS_REASON.to_string());
                    tracing::warn!(draw = draw.id, "no witness signed before close: draw cancelled unsold");
                    if self.save_and_publish(&draw, game.as_ref(), EventKind::DrawUpdated) {
                        self.refund_all(draw, game, ctx);
                        return;
                    }
                } else if draw.wants_witness() {
                    self.take_witness(&mut draw, game.as_ref());
                }
                Some((now + WITNESS_WAIT).min(draw.closes_at))
            }
            DrawStatus::Scheduled if now >= draw.opens_at => {
                draw.status = DrawStatus::Open;
                self.save_and_publish(&draw, game.as_ref(), EventKind::DrawUpdated);
                Some(draw.closes_at)
            }
            DrawStatus::Scheduled => Some(draw.opens_at),
            DrawStatus::Open if now >= draw.closes_at => {
                self.close(&mut draw, game.as_ref());
                Some(read_ahead_at(&draw))
            }
            DrawStatus::Open => Some(draw.closes_at),
            // Closed, but the database failed between the close and the commitment to its tickets (a restart, a cut
            // link): without this the draw waited for ever ("a closed draw without a tickets root"), on this node
            // and on every node that took it over. The list is final since the close, so committing now fixes the
            // same root; until it is stored, try again every second (issue 33; docs/scaling.md, "Failure modes").
            DrawStatus::Closed if draw.tickets_root.is_none() && draw.tickets_hash.is_none() => {
                match self.commit_tickets(&mut draw, game.as_ref()) {
                    Ok(()) if self.save_and_publish(&draw, game.as_ref(), EventKind::DrawUpdated) => {
                        Some(read_ahead_at(&draw))
                    }
                    Ok(()) => Some(now + chrono::Duration::seconds(1)),
                    Err(e) => {
                        tracing::error!(draw = draw.id, error = %e, "could not commit to the draw's tickets; will retry");
                        Some(now + chrono::Duration::seconds(1))
                    }
                }
            }
            DrawStatus::Closed if now >= draw.draws_at && draw.awaits_witness() => {
                // The rule published in advance (docs/fairness.md): no reveal by the draw time, no draw.
                draw.status = DrawStatus::Cancelled;
                draw.cancelled_reason = Some(WITNESS_ABSENT_REASON.to_string());
                self.link(&mut draw);
                tracing::warn!(draw = draw.id, "the witness did not reveal: draw cancelled");
                if self.save_and_publish(&draw, game.as_ref(), EventKind::DrawUpdated) {
                    self.refund_all(draw, game, ctx);
                    return;
                }
                Some(now + chrono::Duration::seconds(1))
            }
            DrawStatus::Closed if now >= draw.draws_at && draw.awaits_beacon() => {
                // `jobs::beacon` fetches the round and hands it over (`TakeBeacon`); past the deadline published with
                // the round, the rule on /lottery-rules: cancelled, every ticket refunded, the seed published.
                let deadline = draw.beacon.as_ref().map_or(draw.draws_at, |b| b.deadline);
                if now < deadline {
                    Some((now + BEACON_WAIT).min(deadline))
                } else {
                    draw.status = DrawStatus::Cancelled;
                    draw.cancelled_reason = Some(BEACON_ABSENT_REASON.to_string());
                    self.link(&mut draw);
                    tracing::warn!(draw = draw.id, "no verified drand round by the deadline: draw cancelled");
                    if self.save_and_publish(&draw, game.as_ref(), EventKind::DrawUpdated) {
                        self.refund_all(draw, game, ctx);
                        return;
                    }
                    Some(now + chrono::Duration::seconds(1))
                }
            }
            DrawStatus::Closed if now >= draw.draws_at => {
                let Some(binding) = draw.binding() else {
                    tracing::error!(draw = draw.id, "a closed draw without a tickets root");
                    return;
                };
                let outcome = draw_balls_bound(&draw.seed, draw.id, binding);
                draw.numbers = Some(outcome.numbers);
                draw.machine_numbers = Some(outcome.machine_numbers);
                draw.status = DrawStatus::Drawn;
                draw.drawn_at = Some(now);
                self.link(&mut draw);
                if self.save_and_publish(&draw, game.as_ref(), EventKind::DrawResult) {
                    self.settle(draw, game, ctx);
                    return;
                }
                Some(now + chrono::Duration::seconds(1))
            }
            DrawStatus::Closed if now >= read_ahead_at(&draw) => {
                self.read_ahead(draw.id, game);
                Some(draw.draws_at)
            }
            DrawStatus::Closed => Some(read_ahead_at(&draw)),
            // Halted by the shadow check: nothing more happens until an operator has looked.
            DrawStatus::Drawn if draw.settlement_halted.is_some() => None,
            DrawStatus::Drawn => {
                self.settle(draw, game, ctx);
                return;
            }
            DrawStatus::Cancelled if draw.settled_at.is_none() => {
                self.refund_all(draw, game, ctx);
                return;
            }
            DrawStatus::Settled | DrawStatus::Cancelled => None,
        };
        match next {
            Some(at) => {
                let wait = (at - Utc::now()).to_std().unwrap_or(Duration::ZERO);
                if let Some(old) = self.timer.replace(ctx.run_later(wait, |act, ctx| act.step(ctx))) {
                    ctx.cancel_future(old);
                }
            }
            None => ctx.stop(),
        }
    }

    /// A draw scheduled while every witness's pool was empty takes a commitment as soon as one is pooled.
    fn take_witness(&self, draw: &mut Draw, game: Option<&Game>) {
        match crate::witness_turn::take_next(&self.store, None) {
            Ok(Some(part)) => {
                draw.witness = Some(part);
                self.save_and_publish(draw, game, EventKind::DrawUpdated);
            }
            Ok(None) => {}
            Err(e) => tracing::error!(draw = draw.id, error = %e, "could not take a witness commitment"),
        }
    }

    /// Reads a closed draw's tickets and prepares them for settlement (grouped by player, each one's terms
    /// resolved), in the background, `READ_AHEAD` before the draw: none of that depends on the balls, so settlement
    /// starts from it as soon as they are out. Nothing can change the list once the draw is closed; settlement still
    /// leaves out any player paid meanwhile, and follows the game if it changed. The tickets read are checked here
    /// against the root published at close (`ayo_data::committed_tickets`), off the path after the balls; settlement
    /// pays exactly these checked copies, and only re-checks that the root is still the one they were checked with.
    fn read_ahead(&mut self, draw: DrawId, game: Option<Game>) {
        let Some(game) = game else { return };
        if self.read_ahead.is_some() {
            return;
        }
        let store = self.store.clone();
        self.read_ahead = Some(tokio::task::spawn_blocking(move || {
            let started = std::time::Instant::now();
            let read = store.books.pending_cards_of_draw(draw, &Default::default(), READ_THREADS).and_then(|cards| {
                let (checked, root) = committed(&store, draw, &cards, &game, true)?;
                Ok(ReadAhead { tickets: DrawTickets::new(cards, &game), committed: checked, root })
            });
            match &read {
                Ok(read) => {
                    let (tickets, elapsed_ms) = (read.tickets.ticket_count(), started.elapsed().as_millis());
                    tracing::info!(draw, tickets, elapsed_ms, "tickets read and checked ahead of the draw");
                }
                Err(e) => tracing::warn!(draw, error = %e, "could not read the draw's tickets ahead of the draw"),
            }
            read
        }));
    }

    /// Links a draw whose result is about to be published to the previous record of its game (docs/fairness.md, "The
    /// chain of draws"). Read before the draw is saved as drawn or cancelled, so the link is part of what is published.
    fn link(&self, draw: &mut Draw) {
        // A draw cancelled before its tickets were fixed has no result to chain.
        if draw.tickets_root.is_none() && draw.tickets_hash.is_none() {
            return;
        }
        match self.store.games.draws_of_game(draw.game_id, CHAIN_LOOK_BACK) {
            Ok(others) => ayo_data::draw_record::link(draw, &others),
            Err(e) => tracing::error!(draw = draw.id, error = %e, "could not read the previous draw to link to"),
        }
    }

    /// Stops sales and fixes the list of tickets the balls will depend on.
    fn close(&self, draw: &mut Draw, game: Option<&Game>) {
        draw.status = DrawStatus::Closed;
        // Persist "closed" first: from then on no purchase transaction can add a ticket, so the list is final.
        if let Err(e) = self.store.games.put_draw(draw) {
            tracing::error!(draw = draw.id, error = %e, "could not close the draw");
            return;
        }
        if let Err(e) = self.commit_tickets(draw, game) {
            tracing::error!(draw = draw.id, error = %e, "could not commit to the draw's tickets");
        }
        self.save_and_publish(draw, game, EventKind::DrawUpdated);
    }

    /// Builds the Merkle tree over the closed draw's tickets (docs/fairness.md): stores its leaves, for receipts,
    /// and sets the root the balls are bound to.
    fn commit_tickets(&self, draw: &mut Draw, game: Option<&Game>) -> Result<(), ayo_data::StoreError> {
        let cards = self.store.books.pending_cards_of_draw(draw.id, &Default::default(), READ_THREADS)?;
        let key = self.store.meta.pseudonym_key()?;
        let leaves = merkle::leaves_of(draw.id, &cards, &key, |card| card.terms_in(game));
        self.store.games.put_leaves(draw.id, &leaves)?;
        let hashes: Vec<merkle::Hash> = leaves.iter().map(|(_, leaf)| *leaf).collect();
        draw.ticket_count = leaves.len() as u64;
        draw.tickets_root = Some(hex::encode(merkle::root(&hashes)));
        Ok(())
    }

    /// Pays every pending ticket through its owner's wallet, then marks the draw settled.
    ///
    /// The draw's tickets, read ahead of the draw (or now, after a restart), are decided by the settlement rules
    /// (`ayo_data::draw_settlement`: the primary and the shadow computation, the tax) on every core, off the actor's
    /// thread. Each player's wallet then gets one `SettleTickets` with all of their tickets: one transaction per
    /// player. Once every wallet has written, one flush makes them all durable, and only then are the wallets told
    /// to announce and the draw marked settled. Players settled before a crash are skipped here, and their wallet
    /// would refuse to pay twice anyway.
    fn settle(&mut self, draw: Draw, game: Option<Game>, ctx: &mut Context<Self>) {
        let (Some(numbers), Some(game)) = (draw.numbers, game) else {
            tracing::error!(draw = draw.id, "a drawn draw without numbers or game");
            return;
        };
        self.busy = true;
        let store = self.store.clone();
        let (draw_id, rules, drawn_at) = (draw.id, game.clone(), draw.drawn_at.unwrap_or(draw.draws_at));
        let read_ahead = self.read_ahead.take();
        // The shadow of the draw itself: the balls recomputed from the published values must be the stored ones.
        let recomputed = draw.binding().map(|binding| draw_balls_bound(&draw.seed, draw.id, binding).numbers);
        let balls_hold = recomputed == Some(numbers);
        let published_root = draw.tickets_root.clone();
        let decide = async move {
            let started = std::time::Instant::now();
            // A read ahead that failed is simply done again here.
            let ahead = match read_ahead {
                Some(reading) => reading.await.ok().and_then(Result::ok),
                None => None,
            };
            tokio::task::spawn_blocking(move || {
                let skip = store.books.settled_players(draw_id)?;
                let (tickets, committed) = match ahead {
                    // Checked ahead against this very root: nothing to redo after the balls.
                    Some(ahead) if ahead.root == published_root => (ahead.tickets.without(&skip), ahead.committed),
                    Some(ahead) => {
                        let changed =
                            format!("the tickets root of draw #{draw_id} changed after its tickets were read");
                        (ahead.tickets, Err(changed))
                    }
                    None => {
                        let cards = store.books.pending_cards_of_draw(draw_id, &skip, READ_THREADS)?;
                        let (checked, _) = committed(&store, draw_id, &cards, &rules, skip.is_empty())?;
                        (DrawTickets::new(cards, &rules), checked)
                    }
                };
                let table = store.meta.tax_table()?;
                let taxing = Taxing { table: &table, day: lagos_day(drawn_at) };
                let decisions = tickets.decide(&numbers, &rules, taxing, &StoreRecords(&store), cores())?;
                let mut takings = tickets.takings(&decisions);
                if !skip.is_empty() {
                    add_settled_earlier(&mut takings, &store.books.tickets_of_draw(draw_id)?, &skip);
                }
                let read_ms = started.elapsed().as_millis();
                Ok::<_, ayo_data::StoreError>((tickets, decisions, takings, committed, read_ms))
            })
            .await
        };
        ctx.wait(decide.into_actor(self).map(move |decided, act, ctx| {
            let (tickets, decisions, takings, committed, read_ms) = match decided {
                Ok(Ok(decided)) => decided,
                Ok(Err(e)) => return act.retry_settlement(draw.id, &e.to_string(), ctx),
                Err(e) => return act.retry_settlement(draw.id, &e.to_string(), ctx),
            };
            if !balls_hold {
                let message = format!(
                    "Settlement of draw #{} halted: its stored balls are not those its published seed, witness secret \
                     and tickets root give",
                    draw.id
                );
                return act.halt_with(draw, &game, message, ctx);
            }
            if let Err(problem) = committed {
                let message = format!("Settlement of draw #{} halted: {problem}", draw.id);
                return act.halt_with(draw, &game, message, ctx);
            }
            if !decisions.disagreements.is_empty() {
                return act.halt(draw, &game, &decisions.disagreements, ctx);
            }
            let by_player = tickets.into_players().zip(decisions.by_player).map(|(player, decided)| {
                let tickets = player
                    .tickets
                    .into_iter()
                    .zip(decided)
                    .map(|(card, d)| {
                        let outcome = Outcome { tax: d.tax, ..Outcome::untaxed(card.id, d.lines_won, d.winnings) };
                        (card, outcome)
                    })
                    .collect();
                (player.player, tickets)
            });
            let mut draw = draw;
            draw.takings = Some(takings);
            act.pay(draw, game, by_player.collect(), read_ms, ctx);
        }));
    }

    /// Shadow settlement disagreed: pay nothing, mark the draw halted, and tell the admins (audit log and a live
    /// `admin.alert`).
    fn halt(&mut self, draw: Draw, game: &Game, disagreements: &[String], ctx: &mut Context<Self>) {
        let shown: Vec<&str> = disagreements.iter().take(5).map(String::as_str).collect();
        let message = format!(
            "Settlement of draw #{} halted: the shadow computation disagrees on {} ticket(s): {}",
            draw.id,
            disagreements.len(),
            shown.join("; ")
        );
        self.halt_with(draw, game, message, ctx);
    }

    /// Pays nothing of the draw, marks it halted with `message`, and tells the admins (audit log and a live
    /// `admin.alert`): a shadow disagreement, balls that do not follow from the published values, or tickets that are
    /// not those committed at close.
    fn halt_with(&mut self, mut draw: Draw, game: &Game, message: String, ctx: &mut Context<Self>) {
        self.busy = false;
        tracing::error!(draw = draw.id, "{message}");
        draw.settlement_halted = Some(message.clone());
        if !self.save_and_publish(&draw, Some(game), EventKind::DrawUpdated) {
            ctx.run_later(Duration::from_secs(1), |act, ctx| act.step(ctx));
            return;
        }
        let activity = ayo_data::activity::Activity::unattended(
            "draw.settlement_halted",
            Some(format!("draw:{}", draw.id)),
            message.clone(),
        );
        if let Err(e) = self.store.activities.record(activity) {
            tracing::error!(draw = draw.id, error = %e, "could not audit the halted settlement");
        }
        self.publish.publish(Event {
            topic: Topic::Admin,
            kind: EventKind::AdminAlert,
            data: serde_json::json!({ "action": "draw.settlement_halted", "draw_id": draw.id, "message": message }),
        });
        ctx.stop();
    }

    fn retry_settlement(&mut self, draw: DrawId, error: &str, ctx: &mut Context<Self>) {
        tracing::error!(draw, error, "could not read tickets to settle; retrying");
        self.busy = false;
        ctx.run_later(Duration::from_secs(1), |act, ctx| act.step(ctx));
    }

    fn pay(
        &mut self,
        draw: Draw,
        game: Game,
        by_player: Vec<(UserId, Vec<(TicketCard, Outcome)>)>,
        read_ms: u128,
        ctx: &mut Context<Self>,
    ) {
        let now = Utc::now();
        let started = std::time::Instant::now();
        let flushes_before = self.store.flushes();
        let (pending, players) = (by_player.iter().map(|(_, t)| t.len()).sum::<usize>(), by_player.len());
        let since_drawn = draw.drawn_at.map_or(0, |at| (now - at).num_milliseconds());
        tracing::info!(
            draw = draw.id,
            tickets = pending,
            players,
            read_ms,
            since_drawn_ms = since_drawn,
            "settlement started"
        );
        let (shared_draw, shared_game) = (Arc::new(draw.clone()), Arc::new(game.clone()));
        // Sent `true` once every wallet's writes are durable: wallets tell their players only then.
        let (durable, when_durable) = tokio::sync::watch::channel(false);
        let sends: Vec<_> = by_player
            .into_iter()
            .map(|(user, tickets)| {
                let (draw, game, durable) = (shared_draw.clone(), shared_game.clone(), when_durable.clone());
                self.wallets.get(user).send(SettleTickets { draw, game, tickets, now, durable })
            })
            .collect();
        drop(when_durable);
        let store = self.store.clone();
        let work = async move {
            let mut ok = true;
            for sent in futures_join(sends).await {
                ok &= matches!(sent, Ok(Ok(_)));
            }
            // One flush for every wallet's writes (shared with anything else waiting on the group commit). The
            // wallets that did write are told even if others failed: what they wrote is durable.
            match store.flush().await {
                Ok(()) => {
                    let _ = durable.send(true);
                }
                Err(e) => {
                    tracing::error!(error = %e, "could not make the settlement durable");
                    ok = false;
                }
            }
            ok
        };
        ctx.wait(work.into_actor(self).map(move |ok, act, ctx| {
            act.busy = false;
            if !ok {
                tracing::error!(draw = draw.id, "some wallets did not settle; retrying");
                ctx.run_later(Duration::from_secs(1), |act, ctx| act.step(ctx));
                return;
            }
            let mut draw = draw;
            draw.status = DrawStatus::Settled;
            draw.settled_at = Some(Utc::now());
            let since_drawn = draw.drawn_at.map_or(0, |at| (Utc::now() - at).num_milliseconds());
            let elapsed_ms = started.elapsed().as_millis();
            metrics::histogram!("ayo_settlement_duration_seconds").record(started.elapsed().as_secs_f64());
            metrics::counter!("ayo_tickets_settled_total").increment(pending as u64);
            let flushes = act.store.flushes() - flushes_before;
            tracing::info!(
                draw = draw.id,
                tickets = pending,
                players,
                elapsed_ms,
                flushes,
                since_drawn_ms = since_drawn,
                "settlement finished"
            );
            if act.save_and_publish(&draw, Some(&game), EventKind::DrawUpdated) {
                ctx.stop();
            } else {
                ctx.run_later(Duration::from_secs(1), |act, ctx| act.step(ctx));
            }
        }));
    }
}

/// How often a draw held for want of a signed witness commitment looks again.
const WITNESS_WAIT: chrono::Duration = chrono::Duration::milliseconds(250);
/// How often a draw past its time looks again for its drand round.
const BEACON_WAIT: chrono::Duration = chrono::Duration::milliseconds(500);
/// How many of a game's latest draws are searched for the previous record of the chain (a game's later draws,
/// scheduled but not drawn, come first in that list).
const CHAIN_LOOK_BACK: usize = 64;

/// Threads reading a draw's ticket index at settlement.
const READ_THREADS: usize = 2;

/// How long before the draw its tickets are read and prepared for settlement (see `DrawActor::read_ahead`): long
/// enough for a million tickets on a busy machine, short enough not to hold them in memory for long.
const READ_AHEAD: chrono::Duration = chrono::Duration::seconds(60);

/// When a closed draw's tickets are read ahead.
fn read_ahead_at(draw: &Draw) -> chrono::DateTime<Utc> {
    draw.draws_at - READ_AHEAD
}

/// `ayo_data::committed_tickets::check` of `cards` against the draw's stored leaves and published root, and the root
/// checked against. `complete`: no player of the draw is settled yet, so every committed ticket must be among them.
fn committed(
    store: &Store,
    draw: DrawId,
    cards: &[TicketCard],
    game: &Game,
    complete: bool,
) -> StoreResult<(Result<(), String>, Option<String>)> {
    let Some(stored_draw) = store.games.draw(draw)? else {
        return Ok((Err(format!("draw #{draw} could not be read")), None));
    };
    let leaves = store.games.leaves(draw)?.unwrap_or_default();
    let key = store.meta.pseudonym_key()?;
    let checked = ayo_data::committed_tickets::check(&stored_draw, &leaves, cards, &key, game, complete);
    Ok((checked, stored_draw.tickets_root))
}

/// Threads deciding a draw's tickets: one per core.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// What the settlement rules read from the store.
struct StoreRecords<'a>(&'a Store);

impl Records for StoreRecords<'_> {
    fn state_of(&self, player: UserId) -> StoreResult<Option<String>> {
        Ok(self.0.users.get(player)?.and_then(|user| user.state))
    }

    fn ticket(&self, id: TicketId) -> StoreResult<Option<Ticket>> {
        self.0.books.ticket(id)
    }
}

impl DrawActor {
    /// Refunds every pending ticket of a cancelled draw, then marks the cancellation complete.
    fn refund_all(&mut self, draw: Draw, game: Option<Game>, ctx: &mut Context<Self>) {
        let tickets = match self.store.books.tickets_of_draw(draw.id) {
            Ok(t) => t,
            Err(e) => {
                tracing::error!(draw = draw.id, error = %e, "could not read tickets to refund");
                return;
            }
        };
        let mut by_player: BTreeMap<UserId, Vec<TicketId>> = BTreeMap::new();
        for t in tickets.iter().filter(|t| t.status == TicketStatus::Pending) {
            by_player.entry(t.user_id).or_default().push(t.id);
        }
        let now = Utc::now();
        let sends: Vec<_> = by_player
            .into_iter()
            .map(|(user, tickets)| self.wallets.get(user).send(RefundTickets { tickets, now }))
            .collect();
        self.busy = true;
        ctx.wait(futures_join(sends).into_actor(self).map(move |results, act, ctx| {
            act.busy = false;
            if !results.iter().all(|r| matches!(r, Ok(Ok(_)))) {
                tracing::error!(draw = draw.id, "some refunds failed; retrying");
                ctx.run_later(Duration::from_secs(1), |act, ctx| act.step(ctx));
                return;
            }
            let mut draw = draw;
            draw.settled_at = Some(Utc::now());
            if act.save_and_publish(&draw, game.as_ref(), EventKind::DrawUpdated) {
                ctx.stop();
            }
        }));
    }
}

/// Awaits every future in order (they already run concurrently inside their actors).
async fn futures_join<F: std::future::Future>(futures: Vec<F>) -> Vec<F::Output> {
    let mut out = Vec::with_capacity(futures.len());
    for f in futures {
        out.push(f.await);
    }
    out
}

impl Actor for DrawActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        self.warm_risk();
        self.step(ctx);
    }

    fn stopped(&mut self, _: &mut Context<Self>) {
        self.on_finish.do_send(DrawFinished(self.draw_id));
    }
}

impl Handler<CancelDraw> for DrawActor {
    type Result = Result<Option<Balls>, String>;

    fn handle(&mut self, msg: CancelDraw, ctx: &mut Context<Self>) -> Self::Result {
        let Some((mut draw, game)) = self.load() else {
            return Err("This draw does not exist".to_string());
        };
        if !matches!(draw.status, DrawStatus::Scheduled | DrawStatus::Open | DrawStatus::Closed) || self.busy {
            return Err(format!("A {} draw cannot be cancelled", draw.status.as_str()));
        }
        if draw.result_knowable() {
            // The rule published in docs/fairness.md: no void once the result can be computed.
            return Err(ayo_data::draw::NO_VOID_AFTER_REVEAL.to_string());
        }
        if draw.sales_over(Utc::now()) {
            if !msg.emergency {
                return Err(
                    "Sales have closed: only an emergency cancel can stop this draw, and it publishes the seed \
                            and the result the draw would have had"
                        .to_string(),
                );
            }
            if draw.tickets_root.is_none() && draw.tickets_hash.is_none() {
                self.commit_tickets(&mut draw, game.as_ref()).map_err(|e| e.to_string())?;
            }
            // Without the witness's secret nobody can know the balls yet, so there is nothing to publish but the seed.
            draw.would_be_numbers =
                draw.binding().map(|binding| draw_balls_bound(&draw.seed, draw.id, binding).numbers);
        }
        draw.status = DrawStatus::Cancelled;
        draw.cancelled_reason = Some(msg.reason);
        self.link(&mut draw);
        // Saved as cancelled but not yet finished: if the process dies during refunds, the next start resumes them.
        if !self.save_and_publish(&draw, game.as_ref(), EventKind::DrawUpdated) {
            return Err("The draw could not be saved".to_string());
        }
        if let Some(timer) = self.timer.take() {
            ctx.cancel_future(timer);
        }
        let would_be = draw.would_be_numbers;
        self.refund_all(draw, game, ctx);
        Ok(would_be)
    }
}

impl Handler<RevealWitness> for DrawActor {
    type Result = Result<Draw, RevealRefused>;

    fn handle(&mut self, msg: RevealWitness, _: &mut Context<Self>) -> Self::Result {
        reveal(&self.store, &self.publish, self.draw_id, msg)
    }
}

/// Takes a witness's secret for a closed draw: checked against its commitment, saved, published. Only the draw's
/// actor does this, on the node that runs the draws (a reveal sent to another node of a cluster is passed on to it
/// over the bus), so the reveal is ordered with the draw's close, draw and cancellation; the store also refuses to
/// write a draw behind its stored status.
pub fn reveal(store: &Store, publish: &Publisher, draw_id: DrawId, msg: RevealWitness) -> Result<Draw, RevealRefused> {
    let Some(mut draw) = store.games.draw(draw_id).ok().flatten() else { return Err(RevealRefused::NotYours) };
    let game = store.games.game(draw.game_id).ok().flatten();
    let Some(part) = draw.witness.as_mut().filter(|w| w.witness_id == msg.witness_id) else {
        return Err(RevealRefused::NotYours);
    };
    // Taken exactly as sent: the secret enters the balls' HMAC as text, so only its one canonical spelling may be
    // stored (`witness_commitment` refuses any other; docs/fairness.md, "Encodings").
    let secret = msg.secret;
    if witness_commitment(&secret).as_deref() != Some(part.commitment.as_str()) {
        return Err(RevealRefused::WrongSecret);
    }
    if part.secret.is_some() {
        // The same secret again (a retry): already taken.
        return Ok(draw);
    }
    match draw.status {
        DrawStatus::Scheduled | DrawStatus::Open => return Err(RevealRefused::TooEarly),
        DrawStatus::Closed => {}
        other => return Err(RevealRefused::TooLate(other.as_str().to_string())),
    }
    // Closed is saved before the root is built: until the root is out the secret would bind to nothing public.
    let Some(root) = draw.tickets_root.as_deref() else { return Err(RevealRefused::TooEarly) };
    if let Some(public_key) = &part.public_key {
        let message = witness_signature::reveal_message(draw_id, &draw.commitment, &part.commitment, root, &secret);
        let signature = msg.signature.unwrap_or_default();
        witness_signature::verify(public_key, &message, &signature).map_err(RevealRefused::BadSignature)?;
        part.reveal_signature = Some(signature);
    }
    part.secret = Some(secret);
    if let Err(e) = store.games.put_draw(&draw).and_then(|_| store.flush_blocking()) {
        tracing::error!(draw = draw.id, error = %e, "could not save the witness's secret");
        return Err(RevealRefused::NotSaved);
    }
    publish.publish(Event {
        topic: Topic::Draws,
        kind: EventKind::DrawUpdated,
        data: views::draw(&draw, game.as_ref()),
    });
    Ok(draw)
}

/// Takes a named witness's signature of its commitment on a draw not yet selling: checked against the key the
/// draw recorded from the witness's entry, saved, published. Like `reveal`, done only by the draw's actor (a
/// signature reaching another node of a cluster is passed on to the node running the draws).
pub fn sign(store: &Store, publish: &Publisher, draw_id: DrawId, msg: SignCommitment) -> Result<Draw, RevealRefused> {
    let Some(mut draw) = store.games.draw(draw_id).ok().flatten() else { return Err(RevealRefused::NotYours) };
    let game = store.games.game(draw.game_id).ok().flatten();
    let commitment = draw.commitment.clone();
    let Some(part) = draw.witness.as_mut().filter(|w| w.witness_id == msg.witness_id) else {
        return Err(RevealRefused::NotYours);
    };
    let Some(public_key) = &part.public_key else { return Err(RevealRefused::NotYours) };
    let message = witness_signature::commit_message(draw_id, &commitment, &part.commitment);
    witness_signature::verify(public_key, &message, &msg.signature).map_err(RevealRefused::BadSignature)?;
    if part.commitment_signature.is_some() {
        // Ed25519 signs deterministically: a valid signature again is a retry.
        return Ok(draw);
    }
    if draw.status != DrawStatus::Scheduled {
        return Err(RevealRefused::SignedTooLate);
    }
    part.commitment_signature = Some(msg.signature);
    if let Err(e) = store.games.put_draw(&draw).and_then(|_| store.flush_blocking()) {
        tracing::error!(draw = draw.id, error = %e, "could not save the witness's signature");
        return Err(RevealRefused::NotSaved);
    }
    publish.publish(Event {
        topic: Topic::Draws,
        kind: EventKind::DrawUpdated,
        data: views::draw(&draw, game.as_ref()),
    });
    Ok(draw)
}

impl Handler<SignCommitment> for DrawActor {
    type Result = Result<Draw, RevealRefused>;

    fn handle(&mut self, msg: SignCommitment, ctx: &mut Context<Self>) -> Self::Result {
        let signed = sign(&self.store, &self.publish, self.draw_id, msg)?;
        // A draw held for want of this signature opens now.
        self.step(ctx);
        Ok(signed)
    }
}

/// The draw's drand round as fetched (`jobs::beacon` in the server): taken only if it is the network's signature on
/// the very round the draw was fixed to before sales.
#[derive(Message)]
#[rtype(result = "Result<Draw, BeaconRefused>")]
pub struct TakeBeacon {
    pub round: u64,
    /// 96 lowercase hex, as drand publishes it.
    pub signature: String,
}

/// Why a fetched round was not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BeaconRefused {
    #[error("This draw is not waiting for a drand round")]
    NotAwaited,
    #[error("Round {got} is not this draw's round, {fixed}")]
    WrongRound { fixed: u64, got: u64 },
    #[error("The draw's tickets root is not published yet: the round is taken after close")]
    TooEarly,
    #[error("{0}")]
    Refused(#[from] ayo_data::lotto::beacon::BeaconError),
    #[error("The draw could not be saved")]
    NotSaved,
}

impl Handler<TakeBeacon> for DrawActor {
    type Result = Result<Draw, BeaconRefused>;

    fn handle(&mut self, msg: TakeBeacon, ctx: &mut Context<Self>) -> Self::Result {
        let taken = take_beacon(&self.store, &self.publish, self.draw_id, msg)?;
        // A draw past its time, waiting only for this round, is drawn now.
        self.step(ctx);
        Ok(taken)
    }
}

/// Takes a closed draw's drand round: it must be the round fixed before sales and carry the network's BLS signature
/// on it (`lotto::beacon::verify_round` against the chain's pinned key); its randomness is then saved with it and
/// published. Done by the draw's actor, or by a cluster node that does not run the draws (the store refuses to write
/// a draw behind its stored status, as for a reveal).
pub fn take_beacon(
    store: &Store,
    publish: &Publisher,
    draw_id: DrawId,
    msg: TakeBeacon,
) -> Result<Draw, BeaconRefused> {
    use ayo_data::lotto::beacon::{verify_round, QUICKNET_PUBLIC_KEY};
    let Some(mut draw) = store.games.draw(draw_id).ok().flatten() else { return Err(BeaconRefused::NotAwaited) };
    let game = store.games.game(draw.game_id).ok().flatten();
    let (status, has_root) = (draw.status, draw.tickets_root.is_some());
    let Some(part) = draw.beacon.as_mut() else { return Err(BeaconRefused::NotAwaited) };
    if msg.round != part.round {
        return Err(BeaconRefused::WrongRound { fixed: part.round, got: msg.round });
    }
    let randomness = hex::encode(verify_round(QUICKNET_PUBLIC_KEY, part.round, &msg.signature)?);
    if part.randomness.is_some() {
        // BLS signatures are unique: a verified signature again is the same round again.
        return Ok(draw);
    }
    match status {
        DrawStatus::Closed if has_root => {}
        DrawStatus::Scheduled | DrawStatus::Open | DrawStatus::Closed => return Err(BeaconRefused::TooEarly),
        _ => return Err(BeaconRefused::NotAwaited),
    }
    part.signature = Some(msg.signature);
    part.randomness = Some(randomness);
    if let Err(e) = store.games.put_draw(&draw).and_then(|_| store.flush_blocking()) {
        tracing::error!(draw = draw.id, error = %e, "could not save the drand round");
        return Err(BeaconRefused::NotSaved);
    }
    publish.publish(Event {
        topic: Topic::Draws,
        kind: EventKind::DrawUpdated,
        data: views::draw(&draw, game.as_ref()),
    });
    Ok(draw)
}

/// Stop: this node no longer runs the draws (its cluster lease was lost); the node that takes over resumes this
/// draw from the store.
#[derive(Message)]
#[rtype(result = "()")]
pub struct StandDown;

impl Handler<StandDown> for DrawActor {
    type Result = ();

    fn handle(&mut self, _: StandDown, ctx: &mut Context<Self>) {
        ctx.stop();
    }
}

impl Handler<OpenNow> for DrawActor {
    type Result = ();

    fn handle(&mut self, _: OpenNow, ctx: &mut Context<Self>) {
        let Some((mut draw, _)) = self.load().filter(|(d, _)| d.status == DrawStatus::Scheduled) else { return };
        draw.opens_at = draw.opens_at.min(Utc::now());
        match self.store.games.put_draw(&draw) {
            Ok(()) => self.step(ctx),
            Err(e) => tracing::error!(draw = draw.id, error = %e, "could not bring the draw's opening forward"),
        }
    }
}
