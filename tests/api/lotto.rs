//! Helpers for games, draws and money in tests: a short-lived draw, a funded player.

use std::time::Duration;

use chrono::Utc;
use serde_json::{json, Value};

use ayo_data::draw::Draw;

use crate::helpers::TestApp;

impl TestApp {
    /// A paused game (so the scheduler adds no draws of its own) with one draw open now that closes and draws
    /// after the given number of milliseconds. The scheduler starts its DrawActor.
    pub async fn quick_draw(&self, close_ms: i64, draw_ms: i64) -> Draw {
        self.quick_draw_with(close_ms, draw_ms, true).await
    }

    /// As `quick_draw`, but answers at once, without waiting for it to open: its witness (a real `ayo witness`)
    /// has yet to sign it.
    pub async fn quick_draw_held(&self, close_ms: i64, draw_ms: i64) -> Draw {
        self.quick_draw_scheduled(close_ms, draw_ms, false).await
    }

    /// As `quick_draw`, but the fixture witness (when it is the one) never reveals: the draw's result stays
    /// unknowable, and it is cancelled at its draw time unless something else happens first.
    pub async fn quick_draw_unrevealed(&self, close_ms: i64, draw_ms: i64) -> Draw {
        self.quick_draw_with(close_ms, draw_ms, false).await
    }

    async fn quick_draw_with(&self, close_ms: i64, draw_ms: i64, reveal: bool) -> Draw {
        let draw = self.quick_draw_scheduled(close_ms, draw_ms, reveal).await;
        // The actor opens it on its first step.
        self.wait_for_draw(draw.id, |d| d["status"] != "scheduled").await;
        draw
    }

    async fn quick_draw_scheduled(&self, close_ms: i64, draw_ms: i64, reveal: bool) -> Draw {
        let store = &self.store;
        let game = crate::offline::paused_game(store, &format!("test-{}", store.games.next_id().unwrap()), 0);
        self.witnessed_draw_of(&game, close_ms, draw_ms, reveal).await
    }

    /// As `quick_draw`, for a game of the test's own: a game's next draw, witnessed as the scheduler would have it.
    pub async fn quick_draw_of(&self, game: &ayo_data::game::Game, close_ms: i64, draw_ms: i64) -> Draw {
        let draw = self.witnessed_draw_of(game, close_ms, draw_ms, true).await;
        self.wait_for_draw(draw.id, |d| d["status"] != "scheduled").await;
        draw
    }

    async fn witnessed_draw_of(&self, game: &ayo_data::game::Game, close_ms: i64, draw_ms: i64, reveal: bool) -> Draw {
        let store = &self.store;
        let now = Utc::now();
        let mut draw =
            Draw::schedule(store.games.next_id().unwrap(), game, now, now + chrono::Duration::milliseconds(draw_ms));
        draw.closes_at = now + chrono::Duration::milliseconds(close_ms);
        // As the scheduler does: the next witness's commitment, if any has pooled one, signed by a test witness.
        // With none pooled, the fixture witness commits, signs and reveals, so the draw is sold and drawn (no draw
        // is sold without a witness).
        draw.witness = ayo_actors::witness_turn::take_next(store, None).unwrap();
        let fixture = draw.witness.is_none().then(|| format!("fixture-{}", draw.id));
        if let Some(label) = &fixture {
            crate::witness_helpers::fixture_commitment(store, label);
            draw.witness = ayo_actors::witness_turn::take_next(store, None).unwrap();
        }
        crate::witness_helpers::sign_commitment(store, &mut draw);
        store.games.put_draw(&draw).unwrap();
        if let Some(label) = fixture.as_ref().filter(|_| reveal) {
            self.reveal_when_closed(draw.id, label);
        }
        self.engine.scheduler.send(ayo_actors::scheduler::Refresh).await.unwrap();
        draw
    }

    /// Polls a draw until `done` holds (at most 20 s), returning it.
    pub async fn wait_for_draw(&self, id: u64, done: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..400 {
            let draw = self.get(&format!("/draws/{id}"), None).await.body["data"].clone();
            if done(&draw) {
                return draw;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("draw {id} did not reach the expected state");
    }

    /// Credits a player's wallet through the admin adjustment API; returns the new balance.
    pub async fn fund(&self, admin: &str, player_token: &str, kobo: i64) -> i64 {
        let id = self.get("/auth/profiles", Some(player_token)).await.body["data"]["id"].as_u64().unwrap();
        let reply = self
            .post(
                &format!("/admin/users/{id}/adjust"),
                json!({"amount": kobo, "reason": "test funding", "idempotency_key": crate::helpers::fresh_key()}),
                Some(admin),
            )
            .await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        reply.body["data"]["balance"].as_i64().unwrap()
    }

    /// Funds the player and buys a ₦50 NAP1 ticket on each of the 90 numbers of `draw`: exactly one wins (40×).
    pub async fn buy_every_number(&self, admin: &str, player: &str, draw: u64) {
        self.fund(admin, player, 90 * 5_000).await;
        for n in 1..=90u8 {
            let bought = self.buy(player, nap1(draw, n, 5_000, &format!("n{n}"))).await;
            assert_eq!(bought.status, 201, "{:?}", bought.body);
        }
    }

    pub async fn buy(&self, token: &str, body: Value) -> crate::helpers::Reply {
        self.post("/tickets/create", body, Some(token)).await
    }

    pub async fn balance(&self, token: &str) -> i64 {
        self.get("/auth/profiles", Some(token)).await.body["data"]["relationships"]["wallet"]["balance"]
            .as_i64()
            .unwrap()
    }
}

pub fn nap1(draw: u64, number: u8, stake: i64, key: &str) -> Value {
    json!({"draw_id": draw, "bet_type": "NAP1", "numbers": [number], "stake_per_line": stake, "idempotency_key": key})
}
