//! Games and their draws: what the scheduler and each draw's actor write, and what the pages, results and receipts
//! read. A draw is written by its DrawActor only.

use chrono::{DateTime, Utc};

use super::listing::{Page, Slice};
use crate::draw::{Draw, DrawId, DrawStatus};
use crate::error::{StoreError, StoreResult};
use crate::game::{Game, GameId};
use crate::lotto::Balls;
use crate::merkle::Hash;
use crate::seal::SeedSealer;
use crate::ticket::TicketId;

/// A page of past draws as `Games::past_draws` reads it: finished and drawn draws from below `before`, that `keep`
/// accepts, up to `limit` of them, reading at most `scan` draws.
#[derive(Clone, Copy)]
pub struct PastDraws<'a> {
    pub before: DrawId,
    pub limit: usize,
    pub scan: usize,
    pub keep: &'a dyn Fn(&Draw) -> bool,
}

pub trait Games: Send + Sync {
    /// A new id for a game or a draw, unique across nodes and never one a ticket or ledger entry has.
    fn next_id(&self) -> StoreResult<u64>;

    fn put_game(&self, game: &Game) -> StoreResult<()>;

    fn game(&self, id: GameId) -> StoreResult<Option<Game>>;

    /// Every game, by id.
    fn games(&self) -> StoreResult<Vec<Game>>;

    /// Saves a draw, overwriting what was there, and keeps the listings true (the unfinished draws are resumed at
    /// start-up). The seed is sealed at rest when the store has a seal key. On PostgreSQL a copy whose status is
    /// behind the stored one (another node moved the draw on meanwhile) is refused, so a stale copy never reopens a
    /// closed draw to sales.
    fn put_draw(&self, draw: &Draw) -> StoreResult<()>;

    fn draw(&self, id: DrawId) -> StoreResult<Option<Draw>>;

    /// Every draw not yet settled or cancelled, by id.
    fn unfinished_draws(&self) -> StoreResult<Vec<Draw>>;

    /// A game's draws, latest draw time first, up to `limit`.
    fn draws_of_game(&self, game: GameId, limit: usize) -> StoreResult<Vec<Draw>>;

    /// A page of the draws, of one game or all, by draw time.
    fn draws_page(&self, game: Option<GameId>, slice: Slice) -> StoreResult<Page<Draw>>;

    /// The draws, of one game or all, latest draw time first, read a few at a time (for filters and searches).
    fn draws_latest_first(&self, game: Option<GameId>) -> Box<dyn Iterator<Item = StoreResult<Draw>> + '_>;

    /// Every draw's id, status and ticket count, by id, read without opening its seed (an audit needs no seal key).
    fn draw_summaries(&self) -> StoreResult<Vec<(DrawId, DrawStatus, u64)>>;

    /// Stores a closed draw's Merkle leaves (ticket id and leaf hash, in id order): what receipts are proved from.
    fn put_leaves(&self, draw: DrawId, leaves: &[(TicketId, Hash)]) -> StoreResult<()>;

    /// A closed draw's Merkle leaves, as `put_leaves` stored them.
    fn leaves(&self, draw: DrawId) -> StoreResult<Option<Vec<(TicketId, Hash)>>>;

    /// Finished and drawn draws, newest (highest id) first, as `query` asks. Also answers where to go on from
    /// (`None` when the start was reached).
    fn past_draws(&self, query: PastDraws<'_>) -> StoreResult<(Vec<Draw>, Option<DrawId>)>;

    /// The winning balls of a game's latest `last` drawn draws, newest first (reading at most `last` + 1000 draws).
    fn recent_results(&self, game: GameId, last: usize) -> StoreResult<Vec<Balls>>;

    /// The latest draw time already scheduled for a game.
    fn last_scheduled(&self, game: GameId) -> StoreResult<Option<DateTime<Utc>>>;

    /// Whether any draw of the game is in a live state (used to pause safely).
    fn has_live_draw(&self, game: GameId) -> StoreResult<bool>;
}

/// Whether `past_draws` lists a draw: drawn, settled or cancelled.
pub(crate) fn is_past(draw: &Draw) -> bool {
    matches!(draw.status, DrawStatus::Drawn | DrawStatus::Settled | DrawStatus::Cancelled)
}

/// A draw's seed as both engines keep it at rest: sealed under `sealer`, or plain hex without one.
pub(crate) fn stored_seed(sealer: Option<&SeedSealer>, draw: &Draw) -> String {
    sealer.map_or_else(|| draw.seed.to_hex(), |sealer| sealer.seal(&draw.seed, draw.id))
}

/// Opens a draw's stored seed in its JSON (`value["seed"]`) in place, when it is sealed. With a seal key, a plain
/// seed of a draw not yet drawn is refused (issue 30): only the seal key makes a seed the server accepts, so someone
/// who can write the database but lacks the key cannot put in a seed of their choosing (and its commitment) before
/// the draw. A drawn or cancelled draw's plain seed is the public record of a store from before sealing.
pub(crate) fn open_seed(sealer: Option<&SeedSealer>, value: &mut serde_json::Value) -> StoreResult<()> {
    let undrawn = matches!(value["status"].as_str(), Some("scheduled" | "open" | "closed"));
    let plain = value["seed"].as_str().is_some_and(|s| !SeedSealer::is_sealed(s));
    if sealer.is_some() && plain && undrawn {
        let detail =
            format!("draw {}: its seed is stored unsealed before the draw (not by this server): refused", value["id"]);
        return Err(StoreError::Corrupt { tree: "draws", detail });
    }
    let unbound = value["seed"].as_str().is_some_and(|s| SeedSealer::is_sealed(s) && !SeedSealer::is_bound(s));
    if undrawn && unbound {
        // Both stores bind every older seed to its draw once, when the key first opens them: one found later was
        // copied in (a sealed seed of a past draw, whose seed is public, put on a draw still to come).
        let detail = format!("draw {}: its seed is sealed without its draw's id before the draw: refused", value["id"]);
        return Err(StoreError::Corrupt { tree: "draws", detail });
    }
    if let Some(sealed) = value["seed"].as_str().filter(|s| SeedSealer::is_sealed(s)) {
        let sealer = sealer.ok_or_else(|| StoreError::Corrupt {
            tree: "draws",
            detail: "a sealed seed, and no seal key (secrets/seed.key or AYO_SEED_KEY)".into(),
        })?;
        let draw = value["id"].as_u64().unwrap_or_default();
        value["seed"] = serde_json::Value::String(sealer.open(sealed, draw)?.to_hex());
    }
    Ok(())
}

/// Bytes of one Merkle leaf at rest: the ticket's id (8 bytes, big-endian) then its leaf hash (32).
const LEAF_ENTRY: usize = 8 + 32;

/// A draw's leaves as both engines keep them: one `LEAF_ENTRY` per ticket, in id order.
pub(crate) fn leaves_blob(leaves: &[(TicketId, Hash)]) -> Vec<u8> {
    let mut blob = Vec::with_capacity(leaves.len() * LEAF_ENTRY);
    for (id, leaf) in leaves {
        blob.extend_from_slice(&id.to_be_bytes());
        blob.extend_from_slice(leaf);
    }
    blob
}

/// The leaves `leaves_blob` wrote, of draw `draw`.
pub(crate) fn leaves_of_blob(draw: DrawId, blob: &[u8]) -> StoreResult<Vec<(TicketId, Hash)>> {
    let corrupt = || StoreError::Corrupt { tree: "draws", detail: format!("the leaves of draw {draw}") };
    if !blob.len().is_multiple_of(LEAF_ENTRY) {
        return Err(corrupt());
    }
    blob.chunks_exact(LEAF_ENTRY)
        .map(|entry| {
            let id = entry[..8].try_into().map(u64::from_be_bytes).map_err(|_| corrupt())?;
            let leaf: Hash = entry[8..].try_into().map_err(|_| corrupt())?;
            Ok((id, leaf))
        })
        .collect()
}
