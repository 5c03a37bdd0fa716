//! One draw of a game: its clock, its state, and its provably fair result.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::game::{Game, GameId};
use crate::lotto::{Balls, Seed};

pub type DrawId = u64;

/// scheduled → open → closed → drawn → settled, or cancelled (every ticket refunded).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DrawStatus {
    Scheduled,
    Open,
    Closed,
    Drawn,
    Settled,
    Cancelled,
}

impl DrawStatus {
    pub fn is_finished(self) -> bool {
        matches!(self, DrawStatus::Settled | DrawStatus::Cancelled)
    }
    pub fn as_str(self) -> &'static str {
        match self {
            DrawStatus::Scheduled => "scheduled",
            DrawStatus::Open => "open",
            DrawStatus::Closed => "closed",
            DrawStatus::Drawn => "drawn",
            DrawStatus::Settled => "settled",
            DrawStatus::Cancelled => "cancelled",
        }
    }
    pub fn parse(raw: &str) -> Option<Self> {
        [Self::Scheduled, Self::Open, Self::Closed, Self::Drawn, Self::Settled, Self::Cancelled]
            .into_iter()
            .find(|s| s.as_str() == raw)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Draw {
    pub id: DrawId,
    pub game_id: GameId,
    pub status: DrawStatus,
    pub opens_at: DateTime<Utc>,
    pub closes_at: DateTime<Utc>,
    pub draws_at: DateTime<Utc>,
    /// Secret until the draw: never serialised to clients before `drawn`.
    pub seed: Seed,
    /// SHA-256 of the seed, published from the start.
    pub commitment: String,
    /// Set at close: the hash over the ordered ids of every accepted ticket.
    pub tickets_hash: Option<String>,
    pub ticket_count: u64,
    pub numbers: Option<Balls>,
    pub machine_numbers: Option<Balls>,
    pub drawn_at: Option<DateTime<Utc>>,
    pub settled_at: Option<DateTime<Utc>>,
    pub cancelled_reason: Option<String>,
    /// A draw cancelled after sales closed (the emergency path): the balls it would have drawn, published with its
    /// seed, so a cancellation can never hide a result the operator disliked.
    #[serde(default)]
    pub would_be_numbers: Option<Balls>,
    /// Set when shadow settlement disagreed with the primary: nothing of this draw is paid until an operator has
    /// looked (the first disagreements, for the alert).
    #[serde(default)]
    pub settlement_halted: Option<String>,
}

/// What decides whether a draw takes a ticket: read on every purchase instead of the whole draw.
#[derive(Debug, Clone, Deserialize)]
pub struct DrawSales {
    pub status: DrawStatus,
    pub opens_at: DateTime<Utc>,
    pub closes_at: DateTime<Utc>,
}

impl DrawSales {
    pub fn is_selling(&self, now: DateTime<Utc>) -> bool {
        self.status == DrawStatus::Open && now >= self.opens_at && now < self.closes_at
    }
}

impl Draw {
    /// A new draw of `game` at `draws_at`, selling from `opens_at` until the game's close time, with a fresh seed
    /// whose commitment is public from now on.
    pub fn schedule(id: DrawId, game: &Game, opens_at: DateTime<Utc>, draws_at: DateTime<Utc>) -> Self {
        let seed = Seed::generate();
        Self {
            id,
            game_id: game.id,
            status: DrawStatus::Scheduled,
            opens_at,
            closes_at: draws_at - chrono::Duration::seconds(game.close_before_secs),
            draws_at,
            commitment: seed.commitment(),
            seed,
            tickets_hash: None,
            ticket_count: 0,
            numbers: None,
            machine_numbers: None,
            drawn_at: None,
            settled_at: None,
            cancelled_reason: None,
            would_be_numbers: None,
            settlement_halted: None,
        }
    }

    /// Nothing left to do: settled, or cancelled with every ticket refunded (`settled_at` marks that).
    pub fn is_finished(&self) -> bool {
        self.status.is_finished() && self.settled_at.is_some()
    }

    /// Whether a ticket bought at `now` is on time for this draw.
    pub fn is_selling(&self, now: DateTime<Utc>) -> bool {
        DrawSales { status: self.status, opens_at: self.opens_at, closes_at: self.closes_at }.is_selling(now)
    }

    /// The seed may be shown once the balls are out, or once an emergency cancel has published what they would
    /// have been.
    pub fn revealed_seed(&self) -> Option<String> {
        let out = matches!(self.status, DrawStatus::Drawn | DrawStatus::Settled) || self.would_be_numbers.is_some();
        out.then(|| self.seed.to_hex())
    }

    /// Whether sales are over at `now` (closed, or past its closing time and about to be closed).
    pub fn sales_over(&self, now: DateTime<Utc>) -> bool {
        self.status == DrawStatus::Closed || (self.status == DrawStatus::Open && now >= self.closes_at)
    }
}
