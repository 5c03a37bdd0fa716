//! The chain of published draw records (docs/fairness.md, "The chain of draws"): each draw whose result is public
//! (drawn, or cancelled after its tickets were fixed) is one record, and links to the record of the previous such draw
//! of the same game by its SHA-256. Anyone who saved one draw's page then holds the hash of every earlier record of
//! that game: rewriting any of them (its commitment and seed together, its tickets root, its balls) breaks the link
//! of the draw after it, so a rewrite must rewrite every later draw too, against every copy saved outside.
//!
//! A draw's record text, fixed when its result is published (docs/fairness.md pins it):
//! `ayo-lotto/record|{id}|{game_id}|{draws_at}|{scheme}|{commitment}|{tickets}|{witness_commitment}|{witness_secret}|{seed}|{outcome}|{numbers}|{machine_numbers}|{prev_draw_id}|{prev_record_hash}`.

use chrono::SecondsFormat;
use sha2::{Digest, Sha256};

use crate::draw::{Draw, DrawId, DrawStatus};
use crate::lotto::Balls;

/// Whether `draw` is a record of the chain: its result (or would-be result) is public.
pub fn in_chain(draw: &Draw) -> bool {
    let fixed = draw.tickets_root.is_some() || draw.tickets_hash.is_some();
    match draw.status {
        DrawStatus::Drawn | DrawStatus::Settled => draw.numbers.is_some(),
        DrawStatus::Cancelled => fixed && draw.revealed_seed().is_some(),
        _ => false,
    }
}

/// The fields of a record, as published: from a stored draw (`Record::of`) or from a draw's public JSON (a verifier).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub id: DrawId,
    pub game_id: u64,
    /// RFC 3339 in UTC with milliseconds and `Z`, as the draw's JSON writes it (`2026-11-27T19:00:00.000Z`).
    pub draws_at: String,
    pub scheme: String,
    pub commitment: String,
    /// `tickets_root` (v2), else `tickets_hash` (v1).
    pub tickets: String,
    pub witness_commitment: Option<String>,
    pub witness_secret: Option<String>,
    pub seed: String,
    /// `drawn`, or `cancelled` (a draw cancelled after close).
    pub outcome: &'static str,
    /// The winning balls, or a cancelled draw's would-be balls.
    pub numbers: Option<Balls>,
    /// A drawn draw's machine numbers (none for a cancelled one).
    pub machine_numbers: Option<Balls>,
    pub prev_draw_id: Option<DrawId>,
    pub prev_record_hash: Option<String>,
}

impl Record {
    /// `draw`'s record, or `None` while it is not (yet) a record of the chain.
    pub fn of(draw: &Draw) -> Option<Record> {
        if !in_chain(draw) {
            return None;
        }
        let cancelled = draw.status == DrawStatus::Cancelled;
        let witness = draw.witness.as_ref();
        Some(Record {
            id: draw.id,
            game_id: draw.game_id,
            draws_at: draw.draws_at.to_rfc3339_opts(SecondsFormat::Millis, true),
            scheme: draw.scheme().to_string(),
            commitment: draw.commitment.clone(),
            tickets: draw.tickets_root.clone().or_else(|| draw.tickets_hash.clone()).unwrap_or_default(),
            witness_commitment: witness.map(|w| w.commitment.clone()),
            witness_secret: witness.and_then(|w| w.secret.clone()),
            seed: draw.revealed_seed().unwrap_or_default(),
            outcome: if cancelled { "cancelled" } else { "drawn" },
            numbers: if cancelled { draw.would_be_numbers } else { draw.numbers },
            machine_numbers: if cancelled { None } else { draw.machine_numbers },
            prev_draw_id: draw.prev_draw_id,
            prev_record_hash: draw.prev_record_hash.clone(),
        })
    }

    /// The exact text hashed: fifteen fields joined by `|`, absent ones empty (docs/fairness.md).
    pub fn text(&self) -> String {
        let balls =
            |b: Option<Balls>| b.map(|b| b.iter().map(u8::to_string).collect::<Vec<_>>().join(",")).unwrap_or_default();
        format!(
            "ayo-lotto/record|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}",
            self.id,
            self.game_id,
            self.draws_at,
            self.scheme,
            self.commitment,
            self.tickets,
            self.witness_commitment.as_deref().unwrap_or_default(),
            self.witness_secret.as_deref().unwrap_or_default(),
            self.seed,
            self.outcome,
            balls(self.numbers),
            balls(self.machine_numbers),
            self.prev_draw_id.map(|id| id.to_string()).unwrap_or_default(),
            self.prev_record_hash.as_deref().unwrap_or_default(),
        )
    }

    /// `hex(SHA-256(text))`.
    pub fn hash(&self) -> String {
        hex::encode(Sha256::digest(self.text().as_bytes()))
    }
}

/// `draw`'s record hash, or `None` while it is not a record of the chain.
pub fn record_hash(draw: &Draw) -> Option<String> {
    Record::of(draw).map(|record| record.hash())
}

/// Links `draw` to the previous record of its game among `others` (any of the game's draws; the latest record
/// with a lower id is taken), just before its own result is published. The first record of a game links to nothing.
pub fn link(draw: &mut Draw, others: &[Draw]) {
    let previous =
        others.iter().filter(|d| d.game_id == draw.game_id && d.id < draw.id && in_chain(d)).max_by_key(|d| d.id);
    draw.prev_draw_id = previous.map(|d| d.id);
    draw.prev_record_hash = previous.and_then(record_hash);
}
